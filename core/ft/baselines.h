#pragma once
// What users would pick without FT, computed on the same cost model so that they can be placed on
// the frontier chart: plain data parallelism, Megatron-style tensor x data parallelism, and the
// single-objective minimum-time search of OptCNN (Jia et al., "Exploring Hidden Dimensions in
// Parallelizing Convolutional Neural Networks", ICML 2018), which returns one strategy. When the
// search offers ZeRO stages or recomputation (ConfigOptions), the baselines grow with it: ZeRO-DP
// stages 1 and 2 (DeepSpeed, Rajbhandari et al. 2020) and FSDP (ZeRO-3) over data parallelism, and
// each Megatron degree with its distributed optimizer (ZeRO-1 over the data-parallel group) and
// selective recomputation of attention (Korthikanti et al. 2022), as Megatron-LM is run today.

#include "ft/cost_model.h"
#include "ft/search.h"

#include <optional>
#include <string>
#include <vector>

namespace vantage {
class CancelToken;
}

namespace vantage::ft {

class OpGraph;

struct Baseline {
    std::string name;
    double time = 0.0;
    double memory = 0.0;
    std::vector<int> assignment; // configuration index per op (PricedGraph order)
};

// Every op split along the batch only; nullopt when some op's batch is smaller than N.
std::optional<Baseline> dataParallelBaseline(const OpGraph& graph, const PricedGraph& priced);

// Megatron-LM (Shoeybi et al. 2019): for each tensor-parallel degree t <= devices per node that
// divides N, data parallel over N / t; linear layers alternate column split (output features) and
// row split (reduction, all-reduced), attention splits heads, norms and the rest are replicated in
// the tensor group. A degree that some op cannot take is left out.
std::vector<Baseline> megatronBaselines(const OpGraph& graph, const PricedGraph& priced, int devicesPerNode);

// Data parallelism with each ZeRO stage the priced graph offers on its weighted ops: "zero-1 dp",
// "zero-2 dp", "fsdp (zero-3 dp)"; none when it offers no stage.
std::vector<Baseline> zeroBaselines(const Baseline& dataParallel, const PricedGraph& priced);

// Each Megatron baseline with ZeRO-1 on its weighted ops and selective recomputation on its attention
// where offered ("megatron tp4 x dp2, distributed optimizer, selective recompute"); a degree that
// takes neither is left out.
std::vector<Baseline> tunedMegatronBaselines(const std::vector<Baseline>& megatron, const PricedGraph& priced);

// The minimum-time strategy (ties to less memory) by dynamic programming over the same elimination
// order as FT, keeping one value per frontier assignment instead of a Pareto set.
Baseline minTimeSearch(const CostGraph& graph, const CancelToken& cancel, SearchOrder order = SearchOrder::Greedy);

// The same for the least memory (ties to less time): the frontier's other end, and the scale of the
// epsilon mode's memory budget.
Baseline minMemorySearch(const CostGraph& graph, const CancelToken& cancel, SearchOrder order = SearchOrder::Greedy);

// All of the above that apply, min time last.
std::vector<Baseline> computeBaselines(
    const OpGraph& graph, const PricedGraph& priced, const ClusterProfile& cluster, const CancelToken& cancel);

} // namespace vantage::ft
