// LibTorch translation unit: the worker runtime of an elastic job. c10d carries all data (gradient
// allreduce, state broadcast to joiners) over a process group per generation (Gloo on CPU, NCCL on
// GPU when this LibTorch has it); the leader is only told about steps, over the control plane.
#include "edl/elastic.h"

#include "common/devices.h"
#include "common/error.h"
#include "common/messages.h"
#include "edl/checkpoint_p.h"
#include "edl/protocol.h"
#include "edl/store_client_p.h"
#include "edl/transport.h"
#include "edl/worker_watchdog_p.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#ifdef USE_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif
#include <torch/torch.h>
#include <torch/version.h>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace vantage::edl {

// The c10d collectives of a group: ProcessGroupGloo and ProcessGroupNCCL are ProcessGroups in
// LibTorch 1.13 and Backends (the same collectives, no process-group wrapper) in 2.x.
#if TORCH_VERSION_MAJOR >= 2
using Collectives = c10d::Backend;
#else
using Collectives = c10d::ProcessGroup;
#endif

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

std::chrono::milliseconds millis(double seconds)
{
    return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000.0));
}

// Thrown inside the runtime to end the worker's loop; deliberately not a std::exception, so that the
// handlers for failed collectives never swallow it.
struct EndSignal {
    EndReason reason;
    std::string message;
};

// JSON has no NaN or infinity: a non-finite loss travels as its name, for the leader to end the job
// with a clear message instead of failing to read a null.
Json lossJson(double lossSum)
{
    if (std::isfinite(lossSum))
        return lossSum;
    return std::isnan(lossSum) ? "nan" : (lossSum > 0 ? "inf" : "-inf");
}

struct Fault {
    std::int64_t step = 0;
    std::string phase;
    std::int64_t slowMs = 0;
};

} // namespace

struct ElasticContext::Impl {
    WorkerEnvironment env;
    JobSpec spec;
    std::string jobDir;
    std::string restoreFrom;
    std::vector<Fault> faults;
    std::unique_ptr<Channel> channel;
    std::string storeHost;
    int storePort = 0;

    // Heartbeats run on their own thread and socket; the main thread reads lastAck.
    std::thread heartbeat;
    std::mutex hbMutex;
    std::condition_variable hbWake;
    bool hbStop = false;
    std::atomic<double> lastAckS{ 0.0 }; // seconds since `born` of the last answer
    std::atomic<bool> removed{ false };
    std::string removedWhy; // written once before `removed` is set
    Clock::time_point born = Clock::now();

    std::unique_ptr<TrainingState> ownState; // the adapter of a C++ module and optimizer
    TrainingState* state = nullptr;
    std::vector<std::vector<std::int64_t>> shapes; // of the parameters, as attached
    torch::Device device{ torch::kCPU };
    c10::intrusive_ptr<c10d::Store> store;
    std::shared_ptr<::gloo::transport::Device> glooDevice;
    c10::intrusive_ptr<Collectives> group;
    std::int64_t generation = 0;
    std::int64_t rank = -1;
    std::int64_t size = 0;

    std::unique_ptr<WorkerWatchdog> watchdog; // ends the process if the training thread cannot
    // The commit point, also read by the watchdog's thread when it saves the last commit itself.
    mutable std::mutex commitMutex;
    bool savedLastCommit = false;
    std::string committed; // serialized state at the last commit point
    std::int64_t committedStep = -1;
    std::int64_t committedEpoch = 0;
    std::string committedHash;
    bool started = false;
    std::optional<Message> pending; // the leader's answer to the last commit, acted on by nextStep
    std::optional<StepBatch> batch;
    bool stepFailed = false;
    std::string stepFailure;
    Clock::time_point computeStart;
    double computeS = 0.0;
    double allreduceS = 0.0;
    EndReason ended = EndReason::None;
    std::string endMessage;

    ~Impl()
    {
        watchdog.reset();
        {
            std::lock_guard<std::mutex> lock(hbMutex);
            hbStop = true;
        }
        hbWake.notify_all();
        if (heartbeat.joinable())
            heartbeat.join();
        try {
            dropGroup();
        } catch (...) { // a destructor never throws; the process is ending anyway
        }
    }

