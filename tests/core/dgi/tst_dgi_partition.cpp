// The GNN IR, the C++ model API and the partitioner (core/dgi/ir, model, models, partition,
// drawing): shape checks, golden cuts of the built-in models, DGI's cut rules as invariants checked
// on every model, and the drawing of the cut.

#include "common/error.h"
#include "common/graphviz.h"
#include "dgi/drawing.h"
#include "dgi/model.h"
#include "dgi/models.h"
#include "dgi/partition.h"

#include <QTest>

#include <algorithm>

using namespace vantage;
using namespace vantage::dgi;

namespace {

template <typename F> Error errorOf(F f)
{
    try {
        f();
    } catch (const Error& e) {
        return e;
    }
    return Error("no error thrown");
}

// The IR as a small model would record it by hand, to test the partitioner on shapes the built-in
// models do not have.
class Custom final : public GnnModel {
public:
    using Body = std::function<Value(Tracer&, const Value&)>;
    Custom(std::int64_t in, Body body)
        : m_in(in)
        , m_body(std::move(body))
    { }
    std::string name() const override { return "custom"; }
    std::int64_t inputWidth() const override { return m_in; }
    Value forward(Tracer& g, const Value& x) const override { return m_body(g, x); }

private:
    std::int64_t m_in;
    Body m_body;
};

// Invariants every cut must satisfy, checked independently of how the partitioner found it.
void checkCutRules(const GnnIr& ir, const LayerSchema& s)
{
    const auto live = ir.live();
    // 1. Only per-node tensors cross a cut.
    for (const auto& t : s.tensors)
        QCOMPARE(int(ir.op(t.value).space), int(Space::Node));
    // 2. Every op a layer runs reads, for values of other layers, only cut tensors (or the graph
    //    and parameters), and never a value of a later layer.
    for (const auto& plan : s.layers) {
        std::vector<int> ops = plan.sourceOps;
        ops.insert(ops.end(), plan.blockOps.begin(), plan.blockOps.end());
        for (int v : ops)
            for (int u : ir.op(v).inputs) {
                const ValueRole r = s.roles[static_cast<std::size_t>(u)];
                if (r == ValueRole::Global || r == ValueRole::Graph)
                    continue;
                const bool inThisLayer = std::find(ops.begin(), ops.end(), u) != ops.end();
                if (inThisLayer)
                    continue;
                const int t = s.tensorOf(u);
                QVERIFY2(t >= 0,
                    qPrintable(QString("layer %1 reads value %2 (%3) that is no cut tensor")
                                   .arg(plan.index)
                                   .arg(u)
                                   .arg(QString::fromStdString(ir.label(u)))));
                const auto& ct = s.tensors[static_cast<std::size_t>(t)];
                QVERIFY(ct.producer < plan.index);
                QVERIFY(ct.lastConsumer >= plan.index);
            }
        // 3. Each layer ends at its aggregations: at least one per layer.
        QVERIFY(!plan.aggregations.empty());
        // 4. A value gathered by source in a layer exists for every node before the blocks run: it
        //    is a cut tensor of an earlier layer, a source-pass value, or a graph query.
        for (int v : plan.blockOps) {
            if (ir.op(v).kind != OpKind::GatherSrc)
                continue;
            const int u = ir.op(v).inputs[0];
            const ValueRole r = s.roles[static_cast<std::size_t>(u)];
            const bool source = std::find(plan.sourceOps.begin(), plan.sourceOps.end(), u) != plan.sourceOps.end();
            QVERIFY(r == ValueRole::Graph || r == ValueRole::Input || source
                || (s.tensorOf(u) >= 0 && s.tensors[static_cast<std::size_t>(s.tensorOf(u))].producer < plan.index));
        }
    }
    // 5. Tensors are freed after their last reader and not before; the input and output never.
    for (std::size_t i = 0; i < s.tensors.size(); ++i) {
        const auto& t = s.tensors[i];
        int freedAt = -1;
        for (const auto& plan : s.layers)
            if (std::find(plan.freed.begin(), plan.freed.end(), int(i)) != plan.freed.end())
                freedAt = plan.index;
        if (t.isInput || t.isOutput)
            QCOMPARE(freedAt, -1);
        else
            QCOMPARE(freedAt, t.lastConsumer);
    }
    QVERIFY(s.outputTensor >= 0);
    QVERIFY(live[static_cast<std::size_t>(ir.output())]);
}

} // namespace

