// DGI on a GPU (--device cuda:N): the device strings and the message a user gets where there is no
// GPU (or no CUDA build) run everywhere; the rest needs a GPU and skips with the reason elsewhere.
// The GPU evaluator's engine also runs on the CPU's memory (its private entry point with device
// -1), so its logic (stores, streaming, caps, the sparse sum) is checked on every machine.
// On a GPU, every built-in model evaluated layer-wise and full-graph on the device equals the CPU's
// layer-wise result within 1e-5 relative: with everything in device memory, with stores streamed
// from pinned host memory or memory-mapped files under a tiny device budget, with static batch caps.

#include "../cancel_mid_run.h"
#include "common/error.h"
#include "dgi/device_engine_p.h"
#include "dgi/evaluation.h"
#include "dgi/generators.h"
#include "dgi/graph_io.h"
#include "dgi/models.h"
#include "dgi_test_support.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace vantage;
using namespace vantage::dgi;

Q_DECLARE_METATYPE(vantage::dgi::ModelKind)
Q_DECLARE_METATYPE(vantage::dgi::EvalMode)

namespace {

EvalResult run(const Graph& g, const NodeMatrix& x, const GnnIr& ir, EvalOptions o)
{
    NullProgress p;
    return evaluate(g, x, ir, o, p, CancelToken());
}

std::string errorOf(const Graph& g, const NodeMatrix& x, const GnnIr& ir, const EvalOptions& o)
{
    const std::string e = dgi_test::errorOf([&] { run(g, x, ir, o); }).what();
    return e.find("no error thrown") == std::string::npos ? e : std::string();
}

// Within `rtol` of the reference relative to its largest magnitude: sums of many float32 terms in
// another order differ by a few ulps of the sums, and the CPU's own layer-wise and full-graph
// results differ by up to 7e-7 of it (JK-Net); an element near zero has no relative precision.
QString mismatch(const NodeMatrix& a, const NodeMatrix& ref, double rtol)
{
    double scale = 0;
    for (std::int64_t r = 0; r < ref.rows(); ++r)
        for (std::int64_t c = 0; c < ref.cols(); ++c)
            scale = std::max(scale, std::abs(ref.at(r, c)));
    return dgi_test::mismatch(a, ref, 0.0, rtol * scale);
}

// Power-law in-degrees with hubs, repeated edges, self-loops and isolated nodes.
Graph testGraph(std::int64_t n)
{
    NullProgress quiet;
    const CancelToken never;
    EdgeList e = generateRmat({ .nodes = n, .avgDegree = 8, .seed = 5 }, quiet, never);
    e.numNodes = n + 7; // seven nodes without edges at the end
    return buildGraph(std::move(e), {}, {}, quiet, never);
}

// A built-in model on testGraph(n) with seeded features, and the CPU's layer-wise answer.
struct Case {
    Graph g;
    GnnIr ir;
    NodeMatrix x;
    EvalResult cpu;
};

Case makeCase(std::int64_t n, const ModelSpec& spec, std::uint64_t seed)
{
    Case c{ testGraph(n), buildModel(spec), {}, {} };
    c.x = randomFeatures(c.g.numNodes(), spec.inputWidth, seed);
    c.cpu = run(c.g, c.x, c.ir, {});
    return c;
}

} // namespace

class TestDgiGpu : public QObject {
    Q_OBJECT

    // Why the GPU cases cannot run here, or empty.
    QString noGpu() const
    {
        try {
            checkDevice("cuda:0");
        } catch (const Error& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }

private Q_SLOTS:
    void deviceStrings_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("error");
        QTest::newRow("cpu") << "cpu"
                             << "";
        QTest::newRow("a word") << "gpu0"
                                << "unknown device 'gpu0' (cpu, cuda or cuda:N)";
        QTest::newRow("no index") << "cuda:"
                                  << "unknown device";
        QTest::newRow("negative") << "cuda:-1"
                                  << "unknown device";
        QTest::newRow("letters") << "cuda:one"
                                 << "unknown device";
        QTest::newRow("trailing") << "cuda:0x"
                                  << "unknown device";
        QTest::newRow("huge") << "cuda:99999999999"
                              << "unknown device";
        QTest::newRow("upper case") << "CUDA:0"
                                    << "unknown device";
    }
    void deviceStrings()
    {
        QFETCH(QString, device);
        QFETCH(QString, error);
        std::string got;
        try {
            QCOMPARE(QString::fromStdString(checkDevice(device.toStdString())), QString("cpu"));
        } catch (const Error& e) {
            got = e.what();
        }
        QVERIFY2(error.isEmpty() ? got.empty() : got.find(error.toStdString()) != std::string::npos, got.c_str());
    }

