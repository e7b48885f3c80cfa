#pragma once
// The elastic API for a training program (what runs on each worker). A program builds its model and
// optimizer as usual, hands them to an ElasticContext, and loops:
//
//   edl::ElasticContext ctx;                      // init from the environment the launcher set
//   ctx.attach(*model, optimizer);                // the state that is committed and sent to joiners
//   while (auto step = ctx.nextStep()) {          // per-step hook + elastic data iterator
//       optimizer.zero_grad();
//       double lossSum = 0;
//       for (auto ids : step->microBatches()) { auto loss = sumLoss(model, ids); loss.backward(); ... }
//       if (ctx.allreduceGradients())             // over the current c10d group
//           optimizer.step();
//       ctx.commit(lossSum, step->sampleIds);     // the leader commits the step (or rolls it back)
//   }
//
// nextStep() is where topology changes happen: joining a new generation (rendezvous, state from one
// member), leaving, or restoring the last commit after a failure. The program never sees them.
// This header names torch types only by declaration; a training program includes <torch/torch.h>.

#include "edl/job.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace torch::nn {
class Module;
}
namespace torch::optim {
class Optimizer;
}
namespace at {
class Tensor;
}

namespace vantage::edl {

// What the launcher tells a worker (VANTAGE_EDL_* variables; the token may come on stdin instead).
struct WorkerEnvironment {
    std::string endpoint; // VANTAGE_EDL_ENDPOINT: the leader's control endpoint
    std::string token; // VANTAGE_EDL_TOKEN
    std::string workerId; // VANTAGE_EDL_WORKER_ID
    std::string jobId; // VANTAGE_EDL_JOB
    std::string glooHost = "127.0.0.1"; // VANTAGE_EDL_GLOO_HOST: where this worker's data plane listens
    std::string device = "cpu"; // VANTAGE_EDL_DEVICE: "cpu" or "cuda" (CUDA_VISIBLE_DEVICES picks the GPU)
    // Set by the process (signal handler, closed stdin) to end the job gracefully; may be null.
    const std::atomic<bool>* terminate = nullptr;

    // Reads the variables; throws Error::invalidInput naming a missing one.
    static WorkerEnvironment fromEnvironment();
    // The token from the first line of stdin (ssh launches; read byte by byte, so nothing after it is
    // swallowed); afterwards a closed stdin (the leader's side is gone) sets `closed`, which should
    // be `terminate`. Throws Error::invalidInput when there is none.
    void readTokenFromStdin(std::atomic<bool>& closed);
};

// This worker's part of one step: its sample ids and how to cut them into micro-batches.
struct StepBatch {
    std::int64_t step = 0;
    std::int64_t epoch = 0;
    std::int64_t generation = 0;
    std::vector<std::int64_t> sampleIds; // this worker's share of the global batch
    std::int64_t globalSamples = 0; // the whole group's samples in this step
    std::int64_t microBatch = 0; // at most this many per forward/backward; 0: all at once
    double lr = 0.0; // already set on the optimizer
    std::int64_t rank = 0;
    std::int64_t worldSize = 1;

    // sampleIds cut into micro-batches (gradient accumulation); one span when microBatch is 0.
    std::vector<std::span<const std::int64_t>> microBatches() const;
};

// Why a worker's loop ended.
enum class EndReason {
    None,
    Finished,
    Stopped,
    Left,
    JobFailed,
    LeaderLost,
    Terminated,
    Restart
};
// Its names: what a worker says as it ends and the Python API's end_reason (python/vantage/edl).
inline constexpr EnumTable<EndReason, 8> kEndReasons{ .field = "end_reason",
    .entries
    = { { { EndReason::None, "running" }, { EndReason::Finished, "finished" }, { EndReason::Stopped, "stopped" },
        { EndReason::Left, "left" }, { EndReason::JobFailed, "job failed" }, { EndReason::LeaderLost, "leader lost" },
        { EndReason::Terminated, "terminated" }, { EndReason::Restart, "restart" } } },
    .what = "end reason" };
constexpr const auto& enumTable(EndReason)
{
    return kEndReasons;
}
// What a worker process exits with when its loop ended for `r` (vantage-edl-worker and Python
// scripts alike): 0 finished, stopped, left or restarting, 3 leader lost, 4 job failed, 5 terminated,
// 1 otherwise.
int workerExitCode(EndReason r);

// What the context commits, restores, hashes and sends to joiners, for a model and optimizer it does
// not own: C++ modules (attach(Module&, Optimizer&)) and Python's nn.Module and torch.optim
// (python/vantage_edl.cpp) both come in through it.
class TrainingState {
public:
    virtual ~TrainingState() = default;
    // The parameters, in a fixed order; their gradients are what allreduceGradients() sums.
    virtual std::vector<at::Tensor> parameters() = 0;
    // The model's and the optimizer's whole state as bytes, and back (on the context's device).
    virtual std::string serialize() = 0;
    virtual void load(const std::string& bytes) = 0;
    virtual void setLearningRate(double lr) = 0;
};

class ElasticContext {
public:
    // Connects to the leader and registers (hello -> welcome). Throws vantage::Error.
    explicit ElasticContext(WorkerEnvironment env = WorkerEnvironment::fromEnvironment());
    ~ElasticContext();
    ElasticContext(const ElasticContext&) = delete;
    ElasticContext& operator=(const ElasticContext&) = delete;

    const JobSpec& spec() const;
    const std::string& workerId() const;
    // "cpu" or "cuda:0" (the GPU CUDA_VISIBLE_DEVICES left visible); what to move the model to.
    std::string device() const;

    // The model and optimizer whose state is committed, restored and sent to joiners. Call once,
    // before the first nextStep(), after the model is on device(); parameters must not be replaced
    // afterwards. Loads the job's checkpoint when the leader asks this worker to restore one.
    void attach(torch::nn::Module& model, torch::optim::Optimizer& optimizer);
    // The same for any other kind of model; `state` must outlive the context's use of it. The shapes
    // of its parameters are fixed here: a step whose parameters differ is refused, naming the first.
    void attach(TrainingState& state);

    // The per-step hook and the data iterator: reports READY on the first call, carries out any
    // pending switch (join, leave, restore), sets the learning rate, and returns this worker's samples
    // of the next step. nullopt when the job is over for this worker (see endReason()).
    std::optional<StepBatch> nextStep();

    // Sums the gradients over the group and divides them by the step's global sample count (the
    // program's loss is a sum over its samples), so the update equals one of a single worker with
    // the global batch. false when the group failed (a peer died): call commit() all the same; the
    // step is rolled back and the program's next nextStep() restores the last commit.
    [[nodiscard]] bool allreduceGradients();

    // Reports the step (its summed loss and the sample ids actually trained) and waits for the
    // leader. true: committed, the in-memory state is the new commit point; false: rolled back.
    bool commit(double lossSum, std::span<const std::int64_t> trainedIds);

    EndReason endReason() const;
    std::string endMessage() const;
    // The hash of the parameters (FNV-1a over their bytes), equal on every member after each step.
    std::string parameterHash() const;
    // Writes the last committed state (model, optimizer, step) to a checkpoint file.
    void saveCommitted(const std::filesystem::path& file) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Reads a checkpoint's header, as written by saveCommitted():
// {format, version, job, worker, step, epoch, generation, param_hash, bytes, checksum}, and checks
// the state against its size and checksum; a damaged file is Error::invalidInput naming it.
Json inspectCheckpoint(const std::filesystem::path& file);

} // namespace vantage::edl
