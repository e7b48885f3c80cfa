#pragma once
// The leader's state that stands on its own, each behind a narrow interface (Leader::Impl keeps the
// membership and the step in progress and drives these):
//   EventLog        the events the job emitted, kept for subscribers that (re)attach, and the
//                   subscribers' leases
//   SampleAudit     what the workers say they trained, independent of the data ledger: each
//                   sample's count per epoch (exactly once), consumed.jsonl, the replica checks
//   JobCurves       the curves and rates as steps commit (loss, throughput, workers, step times)
//   StragglerWatch  the straggler policy's verdicts from each step's compute times
// Private to the leader's translation units.

#include "edl/leader.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vantage::edl::detail {

using Clock = std::chrono::steady_clock;

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

} // namespace vantage::edl::detail
