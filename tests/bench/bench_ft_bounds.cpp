// FT's bounds: time of explicit-cost chains (one configuration per op) and fans of growing size,
// time to refuse searches that cannot fit, and the plan figures (pairs per step, pairs over all
// steps) of every zoo model, against which FrontierOptions' bounds are set. Prints JSON lines;
// asserts nothing.
//   bench_ft_bounds [--quick] [--no-zoo]

#include "common/error.h"
#include "common/progress.h"
#include "ft/cluster.h"
#include "ft/cost_model.h"
#include "ft/elimination.h"
#include "ft/model_zoo.h"
#include "ft/search.h"

#include "bench_clock.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstring>
#include <iostream>
#include <string>

using namespace vantage;
using namespace vantage::ft;
using namespace vantage::bench;

namespace {

CostGraph::Node node(int i, int configs)
{
    CostGraph::Node n{ "op" + std::to_string(i), {} };
    for (int c = 0; c < configs; ++c)
        n.configs.push_back(
            { "c" + std::to_string(c), double((i * 31 + c * 7) % 97 + 1), double((i * 17 + c) % 89 + 1) });
    return n;
}

CostGraph::Edge edge(const CostGraph& g, int from, int to)
{
    const auto cells = static_cast<std::size_t>(g.configCount(from) * g.configCount(to));
    CostGraph::Edge e{ from, to, std::vector<double>(cells), std::vector<double>(cells) };
    for (std::size_t k = 0; k < cells; ++k) {
        e.time[k] = double((k * 13 + static_cast<std::size_t>(from)) % 23);
        e.memory[k] = double((k * 5 + static_cast<std::size_t>(to)) % 29);
    }
    return e;
}

CostGraph chain(int ops)
{
    CostGraph g;
    for (int i = 0; i < ops; ++i)
        g.nodes.push_back(node(i, 1));
    for (int i = 0; i + 1 < ops; ++i)
        g.edges.push_back(edge(g, i, i + 1));
    return g;
}

CostGraph fanOut(int width, int hubConfigs)
{
    CostGraph g;
    g.nodes.push_back(node(0, hubConfigs));
    for (int i = 1; i <= width; ++i) {
        g.nodes.push_back(node(i, 1));
        g.edges.push_back(edge(g, 0, i));
    }
    return g;
}

CostGraph bipartite(int side, int configs)
{
    CostGraph g;
    for (int i = 0; i < 2 * side; ++i)
        g.nodes.push_back(node(i, configs));
    for (int a = 0; a < side; ++a)
        for (int b = side; b < 2 * side; ++b)
            g.edges.push_back(edge(g, a, b));
    return g;
}

void time(const std::string& name, const CostGraph& g)
{
    NullProgress progress;
    const auto t0 = Clock::now();
    nlohmann::json j = { { "case", name }, { "ops", g.nodes.size() }, { "edges", g.edges.size() } };
    try {
        const FrontierResult r = searchFrontier(g, {}, progress, CancelToken());
        j["points"] = r.points.size();
        j["max_frontier_ops"] = r.stats.maxFrontierOps;
    } catch (const Error& e) {
        j["refused"] = e.what();
    }
    j["seconds"] = since(t0);
    std::cout << j.dump() << std::endl;
}

void zooPlans()
{
    for (const auto& m : zooModels())
        for (int devices : { 8, 64 }) {
            const OpGraph graph = buildZooModel(m.name, 0);
            const PricedGraph priced = priceGraph(graph, CostModel(builtinCluster("h100x8"), devices));
            const auto t0 = Clock::now();
            const auto plan = ft::detail::planElimination(
                priced.costs, ft::detail::EliminationOrder::Greedy, ft::detail::PlanLimits{}, CancelToken());
            std::cout << nlohmann::json(
                { { "case", "zoo plan" }, { "model", m.name }, { "devices", devices }, { "ops", graph.size() },
                    { "plan_s", since(t0) }, { "peak_pairs", plan.peakPairs }, { "total_pairs", plan.totalPairs },
                    { "max_states", plan.maxStates } })
                             .dump()
                      << std::endl;
        }
}

} // namespace

int main(int argc, char** argv)
{
    bool quick = false, zoo = true;
    for (int i = 1; i < argc; ++i) {
        quick = quick || !std::strcmp(argv[i], "--quick");
        zoo = zoo && std::strcmp(argv[i], "--no-zoo") != 0;
    }
    for (int ops : quick ? std::vector<int>{ 20000 } : std::vector<int>{ 20000, 100000, 1000000 })
        time("chain, one configuration", chain(ops));
    for (int width : quick ? std::vector<int>{ 3000 } : std::vector<int>{ 3000, 20000, 100000 })
        time("fan-out, hub of 16", fanOut(width, 16));
    for (int side : { 12, 40 })
        time("bipartite, 8 configurations", bipartite(side, 8));
    if (zoo)
        zooPlans();
    return 0;
}
