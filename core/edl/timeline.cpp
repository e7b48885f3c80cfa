#include "edl/timeline.h"

#include <cstdio>

namespace vantage::edl {

void JobTimeline::add(const JobEvent& e)
{
    if (e.seq <= m_lastSeq)
        return;
    m_lastSeq = e.seq;
    if (const auto* s = std::get_if<StepEvent>(&e.payload)) {
        m_loss.push_back({ s->step, e.timeS, s->loss });
        m_throughput.push_back({ s->step, e.timeS, s->throughput });
        m_workers.push_back({ s->step, e.timeS, static_cast<double>(s->workers) });
        for (const auto& [w, t] : s->workerStepS)
            m_stepTimes[w].push_back({ s->step, e.timeS, t });
    } else if (const auto* sc = std::get_if<ScaleEvent>(&e.payload)) {
        m_scale.push_back(*sc);
    } else if (const auto* f = std::get_if<FailureEvent>(&e.payload)) {
        m_failures.push_back(*f);
    } else if (const auto* g = std::get_if<GenerationEvent>(&e.payload)) {
        m_generations.push_back(*g);
    } else if (const auto* m = std::get_if<MembershipEvent>(&e.payload)) {
        m_current = m->workers;
    } else if (const auto* j = std::get_if<JobStateEvent>(&e.payload); j && isFinal(j->state)) {
        m_end = *j;
    }
}

double JobTimeline::finalLoss() const
{
    if (m_end)
        return m_end->finalLoss;
    return m_loss.empty() ? 0.0 : m_loss.back().value;
}

Json JobTimeline::result() const
{
    Json events = Json::array();
    for (const auto& e : m_scale)
        events.push_back(toJson(e));
    Json failures = Json::array();
    for (const auto& f : m_failures)
        failures.push_back({ { "worker", f.worker }, { "reason", f.reason }, { "silent_s", f.silentS },
            { "step", f.step }, { "member", f.member } });
    return { { "state", m_end ? std::string(enumName(m_end->state)) : std::string("running") },
        { "message", m_end ? m_end->message : std::string() }, { "final_loss", finalLoss() },
        { "steps", m_loss.empty() ? 0 : m_loss.back().step + 1 }, { "events", events }, { "failures", failures } };
}

std::string JobTimeline::jobSummary(double finalLoss, std::size_t scaleEvents)
{
    char buf[96];
    std::snprintf(
        buf, sizeof buf, "final loss %.2f, %zu scale event%s", finalLoss, scaleEvents, scaleEvents == 1 ? "" : "s");
    return buf;
}

} // namespace vantage::edl
