#include "ft/op_graph.h"

#include "common/error.h"

#include <algorithm>
#include <numeric>

namespace vantage::ft {

namespace {

// FLOPs per element of an activation applied after a linear/conv/elementwise op (tanh-GELU ~8).
double activationFlops(Activation a)
{
    switch (a) {
    case Activation::None:
        return 0.0;
    case Activation::Relu:
        return 1.0;
    case Activation::Gelu:
        return 8.0;
    case Activation::Silu:
        return 5.0;
    case Activation::SwiGlu:
        return 6.0;
    }
    return 0.0;
}

struct FunctionInfo {
    std::string_view name;
    bool nary; // needs two or more inputs
    double flops; // per output element (per extra input for n-ary)
};
constexpr FunctionInfo kElementwise[] = {
    { "add", true, 1.0 },
    { "mul", true, 1.0 },
    { "relu", false, 1.0 },
    { "gelu", false, 8.0 },
    { "silu", false, 5.0 },
    { "dropout", false, 2.0 },
    { "sigmoid", false, 4.0 },
    { "hardsigmoid", false, 3.0 },
    { "hardswish", false, 4.0 },
};

// A channel scale: [B, C, 1, 1] against an image [B, C, H, W] of more than one position.
bool scalesChannelsOf(const TensorShape& small, const TensorShape& big)
{
    return small.image && big.image && small.batch == big.batch && small.features == big.features && small.height == 1
        && small.width == 1 && big.positions() > 1;
}

[[noreturn]] void bad(const Op& op, const std::string& message)
{
    throw Error::invalidInput(message).inOp(op.name);
}

// Every size of a graph is at most 2^31 - 1 (no real model comes near: vocabularies are ~10^6,
// batches and sequences ~10^6), so that products of two sizes cannot overflow 64 bits.
constexpr std::int64_t kMaxSize = 2147483647;
// Parameters of one op: 2^50 (10^15), a thousand times the largest models trained.
constexpr std::int64_t kMaxParams = std::int64_t(1) << 50;

void requirePositive(const Op& op, std::int64_t v, const char* what)
{
    if (v < 1)
        bad(op, std::string(what) + " must be at least 1, is " + std::to_string(v));
    if (v > kMaxSize)
        bad(op, std::string(what) + " must be at most " + std::to_string(kMaxSize) + ", is " + std::to_string(v));
}

// a * b for a parameter or size count, refused when it overflows or passes kMaxParams.
std::int64_t product(const Op& op, std::int64_t a, std::int64_t b, const char* what)
{
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r) || r > kMaxParams || r < 0)
        bad(op, std::string(what) + " is too large (" + std::to_string(a) + " x " + std::to_string(b) + ")");
    return r;
}

// PyTorch's output size of a convolution or pool; with ceil (pools' ceil_mode) rounded up, a last
// window that would start in the right padding dropped, as PyTorch does.
std::int64_t convOut(const Op& op, std::int64_t in, int k, int s, int p, const char* dim, bool ceil = false)
{
    if (k < 1 || s < 1 || p < 0)
        bad(op, "kernel and stride must be >= 1 and padding >= 0");
    if (in + 2 * p < k)
        bad(op, std::string("the kernel does not fit the input ") + dim + " (" + std::to_string(in) + ")");
    std::int64_t out = (in + 2 * p - k + (ceil ? s - 1 : 0)) / s + 1;
    if (ceil && (out - 1) * s >= in + p)
        --out;
    if (out < 1)
        bad(op, std::string("the kernel does not fit the input ") + dim + " (" + std::to_string(in) + ")");
    return out;
}

} // namespace

int OpGraph::find(std::string_view opName) const
{
    for (std::size_t i = 0; i < m_ops.size(); ++i)
        if (m_ops[i].name == opName)
            return static_cast<int>(i);
    return -1;
}

std::int64_t OpGraph::parameterCount() const
{
    std::int64_t total = 0;
    for (const Op& o : m_ops)
        if (__builtin_add_overflow(total, o.params, &total))
            throw Error::invalidInput("the model's parameters add up to more than 2^63 (at op '" + o.name + "')")
                .forField("params");
    return total;
}

double OpGraph::forwardFlops() const
{
    return std::accumulate(m_ops.begin(), m_ops.end(), 0.0, [](double s, const Op& o) { return s + o.forwardFlops; });
}

