// vantage-cli edl run|start|status|attach|scale|stop|migrate|profile: elastic training jobs headless.
// JSON keys of `edl run --json` that scripts rely on: {"events": [{"step", "kind", "workers_before",
// "workers_after", "pause_s"}], "ledger": {"exactly_once", "epochs": [{"epoch", "samples",
// "seen_once"}]}, "replicas_equal", "final_loss", "baseline": {"events": [...]}}.

#include "cli.h"

#include "common/devices.h"

#include "common/error.h"
#include "common/units.h"
#include "edl/client.h"
#include "edl/job_run.h"
#include "edl/leader.h"
#include "edl/policies.h"
#include "edl/timeline.h"
#include "edl/user_data.h"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace vantage::cli {

namespace {

using namespace vantage::edl;

// Options shared by `edl run` and `edl start`: what to train and where. The job's declared fields
// (jobSpecParams, leaderOptionsParams, timeoutsParams) are written into `options`.
struct JobArgs {
    // --trainer, --model, --data, --loss, --script, --epochs, --samples, --batch, ... (jobSpecParams);
    // --workers, --hosts, --schedule, --kill, --ssh, --listen, --port, --resume (leaderOptionsParams);
    // --failure-timeout, ... (timeoutsParams)
    LeaderOptions options;
    std::string python; // the script's interpreter; default $VANTAGE_PYTHON, else python3
    std::vector<std::string> scriptArgs; // after --
    std::string devices;
    std::string jobDir;
    std::string workerBinary;
    std::string straggler;
};

void addJobOptions(CLI::App* cmd, JobArgs& a)
{
    addParamOptions(cmd, jobSpecParams(), a.options.spec);
    // One kind of trainer: a built-in one, the user's module or the user's script.
    auto* trainer = cmd->get_option("--trainer");
    auto* model = cmd->get_option("--model");
    cmd->get_option("--script")->excludes(trainer)->excludes(model);
    model->excludes(trainer);
    cmd->add_option("--python", a.python, "With --script: the Python to run it ($VANTAGE_PYTHON, else python3)");
    cmd->add_option("ARGS", a.scriptArgs, "With --script, after --: the script's own arguments");
    addParamOptions(cmd, leaderOptionsParams(), a.options);
    cmd->add_option("--devices", a.devices, "Local devices, round robin: cpu,cuda:0,cuda:1 (default cpu)");
    cmd->add_option("--job-dir", a.jobDir,
        "Job folder: logs, checkpoints, job file, report (default: a new folder under $XDG_RUNTIME_DIR/vantage-edl)");
    cmd->add_option("--worker-binary", a.workerBinary,
        "vantage-edl-worker to run (default: beside vantage-cli, $VANTAGE_EDL_WORKER, PATH)");
    cmd->add_option("--straggler", a.straggler, "Replace a straggler: FACTOR:STEPS[:remove], e.g. 2.0:5");
    addParamOptions(cmd, timeoutsParams(), a.options.spec.timeouts);
}

std::vector<std::string> splitList(const std::string& text, char sep = ',')
{
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, sep))
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::filesystem::path selfPath()
{
    std::error_code ec;
    auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path("vantage-cli") : p;
}

LeaderOptions leaderOptions(const JobArgs& a)
{
    LeaderOptions o = a.options;
    const std::string model = o.spec.model, data = o.spec.data, script = o.spec.script;
    if (!model.empty() || !data.empty())
        useUserModel(o.spec, model, data, o.spec.loss); // every sample id is a row of the data
    if (!a.scriptArgs.empty() && script.empty())
        throw Error::invalidInput("arguments after -- are a script's; give the script with --script")
            .forField("script");
    o.devices = splitList(a.devices);
    if (o.hosts.empty())
        checkLocalDevices(o.devices); // before a job folder exists or a worker starts
    o.workerBinary = a.workerBinary.empty() ? findWorkerBinary(selfPath()) : std::filesystem::path(a.workerBinary);
    if (!script.empty())
        useScript(o, script, a.python, a.scriptArgs);
    // Validated against the root first: bad input must not leave an empty job folder behind.
    o.jobDir = a.jobDir.empty() ? defaultJobRoot() : std::filesystem::path(a.jobDir);
    if (!a.straggler.empty()) {
        const auto parts = splitList(a.straggler, ':');
        try {
            if (parts.size() < 2 || parts.size() > 3 || (parts.size() == 3 && parts[2] != "remove"))
                throw std::invalid_argument(a.straggler);
            std::size_t usedFactor = 0, usedSteps = 0;
            o.straggler
                = { true, std::stod(parts[0], &usedFactor), std::stoi(parts[1], &usedSteps), parts.size() == 2 };
            if (usedFactor != parts[0].size() || usedSteps != parts[1].size() || !std::isfinite(o.straggler.factor))
                throw std::invalid_argument(a.straggler);
        } catch (const std::exception&) {
            throw Error::invalidInput("expected FACTOR:STEPS[:remove], got '" + a.straggler + "'")
                .forField("straggler");
        }
    }
    o.validate();
    if (a.jobDir.empty())
        o.jobDir = newJobDir();
    return o;
}

