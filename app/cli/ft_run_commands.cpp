// vantage-cli ft run / ft validate: FT's strategies run for real on the user's own module (the
// vantage package's runner, one Python process per device) and measured against their prediction.
//   ft run --model FILE.py:NAME --input long:128 --batch 8 --devices 2 [--strategy FILE | --cluster C --pick P]
//   ft validate --model FILE.py:NAME --input long:128 --batch 8 --devices 2 --cluster calibrated.json [--points N]

#include "cli.h"

#include "common/units.h"
#include "edl/python_ranks.h"
#include "ft/cluster.h"
#include "ft/execute_run.h"

#include <cstdio>
#include <iostream>

namespace vantage::cli {

namespace {

struct RunOptions {
    ft::ModuleSource module;
    ft::RunnerOptions runner;
    int devices = 2;
    std::string strategy; // ft run: a strategy file
    std::string cluster = "h200x8";
    std::string pick = "fastest";
    int points = 0; // ft validate
};

std::string fixed(double v, int decimals)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string signedPercent(double fraction)
{
    return (fraction >= 0 ? "+" : "") + fixed(100.0 * fraction, 1) + "%";
}

void addModuleOptions(CLI::App* cmd, RunOptions& o)
{
    cmd->add_option("--model", o.module.model,
           "MODULE:NAME or FILE.py:NAME, a callable returning the nn.Module (as scripts/export_ft_graph.py)")
        ->required();
    cmd->add_option("--kwargs", o.module.kwargs, "JSON keyword arguments of that callable");
    cmd->add_option("--input", o.module.inputs,
        "One sample per forward argument: long:SEQ (tokens), float:C,H,W (image); NAME=... for a keyword argument");
    addNumber(cmd, "--batch", o.module.batch, "The batch of every step", 1, std::int64_t{ 1 } << 24)->required();
    addNumber(cmd, "--devices", o.devices, "Processes, one device each", 1, 1024)->capture_default_str();
    addParamOptions(cmd, ft::runnerOptionsParams(), o.runner);
}

std::vector<std::string> row(const ft::Measurement& m)
{
    if (!m.refused.empty() || !m.failed.empty())
        return { m.label, m.configs, formatSeconds(m.predictedTime), m.refused.empty() ? "failed" : "refused",
            formatBytes(m.predictedMemory), "-", "-", "-", m.refused.empty() ? m.failed : m.refused };
    return { m.label, m.configs, formatSeconds(m.predictedTime), formatSeconds(m.measuredTime),
        formatBytes(m.predictedMemory), formatBytes(m.measuredMemory), signedPercent(m.timeError()),
        signedPercent(m.memoryError()),
        m.lossError < 0       ? "-"
            : m.lossesMatch() ? "equal"
                              : "differ by " + signedPercent(m.lossError) };
}

const std::vector<std::string> kHeaders
    = { "STRATEGY", "CONFIGS", "PREDICTED", "MEASURED", "PRED MEM", "MEAS MEM", "TIME ERR", "MEM ERR", "LOSSES" };

void runExecute(const RunOptions& o, Context& ctx)
{
    ft::ExecuteRequest request{ .module = o.module,
        .devices = o.devices,
        .strategyFile = o.strategy,
        .cluster = o.strategy.empty() ? ft::resolveCluster(o.cluster) : ft::ClusterProfile{},
        .pick = o.pick,
        .runner = o.runner,
        .runRanks = edl::runPythonRanks };
    const ft::ExecuteRun run = ft::ExecuteRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    if (ctx.json) {
        Json out = run.result["measurement"];
        out["run"] = run.runId;
        out["devices"] = o.devices;
        out["reference_losses"] = run.referenceLosses;
        printJson(out);
        return;
    }
    printTable(kHeaders, { row(run.measurement) });
    std::cout << run.summary << "\n";
}

void runValidate(const RunOptions& o, Context& ctx)
{
    ft::ValidateRequest request{ .module = o.module,
        .devices = o.devices,
        .cluster = ft::resolveCluster(o.cluster),
        .points = o.points,
        .runner = o.runner,
        .runRanks = edl::runPythonRanks };
    const ft::ValidateRun run = ft::ValidateRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    if (ctx.json) {
        Json out = run.result;
        out["run"] = run.runId;
        printJson(out);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& m : run.rows)
        rows.push_back(row(m));
    printTable(kHeaders, rows);
    std::cout << run.summary << "\n";
    if (run.predictedFastest >= 0)
        std::cout << "predicted fastest: " << run.rows[std::size_t(run.predictedFastest)].label
                  << ", measured fastest: " << run.rows[std::size_t(run.measuredFastest)].label
                  << " (the predicted one measures " << signedPercent(run.fastestGap) << " slower)\n";
}

} // namespace

void addFtRunCommands(CLI::App* ft, Context& ctx)
{
    auto o = std::make_shared<RunOptions>();
    auto* run = ft->add_subcommand("run", "Run one strategy on the module in PyTorch and measure it");
    addModuleOptions(run, *o);
    run->add_option("--strategy", o->strategy, "A strategy `ft export` wrote (else: searched now, --pick of it)")
        ->check(CLI::ExistingFile);
    run->add_option("--cluster", o->cluster, "Built-in profile or a JSON profile file (ft calibrate's)")
        ->capture_default_str();
    run->add_option("--pick", o->pick, "fastest, min-memory or under-memory=GB")->capture_default_str();
    run->callback([&ctx, o] { runExecute(*o, ctx); });

    auto* validate
        = ft->add_subcommand("validate", "Run the points of a frontier and compare them with FT's prediction");
    addModuleOptions(validate, *o);
    validate->add_option("--cluster", o->cluster, "Built-in profile or a JSON profile file (ft calibrate's)")
        ->capture_default_str();
    addNumber(validate, "--points", o->points, "Strategies to run, spread over the frontier (0: every point)", 0, 1000)
        ->capture_default_str();
    validate->callback([&ctx, o] { runValidate(*o, ctx); });
}

} // namespace vantage::cli
