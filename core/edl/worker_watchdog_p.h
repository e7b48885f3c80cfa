#pragma once
// What keeps a worker from outliving its job, whatever the user's model does (a forward or a
// __setstate__ that never returns holds the training thread, which then never looks at the
// leader): a thread of its own that ends the process once the leader is gone, the process was told
// to end (SIGTERM, a closed ssh stdin) or the leader dropped it, and the training thread has not
// ended the worker itself within the grace period. Also the resource limits the job sets for the
// process the user's model runs in. Plain C++, private to the worker runtime (elastic.cpp).

#include "edl/elastic.h"
#include "edl/job.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace vantage::edl {

struct WatchdogOptions {
    std::string workerId;
    double leaderS = 5.0; // the leader counts as gone after this long without an answer, seconds
    double graceS = 3.0; // then the training thread has this long to end the worker itself, seconds
};

// The signs the watchdog reads, written by the heartbeat thread and the signal handlers.
struct WatchdogSignals {
    const std::atomic<bool>* terminate = nullptr; // SIGTERM or a closed stdin
    const std::atomic<bool>* removed = nullptr; // the leader dropped this worker
    const std::atomic<double>* lastAckS = nullptr; // seconds since `born` of the leader's last answer
    std::chrono::steady_clock::time_point born;
};

class WorkerWatchdog {
public:
    // `lastWords(reason)` runs on the watchdog's thread just before it ends the process with
    // workerExitCode(reason) (it may save the last commit; it must not wait on the training thread).
    WorkerWatchdog(WatchdogOptions options, WatchdogSignals signals, std::function<void(EndReason)> lastWords);
    ~WorkerWatchdog(); // stops the thread
    WorkerWatchdog(const WorkerWatchdog&) = delete;
    WorkerWatchdog& operator=(const WorkerWatchdog&) = delete;

    // The job ended for this worker the ordinary way (finished, stopped, left): nothing to guard.
    void standDown();

private:
    void run();
    EndReason danger() const;

    WatchdogOptions m_options;
    WatchdogSignals m_signals;
    std::function<void(EndReason)> m_lastWords;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

// Applies the job's limits to this process (RLIMIT_AS from workerMemoryMb, RLIMIT_CPU from
// workerCpuS; no core files under either); 0 leaves a limit as it is. Throws Error::failure when
// the kernel refuses one.
void applyWorkerLimits(const JobSpec& spec);

} // namespace vantage::edl
