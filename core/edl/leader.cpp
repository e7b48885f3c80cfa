#include "edl/leader.h"

#include "common/error.h"
#include "edl/elastic.h"
#include "edl/ledger.h"
#include "edl/protocol.h"
#include "edl/store_host.h"
#include "edl/transport.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <deque>
#include <fstream>
#include <numeric>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace vantage::edl {

namespace {

// The last line of a worker's log that says what went wrong ("error:", an exception), else its
// last line: what the user is shown when a worker ends early. Reads the tail only.
std::string lastErrorLine(const std::filesystem::path& log)
{
    std::ifstream in(log, std::ios::binary);
    if (!in)
        return {};
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::int64_t>(in.tellg());
    const std::int64_t from = std::max<std::int64_t>(0, size - 4096);
    in.seekg(from);
    std::string tail(static_cast<std::size_t>(size - from), '\0');
    in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
    std::string last, error;
    std::istringstream lines(tail);
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        last = line;
        if (line.find("error") != std::string::npos || line.find("what()") != std::string::npos)
            error = line;
    }
    std::string out = error.empty() ? last : error;
    if (out.size() > 300)
        out = out.substr(0, 300) + "...";
    return out;
}

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

enum class Report { None, Ok, Failed };

struct Owed {
    std::string peer;
    std::int64_t request = 0;
    std::string type;
};

struct WorkerSlot {
    std::size_t index = 0; // n of "wn"
    WorkerInfo info;
    std::unique_ptr<ChildProcess> process;
    std::string peer; // its main channel
    std::optional<Owed> owed; // the request it waits on
    Clock::time_point launchedAt;
    Clock::time_point lastHeard;
    Clock::time_point loadingSince;
    std::string restoreFrom;
    std::string replaces; // a member this joiner takes over from (straggler, migration)
    Report report = Report::None; // for the current barrier, parsed when it arrives
    double lossSum = 0.0;
    std::vector<std::int64_t> sampleIds;
    double computeS = 0.0;
    std::string paramHash;
    int slowSteps = 0;
    bool alive() const { return info.state != WorkerState::Failed && info.state != WorkerState::Left; }
};

enum class Phase { Forming, Switching, Stepping, Restarting, Ended };

constexpr std::size_t kHistoryCap = 50000;
constexpr double kSubscriberLeaseS = 5.0;
constexpr int kMaxConsecutiveAborts = 5;

} // namespace

Json toJson(const JobReport& r)
{
    Json events = Json::array();
    for (const auto& e : r.events)
        events.push_back(toJson(e));
    Json epochs = Json::array();
    for (const auto& e : r.epochs)
        epochs.push_back({ { "epoch", e.epoch }, { "samples", e.samples }, { "seen_once", e.seenOnce },
            { "seen_more", e.seenMore }, { "unseen", e.unseen }, { "complete", e.complete } });
    Json replicas = Json::array();
    for (const auto& c : r.replicaChecks)
        replicas.push_back({ { "generation", c.generation }, { "step", c.step }, { "when", c.when },
            { "hashes", c.hashes }, { "equal", c.equal } });
    Json failures = Json::array();
    for (const auto& f : r.failures)
        failures.push_back({ { "worker", f.worker }, { "reason", f.reason }, { "silent_s", f.silentS },
            { "step", f.step }, { "member", f.member } });
    auto series = [](const std::vector<SeriesSample>& s) {
        Json a = Json::array();
        for (const auto& p : s)
            a.push_back({ p.step, p.value });
        return a;
    };
    Json allSeries = { { "loss", series(r.loss) }, { "throughput", series(r.throughput) }, { "workers", series(r.workers) } };
    for (const auto& [worker, samples] : r.stepTimes)
        allSeries["step_time_s/" + worker] = series(samples);
    return {
        { "status", toJson(r.status) }, { "events", events }, { "failures", failures },
        { "ledger", { { "exactly_once", r.exactlyOnce }, { "epochs", epochs } } },
        { "replicas_equal", r.replicasEqual }, { "replica_checks", replicas }, { "final_loss", r.finalLoss },
        { "duration_s", r.durationS },
        { "series", std::move(allSeries) }
    };
}

struct Leader::Impl {
    LeaderOptions opt;
    std::string token = newToken();
    std::string jobId = newJobId();
    std::unique_ptr<ControlSocket> socket;
    std::unique_ptr<StoreHost> store;
    std::unique_ptr<Launcher> launcher;
    std::string workerEndpoint; // what workers connect to
    Clock::time_point started = Clock::now();
    const CancelToken* cancel = nullptr;
    Progress* progress = nullptr;

    std::deque<WorkerSlot> workers; // index n is worker "wn"; a deque keeps references stable as it grows
    std::int64_t generation = 0;
    std::vector<std::size_t> members; // rank order
    Phase phase = Phase::Forming;
    Clock::time_point phaseSince = Clock::now();
    JobState state = JobState::Starting;
    std::string message;

    DataLedger ledger;
    std::int64_t step = 0; // the step in progress == steps committed so far
    std::int64_t stepSamples = 0;
    Clock::time_point stepStarted = Clock::now();
    Clock::time_point lastCommit = Clock::now();
    bool lastStepCommitted = false;
    int consecutiveAborts = 0;
    std::size_t nextSchedule = 0;
    bool stopRequested = false;

    std::optional<ScaleEvent> pendingScale;
    Clock::time_point pauseStart;
    int restartTarget = 0;
    bool restartLaunched = false;
    std::vector<std::size_t> restartOld;

    // Independent of the ledger: what the workers say they trained, per epoch and sample id.
    std::vector<std::vector<std::uint16_t>> seen;
    std::vector<EpochCheck> epochChecks;
    std::vector<ReplicaCheck> replicaChecks;
    bool replicasEqual = true;
    bool recordReplicaCheck = false;
    std::ofstream consumedLog;

    double lastLoss = 0.0;
    double throughput = 0.0;
    std::deque<std::pair<Clock::time_point, std::int64_t>> recentSteps;
    std::vector<SeriesSample> lossSeries, throughputSeries, workerSeries;
    std::map<std::string, std::vector<SeriesSample>> stepTimeSeries;
    std::vector<ScaleEvent> scaleEvents;
    std::vector<FailureEvent> failures;

