#pragma once
// Talking to a running elastic job from outside: the CLI's `edl status|attach|scale|stop` and the
// GUI's EDL page. A job is reached by its JobAddress (control endpoint + token), read from the job
// file that the leader writes into its job folder, so a GUI can detach and re-attach after a restart.
//
//   JobClient job(readJobFile(dir));            // thread-safe; one short connection per call
//   job.scaleOut(1); job.scaleIn({"w2"}); job.stop();
//   EventStream events(job.address());          // snapshot (status + history), then live events
//   while (auto e = events.next(0.5)) { ... std::get_if<StepEvent>(&e->payload) ... }

#include "common/progress.h"
#include "edl/job.h"
#include "edl/leader.h"

#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vantage::edl {

struct ClientOptions {
    std::string name = "client"; // shown in the leader's log ("scale in requested by gui")
    double timeoutS = 5.0; // every request
};

class JobClient {
public:
    explicit JobClient(JobAddress address, ClientOptions options = {});

    const JobAddress& address() const { return m_address; }

    JobStatus status() const;
    // Starts `count` joiners (on `devices` when given, else on the launcher's next slots); returns their ids.
    std::vector<std::string> scaleOut(int count, const std::vector<std::string>& devices = {}) const;
    // Removes these workers gracefully at the next step boundary (a joiner is cancelled at once).
    std::vector<std::string> scaleIn(const std::vector<std::string>& workers) const;
    // Removes the `count` newest members.
    std::vector<std::string> scaleInCount(int count) const;
    // Ends the job at the next step boundary, the last commit saved to <jobDir>/final.pt.
    void stop() const;

private:
    Json call(std::string_view type, Json body) const;

    JobAddress m_address;
    ClientOptions m_options;
};

// A live subscription to a job's events. The constructor subscribes and receives the snapshot;
// next() renews the lease (the leader forgets a subscriber silent for 5 s) and, if the leader did
// forget it, picks up the events it missed. Not thread-safe: read it from one thread.
class EventStream {
public:
    explicit EventStream(JobAddress address, ClientOptions options = {});
    ~EventStream(); // unsubscribes
    EventStream(const EventStream&) = delete;
    EventStream& operator=(const EventStream&) = delete;

    // The job at the time of subscribing and every event it had kept until then.
    const JobStatus& snapshot() const { return m_snapshot; }
    const std::vector<JobEvent>& history() const { return m_history; }

    // The next event, or nullopt after timeoutS. Throws Error::failure when the leader has not
    // answered for ClientOptions::timeoutS (the job is gone; re-attach later or read its report).
    std::optional<JobEvent> next(double timeoutS);
    // A JobStateEvent with a final state was seen.
    bool jobEnded() const { return m_ended; }

private:
    void take(JobEvent e);

    struct Impl;
    std::unique_ptr<Impl> m_impl;
    JobStatus m_snapshot;
    std::vector<JobEvent> m_history;
    std::deque<JobEvent> m_queue;
    std::int64_t m_lastSeq = 0;
    bool m_ended = false;
};

// <dir>/job.json (or the file itself). Errors name the file.
JobAddress readJobFile(const std::filesystem::path& dirOrFile);
// The final report a leader left in its job folder (for jobs that have ended).
Json readJobReport(const std::filesystem::path& dirOrFile);

// $XDG_RUNTIME_DIR/vantage-edl, else /tmp/vantage-edl-<uid>; a new job gets <root>/<time>-<id>.
std::filesystem::path defaultJobRoot();
std::filesystem::path newJobDir(const std::filesystem::path& root = defaultJobRoot());

// vantage-edl-worker: $VANTAGE_EDL_WORKER, else beside `besides` (the running executable or its
// folder; in the build tree, app/worker beside app/gui and app/cli), else on PATH.
std::filesystem::path findWorkerBinary(const std::filesystem::path& besides);

// Starts a detached leader process (`vantage-edl-worker leader`) for `options` and waits up to
// timeoutS for its job file. The job outlives the caller; the returned address re-attaches to it.
JobAddress startJob(const LeaderOptions& options, double timeoutS = 30.0);

} // namespace vantage::edl
