#include "ft/worker_pool.h"

namespace vantage::ft::detail {

WorkerPool::WorkerPool(int threads)
{
    for (int i = 1; i < threads; ++i)
        m_threads.emplace_back([this, i] { loop(i); });
}

WorkerPool::~WorkerPool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        ++m_generation;
    }
    m_wake.notify_all();
    for (auto& t : m_threads)
        t.join();
}

void WorkerPool::work(int worker)
{
    for (;;) {
        const std::size_t i = m_next.fetch_add(1, std::memory_order_relaxed);
        if (i >= m_count)
            return;
        try {
            (*m_job)(i, worker);
        } catch (...) {
            std::lock_guard lock(m_mutex);
            if (!m_error)
                m_error = std::current_exception();
            m_next.store(m_count, std::memory_order_relaxed);
        }
    }
}

void WorkerPool::loop(int worker)
{
    std::uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_generation != seen; });
            seen = m_generation;
            if (m_stop)
                return;
        }
        work(worker);
        {
            std::lock_guard lock(m_mutex);
            if (--m_active == 0)
                m_done.notify_one();
        }
    }
}

void WorkerPool::run(std::size_t n, const std::function<void(std::size_t, int)>& fn)
{
    if (n == 0)
        return;
    if (m_threads.empty() || n == 1) {
        for (std::size_t i = 0; i < n; ++i)
            fn(i, 0);
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        m_job = &fn;
        m_count = n;
        m_next.store(0, std::memory_order_relaxed);
        m_active = m_threads.size();
        m_error = nullptr;
        ++m_generation;
    }
    m_wake.notify_all();
    work(0);
    std::exception_ptr error;
    {
        std::unique_lock lock(m_mutex);
        m_done.wait(lock, [&] { return m_active == 0; });
        m_job = nullptr;
        error = m_error;
        m_error = nullptr;
    }
    if (error)
        std::rethrow_exception(error);
}

} // namespace vantage::ft::detail