void printEventsTable(const std::vector<ScaleEvent>& events)
{
    std::vector<std::vector<std::string>> rows;
    for (const auto& e : events)
        rows.push_back({ std::to_string(e.step), std::string(enumName(e.kind)),
            std::to_string(e.workersBefore) + " -> " + std::to_string(e.workersAfter), formatSeconds(e.pauseS) });
    printTable({ "STEP", "EVENT", "WORKERS", "PAUSE" }, rows);
}

void runJob(const JobArgs& args, const std::string& baseline, Context& ctx)
{
    JobRequest request{ .options = leaderOptions(args), .stopRestartBaseline = baseline == "stop-restart" };
    request.options.writeJobFile = true;
    const JobRun run = edl::runJob(ctx.session(), request, ctx.progress(), ctx.cancel, [&](const JobAddress& a) {
        if (!ctx.json && !ctx.quiet)
            std::cerr << "job " << a.jobId << " in " << request.options.jobDir.string() << '\n';
    });
    const JobReport& report = run.report;
    if (ctx.json) {
        printJson(run.result);
    } else {
        printKeyValues({ { "job", report.status.jobId + " (" + std::string(enumName(report.status.state)) + ")" },
            { "folder", request.options.jobDir.string() }, { "steps", std::to_string(report.status.step) },
            { "final loss", std::to_string(report.finalLoss) }, { "exactly once", report.exactlyOnce ? "yes" : "NO" },
            { "replicas equal", report.replicasEqual ? "yes" : "NO" },
            { "duration", formatSeconds(report.durationS) } });
        if (!report.events.empty()) {
            std::cout << '\n';
            printEventsTable(report.events);
        }
        if (run.baseline) {
            std::cout << "\nstop-restart baseline:\n";
            printEventsTable(run.baseline->events);
            std::cout << "mean pause " << formatSeconds(meanPause(report.events)) << " vs "
                      << formatSeconds(meanPause(run.baseline->events)) << '\n';
        }
    }
    if (report.status.state == JobState::Failed)
        throw Error::failure("the job failed: " + report.status.message);
    if (report.status.state == JobState::Stopped && ctx.cancel.isCancelled())
        throw Cancelled();
}

// How `status`, `attach`, `scale`, `stop`, ... find the job.
struct Target {
    std::string job;
    std::string endpoint;
    std::string token;
};

void addTargetOptions(CLI::App* cmd, Target& t)
{
    cmd->add_option("--job", t.job, "The job's folder or its job.json (printed by edl start)");
    cmd->add_option("--endpoint", t.endpoint, "Control endpoint (tcp://HOST:PORT), with --token or $VANTAGE_EDL_TOKEN");
    cmd->add_option("--token", t.token, "The job's token (visible to other users in ps: prefer --job)");
}

JobAddress resolve(const Target& t)
{
    if (!t.job.empty())
        return readJobFile(t.job);
    if (t.endpoint.empty())
        throw Error::invalidInput("name the job with --job DIR, or --endpoint with a token").forField("job");
    JobAddress a;
    a.endpoint = t.endpoint;
    a.token = t.token;
    if (a.token.empty())
        if (const char* env = std::getenv("VANTAGE_EDL_TOKEN"))
            a.token = env;
    if (a.token.empty())
        throw Error::invalidInput("no token: use --token or set VANTAGE_EDL_TOKEN").forField("token");
    return a;
}

