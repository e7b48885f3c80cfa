// core/edl against a local stranger and against the user's own model, end to end with real
// worker processes: strangers on the rendezvous store's port while the job scales (it still
// scales), a captured control message sent again (refused), a second job on a running job's folder
// (refused, job.json intact), workers whose model never returns (gone once their leader is killed,
// frozen or unreachable, by /proc), the job's resource limits in the workers, and a NaN or Inf in
// the user's data (a clear failure, not a protocol error).

#include "common/error.h"
#include "edl/client.h"
#include "edl/leader.h"
#include "edl/protocol.h"
#include "edl/transport.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <zmq.hpp>

#include <arpa/inet.h>
#include <atomic>
#include <csignal>
#include <dirent.h>
#include <fstream>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace vantage;
using namespace vantage::edl;
namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Live processes (not zombies) whose environment names job `jobId`: the job's workers, wherever
// they were started from (a local fork, or a shell behind a fake ssh).
std::vector<pid_t> processesOfJob(const std::string& jobId)
{
    std::vector<pid_t> out;
    const std::string needle = "VANTAGE_EDL_JOB=" + jobId;
    DIR* proc = ::opendir("/proc");
    while (dirent* e = proc ? ::readdir(proc) : nullptr) {
        const pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
        if (pid <= 0 || pid == ::getpid())
            continue;
        const std::string stat = readText("/proc/" + std::to_string(pid) + "/stat");
        const auto close = stat.rfind(')');
        if (close == std::string::npos || stat.size() < close + 3 || stat[close + 2] == 'Z')
            continue;
        const std::string env = readText("/proc/" + std::to_string(pid) + "/environ");
        for (std::size_t at = 0; at < env.size();) {
            const auto end = env.find('\0', at);
            if (env.compare(at, (end == std::string::npos ? env.size() : end) - at, needle) == 0)
                out.push_back(pid);
            if (end == std::string::npos)
                break;
            at = end + 1;
        }
    }
    if (proc)
        ::closedir(proc);
    return out;
}

void reapChildren()
{
    while (::waitpid(-1, nullptr, WNOHANG) > 0) { }
}