class TestDgiPartition : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shapeChecks_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("message");
        QTest::newRow("node plus edge") << 0 << "gather the node value";
        QTest::newRow("row dims misaligned") << 1 << "unsqueeze";
        QTest::newRow("linear width") << 2 << "does not match a weight";
        QTest::newRow("gather an edge value") << 3 << "only per-node values";
        QTest::newRow("aggregate a node value") << 4 << "per-edge value";
        QTest::newRow("reduce over rows") << 5 << "not a per-node operation";
        QTest::newRow("reshape count") << 6 << "number of elements";
        QTest::newRow("return an edge value") << 7 << "per-node value";
        QTest::newRow("slice past the end") << 8 << "do not lie on axis";
        QTest::newRow("slice axis out of range") << 9 << "axis out of range";
        QTest::newRow("empty slice") << 10 << "empty slice";
        QTest::newRow("slice step") << 11 << "step must be positive";
    }
    void shapeChecks()
    {
        QFETCH(int, which);
        QFETCH(QString, message);
        const Custom m(8, [which](Tracer& g, const Value& x) -> Value {
            const Value e = gatherSrc(x);
            switch (which) {
            case 0:
                return x + e;
            case 1:
                return x * g.inDegree();
            case 2:
                return Linear("lin", 4, 2, true, 1)(x);
            case 3:
                return aggregate(gatherSrc(e));
            case 4:
                return aggregate(x);
            case 5:
                return sum(x, -2);
            case 6:
                return reshape(x, { 3, 2 });
            case 8:
                return slice(x, -1, 6, 2, 3); // entries 6 and 9 of 8
            case 9:
                return slice(x, 1, 0, 2);
            case 10:
                return slice(x, 0, 8);
            case 11:
                return slice(x, 0, 0, 2, 0);
            default:
                return e;
            }
        });
        const Error err = errorOf([&] { trace(m); });
        QCOMPARE(int(err.kind()), int(Error::Kind::InvalidInput));
        QVERIFY2(QString(err.what()).contains(message), err.what());
    }

    void broadcastingFollowsPyTorch()
    {
        const Custom m(6, [](Tracer& g, const Value& x) {
            const Value h = reshape(x, { 2, 3 }); // [N, 2, 3]
            const Value s = h * g.use(Parameter::filled("p", { 1, 2, 1 }, 2.0f)); // leading 1 aligns with rows
            const Value t = s + unsqueeze(unsqueeze(g.inDegree())); // [N, 1, 1]
            return aggregate(gatherSrc(flatten(t)));
        });
        const GnnIr ir = trace(m);
        QCOMPARE(ir.op(ir.output()).shape, (std::vector<std::int64_t>{ 6 }));
    }

    void goldenCuts_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("tensors"); // input, cut tensors, output
        QTest::addColumn<int>("firstCut"); // width of the tensor after layer 0
        QTest::addColumn<int>("secondCut"); // after layer 1
        QTest::newRow("gcn") << int(ModelKind::Gcn) << 3 << 4 << 16 << 5; // the last linear (16 -> 5) narrows the cut
        QTest::newRow("sage") << int(ModelKind::Sage) << 3 << 4 << 16 << 16;
        QTest::newRow("gat") << int(ModelKind::Gat) << 3 << 4 << 16 << 16;
        // GIN's first cut lies before its MLP: (1 + eps) h + sum, as wide as the layer's input.
        QTest::newRow("gin") << int(ModelKind::Gin) << 3 << 4 << 12 << 16;
        QTest::newRow("jknet") << int(ModelKind::JkNet) << 3 << 4 << 16 << 16;
    }
    void goldenCuts()
    {
        QFETCH(int, kind);
        QFETCH(int, layers);
        QFETCH(int, tensors);
        QFETCH(int, firstCut);
        QFETCH(int, secondCut);
        const ModelSpec spec{
            .kind = ModelKind(kind), .inputWidth = 12, .hidden = 16, .outputWidth = 5, .layers = 3, .heads = 4
        };
        const GnnIr ir = buildModel(spec);
        const LayerSchema s = partitionIntoLayers(ir);
        const std::string schema = toJson(s, ir).dump(1);
        QVERIFY2(int(s.layers.size()) == layers && int(s.tensors.size()) == tensors, schema.c_str());
        checkCutRules(ir, s);
        // The cut tensors between layers are the hidden embeddings, one per layer boundary.
        for (const auto& t : s.tensors) {
            if (t.isInput) {
                QCOMPARE(t.width, std::int64_t{ 12 });
                QCOMPARE(t.producer, -1);
            } else if (t.isOutput) {
                QCOMPARE(t.width, std::int64_t{ 5 });
                QCOMPARE(t.producer, 2);
                QCOMPARE(t.lastConsumer, 3);
            } else {
                const std::int64_t w = t.producer == 0 ? firstCut : secondCut;
                QCOMPARE(t.width, w);
                QCOMPARE(t.bytes(1000), 1000 * w * 4);
                QCOMPARE(t.bytes(1000, DType::Float64), 1000 * w * 8);
            }
        }
    }

    void gcnLayerStructure()
    {
        const GnnIr ir = buildModel({ .kind = ModelKind::Gcn, .inputWidth = 8, .hidden = 8, .layers = 3 });
        const LayerSchema s = partitionIntoLayers(ir);
        for (const auto& plan : s.layers) {
            QCOMPARE(plan.aggregations.size(), std::size_t{ 1 });
            // The layer's linear runs in the source pass, once per node, not per block.
            bool linearInSource = false;
            for (int v : plan.sourceOps)
                linearInSource |= ir.op(v).kind == OpKind::Linear;
            QVERIFY(linearInSource);
            // The symmetric norm is recomputed in every layer from the graph, never stored.
            bool degree = false;
            for (int v : plan.blockOps)
                degree |= ir.op(v).kind == OpKind::InDegree;
            QVERIFY(degree);
        }
        // Layers 0 and 1 hand a relu'd embedding on; each is freed by its only reader.
        QCOMPARE(s.layers[0].outputs.size(), std::size_t{ 1 });
        const auto& t0 = s.tensors[static_cast<std::size_t>(s.layers[0].outputs[0])];
        QCOMPARE(int(ir.op(t0.value).kind), int(OpKind::Unary));
        QCOMPARE(t0.lastConsumer, 1);
        QCOMPARE(s.layers[1].freed, std::vector<int>{ s.layers[0].outputs[0] });
    }

    void jkNetKeepsTheFirstLayerToTheEnd()
    {
        const GnnIr ir = buildModel({ .kind = ModelKind::JkNet, .inputWidth = 8, .hidden = 8, .layers = 3 });
        const LayerSchema s = partitionIntoLayers(ir);
        QCOMPARE(int(s.layers.size()), 3);
        const auto& out0 = s.tensors[static_cast<std::size_t>(s.layers[0].outputs.at(0))];
        QCOMPARE(out0.producer, 0);
        QCOMPARE(out0.lastConsumer, 2); // read by the concatenation in the last layer
        const auto& out1 = s.tensors[static_cast<std::size_t>(s.layers[1].outputs.at(0))];
        QCOMPARE(out1.lastConsumer, 2);
        // Freed only when the last layer ends: both at once.
        QCOMPARE(s.layers[0].freed.size(), std::size_t{ 0 });
        QCOMPARE(s.layers[1].freed.size(), std::size_t{ 0 });
        QCOMPARE(s.layers[2].freed.size(), std::size_t{ 2 });
        // The last layer reads two cut tensors (and the skip from layer 0).
        QCOMPARE(s.layers[2].inputs.size(), std::size_t{ 2 });
        checkCutRules(ir, s);
    }

    void perEdgeValueReusedByALaterLayerIsRecomputed()
    {
        // Attention scores from the input features, reused in layer 2: never stored per edge.
        const Custom m(4, [](Tracer& g, const Value& x) {
            const Linear lin("l1", 4, 4, false, 1);
            const Linear lin2("l2", 4, 4, false, 1);
            const Value score = edgeSoftmax(sum(gatherSrc(x) * gatherDst(x), -1, true)); // [E, 1]
            const Value h1 = relu(aggregate(gatherSrc(lin(x)) * score));
            const Value h2 = aggregate(gatherSrc(lin2(h1)) * score);
            (void)g;
            return h2;
        });
        const GnnIr ir = trace(m);
        const LayerSchema s = partitionIntoLayers(ir);
        QCOMPARE(int(s.layers.size()), 2);
        checkCutRules(ir, s);
        // The softmax runs in both layers; x stays alive for layer 1 to recompute it.
        int softmaxes = 0;
        for (const auto& plan : s.layers)
            for (int v : plan.blockOps)
                softmaxes += ir.op(v).kind == OpKind::EdgeSoftmax;
        QCOMPARE(softmaxes, 2);
        QCOMPARE(s.tensors[static_cast<std::size_t>(s.inputTensor)].lastConsumer, 1);
    }

    void elementwiseAfterAggregationStays()
    {
        // agg -> +b -> relu -> *2 stays in layer 0; the linear after it starts layer 1.
        const Custom m(4, [](Tracer& g, const Value& x) {
            const Value h = relu(aggregate(gatherSrc(x)) + g.use(Parameter::filled("b", { 4 }, 0.5f))) * 2.0;
            const Linear lin("next", 4, 6, true, 2); // wider than h: the cut is h
            return aggregate(gatherSrc(lin(h)), Reduction::Max);
        });
        const GnnIr ir = trace(m);
        const LayerSchema s = partitionIntoLayers(ir);
        QCOMPARE(int(s.layers.size()), 2);
        const auto& cut = s.tensors[static_cast<std::size_t>(s.layers[0].outputs.at(0))];
        QCOMPARE(int(ir.op(cut.value).kind), int(OpKind::Binary)); // the "* 2"
        QCOMPARE(cut.width, std::int64_t{ 4 });
        checkCutRules(ir, s);
    }

    void noAggregationIsOneLayer()
    {
        const Custom m(4, [](Tracer&, const Value& x) { return relu(Linear("mlp", 4, 2, true, 1)(x)); });
        const GnnIr ir = trace(m);
        const LayerSchema s = partitionIntoLayers(ir);
        QCOMPARE(int(s.layers.size()), 1);
    }

    void schemaJsonAndDrawing()
    {
        const GnnIr ir = buildModel({ .kind = ModelKind::Gat, .inputWidth = 8, .hidden = 16, .layers = 2, .heads = 2 });
        const LayerSchema s = partitionIntoLayers(ir);
        const Json j = toJson(s, ir, 1000000);
        QCOMPARE(j["layers"].size(), std::size_t{ 2 });
        QCOMPARE(j["tensors"][1]["bytes"].get<std::int64_t>(), std::int64_t{ 1000000 * 16 * 4 });
        QVERIFY(j["peak_live_tensor_bytes"].get<std::int64_t>() >= 1000000LL * (8 + 16) * 4);
        const std::string dot = layerCutDot(ir, s, { .numNodes = 1000000 });
        QVERIFY(dot.find("cluster_layer0") != std::string::npos);
        QVERIFY(dot.find("cluster_layer1") != std::string::npos);
        QVERIFY(dot.find("1000000 x 16 x 4 B = 64.0 MB") != std::string::npos);
        QVERIFY(dot.find("invhouse") != std::string::npos); // aggregations drawn apart
        const std::string svg = renderDotToSvg(dot);
        QVERIFY(svg.find("<svg") != std::string::npos);
        QVERIFY(svg.find("layer 2") != std::string::npos); // clusters named from 1, as people count
        QVERIFY(svg.find("layer 0") == std::string::npos);
        QCOMPARE(QString::fromStdString(cutSizeLabel(0, 64, DType::Float32)), QString("64 x 4 B per node"));

        // In another language every word of the drawing is that language's, in both kinds of drawing.
        DrawWords de;
        de.layerOne = "{n} Schicht", de.layerMany = "{n} Schichten", de.opOne = "{n} Op", de.opMany = "{n} Ops";
        de.tensorOne = "{n} Tensor", de.tensorMany = "{n} Tensoren";
        de.aggregationOne = "{n} Aggregation", de.aggregationMany = "{n} Aggregationen";
        de.dense = "{n} dicht", de.perEdge = "{n} je Kante", de.perNode = "{n} je Knoten";
        de.boxPerLayer = "ein Kasten je Schicht", de.boxPerLayers = "ein Kasten je {n} Schichten";
        de.layerBox = "Schicht {n}", de.layersBox = "Schichten {a}-{b}";
        de.sourcePass = "Quelldurchlauf", de.blocks = "Blöcke", de.output = "Ausgabe";
        de.bytesPerNode = "{w} x {s} B je Knoten";
        for (const std::size_t maxOps : { std::size_t(400), std::size_t(0) }) {
            const std::string german = layerCutDot(ir, s, { .maxDrawnOps = maxOps, .words = de });
            // (ids such as cluster_layer0 are Graphviz's, not shown)
            for (const char* english :
                { "\"layer ", " layers", " ops", "source pass", "blocks (", "\"output ", "per node", "a box" })
                QVERIFY2(german.find(english) == std::string::npos, english);
            QVERIFY(german.find("Schicht 2") != std::string::npos);
            QVERIFY(german.find("Ausgabe [N") != std::string::npos);
            QVERIFY(german.find("16 x 4 B je Knoten") != std::string::npos);
            QVERIFY(german.find(maxOps == 0 ? "ein Kasten je Schicht" : "Quelldurchlauf") != std::string::npos);
        }
    }

    // Graphviz took 36 s for a user's model of 1,500 ops (minutes for deeper ones), in every
    // evaluation and on the page: past maxDrawnOps the cut is a box per layer, past maxBoxes a
    // box per run of layers, each saying what its ops are, the crossing tensors still labelled.
    void largeCutsAreDrawnABoxPerLayer()
    {
        const GnnIr jk = buildModel({ .kind = ModelKind::JkNet, .inputWidth = 8, .hidden = 16, .layers = 3 });
        const LayerSchema s = partitionIntoLayers(jk);
        const auto has
            = [](const std::string& dot, const std::string& text) { return dot.find(text) != std::string::npos; };
        QVERIFY(has(layerCutDot(jk, s, { .numNodes = 1000 }), "cluster_layer2")); // small: every op
        const std::string boxes = layerCutDot(jk, s, { .numNodes = 1000, .maxDrawnOps = 0 });
        QVERIFY2(!has(boxes, "cluster_layer"), boxes.c_str());
        QVERIFY2(has(boxes, "(a box per layer)"), boxes.c_str());
        for (int l = 0; l < 3; ++l)
            QVERIFY2(has(boxes, "b" + std::to_string(l) + " [label=\"layer " + std::to_string(l + 1) + "\\n"),
                boxes.c_str());
        QVERIFY(has(boxes, "1 aggregation")); // what each box holds
        // x into layer 1; each layer's output on, and layer 1's also to the last (JK's skip). Boxes
        // are named from 1, as people count layers (the page's table, the progress); their ids from 0.
        QVERIFY2(has(boxes, "input -> b0 [label=\"1000 x 8 x 4 B = 32.0 KB\"]"), boxes.c_str());
        QVERIFY(has(boxes, "b0 -> b1 [label=\"1000 x 16 x 4 B = 64.0 KB\"]"));
        QVERIFY(has(boxes, "b0 -> b2 [label=\"1000 x 16 x 4 B = 64.0 KB\"]"));
        QVERIFY(has(boxes, "b1 -> b2 [label=\"1000 x 16 x 4 B = 64.0 KB\"]"));
        QVERIFY(has(boxes, "b2 -> output"));
        QVERIFY(!has(boxes, "input -> b1") && !has(boxes, "input -> b2"));
        QVERIFY(renderDotToSvg(boxes).find("<svg") != std::string::npos);

        // Two layers a box: what crosses from box 0 to box 1 is summed.
        const std::string runs = layerCutDot(jk, s, { .numNodes = 1000, .maxDrawnOps = 0, .maxBoxes = 2 });
        QVERIFY2(has(runs, "(a box per 2 layers)"), runs.c_str());
        QVERIFY(has(runs, "b0 [label=\"layers 1-2\\n"));
        QVERIFY(has(runs, "b1 [label=\"layer 3\\n"));
        QVERIFY2(has(runs, "b0 -> b1 [label=\"2 tensors: 1000 x 32 x 4 B = 128 KB\"]"), runs.c_str());
        QVERIFY(!has(runs, "b0 -> b0"));

        // A 64-layer GCN (over 400 ops): a box per layer by default; 16 boxes of four layers asked.
        const GnnIr deep = buildModel({ .kind = ModelKind::Gcn, .inputWidth = 8, .hidden = 8, .layers = 64 });
        const LayerSchema ds = partitionIntoLayers(deep);
        const std::string perLayer = layerCutDot(deep, ds);
        QVERIFY2(has(perLayer, "64 layers") && has(perLayer, "(a box per layer)"), perLayer.substr(0, 300).c_str());
        QVERIFY(has(perLayer, "b63 [label=\"layer 64\\n") && !has(perLayer, "cluster_layer"));
        const std::string dot = layerCutDot(deep, ds, { .maxBoxes = 16 });
        QVERIFY2(has(dot, "(a box per 4 layers)"), dot.substr(0, 300).c_str());
        QVERIFY(has(dot, "b15 [label=\"layers 61-64\\n") && !has(dot, "b16 "));
        for (int b = 0; b < 15; ++b)
            QVERIFY(
                has(dot, "b" + std::to_string(b) + " -> b" + std::to_string(b + 1) + " [label=\"8 x 4 B per node\"]"));
        QVERIFY(has(dot, "b15 -> output"));
        QVERIFY(has(renderDotToSvg(dot), "layers 61&#45;64")); // Graphviz writes the dash as an entity
    }

    void modelSpecErrors()
    {
        QCOMPARE(
            QString::fromStdString(
                errorOf([] { buildModel({ .kind = ModelKind::Gat, .hidden = 10, .heads = 3 }); }).field().value_or("")),
            QString("hidden"));
        QCOMPARE(QString::fromStdString(errorOf([] { enumFromName<ModelKind>("transformer"); }).field().value_or("")),
            QString("model"));
        QCOMPARE(int(errorOf([] { buildModel({ .layers = 0 }); }).kind()), int(Error::Kind::InvalidInput));
    }

    void weightsAreSeeded()
    {
        const GnnIr a = buildModel({ .kind = ModelKind::Sage, .seed = 5 });
        const GnnIr b = buildModel({ .kind = ModelKind::Sage, .seed = 5 });
        const GnnIr c = buildModel({ .kind = ModelKind::Sage, .seed = 6 });
        QCOMPARE(a.parameters().size(), b.parameters().size());
        QVERIFY(a.parameters()[0].values == b.parameters()[0].values);
        QVERIFY(a.parameters()[0].values != c.parameters()[0].values);
        QCOMPARE(a.parameterCount(), c.parameterCount());
    }
};

QTEST_GUILESS_MAIN(TestDgiPartition)
#include "tst_dgi_partition.moc"