    std::int64_t seq = 0;
    std::deque<JobEvent> history;
    std::map<std::string, Clock::time_point> subscribers; // peer -> lease start

    explicit Impl(LeaderOptions o)
        : opt(std::move(o))
        , ledger(LedgerOptions{ .samples = opt.spec.samples,
              .chunkSize = opt.spec.effectiveChunkSize(),
              .seed = opt.spec.seed,
              .firstEpoch = resumeEpoch(opt) })
    {
        if (!opt.restoreFrom.empty())
            step = jsonFieldOr<std::int64_t>(inspectCheckpoint(opt.restoreFrom), "step", 0, "checkpoint");
    }

    // A job resumed from a checkpoint starts over the epoch it was in (its samples may be seen again
    // in that epoch: the ledger of the interrupted job died with its leader).
    static std::int64_t resumeEpoch(const LeaderOptions& o)
    {
        if (o.restoreFrom.empty())
            return 0;
        const auto e = jsonFieldOr<std::int64_t>(inspectCheckpoint(o.restoreFrom), "epoch", 0, "checkpoint");
        if (e >= o.spec.epochs)
            throw Error::invalidInput("the checkpoint is from epoch " + std::to_string(e + 1) + ", the job has "
                + std::to_string(o.spec.epochs))
                .forField("epochs");
        return e;
    }

    std::filesystem::path path(const std::string& name) const { return opt.jobDir / name; }
    WorkerSlot* find(const std::string& id)
    {
        if (id.size() < 2 || id[0] != 'w')
            return nullptr;
        try {
            const auto n = std::stoul(id.substr(1));
            return n < workers.size() ? &workers[n] : nullptr;
        } catch (const std::exception&) {
            return nullptr;
        }
    }
    bool isMember(std::size_t idx) const { return std::find(members.begin(), members.end(), idx) != members.end(); }
    std::int64_t aliveMembers() const
    {
        return std::count_if(members.begin(), members.end(), [&](std::size_t i) { return workers[i].alive(); });
    }

    // ---- messages out -------------------------------------------------------------------------
    Message make(std::string_view type, Json body) const
    {
        Message m;
        m.type = std::string(type);
        m.token = token;
        m.job = jobId;
        m.generation = generation;
        m.sender = "leader";
        m.body = std::move(body);
        return m;
    }
    void reply(const std::string& peer, const Message& request, std::string_view type, Json body)
    {
        Message m = make(type, std::move(body));
        m.request = request.request;
        socket->send(peer, m);
    }
    // Answers the request a worker waits on; answers to step reports say whether that step committed.
    void answer(WorkerSlot& w, std::string_view type, Json body)
    {
        if (!w.owed)
            return;
        if (w.owed->type == msg::StepDone || w.owed->type == msg::StepFailed)
            body["committed"] = lastStepCommitted;
        Message m = make(type, std::move(body));
        m.request = w.owed->request;
        socket->send(w.owed->peer, m);
        w.owed.reset();
    }

    template <typename T> void emit(T payload)
    {
        JobEvent e;
        e.seq = ++seq;
        e.timeS = since(started);
        e.payload = std::move(payload);
        const Json body = toJson(e);
        for (const auto& [peer, lease] : subscribers) {
            Message m = make(msg::Event, body);
            socket->send(peer, m);
        }
        history.push_back(std::move(e));
        if (history.size() > kHistoryCap) {
            auto it
                = std::find_if(history.begin(), history.end(), [](const JobEvent& x) { return x.kind() == "step"; });
            history.erase(it != history.end() ? it : history.begin());
        }
    }
    void emitMembership()
    {
        MembershipEvent m;
        for (const auto& w : workers)
            m.workers.push_back(w.info);
        emit(std::move(m));
    }
    void log(std::string level, std::string text) { emit(LogEvent{ std::move(level), std::move(text) }); }

    JobStatus status() const
    {
        JobStatus s;
        s.jobId = jobId;
        s.state = state;
        s.message = message;
        s.trainer = opt.spec.trainer;
        s.generation = generation;
        s.step = step;
        s.epoch = ledger.epoch();
        s.epochs = opt.spec.epochs;
        s.globalBatch = opt.spec.globalBatchAt(std::max<std::int64_t>(1, static_cast<std::int64_t>(members.size())));
        s.loss = lastLoss;
        s.throughput = throughput;
        for (const auto& w : workers)
            s.workers.push_back(w.info);
        s.scaleEvents = scaleEvents;
        s.elapsedS = since(started);
        return s;
    }

    // ---- workers ------------------------------------------------------------------------------
    std::string launchWorker(
        const std::string& restoreFrom, const std::string& replaces = {}, const std::string& device = {})
    {
        WorkerSlot w;
        w.index = workers.size();
        w.info.id = "w" + std::to_string(w.index);
        w.info.host = launcher->nextHost();
        w.info.device = device.empty() ? launcher->nextDevice() : device;
        w.launchedAt = w.lastHeard = Clock::now();
        w.restoreFrom = restoreFrom;
        w.replaces = replaces;
        LaunchRequest r;
        r.workerId = w.info.id;
        r.device = w.info.device;
        r.token = token;
        r.logFile = path(w.info.id + ".log");
        r.env = { { "VANTAGE_EDL_ENDPOINT", workerEndpoint }, { "VANTAGE_EDL_WORKER_ID", w.info.id },
            { "VANTAGE_EDL_JOB", jobId }, { "VANTAGE_EDL_GLOO_HOST", launcher->dataPlaneHost(w.info.host) } };
        w.process = launcher->launch(r);
        launcher->advance();
        w.info.pid = w.process->pid();
        const std::string id = w.info.id;
        workers.push_back(std::move(w));
        emitMembership();
        return id;
    }

