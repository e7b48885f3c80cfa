#include "edl/job.h"

#include "common/error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace vantage::edl {

namespace {

template <typename T> std::vector<T> listField(const Json& j, std::string_view key, std::string_view where)
{
    return jsonFieldOr<std::vector<T>>(j, key, {}, where);
}

} // namespace

std::int64_t JobSpec::effectiveChunkSize() const
{
    if (chunkSize > 0)
        return chunkSize;
    const std::int64_t cap = std::max<std::int64_t>(1, globalBatch / 8);
    for (std::int64_t c = cap; c > 1; --c)
        if (globalBatch % c == 0)
            return c;
    return 1;
}

std::int64_t JobSpec::globalBatchAt(std::int64_t workers) const
{
    if (keepGlobalBatch || initialWorkers <= 0)
        return globalBatch;
    const std::int64_t perWorker = std::max<std::int64_t>(1, globalBatch / initialWorkers);
    return perWorker * std::max<std::int64_t>(1, workers);
}

double JobSpec::lrAt(std::int64_t workers) const
{
    if (keepGlobalBatch || !linearLrScaling || initialWorkers <= 0)
        return lr;
    return lr * static_cast<double>(std::max<std::int64_t>(1, workers)) / static_cast<double>(initialWorkers);
}

void JobSpec::validate() const
{
    const std::string name(enumName(trainer));
    if ((trainer == Trainer::Python) != !script.empty())
        throw Error::invalidInput(trainer == Trainer::Python
                ? "the python trainer needs the script"
                : "a script is run by the python trainer, not '" + name + "'")
            .forField("script");
    if (trainer == Trainer::TorchScript && model.empty())
        throw Error::invalidInput("the torchscript trainer needs the model file").forField("model");
    if (trainer == Trainer::TorchScript && data.empty())
        throw Error::invalidInput("the torchscript trainer needs the data (a folder or INPUTS.npy,TARGETS.npy)")
            .forField("data");
    if (trainer != Trainer::TorchScript && (!model.empty() || !data.empty()))
        throw Error::invalidInput("a model and data are trained by the torchscript trainer, not '" + name + "'")
            .forField("trainer");
    // Each number within its declared range (jobSpecParams, timeoutsParams), then what joins two.
    params::checkRanges(jobSpecParams(), *this);
    params::checkRanges(timeoutsParams(), timeouts, "timeouts.");
    if (globalBatch > samples)
        throw Error::invalidInput("the batch (" + std::to_string(globalBatch) + ") is larger than the data set ("
            + std::to_string(samples) + " samples)")
            .forField("batch");
    if (chunkSize > globalBatch)
        throw Error::invalidInput("must be between 0 (automatic) and the batch").forField("chunk_size");
    if (momentum >= 1.0)
        throw Error::invalidInput("must be in [0, 1)").forField("momentum");
    // Below this LibTorch does not even start; the limit is meant for the user's model.
    if (workerMemoryMb != 0 && workerMemoryMb < 256)
        throw Error::invalidInput("must be 0 (no limit) or 256..2^30 MiB").forField("worker_memory_mb");
    if (timeouts.failureS <= 2 * timeouts.heartbeatS)
        throw Error::invalidInput("must be more than two heartbeats").forField("timeouts.failure_s");
}

