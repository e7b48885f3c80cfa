// core/edl end to end: real local jobs of vantage-edl-worker processes (CPU, Gloo, 127.0.0.1) under
// an in-process leader. Scale-out and scale-in while training, SIGKILL before, during and after the
// allreduce, a joiner dying before READY, constant global batch against a static run, straggler
// replacement, workers over a fake ssh, and a leader killed under its workers. Sample accounting is
// checked from the workers' own reports (consumed.jsonl), independently of the ledger.

#include "common/error.h"
#include "edl/client.h"
#include "edl/elastic.h"
#include "edl/leader.h"
#include "edl/policies.h"
#include "edl/protocol.h"
#include "edl/transport.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <zmq.hpp>

#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <fstream>
#include <mutex>
#include <set>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace vantage;
using namespace vantage::edl;
namespace fs = std::filesystem;

namespace {

// Every job in this suite is bounded: the watchdog cancels it (a graceful stop), and a cancelled
// job fails the test, since every job here must finish by itself.
JobReport runBounded(const LeaderOptions& options, double limitS, Progress& progress)
{
    Leader leader(options);
    CancelToken cancel;
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::thread watchdog([&] {
        std::unique_lock<std::mutex> lock(m);
        if (!cv.wait_for(lock, std::chrono::duration<double>(limitS), [&] { return done; }))
            cancel.cancel();
    });
    JobReport r;
    try {
        r = leader.run(progress, cancel);
    } catch (...) {
        {
            std::lock_guard<std::mutex> lock(m);
            done = true;
        }
        cv.notify_all();
        watchdog.join();
        throw;
    }
    {
        std::lock_guard<std::mutex> lock(m);
        done = true;
    }
    cv.notify_all();
    watchdog.join();
    return r;
}

JobReport runBounded(const LeaderOptions& options, double limitS)
{
    NullProgress progress;
    return runBounded(options, limitS, progress);
}

// The reports a call made: each fraction, in order.
struct ProgressLog {
    std::vector<double> fractions;
    std::vector<std::string> phases;
    CallbackProgress progress{ [this](double f, std::string_view phase) {
        fractions.push_back(f);
        phases.emplace_back(phase);
    } };
    bool monotone() const { return std::is_sorted(fractions.begin(), fractions.end()); }
};

// The oracle: per epoch, how often each sample id appears in committed steps, from the workers' reports.
std::map<std::int64_t, std::vector<int>> consumedCounts(const fs::path& jobDir, std::int64_t samples)
{
    std::map<std::int64_t, std::vector<int>> counts;
    std::ifstream in(jobDir / "consumed.jsonl");
    std::string line;
    while (std::getline(in, line)) {
        const Json j = Json::parse(line);
        auto& c = counts[j["epoch"].get<std::int64_t>()];
        c.resize(static_cast<std::size_t>(samples), 0);
        for (auto id : j["ids"].get<std::vector<std::int64_t>>())
            ++c.at(static_cast<std::size_t>(id));
    }
    return counts;
}

bool everySampleOnce(const std::map<std::int64_t, std::vector<int>>& counts, std::int64_t epochs)
{
    if (static_cast<std::int64_t>(counts.size()) != epochs)
        return false;
    for (const auto& [e, c] : counts)
        if (!std::all_of(c.begin(), c.end(), [](int n) { return n == 1; }))
            return false;
    return true;
}

std::string kinds(const JobReport& r)
{
    std::string s;
    for (const auto& e : r.events)
        s += (s.empty() ? "" : ",") + std::string(enumName(e.kind)) + ":" + std::to_string(e.workersBefore) + "->"
            + std::to_string(e.workersAfter);
    return s;
}

const WorkerInfo* worker(const JobReport& r, const std::string& id)
{
    for (const auto& w : r.status.workers)
        if (w.id == id)
            return &w;
    return nullptr;
}

} // namespace

