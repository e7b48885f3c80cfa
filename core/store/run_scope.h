#pragma once
// Records one engine call as a run: begun on construction, finished `done` by succeed(), `failed` or
// `cancelled` by fail(), and `failed` if the scope ends with neither. With no session it does
// nothing, so callers need not branch on whether the user asked for a session.

#include "store/session.h"

#include <exception>

namespace vantage::store {

class RunScope {
public:
    RunScope(Session* session, const NewRun& run);
    ~RunScope();
    RunScope(const RunScope&) = delete;
    RunScope& operator=(const RunScope&) = delete;

    std::int64_t id() const { return m_id; }
    Session* session() const { return m_session; }
    void succeed(const Json& result, std::string_view summary);
    // Marks the run cancelled for vantage::Cancelled, failed with the message otherwise.
    void fail(std::exception_ptr error);
    // Ends the run with any status, a result and an error (a job that was stopped or failed still
    // has its result). Only the first of succeed(), fail() and finish() counts.
    void finish(RunStatus status, const Json& result, std::string_view summary, std::string_view error);

private:
    Session* m_session;
    std::int64_t m_id = 0;
    bool m_finished = false;
};

// Runs body(scope) inside a RunScope; an exception marks the run failed or cancelled and propagates.
template <typename F> decltype(auto) recordRun(Session* session, const NewRun& run, F&& body)
{
    RunScope scope(session, run);
    try {
        return body(scope);
    } catch (...) {
        scope.fail(std::current_exception());
        throw;
    }
}

} // namespace vantage::store
