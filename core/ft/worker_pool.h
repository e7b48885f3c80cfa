#pragma once
// A small pool of std::threads for the parallel loops of the FT search: run(n, fn) calls fn(i,
// worker) for every i in [0, n) on the pool and the calling thread, and returns when all are done.
// Internal to core/ft; one pool per search, reused for every step.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace vantage::ft::detail {

class WorkerPool {
public:
    explicit WorkerPool(int threads);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    int size() const { return static_cast<int>(m_threads.size()) + 1; }

    // The first exception a call throws is rethrown here once every worker has stopped.
    void run(std::size_t n, const std::function<void(std::size_t index, int worker)>& fn);

private:
    void work(int worker);
    void loop(int worker);

    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    std::uint64_t m_generation = 0;
    bool m_stop = false;
    const std::function<void(std::size_t, int)>* m_job = nullptr;
    std::size_t m_count = 0;
    std::atomic<std::size_t> m_next{ 0 };
    std::size_t m_active = 0;
    std::exception_ptr m_error;
};

} // namespace vantage::ft::detail
