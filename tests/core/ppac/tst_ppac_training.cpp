// core/ppac training on a synthetic set with planted communities: the loss falls and the model
// beats popularity ranking (computed here) and random; PPAC's knobs move ARP and PP the expected
// way on a trained model; early stopping, the stop request, cancellation and the epoch callback;
// a saved model re-ranks without retraining.

#include "common/error.h"
#include "common/json.h"
#include "ppac/pair_sampler.h"
#include "ppac/ppac.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>

using namespace vantage;
using namespace vantage::ppac;

namespace {

std::shared_ptr<const PreparedDataset> communities(double validation = 0.0)
{
    NullProgress np;
    auto d = generateSynthetic({ .users = 700,
        .items = 280,
        .communities = 7,
        .meanInteractions = 24,
        .communityAffinity = 0.9,
        .validationFraction = validation,
        .seed = 41 });
    return prepare(std::move(d), { .similarUsers = 20, .threads = 2 }, np, CancelToken());
}

// Recall@20 of ranking every user's unseen items by training popularity (the MostPop baseline).
double popularityRecall(const PreparedDataset& data)
{
    Rankings r = Rankings::empty(data.dataset.numUsers(), 20);
    for (std::int32_t u = 0; u < data.dataset.numUsers(); ++u) {
        std::size_t n = 0;
        for (auto i : data.global.byPopularity) {
            if (n == 20)
                break;
            if (!data.known.contains(u, i))
                r.slots(u)[n++] = i;
        }
    }
    return evaluateRankings(r, data.dataset.test, data.global, { .ks = { 20 } }).value("recall@20").value();
}

TrainOptions quick(BaseModel model, bool ppac, int epochs)
{
    return { .architecture = model,
        .ppac = ppac,
        .epochs = epochs,
        .dim = 32,
        .learningRate = 5e-3,
        .batchSize = 1024,
        .seed = 3,
        .threads = 1,
        .validation = ValidationSource::None };
}

} // namespace