namespace {

// What a job trains: the trainer, and the user's module, data and loss or script.
params::Table<JobSpec> trainedParams()
{
    using S = JobSpec;
    return {
        params::choice(&S::trainer,
            { "trainer", "--trainer",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "What the job trains: a built-in model (mlp, cnn), your TorchScript module (torchscript) or "
                    "your Python script (python)") },
            kTrainers),
        params::text(&S::model,
            { "model", "--model",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Your TorchScript module (torch.jit.script(model).save(FILE)), trained instead of a built-in "
                    "model") },
            params::Type::Path),
        params::text(&S::data,
            { "data", "--data",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "The module's data: a folder with inputs.npy and targets.npy, or INPUTS.npy,TARGETS.npy (one "
                    "row per sample)") },
            params::Type::Path),
        params::choice(&S::loss,
            { "loss", "--loss",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "The module's loss: auto (its loss(output, target) method, else cross-entropy for integer "
                    "targets and squared error for float ones), cross_entropy or mse") },
            kLossFunctions),
        params::text(&S::script,
            { "script", "--script",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Your Python training script (its workers run `python SCRIPT ARGS...` and use the vantage_edl "
                    "module)") },
            params::Type::Path),
    };
}

// How a job trains: its numbers and flags.
params::Table<JobSpec> numberParams()
{
    using S = JobSpec;
    using params::number;
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    return {
        number(&S::samples,
            { "samples", "--samples",
                VANTAGE_TRANSLATE_NOOP("Params", "Size of the generated data set (sample ids 0 to N-1)") },
            1, std::int64_t(1) << 40),
        number(&S::epochs, { "epochs", "--epochs", VANTAGE_TRANSLATE_NOOP("Params", "Epochs over the data set") }, 1,
            100000),
        number(&S::globalBatch,
            { "batch", "--batch",
                VANTAGE_TRANSLATE_NOOP("Params", "Global batch (samples per step), constant across sizes") },
            1, std::int64_t(1) << 30),
        number(&S::chunkSize,
            { "chunk_size", "--chunk-size",
                VANTAGE_TRANSLATE_NOOP("Params", "Samples per ledger chunk (0: automatic)") },
            0, std::int64_t(1) << 40),
        number(&S::microBatch,
            { "micro_batch", "--micro-batch",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Most samples per forward/backward; more are accumulated (0: no limit)") },
            0, std::int64_t(1) << 30),
        number(&S::lr, { "lr", "--lr", VANTAGE_TRANSLATE_NOOP("Params", "Learning rate") }, 0.0, 1e3, true),
        number(&S::momentum, { "momentum", "--momentum", VANTAGE_TRANSLATE_NOOP("Params", "SGD momentum") }, 0.0, 1.0),
        params::flag(&S::keepGlobalBatch,
            { "keep_global_batch", "",
                VANTAGE_TRANSLATE_NOOP("Params", "Keep the global batch constant when workers join or leave") },
            { "--per-worker-batch", "Keep the per-worker batch instead (global batch grows with workers)" }),
        params::flag(&S::linearLrScaling,
            { "linear_lr_scaling", "--linear-lr",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "With the per-worker batch: scale the learning rate linearly with workers") }),
        number(&S::initialWorkers,
            { "initial_workers", "",
                VANTAGE_TRANSLATE_NOOP("Params", "Workers of the first generation (for batch and rate scaling)") },
            1, 1024),
        number(&S::seed,
            { "seed", "--seed",
                VANTAGE_TRANSLATE_NOOP("Params", "Seed of the data set, the model and the data order") },
            0, std::numeric_limits<std::uint64_t>::max()),
        number(&S::hidden,
            { "hidden", "--hidden", VANTAGE_TRANSLATE_NOOP("Params", "Hidden width (MLP) or channels (CNN)") }, 1,
            4096),
        number(&S::threads, { "threads", "", VANTAGE_TRANSLATE_NOOP("Params", "Torch threads per worker") }, 1, 256),
        number(&S::bucketBytes,
            { "bucket_bytes", "", VANTAGE_TRANSLATE_NOOP("Params", "Bytes per gradient allreduce bucket"), "B" }, 1024,
            kMax),
        number(&S::workerMemoryMb,
            { "worker_memory_mb", "--worker-memory",
                VANTAGE_TRANSLATE_NOOP("Params", "Address space of each worker process, MiB (0: no limit)"), "MiB" },
            0, std::int64_t(1) << 30),
        number(&S::workerCpuS,
            { "worker_cpu_s", "--worker-cpu",
                VANTAGE_TRANSLATE_NOOP("Params", "CPU time of each worker process, seconds (0: no limit)"), "s" },
            0, 100'000'000),
    };
}

} // namespace

