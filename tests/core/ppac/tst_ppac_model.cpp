// core/ppac models and inference: LightGCN propagation (plain and LibTorch) and its gradient
// against a dense reference on a tiny graph, model files, base scores against the formulas written
// out, and the fast re-ranking against the exhaustive ranking for many knob settings.

#include "common/error.h"
#include "common/json.h"
#include "ppac/dense_scores.h"
#include "ppac/model.h"
#include "ppac/prepared_dataset.h"
#include "ppac/recommender.h"
#include "ppac/synthetic.h"
#include "ppac/trainer.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <numeric>
#include <random>

using namespace vantage;
using namespace vantage::ppac;

namespace {

std::vector<float> randomVector(std::size_t n, double std, std::mt19937_64& rng)
{
    std::normal_distribution<float> dist(0.0f, static_cast<float>(std));
    std::vector<float> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

Mlp randomMlp(int in, int hidden, int out, std::mt19937_64& rng)
{
    Mlp m;
    m.in = in;
    m.hidden = hidden;
    m.out = out;
    m.w1 = randomVector(static_cast<std::size_t>(hidden * in), 0.4, rng);
    m.b1 = randomVector(static_cast<std::size_t>(hidden), 0.1, rng);
    m.w2 = randomVector(static_cast<std::size_t>(out * hidden), 0.4, rng);
    m.b2 = randomVector(static_cast<std::size_t>(out), 0.1, rng);
    return m;
}

ModelWeights randomWeights(const PreparedDataset& data, BaseModel base, bool ppac, std::uint64_t seed, int dim = 16)
{
    std::mt19937_64 rng(seed);
    ModelWeights w;
    w.base = base;
    w.ppac = ppac;
    w.dim = dim;
    w.layers = 3;
    w.numUsers = data.dataset.numUsers();
    w.numItems = data.dataset.numItems();
    w.userEmbedding = randomVector(static_cast<std::size_t>(w.numUsers * dim), 0.5, rng);
    w.itemEmbedding = randomVector(static_cast<std::size_t>(w.numItems * dim), 0.5, rng);
    if (ppac) {
        w.personalBranch = randomMlp(dim, dim / 2, dim, rng);
        w.globalBranch = randomMlp(dim, dim / 2, 1, rng);
    }
    w.trainFingerprint = data.dataset.train.fingerprint();
    return w;
}

// The tiny graph: 3 users, 5 items; item 4 and user 2 have no interactions.
UserItems tinyGraph()
{
    return UserItems::fromLists(5, { { 0, 1, 3 }, { 1, 2 }, {} });
}

// mean_{l=0..L} Â^l X with Â = D^-1/2 A D^-1/2 (degrees clamped to 1), dense, in double.
std::vector<double> denseLightGcn(const UserItems& g, const std::vector<double>& x0, int dim, int layers)
{
    const int U = g.numUsers(), I = g.numItems(), N = U + I;
    std::vector<double> A(static_cast<std::size_t>(N * N), 0.0), deg(static_cast<std::size_t>(N), 0.0);
    for (int u = 0; u < U; ++u)
        for (auto i : g.items(u)) {
            A[static_cast<std::size_t>(u * N + U + i)] = A[static_cast<std::size_t>((U + i) * N + u)] = 1.0;
            deg[static_cast<std::size_t>(u)] += 1;
            deg[static_cast<std::size_t>(U + i)] += 1;
        }
    for (int r = 0; r < N; ++r)
        for (int c = 0; c < N; ++c)
            A[static_cast<std::size_t>(r * N + c)] /= std::sqrt(
                std::max(1.0, deg[static_cast<std::size_t>(r)]) * std::max(1.0, deg[static_cast<std::size_t>(c)]));
    std::vector<double> cur = x0, sum = x0;
    for (int l = 0; l < layers; ++l) {
        std::vector<double> next(cur.size(), 0.0);
        for (int r = 0; r < N; ++r)
            for (int c = 0; c < N; ++c)
                for (int k = 0; k < dim; ++k)
                    next[static_cast<std::size_t>(r * dim + k)]
                        += A[static_cast<std::size_t>(r * N + c)] * cur[static_cast<std::size_t>(c * dim + k)];
        cur = next;
        for (std::size_t k = 0; k < sum.size(); ++k)
            sum[k] += cur[k];
    }
    for (auto& v : sum)
        v /= (layers + 1);
    return sum;
}

double logistic(double x)
{
    return 1.0 / (1.0 + std::exp(-x));
}

// The branch MLP written out: Linear -> LeakyReLU(0.01) -> Linear.
std::vector<double> mlp(const Mlp& m, const float* x)
{
    std::vector<double> mid(static_cast<std::size_t>(m.hidden)), out(static_cast<std::size_t>(m.out));
    for (int o = 0; o < m.hidden; ++o) {
        double s = m.b1[static_cast<std::size_t>(o)];
        for (int k = 0; k < m.in; ++k)
            s += m.w1[static_cast<std::size_t>(o * m.in + k)] * x[k];
        mid[static_cast<std::size_t>(o)] = s > 0 ? s : 0.01 * s;
    }
    for (int o = 0; o < m.out; ++o) {
        double s = m.b2[static_cast<std::size_t>(o)];
        for (int k = 0; k < m.hidden; ++k)
            s += m.w2[static_cast<std::size_t>(o * m.hidden + k)] * mid[static_cast<std::size_t>(k)];
        out[static_cast<std::size_t>(o)] = s;
    }
    return out;
}

std::shared_ptr<const PreparedDataset> smallData()
{
    static const auto data = [] {
        NullProgress np;
        auto d
            = generateSynthetic({ .users = 300, .items = 240, .communities = 5, .meanInteractions = 15, .seed = 31 });
        return prepare(std::move(d), { .similarUsers = 10, .threads = 2 }, np, CancelToken());
    }();
    return data;
}

} // namespace

class TestPpacModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lightGcnMatchesDenseReference()
    {
        const UserItems g = tinyGraph();
        const int dim = 3, layers = 3;
        std::mt19937_64 rng(4);
        const auto users0 = randomVector(static_cast<std::size_t>(g.numUsers() * dim), 1.0, rng);
        const auto items0 = randomVector(static_cast<std::size_t>(g.numItems() * dim), 1.0, rng);
        std::vector<double> x0(users0.begin(), users0.end());
        x0.insert(x0.end(), items0.begin(), items0.end());
        const auto want = denseLightGcn(g, x0, dim, layers);
        const auto plain = propagateLightGcn(g, users0, items0, dim, layers, 2);
        const auto viaTorch = lightGcnForwardTorch(g, users0, items0, dim, layers);
        QCOMPARE(plain.size(), want.size());
        QCOMPARE(viaTorch.size(), want.size());
        for (std::size_t k = 0; k < want.size(); ++k) {
            QVERIFY2(std::abs(plain[k] - want[k]) < 1e-5, qPrintable(QString::number(k)));
            QVERIFY2(std::abs(viaTorch[k] - want[k]) < 1e-5, qPrintable(QString::number(k)));
        }
        // The isolated user keeps only its layer-0 share: e / (L + 1).
        for (int k = 0; k < dim; ++k)
            QVERIFY(std::abs(plain[static_cast<std::size_t>(2 * dim + k)]
                        - users0[static_cast<std::size_t>(2 * dim + k)] / 4.0)
                < 1e-6);
    }

