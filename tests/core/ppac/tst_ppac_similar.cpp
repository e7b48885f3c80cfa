// core/ppac similar users and popularity: S_u against a brute force written the way the authors'
// Python does it (all pairs, float Jaccard, sort ascending, take the last k), the shipped Gowalla
// file for every user, and PP / GP against a dense computation and hand-computed cases.

#include "../cancel_mid_run.h"
#include "common/error.h"
#include "common/json.h"
#include "ppac/loaders.h"
#include "ppac/popularity.h"
#include "ppac/similar_users.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>
#include <set>

using namespace vantage;
using namespace vantage::ppac;

namespace {

// The authors' cal_sim_users: (jaccard, v) tuples sorted ascending, the last k kept.
std::vector<std::vector<std::int32_t>> bruteForceSimilar(const UserItems& train, int k)
{
    std::vector<std::int32_t> us;
    for (std::int32_t u = 0; u < train.numUsers(); ++u)
        if (train.count(u) > 0)
            us.push_back(u);
    std::vector<std::vector<std::int32_t>> out(static_cast<std::size_t>(train.numUsers()));
    for (auto u : us) {
        const auto a = train.items(u);
        std::set<std::int32_t> sa(a.begin(), a.end());
        std::vector<std::pair<double, std::int32_t>> sims;
        for (auto v : us) {
            if (v == u)
                continue;
            const auto b = train.items(v);
            std::set<std::int32_t> all = sa;
            all.insert(b.begin(), b.end());
            std::size_t common = 0;
            for (auto i : b)
                common += sa.count(i);
            sims.emplace_back(static_cast<double>(common) / static_cast<double>(all.size()), v);
        }
        std::sort(sims.begin(), sims.end());
        const auto from = sims.size() > static_cast<std::size_t>(k) ? sims.size() - static_cast<std::size_t>(k) : 0;
        for (auto it = sims.begin() + static_cast<std::ptrdiff_t>(from); it != sims.end(); ++it)
            out[static_cast<std::size_t>(u)].push_back(it->second);
    }
    return out;
}

// Random interactions over few items, so Jaccard ties are common; some users have none, some
// share nothing with anyone.
UserItems randomInteractions(std::int32_t users, std::int32_t items, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
    for (std::int32_t u = 0; u < users; ++u) {
        const int n = static_cast<int>(rng() % 6);
        for (int k = 0; k < n; ++k)
            pairs.emplace_back(u, static_cast<std::int32_t>(rng() % static_cast<std::uint64_t>(items)));
    }
    // A loner with items nobody else has.
    pairs.emplace_back(users - 1, items);
    pairs.emplace_back(users - 1, items + 1);
    return UserItems::fromPairs(users, items + 2, std::move(pairs));
}

std::filesystem::path gowalla()
{
    return std::filesystem::path(VANTAGE_SHARED_DATA) / "ppac" / "gowalla";
}

} // namespace