    void heartbeatLoop()
    {
        try {
            Channel hb(env.endpoint, env.token, env.workerId);
            hb.setJob(env.jobId);
            const double period = spec.timeouts.heartbeatS;
            for (;;) {
                {
                    std::unique_lock<std::mutex> lock(hbMutex);
                    if (hbWake.wait_for(lock, millis(period), [this] { return hbStop; }))
                        return;
                }
                try {
                    Message m;
                    m.type = std::string(msg::Heartbeat);
                    hb.request(m, std::max(period * 4, 1.0));
                    lastAckS = since(born);
                } catch (const Error& e) {
                    if (e.kind() == Error::Kind::InvalidInput) {
                        removedWhy = e.message();
                        removed = true;
                        return;
                    }
                    // No answer: main thread decides from lastAck when the leader counts as lost.
                }
            }
        } catch (const std::exception& e) {
            removedWhy = std::string("heartbeat channel failed: ") + e.what();
            removed = true;
        }
    }

    // Called while waiting for the leader: gives up when the leader went silent or we must stop.
    void check()
    {
        if (env.terminate && env.terminate->load())
            throw EndSignal{ EndReason::Terminated, "terminated by a signal or a closed stdin" };
        if (removed)
            throw EndSignal{ EndReason::JobFailed, "removed from the job: " + removedWhy };
        const double silent = since(born) - lastAckS.load();
        if (silent > spec.timeouts.leaderS)
            throw EndSignal{ EndReason::LeaderLost,
                "no answer from the leader for " + std::to_string(silent).substr(0, 4) + " s" };
    }

    Message ask(std::string_view type, Json body)
    {
        Message m;
        m.type = std::string(type);
        m.body = std::move(body);
        try {
            return channel->request(std::move(m), [this] { check(); });
        } catch (const Error& e) {
            throw EndSignal{ EndReason::JobFailed, e.message() };
        }
    }

    void fault(std::string_view phase)
    {
        for (const auto& f : faults) {
            if (f.slowMs > 0 || f.phase != phase)
                continue;
            if (phase != "loading" && (!batch || batch->step != f.step))
                continue;
            std::cerr << "vantage-edl-worker " << env.workerId << ": fault injection, SIGKILL at " << phase
                      << (phase == "loading" ? std::string() : " of step " + std::to_string(f.step)) << std::endl;
            std::raise(SIGKILL);
        }
    }

    std::int64_t slowMsAt(std::int64_t step) const
    {
        std::int64_t ms = 0;
        for (const auto& f : faults)
            if (f.slowMs > 0 && step >= f.step)
                ms = f.slowMs;
        return ms;
    }

    std::vector<torch::Tensor> parameters() const { return state->parameters(); }
    std::string serializeState() const { return state->serialize(); }
    void loadState(const std::string& blob) { state->load(blob); }

    // The program must keep its parameters' number and shapes (the replicas exchange them flat).
    void checkShapes() const
    {
        const auto now = parameters();
        if (now.size() != shapes.size())
            throw Error::invalidInput("the model had " + std::to_string(shapes.size())
                + " parameters when attached and has " + std::to_string(now.size())
                + " now; a model's parameters must not change during a job")
                .inOp("elastic step");
        for (std::size_t i = 0; i < now.size(); ++i)
            if (now[i].sizes().vec() != shapes[i])
                throw Error::invalidInput("parameter " + std::to_string(i) + " was "
                    + c10::str(c10::IntArrayRef(shapes[i])) + " when attached and is " + c10::str(now[i].sizes())
                    + " now; a model's parameters must not change during a job")
                    .inOp("elastic step");
    }

    std::string hash() const
    {
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (const auto& p : parameters()) {
            const auto t = p.detach().to(torch::kCPU).contiguous();
            const auto* bytes = static_cast<const unsigned char*>(t.data_ptr());
            const auto n = static_cast<std::size_t>(t.numel()) * t.element_size();
            for (std::size_t i = 0; i < n; ++i) {
                h ^= bytes[i];
                h *= 0x100000001b3ull;
            }
        }
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
        return buf;
    }

    // Drops the current group. An NCCL communicator is aborted first (never blocks, unlike a
    // graceful shutdown waiting on peers that may be gone): PyTorch otherwise warns at exit that
    // destroy_process_group() was not called, and a switch leaves no communicator behind.
    void dropGroup()
    {
#if TORCH_VERSION_MAJOR >= 2
        if (group && device.is_cuda())
            group->abort();
#endif
        group.reset();
    }

