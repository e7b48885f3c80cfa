#pragma once
// For the multi-host EDL suites: a job driven through vantage-cli on the testbed's first host (where
// its control plane listens), its status polled, stopped, and its report checked.

#include "testbed.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>
#include <map>
#include <utility>

namespace vantage::testing {

// The workers of a status, id -> {host, state}.
inline std::map<QString, std::pair<QString, QString>> workers(const QJsonObject& status)
{
    std::map<QString, std::pair<QString, QString>> out;
    for (const auto& v : status.value(QStringLiteral("workers")).toArray()) {
        const QJsonObject w = v.toObject();
        out[w.value(QStringLiteral("id")).toString()]
            = { w.value(QStringLiteral("host")).toString(), w.value(QStringLiteral("state")).toString() };
    }
    return out;
}

inline int countIn(const QJsonObject& status, const QString& state)
{
    int n = 0;
    for (const auto& [id, w] : workers(status))
        n += w.second == state ? 1 : 0;
    return n;
}

inline qint64 stepOf(const QJsonObject& status)
{
    return status.value(QStringLiteral("step")).toInteger();
}

class JobDriver {
public:
    JobDriver(const Testbed& bed, QString cli)
        : m_bed(bed)
        , m_cli(std::move(cli))
    { }

    // vantage-cli --json ARGS on the leader's host.
    Result cli(const QStringList& args, int timeoutMs = 60000) const
    {
        return m_bed.exec(1, QStringList{ m_cli, QStringLiteral("--json") } + args, timeoutMs);
    }

    QJsonObject status(const QString& job) const
    {
        const Result r = cli({ QStringLiteral("edl"), QStringLiteral("status"), QStringLiteral("--job"), job });
        return r.exitCode == 0 ? QJsonDocument::fromJson(r.out.toUtf8()).object() : QJsonObject{};
    }

    // Polls the job's status until `done` holds (true) or `seconds` pass (false).
    bool waitFor(const QString& job, const std::function<bool(const QJsonObject&)>& done, int seconds) const
    {
        for (int i = 0; i < seconds * 5; ++i) {
            const QJsonObject s = status(job);
            if (!s.isEmpty() && done(s))
                return true;
            QTest::qWait(200);
        }
        return false;
    }

    bool scale(const QString& job, const QString& option, int count) const
    {
        const Result r = cli({ QStringLiteral("edl"), QStringLiteral("scale"), QStringLiteral("--job"), job, option,
            QString::number(count) });
        if (r.exitCode != 0)
            qWarning("edl scale: %s", qPrintable(r.err));
        return r.exitCode == 0;
    }

    // Stops the job and returns its report once the leader has written it.
    QJsonObject stopAndReport(const QString& job) const
    {
        const Result r = cli({ QStringLiteral("edl"), QStringLiteral("stop"), QStringLiteral("--job"), job });
        if (r.exitCode != 0)
            qWarning("edl stop: %s", qPrintable(r.err));
        QFile report(job + QStringLiteral("/report.json"));
        for (int i = 0; i < 300 && !report.exists(); ++i)
            QTest::qWait(100);
        QTest::qWait(100); // written whole (rename) before it exists; the leader may still be closing
        if (!report.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(report.readAll()).object();
    }

private:
    const Testbed& m_bed;
    QString m_cli;
};

// Every epoch the report's ledger lists saw no sample twice, the complete ones every sample once,
// and the replicas were equal.
inline void checkExactlyOnce(const QJsonObject& report)
{
    const QJsonObject ledger = report.value(QStringLiteral("ledger")).toObject();
    QVERIFY(ledger.value(QStringLiteral("exactly_once")).toBool());
    const QJsonArray epochs = ledger.value(QStringLiteral("epochs")).toArray();
    QVERIFY(!epochs.isEmpty());
    for (const auto& v : epochs) {
        const QJsonObject e = v.toObject();
        QCOMPARE(e.value(QStringLiteral("seen_more")).toInteger(), 0);
        if (e.value(QStringLiteral("complete")).toBool()) {
            QCOMPARE(e.value(QStringLiteral("seen_once")).toInteger(), e.value(QStringLiteral("samples")).toInteger());
            QCOMPARE(e.value(QStringLiteral("unseen")).toInteger(), 0);
        }
    }
    QVERIFY(report.value(QStringLiteral("replicas_equal")).toBool());
}

// A job of three workers, w2 on the testbed's third host, once it trains: that host's link is cut;
// w2 must be dropped as failed, the two others go on, and the stopped job's report names w2 as its
// one failure, exactly once. The link is restored before it returns.
inline void dropsTheCutHost(const JobDriver& driver, const Testbed& bed, const QString& job)
{
    QVERIFY2(driver.waitFor(
                 job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("active")) == 3 && stepOf(s) >= 20; },
                 120),
        "the job never trained on three hosts");
    QCOMPARE(workers(driver.status(job)).at(QStringLiteral("w2")).first, bed.host(3));
    QVERIFY(bed.setLink(3, false));
    QVERIFY2(driver.waitFor(
                 job, [](const QJsonObject& s) { return countIn(s, QStringLiteral("failed")) == 1; }, 60),
        "w2 was never dropped");
    const QJsonObject after = driver.status(job);
    QCOMPARE(workers(after).at(QStringLiteral("w2")).second, QStringLiteral("failed"));
    QCOMPARE(countIn(after, QStringLiteral("active")), 2);
    QVERIFY2(driver.waitFor(
                 job, [&](const QJsonObject& s) { return stepOf(s) >= stepOf(after) + 20; }, 60),
        "the job did not go on without w2");
    const QJsonObject report = driver.stopAndReport(job);
    QVERIFY(bed.setLink(3, true));
    QVERIFY(!report.isEmpty());
    checkExactlyOnce(report);
    const QJsonArray failures = report.value(QStringLiteral("failures")).toArray();
    QCOMPARE(failures.size(), 1);
    QCOMPARE(failures[0].toObject().value(QStringLiteral("worker")).toString(), QStringLiteral("w2"));
}

} // namespace vantage::testing