    void lightGcnGradientMatchesDenseReference()
    {
        // d sum(W * mean_l Â^l X) / dX = mean_l (Â^T)^l W, and Â is symmetric.
        const UserItems g = tinyGraph();
        const int dim = 2, layers = 3;
        std::mt19937_64 rng(5);
        const auto upstream = randomVector(static_cast<std::size_t>((g.numUsers() + g.numItems()) * dim), 1.0, rng);
        const auto want = denseLightGcn(g, std::vector<double>(upstream.begin(), upstream.end()), dim, layers);
        const auto got = lightGcnBackwardTorch(g, upstream, dim, layers);
        QCOMPARE(got.size(), want.size());
        for (std::size_t k = 0; k < want.size(); ++k)
            QVERIFY2(std::abs(got[k] - want[k]) < 1e-5, qPrintable(QString::number(k)));
    }

    void baseScoresFollowTheFormulas_data()
    {
        QTest::addColumn<bool>("lightgcn");
        QTest::addColumn<bool>("ppac");
        QTest::newRow("MF") << false << false;
        QTest::newRow("PPAC-MF") << false << true;
        QTest::newRow("PPAC-LightGCN") << true << true;
    }
    void baseScoresFollowTheFormulas()
    {
        QFETCH(bool, lightgcn);
        QFETCH(bool, ppac);
        const auto data = smallData();
        const auto w = randomWeights(*data, lightgcn ? BaseModel::LightGCN : BaseModel::MF, ppac, 7);
        const ScoringParts parts = scoringParts(w, data->dataset.train, 2);
        std::vector<float> finalUsers = w.userEmbedding, finalItems = w.itemEmbedding;
        if (lightgcn) {
            const auto all = propagateLightGcn(data->dataset.train, w.userEmbedding, w.itemEmbedding, w.dim, 3, 1);
            finalUsers.assign(all.begin(), all.begin() + w.numUsers * w.dim);
            finalItems.assign(all.begin() + w.numUsers * w.dim, all.end());
        }
        const auto d = static_cast<std::size_t>(w.dim);
        for (std::int32_t u : { 0, 17, 299 })
            for (std::int32_t i : { 0, 5, 239 }) {
                double y = 0.0;
                for (std::size_t k = 0; k < d; ++k)
                    y += finalUsers[static_cast<std::size_t>(u) * d + k]
                        * finalItems[static_cast<std::size_t>(i) * d + k];
                double want = y;
                if (ppac) {
                    const auto hu = mlp(w.personalBranch, &w.userEmbedding[static_cast<std::size_t>(u) * d]);
                    const auto hi = mlp(w.personalBranch, &w.itemEmbedding[static_cast<std::size_t>(i) * d]);
                    const double p = logistic(std::inner_product(hu.begin(), hu.end(), hi.begin(), 0.0));
                    const double q
                        = logistic(mlp(w.globalBranch, &w.itemEmbedding[static_cast<std::size_t>(i) * d])[0]);
                    want = y * p * q;
                }
                QVERIFY2(std::abs(parts.baseScore(u, i) - want) < 1e-5 * std::max(1.0, std::abs(want)),
                    qPrintable(
                        QStringLiteral("(%1, %2): %3 vs %4").arg(u).arg(i).arg(parts.baseScore(u, i)).arg(want)));
            }
    }

