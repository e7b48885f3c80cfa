#pragma once
// Node reordering for locality: neighbours get nearby ids, so the rows a batch gathers sit close
// together in memory (and on disk, out of core). Evaluation with a reordering returns its output in
// the original node order.

#include "dgi/graph.h"
#include "dgi/node_matrix.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

namespace vantage::dgi {

enum class Reordering {
    None,
    Bfs, // breadth-first from the lowest unvisited id, component by component
    Rcm, // reverse Cuthill-McKee (Cuthill & McKee 1969; George 1971) on the symmetrised graph
};

// "none", "bfs", "rcm"; an empty text reads as none.
inline constexpr EnumTable<Reordering, 4> kReorderings{ .field = "reorder",
    .entries = { { { Reordering::None, "none" }, { Reordering::Bfs, "bfs" }, { Reordering::Rcm, "rcm" },
        { Reordering::None, "" } } },
    .what = "reordering" };
constexpr const auto& enumTable(Reordering)
{
    return kReorderings;
}

// order[newId] = oldId, a permutation of 0..N-1 (the identity for None).
std::vector<std::int64_t> computeOrdering(const Graph& graph, Reordering method);

// The graph relabelled so that node order[i] becomes node i.
Graph permuteGraph(const Graph& graph, std::span<const std::int64_t> order);

// Row i of the result is row order[i] of `m` (gather). With `spillDirectory` non-empty the result
// is file-backed there.
NodeMatrix gatherRows(
    const NodeMatrix& m, std::span<const std::int64_t> order, const std::filesystem::path& spillDirectory = {});
// Row order[i] of the result is row i of `m` (scatter): undoes gatherRows.
NodeMatrix scatterRows(
    const NodeMatrix& m, std::span<const std::int64_t> order, const std::filesystem::path& spillDirectory = {});

// Mean |src - dst| over the edges: a locality figure that reordering should shrink.
double meanEdgeSpan(const Graph& graph);

} // namespace vantage::dgi
