// Frontier Tracking over the plans people run (issue 36, point 3): the exact frontier over tensor x
// data parallelism with ZeRO stages 1-3 and selective recomputation as per-op decisions, for GPT-3
// 175B on 1,024 devices and BERT-Large on 4,096 devices (h200x8 nodes), beside the same search
// without them. Prints JSON with the search's size (states, points); asserts nothing.
//   bench_ft_plans [--threads N] [--only I]     (I: one case, by its place in the list, from 0)

#include "common/progress.h"
#include "ft/cluster.h"
#include "ft/cost_model.h"
#include "ft/model_zoo.h"
#include "ft/search.h"

#include "bench_clock.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

using namespace vantage;
using namespace vantage::ft;
using namespace vantage::bench;

namespace {

struct Case {
    const char* model;
    int devices;
    int zeroStages;
    bool recompute;
    double epsilon = 0.0;
};

nlohmann::json run(const ClusterProfile& cluster, const Case& c, int threads)
{
    NullProgress progress;
    CancelToken cancel;
    const OpGraph g = buildZooModel(c.model);
    const auto t0 = Clock::now();
    const CostModel model(cluster, c.devices);
    const ConfigOptions configs{ .zeroStages = c.zeroStages, .recompute = c.recompute };
    const PricedGraph priced = priceGraph(g, model, configs);
    const double priceS = since(t0);
    std::size_t configsTotal = 0;
    for (const auto& node : priced.costs.nodes)
        configsTotal += node.configs.size();
    nlohmann::json out = { { "model", c.model }, { "devices", c.devices }, { "zero_stages", c.zeroStages },
        { "recompute", c.recompute }, { "epsilon", c.epsilon }, { "ops", g.size() }, { "configs", configsTotal },
        { "price_s", priceS } };
    const std::string what = std::string(c.model) + " x" + std::to_string(c.devices) + " zero<="
        + std::to_string(c.zeroStages) + (c.recompute ? " +recompute" : "") + " eps " + std::to_string(c.epsilon);
    const double cpu0 = cpuSeconds();
    FrontierResult r;
    try {
        r = searchFrontier(priced.costs, { .epsilon = c.epsilon, .threads = threads }, progress, cancel);
    } catch (const std::exception& e) { // the search's bound refuses it: a figure too
        out["refused"] = e.what();
        out["refused_after_s"] = cpuSeconds() - cpu0;
        std::cerr << what << ": refused, " << e.what() << "\n";
        return out;
    }
    const double cpuS = cpuSeconds() - cpu0;
    std::cerr << what << ": price " << priceS << " s, search " << r.stats.seconds << " s, " << r.points.size()
              << " points\n";
    out.update(nlohmann::json{ { "search_s", r.stats.seconds }, { "search_cpu_s", cpuS },
        { "total_s", priceS + r.stats.seconds }, { "frontier_size", r.points.size() },
        { "fastest_s", r.points.empty() ? 0.0 : r.points.front().time },
        { "least_memory_gb", r.points.empty() ? 0.0 : r.points.back().memory / 1e9 },
        { "max_frontier_ops", r.stats.maxFrontierOps }, { "max_states", r.stats.maxStates },
        { "max_points", r.stats.maxPoints }, { "total_points", r.stats.totalPoints },
        { "stored_points", r.stats.storedPoints } });
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    int threads = 0, only = -1;
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
            only = std::atoi(argv[++i]);
    const ClusterProfile& cluster = builtinCluster("h200x8");
    nlohmann::json runs = nlohmann::json::array();
    // Without the decisions, with each, with both; exact, and with epsilon 0.01 where exact is refused.
    const std::vector<Case> cases
        = { { "bert-large", 4096, 0, false }, { "bert-large", 4096, 3, false }, { "bert-large", 4096, 0, true },
              { "bert-large", 4096, 3, true }, { "gpt3-175b", 1024, 0, false }, { "gpt3-175b", 1024, 3, false },
              { "gpt3-175b", 1024, 0, true }, { "gpt3-175b", 1024, 3, true }, { "gpt3-175b", 1024, 3, true, 0.01 } };
    for (std::size_t i = 0; i < cases.size(); ++i)
        if (only < 0 || std::size_t(only) == i)
            runs.push_back(run(cluster, cases[i], threads));
    const nlohmann::json out = { { "bench", "ft_plans" }, { "cluster", cluster.name },
        { "hardware_threads", std::thread::hardware_concurrency() }, { "threads", threads }, { "runs", runs } };
    std::cout << out.dump(2) << '\n';
    return 0;
}