const params::Table<JobSpec>& jobSpecParams()
{
    static const params::Table<JobSpec> table = [] {
        params::Table<JobSpec> out = trainedParams();
        for (auto& field : numberParams())
            out.push_back(std::move(field));
        return out;
    }();
    return table;
}

const params::Table<Timeouts>& timeoutsParams()
{
    using T = Timeouts;
    using params::number;
    constexpr double kDay = 86400.0; // no timeout is longer than a day
    static const params::Table<T> table = {
        number(&T::heartbeatS,
            { "heartbeat_s", "", VANTAGE_TRANSLATE_NOOP("Params", "Seconds between a worker's heartbeats"), "s" }, 0.0,
            kDay, true),
        number(&T::failureS,
            { "failure_s", "--failure-timeout",
                VANTAGE_TRANSLATE_NOOP("Params", "Seconds of silence before a worker counts as failed"), "s" },
            0.0, kDay, true),
        number(&T::collectiveS,
            { "collective_s", "--collective-timeout",
                VANTAGE_TRANSLATE_NOOP("Params", "Seconds a collective or rendezvous may take"), "s" },
            0.0, kDay, true),
        number(&T::stepS,
            { "step_s", "--step-timeout",
                VANTAGE_TRANSLATE_NOOP("Params", "Seconds a member may take to report a step"), "s" },
            0.0, kDay, true),
        number(&T::readyS,
            { "ready_s", "", VANTAGE_TRANSLATE_NOOP("Params", "Seconds a joiner may take to become ready"), "s" }, 0.0,
            kDay, true),
        number(&T::leaderS,
            { "leader_s", "",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Seconds a worker waits to hear from the leader before it ends the job"),
                "s" },
            0.0, kDay, true),
        number(&T::requestS,
            { "request_s", "", VANTAGE_TRANSLATE_NOOP("Params", "Seconds a client request may stay unanswered"), "s" },
            0.0, kDay, true),
    };
    return table;
}

Json toJson(const Timeouts& t)
{
    return params::toJson(timeoutsParams(), t);
}

Timeouts timeoutsFromJson(const Json& j)
{
    Timeouts t;
    // Named where a job spec holds them ("timeouts.collective_s"), as the user wrote it.
    params::readJson(timeoutsParams(), j, t, "timeouts", "timeouts.");
    return t;
}

Json toJson(const JobSpec& s)
{
    Json out = params::toJson(jobSpecParams(), s);
    out["timeouts"] = toJson(s.timeouts);
    return out;
}

JobSpec jobSpecFromJson(const Json& j)
{
    constexpr std::string_view w = "job spec";
    JobSpec s;
    params::readJson(jobSpecParams(), j, s, w);
    if (j.contains("timeouts"))
        s.timeouts = timeoutsFromJson(j["timeouts"]);
    s.validate();
    return s;
}

bool isFinal(JobState s)
{
    return s == JobState::Finished || s == JobState::Stopped || s == JobState::Failed;
}

std::int64_t JobStatus::activeWorkers() const
{
    return std::count_if(workers.begin(), workers.end(),
        [](const WorkerInfo& w) { return w.state == WorkerState::Active || w.state == WorkerState::Leaving; });
}

Json toJson(const WorkerInfo& w)
{
    return { { "id", w.id }, { "host", w.host }, { "device", w.device }, { "state", enumName(w.state) },
        { "rank", w.rank }, { "pid", w.pid }, { "step_s", w.stepTimeS }, { "chunks_done", w.chunksDone },
        { "samples_done", w.samplesDone } };
}

