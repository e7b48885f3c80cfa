// vantage-cli edl as a user (or a script) runs it: exit codes, the JSON keys scripts rely on, the
// session record, and a background job steered with start / status / scale / attach / stop.

#include "cli_harness.h"
#include "edl/client.h"
#include "store/session.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>

using namespace vantage;

namespace {

using cli_harness::Result;

// `runtimeDir`: the XDG_RUNTIME_DIR the CLI sees (where it makes job folders by default).
Result cli(const QStringList& args, const QString& runtimeDir = {}, int timeoutMs = 90000)
{
    auto env = QProcessEnvironment::systemEnvironment();
    if (!runtimeDir.isEmpty())
        env.insert("XDG_RUNTIME_DIR", runtimeDir);
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, timeoutMs, env);
}

const QString kWorker = QStringLiteral(VANTAGE_EDL_WORKER_BIN);

} // namespace

class TestCliEdl : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::vector<pid_t> m_leaders;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // The leader of a job that `edl start --json` started; cleanupTestCase ends it for sure.
    pid_t leaderOf(const Result& started)
    {
        const auto leader = static_cast<pid_t>(started.json()["leader_pid"].toInt());
        if (leader > 0)
            m_leaders.push_back(leader);
        return leader;
    }

    // Waits until the leader process (our child: a subreaper's) has ended, up to `timeoutMs`.
    static QByteArray readBytes(const QString& file)
    {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    static void waitForExit(pid_t leader, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        while (::kill(leader, 0) == 0 && t.elapsed() < timeoutMs) {
            ::waitpid(leader, nullptr, WNOHANG);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }

    // Polls through the library: each vantage-cli start loads LibTorch, seconds on a busy machine.
    static void waitForStep(const edl::JobClient& job, std::int64_t step, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        while (job.status().step < step && t.elapsed() < timeoutMs)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // A detached leader is re-parented to us (not to init), so the suite can end it for sure.
        QCOMPARE(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    }

    void cleanupTestCase()
    {
        for (pid_t p : m_leaders)
            ::kill(p, SIGKILL);
        while (::waitpid(-1, nullptr, WNOHANG) > 0) { }
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("schedule") << QStringList{ "edl", "run", "--schedule", "step=5" } << "schedule";
        QTest::newRow("batch over samples")
            << QStringList{ "edl", "run", "--samples", "10", "--batch", "64" } << "batch";
        QTest::newRow("missing job") << QStringList{ "edl", "status", "--job", "/nonexistent/job" } << "nonexistent";
        QTest::newRow("add and remove") << QStringList{ "edl", "scale", "--add", "1", "--remove", "w1" } << "";
        QTest::newRow("infinite lr") << QStringList{ "edl", "run", "--lr", "inf" } << "lr";
        QTest::newRow("nan momentum") << QStringList{ "edl", "run", "--momentum", "nan" } << "momentum";
        QTest::newRow("tiny worker memory")
            << QStringList{ "edl", "run", "--worker-memory", "10" } << "worker_memory_mb";
        // No such GPU here: no build without CUDA, no machine without a GPU and none with 8 has it.
        QTest::newRow("a GPU this machine lacks")
            << QStringList{ "edl", "run", "--devices", "cpu,cuda:7", "--workers", "2" } << "'cuda:7'";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const QString runtime = path("runtime");
        QVERIFY(QDir().mkpath(runtime));
        const Result r = cli(QStringList{ "--quiet" } + args
                + QStringList{ "--worker-binary", kWorker }.mid(0, args[1] == "run" ? 2 : 0),
            runtime);
        QCOMPARE(r.code, 2);
        QVERIFY(!r.err.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
        // Bad input leaves nothing behind: no job folder was made.
        QVERIFY(QDir(runtime + "/vantage-edl").isEmpty());
    }

    // The JSON shape scripts rely on, the stop-restart baseline, and the session record.
    void runJsonAndSession()
    {
        const QString session = path("run.vantage");
        const Result r = cli({ "--json", "--session", session, "edl", "run", "--workers", "2", "--epochs", "1",
            "--samples", "1536", "--batch", "32", "--hidden", "32", "--schedule", "step=2:+1,step=10:-1", "--kill",
            "step=0:worker=0:slow=80", "--baseline", "stop-restart", "--job-dir", path("run-job"), "--worker-binary",
            kWorker, "--failure-timeout", "2", "--collective-timeout", "5" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = r.json();
        const QJsonArray events = j["events"].toArray();
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].toObject()["kind"].toString(), QStringLiteral("scale_out"));
        QCOMPARE(events[0].toObject()["workers_before"].toInt(), 2);
        QCOMPARE(events[0].toObject()["workers_after"].toInt(), 3);
        QCOMPARE(events[1].toObject()["kind"].toString(), QStringLiteral("scale_in"));
        for (const auto& e : events) {
            QVERIFY(e.toObject().contains("step"));
            QVERIFY(e.toObject()["pause_s"].toDouble() > 0);
        }
        const QJsonObject ledger = j["ledger"].toObject();
        QVERIFY(ledger["exactly_once"].toBool());
        QCOMPARE(ledger["epochs"].toArray().size(), 1);
        const QJsonObject epoch = ledger["epochs"].toArray()[0].toObject();
        QCOMPARE(epoch["epoch"].toInt(), 0);
        QCOMPARE(epoch["samples"].toInt(), 1536);
        QCOMPARE(epoch["seen_once"].toInt(), 1536);
        QVERIFY(j["replicas_equal"].toBool());
        const double finalLoss = j["final_loss"].toDouble();
        QVERIFY(finalLoss > 0 && finalLoss < 5);
        // The baseline ran the same schedule by checkpoint, stop and restart, and paused longer.
        const QJsonArray base = j["baseline"].toObject()["events"].toArray();
        QCOMPARE(base.size(), 2);
        QCOMPARE(base[0].toObject()["kind"].toString(), QStringLiteral("scale_out"));
        QCOMPARE(base[1].toObject()["workers_after"].toInt(), 2);
        QVERIFY(j["baseline"].toObject()["ledger"].toObject()["exactly_once"].toBool());
        QVERIFY(base[0].toObject()["pause_s"].toDouble() > events[0].toObject()["pause_s"].toDouble());

        auto s = store::Session::open(session.toStdString(), store::Session::Mode::ReadOnly);
        const auto runs = s.runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].engine, store::Engine::Edl);
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QVERIFY2(QRegularExpression("^final loss \\d+\\.\\d\\d, 2 scale events$")
                     .match(QString::fromStdString(runs[0].summary))
                     .hasMatch(),
            runs[0].summary.c_str());
        QCOMPARE(runs[0].params["workers"].get<int>(), 2);
        QCOMPARE(runs[0].result["final_loss"].get<double>(), finalLoss);
        QCOMPARE(s.series(runs[0].id, "loss").size(), std::size_t(1536 / 32));
        QCOMPARE(s.series(runs[0].id, "throughput").size(), std::size_t(1536 / 32));
        QVERIFY(!s.series(runs[0].id, "workers").empty());
    }

    // A background job steered from the command line, then recorded by `attach --session`.
    void startScaleAttachStop()
    {
        const QString jobDir = path("bg-job");
        Result r = cli({ "--json", "edl", "start", "--workers", "1", "--epochs", "1", "--samples", "60000", "--batch",
            "32", "--hidden", "32", "--kill", "step=0:worker=0:slow=30", "--job-dir", jobDir, "--worker-binary",
            kWorker });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["job_dir"].toString(), jobDir);
        const pid_t leader = leaderOf(r);
        QVERIFY(leader > 0);

        // Once it trains (a joiner that comes before the first step is simply part of generation 1).
        const edl::JobClient job(edl::readJobFile(jobDir.toStdString()));
        waitForStep(job, 2, 30000);
        r = cli({ "--json", "edl", "status", "--job", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["state"].toString(), QStringLiteral("running"));
        QCOMPARE(r.json()["workers"].toArray().size(), 1);
        QCOMPARE(r.json()["launcher"].toString(), QStringLiteral("local"));
        QCOMPARE(r.json()["leader"].toObject()["host"].toString(), QSysInfo::machineHostName());
        QCOMPARE(r.json()["leader"].toObject()["endpoint"].toString(),
            QString::fromStdString(edl::readJobFile(jobDir.toStdString()).endpoint));

        // A second job on this folder (start or run): refused, naming the folder and the job; job.json intact.
        const QByteArray jobFile = readBytes(jobDir + "/job.json");
        for (const char* verb : { "start", "run" }) {
            const Result again
                = cli({ "edl", verb, "--workers", "1", "--job-dir", jobDir, "--worker-binary", kWorker });
            QCOMPARE(again.code, 2);
            QVERIFY2(again.err.contains(jobDir.toUtf8()) && again.err.contains("in use by job"), again.err.constData());
        }
        QCOMPARE(readBytes(jobDir + "/job.json"), jobFile);
        QCOMPARE(QString::fromStdString(edl::readJobFile(jobDir.toStdString()).token),
            QString::fromStdString(job.address().token));

        r = cli({ "--json", "edl", "scale", "--job", jobDir, "--add", "1" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["added"].toArray()[0].toString(), QStringLiteral("w1"));

        QElapsedTimer t;
        t.start();
        while (job.status().activeWorkers() < 2 && t.elapsed() < 40000)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QCOMPARE(job.status().activeWorkers(), std::int64_t(2));

        r = cli({ "--json", "edl", "scale", "--job", jobDir, "--remove", "w1" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "edl", "scale", "--job", jobDir, "--remove", "w0" });
        QCOMPARE(r.code, 2); // never the last worker
        QVERIFY(r.err.contains("every worker"));

        const QString session = path("attach.vantage");
        QProcess attach;
        attach.start(QStringLiteral(VANTAGE_CLI),
            { "--json", "--session", session, "edl", "attach", "--job", jobDir, "--history" });
        QVERIFY(attach.waitForStarted());
        // Stop only once it is attached (it prints the history first); a CLI start takes seconds on a busy machine.
        QVERIFY(attach.waitForReadyRead(30000));
        r = cli({ "edl", "stop", "--job", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(attach.waitForFinished(40000));
        QCOMPARE(attach.exitCode(), 0);
        const QList<QByteArray> lines = attach.readAllStandardOutput().trimmed().split('\n');
        QVERIFY(lines.size() > 3);
        QStringList kinds;
        for (const auto& l : lines)
            kinds << QJsonDocument::fromJson(l).object()["kind"].toString();
        QVERIFY(kinds.contains("scale"));
        QVERIFY(kinds.contains("step"));
        const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(last["kind"].toString(), QStringLiteral("job"));
        QCOMPARE(last["data"].toObject()["state"].toString(), QStringLiteral("stopped"));

        auto s = store::Session::open(session.toStdString(), store::Session::Mode::ReadOnly);
        QCOMPARE(s.runs().size(), std::size_t(1));
        QCOMPARE(s.runs()[0].status, store::RunStatus::Done);
        QVERIFY(!s.series(s.runs()[0].id, "loss").empty());
        QVERIFY2(s.runs()[0].result["events"].size() == 2, s.runs()[0].result.dump().c_str());

        // The leader leaves by itself once its workers are gone; the stopped job's status stays readable.
        waitForExit(leader, 20000);
        QVERIFY(::kill(leader, 0) != 0);
        r = cli({ "--json", "edl", "status", "--job", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["state"].toString(), QStringLiteral("stopped"));
        QVERIFY(QFileInfo::exists(jobDir + "/final.pt"));
    }

    // A leader that did not run for a while (stopped, swapped out, starved of CPU) holds its own stall
    // against no worker: stopped for longer than the failure timeout, it goes on with every worker, whose
    // heartbeats waited in its socket meanwhile.
    void aStalledLeaderFailsNoWorker()
    {
        const QString jobDir = path("stall-job");
        Result r = cli({ "--json", "edl", "start", "--workers", "2", "--epochs", "1", "--samples", "200000", "--batch",
            "32", "--hidden", "32", "--failure-timeout", "1", "--kill", "step=0:worker=0:slow=20", "--job-dir", jobDir,
            "--worker-binary", kWorker });
        QVERIFY2(r.code == 0, r.err.constData());
        const pid_t leader = leaderOf(r);
        QVERIFY(leader > 0);
        const edl::JobClient job(edl::readJobFile(jobDir.toStdString()));
        waitForStep(job, 3, 60000);
        QCOMPARE(job.status().activeWorkers(), std::int64_t(2));

        QCOMPARE(::kill(leader, SIGSTOP), 0); // 2.5 s: past the failure timeout (1 s), within the workers' 5 s
        std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        QCOMPARE(::kill(leader, SIGCONT), 0);

        const std::int64_t resumedAt = job.status().step;
        waitForStep(job, resumedAt + 5, 30000);
        const edl::JobStatus st = job.status();
        QCOMPARE(vantage::enumName(st.state), std::string_view("running"));
        QVERIFY2(st.step >= resumedAt + 5, qPrintable(QString::number(st.step)));
        for (const auto& w : st.workers)
            QVERIFY2(w.state == edl::WorkerState::Active, w.id.c_str());
        QVERIFY2(st.scaleEvents.empty(), "a worker was taken out for the leader's own stall");

        r = cli({ "edl", "stop", "--job", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        waitForExit(leader, 30000);
        r = cli({ "--json", "edl", "status", "--job", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["state"].toString(), QStringLiteral("stopped"));
    }
};

QTEST_GUILESS_MAIN(TestCliEdl)
#include "tst_cli_edl.moc"