    void markFailed(std::size_t idx, const std::string& reason)
    {
        WorkerSlot& w = workers[idx];
        if (!w.alive())
            return;
        const bool member = isMember(idx) && phase != Phase::Restarting;
        FailureEvent f{ w.info.id, reason, since(w.lastHeard), step, member };
        if (w.process)
            w.process->signal(SIGKILL);
        w.info.state = WorkerState::Failed;
        w.info.rank = -1;
        w.owed.reset();
        failures.push_back(f);
        emit(f);
        emitMembership();
        if (member)
            resolve();
        else
            maybeFormFirst();
    }

    // ---- commands -----------------------------------------------------------------------------
    std::vector<std::string> scaleOut(int count, const std::vector<std::string>& devices = {})
    {
        std::vector<std::string> ids;
        for (const auto& d : devices)
            (void)deviceEnvironment(d); // a bad device is the caller's error, before anything starts
        if (opt.scaleMode == ScaleMode::StopRestart) {
            restartTarget = static_cast<int>(activeCount()) + count;
            return ids;
        }
        for (int i = 0; i < count; ++i)
            ids.push_back(launchWorker(
                {}, {}, devices.empty() ? std::string() : devices[static_cast<std::size_t>(i) % devices.size()]));
        log("info", "scale out: started " + std::to_string(count) + " joiner(s)");
        return ids;
    }

    std::size_t activeCount() const
    {
        return std::count_if(members.begin(), members.end(),
            [&](std::size_t i) { return workers[i].info.state == WorkerState::Active; });
    }

    // Marks members leaving (or cancels joiners). Throws Error::invalidInput when none would remain.
    std::vector<std::string> scaleIn(const std::vector<std::string>& ids)
    {
        std::vector<std::size_t> leaving, cancelled;
        for (const auto& id : ids) {
            WorkerSlot* w = find(id);
            if (!w || !w->alive())
                throw Error::invalidInput("no running worker '" + id + "'").forField("worker");
            (isMember(w->index) ? leaving : cancelled).push_back(w->index);
        }
        std::size_t stay = 0;
        for (auto i : members)
            if (workers[i].info.state == WorkerState::Active
                && std::find(leaving.begin(), leaving.end(), i) == leaving.end())
                ++stay;
        if (!leaving.empty() && stay == 0)
            throw Error::invalidInput("cannot remove every worker of the job (use stop)").forField("worker");
        if (opt.scaleMode == ScaleMode::StopRestart && !leaving.empty()) {
            restartTarget = static_cast<int>(stay);
            return ids;
        }
        for (auto i : leaving)
            workers[i].info.state = WorkerState::Leaving;
        for (auto i : cancelled) {
            workers[i].process->signal(SIGKILL);
            workers[i].info.state = WorkerState::Left;
            workers[i].owed.reset();
        }
        emitMembership();
        return ids;
    }

    std::vector<std::string> newestMembers(int count) const
    {
        std::vector<std::size_t> active;
        for (auto i : members)
            if (workers[i].info.state == WorkerState::Active)
                active.push_back(i);
        std::sort(active.begin(), active.end());
        std::vector<std::string> ids;
        for (auto it = active.rbegin(); it != active.rend() && static_cast<int>(ids.size()) < count; ++it)
            ids.push_back(workers[*it].info.id);
        return ids;
    }

    // ---- the first generation, restarts --------------------------------------------------------
    void maybeFormFirst()
    {
        if (phase != Phase::Forming && !(phase == Phase::Restarting && restartLaunched))
            return;
        std::size_t ready = 0, pending = 0;
        for (const auto& w : workers) {
            if (w.info.state == WorkerState::Ready)
                ++ready;
            else if (w.info.state == WorkerState::Starting || w.info.state == WorkerState::Loading)
                ++pending;
        }
        if (pending > 0)
            return;
        if (ready == 0) {
            // The first worker's own words say why (a bad checkpoint, a device that is not there).
            const std::string why = failures.empty() ? std::string() : failures.front().worker + ": " + failures.front().reason;
            endJob(JobState::Failed,
                (phase == Phase::Forming ? "no worker could start" : "no worker could restart from the checkpoint")
                    + (why.empty() ? std::string() : " (" + why + ")") + "; the worker logs are in "
                    + opt.jobDir.string());
            return;
        }
        startGeneration(phase == Phase::Forming ? "start" : "restart", false);
    }

    void beginRestart(int target, std::string kind)
    {
        pendingScale = ScaleEvent{ .step = step,
            .kind = std::move(kind),
            .workersBefore = static_cast<std::int64_t>(members.size()),
            .workersAfter = target };
        pauseStart = lastCommit;
        restartTarget = target;
        restartLaunched = false;
        restartOld = members;
        for (auto i : members)
            pendingScale->left.push_back(workers[i].info.id);
        const std::string checkpoint = path("restart.pt").string();
        std::error_code ec;
        std::filesystem::remove(checkpoint, ec);
        for (auto i : members) {
            answer(workers[i], msg::Exit, { { "reason", "restart" }, { "checkpoint", checkpoint } });
            workers[i].info.state = WorkerState::Left;
        }
        members.clear();
        phase = Phase::Restarting;
        phaseSince = Clock::now();
        log("info", "stop-restart: checkpointing and restarting with " + std::to_string(target) + " worker(s)");
        emitMembership();
    }

    void tickRestart()
    {
        if (restartLaunched)
            return;
        for (auto i : restartOld)
            if (workers[i].process && workers[i].process->running())
                return;
        const auto checkpoint = path("restart.pt");
        if (!std::filesystem::exists(checkpoint)) {
            endJob(JobState::Failed, "the restart checkpoint was not written");
            return;
        }
        for (int i = 0; i < restartTarget; ++i)
            launchWorker(checkpoint.string());
        restartLaunched = true;
    }

