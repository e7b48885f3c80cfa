#pragma once
// The leader's state, each part behind a narrow interface (Leader::Impl keeps the orchestration: the
// phase, the messages, the timers, scaling, and drives these):
//   Membership      the workers and the generation its members form: who joins, leaves or failed,
//                   each member's rank; every switch bumps the generation
//   StepLedger      the step in progress and the barrier that ends it (or a switch): which members
//                   owe a reply, what each said, commit or abort, the aborts in a row
//   EventLog        the events the job emitted, kept for subscribers that (re)attach, and the
//                   subscribers' leases
//   SampleAudit     what the workers say they trained, independent of the data ledger: each
//                   sample's count per epoch (exactly once), consumed.jsonl, the replica checks
//   JobCurves       the curves and rates as steps commit (loss, throughput, workers, step times)
//   StragglerWatch  the straggler policy's verdicts from each step's compute times
//   ScaleBook       the job's changes of size: the schedule's next item, the scale event under
//                   way and its pause, the events done, and the stop-restart baseline's plan
// Private to the leader's translation units.

#include "edl/leader.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vantage::edl::detail {

using Clock = std::chrono::steady_clock;

// A member's reply at the barrier that ends a step or a switch (step_done / switched: Ok;
// step_failed / switch_failed: Failed); Pending until it arrives.
enum class BarrierReply {
    Pending,
    Ok,
    Failed
};

// The request a worker waits on: the leader answers it when it has something to say.
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
    bool alive() const { return info.state != WorkerState::Failed && info.state != WorkerState::Left; }
};

// Every worker the job started ("wn" at index n, kept after it ended) and the generation its
// members form, in rank order. The generation counts the switches: each one bumps it, whether
// workers joined, left or failed.
class Membership {
public:
    // The id the next worker added gets.
    std::string nextId() const { return "w" + std::to_string(m_workers.size()); }
    // Keeps a started worker (its id must be nextId()); references stay valid as more are added.
    WorkerSlot& add(WorkerSlot worker);
    std::optional<std::size_t> indexOf(const std::string& id) const; // "w3" -> 3, if such a worker exists
    WorkerSlot* find(const std::string& id);
    WorkerSlot& at(std::size_t idx) { return m_workers.at(idx); }
    const WorkerSlot& at(std::size_t idx) const { return m_workers.at(idx); }
    std::deque<WorkerSlot>& all() { return m_workers; }
    const std::deque<WorkerSlot>& all() const { return m_workers; }
    std::vector<WorkerInfo> infos() const;

    std::int64_t generation() const { return m_generation; }
    const std::vector<std::size_t>& members() const { return m_members; } // rank order
    std::size_t size() const { return m_members.size(); }
    bool isMember(std::size_t idx) const;
    std::int64_t aliveMembers() const;
    std::size_t activeCount() const; // members neither leaving nor failed
    std::vector<std::string> newestMembers(int count) const; // ids of the newest active members
    std::size_t count(std::initializer_list<WorkerState> states) const; // workers in any of these
    bool changePending() const; // a worker starting, loading, ready or leaving
    bool changeAtBoundary() const; // a member no longer active, or a worker ready to join

    // Marks a live worker failed (its process killed, no rank, owed nothing); false when it had ended.
    bool fail(std::size_t idx);

    struct Departure {
        std::vector<std::size_t> leaving; // members: they leave at the next switch
        std::vector<std::size_t> cancelled; // workers not yet members: they end now
        std::size_t stay = 0; // active members that stay
    };
    // Who `ids` are. Throws Error::invalidInput (field "worker") naming an id that is no running
    // worker, and when no active member would stay.
    Departure departure(const std::vector<std::string>& ids) const;
    void depart(const Departure& d);

    struct Switch {
        std::int64_t before = 0; // members before the switch
        std::vector<std::size_t> survivors, joiners, leavers;
        std::vector<std::string> gone; // members that failed
    };
    // Who stays, joins and leaves at the next switch. A ready joiner that replaces an active member
    // makes that member leave now, so that it takes its place in this very switch.
    Switch nextSwitch();
    // The next generation: the leavers leave, the survivors then the joiners are the members (ranks
    // 0..), everyone else has no rank.
    void form(const Switch& s);
    // Every member leaves (a stop-restart); returns them. The generation stays until the next form.
    std::vector<std::size_t> dissolve();

private:
    std::deque<WorkerSlot> m_workers;
    std::int64_t m_generation = 0;
    std::vector<std::size_t> m_members;
};

// The step in progress and the barrier that ends it, or a switch: which members owe a reply, what
// each said. A barrier is complete when no member's reply is pending (a member that died owes none);
// it succeeded when every member replied Ok. Members are worker indices (Membership).
class StepLedger {
public:
    struct Report {
        BarrierReply reply = BarrierReply::Pending;
        double lossSum = 0.0;
        std::vector<std::int64_t> sampleIds;
        double computeS = 0.0;
        std::string paramHash;
    };

    explicit StepLedger(std::int64_t firstStep)
        : m_step(firstStep)
    { }