    // "cuda:7" names what is missing: the build's CUDA, any GPU, or that GPU.
    void aMissingGpuIsNamed()
    {
        const Graph g = testGraph(64);
        const GnnIr ir = buildModel({ .kind = ModelKind::Gcn, .inputWidth = 8, .hidden = 8, .layers = 2 });
        const NodeMatrix x = randomFeatures(g.numNodes(), 8, 3);
        EvalOptions o;
        o.device = "cuda:7";
        const std::string e = errorOf(g, x, ir, o);
        const int count = visibleGpus();
        if (!gpuEvaluatorBuilt())
            QVERIFY2(e.find("this build of Vantage has no GPU path") != std::string::npos
                    && e.find("scripts/build.sh --cuda") != std::string::npos,
                e.c_str());
        else if (count == 0)
            QVERIFY2(e.find("'cuda:7' asks for a GPU but CUDA sees none") != std::string::npos, e.c_str());
        else if (count <= 7)
            QVERIFY2(e.find("'cuda:7' does not exist: this machine has") != std::string::npos, e.c_str());
        // Node-wise on a GPU is refused (or the device before it, where there is none).
        o.device = "cuda:0";
        o.mode = EvalMode::NodeWise;
        const std::string n = errorOf(g, x, ir, o);
        QVERIFY2(!n.empty(), "node-wise on cuda:0 was accepted");
        if (noGpu().isEmpty())
            QVERIFY2(n.find("runs on the CPU only") != std::string::npos, n.c_str());
    }