    void buildGroup(const Json& sw)
    {
        const auto prefix = jsonField<std::string>(sw["store"], "prefix", "switch");
        if (!store) {
            const std::string host = storeHost.find(':') != std::string::npos ? "[" + storeHost + "]" : storeHost;
            store = c10::make_intrusive<MemberStore>("tcp://" + host + ":" + std::to_string(storePort), env.token,
                env.workerId + "/store", millis(spec.timeouts.collectiveS));
        }
        auto prefixed = c10::make_intrusive<c10d::PrefixStore>(prefix, store);
        if (device.is_cuda()) {
#ifdef USE_C10D_NCCL
            auto o = c10d::ProcessGroupNCCL::Options::create();
            o->timeout = millis(spec.timeouts.collectiveS);
            group = c10::make_intrusive<c10d::ProcessGroupNCCL>(
                prefixed, static_cast<int>(rank), static_cast<int>(size), o);
            std::cerr << "vantage-edl-worker " << env.workerId << ": NCCL group, rank " << rank << " of " << size
                      << " on " << device.str() << std::endl;
            return;
#endif
        }
        if (!glooDevice)
            glooDevice = c10d::ProcessGroupGloo::createDeviceForHostname(env.glooHost);
        auto o = c10d::ProcessGroupGloo::Options::create(millis(spec.timeouts.collectiveS));
        o->devices.push_back(glooDevice);
        o->threads = 2;
        group
            = c10::make_intrusive<c10d::ProcessGroupGloo>(prefixed, static_cast<int>(rank), static_cast<int>(size), o);
    }

    void broadcastState(std::int64_t source)
    {
        c10d::BroadcastOptions opts;
        opts.rootRank = source;
        opts.timeout = millis(spec.timeouts.collectiveS);
        const auto commDevice = device.is_cuda() ? device : torch::Device(torch::kCPU);
        std::string blob = rank == source ? serializeState() : std::string();
        std::vector<torch::Tensor> length{
            torch::tensor({ static_cast<std::int64_t>(blob.size()) }, torch::kLong).to(commDevice)
        };
        group->broadcast(length, opts)->wait();
        const auto n = length[0].to(torch::kCPU).item<std::int64_t>();
        std::vector<torch::Tensor> data;
        if (rank == source)
            data.push_back(torch::from_blob(blob.data(), { n }, torch::kUInt8).clone().to(commDevice));
        else
            data.push_back(torch::empty({ n }, torch::TensorOptions().dtype(torch::kUInt8).device(commDevice)));
        group->broadcast(data, opts)->wait();
        if (rank != source) {
            const auto cpu = data[0].to(torch::kCPU).contiguous();
            loadState(std::string(static_cast<const char*>(cpu.data_ptr()), static_cast<std::size_t>(n)));
        }
    }

    // Joins generation `sw`: rendezvous, state from the source, then reports and returns the answer.
    Message doSwitch(const Message& sw)
    {
        const Json& b = sw.body;
        const auto source = jsonFieldOr<std::int64_t>(b, "source", 0, "switch");
        const bool restore = jsonFieldOr<bool>(b, "restore", false, "switch");
        {
            std::lock_guard<std::mutex> lock(commitMutex);
            generation = jsonField<std::int64_t>(b, "generation", "switch");
            rank = jsonField<std::int64_t>(b, "rank", "switch");
            size = jsonField<std::int64_t>(b, "size", "switch");
            committedStep = jsonFieldOr<std::int64_t>(b, "step", 0, "switch") - 1;
            committedEpoch = jsonFieldOr<std::int64_t>(b, "epoch", 0, "switch");
        }
        channel->setGeneration(generation);
        std::string failure;
        try {
            dropGroup();
            if (restore && !committed.empty())
                loadState(committed);
            buildGroup(b);
            if (size > 1)
                broadcastState(source);
            setCommitted(serializeState(), hash());
        } catch (const std::exception& e) {
            dropGroup();
            failure = e.what();
            if (auto nl = failure.find('\n'); nl != std::string::npos)
                failure.resize(nl);
        }
        if (!failure.empty())
            return ask(msg::SwitchFailed, { { "reason", failure } });
        return ask(msg::Switched, { { "param_hash", committedHash }, { "rank", rank } });
    }

