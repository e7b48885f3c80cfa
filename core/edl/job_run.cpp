#include "edl/job_run.h"
#include "edl/job_run_p.h"

#include "common/error.h"
#include "edl/client.h"
#include "store/run_scope.h"

#include <chrono>
#include <thread>

namespace vantage::edl {

namespace {

constexpr std::string_view kWhere = "job report";

// A job stopped on request did what was asked and its result holds: done, like a finished one,
// unless the recording program itself was cancelled.
store::RunStatus statusOf(const std::string& state, bool cancelled = false)
{
    const auto known = kJobStates.find(state);
    if (known == JobState::Finished)
        return store::RunStatus::Done;
    if (known == JobState::Stopped)
        return cancelled ? store::RunStatus::Cancelled : store::RunStatus::Done;
    return store::RunStatus::Failed; // failed, or a job whose end was never seen
}

std::string summaryOf(const Json& result)
{
    const std::size_t events = result.contains("events") && result["events"].is_array() ? result["events"].size() : 0;
    const auto steps = jsonFieldOr<std::int64_t>(result, "steps", 0, kWhere);
    // A job that failed before its first step has no loss to tell of.
    if (statusOf(jsonFieldOr<std::string>(result, "state", "", kWhere)) == store::RunStatus::Failed && steps == 0)
        return "failed before its first step";
    return JobTimeline::jobSummary(jsonFieldOr(result, "final_loss", 0.0, kWhere), events);
}

std::string errorOf(const Json& result)
{
    const std::string state = jsonFieldOr<std::string>(result, "state", "", kWhere);
    if (statusOf(state) != store::RunStatus::Failed)
        return {};
    const std::string message = jsonFieldOr<std::string>(result, "message", "", kWhere);
    if (state != "failed")
        return "the job's end was not seen (state " + state + ")" + (message.empty() ? "" : ": " + message);
    return message.empty() ? "the job failed" : message;
}

} // namespace

void finishJobRun(store::RunScope& scope, const Json& result, bool cancelled)
{
    const std::string state = jsonFieldOr<std::string>(result, "state", "", kWhere);
    scope.finish(statusOf(state, cancelled), result, summaryOf(result), errorOf(result));
}

double meanPause(const std::vector<ScaleEvent>& events)
{
    double s = 0;
    int n = 0;
    for (const auto& e : events)
        if (e.kind != ScaleKind::Failure) {
            s += e.pauseS;
            ++n;
        }
    return n ? s / n : 0.0;
}

Json waitForJobReport(const std::filesystem::path& jobDir, double timeoutS, const CancelToken& cancel)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeoutS);
    for (;;) {
        std::error_code ec;
        if (std::filesystem::exists(jobDir / "report.json", ec)) {
            try {
                return readJobReport(jobDir);
            } catch (const Error&) {
                // Being written (it is renamed into place, so rarely): try again.
            }
        }
        if (std::chrono::steady_clock::now() >= until || cancel.isCancelled())
            return nullptr;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

store::NewRun jobRun(const LeaderOptions& options)
{
    Json params = toJson(options);
    params.erase("worker_binary");
    params.erase("write_job_file");
    params["job_dir"] = options.jobDir.string();
    // As the leader runs it: the first generation is the workers it starts with.
    params["spec"]["initial_workers"] = options.workers;
    return { .engine = store::Engine::Edl,
        .kind = store::RunKind::Train,
        // A script's job is named after the script ("edl_train.py x2"), others after their trainer.
        .name
        = (options.spec.trainer == Trainer::Python ? std::filesystem::path(options.spec.script).filename().string()
                                                   : std::string(enumName(options.spec.trainer)))
            + " x" + std::to_string(options.workers),
        .params = std::move(params) };
}

Json jobResultFromReport(const Json& report, const std::filesystem::path& jobDir)
{
    if (!report.is_object() || !report.contains("status"))
        throw Error::invalidInput("not a job report (no status)").inFile((jobDir / "report.json").string());
    Json j = report;
    j.erase("series");
    const Json& status = report["status"];
    j["job"] = jsonFieldOr<std::string>(status, "job", "", kWhere);
    j["state"] = jsonFieldOr<std::string>(status, "state", "failed", kWhere);
    j["message"] = jsonFieldOr<std::string>(status, "message", "", kWhere);
    j["steps"] = jsonFieldOr<std::int64_t>(status, "step", 0, kWhere);
    std::vector<ScaleEvent> events;
    for (const auto& e : report.value("events", Json::array()))
        events.push_back(scaleEventFromJson(e));
    j["mean_pause_s"] = meanPause(events);
    j["job_dir"] = jobDir.string();
    j["source"] = "report";
    return j;
}

Json jobResultFromTimeline(const JobTimeline& timeline, const std::filesystem::path& jobDir)
{
    Json j = timeline.result();
    j["mean_pause_s"] = meanPause(timeline.scaleEvents());
    j["job_dir"] = jobDir.string();
    j["source"] = "timeline";
    return j;
}

JobRecorder::JobRecorder(store::Session& session, std::int64_t runId)
    : m_session(session)
    , m_runId(runId)
{
    for (const auto& name : m_session.seriesNames(m_runId)) {
        const auto points = m_session.series(m_runId, name);
        if (!points.empty())
            m_lastStored[name] = points.back().step;
    }
}

void JobRecorder::append(const std::string& name, double step, double value)
{
    const auto last = m_lastStored.find(name);
    if (last != m_lastStored.end() && step <= last->second)
        return;
    m_lastStored[name] = step;
    m_pending[name].push_back({ step, value });
}

void JobRecorder::add(const JobEvent& event)
{
    const auto* s = std::get_if<StepEvent>(&event.payload);
    if (!s)
        return;
    const double step = static_cast<double>(s->step);
    append("loss", step, s->loss);
    append("throughput", step, s->throughput);
    append("workers", step, static_cast<double>(s->workers));
    for (const auto& [worker, seconds] : s->workerStepS)
        append("step_time_s/" + worker, step, seconds);
}

void JobRecorder::flush()
{
    for (auto& [name, points] : m_pending) {
        if (points.empty())
            continue;
        m_session.appendSeries(m_runId, name, points);
        points.clear();
    }
}

void JobRecorder::storeRest(const Json& report, const JobTimeline& timeline)
{
    if (report.is_object() && report.contains("series") && report["series"].is_object()) {
        for (const auto& [name, pairs] : report["series"].items()) {
            if (!pairs.is_array())
                continue;
            for (const auto& p : pairs)
                if (p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number())
                    append(name, p[0].get<double>(), p[1].get<double>());
        }
    } else {
        for (const auto& p : timeline.loss())
            append("loss", static_cast<double>(p.step), p.value);
        for (const auto& p : timeline.throughput())
            append("throughput", static_cast<double>(p.step), p.value);
        for (const auto& p : timeline.workers())
            append("workers", static_cast<double>(p.step), p.value);
        for (const auto& [worker, points] : timeline.workerStepTimes())
            for (const auto& p : points)
                append("step_time_s/" + worker, static_cast<double>(p.step), p.value);
    }
    flush();
}

Json JobRecorder::finish(const Json& report, const JobTimeline& timeline, const std::filesystem::path& jobDir)
{
    const Json result
        = report.is_null() ? jobResultFromTimeline(timeline, jobDir) : jobResultFromReport(report, jobDir);
    storeRest(report, timeline);
    finishJobRun(m_session, m_runId, result);
    return result;
}

void finishJobRun(store::Session& session, std::int64_t runId, const Json& result)
{
    const std::string state = jsonFieldOr<std::string>(result, "state", "", kWhere);
    session.finishRun(runId, statusOf(state), result, summaryOf(result), errorOf(result));
}

bool finishJobRunFromReport(store::Session& session, std::int64_t runId, const std::filesystem::path& jobDir)
{
    std::error_code ec;
    if (!std::filesystem::exists(jobDir / "report.json", ec))
        return false;
    const Json report = readJobReport(jobDir);
    const Json result = jobResultFromReport(report, jobDir);
    JobRecorder(session, runId).storeRest(report, {});
    finishJobRun(session, runId, result);
    return true;
}

} // namespace vantage::edl
