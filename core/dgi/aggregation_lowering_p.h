#pragma once
// What both model readers (TorchScript and torch.export) lower an aggregation to, once each has
// decoded its own op: scatter_add_ / scatter_reduce_ / index_add_ into the rows of edge_index[1],
// a sum of ones as a degree, and what a filled destination (torch.zeros, torch.full) leaves in rows
// without incoming edges. Plain C++ over the IR; the readers pass how to refuse (naming their op).

#include "dgi/ir.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vantage::dgi::detail {

// Throws the reader's error for the op being lowered; never returns.
using Refusal = std::function<void(const std::string& why)>;

// Each node's in-degree with `rank` feature dims of size 1, to broadcast against a value of that rank.
int inDegreeOfRank(GnnIr& ir, std::size_t rank);

// A tensor filled with `fill` (torch.zeros_like(h), torch.ones(E)) used as a value, per node or per
// edge: exact for every fill, of its full feature shape.
int filledRows(GnnIr& ir, Space space, const std::vector<std::int64_t>& shape, double fill);

// An aggregation as the reader decoded it.
struct Aggregation {
    Reduction reduction = Reduction::Sum;
    bool includeSelf = true;
    bool intoDestinations = true; // the index is edge_index[1] (false: edge_index[0])
    bool countsEdges = false; // the source is a per-edge tensor of ones: a degree
    std::vector<std::int64_t> sourceShape; // the source's feature shape
    bool intoFilled = false; // the destination is filled with `fill` (else a computed tensor)
    double fill = 0.0;
    std::vector<std::int64_t> fillShape; // the filled destination's feature shape
    std::function<int()> messages; // the per-edge source as an IR value
    std::function<int()> destination; // the computed destination as an IR value
};

int lowerAggregation(GnnIr& ir, const Aggregation& a, const Refusal& refuse);

// What an aggregation `agg` (of `messages`, -1 for a degree) into a tensor filled with `fill` gives:
// rows without incoming edges keep the fill; include_self makes the fill one more element of the
// reduction in the others (PyTorch's scatter_reduce / index_reduce / index_add_).
int lowerIntoFilled(
    GnnIr& ir, int agg, int messages, double fill, Reduction r, bool includeSelf, const Refusal& refuse);

} // namespace vantage::dgi::detail
