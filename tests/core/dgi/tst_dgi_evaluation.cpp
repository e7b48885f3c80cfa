// Evaluation (core/dgi/evaluation): layer-wise output against the full-graph forward and against a
// GCN computed here with plain loops, for every built-in model; invariance to batch caps, reordering
// and store placement; node-wise rows; out of core under a tiny budget; partial requests; cancel.

#include "../cancel_mid_run.h"
#include "common/error.h"
#include "dgi/evaluation.h"
#include "dgi/generators.h"
#include "dgi/graph_io.h"
#include "dgi/model.h"
#include "dgi/models.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <thread>

using namespace vantage;
using namespace vantage::dgi;

Q_DECLARE_METATYPE(vantage::dgi::ModelKind)

namespace {

EvalResult run(const Graph& g, const NodeMatrix& x, const GnnIr& ir, EvalOptions o)
{
    NullProgress p;
    return evaluate(g, x, ir, o, p, CancelToken());
}

// The same rows, columns, type and bits.
bool sameBits(const NodeMatrix& a, const NodeMatrix& b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a.dtype() == b.dtype()
        && std::memcmp(a.data(), b.data(), a.bytes()) == 0;
}

// allclose(a, b, rtol, atol) as NumPy defines it.
bool allClose(const NodeMatrix& a, const NodeMatrix& b, double rtol, double atol, QString* why = nullptr)
{
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
        if (why)
            *why = "shapes differ";
        return false;
    }
    for (std::int64_t r = 0; r < a.rows(); ++r)
        for (std::int64_t c = 0; c < a.cols(); ++c)
            if (!(std::abs(a.at(r, c) - b.at(r, c)) <= atol + rtol * std::abs(b.at(r, c)))) {
                if (why)
                    *why = QString("row %1 col %2: %3 vs %4").arg(r).arg(c).arg(a.at(r, c)).arg(b.at(r, c));
                return false;
            }
    return true;
}

Graph testGraph(std::int64_t n = 1500)
{
    // Power-law in-degrees, symmetric, with self-loops (GCN's A + I), plus one node without in-edges.
    NullProgress quiet;
    const CancelToken never;
    EdgeList e = generateRmat({ .nodes = n, .avgDegree = 4, .seed = 11 }, quiet, never);
    EdgeList kept;
    for (std::size_t i = 0; i < e.src.size(); ++i)
        if (e.src[i] != n - 1 && e.dst[i] != n - 1) {
            kept.src.push_back(e.src[i]);
            kept.dst.push_back(e.dst[i]);
        }
    Graph g = buildGraph(std::move(kept), { .symmetrize = true, .selfLoops = SelfLoops::Remove }, {}, quiet, never);
    EdgeList all = toEdgeList(g);
    all.numNodes = n;
    for (std::int64_t v = 0; v + 1 < n; ++v) {
        all.src.push_back(v);
        all.dst.push_back(v);
    }
    all.src.push_back(n - 1); // node n-1 only sends
    all.dst.push_back(0);
    return buildGraph(std::move(all), {}, {}, quiet, never);
}

const IrParameter& param(const GnnIr& ir, const std::string& name)
{
    for (const auto& p : ir.parameters())
        if (p.name == name)
            return p;
    throw Error::failure("no parameter " + name);
}