class TestPpacTraining : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // BPR's negatives: never an item of the user's training set (once in 530 draws on Gowalla was,
    // before), uniform over the others, any item for a user who has them all, one stream per seed.
    void negativesAreUniformOverTheOtherItems_data()
    {
        QTest::addColumn<int>("owned"); // of 50 items, the user's training items are 0, 2, 4, ...
        QTest::newRow("3 of 50 items") << 3;
        QTest::newRow("25 of 50") << 25;
        QTest::newRow("49 of 50") << 49;
        QTest::newRow("all 50") << 50;
    }
    void negativesAreUniformOverTheOtherItems()
    {
        QFETCH(int, owned);
        constexpr int items = 50;
        std::vector<std::int32_t> mine;
        for (int i = 0; static_cast<int>(mine.size()) < owned; i = i + 2 < items ? i + 2 : 1)
            if (std::find(mine.begin(), mine.end(), i) == mine.end())
                mine.push_back(i);
        const auto train = ppac::UserItems::fromLists(items, { { 1, 7 }, mine });
        ppac::detail::PairSampler sampler(train, 64, 5);
        QCOMPARE(sampler.pairs, static_cast<std::int64_t>(2 + owned));
        std::vector<int> seen(items, 0);
        constexpr int draws = 50000;
        for (int d = 0; d < draws; ++d)
            ++seen[static_cast<std::size_t>(sampler.negativeFor(1))];
        const bool all = owned == items;
        const int allowed = all ? items : items - owned;
        const double expected = static_cast<double>(draws) / allowed;
        double chi2 = 0.0;
        for (int i = 0; i < items; ++i) {
            const bool isMine = std::find(mine.begin(), mine.end(), i) != mine.end();
            if (isMine && !all) {
                QVERIFY2(seen[static_cast<std::size_t>(i)] == 0,
                    qPrintable(QStringLiteral("item %1 of the user's training set drawn %2 times as a negative")
                                   .arg(i)
                                   .arg(seen[static_cast<std::size_t>(i)])));
                continue;
            }
            QVERIFY2(seen[static_cast<std::size_t>(i)] > 0, qPrintable(QStringLiteral("item %1 never drawn").arg(i)));
            chi2 += std::pow(seen[static_cast<std::size_t>(i)] - expected, 2) / expected;
        }
        // Chi-square with allowed - 1 degrees of freedom: mean allowed - 1, deviation sqrt(2 (allowed - 1));
        // eight deviations above the mean fails a biased sampler and almost never a uniform one.
        if (allowed > 1)
            QVERIFY2(chi2 < (allowed - 1) + 8.0 * std::sqrt(2.0 * (allowed - 1)),
                qPrintable(QStringLiteral("chi-square %1 over %2 items").arg(chi2).arg(allowed)));
        // The other user's negatives avoid that user's items, and one seed gives one stream.
        ppac::detail::PairSampler again(train, 64, 5), twin(train, 64, 5), other(train, 64, 6);
        bool differs = false;
        for (int d = 0; d < 200; ++d) {
            const auto j = again.negativeFor(0);
            QVERIFY(j != 1 && j != 7);
            QCOMPARE(twin.negativeFor(0), j);
            differs = differs || other.negativeFor(0) != j;
        }
        QVERIFY2(differs, "two seeds drew the same 200 negatives");
    }

    void lossFallsAndBeatsPopularity_data()
    {
        QTest::addColumn<bool>("lightgcn");
        QTest::addColumn<bool>("ppac");
        QTest::addColumn<int>("epochs");
        QTest::newRow("MF") << false << false << 25;
        QTest::newRow("PPAC-MF") << false << true << 25;
        QTest::newRow("LightGCN") << true << false << 8;
    }
    void lossFallsAndBeatsPopularity()
    {
        QFETCH(bool, lightgcn);
        QFETCH(bool, ppac);
        QFETCH(int, epochs);
        const auto data = communities();
        NullProgress np;
        const TrainResult r
            = train(*data, quick(lightgcn ? BaseModel::LightGCN : BaseModel::MF, ppac, epochs), np, CancelToken());
        QCOMPARE(static_cast<int>(r.epochs.size()), epochs);
        QVERIFY2(r.epochs.back().loss < 0.9 * r.epochs.front().loss,
            qPrintable(QStringLiteral("loss %1 -> %2").arg(r.epochs.front().loss).arg(r.epochs.back().loss)));
        const Recommender rec(r.weights, data, { .depth = 20, .candidates = 40 }, np, CancelToken());
        const auto e = rerank(rec, {}, { .ks = { 20 } }, np, CancelToken());
        const double recall = e.evaluation.full.value("recall@20").value();
        const double mostPop = popularityRecall(*data);
        const double random = 20.0 / data->dataset.numItems();
        qInfo("%s: recall@20 %.4f, popularity %.4f, random %.4f", r.weights.displayName().c_str(), recall, mostPop,
            random);
        QVERIFY2(recall > mostPop, qPrintable(QStringLiteral("%1 vs popularity %2").arg(recall).arg(mostPop)));
        QVERIFY(recall > 2 * random);
    }

    void knobsMoveArpAndPersonalPopularity()
    {
        const auto data = communities();
        NullProgress np;
        const TrainResult r = train(*data, quick(BaseModel::MF, true, 20), np, CancelToken());
        const Recommender rec(r.weights, data, { .depth = 20, .candidates = 60 }, np, CancelToken());
        const MetricsOptions at20{ .ks = { 20 } };
        const auto base = rerank(rec, {}, at20, np, CancelToken());
        const auto penalised = rerank(rec, { 0.0, -0.5 }, at20, np, CancelToken());
        const auto personal = rerank(rec, { 0.5, 0.0 }, at20, np, CancelToken());
        const double arp0 = base.evaluation.full.value("arp@20").value();
        const double arp1 = penalised.evaluation.full.value("arp@20").value();
        QVERIFY2(arp1 < arp0, qPrintable(QStringLiteral("beta < 0: ARP %1 -> %2").arg(arp0).arg(arp1)));
        QVERIFY(penalised.evaluation.full.value("tail@20").value() > base.evaluation.full.value("tail@20").value());
        auto meanPp = [&](const Rankings& rk) {
            double s = 0.0;
            std::int64_t n = 0;
            for (std::int32_t u = 0; u < rk.numUsers; ++u)
                for (auto i : rk.of(u)) {
                    s += data->personal.value(u, i);
                    ++n;
                }
            return s / static_cast<double>(n);
        };
        QVERIFY(meanPp(personal.rankings) > meanPp(base.rankings));
        // The inspector shows the same lists and the same direction for one user.
        const auto view = inspectUser(*data, &rec, 5, { .k = 10, .topItems = 10, .knobs = { 0.0, -0.5 } });
        QCOMPARE(view.before.size(), std::size_t(10));
        QCOMPARE(view.before.front().item, base.rankings.of(5).front());
        QCOMPARE(view.after.front().item, penalised.rankings.of(5).front());
        QVERIFY(view.arpAfter <= view.arpBefore);
        QCOMPARE(static_cast<int>(view.similarUsers.size()), 20);
        QVERIFY(std::is_sorted(view.similarUsers.begin(), view.similarUsers.end(),
            [](const SimilarUser& a, const SimilarUser& b) { return a.jaccard > b.jaccard; }));
        QVERIFY(!view.personalTop.empty());
        QCOMPARE(view.personalTop.front().personalCount, data->personal.count(5, view.personalTop.front().item));
        const Json j = toJson(view);
        QVERIFY(j.contains("similar_users") && j.contains("pp_items") && j.contains("gp_items")
            && j.contains("recommendations"));
    }

    void earlyStoppingCallbackStopAndCancel()
    {
        const auto data = communities(0.1);
        NullProgress np;
        // A learning rate too small to change any ranking: the metric never improves after the first validation.
        auto o = quick(BaseModel::MF, false, 50);
        o.learningRate = 1e-12;
        o.validation = ValidationSource::HeldOut;
        o.patience = 2;
        std::vector<int> seen;
        const TrainResult r = train(*data, o, np, CancelToken(), [&](const EpochReport& e) {
            seen.push_back(e.epoch);
            QVERIFY(e.validation.has_value());
            QVERIFY(e.validation->value("ndcg@20").has_value());
        });
        QVERIFY(r.stoppedEarly);
        QCOMPARE(static_cast<int>(r.epochs.size()), 3);
        QCOMPARE(seen, (std::vector<int>{ 1, 2, 3 }));
        QCOMPARE(r.bestEpoch, 1);
        const Json j = toJson(r);
        QCOMPARE(j["epochs"].size(), std::size_t(3));
        QVERIFY(j["epochs"][0].contains("validation"));

        // The stop request ends after the current epoch and keeps what was learnt.
        CancelToken stop;
        auto o2 = quick(BaseModel::MF, true, 10);
        o2.validation = ValidationSource::BalancedTest; // the authors' protocol
        o2.validateEvery = 2;
        o2.validationUsers = 40; // a fixed sample
        const TrainResult s = train(
            *data, o2, np, CancelToken(),
            [&](const EpochReport& e) {
                if (e.validation)
                    QCOMPARE(e.validation->users, 40);
                if (e.epoch == 3)
                    stop.cancel();
            },
            stop);
        QVERIFY(s.stoppedEarly);
        QCOMPARE(static_cast<int>(s.epochs.size()), 3);
        QVERIFY(!s.epochs[0].validation && s.epochs[1].validation && !s.epochs[2].validation);
        QCOMPARE(s.bestEpoch, 2);

        CancelToken cancel;
        QVERIFY_THROWS_EXCEPTION(Cancelled,
            train(*data, quick(BaseModel::MF, false, 10), np, cancel, [&](const EpochReport&) { cancel.cancel(); }));
        // Validation on a split that is not there is refused up front.
        auto o3 = quick(BaseModel::MF, false, 1);
        o3.validation = ValidationSource::HeldOut;
        QVERIFY_THROWS_EXCEPTION(Error, train(*communities(), o3, np, CancelToken()));
        o3.validation = ValidationSource::None;
        o3.epochs = 0;
        QVERIFY_THROWS_EXCEPTION(Error, train(*data, o3, np, CancelToken()));
    }

    void savedModelRerankWithoutRetraining()
    {
        const auto data = communities();
        NullProgress np;
        const TrainResult r = train(*data, quick(BaseModel::LightGCN, true, 2), np, CancelToken());
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "model.vppac";
        saveModel(path, r.weights);
        const Recommender a(r.weights, data, { .depth = 20, .candidates = 40 }, np, CancelToken());
        const Recommender b(loadModel(path), data, { .depth = 20, .candidates = 40 }, np, CancelToken());
        const Knobs k{ 0.2, -0.1 };
        QCOMPARE(a.rank(k, np, CancelToken()).items, b.rank(k, np, CancelToken()).items);
        QCOMPARE(b.weights().info["training"]["architecture"].get<std::string>(), std::string("lightgcn"));
    }
};

QTEST_GUILESS_MAIN(TestPpacTraining)
#include "tst_ppac_training.moc"