    std::int64_t step() const { return m_step; } // the step in progress == steps committed so far
    // A switch's barrier: each of `members` owes one reply.
    void openSwitch(const std::vector<std::size_t>& members);
    // The step's barrier: `samples` planned, started at `now`.
    void openStep(const std::vector<std::size_t>& members, std::int64_t samples, Clock::time_point now);
    bool awaits(std::size_t member) const; // in the barrier, its reply pending
    // Keeps a member's reply (Ok or Failed). Throws Error::invalidInput when the barrier does not
    // await it: not in it, replied already, or died.
    void report(std::size_t member, Report report);
    // A member died: it owes no reply (one it gave stays).
    void lose(std::size_t member);
    bool complete() const;
    bool allOk() const;
    const Report& reportOf(std::size_t member) const;

    // The step committed at `now`; the next one is in progress.
    void commit(Clock::time_point now);
    // The step aborted, or the switch failed: how many barriers failed in a row.
    int abortStep();
    int switchFailed() { return ++m_aborts; }
    void switched() { m_aborts = 0; }
    bool lastCommitted() const { return m_lastCommitted; }

    std::int64_t samples() const { return m_samples; } // planned for the step in progress
    Clock::time_point started() const { return m_started; }
    Clock::time_point lastCommit() const { return m_lastCommit; }
    // The leader did not run for `gap`: the step's clock moves by as much.
    void excuse(Clock::duration gap) { m_started += gap; }

private:
    struct Entry {
        std::size_t member = 0;
        bool lost = false;
        Report report;
    };
    void open(const std::vector<std::size_t>& members);
    Entry* entry(std::size_t member);
    const Entry* entry(std::size_t member) const;

    std::int64_t m_step = 0;
    std::int64_t m_samples = 0;
    Clock::time_point m_started = Clock::now();
    Clock::time_point m_lastCommit = Clock::now();
    bool m_lastCommitted = false;
    int m_aborts = 0;
    std::vector<Entry> m_barrier; // rank order
};

class EventLog {
public:
    // `cap` events are kept; past it the oldest step event goes first (steps are many and are also
    // in the curves), then the oldest event of any kind.
    explicit EventLog(std::size_t cap, double leaseS)
        : m_cap(cap)
        , m_leaseS(leaseS)
    { }

    // Numbers the event and keeps it; the caller sends it to the peers().
    const JobEvent& append(JobEvent event);
    std::int64_t lastSeq() const { return m_seq; }
    // The kept events after `seq`, as the wire carries them.
    Json eventsAfter(std::int64_t seq) const;

    // Starts or renews a lease; true for a peer that held none (it wants a snapshot).
    bool subscribe(const std::string& peer, Clock::time_point now);
    void unsubscribe(const std::string& peer) { m_leases.erase(peer); }
    std::vector<std::string> peers() const;
    // Ends the leases not renewed for longer than the lease time.
    void expire(Clock::time_point now);
    // The leader did not run for `gap`: no lease ran out meanwhile.
    void excuse(Clock::duration gap);

private:
    std::size_t m_cap;
    double m_leaseS;
    std::int64_t m_seq = 0;
    std::deque<JobEvent> m_events;
    std::map<std::string, Clock::time_point> m_leases; // peer -> lease start
};

class SampleAudit {
public:
    explicit SampleAudit(std::int64_t samples)
        : m_samples(samples)
    { }

    // Writes one line per worker and committed step to `file` (truncated), for external checks.
    void openLog(const std::filesystem::path& file);
    // The sample ids a worker reports for a committed step (ids outside the dataset are not counted).
    void countStep(std::int64_t epoch, std::int64_t step, std::int64_t generation, const std::string& worker,
        const std::vector<std::int64_t>& ids);
    void flushLog();

    // Closes an epoch: how many samples were seen once, more than once, never.
    const EpochCheck& closeEpoch(std::int64_t epoch, bool complete);
    bool closed(std::int64_t epoch) const { return !m_epochs.empty() && m_epochs.back().epoch == epoch; }
    const std::vector<EpochCheck>& epochs() const { return m_epochs; }
    // Every closed epoch saw no sample twice and, where complete, every sample once.
    bool exactlyOnce() const;

    // Checks the members' parameter hashes after a switch ("switch", always recorded) and after the
    // first step of a generation ("first_step", recorded once per generation); every other step's
    // hashes are compared but not recorded. Returns whether they are equal.
    bool checkReplicas(
        std::int64_t generation, std::int64_t step, const std::map<std::string, std::string>& hashes, bool switched);
    const std::vector<ReplicaCheck>& replicaChecks() const { return m_replicaChecks; }
    // No comparison ever differed, and at least one was recorded.
    bool replicasEqual() const { return m_replicasEqual && !m_replicaChecks.empty(); }

    static bool allEqual(const std::map<std::string, std::string>& hashes);

private:
    std::int64_t m_samples;
    std::vector<std::vector<std::uint16_t>> m_seen; // [epoch][sample id] -> times committed
    std::vector<EpochCheck> m_epochs;
    std::vector<ReplicaCheck> m_replicaChecks;
    bool m_replicasEqual = true;
    bool m_firstStepPending = false;
    std::ofstream m_log;
};