    void setCommitted(std::string state, std::string stateHash)
    {
        std::lock_guard<std::mutex> lock(commitMutex);
        committed = std::move(state);
        committedHash = std::move(stateHash);
    }

    // On the watchdog's thread, the training thread stuck: rank 0 saves the last commit as it
    // would have (unless it already did, or holds the commit point mid-update).
    void lastWords(EndReason reason)
    {
        if ((reason != EndReason::LeaderLost && reason != EndReason::Terminated) || jobDir.empty())
            return;
        std::unique_lock<std::mutex> lock(commitMutex, std::try_to_lock);
        if (!lock.owns_lock() || savedLastCommit || rank != 0 || committed.empty())
            return;
        saveCommittedLocked(std::filesystem::path(jobDir) / "last_commit.pt");
    }

    void end(EndReason reason, std::string message)
    {
        if (watchdog && reason != EndReason::LeaderLost && reason != EndReason::Terminated
            && !(reason == EndReason::JobFailed && removed))
            watchdog->standDown(); // an ordinary end; after a loss it still bounds the rest
        ended = reason;
        endMessage = std::move(message);
        // The job goes on without us (or is over): no more heartbeats.
        {
            std::lock_guard<std::mutex> lock(hbMutex);
            hbStop = true;
        }
        hbWake.notify_all();
        dropGroup();
    }

    void saveCommittedTo(const std::filesystem::path& file) const
    {
        std::lock_guard<std::mutex> lock(commitMutex);
        saveCommittedLocked(file);
    }

    void saveCommittedLocked(const std::filesystem::path& file) const
    {
        if (committed.empty())
            throw Error::failure("no committed state to save yet").inFile(file.string());
        Json header = { { "format", kCheckpointMagic }, { "version", 1 }, { "job", env.jobId },
            { "worker", env.workerId }, { "step", committedStep + 1 }, { "epoch", committedEpoch },
            { "generation", generation }, { "param_hash", committedHash }, { "bytes", committed.size() },
            { "checksum", checkpointChecksum(committed) } };
        std::string bytes = header.dump() + "\n" + committed;
        std::error_code ec;
        std::filesystem::create_directories(file.parent_path(), ec);
        writeFileAtomic(file, bytes, FileAccess::OwnerOnly);
    }

    // The leader said the job ends (or we lost it): the lowest rank keeps the last commit on disk.
    void finishWith(EndReason reason, const std::string& message, const std::string& checkpoint)
    {
        if (!checkpoint.empty() && rank == 0 && !committed.empty()) {
            try {
                saveCommittedTo(checkpoint);
                savedLastCommit = true;
            } catch (const Error& e) {
                std::cerr << "vantage-edl-worker " << env.workerId << ": " << e.what() << std::endl;
            }
        }
        end(reason, message);
    }

    void onEndSignal(const EndSignal& s)
    {
        const std::string file
            = (s.reason == EndReason::LeaderLost || s.reason == EndReason::Terminated) && !jobDir.empty()
            ? (std::filesystem::path(jobDir) / "last_commit.pt").string()
            : std::string();
        std::cerr << "vantage-edl-worker " << env.workerId << ": " << s.message << std::endl;
        finishWith(s.reason, s.message, file);
    }

