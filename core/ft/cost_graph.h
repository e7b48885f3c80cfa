#pragma once
// What the FT search works on: each op with the (time, memory) of each of its configurations, and
// each edge with the extra (time, memory) for every pair of configurations of its two ends. Both
// input routes end here: an op graph priced by the cost model, and the explicit-cost JSON format.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace vantage::ft {

struct CostGraph {
    struct Config {
        std::string name;
        double time = 0.0;
        double memory = 0.0;
    };
    struct Node {
        std::string name;
        std::vector<Config> configs;
    };
    struct Edge {
        int from = 0;
        int to = 0;
        // Row-major [i * configs(to) + j]: from runs configuration i, to runs j.
        std::vector<double> time;
        std::vector<double> memory;
    };

    std::vector<Node> nodes;
    std::vector<Edge> edges;

    int configCount(int node) const { return static_cast<int>(nodes[static_cast<std::size_t>(node)].configs.size()); }

    // (time, memory) of a full assignment: one configuration index per node.
    std::pair<double, double> evaluate(const std::vector<int>& assignment) const;

    // Structural checks the search relies on (every node has a configuration, matrices fit,
    // costs are finite and >= 0). Error::invalidInput naming the node or edge otherwise.
    void validate() const;
};

} // namespace vantage::ft
