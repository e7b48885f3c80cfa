#pragma once
// The layer engine: the node sets, stores and batches it works on, and the Engine class, defined
// in layer_engine.cpp (the layer loop, batches, aggregation), node_stores.cpp and edge_values.cpp.

#include "dgi/aggregation_kernels_p.h"
#include "dgi/dense_ops_p.h"

namespace vantage::dgi::detail {

// ---------------------------------------------------------------------------------------------
// Layer-wise and node-wise evaluation.

// The nodes a layer computes: all of them (local row = node id) or a sorted subset with a
// global -> local map (partial requests and node-wise batches).
struct NodeSet {
    bool all = true;
    std::int64_t size = 0;
    std::vector<std::int64_t> ids;
    Tensor idsT;
    Tensor map; // int64 [N], valid at members

    Tensor globalIds(std::int64_t a, std::int64_t b) const
    {
        return all ? torch::arange(a, b, torch::kLong) : idsT.slice(0, a, b);
    }
    Tensor toLocal(const Tensor& global) const { return all ? global : map.index_select(0, global); }
};

// A node tensor between (or within) layers: rows in the local order of its NodeSet.
struct NodeStore {
    NodeMatrix matrix;
    const NodeSet* set = nullptr;
    std::vector<std::int64_t> shape;
    Tensor t; // [rows, width] over matrix
    bool onDisk = false;
};

// Aggregations computed straight from a node store: aggregate(gatherSrc(u) [* w]).
struct FusedAggregate {
    int gathered = -1; // u
    int weight = -1; // w, per-edge, or -1
    std::int64_t heads = 0;
    // A scalar edge weight that factors into graph-only node values, w = a[src] * b[dst] (GCN's
    // symmetric normalisation): the kernel scales each gathered row by a[src] and each destination's
    // sum by b[dst], and the per-edge weights are never formed. -1 where a factor is absent; both
    // -1: w is read per edge.
    int sourceScale = -1;
    int destinationScale = -1;
    bool factored() const { return sourceScale >= 0 || destinationScale >= 0; }
};

struct Batch {
    // Rows: a contiguous range of the current NodeSet's local rows.
    const NodeSet* set = nullptr;
    std::int64_t begin = 0;
    std::int64_t count = 0;
    Tensor global; // global ids of the rows
    // Block (the one-hop in-edges of the rows), when `block`.
    bool block = false;
    Tensor offsets; // [count + 1], relative
    Tensor srcGlobal; // [E]
    Tensor dstLocal; // [E], made on first use
    std::int64_t edges = 0;
    std::unordered_map<int, Tensor> rows;
    std::unordered_map<int, Tensor> edgeVals;
};

// Runs the layers of a partitioned model: owns the node stores (allocated in RAM or on disk by
// the budget, freed after their last reader), the graph-only values (degrees, normalisation) and
// the parameters, and evaluates one batch at a time by walking the IR back from what the batch
// must write, reading stored values, recomputing graph queries and per-edge values.
class Engine {
public:
    Engine(const Graph& graph, const NodeMatrix& x, const GnnIr& ir, const LayerSchema& schema, const EvalOptions& opt,
        std::int64_t budget);

    // The graph-only node values a (per source) and b (per destination), either possibly absent,
    // with w = a[src] * b[dst], looking through reshapes; false where w is no such product.
    bool factorEdgeWeight(int w, int& a, int& b) const;

    // Whether every live reader of `v` is a factored aggregation's message or part of a factored
    // weight (a weight shared with a max or an unfused message is still built per edge).
    bool onlyReadByFactoredWeights(int v) const;

    // Whether `v` is one of the per-edge ops of a factored weight `w` (reshapes, the product, the
    // gathers), which the kernel never builds.
    bool inFactoredWeight(int w, int v) const;

    std::int64_t ramStoreBytes() const { return m_ramBytes; }
    std::int64_t peakRam() const { return m_peakRam; }
    std::int64_t edgeCacheBytes() const { return m_cacheBytes; }
    int factoredAggregations() const;
    std::int64_t peakDisk() const { return m_peakDisk; }
    std::int64_t firstNodeCap = 0;
    std::int64_t firstEdgeCap = 0;

    // Allocates the store of `value` over `set`; the output of a layer-wise run over all nodes may go
    // straight into an .npy file.
    NodeStore& allocate(int value, const NodeSet& set, bool isOutput);

    void release(int value);

    // Whether a store of `width` scalars per node is still to be allocated, from the current layer
    // (its block outputs) on.
    bool widthStoredLater(std::int64_t width) const;

    // A spare buffer of exactly `bytes`, or an empty one.
    Buffer takeSpare(std::int64_t bytes);

    void dropSpare();

    std::unique_ptr<NodeStore> take(int value);

    // Out of core, the pages of on-disk stores are left to the page cache between layers rather
    // than counted in the process's resident memory.
    void dropResidentPages();