void printStatus(const JobStatus& s, Context& ctx)
{
    if (ctx.json) {
        printJson(toJson(s));
        return;
    }
    printKeyValues({ { "job", s.jobId + " (" + std::string(enumName(s.state)) + ")" }, { "trainer", s.trainer },
        { "generation", std::to_string(s.generation) }, { "step", std::to_string(s.step) },
        { "epoch", std::to_string(s.epoch + 1) + " of " + std::to_string(s.epochs) },
        { "loss", std::to_string(s.loss) },
        { "throughput", std::to_string(static_cast<long long>(s.throughput)) + " samples/s" },
        { "leader", s.leaderHost + (s.leaderEndpoint.empty() ? "" : " (" + s.leaderEndpoint + ")") },
        { "launcher", s.launcher }, { "message", s.message } });
    std::vector<std::vector<std::string>> rows;
    for (const auto& w : s.workers)
        rows.push_back(
            { w.id, w.host, w.device, std::string(enumName(w.state)), w.rank >= 0 ? std::to_string(w.rank) : "",
                w.stepTimeS > 0 ? formatSeconds(w.stepTimeS) : "", std::to_string(w.chunksDone) });
    std::cout << '\n';
    printTable({ "WORKER", "HOST", "DEVICE", "STATE", "RANK", "STEP TIME", "CHUNKS" }, rows);
}

std::string describe(const JobEvent& e)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(2) << '[' << e.timeS << " s] ";
    if (const auto* st = std::get_if<StepEvent>(&e.payload))
        s << "step " << st->step << "  epoch " << st->epoch << "  loss " << std::setprecision(4) << st->loss << "  "
          << std::setprecision(0) << st->throughput << " samples/s  " << st->workers << " workers";
    else if (const auto* sc = std::get_if<ScaleEvent>(&e.payload))
        s << enumName(sc->kind) << " at step " << sc->step << ": " << sc->workersBefore << " -> " << sc->workersAfter
          << " workers, pause " << formatSeconds(sc->pauseS);
    else if (const auto* g = std::get_if<GenerationEvent>(&e.payload)) {
        s << "generation " << g->generation << " (" << g->reason << (g->restore ? ", restored" : "") << "):";
        for (const auto& m : g->members)
            s << ' ' << m;
    } else if (const auto* f = std::get_if<FailureEvent>(&e.payload))
        s << "failure of " << f->worker << (f->member ? "" : " (joiner)") << ": " << f->reason;
    else if (const auto* ep = std::get_if<EpochEvent>(&e.payload))
        s << "epoch " << ep->epoch << " done: " << ep->seenOnce << " of " << ep->samples << " samples seen once";
    else if (const auto* j = std::get_if<JobStateEvent>(&e.payload))
        s << "job " << enumName(j->state) << (j->message.empty() ? "" : ": " + j->message);
    else if (const auto* l = std::get_if<LogEvent>(&e.payload))
        s << enumName(l->level) << ": " << l->text;
    else if (const auto* m = std::get_if<MembershipEvent>(&e.payload)) {
        s << "workers:";
        for (const auto& w : m->workers)
            if (w.state != WorkerState::Left && w.state != WorkerState::Failed)
                s << ' ' << w.id << '=' << enumName(w.state);
    }
    return s.str();
}

// Streams a job's events until it ends (or Ctrl-C); with --session, records it: the run it has
// there (begun by `edl start --session` or the page) goes on, else one is recorded when it ends.
void attach(const JobAddress& address, bool history, Context& ctx)
{
    EventStream stream(address, { .name = "cli" });
    auto* session = ctx.session();
    std::optional<JobRecorder> recorder;
    if (session)
        if (const std::int64_t run = findJobRun(*session, address.jobDir))
            recorder.emplace(*session, run);
    JobTimeline timeline;
    auto consume = [&](const JobEvent& e, bool print) {
        timeline.add(e);
        if (recorder)
            recorder->add(e);
        if (!print)
            return;
        if (ctx.json)
            std::cout << toJson(e).dump() << std::endl;
        else if (!std::holds_alternative<MembershipEvent>(e.payload) || !ctx.quiet)
            std::cout << describe(e) << std::endl;
    };
    for (const auto& e : stream.history())
        consume(e, history);
    // A followed run holds its curves while the job trains (once a second, a transaction per series).
    auto flushed = std::chrono::steady_clock::now();
    while (!stream.jobEnded() && !ctx.cancel.isCancelled()) {
        if (auto e = stream.next(0.25))
            consume(*e, true);
        if (recorder && std::chrono::steady_clock::now() - flushed > std::chrono::seconds(1)) {
            recorder->flush();
            flushed = std::chrono::steady_clock::now();
        }
    }
    while (auto e = stream.next(0.0))
        consume(*e, true);
    if (!session)
        return;
    if (!timeline.end()) {
        if (recorder)
            recorder->flush(); // detached: the job goes on, its run with it
        return;
    }
    if (!recorder)
        recorder.emplace(*session, beginAttachedJobRun(*session, address, stream.snapshot().trainer));
    // Without a report (a leader on another machine) the streamed timeline is what there is.
    recorder->finish(waitForJobReport(address.jobDir, 10.0), timeline, address.jobDir);
}

