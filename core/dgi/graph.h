#pragma once
// The graph a GNN is evaluated on: directed, stored by destination (CSC) because message passing
// reads, for each destination node, the sources of its in-edges. Offsets and node ids are int64 so
// that graphs with more than 2^31 edges work; storage is in RAM or memory-mapped (Buffer).
// Edge (s, d) carries a message from s to d, as in PyG's edge_index (row 0 source, row 1 destination).

#include "common/enum_names.h"
#include "common/progress.h"
#include "dgi/buffer.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace vantage::dgi {

class Graph {
public:
    Graph();
    // Takes offsets (numNodes + 1 int64, non-decreasing, from 0 to E) and sources (E int64 in
    // [0, numNodes)); checks both and throws Error::invalidInput naming `origin` when they disagree.
    // `sourcesOrigin` names where the sources came from when that is another file than the offsets'.
    static Graph fromCsc(std::int64_t numNodes, Buffer offsets, Buffer sources, std::string origin = {},
        const std::string& sourcesOrigin = {});

    std::int64_t numNodes() const { return m_numNodes; }
    std::int64_t numEdges() const { return m_numEdges; }
    std::span<const std::int64_t> offsets() const { return m_offsets.as<std::int64_t>(); }
    std::span<const std::int64_t> sources() const { return m_sources.as<std::int64_t>(); }
    std::span<const std::int64_t> inNeighbours(std::int64_t node) const;
    std::int64_t inDegree(std::int64_t node) const;
    // Out-degrees of every node, counted on first use (thread-safe).
    std::span<const std::int64_t> outDegrees() const;
    bool isMapped() const { return m_offsets.isMapped() || m_sources.isMapped(); }
    // Where the graph came from, for people: "rmat:n=1000,deg=8,seed=1", a path.
    const std::string& origin() const { return m_origin; }
    void setOrigin(std::string origin) { m_origin = std::move(origin); }

private:
    struct Lazy;
    std::int64_t m_numNodes = 0;
    std::int64_t m_numEdges = 0;
    Buffer m_offsets;
    Buffer m_sources;
    std::string m_origin;
    std::shared_ptr<Lazy> m_lazy;
};

// Edges as two parallel arrays, the input of buildGraph.
struct EdgeList {
    std::int64_t numNodes = 0; // 0: one more than the largest id
    std::vector<std::int64_t> src;
    std::vector<std::int64_t> dst;
};

enum class SelfLoops {
    Keep,
    Add,
    Remove
};

// "keep" (as the graph has them), "add" (exactly one per node), "remove".
inline constexpr EnumTable<SelfLoops, 3> kSelfLoops{ .field = "self_loops",
    .entries = { { { SelfLoops::Keep, "keep" }, { SelfLoops::Add, "add" }, { SelfLoops::Remove, "remove" } } },
    .what = "self-loops" };
constexpr const auto& enumTable(SelfLoops)
{
    return kSelfLoops;
}

struct BuildOptions {
    bool symmetrize = false; // add (d, s) for every (s, d)
    SelfLoops selfLoops = SelfLoops::Keep; // Add: exactly one (v, v) per node
    // Drop repeated (s, d). Off by default: a model sums over repeated edges, so merging them
    // answers another question than the user's model; symmetrize merges (PyG's to_undirected does).
    bool dedupe = false;
};

// Node ids a graph may hold: far beyond any graph that fits a machine, far below where id + 1 or
// (nodes + 1) * 8 bytes could overflow.
inline constexpr std::int64_t kMaxNodes = std::int64_t{ 1 } << 40;

// Refuses a node count that is negative, over kMaxNodes, or whose offsets (8 bytes a node) would
// not fit this machine's memory, naming `origin` and `what` ("node id 4000000000", "--num-nodes").
void checkNodeCount(std::int64_t numNodes, const std::string& origin, const std::string& what);

// Sorts into CSC (sources ascending within each destination). Consumes `edges`. Reports and checks
// the token every few million edges ("building"; throws vantage::Cancelled): symmetrising 62M
// edges takes 15 s here, a billion minutes.
Graph buildGraph(
    EdgeList edges, const BuildOptions& options, std::string origin, Progress& progress, const CancelToken& cancel);

// Applies symmetrise / self-loop / dedupe options to an existing graph (a no-op copy-free return
// when there is nothing to do; else buildGraph).
Graph applyBuildOptions(Graph graph, const BuildOptions& options, Progress& progress, const CancelToken& cancel);

// Every edge as (src, dst) pairs in CSC order.
EdgeList toEdgeList(const Graph& graph);

// The graph with every edge reversed, i.e. the CSR of `graph`: its inNeighbours(v) are v's out-neighbours.
Graph reversed(const Graph& graph);

struct GraphStats {
    std::int64_t nodes = 0;
    std::int64_t edges = 0;
    double averageDegree = 0.0;
    std::int64_t maxInDegree = 0;
    std::int64_t maxOutDegree = 0;
    std::int64_t isolatedNodes = 0; // neither in- nor out-edges
    std::int64_t selfLoops = 0; // (v, v) edges, repeats counted
    std::int64_t repeatedEdges = 0; // edges that repeat an earlier (s, d)
    std::int64_t bytes = 0; // offsets + sources
    bool mapped = false;
};
GraphStats graphStats(const Graph& graph);

// The one-line note a loaded graph deserves when it has repeated edges or self-loops ("g.txt has 12
// repeated edges and 3 self-loops, used as given ..."); empty when it has neither. `how` names the
// options that change it (the CLI's flags or the page's check boxes).
std::string graphInputNote(const Graph& graph, const GraphStats& stats, const std::string& how);

// How many distinct nodes a node-wise evaluation of `node` touches: entry h is the size of the
// h-hop in-neighbourhood (entry 0 is 1, the node itself). For the GUI's "neighbourhood per hop".
std::vector<std::int64_t> hopSizes(const Graph& graph, std::int64_t node, int hops);

} // namespace vantage::dgi