WorkerInfo workerInfoFromJson(const Json& j)
{
    constexpr std::string_view w = "worker";
    WorkerInfo i;
    i.id = jsonField<std::string>(j, "id", w);
    i.host = jsonFieldOr<std::string>(j, "host", {}, w);
    i.device = jsonFieldOr<std::string>(j, "device", {}, w);
    i.state = enumFromName<WorkerState>(jsonField<std::string>(j, "state", w));
    i.rank = jsonFieldOr<int>(j, "rank", -1, w);
    i.pid = jsonFieldOr<std::int64_t>(j, "pid", 0, w);
    i.stepTimeS = jsonFieldOr<double>(j, "step_s", 0.0, w);
    i.chunksDone = jsonFieldOr<std::int64_t>(j, "chunks_done", 0, w);
    i.samplesDone = jsonFieldOr<std::int64_t>(j, "samples_done", 0, w);
    return i;
}

Json toJson(const ScaleEvent& e)
{
    return { { "step", e.step }, { "kind", enumName(e.kind) }, { "workers_before", e.workersBefore },
        { "workers_after", e.workersAfter }, { "pause_s", e.pauseS }, { "generation", e.generation },
        { "joined", e.joined }, { "left", e.left } };
}

ScaleEvent scaleEventFromJson(const Json& j)
{
    constexpr std::string_view w = "scale event";
    ScaleEvent e;
    e.step = jsonField<std::int64_t>(j, "step", w);
    e.kind = enumFromName<ScaleKind>(jsonField<std::string>(j, "kind", w));
    e.workersBefore = jsonField<std::int64_t>(j, "workers_before", w);
    e.workersAfter = jsonField<std::int64_t>(j, "workers_after", w);
    e.pauseS = jsonField<double>(j, "pause_s", w);
    e.generation = jsonFieldOr<std::int64_t>(j, "generation", 0, w);
    e.joined = listField<std::string>(j, "joined", w);
    e.left = listField<std::string>(j, "left", w);
    return e;
}

Json toJson(const JobStatus& s)
{
    Json workers = Json::array();
    for (const auto& w : s.workers)
        workers.push_back(toJson(w));
    Json events = Json::array();
    for (const auto& e : s.scaleEvents)
        events.push_back(toJson(e));
    return { { "job", s.jobId }, { "state", enumName(s.state) }, { "message", s.message }, { "trainer", s.trainer },
        { "generation", s.generation }, { "step", s.step }, { "epoch", s.epoch }, { "epochs", s.epochs },
        { "batch", s.globalBatch }, { "loss", s.loss }, { "throughput", s.throughput }, { "workers", workers },
        { "scale_events", events }, { "elapsed_s", s.elapsedS }, { "launcher", s.launcher },
        { "leader", { { "host", s.leaderHost }, { "endpoint", s.leaderEndpoint } } } };
}

JobStatus jobStatusFromJson(const Json& j)
{
    constexpr std::string_view w = "status";
    JobStatus s;
    s.jobId = jsonFieldOr<std::string>(j, "job", {}, w);
    s.state = enumFromName<JobState>(jsonField<std::string>(j, "state", w));
    s.message = jsonFieldOr<std::string>(j, "message", {}, w);
    s.trainer = jsonFieldOr<std::string>(j, "trainer", {}, w);
    s.generation = jsonFieldOr<std::int64_t>(j, "generation", 0, w);
    s.step = jsonFieldOr<std::int64_t>(j, "step", 0, w);
    s.epoch = jsonFieldOr<std::int64_t>(j, "epoch", 0, w);
    s.epochs = jsonFieldOr<std::int64_t>(j, "epochs", 0, w);
    s.globalBatch = jsonFieldOr<std::int64_t>(j, "batch", 0, w);
    s.loss = jsonFieldOr<double>(j, "loss", 0.0, w);
    s.throughput = jsonFieldOr<double>(j, "throughput", 0.0, w);
    s.elapsedS = jsonFieldOr<double>(j, "elapsed_s", 0.0, w);
    s.launcher = jsonFieldOr<std::string>(j, "launcher", {}, w);
    if (j.contains("leader")) {
        const Json& leader = j["leader"];
        if (!leader.is_object())
            throw Error::invalidInput("status: 'leader' must be an object").forField("leader");
        s.leaderHost = jsonFieldOr<std::string>(leader, "host", {}, "status leader");
        s.leaderEndpoint = jsonFieldOr<std::string>(leader, "endpoint", {}, "status leader");
    }
    if (j.contains("workers"))
        for (const auto& x : j["workers"])
            s.workers.push_back(workerInfoFromJson(x));
    if (j.contains("scale_events"))
        for (const auto& x : j["scale_events"])
            s.scaleEvents.push_back(scaleEventFromJson(x));
    return s;
}

