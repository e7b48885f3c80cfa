// core/edl/leader_parts: the leader's membership, step ledger, event log, sample audit, curves and
// straggler watch, each on its own, against what the test counts itself (no leader, no worker).

#include "edl/leader_parts_p.h"

#include "common/error.h"

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

// A worker as the leader keeps one right after launching it (no process: nothing to kill).
std::size_t addWorker(Membership& m, WorkerState state = WorkerState::Ready)
{
    WorkerSlot w;
    w.info.id = m.nextId();
    w.info.state = state;
    return m.add(std::move(w)).index;
}

std::vector<std::string> memberIds(const Membership& m)
{
    std::vector<std::string> ids;
    for (auto i : m.members())
        ids.push_back(m.at(i).info.id);
    return ids;
}

StepLedger::Report reply(BarrierReply r, std::int64_t samples = 0)
{
    StepLedger::Report report;
    report.reply = r;
    for (std::int64_t i = 0; i < samples; ++i)
        report.sampleIds.push_back(i);
    report.paramHash = "h";
    return report;
}

std::vector<std::string> ids(const QString& text)
{
    std::vector<std::string> out;
    for (const auto& id : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out.push_back(id.toStdString());
    return out;
}

// A moment of the test's own clock, `s` seconds after its start.
Clock::time_point at(double s)
{
    return Clock::time_point{} + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(100.0 + s));
}

} // namespace

