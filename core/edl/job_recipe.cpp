// EDL's recipe (job_run.h): a job run in this process, a detached job's run begun and found again,
// a running job's throughput profile, and a recorded job read back.

#include "common/error.h"
#include "edl/client.h"
#include "edl/job_run.h"
#include "edl/job_run_p.h"
#include "store/run_scope.h"
#include "store/run_shapes.h"

namespace vantage::edl {

namespace {

constexpr std::string_view kProfileSeries = "profile/samples_per_s";

} // namespace

JobRun runJob(store::Session* session, const JobRequest& request, Progress& progress, const CancelToken& cancel,
    const std::function<void(const JobAddress&)>& started)
{
    const LeaderOptions& options = request.options;
    return store::recordRun(session, jobRun(options), [&](store::RunScope& scope) {
        JobRun out;
        out.runId = scope.id();
        Leader leader(options);
        if (started)
            started(leader.address());
        out.report = leader.run(progress, cancel);
        const Json reportJson = toJson(out.report);
        out.result = jobResultFromReport(reportJson, options.jobDir);
        if (request.stopRestartBaseline && out.report.status.state == JobState::Finished) {
            LeaderOptions b = options;
            b.scaleMode = ScaleMode::StopRestart;
            b.faults.clear();
            b.jobDir = options.jobDir / "baseline";
            Leader baseLeader(b);
            out.baseline = baseLeader.run(progress, cancel);
            out.result["baseline"] = jobResultFromReport(toJson(*out.baseline), b.jobDir);
            const double live = meanPause(out.report.events), stop = meanPause(out.baseline->events);
            out.result["pause_ratio"] = stop > 0 ? live / stop : 0.0;
        }
        if (store::Session* s = scope.session())
            JobRecorder(*s, scope.id()).storeRest(reportJson, {});
        finishJobRun(scope, out.result, cancel.isCancelled());
        return out;
    });
}

std::int64_t beginJobRun(store::Session& session, const LeaderOptions& options, const JobAddress& address)
{
    const std::int64_t runId = session.beginRun(jobRun(options));
    // The leader holds the run: it outlives the program that started the job (closed, detached or
    // crashed) for as long as the job trains.
    if (address.leaderPid > 0)
        session.handOverRun(runId, address.leaderPid);
    return runId;
}

std::int64_t findJobRun(const store::Session& session, const std::string& jobDir)
{
    std::int64_t found = 0;
    if (jobDir.empty())
        return found;
    for (const auto& r : session.runs())
        if (r.engine == store::Engine::Edl && r.status == store::RunStatus::Running && r.params.is_object()
            && r.params.value("job_dir", std::string()) == jobDir)
            found = r.id;
    return found;
}

std::int64_t beginAttachedJobRun(store::Session& session, const JobAddress& address, const std::string& trainer)
{
    store::NewRun run{ .engine = store::Engine::Edl,
        .kind = store::RunKind::Train,
        .name = trainer + " job " + address.jobId,
        .params = { { "job", address.jobId }, { "job_dir", address.jobDir }, { "trainer", trainer } } };
    try {
        run = jobRun(leaderOptionsFromJson(readJsonFile(std::filesystem::path(address.jobDir) / "leader.json")));
        run.params["job_dir"] = address.jobDir;
        run.params["job"] = address.jobId;
    } catch (const Error&) {
        // A leader run in-process by another program leaves no options: the job id is enough.
    }
    return session.beginRun(run);
}

ProfileRun runProfile(store::Session* session, const JobAddress& address, const ProfileOptions& options,
    Progress& progress, const CancelToken& cancel, std::int64_t runId)
{
    ProfileRun out;
    const JobClient client(address, ClientOptions{ .name = "profile" });
    out.curve = profileThroughput(client, options, progress, cancel);
    if (!session)
        return out;
    out.runId = runId != 0 ? runId : findJobRun(*session, address.jobDir);
    if (out.runId == 0)
        return out;
    std::vector<store::SeriesPoint> points;
    for (const auto& p : out.curve)
        points.push_back({ static_cast<double>(p.workers), p.samplesPerS });
    session->appendSeries(out.runId, kProfileSeries, points);
    return out;
}

JobTakeUp takeUpJobRuns(store::Session& session)
{
    JobTakeUp out;
    for (const auto& r : session.runs()) {
        const std::string dir = r.params.is_object() ? r.params.value("job_dir", std::string()) : std::string();
        if (r.engine != store::Engine::Edl || dir.empty())
            continue;
        if (r.interrupted())
            out.finished = finishJobRunFromReport(session, r.id, dir) || out.finished;
        else if (r.status == store::RunStatus::Running)
            out.live = r.id;
    }
    return out;
}

StoredJob readJob(const store::Session& session, std::int64_t runId)
{
    const store::RunInfo run = store::readRun(session, runId, store::Engine::Edl, store::RunKind::Train);
    store::requireCurrentShape(run); // older shapes were upgraded when the session was opened
    StoredJob out;
    out.runId = run.id;
    out.status = run.status;
    out.summary = run.summary;
    out.error = run.error;
    out.result = run.result;
    if (run.params.is_object()) {
        out.jobDir = run.params.value("job_dir", std::string());
        try {
            Json p = run.params;
            if (!p.contains("worker_binary"))
                p["worker_binary"] = "vantage-edl-worker"; // a run does not keep it: found again on start
            out.options = leaderOptionsFromJson(p);
        } catch (const std::exception&) {
            // A job attached without its folder (`edl attach` to a job of another machine) records
            // no leader options: the page's fields stay as they are.
        }
    }
    // The result holds the report's "events" and "status" (see the top of job_run.h).
    if (run.result.is_object()) {
        for (const auto& e : run.result.value("events", Json::array()))
            out.events.push_back(scaleEventFromJson(e));
        if (run.result.contains("status") && run.result["status"].is_object())
            out.finalStatus = jobStatusFromJson(run.result["status"]);
    }
    for (const auto& name : session.seriesNames(runId))
        out.series[name] = session.series(runId, name);
    return out;
}

} // namespace vantage::edl