std::string_view JobEvent::kind() const
{
    struct Visitor {
        std::string_view operator()(const StepEvent&) const { return "step"; }
        std::string_view operator()(const MembershipEvent&) const { return "membership"; }
        std::string_view operator()(const GenerationEvent&) const { return "generation"; }
        std::string_view operator()(const ScaleEvent&) const { return "scale"; }
        std::string_view operator()(const FailureEvent&) const { return "failure"; }
        std::string_view operator()(const EpochEvent&) const { return "epoch"; }
        std::string_view operator()(const JobStateEvent&) const { return "job"; }
        std::string_view operator()(const LogEvent&) const { return "log"; }
    };
    return std::visit(Visitor{}, payload);
}

Json toJson(const JobEvent& e)
{
    struct Visitor {
        Json operator()(const StepEvent& s) const
        {
            return { { "step", s.step }, { "epoch", s.epoch }, { "generation", s.generation }, { "loss", s.loss },
                { "samples", s.samples }, { "throughput", s.throughput }, { "step_s", s.stepS },
                { "worker_step_s", s.workerStepS }, { "workers", s.workers } };
        }
        Json operator()(const MembershipEvent& m) const
        {
            Json a = Json::array();
            for (const auto& w : m.workers)
                a.push_back(toJson(w));
            return { { "workers", a } };
        }
        Json operator()(const GenerationEvent& g) const
        {
            return { { "generation", g.generation }, { "members", g.members }, { "reason", g.reason },
                { "restore", g.restore } };
        }
        Json operator()(const ScaleEvent& s) const { return toJson(s); }
        Json operator()(const FailureEvent& f) const
        {
            return { { "worker", f.worker }, { "reason", f.reason }, { "silent_s", f.silentS }, { "step", f.step },
                { "member", f.member } };
        }
        Json operator()(const EpochEvent& ep) const
        {
            return { { "epoch", ep.epoch }, { "samples", ep.samples }, { "seen_once", ep.seenOnce } };
        }
        Json operator()(const JobStateEvent& j) const
        {
            return { { "state", enumName(j.state) }, { "message", j.message }, { "final_loss", j.finalLoss } };
        }
        Json operator()(const LogEvent& l) const { return { { "level", enumName(l.level) }, { "text", l.text } }; }
    };
    return { { "seq", e.seq }, { "time_s", e.timeS }, { "kind", e.kind() },
        { "data", std::visit(Visitor{}, e.payload) } };
}

