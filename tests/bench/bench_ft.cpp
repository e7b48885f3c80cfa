// Frontier Tracking speed: search time and frontier size per device count for BERT-Large and
// GPT-3 (96 layers) on h200x8 nodes, exact; and FT against brute-force enumeration on the largest
// prefix of BERT-Large that brute force finishes within a time budget. Prints JSON; asserts nothing.
//   bench_ft [--quick] [--threads N] [--brute-budget SECONDS]

#include "common/progress.h"
#include "ft/cluster.h"
#include "ft/cost_model.h"
#include "ft/model_zoo.h"
#include "ft/search.h"

#include "bench_clock.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <thread>

using namespace vantage;
using namespace vantage::ft;
using namespace vantage::bench;

namespace {

// The first `count` ops of a graph (a prefix is closed under inputs: ops come after their inputs).
OpGraph prefix(const OpGraph& g, int count)
{
    OpGraph out;
    out.name = g.name + " (first " + std::to_string(count) + " ops)";
    for (int i = 0; i < count; ++i) {
        Op op = g.op(i);
        if (op.tiedTo >= count)
            op.tiedTo = -1;
        out.add(std::move(op));
    }
    return out;
}

// Every assignment, with incremental mixed-radix enumeration; the Pareto set of (time, memory).
// Returns false when the budget runs out first.
bool bruteForce(const CostGraph& g, double budget, std::vector<std::pair<double, double>>& pareto, double& assignments)
{
    const std::size_t n = g.nodes.size();
    std::vector<int> a(n, 0);
    const auto t0 = Clock::now();
    std::vector<std::pair<double, double>> all;
    assignments = 0;
    for (;;) {
        const auto [t, m] = g.evaluate(a);
        all.emplace_back(t, m);
        assignments += 1;
        if (all.size() >= (1u << 20)) {
            std::sort(all.begin(), all.end());
            std::vector<std::pair<double, double>> keep;
            for (const auto& p : all)
                if (keep.empty() || p.second < keep.back().second)
                    keep.push_back(p);
            all = keep;
            if (since(t0) > budget)
                return false;
        }
        std::size_t i = 0;
        while (i < n && ++a[i] == g.configCount(static_cast<int>(i)))
            a[i++] = 0;
        if (i == n)
            break;
    }
    std::sort(all.begin(), all.end());
    pareto.clear();
    for (const auto& p : all)
        if (pareto.empty() || p.second < pareto.back().second * (1 - 1e-9))
            pareto.push_back(p);
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    bool quick = false;
    int threads = 0;
    double bruteBudget = 60.0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--quick"))
            quick = true;
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--brute-budget") && i + 1 < argc)
            bruteBudget = std::atof(argv[++i]);
    }
    const ClusterProfile& cluster = builtinCluster("h200x8");
    NullProgress progress;
    CancelToken cancel;
    nlohmann::json out = { { "bench", "ft" }, { "cluster", cluster.name },
        { "hardware_threads", std::thread::hardware_concurrency() }, { "threads", threads } };

    nlohmann::json models = nlohmann::json::array();
    const std::vector<int> counts = quick ? std::vector<int>{ 8, 16 } : std::vector<int>{ 8, 16, 32, 64 };
    for (const char* name : { "bert-large", "gpt3-175b" }) {
        const OpGraph g = buildZooModel(name);
        nlohmann::json runs = nlohmann::json::array();
        for (int n : counts) {
            auto t0 = Clock::now();
            const CostModel model(cluster, n);
            const PricedGraph priced = priceGraph(g, model);
            const double priceS = since(t0);
            const double cpu0 = cpuSeconds();
            const FrontierResult r = searchFrontier(priced.costs, { .threads = threads }, progress, cancel);
            const double cpuS = cpuSeconds() - cpu0;
            runs.push_back({ { "devices", n }, { "search_s", r.stats.seconds }, { "search_cpu_s", cpuS },
                { "price_s", priceS }, { "frontier_size", r.points.size() }, { "fastest_s", r.points.front().time },
                { "least_memory_gb", r.points.back().memory / 1e9 }, { "max_frontier_ops", r.stats.maxFrontierOps },
                { "max_states", r.stats.maxStates }, { "max_points", r.stats.maxPoints },
                { "stored_points", r.stats.storedPoints } });
            std::cerr << name << " x" << n << ": " << r.stats.seconds << " s, " << r.points.size() << " points\n";
        }
        models.push_back({ { "model", name }, { "ops", g.size() }, { "edges", g.edges().size() },
            { "batch", g.batch() }, { "runs", runs } });
    }
    out["models"] = models;

