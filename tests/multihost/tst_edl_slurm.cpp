// EDL on Slurm (issue 37, point 3): a real Slurm from Debian's packages on the testbed's hosts
// (slurmctld on the first, a slurmd on each; no systemd, no cgroups). The documented batch script
// (docs/examples/edl_slurm.sbatch) is submitted with sbatch: the leader runs in the batch step, each
// worker is a job step of the allocation (srun --exclusive --no-kill). The job grows 2 -> 3 -> 2
// inside the allocation (a step started on a free node, a step ended), exactly once with the
// replicas equal; a node cut off the network is a failed worker and the job goes on. Outside an
// allocation the launcher is refused by name. Skipped with the reason where the testbed or Slurm
// cannot be made.

#include "edl_job.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace vantage::testing;

namespace {

const QString kCli = QStringLiteral(VANTAGE_CLI);
const QString kScript = QStringLiteral(VANTAGE_SOURCE_DIR "/docs/examples/edl_slurm.sbatch");

} // namespace

class TestEdlSlurm : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<Testbed> m_bed;
    std::unique_ptr<JobDriver> m_job;
    static constexpr int kHosts = 3;
    int m_jobs = 0;

    // Submits the batch script for `workers` workers over all hosts; returns the job folder and the
    // Slurm job id.
    std::pair<QString, QString> submit(int workers)
    {
        const QString dir = m_tmp.filePath(QStringLiteral("job%1").arg(++m_jobs));
        const Result r = m_bed->slurm(1,
            { QStringLiteral("VANTAGE_CLI=") + kCli, QStringLiteral("EDL_JOB_DIR=") + dir, QStringLiteral("sbatch"),
                QStringLiteral("--parsable"), QStringLiteral("--nodes=%1").arg(kHosts),
                QStringLiteral("--ntasks-per-node=1"), QStringLiteral("--output=%1.out").arg(dir), kScript,
                QStringLiteral("--workers"), QString::number(workers), QStringLiteral("--epochs"),
                QStringLiteral("1000"), QStringLiteral("--samples"), QStringLiteral("16384") });
        if (r.exitCode != 0)
            qWarning("sbatch: %s", qPrintable(r.err));
        return { dir, r.out.section(QLatin1Char(';'), 0, 0) };
    }

    // The job's steps that Slurm lists (the batch step left out), by node.
    QStringList workerSteps(const QString& slurmJob)
    {
        const Result r = m_bed->slurm(1,
            { QStringLiteral("squeue"), QStringLiteral("--steps"), QStringLiteral("--noheader"),
                QStringLiteral("--jobs=") + slurmJob, QStringLiteral("--format=%i %N") });
        QStringList nodes;
        for (const QString& line : r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (!line.contains(QStringLiteral(".batch")))
                nodes << line.section(QLatin1Char(' '), 1, 1);
        nodes.sort();
        return nodes;
    }

    bool slurmJobGone(const QString& slurmJob)
    {
        for (int i = 0; i < 100; ++i) {
            const Result r = m_bed->slurm(
                1, { QStringLiteral("squeue"), QStringLiteral("--noheader"), QStringLiteral("--jobs=") + slurmJob });
            if (r.exitCode != 0 || r.out.isEmpty())
                return true;
            QTest::qWait(200);
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_bed = std::make_unique<Testbed>(m_tmp.filePath(QStringLiteral("testbed")), kHosts);
        const Result up = m_bed->up(true);
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

    // 2 -> 3 -> 2 workers as steps of one allocation: the joiner is a new step on the free node,
    // the one removed is a step that ends; exactly once; the allocation ends with the job.
    void scalesInsideTheAllocation()
    {
        const auto [job, slurmJob] = submit(2);
        QVERIFY(!slurmJob.isEmpty());
        QVERIFY2(
            m_job->waitFor(
                job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("active")) == 2 && stepOf(s) >= 20; },
                120),
            "the first generation never trained");
        QCOMPARE(workerSteps(slurmJob), (QStringList{ m_bed->host(1), m_bed->host(2) }));

        QVERIFY(m_job->scale(job, QStringLiteral("--add"), 1));
        QVERIFY2(m_job->waitFor(
                     job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("active")) == 3; }, 120),
            "w2 never joined");
        const QJsonObject grown = m_job->status(job);
        QCOMPARE(workers(grown).at(QStringLiteral("w2")).first, m_bed->host(3));
        QCOMPARE(grown.value(QStringLiteral("launcher")).toString(), QStringLiteral("slurm"));
        // The leader runs in the batch step, on a node of the allocation.
        const QString leaderHost
            = grown.value(QStringLiteral("leader")).toObject().value(QStringLiteral("host")).toString();
        QVERIFY2(leaderHost == m_bed->host(1) || leaderHost == m_bed->host(2), qPrintable(leaderHost));
        QCOMPARE(workerSteps(slurmJob), (QStringList{ m_bed->host(1), m_bed->host(2), m_bed->host(3) }));

        QVERIFY(m_job->scale(job, QStringLiteral("--remove-count"), 1));
        QVERIFY2(m_job->waitFor(
                     job,
                     [](const QJsonObject& s) {
                         return countIn(s, QStringLiteral("active")) == 2 && countIn(s, QStringLiteral("left")) == 1;
                     },
                     60),
            "w2 never left");
        QTRY_COMPARE_WITH_TIMEOUT(workerSteps(slurmJob), (QStringList{ m_bed->host(1), m_bed->host(2) }), 20000);

        const QJsonObject report = m_job->stopAndReport(job);
        QVERIFY(!report.isEmpty());
        checkExactlyOnce(report);
        const QJsonArray events
            = report.value(QStringLiteral("status")).toObject().value(QStringLiteral("scale_events")).toArray();
        QCOMPARE(events.size(), 2);
        QCOMPARE(report.value(QStringLiteral("failures")).toArray().size(), 0);
        QVERIFY2(slurmJobGone(slurmJob), "the allocation outlived its job");
    }

    // A node cut off the network (its link down): its step's worker is a failed worker, dropped
    // within the failure timeout; the allocation is kept (--no-kill) and the job goes on.
    void aFailedNodeIsAFailedWorker()
    {
        const auto [job, slurmJob] = submit(3);
        QVERIFY(!slurmJob.isEmpty());
        dropsTheCutHost(*m_job, *m_bed, job);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(slurmJobGone(slurmJob), "the allocation outlived its job");
    }

    void refusesWhatSlurmCannotRun_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::newRow("outside an allocation") << QStringList{ QStringLiteral("--launcher"), QStringLiteral("slurm") }
                                               << QStringLiteral("SLURM_JOB_ID is not set");
        QTest::newRow("with a host list") << QStringList{ QStringLiteral("--launcher"), QStringLiteral("slurm"),
            QStringLiteral("--hosts"), QStringLiteral(VANTAGE_SOURCE_DIR "/CMakeLists.txt") }
                                          << QStringLiteral("hosts");
        QTest::newRow("an empty srun") << QStringList{ QStringLiteral("--launcher"), QStringLiteral("slurm"),
            QStringLiteral("--srun"), QStringLiteral(" ") }
                                       << QStringLiteral("srun");
        QTest::newRow("ssh without hosts") << QStringList{ QStringLiteral("--launcher"), QStringLiteral("ssh") }
                                           << QStringLiteral("needs a host list");
        QTest::newRow("unknown launcher")
            << QStringList{ QStringLiteral("--launcher"), QStringLiteral("pbs") } << QStringLiteral("launcher");
    }

    // vantage-cli exits 2 naming what is wrong, before anything starts (no testbed needed).
    void refusesWhatSlurmCannotRun()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SLURM_JOB_ID"));
        p.setProcessEnvironment(env);
        p.start(kCli,
            QStringList{ QStringLiteral("edl"), QStringLiteral("run"), QStringLiteral("--job-dir"),
                m_tmp.filePath(QStringLiteral("refused")) }
                + args);
        QVERIFY(p.waitForFinished(30000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains(needle), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestEdlSlurm)
#include "tst_edl_slurm.moc"
