// core/ft/frontier: Pareto reduction, merging, the dominance query and epsilon thinning, each
// against a naive quadratic oracle on random point sets (with duplicates and ties).

#include "ft/frontier.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <set>

using namespace vantage::ft;

namespace {

std::vector<ParetoPoint> randomPoints(std::mt19937& rng, int n, int range)
{
    std::uniform_int_distribution<int> d(0, range);
    std::vector<ParetoPoint> v;
    for (int i = 0; i < n; ++i)
        v.push_back({ double(d(rng)), double(d(rng)), static_cast<std::uint32_t>(i), 0 });
    return v;
}

// The distinct (time, memory) values no other point strictly dominates, sorted by time.
std::vector<std::pair<double, double>> naivePareto(const std::vector<ParetoPoint>& pts)
{
    std::set<std::pair<double, double>> out;
    for (const auto& p : pts) {
        bool dominated = false;
        for (const auto& q : pts)
            dominated
                = dominated || (q.time <= p.time && q.memory <= p.memory && (q.time < p.time || q.memory < p.memory));
        if (!dominated)
            out.insert({ p.time, p.memory });
    }
    return { out.begin(), out.end() };
}

std::vector<std::pair<double, double>> values(const std::vector<ParetoPoint>& pts)
{
    std::vector<std::pair<double, double>> v;
    for (const auto& p : pts)
        v.push_back({ p.time, p.memory });
    return v;
}

} // namespace

