#include "ft/elimination.h"

#include "common/error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

namespace vantage::ft::detail {

namespace {

struct Incidence {
    int edge;
    int other;
    bool isFrom; // this node is the edge's `from`
};

std::vector<double> signature(const CostGraph& g, const std::vector<Incidence>& pending, int config)
{
    std::vector<double> sig;
    for (const auto& inc : pending) {
        const auto& e = g.edges[static_cast<std::size_t>(inc.edge)];
        const int cols = g.configCount(e.to);
        if (inc.isFrom) {
            const std::size_t base = static_cast<std::size_t>(config) * static_cast<std::size_t>(cols);
            sig.insert(sig.end(), e.time.begin() + static_cast<std::ptrdiff_t>(base),
                       e.time.begin() + static_cast<std::ptrdiff_t>(base + static_cast<std::size_t>(cols)));
            sig.insert(sig.end(), e.memory.begin() + static_cast<std::ptrdiff_t>(base),
                       e.memory.begin() + static_cast<std::ptrdiff_t>(base + static_cast<std::size_t>(cols)));
        } else {
            const int rows = g.configCount(e.from);
            for (int i = 0; i < rows; ++i)
                sig.push_back(e.time[static_cast<std::size_t>(i * cols + config)]);
            for (int i = 0; i < rows; ++i)
                sig.push_back(e.memory[static_cast<std::size_t>(i * cols + config)]);
        }
    }
    return sig;
}

ClassMap classify(const CostGraph& g, const std::vector<Incidence>& pending, int node)
{
    ClassMap m;
    const int n = g.configCount(node);
    m.classOf.resize(static_cast<std::size_t>(n));
    std::map<std::vector<double>, std::uint16_t> seen;
    for (int c = 0; c < n; ++c) {
        auto sig = signature(g, pending, c);
        auto [it, inserted] = seen.emplace(std::move(sig), static_cast<std::uint16_t>(m.rep.size()));
        if (inserted)
            m.rep.push_back(static_cast<std::uint16_t>(c));
        m.classOf[static_cast<std::size_t>(c)] = it->second;
    }
    const std::size_t classes = m.rep.size();
    m.boundTime.assign(classes, 0.0);
    m.boundMemory.assign(classes, 0.0);
    m.floorTime.assign(classes, 0.0);
    m.floorMemory.assign(classes, 0.0);
    for (std::size_t k = 0; k < classes; ++k) {
        const int c = m.rep[k];
        for (const auto& inc : pending) {
            const auto& e = g.edges[static_cast<std::size_t>(inc.edge)];
            const int cols = g.configCount(e.to);
            const int others = inc.isFrom ? cols : g.configCount(e.from);
            double hiT = 0.0, hiM = 0.0;
            double loT = std::numeric_limits<double>::infinity(), loM = loT;
            for (int j = 0; j < others; ++j) {
                const auto cell = static_cast<std::size_t>(inc.isFrom ? c * cols + j : j * cols + c);
                hiT = std::max(hiT, e.time[cell]);
                hiM = std::max(hiM, e.memory[cell]);
                loT = std::min(loT, e.time[cell]);
                loM = std::min(loM, e.memory[cell]);
            }
            m.boundTime[k] += hiT;
            m.boundMemory[k] += hiM;
            m.floorTime[k] += loT;
            m.floorMemory[k] += loM;
        }
    }
    return m;
}

} // namespace

EliminationPlan planElimination(const CostGraph& g, EliminationOrder orderKind, std::int64_t maxStates)
{
    const int n = static_cast<int>(g.nodes.size());
    std::vector<std::vector<Incidence>> adj(static_cast<std::size_t>(n));
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const auto& ed = g.edges[e];
        adj[static_cast<std::size_t>(ed.from)].push_back({static_cast<int>(e), ed.to, true});
        adj[static_cast<std::size_t>(ed.to)].push_back({static_cast<int>(e), ed.from, false});
    }
    std::vector<double> weight(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v)
        weight[static_cast<std::size_t>(v)] = std::log(double(std::max(1, g.configCount(v))));

    std::vector<char> hasIncoming(static_cast<std::size_t>(n), 0);
    for (const auto& e : g.edges)
        hasIncoming[static_cast<std::size_t>(e.to)] = 1;
    std::vector<char> done(static_cast<std::size_t>(n), 0);
    std::vector<int> pendingCount(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v)
        pendingCount[static_cast<std::size_t>(v)] = static_cast<int>(adj[static_cast<std::size_t>(v)].size());
    std::vector<int> frontier;
    double frontierWeight = 0.0;

