#include "edl/worker_watchdog_p.h"

#include "common/error.h"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <sys/resource.h>
#include <unistd.h>

namespace vantage::edl {

namespace {

constexpr auto kPollPeriod = std::chrono::milliseconds(50); // 50 ms = 20 Hz: small next to any timeout

double secondsSince(std::chrono::steady_clock::time_point t)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

WorkerWatchdog::WorkerWatchdog(
    WatchdogOptions options, WatchdogSignals signals, std::function<void(EndReason)> lastWords)
    : m_options(std::move(options))
    , m_signals(signals)
    , m_lastWords(std::move(lastWords))
    , m_thread([this] { run(); })
{ }

WorkerWatchdog::~WorkerWatchdog()
{
    standDown();
    if (m_thread.joinable())
        m_thread.join();
}

void WorkerWatchdog::standDown()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
}

EndReason WorkerWatchdog::danger() const
{
    if (m_signals.terminate && m_signals.terminate->load())
        return EndReason::Terminated;
    if (m_signals.removed && m_signals.removed->load())
        return EndReason::JobFailed;
    if (m_signals.lastAckS && secondsSince(m_signals.born) - m_signals.lastAckS->load() > m_options.leaderS)
        return EndReason::LeaderLost;
    return EndReason::None;
}

void WorkerWatchdog::run()
{
    std::optional<std::chrono::steady_clock::time_point> since;
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_wake.wait_for(lock, kPollPeriod, [this] { return m_stop; })) {
        const EndReason reason = danger();
        if (reason == EndReason::None) {
            since.reset();
            continue;
        }
        if (!since)
            since = std::chrono::steady_clock::now();
        if (secondsSince(*since) < m_options.graceS)
            continue;
        std::cerr << "vantage-edl-worker " << m_options.workerId << ": " << enumName(reason)
                  << ", and the training thread did not end the worker within " << m_options.graceS
                  << " s (the model may never return); ending the process" << std::endl;
        try {
            if (m_lastWords)
                m_lastWords(reason);
        } catch (...) { // the process ends now whatever happens
        }
        std::cerr.flush();
        ::_exit(workerExitCode(reason));
    }
}

void applyWorkerLimits(const JobSpec& spec)
{
    auto limit = [](int resource, rlim_t soft, rlim_t hard, const char* what) {
        const rlimit l{ soft, hard };
        if (::setrlimit(resource, &l) != 0)
            throw Error::failure(std::string("cannot set the worker's ") + what + " limit: " + std::strerror(errno))
                .forField(what);
    };
    if (spec.workerMemoryMb <= 0 && spec.workerCpuS <= 0)
        return;
    limit(RLIMIT_CORE, 0, 0, "core file");
    if (spec.workerMemoryMb > 0) {
        const auto bytes = static_cast<rlim_t>(spec.workerMemoryMb) << 20;
        limit(RLIMIT_AS, bytes, bytes, "worker_memory_mb");
    }
    if (spec.workerCpuS > 0) // SIGXCPU at the limit, SIGKILL two seconds of CPU later
        limit(
            RLIMIT_CPU, static_cast<rlim_t>(spec.workerCpuS), static_cast<rlim_t>(spec.workerCpuS + 2), "worker_cpu_s");
}

} // namespace vantage::edl
