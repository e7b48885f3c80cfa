#pragma once
// EDL's recipe: how an elastic training job is recorded as a run, one way for `vantage-cli edl
// run`, `edl start`, `edl attach`, `edl profile` and for the EDL page. A job's own report
// (report.json, written by its leader as it exits) is the truth: the run's result, series and
// status come from it. Only when the report cannot be read (a leader on another machine) does the
// streamed timeline stand in.
//
// Two ways to record a job:
//   in this process     runJob(): the leader runs here, the run is begun, finished and returned
//                       (`edl run`; JobRecipe is it as a store::Recipe)
//   detached            its leader runs in its own process (the page's Start, `edl start`):
//                       begin   beginJobRun() records it running and hands it over to the leader,
//                               so that it outlives the program that started it
//                       attach  findJobRun() finds it again; a JobRecorder stores its curves as
//                               they come (beginAttachedJobRun() for a job found without one)
//                       finish  JobRecorder::finish() from the report (or the timeline);
//                               finishJobRunFromReport() for a job that ended while no one followed,
//                               takeUpJobRuns() for every such run of a session opened
//   either way          readJob() reads a recorded job back; runProfile() stores a running job's
//                       scaling curve in its run
//
// What a train run holds (shape version 1; a change here is a new version with its upgrader in
// store/run_shapes.cpp):
//   params    the leader's options (edl::toJson(LeaderOptions) without the worker binary) and
//             "job_dir"
//   result    {"job", "state", "message", "steps", "final_loss", "events" (scale events),
//             "failures", "ledger", "replicas_equal", "replica_checks", "duration_s",
//             "mean_pause_s", "job_dir", "source": "report" | "timeline"}
//   series    "loss", "throughput", "workers" (x = step), "step_time_s/<worker>", and
//             "profile/samples_per_s" (x = workers) when its throughput was profiled
//   status    finished or stopped on request: done (stopped because the recording program was
//             cancelled: cancelled); failed: failed with the job's message
//   summary   "final loss 0.72, 2 scale events"

#include "common/json.h"
#include "common/progress.h"
#include "edl/leader.h"
#include "edl/policies.h"
#include "edl/timeline.h"
#include "store/recipe.h"
#include "store/session.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
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
    // Ends the run once the job has ended: the rest of its curves (storeRest), its result from the
    // report (null: from the timeline), status and summary. Returns the result.
    Json finish(const Json& report, const JobTimeline& timeline, const std::filesystem::path& jobDir);

    std::int64_t runId() const { return m_runId; }

private:
    void append(const std::string& name, double step, double value);

    store::Session& m_session;
    std::int64_t m_runId;
    std::map<std::string, double> m_lastStored; // last step each series holds
    std::map<std::string, std::vector<store::SeriesPoint>> m_pending;
};

// Ends the run from a result of the two functions above: status from its "state", the summary,
// and for a failed job its message as the error.
void finishJobRun(store::Session& session, std::int64_t runId, const Json& result);
// A run whose recording process went away while the job trained (the window closed, detached or
// died) is finished from the job's report once the job has ended: its curves, events and final
// state. False while the job has written no report (it still runs, or died without one).
bool finishJobRunFromReport(store::Session& session, std::int64_t runId, const std::filesystem::path& jobDir);
// What a program that opens a session takes up of its jobs: every run whose recording process went
// away is finished from its job's report where there is one (finishJobRunFromReport); `live` is
// the last run still running (its job trains on: to attach to), 0 for none.
struct JobTakeUp {
    bool finished = false; // some run was finished
    std::int64_t live = 0;
};
JobTakeUp takeUpJobRuns(store::Session& session);

// Mean pause of the scale events that were not failures (s).
double meanPause(const std::vector<ScaleEvent>& events);

// ---- A job run in this process ----

struct JobRequest {
    LeaderOptions options;
    bool stopRestartBaseline = false; // a finished job's schedule again by stop-restart, to compare pauses
};

struct JobRun {
    std::int64_t runId = 0; // 0 without a session
    JobReport report;
    std::optional<JobReport> baseline;
    Json result; // as stored: jobResultFromReport, with "baseline" and "pause_ratio" when asked
};

// Runs the job (its leader in this process) and records it. A job that failed or was stopped is
// recorded so and returned, not thrown; cancelling stops the job (recorded cancelled). `started`
// hears the job's address once its leader listens.
JobRun runJob(store::Session* session, const JobRequest& request, Progress& progress, const CancelToken& cancel,
    const std::function<void(const JobAddress&)>& started = {});

// ---- A detached job ----

// Records a job just started in its own leader process as running, handed over to its leader.
std::int64_t beginJobRun(store::Session& session, const LeaderOptions& options, const JobAddress& address);
// The running run of the job in `jobDir`; 0 when `session` has none.
std::int64_t findJobRun(const store::Session& session, const std::string& jobDir);
// Begins the run of a job followed without one (`edl attach` to a job started elsewhere), named
// after its own options when its folder has them, else after what its stream says (`trainer`).
std::int64_t beginAttachedJobRun(store::Session& session, const JobAddress& address, const std::string& trainer);

// A running job's throughput at 1..N workers (profileThroughput), stored in its run as the series
// "profile/samples_per_s" (x = workers): the run `runId`, or 0 for the running run of the job's
// folder. ProfileRun::runId is 0 when nothing was stored (no session, or no run of the job).
struct ProfileRun {
    std::int64_t runId = 0;
    std::vector<ProfilePoint> curve;
};
ProfileRun runProfile(store::Session* session, const JobAddress& address, const ProfileOptions& options,
    Progress& progress, const CancelToken& cancel, std::int64_t runId = 0);

// ---- Reading a job back ----

struct StoredJob {
    std::int64_t runId = 0;
    store::RunStatus status = store::RunStatus::Failed;
    std::string summary;
    std::string error;
    std::string jobDir; // empty when the run does not name it
    // The job as it was started (the worker binary found again); none for a run whose parameters
    // are not a leader's (recorded by attaching without the job's folder, or by another version).
    std::optional<LeaderOptions> options;
    Json result;
    std::vector<ScaleEvent> events;
    std::optional<JobStatus> finalStatus; // the workers' final states and counters
    // Every series of the run by name: "loss", "throughput", "workers", "step_time_s/<worker>",
    // "profile/samples_per_s".
    std::map<std::string, std::vector<store::SeriesPoint>> series;
};
StoredJob readJob(const store::Session& session, std::int64_t runId);

// EDL's recipe as a type (store/recipe.h).
struct JobRecipe : store::RecipeTypes<store::Engine::Edl, store::RunKind::Train, JobRequest, JobRun, StoredJob> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel)
    {
        return runJob(session, request, progress, cancel);
    }
    static Stored read(const store::Session& session, std::int64_t runId) { return readJob(session, runId); }
};
static_assert(store::Recipe<JobRecipe>);

} // namespace vantage::edl
