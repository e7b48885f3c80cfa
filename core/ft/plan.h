#pragma once
// One named parallel plan of a layered model, priced: Megatron-LM's tensor x pipeline x data
// parallelism (Narayanan et al., SC 2021) with micro-batches, the 1F1B schedule (interleaved or
// not), activation recomputation and sequence parallelism (Korthikanti et al. 2022) and ZeRO
// (Rajbhandari et al., SC 2020). The plan becomes per-op configurations of the FT cost model
// (column-parallel linears split their outputs, row-parallel ones their reduction, attention its
// heads, the rest the batch, or with sequence parallelism the positions) priced with OpKnobs by
// CostModel::opCost and edgeCost, one stage's ops on its tp x dp devices per micro-batch; the
// pipeline schedule composes the stages. `vantage-cli ft price` prints it.

#include "common/params.h"
#include "ft/cluster.h"
#include "ft/cost_model.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vantage::ft {

class OpGraph;
struct OpConfig;

struct ParallelPlan {
    int tp = 1; // tensor-parallel degree (within a node)
    int pp = 1; // pipeline stages
    int dp = 1; // data-parallel degree
    std::int64_t microbatch = 1; // samples per micro-batch and data-parallel rank
    int interleave = 1; // model chunks per pipeline stage (Narayanan et al.'s interleaved 1F1B)
    Recompute recompute = Recompute::None;
    bool sp = false; // sequence parallelism in the tensor-parallel group
    int zero = 0; // ZeRO stage over the data-parallel group: 0 (off), 1, 2, 3
    bool dropout = true; // the model trains with dropout (Megatron's GPT does)
    bool fp32Grads = false; // fp32 gradients (Megatron's main gradients): 18 bytes a parameter with Adam

    int devices() const { return tp * pp * dp; }
};

// The fields of a strategy string ("tp=8,pp=8,dp=1,microbatch=1,interleave=3,recompute=selective,
// sp=on,zero=0"); unknown fields and values out of range are errors naming the field.
const params::Table<ParallelPlan>& parallelPlanParams();
ParallelPlan parsePlan(std::string_view text);
std::string planText(const ParallelPlan& plan);

// The configuration of each op under the plan (tp x dp devices of one stage); Error::invalidInput
// naming the op when a degree does not fit its dims.
std::vector<OpConfig> planConfigs(const OpGraph& graph, const ParallelPlan& plan);

struct PlanStage {
    int layers = 0; // transformer blocks on this stage (all its chunks)
    double microbatchTime = 0.0; // s: forward and backward of one micro-batch, its sends included
    double iterationTime = 0.0; // s: once per iteration: gradient sync and optimizer step
    double staticMemory = 0.0; // bytes: weights, gradients, optimizer state
    double microbatchActivations = 0.0; // bytes one micro-batch keeps on this stage
    double inFlight = 0.0; // micro-batches whose activations are alive at once (1F1B's warm-up)
    double memory = 0.0; // bytes per device
};

struct PlanPrice {
    ParallelPlan plan;
    std::string model;
    std::string cluster;
    std::int64_t batch = 0; // global batch
    std::int64_t microbatches = 0; // per data-parallel rank and iteration
    double time = 0.0; // s per iteration
    // Time on the slowest stage: compute (forward, backward, recomputation), collectives
    // (tensor-parallel, ZeRO-3 gathers), edges (re-partitions), pipeline sends, the 1F1B bubble, gradient sync,
    // optimizer.
    double compute = 0.0, recompute = 0.0, collectives = 0.0, repartition = 0.0, pipelineSends = 0.0, bubble = 0.0,
           gradientSync = 0.0, optimizerStep = 0.0;
    double memory = 0.0; // bytes per device, the fullest stage
    double weights = 0.0, gradients = 0.0, optimizerState = 0.0, activations = 0.0; // of that stage
    double deviceMemory = 0.0;
    double modelFlops = 0.0; // per iteration: forward + backward of the model (3 x forward), no recomputation
    std::vector<PlanStage> stages;

    double flopsPerDevice() const { return time > 0.0 ? modelFlops / time / plan.devices() : 0.0; }
};

// `buildGraph(b)` builds the model at a batch of b samples (here one micro-batch over the
// data-parallel group: microbatch x dp). `batch` is the global batch: microbatch x dp divides it.
PlanPrice pricePlan(const std::function<OpGraph(std::int64_t)>& buildGraph, std::int64_t batch,
    const ClusterProfile& cluster, const ParallelPlan& plan, const CostOptions& options = {});

nlohmann::json toJson(const PlanPrice& price);

} // namespace vantage::ft
