#pragma once
// Frontier Tracking (FT), from TensorOpt (Cai et al., "TensorOpt: Exploring the Tradeoffs in
// Distributed DNN Training with Auto-Parallelism", IEEE TPDS 2022, Sec. 4): the whole Pareto set of
// (time per iteration, memory per device) over all assignments of configurations to ops, where both
// are sums over ops and edges. Two levels:
//   searchFrontier()  FT on a cost graph (explicit costs, or an op graph already priced);
//   search()          an op graph on a cluster for several device counts, with the baselines,
//                     in the form the CLI prints and the session stores.

#include "ft/cluster.h"
#include "ft/config.h"
#include "ft/cost_graph.h"
#include "ft/cost_model.h"

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vantage {
class Progress;
class CancelToken;
} // namespace vantage

namespace vantage::ft {

class OpGraph;

// ---- FT on a cost graph ----

enum class SearchOrder {
    Greedy, // the op that keeps the live frontier smallest next (the default)
    Given, // ops in the cost graph's order (for tests: the answer must not depend on the order)
};

struct FrontierOptions {
    // 0: exact. Otherwise every exact Pareto point p has a returned point q with q.time <= p.time
    // and q.memory <= (1 + epsilon) p.memory, and the sets the search keeps are thinned to match.
    double epsilon = 0.0;
    int threads = 0; // 0: all hardware threads
    SearchOrder order = SearchOrder::Greedy;
    std::int64_t maxStates = 1 << 22; // refuse graphs whose live frontier has more states
    // Bounds that refuse, with a message that suggests an epsilon, a search this machine cannot
    // finish (exact frontiers of long chains of ops with independent costs grow with every op):
    // Pareto points in one step (about 60 bytes each), back-pointers held at once (6 bytes each),
    // points made over the whole search (its work: about 3 million a second here, and refused early
    // when the sets so far, kept for the steps left, would make 6 times that), and points x ops of
    // the answer (each strategy carries its assignment; the JSON holds one entry per op). The
    // heaviest zoo search (inception-v3 on 64 devices) makes 4.3e8 points, 1.7e7 in one step.
    std::int64_t maxPoints = std::int64_t(1) << 26;
    std::int64_t maxStoredPoints = std::int64_t(1) << 29;
    std::int64_t maxTotalPoints = std::int64_t(1) << 29;
    std::int64_t maxResultCells = std::int64_t(1) << 24;
    // Bounds checked on the plan, before the first step: (previous state, configuration) pairs in
    // one step (about 72 bytes each while the step runs) and over all steps (the least work).
    std::int64_t maxPairs = std::int64_t(1) << 25;
    std::int64_t maxTotalPairs = std::int64_t(1) << 33;
    // Back-pointers (6 bytes each) kept before those no live point leads to are dropped; the
    // threshold then doubles with what is left.
    std::size_t compactAfter = std::size_t(1) << 23;
};

struct FrontierStats {
    int steps = 0;
    int maxFrontierOps = 0; // most ops live at once
    std::int64_t maxStates = 0; // most frontier assignments (configuration classes) at once
    std::int64_t maxPoints = 0; // most Pareto points kept in one step, all states together
    std::int64_t storedPoints = 0; // most back-pointers held at once (for strategy recovery)
    std::int64_t totalPoints = 0; // points made over all steps (the search's work)
    double seconds = 0.0;
};

struct CostPoint {
    double time = 0.0;
    double memory = 0.0;
    std::vector<int> assignment; // configuration index per cost-graph node
};

struct FrontierResult {
    std::vector<CostPoint> points; // Pareto-optimal, by time ascending; equal values once
    FrontierStats stats;
};

// Throws vantage::Cancelled when `cancel` is set, Error::invalidInput for an invalid graph and for a
// search past the bounds above (before the work where the plan shows it; the message names the knob).
FrontierResult searchFrontier(
    const CostGraph& graph, const FrontierOptions& options, Progress& progress, const CancelToken& cancel);

// ---- An op graph on a cluster, for several device counts ----

struct SearchOptions {
    std::vector<int> deviceCounts = { 8 };
    double epsilon = 0.0; // as FrontierOptions::epsilon
    int threads = 0; // 0: all hardware threads
    ConfigOptions configs{};
    CostOptions cost{};
    bool baselines = true; // data parallel, Megatron TP x DP, min-time (OptCNN style)
};

// A point of the chart: `strategy` indexes DeviceFrontier::strategies.
struct StrategyPoint {
    double time = 0.0; // s per iteration
    double memory = 0.0; // bytes per device
    int strategy = 0;
};

struct BaselinePoint {
    std::string name; // "data parallel", "megatron tp4 x dp2", "min time (OptCNN)"
    double time = 0.0;
    double memory = 0.0;
    std::vector<std::uint16_t> assignment; // per op, an index into DeviceFrontier::configNames
};

struct DeviceFrontier {
    int devices = 0;
    double searchSeconds = 0.0; // FT alone, on this machine
    std::vector<StrategyPoint> points; // Pareto-optimal, by time ascending
    std::vector<BaselinePoint> baselines;
    // Strategies: per strategy, per op, an index into configNames (the names used, sorted).
    std::vector<std::string> configNames;
    std::vector<std::vector<std::uint16_t>> strategies;
    FrontierStats stats;

    // Index into `points` of the fastest point with memory <= budget bytes; -1 when none fits.
    int fastestWithin(double memoryBudget) const;
    // Index of the point with the least memory (the last one); -1 when empty.
    int leastMemory() const;
};

struct SearchResult {
    std::string model; // the op graph's name
    std::int64_t parameters = 0; // the op graph's trainable parameters (a tied weight once)
    double forwardFlops = 0.0; // one forward pass of the batch through the op graph, as FT costs it
    std::int64_t batch = 0;
    std::string cluster; // profile name
    double deviceMemory = 0.0; // bytes per device of the profile, for the chart's memory line
    double epsilon = 0.0;
    ConfigOptions configs{};
    CostOptions cost{};
    std::vector<std::string> ops; // op names, in the op graph's order
    std::vector<DeviceFrontier> frontiers;
};

// One frontier per device count; progress runs over all of them. Throws vantage::Cancelled.
SearchResult search(const OpGraph& graph, const ClusterProfile& cluster, const SearchOptions& options,
    Progress& progress, const CancelToken& cancel);

// The configurations of a strategy (or of a baseline when `baseline` >= 0), one per op.
std::vector<OpConfig> strategyConfigs(const SearchResult& result, std::size_t frontier, int strategy);
std::vector<OpConfig> baselineConfigs(const SearchResult& result, std::size_t frontier, int baseline);

// The result as JSON: {"model", "parameters", "batch", "cluster", "device_memory", "epsilon", "precision",
// "optimizer", "max_split", "ops", "frontiers": [{"devices", "search_s", "frontier_size", "points":
// [{"time", "memory", "strategy"}], "baselines": [{"name", "time", "memory"}], "config_names",
// "strategies", "stats"}]}. Without strategies the JSON is for printing; with them it can be stored
// and read back to redraw and to pick strategies without searching again.
nlohmann::json toJson(const SearchResult& result, bool withStrategies = true);
SearchResult searchResultFromJson(const nlohmann::json& json);

} // namespace vantage::ft
