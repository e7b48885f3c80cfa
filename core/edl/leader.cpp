#include "edl/leader_p.h"

namespace vantage::edl {

Json toJson(const JobReport& r)
{
    Json events = Json::array();
    for (const auto& e : r.events)
        events.push_back(toJson(e));
    Json epochs = Json::array();
    for (const auto& e : r.epochs)
        epochs.push_back({ { "epoch", e.epoch }, { "samples", e.samples }, { "seen_once", e.seenOnce },
            { "seen_more", e.seenMore }, { "unseen", e.unseen }, { "complete", e.complete } });
    Json replicas = Json::array();
    for (const auto& c : r.replicaChecks)
        replicas.push_back({ { "generation", c.generation }, { "step", c.step }, { "when", c.when },
            { "hashes", c.hashes }, { "equal", c.equal } });
    Json failures = Json::array();
    for (const auto& f : r.failures)
        failures.push_back({ { "worker", f.worker }, { "reason", f.reason }, { "silent_s", f.silentS },
            { "step", f.step }, { "member", f.member } });
    auto series = [](const std::vector<SeriesSample>& s) {
        Json a = Json::array();
        for (const auto& p : s)
            a.push_back({ p.step, p.value });
        return a;
    };
    Json allSeries
        = { { "loss", series(r.loss) }, { "throughput", series(r.throughput) }, { "workers", series(r.workers) } };
    for (const auto& [worker, samples] : r.stepTimes)
        allSeries["step_time_s/" + worker] = series(samples);
    return { { "status", toJson(r.status) }, { "events", events }, { "failures", failures },
        { "ledger", { { "exactly_once", r.exactlyOnce }, { "epochs", epochs } } },
        { "replicas_equal", r.replicasEqual }, { "replica_checks", replicas }, { "final_loss", r.finalLoss },
        { "duration_s", r.durationS }, { "series", std::move(allSeries) } };
}

Leader::Impl::Impl(LeaderOptions o)
    : opt(std::move(o))
    , ledger(LedgerOptions{ .samples = opt.spec.samples,
          .chunkSize = opt.spec.effectiveChunkSize(),
          .seed = opt.spec.seed,
          .firstEpoch = resumeEpoch(opt) })
    , steps(resumeStep(opt))
{ }

std::int64_t Leader::Impl::resumeEpoch(const LeaderOptions& o)
{
    if (o.restoreFrom.empty())
        return 0;
    const auto e = jsonFieldOr<std::int64_t>(inspectCheckpoint(o.restoreFrom), "epoch", 0, "checkpoint");
    if (e >= o.spec.epochs)
        throw Error::invalidInput(
            "the checkpoint is from epoch " + std::to_string(e + 1) + ", the job has " + std::to_string(o.spec.epochs))
            .forField("epochs");
    return e;
}

std::int64_t Leader::Impl::resumeStep(const LeaderOptions& o)
{
    if (o.restoreFrom.empty())
        return 0;
    return jsonFieldOr<std::int64_t>(inspectCheckpoint(o.restoreFrom), "step", 0, "checkpoint");
}

void Leader::Impl::handle(const ControlSocket::Incoming& in)
{
    // The envelope only, until the token is checked: a stranger's body is never decoded.
    Message m;
    try {
        m = decodeEnvelope(in.bytes);
    } catch (const Error& e) {
        Message bad;
        socket->send(in.peer, makeErrorReply(bad, Rejection::Malformed, e.message()));
        return;
    }
    Verdict v = checkMessage(m, token, membership.generation());
    if (v.accepted())
        v = replays.admit(m, wallClockMs()); // only a message with the token is remembered
    if (!v.accepted()) {
        socket->send(in.peer, makeErrorReply(m, v.rejection, v.reason));
        return;
    }
    try {
        m = decode(in.bytes);
    } catch (const Error& e) {
        socket->send(in.peer, makeErrorReply(m, Rejection::Malformed, e.message()));
        return;
    }
    const std::string& t = m.type;
    try {
        if (t == msg::Heartbeat || t == msg::Hello || t == msg::Ready || t == msg::Switched || t == msg::SwitchFailed
            || t == msg::StepDone || t == msg::StepFailed)
            fromWorker(in.peer, m);
        else if (t == msg::Status)
            reply(in.peer, m, msg::Status, toJson(status()));
        else if (t == msg::Subscribe)
            subscribe(in.peer, m);
        else if (t == msg::Unsubscribe) {
            events.unsubscribe(in.peer);
            reply(in.peer, m, msg::Ack, Json::object());
        } else if (t == msg::ScaleOut || t == msg::ScaleIn || t == msg::Stop)
            command(in.peer, m);
        else
            socket->send(in.peer, makeErrorReply(m, Rejection::UnknownType, "'" + t + "' is not a request"));
    } catch (const Error& e) {
        Message err = makeErrorReply(m, Rejection::None, e.message());
        err.body["code"] = e.kind() == Error::Kind::InvalidInput ? "invalid" : "failed";
        socket->send(in.peer, err);
    } catch (const std::exception& e) {
        // Whatever a peer sends, the leader answers and carries on.
        Message err = makeErrorReply(m, Rejection::None, e.what());
        err.body["code"] = "failed";
        socket->send(in.peer, err);
    }
}

void Leader::Impl::subscribe(const std::string& peer, const Message& m)
{
    const bool snapshot = jsonFieldOr<bool>(m.body, "snapshot", false, "subscribe");
    if (!events.subscribe(peer, Clock::now()) && !snapshot) {
        reply(peer, m, msg::Ack, { { "seq", events.lastSeq() } });
        return;
    }
    const auto after = jsonFieldOr<std::int64_t>(m.body, "since", 0, "subscribe");
    reply(peer, m, msg::Snapshot,
        { { "status", toJson(status()) }, { "events", events.eventsAfter(after) }, { "seq", events.lastSeq() } });
}

void Leader::Impl::command(const std::string& peer, const Message& m)
{
    if (phase == Phase::Ended)
        throw Error::invalidInput("the job has ended (" + std::string(enumName(state)) + ")");
    if (m.type == msg::Stop) {
        stopRequested = true;
        if (phase == Phase::Forming)
            endJob(JobState::Stopped, "stopped before the first step");
        log(LogLevel::Info, "stop requested by " + m.sender);
        reply(peer, m, msg::Ack, Json::object());
        return;
    }
    if (m.type == msg::ScaleOut) {
        const int count = jsonFieldOr<int>(m.body, "count", 1, "scale_out");
        if (count <= 0 || count > 64)
            throw Error::invalidInput("count must be in 1..64").forField("count");
        const auto ids = scaleOut(count, jsonFieldOr<std::vector<std::string>>(m.body, "devices", {}, "scale_out"));
        reply(peer, m, msg::Ack, { { "workers", ids } });
        return;
    }
    std::vector<std::string> ids = jsonFieldOr<std::vector<std::string>>(m.body, "workers", {}, "scale_in");
    if (ids.empty()) {
        const int count = jsonFieldOr<int>(m.body, "count", 1, "scale_in");
        if (count <= 0)
            throw Error::invalidInput("count must be positive").forField("count");
        ids = membership.newestMembers(count);
    }
    const auto removed = scaleIn(ids);
    log(LogLevel::Info, "scale in requested by " + m.sender + ": " + std::to_string(removed.size()) + " worker(s)");
    reply(peer, m, msg::Ack, { { "workers", removed } });
}

void Leader::Impl::fromWorker(const std::string& peer, const Message& m)
{
    WorkerSlot* w = membership.find(m.sender);
    if (!w)
        throw Error::invalidInput("unknown worker '" + m.sender + "'");
    const std::size_t idx = w->index;
    if (!w->alive()) {
        throw Error::invalidInput(
            "worker " + w->info.id + " is no longer part of the job (" + std::string(enumName(w->info.state)) + ")");
    }
    w->lastHeard = Clock::now();
    if (m.type == msg::Heartbeat) {
        reply(peer, m, msg::Ack, { { "generation", membership.generation() } });
        return;
    }
    if (m.type == msg::Hello) {
        if (w->info.state != WorkerState::Starting)
            throw Error::invalidInput("worker " + w->info.id + " registered twice");
        w->peer = peer;
        w->info.state = WorkerState::Loading;
        w->loadingSince = Clock::now();
        Json faults = Json::array();
        for (const auto& f : opt.faults)
            if (f.worker == w->info.id)
                faults.push_back({ { "step", f.step }, { "phase", f.phase }, { "slow_ms", f.slowMs } });
        reply(peer, m, msg::Welcome,
            { { "worker", w->info.id }, { "spec", toJson(opt.spec) }, { "faults", faults },
                { "job_dir", opt.jobDir.string() }, { "restore_from", w->restoreFrom },
                { "store", { { "host", rendezvous->host() }, { "port", rendezvous->port() } } } });
        emitMembership();
        return;
    }
    if (peer != w->peer)
        throw Error::invalidInput("worker " + w->info.id + " spoke from another connection");
    if (phase == Phase::Ended) {
        w->owed = Owed{ peer, m.request, m.type };
        // As endJob answers: rank 0 writes the last commit, also when its report came after the end.
        answer(*w, msg::Exit, { { "reason", enumName(state) }, { "checkpoint", path("final.pt").string() } });
        return;
    }
    if (m.type == msg::Ready) {
        if (w->info.state != WorkerState::Loading)
            throw Error::invalidInput("worker " + w->info.id + " is not loading");
        w->info.state = WorkerState::Ready;
        w->owed = Owed{ peer, m.request, m.type };
        emitMembership();
        maybeFormFirst();
        return;
    }
    // Generation-bound reports: checkMessage has already matched m.generation to ours.
    if (!membership.isMember(idx) || !steps.awaits(idx))
        throw Error::invalidInput("unexpected '" + m.type + "' from " + w->info.id);
    const bool switching = m.type == msg::Switched || m.type == msg::SwitchFailed;
    if (switching != (phase == Phase::Switching))
        throw Error::invalidInput("'" + m.type + "' out of phase from " + w->info.id);
    if (!switching && jsonFieldOr<std::int64_t>(m.body, "step", -1, m.type) != steps.step())
        throw Error::invalidInput("'" + m.type + "' for another step than " + std::to_string(steps.step()));
    const std::string& t = m.type;
    if (t == msg::StepDone && m.body.contains("loss_sum") && m.body["loss_sum"].is_string()) {
        w->owed = Owed{ peer, m.request, m.type };
        endOnNonFiniteLoss(*w, m.body["loss_sum"].get<std::string>());
        return;
    }
    // Parsed now, so that a malformed report is refused and never half-applied at the commit.
    StepLedger::Report r;
    r.lossSum = t == msg::StepDone ? jsonField<double>(m.body, "loss_sum", t) : 0.0;
    if (t == msg::StepDone)
        r.sampleIds = jsonField<std::vector<std::int64_t>>(m.body, "sample_ids", t);
    r.computeS = t == msg::StepDone ? jsonFieldOr<double>(m.body, "compute_s", 0.0, t) : 0.0;
    r.paramHash = jsonFieldOr<std::string>(m.body, "param_hash", "", t);
    r.reply = (t == msg::Switched || t == msg::StepDone) ? BarrierReply::Ok : BarrierReply::Failed;
    const bool failed = r.reply == BarrierReply::Failed;
    steps.report(idx, std::move(r));
    w->owed = Owed{ peer, m.request, m.type };
    if (failed)
        log(LogLevel::Warning, w->info.id + ": " + jsonFieldOr<std::string>(m.body, "reason", "failed", m.type));
    resolve();
}

Leader::Leader(LeaderOptions options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{
    auto& d = *m_impl;
    d.opt.validate();
    makeJobDirectory(d.opt.jobDir);
    // Before anything in the folder is written: a folder in use stays the running job's.
    d.folderLock = std::make_unique<JobFolderLock>(d.opt.jobDir);
    d.opt.spec.initialWorkers = d.opt.workers;
    d.socket = std::make_unique<ControlSocket>(d.opt.listenHost, d.opt.listenPort);
    d.workerEndpoint = d.socket->endpoint();
    d.rendezvous = std::make_unique<StoreHost>(StoreHostOptions{ .host = d.opt.listenHost,
        .token = d.token,
        .maxWaitS = std::max(60.0, 2 * d.opt.spec.timeouts.collectiveS),
        .peerSilenceS = std::max(10.0, d.opt.spec.timeouts.collectiveS) });
    switch (d.opt.effectiveLauncher()) {
    case LauncherKind::Auto:
    case LauncherKind::Local:
        d.launcher = std::make_unique<LocalLauncher>(d.opt.workerBinary, d.opt.devices, d.opt.workerCommand);
        break;
    case LauncherKind::Ssh:
        d.launcher
            = std::make_unique<SshLauncher>(d.opt.hosts, d.opt.workerBinary, d.opt.sshCommand, d.opt.workerCommand);
        break;
    case LauncherKind::Slurm:
        d.launcher = std::make_unique<SlurmLauncher>(
            slurmAllocation(processEnvironment()), d.opt.workerBinary, d.opt.srunCommand, d.opt.workerCommand);
        break;
    }
    d.audit.openLog(d.path("consumed.jsonl"));
    if (d.opt.writeJobFile)
        d.writeJobFile();
}

Leader::~Leader()
{
    // ChildProcess destructors SIGKILL and reap whatever is still running.
    for (auto& w : m_impl->membership.all())
        if (w.process)
            w.process->signal(SIGKILL);
}

JobAddress Leader::address() const
{
    return { m_impl->socket->endpoint(), m_impl->token, m_impl->jobId, m_impl->opt.jobDir.string(),
        static_cast<std::int64_t>(::getpid()), m_impl->rendezvous->port() };
}

JobReport Leader::run(Progress& progress, const CancelToken& cancel)
{
    auto& d = *m_impl;
    d.cancel = &cancel;
    d.progress = &progress;
    d.emit(JobStateEvent{ JobState::Starting, {}, 0.0 });
    for (int i = 0; i < d.opt.workers; ++i)
        d.launchWorker(d.opt.restoreFrom);
    d.lastTick = Clock::now();
    while (d.phase != Phase::Ended) {
        // Everything already queued is handled before the timers run: after a stall the workers'
        // heartbeats are in the socket, not missing.
        if (auto in = d.socket->receive(0.01)) {
            d.handle(*in);
            for (int n = 1; n < kMessagesPerTurn && d.phase != Phase::Ended; ++n) {
                auto more = d.socket->receive(0.0);
                if (!more)
                    break;
                d.handle(*more);
            }
        }
        d.tick();
        if (d.phase == Phase::Stepping && cancel.isCancelled())
            d.stopRequested = true; // applied at the next boundary
    }
    // Drain: answer late requests with `exit` while the workers save and leave, then end them.
    const auto drainUntil
        = Clock::now() + std::chrono::duration<double>(std::max(5.0, d.opt.spec.timeouts.collectiveS));
    for (;;) {
        bool running = false;
        for (auto& w : d.membership.all())
            running = running || (w.process && w.process->running());
        if (!running || Clock::now() > drainUntil)
            break;
        if (auto in = d.socket->receive(0.01))
            d.handle(*in);
    }
    for (auto& w : d.membership.all())
        if (w.process)
            w.process->terminate(1.0);
    // A final state of the subscribers' view, then the report on disk.
    JobReport r = d.report();
    try {
        writeJsonFile(d.path("report.json"), toJson(r), 2, FileAccess::OwnerOnly);
    } catch (const Error&) {
        // The report is still returned; a full disk must not turn a finished job into a failure.
    }
    return r;
}

} // namespace vantage::edl