    std::optional<StepBatch> planToBatch(const Message& plan)
    {
        const Json& b = plan.body;
        StepBatch s;
        s.step = jsonField<std::int64_t>(b, "step", "plan");
        s.epoch = jsonField<std::int64_t>(b, "epoch", "plan");
        s.generation = generation;
        s.globalSamples = jsonField<std::int64_t>(b, "global_samples", "plan");
        s.microBatch = jsonFieldOr<std::int64_t>(b, "micro_batch", 0, "plan");
        s.lr = jsonField<double>(b, "lr", "plan");
        s.rank = rank;
        s.worldSize = size;
        for (const auto& r : b.at("ranges")) {
            const auto begin = r.at(0).get<std::int64_t>(), finish = r.at(1).get<std::int64_t>();
            for (auto id = begin; id < finish; ++id)
                s.sampleIds.push_back(id);
        }
        state->setLearningRate(s.lr);
        batch = s;
        stepFailed = false;
        stepFailure.clear();
        computeStart = Clock::now();
        fault("compute");
        if (const auto ms = slowMsAt(s.step); ms > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        return s;
    }
};

ElasticContext::ElasticContext(WorkerEnvironment env)
    : m_impl(std::make_unique<Impl>())
{
    auto& d = *m_impl;
    d.env = std::move(env);
    if (d.env.token.empty())
        throw Error::invalidInput("no job token (VANTAGE_EDL_TOKEN or --token-stdin)").forField("token");
    if (d.env.device == "cuda") {
#ifdef USE_C10D_NCCL
        if (!torch::cuda::is_available())
            throw Error::failure("this worker was given a GPU but CUDA sees none").forField("device");
        d.device = torch::Device(torch::kCUDA, 0);
#else
        throw Error::invalidInput("this worker's LibTorch has no CUDA/NCCL; run the job on CPU").forField("device");
#endif
    } else if (d.env.device != "cpu") {
        throw Error::invalidInput("unknown device '" + d.env.device + "' (cpu or cuda)").forField("device");
    }
    d.channel = std::make_unique<Channel>(d.env.endpoint, d.env.token, d.env.workerId);
    d.channel->setJob(d.env.jobId);
    Message hello;
    hello.type = std::string(msg::Hello);
    hello.body
        = { { "pid", static_cast<std::int64_t>(::getpid()) }, { "host", hostName() }, { "device", d.env.device } };
    const Message welcome = d.channel->request(std::move(hello), 10.0);
    if (welcome.type != msg::Welcome)
        throw Error::failure("the leader answered hello with '" + welcome.type + "'").inOp("register worker");
    d.spec = jobSpecFromJson(detail::requireObjectKey(welcome.body, "spec", "welcome"));
    d.jobDir = jsonFieldOr<std::string>(welcome.body, "job_dir", {}, "welcome");
    d.restoreFrom = jsonFieldOr<std::string>(welcome.body, "restore_from", {}, "welcome");
    const Json& st = detail::requireObjectKey(welcome.body, "store", "welcome");
    d.storeHost = jsonField<std::string>(st, "host", "store");
    d.storePort = jsonField<int>(st, "port", "store");
    if (welcome.body.contains("faults"))
        for (const auto& f : welcome.body["faults"])
            d.faults.push_back(
                { jsonField<std::int64_t>(f, "step", "fault"), jsonFieldOr<std::string>(f, "phase", "", "fault"),
                    jsonFieldOr<std::int64_t>(f, "slow_ms", 0, "fault") });
    torch::set_num_threads(static_cast<int>(d.spec.threads));
    applyWorkerLimits(d.spec); // before the user's model is loaded or built
    d.lastAckS = since(d.born);
    d.heartbeat = std::thread([&d] { d.heartbeatLoop(); });
    d.watchdog = std::make_unique<WorkerWatchdog>(
        WatchdogOptions{
            .workerId = d.env.workerId, .leaderS = d.spec.timeouts.leaderS, .graceS = d.spec.timeouts.failureS },
        WatchdogSignals{ .terminate = d.env.terminate, .removed = &d.removed, .lastAckS = &d.lastAckS, .born = d.born },
        [&d](EndReason r) { d.lastWords(r); });
}

ElasticContext::~ElasticContext() = default;

const JobSpec& ElasticContext::spec() const
{
    return m_impl->spec;
}
const std::string& ElasticContext::workerId() const
{
    return m_impl->env.workerId;
}
std::string ElasticContext::device() const
{
    return m_impl->device.str();
}
EndReason ElasticContext::endReason() const
{
    return m_impl->ended;
}
std::string ElasticContext::endMessage() const
{
    return m_impl->endMessage;
}
std::string ElasticContext::parameterHash() const
{
    return m_impl->hash();
}

namespace {

// A C++ module and optimizer: LibTorch's archives, model and optimizer side by side.
class ModuleState final : public TrainingState {
public:
    ModuleState(torch::nn::Module& model, torch::optim::Optimizer& optimizer, torch::Device device)
        : m_model(model)
        , m_optimizer(optimizer)
        , m_device(device)
    { }
    std::vector<at::Tensor> parameters() override { return m_model.parameters(true); }
    std::string serialize() override
    {
        torch::serialize::OutputArchive archive, m, o;
        m_model.save(m);
        m_optimizer.save(o);
        archive.write("model", m);
        archive.write("optimizer", o);
        std::ostringstream out;
        archive.save_to(out);
        return out.str();
    }
    void load(const std::string& bytes) override
    {
        std::istringstream in(bytes);
        torch::serialize::InputArchive archive, m, o;
        archive.load_from(in, m_device);
        archive.read("model", m);
        archive.read("optimizer", o);
        m_model.load(m);
        m_optimizer.load(o);
    }
    void setLearningRate(double lr) override
    {
        for (auto& g : m_optimizer.param_groups())
            g.options().set_lr(lr);
    }

private:
    torch::nn::Module& m_model;
    torch::optim::Optimizer& m_optimizer;
    torch::Device m_device;
};

} // namespace

void ElasticContext::attach(torch::nn::Module& model, torch::optim::Optimizer& optimizer)
{
    auto& d = *m_impl;
    if (d.state)
        throw Error::failure("attach() was called twice").inOp("elastic context");
    d.ownState = std::make_unique<ModuleState>(model, optimizer, d.device);
    attach(*d.ownState);
}

void ElasticContext::attach(TrainingState& state)
{
    auto& d = *m_impl;
    if (d.state && d.state != &state)
        throw Error::failure("attach() was called twice").inOp("elastic context");
    d.state = &state;
    for (const auto& p : state.parameters())
        d.shapes.push_back(p.sizes().vec());
    if (!d.restoreFrom.empty()) {
        const CheckpointHead head = readCheckpointHead(d.restoreFrom, false);
        std::string bytes = readFile(d.restoreFrom);
        bytes.erase(0, head.stateOffset);
        if (bytes.size() != head.stateBytes || !checksumMatches(head, bytes))
            throw Error::invalidInput(
                "the checkpoint changed or is damaged (its size or checksum is not what its header "
                "says)")
                .inFile(d.restoreFrom);
        try {
            d.loadState(bytes);
        } catch (const Error&) {
            throw;
        } catch (const std::exception& e) {
            throw Error::invalidInput("cannot load the checkpoint: " + firstLineOf(e.what())).inFile(d.restoreFrom);
        }
        d.setCommitted(std::move(bytes), d.committedHash);
    }
}

std::optional<StepBatch> ElasticContext::nextStep()
{
    auto& d = *m_impl;
    if (d.ended != EndReason::None)
        return std::nullopt;
    if (!d.state)
        throw Error::failure("attach() the model and optimizer before the first step").inOp("elastic context");
    try {
        Message reply;
        if (!d.started) {
            d.fault("loading");
            reply = d.ask(msg::Ready, Json::object());
            d.started = true;
        } else if (d.pending) {
            reply = std::move(*d.pending);
            d.pending.reset();
        } else {
            throw Error::failure("nextStep() called again without commit()").inOp("elastic context");
        }
        for (;;) {
            if (reply.type == msg::Plan)
                return d.planToBatch(reply);
            if (reply.type == msg::Switch) {
                reply = d.doSwitch(reply);
                continue;
            }
            if (reply.type == msg::Leave) {
                d.end(EndReason::Left, "left the job (scale-in)");
                return std::nullopt;
            }
            if (reply.type == msg::Exit) {
                const auto reason = jsonFieldOr<std::string>(reply.body, "reason", "finished", "exit");
                // The job's state as the leader names it (JobState), or a stop-restart's "restart".
                const auto state = kJobStates.find(reason);
                const auto r = reason == enumName(EndReason::Restart) ? EndReason::Restart
                    : state == JobState::Finished                     ? EndReason::Finished
                    : state == JobState::Stopped                      ? EndReason::Stopped
                                                                      : EndReason::JobFailed;
                d.finishWith(r, "the job ended (" + reason + ")",
                    jsonFieldOr<std::string>(reply.body, "checkpoint", {}, "exit"));
                return std::nullopt;
            }
            throw Error::failure("unexpected '" + reply.type + "' from the leader").inOp("elastic context");
        }
    } catch (const EndSignal& s) {
        d.onEndSignal(s);
        return std::nullopt;
    }
}

bool ElasticContext::allreduceGradients()
{
    auto& d = *m_impl;
    if (!d.batch)
        throw Error::failure("allreduceGradients() outside a step").inOp("elastic context");
    d.checkShapes();
    const auto t0 = Clock::now();
    d.computeS = std::chrono::duration<double>(t0 - d.computeStart).count();
    const double scale = 1.0 / static_cast<double>(std::max<std::int64_t>(1, d.batch->globalSamples));
    try {
        std::vector<torch::Tensor> grads;
        for (auto& p : d.parameters()) {
            if (!p.requires_grad())
                continue;
            if (!p.grad().defined())
                p.mutable_grad() = torch::zeros_like(p);
            grads.push_back(p.grad());
        }
        // Buckets of about bucketBytes, allreduced one after another.
        std::size_t i = 0;
        bool first = true;
        while (i < grads.size()) {
            std::size_t j = i;
            std::int64_t bytes = 0;
            std::vector<torch::Tensor> flat;
            while (j < grads.size()
                && (j == i || bytes + grads[j].numel() * grads[j].element_size() <= d.spec.bucketBytes)) {
                bytes += grads[j].numel() * grads[j].element_size();
                flat.push_back(grads[j].reshape({ -1 }));
                ++j;
            }
            std::vector<torch::Tensor> bucket{ torch::cat(flat) };
            if (d.size > 1) {
                if (!d.group)
                    throw std::runtime_error("no process group");
                auto work = d.group->allreduce(bucket);
                if (first)
                    d.fault("allreduce"); // a peer dying with this bucket in flight
                work->wait(millis(d.spec.timeouts.collectiveS));
            }
            first = false;
            bucket[0].mul_(scale);
            std::int64_t offset = 0;
            for (std::size_t k = i; k < j; ++k) {
                const auto n = grads[k].numel();
                grads[k].copy_(bucket[0].narrow(0, offset, n).view_as(grads[k]));
                offset += n;
            }
            i = j;
        }
    } catch (const std::exception& e) {
        d.stepFailed = true;
        d.stepFailure = e.what();
        if (auto nl = d.stepFailure.find('\n'); nl != std::string::npos)
            d.stepFailure.resize(nl);
        // Dropping the group closes its connections at once, so peers still waiting in the same
        // collective fail now instead of at their timeout.
        d.dropGroup();
    }
    d.allreduceS = since(t0);
    return !d.stepFailed;
}

bool ElasticContext::commit(double lossSum, std::span<const std::int64_t> trainedIds)
{
    auto& d = *m_impl;
    if (!d.batch)
        throw Error::failure("commit() outside a step").inOp("elastic context");
    if (d.ended != EndReason::None)
        return false;
    d.fault("commit");
    const std::int64_t step = d.batch->step;
    std::string hash;
    try {
        Message reply;
        if (d.stepFailed) {
            reply = d.ask(msg::StepFailed, { { "step", step }, { "reason", d.stepFailure } });
        } else {
            hash = d.hash();
            reply = d.ask(msg::StepDone,
                { { "step", step }, { "loss_sum", lossJson(lossSum) },
                    { "sample_ids", std::vector<std::int64_t>(trainedIds.begin(), trainedIds.end()) },
                    { "compute_s", d.computeS }, { "allreduce_s", d.allreduceS }, { "param_hash", hash } });
        }
        const bool committed = jsonFieldOr<bool>(reply.body, "committed", false, reply.type);
        if (committed) {
            auto state = d.serializeState();
            std::lock_guard<std::mutex> lock(d.commitMutex);
            d.committed = std::move(state);
            d.committedStep = step;
            d.committedHash = hash;
            d.committedEpoch = jsonFieldOr<std::int64_t>(reply.body, "epoch", d.batch->epoch, reply.type);
        }
        if (committed)
            d.fault("committed");
        d.pending = std::move(reply);
        d.batch.reset();
        return committed;
    } catch (const EndSignal& s) {
        d.batch.reset();
        d.onEndSignal(s);
        return false;
    }
}

void ElasticContext::saveCommitted(const std::filesystem::path& file) const
{
    m_impl->saveCommittedTo(file);
}

} // namespace vantage::edl