    // The one dense kernel of ranking on the BLAS found in the process (PyPI's LibTorch has MKL's
    // Fortran sgemm_ and no cblas_sgemm; Debian's has OpenBLAS's cblas_sgemm) against a product in
    // double precision written out here, for shapes a blocked kernel treats at its edges.
    void denseProductMatchesPlainProduct_data()
    {
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("k");
        QTest::newRow("1x1x1") << 1 << 1 << 1;
        QTest::newRow("3x5x7") << 3 << 5 << 7;
        QTest::newRow("64 users x 1000 items x 64") << 64 << 1000 << 64;
        QTest::newRow("65 x 41 x 63") << 65 << 41 << 63;
        QTest::newRow("2 x 40981 x 64 (Gowalla's items)") << 2 << 40981 << 64;
    }
    void denseProductMatchesPlainProduct()
    {
        QFETCH(int, m);
        QFETCH(int, n);
        QFETCH(int, k);
        QVERIFY2(QByteArray(ppac::detail::blasName()) != "none (a plain loop)",
            "no BLAS found in the process: ranking would run on the plain loop");
        std::mt19937_64 rng(11);
        const auto a = randomVector(static_cast<std::size_t>(m) * k, 1.0, rng);
        const auto b = randomVector(static_cast<std::size_t>(n) * k, 1.0, rng);
        for (const auto path : { ppac::detail::GemmPath::Blas, ppac::detail::GemmPath::Loop }) {
            std::vector<float> c(static_cast<std::size_t>(m) * n, std::nanf(""));
            ppac::detail::gemmABtWith(path, a.data(), b.data(), c.data(), m, n, k);
            for (int r = 0; r < m; ++r)
                for (int j = 0; j < n; ++j) {
                    double want = 0.0;
                    for (int x = 0; x < k; ++x)
                        want += static_cast<double>(a[static_cast<std::size_t>(r) * k + x])
                            * b[static_cast<std::size_t>(j) * k + x];
                    const float got = c[static_cast<std::size_t>(r) * n + j];
                    if (!(std::abs(got - want) <= 1e-5 * std::max(1.0, std::abs(want))))
                        QFAIL(qPrintable(
                            QStringLiteral("%1 path, C[%2][%3] = %4, want %5")
                                .arg(path == ppac::detail::GemmPath::Blas ? ppac::detail::blasName() : "loop")
                                .arg(r)
                                .arg(j)
                                .arg(got)
                                .arg(want)));
                }
        }
    }

