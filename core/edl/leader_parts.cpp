#include "edl/leader_parts_p.h"

#include "common/assert.h"
#include "common/error.h"

#include <algorithm>
#include <csignal>

namespace vantage::edl::detail {

// ---- Membership -------------------------------------------------------------------------------

WorkerSlot& Membership::add(WorkerSlot worker)
{
    VANTAGE_ASSERT(worker.info.id == nextId(), "a worker's id names its place");
    worker.index = m_workers.size();
    m_workers.push_back(std::move(worker));
    return m_workers.back();
}

std::optional<std::size_t> Membership::indexOf(const std::string& id) const
{
    if (id.size() < 2 || id[0] != 'w')
        return std::nullopt;
    try {
        const auto n = std::stoul(id.substr(1));
        return n < m_workers.size() ? std::optional<std::size_t>(n) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

WorkerSlot* Membership::find(const std::string& id)
{
    const auto n = indexOf(id);
    return n ? &m_workers[*n] : nullptr;
}

std::vector<WorkerInfo> Membership::infos() const
{
    std::vector<WorkerInfo> out;
    out.reserve(m_workers.size());
    for (const auto& w : m_workers)
        out.push_back(w.info);
    return out;
}

bool Membership::isMember(std::size_t idx) const
{
    return std::find(m_members.begin(), m_members.end(), idx) != m_members.end();
}

std::int64_t Membership::aliveMembers() const
{
    return std::count_if(m_members.begin(), m_members.end(), [&](std::size_t i) { return m_workers[i].alive(); });
}

std::size_t Membership::activeCount() const
{
    return std::count_if(m_members.begin(), m_members.end(),
        [&](std::size_t i) { return m_workers[i].info.state == WorkerState::Active; });
}

std::vector<std::string> Membership::newestMembers(int count) const
{
    std::vector<std::size_t> active;
    for (auto i : m_members)
        if (m_workers[i].info.state == WorkerState::Active)
            active.push_back(i);
    std::sort(active.begin(), active.end());
    std::vector<std::string> ids;
    for (auto it = active.rbegin(); it != active.rend() && static_cast<int>(ids.size()) < count; ++it)
        ids.push_back(m_workers[*it].info.id);
    return ids;
}

std::size_t Membership::count(std::initializer_list<WorkerState> states) const
{
    return std::count_if(m_workers.begin(), m_workers.end(),
        [&](const WorkerSlot& w) { return std::find(states.begin(), states.end(), w.info.state) != states.end(); });
}

bool Membership::changePending() const
{
    return count({ WorkerState::Starting, WorkerState::Loading, WorkerState::Ready, WorkerState::Leaving }) > 0;
}

bool Membership::changeAtBoundary() const
{
    return std::any_of(m_members.begin(), m_members.end(), [&](std::size_t i) {
        return m_workers[i].info.state != WorkerState::Active;
    }) || count({ WorkerState::Ready }) > 0;
}

bool Membership::fail(std::size_t idx)
{
    WorkerSlot& w = m_workers.at(idx);
    if (!w.alive())
        return false;
    if (w.process)
        w.process->signal(SIGKILL);
    w.info.state = WorkerState::Failed;
    w.info.rank = -1;
    w.owed.reset();
    return true;
}

Membership::Departure Membership::departure(const std::vector<std::string>& ids) const
{
    Departure d;
    for (const auto& id : ids) {
        const auto n = indexOf(id);
        if (!n || !m_workers[*n].alive())
            throw Error::invalidInput("no running worker '" + id + "'").forField("worker");
        (isMember(*n) ? d.leaving : d.cancelled).push_back(*n);
    }
    for (auto i : m_members)
        if (m_workers[i].info.state == WorkerState::Active
            && std::find(d.leaving.begin(), d.leaving.end(), i) == d.leaving.end())
            ++d.stay;
    if (!d.leaving.empty() && d.stay == 0)
        throw Error::invalidInput("cannot remove every worker of the job (use stop)").forField("worker");
    return d;
}

void Membership::depart(const Departure& d)
{
    for (auto i : d.leaving)
        m_workers[i].info.state = WorkerState::Leaving;
    for (auto i : d.cancelled) {
        auto& w = m_workers[i];
        if (w.process)
            w.process->signal(SIGKILL);
        w.info.state = WorkerState::Left;
        w.owed.reset();
    }
}

Membership::Switch Membership::nextSwitch()
{
    Switch s;
    s.before = static_cast<std::int64_t>(m_members.size());
    for (auto& w : m_workers)
        if (w.info.state == WorkerState::Ready && !w.replaces.empty())
            if (WorkerSlot* old = find(w.replaces); old && old->info.state == WorkerState::Active)
                old->info.state = WorkerState::Leaving;
    for (auto i : m_members) {
        const auto& w = m_workers[i];
        if (w.info.state == WorkerState::Active)
            s.survivors.push_back(i);
        else if (w.info.state == WorkerState::Leaving)
            s.leavers.push_back(i);
        else
            s.gone.push_back(w.info.id);
    }
    for (std::size_t i = 0; i < m_workers.size(); ++i)
        if (m_workers[i].info.state == WorkerState::Ready)
            s.joiners.push_back(i);
    return s;
}

void Membership::form(const Switch& s)
{
    for (auto i : s.leavers) {
        m_workers[i].info.state = WorkerState::Left;
        m_workers[i].info.rank = -1;
    }
    m_members = s.survivors;
    m_members.insert(m_members.end(), s.joiners.begin(), s.joiners.end());
    ++m_generation;
    for (std::size_t r = 0; r < m_members.size(); ++r) {
        auto& w = m_workers[m_members[r]];
        w.info.state = WorkerState::Active;
        w.info.rank = static_cast<int>(r);
        w.replaces.clear();
    }
    for (auto& w : m_workers)
        if (!isMember(w.index))
            w.info.rank = -1;
}

std::vector<std::size_t> Membership::dissolve()
{
    auto old = std::move(m_members);
    m_members.clear();
    for (auto i : old)
        m_workers[i].info.state = WorkerState::Left;
    return old;
}

// ---- StepLedger -------------------------------------------------------------------------------

void StepLedger::open(const std::vector<std::size_t>& members)
{
    m_barrier.clear();
    for (auto m : members)
        m_barrier.push_back({ .member = m });
}

void StepLedger::openSwitch(const std::vector<std::size_t>& members)
{
    open(members);
}

void StepLedger::openStep(const std::vector<std::size_t>& members, std::int64_t samples, Clock::time_point now)
{
    open(members);
    m_samples = samples;
    m_started = now;
}

StepLedger::Entry* StepLedger::entry(std::size_t member)
{
    auto it = std::find_if(m_barrier.begin(), m_barrier.end(), [&](const Entry& e) { return e.member == member; });
    return it != m_barrier.end() ? &*it : nullptr;
}

const StepLedger::Entry* StepLedger::entry(std::size_t member) const
{
    auto it = std::find_if(m_barrier.begin(), m_barrier.end(), [&](const Entry& e) { return e.member == member; });
    return it != m_barrier.end() ? &*it : nullptr;
}

bool StepLedger::awaits(std::size_t member) const
{
    const Entry* e = entry(member);
    return e && !e->lost && e->report.reply == BarrierReply::Pending;
}

void StepLedger::report(std::size_t member, Report report)
{
    if (!awaits(member))
        throw Error::invalidInput(
            "no reply of worker " + std::to_string(member) + " is awaited at step " + std::to_string(m_step));
    VANTAGE_ASSERT(report.reply != BarrierReply::Pending, "a reply says Ok or Failed");
    entry(member)->report = std::move(report);
}

void StepLedger::lose(std::size_t member)
{
    if (Entry* e = entry(member))
        e->lost = true;
}

bool StepLedger::complete() const
{
    return std::none_of(m_barrier.begin(), m_barrier.end(),
        [](const Entry& e) { return !e.lost && e.report.reply == BarrierReply::Pending; });
}

bool StepLedger::allOk() const
{
    return std::all_of(
        m_barrier.begin(), m_barrier.end(), [](const Entry& e) { return e.report.reply == BarrierReply::Ok; });
}

const StepLedger::Report& StepLedger::reportOf(std::size_t member) const
{
    const Entry* e = entry(member);
    VANTAGE_ASSERT(e, "a report is read only of a member of the barrier");
    return e->report;
}

void StepLedger::commit(Clock::time_point now)
{
    VANTAGE_ASSERT(complete() && allOk(), "a step commits only when every member reported it done");
    m_lastCommitted = true;
    m_aborts = 0;
    m_lastCommit = now;
    ++m_step;
}

int StepLedger::abortStep()
{
    m_lastCommitted = false;
    return ++m_aborts;
}

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

// ---- ScaleBook --------------------------------------------------------------------------------

std::optional<ScheduleItem> ScaleBook::takeDue(std::int64_t step)
{
    if (m_nextSchedule >= m_schedule.size() || m_schedule[m_nextSchedule].step > step)
        return std::nullopt;
    return m_schedule[m_nextSchedule++];
}

void ScaleBook::noteSwitch(const SwitchNote& sw, Clock::time_point lastCommit, Clock::time_point now)
{
    if (!sw.fresh && (!sw.joined.empty() || !sw.left.empty() || !sw.gone.empty())) {
        const ScaleKind kind = !sw.gone.empty()        ? ScaleKind::Failure
            : (!sw.joined.empty() && !sw.left.empty()) ? ScaleKind::Migration
            : !sw.joined.empty()                       ? ScaleKind::ScaleOut
                                                       : ScaleKind::ScaleIn;
        if (!m_pending) {
            m_pending = ScaleEvent{ .step = sw.step, .kind = kind, .workersBefore = sw.before };
            m_pauseStart = sw.restore ? lastCommit : now;
        } else if (!sw.gone.empty()) {
            m_pending->kind = ScaleKind::Failure;
        }
    }
    if (!m_pending)
        return;
    m_pending->generation = sw.generation;
    m_pending->workersAfter = sw.after;
    const auto addOnce = [](std::vector<std::string>& ids, const std::string& id) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    for (const auto& id : sw.joined)
        addOnce(m_pending->joined, id);
    for (const auto& id : sw.left)
        m_pending->left.push_back(id);
    for (const auto& id : sw.gone)
        addOnce(m_pending->left, id);
}

void ScaleBook::noteAbort(std::int64_t step, std::int64_t members, Clock::time_point lastCommit)
{
    if (m_pending)
        return;
    m_pending = ScaleEvent{ .step = step, .kind = ScaleKind::Failure, .workersBefore = members };
    m_pauseStart = lastCommit;
}

std::optional<ScaleEvent> ScaleBook::complete(Clock::time_point now)
{
    if (!m_pending)
        return std::nullopt;
    m_pending->pauseS = std::chrono::duration<double>(now - m_pauseStart).count();
    m_events.push_back(*m_pending);
    m_pending.reset();
    return m_events.back();
}

std::optional<int> ScaleBook::restartDue(int size) const
{
    if (m_restartTarget <= 0 || m_restartTarget == size)
        return std::nullopt;
    return m_restartTarget;
}

void ScaleBook::beginRestart(ScaleEvent event, Clock::time_point lastCommit, std::vector<std::size_t> old)
{
    m_restartTarget = static_cast<int>(event.workersAfter);
    m_pending = std::move(event);
    m_pauseStart = lastCommit;
    m_restartLaunched = false;
    m_restartOld = std::move(old);
}

int ScaleBook::launchRestart()
{
    if (m_restartLaunched)
        return 0;
    m_restartLaunched = true;
    return m_restartTarget;
}

} // namespace vantage::edl::detail
