// core/ppac metrics: every metric against rankings computed by hand (formulas written out below),
// the per-user views and the popularity-group exposure.

#include "common/error.h"
#include "ppac/metrics.h"

#include <QTest>

#include <cmath>

using namespace vantage;
using namespace vantage::ppac;

namespace {

// Ten items, item i with i + 1 training interactions: GP(i) = (i + 1) / sqrt(385).
GlobalPopularity tenItems(double headFraction = 0.2)
{
    std::vector<std::vector<std::int32_t>> lists(10);
    for (std::int32_t v = 0; v < 10; ++v)
        for (std::int32_t i = v; i < 10; ++i)
            lists[static_cast<std::size_t>(v)].push_back(i);
    return globalPopularity(UserItems::fromLists(10, lists), headFraction);
}

// Three users: u0 ranks [3 1 7 0 2] with test {1 2 9}; u1 ranks [9 8 1 2 3] with test {9};
// u2 has no test items (not evaluated) and ranks [0 4 5 6 7].
struct Case {
    Rankings rankings;
    UserItems truth;
};

Case threeUsers()
{
    Case c;
    c.rankings = Rankings::empty(3, 5);
    const std::int32_t lists[3][5] = { { 3, 1, 7, 0, 2 }, { 9, 8, 1, 2, 3 }, { 0, 4, 5, 6, 7 } };
    for (std::int32_t u = 0; u < 3; ++u)
        std::copy(std::begin(lists[u]), std::end(lists[u]), c.rankings.slots(u).begin());
    c.truth = UserItems::fromLists(10, { { 1, 2, 9 }, { 9 }, {} });
    return c;
}

double lg(double x)
{
    return 1.0 / std::log2(x);
}

} // namespace

class TestPpacMetrics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handComputed_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("expected");
        const double s = std::sqrt(385.0);
        // u0 @2: hit at rank 2; @5: hits at ranks 2 and 5. u1: hit at rank 1.
        QTest::newRow("recall@2") << "recall@2" << (1.0 / 3 + 1.0) / 2;
        QTest::newRow("precision@2") << "precision@2" << (1.0 / 2 + 1.0 / 2) / 2;
        QTest::newRow("ndcg@2") << "ndcg@2" << (lg(3) / (1 + lg(3)) + 1.0) / 2;
        QTest::newRow("recall@5") << "recall@5" << (2.0 / 3 + 1.0) / 2;
        QTest::newRow("precision@5") << "precision@5" << (2.0 / 5 + 1.0 / 5) / 2;
        // Ideal DCG over min(5, |T_u0| = 3) positions.
        QTest::newRow("ndcg@5") << "ndcg@5" << ((lg(3) + lg(6)) / (1 + lg(3) + lg(4)) + 1.0) / 2;
        QTest::newRow("arp@2") << "arp@2" << ((4.0 + 2.0) / 2 + (10.0 + 9.0) / 2) / 2 / s;
        QTest::newRow("arp@5") << "arp@5" << ((4.0 + 2 + 8 + 1 + 3) / 5 + (10.0 + 9 + 2 + 3 + 4) / 5) / 2 / s;
        // Items recommended to evaluated users: {3 1 9 8} and {3 1 7 0 2 9 8}.
        QTest::newRow("coverage@2") << "coverage@2" << 0.4;
        QTest::newRow("coverage@5") << "coverage@5" << 0.7;
        // Exposure @2: four items once, six never: sum_j (2j - 11) x_j over j = 7..10 is 24, / (10 * 4).
        QTest::newRow("gini@2") << "gini@2" << 24.0 / 40.0;
        // Exposure @5 ascending [0 0 0 1 1 1 1 2 2 2]: -3 - 1 + 1 + 3 + 10 + 14 + 18 = 42, / (10 * 10).
        QTest::newRow("gini@5") << "gini@5" << 42.0 / 100.0;
        // Head: the 20% most popular items, 9 and 8.
        QTest::newRow("tail@2") << "tail@2" << (1.0 + 0.0) / 2;
        QTest::newRow("tail@5") << "tail@5" << (1.0 + 3.0 / 5) / 2;
    }
    void handComputed()
    {
        QFETCH(QString, name);
        QFETCH(double, expected);
        const auto c = threeUsers();
        const auto gp = tenItems();
        const Metrics m = evaluateRankings(c.rankings, c.truth, gp, { .ks = { 2, 5 } });
        QCOMPARE(m.users, 2);
        const auto v = m.value(name.toStdString());
        QVERIFY(v.has_value());
        // GP is stored in float: ARP is exact to float precision, the rest to double.
        const double tolerance = name.startsWith("arp") ? 1e-6 : 1e-12;
        QVERIFY2(std::abs(*v - expected) < tolerance,
            qPrintable(QStringLiteral("%1 = %2, expected %3").arg(name).arg(*v).arg(expected)));
        QVERIFY(toJson(m).contains(name.toStdString()));
    }

    void shortListsCountAgainstK()
    {
        // One user with two candidates left: precision still divides by K.
        Rankings r = Rankings::empty(1, 4);
        r.slots(0)[0] = 5;
        r.slots(0)[1] = 6;
        const auto gp = tenItems();
        const Metrics m = evaluateRankings(r, UserItems::fromLists(10, { { 6 } }), gp, { .ks = { 4 } });
        QCOMPARE(m.at(4)->precision, 0.25);
        QCOMPARE(m.at(4)->recall, 1.0);
        QVERIFY(std::abs(m.at(4)->ndcg - lg(3)) < 1e-12);
        QCOMPARE(r.of(0).size(), std::size_t(2));
    }

    void perUserViews()
    {
        const auto c = threeUsers();
        const auto gp = tenItems();
        const UserMetrics um = userMetrics(c.rankings.of(0), c.truth.items(0), gp, 5);
        QCOMPARE(um.hits, 2);
        QVERIFY(std::abs(um.recall - 2.0 / 3) < 1e-12);
        QVERIFY(std::abs(um.ndcg - (lg(3) + lg(6)) / (1 + lg(3) + lg(4))) < 1e-12);
        QVERIFY(std::abs(um.arp - 18.0 / 5 / std::sqrt(385.0)) < 1e-6);
        const auto arp = userArp(c.rankings, gp, 2);
        QVERIFY(std::abs(arp[1] - 9.5 / std::sqrt(385.0)) < 1e-6);
        // Groups of two items from the most popular: {9 8} {7 6} {5 4} {3 2} {1 0}.
        const auto share = exposureByPopularityGroup(c.rankings, gp, 2, 5, &c.truth);
        const std::vector<double> want{ 0.5, 0.0, 0.0, 0.25, 0.25 };
        QCOMPARE(share, want);
    }

    void rejectsBadRequests()
    {
        const auto c = threeUsers();
        const auto gp = tenItems();
        QVERIFY_THROWS_EXCEPTION(Error, evaluateRankings(c.rankings, c.truth, gp, { .ks = { 6 } }));
        QVERIFY_THROWS_EXCEPTION(Error, checkMetricName("ndcg@7", { .ks = { 20 } }));
        QVERIFY_THROWS_EXCEPTION(Error, checkMetricName("hits@20", { .ks = { 20 } }));
        checkMetricName("arp@20", { .ks = { 20, 50 } });
        const Metrics m = evaluateRankings(c.rankings, c.truth, gp, { .ks = { 2 } });
        QVERIFY(!m.value("ndcg@5").has_value());
        QVERIFY(!m.value("nonsense").has_value());
    }
};

QTEST_GUILESS_MAIN(TestPpacMetrics)
#include "tst_ppac_metrics.moc"