    // Runs layer `k` (0-based) for destinations `dst`, whose source pass covers `src` (dst plus
    // the in-neighbours of dst), leaving the layer's cut tensors in stores.
    void runLayer(int k, const NodeSet& dst, const NodeSet& src, LayerStats& stats, const CancelToken& cancel,
        const std::function<void(double)>& progress);

private:
    // Rows done of the rows a layer computes (the source pass, then the blocks).
    struct LayerProgress {
        double done;
        double total;
        const std::function<void(double)>& report;
        void add(double rows, bool clamp)
        {
            done += rows;
            report(clamp ? std::min(1.0, done / total) : done / total);
        }
    };
    void runSourcePass(int k, const LayerPlan& plan, const NodeSet& src, const std::vector<int>& sourceOut,
        LayerStats& stats, const CancelToken& cancel, LayerProgress& done);
    std::vector<int> releaseBeforeBlocks(const LayerPlan& plan);
    std::vector<int> allocateBlockOutputs(const NodeSet& dst);
    void runBlocks(int k, const LayerPlan& plan, const NodeSet& dst, const std::vector<int>& blockOut,
        LayerStats& stats, const CancelToken& cancel, LayerProgress& done);

    // Pages of on-disk stores that a layer has touched count as resident memory until they are
    // released; past half the budget they are (they stay in the page cache and the file).
    void keepResidentWithinBudget();

    std::int64_t workBytes() const { return std::max(m_budget - m_ramBytes - m_cacheBytes, m_budget / 8); }

    void caps(const LayerPlan& plan, std::int64_t& nodeCap, std::int64_t& edgeCap) const;

    // Whether the blocks of `plan` read the stored value `v` (rather than only its source pass).
    bool readByBlocks(const LayerPlan& plan, int v) const;

    // Per-edge values a fused aggregation never builds.
    bool materialisedAway(int v) const;

    Batch makeBlock(const NodeSet& dst, std::int64_t a, std::int64_t b);

    Tensor dstLocal(Batch& batch);

    void write(Batch& batch, int v);

    // Computes the last op of `v` straight into its store rows (`target`, [count, width],
    // contiguous) where LibTorch has an out= form that gives the same bits as the op itself:
    // a 2-D linear (addmm or mm, which is what at::linear calls), relu (clamp_min) and an add.
    // This spares a batch-sized temporary and its copy; for a source pass over every node the
    // temporary would be as large as the store.
    bool writeInto(Batch& batch, int v, Tensor& target);

    // The store `v` may be read from here, or nullptr when the value is computed in this batch.
    const NodeStore* readable(const Batch& batch, int v) const;

    Tensor readRows(const NodeStore& s, const Batch& batch);

    Tensor readAt(const NodeStore& s, const Tensor& global);

    // Graph-only node values over all nodes, computed once.
    Tensor graphAll(int v);

    Tensor rows(Batch& batch, int v);

    Tensor atSources(Batch& batch, int u);

    Tensor edges(Batch& batch, int e);

    Tensor computeEdges(Batch& batch, int e, const IrOp& o);

    Tensor aggregate(Batch& batch, int a);

    const Graph& m_graph;
    const GnnIr& m_ir;
    const LayerSchema& m_schema;
    const EvalOptions& m_opt;
    at::ScalarType m_type;
    int m_dsize;
    std::int64_t m_budget;
    Globals m_globals;
    NodeSet m_all;
    NodeStore m_input;
    Tensor m_offsets;
    Tensor m_sources;
    std::filesystem::path m_spill;
    std::map<int, std::unique_ptr<NodeStore>> m_stores;
    std::vector<Buffer> m_spare; // memory of released RAM stores, counted in m_ramBytes
    bool m_blockOutputsPending = false; // the current layer's block outputs are still to be allocated
    struct EdgeCache {
        Buffer memory;
        Tensor values; // [E, ...] over all edges on `memory`, allocated on first use (counted in m_cacheBytes)
        std::int64_t filled = 0; // edges [0, filled) hold their values
    };
    std::unordered_map<int, EdgeCache> m_edgeCache; // graph-only per-edge values read by feature ops
    std::unordered_map<int, Tensor> m_graphCache;
    std::unordered_map<int, FusedAggregate> m_fused;
    std::vector<std::vector<int>> m_consumers; // of every value, in the IR
    std::vector<char> m_live; // of every value, in the IR
    int m_layer = 0;
    std::int64_t m_ramBytes = 0;
    std::int64_t m_cacheBytes = 0; // edge caches: within the budget, not node stores
    std::int64_t m_diskBytes = 0;
    std::int64_t m_peakRam = 0;
    std::int64_t m_peakDisk = 0;
    std::int64_t m_bytes = 0;
    std::int64_t m_freshBytes = 0; // store RAM newly allocated in the current layer
    std::int64_t m_bytesAtRelease = 0;
};

} // namespace vantage::dgi::detail
