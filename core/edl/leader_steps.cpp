#include "edl/leader_p.h"

namespace vantage::edl {

std::map<std::string, std::string> Leader::Impl::memberHashes() const
{
    std::map<std::string, std::string> hashes;
    for (auto i : membership.members())
        hashes[membership.at(i).info.id] = steps.reportOf(i).paramHash;
    return hashes;
}

void Leader::Impl::sendPlans()
{
    const auto& members = membership.members();
    const auto n = static_cast<std::int64_t>(members.size());
    const std::int64_t batch = opt.spec.globalBatchAt(n);
    std::vector<std::int64_t> load(members.size(), 0);
    std::vector<Json> ranges(members.size(), Json::array());
    std::int64_t taken = 0;
    while (ledger.nextChunkSize() > 0 && (taken == 0 || taken + ledger.nextChunkSize() <= batch)) {
        const auto r = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        const auto c = ledger.take(membership.at(members[r]).info.id, membership.generation(), steps.step());
        load[r] += c->size();
        taken += c->size();
        ranges[r].push_back({ c->begin, c->end });
    }
    steps.openStep(members, taken, Clock::now());
    phase = Phase::Stepping;
    phaseSince = steps.started();
    for (std::size_t r = 0; r < members.size(); ++r) {
        answer(membership.at(members[r]), msg::Plan,
            { { "step", steps.step() }, { "epoch", ledger.epoch() }, { "generation", membership.generation() },
                { "ranges", ranges[r] }, { "global_samples", taken }, { "micro_batch", opt.spec.microBatch },
                { "lr", opt.spec.lrAt(n) } });
    }
}

void Leader::Impl::resolve()
{
    if (phase != Phase::Stepping && phase != Phase::Switching)
        return;
    if (!steps.complete())
        return;
    const bool allOk = steps.allOk();
    if (phase == Phase::Switching) {
        const bool allAlive = membership.aliveMembers() == static_cast<std::int64_t>(membership.size());
        int aborts = 0;
        if (allOk && allAlive) {
            steps.switched();
            finishSwitch();
        } else if ((aborts = steps.switchFailed()) > kMaxConsecutiveAborts) {
            endJob(JobState::Failed,
                "generation " + std::to_string(membership.generation()) + " could not be formed "
                    + std::to_string(aborts) + " times in a row");
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
    const std::int64_t step = steps.step();
    const int released = ledger.releaseStep(step);
    if (const int aborts = steps.abortStep(); aborts > kMaxConsecutiveAborts) {
        endJob(
            JobState::Failed, "step " + std::to_string(step) + " failed " + std::to_string(aborts) + " times in a row");
        return;
    }
    log(LogLevel::Warning,
        "step " + std::to_string(step) + " aborted; " + std::to_string(released)
            + " chunk(s) back to the ledger; the members restore the last commit");
    scale.noteAbort(step, static_cast<std::int64_t>(membership.size()), steps.lastCommit());
    startGeneration("failure", true);
}

void Leader::Impl::commitStep()
{
    const auto now = Clock::now();
    const std::int64_t step = steps.step();
    const std::int64_t generation = membership.generation();
    const auto& members = membership.members();
    ledger.commitStep(step);
    const auto epoch = ledger.epoch();
    double lossSum = 0.0;
    std::int64_t samples = 0;
    StepEvent ev{ .step = step, .epoch = epoch, .generation = generation };
    for (auto i : members) {
        auto& w = membership.at(i);
        const auto& r = steps.reportOf(i);
        lossSum += r.lossSum;
        audit.countStep(epoch, step, generation, w.info.id, r.sampleIds);
        samples += static_cast<std::int64_t>(r.sampleIds.size());
        w.info.samplesDone += static_cast<std::int64_t>(r.sampleIds.size());
        w.info.chunksDone = ledger.doneBy(w.info.id);
        w.info.stepTimeS = r.computeS;
        ev.workerStepS[w.info.id] = w.info.stepTimeS;
        curves.stepTime(w.info.id, step, w.info.stepTimeS);
    }
    audit.flushLog();
    audit.checkReplicas(generation, step, memberHashes(), false);
    const auto committed = curves.commit(step, now, steps.started(), lossSum, samples, members.size());
    ev.loss = committed.loss;
    ev.samples = samples;
    ev.throughput = committed.throughput;
    ev.stepS = std::chrono::duration<double>(now - steps.started()).count();
    ev.workers = static_cast<std::int64_t>(members.size());
    steps.commit(now);
    emit(ev);
    {
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
    while (!membership.changePending()) {
        const auto s = scale.takeDue(steps.step());
        if (!s)
            break;
        try {
            if (s->delta > 0)
                scaleOut(s->delta);
            else
                scaleIn(membership.newestMembers(-s->delta));
        } catch (const Error& e) {
            log(LogLevel::Warning, std::string("schedule at step ") + std::to_string(s->step) + ": " + e.message());
        }
    }
    applyStragglerPolicy();
    if (stopRequested || cancel->isCancelled()) {
        endJob(JobState::Stopped, "stopped by request");
        return;
    }
    const auto size = static_cast<int>(membership.size());
    if (const auto target = scale.restartDue(size); target && opt.scaleMode == ScaleMode::StopRestart) {
        beginRestart(*target, *target > size ? ScaleKind::ScaleOut : ScaleKind::ScaleIn);
        return;
    }
    if (membership.changeAtBoundary())
        startGeneration("resize", false);
    else
        sendPlans();
}

void Leader::Impl::endOnNonFiniteLoss(WorkerSlot& w, const std::string& value)
{
    const std::string name = value == "nan" || value == "inf" || value == "-inf" ? value : "not a number";
    endJob(JobState::Failed,
        w.info.id + " reported a non-finite loss (" + name + ") at step " + std::to_string(steps.step())
            + ": the model diverged (try a smaller --lr) or the data holds NaN or Inf; step "
            + std::to_string(steps.step()) + " was not committed, and the last commit is saved to "
            + path("final.pt").string());
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
    for (auto& w : membership.all()) {
        if (!w.alive())
            continue;
        answer(w, msg::Exit, { { "reason", enumName(s) }, { "checkpoint", checkpoint } });
        if (!membership.isMember(w.index))
            w.info.state = WorkerState::Left; // a joiner that had not joined yet
    }
    emit(JobStateEvent{ s, message, curves.lastLoss() });
}

} // namespace vantage::edl
