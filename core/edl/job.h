#pragma once
// What an elastic job is, in plain structs shared by the leader, the workers and the clients: the
// training spec every worker receives, the timeouts, the state of workers and of the job, and the
// events the leader streams to subscribers (a GUI page draws these). All convert to and from the
// JSON bodies of the control-plane messages (protocol.h); parsing names the bad field.

#include "common/json.h"
#include "common/params.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace vantage::edl {

// Every timeout of the job, in seconds. Nothing in an elastic job waits without one.
struct Timeouts {
    double heartbeatS = 0.25; // a worker's heartbeat period
    double failureS = 3.0; // a worker not heard for this long is failed
    double collectiveS = 10.0; // a collective or a rendezvous that takes longer fails the step
    double stepS = 120.0; // a member that reports no step for this long is failed
    double readyS = 120.0; // a joiner not READY after this long is given up
    double leaderS = 5.0; // a worker that hears nothing from the leader this long ends the job
    double requestS = 5.0; // a client request unanswered this long fails
};

// What a job trains: a built-in model ("mlp", "cnn"), the user's TorchScript module on the user's
// data ("torchscript"), or the user's training script ("python"), whose workers use the Python
// elastic API (python/vantage_edl.cpp) and whose command line is LeaderOptions::workerCommand.
enum class Trainer {
    Mlp,
    Cnn,
    TorchScript,
    Python
};
inline constexpr EnumTable<Trainer, 4> kTrainers{ .field = "trainer",
    .entries = { { { Trainer::Mlp, "mlp" }, { Trainer::Cnn, "cnn" }, { Trainer::TorchScript, "torchscript" },
        { Trainer::Python, "python" } } },
    .what = "trainer" };
constexpr const auto& enumTable(Trainer)
{
    return kTrainers;
}

// The loss of the user's module: "auto" (the module's loss(output, target) method when it has
// one, else cross-entropy for integer targets and squared error for float ones), "cross_entropy"
// (also read as "cross-entropy", as vantage-cli has always taken it) or "mse".
enum class LossFunction {
    Auto,
    CrossEntropy,
    Mse
};
inline constexpr EnumTable<LossFunction, 4> kLossFunctions{ .field = "loss",
    .entries = { { { LossFunction::Auto, "auto" }, { LossFunction::CrossEntropy, "cross_entropy" },
        { LossFunction::CrossEntropy, "cross-entropy" }, { LossFunction::Mse, "mse" } } },
    .what = "loss" };
constexpr const auto& enumTable(LossFunction)
{
    return kLossFunctions;
}

// What and how a job trains; sent to every worker in `welcome`.
struct JobSpec {
    Trainer trainer = Trainer::Mlp;
    // Trainer::TorchScript: the user's module (its forward, and its loss(output, target) method when
    // it has one), its data (user_data.h: a folder or "INPUTS.npy,TARGETS.npy") and its loss. Paths
    // as every worker sees them.
    std::string model;
    std::string data;
    LossFunction loss = LossFunction::Auto;
    std::string script; // Trainer::Python: the script, as every worker sees it
    // The defaults start a job worth watching and scaling (3 epochs of 512 steps, ~15 s for the MLP
    // on two CPU workers), in vantage-cli and on the page alike (docs/edl.md).
    std::int64_t samples = 65536; // data set: sample ids 0..samples-1 (the user's data: its rows)
    std::int64_t epochs = 3;
    std::int64_t globalBatch = 128; // samples per step, kept constant across sizes by default
    std::int64_t chunkSize = 0; // samples per ledger chunk; 0: the largest divisor of the batch <= batch/8
    std::int64_t microBatch = 0; // most samples per forward/backward (gradient accumulation); 0: no limit
    double lr = 0.05;
    double momentum = 0.9;
    bool keepGlobalBatch = true; // false: per-worker batch fixed, global batch = per-worker x N
    bool linearLrScaling = false; // with keepGlobalBatch=false: lr x N / initial N
    std::int64_t initialWorkers = 1; // the N of the first generation (for the two options above)
    std::uint64_t seed = 1;
    std::int64_t hidden = 64; // hidden width (MLP) or channels (CNN)
    std::int64_t threads = 1; // torch intra-op threads per worker
    std::int64_t bucketBytes = 1 << 20; // gradient allreduce bucket size
    // Limits of each worker process, where the user's model runs (0: none): its address space, MiB
    // (RLIMIT_AS), and its CPU time, seconds (RLIMIT_CPU: the worker is killed past it).
    std::int64_t workerMemoryMb = 0;
    std::int64_t workerCpuS = 0;
    Timeouts timeouts;

