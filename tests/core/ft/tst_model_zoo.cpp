// core/ft/model_zoo and op_graph: every zoo model builds, its parameter count matches the published
// figure within 2% (and, for the transformers, a closed-form count from the hyper-parameters
// exactly), shapes and FLOPs are those of the papers, the JSON op-graph format round-trips, and
// bad op-graph files are refused with file, line and field.

#include "common/error.h"
#include "common/json.h"
#include "ft/config.h"
#include "ft/model_zoo.h"
#include "ft/op_graph.h"

#include <QTest>

#include <cmath>

using namespace vantage;
using namespace vantage::ft;

namespace {

const Op& opNamed(const OpGraph& g, const char* name)
{
    const int i = g.find(name);
    if (i < 0)
        throw std::runtime_error(std::string("no op ") + name);
    return g.op(i);
}

int countKind(const OpGraph& g, OpKind kind)
{
    int n = 0;
    for (const auto& op : g.ops())
        n += op.kind == kind;
    return n;
}

double bert(double V, double P, double H, double L)
{
    return (V + P + 2) * H + 2 * H // embeddings and their norm
        + L * (12 * H * H + 13 * H) // layers: qkv, proj, 2 norms, 4H feed-forward
        + H * H + H + 2 * H + V // MLM transform, its norm, decoder bias (weights tied)
        + H * H + H + 2 * H + 2; // pooler, next-sentence classifier
}

double gpt(double V, double P, double H, double L)
{
    return (V + P) * H + L * (12 * H * H + 13 * H) + 2 * H;
}

double llama(double V, double H, double L, double F, double kvDim)
{
    return 2 * V * H + H + L * (2 * H + H * (H + 2 * kvDim) + H * H + 3 * H * F);
}

double transformer(double V, double H, double F, double L)
{
    const double ffn = 2 * H * F + F + H;
    return V * H + L * (4 * H * H + 4 * H + ffn + 4 * H)
        + L * (4 * H * H + 4 * H + (H * H + H) + (2 * H * H + 2 * H) + (H * H + H) + ffn + 6 * H);
}

} // namespace

