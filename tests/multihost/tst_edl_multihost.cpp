// EDL across real hosts (issue 37, point 2): the testbed's hosts (network namespaces, each with its
// own address and a real sshd), the leader on the first, workers started over real ssh with
// --hosts. A job grows 2 -> 3 -> 2 workers spread over three hosts with every sample exactly once
// per epoch and the replicas equal, and the workers' traffic (Gloo's all-reduce, the control
// plane) crosses the testbed network, never a host's loopback; a host whose link is cut mid-job is
// dropped as failed and the job goes on exactly once. Skipped with the reason where the machine
// cannot make the testbed.

#include "testbed.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

using namespace vantage::testing;

namespace {

const QString kCli = QStringLiteral(VANTAGE_CLI);
const QString kWorker = QStringLiteral(VANTAGE_EDL_WORKER_BIN);

QJsonObject parse(const QString& text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// The workers of a status, id -> {host, state}.
std::map<QString, std::pair<QString, QString>> workers(const QJsonObject& status)
{
    std::map<QString, std::pair<QString, QString>> out;
    for (const auto& v : status.value(QStringLiteral("workers")).toArray()) {
        const QJsonObject w = v.toObject();
        out[w.value(QStringLiteral("id")).toString()]
            = { w.value(QStringLiteral("host")).toString(), w.value(QStringLiteral("state")).toString() };
    }
    return out;
}

int countIn(const QJsonObject& status, const QString& state)
{
    int n = 0;
    for (const auto& [id, w] : workers(status))
        n += w.second == state ? 1 : 0;
    return n;
}

} // namespace

class TestEdlMultihost : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Testbed> m_bed;
    static constexpr int kHosts = 3;
    int m_jobs = 0;