class JobCurves {
public:
    struct Committed {
        double loss = 0.0; // mean per sample
        double throughput = 0.0; // samples/s over about the last second
    };
    // A step committed at `now`, started at `stepStarted`, with the members' loss sum and samples.
    Committed commit(std::int64_t step, Clock::time_point now, Clock::time_point stepStarted, double lossSum,
        std::int64_t samples, std::size_t workers);
    void stepTime(const std::string& worker, std::int64_t step, double seconds);

    double lastLoss() const { return m_lastLoss; }
    double throughput() const { return m_throughput; }
    // The report's series and final loss.
    void fill(JobReport& report) const;

private:
    double m_lastLoss = 0.0;
    double m_throughput = 0.0;
    std::deque<std::pair<Clock::time_point, std::int64_t>> m_recent; // commit time, samples
    std::vector<SeriesSample> m_loss, m_throughputSeries, m_workers;
    std::map<std::string, std::vector<SeriesSample>> m_stepTimes;
};

class StragglerWatch {
public:
    explicit StragglerWatch(StragglerPolicy policy)
        : m_policy(std::move(policy))
    { }
    struct Member {
        std::string id;
        double stepTimeS = 0.0;
        bool active = false; // a member in the current generation, not leaving
    };
    struct Verdict {
        std::string id;
        double stepTimeS = 0.0;
        double medianS = 0.0; // of the other members
    };
    // After a committed step: the active members slower than `factor` times the others' median for
    // `steps` steps in a row (each then starts counting again).
    std::vector<Verdict> observe(const std::vector<Member>& members);
    void forget(const std::string& id) { m_slowSteps.erase(id); }

private:
    StragglerPolicy m_policy;
    std::map<std::string, int> m_slowSteps;
};

// The job's changes of size. A scale event opens when the membership changes at a switch
// (joiners, leavers, members lost), when a step is aborted, or when a stop-restart begins, and
// stays under way until the first step of the new generation is planned: its pause runs from the
// last commit when the members roll back to it (an abort, a restart), else from the switch. The
// stop-restart baseline changes size only at a boundary, by a checkpoint and a fresh set of
// workers: the book keeps the size asked for, the old workers the restart waits for, and whether
// the new ones were launched.
class ScaleBook {
public:
    explicit ScaleBook(std::vector<ScheduleItem> schedule)
        : m_schedule(std::move(schedule))
    { }

    // The next schedule item due at `step`, each once and in order; nullopt when none is due.
    std::optional<ScheduleItem> takeDue(std::int64_t step);

    // What a switch did, for the scale event it opens or completes.
    struct SwitchNote {
        std::int64_t step = 0; // the step it happens at
        std::int64_t before = 0; // members before it
        std::int64_t after = 0; // members after it
        std::int64_t generation = 0; // the generation it formed
        std::vector<std::string> joined;
        std::vector<std::string> left; // asked to leave
        std::vector<std::string> gone; // lost (failed)
        bool restore = false; // the members roll back to the last commit
        bool fresh = false; // the first generation, or the first after a restart: no event of its own
    };
    void noteSwitch(const SwitchNote& sw, Clock::time_point lastCommit, Clock::time_point now);
    // Step `step` of `members` members was aborted: a failure, unless an event is under way.
    void noteAbort(std::int64_t step, std::int64_t members, Clock::time_point lastCommit);
    // The new generation's first step is planned at `now`: the event under way, its pause
    // measured, is done (nullopt when none was under way).
    std::optional<ScaleEvent> complete(Clock::time_point now);
    bool underWay() const { return m_pending.has_value(); }
    const std::vector<ScaleEvent>& events() const { return m_events; }

    // Stop-restart: a change to `size` workers is asked for (it happens at the next boundary).
    void askRestart(int size) { m_restartTarget = size; }
    // The size to restart at, with `size` members now; nullopt when none is asked or it is `size`.
    std::optional<int> restartDue(int size) const;
    // A restart begins: `event` (its step, kind, sizes and the members that left), paused from
    // the last commit, waiting for the old workers `old` to end.
    void beginRestart(ScaleEvent event, Clock::time_point lastCommit, std::vector<std::size_t> old);
    const std::vector<std::size_t>& restartWaitsFor() const { return m_restartOld; }
    // The workers to launch for the restart, once (0 afterwards, until the next restart begins).
    int launchRestart();
    bool restartLaunched() const { return m_restartLaunched; }

private:
    std::vector<ScheduleItem> m_schedule;
    std::size_t m_nextSchedule = 0;
    std::optional<ScaleEvent> m_pending;
    Clock::time_point m_pauseStart;
    std::vector<ScaleEvent> m_events;
    int m_restartTarget = 0;
    bool m_restartLaunched = false;
    std::vector<std::size_t> m_restartOld;
};

} // namespace vantage::edl::detail