    void rerankEqualsExhaustive_data()
    {
        QTest::addColumn<bool>("ppac");
        QTest::addColumn<double>("gamma");
        QTest::addColumn<double>("beta");
        QTest::addColumn<int>("candidates");
        QTest::newRow("MF, no knobs") << false << 0.0 << 0.0 << 40;
        QTest::newRow("MF, beta -0.5") << false << 0.0 << -0.5 << 40;
        QTest::newRow("PPAC, no knobs") << true << 0.0 << 0.0 << 40;
        QTest::newRow("PPAC, gamma 0.1") << true << 0.1 << 0.0 << 40;
        QTest::newRow("PPAC, gamma 1, beta -0.2") << true << 1.0 << -0.2 << 40;
        QTest::newRow("PPAC, beta +0.3") << true << 0.0 << 0.3 << 40;
        QTest::newRow("PPAC, gamma -0.5") << true << -0.5 << 0.0 << 40;
        QTest::newRow("PPAC, extreme beta, M = depth") << true << 0.0 << -50.0 << 20;
        QTest::newRow("PPAC, extreme both, M = depth") << true << 30.0 << 40.0 << 20;
    }
    void rerankEqualsExhaustive()
    {
        QFETCH(bool, ppac);
        QFETCH(double, gamma);
        QFETCH(double, beta);
        QFETCH(int, candidates);
        const auto data = smallData();
        NullProgress np;
        const Recommender rec(randomWeights(*data, BaseModel::MF, ppac, 11), data,
            { .depth = 20, .candidates = candidates, .threads = 3 }, np, CancelToken());
        const Knobs knobs{ gamma, beta };
        RankStats stats;
        const Rankings fast = rec.rank(knobs, np, CancelToken(), &stats);
        std::vector<std::int32_t> all(static_cast<std::size_t>(data->dataset.numUsers()));
        std::iota(all.begin(), all.end(), 0);
        const Rankings exact = rankExhaustive(
            rec.parts(), data->known, data->personal, data->global, knobs, all, 20, 1, np, CancelToken());
        QCOMPARE(fast.items, exact.items);
        if (std::abs(beta) > 10.0)
            QVERIFY2(stats.exhaustiveUsers > 0, "the extreme case should need the exhaustive fallback");
        else if (gamma == 0.0 && beta == 0.0)
            QCOMPARE(stats.exhaustiveUsers, std::int64_t(0)); // the bound alone decides
        // No list repeats a known item; recommend() agrees with rank().
        for (std::int32_t u = 0; u < data->dataset.numUsers(); u += 37) {
            for (auto i : fast.of(u))
                QVERIFY(!data->known.contains(u, i));
            const auto top = rec.recommend(u, 10, knobs);
            for (std::size_t k = 0; k < top.size(); ++k) {
                QCOMPARE(top[k].item, fast.of(u)[k]);
                const float want = rec.score(u, top[k].item, knobs);
                QVERIFY(std::abs(top[k].score - want) < 1e-4f * std::max(1.0f, std::abs(want)));
            }
        }
    }

