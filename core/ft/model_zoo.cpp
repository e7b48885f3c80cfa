#include "ft/model_zoo.h"

#include "ft/model_builder_p.h"

#include "common/error.h"
#include "common/key_values.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace vantage::ft {

// ---- Builder -----------------------------------------------------------------------------------

namespace detail {

int Builder::image(std::string name, std::int64_t batch, std::int64_t channels, std::int64_t side, std::int64_t out,
    int k, int s, int p, bool bn, bool bias)
{
    Op o = convOp(std::move(name), out, k, k, s, s, p, p, bn, Activation::Relu, bias);
    o.input = { batch, channels, side, side, true };
    return m_g.add(std::move(o));
}

int Builder::conv(std::string name, int in, std::int64_t out, int kh, int kw, int s, int ph, int pw, Activation act,
    bool bn, bool bias)
{
    Op o = convOp(std::move(name), out, kh, kw, s, s, ph, pw, bn, act, bias);
    o.inputs = { in };
    return m_g.add(std::move(o));
}

int Builder::conv(std::string name, int in, std::int64_t out, int k, int s, int p, Activation act, bool bn, bool bias)
{
    return conv(std::move(name), in, out, k, k, s, p, p, act, bn, bias);
}

int Builder::pool(std::string name, int in, std::string fn, int k, int s, int p)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Pool;
    o.function = std::move(fn);
    o.kernelH = o.kernelW = k;
    o.strideH = o.strideW = s;
    o.padH = o.padW = p;
    o.inputs = { in };
    return m_g.add(std::move(o));
}

int Builder::concat(std::string name, std::vector<int> ins)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Concat;
    o.inputs = std::move(ins);
    return m_g.add(std::move(o));
}

int Builder::linear(std::string name, int in, std::int64_t out, bool bias, Activation act, int tied)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Linear;
    o.outFeatures = out;
    o.bias = bias;
    o.activation = act;
    o.tiedTo = tied;
    o.inputs = { in };
    return m_g.add(std::move(o));
}

int Builder::embedding(std::string name, std::int64_t batch, std::int64_t seq, std::int64_t vocab, std::int64_t hidden,
    std::int64_t extraRows, int tied)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Embedding;
    o.vocab = vocab;
    o.outFeatures = hidden;
    o.extraRows = extraRows;
    o.tiedTo = tied;
    o.input = { batch, 1, seq, 1, false };
    return m_g.add(std::move(o));
}

int Builder::norm(std::string name, int in, OpKind kind)
{
    Op o;
    o.name = std::move(name);
    o.kind = kind;
    o.inputs = { in };
    return m_g.add(std::move(o));
}

int Builder::add(std::string name, int a, int b, Activation act)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Elementwise;
    o.function = "add";
    o.activation = act;
    o.inputs = { a, b };
    return m_g.add(std::move(o));
}

int Builder::attention(std::string name, std::vector<int> ins, int heads, int kvHeads)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Attention;
    o.heads = heads;
    o.kvHeads = kvHeads;
    o.inputs = std::move(ins);
    return m_g.add(std::move(o));
}

int Builder::loss(std::string name, int in)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Loss;
    o.inputs = { in };
    return m_g.add(std::move(o));
}

Op Builder::convOp(std::string name, std::int64_t out, int kh, int kw, int sh, int sw, int ph, int pw, bool bn,
    Activation act, bool bias)
{
    Op o;
    o.name = std::move(name);
    o.kind = OpKind::Conv2d;
    o.outFeatures = out;
    o.kernelH = kh;
    o.kernelW = kw;
    o.strideH = sh;
    o.strideW = sw;
    o.padH = ph;
    o.padW = pw;
    o.batchNorm = bn;
    o.activation = act;
    o.bias = bias;
    return o;
}

} // namespace detail