// What the edl subcommands parse into; it lives as long as the callbacks that read it.
struct EdlOptions {
    JobArgs job;
    Target target;
    std::string baseline;
    bool follow = false;
    bool history = false;
    int add = 0;
    std::string remove;
    int removeCount = 0;
    std::string addDevices;
    std::string from;
    std::string toDevices;
    int maxWorkers = 3;
    int steps = 10;
    double timeout = 120.0;
};

// edl run (a job in this process) and edl start (a job in the background).
void addRunCommands(CLI::App* edl, Context& ctx, const std::shared_ptr<EdlOptions>& o)
{
    auto* run = edl->add_subcommand("run", "Run a whole job locally (leader in this process) and report it");
    addJobOptions(run, o->job);
    run->add_option("--baseline", o->baseline, "Also run the schedule by stop-restart and compare the pauses")
        ->check(CLI::IsMember({ "stop-restart" }));
    run->callback([&ctx, o] { runJob(o->job, o->baseline, ctx); });

    auto* start = edl->add_subcommand("start", "Start a job in the background (its own leader process)");
    addJobOptions(start, o->job);
    start->add_flag("--follow", o->follow, "Then stream its events until it ends (records it with --session)");
    start->callback([&ctx, o] {
        LeaderOptions options = leaderOptions(o->job);
        const JobAddress a = startJob(options);
        if (store::Session* session = ctx.session()) {
            beginJobRun(*session, options, a);
            if (!o->follow)
                std::cerr << "vantage-cli: note: the job runs in the background, recorded as running; "
                             "`edl attach --job DIR --session FILE` records its curves and its end\n";
        }
        if (ctx.json && !o->follow)
            printJson({ { "job", a.jobId }, { "endpoint", a.endpoint }, { "job_dir", a.jobDir },
                { "leader_pid", a.leaderPid } });
        else if (!ctx.json)
            std::cout << "started job " << a.jobId << " (leader pid " << a.leaderPid << ")\n  folder   " << a.jobDir
                      << "\n  control  " << a.endpoint << "\n  attach   vantage-cli edl attach --job " << a.jobDir
                      << '\n';
        if (o->follow)
            attach(a, true, ctx);
    });
}

// edl status and edl attach: reading a job.
void addWatchCommands(CLI::App* edl, Context& ctx, const std::shared_ptr<EdlOptions>& o)
{
    auto* status = edl->add_subcommand("status", "Show a job's state and workers");
    addTargetOptions(status, o->target);
    status->callback([&ctx, o] {
        const JobAddress a = resolve(o->target);
        // A leader that is gone cannot answer; do not wait for the request timeout to find out.
        const bool leaderGone = a.leaderPid > 0 && ::kill(static_cast<pid_t>(a.leaderPid), 0) != 0 && errno == ESRCH;
        try {
            if (leaderGone)
                throw Error::failure("the leader (pid " + std::to_string(a.leaderPid) + ") has ended");
            printStatus(JobClient(a, { .name = "cli" }).status(), ctx);
        } catch (const Error&) {
            if (a.jobDir.empty())
                throw;
            // The leader has gone: an ended job left its report.
            Json report;
            try {
                report = readJobReport(a.jobDir);
            } catch (const Error&) {
                throw Error::failure("the job does not answer and left no report in " + a.jobDir);
            }
            printStatus(jobStatusFromJson(report.at("status")), ctx);
        }
    });

    auto* att = edl->add_subcommand("attach", "Stream a job's events until it ends (Ctrl-C detaches)");
    addTargetOptions(att, o->target);
    att->add_flag("--history", o->history, "Print the events from before attaching too");
    att->callback([&ctx, o] { attach(resolve(o->target), o->history, ctx); });
}