    EliminationPlan plan;
    plan.order.reserve(static_cast<std::size_t>(n));
    std::vector<int> edgesTo(static_cast<std::size_t>(n), 0); // scratch: edges from a candidate to each node

    for (int step = 0; step < n; ++step) {
        int best = -1;
        if (orderKind == EliminationOrder::Given) {
            best = step;
        } else {
            // Among the ops next to processed ones and the sources (no incoming edge), the one whose
            // addition leaves the lightest frontier; among equals, prefer one adjacent to the
            // frontier (it closes edges), then the lowest index (the builder's data order). Ops far
            // from the processed part are not candidates: taking a light one early keeps it live
            // for long.
            double bestScore = 0.0;
            bool bestAdjacent = false;
            for (int v = 0; v < n; ++v) {
                if (done[static_cast<std::size_t>(v)])
                    continue;
                bool candidate = !hasIncoming[static_cast<std::size_t>(v)];
                for (const auto& inc : adj[static_cast<std::size_t>(v)])
                    candidate = candidate || done[static_cast<std::size_t>(inc.other)];
                if (!candidate)
                    continue;
                double w = frontierWeight;
                int pendingAfter = 0;
                bool adjacent = false;
                for (const auto& inc : adj[static_cast<std::size_t>(v)]) {
                    if (!done[static_cast<std::size_t>(inc.other)]) {
                        ++pendingAfter;
                        continue;
                    }
                    adjacent = true;
                    edgesTo[static_cast<std::size_t>(inc.other)]++;
                }
                for (const auto& inc : adj[static_cast<std::size_t>(v)]) {
                    const auto u = static_cast<std::size_t>(inc.other);
                    if (done[u] && edgesTo[u] > 0) {
                        if (pendingCount[u] == edgesTo[u])
                            w -= weight[u];
                        edgesTo[u] = 0;
                    }
                }
                if (pendingAfter > 0)
                    w += weight[static_cast<std::size_t>(v)];
                const bool better = best < 0 || w < bestScore - 1e-9
                                    || (std::fabs(w - bestScore) <= 1e-9 && adjacent && !bestAdjacent);
                if (better) {
                    best = v;
                    bestScore = w;
                    bestAdjacent = adjacent;
                }
            }
        }
        const int v = best >= 0 ? best : static_cast<int>(std::find(done.begin(), done.end(), 0) - done.begin());
        EliminationStep st;
        st.op = v;
        for (const auto& inc : adj[static_cast<std::size_t>(v)])
            if (done[static_cast<std::size_t>(inc.other)])
                st.incidentEdges.push_back(inc.edge);
        done[static_cast<std::size_t>(v)] = 1;
        plan.order.push_back(v);
        for (const auto& inc : adj[static_cast<std::size_t>(v)])
            if (done[static_cast<std::size_t>(inc.other)] && inc.other != v)
                --pendingCount[static_cast<std::size_t>(inc.other)];
        pendingCount[static_cast<std::size_t>(v)] = 0;
        for (const auto& inc : adj[static_cast<std::size_t>(v)])
            if (!done[static_cast<std::size_t>(inc.other)])
                ++pendingCount[static_cast<std::size_t>(v)];

        std::vector<int> next;
        for (int u : frontier)
            if (pendingCount[static_cast<std::size_t>(u)] > 0)
                next.push_back(u);
        if (pendingCount[static_cast<std::size_t>(v)] > 0)
            next.push_back(v);
        frontier = next;
        frontierWeight = 0.0;
        st.frontier = frontier;
        st.states = 1;
        for (int u : frontier) {
            frontierWeight += weight[static_cast<std::size_t>(u)];
            std::vector<Incidence> pending;
            for (const auto& inc : adj[static_cast<std::size_t>(u)])
                if (!done[static_cast<std::size_t>(inc.other)])
                    pending.push_back(inc);
            st.classes.push_back(classify(g, pending, u));
            st.strides.push_back(st.states);
            const auto classes = static_cast<std::int64_t>(st.classes.back().classes());
            if (st.states > maxStates / std::max<std::int64_t>(1, classes))
                throw Error::failure("the live frontier grows to " + std::to_string(frontier.size())
                                     + " ops with more than " + std::to_string(maxStates)
                                     + " configuration classes; the graph is too wide for an exact frontier "
                                       "search (try fewer devices or --max-split 1)");
            st.states *= classes;
        }
        plan.maxFrontier = std::max(plan.maxFrontier, static_cast<int>(frontier.size()));
        plan.maxStates = std::max(plan.maxStates, st.states);
        plan.steps.push_back(std::move(st));
    }
    return plan;
}

} // namespace vantage::ft::detail