    // ---- generations --------------------------------------------------------------------------
    void startGeneration(const std::string& reason, bool restore)
    {
        const bool fresh = phase == Phase::Forming || phase == Phase::Restarting;
        const auto before = static_cast<std::int64_t>(members.size());
        // A ready joiner that replaces a member takes its place in this very switch.
        for (auto& w : workers)
            if (w.info.state == WorkerState::Ready && !w.replaces.empty())
                if (WorkerSlot* old = find(w.replaces); old && old->info.state == WorkerState::Active)
                    old->info.state = WorkerState::Leaving;
        std::vector<std::size_t> survivors, joiners, leavers;
        std::vector<std::string> gone;
        for (auto i : members) {
            auto& w = workers[i];
            if (w.info.state == WorkerState::Active)
                survivors.push_back(i);
            else if (w.info.state == WorkerState::Leaving)
                leavers.push_back(i);
            else
                gone.push_back(w.info.id);
        }
        for (std::size_t i = 0; i < workers.size(); ++i)
            if (workers[i].info.state == WorkerState::Ready)
                joiners.push_back(i);
        if (survivors.empty() && !fresh) {
            endJob(JobState::Failed, "every worker that held the model state is gone");
            return;
        }
        for (auto i : leavers) {
            answer(workers[i], msg::Leave, { { "reason", "scale_in" } });
            workers[i].info.state = WorkerState::Left;
            workers[i].info.rank = -1;
        }
        std::vector<std::string> joinedIds, leftIds;
        for (auto i : joiners)
            joinedIds.push_back(workers[i].info.id);
        for (auto i : leavers)
            leftIds.push_back(workers[i].info.id);

        members = survivors;
        members.insert(members.end(), joiners.begin(), joiners.end());
        ++generation;
        if (!fresh && (!joiners.empty() || !leavers.empty() || !gone.empty())) {
            const std::string kind = !gone.empty()       ? "failure"
                : (!joiners.empty() && !leavers.empty()) ? "migration"
                : !joiners.empty()                       ? "scale_out"
                                                         : "scale_in";
            if (!pendingScale) {
                pendingScale = ScaleEvent{ .step = step, .kind = kind, .workersBefore = before };
                pauseStart = restore ? lastCommit : Clock::now();
            } else if (!gone.empty()) {
                pendingScale->kind = "failure";
            }
        }
        if (pendingScale) {
            pendingScale->generation = generation;
            pendingScale->workersAfter = static_cast<std::int64_t>(members.size());
            for (auto& id : joinedIds)
                if (std::find(pendingScale->joined.begin(), pendingScale->joined.end(), id)
                    == pendingScale->joined.end())
                    pendingScale->joined.push_back(id);
            for (auto& id : leftIds)
                pendingScale->left.push_back(id);
            for (auto& id : gone)
                if (std::find(pendingScale->left.begin(), pendingScale->left.end(), id) == pendingScale->left.end())
                    pendingScale->left.push_back(id);
        }

        Json ids = Json::array();
        for (auto i : members)
            ids.push_back(workers[i].info.id);
        phase = Phase::Switching;
        phaseSince = Clock::now();
        for (std::size_t r = 0; r < members.size(); ++r) {
            auto& w = workers[members[r]];
            w.info.state = WorkerState::Active;
            w.info.rank = static_cast<int>(r);
            w.report = Report::None;
            w.replaces.clear();
            answer(w, msg::Switch,
                { { "generation", generation }, { "rank", r }, { "size", members.size() }, { "members", ids },
                    { "source", 0 }, { "restore", restore }, { "step", step }, { "epoch", ledger.epoch() },
                    { "store",
                        { { "host", store->host() }, { "port", store->port() },
                            { "prefix", store->generationPrefix(generation) } } } });
        }
        for (auto& w : workers)
            if (!isMember(w.index))
                w.info.rank = -1;
        emit(GenerationEvent{ generation, ids.get<std::vector<std::string>>(), reason, restore });
        emitMembership();
    }

    void finishSwitch()
    {
        ReplicaCheck check{ .generation = generation, .step = step, .when = "switch" };
        for (auto i : members)
            check.hashes[workers[i].info.id] = workers[i].paramHash;
        check.equal = allEqual(check.hashes);
        if (!check.equal)
            replicasEqual = false;
        replicaChecks.push_back(check);
        recordReplicaCheck = true;
        if (state == JobState::Starting) {
            state = JobState::Running;
            emit(JobStateEvent{ state, {}, 0.0 });
        }
        sendPlans();
        if (pendingScale) {
            pendingScale->pauseS = std::chrono::duration<double>(Clock::now() - pauseStart).count();
            scaleEvents.push_back(*pendingScale);
            emit(*pendingScale);
            pendingScale.reset();
        }
    }

    static bool allEqual(const std::map<std::string, std::string>& hashes)
    {
        if (hashes.empty())
            return true;
        const auto& first = hashes.begin()->second;
        return !first.empty()
            && std::all_of(hashes.begin(), hashes.end(), [&](const auto& kv) { return kv.second == first; });
    }

    // ---- steps --------------------------------------------------------------------------------
    void sendPlans()
    {
        const auto n = static_cast<std::int64_t>(members.size());
        const std::int64_t batch = opt.spec.globalBatchAt(n);
        std::vector<std::int64_t> load(members.size(), 0);
        std::vector<Json> ranges(members.size(), Json::array());
        std::int64_t taken = 0;
        while (ledger.nextChunkSize() > 0 && (taken == 0 || taken + ledger.nextChunkSize() <= batch)) {
            const auto r = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
            const auto c = ledger.take(workers[members[r]].info.id, generation, step);
            load[r] += c->size();
            taken += c->size();
            ranges[r].push_back({ c->begin, c->end });
        }
        stepSamples = taken;
        stepStarted = Clock::now();
        phase = Phase::Stepping;
        phaseSince = stepStarted;
        for (std::size_t r = 0; r < members.size(); ++r) {
            auto& w = workers[members[r]];
            w.report = Report::None;
            answer(w, msg::Plan,
                { { "step", step }, { "epoch", ledger.epoch() }, { "generation", generation }, { "ranges", ranges[r] },
                    { "global_samples", taken }, { "micro_batch", opt.spec.microBatch }, { "lr", opt.spec.lrAt(n) } });
        }
    }