    QString hostsFile()
    {
        const QString path = m_tmp.filePath(QStringLiteral("hosts.txt"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        // One slot a host: the first worker on the leader's host, the others one a host.
        for (int i = 1; i <= kHosts; ++i)
            f.write(QStringLiteral("%1 slots=1 address=%2 worker=%3\n")
                        .arg(m_bed->host(i), m_bed->address(i), kWorker)
                        .toUtf8());
        return path;
    }

    // vantage-cli run on the leader's host (the control plane listens on its testbed address).
    Result cli(const QStringList& args, int timeoutMs = 60000)
    {
        return m_bed->exec(1, QStringList{ kCli, QStringLiteral("--json") } + args, timeoutMs);
    }

    // Starts a long job of `workers` workers over ssh; returns its folder.
    QString start(int workers)
    {
        const QString dir = m_tmp.filePath(QStringLiteral("job%1").arg(++m_jobs));
        const Result r = cli({ QStringLiteral("edl"), QStringLiteral("start"), QStringLiteral("--hosts"), hostsFile(),
            QStringLiteral("--ssh"), m_bed->sshCommand(), QStringLiteral("--listen"), m_bed->address(1),
            QStringLiteral("--workers"), QString::number(workers), QStringLiteral("--epochs"), QStringLiteral("1000"),
            QStringLiteral("--samples"), QStringLiteral("16384"), QStringLiteral("--job-dir"), dir });
        if (r.exitCode != 0)
            qWarning("edl start: %s", qPrintable(r.err));
        return r.exitCode == 0 ? dir : QString();
    }

    QJsonObject status(const QString& job)
    {
        const Result r = cli({ QStringLiteral("edl"), QStringLiteral("status"), QStringLiteral("--job"), job });
        return r.exitCode == 0 ? parse(r.out) : QJsonObject{};
    }

    // Polls the job's status until `done` holds (true) or `seconds` pass (false).
    bool waitFor(const QString& job, const std::function<bool(const QJsonObject&)>& done, int seconds)
    {
        for (int i = 0; i < seconds * 5; ++i) {
            const QJsonObject s = status(job);
            if (!s.isEmpty() && done(s))
                return true;
            QTest::qWait(200);
        }
        return false;
    }

    static qint64 step(const QJsonObject& s) { return s.value(QStringLiteral("step")).toInteger(); }

    // Stops the job and returns its report once the leader has written it.
    QJsonObject stopAndReport(const QString& job)
    {
        const Result r = cli({ QStringLiteral("edl"), QStringLiteral("stop"), QStringLiteral("--job"), job });
        if (r.exitCode != 0)
            qWarning("edl stop: %s", qPrintable(r.err));
        QFile report(job + QStringLiteral("/report.json"));
        for (int i = 0; i < 300 && !report.exists(); ++i)
            QTest::qWait(100);
        if (!report.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(report.readAll()).object();
    }

    // Every epoch the report's ledger lists, complete or not, saw no sample twice; the complete
    // ones saw every sample once.
    static void checkExactlyOnce(const QJsonObject& report)
    {
        const QJsonObject ledger = report.value(QStringLiteral("ledger")).toObject();
        QVERIFY(ledger.value(QStringLiteral("exactly_once")).toBool());
        const QJsonArray epochs = ledger.value(QStringLiteral("epochs")).toArray();
        QVERIFY(!epochs.isEmpty());
        for (const auto& v : epochs) {
            const QJsonObject e = v.toObject();
            QCOMPARE(e.value(QStringLiteral("seen_more")).toInteger(), 0);
            if (e.value(QStringLiteral("complete")).toBool()) {
                QCOMPARE(
                    e.value(QStringLiteral("seen_once")).toInteger(), e.value(QStringLiteral("samples")).toInteger());
                QCOMPARE(e.value(QStringLiteral("unseen")).toInteger(), 0);
            }
        }
        QVERIFY(report.value(QStringLiteral("replicas_equal")).toBool());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_bed = std::make_unique<Testbed>(m_tmp.filePath(QStringLiteral("testbed")), kHosts);
        const Result up = m_bed->up();
        if (up.exitCode == 77)
            QSKIP(qPrintable(up.err));
        QVERIFY2(up.exitCode == 0, qPrintable(up.err));
    }

    void cleanupTestCase() { m_bed.reset(); }

    // 2 -> 3 -> 2 workers over three hosts: w0 beside the leader, w1 and then w2 on hosts of their
    // own, each reached over ssh; exactly once, replicas equal; the workers-only hosts carried the
    // job's traffic on eth0 and next to nothing on loopback.
    void scalesAcrossHosts()
    {
        const QString job = start(2);
        QVERIFY(!job.isEmpty());
        QVERIFY2(
            waitFor(
                job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("active")) == 2 && step(s) >= 20; },
                120),
            "the first generation never trained");
        std::map<int, std::map<QString, Traffic>> before;
        for (int i = 2; i <= kHosts; ++i)
            before[i] = m_bed->traffic(i);

        const Result add = cli({ QStringLiteral("edl"), QStringLiteral("scale"), QStringLiteral("--job"), job,
            QStringLiteral("--add"), QStringLiteral("1") });
        QVERIFY2(add.exitCode == 0, qPrintable(add.err));
        qint64 joinedAt = 0;
        QVERIFY2(waitFor(
                     job,
                     [&](const QJsonObject& s) {
                         joinedAt = step(s);
                         return countIn(s, QStringLiteral("active")) == 3;
                     },
                     120),
            "w2 never joined");
        QVERIFY(waitFor(
            job, [&](const QJsonObject& s) { return step(s) >= joinedAt + 50; }, 60));
        const QJsonObject grown = status(job);
        const auto hosts = workers(grown);
        QCOMPARE(hosts.at(QStringLiteral("w0")).first, m_bed->host(1));
        QCOMPARE(hosts.at(QStringLiteral("w1")).first, m_bed->host(2));
        QCOMPARE(hosts.at(QStringLiteral("w2")).first, m_bed->host(3));

        const Result remove = cli({ QStringLiteral("edl"), QStringLiteral("scale"), QStringLiteral("--job"), job,
            QStringLiteral("--remove-count"), QStringLiteral("1") });
        QVERIFY2(remove.exitCode == 0, qPrintable(remove.err));
        QVERIFY2(waitFor(
                     job,
                     [](const QJsonObject& s) {
                         return countIn(s, QStringLiteral("active")) == 2 && countIn(s, QStringLiteral("left")) == 1;
                     },
                     60),
            "w2 never left");
        const QJsonObject shrunk = status(job);
        QVERIFY(waitFor(
            job, [&](const QJsonObject& s) { return step(s) >= step(shrunk) + 20; }, 60));

        // The traffic of the workers-only hosts went over the testbed network.
        for (int i = 2; i <= kHosts; ++i) {
            const auto after = m_bed->traffic(i);
            const std::int64_t eth = after.at(QStringLiteral("eth0")).tx - before[i].at(QStringLiteral("eth0")).tx;
            const std::int64_t lo = after.at(QStringLiteral("lo")).tx - before[i].at(QStringLiteral("lo")).tx;
            QVERIFY2(eth > 256 * 1024, qPrintable(QStringLiteral("h%1 sent %2 bytes on eth0").arg(i).arg(eth)));
            QVERIFY2(lo < 64 * 1024, qPrintable(QStringLiteral("h%1 sent %2 bytes on loopback").arg(i).arg(lo)));
        }

        const QJsonObject report = stopAndReport(job);
        QVERIFY(!report.isEmpty());
        checkExactlyOnce(report);
        const QJsonArray events
            = report.value(QStringLiteral("status")).toObject().value(QStringLiteral("scale_events")).toArray();
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[0].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("scale_out"));
        QCOMPARE(
            events[0].toObject().value(QStringLiteral("joined")).toArray().first().toString(), QStringLiteral("w2"));
        QCOMPARE(events[1].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("scale_in"));
        QCOMPARE(events[1].toObject().value(QStringLiteral("left")).toArray().first().toString(), QStringLiteral("w2"));
        QCOMPARE(report.value(QStringLiteral("failures")).toArray().size(), 0);
    }

    // A host cut off the network mid-job (its link down): its worker is dropped as failed within
    // the failure timeout and the two others go on, exactly once.
    void aHostCutOffIsDropped()
    {
        const QString job = start(3);
        QVERIFY(!job.isEmpty());
        QVERIFY2(
            waitFor(
                job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("active")) == 3 && step(s) >= 20; },
                120),
            "the job never trained on three hosts");
        QCOMPARE(workers(status(job)).at(QStringLiteral("w2")).first, m_bed->host(3));
        QVERIFY(m_bed->setLink(3, false));
        QVERIFY2(waitFor(
                     job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("failed")) == 1; }, 60),
            "w2 was never dropped");
        const QJsonObject after = status(job);
        QCOMPARE(workers(after).at(QStringLiteral("w2")).second, QStringLiteral("failed"));
        QCOMPARE(countIn(after, QStringLiteral("active")), 2);
        QVERIFY2(waitFor(
                     job, [&](const QJsonObject& s) { return step(s) >= step(after) + 20; }, 60),
            "the job did not go on without w2");
        const QJsonObject report = stopAndReport(job);
        QVERIFY(m_bed->setLink(3, true));
        QVERIFY(!report.isEmpty());
        checkExactlyOnce(report);
        const QJsonArray failures = report.value(QStringLiteral("failures")).toArray();
        QCOMPARE(failures.size(), 1);
        QCOMPARE(failures[0].toObject().value(QStringLiteral("worker")).toString(), QStringLiteral("w2"));
    }
};

QTEST_GUILESS_MAIN(TestEdlMultihost)
#include "tst_edl_multihost.moc"
