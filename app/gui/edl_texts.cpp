#include "edl_texts.h"

#include "edl_page.h"

#include <QStringList>

namespace vantage::gui {

// The report keeps the members at the last step "active"; once the job has ended they are not.
QString workerStateText(edl::WorkerState state, bool jobEnded)
{
    if (jobEnded && state != edl::WorkerState::Failed && state != edl::WorkerState::Left)
        return EdlPage::tr("ended");
    switch (state) {
    case edl::WorkerState::Starting:
        return EdlPage::tr("starting");
    case edl::WorkerState::Loading:
        return EdlPage::tr("loading");
    case edl::WorkerState::Ready:
        return EdlPage::tr("ready");
    case edl::WorkerState::Active:
        return EdlPage::tr("active");
    case edl::WorkerState::Leaving:
        return EdlPage::tr("leaving");
    case edl::WorkerState::Left:
        return EdlPage::tr("left");
    case edl::WorkerState::Failed:
        return EdlPage::tr("failed");
    }
    return QString::fromUtf8(vantage::enumName(state).data());
}

QString jobStateText(edl::JobState state)
{
    switch (state) {
    case edl::JobState::Starting:
        return EdlPage::tr("starting");
    case edl::JobState::Running:
        return EdlPage::tr("running");
    case edl::JobState::Finished:
        return EdlPage::tr("finished");
    case edl::JobState::Stopped:
        return EdlPage::tr("stopped");
    case edl::JobState::Failed:
        return EdlPage::tr("failed");
    }
    return QString::fromUtf8(vantage::enumName(state).data());
}

QString scaleKindText(edl::ScaleKind kind)
{
    switch (kind) {
    case edl::ScaleKind::ScaleOut:
        return EdlPage::tr("scale-out");
    case edl::ScaleKind::ScaleIn:
        return EdlPage::tr("scale-in");
    case edl::ScaleKind::Failure:
        return EdlPage::tr("failure");
    case edl::ScaleKind::Migration:
        return EdlPage::tr("migration");
    }
    return QString::fromUtf8(vantage::enumName(kind).data());
}

// Why a generation began, as the leader names it.
QString generationReasonText(const std::string& reason)
{
    if (reason == "start")
        return EdlPage::tr("start");
    if (reason == "restart")
        return EdlPage::tr("restart");
    if (reason == "restore")
        return EdlPage::tr("restored from a checkpoint");
    if (reason == "failure")
        return EdlPage::tr("after a failure");
    if (reason == "resize")
        return EdlPage::tr("resized");
    return QString::fromStdString(reason);
}

QString joinIds(const std::vector<std::string>& ids)
{
    QStringList out;
    for (const auto& id : ids)
        out << QString::fromStdString(id);
    return out.join(QLatin1Char(' '));
}

} // namespace vantage::gui
