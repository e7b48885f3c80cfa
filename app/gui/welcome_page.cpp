#include "welcome_page.h"

#include "session_runs_model.h"
#include "store/session.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <map>

namespace vantage::gui {

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("welcomeTitle"));
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    m_title->setFont(f);
    m_title->setWordWrap(true);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("welcomeDetails"));
    m_details->setTextFormat(Qt::RichText);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* newButton = new QPushButton(tr("New Session…"), this);
    auto* openButton = new QPushButton(tr("Open Session…"), this);
    connect(newButton, &QPushButton::clicked, this, &WelcomePage::newRequested);
    connect(openButton, &QPushButton::clicked, this, &WelcomePage::openRequested);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(newButton);
    buttons->addWidget(openButton);
    buttons->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
    layout->addSpacing(12);
    layout->addLayout(buttons);
    layout->addStretch(1);
    refresh();
}

void WelcomePage::setSession(store::Session* session)
{
    m_session = session;
    refresh();
}

void WelcomePage::refresh()
{
    if (!m_session) {
        m_title->setText(tr("No session open"));
        m_details->setText(tr("A session is one file (*.vantage) that keeps every run: its inputs, results, "
                              "charts and exports. Create one or open an existing one to start."));
        return;
    }
    m_title->setText(QString::fromStdString(m_session->title()));
    std::map<std::string, std::map<store::RunStatus, int>> counts; // by engine name
    std::size_t total = 0;
    try {
        for (const auto& r : m_session->runs()) {
            ++counts[std::string(store::engineName(r.engine))][r.status];
            ++total;
        }
    } catch (const std::exception& e) {
        m_details->setText(tr("Cannot read the session: %1").arg(QString::fromUtf8(e.what()).toHtmlEscaped()));
        return;
    }
    QString html
        = tr("<p>File: <code>%1</code></p>").arg(QString::fromStdString(m_session->path().string()).toHtmlEscaped());
    if (total == 0) {
        html += tr("<p>This session has no runs yet. Pick an engine's tab above to start one.</p>");
    } else {
        html += QStringLiteral("<table cellspacing='6'>");
        for (const auto& [engine, byStatus] : counts) {
            QStringList parts;
            for (const auto& [status, n] : byStatus)
                parts << QStringLiteral("%1 %2").arg(QLocale().toString(n), SessionRunsModel::statusTitle(status));
            html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                        .arg(SessionRunsModel::engineTitle(QString::fromStdString(engine)).toHtmlEscaped(),
                            parts.join(QStringLiteral(", ")).toHtmlEscaped());
        }
        html += QStringLiteral("</table>");
    }
    m_details->setText(html);
}

} // namespace vantage::gui
