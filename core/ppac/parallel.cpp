#include "ppac/parallel.h"

#include "common/threads.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace vantage::ppac::detail {

int resolveThreads(int requested)
{
    return resolveThreadCount(requested);
}

void parallelFor(
    std::int64_t n, int threads, std::int64_t chunk, const std::function<void(std::int64_t, std::int64_t, int)>& body)
{
    if (n <= 0)
        return;
    chunk = std::max<std::int64_t>(1, chunk);
    threads = static_cast<int>(std::min<std::int64_t>(resolveThreads(threads), (n + chunk - 1) / chunk));
    if (threads <= 1) {
        for (std::int64_t b = 0; b < n; b += chunk)
            body(b, std::min(n, b + chunk), 0);
        return;
    }
    std::atomic<std::int64_t> next{ 0 };
    std::atomic<bool> failed{ false };
    std::exception_ptr error;
    std::mutex errorMutex;
    auto work = [&](int worker) {
        try {
            while (!failed.load(std::memory_order_relaxed)) {
                const std::int64_t b = next.fetch_add(chunk, std::memory_order_relaxed);
                if (b >= n)
                    break;
                body(b, std::min(n, b + chunk), worker);
            }
        } catch (...) {
            std::lock_guard lock(errorMutex);
            if (!error)
                error = std::current_exception();
            failed.store(true);
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads - 1));
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work, t);
    work(0);
    for (auto& t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
}

} // namespace vantage::ppac::detail