// GCN with plain loops in double: h' = sum_s norm(s) norm(d) W h_s + b, norm = 1/sqrt(max(indeg, 1)).
std::vector<std::vector<double>> gcnByHand(const Graph& g, const NodeMatrix& x, const GnnIr& ir, int layers)
{
    const std::int64_t n = g.numNodes();
    std::vector<std::vector<double>> h(static_cast<std::size_t>(n));
    for (std::int64_t v = 0; v < n; ++v)
        h[static_cast<std::size_t>(v)] = x.row(v);
    std::vector<double> norm(static_cast<std::size_t>(n));
    for (std::int64_t v = 0; v < n; ++v)
        norm[static_cast<std::size_t>(v)] = 1.0 / std::sqrt(std::max<double>(1.0, static_cast<double>(g.inDegree(v))));
    for (int l = 1; l <= layers; ++l) {
        const auto& W = param(ir, "conv" + std::to_string(l) + ".weight");
        const auto& b = param(ir, "conv" + std::to_string(l) + ".bias");
        const auto out = W.shape[0];
        const auto in = W.shape[1];
        std::vector<std::vector<double>> hw(
            static_cast<std::size_t>(n), std::vector<double>(static_cast<std::size_t>(out)));
        for (std::int64_t v = 0; v < n; ++v)
            for (std::int64_t o = 0; o < out; ++o) {
                double s = 0;
                for (std::int64_t i = 0; i < in; ++i)
                    s += static_cast<double>(W.values[static_cast<std::size_t>(o * in + i)])
                        * h[static_cast<std::size_t>(v)][static_cast<std::size_t>(i)];
                hw[static_cast<std::size_t>(v)][static_cast<std::size_t>(o)] = s;
            }
        std::vector<std::vector<double>> next(
            static_cast<std::size_t>(n), std::vector<double>(static_cast<std::size_t>(out)));
        for (std::int64_t d = 0; d < n; ++d)
            for (std::int64_t o = 0; o < out; ++o) {
                double s = 0;
                for (auto u : g.inNeighbours(d))
                    s += norm[static_cast<std::size_t>(u)] * norm[static_cast<std::size_t>(d)]
                        * hw[static_cast<std::size_t>(u)][static_cast<std::size_t>(o)];
                s += b.values[static_cast<std::size_t>(o)];
                next[static_cast<std::size_t>(d)][static_cast<std::size_t>(o)] = l < layers ? std::max(0.0, s) : s;
            }
        h = std::move(next);
    }
    return h;
}

ModelSpec spec(ModelKind kind)
{
    return { .kind = kind, .inputWidth = 12, .hidden = 16, .outputWidth = 6, .layers = 3, .heads = 4, .seed = 3 };
}

// A two-layer model written here with the C++ API around an edge weight of its own.
class WeightedConv final : public GnnModel {
public:
    using Weight = std::function<Value(Tracer&)>;
    WeightedConv(Weight weight, Reduction r)
        : m_weight(std::move(weight))
        , m_r(r)
        , m_lin1("conv1", 12, 16, true, 4)
        , m_lin2("conv2", 16, 6, true, 5)
    { }
    std::string name() const override { return "weighted"; }
    std::int64_t inputWidth() const override { return 12; }
    Value forward(Tracer& g, const Value& x) const override
    {
        const Value w = m_weight(g);
        const Value h = relu(aggregate(gatherSrc(m_lin1(x)) * w, m_r));
        return aggregate(gatherSrc(m_lin2(h)) * w, m_r);
    }

private:
    Weight m_weight;
    Reduction m_r;
    Linear m_lin1;
    Linear m_lin2;
};

void addModels()
{
    QTest::addColumn<ModelKind>("kind");
    for (auto k : { ModelKind::Gcn, ModelKind::Sage, ModelKind::Gat, ModelKind::Gin, ModelKind::JkNet })
        QTest::newRow(std::string(enumName(k)).c_str()) << k;
}

} // namespace

class TestDgiEvaluation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    Graph m_graph;
    NodeMatrix m_x;

