#pragma once
// DGI's frontier walk for partial requests and node-wise batches (evaluation.cpp), private to the
// evaluation.

#include "dgi/layer_engine_p.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace vantage::dgi::detail {

// Partial requests and node-wise batches: the targets' frontier walked back through the layers
// (layer k computes the nodes layer k + 1 reads: its destinations and their in-neighbours).
class FrontierRunner {
public:
    FrontierRunner(Engine& engine, const Graph& graph, const LayerSchema& schema);

    // Output rows of `targets` (internal ids, any order, no duplicates), as [targets, width].
    Tensor run(const std::vector<std::int64_t>& targets, std::vector<LayerStats>& stats, std::int64_t& touched,
        const CancelToken& cancel, const std::function<void(double)>& progress);

private:
    void fill(NodeSet& s, std::vector<std::int64_t> ids, int level);

    Engine& m_engine;
    const Graph& m_graph;
    const LayerSchema& m_schema;
    std::vector<char> m_mark;
    std::vector<Tensor> m_maps;
};

} // namespace vantage::dgi::detail
