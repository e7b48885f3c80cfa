#pragma once
// The elastic job's words as the window shows them, translated: worker and job states, scale
// kinds, why a generation began.

#include "edl/job.h"

#include <QString>

#include <string>
#include <vector>

namespace vantage::gui {

// Members of a job that has ended read "ended", whatever the last step left them as.
QString workerStateText(edl::WorkerState state, bool jobEnded);
QString jobStateText(edl::JobState state);
QString scaleKindText(edl::ScaleKind kind);
QString generationReasonText(const std::string& reason);
QString joinIds(const std::vector<std::string>& ids);

} // namespace vantage::gui
