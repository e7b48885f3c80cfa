// core/edl/leader_parts: the leader's event log, sample audit, curves and straggler watch, each on
// its own, against what the test counts itself (no leader, no worker).

#include "edl/leader_parts_p.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

using namespace vantage;
using namespace vantage::edl;
using namespace vantage::edl::detail;

namespace {

JobEvent stepEvent(std::int64_t step)
{
    JobEvent e;
    e.payload = StepEvent{ .step = step };
    return e;
}

JobEvent logEvent(const std::string& text)
{
    JobEvent e;
    e.payload = LogEvent{ LogLevel::Info, text };
    return e;
}

} // namespace

class TestLeaderParts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Past its cap the log drops the oldest step event first, then the oldest of any kind;
    // sequence numbers keep counting, and a subscriber gets exactly the events after its own.
    void eventLogKeepsNonStepEventsLongest_data()
    {
        QTest::addColumn<int>("cap");
        QTest::addColumn<QString>("kinds"); // s: step, l: log, in order appended
        QTest::addColumn<QString>("kept"); // the kept events' seq, comma-separated
        QTest::newRow("under the cap") << 4 << "sls"
                                       << "1,2,3";
        QTest::newRow("steps go first") << 3 << "lssls"
                                        << "1,4,5";
        QTest::newRow("then the oldest") << 2 << "llll"
                                         << "3,4";
        QTest::newRow("mixed") << 3 << "slslsl"
                               << "2,4,6";
    }
    void eventLogKeepsNonStepEventsLongest()
    {
        QFETCH(int, cap);
        QFETCH(QString, kinds);
        QFETCH(QString, kept);
        EventLog log(static_cast<std::size_t>(cap), 5.0);
        std::int64_t n = 0;
        for (QChar k : kinds) {
            const auto& e = log.append(k == QLatin1Char('s') ? stepEvent(n) : logEvent("note"));
            QCOMPARE(e.seq, ++n);
        }
        QCOMPARE(log.lastSeq(), n);
        QStringList seqs;
        for (const auto& e : log.eventsAfter(0))
            seqs << QString::number(e.at("seq").get<std::int64_t>());
        QCOMPARE(seqs.join(QLatin1Char(',')), kept);
        // After a seq: only later ones.
        for (const auto& e : log.eventsAfter(n - 1))
            QCOMPARE(e.at("seq").get<std::int64_t>(), n);
        QVERIFY(log.eventsAfter(n).empty());
    }

    // A lease not renewed within the lease time ends; a stall of the leader moves every lease.
    void eventLogLeases()
    {
        EventLog log(10, 5.0);
        const auto t0 = Clock::now();
        QVERIFY(log.subscribe("a", t0));
        QVERIFY(!log.subscribe("a", t0 + std::chrono::seconds(1))); // renewed, not fresh
        QVERIFY(log.subscribe("b", t0 + std::chrono::seconds(3)));
        log.expire(t0 + std::chrono::seconds(7)); // a: 6 s since renewal > 5; b: 4 s
        QCOMPARE(log.peers(), (std::vector<std::string>{ "b" }));
        log.excuse(std::chrono::seconds(10));
        log.expire(t0 + std::chrono::seconds(17)); // b renewed at 3 + 10 = 13: 4 s
        QCOMPARE(log.peers(), (std::vector<std::string>{ "b" }));
        log.unsubscribe("b");
        QVERIFY(log.peers().empty());
        QVERIFY(log.subscribe("b", t0)); // fresh again
    }

    // Random steps of random workers: the audit's per-epoch counts equal the test's own tally, a
    // sample seen twice makes it not exactly-once, and ids outside the dataset are not counted.
    void sampleAuditCountsAsTheOracle_data()
    {
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("duplicate");
        QTest::newRow("exactly once") << 97 << 1 << false;
        QTest::newRow("one sample twice") << 97 << 2 << true;
        QTest::newRow("large") << 5000 << 3 << false;
    }
    void sampleAuditCountsAsTheOracle()
    {
        QFETCH(int, samples);
        QFETCH(int, seed);
        QFETCH(bool, duplicate);
        SampleAudit audit(samples);
        std::mt19937 rng(static_cast<unsigned>(seed));
        for (std::int64_t epoch = 0; epoch < 2; ++epoch) {
            std::vector<std::int64_t> ids(static_cast<std::size_t>(samples));
            std::iota(ids.begin(), ids.end(), 0);
            std::shuffle(ids.begin(), ids.end(), rng);
            // The last epoch stops early: a third of the samples are never seen.
            const std::size_t upTo = epoch == 0 ? ids.size() : ids.size() * 2 / 3;
            std::size_t at = 0;
            for (std::int64_t step = 0; at < upTo; ++step) {
                const std::size_t take = std::min<std::size_t>(upTo - at, 1 + rng() % 9);
                std::vector<std::int64_t> part(ids.begin() + static_cast<std::ptrdiff_t>(at),
                    ids.begin() + static_cast<std::ptrdiff_t>(at + take));
                part.push_back(-1); // out of range: not counted
                part.push_back(samples);
                audit.countStep(epoch, step, 1, "w" + std::to_string(step % 3), part);
                at += take;
            }
            if (duplicate && epoch == 0)
                audit.countStep(epoch, 999, 1, "w0", { ids.front() });
            const EpochCheck& c = audit.closeEpoch(epoch, epoch == 0);
            QVERIFY(audit.closed(epoch));
            QCOMPARE(c.samples, std::int64_t(samples));
            QCOMPARE(c.seenMore, std::int64_t(duplicate && epoch == 0 ? 1 : 0));
            QCOMPARE(c.seenOnce + c.seenMore, std::int64_t(upTo));
            QCOMPARE(c.unseen, std::int64_t(samples) - std::int64_t(upTo));
        }
        QCOMPARE(audit.epochs().size(), std::size_t(2));
        QCOMPARE(audit.exactlyOnce(), !duplicate);
    }

    // A switch is always recorded, the first step after it once, later steps never; one unequal
    // comparison, recorded or not, makes the job's replicas unequal.
    void sampleAuditReplicaChecks()
    {
        SampleAudit audit(10);
        QVERIFY(!audit.replicasEqual()); // nothing recorded yet
        const std::map<std::string, std::string> same{ { "w0", "h" }, { "w1", "h" } };
        const std::map<std::string, std::string> differ{ { "w0", "h" }, { "w1", "x" } };
        QVERIFY(audit.checkReplicas(1, 0, same, true));
        QVERIFY(audit.checkReplicas(1, 0, same, false));
        QVERIFY(audit.checkReplicas(1, 1, same, false));
        QCOMPARE(audit.replicaChecks().size(), std::size_t(2));
        QCOMPARE(audit.replicaChecks()[0].when, std::string("switch"));
        QCOMPARE(audit.replicaChecks()[1].when, std::string("first_step"));
        QVERIFY(audit.replicasEqual());
        QVERIFY(!audit.checkReplicas(1, 2, differ, false)); // not recorded, but counted
        QCOMPARE(audit.replicaChecks().size(), std::size_t(2));
        QVERIFY(!audit.replicasEqual());
        QVERIFY(!SampleAudit::allEqual({ { "w0", "" }, { "w1", "" } })); // no hash is no proof
        QVERIFY(SampleAudit::allEqual({}));
    }

    // Loss per sample; throughput over the commits of about the last second (the first commit:
    // over its own step); one point per commit in each series.
    void curvesFromCommits()
    {
        JobCurves curves;
        const auto t0 = Clock::now();
        using std::chrono::milliseconds;
        auto c = curves.commit(0, t0 + milliseconds(500), t0, 8.0, 4, 2);
        QCOMPARE(c.loss, 2.0);
        QVERIFY(std::abs(c.throughput - 8.0) < 1e-9); // 4 samples in 0.5 s
        c = curves.commit(1, t0 + milliseconds(700), t0 + milliseconds(500), 3.0, 6, 3);
        QCOMPARE(c.loss, 0.5);
        QVERIFY(std::abs(c.throughput - 30.0) < 1e-9); // 6 samples since the first commit, 0.2 s
        c = curves.commit(2, t0 + milliseconds(2900), t0 + milliseconds(700), 0.0, 0, 3);
        QCOMPARE(c.loss, 0.0);
        // The commit at 0.5 s is more than a second old: the window is 0.7 .. 2.9 s, 0 samples.
        QVERIFY(std::abs(c.throughput - 0.0) < 1e-9);
        curves.stepTime("w0", 0, 0.25);
        curves.stepTime("w0", 1, 0.5);
        JobReport r;
        curves.fill(r);
        QCOMPARE(r.loss.size(), std::size_t(3));
        QCOMPARE(r.workers[1].value, 3.0);
        QCOMPARE(r.throughput[0].value, 8.0);
        QCOMPARE(r.stepTimes.at("w0").size(), std::size_t(2));
        QCOMPARE(r.finalLoss, 0.0);
        QCOMPARE(curves.lastLoss(), 0.0);
    }

    // A member slower than factor x the others' median for `steps` commits in a row is named once,
    // then counted again from zero; a fast step in between resets it; leaving members are not named.
    void stragglerWatch_data()
    {
        QTest::addColumn<QString>("w2Times"); // w2's step time per commit; w0 and w1 take 1 s
        QTest::addColumn<bool>("active");
        QTest::addColumn<QString>("named"); // the commits (1-based) after which w2 is named
        QTest::newRow("three slow") << "3,3,3,3,3,3" << true << "3,6";
        QTest::newRow("reset by a fast step") << "3,3,1,3,3,3" << true << "6";
        QTest::newRow("not slow enough") << "1.9,1.9,1.9" << true << "";
        QTest::newRow("leaving") << "3,3,3" << false << "";
    }
    void stragglerWatch()
    {
        QFETCH(QString, w2Times);
        QFETCH(bool, active);
        QFETCH(QString, named);
        StragglerWatch watch(StragglerPolicy{ .enabled = true, .factor = 2.0, .steps = 3 });
        QStringList got;
        int commit = 0;
        for (const auto& t : w2Times.split(QLatin1Char(','))) {
            ++commit;
            const auto verdicts
                = watch.observe({ { "w0", 1.0, true }, { "w1", 1.0, true }, { "w2", t.toDouble(), active } });
            for (const auto& v : verdicts) {
                QCOMPARE(v.id, std::string("w2"));
                QCOMPARE(v.medianS, 1.0);
                got << QString::number(commit);
            }
        }
        QCOMPARE(got.join(QLatin1Char(',')), named);
        StragglerWatch off(StragglerPolicy{ .enabled = false });
        QVERIFY(off.observe({ { "w0", 1.0, true }, { "w1", 9.0, true } }).empty());
    }
};

QTEST_MAIN(TestLeaderParts)
#include "tst_edl_leader_parts.moc"
