// PPAC's trainer on a GPU (TrainOptions::device): a device this build or machine cannot give is
// refused naming it, before any work; with a GPU (scripts/gpu-check.sh), each model trains on
// cuda:0 to the CPU's losses and weights within float rounding. Without one the GPU cases skip with
// the reason.

#include "common/devices.h"
#include "common/error.h"
#include "ppac/ppac.h"

#include <QTest>

#include <cmath>

using namespace vantage;
using namespace vantage::ppac;

namespace {

std::shared_ptr<const PreparedDataset> communities()
{
    NullProgress np;
    auto d = generateSynthetic(
        { .users = 500, .items = 200, .communities = 5, .meanInteractions = 20, .communityAffinity = 0.9, .seed = 17 });
    return prepare(std::move(d), { .similarUsers = 20, .threads = 2 }, np, CancelToken());
}

TrainOptions options(BaseModel model, bool ppac, const std::string& device)
{
    return { .architecture = model,
        .ppac = ppac,
        .epochs = 3,
        .dim = 16,
        .learningRate = 5e-3,
        .batchSize = 512,
        .seed = 5,
        .threads = 1,
        .device = device,
        .validation = ValidationSource::None };
}

QString noGpu()
{
    try {
        checkLocalDevices({ "cuda:0" });
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestPpacGpu : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void badDevicesAreRefused_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("expect");
        QTest::newRow("unknown name") << "tpu"
                                      << "unknown device 'tpu'";
        QTest::newRow("malformed index") << "cuda:x"
                                         << "unknown device 'cuda:x'";
        QTest::newRow("no such GPU") << "cuda:99"
                                     << "cuda:99";
        if (!noGpu().isEmpty())
            QTest::newRow("a GPU where there is none") << "cuda:0"
                                                       << "cuda:0";
    }
    void badDevicesAreRefused()
    {
        QFETCH(QString, device);
        QFETCH(QString, expect);
        const auto data = communities();
        NullProgress np;
        try {
            train(*data, options(BaseModel::MF, false, device.toStdString()), np, CancelToken());
            QFAIL("trained on a device that is not there");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(QString::fromStdString(e.what()).contains(expect), e.what());
        }
    }

    void cpuIsTheDefault()
    {
        const auto data = communities();
        NullProgress np;
        auto named = options(BaseModel::LightGCN, false, "cpu");
        auto unnamed = named;
        unnamed.device = TrainOptions{}.device;
        const auto a = train(*data, named, np, CancelToken());
        const auto b = train(*data, unnamed, np, CancelToken());
        QCOMPARE(a.weights.userEmbedding, b.weights.userEmbedding);
        QCOMPARE(a.weights.itemEmbedding, b.weights.itemEmbedding);
    }

    void equalsTheCpu_data()
    {
        QTest::addColumn<bool>("lightgcn");
        QTest::addColumn<bool>("ppac");
        QTest::newRow("MF") << false << false;
        QTest::newRow("PPAC-MF") << false << true;
        QTest::newRow("LightGCN") << true << false;
        QTest::newRow("PPAC-LightGCN") << true << true;
    }
    void equalsTheCpu()
    {
        if (const QString why = noGpu(); !why.isEmpty())
            QSKIP(qPrintable("no GPU here: " + why));
        QFETCH(bool, lightgcn);
        QFETCH(bool, ppac);
        const auto model = lightgcn ? BaseModel::LightGCN : BaseModel::MF;
        const auto data = communities();
        NullProgress np;
        const auto cpu = train(*data, options(model, ppac, "cpu"), np, CancelToken());
        const auto gpu = train(*data, options(model, ppac, "cuda:0"), np, CancelToken());
        QCOMPARE(gpu.epochs.size(), cpu.epochs.size());
        for (std::size_t e = 0; e < cpu.epochs.size(); ++e)
            QVERIFY2(std::abs(gpu.epochs[e].loss - cpu.epochs[e].loss) <= 1e-4 * std::abs(cpu.epochs[e].loss),
                qPrintable(
                    QStringLiteral("epoch %1: %2 vs %3").arg(e + 1).arg(gpu.epochs[e].loss).arg(cpu.epochs[e].loss)));
        double worst = 0.0;
        for (std::size_t k = 0; k < cpu.weights.itemEmbedding.size(); ++k)
            worst = std::max(worst, double(std::abs(gpu.weights.itemEmbedding[k] - cpu.weights.itemEmbedding[k])));
        qInfo("largest item-embedding difference %.3g", worst);
        QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    }
};

QTEST_GUILESS_MAIN(TestPpacGpu)
#include "tst_ppac_gpu.moc"