class TestLeaderParts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Random joins, leaves and failures, generation after generation: every switch bumps the
    // generation by one; the members are the survivors in their old rank order, then the joiners
    // in the order they were started, exactly as the test's own tally says; ranks follow the order,
    // leavers have left, and the members that failed are named as gone.
    void membershipAgainstTheTally_data()
    {
        QTest::addColumn<int>("seed");
        QTest::newRow("seed 1") << 1;
        QTest::newRow("seed 2") << 2;
        QTest::newRow("seed 3") << 3;
    }
    void membershipAgainstTheTally()
    {
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed));
        Membership m;
        std::vector<std::string> tally; // the members in rank order, as the test expects them
        std::vector<std::string> joining; // ready workers, in the order they were started
        for (int i = 0; i < 2; ++i)
            joining.push_back(m.at(addWorker(m)).info.id);
        for (int round = 1; round <= 30; ++round) {
            std::vector<std::string> leaving, failed;
            for (const auto& id : tally) {
                const auto roll = rng() % 6;
                if (roll == 0)
                    failed.push_back(id);
                else if (roll == 1 && leaving.size() + failed.size() + 1 < tally.size())
                    leaving.push_back(id);
            }
            for (std::size_t k = rng() % 3; k > 0; --k)
                joining.push_back(m.at(addWorker(m)).info.id);
            if (!leaving.empty())
                m.depart(m.departure(leaving));
            for (const auto& id : failed)
                QVERIFY(m.fail(*m.indexOf(id)));
            for (const auto& id : failed)
                QVERIFY(!m.fail(*m.indexOf(id))); // once
            const auto sw = m.nextSwitch();
            QCOMPARE(sw.before, std::int64_t(tally.size()));
            QCOMPARE(sw.gone, failed);
            std::vector<std::string> next;
            for (const auto& id : tally)
                if (std::find(leaving.begin(), leaving.end(), id) == leaving.end()
                    && std::find(failed.begin(), failed.end(), id) == failed.end())
                    next.push_back(id);
            next.insert(next.end(), joining.begin(), joining.end());
            m.form(sw);
            tally = next;
            joining.clear();
            QCOMPARE(m.generation(), std::int64_t(round));
            QCOMPARE(memberIds(m), tally);
            for (std::size_t r = 0; r < m.members().size(); ++r) {
                QCOMPARE(m.at(m.members()[r]).info.rank, int(r));
                QCOMPARE(m.at(m.members()[r]).info.state, WorkerState::Active);
            }
            for (const auto& id : leaving) {
                QCOMPARE(m.find(id)->info.state, WorkerState::Left);
                QCOMPARE(m.find(id)->info.rank, -1);
                QVERIFY(!m.isMember(*m.indexOf(id)));
            }
            for (const auto& id : failed)
                QCOMPARE(m.find(id)->info.state, WorkerState::Failed);
            QCOMPARE(m.aliveMembers(), std::int64_t(tally.size()));
            QCOMPARE(m.activeCount(), tally.size());
            QVERIFY(!m.changeAtBoundary());
            if (tally.empty()) // a job with no member left would end; this one goes on with a joiner
                joining.push_back(m.at(addWorker(m)).info.id);
        }
    }

    // What may leave: running workers, members leave at the next switch, joiners end now; an id
    // that names no running worker and leaving nobody active are refused, naming the field.
    void membershipDeparture_data()
    {
        QTest::addColumn<QString>("ids");
        QTest::addColumn<QString>("leaving"); // indices
        QTest::addColumn<QString>("cancelled");
        QTest::addColumn<int>("stay");
        QTest::addColumn<QString>("error"); // a part of the refusal; empty: accepted
        // w0, w1, w2 are members; w3 is a ready joiner; w4 failed.
        QTest::newRow("one member") << "w1"
                                    << "1"
                                    << "" << 2 << "";
        QTest::newRow("a joiner") << "w3"
                                  << ""
                                  << "3" << 3 << "";
        QTest::newRow("both") << "w3,w0"
                              << "0"
                              << "3" << 2 << "";
        QTest::newRow("every member") << "w0,w1,w2"
                                      << ""
                                      << "" << 0 << "cannot remove every worker";
        QTest::newRow("unknown") << "w9"
                                 << ""
                                 << "" << 0 << "no running worker 'w9'";
        QTest::newRow("not an id") << "x1"
                                   << ""
                                   << "" << 0 << "no running worker 'x1'";
        QTest::newRow("failed") << "w4"
                                << ""
                                << "" << 0 << "no running worker 'w4'";
    }
    void membershipDeparture()
    {
        QFETCH(QString, ids);
        QFETCH(QString, leaving);
        QFETCH(QString, cancelled);
        QFETCH(int, stay);
        QFETCH(QString, error);
        Membership m;
        for (int i = 0; i < 3; ++i)
            addWorker(m);
        m.form(m.nextSwitch());
        addWorker(m);
        QVERIFY(m.fail(addWorker(m)));
        std::vector<std::string> list;
        for (const auto& id : ids.split(QLatin1Char(',')))
            list.push_back(id.toStdString());
        auto join = [](const std::vector<std::size_t>& v) {
            QStringList out;
            for (auto i : v)
                out << QString::number(i);
            return out.join(QLatin1Char(','));
        };
        try {
            const auto d = m.departure(list);
            QVERIFY2(error.isEmpty(), "accepted what should be refused");
            QCOMPARE(join(d.leaving), leaving);
            QCOMPARE(join(d.cancelled), cancelled);
            QCOMPARE(int(d.stay), stay);
            m.depart(d);
            for (auto i : d.leaving)
                QCOMPARE(m.at(i).info.state, WorkerState::Leaving);
            for (auto i : d.cancelled)
                QCOMPARE(m.at(i).info.state, WorkerState::Left);
            QCOMPARE(m.changeAtBoundary(), !d.leaving.empty() || m.count({ WorkerState::Ready }) > 0);
            QCOMPARE(int(m.activeCount()), stay);
        } catch (const Error& e) {
            QVERIFY2(!error.isEmpty(), e.what());
            QVERIFY2(e.message().find(error.toStdString()) != std::string::npos, e.what());
            QVERIFY(e.field() == std::string("worker"));
        }
    }

    // A ready joiner that replaces an active member takes its place in the same switch; the
    // newest active members are the ones a count-only scale-in removes; a stop-restart dissolves
    // the members without a new generation.
    void membershipReplacementAndRestart()
    {
        Membership m;
        for (int i = 0; i < 3; ++i)
            addWorker(m);
        m.form(m.nextSwitch());
        QCOMPARE(m.newestMembers(2), (std::vector<std::string>{ "w2", "w1" }));
        const auto j = addWorker(m);
        m.at(j).replaces = "w1";
        QVERIFY(m.changePending());
        const auto sw = m.nextSwitch();
        QCOMPARE(sw.leavers, (std::vector<std::size_t>{ 1 }));
        m.form(sw);
        QCOMPARE(memberIds(m), (std::vector<std::string>{ "w0", "w2", "w3" }));
        QVERIFY(m.at(j).replaces.empty());
        QCOMPARE(m.generation(), std::int64_t(2));
        QVERIFY(!m.changePending());
        const auto old = m.dissolve();
        QCOMPARE(old, (std::vector<std::size_t>{ 0, 2, 3 }));
        QCOMPARE(m.size(), std::size_t(0));
        QCOMPARE(m.generation(), std::int64_t(2));
        QCOMPARE(m.count({ WorkerState::Left }), std::size_t(4));
    }

    // One barrier, replies and deaths in the order of the row: the barrier is complete only when no
    // living member still owes its reply, it succeeded only when every member replied Ok (a member
    // that died before replying did not; one that died after its reply did), and a reply the
    // barrier does not await (twice, from a dead member, from a non-member) is refused.
    void stepLedgerBarrier_data()
    {
        QTest::addColumn<QString>("events"); // oN: N replies Ok, fN: Failed, xN: N dies; "!": refused
        QTest::addColumn<bool>("complete");
        QTest::addColumn<bool>("allOk");
        QTest::newRow("every member") << "o0 o1 o2" << true << true;
        QTest::newRow("one failed") << "o0 f1 o2" << true << false;
        QTest::newRow("dead before its reply") << "o0 x1 o2" << true << false;
        QTest::newRow("dead after its reply") << "o0 o1 x1 o2" << true << true;
        QTest::newRow("waits for the living") << "o0 x2" << false << false;
        QTest::newRow("nobody yet") << "" << false << false;
        QTest::newRow("twice") << "o0 !o0 o1 o2" << true << true;
        QTest::newRow("a dead member's reply") << "x1 !o1 o0 o2" << true << false;
        QTest::newRow("not a member") << "!o5 o0 o1" << false << false;
    }
    void stepLedgerBarrier()
    {
        QFETCH(QString, events);
        QFETCH(bool, complete);
        QFETCH(bool, allOk);
        StepLedger steps(7);
        steps.openStep({ 0, 1, 2 }, 30, Clock::now());
        QCOMPARE(steps.samples(), std::int64_t(30));
        for (const auto& ev : events.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const bool refused = ev.startsWith(QLatin1Char('!'));
            const QString e = refused ? ev.mid(1) : ev;
            const auto member = static_cast<std::size_t>(e.mid(1).toInt());
            if (e[0] == QLatin1Char('x')) {
                steps.lose(member);
                QVERIFY(!steps.awaits(member));
                continue;
            }
            const auto r = reply(e[0] == QLatin1Char('o') ? BarrierReply::Ok : BarrierReply::Failed, 10);
            QCOMPARE(steps.awaits(member), !refused);
            bool threw = false;
            try {
                steps.report(member, r);
            } catch (const Error& err) {
                threw = true;
                QCOMPARE(err.kind(), Error::Kind::InvalidInput);
            }
            QCOMPARE(threw, refused);
        }
        QCOMPARE(steps.complete(), complete);
        QCOMPARE(steps.complete() && steps.allOk(), complete && allOk);
        QCOMPARE(steps.step(), std::int64_t(7));
    }

    // Random barriers against the test's tally: after every reply or death, the barrier is complete
    // exactly when each member has replied or died; commits count the steps, aborts and failed
    // switches count in a row until a commit or a formed switch; answers say whether the last
    // step committed.
    void stepLedgerAgainstTheTally_data()
    {
        QTest::addColumn<int>("seed");
        QTest::newRow("seed 1") << 1;
        QTest::newRow("seed 2") << 2;
        QTest::newRow("seed 3") << 3;
    }
    void stepLedgerAgainstTheTally()
    {
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed));
        StepLedger steps(0);
        std::int64_t committed = 0;
        int inARow = 0;
        QVERIFY(!steps.lastCommitted());
        for (int barrier = 0; barrier < 40; ++barrier) {
            std::vector<std::size_t> members;
            for (std::size_t i = 0, n = 1 + rng() % 5; i < n; ++i)
                members.push_back(i * 2 + rng() % 2);
            const bool isSwitch = rng() % 4 == 0;
            if (isSwitch)
                steps.openSwitch(members);
            else
                steps.openStep(members, 4, Clock::now());
            std::map<std::size_t, char> said; // member -> 'o', 'f' or 'x'
            std::vector<std::size_t> order = members;
            std::shuffle(order.begin(), order.end(), rng);
            for (auto member : order) {
                QVERIFY(!steps.complete());
                const auto roll = rng() % 10;
                if (roll == 0) {
                    steps.lose(member);
                    said[member] = 'x';
                } else {
                    steps.report(member, reply(roll == 1 ? BarrierReply::Failed : BarrierReply::Ok));
                    said[member] = roll == 1 ? 'f' : 'o';
                }
                const bool all = said.size() == members.size();
                QCOMPARE(steps.complete(), all);
            }
            const bool ok = std::all_of(said.begin(), said.end(), [](const auto& kv) { return kv.second == 'o'; });
            QCOMPARE(steps.allOk(), ok);
            if (isSwitch) {
                if (ok) {
                    steps.switched();
                    inARow = 0;
                } else {
                    QCOMPARE(steps.switchFailed(), ++inARow);
                }
            } else if (ok) {
                steps.commit(Clock::now());
                ++committed;
                inARow = 0;
                QVERIFY(steps.lastCommitted());
            } else {
                QCOMPARE(steps.abortStep(), ++inARow);
                QVERIFY(!steps.lastCommitted());
            }
            QCOMPARE(steps.step(), committed);
        }
    }

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

    // A switch opens the scale event of what it did (joiners only: scale-out; leavers only:
    // scale-in; both: migration; a member lost: failure) unless it forms the first generation or
    // the first after a restart; the event is done when the next step is planned, its pause
    // measured from the last commit when the members rolled back to it, else from the switch.
    void scaleBookSwitches_data()
    {
        QTest::addColumn<QString>("joined");
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("gone");
        QTest::addColumn<bool>("restore");
        QTest::addColumn<bool>("fresh");
        QTest::addColumn<QString>("kind"); // "": no event
        QTest::addColumn<double>("pauseS"); // last commit at 0 s, switch at 2 s, next plan at 5 s
        QTest::newRow("scale out") << "w2"
                                   << ""
                                   << "" << false << false << "scale_out" << 3.0;
        QTest::newRow("scale in") << ""
                                  << "w1"
                                  << "" << false << false << "scale_in" << 3.0;
        QTest::newRow("migration") << "w3,w4"
                                   << "w0"
                                   << "" << false << false << "migration" << 3.0;
        QTest::newRow("failure, restored") << ""
                                           << ""
                                           << "w1" << true << false << "failure" << 5.0;
        QTest::newRow("joiner and failure") << "w2"
                                            << ""
                                            << "w1" << true << false << "failure" << 5.0;
        QTest::newRow("nothing changed") << ""
                                         << ""
                                         << "" << false << false << "" << 0.0;
        QTest::newRow("first generation") << "w0,w1"
                                          << ""
                                          << "" << false << true << "" << 0.0;
    }
    void scaleBookSwitches()
    {
        QFETCH(QString, joined);
        QFETCH(QString, left);
        QFETCH(QString, gone);
        QFETCH(bool, restore);
        QFETCH(bool, fresh);
        QFETCH(QString, kind);
        QFETCH(double, pauseS);
        ScaleBook book({});
        const std::int64_t before = 3;
        const auto count = [](const QString& t) { return static_cast<std::int64_t>(ids(t).size()); };
        const std::int64_t after = before + count(joined) - count(left) - count(gone);
        book.noteSwitch({ .step = 12,
                            .before = before,
                            .after = after,
                            .generation = 4,
                            .joined = ids(joined),
                            .left = ids(left),
                            .gone = ids(gone),
                            .restore = restore,
                            .fresh = fresh },
            at(0.0), at(2.0));
        QCOMPARE(book.underWay(), !kind.isEmpty());
        const auto done = book.complete(at(5.0));
        QCOMPARE(done.has_value(), !kind.isEmpty());
        QVERIFY(!book.underWay());
        if (!done) {
            QVERIFY(book.events().empty());
            return;
        }
        QCOMPARE(QString::fromUtf8(enumName(done->kind).data()), kind);
        QCOMPARE(done->step, std::int64_t(12));
        QCOMPARE(done->workersBefore, before);
        QCOMPARE(done->workersAfter, after);
        QCOMPARE(done->generation, std::int64_t(4));
        QCOMPARE(done->joined, ids(joined));
        auto wentAway = ids(left);
        for (const auto& id : ids(gone))
            wentAway.push_back(id);
        QCOMPARE(done->left, wentAway);
        QCOMPARE(done->pauseS, pauseS);
        QCOMPARE(book.events().size(), std::size_t(1));
        QVERIFY(!book.complete(at(6.0))); // once
    }

    // An aborted step opens a failure event paused from the last commit; the switch that follows
    // completes it (its sizes, who went), a later abort or switch under way changes its start
    // nothing, and a loss among them makes it a failure whatever opened it.
    void scaleBookAbortThenSwitches_data()
    {
        QTest::addColumn<QString>("switches"); // per switch: joined/left/gone, ';' between switches
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("joined");
        QTest::newRow("member lost") << "//w2"
                                     << "failure"
                                     << "w2"
                                     << "";
        QTest::newRow("lost twice") << "//w2;//w2,w1"
                                    << "failure"
                                    << "w2,w1"
                                    << "";
        QTest::newRow("joiner then loss") << "w3//;w4//w1"
                                          << "failure"
                                          << "w1"
                                          << "w3,w4";
    }
    void scaleBookAbortThenSwitches()
    {
        QFETCH(QString, switches);
        QFETCH(QString, kind);
        QFETCH(QString, left);
        QFETCH(QString, joined);
        ScaleBook book({});
        book.noteAbort(7, 3, at(0.0));
        book.noteAbort(8, 9, at(1.0)); // one is under way: nothing changes
        std::int64_t generation = 1;
        for (const auto& sw : switches.split(QLatin1Char(';'))) {
            const auto parts = sw.split(QLatin1Char('/'));
            book.noteSwitch({ .step = 7,
                                .before = 3,
                                .after = 2,
                                .generation = ++generation,
                                .joined = ids(parts[0]),
                                .left = ids(parts[1]),
                                .gone = ids(parts[2]),
                                .restore = true },
                at(4.0), at(4.0));
        }
        const auto done = book.complete(at(6.0));
        QVERIFY(done);
        QCOMPARE(QString::fromUtf8(enumName(done->kind).data()), kind);
        QCOMPARE(done->step, std::int64_t(7));
        QCOMPARE(done->workersBefore, std::int64_t(3));
        QCOMPARE(done->generation, generation);
        QCOMPARE(done->left, ids(left));
        QCOMPARE(done->joined, ids(joined));
        QCOMPARE(done->pauseS, 6.0); // from the commit the abort rolled back to
    }

    // The schedule's items come out in order, each once, when their step is reached.
    void scaleBookSchedule_data()
    {
        QTest::addColumn<QString>("schedule"); // as --schedule writes it
        QTest::addColumn<QString>("polls"); // the steps it is asked at
        QTest::addColumn<QString>("taken"); // "step:delta" each, in order, '|' after each poll
        QTest::newRow("in order") << "step=2:+1,step=5:-1"
                                  << "0,2,3,5,9"
                                  << "|2:1||5:-1||";
        QTest::newRow("late poll takes both") << "step=2:+1,step=5:-1"
                                              << "7,8"
                                              << "2:1,5:-1||";
        QTest::newRow("same step") << "step=4:+1,step=4:+2"
                                   << "3,4"
                                   << "|4:1,4:2|";
        QTest::newRow("sorted on reading") << "step=6:-1,step=1:+1"
                                           << "1,6"
                                           << "1:1|6:-1|";
    }
    void scaleBookSchedule()
    {
        QFETCH(QString, schedule);
        QFETCH(QString, polls);
        QFETCH(QString, taken);
        ScaleBook book(parseSchedule(schedule.toStdString()));
        QString got;
        for (const auto& step : polls.split(QLatin1Char(','))) {
            QStringList now;
            while (const auto item = book.takeDue(step.toLongLong()))
                now << QStringLiteral("%1:%2").arg(item->step).arg(item->delta);
            got += now.join(QLatin1Char(',')) + QLatin1Char('|');
        }
        QCOMPARE(got, taken);
    }

    // Stop-restart: a size asked for is due until the job has it; the restart waits for the old
    // workers, launches the new ones once, and its event (from the members that left to the size
    // asked) completes when the new first generation plans its step, paused from the last commit.
    void scaleBookStopRestart_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("target");
        QTest::addColumn<QString>("kind");
        QTest::newRow("out") << 2 << 3 << "scale_out";
        QTest::newRow("in") << 3 << 1 << "scale_in";
    }
    void scaleBookStopRestart()
    {
        QFETCH(int, size);
        QFETCH(int, target);
        QFETCH(QString, kind);
        ScaleBook book({});
        QVERIFY(!book.restartDue(size));
        book.askRestart(target);
        QCOMPARE(book.restartDue(size), std::optional<int>(target));
        QVERIFY(!book.restartDue(target));
        std::vector<std::string> old;
        std::vector<std::size_t> oldIndices;
        for (int i = 0; i < size; ++i) {
            old.push_back("w" + std::to_string(i));
            oldIndices.push_back(static_cast<std::size_t>(i));
        }
        book.beginRestart(ScaleEvent{ .step = 20,
                              .kind = enumFromName<ScaleKind>(kind.toStdString()),
                              .workersBefore = size,
                              .workersAfter = target,
                              .left = old },
            at(1.0), oldIndices);
        QVERIFY(book.underWay());
        QCOMPARE(book.restartWaitsFor(), oldIndices);
        QVERIFY(!book.restartLaunched());
        QCOMPARE(book.launchRestart(), target);
        QVERIFY(book.restartLaunched());
        QCOMPARE(book.launchRestart(), 0); // once
        std::vector<std::string> fresh;
        for (int i = 0; i < target; ++i)
            fresh.push_back("w" + std::to_string(size + i));
        book.noteSwitch(
            { .step = 20, .after = target, .generation = 6, .joined = fresh, .fresh = true }, at(3.0), at(3.0));
        const auto done = book.complete(at(4.5));
        QVERIFY(done);
        QCOMPARE(QString::fromUtf8(enumName(done->kind).data()), kind);
        QCOMPARE(done->workersBefore, std::int64_t(size));
        QCOMPARE(done->workersAfter, std::int64_t(target));
        QCOMPARE(done->generation, std::int64_t(6));
        QCOMPARE(done->left, old);
        QCOMPARE(done->joined, fresh);
        QCOMPARE(done->pauseS, 3.5);
        QVERIFY(!book.restartDue(target)); // the job has the size it asked for
    }
};

QTEST_MAIN(TestLeaderParts)
#include "tst_edl_leader_parts.moc"