    void betaBelowZeroLowersArpGammaRaisesPp()
    {
        const auto data = smallData();
        NullProgress np;
        const Recommender rec(
            randomWeights(*data, BaseModel::MF, true, 13), data, { .depth = 20, .candidates = 60 }, np, CancelToken());
        double lastArp = 1e9;
        for (double beta : { 0.0, -0.5, -2.0, -10.0 }) {
            const auto r = rerank(rec, { 0.0, beta }, { .ks = { 20 } }, np, CancelToken());
            const double arp = r.evaluation.full.value("arp@20").value();
            QVERIFY2(arp < lastArp,
                qPrintable(QStringLiteral("beta %1: ARP %2 not below %3").arg(beta).arg(arp).arg(lastArp)));
            lastArp = arp;
        }
        auto meanPp = [&](const Rankings& r) {
            double s = 0.0;
            std::int64_t n = 0;
            for (std::int32_t u = 0; u < r.numUsers; ++u)
                for (auto i : r.of(u)) {
                    s += data->personal.value(u, i);
                    ++n;
                }
            return s / static_cast<double>(n);
        };
        const double pp0 = meanPp(rec.rank({}, np, CancelToken()));
        const double pp1 = meanPp(rec.rank({ 2.0, 0.0 }, np, CancelToken()));
        QVERIFY2(pp1 > pp0, qPrintable(QStringLiteral("%1 vs %2").arg(pp1).arg(pp0)));
    }

    void modelFileRoundTripAndDamage()
    {
        const auto data = smallData();
        auto w = randomWeights(*data, BaseModel::LightGCN, true, 17);
        w.info = { { "note", "test" } };
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "m.vppac";
        saveModel(path, w);
        const ModelWeights back = loadModel(path);
        QCOMPARE(back.base, BaseModel::LightGCN);
        QVERIFY(back.ppac);
        QCOMPARE(back.userEmbedding, w.userEmbedding);
        QCOMPARE(back.itemEmbedding, w.itemEmbedding);
        QCOMPARE(back.personalBranch.w2, w.personalBranch.w2);
        QCOMPARE(back.globalBranch.b2, w.globalBranch.b2);
        QCOMPARE(back.trainFingerprint, w.trainFingerprint);
        QCOMPARE(back.info["note"].get<std::string>(), std::string("test"));
        std::string bytes = readFile(path);
        auto expectError = [&](const std::string& damaged, const char* what) {
            try {
                deserializeModel(damaged, "m.vppac");
                QFAIL(what);
            } catch (const Error& e) {
                QVERIFY2(std::string(e.what()).find("m.vppac") != std::string::npos, e.what());
            }
        };
        std::string flipped = bytes;
        flipped[flipped.size() / 2] ^= 0x55;
        expectError(flipped, "accepted a damaged file");
        expectError(bytes.substr(0, bytes.size() - 100), "accepted a truncated file");
        expectError("not a model at all", "accepted garbage");
        QVERIFY_THROWS_EXCEPTION(Error, loadModel(path.parent_path() / "missing.vppac"));
    }

    void modelOfOtherDataIsRefused()
    {
        const auto data = smallData();
        auto w = randomWeights(*data, BaseModel::MF, false, 19);
        w.trainFingerprint ^= 1;
        NullProgress np;
        QVERIFY_THROWS_EXCEPTION(Error, Recommender(w, data, {}, np, CancelToken()));
        auto small = randomWeights(*data, BaseModel::MF, false, 19);
        small.numItems -= 1;
        small.itemEmbedding.resize(static_cast<std::size_t>(small.numItems * small.dim));
        QVERIFY_THROWS_EXCEPTION(Error, scoringParts(small, data->dataset.train));
    }
};

QTEST_GUILESS_MAIN(TestPpacModel)
#include "tst_ppac_model.moc"