JobEvent jobEventFromJson(const Json& j)
{
    constexpr std::string_view w = "event";
    JobEvent e;
    e.seq = jsonField<std::int64_t>(j, "seq", w);
    e.timeS = jsonFieldOr<double>(j, "time_s", 0.0, w);
    const auto kind = jsonField<std::string>(j, "kind", w);
    const Json& d = detail::requireObjectKey(j, "data", w);
    if (kind == "step") {
        StepEvent s;
        s.step = jsonField<std::int64_t>(d, "step", w);
        s.epoch = jsonFieldOr<std::int64_t>(d, "epoch", 0, w);
        s.generation = jsonFieldOr<std::int64_t>(d, "generation", 0, w);
        s.loss = jsonField<double>(d, "loss", w);
        s.samples = jsonFieldOr<std::int64_t>(d, "samples", 0, w);
        s.throughput = jsonFieldOr<double>(d, "throughput", 0.0, w);
        s.stepS = jsonFieldOr<double>(d, "step_s", 0.0, w);
        s.workerStepS = jsonFieldOr<std::map<std::string, double>>(d, "worker_step_s", {}, w);
        s.workers = jsonFieldOr<std::int64_t>(d, "workers", 0, w);
        e.payload = s;
    } else if (kind == "membership") {
        MembershipEvent m;
        if (d.contains("workers"))
            for (const auto& x : d["workers"])
                m.workers.push_back(workerInfoFromJson(x));
        e.payload = m;
    } else if (kind == "generation") {
        GenerationEvent g;
        g.generation = jsonField<std::int64_t>(d, "generation", w);
        g.members = listField<std::string>(d, "members", w);
        g.reason = jsonFieldOr<std::string>(d, "reason", {}, w);
        g.restore = jsonFieldOr<bool>(d, "restore", false, w);
        e.payload = g;
    } else if (kind == "scale") {
        e.payload = scaleEventFromJson(d);
    } else if (kind == "failure") {
        FailureEvent f;
        f.worker = jsonField<std::string>(d, "worker", w);
        f.reason = jsonFieldOr<std::string>(d, "reason", {}, w);
        f.silentS = jsonFieldOr<double>(d, "silent_s", 0.0, w);
        f.step = jsonFieldOr<std::int64_t>(d, "step", 0, w);
        f.member = jsonFieldOr<bool>(d, "member", false, w);
        e.payload = f;
    } else if (kind == "epoch") {
        EpochEvent ep;
        ep.epoch = jsonField<std::int64_t>(d, "epoch", w);
        ep.samples = jsonFieldOr<std::int64_t>(d, "samples", 0, w);
        ep.seenOnce = jsonFieldOr<std::int64_t>(d, "seen_once", 0, w);
        e.payload = ep;
    } else if (kind == "job") {
        JobStateEvent js;
        js.state = enumFromName<JobState>(jsonField<std::string>(d, "state", w));
        js.message = jsonFieldOr<std::string>(d, "message", {}, w);
        js.finalLoss = jsonFieldOr<double>(d, "final_loss", 0.0, w);
        e.payload = js;
    } else if (kind == "log") {
        e.payload = LogEvent{ enumFromName<LogLevel>(jsonFieldOr<std::string>(d, "level", "info", w)),
            jsonFieldOr<std::string>(d, "text", {}, w) };
    } else {
        throw Error::invalidInput("unknown event kind '" + kind + "'").forField("kind");
    }
    return e;
}

Json toJson(const JobAddress& a)
{
    return { { "endpoint", a.endpoint }, { "token", a.token }, { "job", a.jobId }, { "dir", a.jobDir },
        { "leader_pid", a.leaderPid }, { "store_port", a.storePort } };
}

JobAddress jobAddressFromJson(const Json& j, std::string_view where)
{
    JobAddress a;
    a.endpoint = jsonField<std::string>(j, "endpoint", where);
    a.token = jsonField<std::string>(j, "token", where);
    a.jobId = jsonFieldOr<std::string>(j, "job", {}, where);
    a.jobDir = jsonFieldOr<std::string>(j, "dir", {}, where);
    a.storePort = jsonFieldOr<int>(j, "store_port", 0, where);
    a.leaderPid = jsonFieldOr<std::int64_t>(j, "leader_pid", 0, where);
    if (a.endpoint.rfind("tcp://", 0) != 0)
        throw Error::invalidInput("must be a tcp:// endpoint").forField("endpoint");
    return a;
}

} // namespace vantage::edl
