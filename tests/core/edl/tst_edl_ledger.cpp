// core/edl/ledger: the data ledger's exactly-once property under random resizes and failures,
// checked against a simple oracle (the test's own count of the samples of every committed step),
// and its state machine case by case.

#include "common/error.h"
#include "edl/ledger.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace vantage;
using namespace vantage::edl;

class TestLedger : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void permutationIsDeterministicPermutation_data()
    {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("empty") << qint64(0) << quint64(1);
        QTest::newRow("one") << qint64(1) << quint64(7);
        QTest::newRow("small") << qint64(10) << quint64(3);
        QTest::newRow("large") << qint64(5000) << quint64(123456789);
    }
    void permutationIsDeterministicPermutation()
    {
        QFETCH(qint64, n);
        QFETCH(quint64, seed);
        auto p = seededPermutation(n, seed);
        QCOMPARE(p, seededPermutation(n, seed));
        std::sort(p.begin(), p.end());
        std::vector<std::int64_t> iota(static_cast<std::size_t>(n));
        std::iota(iota.begin(), iota.end(), 0);
        QCOMPARE(p, iota);
        if (n >= 10)
            QVERIFY(seededPermutation(n, seed) != seededPermutation(n, seed + 1));
    }

    void rejectsBadOptions_data()
    {
        QTest::addColumn<qint64>("samples");
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<QString>("field");
        QTest::newRow("no samples") << qint64(0) << qint64(4) << "samples";
        QTest::newRow("negative samples") << qint64(-3) << qint64(4) << "samples";
        QTest::newRow("zero chunk") << qint64(10) << qint64(0) << "chunk_size";
    }
    void rejectsBadOptions()
    {
        QFETCH(qint64, samples);
        QFETCH(qint64, chunk);
        QFETCH(QString, field);
        try {
            DataLedger l({ .samples = samples, .chunkSize = chunk });
            QFAIL("accepted bad options");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
        }
    }

    void chunksCoverTheEpoch()
    {
        DataLedger l({ .samples = 103, .chunkSize = 10, .seed = 5 });
        QCOMPARE(l.chunkCount(), 11);
        QCOMPARE(l.todoSamples(), 103);
        std::vector<int> covered(103, 0);
        for (const auto& c : l.chunks())
            for (auto i = c.begin; i < c.end; ++i)
                ++covered[static_cast<std::size_t>(i)];
        QVERIFY(std::all_of(covered.begin(), covered.end(), [](int n) { return n == 1; }));
        QCOMPARE(l.chunks().back().size(), 3);
    }

    void doneOnlyWhenTheStepCommits()
    {
        DataLedger l({ .samples = 40, .chunkSize = 10, .shuffle = false });
        auto a = l.take("w0", 1, 0);
        auto b = l.take("w1", 1, 0);
        QVERIFY(a && b);
        QCOMPARE(a->begin, 0);
        QCOMPARE(b->begin, 10);
        QCOMPARE(l.count(ChunkState::Doing), 2);
        QCOMPARE(l.count(ChunkState::Done), 0);
        // A chunk of another step is untouched by this step's commit.
        auto c = l.take("w0", 1, 1);
        QCOMPARE(l.commitStep(0), 2);
        QCOMPARE(l.count(ChunkState::Done), 2);
        QCOMPARE(l.chunks()[static_cast<std::size_t>(c->id)].state, ChunkState::Doing);
        QCOMPARE(l.doneBy("w0"), 1);
        QCOMPARE(l.doneBy("w1"), 1);
        QVERIFY(!l.epochComplete());
        QVERIFY_THROWS_EXCEPTION(Error, l.startNextEpoch());
    }

    void releasedChunksAreRetriedFirstInOrder()
    {
        DataLedger l({ .samples = 60, .chunkSize = 10, .seed = 9 });
        std::vector<std::int64_t> order;
        for (int i = 0; i < 3; ++i)
            order.push_back(l.take(i % 2 ? "w1" : "w0", 2, 7)->id);
        // The dead worker's chunk and then the rest of the aborted step come back in epoch order.
        QCOMPARE(l.releaseWorker("w1"), 1);
        QCOMPARE(l.releaseStep(7), 2);
        QCOMPARE(l.count(ChunkState::Doing), 0);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(l.take("w2", 3, 7)->id, order[static_cast<std::size_t>(i)]);
        QCOMPARE(l.releaseWorker("nobody"), 0);
    }

    void epochsReshuffle()
    {
        DataLedger l({ .samples = 50, .chunkSize = 5, .seed = 4 });
        std::vector<std::int64_t> first, second;
        while (auto c = l.take("w0", 1, 0))
            first.push_back(c->id);
        l.commitStep(0);
        QVERIFY(l.epochComplete());
        l.startNextEpoch();
        QCOMPARE(l.epoch(), 1);
        QCOMPARE(l.count(ChunkState::Todo), 10);
        while (auto c = l.take("w0", 1, 1))
            second.push_back(c->id);
        QVERIFY(first != second);
        std::sort(first.begin(), first.end());
        std::sort(second.begin(), second.end());
        QCOMPARE(first, second);
    }

    // The property: across random joins, leaves and deaths (before, during and after steps), every
    // sample is committed exactly once per epoch. The oracle counts samples itself, from the ranges
    // the ledger handed out and the test's own decision to commit or abort each step.
    void exactlyOnceUnderResizesAndFailures_data()
    {
        QTest::addColumn<quint32>("seed");
        QTest::addColumn<qint64>("samples");
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<double>("failure");
        QTest::newRow("calm") << 1u << qint64(997) << qint64(7) << 0.0;
        QTest::newRow("some failures") << 2u << qint64(1000) << qint64(10) << 0.1;
        QTest::newRow("many failures") << 3u << qint64(513) << qint64(4) << 0.35;
        QTest::newRow("one sample per chunk") << 4u << qint64(300) << qint64(1) << 0.2;
        QTest::newRow("big chunks") << 5u << qint64(257) << qint64(64) << 0.25;
        QTest::newRow("chaos") << 6u << qint64(2048) << qint64(3) << 0.5;
    }
    void exactlyOnceUnderResizesAndFailures()
    {
        QFETCH(quint32, seed);
        QFETCH(qint64, samples);
        QFETCH(qint64, chunk);
        QFETCH(double, failure);
        std::mt19937 rng(seed);
        auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };

        DataLedger l({ .samples = samples, .chunkSize = chunk, .seed = seed });
        std::vector<std::string> members{ "w0", "w1" };
        int nextId = 2;
        std::int64_t generation = 1, step = 0;
        std::vector<int> count(static_cast<std::size_t>(samples), 0);
        std::set<std::int64_t> committedChunks;
        int epochs = 0, aborted = 0, resizes = 0;

        while (epochs < 6) {
            QVERIFY2(step < 100000, "the ledger stopped making progress");
            // Between steps: joins and graceful leaves (a new generation each time).
            if (chance(0.15)) {
                members.push_back("w" + std::to_string(nextId++));
                ++generation;
                ++resizes;
            }
            if (members.size() > 1 && chance(0.12)) {
                const auto gone = members[std::uniform_int_distribution<std::size_t>(0, members.size() - 1)(rng)];
                members.erase(std::find(members.begin(), members.end(), gone));
                QCOMPARE(l.releaseWorker(gone), 0); // it held nothing between steps
                ++generation;
                ++resizes;
            }
            // One step: each member asks for 0..3 chunks on demand.
            std::map<std::string, std::vector<Chunk>> took;
            for (const auto& w : members) {
                const int want = std::uniform_int_distribution<int>(0, 3)(rng);
                for (int k = 0; k < want; ++k) {
                    auto c = l.take(w, generation, step);
                    if (!c)
                        break;
                    QVERIFY2(!committedChunks.count(c->id), "a committed chunk was handed out again");
                    QCOMPARE(c->worker, w);
                    QCOMPARE(c->step, step);
                    took[w].push_back(*c);
                }
            }
            QCOMPARE(
                l.count(ChunkState::Todo) + l.count(ChunkState::Doing) + l.count(ChunkState::Done), l.chunkCount());
            if (chance(failure) && !members.empty()) {
                // A member dies mid-step: the step aborts for everyone.
                const auto dead = members[std::uniform_int_distribution<std::size_t>(0, members.size() - 1)(rng)];
                const int held = static_cast<int>(took[dead].size());
                if (chance(0.5)) {
                    QCOMPARE(l.releaseWorker(dead), held);
                    l.releaseStep(step);
                } else {
                    int all = 0;
                    for (auto& [w, cs] : took)
                        all += static_cast<int>(cs.size());
                    QCOMPARE(l.releaseStep(step), all);
                }
                members.erase(std::find(members.begin(), members.end(), dead));
                if (members.empty())
                    members.push_back("w" + std::to_string(nextId++));
                ++generation;
                ++aborted;
            } else {
                l.commitStep(step);
                for (auto& [w, cs] : took)
                    for (const auto& c : cs) {
                        committedChunks.insert(c.id);
                        for (auto id = c.begin; id < c.end; ++id)
                            ++count[static_cast<std::size_t>(id)];
                    }
                // A member may also die right after the commit: nothing of its work is lost.
                if (members.size() > 1 && chance(failure / 2)) {
                    const auto dead = members.back();
                    members.pop_back();
                    QCOMPARE(l.releaseWorker(dead), 0);
                    ++generation;
                }
            }
            ++step;
            const bool allCounted = std::all_of(count.begin(), count.end(), [](int n) { return n >= 1; });
            QCOMPARE(l.epochComplete(), allCounted);
            QVERIFY2(
                std::all_of(count.begin(), count.end(), [](int n) { return n <= 1; }), "a sample was committed twice");
            if (l.epochComplete()) {
                QVERIFY(std::all_of(count.begin(), count.end(), [](int n) { return n == 1; }));
                l.startNextEpoch();
                std::fill(count.begin(), count.end(), 0);
                committedChunks.clear();
                ++epochs;
            }
        }
        if (failure > 0)
            QVERIFY(aborted > 0);
        QVERIFY(resizes > 0);
        QCOMPARE(l.epoch(), 6);
    }
};

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_edl_ledger.moc"