std::int64_t OpGraph::batch() const
{
    return m_ops.empty() ? 0 : m_ops.front().output.batch;
}

namespace {

// The weights of `op` (rows x cols) shared with the embedding it is tied to: true when tied (they
// count once, at the embedding), false when it owns its weights.
bool shareTiedWeights(Op& op, const std::vector<Op>& ops, std::int64_t rows, std::int64_t cols)
{
    if (op.tiedTo < 0)
        return false;
    if (op.tiedTo >= static_cast<int>(ops.size()))
        bad(op, "tied_to names an op that is not in the graph");
    const Op& owner = ops[static_cast<std::size_t>(op.tiedTo)];
    if (owner.kind != OpKind::Embedding || owner.tiedTo >= 0)
        bad(op, "weights can only be tied to an embedding that owns its weights ('" + owner.name + "' does not)");
    if (!((owner.vocab == rows && owner.outFeatures == cols) || (owner.vocab == cols && owner.outFeatures == rows)))
        bad(op,
            "tied weight shape " + std::to_string(rows) + "x" + std::to_string(cols) + " does not match '" + owner.name
                + "' (" + std::to_string(owner.vocab) + "x" + std::to_string(owner.outFeatures) + ")");
    op.sharedParams = product(op, rows, cols, "the tied weight");
    return true;
}

// Token ids to vectors; the weights may be tied from a linear op.
void shapeEmbedding(Op& op, const std::vector<TensorShape>& ins, const std::vector<Op>& ops)
{
    const TensorShape& in = op.input;
    if (!ins.empty())
        bad(op, "an embedding reads token ids and takes no inputs");
    requirePositive(op, op.vocab, "vocab");
    requirePositive(op, op.outFeatures, "out");
    if (op.extraRows < 0)
        bad(op, "extra_rows must be >= 0");
    op.input.features = 1;
    op.input.width = 1;
    op.input.image = false;
    op.output = { in.batch, op.outFeatures, in.height, 1, false };
    if (!shareTiedWeights(op, ops, op.vocab, op.outFeatures))
        op.params = product(op, op.vocab, op.outFeatures, "the embedding table");
    if (op.extraRows > kMaxSize)
        bad(op, "extra_rows must be at most " + std::to_string(kMaxSize));
    op.params += product(op, op.extraRows, op.outFeatures, "the extra rows");
    op.forwardFlops = op.output.elements() * (op.extraRows > 0 ? 2.0 : 1.0);
    op.savedElements = op.output.elements();
}

// A dense layer over the features (an image input is flattened), weights possibly tied to an embedding.
void shapeLinear(Op& op, const std::vector<TensorShape>& ins, const std::vector<Op>& ops)
{
    const TensorShape& in = op.input;
    const double B = double(in.batch);
    if (ins.size() > 1)
        bad(op, "a linear op takes one input");
    requirePositive(op, op.outFeatures, "out");
    if (in.image && in.positions() > 1)
        op.input = { in.batch, product(op, in.features, in.positions(), "the flattened input"), 1, 1, false };
    else
        op.input = { in.batch, in.features, in.positions(), 1, false };
    const std::int64_t cols = op.outFeatures * (op.activation == Activation::SwiGlu ? 2 : 1);
    if (!shareTiedWeights(op, ops, op.input.features, cols))
        op.params = product(op, op.input.features, cols, "the weight matrix");
    op.params += op.bias ? cols : 0;
    op.output = { in.batch, op.outFeatures, op.input.height, 1, false };
    const double positions = double(op.input.height);
    op.forwardFlops = 2.0 * B * positions * double(op.input.features) * double(cols)
        + B * positions * double(cols) * activationFlops(op.activation);
    op.savedElements = op.output.elements() + (op.activation == Activation::None ? 0.0 : B * positions * double(cols));
}

// A 2-D convolution with optional batch norm and activation.
void shapeConv2d(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    if (ins.size() > 1)
        bad(op, "a conv2d op takes one input");
    if (!in.image && !ins.empty())
        bad(op, "conv2d needs an image input (height x width)");
    if (op.activation == Activation::SwiGlu)
        bad(op, "swiglu applies to linear ops only");
    op.input.image = true;
    requirePositive(op, op.outFeatures, "out");
    const std::int64_t h = convOut(op, in.height, op.kernelH, op.strideH, op.padH, "height");
    const std::int64_t w = convOut(op, in.width, op.kernelW, op.strideW, op.padW, "width");
    op.output = { in.batch, op.outFeatures, h, w, true };
    if (op.tiedTo >= 0)
        bad(op, "conv2d weights cannot be tied");
    if (op.groups < 1 || in.features % op.groups != 0 || op.outFeatures % op.groups != 0)
        bad(op,
            "groups " + std::to_string(op.groups) + " must divide the " + std::to_string(in.features)
                + " input and the " + std::to_string(op.outFeatures) + " output channels");
    const std::int64_t groupIn = in.features / op.groups; // input channels each output channel reads
    op.params = product(op, product(op, groupIn, op.outFeatures, "the kernel"),
                    product(op, op.kernelH, op.kernelW, "the kernel"), "the kernel")
        + (op.bias ? op.outFeatures : 0) + (op.batchNorm ? 2 * op.outFeatures : 0);
    const double outElems = op.output.elements();
    op.forwardFlops = 2.0 * outElems * double(groupIn) * op.kernelH * op.kernelW
        + outElems * ((op.batchNorm ? 4.0 : 0.0) + activationFlops(op.activation));
    op.savedElements = outElems * (1.0 + (op.batchNorm ? 1.0 : 0.0) + (op.activation != Activation::None ? 1.0 : 0.0));
}

// Multi-head (or grouped-query) attention over fused q, k, v or over another sequence's k/v.
void shapeAttention(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    const double B = double(in.batch);
    if (ins.size() > 2)
        bad(op, "attention takes one input (fused q, k, v) or two (q, and k/v from another sequence)");
    // An image's positions (Swin's windows of a feature map) are attended as a sequence's.
    requirePositive(op, op.heads, "heads");
    if (op.kvHeads == 0)
        op.kvHeads = op.heads;
    if (op.kvHeads < 1 || op.heads % op.kvHeads != 0)
        bad(op, "kv_heads must divide heads");
    const std::int64_t qkvHeads = ins.size() == 2 ? op.heads : op.heads + 2 * op.kvHeads;
    if (in.features % qkvHeads != 0)
        bad(op,
            "input features (" + std::to_string(in.features) + ") are not a whole number of heads ("
                + (ins.size() == 2 ? std::to_string(qkvHeads)
                                   : std::to_string(qkvHeads) + ": the input holds q, k and v, "
                            + std::to_string(op.heads) + " heads + 2 x " + std::to_string(op.kvHeads) + " kv_heads")
                + ")");
    const int hd = static_cast<int>(in.features / qkvHeads);
    if (op.headDim != 0 && op.headDim != hd)
        bad(op, "head_dim " + std::to_string(op.headDim) + " does not match the input (" + std::to_string(hd) + ")");
    op.headDim = hd;
    op.kvLength = in.positions();
    if (op.window < 0 || (op.window > 0 && (ins.size() != 1 || in.positions() % op.window != 0)))
        bad(op,
            "window must divide the positions (" + std::to_string(in.positions())
                + ") of a self-attention's fused q, k, v");
    if (op.window > 0)
        op.kvLength = op.window;
    if (ins.size() == 2) {
        const TensorShape& kv = ins[1];
        if (kv.features != 2 * std::int64_t(op.kvHeads) * hd)
            bad(op,
                "the key/value input needs " + std::to_string(2 * std::int64_t(op.kvHeads) * hd)
                    + " features (2 x kv_heads x head_dim), has " + std::to_string(kv.features));
        op.kvLength = kv.height;
    }
    op.output = { in.batch, std::int64_t(op.heads) * hd, in.height, in.width, in.image };
    const double scores = B * op.heads * double(in.positions()) * double(op.kvLength);
    op.forwardFlops = 4.0 * scores * hd + 5.0 * scores;
    op.savedElements = op.output.elements() + scores;
    op.params = op.learnedParams; // a relative-position bias table
}

// LayerNorm or RMSNorm over the features.
void shapeNorm(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    if (ins.size() > 1)
        bad(op, "a normalisation takes one input");
    op.output = in;
    op.params = in.features * (op.kind == OpKind::LayerNorm ? 2 : 1);
    op.forwardFlops = in.elements() * (op.kind == OpKind::LayerNorm ? 8.0 : 4.0);
    op.savedElements = op.output.elements();
}

// A function of one input or a reduction of several (add, mul, ...) of the same shape.
void shapeElementwise(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    const FunctionInfo* f = nullptr;
    std::string list;
    for (const auto& fi : kElementwise) {
        if (fi.name == op.function)
            f = &fi;
        list += (list.empty() ? "" : ", ") + std::string(fi.name);
    }
    if (!f)
        bad(op, "unknown elementwise function '" + op.function + "' (expected one of: " + list + ")");
    // add / mul of one input and a learned tensor (a position table, a layer scale: learnedParams)
    const bool learned = op.learnedParams > 0;
    if (learned && op.function != "add" && op.function != "mul")
        bad(op, "'params' (a learned operand) is for add and mul");
    if (f->nary && ins.size() + (learned ? 1 : 0) < 2)
        bad(op, "'" + op.function + "' needs two or more inputs");
    if (!f->nary && ins.size() > 1)
        bad(op, "'" + op.function + "' takes one input");
    // mul may scale an image's channels by [B, C, 1, 1] (squeeze-and-excitation): the op reads and
    // writes the image; the scales are broadcast over its positions.
    op.broadcast.assign(ins.size(), false);
    if (op.function == "mul")
        for (const auto& s : ins)
            if (s.positions() > op.input.positions())
                op.input = s;
    for (std::size_t i = 0; i < ins.size(); ++i) {
        if (ins[i] == op.input)
            continue;
        if (op.function == "mul" && scalesChannelsOf(ins[i], op.input))
            op.broadcast[i] = true;
        else
            bad(op,
                op.function == "mul" ? "elementwise inputs must have the same shape, or be a channel scale "
                                       "[B, C, 1, 1] of an image [B, C, H, W]"
                                     : "elementwise inputs must have the same shape");
    }
    if (op.activation == Activation::SwiGlu)
        bad(op, "swiglu applies to linear ops only");
    op.output = in;
    op.params = op.learnedParams;
    const double n = f->nary ? double(ins.size() - 1 + (learned ? 1 : 0)) : 1.0;
    op.forwardFlops = in.elements() * (f->flops * n + activationFlops(op.activation));
    op.savedElements = op.output.elements() * (op.activation != Activation::None ? 2.0 : 1.0);
}

// Max or average pooling over an image, global average, or the first position.
void shapePool(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    if (ins.size() > 1)
        bad(op, "a pool op takes one input");
    if (op.function == "max" || op.function == "avg") {
        if (!in.image)
            bad(op, "max / avg pooling needs an image input");
        const std::int64_t h = convOut(op, in.height, op.kernelH, op.strideH, op.padH, "height", op.ceilMode);
        const std::int64_t w = convOut(op, in.width, op.kernelW, op.strideW, op.padW, "width", op.ceilMode);
        op.output = { in.batch, in.features, h, w, true };
        op.forwardFlops = op.output.elements() * op.kernelH * op.kernelW;
    } else if (op.ceilMode) {
        bad(op, "'ceil_mode' is for max and avg pools");
    } else if (op.function == "space-to-depth") {
        // Each k x k neighbourhood stacked on the channels: a copy, [B, C, H, W] -> [B, k^2 C, H/k, W/k].
        const int k = op.kernelH;
        if (!in.image || k < 2 || op.kernelW != k || op.strideH != k || op.strideW != k || in.height % k != 0
            || in.width % k != 0)
            bad(op, "space-to-depth needs an image whose height and width the kernel (= stride, >= 2) divides");
        op.output = { in.batch, in.features * k * k, in.height / k, in.width / k, true };
        op.forwardFlops = 0.0;
    } else if (op.function == "global-avg") {
        op.output = { in.batch, in.features, 1, 1, in.image };
        op.forwardFlops = in.elements();
    } else if (op.function == "first") {
        op.output = { in.batch, in.features, 1, 1, in.image };
        op.forwardFlops = op.output.elements();
    } else {
        bad(op,
            "unknown pool function '" + op.function
                + "' (expected one of: max, avg, global-avg, first, space-to-depth)");
    }
    op.savedElements = op.output.elements();
}

// Inputs joined along the features; or one sequence after learned rows (a class token).
void shapeConcat(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    if (op.extraRows < 0 || op.extraRows > kMaxSize)
        bad(op, "extra_rows must be between 0 and " + std::to_string(kMaxSize));
    if (op.extraRows > 0) {
        if (ins.size() != 1)
            bad(op, "a concat of learned rows (extra_rows) takes one input");
        op.output = { in.batch, in.features, in.positions() + op.extraRows, 1, false };
        op.params = product(op, op.extraRows, in.features, "the learned rows");
        op.forwardFlops = op.output.elements();
        op.savedElements = op.output.elements();
        return;
    }
    if (ins.size() < 2)
        bad(op, "concat needs two or more inputs");
    std::int64_t features = 0;
    for (const auto& s : ins) {
        if (s.height != in.height || s.width != in.width)
            bad(op, "concat inputs must have the same positions");
        features += s.features;
    }
    op.output = { in.batch, features, in.height, in.width, in.image };
    op.forwardFlops = op.output.elements();
    op.savedElements = op.output.elements();
}

// Softmax cross-entropy over the logits.
void shapeLoss(Op& op, const std::vector<TensorShape>& ins)
{
    const TensorShape& in = op.input;
    if (ins.size() > 1)
        bad(op, "a loss takes one input (the logits)");
    op.output = { in.batch, 1, in.height, in.width, in.image };
    op.forwardFlops = 5.0 * in.elements();
    // The softmax, kept for the gradient, and the step's peak at the start of backward: the logits'
    // gradient formed while every activation is still kept (the logits themselves are their op's).
    op.savedElements = op.output.elements() + 2.0 * in.elements();
}

} // namespace

