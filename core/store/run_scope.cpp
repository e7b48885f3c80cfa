#include "store/run_scope.h"

#include "common/error.h"

namespace vantage::store {

RunScope::RunScope(Session* session, const NewRun& run)
    : m_session(session)
{
    if (m_session)
        m_id = m_session->beginRun(run);
}

void RunScope::finish(RunStatus status, const Json& result, std::string_view summary, std::string_view error)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_session)
        m_session->finishRun(m_id, status, result, summary, error);
}

void RunScope::succeed(const Json& result, std::string_view summary)
{
    finish(RunStatus::Done, result, summary, {});
}

void RunScope::fail(std::exception_ptr error)
{
    RunStatus status = RunStatus::Failed;
    std::string why = "unknown error";
    try {
        if (error)
            std::rethrow_exception(error);
    } catch (const Cancelled&) {
        status = RunStatus::Cancelled;
        why.clear();
    } catch (const std::exception& e) {
        why = e.what();
    } catch (...) { }
    try {
        finish(status, nullptr, {}, why);
    } catch (...) {
        // The session could not be written (disk full?); the next open marks the run failed.
    }
}

RunScope::~RunScope()
{
    try {
        finish(RunStatus::Failed, nullptr, {}, "the run ended without a result");
    } catch (...) { }
}

} // namespace vantage::store