    // The chunk size actually used (resolves 0) and the global batch at N workers.
    std::int64_t effectiveChunkSize() const;
    std::int64_t globalBatchAt(std::int64_t workers) const;
    double lrAt(std::int64_t workers) const;
    // Throws Error::invalidInput naming the field.
    void validate() const;
};

// The fields of JobSpec (keys "trainer", "model", ..., "samples", "epochs", "batch", ...), declared
// once for vantage-cli's edl run and start, the EDL page, the job file and the wire.
const params::Table<JobSpec>& jobSpecParams();
// The fields of Timeouts (keys "heartbeat_s", "failure_s", ...), declared once for vantage-cli's
// --failure-timeout, --collective-timeout and --step-timeout, the job file and the wire.
const params::Table<Timeouts>& timeoutsParams();
Json toJson(const Timeouts& t);
Json toJson(const JobSpec& spec);
Timeouts timeoutsFromJson(const Json& j);
JobSpec jobSpecFromJson(const Json& j); // validates

enum class WorkerState {
    Starting, // launched, not registered yet
    Loading, // registered, loading its context and model in the background
    Ready, // loaded, waiting for the next switch
    Active, // a member of the current generation
    Leaving, // asked to leave at the next step boundary
    Left, // left gracefully
    Failed // died, timed out or was dropped
};
inline constexpr EnumTable<WorkerState, 7> kWorkerStates{ .field = "state",
    .entries = { { { WorkerState::Starting, "starting" }, { WorkerState::Loading, "loading" },
        { WorkerState::Ready, "ready" }, { WorkerState::Active, "active" }, { WorkerState::Leaving, "leaving" },
        { WorkerState::Left, "left" }, { WorkerState::Failed, "failed" } } },
    .what = "worker state" };
constexpr const auto& enumTable(WorkerState)
{
    return kWorkerStates;
}

enum class JobState {
    Starting,
    Running,
    Finished,
    Stopped,
    Failed
};
inline constexpr EnumTable<JobState, 5> kJobStates{ .field = "state",
    .entries = { { { JobState::Starting, "starting" }, { JobState::Running, "running" },
        { JobState::Finished, "finished" }, { JobState::Stopped, "stopped" }, { JobState::Failed, "failed" } } },
    .what = "job state" };
constexpr const auto& enumTable(JobState)
{
    return kJobStates;
}
bool isFinal(JobState s);

struct WorkerInfo {
    std::string id; // "w0", "w1", ...
    std::string host; // "localhost" or the ssh host
    std::string device; // "cpu", "cuda:1"
    WorkerState state = WorkerState::Starting;
    int rank = -1; // rank in the current generation, -1 when not a member
    std::int64_t pid = 0; // local process id (of ssh for remote workers)
    double stepTimeS = 0.0; // compute time of its last step
    std::int64_t chunksDone = 0; // committed chunks this epoch
    std::int64_t samplesDone = 0; // committed samples, whole job
};

// One change of the job's size, with its measured pause: seconds between the last step committed in
// the old configuration and the first step started in the new one.
// What changed the membership: workers added, removed, lost, or moved (joiners and leavers in
// one generation). On the wire and in reports: "scale_out", "scale_in", "failure", "migration".
enum class ScaleKind {
    ScaleOut,
    ScaleIn,
    Failure,
    Migration
};
inline constexpr EnumTable<ScaleKind, 4> kScaleKinds{ .field = "kind",
    .entries = { { { ScaleKind::ScaleOut, "scale_out" }, { ScaleKind::ScaleIn, "scale_in" },
        { ScaleKind::Failure, "failure" }, { ScaleKind::Migration, "migration" } } },
    .what = "scale event kind" };
constexpr const auto& enumTable(ScaleKind)
{
    return kScaleKinds;
}

