#include "edl/leader_p.h"

namespace vantage::edl {

void Leader::Impl::applyStragglerPolicy()
{
    const auto& p = opt.straggler;
    std::vector<StragglerWatch::Member> seen;
    for (auto i : membership.members()) {
        const auto& info = membership.at(i).info;
        seen.push_back({ info.id, info.stepTimeS, info.state == WorkerState::Active });
    }
    for (const auto& v : stragglers.observe(seen)) {
        const std::string& id = v.id;
        const bool replacing = std::any_of(membership.all().begin(), membership.all().end(),
            [&](const WorkerSlot& x) { return x.alive() && x.replaces == id; });
        if (replacing)
            continue;
        log(LogLevel::Warning,
            "straggler " + id + ": compute " + std::to_string(v.stepTimeS) + " s vs median " + std::to_string(v.medianS)
                + " s for " + std::to_string(p.steps) + " steps; " + (p.replace ? "replacing it" : "removing it"));
        try {
            if (p.replace && opt.scaleMode == ScaleMode::Live)
                launchWorker({}, id);
            else if (membership.activeCount() > 1)
                scaleIn({ id });
        } catch (const Error& e) {
            log(LogLevel::Warning, "straggler " + id + " stays: " + e.message());
        }
    }
}

void Leader::Impl::excuseStall(Clock::duration gap)
{
    for (auto& w : membership.all()) {
        w.lastHeard += gap;
        w.loadingSince += gap;
    }
    started += gap;
    phaseSince += gap;
    steps.excuse(gap);
    events.excuse(gap);
    // A note, not a warning: on a loaded machine it is common, and nothing failed.
    log(LogLevel::Info,
        "the leader did not run for " + std::to_string(std::chrono::duration<double>(gap).count()).substr(0, 4)
            + " s (stopped, starved of CPU or busy); its deadlines move by as much");
}

void Leader::Impl::tick()
{
    const auto now = Clock::now();
    if (const auto gap = now - lastTick; std::chrono::duration<double>(gap).count() > kLeaderStallS)
        excuseStall(gap);
    lastTick = now;
    const auto& t = opt.spec.timeouts;
    for (std::size_t i = 0; i < membership.all().size(); ++i) {
        const auto& w = membership.at(i);
        if (!w.process)
            continue;
        if (auto exit = w.process->poll(); exit && w.alive()) {
            const std::string said = lastErrorLine(path(w.info.id + ".log"));
            markFailed(i, "process ended (" + *exit + ")" + (said.empty() ? std::string() : ": " + said));
            continue;
        }
        if (!w.alive() || phase == Phase::Ended)
            continue;
        const double silent = std::chrono::duration<double>(now - w.lastHeard).count();
        if (w.info.state == WorkerState::Starting && silent > t.readyS)
            markFailed(i, "did not register within " + std::to_string(static_cast<int>(t.readyS)) + " s");
        else if (w.info.state == WorkerState::Loading && since(w.loadingSince) > t.readyS)
            markFailed(i, "not ready within " + std::to_string(static_cast<int>(t.readyS)) + " s");
        else if (w.info.state != WorkerState::Starting && silent > t.failureS)
            markFailed(i, "silent for " + std::to_string(silent).substr(0, 4) + " s");
        else if (membership.isMember(i) && steps.awaits(i) && phase == Phase::Stepping
            && since(steps.started()) > t.stepS)
            markFailed(i,
                "no report of step " + std::to_string(steps.step()) + " within "
                    + std::to_string(static_cast<int>(t.stepS)) + " s");
        else if (membership.isMember(i) && steps.awaits(i) && phase == Phase::Switching
            && since(phaseSince) > 2 * t.collectiveS + t.failureS)
            markFailed(i, "did not switch to generation " + std::to_string(membership.generation()) + " in time");
    }
    events.expire(now);
    if (phase == Phase::Forming && since(started) > opt.startTimeoutS)
        endJob(JobState::Failed,
            "the first generation did not form within " + std::to_string(static_cast<int>(opt.startTimeoutS)) + " s");
    if (phase == Phase::Forming && cancel->isCancelled())
        endJob(JobState::Stopped, "cancelled before the first step");
    if (phase == Phase::Restarting)
        tickRestart();
    if (phase == Phase::Restarting && scale.restartLaunched())
        maybeFormFirst();
}

} // namespace vantage::edl
