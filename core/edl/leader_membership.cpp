#include "edl/leader_p.h"

namespace vantage::edl {

std::string Leader::Impl::launchWorker(
    const std::string& restoreFrom, const std::string& replaces, const std::string& device)
{
    WorkerSlot w;
    w.index = workers.size();
    w.info.id = "w" + std::to_string(w.index);
    w.info.host = launcher->nextHost();
    w.info.device = device.empty() ? launcher->nextDevice() : device;
    w.launchedAt = w.lastHeard = Clock::now();
    w.restoreFrom = restoreFrom;
    w.replaces = replaces;
    LaunchRequest r;
    r.workerId = w.info.id;
    r.device = w.info.device;
    r.token = token;
    r.logFile = path(w.info.id + ".log");
    r.env = { { "VANTAGE_EDL_ENDPOINT", workerEndpoint }, { "VANTAGE_EDL_WORKER_ID", w.info.id },
        { "VANTAGE_EDL_JOB", jobId }, { "VANTAGE_EDL_GLOO_HOST", launcher->dataPlaneHost(w.info.host) } };
    w.process = launcher->launch(r);
    launcher->advance();
    w.info.pid = w.process->pid();
    const std::string id = w.info.id;
    workers.push_back(std::move(w));
    emitMembership();
    return id;
}

void Leader::Impl::markFailed(std::size_t idx, const std::string& reason)
{
    WorkerSlot& w = workers[idx];
    if (!w.alive())
        return;
    const bool member = isMember(idx) && phase != Phase::Restarting;
    FailureEvent f{ w.info.id, reason, since(w.lastHeard), step, member };
    if (w.process)
        w.process->signal(SIGKILL);
    w.info.state = WorkerState::Failed;
    w.info.rank = -1;
    w.owed.reset();
    failures.push_back(f);
    emit(f);
    emitMembership();
    if (member)
        resolve();
    else
        maybeFormFirst();
}

std::vector<std::string> Leader::Impl::scaleOut(int count, const std::vector<std::string>& devices)
{
    std::vector<std::string> ids;
    for (const auto& d : devices)
        (void)deviceEnvironment(d); // a bad device is the caller's error, before anything starts
    if (opt.scaleMode == ScaleMode::StopRestart) {
        restartTarget = static_cast<int>(activeCount()) + count;
        return ids;
    }
    for (int i = 0; i < count; ++i)
        ids.push_back(launchWorker(
            {}, {}, devices.empty() ? std::string() : devices[static_cast<std::size_t>(i) % devices.size()]));
    log(LogLevel::Info, "scale out: started " + std::to_string(count) + " joiner(s)");
    return ids;
}

std::size_t Leader::Impl::activeCount() const
{
    return std::count_if(
        members.begin(), members.end(), [&](std::size_t i) { return workers[i].info.state == WorkerState::Active; });
}

std::vector<std::string> Leader::Impl::scaleIn(const std::vector<std::string>& ids)
{
    std::vector<std::size_t> leaving, cancelled;
    for (const auto& id : ids) {
        WorkerSlot* w = find(id);
        if (!w || !w->alive())
            throw Error::invalidInput("no running worker '" + id + "'").forField("worker");
        (isMember(w->index) ? leaving : cancelled).push_back(w->index);
    }
    std::size_t stay = 0;
    for (auto i : members)
        if (workers[i].info.state == WorkerState::Active
            && std::find(leaving.begin(), leaving.end(), i) == leaving.end())
            ++stay;
    if (!leaving.empty() && stay == 0)
        throw Error::invalidInput("cannot remove every worker of the job (use stop)").forField("worker");
    if (opt.scaleMode == ScaleMode::StopRestart && !leaving.empty()) {
        restartTarget = static_cast<int>(stay);
        return ids;
    }
    for (auto i : leaving)
        workers[i].info.state = WorkerState::Leaving;
    for (auto i : cancelled) {
        workers[i].process->signal(SIGKILL);
        workers[i].info.state = WorkerState::Left;
        workers[i].owed.reset();
    }
    emitMembership();
    return ids;
}

std::vector<std::string> Leader::Impl::newestMembers(int count) const
{
    std::vector<std::size_t> active;
    for (auto i : members)
        if (workers[i].info.state == WorkerState::Active)
            active.push_back(i);
    std::sort(active.begin(), active.end());
    std::vector<std::string> ids;
    for (auto it = active.rbegin(); it != active.rend() && static_cast<int>(ids.size()) < count; ++it)
        ids.push_back(workers[*it].info.id);
    return ids;
}

void Leader::Impl::maybeFormFirst()
{
    if (phase != Phase::Forming && !(phase == Phase::Restarting && restartLaunched))
        return;
    std::size_t ready = 0, pending = 0;
    for (const auto& w : workers) {
        if (w.info.state == WorkerState::Ready)
            ++ready;
        else if (w.info.state == WorkerState::Starting || w.info.state == WorkerState::Loading)
            ++pending;
    }
    if (pending > 0)
        return;
    if (ready == 0) {
        // The first worker's own words say why (a bad checkpoint, a device that is not there).
        const std::string why
            = failures.empty() ? std::string() : failures.front().worker + ": " + failures.front().reason;
        endJob(JobState::Failed,
            (phase == Phase::Forming ? "no worker could start" : "no worker could restart from the checkpoint")
                + (why.empty() ? std::string() : " (" + why + ")") + "; the worker logs are in " + opt.jobDir.string());
        return;
    }
    startGeneration(phase == Phase::Forming ? "start" : "restart", false);
}

void Leader::Impl::beginRestart(int target, ScaleKind kind)
{
    pendingScale = ScaleEvent{
        .step = step, .kind = kind, .workersBefore = static_cast<std::int64_t>(members.size()), .workersAfter = target
    };
    pauseStart = lastCommit;
    restartTarget = target;
    restartLaunched = false;
    restartOld = members;
    for (auto i : members)
        pendingScale->left.push_back(workers[i].info.id);
    const std::string checkpoint = path("restart.pt").string();
    std::error_code ec;
    std::filesystem::remove(checkpoint, ec);
    for (auto i : members) {
        answer(workers[i], msg::Exit, { { "reason", "restart" }, { "checkpoint", checkpoint } });
        workers[i].info.state = WorkerState::Left;
    }
    members.clear();
    phase = Phase::Restarting;
    phaseSince = Clock::now();
    log(LogLevel::Info, "stop-restart: checkpointing and restarting with " + std::to_string(target) + " worker(s)");
    emitMembership();
}

void Leader::Impl::tickRestart()
{
    if (restartLaunched)
        return;
    for (auto i : restartOld)
        if (workers[i].process && workers[i].process->running())
            return;
    const auto checkpoint = path("restart.pt");
    if (!std::filesystem::exists(checkpoint)) {
        endJob(JobState::Failed, "the restart checkpoint was not written");
        return;
    }
    for (int i = 0; i < restartTarget; ++i)
        launchWorker(checkpoint.string());
    restartLaunched = true;
}

void Leader::Impl::startGeneration(const std::string& reason, bool restore)
{
    const bool fresh = phase == Phase::Forming || phase == Phase::Restarting;
    const auto before = static_cast<std::int64_t>(members.size());
    // A ready joiner that replaces a member takes its place in this very switch.
    for (auto& w : workers)
        if (w.info.state == WorkerState::Ready && !w.replaces.empty())
            if (WorkerSlot* old = find(w.replaces); old && old->info.state == WorkerState::Active)
                old->info.state = WorkerState::Leaving;
    std::vector<std::size_t> survivors, joiners, leavers;
    std::vector<std::string> gone;
    for (auto i : members) {
        auto& w = workers[i];
        if (w.info.state == WorkerState::Active)
            survivors.push_back(i);
        else if (w.info.state == WorkerState::Leaving)
            leavers.push_back(i);
        else
            gone.push_back(w.info.id);
    }
    for (std::size_t i = 0; i < workers.size(); ++i)
        if (workers[i].info.state == WorkerState::Ready)
            joiners.push_back(i);
    if (survivors.empty() && !fresh) {
        // The last one to go says why (a training program's error: a shape mismatch in the user's model).
        const std::string why
            = failures.empty() ? std::string() : failures.back().worker + ": " + failures.back().reason;
        endJob(JobState::Failed,
            "every worker that held the model state is gone" + (why.empty() ? std::string() : " (" + why + ")")
                + "; the worker logs are in " + opt.jobDir.string());
        return;
    }
    for (auto i : leavers) {
        answer(workers[i], msg::Leave, { { "reason", "scale_in" } });
        workers[i].info.state = WorkerState::Left;
        workers[i].info.rank = -1;
    }
    std::vector<std::string> joinedIds, leftIds;
    for (auto i : joiners)
        joinedIds.push_back(workers[i].info.id);
    for (auto i : leavers)
        leftIds.push_back(workers[i].info.id);

    members = survivors;
    members.insert(members.end(), joiners.begin(), joiners.end());
    ++generation;
    if (!fresh && (!joiners.empty() || !leavers.empty() || !gone.empty())) {
        const ScaleKind kind = !gone.empty()         ? ScaleKind::Failure
            : (!joiners.empty() && !leavers.empty()) ? ScaleKind::Migration
            : !joiners.empty()                       ? ScaleKind::ScaleOut
                                                     : ScaleKind::ScaleIn;
        if (!pendingScale) {
            pendingScale = ScaleEvent{ .step = step, .kind = kind, .workersBefore = before };
            pauseStart = restore ? lastCommit : Clock::now();
        } else if (!gone.empty()) {
            pendingScale->kind = ScaleKind::Failure;
        }
    }
    if (pendingScale) {
        pendingScale->generation = generation;
        pendingScale->workersAfter = static_cast<std::int64_t>(members.size());
        for (auto& id : joinedIds)
            if (std::find(pendingScale->joined.begin(), pendingScale->joined.end(), id) == pendingScale->joined.end())
                pendingScale->joined.push_back(id);
        for (auto& id : leftIds)
            pendingScale->left.push_back(id);
        for (auto& id : gone)
            if (std::find(pendingScale->left.begin(), pendingScale->left.end(), id) == pendingScale->left.end())
                pendingScale->left.push_back(id);
    }

    Json ids = Json::array();
    for (auto i : members)
        ids.push_back(workers[i].info.id);
    phase = Phase::Switching;
    phaseSince = Clock::now();
    for (std::size_t r = 0; r < members.size(); ++r) {
        auto& w = workers[members[r]];
        w.info.state = WorkerState::Active;
        w.info.rank = static_cast<int>(r);
        w.reply = BarrierReply::Pending;
        w.replaces.clear();
        answer(w, msg::Switch,
            { { "generation", generation }, { "rank", r }, { "size", members.size() }, { "members", ids },
                { "source", 0 }, { "restore", restore }, { "step", step }, { "epoch", ledger.epoch() },
                { "store",
                    { { "host", rendezvous->host() }, { "port", rendezvous->port() },
                        { "prefix", rendezvous->generationPrefix(generation) } } } });
    }
    for (auto& w : workers)
        if (!isMember(w.index))
            w.info.rank = -1;
    emit(GenerationEvent{ generation, ids.get<std::vector<std::string>>(), reason, restore });
    emitMembership();
}

void Leader::Impl::finishSwitch()
{
    rendezvous->forgetGenerationsBefore(generation); // those groups have formed or were given up
    audit.checkReplicas(generation, step, memberHashes(), true);
    if (state == JobState::Starting) {
        state = JobState::Running;
        emit(JobStateEvent{ state, {}, 0.0 });
    }
    sendPlans();
    if (pendingScale) {
        pendingScale->pauseS = std::chrono::duration<double>(Clock::now() - pauseStart).count();
        scaleEvents.push_back(*pendingScale);
        emit(*pendingScale);
        pendingScale.reset();
    }
}

} // namespace vantage::edl
