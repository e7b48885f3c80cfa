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
#include "ft/published.h"

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

std::string percent(double error)
{
    return (error >= 0 ? "+" : "") + fixed(100.0 * error, 1) + "%";
}

// FT's price of the runs of Korthikanti et al. 2022 (ft/published.h) beside their figures.
void runPublished(const std::string& clusterName, Context& ctx)
{
    const ft::ClusterProfile cluster = ft::resolveCluster(clusterName);
    Json rows = Json::array();
    std::vector<std::vector<std::string>> table;
    for (const ft::PublishedComparison& c : ft::comparePublished(cluster)) {
        const ft::PublishedRun& run = *c.run;
        Json row = { { "model", run.name }, { "strategy", ft::planText(c.price.plan) }, { "batch", run.batch },
            { "time_s", c.price.time }, { "memory_per_device_bytes", c.price.memory },
            { "first_stage_state_gib", c.state }, { "first_stage_activations_gib", c.activations } };
        std::vector<std::string> line
            = { run.name, c.mode == ft::Recompute::Selective ? "selective+SP" : std::string(enumName(c.mode)),
                  "tp" + std::to_string(run.tp) + " pp" + std::to_string(run.pp) + " v" + std::to_string(run.interleave)
                      + " mb" + std::to_string(run.microbatch) + " B" + std::to_string(run.batch),
                  "-", fixed(c.price.time, 2), "-", "-", fixed(c.state, 1), "-", "-", fixed(c.activations, 1), "-" };
        if (c.publishedTime > 0.0) {
            row["published_time_s"] = c.publishedTime;
            row["time_error"] = c.price.time / c.publishedTime - 1.0;
            line[3] = fixed(c.publishedTime, 2);
            line[5] = percent(c.price.time / c.publishedTime - 1.0);
        }
        if (c.publishedActivations > 0.0) {
            row["published_state_gib"] = c.publishedState;
            row["published_activations_gib"] = c.publishedActivations;
            line[6] = fixed(c.publishedState, 1);
            line[8] = percent(c.state / c.publishedState - 1.0);
            line[9] = fixed(c.publishedActivations, 1);
            line[11] = percent(c.activations / c.publishedActivations - 1.0);
        }
        rows.push_back(row);
        table.push_back(line);
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
