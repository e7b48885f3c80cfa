#pragma once
// Prices one operator configuration (compute time, the collectives it needs, memory per device)
// and one edge for a pair of configurations (re-partition time and the copy it leaves behind) on a
// cluster profile. Time is one training iteration (forward, backward, optimizer step); memory is
// bytes per device. Both are sums over ops and edges, which is what the FT search needs.

#include "common/params.h"
#include "ft/cluster.h"
#include "ft/config.h"
#include "ft/cost_graph.h"

#include <string_view>
#include <vector>

namespace vantage::ft {

struct Op;
struct Edge;
class OpGraph;

enum class Precision {
    Mixed,
    Fp32
}; // mixed: fp16/bf16 compute and activations, fp32 master weights
enum class Optimizer {
    Adam,
    SgdMomentum
};

inline constexpr params::EnumTable<Precision, 2> kPrecisions{ "precision",
    { { { Precision::Mixed, "mixed" }, { Precision::Fp32, "fp32" } } } };
constexpr const auto& enumTable(Precision)
{
    return kPrecisions;
}
inline constexpr params::EnumTable<Optimizer, 2> kOptimizers{ "optimizer",
    { { { Optimizer::Adam, "adam" }, { Optimizer::SgdMomentum, "sgd" } } } };
constexpr const auto& enumTable(Optimizer)
{
    return kOptimizers;
}

struct CostOptions {
    Precision precision = Precision::Mixed;
    Optimizer optimizer = Optimizer::Adam;
};

// Activation recomputation of a transformer block (Korthikanti et al., "Reducing Activation
// Recomputation in Large Transformer Models", 2022): none; selective (the attention scores, softmax
// and its dropout are not kept and are recomputed in backward, Sec. 5); full (the block keeps only
// its input and runs its forward again in backward).
enum class Recompute {
    None,
    Selective,
    Full
};
inline constexpr params::EnumTable<Recompute, 3> kRecomputes{ "recompute",
    { { { Recompute::None, "none" }, { Recompute::Selective, "selective" }, { Recompute::Full, "full" } } } };
constexpr const auto& enumTable(Recompute)
{
    return kRecomputes;
}

// Decisions beyond how an op is split, priced per op by the same model. All off by default: the
// search's space (TensorOpt's) and its figures are unchanged until a knob is switched on.
struct OpKnobs {
    // The op's block is recomputed in backward (Full: the op keeps nothing, its forward and forward
    // collectives run twice; Selective: an attention op keeps no scores and runs again).
    Recompute recompute = Recompute::None;
    // Megatron sequence parallelism (Korthikanti et al. 2022, Sec. 4.2.2) in the tensor-parallel
    // group: a row-parallel linear reduce-scatters its output over the positions instead of
    // all-reducing it, a column-parallel one keeps its input scattered and all-gathers it in forward
    // and again in backward, and reduce-scatters its input gradient. (Norms and dropouts are split
    // over the positions by their configuration, `s`.)
    bool sequenceParallel = false;
    // ZeRO (Rajbhandari et al., SC 2020) over the op's data-parallel group (its batch x positions
    // devices): 1 shards the optimizer state, 2 also the gradients (reduce-scattered), 3 also the
    // fp16 weights (all-gathered for forward and again for backward).
    int zeroStage = 0;
    // The model trains with dropout (Megatron's GPT: after the embeddings, on the attention
    // probabilities, before each residual add): masks of 1 byte per element are kept.
    bool dropout = false;
    // Activations counted as what backward reads (each op's inputs, Korthikanti et al.'s accounting,
    // Sec. 4.1) instead of each op's outputs: a block then keeps sbh(34 + 5as/h) bytes.
    bool keptInputs = false;
    // Mixed precision with fp32 gradients (Megatron-LM's main gradients, all-reduced in fp32): 4
    // bytes a parameter instead of 2, 18 in all with Adam.
    bool fp32Gradients = false;
    bool operator==(const OpKnobs&) const = default;
};

// Alpha-beta times of the collectives over a group of p devices on one link (alpha = latency per
// step, beta = bandwidth per device). Formulas from Thakur, Rabenseifner and Gropp, "Optimization
// of Collective Communication Operations in MPICH" (IJHPCA 2005), Sec. 2-4; the tree all-reduce is
// the pipelined (double) binary tree of Sanders, Speck and Traeff (Parallel Computing 2009).
namespace collective {
// Ring (reduce-scatter then all-gather): 2(p-1) alpha + 2 (p-1)/p n/beta, n = bytes per device.
double ringAllReduce(double bytes, int group, const LinkProfile& link);
// Pipelined binary tree (reduce then broadcast): 2 ceil(log2 p) alpha + 2 n/beta.
double treeAllReduce(double bytes, int group, const LinkProfile& link);
// The faster of the two, as NCCL picks by message size.
double allReduce(double bytes, int group, const LinkProfile& link);
// Ring all-gather: (p-1) alpha + (p-1)/p n/beta, n = bytes of the gathered result.
double allGather(double bytes, int group, const LinkProfile& link);
// Ring reduce-scatter: (p-1) alpha + (p-1)/p n/beta, n = bytes of the input on each device.
double reduceScatter(double bytes, int group, const LinkProfile& link);
// Pairwise all-to-all: (p-1) alpha + (p-1)/p n/beta, n = bytes each device holds before.
double allToAll(double bytes, int group, const LinkProfile& link);
// One message: alpha + n/beta.
double pointToPoint(double bytes, const LinkProfile& link);
} // namespace collective

// One op under one configuration, per device.
struct OpCost {
    double compute = 0.0; // s: forward, backward and optimizer step
    double gradientSync = 0.0; // s: all-reduce of the weight gradients over the data-parallel group
    double collectives = 0.0; // s: partial-sum and input-gradient all-reduces, attention k/v gathers, halos
    double weights = 0.0; // bytes: fp16 (mixed) or fp32 weights
    double gradients = 0.0; // bytes
    double optimizerState = 0.0; // bytes: fp32 master weights and Adam moments (mixed), moments (fp32)
    double activations = 0.0; // bytes kept for the backward pass
    // Parts of the above, for pipeline schedules and recomputation (OpKnobs):
    double forwardPass = 0.0; // s, of compute: one forward pass (what recomputation runs again)
    double optimizerStep = 0.0; // s, of compute: the optimizer step (once per iteration)
    double forwardCollectives = 0.0; // s, of collectives: those of the forward pass

