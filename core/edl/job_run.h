#pragma once
// How an elastic training job is recorded as a run, one way for `vantage-cli edl run`, for
// `vantage-cli edl attach` and for the EDL page. A job's own report (report.json, written by its
// leader as it exits) is the truth: the run's result, series and status come from it. Only when
// the report cannot be read (a leader on another machine) does the streamed timeline stand in.
//
// What a train run holds (shape version 1; a change here is a new version with its upgrader in
// store/run_shapes.cpp):
//   params    the leader's options (edl::toJson(LeaderOptions) without the worker binary) and
//             "job_dir"
//   result    {"job", "state", "message", "steps", "final_loss", "events" (scale events),
//             "failures", "ledger", "replicas_equal", "replica_checks", "duration_s",
//             "mean_pause_s", "job_dir", "source": "report" | "timeline"}
//   series    "loss", "throughput", "workers" (x = step)
//   status    finished or stopped on request: done (stopped because the recording program was
//             cancelled: cancelled); failed: failed with the job's message
//   summary   "final loss 0.72, 2 scale events"

#include "common/json.h"
#include "common/progress.h"
#include "edl/leader.h"
#include "edl/timeline.h"
#include "store/session.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace vantage::store {
class RunScope;
} // namespace vantage::store

namespace vantage::edl {

// The run a job is recorded as (engine "edl", kind "train", "mlp x2").
store::NewRun jobRun(const LeaderOptions& options);

// The result of a job from its report's JSON (toJson(JobReport) or report.json as read).
Json jobResultFromReport(const Json& report, const std::filesystem::path& jobDir);
// The same from a streamed timeline, when no report can be read.
Json jobResultFromTimeline(const JobTimeline& timeline, const std::filesystem::path& jobDir);

// The job's report once its leader has written it (it does so as it exits, after the last event):
// polls for up to `timeoutS` seconds; null when there is none by then (or the folder is not on
// this machine). Blocks: call it off the GUI thread.
Json waitForJobReport(const std::filesystem::path& jobDir, double timeoutS, const CancelToken& cancel = {});

// Stores a job's curves in its run: while it trains, from its events (so that a long job's run
// holds them before it ends, and keeps them if the recording program dies), and at its end the
// rest from its report, or from the timeline when there is no report. Points at or before the last
// step a series already holds are skipped, so re-attaching (which replays the history) and the
// report's full series never store a step twice.
class JobRecorder {
public:
    JobRecorder(store::Session& session, std::int64_t runId);

    void add(const JobEvent& event);
    // Stores the points added since the last flush (one transaction per series).
    void flush();
    // The report's series ("loss", "throughput", "workers", "step_time_s/<worker>") beyond what
    // is stored; null `report`: the timeline's.
    void storeRest(const Json& report, const JobTimeline& timeline);

private:
    void append(const std::string& name, double step, double value);

    store::Session& m_session;
    std::int64_t m_runId;
    std::map<std::string, double> m_lastStored; // last step each series holds
    std::map<std::string, std::vector<store::SeriesPoint>> m_pending;
};

// Ends the run from a result of the two functions above: status from its "state", the summary,
// and for a failed job its message as the error. `cancelled`: the caller stopped the job itself
// because it was cancelled (Ctrl-C in `edl run`).
void finishJobRun(store::RunScope& scope, const Json& result, bool cancelled = false);
void finishJobRun(store::Session& session, std::int64_t runId, const Json& result);
// A run whose recording process went away while the job trained (the window closed, detached or
// died) is finished from the job's report once the job has ended: its curves, events and final
// state. False while the job has written no report (it still runs, or died without one).
bool finishJobRunFromReport(store::Session& session, std::int64_t runId, const std::filesystem::path& jobDir);

// Mean pause of the scale events that were not failures (s).
double meanPause(const std::vector<ScaleEvent>& events);

} // namespace vantage::edl
