#include "edl/leader_p.h"

namespace vantage::edl {

std::map<std::string, std::string> Leader::Impl::memberHashes() const
{
    std::map<std::string, std::string> hashes;
    for (auto i : members)
        hashes[workers[i].info.id] = workers[i].paramHash;
    return hashes;
}

void Leader::Impl::sendPlans()
{
    const auto n = static_cast<std::int64_t>(members.size());
    const std::int64_t batch = opt.spec.globalBatchAt(n);
    std::vector<std::int64_t> load(members.size(), 0);
    std::vector<Json> ranges(members.size(), Json::array());
    std::int64_t taken = 0;
    while (ledger.nextChunkSize() > 0 && (taken == 0 || taken + ledger.nextChunkSize() <= batch)) {
        const auto r = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        const auto c = ledger.take(workers[members[r]].info.id, generation, step);
        load[r] += c->size();
        taken += c->size();
        ranges[r].push_back({ c->begin, c->end });
    }
    stepSamples = taken;
    stepStarted = Clock::now();
    phase = Phase::Stepping;
    phaseSince = stepStarted;
    for (std::size_t r = 0; r < members.size(); ++r) {
        auto& w = workers[members[r]];
        w.reply = BarrierReply::Pending;
        answer(w, msg::Plan,
            { { "step", step }, { "epoch", ledger.epoch() }, { "generation", generation }, { "ranges", ranges[r] },
                { "global_samples", taken }, { "micro_batch", opt.spec.microBatch }, { "lr", opt.spec.lrAt(n) } });
    }
}

void Leader::Impl::resolve()
{
    if (phase != Phase::Stepping && phase != Phase::Switching)
        return;
    for (auto i : members)
        if (workers[i].alive() && workers[i].reply == BarrierReply::Pending)
            return;
    const bool allOk = std::all_of(
        members.begin(), members.end(), [&](std::size_t i) { return workers[i].reply == BarrierReply::Ok; });
    if (phase == Phase::Switching) {
        const bool allAlive = aliveMembers() == static_cast<std::int64_t>(members.size());
        if (allOk && allAlive) {
            consecutiveAborts = 0;
            finishSwitch();
        } else if (++consecutiveAborts > kMaxConsecutiveAborts) {
            endJob(JobState::Failed,
                "generation " + std::to_string(generation) + " could not be formed " + std::to_string(consecutiveAborts)
                    + " times in a row");
        } else {
            startGeneration("restore", true);
        }
        return;
    }
    if (allOk)
        commitStep();
    else
        abortStep();
}

void Leader::Impl::abortStep()
{
    const int released = ledger.releaseStep(step);
    lastStepCommitted = false;
    if (++consecutiveAborts > kMaxConsecutiveAborts) {
        endJob(JobState::Failed,
            "step " + std::to_string(step) + " failed " + std::to_string(consecutiveAborts) + " times in a row");
        return;
    }
    log(LogLevel::Warning,
        "step " + std::to_string(step) + " aborted; " + std::to_string(released)
            + " chunk(s) back to the ledger; the members restore the last commit");
    if (!pendingScale) {
        pendingScale = ScaleEvent{
            .step = step, .kind = ScaleKind::Failure, .workersBefore = static_cast<std::int64_t>(members.size())
        };
        pauseStart = lastCommit;
    }
    startGeneration("failure", true);
}

void Leader::Impl::commitStep()
{
    const auto now = Clock::now();
    ledger.commitStep(step);
    lastStepCommitted = true;
    consecutiveAborts = 0;
    const auto epoch = ledger.epoch();
    double lossSum = 0.0;
    std::int64_t samples = 0;
    StepEvent ev{ .step = step, .epoch = epoch, .generation = generation };
    for (auto i : members) {
        auto& w = workers[i];
        lossSum += w.lossSum;
        audit.countStep(epoch, step, generation, w.info.id, w.sampleIds);
        samples += static_cast<std::int64_t>(w.sampleIds.size());
        w.info.samplesDone += static_cast<std::int64_t>(w.sampleIds.size());
        w.info.chunksDone = ledger.doneBy(w.info.id);
        w.info.stepTimeS = w.computeS;
        ev.workerStepS[w.info.id] = w.info.stepTimeS;
        curves.stepTime(w.info.id, step, w.info.stepTimeS);
    }
    audit.flushLog();
    audit.checkReplicas(generation, step, memberHashes(), false);
    const auto committed = curves.commit(step, now, stepStarted, lossSum, samples, members.size());
    ev.loss = committed.loss;
    ev.samples = samples;
    ev.throughput = committed.throughput;
    ev.stepS = std::chrono::duration<double>(now - stepStarted).count();
    ev.workers = static_cast<std::int64_t>(members.size());
    emit(ev);
    lastCommit = now;
    ++step;
    if (progress) {
        const double total = static_cast<double>(opt.spec.epochs * opt.spec.samples);
        std::int64_t doneSamples = 0;
        for (const auto& c : ledger.chunks())
            doneSamples += c.state == ChunkState::Done ? c.size() : 0;
        const double done = static_cast<double>(epoch * opt.spec.samples + doneSamples);
        progress->report(std::min(1.0, done / total), "training");
    }
    if (ledger.epochComplete()) {
        closeEpoch(true);
        if (ledger.epoch() + 1 >= opt.spec.epochs) {
            endJob(JobState::Finished, {});
            return;
        }
        ledger.startNextEpoch();
    }
    boundary();
}

void Leader::Impl::closeEpoch(bool complete)
{
    const EpochCheck& c = audit.closeEpoch(ledger.epoch(), complete);
    emit(EpochEvent{ c.epoch, c.samples, c.seenOnce });
}

void Leader::Impl::boundary()
{
    // Schedule items apply in order, each once the change before it has completed (a joiner may
    // need a while to load), so "+1 at 50, -1 at 120" always means 2 -> 3 -> 2.
    while (nextSchedule < opt.schedule.size() && opt.schedule[nextSchedule].step <= step && !changePending()) {
        const auto& s = opt.schedule[nextSchedule++];
        try {
            if (s.delta > 0)
                scaleOut(s.delta);
            else
                scaleIn(newestMembers(-s.delta));
        } catch (const Error& e) {
            log(LogLevel::Warning, std::string("schedule at step ") + std::to_string(s.step) + ": " + e.message());
        }
    }
    applyStragglerPolicy();
    if (stopRequested || (cancel && cancel->isCancelled())) {
        endJob(JobState::Stopped, "stopped by request");
        return;
    }
    if (opt.scaleMode == ScaleMode::StopRestart && restartTarget > 0
        && restartTarget != static_cast<int>(members.size())) {
        const int target = restartTarget;
        beginRestart(target, target > static_cast<int>(members.size()) ? ScaleKind::ScaleOut : ScaleKind::ScaleIn);
        return;
    }
    bool change = false;
    for (auto i : members)
        change = change || workers[i].info.state != WorkerState::Active;
    for (const auto& w : workers)
        change = change || w.info.state == WorkerState::Ready;
    if (change)
        startGeneration("resize", false);
    else
        sendPlans();
}

bool Leader::Impl::changePending() const
{
    return std::any_of(workers.begin(), workers.end(), [](const WorkerSlot& w) {
        return w.info.state == WorkerState::Starting || w.info.state == WorkerState::Loading
            || w.info.state == WorkerState::Ready || w.info.state == WorkerState::Leaving;
    });
}

void Leader::Impl::endOnNonFiniteLoss(WorkerSlot& w, const std::string& value)
{
    const std::string name = value == "nan" || value == "inf" || value == "-inf" ? value : "not a number";
    endJob(JobState::Failed,
        w.info.id + " reported a non-finite loss (" + name + ") at step " + std::to_string(step)
            + ": the model diverged (try a smaller --lr) or the data holds NaN or Inf; step " + std::to_string(step)
            + " was not committed, and the last commit is saved to " + path("final.pt").string());
}

void Leader::Impl::endJob(JobState s, std::string why)
{
    if (phase == Phase::Ended)
        return;
    if (ledger.epoch() < opt.spec.epochs && !audit.closed(ledger.epoch()))
        closeEpoch(ledger.epochComplete());
    phase = Phase::Ended;
    state = s;
    message = std::move(why);
    const std::string checkpoint = path("final.pt").string();
    for (auto& w : workers) {
        if (!w.alive())
            continue;
        answer(w, msg::Exit, { { "reason", enumName(s) }, { "checkpoint", checkpoint } });
        if (!isMember(w.index))
            w.info.state = WorkerState::Left; // a joiner that had not joined yet
    }
    emit(JobStateEvent{ s, message, curves.lastLoss() });
}

} // namespace vantage::edl
