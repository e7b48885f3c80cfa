#include "dgi/reorder.h"

#include "common/assert.h"
#include "common/error.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace vantage::dgi {

std::vector<std::int64_t> computeOrdering(const Graph& graph, Reordering method)
{
    const std::int64_t n = graph.numNodes();
    std::vector<std::int64_t> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    if (method == Reordering::None || n == 0)
        return order;

    // Undirected adjacency: in-neighbours from the CSC, out-neighbours from its transpose.
    const Graph out = reversed(graph);
    const auto outDeg = graph.outDegrees();
    std::vector<std::int64_t> degree(static_cast<std::size_t>(n));
    for (std::int64_t v = 0; v < n; ++v)
        degree[static_cast<std::size_t>(v)] = graph.inDegree(v) + outDeg[static_cast<std::size_t>(v)];

    std::vector<std::int64_t> starts(static_cast<std::size_t>(n));
    std::iota(starts.begin(), starts.end(), 0);
    if (method == Reordering::Rcm)
        std::stable_sort(starts.begin(), starts.end(), [&](std::int64_t a, std::int64_t b) {
            return degree[static_cast<std::size_t>(a)] < degree[static_cast<std::size_t>(b)];
        });

    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    std::vector<std::int64_t> neighbours;
    std::size_t head = 0;
    std::size_t tail = 0;
    for (const auto start : starts) {
        if (seen[static_cast<std::size_t>(start)])
            continue;
        seen[static_cast<std::size_t>(start)] = 1;
        order[tail++] = start;
        while (head < tail) {
            const std::int64_t v = order[head++];
            neighbours.clear();
            for (auto u : graph.inNeighbours(v))
                if (!seen[static_cast<std::size_t>(u)]) {
                    seen[static_cast<std::size_t>(u)] = 1;
                    neighbours.push_back(u);
                }
            for (auto u : out.inNeighbours(v))
                if (!seen[static_cast<std::size_t>(u)]) {
                    seen[static_cast<std::size_t>(u)] = 1;
                    neighbours.push_back(u);
                }
            if (method == Reordering::Rcm)
                std::sort(neighbours.begin(), neighbours.end(), [&](std::int64_t a, std::int64_t b) {
                    const auto da = degree[static_cast<std::size_t>(a)];
                    const auto db = degree[static_cast<std::size_t>(b)];
                    return da != db ? da < db : a < b;
                });
            for (auto u : neighbours)
                order[tail++] = u;
        }
    }
    if (method == Reordering::Rcm)
        std::reverse(order.begin(), order.end());
    return order;
}

Graph permuteGraph(const Graph& graph, std::span<const std::int64_t> order)
{
    const std::int64_t n = graph.numNodes();
    VANTAGE_ASSERT(static_cast<std::int64_t>(order.size()) == n, "a permutation of another graph's nodes");
    std::vector<std::int64_t> inverse(static_cast<std::size_t>(n), -1);
    for (std::int64_t i = 0; i < n; ++i) {
        const auto old = order[static_cast<std::size_t>(i)];
        VANTAGE_ASSERT(
            old >= 0 && old < n && inverse[static_cast<std::size_t>(old)] == -1, "the node order is not a permutation");
        inverse[static_cast<std::size_t>(old)] = i;
    }
    Buffer offBuf = Buffer::allocate(static_cast<std::size_t>(n + 1) * sizeof(std::int64_t));
    Buffer srcBuf = Buffer::allocate(static_cast<std::size_t>(graph.numEdges()) * sizeof(std::int64_t));
    auto off = offBuf.as<std::int64_t>();
    auto src = srcBuf.as<std::int64_t>();
    off[0] = 0;
    std::int64_t w = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const auto nb = graph.inNeighbours(order[static_cast<std::size_t>(i)]);
        const auto begin = w;
        for (auto u : nb)
            src[static_cast<std::size_t>(w++)] = inverse[static_cast<std::size_t>(u)];
        std::sort(src.begin() + begin, src.begin() + w);
        off[static_cast<std::size_t>(i + 1)] = w;
    }
    return Graph::fromCsc(n, std::move(offBuf), std::move(srcBuf), graph.origin());
}

namespace {

NodeMatrix sameShape(const NodeMatrix& m, const std::filesystem::path& spill)
{
    return spill.empty() ? NodeMatrix::zeros(m.rows(), m.cols(), m.dtype())
                         : NodeMatrix::zerosOnDisk(m.rows(), m.cols(), m.dtype(), spill);
}

// Row i of the result is row order[i] of m (gather), or row order[i] of the result is row i of m
// (scatter).
NodeMatrix permuteRows(
    const NodeMatrix& m, std::span<const std::int64_t> order, const std::filesystem::path& spill, bool scatter)
{
    VANTAGE_ASSERT(static_cast<std::int64_t>(order.size()) == m.rows(), "a row order of another matrix");
    NodeMatrix out = sameShape(m, spill);
    const std::size_t rowBytes = static_cast<std::size_t>(m.cols() * dtypeSize(m.dtype()));
    const auto* in = static_cast<const std::byte*>(m.data());
    auto* o = static_cast<std::byte*>(out.data());
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::size_t other = static_cast<std::size_t>(order[i]) * rowBytes;
        if (scatter)
            std::memcpy(o + other, in + i * rowBytes, rowBytes);
        else
            std::memcpy(o + i * rowBytes, in + other, rowBytes);
    }
    return out;
}

} // namespace

NodeMatrix gatherRows(const NodeMatrix& m, std::span<const std::int64_t> order, const std::filesystem::path& spill)
{
    return permuteRows(m, order, spill, false);
}

NodeMatrix scatterRows(const NodeMatrix& m, std::span<const std::int64_t> order, const std::filesystem::path& spill)
{
    return permuteRows(m, order, spill, true);
}

double meanEdgeSpan(const Graph& graph)
{
    if (graph.numEdges() == 0)
        return 0.0;
    double sum = 0.0;
    for (std::int64_t v = 0; v < graph.numNodes(); ++v)
        for (auto u : graph.inNeighbours(v))
            sum += static_cast<double>(u > v ? u - v : v - u);
    return sum / static_cast<double>(graph.numEdges());
}

} // namespace vantage::dgi