    void resolve()
    {
        if (phase != Phase::Stepping && phase != Phase::Switching)
            return;
        for (auto i : members)
            if (workers[i].alive() && workers[i].report == Report::None)
                return;
        const bool allOk = std::all_of(
            members.begin(), members.end(), [&](std::size_t i) { return workers[i].report == Report::Ok; });
        if (phase == Phase::Switching) {
            const bool allAlive = aliveMembers() == static_cast<std::int64_t>(members.size());
            if (allOk && allAlive) {
                consecutiveAborts = 0;
                finishSwitch();
            } else if (++consecutiveAborts > kMaxConsecutiveAborts) {
                endJob(JobState::Failed,
                    "generation " + std::to_string(generation) + " could not be formed "
                        + std::to_string(consecutiveAborts) + " times in a row");
            } else {
                startGeneration("restore", true);
            }
            return;
        }
        if (allOk)
            commitStep();
        else
            abortStep();
    }

    void abortStep()
    {
        const int released = ledger.releaseStep(step);
        lastStepCommitted = false;
        if (++consecutiveAborts > kMaxConsecutiveAborts) {
            endJob(JobState::Failed,
                "step " + std::to_string(step) + " failed " + std::to_string(consecutiveAborts) + " times in a row");
            return;
        }
        log("warning",
            "step " + std::to_string(step) + " aborted; " + std::to_string(released)
                + " chunk(s) back to the ledger; the members restore the last commit");
        if (!pendingScale) {
            pendingScale = ScaleEvent{
                .step = step, .kind = "failure", .workersBefore = static_cast<std::int64_t>(members.size())
            };
            pauseStart = lastCommit;
        }
        startGeneration("failure", true);
    }

    void commitStep()
    {
        const auto now = Clock::now();
        ledger.commitStep(step);
        lastStepCommitted = true;
        consecutiveAborts = 0;
        const auto epoch = ledger.epoch();
        if (seen.size() <= static_cast<std::size_t>(epoch))
            seen.resize(static_cast<std::size_t>(epoch) + 1,
                std::vector<std::uint16_t>(static_cast<std::size_t>(opt.spec.samples), 0));
        double lossSum = 0.0;
        std::int64_t samples = 0;
        StepEvent ev{ .step = step, .epoch = epoch, .generation = generation };
        std::map<std::string, std::string> hashes;
        for (auto i : members) {
            auto& w = workers[i];
            lossSum += w.lossSum;
            const auto& ids = w.sampleIds;
            for (auto id : ids)
                if (id >= 0 && id < opt.spec.samples)
                    ++seen[static_cast<std::size_t>(epoch)][static_cast<std::size_t>(id)];
            if (consumedLog)
                consumedLog << Json{
                    { "epoch", epoch }, { "step", step }, { "generation", generation }, { "worker", w.info.id },
                    { "ids", ids }
                }.dump() << '\n';
            samples += static_cast<std::int64_t>(ids.size());
            w.info.samplesDone += static_cast<std::int64_t>(ids.size());
            w.info.chunksDone = ledger.doneBy(w.info.id);
            w.info.stepTimeS = w.computeS;
            ev.workerStepS[w.info.id] = w.info.stepTimeS;
            stepTimeSeries[w.info.id].push_back({ step, w.info.stepTimeS });
            hashes[w.info.id] = w.paramHash;
        }
        if (consumedLog)
            consumedLog.flush();
        const bool equal = allEqual(hashes);
        if (!equal)
            replicasEqual = false;
        if (recordReplicaCheck) {
            replicaChecks.push_back({ generation, step, "first_step", hashes, equal });
            recordReplicaCheck = false;
        }
        lastLoss = samples > 0 ? lossSum / static_cast<double>(samples) : 0.0;
        recentSteps.emplace_back(now, samples);
        while (recentSteps.size() > 2 && std::chrono::duration<double>(now - recentSteps[1].first).count() > 1.0)
            recentSteps.pop_front();
        if (recentSteps.size() >= 2) {
            std::int64_t s = 0;
            for (std::size_t k = 1; k < recentSteps.size(); ++k)
                s += recentSteps[k].second;
            throughput = static_cast<double>(s)
                / std::max(1e-9, std::chrono::duration<double>(now - recentSteps.front().first).count());
        } else {
            throughput = static_cast<double>(samples)
                / std::max(1e-9, std::chrono::duration<double>(now - stepStarted).count());
        }
        ev.loss = lastLoss;
        ev.samples = samples;
        ev.throughput = throughput;
        ev.stepS = std::chrono::duration<double>(now - stepStarted).count();
        ev.workers = static_cast<std::int64_t>(members.size());
        lossSeries.push_back({ step, lastLoss });
        throughputSeries.push_back({ step, throughput });
        workerSeries.push_back({ step, static_cast<double>(members.size()) });
        emit(ev);
        lastCommit = now;
        ++step;
        if (progress) {
            const double total = static_cast<double>(opt.spec.epochs * opt.spec.samples);
            std::int64_t doneSamples = 0;
            for (const auto& c : ledger.chunks())
                doneSamples += c.state == ChunkState::Done ? c.size() : 0;
            const double done = static_cast<double>(epoch * opt.spec.samples + doneSamples);
            progress->report(std::min(1.0, done / total), "training");
        }
        if (ledger.epochComplete()) {
            closeEpoch(true);
            if (ledger.epoch() + 1 >= opt.spec.epochs) {
                endJob(JobState::Finished, {});
                return;
            }
            ledger.startNextEpoch();
        }
        boundary();
    }

    void closeEpoch(bool complete)
    {
        const auto epoch = ledger.epoch();
        EpochCheck c{ .epoch = epoch, .samples = opt.spec.samples, .complete = complete };
        if (static_cast<std::size_t>(epoch) < seen.size())
            for (auto n : seen[static_cast<std::size_t>(epoch)]) {
                c.seenOnce += n == 1;
                c.seenMore += n > 1;
                c.unseen += n == 0;
            }
        else
            c.unseen = opt.spec.samples;
        epochChecks.push_back(c);
        emit(EpochEvent{ epoch, c.samples, c.seenOnce });
    }

