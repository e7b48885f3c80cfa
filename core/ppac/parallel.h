#pragma once
// Internal to core/ppac: a plain fork-join loop over index ranges on std::threads. Per-user work
// (similar users, popularity, ranking) is independent, so chunks are handed out from one atomic
// counter and results never depend on the number of threads.

#include <cstdint>
#include <functional>

namespace vantage::ppac::detail {

// 0 or negative: the hardware concurrency (at least 1).
int resolveThreads(int requested);

// Calls body(begin, end, worker) for consecutive chunks of [0, n) on `threads` threads
// (worker in [0, threads)). The first exception thrown by a body stops the hand-out of further
// chunks and is rethrown on the calling thread after all workers have finished.
void parallelFor(std::int64_t n, int threads, std::int64_t chunk,
    const std::function<void(std::int64_t begin, std::int64_t end, int worker)>& body);

} // namespace vantage::ppac::detail
