#pragma once
// One chosen strategy, explained: per op its configuration, time and memory; the time broken into
// compute / all-reduce / re-partition and the memory per device into weights / gradients /
// optimizer state / activations / re-partition copies. Exported as JSON (the file `ft export`
// writes and the session keeps), as a readable summary, and as Graphviz DOT of the op graph with
// ops coloured by what they split, for the GUI to render with renderDotToSvg().

#include "ft/cluster.h"
#include "ft/config.h"
#include "ft/cost_model.h"

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vantage::ft {

class OpGraph;
struct SearchResult;

struct MemoryBreakdown {
    double weights = 0.0;
    double gradients = 0.0;
    double optimizerState = 0.0;
    double activations = 0.0;
    double repartition = 0.0; // inputs kept in a consumer's own layout
    double total() const { return weights + gradients + optimizerState + activations + repartition; }
};

struct TimeBreakdown {
    double compute = 0.0;
    double allReduce = 0.0; // every collective inside ops: gradient and partial-sum all-reduces, k/v gathers, halos
    double repartition = 0.0; // layout changes on edges
    double total() const { return compute + allReduce + repartition; }
};

struct OpChoice {
    std::string op;
    std::string kind;
    std::string config; // "b4c2"
    std::string split; // "batch+out"
    int zero = 0; // ZeRO stage over the op's data-parallel group
    bool recompute = false; // selective recomputation (attention)
    double time = 0.0; // the op's own time (its edges are in EdgeChoice)
    double memory = 0.0;
    double compute = 0.0;
    double gradientSync = 0.0;
    double collectives = 0.0;
    MemoryBreakdown memoryBreakdown;
};

struct EdgeChoice {
    std::string from;
    std::string to;
    double time = 0.0;
    double memory = 0.0;
    double bytes = 0.0; // received per device, forward
    bool interNode = false;
};

struct Strategy {
    std::string model;
    std::string cluster;
    int devices = 0;
    std::int64_t batch = 0;
    double deviceMemory = 0.0; // bytes per device in the profile
    double time = 0.0; // s per iteration
    double memory = 0.0; // bytes per device
    TimeBreakdown timeBreakdown;
    MemoryBreakdown memoryBreakdown;
    std::vector<OpChoice> ops; // in op-graph order
    std::vector<EdgeChoice> edges; // those with a cost, in op-graph edge order

    bool fitsDeviceMemory() const { return memory <= deviceMemory; }
};

// Prices `configs` (one per op) on the cluster; the totals equal the search's point for it.
Strategy makeStrategy(const OpGraph& graph, const ClusterProfile& cluster, int devices,
    const std::vector<OpConfig>& configs, const CostOptions& options = {});

// Strategy `strategy` of frontier `frontier` of a (possibly stored) search result, on the graph and
// cluster the result was computed for.
Strategy strategyFor(const OpGraph& graph, const ClusterProfile& cluster, const SearchResult& result,
    std::size_t frontier, int strategy);
Strategy baselineStrategyFor(const OpGraph& graph, const ClusterProfile& cluster, const SearchResult& result,
    std::size_t frontier, int baseline);

nlohmann::json toJson(const Strategy& strategy);
// A few lines for people: totals with breakdowns, configurations used, the most expensive ops.
std::string strategySummary(const Strategy& strategy);

// The memory-for-time decisions of a plan beyond its splits: the highest ZeRO stage its ops use and
// how many use one, how many recompute. Plain plans have none.
struct PlanDecisions {
    int zero = 0;
    int zeroOps = 0;
    int recomputeOps = 0;
    void add(const OpConfig& config);
    bool plain() const { return zeroOps == 0 && recomputeOps == 0; }
    // "plain", "zero", "recompute", "zero+recompute": the kind of plan, for colouring frontier points.
    std::string kind() const;
    // "ZeRO-3 on 24 ops, selective recomputation on 24 ops", "none".
    std::string describe() const;
};
PlanDecisions planDecisions(const Strategy& strategy);
// The decisions of strategy `strategy` (an index into `configNames`' strategies) of a frontier.
PlanDecisions planDecisions(const std::vector<std::string>& configNames, const std::vector<std::uint16_t>& strategy);
// The op graph in DOT, ops filled by their split ("batch" blue, "out" orange, ...), a legend of
// the splits used, and edges that re-partition drawn bold (red when they cross nodes).
std::string strategyToDot(const OpGraph& graph, const Strategy& strategy);

} // namespace vantage::ft
