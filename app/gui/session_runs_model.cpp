#include "session_runs_model.h"

#include "number_format.h"

#include <QColor>
#include <QDateTime>
#include <QLocale>

namespace vantage::gui {

SessionRunsModel::SessionRunsModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void SessionRunsModel::setSession(store::Session* session)
{
    m_session = session;
    m_seenVersion = -1;
    reload();
}

void SessionRunsModel::reload()
{
    beginResetModel();
    m_runs.clear();
    if (m_session) {
        try {
            m_runs = m_session->runs();
            m_seenVersion = m_session->externalChangeCounter();
        } catch (const std::exception& e) {
            Q_EMIT loadFailed(QString::fromUtf8(e.what()));
        }
    }
    endResetModel();
}

void SessionRunsModel::refreshIfChanged()
{
    if (!m_session)
        return;
    try {
        if (m_session->externalChangeCounter() != m_seenVersion)
            reload();
    } catch (const std::exception&) {
        // The file went away or is locked for a moment; try again on the next tick.
    }
}

const store::RunInfo* SessionRunsModel::runAt(int row) const
{
    return row >= 0 && row < static_cast<int>(m_runs.size()) ? &m_runs[static_cast<std::size_t>(row)] : nullptr;
}

int SessionRunsModel::rowOfRun(std::int64_t runId) const
{
    for (std::size_t i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].id == runId)
            return static_cast<int>(i);
    return -1;
}

int SessionRunsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int SessionRunsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SessionRunsModel::engineTitle(const QString& engine)
{
    if (engine == QLatin1String("ft"))
        return tr("Frontier");
    if (engine == QLatin1String("edl"))
        return tr("Elastic training");
    if (engine == QLatin1String("dgi"))
        return tr("GNN evaluation");
    if (engine == QLatin1String("ppac"))
        return tr("Recommendation");
    return engine;
}

QString SessionRunsModel::kindTitle(store::RunKind kind)
{
    switch (kind) {
    case store::RunKind::Search:
        return tr("search");
    case store::RunKind::Frontier:
        return tr("frontier");
    case store::RunKind::Pick:
        return tr("pick");
    case store::RunKind::Export:
        return tr("export");
    case store::RunKind::Train:
        return tr("train");
    case store::RunKind::Generate:
        return tr("generate");
    case store::RunKind::Partition:
        return tr("partition");
    case store::RunKind::Evaluate:
        return tr("evaluate");
    case store::RunKind::Similar:
        return tr("similar");
    case store::RunKind::Rerank:
        return tr("re-rank");
    case store::RunKind::Knobs:
        return tr("knobs");
    case store::RunKind::Calibrate:
        return tr("calibrate");
    case store::RunKind::Execute:
        return tr("run strategy");
    case store::RunKind::Validate:
        return tr("validate");
    case store::RunKind::Unknown:
        break;
    }
    return tr("unknown");
}

QString SessionRunsModel::statusTitle(store::RunStatus status)
{
    switch (status) {
    case store::RunStatus::Queued:
        return tr("queued");
    case store::RunStatus::Running:
        return tr("running");
    case store::RunStatus::Done:
        return tr("done");
    case store::RunStatus::Failed:
        return tr("failed");
    case store::RunStatus::Cancelled:
        return tr("cancelled");
    }
    return {};
}

namespace {
QString localTime(const std::string& iso)
{
    if (iso.empty())
        return {};
    const auto t = QDateTime::fromString(QString::fromStdString(iso), Qt::ISODateWithMs);
    return t.isValid() ? QLocale().toString(t.toLocalTime(), QLocale::ShortFormat) : QString::fromStdString(iso);
}

QString duration(double s)
{
    if (s <= 0)
        return {};
    if (s < 1.0)
        return SessionRunsModel::tr("%1 ms").arg(QLocale().toString(s * 1000.0, 'f', 0));
    if (s < 120.0)
        return SessionRunsModel::tr("%1 s").arg(QLocale().toString(s, 'f', 1));
    return SessionRunsModel::tr("%1 min").arg(QLocale().toString(s / 60.0, 'f', 1));
}
} // namespace

QVariant SessionRunsModel::data(const QModelIndex& index, int role) const
{
    const auto* r = runAt(index.row());
    if (!r)
        return {};
    switch (role) {
    case RunIdRole:
        return QVariant::fromValue<qlonglong>(r->id);
    case EngineRole:
        return QString::fromUtf8(vantage::enumName(r->engine).data());
    case StatusRole:
        return QString::fromUtf8(vantage::enumName(r->status).data());
    case Qt::DisplayRole:
        switch (index.column()) {
        case Id:
            return QVariant::fromValue<qlonglong>(r->id);
        case Engine:
            return engineTitle(QString::fromUtf8(vantage::enumName(r->engine).data()));
        case Kind:
            return kindTitle(r->kind);
        case Name:
            return QString::fromStdString(r->name);
        case Tags: {
            QStringList tags;
            for (const auto& t : r->tags)
                tags << QString::fromStdString(t);
            return tags.join(QStringLiteral(", "));
        }
        case Status:
            return statusTitle(r->status);
        case Started:
            return localTime(r->startedAt.empty() ? r->createdAt : r->startedAt);
        case Duration:
            return duration(r->durationS);
        case Result:
            // Core's summaries are English with C decimals: their decimals follow the locale here.
            return r->status == store::RunStatus::Failed ? QString::fromStdString(r->error)
                                                         : localizeNumbers(QString::fromStdString(r->summary));
        }
        break;
    case Qt::EditRole: // sort keys
        switch (index.column()) {
        case Id:
            return QVariant::fromValue<qlonglong>(r->id);
        case Started:
            return QString::fromStdString(r->startedAt.empty() ? r->createdAt : r->startedAt);
        case Duration:
            return r->durationS;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (r->status == store::RunStatus::Failed)
            return QString::fromStdString(r->error);
        return localizeNumbers(QString::fromStdString(r->summary));
    case Qt::ForegroundRole:
        if (index.column() == Status && r->status == store::RunStatus::Failed)
            return QColor(0xc0, 0x39, 0x2b);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Id || index.column() == Duration)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    default:
        break;
    }
    return {};
}

QVariant SessionRunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("#");
    case Engine:
        return tr("Engine");
    case Kind:
        return tr("Kind");
    case Name:
        return tr("Name");
    case Tags:
        return tr("Tags");
    case Status:
        return tr("Status");
    case Started:
        return tr("Started");
    case Duration:
        return tr("Duration");
    case Result:
        return tr("Result");
    }
    return {};
}

} // namespace vantage::gui