    // What happens at a step boundary: scheduled and requested changes, policies, stop.
    void boundary()
    {
        // Schedule items apply in order, each once the change before it has completed (a joiner may
        // need a while to load), so "+1 at 50, -1 at 120" always means 2 -> 3 -> 2.
        while (nextSchedule < opt.schedule.size() && opt.schedule[nextSchedule].step <= step && !changePending()) {
            const auto& s = opt.schedule[nextSchedule++];
            try {
                if (s.delta > 0)
                    scaleOut(s.delta);
                else
                    scaleIn(newestMembers(-s.delta));
            } catch (const Error& e) {
                log("warning", std::string("schedule at step ") + std::to_string(s.step) + ": " + e.message());
            }
        }
        applyStragglerPolicy();
        if (stopRequested || (cancel && cancel->isCancelled())) {
            endJob(JobState::Stopped, "stopped by request");
            return;
        }
        if (opt.scaleMode == ScaleMode::StopRestart && restartTarget > 0
            && restartTarget != static_cast<int>(members.size())) {
            const int target = restartTarget;
            beginRestart(target, target > static_cast<int>(members.size()) ? "scale_out" : "scale_in");
            return;
        }
        bool change = false;
        for (auto i : members)
            change = change || workers[i].info.state != WorkerState::Active;
        for (const auto& w : workers)
            change = change || w.info.state == WorkerState::Ready;
        if (change)
            startGeneration("resize", false);
        else
            sendPlans();
    }

    bool changePending() const
    {
        return std::any_of(workers.begin(), workers.end(), [](const WorkerSlot& w) {
            return w.info.state == WorkerState::Starting || w.info.state == WorkerState::Loading
                || w.info.state == WorkerState::Ready || w.info.state == WorkerState::Leaving;
        });
    }

    void applyStragglerPolicy()
    {
        const auto& p = opt.straggler;
        if (!p.enabled || members.size() < 2)
            return;
        for (auto i : members) {
            auto& w = workers[i];
            if (w.info.state != WorkerState::Active)
                continue;
            std::vector<double> others;
            for (auto j : members)
                if (j != i)
                    others.push_back(workers[j].info.stepTimeS);
            std::nth_element(
                others.begin(), others.begin() + static_cast<std::ptrdiff_t>(others.size() / 2), others.end());
            const double median = others[others.size() / 2];
            w.slowSteps = (median > 0 && w.info.stepTimeS > p.factor * median) ? w.slowSteps + 1 : 0;
            if (w.slowSteps < p.steps)
                continue;
            w.slowSteps = 0;
            const bool replacing = std::any_of(workers.begin(), workers.end(),
                [&](const WorkerSlot& x) { return x.alive() && x.replaces == w.info.id; });
            if (replacing)
                continue;
            log("warning",
                "straggler " + w.info.id + ": compute " + std::to_string(w.info.stepTimeS) + " s vs median "
                    + std::to_string(median) + " s for " + std::to_string(p.steps) + " steps; "
                    + (p.replace ? "replacing it" : "removing it"));
            const std::string id = w.info.id; // launchWorker grows `workers`
            try {
                if (p.replace && opt.scaleMode == ScaleMode::Live)
                    launchWorker({}, id);
                else if (activeCount() > 1)
                    scaleIn({ id });
            } catch (const Error& e) {
                log("warning", "straggler " + id + " stays: " + e.message());
            }
        }
    }

    void endJob(JobState s, std::string why)
    {
        if (phase == Phase::Ended)
            return;
        if (ledger.epoch() < opt.spec.epochs && (epochChecks.empty() || epochChecks.back().epoch != ledger.epoch()))
            closeEpoch(ledger.epochComplete());
        phase = Phase::Ended;
        state = s;
        message = std::move(why);
        const std::string checkpoint = path("final.pt").string();
        for (auto& w : workers) {
            if (!w.alive())
                continue;
            answer(w, msg::Exit, { { "reason", jobStateName(s) }, { "checkpoint", checkpoint } });
            if (!isMember(w.index))
                w.info.state = WorkerState::Left; // a joiner that had not joined yet
        }
        emit(JobStateEvent{ s, message, lastLoss });
    }

    // ---- incoming -----------------------------------------------------------------------------
    void handle(const ControlSocket::Incoming& in)
    {
        // The envelope only, until the token is checked: a stranger's body is never decoded.
        Message m;
        try {
            m = decodeEnvelope(in.bytes);
        } catch (const Error& e) {
            Message bad;
            socket->send(in.peer, makeErrorReply(bad, Rejection::Malformed, e.message()));
            return;
        }
        const Verdict v = checkMessage(m, token, generation);
        if (!v.accepted()) {
            socket->send(in.peer, makeErrorReply(m, v.rejection, v.reason));
            return;
        }
        try {
            m = decode(in.bytes);
        } catch (const Error& e) {
            socket->send(in.peer, makeErrorReply(m, Rejection::Malformed, e.message()));
            return;
        }
        const std::string& t = m.type;
        try {
            if (t == msg::Heartbeat || t == msg::Hello || t == msg::Ready || t == msg::Switched
                || t == msg::SwitchFailed || t == msg::StepDone || t == msg::StepFailed)
                fromWorker(in.peer, m);
            else if (t == msg::Status)
                reply(in.peer, m, msg::Status, toJson(status()));
            else if (t == msg::Subscribe)
                subscribe(in.peer, m);
            else if (t == msg::Unsubscribe) {
                subscribers.erase(in.peer);
                reply(in.peer, m, msg::Ack, Json::object());
            } else if (t == msg::ScaleOut || t == msg::ScaleIn || t == msg::Stop)
                command(in.peer, m);
            else
                socket->send(in.peer, makeErrorReply(m, Rejection::UnknownType, "'" + t + "' is not a request"));
        } catch (const Error& e) {
            Message err = makeErrorReply(m, Rejection::None, e.message());
            err.body["code"] = e.kind() == Error::Kind::InvalidInput ? "invalid" : "failed";
            socket->send(in.peer, err);
        } catch (const std::exception& e) {
            // Whatever a peer sends, the leader answers and carries on.
            Message err = makeErrorReply(m, Rejection::None, e.what());
            err.body["code"] = "failed";
            socket->send(in.peer, err);
        }
    }

