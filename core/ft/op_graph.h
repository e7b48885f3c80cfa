#pragma once
// The op graph FT plans for: operators with the shapes of the tensors they read and write, their
// trainable parameters and FLOPs, joined by data edges. Built in code by the model zoo or read from
// the JSON format of docs/ft.md; both go through OpGraph::add, which infers shapes, so a graph is
// consistent however it was made.

#include "common/enum_names.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vantage::ft {

enum class OpKind {
    Embedding, // token lookup (+ position / type rows): [B, S] ids -> [B, H, S]
    Linear, // y = x W (+ b), per position; an image input is flattened first
    Conv2d, // 2-D convolution, optionally with batch norm folded in
    Attention, // softmax(Q K^T / sqrt(d)) V over heads: the weightless core between projections
    LayerNorm, // normalisation over features (2H parameters)
    RmsNorm, // root-mean-square normalisation (H parameters)
    Elementwise, // add, mul, relu, gelu, silu, dropout over tensors of one shape
    Pool, // max / avg pooling, global average, or the first position ([CLS])
    Concat, // concatenation along features (Inception), or learned rows before the positions (a class token)
    Loss, // softmax cross-entropy over the features (classes / vocabulary)
};

enum class Activation {
    None,
    Relu,
    Gelu,
    Silu,
    SwiGlu
};

// Names in the JSON format of docs/ft.md (enumName, enumFromName: an unknown name is an error
// listing the names).
inline constexpr EnumTable<OpKind, 10> kOpKinds{ .field = "",
    .entries = { { { OpKind::Embedding, "embedding" }, { OpKind::Linear, "linear" }, { OpKind::Conv2d, "conv2d" },
        { OpKind::Attention, "attention" }, { OpKind::LayerNorm, "layernorm" }, { OpKind::RmsNorm, "rmsnorm" },
        { OpKind::Elementwise, "elementwise" }, { OpKind::Pool, "pool" }, { OpKind::Concat, "concat" },
        { OpKind::Loss, "loss" } } },
    .what = "op kind" };
constexpr const auto& enumTable(OpKind)
{
    return kOpKinds;
}
inline constexpr EnumTable<Activation, 5> kActivations{ .field = "",
    .entries = { { { Activation::None, "none" }, { Activation::Relu, "relu" }, { Activation::Gelu, "gelu" },
        { Activation::Silu, "silu" }, { Activation::SwiGlu, "swiglu" } } },
    .what = "activation" };
constexpr const auto& enumTable(Activation)
{
    return kActivations;
}

// Activations are [batch, features, positions]; positions are a sequence (height = length,
// width = 1) or an image (height x width).
struct TensorShape {
    std::int64_t batch = 1;
    std::int64_t features = 1;
    std::int64_t height = 1;
    std::int64_t width = 1;
    bool image = false;

    std::int64_t positions() const { return height * width; }
    double elements() const { return double(batch) * double(features) * double(height) * double(width); }
    bool operator==(const TensorShape&) const = default;
};

struct Op {
    std::string name;
    OpKind kind = OpKind::Elementwise;
    std::vector<int> inputs; // producers (indices into OpGraph::ops), in port order

    // The input as this op reads it (the first input; a linear's flattened image), and the output.
    // Set by OpGraph::add from the producer; give `input` only for an op fed by data (no inputs).
    TensorShape input;
    TensorShape output;

