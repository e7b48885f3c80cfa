#pragma once
// Progress and cancellation, the two parameters of every long core call. The GUI turns Progress
// reports into queued signals and sets the CancelToken from its Cancel button; the CLI prints to stderr.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace vantage {

// Receives (fraction in [0, 1], phase text). Implementations must be thread-safe: engines may report
// from worker threads.
class Progress {
public:
    virtual ~Progress() = default;
    virtual void report(double fraction, std::string_view phase) = 0;
};

// Discards every report; for callers that do not care.
class NullProgress final : public Progress {
public:
    void report(double, std::string_view) override { }
};

// Forwards to a callback under a mutex and drops reports that change nothing visible
// (less than half a percent and the same phase), so a tight loop can report freely.
class CallbackProgress final : public Progress {
public:
    using Callback = std::function<void(double, std::string_view)>;
    explicit CallbackProgress(Callback cb)
        : m_cb(std::move(cb))
    { }
    void report(double fraction, std::string_view phase) override;

private:
    Callback m_cb;
    std::mutex m_mutex;
    double m_last = -1.0;
    std::string m_phase;
};

// Maps [0, 1] of a sub-task onto [begin, end] of its parent, so phases compose:
//   SubProgress load(progress, 0.0, 0.2, "loading"); ... SubProgress train(progress, 0.2, 1.0, "training");
class SubProgress final : public Progress {
public:
    SubProgress(Progress& parent, double begin, double end, std::string phase = {});
    void report(double fraction, std::string_view phase) override;

private:
    Progress& m_parent;
    double m_begin;
    double m_end;
    std::string m_phase;
};

// Shared, copyable flag. Copies observe the same state; a default-constructed token can still be
// cancelled (it owns its own flag).
class CancelToken {
public:
    CancelToken()
        : m_flag(std::make_shared<std::atomic<bool>>(false))
    { }
    void cancel() const noexcept { m_flag->store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return m_flag->load(std::memory_order_relaxed); }
    void throwIfCancelled() const; // throws vantage::Cancelled

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

} // namespace vantage