    void subscribe(const std::string& peer, const Message& m)
    {
        const bool fresh = subscribers.count(peer) == 0 || jsonFieldOr<bool>(m.body, "snapshot", false, "subscribe");
        subscribers[peer] = Clock::now();
        if (!fresh) {
            reply(peer, m, msg::Ack, { { "seq", seq } });
            return;
        }
        const auto after = jsonFieldOr<std::int64_t>(m.body, "since", 0, "subscribe");
        Json events = Json::array();
        for (const auto& e : history)
            if (e.seq > after)
                events.push_back(toJson(e));
        reply(peer, m, msg::Snapshot, { { "status", toJson(status()) }, { "events", events }, { "seq", seq } });
    }

    void command(const std::string& peer, const Message& m)
    {
        if (phase == Phase::Ended)
            throw Error::invalidInput("the job has ended (" + std::string(jobStateName(state)) + ")");
        if (m.type == msg::Stop) {
            stopRequested = true;
            if (phase == Phase::Forming)
                endJob(JobState::Stopped, "stopped before the first step");
            log("info", "stop requested by " + m.sender);
            reply(peer, m, msg::Ack, Json::object());
            return;
        }
        if (m.type == msg::ScaleOut) {
            const int count = jsonFieldOr<int>(m.body, "count", 1, "scale_out");
            if (count <= 0 || count > 64)
                throw Error::invalidInput("count must be in 1..64").forField("count");
            const auto ids = scaleOut(count, jsonFieldOr<std::vector<std::string>>(m.body, "devices", {}, "scale_out"));
            reply(peer, m, msg::Ack, { { "workers", ids } });
            return;
        }
        std::vector<std::string> ids = jsonFieldOr<std::vector<std::string>>(m.body, "workers", {}, "scale_in");
        if (ids.empty()) {
            const int count = jsonFieldOr<int>(m.body, "count", 1, "scale_in");
            if (count <= 0)
                throw Error::invalidInput("count must be positive").forField("count");
            ids = newestMembers(count);
        }
        const auto removed = scaleIn(ids);
        log("info", "scale in requested by " + m.sender + ": " + std::to_string(removed.size()) + " worker(s)");
        reply(peer, m, msg::Ack, { { "workers", removed } });
    }

    void fromWorker(const std::string& peer, const Message& m)
    {
        WorkerSlot* w = find(m.sender);
        if (!w)
            throw Error::invalidInput("unknown worker '" + m.sender + "'");
        const std::size_t idx = w->index;
        if (!w->alive()) {
            throw Error::invalidInput("worker " + w->info.id + " is no longer part of the job ("
                + std::string(workerStateName(w->info.state)) + ")");
        }
        w->lastHeard = Clock::now();
        if (m.type == msg::Heartbeat) {
            reply(peer, m, msg::Ack, { { "generation", generation } });
            return;
        }
        if (m.type == msg::Hello) {
            if (w->info.state != WorkerState::Starting)
                throw Error::invalidInput("worker " + w->info.id + " registered twice");
            w->peer = peer;
            w->info.state = WorkerState::Loading;
            w->loadingSince = Clock::now();
            Json faults = Json::array();
            for (const auto& f : opt.faults)
                if (f.worker == w->info.id)
                    faults.push_back({ { "step", f.step }, { "phase", f.phase }, { "slow_ms", f.slowMs } });
            reply(peer, m, msg::Welcome,
                { { "worker", w->info.id }, { "spec", toJson(opt.spec) }, { "faults", faults },
                    { "job_dir", opt.jobDir.string() }, { "restore_from", w->restoreFrom },
                    { "store", { { "host", store->host() }, { "port", store->port() } } } });
            emitMembership();
            return;
        }
        if (peer != w->peer)
            throw Error::invalidInput("worker " + w->info.id + " spoke from another connection");
        if (phase == Phase::Ended) {
            w->owed = Owed{ peer, m.request, m.type };
            answer(*w, msg::Exit, { { "reason", jobStateName(state) } });
            return;
        }
        if (m.type == msg::Ready) {
            if (w->info.state != WorkerState::Loading)
                throw Error::invalidInput("worker " + w->info.id + " is not loading");
            w->info.state = WorkerState::Ready;
            w->owed = Owed{ peer, m.request, m.type };
            emitMembership();
            maybeFormFirst();
            return;
        }
        // Generation-bound reports: checkMessage has already matched m.generation to ours.
        if (!isMember(idx) || w->report != Report::None)
            throw Error::invalidInput("unexpected '" + m.type + "' from " + w->info.id);
        const bool switching = m.type == msg::Switched || m.type == msg::SwitchFailed;
        if (switching != (phase == Phase::Switching))
            throw Error::invalidInput("'" + m.type + "' out of phase from " + w->info.id);
        if (!switching && jsonFieldOr<std::int64_t>(m.body, "step", -1, m.type) != step)
            throw Error::invalidInput("'" + m.type + "' for another step than " + std::to_string(step));
        // Parsed now, so that a malformed report is refused and never half-applied at the commit.
        const std::string& t = m.type;
        const double lossSum = t == msg::StepDone ? jsonField<double>(m.body, "loss_sum", t) : 0.0;
        auto ids = t == msg::StepDone ? jsonField<std::vector<std::int64_t>>(m.body, "sample_ids", t)
                                      : std::vector<std::int64_t>{};
        const double computeS = t == msg::StepDone ? jsonFieldOr<double>(m.body, "compute_s", 0.0, t) : 0.0;
        const auto hash = jsonFieldOr<std::string>(m.body, "param_hash", "", t);
        w->report = (t == msg::Switched || t == msg::StepDone) ? Report::Ok : Report::Failed;
        w->lossSum = lossSum;
        w->sampleIds = std::move(ids);
        w->computeS = computeS;
        w->paramHash = hash;
        w->owed = Owed{ peer, m.request, m.type };
        if (w->report == Report::Failed)
            log("warning", w->info.id + ": " + jsonFieldOr<std::string>(m.body, "reason", "failed", m.type));
        resolve();
    }