struct ScaleEvent {
    std::int64_t step = 0;
    ScaleKind kind = ScaleKind::ScaleOut;
    std::int64_t workersBefore = 0;
    std::int64_t workersAfter = 0;
    double pauseS = 0.0;
    std::int64_t generation = 0; // the new generation
    std::vector<std::string> joined;
    std::vector<std::string> left;
};

struct JobStatus {
    std::string jobId;
    JobState state = JobState::Starting;
    std::string message; // why it failed or stopped
    std::string trainer;
    std::int64_t generation = 0;
    std::int64_t step = 0; // committed steps
    std::int64_t epoch = 0;
    std::int64_t epochs = 0;
    std::int64_t globalBatch = 0;
    double loss = 0.0; // of the last committed step
    double throughput = 0.0; // samples/s over the last second of steps
    std::vector<WorkerInfo> workers;
    std::vector<ScaleEvent> scaleEvents;
    double elapsedS = 0.0;
    std::string launcher; // how workers are started: "local", "ssh", "slurm"
    std::string leaderHost; // the host the leader runs on (its hostname)
    std::string leaderEndpoint; // where workers reach the leader
    std::int64_t activeWorkers() const;
};

// Events the leader pushes to subscribers.
struct StepEvent {
    std::int64_t step = 0;
    std::int64_t epoch = 0;
    std::int64_t generation = 0;
    double loss = 0.0;
    std::int64_t samples = 0;
    double throughput = 0.0; // samples/s
    double stepS = 0.0; // wall time of the step at the leader
    std::map<std::string, double> workerStepS; // compute time per worker
    std::int64_t workers = 0;
};
struct MembershipEvent {
    std::vector<WorkerInfo> workers;
};
struct GenerationEvent {
    std::int64_t generation = 0;
    std::vector<std::string> members; // in rank order
    std::string reason; // "start", "scale_out", "scale_in", "failure", "restore"
    bool restore = false; // the members rolled back to the last commit
};
struct FailureEvent {
    std::string worker;
    std::string reason;
    double silentS = 0.0; // how long it had been silent when detected
    std::int64_t step = 0;
    bool member = false; // false: a joiner, the group was untouched
};
struct EpochEvent {
    std::int64_t epoch = 0;
    std::int64_t samples = 0;
    std::int64_t seenOnce = 0; // samples committed exactly once (== samples when the ledger holds)
};
struct JobStateEvent {
    JobState state = JobState::Starting;
    std::string message;
    double finalLoss = 0.0;
};
// "info" and "warning" on the wire.
enum class LogLevel {
    Info,
    Warning
};
inline constexpr EnumTable<LogLevel, 2> kLogLevels{ .field = "level",
    .entries = { { { LogLevel::Info, "info" }, { LogLevel::Warning, "warning" } } },
    .what = "log level" };
constexpr const auto& enumTable(LogLevel)
{
    return kLogLevels;
}

struct LogEvent {
    LogLevel level = LogLevel::Info;
    std::string text;
};

struct JobEvent {
    std::int64_t seq = 0; // increasing, per job
    double timeS = 0.0; // since the job started
    std::variant<StepEvent, MembershipEvent, GenerationEvent, ScaleEvent, FailureEvent, EpochEvent, JobStateEvent,
        LogEvent>
        payload;
    std::string_view kind() const; // "step", "membership", "generation", "scale", "failure", "epoch", "job", "log"
};

Json toJson(const WorkerInfo& w);
Json toJson(const ScaleEvent& e);
Json toJson(const JobStatus& s);
Json toJson(const JobEvent& e);
WorkerInfo workerInfoFromJson(const Json& j);
ScaleEvent scaleEventFromJson(const Json& j);
JobStatus jobStatusFromJson(const Json& j);
JobEvent jobEventFromJson(const Json& j);

// Where a running job listens and the secret to talk to it; what `edl start` prints and what a GUI
// keeps to re-attach after a restart (the job file in the job folder, mode 0600).
struct JobAddress {
    std::string endpoint; // "tcp://127.0.0.1:40123"
    std::string token;
    std::string jobId;
    std::string jobDir;
    std::int64_t leaderPid = 0;
    int storePort = 0; // the rendezvous store's port, on the endpoint's host (0: not known)
};
Json toJson(const JobAddress& a);
JobAddress jobAddressFromJson(const Json& j, std::string_view where = "job file");

} // namespace vantage::edl
