#include "ft/cost_graph.h"

#include "common/error.h"

#include <cmath>

namespace vantage::ft {

std::pair<double, double> CostGraph::evaluate(const std::vector<int>& a) const
{
    if (a.size() != nodes.size())
        throw Error::invalidInput("an assignment needs one configuration per op (" + std::to_string(nodes.size())
            + "), has " + std::to_string(a.size()));
    double t = 0.0, m = 0.0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const auto& c = nodes[i].configs.at(static_cast<std::size_t>(a[i]));
        t += c.time;
        m += c.memory;
    }
    for (const auto& e : edges) {
        const std::size_t k = static_cast<std::size_t>(
            a[static_cast<std::size_t>(e.from)] * configCount(e.to) + a[static_cast<std::size_t>(e.to)]);
        t += e.time[k];
        m += e.memory[k];
    }
    return { t, m };
}

void CostGraph::validate() const
{
    auto ok = [](double v) { return std::isfinite(v) && v >= 0.0; };
    for (const auto& n : nodes) {
        if (n.configs.empty())
            throw Error::invalidInput("op has no configuration").inOp(n.name);
        if (n.configs.size() > 65535)
            throw Error::invalidInput("op has more than 65535 configurations").inOp(n.name);
        for (const auto& c : n.configs)
            if (!ok(c.time) || !ok(c.memory))
                throw Error::invalidInput("configuration '" + c.name + "' has a negative or non-finite cost")
                    .inOp(n.name);
    }
    const int n = static_cast<int>(nodes.size());
    for (const auto& e : edges) {
        if (e.from < 0 || e.from >= n || e.to < 0 || e.to >= n || e.from == e.to)
            throw Error::invalidInput("edge between unknown or identical ops");
        const std::size_t cells
            = static_cast<std::size_t>(configCount(e.from)) * static_cast<std::size_t>(configCount(e.to));
        const std::string where
            = nodes[static_cast<std::size_t>(e.from)].name + " -> " + nodes[static_cast<std::size_t>(e.to)].name;
        if (e.time.size() != cells || e.memory.size() != cells)
            throw Error::invalidInput("edge cost matrix of the wrong size").inOp(where);
        for (std::size_t k = 0; k < cells; ++k)
            if (!ok(e.time[k]) || !ok(e.memory[k]))
                throw Error::invalidInput("edge has a negative or non-finite cost").inOp(where);
    }
}

} // namespace vantage::ft
