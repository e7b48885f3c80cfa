// vantage-cli ft price: one named parallel strategy (Megatron's TP x PP x DP with micro-batches,
// interleaving, recomputation, sequence parallelism, ZeRO) priced by FT's cost model (ft/plan.h);
// ft published: that price of the runs Korthikanti et al. (2022) measured, against their figures.

#include "cli.h"

#include "common/error.h"
#include "common/units.h"
#include "ft/cluster.h"
#include "ft/model_zoo.h"
#include "ft/op_graph.h"
#include "ft/plan.h"

#include <cmath>
#include <cstdio>
#include <iostream>

namespace vantage::cli {

namespace {

struct PriceOptions {
    std::string model;
    std::string cluster = "a100x8";
    std::string strategy;
    std::int64_t batch = 0;
    std::int64_t seq = 0;
};

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

void printPrice(const ft::PlanPrice& r)
{
    printKeyValues({ { "model", r.model }, { "cluster", r.cluster }, { "strategy", ft::planText(r.plan) },
        { "devices", std::to_string(r.plan.devices()) },
        { "batch", std::to_string(r.batch) + " (" + std::to_string(r.microbatches) + " micro-batches per rank)" },
        { "time / iteration", formatSeconds(r.time) }, { "  compute", formatSeconds(r.compute) },
        { "  recomputation", formatSeconds(r.recompute) },
        { "  collectives (TP, ZeRO-3)", formatSeconds(r.collectives) },
        { "  re-partition", formatSeconds(r.repartition) }, { "  pipeline sends", formatSeconds(r.pipelineSends) },
        { "  pipeline bubble", formatSeconds(r.bubble) }, { "  gradient sync", formatSeconds(r.gradientSync) },
        { "  optimizer step", formatSeconds(r.optimizerStep) },
        { "memory / device",
            formatBytes(r.memory) + (r.memory <= r.deviceMemory ? " (fits " : " (exceeds ")
                + formatBytes(r.deviceMemory) + ")" },
        { "  weights", formatBytes(r.weights) }, { "  gradients", formatBytes(r.gradients) },
        { "  optimizer state", formatBytes(r.optimizerState) }, { "  activations", formatBytes(r.activations) },
        { "model FLOP/s / device", fixed(r.flopsPerDevice() / 1e12, 1) + " T" } });
}

ft::PlanPrice price(const std::string& modelName, std::int64_t batch, std::int64_t seq,
    const ft::ClusterProfile& cluster, const ft::ParallelPlan& plan)
{
    const auto build = [&](std::int64_t b) { return ft::buildModel(modelName, b, seq); };
    return ft::pricePlan(build, batch, cluster, plan);
}

void runPrice(const PriceOptions& o, Context& ctx)
{
    if (o.model.empty())
        throw Error::invalidInput("give --model NAME (see `ft models`) or --model gpt:layers=...,hidden=...")
            .forField("model");
    const ft::ParallelPlan plan = ft::parsePlan(o.strategy);
    std::int64_t batch = o.batch;
    if (batch == 0 && o.model.rfind("gpt:", 0) != 0)
        batch = ft::zooModel(o.model).defaultBatch;
    if (batch == 0)
        throw Error::invalidInput("give the global batch with --batch").forField("batch");
    const ft::PlanPrice r = price(o.model, batch, o.seq, ft::resolveCluster(o.cluster), plan);
    if (ctx.json)
        printJson(ft::toJson(r));
    else
        printPrice(r);
}

// The runs of Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models"
// (arXiv:2205.05198, 2022), as Calculon (calculon-ai/calculon) transcribes them for its own
// validation: the models and parallel configurations of the paper's Table 3 (validation/*.json,
// examples/{22B,175B,530B,1T}.json), the end-to-end iteration times of its Table 5 with full
// recomputation and with selective recomputation + sequence parallelism
// (calculon/megatron/validation.py, calculon/llm/validation.py seqsel_tab5), and the memory per GPU
// of its Figure 1 (parameters + optimizer state, and activations, in GiB, without recomputation and
// with selective recomputation + sequence parallelism; calculon/llm/validation.py seqsel_fig1). All
// use a 51,200-token vocabulary and 2,048 positions (Megatron-LM's README).
struct PublishedRun {
    const char* name;
    int layers, hidden, heads;
    int tp, pp, interleave;
    int batch, microbatch;
    double fullSeconds, selectiveSeconds;
    double stateGiB, noneActivationsGiB, selectiveActivationsGiB;
};
constexpr PublishedRun kKorthikanti[] = {
    { "22B", 48, 6144, 64, 8, 1, 1, 4, 4, 1.42, 1.10, 45.5625, 59.25, 9.5625 },
    { "175B", 96, 12288, 96, 8, 8, 3, 64, 1, 18.13, 13.75, 45.5625, 66.84375, 12.3515625 },
    { "530B", 105, 20480, 128, 8, 35, 3, 280, 1, 49.05, 37.83, 31.640625, 114.0234375, 23.076171875 },
    { "1T", 128, 25600, 160, 8, 64, 1, 512, 1, 94.42, 71.49, 32.958984375, 131.25, 26.5625 },
};

std::string percent(double error)
{
    return (error >= 0 ? "+" : "") + fixed(100.0 * error, 1) + "%";
}

void runPublished(const std::string& clusterName, Context& ctx)
{
    const ft::ClusterProfile cluster = ft::resolveCluster(clusterName);
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    Json rows = Json::array();
    std::vector<std::vector<std::string>> table;
    for (const PublishedRun& run : kKorthikanti) {
        const std::string model = "gpt:layers=" + std::to_string(run.layers) + ",hidden=" + std::to_string(run.hidden)
            + ",heads=" + std::to_string(run.heads) + ",seq=2048,vocab=51200";
        for (ft::Recompute mode : { ft::Recompute::None, ft::Recompute::Full, ft::Recompute::Selective }) {
            ft::ParallelPlan plan;
            plan.tp = run.tp;
            plan.pp = run.pp;
            plan.interleave = run.interleave;
            plan.microbatch = run.microbatch;
            plan.recompute = mode;
            plan.sp = mode == ft::Recompute::Selective;
            plan.fp32Grads = true;
            const ft::PlanPrice r = price(model, run.batch, 0, cluster, plan);
            const ft::PlanStage& first = r.stages.front();
            const double state = first.staticMemory / kGiB;
            const double activations = first.microbatchActivations * first.inFlight / kGiB;
            const double time = mode == ft::Recompute::Full ? run.fullSeconds
                : mode == ft::Recompute::Selective          ? run.selectiveSeconds
                                                            : 0.0;
            const double act = mode == ft::Recompute::None ? run.noneActivationsGiB
                : mode == ft::Recompute::Selective         ? run.selectiveActivationsGiB
                                                           : 0.0;
            Json row = { { "model", run.name }, { "strategy", ft::planText(plan) }, { "batch", run.batch },
                { "time_s", r.time }, { "memory_per_device_bytes", r.memory }, { "first_stage_state_gib", state },
                { "first_stage_activations_gib", activations } };
            std::vector<std::string> line = { run.name,
                mode == ft::Recompute::Selective ? "selective+SP" : std::string(enumName(mode)),
                "tp" + std::to_string(run.tp) + " pp" + std::to_string(run.pp) + " v" + std::to_string(run.interleave)
                    + " mb" + std::to_string(run.microbatch) + " B" + std::to_string(run.batch),
                "-", fixed(r.time, 2), "-", "-", fixed(state, 1), "-", "-", fixed(activations, 1), "-" };
            if (time > 0.0) {
                row["published_time_s"] = time;
                row["time_error"] = r.time / time - 1.0;
                line[3] = fixed(time, 2);
                line[5] = percent(r.time / time - 1.0);
            }
            if (act > 0.0) {
                row["published_state_gib"] = run.stateGiB;
                row["published_activations_gib"] = act;
                line[6] = fixed(run.stateGiB, 1);
                line[8] = percent(state / run.stateGiB - 1.0);
                line[9] = fixed(act, 1);
                line[11] = percent(activations / act - 1.0);
            }
            rows.push_back(row);
            table.push_back(line);
        }
    }
    if (ctx.json) {
        printJson({ { "cluster", cluster.name },
            { "source", "Korthikanti et al. 2022, Table 3 (runs), Table 5 (times), Figure 1 (memory)" },
            { "runs", rows } });
        return;
    }
    std::cout << "Korthikanti et al. 2022 on " << cluster.name
              << " (memory: the first stage, GiB; '-': not published)\n\n";
    printTable({ "MODEL", "RECOMPUTE", "PLAN", "PUB S", "FT S", "ERR", "PUB STATE", "FT STATE", "ERR", "PUB ACT",
                   "FT ACT", "ERR" },
        table);
}

} // namespace

void addFtPriceCommands(CLI::App* ft, Context& ctx)
{
    auto o = std::make_shared<PriceOptions>();
    auto* price = ft->add_subcommand("price", "Price one named parallel strategy (time and memory per device)");
    price->add_option("--model", o->model, "Zoo model, or a GPT by shape: gpt:layers=L,hidden=H,heads=A,seq=S,vocab=V");
    addNumber(price, "--batch", o->batch, "Global batch (samples); 0: the model's default", std::int64_t(0),
        std::int64_t(1) << 24);
    addNumber(price, "--seq", o->seq, "Sequence length; 0: the model's", std::int64_t(0), std::int64_t(1) << 24);
    price->add_option("--cluster", o->cluster, "Built-in profile (see `ft clusters`) or a JSON profile file")
        ->capture_default_str();
    price->add_option("--strategy", o->strategy,
        "tp=T,pp=P,dp=D,microbatch=B,interleave=V,recompute=none|selective|full,sp=on|off,zero=0..3,dropout=on|off");
    price->callback([&ctx, o] { runPrice(*o, ctx); });

    auto* published = ft->add_subcommand(
        "published", "FT's price of the runs Korthikanti et al. (2022) measured, against their iteration times");
    published->add_option("--cluster", o->cluster, "Built-in profile or a JSON profile file")->capture_default_str();
    published->callback([&ctx, o] { runPublished(o->cluster, ctx); });
}

} // namespace vantage::cli
