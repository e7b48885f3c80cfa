#include "session_browser.h"

#include "session_runs_model.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace vantage::gui {

namespace {

// Accepts a row when engine, status and text (any column) all match.
class RunFilter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QString engine;
    QString status;
    QString text;
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        const QModelIndex first = sourceModel()->index(row, 0, parent);
        if (!engine.isEmpty() && first.data(SessionRunsModel::EngineRole).toString() != engine)
            return false;
        if (!status.isEmpty() && first.data(SessionRunsModel::StatusRole).toString() != status)
            return false;
        if (text.isEmpty())
            return true;
        for (int c = 0; c < sourceModel()->columnCount(parent); ++c)
            if (sourceModel()->index(row, c, parent).data().toString().contains(text, Qt::CaseInsensitive))
                return true;
        return false;
    }
};

} // namespace

SessionBrowser::SessionBrowser(SessionRunsModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
{
    auto* proxy = new RunFilter(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::EditRole);
    m_proxy = proxy;

    m_engine = new QComboBox(this);
    m_engine->setObjectName(QStringLiteral("engineFilter"));
    m_engine->addItem(tr("All engines"), QString());
    for (const char* e : { "ft", "edl", "dgi", "ppac" })
        m_engine->addItem(SessionRunsModel::engineTitle(QString::fromLatin1(e)), QString::fromLatin1(e));
    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->addItem(tr("Any status"), QString());
    for (auto s :
        { store::RunStatus::Running, store::RunStatus::Done, store::RunStatus::Failed, store::RunStatus::Cancelled })
        m_status->addItem(SessionRunsModel::statusTitle(s), QString::fromUtf8(vantage::enumName(s).data()));
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("runSearch"));
    m_search->setPlaceholderText(tr("Search runs"));
    m_search->setClearButtonEnabled(true);
    // The filters give way in a narrow dock (their lists show the whole entries).
    for (auto* combo : { m_engine, m_status }) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
    }
    m_search->setMinimumWidth(m_search->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 8);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("runsView"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(SessionRunsModel::Id, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(SessionRunsModel::Result, QHeaderView::Stretch);
    m_count = new QLabel(this);

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_engine);
    filters->addWidget(m_status);
    filters->addWidget(m_search, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_count);

    connect(m_engine, &QComboBox::currentIndexChanged, this, &SessionBrowser::applyFilter);
    connect(m_status, &QComboBox::currentIndexChanged, this, &SessionBrowser::applyFilter);
    connect(m_search, &QLineEdit::textChanged, this, &SessionBrowser::applyFilter);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &SessionBrowser::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &SessionBrowser::updateCount);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& index) {
        const QModelIndex first = index.siblingAtColumn(0);
        Q_EMIT runActivated(
            first.data(SessionRunsModel::RunIdRole).toLongLong(), first.data(SessionRunsModel::EngineRole).toString());
    });
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &SessionBrowser::showContextMenu);
    m_view->installEventFilter(this);
    updateCount();
}

std::vector<qint64> SessionBrowser::selectedRunIds() const
{
    std::vector<qint64> ids;
    for (const auto& row : m_view->selectionModel()->selectedRows())
        ids.push_back(row.data(SessionRunsModel::RunIdRole).toLongLong());
    return ids;
}

void SessionBrowser::showContextMenu(const QPoint& pos)
{
    const QModelIndex at = m_view->indexAt(pos);
    if (!at.isValid())
        return;
    if (!m_view->selectionModel()->isRowSelected(at.row(), {}))
        m_view->selectRow(at.row());
    const auto ids = selectedRunIds();
    const qint64 id = at.siblingAtColumn(0).data(SessionRunsModel::RunIdRole).toLongLong();
    const QString engine = at.siblingAtColumn(0).data(SessionRunsModel::EngineRole).toString();
    QMenu menu(this);
    menu.addAction(tr("Show"), this, [this, id, engine] { Q_EMIT runActivated(id, engine); });
    menu.addSeparator();
    auto* rename = menu.addAction(tr("Rename…"), this, [this, id] { Q_EMIT renameRequested(id); });
    auto* tags = menu.addAction(tr("Tags…"), this, [this, id] { Q_EMIT tagsRequested(id); });
    rename->setEnabled(ids.size() == 1);
    tags->setEnabled(ids.size() == 1);
    auto* compare = menu.addAction(tr("Compare"), this, [this, ids] { Q_EMIT compareRequested(ids); });
    compare->setEnabled(ids.size() >= 2);
    menu.addAction(tr("Delete %n Run(s)", nullptr, static_cast<int>(ids.size())), this,
        [this, ids] { Q_EMIT deleteRequested(ids); });
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

bool SessionBrowser::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Delete) || key->key() == Qt::Key_Backspace) {
            const auto ids = selectedRunIds();
            if (!ids.empty())
                Q_EMIT deleteRequested(ids);
            return true;
        }
        if (key->key() == Qt::Key_F2 && selectedRunIds().size() == 1) {
            Q_EMIT renameRequested(selectedRunIds().front());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

std::int64_t SessionBrowser::selectedRunId() const
{
    const auto rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? 0 : rows.first().data(SessionRunsModel::RunIdRole).toLongLong();
}

void SessionBrowser::applyFilter()
{
    auto* f = static_cast<RunFilter*>(m_proxy);
    f->engine = m_engine->currentData().toString();
    f->status = m_status->currentData().toString();
    f->text = m_search->text().trimmed();
    f->refilter();
    updateCount();
}

void SessionBrowser::updateCount()
{
    const int shown = m_proxy->rowCount();
    const int all = m_model->rowCount();
    m_count->setText(shown == all ? tr("%n run(s)", nullptr, all) : tr("%1 of %n run(s)", nullptr, all).arg(shown));
}

} // namespace vantage::gui