    double time() const { return compute + gradientSync + collectives; }
    double memory() const { return weights + gradients + optimizerState + activations; }
};

// One edge under a pair of configurations.
struct EdgeCost {
    double time = 0.0; // s: re-partition forward (activation) and backward (its gradient)
    double memory = 0.0; // bytes: the consumer's own copy of its input when the layout changed
    double bytes = 0.0; // bytes each device receives, forward
    bool interNode = false;
};

class CostModel {
public:
    CostModel(ClusterProfile cluster, int devices, CostOptions options = {});

    OpCost opCost(const Op& op, const OpConfig& config) const;
    // The same with the knobs of OpKnobs (default knobs: the same figures as above).
    OpCost opCost(const Op& op, const OpConfig& config, const OpKnobs& knobs) const;
    EdgeCost edgeCost(const OpGraph& graph, const Edge& edge, const OpConfig& from, const OpConfig& to) const;

    // Moving a tensor of `tensorBytes` from layout `from` to layout `to`: each device receives its
    // shard less what it already holds (shards aligned as well as the degrees allow), in
    // (g - 1) alpha + received / beta, g the number of source shards its shard overlaps; an
    // all-gather when the split gets coarser, an all-to-all when the split dim changes. The link is
    // the slowest one between a device and the sources it needs.
    EdgeCost repartition(double tensorBytes, const TensorLayout& from, const TensorLayout& to) const;

    // The link a group uses whose device 0 talks to devices up to `farthest` (device index).
    const LinkProfile& link(int farthest) const;

    // A collective of `bytes` (as common/calibration.h counts them) over `group` devices on `link`:
    // the cluster's measured term where it has one for this collective and group size within a node
    // (a calibrated profile: priced as the backend ran it), else the formulas of `collective`
    // (all-reduce the faster of ring and tree; the rest the ring's).
    double collectiveTime(Collective kind, double bytes, int group, const LinkProfile& link) const;

    const ClusterProfile& cluster() const { return m_cluster; }
    int devices() const { return m_devices; }
    const CostOptions& options() const { return m_options; }
    double activationBytes() const { return m_options.precision == Precision::Mixed ? 2.0 : 4.0; }

private:
    // What share of each dimension one device holds.
    struct SplitShares {
        double batch, spatial, out, reduce;
    };
    void communication(
        const Op& op, const OpConfig& c, const SplitShares& f, double weightBytes, bool sp, OpCost& r) const;
    void applyKnobs(const Op& op, const OpConfig& c, const SplitShares& f, double weightBytes, const OpKnobs& knobs,
        OpCost& r) const;
    ClusterProfile m_cluster;
    int m_devices;
    CostOptions m_options;
};

// An op graph priced for N devices: the cost graph the search runs on, and each op's configurations
// in the order of the cost graph's.
struct PricedGraph {
    CostGraph costs;
    std::vector<std::vector<OpConfig>> configs;
};
PricedGraph priceGraph(const OpGraph& graph, const CostModel& model, const ConfigOptions& options = {});

} // namespace vantage::ft