class TestPpacSimilar : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesBruteForce_data()
    {
        QTest::addColumn<int>("users");
        QTest::addColumn<int>("items");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("threads");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("ties, k 5") << 60 << 12 << 5 << 1 << quint64(1);
        QTest::newRow("ties, k 30, 3 threads") << 80 << 15 << 30 << 3 << quint64(2);
        QTest::newRow("k above users") << 12 << 8 << 30 << 2 << quint64(3);
        QTest::newRow("sparse, fill-up with zeros") << 150 << 400 << 10 << 2 << quint64(4);
        QTest::newRow("k 1") << 70 << 20 << 1 << 4 << quint64(5);
    }
    void matchesBruteForce()
    {
        QFETCH(int, users);
        QFETCH(int, items);
        QFETCH(int, k);
        QFETCH(int, threads);
        QFETCH(quint64, seed);
        const UserItems train = randomInteractions(users, items, seed);
        NullProgress np;
        const SimilarUsers s = computeSimilarUsers(train, { .k = k, .threads = threads }, np, CancelToken());
        const auto expected = bruteForceSimilar(train, k);
        QCOMPARE(s.numUsers(), users);
        for (std::int32_t u = 0; u < users; ++u) {
            const auto got = s.of(u);
            const auto& want = expected[static_cast<std::size_t>(u)];
            if (!std::equal(got.begin(), got.end(), want.begin(), want.end()))
                QFAIL(qPrintable(QStringLiteral("user %1 differs").arg(u)));
        }
    }

    void handComputedTies()
    {
        // u0 {0,1}, u1 {0,1} (J=1), u2 {0} (J=1/2), u3 {1} (J=1/2), u4 {5} (J=0), u5 {} (not a user of S).
        const UserItems train = UserItems::fromLists(6, { { 0, 1 }, { 0, 1 }, { 0 }, { 1 }, { 5 }, {} });
        NullProgress np;
        const SimilarUsers s = computeSimilarUsers(train, { .k = 3, .threads = 1 }, np, CancelToken());
        // Least to most similar: the tie between u2 and u3 goes to the larger id (u3 more similar).
        const std::vector<std::int32_t> want0{ 2, 3, 1 };
        QVERIFY(std::ranges::equal(s.of(0), want0));
        // u4 overlaps nobody: the three largest other ids with items, ascending.
        const std::vector<std::int32_t> want4{ 1, 2, 3 };
        QVERIFY(std::ranges::equal(s.of(4), want4));
        QVERIFY(s.of(5).empty());
        QCOMPARE(jaccard(train, 0, 2), 0.5);
    }

    void fileRoundTrip()
    {
        const UserItems train = randomInteractions(40, 10, 9);
        NullProgress np;
        const SimilarUsers s = computeSimilarUsers(train, { .k = 4, .threads = 2 }, np, CancelToken());
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "sim.txt";
        writeSimilarUsers(path, s);
        const SimilarUsers back = readSimilarUsers(path, train.numUsers());
        QVERIFY(compareSimilarUsers(s, back).allIdentical());
        QCOMPARE(back.k(), 4);
    }

    void readRejectsBadFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expect");
        QTest::newRow("not a number") << QByteArray("0 1 2\n1 x 2\n") << "sim.txt:2: field 'similar user'";
        QTest::newRow("out of range") << QByteArray("0 1 99\n") << "sim.txt:1: field 'similar user'";
        QTest::newRow("user twice") << QByteArray("0 1\n1 0\n0 1\n") << "sim.txt:3: field 'user'";
    }
    void readRejectsBadFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expect);
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "sim.txt";
        writeFileAtomic(path, text.toStdString());
        try {
            readSimilarUsers(path, 5);
            QFAIL("accepted a malformed file");
        } catch (const Error& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(expect), e.what());
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        }
    }

    void popularityHandComputed()
    {
        // Items 0..3. u0 {0}, u1 {0,1}, u2 {0,1,2}; S_0 = {1, 2}, S_1 = {2}, S_2 = {} (given).
        const UserItems train = UserItems::fromLists(4, { { 0 }, { 0, 1 }, { 0, 1, 2 } });
        const SimilarUsers s(2, { { 1, 2 }, { 2 }, {} });
        const GlobalPopularity gp = globalPopularity(train, 0.25);
        QCOMPARE(gp.counts, (std::vector<std::int32_t>{ 3, 2, 1, 0 }));
        const double norm = std::sqrt(9.0 + 4.0 + 1.0);
        QVERIFY(std::abs(gp.value(0) - 3.0 / norm) < 1e-7);
        QVERIFY(std::abs(gp.value(2) - 1.0 / norm) < 1e-7);
        QCOMPARE(gp.value(3), 0.0f);
        QCOMPARE(gp.byPopularity, (std::vector<std::int32_t>{ 0, 1, 2, 3 }));
        QVERIFY(!gp.isTail[0]);
        QVERIFY(gp.isTail[1] && gp.isTail[3]);
        NullProgress np;
        const PersonalPopularity pp = personalPopularity(train, s, 1, np, CancelToken());
        // PPraw(0, .) = {0: 2, 1: 2, 2: 1}, norm 3.
        QCOMPARE(pp.count(0, 0), 2);
        QCOMPARE(pp.count(0, 1), 2);
        QCOMPARE(pp.count(0, 2), 1);
        QCOMPARE(pp.count(0, 3), 0);
        QVERIFY(std::abs(pp.value(0, 0) - 2.0 / 3.0) < 1e-7);
        QVERIFY(std::abs(pp.value(0, 2) - 1.0 / 3.0) < 1e-7);
        // PPraw(1, .) = {0: 1, 1: 1, 2: 1}, norm sqrt(3).
        QVERIFY(std::abs(pp.value(1, 1) - 1.0 / std::sqrt(3.0)) < 1e-7);
        QCOMPARE(pp.items(2).size(), std::size_t(0));
        QCOMPARE(pp.value(2, 0), 0.0f);
        QCOMPARE(pp.nonZeros(), std::int64_t(6));
    }

    void personalPopularityMatchesDense()
    {
        const UserItems train = randomInteractions(90, 25, 11);
        NullProgress np;
        const SimilarUsers s = computeSimilarUsers(train, { .k = 7, .threads = 2 }, np, CancelToken());
        const PersonalPopularity pp = personalPopularity(train, s, 3, np, CancelToken());
        for (std::int32_t u = 0; u < train.numUsers(); ++u) {
            std::vector<double> raw(static_cast<std::size_t>(train.numItems()), 0.0);
            for (auto v : s.of(u))
                for (std::int32_t i = 0; i < train.numItems(); ++i)
                    raw[static_cast<std::size_t>(i)] += train.contains(v, i) ? 1.0 : 0.0;
            double norm = 0.0;
            for (auto x : raw)
                norm += x * x;
            norm = std::sqrt(norm);
            for (std::int32_t i = 0; i < train.numItems(); ++i) {
                const double want = norm > 0 ? raw[static_cast<std::size_t>(i)] / norm : 0.0;
                QCOMPARE(pp.count(u, i), static_cast<int>(raw[static_cast<std::size_t>(i)]));
                if (std::abs(pp.value(u, i) - want) > 1e-6)
                    QFAIL(qPrintable(
                        QStringLiteral("PP(%1, %2) = %3, expected %4").arg(u).arg(i).arg(pp.value(u, i)).arg(want)));
            }
        }
    }

    void gowallaEqualsShippedFile()
    {
        const auto dir = gowalla();
        if (!std::filesystem::exists(dir / "train.txt") || !std::filesystem::exists(dir / "sim_users-gowalla-30.txt"))
            QSKIP("Gowalla data not found beside the checkout (../shared/data/ppac/gowalla)");
        const UserItems train = readUserLines(dir / "train.txt");
        NullProgress np;
        const auto t0 = std::chrono::steady_clock::now();
        const SimilarUsers s = computeSimilarUsers(train, { .k = 30, .threads = 2 }, np, CancelToken());
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const SimilarUsers shipped = readSimilarUsers(dir / "sim_users-gowalla-30.txt", train.numUsers());
        const auto cmp = compareSimilarUsers(s, shipped);
        qInfo("Gowalla similar users: %d users in %.2f s, %d identical", cmp.users, seconds, cmp.identical);
        QCOMPARE(cmp.users, 29858);
        QCOMPARE(cmp.identical, cmp.users);
    }

    void cancellation()
    {
        const UserItems train = randomInteractions(2000, 50, 12);
        VERIFY_CANCELLED_MID_RUN(testing::cancelMidRun([&](Progress& progress, const CancelToken& cancel) {
            computeSimilarUsers(train, { .k = 5, .threads = 2 }, progress, cancel);
        }));
    }
};

QTEST_GUILESS_MAIN(TestPpacSimilar)
#include "tst_ppac_similar.moc"