private Q_SLOTS:
    void initTestCase()
    {
        m_graph = testGraph();
        m_x = randomFeatures(m_graph.numNodes(), 12, 5);
    }

    void layerWiseEqualsFullGraph_data()
    {
        QTest::addColumn<ModelKind>("kind");
        QTest::addColumn<bool>("doubles");
        for (auto k : { ModelKind::Gcn, ModelKind::Sage, ModelKind::Gat, ModelKind::Gin, ModelKind::JkNet }) {
            QTest::newRow((std::string(enumName(k)) + " float64").c_str()) << k << true;
            QTest::newRow((std::string(enumName(k)) + " float32").c_str()) << k << false;
        }
    }
    void layerWiseEqualsFullGraph()
    {
        QFETCH(ModelKind, kind);
        QFETCH(bool, doubles);
        const GnnIr ir = buildModel(spec(kind));
        const DType t = doubles ? DType::Float64 : DType::Float32;
        const auto full = run(m_graph, m_x, ir, { .mode = EvalMode::FullGraph, .dtype = t });
        const auto layer
            = run(m_graph, m_x, ir, { .mode = EvalMode::LayerWise, .dtype = t, .nodeCap = 97, .edgeCap = 700 });
        QCOMPARE(layer.layers.size(), std::size_t{ 3 });
        QVERIFY(layer.layers[0].batches > 10);
        QCOMPARE(layer.layers[0].edges, m_graph.numEdges());
        QCOMPARE(layer.output.rows(), m_graph.numNodes());
        QCOMPARE(layer.output.cols(), std::int64_t{ 6 });
        QVERIFY(layer.peakRssBytes > 10 << 20); // at least LibTorch's own footprint
        QString why;
        if (doubles) {
            const double d = maxAbsDifference(layer.output, full.output);
            QVERIFY2(d <= 1e-9, qPrintable(QString::number(d)));
        } else {
            QVERIFY2(allClose(layer.output, full.output, 1e-4, 1e-5, &why), qPrintable(why));
        }
        // The output is not trivially zero or constant.
        QVERIFY(std::abs(full.output.at(3, 1) - full.output.at(40, 1)) > 1e-6);
    }

    void gcnMatchesLoopsComputedHere()
    {
        const Graph g = testGraph(300);
        const NodeMatrix x = randomFeatures(300, 12, 9);
        const GnnIr ir = buildModel(spec(ModelKind::Gcn));
        const auto want = gcnByHand(g, x, ir, 3);
        for (auto mode : { EvalMode::LayerWise, EvalMode::HandwrittenGcn, EvalMode::FullGraph, EvalMode::NodeWise }) {
            const auto got
                = run(g, x, ir, { .mode = mode, .dtype = DType::Float64, .nodeCap = 13, .nodeWiseBatch = 50 });
            double worst = 0;
            for (std::int64_t v = 0; v < 300; ++v)
                for (std::int64_t c = 0; c < 6; ++c)
                    worst = std::max(worst,
                        std::abs(got.output.at(v, c) - want[static_cast<std::size_t>(v)][static_cast<std::size_t>(c)]));
            QVERIFY2(worst <= 1e-9,
                qPrintable(QString("%1: %2").arg(QString::fromStdString(std::string(enumName(mode)))).arg(worst)));
        }
    }

    void outputIsInvariantToBatchCaps_data()
    {
        QTest::addColumn<ModelKind>("kind");
        QTest::addColumn<qint64>("nodeCap");
        const qint64 n = 1500;
        for (auto k : { ModelKind::Gat, ModelKind::JkNet, ModelKind::Sage })
            for (qint64 cap : { qint64(1), qint64(17), qint64(4096), n }) {
                const std::string name = std::string(enumName(k)) + " nodes " + std::to_string(cap);
                QTest::newRow(name.c_str()) << k << cap;
            }
    }
    void outputIsInvariantToBatchCaps()
    {
        QFETCH(ModelKind, kind);
        QFETCH(qint64, nodeCap);
        const GnnIr ir = buildModel(spec(kind));
        const auto ref = run(m_graph, m_x, ir,
            { .dtype = DType::Float64, .nodeCap = m_graph.numNodes(), .edgeCap = m_graph.numEdges() });
        const auto got = run(
            m_graph, m_x, ir, { .dtype = DType::Float64, .nodeCap = nodeCap, .edgeCap = std::int64_t{ 1 } << 30 });
        const double d = maxAbsDifference(got.output, ref.output);
        QVERIFY2(d <= 1e-9, qPrintable(QString::number(d)));
        QCOMPARE(got.layers[0].batches, (m_graph.numNodes() + nodeCap - 1) / nodeCap);
    }

    void outputIsInvariantToReordering_data()
    {
        QTest::addColumn<ModelKind>("kind");
        QTest::addColumn<int>("reorder");
        for (auto k : { ModelKind::Gcn, ModelKind::Gat, ModelKind::JkNet })
            for (auto r : { Reordering::Bfs, Reordering::Rcm }) {
                const std::string name = std::string(enumName(k)) + " " + std::string(enumName(r));
                QTest::newRow(name.c_str()) << k << int(r);
            }
    }
    void outputIsInvariantToReordering()
    {
        QFETCH(ModelKind, kind);
        QFETCH(int, reorder);
        const GnnIr ir = buildModel(spec(kind));
        const auto ref = run(m_graph, m_x, ir, { .dtype = DType::Float64 });
        for (auto mode : { EvalMode::LayerWise, EvalMode::FullGraph }) {
            const auto got = run(m_graph, m_x, ir,
                { .mode = mode, .dtype = DType::Float64, .nodeCap = 100, .reorder = Reordering(reorder) });
            QCOMPARE(QString::fromStdString(got.reorder),
                QString::fromStdString(std::string(enumName(Reordering(reorder)))));
            const double d = maxAbsDifference(got.output, ref.output);
            QVERIFY2(d <= 1e-9,
                qPrintable(QString("%1: %2").arg(QString::fromStdString(std::string(enumName(mode)))).arg(d)));
        }
    }

    void nodeWiseRowsEqualLayerWise_data() { addModels(); }
    void nodeWiseRowsEqualLayerWise()
    {
        QFETCH(ModelKind, kind);
        const GnnIr ir = buildModel(spec(kind));
        const auto layer = run(m_graph, m_x, ir, { .dtype = DType::Float64 });
        const auto node
            = run(m_graph, m_x, ir, { .mode = EvalMode::NodeWise, .dtype = DType::Float64, .nodeWiseBatch = 128 });
        QVERIFY(!node.extrapolated);
        QCOMPARE(node.batchesDone, (m_graph.numNodes() + 127) / 128);
        const double d = maxAbsDifference(node.output, layer.output);
        QVERIFY2(d <= 1e-9, qPrintable(QString::number(d)));
        // Neighbour explosion: node-wise computes many more rows than layer-wise.
        QVERIFY(node.touchedNodes > 3 * m_graph.numNodes());
        // Layer-wise computes every row of every layer exactly once.
        QCOMPARE(layer.touchedNodes, static_cast<std::int64_t>(layer.layers.size()) * m_graph.numNodes());
        QVERIFY(node.touchedNodes > layer.touchedNodes);
    }

    void nodeWiseExtrapolatesFromSomeBatches()
    {
        const GnnIr ir = buildModel(spec(ModelKind::Gcn));
        const auto layer = run(m_graph, m_x, ir, { .dtype = DType::Float64 });
        const auto node = run(m_graph, m_x, ir,
            { .mode = EvalMode::NodeWise, .dtype = DType::Float64, .nodeWiseBatch = 100, .nodeWiseMaxBatches = 3 });
        QVERIFY(node.extrapolated);
        QCOMPARE(node.batchesDone, std::int64_t{ 3 });
        QCOMPARE(node.batchesTotal, std::int64_t{ 15 });
        QCOMPARE(node.filledRows.size(), std::size_t{ 3 });
        QCOMPARE(node.filledRows[1], (std::pair<std::int64_t, std::int64_t>{ 500, 600 }));
        QVERIFY(node.totalS > node.measuredS * 4.9);
        QVERIFY(maxAbsDifference(node.output, layer.output, node.filledRows) <= 1e-9);
        QVERIFY(toJson(node)["extrapolated"].get<bool>());
    }

    void outOfCoreUnderATinyBudget_data() { addModels(); }
    void outOfCoreUnderATinyBudget()
    {
        QFETCH(ModelKind, kind);
        const GnnIr ir = buildModel(spec(kind));
        const auto ref = run(m_graph, m_x, ir, { .dtype = DType::Float64 });
        QCOMPARE(ref.peakStoreBytesOnDisk, std::int64_t{ 0 });
        // 64 KiB: less than one intermediate (1500 x 16 x 8 B = 188 KiB).
        const auto got = run(m_graph, m_x, ir,
            { .dtype = DType::Float64,
                .memoryBudgetBytes = 64 << 10,
                .spillDirectory = m_dir.path().toStdString(),
                .reorder = Reordering::Rcm });
        QVERIFY(got.peakStoreBytesOnDisk >= 1500 * 16 * 8);
        QVERIFY(got.layers[1].batches > 5);
        const double d = maxAbsDifference(got.output, ref.output);
        QVERIFY2(d <= 1e-9, qPrintable(QString::number(d)));
    }

    void memoryMappedStoresAreBitwiseEqualToRam_data() { addModels(); }
    void memoryMappedStoresAreBitwiseEqualToRam()
    {
        QFETCH(ModelKind, kind);
        const GnnIr ir = buildModel(spec(kind));
        EvalOptions o{ .nodeCap = 211, .edgeCap = 1500, .stores = StorePlacement::Memory };
        const auto ram = run(m_graph, m_x, ir, o);
        o.stores = StorePlacement::Disk;
        o.spillDirectory = m_dir.path().toStdString();
        const auto disk = run(m_graph, m_x, ir, o);
        QCOMPARE(ram.peakStoreBytesOnDisk, std::int64_t{ 0 });
        QVERIFY(disk.peakStoreBytesOnDisk > 0);
        QCOMPARE(disk.peakStoreBytesInMemory, std::int64_t{ 0 });
        QVERIFY(sameBits(ram.output, disk.output));
    }

    void threadsShareTheWorkAndChangeNoBit_data()
    {
        QTest::addColumn<ModelKind>("kind");
        for (auto k : { ModelKind::Gcn, ModelKind::Gat, ModelKind::Sage })
            QTest::newRow(std::string(enumName(k)).c_str()) << k;
    }
    void threadsShareTheWorkAndChangeNoBit()
    {
        // The aggregation kernels run their own parallel loops: compiled without OpenMP they ran on
        // one thread whatever was asked.
        QCOMPARE(intraOpParallelism(2), 2);
        QCOMPARE(intraOpParallelism(1), 1);
        QFETCH(ModelKind, kind);
        const GnnIr ir = buildModel(spec(kind));
        const auto one = run(m_graph, m_x, ir, { .nodeCap = 400, .threads = 1 });
        const auto two = run(m_graph, m_x, ir, { .nodeCap = 400, .threads = 2 });
        const auto all = run(m_graph, m_x, ir, { .nodeCap = 400 });
        QCOMPARE(one.threads, 1);
        QCOMPARE(two.threads, 2);
        QCOMPARE(all.threads, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
        QVERIFY(sameBits(one.output, two.output));
        QVERIFY(sameBits(one.output, all.output));
    }

    void cachedEdgeValuesAndReusedStoresChangeNoBit_data() { addModels(); }
    void cachedEdgeValuesAndReusedStoresChangeNoBit()
    {
        // With room, each layer's stores take the memory of released ones (and graph-only per-edge
        // values that do not factor are cached, edgeWeightsFactoredIntoNodeScalesOrCached); under a
        // tight budget every store is fresh.
        QFETCH(ModelKind, kind);
        const GnnIr ir = buildModel(spec(kind));
        EvalOptions o{ .nodeCap = 211, .edgeCap = 1500, .stores = StorePlacement::Memory };
        const auto roomy = run(m_graph, m_x, ir, o);
        o.memoryBudgetBytes = 64 << 10;
        const auto tight = run(m_graph, m_x, ir, o);
        QVERIFY(sameBits(roomy.output, tight.output));
        QCOMPARE(tight.peakStoreBytesOnDisk, std::int64_t{ 0 });
        // GCN holds two 16-wide embeddings at a time, spare memory included: the next layer's
        // stores take the memory of the ones it released (allocating before releasing held three),
        // and memory no later store can use goes.
        if (kind == ModelKind::Gcn)
            QCOMPARE(roomy.peakStoreBytesInMemory, 2 * m_graph.numNodes() * 16 * 4);
    }

    void edgeWeightsFactoredIntoNodeScalesOrCached_data()
    {
        // A scalar edge weight a[src] * b[dst] of graph-only node values is applied per node (the
        // per-edge weights are never formed); any other graph-only weight is computed in the first
        // layer and cached for the second; a max does not factor.
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("factored");
        QTest::newRow("symmetric, sum") << 0 << 2;
        QTest::newRow("source only, mean") << 1 << 2;
        QTest::newRow("destination only, sum") << 2 << 2;
        QTest::newRow("sum of degrees, cached") << 3 << 0;
        QTest::newRow("symmetric, max, cached") << 4 << 0;
        // 1 / in-degree is infinite for the node without in-edges, which no edge reads: its row is
        // zero, not 0 * inf.
        QTest::newRow("destination only, unclamped") << 5 << 2;
    }
    void edgeWeightsFactoredIntoNodeScalesOrCached()
    {
        QFETCH(int, model);
        QFETCH(int, factored);
        auto norm = [](Tracer& g) { return pow(clampMin(g.inDegree(), 1.0), -0.5); };
        const std::vector<std::pair<WeightedConv::Weight, Reduction>> models{
            { [&](Tracer& g) { return unsqueeze(gatherSrc(norm(g)) * gatherDst(norm(g))); }, Reduction::Sum },
            { [](Tracer& g) { return unsqueeze(gatherSrc(1.0 / clampMin(g.outDegree(), 1.0))); }, Reduction::Mean },
            { [](Tracer& g) { return unsqueeze(gatherDst(1.0 / clampMin(g.inDegree(), 1.0))); }, Reduction::Sum },
            { [](Tracer& g) { return unsqueeze(1.0 / (gatherSrc(g.inDegree()) + gatherDst(g.inDegree()) + 1.0)); },
                Reduction::Sum },
            { [&](Tracer& g) { return unsqueeze(gatherSrc(norm(g)) * gatherDst(norm(g))); }, Reduction::Max },
            { [](Tracer& g) { return unsqueeze(gatherDst(1.0 / g.inDegree())); }, Reduction::Sum },
        };
        const auto& [weight, reduction] = models[static_cast<std::size_t>(model)];
        const GnnIr ir = trace(WeightedConv(weight, reduction));
        const auto full = run(m_graph, m_x, ir, { .mode = EvalMode::FullGraph, .dtype = DType::Float64 });
        EvalOptions o{ .dtype = DType::Float64, .nodeCap = 97, .edgeCap = 700, .stores = StorePlacement::Memory };
        const auto layer = run(m_graph, m_x, ir, o);
        QCOMPARE(layer.factoredAggregations, factored);
        QCOMPARE(layer.edgeCacheBytes, factored > 0 ? std::int64_t{ 0 } : m_graph.numEdges() * 8);
        const double d = maxAbsDifference(layer.output, full.output);
        QVERIFY2(d <= 1e-9, qPrintable(QString::number(d)));
        QVERIFY(std::abs(full.output.at(3, 1) - full.output.at(40, 1)) > 1e-6);
        for (std::int64_t v = 0; v < m_graph.numNodes(); ++v)
            for (std::int64_t c = 0; c < 6; ++c)
                QVERIFY2(std::isfinite(layer.output.at(v, c)), qPrintable(QString("row %1 col %2").arg(v).arg(c)));
        // Without room for the cache every batch computes the weights itself: the same bits.
        o.memoryBudgetBytes = 64 << 10;
        const auto tight = run(m_graph, m_x, ir, o);
        QCOMPARE(tight.edgeCacheBytes, std::int64_t{ 0 });
        QVERIFY(sameBits(layer.output, tight.output));
        // Node-wise (per-batch node subsets) and a partial request on a reordered graph give the
        // same rows.
        const auto node = run(m_graph, m_x, ir,
            { .mode = EvalMode::NodeWise, .dtype = DType::Float64, .nodeWiseBatch = 211, .nodeWiseMaxBatches = 3 });
        QCOMPARE(node.factoredAggregations, factored);
        for (const auto& [b, e] : node.filledRows)
            for (std::int64_t v = b; v < e; ++v)
                for (std::int64_t c = 0; c < 6; ++c)
                    QVERIFY(std::abs(node.output.at(v, c) - layer.output.at(v, c)) <= 1e-12);
        const std::vector<std::int64_t> targets{ 1499, 0, 17, 800 };
        const auto part = run(m_graph, m_x, ir,
            { .dtype = DType::Float64, .nodeCap = 7, .reorder = Reordering::Rcm, .targets = targets });
        for (std::size_t i = 0; i < targets.size(); ++i)
            for (std::int64_t c = 0; c < 6; ++c)
                QVERIFY(
                    std::abs(part.output.at(static_cast<std::int64_t>(i), c) - full.output.at(targets[i], c)) <= 1e-9);
    }

    void gatHubWithMoreInEdgesThanTheEdgeCap()
    {
        NullProgress quiet;
        const CancelToken never;
        EdgeList e = generateErdosRenyi({ .nodes = 400, .avgDegree = 3, .seed = 2 }, quiet, never);
        for (std::int64_t v = 1; v < 400; ++v) { // node 0 hears from everyone
            e.src.push_back(v);
            e.dst.push_back(0);
        }
        const Graph g = buildGraph(std::move(e), { .selfLoops = SelfLoops::Add }, {}, quiet, never);
        QVERIFY(g.inDegree(0) > 300);
        const NodeMatrix x = randomFeatures(400, 12, 1);
        const GnnIr ir = buildModel(spec(ModelKind::Gat));
        const auto full = run(g, x, ir, { .mode = EvalMode::FullGraph, .dtype = DType::Float64 });
        const auto layer = run(g, x, ir, { .dtype = DType::Float64, .nodeCap = 64, .edgeCap = 50 });
        // Every batch holds at most 50 edges, except the hub's, which is a batch of its own.
        QVERIFY(layer.layers[0].batches >= (g.numEdges() - g.inDegree(0)) / 50 + 1);
        const double d = maxAbsDifference(layer.output, full.output);
        QVERIFY2(d <= 1e-9, qPrintable(QString::number(d)));
    }

    void partialRequestWalksTheFrontier()
    {
        const GnnIr ir = buildModel(spec(ModelKind::JkNet));
        const auto full = run(m_graph, m_x, ir, { .dtype = DType::Float64 });
        const std::vector<std::int64_t> targets{ 5, 0, 1499, 17, 800 };
        for (auto mode : { EvalMode::LayerWise, EvalMode::FullGraph, EvalMode::NodeWise }) {
            const auto part = run(m_graph, m_x, ir,
                { .mode = mode,
                    .dtype = DType::Float64,
                    .nodeCap = 7,
                    .reorder = Reordering::Bfs,
                    .targets = targets });
            QCOMPARE(part.output.rows(), std::int64_t{ 5 });
            for (std::size_t i = 0; i < targets.size(); ++i)
                for (std::int64_t c = 0; c < 6; ++c)
                    QVERIFY(std::abs(part.output.at(static_cast<std::int64_t>(i), c) - full.output.at(targets[i], c))
                        <= 1e-9);
        }
        const auto part = run(m_graph, m_x, ir, { .targets = { 3 } });
        QVERIFY(part.touchedNodes < 3 * m_graph.numNodes());
    }

    void largeGraphMatchesFullGraph()
    {
        // 1e5 nodes, float32 (allclose).
        NullProgress quiet;
        const Graph g = generateGraph(
            "rmat:n=100000,deg=6,seed=4", { .symmetrize = true, .selfLoops = SelfLoops::Add }, quiet, CancelToken{});
        const NodeMatrix x = randomFeatures(g.numNodes(), 8, 2);
        const GnnIr ir
            = buildModel({ .kind = ModelKind::Gcn, .inputWidth = 8, .hidden = 16, .outputWidth = 4, .layers = 2 });
        const auto full = run(g, x, ir, { .mode = EvalMode::FullGraph });
        const auto layer = run(g, x, ir, { .memoryBudgetBytes = 8 << 20 });
        QString why;
        QVERIFY2(allClose(layer.output, full.output, 1e-4, 1e-5, &why), qPrintable(why));
        const auto hand = run(g, x, ir, { .mode = EvalMode::HandwrittenGcn });
        QVERIFY2(allClose(hand.output, full.output, 1e-4, 1e-5, &why), qPrintable(why));
    }

    void outputStraightToNpy()
    {
        const GnnIr ir = buildModel(spec(ModelKind::Sage));
        const std::string path = m_dir.filePath("emb.npy").toStdString();
        const auto r = run(m_graph, m_x, ir, { .outputPath = path });
        QVERIFY(r.output.isMapped());
        const NodeMatrix back = loadFeaturesNpy(path, false);
        QCOMPARE(maxAbsDifference(back, r.output), 0.0);
        QCOMPARE(back.cols(), std::int64_t{ 6 });
    }

    void progressAndCancel()
    {
        const GnnIr ir = buildModel(spec(ModelKind::Gcn));
        std::vector<double> fractions;
        CallbackProgress p([&](double f, std::string_view) { fractions.push_back(f); });
        std::vector<int> layersDone;
        EvalOptions o{ .nodeCap = 100 };
        o.layerDone = [&](const LayerStats& l) {
            layersDone.push_back(l.index);
            QVERIFY(l.batches == 15 && l.timeS > 0);
        };
        evaluate(m_graph, m_x, ir, o, p, CancelToken());
        QCOMPARE(layersDone, (std::vector<int>{ 0, 1, 2 }));
        QVERIFY(fractions.size() >= 3);
        for (std::size_t i = 1; i < fractions.size(); ++i)
            QVERIFY(fractions[i] >= fractions[i - 1] - 1e-12);
        QCOMPARE(fractions.back(), 1.0);

        VERIFY_CANCELLED_MID_RUN(testing::cancelMidRun([&](Progress& progress, const CancelToken& cancel) {
            evaluate(m_graph, m_x, ir,
                { .nodeCap = 50, .stores = StorePlacement::Disk, .spillDirectory = m_dir.path().toStdString() },
                progress, cancel);
        }));
        // Spill files are anonymous: nothing is left in the directory.
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files).filter("vantage-dgi").size(), 0);
    }

    void badInputs()
    {
        const GnnIr ir = buildModel(spec(ModelKind::Sage));
        auto kindOf = [&](auto f) {
            try {
                f();
            } catch (const Error& e) {
                return int(e.kind());
            }
            return -1;
        };
        const NodeMatrix narrow = randomFeatures(m_graph.numNodes(), 5, 1);
        QCOMPARE(kindOf([&] { run(m_graph, narrow, ir, {}); }), int(Error::Kind::InvalidInput));
        QCOMPARE(kindOf([&] { run(m_graph, m_x, ir, { .mode = EvalMode::HandwrittenGcn }); }),
            int(Error::Kind::InvalidInput));
        QCOMPARE(kindOf([&] { run(m_graph, m_x, ir, { .mode = EvalMode::FullGraph, .memoryBudgetBytes = 4096 }); }),
            int(Error::Kind::InvalidInput));
        QCOMPARE(kindOf([&] { run(m_graph, m_x, ir, { .targets = { 1, 1 } }); }), int(Error::Kind::InvalidInput));
        QCOMPARE(kindOf([&] { run(m_graph, m_x, ir, { .targets = { 1500 } }); }), int(Error::Kind::InvalidInput));
        QCOMPARE(kindOf([] { enumFromName<EvalMode>("sideways"); }), int(Error::Kind::InvalidInput));
    }
};

QTEST_GUILESS_MAIN(TestDgiEvaluation)
#include "tst_dgi_evaluation.moc"
