#pragma once
// Parallel configurations: the ways one operator's work is split over N devices. Each dim of the
// operator gets a degree and the degrees multiply to N: batch (data parallel), output features /
// channels / heads (model parallel), positions (image rows or sequence), the reduction dim (input
// features or channels, embedding rows: partial sums that are then all-reduced), and replication
// (devices doing the same work). The layout of every tensor the op reads and writes follows.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::ft {

struct Op;

struct OpConfig {
    int batch = 1;
    int spatial = 1;
    int out = 1;
    int reduce = 1;
    int replica = 1;
    // Decisions beyond the split (ConfigOptions offers them; off by default): the ZeRO stage over
    // the op's data-parallel group (batch x positions), and selective recomputation of an attention
    // op (its scores not kept, its forward run again in backward; Korthikanti et al. 2022).
    int zero = 0;
    bool recompute = false;

    int devices() const { return batch * spatial * out * reduce * replica; }
    // "b4c2", "s8", "b2k4", "r8": a letter per split dim (b, s, c, k, r) with its degree; "r1" on one
    // device; then "z" and the ZeRO stage, "R" for recomputation: "b8z3", "b2c4R".
    std::string name() const;
    bool operator==(const OpConfig&) const = default;
};

// Parses a name written by OpConfig::name(); Error::invalidInput otherwise.
OpConfig parseConfigName(std::string_view name);

// What the configuration splits, for people and for colouring: "batch", "out", "batch+reduce", ...
std::string splitLabel(const OpConfig& config);

struct ConfigOptions {
    // At most this many dims split at once (products of degrees). 2 keeps the space small and
    // covers data x tensor parallelism; 3 adds e.g. batch x heads x sequence.
    int maxSplitDims = 2;
    // Also offer each weighted op whose data-parallel group has 2 or more devices ZeRO stages 1 to
    // `zeroStages` (0: none), and each attention op selective recomputation. Variants come after
    // the plain configurations and have their edge costs, so they share their states' classes.
    int zeroStages = 0;
    bool recompute = false;
};

// The dims an op kind can split.
struct SplitDims {
    bool batch = false, spatial = false, out = false, reduce = false, replica = false;
};
SplitDims splitDims(const Op& op);

// Every configuration of `op` on `devices` devices whose degrees fit the op's dims. Replication
// combines with batch only (other mixes do redundant work and are never better). The order is
// fixed: data parallel first when it fits.
std::vector<OpConfig> enumerateConfigs(const Op& op, int devices, const ConfigOptions& options = {});

// Where the pieces of a tensor live. Devices are numbered in mixed radix over the parts, the first
// part outermost: an op's configuration places batch outermost, then positions, output, reduction,
// and replication innermost, so the model-parallel groups of a layer sit within a node.
enum class TensorDim : std::uint8_t {
    Batch,
    Features,
    Positions,
    Replica
};

struct LayoutPart {
    TensorDim dim = TensorDim::Replica;
    int degree = 1;
};

struct TensorLayout {
    std::array<LayoutPart, 6> parts{};
    int count = 0;

    void push(TensorDim dim, int degree);
    int degree(TensorDim dim) const; // product over the parts on `dim`
    bool operator==(const TensorLayout& other) const;
};

// The layout `op` writes its output in under `config` (partial sums already reduced).
TensorLayout outputLayout(const Op& op, const OpConfig& config);
// The layout `op` needs input `port` in under `config`.
TensorLayout inputLayout(const Op& op, int port, const OpConfig& config);
// The same layout seen by a consumer that flattens an image ([B, C, H, W] -> [B, C*H*W]).
TensorLayout flattened(const TensorLayout& layout);

} // namespace vantage::ft