class TestFrontier : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reduceMatchesNaive_data()
    {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("range");
        for (int seed = 1; seed <= 12; ++seed)
            QTest::addRow("seed %d", seed) << seed << (seed * 37 % 300 + 1) << (seed % 3 == 0 ? 5 : 1000);
    }
    void reduceMatchesNaive()
    {
        QFETCH(int, seed);
        QFETCH(int, count);
        QFETCH(int, range);
        std::mt19937 rng(static_cast<unsigned>(seed));
        auto pts = randomPoints(rng, count, range);
        const auto expected = naivePareto(pts);
        reduceToPareto(pts);
        QCOMPARE(values(pts), expected);
        for (std::size_t i = 1; i < pts.size(); ++i) {
            QVERIFY(pts[i - 1].time < pts[i].time);
            QVERIFY(pts[i - 1].memory > pts[i].memory);
        }
    }

    void equalValuesKeptOnceFirstRefWins()
    {
        std::vector<ParetoPoint> pts = { { 2, 2, 7, 0 }, { 2, 2, 3, 0 }, { 1, 5, 9, 0 }, { 2, 2, 5, 0 } };
        reduceToPareto(pts);
        QCOMPARE(pts.size(), std::size_t(2));
        QCOMPARE(pts[1].ref, std::uint32_t(3));
    }

    void tiesWithinToleranceAreEqual()
    {
        // The same sum in another order differs in the last bits; it must not become a second point.
        const double a = 0.1 + 0.2 + 0.3, b = 0.3 + 0.2 + 0.1;
        QVERIFY(a != b);
        std::vector<ParetoPoint> pts = { { a, 1.0, 0, 0 }, { b, 1.0, 1, 0 } };
        reduceToPareto(pts);
        QCOMPARE(pts.size(), std::size_t(1));
        // A real difference stays.
        pts = { { 1.0, 2.0, 0, 0 }, { 1.0 + 1e-6, 1.0, 1, 0 } };
        reduceToPareto(pts);
        QCOMPARE(pts.size(), std::size_t(2));
    }

    void mergeEqualsReduceOfUnion()
    {
        std::mt19937 rng(42);
        for (int round = 0; round < 50; ++round) {
            auto a = randomPoints(rng, 1 + round * 3, 200);
            auto b = randomPoints(rng, 1 + round * 5 % 90, 200);
            auto both = a;
            both.insert(both.end(), b.begin(), b.end());
            const auto expected = naivePareto(both);
            reduceToPareto(a);
            reduceToPareto(b);
            std::vector<ParetoPoint> out;
            mergePareto(a, b, out);
            QCOMPARE(values(out), expected);
        }
    }

    void dominatedByMatchesNaive()
    {
        std::mt19937 rng(7);
        auto set = randomPoints(rng, 200, 100);
        reduceToPareto(set);
        std::uniform_int_distribution<int> d(-5, 105);
        for (int i = 0; i < 2000; ++i) {
            const double t = d(rng), m = d(rng);
            bool naive = false;
            for (const auto& p : set)
                naive = naive || (p.time <= t && p.memory <= m);
            QCOMPARE(dominatedBy(set, t, m), naive);
        }
        QVERIFY(!dominatedBy({}, 1.0, 1.0));
    }

    void thinningKeepsThePromise_data()
    {
        QTest::addColumn<double>("eps");
        QTest::newRow("0.01") << 0.01;
        QTest::newRow("0.1") << 0.1;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("2") << 2.0;
    }
    void thinningKeepsThePromise()
    {
        QFETCH(double, eps);
        std::mt19937 rng(3);
        // Points scattered just above the curve t * m = 1e6: a Pareto set of hundreds of points.
        std::uniform_real_distribution<double> d(1.0, 1000.0), noise(1.0, 1.05);
        std::vector<ParetoPoint> pts;
        for (int i = 0; i < 3000; ++i) {
            const double t = d(rng);
            pts.push_back({ t, 1e6 / t * noise(rng), static_cast<std::uint32_t>(i), 0 });
        }
        reduceToPareto(pts);
        const auto full = pts;
        thinPareto(pts, eps);
        QVERIFY(pts.size() <= full.size());
        QVERIFY(full.size() > 100);
        QVERIFY(pts.size() < full.size());
        QCOMPARE(pts.front().time, full.front().time); // the fastest point stays
        for (const auto& p : full) {
            bool covered = false;
            for (const auto& q : pts)
                covered = covered || (q.time <= p.time && q.memory <= (1 + eps) * p.memory);
            QVERIFY2(covered, qPrintable(QStringLiteral("(%1, %2) not covered").arg(p.time).arg(p.memory)));
        }
        for (const auto& q : pts)
            QVERIFY(q.memory <= (1 + eps) * (q.memory - q.slack) * (1 + 1e-12));
        const std::size_t before = pts.size();
        thinPareto(pts, 0.0);
        QCOMPARE(pts.size(), before);
    }

    void repeatedThinningKeepsThePromise()
    {
        // Thin, add the same costs to every point, merge with another thinned set, thin again, ten
        // times: every point of the exact computation keeps a representative within 1 + eps.
        const double eps = 0.05;
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> d(1.0, 100.0);
        std::vector<ParetoPoint> exact = { { 0.0, 0.0, 0, 0 } }, thin = exact;
        for (int step = 0; step < 10; ++step) {
            std::vector<ParetoPoint> nextExact, nextThin;
            for (int branch = 0; branch < 3; ++branch) {
                const double dt = d(rng), dm = d(rng);
                for (auto p : exact)
                    nextExact.push_back({ p.time + dt, p.memory + dm, 0, 0 });
                for (auto p : thin) {
                    p.time += dt;
                    p.memory += dm;
                    nextThin.push_back(p);
                }
            }
            reduceToPareto(nextExact);
            reduceToPareto(nextThin);
            thinPareto(nextThin, eps);
            exact.swap(nextExact);
            thin.swap(nextThin);
        }
        QVERIFY(thin.size() < exact.size());
        for (const auto& p : exact) {
            bool covered = false;
            for (const auto& q : thin)
                covered = covered || (q.time <= p.time * (1 + 1e-12) && q.memory <= (1 + eps) * p.memory * (1 + 1e-12));
            QVERIFY(covered);
        }
    }
};

QTEST_GUILESS_MAIN(TestFrontier)
#include "tst_frontier.moc"