    // ---- timers -------------------------------------------------------------------------------
    void tick()
    {
        const auto now = Clock::now();
        const auto& t = opt.spec.timeouts;
        for (std::size_t i = 0; i < workers.size(); ++i) {
            auto& w = workers[i];
            if (!w.process)
                continue;
            if (auto exit = w.process->poll(); exit && w.alive()) {
                const std::string said = lastErrorLine(path(w.info.id + ".log"));
                markFailed(i, "process ended (" + *exit + ")" + (said.empty() ? std::string() : ": " + said));
                continue;
            }
            if (!w.alive() || phase == Phase::Ended)
                continue;
            const double silent = std::chrono::duration<double>(now - w.lastHeard).count();
            if (w.info.state == WorkerState::Starting && silent > t.readyS)
                markFailed(i, "did not register within " + std::to_string(static_cast<int>(t.readyS)) + " s");
            else if (w.info.state == WorkerState::Loading && since(w.loadingSince) > t.readyS)
                markFailed(i, "not ready within " + std::to_string(static_cast<int>(t.readyS)) + " s");
            else if (w.info.state != WorkerState::Starting && silent > t.failureS)
                markFailed(i, "silent for " + std::to_string(silent).substr(0, 4) + " s");
            else if (isMember(i) && w.report == Report::None && phase == Phase::Stepping
                && since(stepStarted) > t.stepS)
                markFailed(i,
                    "no report of step " + std::to_string(step) + " within " + std::to_string(static_cast<int>(t.stepS))
                        + " s");
            else if (isMember(i) && w.report == Report::None && phase == Phase::Switching
                && since(phaseSince) > 2 * t.collectiveS + t.failureS)
                markFailed(i, "did not switch to generation " + std::to_string(generation) + " in time");
        }
        for (auto it = subscribers.begin(); it != subscribers.end();)
            it = std::chrono::duration<double>(now - it->second).count() > kSubscriberLeaseS ? subscribers.erase(it)
                                                                                             : std::next(it);
        if (phase == Phase::Forming && since(started) > opt.startTimeoutS)
            endJob(JobState::Failed,
                "the first generation did not form within " + std::to_string(static_cast<int>(opt.startTimeoutS))
                    + " s");
        if (phase == Phase::Forming && cancel && cancel->isCancelled())
            endJob(JobState::Stopped, "cancelled before the first step");
        if (phase == Phase::Restarting)
            tickRestart();
        if (phase == Phase::Restarting && restartLaunched)
            maybeFormFirst();
    }

    void writeJobFile()
    {
        const auto file = path("job.json");
        const auto a = JobAddress{ socket->endpoint(), token, jobId, opt.jobDir.string(),
            static_cast<std::int64_t>(::getpid()) };
        writeJsonFile(file, toJson(a), 2, FileAccess::OwnerOnly);
    }

    JobReport report() const
    {
        JobReport r;
        r.status = status();
        r.events = scaleEvents;
        r.failures = failures;
        r.epochs = epochChecks;
        r.exactlyOnce = !epochChecks.empty()
            && std::all_of(epochChecks.begin(), epochChecks.end(),
                [](const EpochCheck& c) { return c.seenMore == 0 && (!c.complete || c.seenOnce == c.samples); });
        r.replicaChecks = replicaChecks;
        r.replicasEqual = replicasEqual && !replicaChecks.empty();
        r.finalLoss = lastLoss;
        r.loss = lossSeries;
        r.throughput = throughputSeries;
        r.workers = workerSeries;
        r.stepTimes = stepTimeSeries;
        r.durationS = since(started);
        return r;
    }
};

Leader::Leader(LeaderOptions options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{
    auto& d = *m_impl;
    d.opt.validate();
    makeJobDirectory(d.opt.jobDir);
    d.opt.spec.initialWorkers = d.opt.workers;
    d.socket = std::make_unique<ControlSocket>(d.opt.listenHost, d.opt.listenPort);
    d.workerEndpoint = d.socket->endpoint();
    d.store = std::make_unique<StoreHost>(d.opt.listenHost, 0, d.opt.spec.timeouts.collectiveS);
    if (d.opt.hosts.empty())
        d.launcher = std::make_unique<LocalLauncher>(d.opt.workerBinary, d.opt.devices);
    else
        d.launcher = std::make_unique<SshLauncher>(d.opt.hosts, d.opt.workerBinary, d.opt.sshCommand);
    d.consumedLog.open(d.path("consumed.jsonl"), std::ios::trunc);
    if (d.opt.writeJobFile)
        d.writeJobFile();
}

Leader::~Leader()
{
    // ChildProcess destructors SIGKILL and reap whatever is still running.
    for (auto& w : m_impl->workers)
        if (w.process)
            w.process->signal(SIGKILL);
}

JobAddress Leader::address() const
{
    return { m_impl->socket->endpoint(), m_impl->token, m_impl->jobId, m_impl->opt.jobDir.string(),
        static_cast<std::int64_t>(::getpid()) };
}

JobReport Leader::run(const CancelToken& cancel, Progress* progress)
{
    auto& d = *m_impl;
    d.cancel = &cancel;
    d.progress = progress;
    d.emit(JobStateEvent{ JobState::Starting, {}, 0.0 });
    for (int i = 0; i < d.opt.workers; ++i)
        d.launchWorker(d.opt.restoreFrom);
    while (d.phase != Phase::Ended) {
        if (auto in = d.socket->receive(0.01))
            d.handle(*in);
        d.tick();
        if (d.phase == Phase::Stepping && cancel.isCancelled())
            d.stopRequested = true; // applied at the next boundary
    }
    // Drain: answer late requests with `exit` while the workers save and leave, then end them.
    const auto drainUntil
        = Clock::now() + std::chrono::duration<double>(std::max(5.0, d.opt.spec.timeouts.collectiveS));
    for (;;) {
        bool running = false;
        for (auto& w : d.workers)
            running = running || (w.process && w.process->running());
        if (!running || Clock::now() > drainUntil)
            break;
        if (auto in = d.socket->receive(0.01))
            d.handle(*in);
    }
    for (auto& w : d.workers)
        if (w.process)
            w.process->terminate(1.0);
    // A final state of the subscribers' view, then the report on disk.
    JobReport r = d.report();
    try {
        writeJsonFile(d.path("report.json"), toJson(r), 2, FileAccess::OwnerOnly);
    } catch (const Error&) {
        // The report is still returned; a full disk must not turn a finished job into a failure.
    }
    return r;
}

} // namespace vantage::edl
