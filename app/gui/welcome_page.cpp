#include "welcome_page.h"

#include "number_format.h"
#include "session_runs_model.h"
#include "store/session.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QUrl>
#include <QVBoxLayout>

#include <map>

namespace vantage::gui {

namespace {

QLabel* heading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont f = label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    label->setFont(f);
    return label;
}

QLabel* richText(const QString& objectName, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextBrowserInteraction);
    label->setOpenExternalLinks(false);
    return label;
}

} // namespace

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
{
    auto* content = new QWidget(this);
    m_title = new QLabel(content);
    m_title->setObjectName(QStringLiteral("welcomeTitle"));
    QFont f = m_title->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    m_title->setFont(f);
    m_title->setWordWrap(true);
    m_details = richText(QStringLiteral("welcomeDetails"), content);

    auto* newButton = new QPushButton(tr("New Session…"), content);
    newButton->setObjectName(QStringLiteral("welcomeNew"));
    auto* openButton = new QPushButton(tr("Open Session…"), content);
    openButton->setObjectName(QStringLiteral("welcomeOpen"));
    auto* demoButton = new QPushButton(tr("Open the Demo Session"), content);
    demoButton->setObjectName(QStringLiteral("welcomeDemo"));
    demoButton->setToolTip(tr("A session with a run of every engine, made on first use"));
    connect(newButton, &QPushButton::clicked, this, &WelcomePage::newRequested);
    connect(openButton, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(demoButton, &QPushButton::clicked, this, &WelcomePage::demoRequested);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(newButton);
    buttons->addWidget(openButton);
    buttons->addWidget(demoButton);
    buttons->addStretch(1);

    m_recent = new QListWidget(content);
    m_recent->setObjectName(QStringLiteral("welcomeRecent"));
    m_recent->setMaximumHeight(m_recent->fontMetrics().height() * 9);
    m_recent->setTextElideMode(Qt::ElideMiddle);
    connect(m_recent, &QListWidget::itemActivated, this,
        [this](QListWidgetItem* item) { Q_EMIT sessionRequested(item->data(Qt::UserRole).toString()); });
    m_recentEmpty = new QLabel(tr("No recent sessions yet."), content);
    m_steps = richText(QStringLiteral("welcomeSteps"), content);
    m_docs = richText(QStringLiteral("welcomeDocs"), content);
    connect(m_steps, &QLabel::linkActivated, this, &WelcomePage::openLink);
    connect(m_docs, &QLabel::linkActivated, this, &WelcomePage::openLink);
    connect(m_details, &QLabel::linkActivated, this, &WelcomePage::openLink);

    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(24, 24, 24, 24);
    layout->addWidget(m_title);
    layout->addWidget(m_details);
    layout->addSpacing(8);
    layout->addLayout(buttons);
    layout->addSpacing(12);
    layout->addWidget(heading(tr("Recent sessions"), content));
    layout->addWidget(m_recent);
    layout->addWidget(m_recentEmpty);
    layout->addSpacing(12);
    layout->addWidget(heading(tr("First steps"), content));
    layout->addWidget(m_steps);
    layout->addSpacing(12);
    layout->addWidget(heading(tr("Documentation"), content));
    layout->addWidget(m_docs);
    layout->addStretch(1);

    // A small window scrolls the page instead of squeezing it.
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("welcomeScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    setRecentFiles({});
    updateSteps();
    refresh();
}

void WelcomePage::setSession(store::Session* session, bool untitled)
{
    m_session = session;
    m_untitled = untitled;
    refresh();
}

void WelcomePage::setEngines(const std::vector<std::pair<QString, QString>>& engines)
{
    m_engines = engines;
    updateSteps();
}

void WelcomePage::setRecentFiles(const QStringList& recent, const QStringList& leftOver)
{
    m_recent->clear();
    for (const QString& path : leftOver) {
        const QFileInfo info(path);
        auto* item = new QListWidgetItem(
            tr("Unsaved work from %1").arg(QLocale().toString(info.lastModified(), QLocale::ShortFormat)), m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(tr("Left by an earlier start that did not end normally: open it to save it or to discard it"));
        QFont f = item->font();
        f.setItalic(true);
        item->setFont(f);
    }
    for (const QString& path : recent) {
        const QFileInfo info(path);
        auto* item = new QListWidgetItem(
            tr("%1 — %2").arg(info.completeBaseName(), QDir::toNativeSeparators(info.absolutePath())), m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(QDir::toNativeSeparators(path));
        if (!info.exists())
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
    }
    m_recent->setVisible(m_recent->count() > 0);
    m_recentEmpty->setVisible(m_recent->count() == 0);
}

void WelcomePage::updateSteps()
{
    // One step per engine of this build, each naming its page as a link.
    const std::map<QString, QString> texts{
        { QStringLiteral("ft"),
            tr("<b>Split a model over devices</b> on <a href='page:ft'>%1</a>: pick a model (or an op graph "
               "exported from PyTorch) and a cluster, press Search, click a point of a frontier to see its "
               "strategy, and export it.") },
        { QStringLiteral("edl"),
            tr("<b>Train with workers that come and go</b> on <a href='page:edl'>%1</a>: start a job, then add or "
               "remove workers while it trains; the job goes on if you close the window.") },
        { QStringLiteral("dgi"),
            tr("<b>Evaluate a GNN layer by layer</b> on <a href='page:dgi'>%1</a>: choose a graph and a model (a "
               "built-in one or your TorchScript file), see how it is cut into layers, and compare with node-wise "
               "evaluation.") },
        { QStringLiteral("ppac"),
            tr("<b>Debias a recommender</b> on <a href='page:ppac'>%1</a>: load a dataset, train, then move the "
               "sliders and see how popularity bias changes, user by user.") },
    };
    QString html = QStringLiteral("<ol>");
    for (const auto& [id, title] : m_engines)
        if (auto it = texts.find(id); it != texts.end())
            html += QStringLiteral("<li>") + it->second.arg(title.toHtmlEscaped()) + QStringLiteral("</li>");
    html += QStringLiteral("</ol><p>")
        + tr("Every run is kept in the session file. File › Export Report writes the runs as HTML, PDF or CSV. "
             "Drop a session (.vantage), an op graph (.json) or a TorchScript model (.pt) onto the window to open "
             "it.")
        + QStringLiteral("</p>");
    m_steps->setText(html);

    const QString docs = docsFolder();
    if (docs.isEmpty()) {
        m_docs->setText(tr("The guides are in the <code>docs/</code> folder of Vantage's source: ft.md, edl.md, "
                           "dgi.md and ppac.md."));
        return;
    }
    QStringList links;
    const std::pair<const char*, QString> guides[] = { { "ft.md", tr("Parallelization frontiers (FT)") },
        { "edl.md", tr("Elastic training (EDL)") }, { "dgi.md", tr("Layer-wise GNN evaluation (DGI)") },
        { "ppac.md", tr("Debiased recommendation (PPAC)") } };
    for (const auto& [file, title] : guides)
        if (QFileInfo::exists(QDir(docs).filePath(QLatin1String(file))))
            links << QStringLiteral("<a href='doc:%1'>%2</a>").arg(QLatin1String(file), title.toHtmlEscaped());
    m_docs->setText(links.join(QStringLiteral(" · ")) + QStringLiteral("<br>")
        + tr("All guides: <a href='doc:'>%1</a>").arg(QDir::toNativeSeparators(docs).toHtmlEscaped()));
}

QString WelcomePage::docsFolder()
{
    QStringList candidates;
    if (qEnvironmentVariableIsSet("VANTAGE_DOCS"))
        candidates << qEnvironmentVariable("VANTAGE_DOCS");
    const QString app = QCoreApplication::applicationDirPath();
    candidates << QDir(app).filePath(QStringLiteral("../share/doc/vantage"));
#ifdef VANTAGE_SOURCE_DOCS
    candidates << QStringLiteral(VANTAGE_SOURCE_DOCS);
#endif
    for (const QString& c : candidates)
        if (QFileInfo::exists(QDir(c).filePath(QStringLiteral("ft.md"))))
            return QDir::cleanPath(QDir(c).absolutePath());
    return {};
}

void WelcomePage::openLink(const QString& link)
{
    if (link.startsWith(QLatin1String("page:"))) {
        Q_EMIT pageRequested(link.mid(5));
    } else if (link.startsWith(QLatin1String("doc:"))) {
        const QString docs = docsFolder();
        if (!docs.isEmpty())
            QDesktopServices::openUrl(QUrl::fromLocalFile(QDir(docs).filePath(link.mid(4))));
    }
}

QString WelcomePage::sessionSummary() const
{
    std::map<std::string, std::map<store::RunStatus, int>> counts; // by engine name
    std::size_t total = 0;
    try {
        for (const auto& r : m_session->runs()) {
            ++counts[std::string(vantage::enumName(r.engine))][r.status];
            ++total;
        }
    } catch (const std::exception& e) {
        return tr("Cannot read the session: %1").arg(QString::fromUtf8(e.what()).toHtmlEscaped());
    }
    QString html = m_untitled
        ? tr("<p>This session has no file name yet: its runs are kept until you quit, and you are asked whether "
             "to save them. File › Save As names it.</p>")
        : tr("<p>File: <code>%1</code></p>").arg(QString::fromStdString(m_session->path().string()).toHtmlEscaped());
    if (total == 0)
        return html + tr("<p>This session has no runs yet. Pick an engine's tab above to start one.</p>");
    html += QStringLiteral("<table cellspacing='6'>");
    for (const auto& [engine, byStatus] : counts) {
        QStringList parts;
        for (const auto& [status, n] : byStatus)
            parts << QStringLiteral("%1 %2").arg(formatCount(n), SessionRunsModel::statusTitle(status));
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(SessionRunsModel::engineTitle(QString::fromStdString(engine)).toHtmlEscaped(),
                        parts.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

void WelcomePage::refresh()
{
    if (!m_session) {
        m_title->setText(tr("Welcome to Vantage"));
        m_details->setText(tr("A session is one file (*.vantage) that keeps every run: its inputs, results, "
                              "charts and exports. Create one, open one, or start on an engine's tab: the work "
                              "is kept in an untitled session until you save it."));
        return;
    }
    m_title->setText(m_untitled ? tr("Untitled session") : QString::fromStdString(m_session->title()));
    m_details->setText(sessionSummary());
}

} // namespace vantage::gui