// edl scale and edl stop: changing a job.
void addControlCommands(CLI::App* edl, Context& ctx, const std::shared_ptr<EdlOptions>& o)
{
    auto* scale = edl->add_subcommand("scale", "Add workers (stop-free) or remove workers (graceful)");
    addTargetOptions(scale, o->target);
    auto* addOpt = addNumber(scale, "--add", o->add, "Start N joiners", 1, 64);
    scale->add_option("--device", o->addDevices, "With --add: devices for the joiners (cpu,cuda:1,...)");
    auto* removeOpt = scale->add_option("--remove", o->remove, "Remove these workers: w2[,w3]");
    auto* removeCountOpt = addNumber(scale, "--remove-count", o->removeCount, "Remove the N newest workers", 1, 64);
    addOpt->excludes(removeOpt)->excludes(removeCountOpt);
    removeOpt->excludes(removeCountOpt);
    scale->callback([&ctx, o] {
        JobClient job(resolve(o->target), { .name = "cli" });
        std::vector<std::string> ids;
        std::string what;
        if (o->add > 0) {
            ids = job.scaleOut(o->add, splitList(o->addDevices));
            what = "added";
        } else if (!o->remove.empty()) {
            ids = job.scaleIn(splitList(o->remove));
            what = "removing";
        } else if (o->removeCount > 0) {
            ids = job.scaleInCount(o->removeCount);
            what = "removing";
        } else {
            throw Error::invalidInput("say --add N, --remove W or --remove-count N").forField("scale");
        }
        if (ctx.json) {
            printJson({ { what, ids } });
        } else {
            std::cout << what;
            for (const auto& id : ids)
                std::cout << ' ' << id;
            std::cout << '\n';
        }
    });

    auto* stop = edl->add_subcommand("stop", "End a job at the next step boundary (the last commit is saved)");
    addTargetOptions(stop, o->target);
    stop->callback([&ctx, o] {
        JobClient(resolve(o->target), { .name = "cli" }).stop();
        if (ctx.json)
            printJson({ { "stopping", true } });
        else
            std::cout << "stopping\n";
    });
}

// edl migrate and edl profile: the policies over scale-out and scale-in.
void addPolicyCommands(CLI::App* edl, Context& ctx, const std::shared_ptr<EdlOptions>& o)
{
    auto* migrateCmd
        = edl->add_subcommand("migrate", "Move a job: scale out on new devices, then scale in the old workers");
    addTargetOptions(migrateCmd, o->target);
    migrateCmd->add_option("--from", o->from, "Workers to move away from (default: all)");
    migrateCmd->add_option(
        "--to", o->toDevices, "Devices to move to (cpu,cuda:2,...); default: as many on the next slots");
    addNumberAbove(migrateCmd, "--timeout", o->timeout, "Seconds to wait for each half", 0, 86400);
    migrateCmd->callback([&ctx, o] {
        JobClient job(resolve(o->target), { .name = "cli" });
        const auto events
            = migrate(job, { .from = splitList(o->from), .devices = splitList(o->toDevices), .timeoutS = o->timeout },
                ctx.progress(), ctx.cancel);
        if (ctx.json) {
            Json a = Json::array();
            for (const auto& e : events)
                a.push_back(toJson(e));
            printJson({ { "events", a } });
        } else {
            printEventsTable(events);
        }
    });

    auto* profile
        = edl->add_subcommand("profile", "Run a job at 1..N workers and record samples/s (the scaling curve)");
    addTargetOptions(profile, o->target);
    addNumber(profile, "--max-workers", o->maxWorkers, "Largest size to measure", 1, 64);
    addNumber(profile, "--steps", o->steps, "Steps measured at each size", 2, 100000);
    addNumberAbove(profile, "--timeout", o->timeout, "Seconds to wait at each size", 0, 86400);
    profile->callback([&ctx, o] {
        const JobAddress address = resolve(o->target);
        const ProfileRun run = runProfile(ctx.session(), address,
            { .maxWorkers = o->maxWorkers, .steps = o->steps, .timeoutS = o->timeout }, ctx.progress(), ctx.cancel);
        if (ctx.session() && run.runId == 0)
            ctx.note("the job has no running run in the session (start it with --session): the curve is not recorded");
        const auto& curve = run.curve;
        if (ctx.json) {
            Json a = Json::array();
            for (const auto& p : curve)
                a.push_back({ { "workers", p.workers }, { "samples_per_s", p.samplesPerS }, { "step_s", p.stepS } });
            printJson({ { "curve", a } });
            return;
        }
        std::vector<std::vector<std::string>> rows;
        for (const auto& p : curve)
            rows.push_back({ std::to_string(p.workers), std::to_string(static_cast<long long>(p.samplesPerS)),
                formatSeconds(p.stepS) });
        printTable({ "WORKERS", "SAMPLES/S", "STEP" }, rows);
    });
}

} // namespace

void addEdlCommands(CLI::App& app, Context& ctx)
{
    auto* edl = app.add_subcommand("edl", "Elastic data-parallel training: run, watch and resize jobs");
    edl->require_subcommand(1);

    auto o = std::make_shared<EdlOptions>();
    addRunCommands(edl, ctx, o);
    addWatchCommands(edl, ctx, o);
    addControlCommands(edl, ctx, o);
    addPolicyCommands(edl, ctx, o);
}

} // namespace vantage::cli
