#pragma once
// The order in which FT (and the min-time search) processes the ops of a cost graph, and for every
// step the live frontier: processed ops that still have edges to unprocessed ones. A frontier op's
// configurations fall into classes with identical costs on all its pending edges; the search keys
// its states by those classes, so configurations that look the same to the rest of the graph share
// a state. Internal to core/ft.

#include "ft/cost_graph.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace vantage {
class CancelToken;
}

namespace vantage::ft::detail {

enum class EliminationOrder {
    Greedy, // greedy by the smallest frontier left (fewest states), the best of a few reaches
    Given, // ops in the cost graph's order
};

struct ClassMap {
    std::vector<std::uint16_t> classOf; // per configuration
    std::vector<std::uint16_t> rep; // per class: one configuration in it
    // Largest extra (time, memory) the pending edges can add, per class: sum over the pending edges
    // of the worst cell in the class's row. Bounds how much a state's future can differ.
    std::vector<double> boundTime;
    std::vector<double> boundMemory;
    // The least they can add: sum over the pending edges of the best cell in the class's row.
    std::vector<double> floorTime;
    std::vector<double> floorMemory;
    int classes() const { return static_cast<int>(rep.size()); }
};

struct EliminationStep {
    int op = 0; // the op this step adds
    std::vector<int> frontier; // frontier after the step, in state-digit order
    // Per frontier op, for the edges still pending after the step; shared with the steps before
    // while the op's pending edges stay the same, so a plan takes memory per frontier op, not per
    // configuration, at every step.
    std::vector<std::shared_ptr<const ClassMap>> classes;
    std::vector<std::int64_t> strides; // state index = sum of class x stride
    std::int64_t states = 1;
    // Edges between `op` and the frontier before the step (the previous step's frontier).
    std::vector<int> incidentEdges;
};

struct EliminationPlan {
    std::vector<int> order;
    std::vector<EliminationStep> steps;
    int maxFrontier = 0;
    std::int64_t maxStates = 1;
    // What a sweep over the plan goes through: per step, (previous state, configuration) pairs.
    double peakPairs = 0.0; // the most in one step
    double totalPairs = 0.0; // over all steps
    double totalStates = 0.0; // states over all steps
};

// What a plan may cost before it is built. Every order is first profiled in time linear in the
// graph (frontier width per step, classification work); orders past these bounds are not built.
struct PlanLimits {
    std::int64_t maxStates = 1 << 22; // configuration classes of one frontier
    std::int64_t maxFrontierCells = std::int64_t(1) << 23; // frontier ops summed over steps (28 bytes each)
    double maxClassifyWork = 4e9; // (pending edge, configuration) visits to classify frontier ops
};

// Refuses (Error::invalidInput, naming what would help) a graph for which no order fits `limits`.
// Time and memory are near-linear in the graph for a bounded frontier; checks `cancel` as it goes.
EliminationPlan planElimination(
    const CostGraph& graph, EliminationOrder order, const PlanLimits& limits, const CancelToken& cancel);

} // namespace vantage::ft::detail
