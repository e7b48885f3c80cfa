#include "edl/client.h"

#include "common/error.h"
#include "edl/launcher.h"
#include "edl/protocol.h"
#include "edl/transport.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace vantage::edl {

namespace {

using Clock = std::chrono::steady_clock;

std::filesystem::path jobFile(const std::filesystem::path& dirOrFile, const char* name)
{
    std::error_code ec;
    return std::filesystem::is_directory(dirOrFile, ec) ? dirOrFile / name : dirOrFile;
}

std::vector<std::string> idsOf(const Json& ack)
{
    return jsonFieldOr<std::vector<std::string>>(ack, "workers", {}, "answer");
}

} // namespace

JobClient::JobClient(JobAddress address, ClientOptions options)
    : m_address(std::move(address))
    , m_options(std::move(options))
{ }

Json JobClient::call(std::string_view type, Json body) const
{
    Channel channel(m_address.endpoint, m_address.token, m_options.name);
    channel.setJob(m_address.jobId);
    Message m;
    m.type = std::string(type);
    m.body = std::move(body);
    return channel.request(std::move(m), m_options.timeoutS).body;
}

JobStatus JobClient::status() const
{
    return jobStatusFromJson(call(msg::Status, Json::object()));
}

std::vector<std::string> JobClient::scaleOut(int count, const std::vector<std::string>& devices) const
{
    Json body = { { "count", count } };
    if (!devices.empty())
        body["devices"] = devices;
    return idsOf(call(msg::ScaleOut, body));
}

std::vector<std::string> JobClient::scaleIn(const std::vector<std::string>& workers) const
{
    if (workers.empty())
        throw Error::invalidInput("name at least one worker to remove").forField("workers");
    return idsOf(call(msg::ScaleIn, { { "workers", workers } }));
}

std::vector<std::string> JobClient::scaleInCount(int count) const
{
    return idsOf(call(msg::ScaleIn, { { "count", count } }));
}

void JobClient::stop() const
{
    call(msg::Stop, Json::object());
}

struct EventStream::Impl {
    JobAddress address;
    ClientOptions options;
    std::unique_ptr<Channel> channel;
    Clock::time_point lastRenew = Clock::now();
    Clock::time_point lastHeard = Clock::now();
};

EventStream::EventStream(JobAddress address, ClientOptions options)
    : m_impl(std::make_unique<Impl>())
{
    m_impl->address = std::move(address);
    m_impl->options = std::move(options);
    m_impl->channel = std::make_unique<Channel>(m_impl->address.endpoint, m_impl->address.token, m_impl->options.name);
    m_impl->channel->setJob(m_impl->address.jobId);
    Message m;
    m.type = std::string(msg::Subscribe);
    m.body = { { "snapshot", true } };
    const Message snap = m_impl->channel->request(std::move(m), m_impl->options.timeoutS);
    m_snapshot = jobStatusFromJson(detail::requireObjectKey(snap.body, "status", "snapshot"));
    if (snap.body.contains("events"))
        for (const auto& e : snap.body["events"]) {
            auto ev = jobEventFromJson(e);
            m_lastSeq = std::max(m_lastSeq, ev.seq);
            if (const auto* js = std::get_if<JobStateEvent>(&ev.payload); js && isFinal(js->state))
                m_ended = true;
            m_history.push_back(std::move(ev));
        }
    m_ended = m_ended || isFinal(m_snapshot.state);
    m_impl->lastHeard = m_impl->lastRenew = Clock::now();
}

EventStream::~EventStream()
{
    try {
        Message m;
        m.type = std::string(msg::Unsubscribe);
        m_impl->channel->send(std::move(m));
    } catch (const Error&) {
        // The leader is gone already; its lease on us expires by itself.
    }
}

void EventStream::take(JobEvent e)
{
    if (e.seq <= m_lastSeq)
        return; // already seen (a snapshot after a lost lease repeats nothing we have, but be safe)
    m_lastSeq = e.seq;
    if (const auto* js = std::get_if<JobStateEvent>(&e.payload); js && isFinal(js->state))
        m_ended = true;
    m_queue.push_back(std::move(e));
}

std::optional<JobEvent> EventStream::next(double timeoutS)
{
    auto& d = *m_impl;
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutS);
    for (;;) {
        if (!m_queue.empty()) {
            JobEvent e = std::move(m_queue.front());
            m_queue.pop_front();
            return e;
        }
        const auto now = Clock::now();
        if (std::chrono::duration<double>(now - d.lastRenew).count() >= 1.0) {
            Message renew;
            renew.type = std::string(msg::Subscribe);
            renew.body = { { "since", m_lastSeq } };
            d.channel->send(std::move(renew));
            d.lastRenew = now;
        }
        if (!m_ended && std::chrono::duration<double>(now - d.lastHeard).count() > std::max(d.options.timeoutS, 2.0))
            throw Error::failure("the job stopped answering (the leader may have ended; see its job folder)")
                .inOp("control plane " + d.address.endpoint);
        const double left = std::chrono::duration<double>(deadline - now).count();
        if (left <= 0)
            return std::nullopt;
        auto m = d.channel->receive(std::min(left, 0.25));
        if (!m)
            continue;
        d.lastHeard = Clock::now();
        if (m->type == msg::Event) {
            take(jobEventFromJson(m->body));
        } else if (m->type == msg::Snapshot) {
            // The leader had dropped our lease: the events we missed come with the new snapshot.
            if (m->body.contains("events"))
                for (const auto& e : m->body["events"])
                    take(jobEventFromJson(e));
        } else if (m->type == msg::Error) {
            throwErrorReply(*m, d.address.endpoint);
        }
    }
}

