#include "report_dialog.h"

#include "file_dialogs.h"
#include "session_runs_model.h"

#include "store/session.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <set>

namespace vantage::gui {

namespace {

// A form row whose field is a layout gets no buddy from QFormLayout: without one, the label
// would show its '&' instead of underlining the mnemonic.
QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

QString ReportDialog::filters()
{
    return tr("HTML report (*.html);;PDF report (*.pdf);;CSV and JSON, zipped (*.zip);;CSV and JSON folder (*)");
}

ReportDialog::ReportDialog(
    const store::Session& session, const std::vector<qint64>& browserSelection, const QString& folder, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("reportDialog"));
    setWindowTitle(tr("Export Report"));
    m_title = new QLineEdit(QString::fromStdString(session.title()), this);
    m_title->setObjectName(QStringLiteral("reportTitle"));

    m_runs = new QListWidget(this);
    m_runs->setObjectName(QStringLiteral("reportRuns"));
    for (const auto& r : session.runs()) {
        auto* item = new QListWidgetItem(
            QStringLiteral("#%1 %2 · %3 · %4 (%5)")
                .arg(r.id)
                .arg(SessionRunsModel::engineTitle(QString::fromUtf8(vantage::enumName(r.engine).data())),
                    SessionRunsModel::kindTitle(r.kind), QString::fromStdString(r.name),
                    SessionRunsModel::statusTitle(r.status)),
            m_runs);
        item->setData(Qt::UserRole, QVariant::fromValue<qlonglong>(r.id));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    auto* all = new QPushButton(tr("All"), this);
    auto* none = new QPushButton(tr("None"), this);
    auto* selected = new QPushButton(tr("Selected in the Browser"), this);
    selected->setObjectName(QStringLiteral("reportBrowserSelection"));
    selected->setEnabled(!browserSelection.empty());
    connect(all, &QPushButton::clicked, this, [this] {
        for (int i = 0; i < m_runs->count(); ++i)
            m_runs->item(i)->setCheckState(Qt::Checked);
    });
    connect(none, &QPushButton::clicked, this, [this] { checkOnly({}); });
    connect(selected, &QPushButton::clicked, this, [this, browserSelection] { checkOnly(browserSelection); });
    connect(m_runs, &QListWidget::itemChanged, this, &ReportDialog::update);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("reportCount"));
    auto* runButtons = new QHBoxLayout;
    runButtons->addWidget(all);
    runButtons->addWidget(none);
    runButtons->addWidget(selected);
    runButtons->addStretch(1);
    runButtons->addWidget(m_count);

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("reportFormat"));
    m_format->addItems(filters().split(QStringLiteral(";;")));
    m_path
        = new QLineEdit(QDir(folder).filePath(QString::fromStdString(session.title()) + QStringLiteral(".html")), this);
    m_path->setObjectName(QStringLiteral("reportPath"));
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    connect(browseButton, &QPushButton::clicked, this, &ReportDialog::browse);
    // The name follows the format; a name typed with another format's suffix chooses that format.
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        QString path = m_path->text();
        if (filterSuffix(chosenFilter()).isEmpty()) {
            // A folder: the name loses the suffix of the format it had ("Study.html" -> "Study").
            for (const QString& f : filters().split(QStringLiteral(";;"))) {
                const QString other = filterSuffix(f);
                if (!other.isEmpty() && path.endsWith(QLatin1Char('.') + other, Qt::CaseInsensitive))
                    path.chop(other.size() + 1);
            }
        }
        m_path->setText(withFilterSuffix(path, chosenFilter(), filters()));
        update();
    });
    connect(m_path, &QLineEdit::textEdited, this, [this](const QString& text) {
        const QStringList all = filters().split(QStringLiteral(";;"));
        for (int i = 0; i < all.size(); ++i) {
            const QString s = filterSuffix(all[i]);
            if (!s.isEmpty() && text.endsWith(QLatin1Char('.') + s, Qt::CaseInsensitive)
                && i != m_format->currentIndex()) {
                const QSignalBlocker block(m_format);
                m_format->setCurrentIndex(i);
            }
        }
        update();
    });
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* form = new QFormLayout;
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(buddyLabel(tr("F&ile:"), m_path, this), pathRow);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Runs in the report:"), this));
    layout->addWidget(m_runs, 1);
    layout->addLayout(runButtons);
    layout->addWidget(m_buttons);
    resize(640, 480);
    update();
}

QString ReportDialog::chosenFilter() const
{
    return filters().split(QStringLiteral(";;")).value(m_format->currentIndex());
}

QString ReportDialog::title() const
{
    return m_title->text().trimmed();
}

std::vector<qint64> ReportDialog::runIds() const
{
    std::vector<qint64> out;
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked)
            out.push_back(m_runs->item(i)->data(Qt::UserRole).toLongLong());
    return out;
}

QString ReportDialog::path() const
{
    return withFilterSuffix(m_path->text().trimmed(), chosenFilter(), filters());
}

void ReportDialog::setTitle(const QString& title)
{
    m_title->setText(title);
}

void ReportDialog::checkOnly(const std::vector<qint64>& runIds)
{
    const std::set<qint64> keep(runIds.begin(), runIds.end());
    for (int i = 0; i < m_runs->count(); ++i)
        m_runs->item(i)->setCheckState(
            keep.contains(m_runs->item(i)->data(Qt::UserRole).toLongLong()) ? Qt::Checked : Qt::Unchecked);
}

void ReportDialog::setFormat(int index)
{
    m_format->setCurrentIndex(index);
}

void ReportDialog::setPath(const QString& path)
{
    m_path->setText(path);
    Q_EMIT m_path->textEdited(path);
}

void ReportDialog::browse()
{
    QString chosen;
    const QString path = getSaveFileName(this, tr("Export Report"), m_path->text(), filters(), &chosen);
    if (path.isEmpty())
        return;
    const int index = filters().split(QStringLiteral(";;")).indexOf(chosen);
    if (index >= 0)
        m_format->setCurrentIndex(index);
    m_path->setText(path);
    update();
}

void ReportDialog::update()
{
    const auto n = runIds().size();
    m_count->setText(tr("%1 of %2 runs").arg(n).arg(m_runs->count()));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(n > 0 && !m_path->text().trimmed().isEmpty());
}

} // namespace vantage::gui
