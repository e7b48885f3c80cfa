#include "ft/published.h"

#include "ft/model_zoo.h"
#include "ft/op_graph.h"

namespace vantage::ft {

const std::vector<PublishedRun>& korthikanti2022()
{
    static const std::vector<PublishedRun> runs = {
        { "22B", 48, 6144, 64, 8, 1, 1, 4, 4, 1.42, 1.10, 45.5625, 59.25, 9.5625 },
        { "175B", 96, 12288, 96, 8, 8, 3, 64, 1, 18.13, 13.75, 45.5625, 66.84375, 12.3515625 },
        { "530B", 105, 20480, 128, 8, 35, 3, 280, 1, 49.05, 37.83, 31.640625, 114.0234375, 23.076171875 },
        { "1T", 128, 25600, 160, 8, 64, 1, 512, 1, 94.42, 71.49, 32.958984375, 131.25, 26.5625 },
    };
    return runs;
}

std::vector<PublishedComparison> comparePublished(const ClusterProfile& cluster)
{
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    std::vector<PublishedComparison> out;
    for (const PublishedRun& run : korthikanti2022()) {
        const GptShape shape{
            .layers = run.layers, .hidden = run.hidden, .heads = run.heads, .seq = 2048, .vocab = 51200
        };
        for (Recompute mode : { Recompute::None, Recompute::Full, Recompute::Selective }) {
            ParallelPlan plan;
            plan.tp = run.tp;
            plan.pp = run.pp;
            plan.interleave = run.interleave;
            plan.microbatch = run.microbatch;
            plan.recompute = mode;
            plan.sp = mode == Recompute::Selective;
            plan.fp32Grads = true; // Megatron's main gradients: the paper's 18 bytes a parameter
            PublishedComparison c;
            c.run = &run;
            c.mode = mode;
            c.price = pricePlan([&](std::int64_t b) { return buildGpt(shape, b); }, run.batch, cluster, plan);
            const PlanStage& first = c.price.stages.front();
            c.state = first.staticMemory / kGiB;
            c.activations = first.microbatchActivations * first.inFlight / kGiB;
            c.publishedTime = mode == Recompute::Full ? run.fullSeconds
                : mode == Recompute::Selective        ? run.selectiveSeconds
                                                      : 0.0;
            c.publishedActivations = mode == Recompute::None ? run.noneActivationsGiB
                : mode == Recompute::Selective               ? run.selectiveActivationsGiB
                                                             : 0.0;
            c.publishedState = c.publishedActivations > 0.0 ? run.stateGiB : 0.0;
            out.push_back(std::move(c));
        }
    }
    return out;
}

} // namespace vantage::ft
