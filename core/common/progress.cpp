#include "common/progress.h"

#include "common/error.h"

#include <algorithm>
#include <cmath>

namespace vantage {

void CallbackProgress::report(double fraction, std::string_view phase)
{
    fraction = std::clamp(fraction, 0.0, 1.0);
    std::lock_guard lock(m_mutex);
    if (phase == m_phase && std::abs(fraction - m_last) < 0.005 && fraction < 1.0)
        return;
    m_last = fraction;
    m_phase.assign(phase);
    if (m_cb)
        m_cb(fraction, phase);
}

SubProgress::SubProgress(Progress& parent, double begin, double end, std::string phase)
    : m_parent(parent)
    , m_begin(begin)
    , m_end(end)
    , m_phase(std::move(phase))
{ }

void SubProgress::report(double fraction, std::string_view phase)
{
    const double f = m_begin + std::clamp(fraction, 0.0, 1.0) * (m_end - m_begin);
    if (m_phase.empty())
        m_parent.report(f, phase);
    else if (phase.empty())
        m_parent.report(f, m_phase);
    else
        m_parent.report(f, m_phase + ": " + std::string(phase));
}

void CancelToken::throwIfCancelled() const
{
    if (isCancelled())
        throw Cancelled();
}

} // namespace vantage
