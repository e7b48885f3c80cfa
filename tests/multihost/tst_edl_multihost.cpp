// EDL across real hosts (issue 37, point 2): the testbed's hosts (network namespaces, each with its
// own address and a real sshd), the leader on the first, workers started over real ssh with
// --hosts. A job grows 2 -> 3 -> 2 workers spread over three hosts with every sample exactly once
// per epoch and the replicas equal, and the workers' traffic (Gloo's all-reduce, the control
// plane) crosses the testbed network, never a host's loopback; a host whose link is cut mid-job is
// dropped as failed and the job goes on exactly once. Skipped with the reason where the machine
// cannot make the testbed.

#include "edl_job.h"

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

} // namespace

class TestEdlMultihost : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Testbed> m_bed;
    static constexpr int kHosts = 3;
    std::unique_ptr<JobDriver> m_job;
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

    // Starts a long job of `workers` workers over ssh; returns its folder.
    QString start(int workers)
    {
        const QString dir = m_tmp.filePath(QStringLiteral("job%1").arg(++m_jobs));
        const Result r = m_job->cli({ QStringLiteral("edl"), QStringLiteral("start"), QStringLiteral("--hosts"),
            hostsFile(), QStringLiteral("--ssh"), m_bed->sshCommand(), QStringLiteral("--listen"), m_bed->address(1),
            QStringLiteral("--workers"), QString::number(workers), QStringLiteral("--epochs"), QStringLiteral("1000"),
            QStringLiteral("--samples"), QStringLiteral("16384"), QStringLiteral("--job-dir"), dir });
        if (r.exitCode != 0)
            qWarning("edl start: %s", qPrintable(r.err));
        return r.exitCode == 0 ? dir : QString();
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
        m_job = std::make_unique<JobDriver>(*m_bed, kCli);
    }

    void cleanupTestCase()
    {
        m_job.reset();
        m_bed.reset();
    }

    // 2 -> 3 -> 2 workers over three hosts: w0 beside the leader, w1 and then w2 on hosts of their
    // own, each reached over ssh; exactly once, replicas equal; the workers-only hosts carried the
    // job's traffic on eth0 and next to nothing on loopback.
    void scalesAcrossHosts()
    {
        const QString job = start(2);
        QVERIFY(!job.isEmpty());
        QVERIFY2(
            m_job->waitFor(
                job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("active")) == 2 && stepOf(s) >= 20; },
                120),
            "the first generation never trained");
        std::map<int, std::map<QString, Traffic>> before;
        for (int i = 2; i <= kHosts; ++i)
            before[i] = m_bed->traffic(i);

        QVERIFY(m_job->scale(job, QStringLiteral("--add"), 1));
        qint64 joinedAt = 0;
        QVERIFY2(m_job->waitFor(
                     job,
                     [&](const QJsonObject& s) {
                         joinedAt = stepOf(s);
                         return countIn(s, QStringLiteral("active")) == 3;
                     },
                     120),
            "w2 never joined");
        QVERIFY(m_job->waitFor(
            job, [&](const QJsonObject& s) { return stepOf(s) >= joinedAt + 50; }, 60));
        const QJsonObject grown = m_job->status(job);
        const auto hosts = workers(grown);
        QCOMPARE(hosts.at(QStringLiteral("w0")).first, m_bed->host(1));
        QCOMPARE(hosts.at(QStringLiteral("w1")).first, m_bed->host(2));
        QCOMPARE(hosts.at(QStringLiteral("w2")).first, m_bed->host(3));
        // The status names where the leader runs and how the workers start (edl status, the EDL page).
        const QJsonObject leader = grown.value(QStringLiteral("leader")).toObject();
        QCOMPARE(leader.value(QStringLiteral("host")).toString(), m_bed->host(1));
        QVERIFY2(leader.value(QStringLiteral("endpoint")).toString().contains(m_bed->address(1)),
            qPrintable(leader.value(QStringLiteral("endpoint")).toString()));
        QCOMPARE(grown.value(QStringLiteral("launcher")).toString(), QStringLiteral("ssh"));

        QVERIFY(m_job->scale(job, QStringLiteral("--remove-count"), 1));
        QVERIFY2(m_job->waitFor(
                     job,
                     [](const QJsonObject& s) {
                         return countIn(s, QStringLiteral("active")) == 2 && countIn(s, QStringLiteral("left")) == 1;
                     },
                     60),
            "w2 never left");
        const QJsonObject shrunk = m_job->status(job);
        QVERIFY(m_job->waitFor(
            job, [&](const QJsonObject& s) { return stepOf(s) >= stepOf(shrunk) + 20; }, 60));

        // The traffic of the workers-only hosts went over the testbed network.
        for (int i = 2; i <= kHosts; ++i) {
            const auto after = m_bed->traffic(i);
            const std::int64_t eth = after.at(QStringLiteral("eth0")).tx - before[i].at(QStringLiteral("eth0")).tx;
            const std::int64_t lo = after.at(QStringLiteral("lo")).tx - before[i].at(QStringLiteral("lo")).tx;
            QVERIFY2(eth > 256 * 1024, qPrintable(QStringLiteral("h%1 sent %2 bytes on eth0").arg(i).arg(eth)));
            QVERIFY2(lo < 64 * 1024, qPrintable(QStringLiteral("h%1 sent %2 bytes on loopback").arg(i).arg(lo)));
        }

        const QJsonObject report = m_job->stopAndReport(job);
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
        dropsTheCutHost(*m_job, *m_bed, job);
    }
};

QTEST_GUILESS_MAIN(TestEdlMultihost)
#include "tst_edl_multihost.moc"
