#pragma once
// The passes of partitionIntoLayers over one IR (partition.cpp), private to it.

#include "dgi/partition.h"

#include <cstdint>
#include <set>
#include <vector>

namespace vantage::dgi::detail {

// What a value of the IR depends on: nothing of the graph (a weight, a constant), the graph's
// structure only, or the node features.
enum class Category {
    Global,
    Graph,
    Feature
};

// The passes of partitionIntoLayers over one IR, and what they share: each value's category, its
// layer (1-based; the input is 0), whether it is post-aggregation (it exists for a destination only
// once its layer's block has run), the dense ops deferred to the next layer, and which node values
// a layer's source pass computes.
class Partitioner {
public:
    explicit Partitioner(const GnnIr& ir);

    LayerSchema run();

private:
    static std::size_t ui(int v) { return static_cast<std::size_t>(v); }
    bool isLive(int v) const { return m_live[ui(v)] != 0; }
    bool feature(int v) const { return m_cat[ui(v)] == Category::Feature; }
    bool isNodeOp(int v) const;
    // The layer of `v` with the deferrals being tried.
    int effective(int v) const { return m_deferred[ui(v)] ? m_layer0[ui(v)] + 1 : m_layer0[ui(v)]; }

    // What each value depends on: nothing of the graph or features (global), the graph only, features.
    void categorize();

    // Layer and post-aggregation flag of every live feature value, deferred ones a layer later.
    void computeLayers();

    // Where each cut lies. Element-wise work after an aggregation stays in its layer; a dense
    // transform after it (linear, concat, reduce) may start the next layer instead, taking the
    // element-wise ops that follow it along. Per layer boundary, every choice of dense ops to move
    // is costed by the width of the node tensors then crossing the boundary; the narrowest cut wins,
    // and among equals the one moving the most (so the cut is the layer's embedding, not the next
    // layer's transform of it).
    void chooseCuts();

    // The candidates chosen by `mask` and the ops that move with them (their element-wise
    // consumers in layer `l`) into `group`; false when the move is not possible.
    bool movedWith(const std::vector<int>& candidates, std::uint32_t mask, int l, std::vector<int>& group) const;

    // The width of the node tensors crossing the boundary after layer `l`, with the deferrals tried.
    std::int64_t crossingWidth(int l) const;

    // Source pass: node values of a layer that its own blocks gather by source.
    void markSourcePass();

    void assignRoles(LayerSchema& schema) const;

    // Layer k's ops, walked back to what it reads from node stores (the readers of each value).
    void planLayer(LayerSchema& schema, int k);

    // Adds to `ops` the graph-only values and recomputed per-edge values they read, and records
    // which earlier layers' node values layer k reads.
    void walk(const LayerSchema& schema, int k, std::set<int>& ops, bool block, std::set<int>& blockReadsSource);

    // Cut tensors: the input, every node value read by a later layer, the output; and per layer
    // the tensors it reads, writes and frees.
    void cutTensors(LayerSchema& schema) const;

    const GnnIr& m_ir;
    const int m_n;
    const std::vector<char> m_live;
    std::vector<std::vector<int>> m_consumers;
    std::vector<Category> m_cat;
    std::vector<int> m_layer; // 1-based; the input is 0
    std::vector<char> m_post; // post-aggregation
    std::vector<char> m_deferred; // dense ops (and what follows them) moved to the next layer
    std::vector<int> m_layer0; // the layers before any deferral
    std::vector<int> m_minUse; // per-edge values: the earliest layer aggregating them
    std::vector<char> m_source; // computed by its layer's source pass
    std::vector<std::set<int>> m_readers; // 1-based layers reading each value
    int m_numLayers = 1;
};

} // namespace vantage::dgi::detail