JobAddress readJobFile(const std::filesystem::path& dirOrFile)
{
    const auto file = jobFile(dirOrFile, "job.json");
    return jobAddressFromJson(readJsonFile(file), file.string());
}

Json readJobReport(const std::filesystem::path& dirOrFile)
{
    return readJsonFile(jobFile(dirOrFile, "report.json"));
}

std::filesystem::path defaultJobRoot()
{
    if (const char* run = std::getenv("XDG_RUNTIME_DIR"); run && *run)
        return std::filesystem::path(run) / "vantage-edl";
    return std::filesystem::temp_directory_path() / ("vantage-edl-" + std::to_string(::getuid()));
}

std::filesystem::path newJobDir(const std::filesystem::path& root)
{
    const auto t = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    const auto dir = root / (std::string(stamp) + "-" + newJobId());
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw Error::invalidInput("cannot create the job folder: " + ec.message()).inFile(dir.string());
    std::filesystem::permissions(root, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace, ec);
    return dir;
}

std::filesystem::path findWorkerBinary(const std::filesystem::path& besides)
{
    if (const char* env = std::getenv("VANTAGE_EDL_WORKER"); env && *env) {
        if (::access(env, X_OK) != 0)
            throw Error::invalidInput(std::string("VANTAGE_EDL_WORKER is not an executable: ") + env)
                .forField("VANTAGE_EDL_WORKER");
        return env;
    }
    std::error_code ec;
    // The running executable, or the folder it is in (Qt's applicationDirPath()).
    const auto resolved = std::filesystem::canonical(besides, ec);
    const auto dir = std::filesystem::is_directory(resolved, ec) ? resolved : resolved.parent_path();
    for (const auto& candidate : { dir / "vantage-edl-worker", dir / ".." / "worker" / "vantage-edl-worker" })
        if (::access(candidate.c_str(), X_OK) == 0)
            return std::filesystem::weakly_canonical(candidate, ec);
    if (const char* path = std::getenv("PATH")) {
        std::stringstream ss(path);
        std::string d;
        while (std::getline(ss, d, ':'))
            if (!d.empty() && ::access((std::filesystem::path(d) / "vantage-edl-worker").c_str(), X_OK) == 0)
                return std::filesystem::path(d) / "vantage-edl-worker";
    }
    throw Error::invalidInput(
        "vantage-edl-worker was not found beside " + besides.string() + " nor on PATH (set VANTAGE_EDL_WORKER)")
        .forField("worker");
}

JobAddress startJob(const LeaderOptions& options, double timeoutS)
{
    options.validate();
    makeJobDirectory(options.jobDir);
    // A running job's folder is refused before its files are touched (the leader takes the lock).
    JobFolderLock::checkFree(options.jobDir);
    std::error_code ec;
    const auto optionsFile = options.jobDir / "leader.json";
    writeJsonFile(optionsFile, toJson(options), 2, FileAccess::OwnerOnly);
    const auto jobJson = options.jobDir / "job.json";
    std::filesystem::remove(jobJson, ec);

    const std::string exe = options.workerBinary.string();
    const std::string optionsPath = optionsFile.string();
    const std::string logPath = (options.jobDir / "leader.log").string();
    std::vector<char*> argv{ const_cast<char*>(exe.c_str()), const_cast<char*>("leader"),
        const_cast<char*>("--options"), const_cast<char*>(optionsPath.c_str()), nullptr };
    const int logFd = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (logFd < 0)
        throw Error::failure(std::string("cannot open the leader log: ") + std::strerror(errno)).inFile(logPath);
    // Double fork: the leader is re-parented to init, so it outlives us and never becomes our zombie.
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(logFd);
        throw Error::failure(std::string("fork failed: ") + std::strerror(errno)).inOp("start job");
    }
    if (child == 0) {
        ::setsid();
        if (::fork() != 0)
            ::_exit(0);
        const int devNull = ::open("/dev/null", O_RDONLY);
        ::dup2(devNull, 0);
        ::dup2(logFd, 1);
        ::dup2(logFd, 2);
        ::execv(exe.c_str(), argv.data());
        ::_exit(127);
    }
    ::close(logFd);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) { }
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutS);
    while (Clock::now() < deadline) {
        if (std::filesystem::exists(jobJson, ec))
            return readJobFile(jobJson);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::string log;
    try {
        log = readFile(logPath);
    } catch (const Error&) { }
    throw Error::failure("the leader did not start within " + std::to_string(static_cast<int>(timeoutS)) + " s"
        + (log.empty() ? std::string() : ": " + log.substr(0, 400)))
        .inOp("start job in " + options.jobDir.string());
}

} // namespace vantage::edl