int connectTo(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<std::uint16_t>(port));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void sendSome(int fd, const std::string& bytes)
{
    if (fd >= 0)
        (void)::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

// Strangers on the store's port for as long as `stop` is false (see tst_edl_store for each kind
// against the store alone).
void stranger(const std::string& kind, int port, const std::atomic<bool>& stop)
{
    std::vector<int> fds;
    std::string greeting("\xff\0\0\0\0\0\0\0\x01\x7f\x03\x00NULL", 16);
    greeting += std::string(64 - greeting.size(), '\0');
    for (int i = 0; !stop; ++i) {
        if (kind == "half-sent SET" && i == 0) { // how LibTorch 1.13's TCPStore was blocked
            fds.push_back(connectTo(port));
            sendSome(fds.back(), std::string("\x00\x08\x00\x00\x00\x00\x00\x00\x00", 9));
        } else if (kind == "huge SET" && i < 30) {
            fds.push_back(connectTo(port));
            sendSome(fds.back(), greeting + std::string("\x02\x00\x00\x00\x00\x12\x00\x00\x00", 9));
            sendSome(fds.back(), std::string(4 << 20, 'x'));
        } else if (kind == "garbage") {
            const int fd = connectTo(port);
            sendSome(fd, std::string(32 << 10, static_cast<char>(i * 37)));
            ::close(fd);
        } else if (kind == "slowloris") {
            if (i == 0)
                fds.push_back(connectTo(port));
            sendSome(fds.front(), std::string(1, greeting[static_cast<std::size_t>(i) % greeting.size()]));
        } else if (kind == "many idle connections" && i < 10) {
            for (int k = 0; k < 30; ++k)
                fds.push_back(connectTo(port));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (int fd : fds)
        if (fd >= 0)
            ::close(fd);
}

} // namespace

class TestHostile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::vector<pid_t> m_strays;
    int m_jobs = 0;

    fs::path dir(const std::string& name) const { return fs::path(m_dir.path().toStdString()) / name; }

    LeaderOptions options(const std::string& name, int workers, std::int64_t samples) const
    {
        LeaderOptions o;
        o.spec.trainer = Trainer::Mlp;
        o.spec.samples = samples;
        o.spec.epochs = 1;
        o.spec.globalBatch = 32;
        o.spec.hidden = 32;
        o.spec.timeouts = { .heartbeatS = 0.2,
            .failureS = 2.0,
            .collectiveS = 5.0,
            .stepS = 60.0,
            .readyS = 60.0,
            .leaderS = 3.0,
            .requestS = 5.0 };
        o.workers = workers;
        o.workerBinary = VANTAGE_EDL_WORKER_BIN;
        o.jobDir = dir(name);
        return o;
    }

    // Polls the job until `done` says so (bounded); the last status.
    JobStatus waitFor(JobClient& job, const std::function<bool(const JobStatus&)>& done, double limitS)
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            JobStatus s = job.status();
            if (done(s) || t.elapsed() > limitS * 1000)
                return s;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCOMPARE(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0); // orphaned workers come to us, not to init
        QProcess py;
        py.start(QStringLiteral(VANTAGE_TORCH2_PYTHON),
            { QStringLiteral(VANTAGE_SOURCE_DIR "/tests/core/edl/hostile_models.py"), m_dir.path() });
        QVERIFY(py.waitForFinished(300000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
    }

    void cleanupTestCase()
    {
        for (pid_t p : m_strays)
            ::kill(p, SIGKILL);
        reapChildren();
    }

    // Strangers on the store's port while the job scales 2 -> 3 -> 2: it still scales, trains every
    // sample once, and the leader's memory does not take what they send.
    void strangersOnTheStoreWhileScaling_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* k : { "half-sent SET", "huge SET", "garbage", "slowloris", "many idle connections" })
            QTest::newRow(k) << QString(k);
    }
    void strangersOnTheStoreWhileScaling()
    {
        QFETCH(QString, kind);
        auto o = options("strangers-" + std::to_string(++m_jobs), 2, 1536);
        o.schedule = parseSchedule("step=3:+1,step=12:-1");
        o.faults = parseFaults("step=0:worker=0:slow=40");
        Leader leader(o);
        const int port = leader.address().storePort;
        QVERIFY(port > 0);
        std::atomic<bool> stop{ false };
        std::thread t([&] { stranger(kind.toStdString(), port, stop); });
        CancelToken cancel;
        std::thread watchdog([&] {
            for (int i = 0; i < 900 && !stop; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel.cancel(); // bounded: a job that does not end by itself fails below
        });
        NullProgress progress;
        const JobReport r = leader.run(progress, cancel);
        stop = true;
        t.join();
        watchdog.join();
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QCOMPARE(r.events.size(), std::size_t(2));
        QCOMPARE(r.events[0].kind, ScaleKind::ScaleOut);
        QCOMPARE(r.events[1].kind, ScaleKind::ScaleIn);
        QVERIFY(r.exactlyOnce);
        QVERIFY(r.replicasEqual);
        QCOMPARE(r.status.step, 1536 / 32);
    }

    // A control message sent again, as it was captured (same bytes), over a new connection: refused,
    // and a scale_out sent twice adds one worker.
    void replayedControlMessageIsRefused()
    {
        auto o = options("replay", 1, 200000);
        o.spec.epochs = 50;
        o.faults = parseFaults("step=0:worker=0:slow=20");
        const JobAddress a = startJob(o, 30);
        m_strays.push_back(static_cast<pid_t>(a.leaderPid));
        JobClient job(a);
        waitFor(
            job, [](const JobStatus& s) { return s.state == JobState::Running; }, 60);
        Message m;
        m.type = std::string(msg::ScaleOut);
        m.token = a.token;
        m.job = a.jobId;
        m.sender = "cli";
        m.request = 1;
        m.session = newSessionId();
        m.sentMs = wallClockMs();
        m.body = { { "count", 1 } };
        const std::string captured = encode(m);
        zmq::context_t zc(1);
        auto send = [&](const std::string& bytes) {
            zmq::socket_t raw(zc, zmq::socket_type::dealer);
            raw.set(zmq::sockopt::linger, 0);
            raw.connect(a.endpoint);
            (void)raw.send(zmq::buffer(bytes), zmq::send_flags::none);
            zmq::pollitem_t item{ raw.handle(), 0, ZMQ_POLLIN, 0 };
            if (zmq::poll(&item, 1, std::chrono::milliseconds(5000)) != 1)
                return Message{};
            zmq::message_t reply;
            (void)raw.recv(reply);
            return decode(reply.to_string_view());
        };
        const Message first = send(captured);
        QCOMPARE(first.type, std::string(msg::Ack));
        for (int again = 0; again < 3; ++again) {
            const Message replay = send(captured);
            QCOMPARE(replay.type, std::string(msg::Error));
            QCOMPARE(replay.body["code"].get<std::string>(), std::string("replayed"));
        }
        // An old message (its sender's clock 10 minutes back) is refused too, even from a new session.
        m.session = newSessionId();
        m.sentMs = wallClockMs() - 600'000;
        QCOMPARE(send(encode(m)).body["code"].get<std::string>(), std::string("replayed"));
        const JobStatus s = waitFor(
            job, [](const JobStatus& s) { return s.workers.size() >= 2; }, 10);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        QCOMPARE(job.status().workers.size(), std::size_t(2)); // w0 and the one joiner
        QVERIFY(s.workers.size() == 2);
        job.stop();
    }

    // `edl start` on a running job's folder: refused before anything there is touched, naming the
    // folder and the job; the job goes on with its token.
    void secondJobOnALiveFolderIsRefused()
    {
        auto o = options("taken", 1, 200000);
        o.spec.epochs = 50;
        const JobAddress a = startJob(o, 30);
        m_strays.push_back(static_cast<pid_t>(a.leaderPid));
        const std::string jobJson = readText(o.jobDir / "job.json");
        const std::string leaderJson = readText(o.jobDir / "leader.json");
        for (int how = 0; how < 2; ++how) {
            try {
                if (how == 0)
                    (void)startJob(o, 30); // a detached leader, as `edl start --job-dir` starts
                else
                    Leader second(o); // an in-process one, as `edl run --job-dir` makes
                QFAIL("a second job took a running job's folder");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::InvalidInput);
                const std::string w = e.what();
                QVERIFY2(
                    w.find(o.jobDir.string()) != std::string::npos && w.find(a.jobId) != std::string::npos, e.what());
            }
        }
        QCOMPARE(readText(o.jobDir / "job.json"), jobJson);
        QCOMPARE(readText(o.jobDir / "leader.json"), leaderJson);
        JobClient job(readJobFile(o.jobDir));
        QVERIFY(job.status().state != JobState::Failed);
        job.stop();
        // Once it has ended, the folder is free again.
        QElapsedTimer t;
        t.start();
        while (::kill(static_cast<pid_t>(a.leaderPid), 0) == 0 && t.elapsed() < 30000) {
            reapChildren();
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        Leader again(o);
    }

    // Workers whose model never returns (a forward, a __setstate__ run while the archive loads),
    // locally and behind ssh: once their leader is killed or frozen, every one of them is gone
    // within leader_s + failure_s, whatever the model does (checked in /proc).
    void workersEndWithTheirLeader_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("overSsh");
        QTest::addColumn<int>("leaderSignal");
        QTest::newRow("forward, leader killed") << "hang_forward.pt" << false << SIGKILL;
        QTest::newRow("forward, leader frozen") << "hang_forward.pt" << false << SIGSTOP;
        QTest::newRow("forward over ssh, leader killed") << "hang_forward.pt" << true << SIGKILL;
        QTest::newRow("__setstate__, leader killed") << "hang_setstate.pt" << false << SIGKILL;
        QTest::newRow("__setstate__ over ssh, leader frozen") << "hang_setstate.pt" << true << SIGSTOP;
    }
    void workersEndWithTheirLeader()
    {
        QFETCH(QString, model);
        QFETCH(bool, overSsh);
        QFETCH(int, leaderSignal);
        auto o = options("hang-" + std::to_string(++m_jobs), 2, 256);
        o.spec.trainer = Trainer::TorchScript;
        o.spec.model = dir(model.toStdString()).string();
        o.spec.data = dir("clean").string();
        const QByteArray oldPath = qgetenv("PATH");
        if (overSsh) {
            // A fake ssh that runs the command as its child (no exec): the worker is not the
            // leader's child, gets no signal when it dies, and learns of it only by its stdin closing.
            const fs::path bin = dir("fake-ssh");
            fs::create_directories(bin);
            std::ofstream(bin / "ssh") << "#!/bin/sh\n"
                                          "while [ $# -gt 0 ]; do case \"$1\" in -o) shift 2;; -*) shift;; *) break;; "
                                          "esac; done\nshift\n/bin/sh -c \"$*\"\n";
            fs::permissions(bin / "ssh", fs::perms::owner_all);
            qputenv("PATH", QByteArray::fromStdString(bin.string()) + ":" + oldPath);
            o.hosts = parseHostList("nodeA slots=2 address=127.0.0.1\n", "hosts");
        }
        const JobAddress a = startJob(o, 30);
        qputenv("PATH", oldPath);
        m_strays.push_back(static_cast<pid_t>(a.leaderPid));
        JobClient job(a);
        const bool inForward = model == "hang_forward.pt";
        // In the model's grip: training step 0 (forward), or registered and loading (__setstate__).
        const JobStatus s = waitFor(
            job,
            [&](const JobStatus& st) {
                if (inForward)
                    return st.state == JobState::Running;
                return std::count_if(st.workers.begin(), st.workers.end(), [](const WorkerInfo& w) {
                    return w.state == WorkerState::Loading;
                }) == 2;
            },
            90);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        const auto before = processesOfJob(a.jobId);
        QVERIFY2(before.size() >= 2, qPrintable(QString("%1 worker processes").arg(before.size())));
        for (pid_t p : before)
            m_strays.push_back(p);
        QVERIFY(s.state != JobState::Failed);

        QVERIFY(::kill(static_cast<pid_t>(a.leaderPid), leaderSignal) == 0);
        const double boundS = o.spec.timeouts.leaderS + o.spec.timeouts.failureS;
        QElapsedTimer t;
        t.start();
        std::vector<pid_t> left = before;
        while (!left.empty() && t.elapsed() < (boundS + 10) * 1000) {
            reapChildren();
            left = processesOfJob(a.jobId);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        const double tookS = t.elapsed() / 1000.0;
        ::kill(static_cast<pid_t>(a.leaderPid), SIGKILL);
        ::kill(static_cast<pid_t>(a.leaderPid), SIGCONT);
        reapChildren();
        QVERIFY2(left.empty(),
            qPrintable(QString("%1 worker(s) still running %2 s after the leader").arg(left.size()).arg(tookS)));
        qInfo("workers gone %.2f s after the leader was %s (bound: leader_s + failure_s = %.1f s)", tookS,
            leaderSignal == SIGKILL ? "killed" : "frozen", boundS);
    }

    // The job's limits reach the process the user's model runs in; a model past its CPU time is
    // ended, and the job says why.
    void workerLimits()
    {
        auto o = options("limits", 1, 256);
        o.spec.trainer = Trainer::TorchScript;
        o.spec.model = dir("hang_forward.pt").string();
        o.spec.data = dir("clean").string();
        o.spec.workerMemoryMb = 3000;
        o.spec.workerCpuS = 8;
        const JobAddress a = startJob(o, 30);
        m_strays.push_back(static_cast<pid_t>(a.leaderPid));
        JobClient job(a);
        const JobStatus s = waitFor(
            job,
            [](const JobStatus& st) { return !st.workers.empty() && st.workers[0].state != WorkerState::Starting; },
            60);
        QCOMPARE(s.workers.size(), std::size_t(1));
        // Registered: the limits are set right after (before the model loads); wait for them, bounded.
        const fs::path limitsFile = "/proc/" + std::to_string(s.workers[0].pid) + "/limits";
        const std::string wantMemory = "Max address space         " + std::to_string(3000ll << 20);
        std::string limits = readText(limitsFile);
        for (int i = 0; i < 200 && limits.find(wantMemory) == std::string::npos; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            limits = readText(limitsFile);
        }
        QVERIFY2(limits.find(wantMemory) != std::string::npos, limits.c_str());
        QVERIFY2(limits.find("Max cpu time              8 ") != std::string::npos, limits.c_str());
        // The only worker dies of its CPU limit, so the job fails and its leader ends: its report says why.
        QElapsedTimer t;
        t.start();
        while (!fs::exists(o.jobDir / "report.json") && t.elapsed() < 90000)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const Json report = readJobReport(o.jobDir);
        QCOMPARE(report["status"]["state"].get<std::string>(), std::string("failed"));
        QVERIFY2(report.dump().find("SIGXCPU") != std::string::npos, report.dump().c_str());
    }

    // NaN or Inf in the user's inputs: the job fails naming the non-finite loss (it was "wrong type
    // (null) in step_done"), with the last commit kept.
    void nonFiniteInputs_data()
    {
        QTest::addColumn<QString>("data");
        QTest::addColumn<QString>("value");
        QTest::newRow("nan") << "nan"
                             << "(nan)";
        QTest::newRow("inf") << "inf"
                             << "non-finite loss";
    }
    void nonFiniteInputs()
    {
        QFETCH(QString, data);
        QFETCH(QString, value);
        auto o = options("nonfinite-" + data.toStdString(), 2, 256);
        o.spec.trainer = Trainer::TorchScript;
        o.spec.model = dir("small.pt").string();
        o.spec.data = dir(data.toStdString()).string();
        Leader leader(o);
        NullProgress progress;
        const JobReport r = leader.run(progress, CancelToken{});
        QCOMPARE(r.status.state, JobState::Failed);
        QVERIFY2(r.status.message.find("non-finite loss") != std::string::npos
                && r.status.message.find(value.toStdString()) != std::string::npos
                && r.status.message.find("null") == std::string::npos,
            r.status.message.c_str());
        QVERIFY(fs::exists(o.jobDir / "final.pt"));
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_edl_hostile.moc"