int OpGraph::add(Op op)
{
    if (op.name.empty())
        throw Error::invalidInput("an op needs a non-empty name");
    if (find(op.name) >= 0)
        bad(op, "duplicate op name '" + op.name + "'");
    for (int in : op.inputs)
        if (in < 0 || in >= size())
            bad(op, "input index " + std::to_string(in) + " is not an op of the graph");

    std::vector<TensorShape> ins;
    for (int in : op.inputs)
        ins.push_back(m_ops[static_cast<std::size_t>(in)].output);
    if (!ins.empty()) {
        op.input = ins.front();
    } else {
        requirePositive(op, op.input.batch, "batch");
        requirePositive(op, op.input.features, "features");
        requirePositive(op, op.input.height, op.input.image ? "height" : "seq");
        requirePositive(op, op.input.width, "width");
    }
    for (const auto& s : ins)
        if (s.batch != op.input.batch)
            bad(op,
                "inputs disagree on the batch size (" + std::to_string(op.input.batch) + " vs "
                    + std::to_string(s.batch) + ")");

    op.params = 0;
    op.sharedParams = 0;
    op.kvLength = 0;
    switch (op.kind) {
    case OpKind::Embedding:
        shapeEmbedding(op, ins, m_ops);
        break;
    case OpKind::Linear:
        shapeLinear(op, ins, m_ops);
        break;
    case OpKind::Conv2d:
        shapeConv2d(op, ins);
        break;
    case OpKind::Attention:
        shapeAttention(op, ins);
        break;
    case OpKind::LayerNorm:
    case OpKind::RmsNorm:
        shapeNorm(op, ins);
        break;
    case OpKind::Elementwise:
        shapeElementwise(op, ins);
        break;
    case OpKind::Pool:
        shapePool(op, ins);
        break;
    case OpKind::Concat:
        shapeConcat(op, ins);
        break;
    case OpKind::Loss:
        shapeLoss(op, ins);
        break;
    }
    if (op.tiedTo >= 0 && op.kind != OpKind::Linear && op.kind != OpKind::Embedding)
        bad(op, "only linear and embedding ops can tie weights");
    if (op.learnedParams != 0 && op.kind != OpKind::Elementwise && op.kind != OpKind::Attention)
        bad(op, "'params' (a learned operand) is for elementwise and attention ops");
    if (op.learnedParams < 0 || op.learnedParams > kMaxParams)
        bad(op, "params must be between 0 and 2^50");
    if (op.window != 0 && op.kind != OpKind::Attention)
        bad(op, "'window' is for attention ops");
    if (op.extraRows != 0 && op.kind != OpKind::Embedding && op.kind != OpKind::Concat)
        bad(op, "'extra_rows' is for embedding and concat ops");

    const int index = size();
    for (std::size_t p = 0; p < op.inputs.size(); ++p)
        m_edges.push_back({ op.inputs[p], index, static_cast<int>(p) });
    m_ops.push_back(std::move(op));
    return index;
}

} // namespace vantage::ft
