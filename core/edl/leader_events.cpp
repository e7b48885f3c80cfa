#include "edl/leader_p.h"

namespace vantage::edl {

Message Leader::Impl::make(std::string_view type, Json body) const
{
    Message m;
    m.type = std::string(type);
    m.token = token;
    m.job = jobId;
    m.generation = membership.generation();
    m.sender = "leader";
    m.body = std::move(body);
    return m;
}

void Leader::Impl::reply(const std::string& peer, const Message& request, std::string_view type, Json body)
{
    Message m = make(type, std::move(body));
    m.request = request.request;
    socket->send(peer, m);
}

void Leader::Impl::answer(WorkerSlot& w, std::string_view type, Json body)
{
    if (!w.owed)
        return;
    if (w.owed->type == msg::StepDone || w.owed->type == msg::StepFailed)
        body["committed"] = steps.lastCommitted();
    Message m = make(type, std::move(body));
    m.request = w.owed->request;
    socket->send(w.owed->peer, m);
    w.owed.reset();
}

void Leader::Impl::emitMembership()
{
    emit(MembershipEvent{ membership.infos() });
}

JobStatus Leader::Impl::status() const
{
    JobStatus s;
    s.jobId = jobId;
    s.state = state;
    s.message = message;
    s.trainer = enumName(opt.spec.trainer);
    s.generation = membership.generation();
    s.step = steps.step();
    s.epoch = ledger.epoch();
    s.epochs = opt.spec.epochs;
    s.globalBatch = opt.spec.globalBatchAt(std::max<std::int64_t>(1, static_cast<std::int64_t>(membership.size())));
    s.loss = curves.lastLoss();
    s.throughput = curves.throughput();
    s.workers = membership.infos();
    s.scaleEvents = scale.events();
    s.elapsedS = since(started);
    s.launcher = enumName(opt.effectiveLauncher());
    s.leaderHost = hostname;
    s.leaderEndpoint = workerEndpoint;
    return s;
}

void Leader::Impl::writeJobFile()
{
    const auto file = path("job.json");
    const auto a = JobAddress{ socket->endpoint(), token, jobId, opt.jobDir.string(),
        static_cast<std::int64_t>(::getpid()), rendezvous->port() };
    writeJsonFile(file, toJson(a), 2, FileAccess::OwnerOnly);
}

JobReport Leader::Impl::report() const
{
    JobReport r;
    r.status = status();
    r.events = scale.events();
    r.failures = failures;
    r.epochs = audit.epochs();
    r.exactlyOnce = audit.exactlyOnce();
    r.replicaChecks = audit.replicaChecks();
    r.replicasEqual = audit.replicasEqual();
    curves.fill(r);
    r.durationS = since(started);
    return r;
}

} // namespace vantage::edl