class TestElasticJob : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::vector<pid_t> m_strays; // processes to end in cleanup, whatever happened

    fs::path dir(const std::string& name) const { return fs::path(m_dir.path().toStdString()) / name; }

    LeaderOptions options(const std::string& name, int workers, std::int64_t samples, std::int64_t batch) const
    {
        LeaderOptions o;
        o.spec.trainer = Trainer::Mlp;
        o.spec.samples = samples;
        o.spec.globalBatch = batch;
        o.spec.epochs = 1;
        o.spec.hidden = 32;
        o.spec.timeouts = { .heartbeatS = 0.2,
            .failureS = 2.0,
            .collectiveS = 5.0,
            .stepS = 20.0,
            .readyS = 30.0,
            .leaderS = 3.0,
            .requestS = 5.0 };
        o.workers = workers;
        o.workerBinary = VANTAGE_EDL_WORKER_BIN;
        o.jobDir = dir(name);
        return o;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(fs::exists(VANTAGE_EDL_WORKER_BIN), VANTAGE_EDL_WORKER_BIN);
        // Workers of a leader that dies are re-parented to us, so that no test leaves an orphan.
        QCOMPARE(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    }

    void cleanupTestCase()
    {
        for (pid_t p : m_strays)
            ::kill(p, SIGKILL);
        while (::waitpid(-1, nullptr, WNOHANG) > 0) { }
    }

    // 2 -> 3 -> 2 while training: every sample once per epoch, the same model on every worker after
    // each switch, and the pauses measured.
    void scaleOutAndInWhileTraining()
    {
        auto o = options("resize", 2, 1536, 32);
        o.spec.epochs = 2;
        o.schedule = parseSchedule("step=3:+1,step=12:-1");
        o.faults = parseFaults("step=0:worker=0:slow=40"); // ~40 ms steps, so a joiner has time to load
        ProgressLog trained;
        const JobReport r = runBounded(o, 60, trained.progress);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        // The share of the job's samples committed, step by step, to the whole of it.
        QVERIFY(trained.fractions.size() > 10);
        QVERIFY(trained.monotone());
        QCOMPARE(trained.fractions.back(), 1.0);
        QCOMPARE(QString::fromStdString(kinds(r)), QStringLiteral("scale_out:2->3,scale_in:3->2"));
        QCOMPARE(r.events[0].joined, std::vector<std::string>{ "w2" });
        QCOMPARE(r.events[1].left.size(), std::size_t(1));
        for (const auto& e : r.events)
            QVERIFY2(e.pauseS > 0 && e.pauseS < 5.0, qPrintable(QString::number(e.pauseS)));
        QCOMPARE(r.status.step, 2 * 1536 / 32);
        QVERIFY(r.exactlyOnce);
        QVERIFY(everySampleOnce(consumedCounts(o.jobDir, o.spec.samples), 2));
        // Replicas: checked right after each state transfer and after each generation's first update.
        QVERIFY(r.replicasEqual);
        std::set<std::int64_t> generations;
        for (const auto& c : r.replicaChecks) {
            QVERIFY2(c.equal, qPrintable(QString::fromStdString(Json(c.hashes).dump())));
            generations.insert(c.generation);
            if (c.generation == 2)
                QCOMPARE(c.hashes.size(), std::size_t(3));
        }
        QCOMPARE(generations, (std::set<std::int64_t>{ 1, 2, 3 }));
        QCOMPARE(r.status.activeWorkers(), 2);
    }

    // SIGKILL of a member before (compute), during (first bucket in flight) and after (update done,
    // not reported) the allreduce: detected within seconds, the step rolled back, the job goes on.
    void killedWorkerIsDetected_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<int>("workers");
        QTest::newRow("before allreduce") << "compute" << 2;
        QTest::newRow("during allreduce") << "allreduce" << 3;
        QTest::newRow("after allreduce") << "commit" << 2;
    }
    void killedWorkerIsDetected()
    {
        QFETCH(QString, phase);
        QFETCH(int, workers);
        auto o = options("kill-" + phase.toStdString(), workers, 768, 32);
        o.spec.bucketBytes = 4096; // several gradient buckets: the kill lands between them
        o.faults = parseFaults("step=4:worker=1:phase=" + phase.toStdString());
        const JobReport r = runBounded(o, 45);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QCOMPARE(r.failures.size(), std::size_t(1));
        QCOMPARE(r.failures[0].worker, std::string("w1"));
        QVERIFY(r.failures[0].member);
        QCOMPARE(r.failures[0].step, 4);
        QCOMPARE(QString::fromStdString(kinds(r)), QString("failure:%1->%2").arg(workers).arg(workers - 1));
        // Detection plus restore plus the new group: seconds, not the 30-minute default of a collective.
        QVERIFY2(r.events[0].pauseS < 4.0, qPrintable(QString::number(r.events[0].pauseS)));
        QCOMPARE(r.status.step, 768 / 32);
        QVERIFY(r.exactlyOnce);
        QVERIFY(everySampleOnce(consumedCounts(o.jobDir, o.spec.samples), 1));
        QVERIFY(r.replicasEqual);
        QCOMPARE(worker(r, "w1")->state, WorkerState::Failed);
    }

    // The loss of a 1 -> 2 -> 1 job with constant global batch (and micro-batches) matches a static
    // single-worker run step by step.
    void constantGlobalBatchMatchesStaticRun()
    {
        auto s = options("static", 1, 2048, 32);
        const JobReport base = runBounded(s, 40);
        QVERIFY2(base.status.state == JobState::Finished, base.status.message.c_str());

        auto e = options("elastic", 1, 2048, 32);
        e.spec.microBatch = 6; // 16 per worker at 2 workers: accumulation over uneven micro-batches
        e.schedule = parseSchedule("step=2:+1,step=14:-1");
        e.faults = parseFaults("step=0:worker=0:slow=60"); // a joiner needs ~2 s to load here
        const JobReport el = runBounded(e, 40);
        QVERIFY2(el.status.state == JobState::Finished, el.status.message.c_str());
        QCOMPARE(QString::fromStdString(kinds(el)), QStringLiteral("scale_out:1->2,scale_in:2->1"));
        QCOMPARE(el.loss.size(), base.loss.size());
        bool sawTwo = false;
        for (std::size_t i = 0; i < base.loss.size(); ++i) {
            QCOMPARE(el.loss[i].step, base.loss[i].step);
            const double a = base.loss[i].value, b = el.loss[i].value;
            QVERIFY2(
                std::abs(a - b) <= 1e-4 * std::abs(a), qPrintable(QString("step %1: %2 vs %3").arg(i).arg(a).arg(b)));
            sawTwo = sawTwo || el.workers[i].value == 2.0;
        }
        QVERIFY(sawTwo);
        QVERIFY(base.loss.back().value < base.loss.front().value); // it does train
    }

    void joinerDyingBeforeReadyLeavesJobUntouched()
    {
        auto o = options("joiner-dies", 2, 1024, 32);
        o.schedule = parseSchedule("step=1:+1");
        o.faults = parseFaults("step=0:worker=2:phase=loading,step=0:worker=0:slow=100");
        const JobReport r = runBounded(o, 45);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QCOMPARE(r.failures.size(), std::size_t(1));
        QCOMPARE(r.failures[0].worker, std::string("w2"));
        QVERIFY(!r.failures[0].member);
        QVERIFY(r.events.empty());
        QCOMPARE(r.status.generation, 1);
        QVERIFY(r.exactlyOnce);
        QVERIFY(everySampleOnce(consumedCounts(o.jobDir, o.spec.samples), 1));
    }

    void stragglerIsReplaced()
    {
        auto o = options("straggler", 2, 2048, 32);
        o.faults = parseFaults("step=2:worker=1:slow=80");
        o.straggler = { .enabled = true, .factor = 2.0, .steps = 3, .replace = true };
        const JobReport r = runBounded(o, 45);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QCOMPARE(QString::fromStdString(kinds(r)), QStringLiteral("migration:2->2"));
        QCOMPARE(r.events[0].joined, std::vector<std::string>{ "w2" });
        QCOMPARE(r.events[0].left, std::vector<std::string>{ "w1" });
        QCOMPARE(worker(r, "w1")->state, WorkerState::Left);
        QVERIFY(r.exactlyOnce);
    }

    // The elastic API as a user meets it: docs/examples/edl_train.cpp as the workers, resized once.
    void exampleProgramAsWorker()
    {
        auto o = options("example", 2, 1024, 32);
        o.workerBinary = VANTAGE_EDL_EXAMPLE_BIN;
        o.schedule = parseSchedule("step=2:-1");
        const JobReport r = runBounded(o, 40);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QCOMPARE(QString::fromStdString(kinds(r)), QStringLiteral("scale_in:2->1"));
        QVERIFY(r.exactlyOnce);
        QVERIFY(everySampleOnce(consumedCounts(o.jobDir, o.spec.samples), 1));
        QVERIFY(r.replicasEqual);
        QVERIFY(r.loss.back().value < r.loss.front().value);
    }

    // Profiling, migration and the idle-GPU rule over the client API, against a job running in the
    // background as a GUI would see it.
    void policiesOverTheClientApi()
    {
        auto o = options("policies", 1, 200000, 32);
        o.faults = parseFaults("step=0:worker=0:slow=20");
        Leader leader(o);
        CancelToken cancel;
        JobReport report;
        NullProgress jobProgress;
        std::thread runner([&] { report = leader.run(jobProgress, cancel); });
        struct Join {
            CancelToken& cancel;
            std::thread& t;
            ~Join()
            {
                if (!t.joinable())
                    return;
                cancel.cancel(); // a graceful stop at the next step, whatever the test did
                t.join();
            }
        } join{ cancel, runner };
        JobClient job(leader.address(), { .name = "test" });
        waitForJob(
            job, [](const JobStatus& s) { return s.step >= 2; }, 30);

        ProgressLog profiled;
        const auto curve
            = profileThroughput(job, { .maxWorkers = 2, .steps = 4, .timeoutS = 30 }, profiled.progress, cancel);
        QCOMPARE(curve.size(), std::size_t(2));
        QCOMPARE(profiled.fractions, (std::vector<double>{ 0.5, 1.0 })); // a report per size measured
        for (int k = 0; k < 2; ++k) {
            QCOMPARE(curve[static_cast<std::size_t>(k)].workers, k + 1);
            QVERIFY(curve[static_cast<std::size_t>(k)].samplesPerS > 0);
            QVERIFY(curve[static_cast<std::size_t>(k)].stepS > 0);
        }
        JobStatus s = waitForJob(
            job, [](const JobStatus& x) { return x.activeWorkers() == 1; }, 30);

        std::vector<std::string> before;
        for (const auto& w : s.workers)
            if (w.state == WorkerState::Active)
                before.push_back(w.id);
        ProgressLog migrated;
        const auto moved = migrate(job, { .devices = { "cpu" }, .timeoutS = 30 }, migrated.progress, cancel);
        QCOMPARE(moved.size(), std::size_t(2));
        QCOMPARE(migrated.fractions, (std::vector<double>{ 0.1, 0.5, 1.0 }));
        QCOMPARE(moved[0].kind, ScaleKind::ScaleOut);
        QCOMPARE(moved[1].kind, ScaleKind::ScaleIn);
        QCOMPARE(moved[1].left, before);
        s = job.status();
        QCOMPARE(s.activeWorkers(), std::int64_t(1));
        for (const auto& w : s.workers)
            if (w.state == WorkerState::Active)
                QVERIFY(w.id != before.front());
        NullProgress none;
        QVERIFY_THROWS_EXCEPTION(Error, migrate(job, { .from = { "w999" } }, none, cancel));

        s.workers.push_back(
            WorkerInfo{ .id = "wx", .host = "localhost", .device = "cuda:0", .state = WorkerState::Active });
        QCOMPARE(idleDevices({ "cuda:0", "cuda:1", "cpu" }, s), std::vector<std::string>{ "cuda:1" });

        job.stop();
        runner.join();
        QCOMPARE(report.status.state, JobState::Stopped);
        QVERIFY(report.exactlyOnce);
        QVERIFY(report.replicasEqual);
        QVERIFY(QFileInfo::exists(QString::fromStdString((o.jobDir / "final.pt").string())));
    }

    // Workers over ssh: a fake `ssh` on PATH runs the remote command here, as sshd would.
    void sshLauncherWithFakeSsh()
    {
        const fs::path bin = dir("fake-bin");
        fs::create_directories(bin);
        const fs::path sshLog = dir("ssh.log");
        {
            std::ofstream f(bin / "ssh");
            f << "#!/bin/sh\n"
                 "# fake ssh: skip options, record host and command, run the command locally (stdin passes through)\n"
                 "while [ $# -gt 0 ]; do case \"$1\" in -o) shift 2;; -*) shift;; *) break;; esac; done\n"
                 "host=\"$1\"; shift\n"
                 "echo \"$host $*\" >> '"
              << sshLog.string()
              << "'\n"
                 "exec /bin/sh -c \"$*\"\n";
        }
        fs::permissions(bin / "ssh", fs::perms::owner_all);
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", QByteArray::fromStdString(bin.string()) + ":" + oldPath);
        auto o = options("ssh", 2, 512, 32);
        o.hosts = parseHostList("nodeA address=127.0.0.1\nnodeB address=127.0.0.1\n", "hosts");
        JobReport r;
        try {
            r = runBounded(o, 40);
        } catch (...) {
            qputenv("PATH", oldPath);
            throw;
        }
        qputenv("PATH", oldPath);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QVERIFY(r.exactlyOnce);
        QCOMPARE(worker(r, "w0")->host, std::string("nodeA"));
        QCOMPARE(worker(r, "w1")->host, std::string("nodeB"));
        std::ifstream in(sshLog);
        std::vector<std::string> lines;
        for (std::string l; std::getline(in, l);)
            lines.push_back(l);
        QCOMPARE(lines.size(), std::size_t(2));
        std::sort(lines.begin(), lines.end()); // the two workers start at the same time, in either order
        QVERIFY(lines[0].rfind("nodeA exec env ", 0) == 0);
        QVERIFY(lines[1].rfind("nodeB exec env ", 0) == 0);
        for (const auto& l : lines) {
            QVERIFY(l.find("--token-stdin") != std::string::npos);
            QVERIFY(l.find("VANTAGE_EDL_WORKER_ID=") != std::string::npos);
            QVERIFY2(l.find("VANTAGE_EDL_TOKEN") == std::string::npos, "the token went over the command line");
        }
    }

    // A detached leader: strangers and stale reports are refused on the wire; then the leader is
    // killed, and its workers end within seconds with the last commit saved.
    void leaderDeathEndsJobWithCommitSaved()
    {
        auto o = options("leader-dies", 2, 4096, 32);
        o.faults = parseFaults("step=0:worker=0:slow=50");
        const JobAddress a = startJob(o, 30);
        QVERIFY(a.leaderPid > 0);
        m_strays.push_back(static_cast<pid_t>(a.leaderPid));
        JobClient job(a);
        JobStatus s;
        QElapsedTimer t;
        t.start();
        do {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            s = job.status();
            QVERIFY2(t.elapsed() < 30000, "the job did not start");
        } while (s.step < 4);
        std::vector<pid_t> pids;
        for (const auto& w : s.workers) {
            pids.push_back(static_cast<pid_t>(w.pid));
            m_strays.push_back(static_cast<pid_t>(w.pid));
        }
        QCOMPARE(pids.size(), std::size_t(2));

        // A wrong token is refused (and says so).
        JobAddress wrong = a;
        wrong.token = newToken();
        try {
            JobClient(wrong).status();
            QFAIL("a wrong token was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(std::string(e.what()).find("token") != std::string::npos, e.what());
        }
        // A step report from an old generation is refused.
        Channel c(a.endpoint, a.token, "w0");
        Message stale;
        stale.type = std::string(msg::StepDone);
        stale.body = { { "step", s.step } };
        c.setGeneration(s.generation - 1);
        try {
            c.request(stale, 5.0);
            QFAIL("a stale step report was accepted");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("generation") != std::string::npos, e.what());
        }
        // ... and so is another protocol version, looked at before anything else: a raw frame of the next version.
        {
            zmq::context_t zc(1);
            zmq::socket_t raw(zc, zmq::socket_type::dealer);
            raw.set(zmq::sockopt::linger, 0);
            raw.connect(a.endpoint);
            Message v2;
            v2.version = kProtocolVersion + 1;
            v2.type = std::string(msg::Status);
            v2.token = a.token;
            v2.request = 9;
            QVERIFY(raw.send(zmq::buffer(encode(v2)), zmq::send_flags::none).has_value());
            zmq::pollitem_t item{ raw.handle(), 0, ZMQ_POLLIN, 0 };
            QCOMPARE(zmq::poll(&item, 1, std::chrono::milliseconds(5000)), 1);
            zmq::message_t frame;
            QVERIFY(raw.recv(frame).has_value());
            const Message reply = decode(frame.to_string_view());
            QCOMPARE(reply.type, std::string(msg::Error));
            QCOMPARE(reply.request, 9);
            QCOMPARE(reply.body["code"].get<std::string>(), std::string("bad_version"));
            QVERIFY(reply.token.empty());
        }

        // Hostile frames: a wrong token with a body nested 100,000 deep (it killed the leader), the
        // same from a member, NUL bytes, and a frame over the leader's size limit. Each is refused
        // and the leader goes on answering.
        {
            zmq::context_t zc(1);
            std::string nested;
            nested.reserve(600000);
            for (int i = 0; i < 100000; ++i)
                nested += "{\"a\":";
            nested += "1";
            nested += std::string(100000, '}');
            const std::vector<std::pair<std::string, std::string>> frames = {
                { "wrong token, deep body", "{\"v\":1,\"type\":\"status\",\"token\":\"x\",\"body\":" + nested + "}" },
                { "right token, deep body",
                    "{\"v\":1,\"type\":\"status\",\"token\":\"" + a.token + "\",\"body\":" + nested + "}" },
                { "NUL bytes", std::string(4096, '\0') },
                { "not JSON", "\x93NUMPY garbage" },
            };
            for (const auto& [what, bytes] : frames) {
                zmq::socket_t raw(zc, zmq::socket_type::dealer);
                raw.set(zmq::sockopt::linger, 0);
                raw.connect(a.endpoint);
                QVERIFY(raw.send(zmq::buffer(bytes), zmq::send_flags::none).has_value());
                zmq::pollitem_t item{ raw.handle(), 0, ZMQ_POLLIN, 0 };
                QVERIFY2(zmq::poll(&item, 1, std::chrono::milliseconds(5000)) == 1, what.c_str());
                zmq::message_t frame;
                QVERIFY(raw.recv(frame).has_value());
                const Message reply = decode(frame.to_string_view());
                QVERIFY2(reply.type == msg::Error, what.c_str());
                QVERIFY(reply.token.empty());
            }
            {
                // Over the limit: the connection is dropped unread; nothing comes back.
                zmq::socket_t raw(zc, zmq::socket_type::dealer);
                raw.set(zmq::sockopt::linger, 0);
                raw.connect(a.endpoint);
                QVERIFY(
                    raw.send(zmq::buffer(std::string(kMaxRequestBytes + 1, '{')), zmq::send_flags::none).has_value());
                zmq::pollitem_t item{ raw.handle(), 0, ZMQ_POLLIN, 0 };
                QCOMPARE(zmq::poll(&item, 1, std::chrono::milliseconds(500)), 0);
            }
            const JobStatus after = job.status();
            QVERIFY2(after.state == JobState::Running, enumName(after.state).data());
            QVERIFY(after.step >= s.step);
        }

        // The job folder and what the job wrote there are its owner's alone.
        QCOMPARE(static_cast<int>(fs::status(o.jobDir).permissions() & fs::perms::all), 0700);
        for (const char* f : { "job.json", "leader.json", "leader.log", "w0.log" })
            QVERIFY2((fs::status(o.jobDir / f).permissions() & (fs::perms::group_all | fs::perms::others_all))
                    == fs::perms::none,
                f);

        // Kill the leader; its workers must end by themselves, quickly, saving the last commit.
        QVERIFY(::kill(static_cast<pid_t>(a.leaderPid), SIGKILL) == 0);
        t.restart();
        std::map<pid_t, int> exits;
        while (exits.size() < pids.size() && t.elapsed() < 15000) {
            for (pid_t p : pids) {
                if (exits.count(p))
                    continue;
                int status = 0;
                if (::waitpid(p, &status, WNOHANG) == p)
                    exits[p] = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        QCOMPARE(exits.size(), pids.size());
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        for (auto [p, code] : exits)
            QVERIFY2(code == 3 || code == 5, qPrintable(QString("worker %1 exit %2").arg(p).arg(code)));
        QCOMPARE(static_cast<int>(fs::status(o.jobDir / "last_commit.pt").permissions() & fs::perms::all), 0600);
        const Json cp = inspectCheckpoint(o.jobDir / "last_commit.pt");
        QVERIFY(cp["step"].get<std::int64_t>() >= 4);
        QCOMPARE(cp["job"].get<std::string>(), a.jobId);

        // The saved commit resumes: a new job starts from exactly that model, at that step.
        auto resumed = options("resumed", 2, 1024, 32);
        resumed.restoreFrom = (o.jobDir / "last_commit.pt").string();
        const JobReport r = runBounded(resumed, 40);
        QVERIFY2(r.status.state == JobState::Finished, r.status.message.c_str());
        QCOMPARE(r.loss.front().step, cp["step"].get<std::int64_t>());
        QVERIFY(!r.replicaChecks.empty());
        for (const auto& [w, h] : r.replicaChecks.front().hashes)
            QCOMPARE(h, cp["param_hash"].get<std::string>());
    }
};

QTEST_GUILESS_MAIN(TestElasticJob)
#include "tst_edl_job.moc"
