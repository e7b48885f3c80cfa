#include "edl/leader_p.h"

namespace vantage::edl {

std::string Leader::Impl::launchWorker(
    const std::string& restoreFrom, const std::string& replaces, const std::string& device)
{
    WorkerSlot w;
    w.info.id = membership.nextId();
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
    membership.add(std::move(w));
    emitMembership();
    return id;
}

void Leader::Impl::markFailed(std::size_t idx, const std::string& reason)
{
    const WorkerSlot& w = membership.at(idx);
    if (!w.alive())
        return;
    const bool member = membership.isMember(idx) && phase != Phase::Restarting;
    FailureEvent f{ w.info.id, reason, since(w.lastHeard), steps.step(), member };
    membership.fail(idx);
    steps.lose(idx);
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
        scale.askRestart(static_cast<int>(membership.activeCount()) + count);
        return ids;
    }
    for (int i = 0; i < count; ++i)
        ids.push_back(launchWorker(
            {}, {}, devices.empty() ? std::string() : devices[static_cast<std::size_t>(i) % devices.size()]));
    log(LogLevel::Info, "scale out: started " + std::to_string(count) + " joiner(s)");
    return ids;
}

std::vector<std::string> Leader::Impl::scaleIn(const std::vector<std::string>& ids)
{
    const auto departure = membership.departure(ids);
    if (opt.scaleMode == ScaleMode::StopRestart && !departure.leaving.empty()) {
        scale.askRestart(static_cast<int>(departure.stay));
        return ids;
    }
    membership.depart(departure);
    emitMembership();
    return ids;
}

void Leader::Impl::maybeFormFirst()
{
    if (phase != Phase::Forming && !(phase == Phase::Restarting && scale.restartLaunched()))
        return;
    if (membership.count({ WorkerState::Starting, WorkerState::Loading }) > 0)
        return;
    if (membership.count({ WorkerState::Ready }) == 0) {
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
    ScaleEvent event{ .step = steps.step(),
        .kind = kind,
        .workersBefore = static_cast<std::int64_t>(membership.size()),
        .workersAfter = target };
    for (auto i : membership.members())
        event.left.push_back(membership.at(i).info.id);
    const std::string checkpoint = path("restart.pt").string();
    std::error_code ec;
    std::filesystem::remove(checkpoint, ec);
    for (auto i : membership.members())
        answer(membership.at(i), msg::Exit, { { "reason", "restart" }, { "checkpoint", checkpoint } });
    scale.beginRestart(std::move(event), steps.lastCommit(), membership.dissolve());
    phase = Phase::Restarting;
    phaseSince = Clock::now();
    log(LogLevel::Info, "stop-restart: checkpointing and restarting with " + std::to_string(target) + " worker(s)");
    emitMembership();
}

void Leader::Impl::tickRestart()
{
    if (scale.restartLaunched())
        return;
    for (auto i : scale.restartWaitsFor())
        if (const auto& w = membership.at(i); w.process && w.process->running())
            return;
    const auto checkpoint = path("restart.pt");
    if (!std::filesystem::exists(checkpoint)) {
        endJob(JobState::Failed, "the restart checkpoint was not written");
        return;
    }
    for (int i = 0, n = scale.launchRestart(); i < n; ++i)
        launchWorker(checkpoint.string());
}

void Leader::Impl::startGeneration(const std::string& reason, bool restore)
{
    const bool fresh = phase == Phase::Forming || phase == Phase::Restarting;
    const Membership::Switch sw = membership.nextSwitch();
    if (sw.survivors.empty() && !fresh) {
        // The last one to go says why (a training program's error: a shape mismatch in the user's model).
        const std::string why
            = failures.empty() ? std::string() : failures.back().worker + ": " + failures.back().reason;
        endJob(JobState::Failed,
            "every worker that held the model state is gone" + (why.empty() ? std::string() : " (" + why + ")")
                + "; the worker logs are in " + opt.jobDir.string());
        return;
    }
    std::vector<std::string> joinedIds, leftIds;
    for (auto i : sw.leavers) {
        answer(membership.at(i), msg::Leave, { { "reason", "scale_in" } });
        leftIds.push_back(membership.at(i).info.id);
    }
    for (auto i : sw.joiners)
        joinedIds.push_back(membership.at(i).info.id);
    membership.form(sw);
    scale.noteSwitch({ .step = steps.step(),
                         .before = sw.before,
                         .after = static_cast<std::int64_t>(membership.size()),
                         .generation = membership.generation(),
                         .joined = joinedIds,
                         .left = leftIds,
                         .gone = sw.gone,
                         .restore = restore,
                         .fresh = fresh },
        steps.lastCommit(), Clock::now());

    const std::int64_t generation = membership.generation();
    const auto& members = membership.members();
    Json ids = Json::array();
    for (auto i : members)
        ids.push_back(membership.at(i).info.id);
    phase = Phase::Switching;
    phaseSince = Clock::now();
    steps.openSwitch(members);
    for (std::size_t r = 0; r < members.size(); ++r)
        answer(membership.at(members[r]), msg::Switch,
            { { "generation", generation }, { "rank", r }, { "size", members.size() }, { "members", ids },
                { "source", 0 }, { "restore", restore }, { "step", steps.step() }, { "epoch", ledger.epoch() },
                { "store",
                    { { "host", rendezvous->host() }, { "port", rendezvous->port() },
                        { "prefix", rendezvous->generationPrefix(generation) } } } });
    emit(GenerationEvent{ generation, ids.get<std::vector<std::string>>(), reason, restore });
    emitMembership();
}

void Leader::Impl::finishSwitch()
{
    rendezvous->forgetGenerationsBefore(membership.generation()); // those groups have formed or were given up
    audit.checkReplicas(membership.generation(), steps.step(), memberHashes(), true);
    if (state == JobState::Starting) {
        state = JobState::Running;
        emit(JobStateEvent{ state, {}, 0.0 });
    }
    sendPlans();
    if (const auto done = scale.complete(Clock::now()))
        emit(*done);
}

} // namespace vantage::edl
