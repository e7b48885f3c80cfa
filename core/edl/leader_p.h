#pragma once
// Private to the leader's translation units: leader.cpp (set-up, the run loop, the dispatcher of
// incoming messages), leader_membership.cpp (launching workers, scaling, switching generations and
// restarts), leader_steps.cpp (plans, barriers, step commit), leader_events.cpp (messages out, the
// status and the report) and leader_policies.cpp (timers and the straggler policy). Leader::Impl
// orchestrates: the phase of the job, the messages, the timers; the state it drives is in the parts
// of leader_parts_p.h (Membership, StepLedger, EventLog, SampleAudit, JobCurves, StragglerWatch,
// ScaleBook) and the DataLedger.

#include "edl/leader.h"
#include "edl/leader_parts_p.h"

#include "common/devices.h"
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

namespace detail {

// The last line of a worker's log that says what went wrong ("error:", an exception, the exception
// line that ends a Python traceback), else its last line: what the user is shown when a worker ends
// early. Reads the tail only.
inline std::string lastErrorLine(const std::filesystem::path& log)
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
    bool inTraceback = false;
    std::istringstream lines(tail);
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        last = line;
        if (line.starts_with("Traceback (most recent call last):")) {
            inTraceback = true;
            continue;
        }
        if (inTraceback) {
            // Indented lines are frames and source; the first line at the margin is the exception.
            if (line[0] != ' ' && line[0] != '\t') {
                error = line;
                inTraceback = false;
            }
            continue;
        }
        if (line.find("error") != std::string::npos || line.find("what()") != std::string::npos)
            error = line;
    }
    std::string out = error.empty() ? last : error;
    if (out.size() > 300)
        out = out.substr(0, 300) + "...";
    return out;
}

inline double since(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

enum class Phase {
    Forming,
    Switching,
    Stepping,
    Restarting,
    Ended
};

inline constexpr std::size_t kHistoryCap = 50000;
inline constexpr double kSubscriberLeaseS = 5.0;
inline constexpr int kMaxConsecutiveAborts = 5;
// A turn of the leader's loop takes milliseconds; one that took longer than this was the leader itself
// not running (stopped, swapped out, starved of CPU), and its deadlines move by as much.
inline constexpr double kLeaderStallS = 0.5;
// Queued messages handled in one turn before the timers are looked at.
inline constexpr int kMessagesPerTurn = 256;

} // namespace detail

using detail::BarrierReply;
using detail::Clock;
using detail::EventLog;
using detail::JobCurves;
using detail::kHistoryCap;
using detail::kLeaderStallS;
using detail::kMaxConsecutiveAborts;
using detail::kMessagesPerTurn;
using detail::kSubscriberLeaseS;
using detail::lastErrorLine;
using detail::Membership;
using detail::Owed;
using detail::Phase;
using detail::SampleAudit;
using detail::ScaleBook;
using detail::since;
using detail::StepLedger;
using detail::StragglerWatch;
using detail::WorkerSlot;

struct Leader::Impl {
    LeaderOptions opt;
    std::string token = newToken();
    std::string jobId = newJobId();
    std::unique_ptr<JobFolderLock> folderLock; // held for the leader's life: one job per folder
    std::unique_ptr<ControlSocket> socket;
    ReplayGuard replays; // of the control socket
    std::unique_ptr<StoreHost> rendezvous; // the rendezvous store the workers form their process groups on
    std::unique_ptr<Launcher> launcher;
    std::string workerEndpoint; // what workers connect to
    std::string hostname = hostName(); // where this leader runs, for the status
    Clock::time_point started = Clock::now();
    const CancelToken* cancel = nullptr; // run()'s, for as long as it runs
    Progress* progress = nullptr;

    Membership membership;
    Phase phase = Phase::Forming;
    Clock::time_point phaseSince = Clock::now();
    JobState state = JobState::Starting;
    std::string message;