class TestModelZoo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void publishedParameterCounts_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& m : zooModels())
            QTest::newRow(m.name.c_str()) << QString::fromStdString(m.name);
    }
    void publishedParameterCounts()
    {
        QFETCH(QString, name);
        const ZooModel& m = zooModel(name.toStdString());
        const OpGraph g = buildZooModel(m.name);
        QVERIFY(g.size() > 10);
        QCOMPARE(g.name, m.displayName);
        const double params = double(g.parameterCount());
        const double deviation = std::fabs(params / m.publishedParams - 1.0);
        if (m.name == "transformer-base")
            QEXPECT_FAIL("transformer-base",
                "Vaswani et al.'s 65M does not follow from their own hyper-parameters: with the shared "
                "37k vocabulary they give 63.1M (and 214.2M for big, which matches its 213M)",
                Continue);
        QVERIFY2(deviation <= 0.02,
            qPrintable(QStringLiteral("%1: %2 parameters, published %3 (%4)")
                           .arg(name)
                           .arg(params, 0, 'f', 0)
                           .arg(m.publishedParams, 0, 'f', 0)
                           .arg(QString::fromStdString(m.source))));
        QVERIFY(deviation <= 0.03);
        QVERIFY(!m.description.empty() && !m.source.empty());
        QVERIFY(m.defaultBatch > 0 && m.defaultSequence > 0);
    }

    void closedFormCounts()
    {
        // The counts the hyper-parameters give, term by term.
        QCOMPARE(double(buildZooModel("bert-base").parameterCount()), bert(30522, 512, 768, 12));
        QCOMPARE(double(buildZooModel("bert-large").parameterCount()), bert(30522, 512, 1024, 24));
        QCOMPARE(double(buildZooModel("gpt2-1.5b").parameterCount()), gpt(50257, 1024, 1600, 48));
        QCOMPARE(double(buildZooModel("gpt3-175b").parameterCount()), gpt(50257, 2048, 12288, 96));
        QCOMPARE(double(buildZooModel("llama2-7b").parameterCount()), llama(32000, 4096, 32, 11008, 4096));
        QCOMPARE(double(buildZooModel("llama2-70b").parameterCount()), llama(32000, 8192, 80, 28672, 1024));
        QCOMPARE(double(buildZooModel("transformer-base").parameterCount()), transformer(37000, 512, 2048, 6));
        QCOMPARE(double(buildZooModel("transformer-big").parameterCount()), transformer(37000, 1024, 4096, 6));
        // torchvision's exact counts.
        QCOMPARE(buildZooModel("vgg16").parameterCount(), std::int64_t(138357544));
        QCOMPARE(buildZooModel("resnet50").parameterCount(), std::int64_t(25557032));
        QCOMPARE(buildZooModel("resnet152").parameterCount(), std::int64_t(60192808));
        QCOMPARE(buildZooModel("wide-resnet50-2").parameterCount(), std::int64_t(68883240));
        QCOMPARE(buildZooModel("inception-v3").parameterCount(), std::int64_t(27161264));
    }

    void shapes()
    {
        const OpGraph bertLarge = buildZooModel("bert-large", 4, 128);
        QCOMPARE(bertLarge.batch(), std::int64_t(4));
        QCOMPARE(countKind(bertLarge, OpKind::Attention), 24);
        QCOMPARE(opNamed(bertLarge, "encoder.0.qkv").output.features, std::int64_t(3072));
        QCOMPARE(opNamed(bertLarge, "encoder.23.fc1").output, (TensorShape{ 4, 4096, 128, 1, false }));
        QCOMPARE(opNamed(bertLarge, "pooler.first").output.positions(), std::int64_t(1));

        const OpGraph gpt3 = buildZooModel("gpt3-175b", 2);
        const Op& att = opNamed(gpt3, "layer95.attention");
        QCOMPARE(att.heads, 96);
        QCOMPARE(att.headDim, 128);
        QCOMPARE(att.kvLength, std::int64_t(2048));
        QCOMPARE(countKind(gpt3, OpKind::Attention), 96);

        const OpGraph llama70 = buildZooModel("llama2-70b", 1, 256);
        QCOMPARE(opNamed(llama70, "layer0.attention").kvHeads, 8);
        QCOMPARE(opNamed(llama70, "layer0.qkv").output.features, std::int64_t(8192 + 2 * 1024));
        QCOMPARE(opNamed(llama70, "layer0.fc1").params, std::int64_t(8192) * 2 * 28672);

        const OpGraph resnet = buildZooModel("resnet50", 2);
        QCOMPARE(opNamed(resnet, "layer4.2.add").output, (TensorShape{ 2, 2048, 7, 7, true }));
        QCOMPARE(opNamed(resnet, "maxpool").output, (TensorShape{ 2, 64, 56, 56, true }));

        const OpGraph inception = buildZooModel("inception-v3", 2);
        QCOMPARE(opNamed(inception, "maxpool2").output, (TensorShape{ 2, 192, 35, 35, true }));
        QCOMPARE(opNamed(inception, "Mixed_6e.concat").output, (TensorShape{ 2, 768, 17, 17, true }));
        QCOMPARE(opNamed(inception, "Mixed_7c.concat").output, (TensorShape{ 2, 2048, 8, 8, true }));

        const OpGraph vgg = buildZooModel("vgg16", 2);
        QCOMPARE(opNamed(vgg, "fc6").input.features, std::int64_t(512 * 7 * 7));

        const OpGraph tb = buildZooModel("transformer-base", 8, 64);
        QCOMPARE(opNamed(tb, "decoder.5.cross_attention").kvLength, std::int64_t(64));
        QCOMPARE(opNamed(tb, "generator").sharedParams, std::int64_t(37000) * 512);
    }

    void flops()
    {
        // ResNet-50: 4.09 GMAC per 224x224 image (torchvision), 2 FLOPs each; BN and ReLU add ~1%.
        const double resnet = buildZooModel("resnet50", 1).forwardFlops();
        QVERIFY2(std::fabs(resnet / 8.18e9 - 1) < 0.05, qPrintable(QString::number(resnet)));
        // GPT-3: Kaplan et al. 2020, Table 1: 2N + 2 n_layer n_ctx d per token, N = 173.9e9
        // non-embedding parameters (our count adds the LM head and the full attention square).
        const double perToken = buildZooModel("gpt3-175b", 1).forwardFlops() / 2048;
        const double kaplan = 2 * 173.95e9 + 2 * 96 * 2048 * 12288.0;
        QVERIFY2(std::fabs(perToken / kaplan - 1) < 0.05, qPrintable(QString::number(perToken)));
    }

    void unknownModel()
    {
        QVERIFY_THROWS_EXCEPTION(Error, buildZooModel("inception-v3", 4, 64)); // too small for the aux head
        try {
            buildZooModel("alexnet");
            QFAIL("built an unknown model");
        } catch (const Error& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("bert-large")));
        }
        QCOMPARE(zooModel("BERT-Large").name, std::string("bert-large"));
    }

    void jsonRoundTrip_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& m : zooModels())
            QTest::newRow(m.name.c_str()) << QString::fromStdString(m.name);
    }
    void jsonRoundTrip()
    {
        QFETCH(QString, name);
        // Short sequences keep the transformers small; CNNs keep their image side (a small image
        // does not fit Inception's auxiliary head).
        const bool cnn = zooModel(name.toStdString()).family == "cnn";
        const OpGraph g = buildZooModel(name.toStdString(), 4, cnn ? 0 : 64);
        const OpGraph back = opGraphFromJson(parseJson(toJson(g).dump()), "roundtrip");
        QCOMPARE(back.size(), g.size());
        QCOMPARE(back.name, g.name);
        QCOMPARE(back.parameterCount(), g.parameterCount());
        QCOMPARE(back.forwardFlops(), g.forwardFlops());
        QCOMPARE(back.edges().size(), g.edges().size());
        for (int i = 0; i < g.size(); ++i) {
            QCOMPARE(back.op(i).name, g.op(i).name);
            QCOMPARE(back.op(i).output, g.op(i).output);
            QCOMPARE(back.op(i).inputs, g.op(i).inputs);
        }
    }

    void readsTheDocumentedFormat()
    {
        // Inputs may come later in the file; shapes flow from the inputs.
        const OpGraph g = opGraphFromText(R"({"name": "tiny",
  "ops": [
    {"name": "head", "kind": "linear", "inputs": ["ln"], "out": 1000, "tied_to": "embed", "bias": false},
    {"name": "embed", "kind": "embedding", "batch": 8, "seq": 128, "vocab": 1000, "out": 256},
    {"name": "ln", "kind": "layernorm", "inputs": ["embed"]},
    {"name": "loss", "kind": "loss", "inputs": ["head"]}
  ]})",
            "tiny.json");
        QCOMPARE(g.size(), 4);
        QCOMPARE(g.op(0).name, std::string("embed"));
        QCOMPARE(g.parameterCount(), std::int64_t(1000 * 256 + 2 * 256));
        QCOMPARE(opNamed(g, "head").sharedParams, std::int64_t(1000 * 256));
        QCOMPARE(opNamed(g, "loss").input, (TensorShape{ 8, 1000, 128, 1, false }));
    }

    void refusesBadGraphs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        const QString head
            = "{\"ops\": [\n{\"name\": \"x\", \"kind\": \"linear\", \"batch\": 4, \"features\": 8, \"out\": 16},\n";
        QTest::newRow("unknown kind") << head + R"({"name": "y", "kind": "lstm", "inputs": ["x"]}]})"
                                      << "unknown op kind 'lstm'" << 3;
        QTest::newRow("unknown input") << head + R"({"name": "y", "kind": "linear", "inputs": ["zz"], "out": 3}]})"
                                       << "unknown op 'zz'" << 3;
        QTest::newRow("cycle") << head + R"({"name": "a", "kind": "linear", "inputs": ["b"], "out": 3},
{"name": "b", "kind": "linear", "inputs": ["a"], "out": 3}]})"
                               << "cycle" << 3;
        QTest::newRow("duplicate") << head + R"({"name": "x", "kind": "linear", "inputs": ["x"], "out": 3}]})"
                                   << "duplicate op name 'x'" << 3;
        QTest::newRow("missing out") << head + R"({"name": "y", "kind": "linear", "inputs": ["x"]}]})"
                                     << "out must be at least 1" << 3;
        QTest::newRow("kernel too big") << R"({"ops": [
{"name": "c", "kind": "conv2d", "batch": 1, "channels": 3, "height": 4, "width": 4, "out": 8, "kernel": 7}]})"
                                        << "does not fit the input height" << 2;
        QTest::newRow("typo") << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "outt": 3}]})"
                              << "unknown field 'outt'" << 3;
        QTest::newRow("negative batch") << R"({"ops": [{"name": "x", "kind": "linear",
 "batch": -4, "features": 8, "out": 16}]})"
                                        << "batch must be at least 1" << 1;
        QTest::newRow("heads") << head + R"({"name": "a", "kind": "attention", "inputs": ["x"], "heads": 3}]})"
                               << "not a whole number of heads" << 3;
        QTest::newRow("shape from inputs") << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3,
 "batch": 2}]})"
                                           << "is taken from the inputs" << 4;
        QTest::newRow("add shapes") << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3},
{"name": "s", "kind": "elementwise", "function": "add", "inputs": ["x", "y"]}]})"
                                    << "same shape" << 4;
        QTest::newRow("no ops") << R"({"ops": []})"
                                << "no ops" << 1;
        QTest::newRow("zero batch") << R"({"ops": [{"name": "x", "kind": "linear",
 "batch": 0, "features": 8, "out": 16}]})"
                                    << "batch must be at least 1" << 1;
        QTest::newRow("ceil_mode off a pool") << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3,
 "ceil_mode": true}]})"
                                              << "'ceil_mode' is for max and avg pools" << 4;
        QTest::newRow("ceil_mode on a global pool") << head + R"({"name": "p", "kind": "pool", "inputs": ["x"],
 "function": "global-avg", "ceil_mode": true}]})"
                                                    << "'ceil_mode' is for max and avg pools" << 3;
        QTest::newRow("groups not dividing the channels")
            << R"({"ops": [
{"name": "c", "kind": "conv2d", "batch": 1, "channels": 6, "height": 4, "width": 4, "out": 8, "groups": 4}]})"
            << "groups 4 must divide the 6 input and the 8 output channels" << 2;
        QTest::newRow("negative aten_ops")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "aten_ops": -2}]})"
            << "aten_ops (the ATen ops the op was exported from) must be between 0 and 1048576, found -2" << 3;
        QTest::newRow("huge aten_ops") << head
                + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "aten_ops": 4294967297}]})"
                                       << "must be between 0 and 1048576, found 4294967297" << 3;
        QTest::newRow("fractional aten_ops")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "aten_ops": 2.5}]})"
            << "expected an integer, found 2.5" << 3;
        QTest::newRow("aten_ops as text")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "aten_ops": "7"}]})"
            << "expected an integer, found string" << 3;
        QTest::newRow("negative saved")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "saved": -1}]})"
            << "saved (the elements autograd keeps for the op's backward) must be between 0 and 2^50, found -1" << 3;
        QTest::newRow("saved inputs above saved")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "saved": 10, "saved_inputs": 11}]})"
            << "saved_inputs (the part of 'saved' the op read from other ops) must be between 0 and saved (10), found "
               "11"
            << 3;
        QTest::newRow("saved inputs alone")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "saved_inputs": 4}]})"
            << "'saved_inputs' is a part of 'saved', which the op does not give" << 3;
        QTest::newRow("special without its backward")
            << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "special": 6}]})"
            << "'special' and 'special_backward' are given together" << 3;
        QTest::newRow("negative special backward") << head
                + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3, "special": 6, "special_backward": -6}]})"
                                                   << "special_backward (the elements the op's special-function "
                                                      "kernels make in backward) must be between 0 and 2^50, found -6"
                                                   << 3;
        QTest::newRow("special on the loss")
            << head + R"({"name": "l", "kind": "loss", "inputs": ["x"], "special": 4, "special_backward": 4}]})"
            << "'special' is for the program's ops; the loss is FT's own" << 3;
        QTest::newRow("saved on the loss") << head + R"({"name": "l", "kind": "loss", "inputs": ["x"], "saved": 4}]})"
                                           << "'saved' is for the program's ops; the loss is FT's own" << 3;
        QTest::newRow("groups off a conv") << head + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 4,
 "groups": 2}]})"
                                           << "'groups' is for conv2d ops" << 4;
        QTest::newRow("zero groups") << R"({"ops": [
{"name": "c", "kind": "conv2d", "batch": 1, "channels": 6, "height": 4, "width": 4, "out": 6, "groups": 0}]})"
                                     << "groups must be at least 1" << 2;
        const QString image = R"({"ops": [
{"name": "x", "kind": "conv2d", "batch": 2, "channels": 3, "height": 8, "width": 8, "out": 16},
{"name": "p", "kind": "pool", "function": "global-avg", "inputs": ["x"]},
{"name": "q", "kind": "pool", "function": "global-avg", "inputs": ["w"]},
{"name": "w", "kind": "conv2d", "inputs": ["x"], "out": 32},
)";
        QTest::newRow("a channel scale added") << image + R"({"name": "s", "kind": "elementwise", "function": "add",
 "inputs": ["p", "x"]}]})"
                                               << "elementwise inputs must have the same shape" << 6;
        QTest::newRow("a scale of other channels")
            << image + R"({"name": "s", "kind": "elementwise", "function": "mul", "inputs": ["q", "x"]}]})"
            << "or be a channel scale [B, C, 1, 1] of an image [B, C, H, W]" << 6;
        QTest::newRow("fused qkv heads") << head + R"({"name": "a", "kind": "attention", "inputs": ["x"], "heads": 3,
 "kv_heads": 1}]})"
                                         << "3 heads + 2 x 1 kv_heads" << 3;
        const QString seq = R"({"ops": [
{"name": "x", "kind": "linear", "batch": 2, "seq": 6, "features": 8, "out": 24},
)";
        QTest::newRow("window not dividing") << seq + R"({"name": "a", "kind": "attention", "inputs": ["x"], "heads": 2,
 "window": 4}]})"
                                             << "window must divide the positions (6)" << 3;
        QTest::newRow("window off attention") << seq + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3,
 "window": 2}]})"
                                              << "'window' is for attention ops" << 3;
        QTest::newRow("params of a linear") << seq + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3,
 "params": 5}]})"
                                            << "'params' (a learned operand) is for elementwise and attention ops" << 3;
        QTest::newRow("params of a relu") << seq + R"({"name": "y", "kind": "elementwise", "function": "relu",
 "inputs": ["x"], "params": 5}]})"
                                          << "'params' (a learned operand) is for add and mul" << 3;
        QTest::newRow("class token of two inputs")
            << seq + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 24},
{"name": "c", "kind": "concat", "inputs": ["x", "y"], "extra_rows": 1}]})"
            << "a concat of learned rows (extra_rows) takes one input" << 4;
        QTest::newRow("extra rows of a linear") << seq + R"({"name": "y", "kind": "linear", "inputs": ["x"], "out": 3,
 "extra_rows": 2}]})"
                                                << "'extra_rows' is for embedding and concat ops" << 3;
        QTest::newRow("space-to-depth of a sequence") << seq + R"({"name": "p", "kind": "pool", "inputs": ["x"],
 "function": "space-to-depth", "kernel": 2, "stride": 2}]})"
                                                      << "space-to-depth needs an image" << 3;
    }

    // What the exporter writes for models FT once refused (docs/ft.md): a class token put before a
    // ViT's patches (extra_rows of a concat) and the position table added to them (an add of a
    // learned operand, `params`), a ConvNeXt's layer scale (a mul of one), Swin's windowed attention
    // over an image's positions with its relative-position bias table, and its patch merging (a
    // space-to-depth pool); each read back from its own JSON.
    void learnedOperandsWindowsAndClassTokens()
    {
        const std::string text = R"({"ops": [
{"name": "patch", "kind": "conv2d", "batch": 2, "channels": 3, "height": 16, "width": 16, "out": 8, "kernel": 4,
 "stride": 4},
{"name": "cls", "kind": "concat", "inputs": ["patch"], "extra_rows": 1},
{"name": "pos", "kind": "elementwise", "function": "add", "inputs": ["cls"], "params": 136},
{"name": "qkv", "kind": "linear", "inputs": ["pos"], "out": 24},
{"name": "att", "kind": "attention", "inputs": ["qkv"], "heads": 2},
{"name": "scale", "kind": "elementwise", "function": "mul", "inputs": ["patch"], "params": 8},
{"name": "wqkv", "kind": "conv2d", "inputs": ["scale"], "out": 24},
{"name": "win", "kind": "attention", "inputs": ["wqkv"], "heads": 2, "window": 4, "params": 98},
{"name": "merge", "kind": "pool", "function": "space-to-depth", "inputs": ["win"], "kernel": 2, "stride": 2},
{"name": "loss", "kind": "loss", "inputs": ["merge"]}]})";
        const OpGraph g = opGraphFromText(text, "vit.json");
        QCOMPARE(opNamed(g, "cls").output, (TensorShape{ 2, 8, 17, 1, false })); // 16 patches + the class token
        QCOMPARE(opNamed(g, "cls").params, std::int64_t(8));
        QCOMPARE(opNamed(g, "pos").params, std::int64_t(136));
        QCOMPARE(opNamed(g, "pos").forwardFlops, 2.0 * 8 * 17); // one add an element
        QCOMPARE(opNamed(g, "scale").forwardFlops, 2.0 * 8 * 16);
        QCOMPARE(opNamed(g, "att").kvLength, std::int64_t(17));
        const Op& win = opNamed(g, "win");
        QCOMPARE(win.output, (TensorShape{ 2, 8, 4, 4, true }));
        QCOMPARE(win.kvLength, std::int64_t(4)); // each of the 16 positions sees its window's 4
        QCOMPARE(win.params, std::int64_t(98));
        const double scores = 2.0 * 2 * 16 * 4;
        QCOMPARE(win.forwardFlops, 4.0 * scores * 4 + 5.0 * scores);
        QCOMPARE(opNamed(g, "merge").output, (TensorShape{ 2, 32, 2, 2, true }));
        QCOMPARE(opNamed(g, "merge").forwardFlops, 0.0);
        QCOMPARE(g.parameterCount(), std::int64_t(3 * 16 * 8) + 8 + 136 + (8 * 24 + 24) + 8 + (8 * 24) + 98);
        const OpGraph back = opGraphFromJson(parseJson(toJson(g).dump()), "roundtrip");
        QCOMPARE(back.parameterCount(), g.parameterCount());
        QCOMPARE(back.forwardFlops(), g.forwardFlops());
        QCOMPARE(opNamed(back, "win").window, 4);
        QCOMPARE(opNamed(back, "cls").extraRows, std::int64_t(1));
        QCOMPARE(opNamed(back, "merge").output, opNamed(g, "merge").output);
    }

    // Pooling output sizes as PyTorch's nn.MaxPool2d gives them (read off PyTorch 2.15), ceil_mode
    // on and off: GoogLeNet and SqueezeNet pool with ceil_mode=True, and 112 -> 56 there, not 55.
    void poolSizesFollowPyTorch_data()
    {
        QTest::addColumn<int>("in");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("padding");
        QTest::addColumn<int>("floorOut");
        QTest::addColumn<int>("ceilOut");
        QTest::newRow("googlenet 112") << 112 << 3 << 2 << 0 << 55 << 56;
        QTest::newRow("squeezenet 13") << 13 << 3 << 2 << 0 << 6 << 6;
        QTest::newRow("odd with padding") << 6 << 3 << 2 << 1 << 3 << 4;
        QTest::newRow("8 by 3/2") << 8 << 3 << 2 << 0 << 3 << 4;
        QTest::newRow("last window in padding") << 5 << 2 << 2 << 1 << 3 << 3;
        QTest::newRow("9 by 2/2 pad 1") << 9 << 2 << 2 << 1 << 5 << 5;
        QTest::newRow("stride 3") << 10 << 3 << 3 << 1 << 4 << 4;
        QTest::newRow("224 pad 1") << 224 << 3 << 2 << 1 << 112 << 113;
    }
    void poolSizesFollowPyTorch()
    {
        QFETCH(int, in);
        QFETCH(int, kernel);
        QFETCH(int, stride);
        QFETCH(int, padding);
        QFETCH(int, floorOut);
        QFETCH(int, ceilOut);
        for (const bool ceil : { false, true }) {
            const QString text = QString(R"({"ops": [
{"name": "x", "kind": "pool", "function": "max", "batch": 2, "channels": 3, "height": %1, "width": %1,
 "kernel": %2, "stride": %3, "padding": %4, "ceil_mode": %5},
{"name": "loss", "kind": "loss", "inputs": ["x"]}]})")
                                     .arg(in)
                                     .arg(kernel)
                                     .arg(stride)
                                     .arg(padding)
                                     .arg(ceil ? "true" : "false");
            const OpGraph g = opGraphFromText(text.toStdString(), "pool.json");
            const TensorShape out = opNamed(g, "x").output;
            QCOMPARE(out.height, std::int64_t(ceil ? ceilOut : floorOut));
            QCOMPARE(out.width, std::int64_t(ceil ? ceilOut : floorOut));
            // Written back, the mode survives.
            const OpGraph back = opGraphFromJson(parseJson(toJson(g).dump()), "roundtrip");
            QCOMPARE(opNamed(back, "x").output.height, out.height);
        }
    }
    // Grouped and depthwise convolutions (ResNeXt, RegNet, MobileNet, MNASNet) as PyTorch counts them:
    // nn.Conv2d(32, 64, 3, groups=g) has 64 x 32/g x 3 x 3 weights and as many multiply-adds an
    // output value; depthwise (groups = channels) reads one channel. Written back, groups survive.
    void groupedConvolutions_data()
    {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("in");
        QTest::addColumn<int>("out");
        QTest::addColumn<qint64>("params"); // sum(p.numel() for p in nn.Conv2d(in, out, 3, groups=g).parameters())
        QTest::newRow("plain") << 1 << 32 << 64 << qint64(64 * 32 * 9 + 64);
        QTest::newRow("ResNeXt's 32 groups") << 32 << 128 << 128 << qint64(128 * 4 * 9 + 128);
        QTest::newRow("depthwise") << 32 << 32 << 32 << qint64(32 * 9 + 32);
        QTest::newRow("depthwise, multiplier 2") << 16 << 16 << 32 << qint64(32 * 9 + 32);
    }
    void groupedConvolutions()
    {
        QFETCH(int, groups);
        QFETCH(int, in);
        QFETCH(int, out);
        QFETCH(qint64, params);
        const QString text = QString(R"({"ops": [
{"name": "c", "kind": "conv2d", "batch": 2, "channels": %1, "height": 8, "width": 8, "out": %2, "kernel": 3,
 "padding": 1, "bias": true, "groups": %3},
{"name": "loss", "kind": "loss", "inputs": ["c"]}]})")
                                 .arg(in)
                                 .arg(out)
                                 .arg(groups);
        const OpGraph g = opGraphFromText(text.toStdString(), "grouped.json");
        const Op& c = opNamed(g, "c");
        QCOMPARE(c.params, std::int64_t(params));
        // Two FLOPs a multiply-add: batch x out x 8 x 8 outputs, each in/groups x 3 x 3 of them.
        QCOMPARE(c.forwardFlops, 2.0 * 2 * out * 64 * (in / groups) * 9);
        const OpGraph back = opGraphFromJson(parseJson(toJson(g).dump()), "roundtrip");
        QCOMPARE(opNamed(back, "c").groups, std::int64_t(groups));
        QCOMPARE(opNamed(back, "c").params, c.params);
    }

    // Squeeze-and-excitation (EfficientNet, RegNetY, MobileNetV3): an image times its channels'
    // scales [B, C, 1, 1] from a pooled branch, in either order; the gates as element-wise ops.
    void channelScales()
    {
        const std::string text = R"({"ops": [
{"name": "x", "kind": "conv2d", "batch": 2, "channels": 3, "height": 8, "width": 8, "out": 16},
{"name": "p", "kind": "pool", "function": "global-avg", "inputs": ["x"]},
{"name": "fc1", "kind": "conv2d", "inputs": ["p"], "out": 4, "bias": true, "activation": "silu"},
{"name": "fc2", "kind": "conv2d", "inputs": ["fc1"], "out": 16, "bias": true},
{"name": "gate", "kind": "elementwise", "function": "sigmoid", "inputs": ["fc2"]},
{"name": "scaled", "kind": "elementwise", "function": "mul", "inputs": ["gate", "x"]},
{"name": "hs", "kind": "elementwise", "function": "hardswish", "inputs": ["scaled"]},
{"name": "hg", "kind": "elementwise", "function": "hardsigmoid", "inputs": ["fc2"]},
{"name": "again", "kind": "elementwise", "function": "mul", "inputs": ["hs", "hg"]},
{"name": "loss", "kind": "loss", "inputs": ["again"]}]})";
        const OpGraph g = opGraphFromText(text, "se.json");
        for (const char* name : { "scaled", "again" }) {
            const Op& m = opNamed(g, name);
            QCOMPARE(m.input, (TensorShape{ 2, 16, 8, 8, true })); // the image is what it reads
            QCOMPARE(m.output, m.input);
            QCOMPARE(m.forwardFlops, 2.0 * 16 * 64); // one multiply an output value
            QCOMPARE(m.broadcast, (std::vector<bool>{ std::string(name) == "scaled", std::string(name) == "again" }));
        }
        QCOMPARE(opNamed(g, "gate").output, (TensorShape{ 2, 16, 1, 1, true }));
        QCOMPARE(opNamed(g, "gate").forwardFlops, 4.0 * 2 * 16);
        // A channel scale is read where it lies under a batch split, and whole under a split of positions.
        const Op& m = opNamed(g, "scaled");
        QCOMPARE(inputLayout(m, 0, { .spatial = 2 }), inputLayout(m, 0, { .replica = 2 }));
        QCOMPARE(inputLayout(m, 1, { .spatial = 2 }).degree(TensorDim::Positions), 2);
        QCOMPARE(inputLayout(m, 0, { .batch = 2 }), inputLayout(m, 1, { .batch = 2 }));
    }

    void refusesBadGraphs()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        try {
            opGraphFromText(text.toStdString(), "graph.json");
            QFAIL("accepted a bad graph");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.contains(message), qPrintable(what));
            QVERIFY2(what.startsWith(QStringLiteral("graph.json:%1:").arg(line)), qPrintable(what));
        }
    }
};

QTEST_GUILESS_MAIN(TestModelZoo)
#include "tst_model_zoo.moc"
