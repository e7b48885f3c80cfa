#pragma once
// The greedy elimination order and the row tables it classifies ops with (elimination.cpp), private
// to it.

#include "ft/elimination.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <tuple>
#include <vector>

namespace vantage::ft::detail {

struct Incidence {
    int edge;
    int other;
    bool isFrom; // this node is the edge's `from`
};

using Adjacency = std::vector<std::vector<Incidence>>;

// One side of an edge as its op sees it: per configuration of the op, the id of its row of edge
// costs (equal rows, equal ids: configurations the edge cannot tell apart) and the row's extremes.
struct RowTable {
    std::vector<std::uint32_t> id;
    std::uint32_t distinct = 0;
    std::vector<double> hiTime, hiMemory, loTime, loMemory;
};

// Row tables, made on first use: a frontier op is classified again at every step that closes one
// of its edges, and the tables of its other edges stay the same.
class RowCache {
public:
    RowCache(const CostGraph& g);
    const RowTable& at(const Incidence& inc, int node);

private:
    const CostGraph& m_g;
    std::vector<std::unique_ptr<RowTable>> m_tables;
};

// A greedy order: next, the op that leaves the lightest frontier (weight: log of the configuration
// counts). Ops whose frontier weights fall in the same bin of width `close` are ordered by more
// inputs first when `joinsFirst` (a join taken early lets each of its branches close as it is
// processed), then adjacent to the frontier first (it closes edges), then the lowest index (the
// builder's data order); a `close` of log 2 follows the data rather than a slightly cheaper op that
// would leave a branch pending block after block. Candidates are the sources (no incoming edge) and
// the ops within `reach` hops of the processed part (0: any op): a small reach follows the data,
// since a light op taken far away stays live for long; a larger one reaches a join (Inception's
// concat) before its branches.
// The weight an op would leave changes only when a neighbour is processed or a processed
// neighbour's last pending edges go, so every op is scored again only then, and the choice is a
// heap's top: O((ops + edges) log ops) for a graph without huge fans of parallel edges.
class GreedyOrder {
public:
    GreedyOrder(const Adjacency& adj, const std::vector<double>& weight, const std::vector<char>& hasIncoming,
        const std::vector<int>& mostParallel, int reach, double close, bool joinsFirst);

    std::vector<int> run(const CancelToken& cancel);

private:
    struct Entry {
        std::int64_t bin;
        int joins; // negated input count (fewer first), 0 unless joinsFirst
        int away; // 0 when adjacent to the processed part
        int op;
        std::uint32_t version;
        bool operator>(const Entry& o) const
        {
            return std::tie(bin, joins, away, op) > std::tie(o.bin, o.joins, o.away, o.op);
        }
    };

    bool eligible(std::size_t v) const { return !m_done[v] && (m_reach == 0 || !m_hasIncoming[v] || m_hops[v] > 0); }

    // The change of the frontier's weight if `v` were processed next: the processed ops it closes
    // leave, `v` joins unless it closes too.
    double delta(std::size_t v, bool& adjacent);

    void rescore(std::size_t v);

    int pop();

    void process(std::size_t v);

    // Processed op `u` has one pending edge left: processing its other end would close `u`.
    void creditLastNeighbour(std::size_t u);

    // Hops from the processed part shrink as it grows; only ops whose distance drops are visited.
    void updateHops(std::size_t v);

    const Adjacency& m_adj;
    const std::vector<double>& m_weight;
    const std::vector<char>& m_hasIncoming;
    const std::vector<int>& m_mostParallel;
    const int m_reach;
    const double m_close;
    const bool m_joinsFirst;
    const std::size_t m_n;
    std::vector<char> m_done;
    std::vector<int> m_open; // edges to ops not processed yet
    std::vector<int> m_inputs;
    std::vector<int> m_hops;
    std::vector<std::uint32_t> m_version;
    std::vector<int> m_edgesTo; // scratch of delta(), all zero between calls
    std::vector<int> m_doneNeighbours; // processed ends of each op's edges
    std::vector<double> m_closing; // weight of the processed ops that processing this op would close
    const bool m_simple; // no parallel edges
    std::vector<std::size_t> m_queue;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> m_heap;
};

} // namespace vantage::ft::detail
