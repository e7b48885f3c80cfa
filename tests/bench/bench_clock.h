#pragma once
// The clocks the benchmark programs time with.

#include <chrono>
#include <ctime>

namespace vantage::bench {

using Clock = std::chrono::steady_clock;

// Wall seconds since t0.
inline double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU seconds of the whole process (all threads): on a shared machine wall time includes waiting
// for the cores, CPU time does not.
inline double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

} // namespace vantage::bench