    // The device engine's logic, run on the CPU: every built-in model, with everything in "device"
    // memory, with stores on the host under a tiny budget, with files, with static caps.
    void theEngineOnTheCpu_data()
    {
        QTest::addColumn<ModelKind>("kind");
        QTest::addColumn<qint64>("budget");
        QTest::addColumn<int>("stores");
        QTest::addColumn<qint64>("nodeCap");
        for (auto kind : { ModelKind::Gcn, ModelKind::Sage, ModelKind::Gat, ModelKind::Gin, ModelKind::JkNet }) {
            QTest::addRow("%s, in memory", std::string(enumName(kind)).c_str())
                << kind << qint64(0) << int(StorePlacement::Auto) << qint64(0);
            QTest::addRow("%s, host stores", std::string(enumName(kind)).c_str())
                << kind << qint64(2 << 20) << int(StorePlacement::Auto) << qint64(0);
            QTest::addRow("%s, host memory only", std::string(enumName(kind)).c_str())
                << kind << qint64(2 << 20) << int(StorePlacement::Memory) << qint64(0);
            QTest::addRow("%s, files", std::string(enumName(kind)).c_str())
                << kind << qint64(0) << int(StorePlacement::Disk) << qint64(0);
            QTest::addRow("%s, static caps", std::string(enumName(kind)).c_str())
                << kind << qint64(0) << int(StorePlacement::Auto) << qint64(113);
        }
    }
    void theEngineOnTheCpu()
    {
        QFETCH(ModelKind, kind);
        QFETCH(qint64, budget);
        QFETCH(int, stores);
        QFETCH(qint64, nodeCap);
        const Case c = makeCase(4000, { .kind = kind, .inputWidth = 24, .hidden = 32, .layers = 3, .heads = 4 }, 9);
        const Graph& g = c.g;
        EvalOptions o;
        o.deviceMemoryBytes = budget;
        o.stores = StorePlacement(stores);
        o.nodeCap = nodeCap;
        const LayerSchema schema = partitionIntoLayers(c.ir);
        NullProgress p;
        CancelToken cancel;
        const vantage::dgi::detail::DeviceRun dr{ g, c.x, c.ir, schema, o, std::int64_t{ 1 } << 30,
            QDir::tempPath().toStdString(), p, cancel };
        EvalResult r;
        NodeMatrix out;
        try {
            out = vantage::dgi::detail::evaluateLayerWiseOnDevice(dr, -1, r);
        } catch (const c10::Error& e) {
            QFAIL(e.what_without_backtrace());
        }
        QCOMPARE(r.layers.size(), schema.layers.size());
        for (const auto& l : r.layers) {
            QCOMPARE(l.nodes, g.numNodes());
            QVERIFY(l.bytesTouched > 0);
            if (nodeCap > 0)
                QVERIFY(l.largestBatchNodes <= nodeCap);
        }
        if (budget > 0)
            QVERIFY(r.hostStoreBytes > 0);
        if (budget > 0 || nodeCap > 0)
            QVERIFY(r.layers.front().batches > 1);
        const QString m = mismatch(out, c.cpu.output, 1e-5);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    void equalsTheCpu_data()
    {
        QTest::addColumn<ModelKind>("kind");
        QTest::addColumn<EvalMode>("mode");
        for (auto kind : { ModelKind::Gcn, ModelKind::Sage, ModelKind::Gat, ModelKind::Gin, ModelKind::JkNet }) {
            QTest::addRow("%s layer-wise", std::string(enumName(kind)).c_str()) << kind << EvalMode::LayerWise;
            QTest::addRow("%s full-graph", std::string(enumName(kind)).c_str()) << kind << EvalMode::FullGraph;
        }
    }
    void equalsTheCpu()
    {
        if (const QString why = noGpu(); !why.isEmpty())
            QSKIP(qPrintable("no GPU here: " + why));
        QFETCH(ModelKind, kind);
        QFETCH(EvalMode, mode);
        const Case c = makeCase(3000, { .kind = kind, .inputWidth = 24, .hidden = 32, .layers = 3, .heads = 4 }, 9);
        EvalOptions o;
        o.mode = mode;
        o.device = "cuda";
        const EvalResult gpu = run(c.g, c.x, c.ir, o);
        QCOMPARE(QString::fromStdString(gpu.device), QString("cuda:0"));
        QVERIFY(gpu.peakDeviceBytes > 0);
        QVERIFY(!gpu.deviceName.empty());
        const QString m = mismatch(gpu.output, c.cpu.output, 1e-5);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    // Under a device budget far smaller than the stores, they stay on the host (pinned RAM, or
    // memory-mapped files with --stores disk), batches are many and the caps grow from the measured
    // peak; the answer is the same.
    void streamsWhatDoesNotFit_data()
    {
        QTest::addColumn<ModelKind>("kind");
        QTest::addColumn<int>("stores");
        QTest::newRow("gcn, pinned host") << ModelKind::Gcn << int(StorePlacement::Auto);
        QTest::newRow("gat, pinned host") << ModelKind::Gat << int(StorePlacement::Auto);
        QTest::newRow("sage, files") << ModelKind::Sage << int(StorePlacement::Disk);
    }
    void streamsWhatDoesNotFit()
    {
        if (const QString why = noGpu(); !why.isEmpty())
            QSKIP(qPrintable("no GPU here: " + why));
        QFETCH(ModelKind, kind);
        QFETCH(int, stores);
        const Case c = makeCase(100000, { .kind = kind, .inputWidth = 32, .hidden = 64, .layers = 2, .heads = 4 }, 4);
        EvalOptions o;
        o.device = "cuda:0";
        o.deviceMemoryBytes = 64 << 20; // a store of 100,000 x 64 floats is 25.6 MB
        o.stores = StorePlacement(stores);
        const EvalResult gpu = run(c.g, c.x, c.ir, o);
        // What fits half the device budget may stay there (GAT's per-head scores); the rest cannot.
        QVERIFY(gpu.deviceStoreBytes <= o.deviceMemoryBytes / 2);
        if (stores != int(StorePlacement::Disk))
            QVERIFY(gpu.hostStoreBytes > 0);
        std::int64_t batches = 0;
        int growths = 0;
        for (const auto& l : gpu.layers) {
            batches += l.batches;
            growths += l.growths;
            QCOMPARE(l.nodes, c.g.numNodes());
        }
        QVERIFY2(batches > 2 * static_cast<std::int64_t>(gpu.layers.size()), qPrintable(QString::number(batches)));
        if (kind == ModelKind::Gcn)
            QVERIFY2(growths > 0, "the caps never grew from the measured peak");
        const QString m = mismatch(gpu.output, c.cpu.output, 1e-5);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    // Static caps are kept (never grown) and give the same rows.
    void staticCaps()
    {
        if (const QString why = noGpu(); !why.isEmpty())
            QSKIP(qPrintable("no GPU here: " + why));
        const Case c = makeCase(5000, { .kind = ModelKind::Sage, .inputWidth = 16, .hidden = 16, .layers = 2 }, 2);
        EvalOptions o;
        o.device = "cuda:0";
        o.nodeCap = 97;
        o.edgeCap = 700;
        const EvalResult gpu = run(c.g, c.x, c.ir, o);
        for (const auto& l : gpu.layers) {
            QVERIFY(l.batches >= (c.g.numNodes() + 96) / 97);
            QVERIFY(l.largestBatchNodes <= 97);
            QCOMPARE(l.growths, 0);
        }
        const QString m = mismatch(gpu.output, c.cpu.output, 1e-5);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }

    void cancels()
    {
        if (const QString why = noGpu(); !why.isEmpty())
            QSKIP(qPrintable("no GPU here: " + why));
        const Graph g = testGraph(2000);
        const GnnIr ir = buildModel({ .kind = ModelKind::Gcn, .inputWidth = 8, .hidden = 8, .layers = 2 });
        const NodeMatrix x = randomFeatures(g.numNodes(), 8, 3);
        EvalOptions o;
        o.device = "cuda:0";
        o.nodeCap = 100; // batches enough to be cancelled between
        VERIFY_CANCELLED_MID_RUN(testing::cancelMidRun(
            [&](Progress& progress, const CancelToken& cancel) { evaluate(g, x, ir, o, progress, cancel); }));
    }
};

QTEST_GUILESS_MAIN(TestDgiGpu)
#include "tst_dgi_gpu.moc"
