// core/ft/cost_model, config and cluster: collective times, op and edge costs checked by hand on
// round numbers; the configuration space (degrees multiply to N, names round-trip, dims respected);
// cluster profiles built in and read from JSON, with errors that name file, line and field.

#include "common/error.h"
#include "common/json.h"
#include "ft/cluster.h"
#include "ft/config.h"
#include "ft/cost_model.h"
#include "ft/op_graph.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

using namespace vantage;
using namespace vantage::ft;

namespace {

bool near(double a, double b, double rel = 1e-12)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

// Round numbers: 100 TFLOP/s fp16 at 50% = 5e13, 1 TB/s HBM at 50% = 5e11 B/s, no kernel
// overhead; 4 devices per node, NVLink 100 GB/s / 1 us, InfiniBand 10 GB/s / 10 us.
// Configurations of 4 devices with the share of an op's output each device holds.
void outputShareRows()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<double>("share");
    QTest::newRow("one device") << "r4" << 1.0;
    QTest::newRow("data parallel") << "b4" << 0.25;
    QTest::newRow("batch, replicated twice") << "b2r2" << 0.5;
}

ClusterProfile roundCluster()
{
    ClusterProfile c;
    c.name = "round";
    c.device = { .name = "R",
        .peakFlops16 = 100e12,
        .peakFlops32 = 10e12,
        .memoryBytes = 64e9,
        .memoryBandwidth = 1e12,
        .efficiency = 0.5,
        .kernelOverhead = 0.0 };
    c.devicesPerNode = 4;
    c.intraNode = { .bandwidth = 100e9, .latency = 1e-6 };
    c.interNode = { .bandwidth = 10e9, .latency = 10e-6 };
    return c;
}

// fc0 reads data [8 x 1024 x 128 positions]; fc1: 1024 -> 4096 (4,194,304 weights, no bias);
// fc2: 4096 -> 1024, the Megatron MLP pair.
OpGraph mlp()
{
    OpGraph g;
    Op fc0;
    fc0.name = "fc0";
    fc0.kind = OpKind::Linear;
    fc0.outFeatures = 1024;
    fc0.input = { 8, 1024, 128, 1, false };
    g.add(fc0);
    Op fc1;
    fc1.name = "fc1";
    fc1.kind = OpKind::Linear;
    fc1.outFeatures = 4096;
    fc1.inputs = { 0 };
    g.add(fc1);
    Op fc2;
    fc2.name = "fc2";
    fc2.kind = OpKind::Linear;
    fc2.outFeatures = 1024;
    fc2.inputs = { 1 };
    g.add(fc2);
    return g;
}

} // namespace

class TestCostModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void collectivesByHand()
    {
        const LinkProfile l{ .bandwidth = 100e9, .latency = 10e-6 };
        // Ring: 2 (p-1) alpha + 2 (p-1)/p n/beta = 14 * 1e-5 + 1.75 * 1e9 / 1e11 = 0.00014 + 0.0175.
        QVERIFY(near(collective::ringAllReduce(1e9, 8, l), 0.01764));
        // Tree: 2 log2(8) alpha + 2 n/beta = 6e-5 + 0.02.
        QVERIFY(near(collective::treeAllReduce(1e9, 8, l), 0.02006));
        QVERIFY(near(collective::allReduce(1e9, 8, l), 0.01764)); // large message: ring
        // 1 KB on 64 devices: ring pays 126 latencies, the tree 12.
        QVERIFY(near(collective::ringAllReduce(1e3, 64, l), 126e-5 + 2.0 * 63 / 64 * 1e-8));
        QVERIFY(near(collective::allReduce(1e3, 64, l), 12e-5 + 2e-8));
        // All-gather of an 8 GB result: 7 alpha + 7/8 * 8e9 / 1e11.
        QVERIFY(near(collective::allGather(8e9, 8, l), 7e-5 + 0.07));
        QVERIFY(near(collective::reduceScatter(8e9, 8, l), 7e-5 + 0.07));
        QVERIFY(near(collective::allToAll(8e9, 8, l), 7e-5 + 0.07));
        QVERIFY(near(collective::pointToPoint(1e6, l), 1e-5 + 1e-5));
        QCOMPARE(collective::allReduce(1e9, 1, l), 0.0);
        QCOMPARE(collective::allGather(0.0, 8, l), 0.0);
    }

    void dataParallelLinearByHand()
    {
        const OpGraph g = mlp();
        const Op& fc1 = g.op(1);
        QCOMPARE(fc1.params, std::int64_t(4194304));
        QCOMPARE(fc1.forwardFlops, 2.0 * 8 * 128 * 1024 * 4096);
        const CostModel model(roundCluster(), 4);
        const OpCost c = model.opCost(fc1, OpConfig{ .batch = 4 });
        // Each device: 2 of 8 samples. Forward 2*2*128*1024*4096 = 2.147e9 FLOP at 5e13 = 42.9 us;
        // its bytes (a quarter of input and output in fp16, 8 MiB of fp16 weights: 11.0 MB) at
        // 5e11 B/s take 22.0 us, so FLOPs bound. Backward is twice the forward.
        const double pass = 2.0 * 2 * 128 * 1024 * 4096 / 5e13;
        // The Adam step reads and writes 2 x (2 + 12) bytes per weight at 5e11 B/s.
        const double step = 4194304.0 * 28 / 5e11;
        QVERIFY(near(c.compute, 3 * pass + step));
        // Gradient all-reduce of 8 MiB fp16 over the 4 devices of one node (ring):
        // 6 us + 2 * 3/4 * 8388608 / 1e11.
        QVERIFY(near(c.gradientSync, 6e-6 + 1.5 * 8388608 / 100e9));
        QCOMPARE(c.collectives, 0.0);
        // Memory, mixed-precision Adam: 2 + 2 + 12 bytes per weight, all replicated.
        QCOMPARE(c.weights, 4194304.0 * 2);
        QCOMPARE(c.gradients, 4194304.0 * 2);
        QCOMPARE(c.optimizerState, 4194304.0 * 12);
        // Activations: the fp16 output of 2 samples.
        QCOMPARE(c.activations, 2.0 * 128 * 4096 * 2);
        QVERIFY(near(c.time(), c.compute + c.gradientSync));
    }

    void megatronMlpCollectives()
    {
        const OpGraph g = mlp();
        const CostModel model(roundCluster(), 4);
        // fc1 column-parallel: weights split 4 ways, no gradient all-reduce (no data parallelism),
        // and the input gradient all-reduced in backward: 8*1024*128 fp16 = 2 MiB over 4 devices.
        const OpCost c1 = model.opCost(g.op(1), OpConfig{ .out = 4 });
        QCOMPARE(c1.gradientSync, 0.0);
        QCOMPARE(c1.weights, 4194304.0 / 4 * 2);
        QCOMPARE(c1.optimizerState, 4194304.0 / 4 * 12);
        const LinkProfile nvlink{ .bandwidth = 100e9, .latency = 1e-6 };
        QVERIFY(near(c1.collectives, collective::allReduce(8.0 * 1024 * 128 * 2, 4, nvlink)));
        // fc2 row-parallel: its output (8*1024*128 fp16) all-reduced in forward.
        const OpCost c2 = model.opCost(g.op(2), OpConfig{ .reduce = 4 });
        QVERIFY(near(c2.collectives, collective::allReduce(8.0 * 1024 * 128 * 2, 4, nvlink)));
        // Column then row: fc2 reads fc1's feature split where it lies, the edge costs nothing.
        const EdgeCost e = model.edgeCost(g, g.edges()[1], OpConfig{ .out = 4 }, OpConfig{ .reduce = 4 });
        QCOMPARE(e.time, 0.0);
        QCOMPARE(e.memory, 0.0);
        // fc0 reads data: no input gradient to all-reduce.
        QCOMPARE(model.opCost(g.op(0), OpConfig{ .out = 4 }).collectives, 0.0);
    }

    // A grouped conv (depthwise here) split by output channels takes whole groups with their own
    // input channels: no input gradient is summed across the split, and a producer that split the
    // same channels hands them over where they lie; a plain conv after it needs all its input.
    void groupedConvSplitsWholeGroups()
    {
        const OpGraph g = opGraphFromText(R"({"ops": [
{"name": "pw", "kind": "conv2d", "batch": 4, "channels": 3, "height": 16, "width": 16, "out": 32},
{"name": "dw", "kind": "conv2d", "inputs": ["pw"], "out": 32, "groups": 32, "kernel": 3, "padding": 1},
{"name": "plain", "kind": "conv2d", "inputs": ["dw"], "out": 64}]})",
            "grouped.json");
        for (const auto& c : enumerateConfigs(g.op(1), 8))
            QCOMPARE(c.reduce, 1); // one input channel a group: nothing to split as a reduction
        QVERIFY(!enumerateConfigs(g.op(2), 8).empty());
        const CostModel model(roundCluster(), 4);
        const OpConfig out4{ .out = 4 };
        QCOMPARE(model.opCost(g.op(1), out4).collectives, 0.0);
        QVERIFY(model.opCost(g.op(2), out4).collectives > 0.0); // Megatron's input all-reduce
        QCOMPARE(model.edgeCost(g, g.edges()[0], out4, out4).time, 0.0);
        QVERIFY(model.edgeCost(g, g.edges()[1], out4, out4).time > 0.0); // the plain conv gathers its input
        // A quarter of the groups: a quarter of the weights and of the work.
        const OpCost whole = model.opCost(g.op(1), OpConfig{ .replica = 4 });
        const OpCost quarter = model.opCost(g.op(1), out4);
        QVERIFY(near(quarter.weights, whole.weights / 4));
    }

    void repartitionByHand()
    {
        const CostModel model(roundCluster(), 4);
        const double T = 4e8;
        TensorLayout batch, features, replicated;
        batch.push(TensorDim::Batch, 4);
        features.push(TensorDim::Features, 4);
        replicated.push(TensorDim::Replica, 4);
        // Batch split -> feature split: each device needs T/4, holds T/16 of it, gets the rest from 3
        // others in the node: 3 alpha + (T/4 - T/16) / beta.
        EdgeCost e = model.repartition(T, batch, features);
        QVERIFY(near(e.bytes, T / 4 - T / 16));
        QVERIFY(near(e.time, 3e-6 + (T / 4 - T / 16) / 100e9));
        QVERIFY(!e.interNode);
        // Replicated -> split: a slice in place, free.
        QCOMPARE(model.repartition(T, replicated, batch).time, 0.0);
        // Split -> replicated is an all-gather.
        const LinkProfile nvlink{ .bandwidth = 100e9, .latency = 1e-6 };
        QVERIFY(near(model.repartition(T, batch, replicated).time, collective::allGather(T, 4, nvlink)));
        // 16 devices in nodes of 4: batch 16 -> features 16 crosses nodes.
        const CostModel wide(roundCluster(), 16);
        TensorLayout b16, f16, b4f4;
        b16.push(TensorDim::Batch, 16);
        f16.push(TensorDim::Features, 16);
        b4f4.push(TensorDim::Batch, 4);
        b4f4.push(TensorDim::Features, 4);
        e = wide.repartition(T, b16, f16);
        QVERIFY(e.interNode);
        QVERIFY(near(e.time, 15 * 10e-6 + (T / 16 - T / 256) / 10e9));
        // Batch 16 -> (batch 4 outer, features 4 inner): the four batch shards a device needs are
        // on the four devices of its node.
        e = wide.repartition(T, b16, b4f4);
        QVERIFY(!e.interNode);
        QVERIFY(near(e.bytes, T / 16 - T / 64));
    }

    void edgeMemoryIsTheConsumersCopy()
    {
        const OpGraph g = mlp();
        const CostModel model(roundCluster(), 4);
        // fc1 batch split, fc2 wants features split: fc2 keeps its own 1/4 of the 8*128*4096 input.
        const EdgeCost e = model.edgeCost(g, g.edges()[1], OpConfig{ .batch = 4 }, OpConfig{ .reduce = 4 });
        QCOMPARE(e.memory, 8.0 * 128 * 4096 * 2 / 4);
        QVERIFY(e.time > 0.0);
    }

    void fp32AndSgd()
    {
        const OpGraph g = mlp();
        const CostModel fp32(roundCluster(), 4, { .precision = Precision::Fp32, .optimizer = Optimizer::SgdMomentum });
        const OpCost c = fp32.opCost(g.op(1), OpConfig{ .batch = 4 });
        QCOMPARE(c.weights, 4194304.0 * 4);
        QCOMPARE(c.gradients, 4194304.0 * 4);
        QCOMPARE(c.optimizerState, 4194304.0 * 4); // the momentum
        QCOMPARE(c.activations, 2.0 * 128 * 4096 * 4);
        QCOMPARE(kPrecisions.fromName("fp32"), Precision::Fp32);
        QCOMPARE(kOptimizers.fromName("sgd"), Optimizer::SgdMomentum);
        QVERIFY_THROWS_EXCEPTION(Error, kPrecisions.fromName("fp8"));
    }

    void configurationsMultiplyToN_data()
    {
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("maxSplit");
        for (int n : { 1, 2, 6, 8, 12, 64 })
            for (int k : { 1, 2, 3 })
                QTest::addRow("%d devices, %d dims", n, k) << n << k;
    }
    void configurationsMultiplyToN()
    {
        QFETCH(int, devices);
        QFETCH(int, maxSplit);
        const OpGraph g = mlp();
        const auto configs = enumerateConfigs(g.op(1), devices, { .maxSplitDims = maxSplit });
        QVERIFY(!configs.empty());
        std::set<std::string> names;
        for (const auto& c : configs) {
            QCOMPARE(c.devices(), devices);
            const int split = (c.batch > 1) + (c.spatial > 1) + (c.out > 1) + (c.reduce > 1) + (c.replica > 1);
            QVERIFY(split <= maxSplit);
            QCOMPARE(c.spatial, 1); // a linear op has no spatial split
            QVERIFY(c.batch <= 8); // the batch is 8
            QVERIFY(c.replica == 1 || c.out * c.reduce == 1); // replication goes with batch only
            QCOMPARE(parseConfigName(c.name()), c);
            QVERIFY(names.insert(c.name()).second);
        }
        if (devices > 1 && devices <= 8)
            QCOMPARE(configs.front(), (OpConfig{ .batch = devices })); // data parallel first
        if (devices == 8 && maxSplit == 2) {
            // b8, c8, k8, r8; pairs b x c, b x k, c x k, b x r with 2x4 and 4x2 each.
            QCOMPARE(configs.size(), std::size_t(4 + 4 * 2));
        }
    }

    void configurationsRespectDims()
    {
        OpGraph g;
        Op e;
        e.name = "embed";
        e.kind = OpKind::Embedding;
        e.vocab = 100;
        e.outFeatures = 64;
        e.input = { 2, 1, 16, 1, false };
        g.add(e);
        Op a;
        a.name = "qkv";
        a.kind = OpKind::Linear;
        a.outFeatures = 3 * 64;
        a.inputs = { 0 };
        g.add(a);
        Op att;
        att.name = "attention";
        att.kind = OpKind::Attention;
        att.heads = 2;
        att.inputs = { 1 };
        g.add(att);
        for (const auto& c : enumerateConfigs(g.op(2), 8)) {
            QVERIFY(c.out <= 2); // two heads
            QVERIFY(c.batch <= 2); // batch of two
            QCOMPARE(c.reduce, 1);
        }
        const auto ln = [&] {
            Op n;
            n.name = "ln";
            n.kind = OpKind::LayerNorm;
            n.inputs = { 2 };
            g.add(n);
            return enumerateConfigs(g.op(3), 4);
        }();
        for (const auto& c : ln)
            QVERIFY(c.out == 1 && c.reduce == 1); // norms split batch and positions only
        QCOMPARE(enumerateConfigs(g.op(0), 1).size(), std::size_t(1));
        QCOMPARE(enumerateConfigs(g.op(0), 1).front().name(), std::string("r1"));
        QVERIFY_THROWS_EXCEPTION(Error, enumerateConfigs(g.op(0), 0));
    }

    void configNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::newRow("b8") << "b8" << true;
        QTest::newRow("b2c4") << "b2c4" << true;
        QTest::newRow("s2k2r2") << "s2k2r2" << true;
        QTest::newRow("r1") << "r1" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("no degree") << "b" << false;
        QTest::newRow("twice") << "b2b2" << false;
        QTest::newRow("unknown letter") << "x4" << false;
        QTest::newRow("zero") << "b0" << false;
    }
    void configNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        if (valid)
            QCOMPARE(QString::fromStdString(parseConfigName(name.toStdString()).name()), name);
        else
            QVERIFY_THROWS_EXCEPTION(Error, parseConfigName(name.toStdString()));
    }

    // The framework overhead an op pays: kernels x the tiny op of the device calibration, or, with a
    // measured runtime, its ATen ops x (forward + backward per ATen op); by hand on fc1 (weighted:
    // 3 kernels), against the same op priced with no overhead at all.
    void runtimeOverheadPerAtenOp_data()
    {
        QTest::addColumn<int>("atenOps"); // fc1's in the graph JSON; -1: not given (1)
        QTest::addColumn<double>("forwardUs"); // the profile's runtime_overhead; 0: none
        QTest::addColumn<double>("backwardUs");
        QTest::addColumn<double>("overheadS");
        QTest::newRow("no runtime, no count") << -1 << 0.0 << 0.0 << 3 * 2e-6;
        QTest::newRow("no runtime: the count changes nothing") << 9 << 0.0 << 0.0 << 3 * 2e-6;
        QTest::newRow("runtime, no count: one ATen op") << -1 << 30.0 << 45.0 << 75e-6;
        QTest::newRow("runtime and count") << 9 << 30.0 << 45.0 << 9 * 75e-6;
        QTest::newRow("runtime without backward") << 4 << 25.0 << 0.0 << 100e-6;
        QTest::newRow("no ATen op") << 0 << 30.0 << 45.0 << 0.0;
    }
    void runtimeOverheadPerAtenOp()
    {
        QFETCH(int, atenOps);
        QFETCH(double, forwardUs);
        QFETCH(double, backwardUs);
        QFETCH(double, overheadS);
        const QString count = atenOps < 0 ? QString() : QStringLiteral(", \"aten_ops\": %1").arg(atenOps);
        const std::string text = QStringLiteral(R"({"ops": [
{"name": "fc0", "kind": "linear", "batch": 8, "features": 1024, "seq": 128, "out": 1024},
{"name": "fc1", "kind": "linear", "inputs": ["fc0"], "out": 4096%1}]})")
                                     .arg(count)
                                     .toStdString();
        const OpGraph g = opGraphFromText(text, "counted.json");
        QCOMPARE(g.op(1).atenOps, atenOps < 0 ? 1 : atenOps);
        QCOMPARE(toJson(g)["ops"][1].contains("aten_ops"), atenOps >= 0 && atenOps != 1);
        Json profile = toJson(roundCluster());
        profile["device"]["kernel_overhead_us"] = 2.0;
        if (forwardUs > 0.0)
            profile["runtime_overhead"] = { { "forward_us_per_aten_op", forwardUs },
                { "backward_us_per_aten_op", backwardUs }, { "runtime", "by hand" } };
        const ClusterProfile cluster = clusterFromJson(profile);
        QCOMPARE(cluster.runtime.measured(), forwardUs > 0.0);
        const ClusterProfile back = clusterFromJson(toJson(cluster));
        QVERIFY(near(back.runtime.forward, forwardUs * 1e-6, 1e-9));
        QVERIFY(near(back.runtime.backward, backwardUs * 1e-6, 1e-9));
        QCOMPARE(back.runtime.runtime, forwardUs > 0.0 ? std::string("by hand") : std::string());
        const OpConfig dp{ .batch = 4 };
        const double with = CostModel(cluster, 4).opCost(g.op(1), dp).compute;
        const double without = CostModel(roundCluster(), 4).opCost(g.op(1), dp).compute;
        QVERIFY2(std::fabs((with - without) - overheadS) < 1e-12,
            qPrintable(QStringLiteral("%1 s more, not %2").arg(with - without).arg(overheadS)));
    }

    // Activations the exporter measured (what autograd keeps, `saved`; of it, `saved_inputs` read from
    // another op): the op's own part split as its output, its inputs as the op reads them (a linear:
    // batch, positions and the reduction), in 16 bits (mixed precision); by hand on fc1 (1024 tokens,
    // 1024 in, 4096 out), its input and a 4096-wide pre-activation kept.
    void measuredActivationsAreSplitAsTheOpReadsThem_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<double>("ownShare"); // of the 1024 x 4096 the op made
        QTest::addColumn<double>("inputShare"); // of its 1024 x 1024 input
        QTest::newRow("data parallel") << "b4" << 0.25 << 0.25;
        QTest::newRow("column parallel: the whole input") << "c4" << 0.25 << 1.0;
        QTest::newRow("row parallel: the output whole") << "k4" << 1.0 << 0.25;
        QTest::newRow("replicated") << "r4" << 1.0 << 1.0;
        QTest::newRow("batch and columns") << "b2c2" << 0.25 << 0.5;
    }
    void measuredActivationsAreSplitAsTheOpReadsThem()
    {
        QFETCH(QString, config);
        QFETCH(double, ownShare);
        QFETCH(double, inputShare);
        const double in = 1024.0 * 1024.0, own = 1024.0 * 4096.0;
        const std::string text = QStringLiteral(R"({"ops": [
{"name": "fc0", "kind": "linear", "batch": 8, "features": 1024, "seq": 128, "out": 1024},
{"name": "fc1", "kind": "linear", "inputs": ["fc0"], "out": 4096, "saved": %1, "saved_inputs": %2},
{"name": "fc2", "kind": "linear", "inputs": ["fc1"], "out": 1024}]})")
                                     .arg(qint64(in + own))
                                     .arg(qint64(in))
                                     .toStdString();
        const OpGraph g = opGraphFromText(text, "measured.json");
        QCOMPARE(g.op(1).keptElements, in + own);
        QCOMPARE(toJson(g)["ops"][1]["saved_inputs"].get<std::int64_t>(), std::int64_t(in));
        QVERIFY(!toJson(g)["ops"][2].contains("saved")); // not measured: FT's own count
        const CostModel model(roundCluster(), 4);
        const OpConfig c = parseConfigName(config.toStdString());
        const double got = model.opCost(g.op(1), c).activations;
        const double want = (own * ownShare + in * inputShare) * 2.0;
        QVERIFY2(near(got, want, 1e-12), qPrintable(QStringLiteral("%1 bytes, not %2").arg(got).arg(want)));
        // Unmeasured, the op keeps its output (1024 x 4096) split by batch, positions and output.
        const double unmeasured = model.opCost(g.op(2), c).activations;
        QVERIFY(near(unmeasured, 1024.0 * 1024.0 * 2.0 * ownShare, 1e-12));
    }

    // The bytes an op's memory-bound kernels move, as the exporter measured them (`traffic`): at the
    // memory's bandwidth (1 TB/s x 0.5 here), split as the op's output, in 16 bits; a linear pays
    // them after its matmul, forward and once more in backward; a norm has them as its roofline's
    // traffic (large enough here to be its whole forward pass).
    void measuredTrafficIsPricedAtTheMemorysBandwidth_data() { outputShareRows(); }
    void measuredTrafficIsPricedAtTheMemorysBandwidth()
    {
        QFETCH(QString, config);
        QFETCH(double, share);
        const double linearTraffic = 18.0 * 1024 * 4096, normTraffic = 1e12;
        const auto graph = [&](bool measured) {
            const QString fc1 = measured ? QStringLiteral(R"(, "traffic": %1)").arg(qint64(linearTraffic)) : QString();
            const QString ln = measured ? QStringLiteral(R"(, "traffic": %1)").arg(qint64(normTraffic)) : QString();
            return opGraphFromText(QStringLiteral(R"({"ops": [
{"name": "fc0", "kind": "linear", "batch": 8, "features": 1024, "seq": 128, "out": 1024},
{"name": "fc1", "kind": "linear", "inputs": ["fc0"], "out": 4096, "activation": "gelu"%1},
{"name": "ln", "kind": "layernorm", "inputs": ["fc1"]%2}]})")
                                       .arg(fc1, ln)
                                       .toStdString(),
                "traffic.json");
        };
        const OpGraph with = graph(true), without = graph(false);
        QCOMPARE(with.op(1).traffic, linearTraffic);
        QCOMPARE(toJson(with)["ops"][2]["traffic"].get<std::int64_t>(), std::int64_t(normTraffic));
        QCOMPARE(without.op(1).traffic, -1.0);
        const CostModel model(roundCluster(), 4);
        const OpConfig c = parseConfigName(config.toStdString());
        const double memBw = 1e12 * 0.5;
        const double kernels = linearTraffic * share * 2.0 / memBw;
        const OpCost a = model.opCost(with.op(1), c), b = model.opCost(without.op(1), c);
        QVERIFY(near(a.forwardPass - b.forwardPass, kernels, 1e-9));
        QVERIFY(near(a.compute - b.compute, 2.0 * kernels, 1e-9));
        QVERIFY(near(model.opCost(with.op(2), c).forwardPass, normTraffic * share * 2.0 / memBw, 1e-12));
    }

    // Special functions (tanh, exp, ...) the exporter counted, forward and backward, where the profile
    // measured their rate beyond a copy (special_gelements_per_s, 2 here): split as the op's output,
    // forward in the forward pass, both in the step; the loss prices its softmax (an exp per logit,
    // forward and again in backward) itself. Without a rate (the built-ins, a GPU) nothing changes.
    void specialFunctionsArePricedAtTheMeasuredRate_data() { outputShareRows(); }
    void specialFunctionsArePricedAtTheMeasuredRate()
    {
        QFETCH(QString, config);
        QFETCH(double, share);
        const double forward = 3.0 * 1024 * 4096, backward = 1024.0 * 4096, rate = 2e9;
        const OpGraph g = opGraphFromText(QStringLiteral(R"({"ops": [
{"name": "fc0", "kind": "linear", "batch": 8, "features": 1024, "seq": 128, "out": 1024},
{"name": "fc1", "kind": "linear", "inputs": ["fc0"], "out": 4096, "activation": "gelu", "special": %1,
 "special_backward": %2},
{"name": "head", "kind": "linear", "inputs": ["fc1"], "out": 1000},
{"name": "loss", "kind": "loss", "inputs": ["head"]}]})")
                                              .arg(qint64(forward))
                                              .arg(qint64(backward))
                                              .toStdString(),
            "special.json");
        QCOMPARE(g.op(1).special, forward);
        QCOMPARE(toJson(g)["ops"][1]["special_backward"].get<std::int64_t>(), std::int64_t(backward));
        QVERIFY(g.op(2).special < 0.0);
        Json profile = toJson(roundCluster());
        profile["device"]["special_gelements_per_s"] = rate / 1e9;
        const ClusterProfile measured = clusterFromJson(profile);
        QCOMPARE(measured.device.specialRate, rate);
        QCOMPARE(clusterFromJson(toJson(measured)).device.specialRate, rate);
        QVERIFY(!toJson(roundCluster())["device"].contains("special_gelements_per_s"));
        const OpConfig c = parseConfigName(config.toStdString());
        const CostModel with(measured, 4), without(roundCluster(), 4);
        const auto more = [&](std::size_t op) {
            const OpCost a = with.opCost(g.op(op), c), b = without.opCost(g.op(op), c);
            return std::pair{ a.forwardPass - b.forwardPass, a.compute - b.compute };
        };
        const auto [fcForward, fcStep] = more(1);
        QVERIFY(near(fcForward, forward * share / rate, 1e-9));
        QVERIFY(near(fcStep, (forward + backward) * share / rate, 1e-9));
        const double logits = 1024.0 * 1000 * share / rate;
        const auto [lossForward, lossStep] = more(3);
        QVERIFY(near(lossForward, logits, 1e-9));
        QVERIFY(near(lossStep, 2.0 * logits, 1e-9));
        QCOMPARE(more(2).second, 0.0); // nothing counted: a plain linear
        profile["device"]["special_gelements_per_s"] = -1.0;
        QVERIFY_THROWS_EXCEPTION(Error, clusterFromJson(profile));
    }

    void builtinClusters()
    {
        QCOMPARE(ft::builtinClusters().size(), std::size_t(4));
        for (const char* name : { "v100x8", "a100x8", "h100x8", "h200x8" }) {
            const auto& c = builtinCluster(name);
            QCOMPARE(c.devicesPerNode, 8);
            QVERIFY(c.intraNode.bandwidth > c.interNode.bandwidth);
            QVERIFY(c.device.peakFlops16 > c.device.peakFlops32);
            // The JSON form reads back to the same profile.
            const ClusterProfile back = clusterFromJson(toJson(c));
            QVERIFY(near(back.device.peakFlops16, c.device.peakFlops16, 1e-9));
            QVERIFY(near(back.interNode.latency, c.interNode.latency, 1e-9));
            QCOMPARE(back.name, c.name);
        }
        QCOMPARE(builtinCluster("H200X8").device.memoryBytes, 141e9);
        QVERIFY_THROWS_EXCEPTION(Error, builtinCluster("tpu"));
    }

    void userClusterProfiles()
    {
        const ClusterProfile c = clusterFromJson(parseJson(R"({"name": "big-a100", "base": "a100x8",
            "devices_per_node": 4, "inter_node": {"bandwidth_gbs": 12.5}})"));
        QCOMPARE(c.devicesPerNode, 4);
        QCOMPARE(c.interNode.bandwidth, 12.5e9);
        QCOMPARE(c.interNode.latency, builtinCluster("a100x8").interNode.latency);
        QCOMPARE(c.device.name, std::string("A100-SXM4-80GB"));
        const ClusterProfile full = clusterFromJson(parseJson(R"({"name": "mine", "device": {"name": "X",
            "peak_tflops_fp16": 200, "peak_tflops_fp32": 20, "memory_gb": 48, "memory_bandwidth_gbs": 1000,
            "efficiency": 0.4}, "intra_node": {"bandwidth_gbs": 50, "latency_us": 3},
            "inter_node": {"bandwidth_gbs": 5, "latency_us": 20}})"));
        QCOMPARE(full.device.memoryBytes, 48e9);
        QCOMPARE(full.intraNode.latency, 3e-6);
    }

    void badClusterProfiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::newRow("no device") << R"({"name": "x",
 "intra_node": {"bandwidth_gbs": 1}, "inter_node": {"bandwidth_gbs": 1}})"
                                   << "missing field 'device'" << 1;
        QTest::newRow("negative bandwidth") << R"({"name": "x", "base": "a100x8",
 "intra_node": {
   "bandwidth_gbs": -5}})"
                                            << "expected a positive number" << 3;
        QTest::newRow("efficiency above 1") << R"({"name": "x", "base": "v100x8",
 "device": {"efficiency": 1.5}})"
                                            << "(0, 1]" << 2;
        QTest::newRow("unknown field") << R"({"name": "x", "base": "v100x8",
 "gpus": 8})"
                                       << "unknown field 'gpus'" << 2;
        QTest::newRow("unknown base") << R"({"name": "x", "base": "tpu"})"
                                      << "unknown cluster profile 'tpu'" << 1;
        QTest::newRow("no name") << R"({"base": "a100x8"})"
                                 << "missing field 'name'" << 1;
        QTest::newRow("negative runtime overhead") << R"({"name": "x", "base": "a100x8",
 "runtime_overhead": {"forward_us_per_aten_op": -3, "backward_us_per_aten_op": 1}})"
                                                   << "expected a positive number" << 2;
        QTest::newRow("huge runtime overhead") << R"({"name": "x", "base": "a100x8",
 "runtime_overhead": {"forward_us_per_aten_op": 5e7, "backward_us_per_aten_op": 1}})"
                                               << "more than 1 s is not a measurement" << 2;
        QTest::newRow("runtime overhead as text") << R"({"name": "x", "base": "a100x8",
 "runtime_overhead": {"forward_us_per_aten_op": 30, "backward_us_per_aten_op": "40"}})"
                                                  << "backward_us_per_aten_op" << 2;
        QTest::newRow("runtime overhead without forward") << R"({"name": "x", "base": "a100x8",
 "runtime_overhead": {"backward_us_per_aten_op": 40}})"
                                                          << "missing field 'forward_us_per_aten_op'" << 2;
        QTest::newRow("runtime overhead typo") << R"({"name": "x", "base": "a100x8",
 "runtime_overhead": {"forward_us": 30}})"
                                               << "unknown field 'forward_us'" << 2;
    }
    void badClusterProfiles()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cluster.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
        f.close();
        try {
            loadClusterProfile(path.toStdString());
            QFAIL("accepted a bad profile");
        } catch (const Error& e) {
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.contains(message), qPrintable(what));
            QVERIFY2(what.startsWith(path + QStringLiteral(":%1:").arg(line)), qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestCostModel)
#include "tst_cost_model.moc"