namespace {

using detail::Builder;

// ---- CNNs ----

OpGraph vgg16(const ZooModel& m, std::int64_t batch, std::int64_t side)
{
    // Simonyan & Zisserman 2015, configuration D: 3x3 convs with biases, no batch norm.
    Builder b(m.displayName);
    const int cfg[] = { 64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0 };
    int x = -1, conv = 0, pool = 0;
    for (int c : cfg) {
        if (c == 0) {
            x = b.pool("pool" + std::to_string(++pool), x, "max", 2, 2);
            continue;
        }
        const std::string name = "conv" + std::to_string(++conv);
        x = x < 0 ? b.image(name, batch, 3, side, c, 3, 1, 1, false, true)
                  : b.conv(name, x, c, 3, 1, 1, Activation::Relu, false, true);
    }
    x = b.linear("fc6", x, 4096, true, Activation::Relu);
    x = b.linear("fc7", x, 4096, true, Activation::Relu);
    x = b.linear("fc8", x, 1000);
    b.loss("loss", x);
    return b.take();
}

// ResNet v1.5 (torchvision): bottleneck blocks, stride in the 3x3; `widen` 2 gives WRN-50-2
// (Zagoruyko & Komodakis 2016), whose bottlenecks are twice as wide.
OpGraph resnet(const ZooModel& m, std::int64_t batch, std::int64_t side, const std::vector<int>& blocks, int widen)
{
    Builder b(m.displayName);
    int x = b.image("conv1", batch, 3, side, 64, 7, 2, 3);
    x = b.pool("maxpool", x, "max", 3, 2, 1);
    std::int64_t channels = 64;
    for (std::size_t stage = 0; stage < blocks.size(); ++stage) {
        const std::int64_t planes = 64 << stage;
        const std::int64_t width = planes * widen;
        for (int i = 0; i < blocks[stage]; ++i) {
            const std::string p = "layer" + std::to_string(stage + 1) + "." + std::to_string(i) + ".";
            const int stride = (i == 0 && stage > 0) ? 2 : 1;
            int y = b.conv(p + "conv1", x, width, 1);
            y = b.conv(p + "conv2", y, width, 3, stride, 1);
            y = b.conv(p + "conv3", y, planes * 4, 1, 1, 0, Activation::None);
            int shortcut = x;
            if (i == 0 && (stride != 1 || channels != planes * 4))
                shortcut = b.conv(p + "downsample", x, planes * 4, 1, stride, 0, Activation::None);
            x = b.add(p + "add", y, shortcut, Activation::Relu);
            channels = planes * 4;
        }
    }
    x = b.pool("avgpool", x, "global-avg");
    x = b.linear("fc", x, 1000);
    b.loss("loss", x);
    return b.take();
}

// Inception-v3 (Szegedy et al. 2016) as torchvision builds it, with the auxiliary classifier that
// training uses; every conv is conv + batch norm + ReLU.
OpGraph inceptionV3(const ZooModel& m, std::int64_t batch, std::int64_t side)
{
    Builder b(m.displayName);
    auto conv = [&](const std::string& name, int in, std::int64_t out, int kh, int kw, int s = 1, int ph = 0,
                    int pw = 0) { return b.conv(name, in, out, kh, kw, s, ph, pw); };
    auto blockA = [&](const std::string& p, int in, int poolFeatures) {
        const int b1 = conv(p + ".branch1x1", in, 64, 1, 1);
        int b5 = conv(p + ".branch5x5_1", in, 48, 1, 1);
        b5 = conv(p + ".branch5x5_2", b5, 64, 5, 5, 1, 2, 2);
        int b3 = conv(p + ".branch3x3dbl_1", in, 64, 1, 1);
        b3 = conv(p + ".branch3x3dbl_2", b3, 96, 3, 3, 1, 1, 1);
        b3 = conv(p + ".branch3x3dbl_3", b3, 96, 3, 3, 1, 1, 1);
        int bp = b.pool(p + ".avgpool", in, "avg", 3, 1, 1);
        bp = conv(p + ".branch_pool", bp, poolFeatures, 1, 1);
        return b.concat(p + ".concat", { b1, b5, b3, bp });
    };
    auto blockB = [&](const std::string& p, int in) {
        const int b3 = conv(p + ".branch3x3", in, 384, 3, 3, 2);
        int bd = conv(p + ".branch3x3dbl_1", in, 64, 1, 1);
        bd = conv(p + ".branch3x3dbl_2", bd, 96, 3, 3, 1, 1, 1);
        bd = conv(p + ".branch3x3dbl_3", bd, 96, 3, 3, 2);
        const int bp = b.pool(p + ".maxpool", in, "max", 3, 2);
        return b.concat(p + ".concat", { b3, bd, bp });
    };
    auto blockC = [&](const std::string& p, int in, int c7) {
        const int b1 = conv(p + ".branch1x1", in, 192, 1, 1);
        int b7 = conv(p + ".branch7x7_1", in, c7, 1, 1);
        b7 = conv(p + ".branch7x7_2", b7, c7, 1, 7, 1, 0, 3);
        b7 = conv(p + ".branch7x7_3", b7, 192, 7, 1, 1, 3, 0);
        int bd = conv(p + ".branch7x7dbl_1", in, c7, 1, 1);
        bd = conv(p + ".branch7x7dbl_2", bd, c7, 7, 1, 1, 3, 0);
        bd = conv(p + ".branch7x7dbl_3", bd, c7, 1, 7, 1, 0, 3);
        bd = conv(p + ".branch7x7dbl_4", bd, c7, 7, 1, 1, 3, 0);
        bd = conv(p + ".branch7x7dbl_5", bd, 192, 1, 7, 1, 0, 3);
        int bp = b.pool(p + ".avgpool", in, "avg", 3, 1, 1);
        bp = conv(p + ".branch_pool", bp, 192, 1, 1);
        return b.concat(p + ".concat", { b1, b7, bd, bp });
    };
    auto blockD = [&](const std::string& p, int in) {
        int b3 = conv(p + ".branch3x3_1", in, 192, 1, 1);
        b3 = conv(p + ".branch3x3_2", b3, 320, 3, 3, 2);
        int b7 = conv(p + ".branch7x7x3_1", in, 192, 1, 1);
        b7 = conv(p + ".branch7x7x3_2", b7, 192, 1, 7, 1, 0, 3);
        b7 = conv(p + ".branch7x7x3_3", b7, 192, 7, 1, 1, 3, 0);
        b7 = conv(p + ".branch7x7x3_4", b7, 192, 3, 3, 2);
        const int bp = b.pool(p + ".maxpool", in, "max", 3, 2);
        return b.concat(p + ".concat", { b3, b7, bp });
    };
    auto blockE = [&](const std::string& p, int in) {
        const int b1 = conv(p + ".branch1x1", in, 320, 1, 1);
        const int b3 = conv(p + ".branch3x3_1", in, 384, 1, 1);
        const int b3a = conv(p + ".branch3x3_2a", b3, 384, 1, 3, 1, 0, 1);
        const int b3b = conv(p + ".branch3x3_2b", b3, 384, 3, 1, 1, 1, 0);
        int bd = conv(p + ".branch3x3dbl_1", in, 448, 1, 1);
        bd = conv(p + ".branch3x3dbl_2", bd, 384, 3, 3, 1, 1, 1);
        const int bda = conv(p + ".branch3x3dbl_3a", bd, 384, 1, 3, 1, 0, 1);
        const int bdb = conv(p + ".branch3x3dbl_3b", bd, 384, 3, 1, 1, 1, 0);
        int bp = b.pool(p + ".avgpool", in, "avg", 3, 1, 1);
        bp = conv(p + ".branch_pool", bp, 192, 1, 1);
        return b.concat(p + ".concat", { b1, b3a, b3b, bda, bdb, bp });
    };
    int x = b.image("Conv2d_1a_3x3", batch, 3, side, 32, 3, 2, 0);
    x = conv("Conv2d_2a_3x3", x, 32, 3, 3);
    x = conv("Conv2d_2b_3x3", x, 64, 3, 3, 1, 1, 1);
    x = b.pool("maxpool1", x, "max", 3, 2);
    x = conv("Conv2d_3b_1x1", x, 80, 1, 1);
    x = conv("Conv2d_4a_3x3", x, 192, 3, 3);
    x = b.pool("maxpool2", x, "max", 3, 2);
    x = blockA("Mixed_5b", x, 32);
    x = blockA("Mixed_5c", x, 64);
    x = blockA("Mixed_5d", x, 64);
    x = blockB("Mixed_6a", x);
    x = blockC("Mixed_6b", x, 128);
    x = blockC("Mixed_6c", x, 160);
    x = blockC("Mixed_6d", x, 160);
    x = blockC("Mixed_6e", x, 192);
    int aux = b.pool("AuxLogits.avgpool", x, "avg", 5, 3);
    aux = conv("AuxLogits.conv0", aux, 128, 1, 1);
    aux = conv("AuxLogits.conv1", aux, 768, 5, 5);
    aux = b.linear("AuxLogits.fc", aux, 1000);
    b.loss("AuxLogits.loss", aux);
    x = blockD("Mixed_7a", x);
    x = blockE("Mixed_7b", x);
    x = blockE("Mixed_7c", x);
    x = b.pool("avgpool", x, "global-avg");
    x = b.linear("fc", x, 1000);
    b.loss("loss", x);
    return b.take();
}

// ---- Transformers ----

struct TransformerShape {
    std::int64_t vocab, hidden, ff, positions;
    int layers, heads, kvHeads;
};

// One encoder / BERT layer, post-LN (Vaswani et al. 2017): x -> attention -> add & norm -> FFN ->
// add & norm.
int postLnLayer(Builder& b, const std::string& p, int x, const TransformerShape& s, Activation act)
{
    int y = b.linear(p + "qkv", x, 3 * s.hidden);
    y = b.attention(p + "attention", { y }, s.heads);
    y = b.linear(p + "proj", y, s.hidden);
    x = b.norm(p + "ln1", b.add(p + "add1", x, y));
    y = b.linear(p + "fc1", x, s.ff, true, act);
    y = b.linear(p + "fc2", y, s.hidden);
    return b.norm(p + "ln2", b.add(p + "add2", x, y));
}

// One GPT / Llama layer, pre-LN: x + attention(norm(x)), then + FFN(norm(.)).
int preLnLayer(Builder& b, const std::string& p, int x, const TransformerShape& s, bool llama)
{
    const OpKind normKind = llama ? OpKind::RmsNorm : OpKind::LayerNorm;
    const std::int64_t headDim = s.hidden / s.heads;
    int y = b.norm(p + "ln1", x, normKind);
    y = b.linear(p + "qkv", y, s.hidden + 2 * s.kvHeads * headDim, !llama);
    y = b.attention(p + "attention", { y }, s.heads, s.kvHeads);
    y = b.linear(p + "proj", y, s.hidden, !llama);
    x = b.add(p + "add1", x, y);
    y = b.norm(p + "ln2", x, normKind);
    // Llama's SwiGLU: gate and up projections in one matrix, silu(gate) * up.
    y = b.linear(p + "fc1", y, s.ff, !llama, llama ? Activation::SwiGlu : Activation::Gelu);
    y = b.linear(p + "fc2", y, s.hidden, !llama);
    return b.add(p + "add2", x, y);
}

// Vaswani et al. 2017: encoder-decoder, post-LN, one 37k vocabulary shared by both embeddings and
// the pre-softmax projection (Sec. 3.4).
OpGraph transformer(const ZooModel& m, std::int64_t batch, std::int64_t seq, const TransformerShape& s)
{
    Builder b(m.displayName);
    const int src = b.embedding("encoder.embedding", batch, seq, s.vocab, s.hidden, 0);
    int x = src;
    for (int i = 0; i < s.layers; ++i)
        x = postLnLayer(b, "encoder." + std::to_string(i) + ".", x, s, Activation::Relu);
    const int memory = x;
    int y = b.embedding("decoder.embedding", batch, seq, s.vocab, s.hidden, 0, src);
    for (int i = 0; i < s.layers; ++i) {
        const std::string p = "decoder." + std::to_string(i) + ".";
        int a = b.linear(p + "qkv", y, 3 * s.hidden);
        a = b.attention(p + "attention", { a }, s.heads);
        a = b.linear(p + "proj", a, s.hidden);
        y = b.norm(p + "ln1", b.add(p + "add1", y, a));
        int q = b.linear(p + "cross_q", y, s.hidden);
        const int kv = b.linear(p + "cross_kv", memory, 2 * s.hidden);
        q = b.attention(p + "cross_attention", { q, kv }, s.heads);
        q = b.linear(p + "cross_proj", q, s.hidden);
        y = b.norm(p + "ln2", b.add(p + "add2", y, q));
        int f = b.linear(p + "fc1", y, s.ff, true, Activation::Relu);
        f = b.linear(p + "fc2", f, s.hidden);
        y = b.norm(p + "ln3", b.add(p + "add3", y, f));
    }
    y = b.linear("generator", y, s.vocab, false, Activation::None, src);
    b.loss("loss", y);
    return b.take();
}

// Devlin et al. 2019: BERT for pre-training, with the masked-LM head (decoder tied to the word
// embeddings) and the next-sentence head on the pooled [CLS] token.
OpGraph bert(const ZooModel& m, std::int64_t batch, std::int64_t seq, const TransformerShape& s)
{
    Builder b(m.displayName);
    const int emb = b.embedding("embeddings", batch, seq, s.vocab, s.hidden, s.positions + 2);
    int x = b.norm("embeddings.ln", emb);
    for (int i = 0; i < s.layers; ++i)
        x = postLnLayer(b, "encoder." + std::to_string(i) + ".", x, s, Activation::Gelu);
    int mlm = b.linear("mlm.transform", x, s.hidden, true, Activation::Gelu);
    mlm = b.norm("mlm.ln", mlm);
    mlm = b.linear("mlm.decoder", mlm, s.vocab, true, Activation::None, emb);
    b.loss("mlm.loss", mlm);
    int cls = b.pool("pooler.first", x, "first");
    cls = b.linear("pooler.dense", cls, s.hidden);
    cls = b.linear("nsp.classifier", cls, 2);
    b.loss("nsp.loss", cls);
    return b.take();
}

// GPT-2 / GPT-3 (Radford et al. 2019, Brown et al. 2020): pre-LN decoder, learned positions, LM
// head tied to the token embeddings.
OpGraph gpt(const ZooModel& m, std::int64_t batch, std::int64_t seq, const TransformerShape& s)
{
    Builder b(m.displayName);
    const int emb = b.embedding("embedding", batch, seq, s.vocab, s.hidden, s.positions);
    int x = emb;
    for (int i = 0; i < s.layers; ++i)
        x = preLnLayer(b, "layer" + std::to_string(i) + ".", x, s, false);
    x = b.norm("ln_f", x);
    x = b.linear("lm_head", x, s.vocab, false, Activation::None, emb);
    b.loss("loss", x);
    return b.take();
}

// Llama 2 (Touvron et al. 2023): pre-RMSNorm, rotary positions (no table), grouped-query attention
// for 70B, SwiGLU, no biases, an untied output projection.
OpGraph llama(const ZooModel& m, std::int64_t batch, std::int64_t seq, const TransformerShape& s)
{
    Builder b(m.displayName);
    int x = b.embedding("embedding", batch, seq, s.vocab, s.hidden, 0);
    for (int i = 0; i < s.layers; ++i)
        x = preLnLayer(b, "layer" + std::to_string(i) + ".", x, s, true);
    x = b.norm("norm", x, OpKind::RmsNorm);
    x = b.linear("output", x, s.vocab, false);
    b.loss("loss", x);
    return b.take();
}

struct Entry {
    ZooModel model;
    std::function<OpGraph(const ZooModel&, std::int64_t, std::int64_t)> build;
};

const std::vector<Entry>& entries()
{
    static const std::vector<Entry> list = [] {
        std::vector<Entry> v;
        auto cnn = [&](std::string name, std::string display, std::string desc, std::int64_t side, double params,
                       std::string source, std::function<OpGraph(const ZooModel&, std::int64_t, std::int64_t)> f) {
            v.push_back(
                { { std::move(name), std::move(display), std::move(desc), "cnn", 256, side, params, std::move(source) },
                    std::move(f) });
        };
        auto tf = [&](std::string name, std::string display, std::string desc, std::int64_t batch, std::int64_t seq,
                      double params, std::string source,
                      std::function<OpGraph(const ZooModel&, std::int64_t, std::int64_t)> f) {
            v.push_back({ { std::move(name), std::move(display), std::move(desc), "transformer", batch, seq, params,
                              std::move(source) },
                std::move(f) });
        };
        cnn("vgg16", "VGG-16", "VGG-16 (configuration D), 224x224 images, 1000 classes", 224, 138e6,
            "Simonyan & Zisserman, ICLR 2015, Table 2",
            [](const ZooModel& m, std::int64_t bs, std::int64_t side) { return vgg16(m, bs, side); });
        cnn("resnet50", "ResNet-50", "ResNet-50 v1.5 (bottleneck, stride in the 3x3), 224x224, 1000 classes", 224,
            25.557e6, "torchvision model card (25,557,032)", [](const ZooModel& m, std::int64_t bs, std::int64_t side) {
                return resnet(m, bs, side, { 3, 4, 6, 3 }, 1);
            });
        cnn("resnet152", "ResNet-152", "ResNet-152 v1.5, 224x224, 1000 classes", 224, 60.193e6,
            "torchvision model card (60,192,808)", [](const ZooModel& m, std::int64_t bs, std::int64_t side) {
                return resnet(m, bs, side, { 3, 8, 36, 3 }, 1);
            });
        cnn("wide-resnet50-2", "Wide-ResNet-50-2", "WRN-50-2: ResNet-50 with bottlenecks twice as wide, 224x224", 224,
            68.9e6, "Zagoruyko & Komodakis, BMVC 2016 (WRN-50-2-bottleneck, 68.9M)",
            [](const ZooModel& m, std::int64_t bs, std::int64_t side) {
                return resnet(m, bs, side, { 3, 4, 6, 3 }, 2);
            });
        cnn("inception-v3", "Inception-v3", "Inception-v3 with its auxiliary classifier, 299x299, 1000 classes", 299,
            27.161e6, "torchvision model card, aux_logits=True (27,161,264)",
            [](const ZooModel& m, std::int64_t bs, std::int64_t side) { return inceptionV3(m, bs, side); });
        tf("transformer-base", "Transformer-base",
            "Transformer base: 6+6 layers, d=512, 8 heads, shared 37k vocabulary", 128, 256, 65e6,
            "Vaswani et al., NeurIPS 2017, Table 3", [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return transformer(m, bs, seq, { 37000, 512, 2048, 0, 6, 8, 8 });
            });
        tf("transformer-big", "Transformer-big", "Transformer big: 6+6 layers, d=1024, 16 heads, shared 37k vocabulary",
            128, 256, 213e6, "Vaswani et al., NeurIPS 2017, Table 3",
            [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return transformer(m, bs, seq, { 37000, 1024, 4096, 0, 6, 16, 16 });
            });
        tf("bert-base", "BERT-Base", "BERT-Base for pre-training: 12 layers, H=768, 12 heads, MLM + NSP heads", 256,
            512, 110e6, "Devlin et al., NAACL 2019, Sec. 3", [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return bert(m, bs, seq, { 30522, 768, 3072, 512, 12, 12, 12 });
            });
        tf("bert-large", "BERT-Large", "BERT-Large for pre-training: 24 layers, H=1024, 16 heads, MLM + NSP heads", 256,
            512, 340e6, "Devlin et al., NAACL 2019, Sec. 3", [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return bert(m, bs, seq, { 30522, 1024, 4096, 512, 24, 16, 16 });
            });
        tf("gpt2-1.5b", "GPT-2 1.5B", "GPT-2 XL: 48 layers, d=1600, 25 heads, 1024 positions", 512, 1024, 1542e6,
            "Radford et al. 2019, Table 2", [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return gpt(m, bs, seq, { 50257, 1600, 6400, 1024, 48, 25, 25 });
            });
        tf("gpt3-175b", "GPT-3 175B", "GPT-3: 96 layers, d=12288, 96 heads, 2048 positions", 1536, 2048, 175e9,
            "Brown et al., NeurIPS 2020, Table 2.1", [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return gpt(m, bs, seq, { 50257, 12288, 49152, 2048, 96, 96, 96 });
            });
        tf("llama2-7b", "Llama-2 7B", "Llama 2 7B: 32 layers, d=4096, 32 heads, SwiGLU 11008, RMSNorm", 1024, 4096,
            6.7e9, "Touvron et al. 2023, LLaMA Table 2 (6.7B for the 7B shapes Llama 2 keeps)",
            [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return llama(m, bs, seq, { 32000, 4096, 11008, 0, 32, 32, 32 });
            });
        tf("llama2-70b", "Llama-2 70B", "Llama 2 70B: 80 layers, d=8192, 64 heads with 8 KV heads, SwiGLU 28672", 1024,
            4096, 70e9, "Touvron et al. 2023, Llama 2 Table 1",
            [](const ZooModel& m, std::int64_t bs, std::int64_t seq) {
                return llama(m, bs, seq, { 32000, 8192, 28672, 0, 80, 64, 8 });
            });
        return v;
    }();
    return list;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

const Entry& entry(std::string_view name)
{
    const std::string key = lower(name);
    std::string names;
    for (const auto& e : entries()) {
        if (e.model.name == key)
            return e;
        names += (names.empty() ? "" : ", ") + e.model.name;
    }
    throw Error::invalidInput("unknown model '" + std::string(name) + "' (the zoo has: " + names + ")")
        .forField("model");
}

} // namespace

const std::vector<ZooModel>& zooModels()
{
    static const std::vector<ZooModel> models = [] {
        std::vector<ZooModel> v;
        for (const auto& e : entries())
            v.push_back(e.model);
        return v;
    }();
    return models;
}

const ZooModel& zooModel(std::string_view name)
{
    return entry(name).model;
}

OpGraph buildZooModel(std::string_view name, std::int64_t batch, std::int64_t sequence)
{
    const Entry& e = entry(name);
    if (batch < 0 || sequence < 0)
        throw Error::invalidInput("batch and sequence must be positive").forField(batch < 0 ? "batch" : "sequence");
    constexpr std::int64_t kMaxSize = 1 << 24; // 16.7 M samples or tokens: far beyond any real run
    if (batch > kMaxSize || sequence > kMaxSize)
        throw Error::invalidInput("batch and sequence must be at most " + std::to_string(kMaxSize))
            .forField(batch > kMaxSize ? "batch" : "sequence");
    return e.build(
        e.model, batch > 0 ? batch : e.model.defaultBatch, sequence > 0 ? sequence : e.model.defaultSequence);
}

const params::Table<GptShape>& gptShapeParams()
{
    static const params::Table<GptShape> table = {
        params::number(&GptShape::layers, { "layers", "", "Transformer blocks" }, 1, 100000),
        params::number(&GptShape::hidden, { "hidden", "", "Hidden size h" }, 1, 1 << 20),
        params::number(&GptShape::heads, { "heads", "", "Attention heads a (divide h)" }, 1, 1 << 16),
        params::number(&GptShape::ffn, { "ffn", "", "Feed-forward width; 0: 4 h" }, 0, 1 << 22),
        params::number(&GptShape::seq, { "seq", "", "Sequence length s" }, 1, 1 << 20),
        params::number(&GptShape::vocab, { "vocab", "", "Vocabulary v" }, 1, 1 << 24),
    };
    return table;
}

GptShape parseGptShape(std::string_view text)
{
    GptShape s;
    params::readKeyValues(gptShapeParams(), text, s, "model shape");
    if (s.hidden % s.heads != 0)
        throw Error::invalidInput("model shape: heads (" + std::to_string(s.heads) + ") must divide hidden ("
            + std::to_string(s.hidden) + ")")
            .forField("heads");
    return s;
}

OpGraph buildGpt(const GptShape& s, std::int64_t batch)
{
    const std::int64_t ffn = s.ffn > 0 ? s.ffn : 4 * s.hidden;
    ZooModel m;
    m.displayName = "GPT " + std::to_string(s.layers) + "x" + std::to_string(s.hidden);
    return gpt(m, batch, s.seq,
        { s.vocab, s.hidden, ffn, s.seq, static_cast<int>(s.layers), static_cast<int>(s.heads),
            static_cast<int>(s.heads) });
}

OpGraph buildModel(std::string_view nameOrShape, std::int64_t batch, std::int64_t sequence)
{
    constexpr std::string_view prefix = "gpt:";
    if (nameOrShape.substr(0, prefix.size()) != prefix)
        return buildZooModel(nameOrShape, batch, sequence);
    GptShape shape = parseGptShape(nameOrShape.substr(prefix.size()));
    if (sequence > 0)
        shape.seq = sequence;
    if (batch < 1)
        throw Error::invalidInput("a model given by its shape needs --batch").forField("batch");
    return buildGpt(shape, batch);
}

} // namespace vantage::ft
