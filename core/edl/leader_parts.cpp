#include "edl/leader_parts_p.h"

#include <algorithm>

namespace vantage::edl::detail {

// ---- EventLog ---------------------------------------------------------------------------------

const JobEvent& EventLog::append(JobEvent event)
{
    event.seq = ++m_seq;
    m_events.push_back(std::move(event));
    if (m_events.size() > m_cap) {
        auto it = std::find_if(m_events.begin(), m_events.end(), [](const JobEvent& x) { return x.kind() == "step"; });
        m_events.erase(it != m_events.end() ? it : m_events.begin());
    }
    return m_events.back();
}

Json EventLog::eventsAfter(std::int64_t seq) const
{
    Json events = Json::array();
    for (const auto& e : m_events)
        if (e.seq > seq)
            events.push_back(toJson(e));
    return events;
}

bool EventLog::subscribe(const std::string& peer, Clock::time_point now)
{
    const bool fresh = m_leases.count(peer) == 0;
    m_leases[peer] = now;
    return fresh;
}

std::vector<std::string> EventLog::peers() const
{
    std::vector<std::string> out;
    out.reserve(m_leases.size());
    for (const auto& [peer, lease] : m_leases)
        out.push_back(peer);
    return out;
}

void EventLog::expire(Clock::time_point now)
{
    for (auto it = m_leases.begin(); it != m_leases.end();)
        it = std::chrono::duration<double>(now - it->second).count() > m_leaseS ? m_leases.erase(it) : std::next(it);
}

void EventLog::excuse(Clock::duration gap)
{
    for (auto& [peer, lease] : m_leases)
        lease += gap;
}

// ---- SampleAudit ------------------------------------------------------------------------------

void SampleAudit::openLog(const std::filesystem::path& file)
{
    m_log.open(file, std::ios::trunc);
}

void SampleAudit::countStep(std::int64_t epoch, std::int64_t step, std::int64_t generation, const std::string& worker,
    const std::vector<std::int64_t>& ids)
{
    if (m_seen.size() <= static_cast<std::size_t>(epoch))
        m_seen.resize(
            static_cast<std::size_t>(epoch) + 1, std::vector<std::uint16_t>(static_cast<std::size_t>(m_samples), 0));
    auto& seen = m_seen[static_cast<std::size_t>(epoch)];
    for (auto id : ids)
        if (id >= 0 && id < m_samples)
            ++seen[static_cast<std::size_t>(id)];
    if (m_log)
        m_log << Json{ { "epoch", epoch }, { "step", step }, { "generation", generation }, { "worker", worker },
            { "ids", ids } }
                     .dump()
              << '\n';
}

void SampleAudit::flushLog()
{
    if (m_log)
        m_log.flush();
}

const EpochCheck& SampleAudit::closeEpoch(std::int64_t epoch, bool complete)
{
    EpochCheck c{ .epoch = epoch, .samples = m_samples, .complete = complete };
    if (static_cast<std::size_t>(epoch) < m_seen.size())
        for (auto n : m_seen[static_cast<std::size_t>(epoch)]) {
            c.seenOnce += n == 1;
            c.seenMore += n > 1;
            c.unseen += n == 0;
        }
    else
        c.unseen = m_samples;
    m_epochs.push_back(c);
    return m_epochs.back();
}

bool SampleAudit::exactlyOnce() const
{
    return !m_epochs.empty() && std::all_of(m_epochs.begin(), m_epochs.end(), [](const EpochCheck& c) {
        return c.seenMore == 0 && (!c.complete || c.seenOnce == c.samples);
    });
}

bool SampleAudit::allEqual(const std::map<std::string, std::string>& hashes)
{
    if (hashes.empty())
        return true;
    const auto& first = hashes.begin()->second;
    return !first.empty()
        && std::all_of(hashes.begin(), hashes.end(), [&](const auto& kv) { return kv.second == first; });
}

bool SampleAudit::checkReplicas(
    std::int64_t generation, std::int64_t step, const std::map<std::string, std::string>& hashes, bool switched)
{
    const bool equal = allEqual(hashes);
    if (!equal)
        m_replicasEqual = false;
    if (switched || m_firstStepPending)
        m_replicaChecks.push_back({ generation, step, switched ? "switch" : "first_step", hashes, equal });
    m_firstStepPending = switched;
    return equal;
}

// ---- JobCurves --------------------------------------------------------------------------------

JobCurves::Committed JobCurves::commit(std::int64_t step, Clock::time_point now, Clock::time_point stepStarted,
    double lossSum, std::int64_t samples, std::size_t workers)
{
    m_lastLoss = samples > 0 ? lossSum / static_cast<double>(samples) : 0.0;
    m_recent.emplace_back(now, samples);
    while (m_recent.size() > 2 && std::chrono::duration<double>(now - m_recent[1].first).count() > 1.0)
        m_recent.pop_front();
    if (m_recent.size() >= 2) {
        std::int64_t s = 0;
        for (std::size_t k = 1; k < m_recent.size(); ++k)
            s += m_recent[k].second;
        m_throughput = static_cast<double>(s)
            / std::max(1e-9, std::chrono::duration<double>(now - m_recent.front().first).count());
    } else {
        m_throughput
            = static_cast<double>(samples) / std::max(1e-9, std::chrono::duration<double>(now - stepStarted).count());
    }
    m_loss.push_back({ step, m_lastLoss });
    m_throughputSeries.push_back({ step, m_throughput });
    m_workers.push_back({ step, static_cast<double>(workers) });
    return { m_lastLoss, m_throughput };
}

void JobCurves::stepTime(const std::string& worker, std::int64_t step, double seconds)
{
    m_stepTimes[worker].push_back({ step, seconds });
}

void JobCurves::fill(JobReport& report) const
{
    report.finalLoss = m_lastLoss;
    report.loss = m_loss;
    report.throughput = m_throughputSeries;
    report.workers = m_workers;
    report.stepTimes = m_stepTimes;
}

// ---- StragglerWatch ---------------------------------------------------------------------------

std::vector<StragglerWatch::Verdict> StragglerWatch::observe(const std::vector<Member>& members)
{
    std::vector<Verdict> out;
    if (!m_policy.enabled || members.size() < 2)
        return out;
    for (const auto& m : members) {
        if (!m.active)
            continue;
        std::vector<double> others;
        for (const auto& o : members)
            if (o.id != m.id)
                others.push_back(o.stepTimeS);
        std::nth_element(others.begin(), others.begin() + static_cast<std::ptrdiff_t>(others.size() / 2), others.end());
        const double median = others[others.size() / 2];
        int& slow = m_slowSteps[m.id];
        slow = (median > 0 && m.stepTimeS > m_policy.factor * median) ? slow + 1 : 0;
        if (slow < m_policy.steps)
            continue;
        slow = 0;
        out.push_back({ m.id, m.stepTimeS, median });
    }
    return out;
}

} // namespace vantage::edl::detail