    // A rich frontier: GPT-3 at a micro-batch of 16, where weights and activations trade places
    // between strategies; exact, and with epsilon 0.01.
    {
        const OpGraph g = buildZooModel("gpt3-175b", 16);
        const CostModel model(cluster, 8);
        const PricedGraph priced = priceGraph(g, model);
        nlohmann::json runs = nlohmann::json::array();
        for (double eps : { 0.0, 0.01 }) {
            const double cpu0 = cpuSeconds();
            const FrontierResult r
                = searchFrontier(priced.costs, { .epsilon = eps, .threads = threads }, progress, cancel);
            runs.push_back(
                { { "epsilon", eps }, { "search_s", r.stats.seconds }, { "search_cpu_s", cpuSeconds() - cpu0 },
                    { "frontier_size", r.points.size() }, { "fastest_s", r.points.front().time },
                    { "least_memory_gb", r.points.back().memory / 1e9 }, { "max_points", r.stats.maxPoints } });
            std::cerr << "gpt3-175b batch 16 x8, eps " << eps << ": " << r.stats.seconds << " s, " << r.points.size()
                      << " points\n";
        }
        out["gpt3_batch16_8_devices"] = runs;
    }

    // FT against brute force: grow a BERT-Large prefix on 4 devices until brute force runs out of time.
    const OpGraph bert = buildZooModel("bert-large", 8, 128);
    const CostModel model(cluster, 4);
    nlohmann::json brute = nullptr;
    for (int count = 3; count <= bert.size(); ++count) {
        const OpGraph g = prefix(bert, count);
        const PricedGraph priced = priceGraph(g, model);
        double space = 1;
        for (const auto& node : priced.costs.nodes)
            space *= double(node.configs.size());
        if (space > 5e9)
            break;
        std::vector<std::pair<double, double>> pareto;
        double assignments = 0;
        auto t0 = Clock::now();
        const double cpu0 = cpuSeconds();
        if (!bruteForce(priced.costs, bruteBudget, pareto, assignments))
            break;
        const double bruteS = since(t0), bruteCpuS = cpuSeconds() - cpu0;
        const FrontierResult r = searchFrontier(priced.costs, { .threads = threads }, progress, cancel);
        bool same = r.points.size() == pareto.size();
        for (std::size_t i = 0; same && i < pareto.size(); ++i)
            same = std::fabs(r.points[i].time - pareto[i].first) <= 1e-9 * pareto[i].first
                && std::fabs(r.points[i].memory - pareto[i].second) <= 1e-9 * pareto[i].second;
        brute = { { "graph", g.name }, { "devices", 4 }, { "ops", count }, { "assignments", assignments },
            { "brute_force_s", bruteS }, { "brute_force_cpu_s", bruteCpuS }, { "ft_s", r.stats.seconds },
            { "frontier_size", r.points.size() }, { "same_frontier", same } };
        std::cerr << "brute force, " << count << " ops: " << bruteS << " s vs FT " << r.stats.seconds << " s\n";
        if (bruteS > bruteBudget / 8)
            break;
    }
    out["ft_vs_brute_force"] = brute;
    std::cout << out.dump(2) << '\n';
    return 0;
}