    DataLedger ledger; // the chunks of samples: which are planned, in progress, done
    StepLedger steps;
    bool stopRequested = false;
    ScaleBook scale{ opt.schedule };

    SampleAudit audit{ opt.spec.samples };
    JobCurves curves;
    StragglerWatch stragglers{ opt.straggler };
    std::vector<FailureEvent> failures;
    EventLog events{ kHistoryCap, kSubscriberLeaseS };

    explicit Impl(LeaderOptions o);

    // A job resumed from a checkpoint starts over the epoch it was in (its samples may be seen again
    // in that epoch: the ledger of the interrupted job died with its leader), at the step it saved.
    static std::int64_t resumeEpoch(const LeaderOptions& o);
    static std::int64_t resumeStep(const LeaderOptions& o);

    std::filesystem::path path(const std::string& name) const { return opt.jobDir / name; }

    // ---- messages out -------------------------------------------------------------------------
    Message make(std::string_view type, Json body) const;
    void reply(const std::string& peer, const Message& request, std::string_view type, Json body);
    // Answers the request a worker waits on; answers to step reports say whether that step committed.
    void answer(WorkerSlot& w, std::string_view type, Json body);

    // Keeps the event (EventLog) and sends it to every subscriber.
    template <typename T> void emit(T payload)
    {
        JobEvent e;
        e.timeS = since(started);
        e.payload = std::move(payload);
        const Json body = toJson(events.append(std::move(e)));
        for (const auto& peer : events.peers())
            socket->send(peer, make(msg::Event, body));
    }
    void emitMembership();
    void log(LogLevel level, std::string text) { emit(LogEvent{ level, std::move(text) }); }

    JobStatus status() const;

    // ---- workers ------------------------------------------------------------------------------
    std::string launchWorker(
        const std::string& restoreFrom, const std::string& replaces = {}, const std::string& device = {});

    void markFailed(std::size_t idx, const std::string& reason);

    // ---- commands -----------------------------------------------------------------------------
    std::vector<std::string> scaleOut(int count, const std::vector<std::string>& devices = {});

    // Marks members leaving (or cancels joiners). Throws Error::invalidInput when none would remain.
    std::vector<std::string> scaleIn(const std::vector<std::string>& ids);

    // ---- the first generation, restarts --------------------------------------------------------
    void maybeFormFirst();

    void beginRestart(int target, ScaleKind kind);

    void tickRestart();

    // ---- generations --------------------------------------------------------------------------
    void startGeneration(const std::string& reason, bool restore);

    void finishSwitch();
    // The members' parameter hashes at the barrier just passed (for SampleAudit::checkReplicas).
    std::map<std::string, std::string> memberHashes() const;

    // ---- steps --------------------------------------------------------------------------------
    void sendPlans();

    void resolve();

    void abortStep();

    void commitStep();

    void closeEpoch(bool complete);

    // What happens at a step boundary: scheduled and requested changes, policies, stop.
    void boundary();

    void applyStragglerPolicy();

    void endJob(JobState s, std::string why);
    // A member's step_done carried a loss that is NaN or infinite: the job fails, naming it.
    void endOnNonFiniteLoss(WorkerSlot& w, const std::string& value);

    // ---- incoming -----------------------------------------------------------------------------
    void handle(const ControlSocket::Incoming& in);

    void subscribe(const std::string& peer, const Message& m);

    void command(const std::string& peer, const Message& m);

    void fromWorker(const std::string& peer, const Message& m);

    // ---- timers -------------------------------------------------------------------------------
    void tick();
    // The leader did not run for `gap`: what workers and subscribers owed it meanwhile is not held
    // against them (their messages wait in the socket), so every deadline moves by the gap.
    void excuseStall(Clock::duration gap);
    Clock::time_point lastTick = Clock::now();

    void writeJobFile();

    JobReport report() const;
};

} // namespace vantage::edl