    // Attributes, by kind (unused ones stay at their defaults).
    std::int64_t outFeatures = 0; // linear / conv2d output features or channels; embedding width
    std::int64_t vocab = 0; // embedding: rows looked up by token id (split as a reduction)
    std::int64_t extraRows = 0; // embedding: position and token-type rows added to the lookup; concat:
                                // learned positions put before the input's (ViT's class token)
    // elementwise add / mul, attention: elements of a learned tensor the op reads besides its inputs
    // (a position table added, a layer scale, a relative-position bias of the scores), replicated.
    std::int64_t learnedParams = 0;
    int kernelH = 1, kernelW = 1; // conv2d, pool
    int strideH = 1, strideW = 1; // conv2d, pool
    int padH = 0, padW = 0; // conv2d, pool
    int heads = 0; // attention: query heads
    int kvHeads = 0; // attention: key/value heads (grouped-query attention); 0 = heads
    int headDim = 0; // attention: inferred from the input features when 0
    int window = 0; // attention: keys each query sees, in windows of this many positions (Swin); 0 = all
    bool bias = false; // linear, conv2d
    bool batchNorm = false; // conv2d: batch norm folded in (2C parameters)
    bool ceilMode = false; // max / avg pool: output sizes rounded up, as PyTorch's ceil_mode=True
    // conv2d: channel groups (PyTorch's groups): each group of in/groups channels makes out/groups;
    // depthwise is groups = in channels. Its weights and FLOPs are a 1/groups share of a plain conv's.
    std::int64_t groups = 1;
    // elementwise mul, derived by OpGraph::add: per input port, true where the input is a channel
    // scale [B, C, 1, 1] broadcast over the other inputs' [B, C, H, W] (squeeze-and-excitation).
    std::vector<bool> broadcast;
    Activation activation = Activation::None; // linear, conv2d, elementwise: fused activation
    std::string function; // elementwise: add|mul|relu|gelu|silu|dropout; pool: max|avg|global-avg|first|
                          // space-to-depth (k x k neighbourhoods stacked on the channels: Swin's patch merging)
    int tiedTo = -1; // linear / embedding sharing the weight of this embedding op
    // The framework ops (ATen ops) the op was exported from: the runtime's per-op overhead is paid
    // per framework op (ClusterProfile::runtime). 1 when the graph does not say; 0 for an op made of
    // none (a loss computed outside the exported program).
    int atenOps = 1;
    // What the framework keeps for the op's backward, measured by the exporter (autograd's saved
    // tensors, in fp32 elements: bytes / 4, at the graph's batch); < 0 when the graph does not say,
    // and the op's activations are then savedElements, FT's own count.
    double keptElements = -1.0;
    // Of those, the elements the op read from other ops (a linear's input): a device keeps them as it
    // reads them (split by batch, positions and the reduction), the rest as the op's output.
    double keptInputElements = 0.0;
    // The 4-byte elements the op's memory-bound framework kernels (all but its matmuls, convolutions
    // and attention) read and write in forward, measured by the exporter at the graph's batch; < 0
    // when the graph does not say (the op's own traffic, inputs and output, prices it).
    double traffic = -1.0;
    // The elements its special-function kernels (tanh, exp, log, sigmoid, erf, softmax, GELU, SiLU:
    // computed, not moved, on a CPU) produce in forward and in backward, measured by the exporter
    // at the graph's batch; < 0 when the graph does not say. Priced at the device's special-function
    // rate where a calibration measured one (DeviceProfile::specialRate).
    double special = -1.0;
    double specialBackward = -1.0;

    // Derived by OpGraph::add.
    std::int64_t params = 0; // trainable parameters this op owns
    std::int64_t sharedParams = 0; // parameters it uses but `tiedTo` owns
    std::int64_t kvLength = 0; // attention: key/value positions
    double forwardFlops = 0.0; // one forward pass over the whole batch
    double savedElements = 0.0; // activation elements kept for the backward pass
};

struct Edge {
    int from = 0;
    int to = 0;
    int port = 0; // which input of `to`
};

class OpGraph {
public:
    std::string name;

    // Adds an op whose inputs are already in the graph, checks its attributes and infers its
    // shapes, parameters and FLOPs. Error::invalidInput naming the op when something does not fit.
    int add(Op op);

    const std::vector<Op>& ops() const { return m_ops; }
    const Op& op(int index) const { return m_ops.at(static_cast<std::size_t>(index)); }
    int size() const { return static_cast<int>(m_ops.size()); }
    const std::vector<Edge>& edges() const { return m_edges; }
    int find(std::string_view opName) const; // -1 when absent

    std::int64_t parameterCount() const;
    double forwardFlops() const;
    std::int64_t batch() const; // the batch of the first op (0 for an empty graph)

private:
    std::vector<Op> m_ops;
    std::vector<Edge> m_edges;
};

// The JSON op-graph format of docs/ft.md. Errors name the source, the line and the field.
OpGraph opGraphFromJson(const nlohmann::json& json, const std::string& source = "<op graph>");
OpGraph opGraphFromText(std::string_view text, const std::string& source);
OpGraph loadOpGraph(const std::filesystem::path& path);
nlohmann::json toJson(const OpGraph& graph);

} // namespace vantage::ft
