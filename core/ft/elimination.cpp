#include "ft/elimination.h"

#include "common/error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

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

using Adjacency = std::vector<std::vector<Incidence>>;

// Distance (in hops, up to `reach`; -1 beyond) of every op from the processed part.
void hopsFromDone(const Adjacency& adj, const std::vector<char>& done, int reach, std::vector<int>& hops,
    std::vector<std::size_t>& queue)
{
    const auto n = adj.size();
    std::fill(hops.begin(), hops.end(), -1);
    queue.clear();
    for (std::size_t v = 0; v < n; ++v)
        if (done[v]) {
            hops[v] = 0;
            queue.push_back(v);
        }
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const std::size_t u = queue[q];
        if (reach > 0 && hops[u] >= reach)
            continue;
        for (const auto& inc : adj[u]) {
            const auto w = static_cast<std::size_t>(inc.other);
            if (hops[w] < 0) {
                hops[w] = hops[u] + 1;
                queue.push_back(w);
            }
        }
    }
}

// The frontier's weight if `v` were processed next: the processed ops it closes leave, `v` joins
// unless it closes too; `adjacent` says whether it touches the processed part. `edgesTo` is
// scratch, all zero on entry and on return.
double weightIfNext(const Adjacency& adj, const std::vector<double>& weight, const std::vector<char>& done,
    const std::vector<int>& pending, std::vector<int>& edgesTo, double frontierWeight, std::size_t v, bool& adjacent)
{
    double w = frontierWeight;
    int pendingAfter = 0;
    adjacent = false;
    for (const auto& inc : adj[v]) {
        const auto u = static_cast<std::size_t>(inc.other);
        if (!done[u]) {
            ++pendingAfter;
            continue;
        }
        adjacent = true;
        ++edgesTo[u];
    }
    for (const auto& inc : adj[v]) {
        const auto u = static_cast<std::size_t>(inc.other);
        if (done[u] && edgesTo[u] > 0) {
            if (pending[u] == edgesTo[u])
                w -= weight[u];
            edgesTo[u] = 0;
        }
    }
    if (pendingAfter > 0)
        w += weight[v];
    return w;
}

// A greedy order: next, the op that leaves the lightest frontier (weight: log of the configuration
// counts). Among ops within `close` of the lightest: the one with more inputs when `joinsFirst` (a
// join taken early lets each of its branches close as it is processed), then one adjacent to the
// frontier (it closes edges), then the lowest index (the builder's data order); a `close` of log 2
// follows the data rather than a slightly cheaper op that would leave a branch pending block after
// block. Candidates are the sources (no incoming edge) and the ops within `reach` hops of the
// processed part (0: any op): a small reach follows the data, since a light op taken far away stays
// live for long; a larger one reaches a join (Inception's concat) before its branches.
std::vector<int> greedyOrder(const Adjacency& adj, const std::vector<double>& weight,
    const std::vector<char>& hasIncoming, int reach, double close, bool joinsFirst)
{
    const auto n = adj.size();
    std::vector<int> inputs(n, 0);
    for (std::size_t v = 0; v < n; ++v)
        for (const auto& inc : adj[v])
            inputs[v] += inc.isFrom ? 0 : 1;
    std::vector<char> done(n, 0);
    std::vector<int> pending(n), hops(n), edgesTo(n, 0);
    for (std::size_t v = 0; v < n; ++v)
        pending[v] = static_cast<int>(adj[v].size());
    std::vector<int> frontier;
    double frontierWeight = 0.0;
    std::vector<int> order;
    order.reserve(n);
    std::vector<std::size_t> queue;
    for (std::size_t step = 0; step < n; ++step) {
        hopsFromDone(adj, done, reach, hops, queue);
        int best = -1;
        double bestScore = 0.0;
        bool bestAdjacent = false;
        for (std::size_t v = 0; v < n; ++v) {
            if (done[v] || (reach > 0 && hops[v] < 0 && hasIncoming[v]))
                continue;
            bool adjacent = false;
            const double w = weightIfNext(adj, weight, done, pending, edgesTo, frontierWeight, v, adjacent);
            bool better = best < 0 || w < bestScore - close;
            if (!better && std::fabs(w - bestScore) <= close) {
                int joins = inputs[v];
                const int bestJoins = inputs[static_cast<std::size_t>(best)];
                if (!joinsFirst)
                    joins = bestJoins;
                better = joins > bestJoins || (joins == bestJoins && adjacent && !bestAdjacent);
            }
            if (better) {
                best = static_cast<int>(v);
                bestScore = w;
                bestAdjacent = adjacent;
            }
        }
        if (best < 0) // only ops out of reach are left (another component): the first one
            best = static_cast<int>(std::find(done.begin(), done.end(), 0) - done.begin());
        const auto v = static_cast<std::size_t>(best);
        done[v] = 1;
        order.push_back(best);
        pending[v] = 0;
        for (const auto& inc : adj[v]) {
            const auto u = static_cast<std::size_t>(inc.other);
            if (done[u] && u != v)
                --pending[u];
            else if (!done[u])
                ++pending[v];
        }
        std::vector<int> next;
        frontierWeight = 0.0;
        for (int u : frontier)
            if (pending[static_cast<std::size_t>(u)] > 0) {
                next.push_back(u);
                frontierWeight += weight[static_cast<std::size_t>(u)];
            }
        if (pending[v] > 0) {
            next.push_back(best);
            frontierWeight += weight[v];
        }
        frontier.swap(next);
    }
    return order;
}

} // namespace

namespace {

// The plan for one order; nullopt when some frontier has more than maxStates states. `work` counts
// the (state, configuration) pairs the search goes through, `peak` the most in one step.
struct Scored {
    EliminationPlan plan;
    double peak = 0.0;
    double work = 0.0;
};

std::optional<Scored> buildPlan(
    const CostGraph& g, const Adjacency& adj, const std::vector<int>& order, std::int64_t maxStates)
{
    const auto n = adj.size();
    Scored out;
    EliminationPlan& plan = out.plan;
    plan.order = order;
    std::vector<char> done(n, 0);
    std::vector<int> frontier;
    std::int64_t statesBefore = 1;
    for (int v : order) {
        const double pairs = double(statesBefore) * double(g.configCount(v));
        out.peak = std::max(out.peak, pairs);
        out.work += pairs;
        EliminationStep st;
        st.op = v;
        for (const auto& inc : adj[static_cast<std::size_t>(v)])
            if (done[static_cast<std::size_t>(inc.other)])
                st.incidentEdges.push_back(inc.edge);
        done[static_cast<std::size_t>(v)] = 1;
        auto hasPending = [&](int u) {
            for (const auto& inc : adj[static_cast<std::size_t>(u)])
                if (!done[static_cast<std::size_t>(inc.other)])
                    return true;
            return false;
        };
        std::vector<int> next;
        for (int u : frontier)
            if (hasPending(u))
                next.push_back(u);
        if (hasPending(v))
            next.push_back(v);
        frontier = next;
        st.frontier = frontier;
        st.states = 1;
        for (int u : frontier) {
            std::vector<Incidence> pending;
            for (const auto& inc : adj[static_cast<std::size_t>(u)])
                if (!done[static_cast<std::size_t>(inc.other)])
                    pending.push_back(inc);
            st.classes.push_back(classify(g, pending, u));
            st.strides.push_back(st.states);
            const auto classes = static_cast<std::int64_t>(st.classes.back().classes());
            if (st.states > maxStates / std::max<std::int64_t>(1, classes))
                return std::nullopt;
            st.states *= classes;
        }
        statesBefore = st.states;
        plan.maxFrontier = std::max(plan.maxFrontier, static_cast<int>(frontier.size()));
        plan.maxStates = std::max(plan.maxStates, st.states);
        plan.steps.push_back(std::move(st));
    }
    return out;
}

} // namespace

EliminationPlan planElimination(const CostGraph& g, EliminationOrder orderKind, std::int64_t maxStates)
{
    const int n = static_cast<int>(g.nodes.size());
    Adjacency adj(static_cast<std::size_t>(n));
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const auto& ed = g.edges[e];
        adj[static_cast<std::size_t>(ed.from)].push_back({ static_cast<int>(e), ed.to, true });
        adj[static_cast<std::size_t>(ed.to)].push_back({ static_cast<int>(e), ed.from, false });
    }
    std::vector<double> weight(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v)
        weight[static_cast<std::size_t>(v)] = std::log(double(std::max(1, g.configCount(v))));
    std::vector<char> hasIncoming(static_cast<std::size_t>(n), 0);
    for (const auto& e : g.edges)
        hasIncoming[static_cast<std::size_t>(e.to)] = 1;

    std::vector<std::vector<int>> orders;
    if (orderKind == EliminationOrder::Given) {
        orders.emplace_back(static_cast<std::size_t>(n));
        std::iota(orders.back().begin(), orders.back().end(), 0);
    } else {
        // Greedy orders of reach 1, 2 and unbounded, strict and tolerant, with and without joins
        // first; planned with the real
        // configuration classes, the one whose largest step is smallest wins, then the least work.
        for (bool joinsFirst : { false, true })
            for (double close : { 1e-9, 0.693147 })
                for (int reach : { 1, 2, 0 }) {
                    auto o = greedyOrder(adj, weight, hasIncoming, reach, close, joinsFirst);
                    if (std::find(orders.begin(), orders.end(), o) == orders.end())
                        orders.push_back(std::move(o));
                }
    }
    std::optional<Scored> best;
    for (const auto& order : orders) {
        auto scored = buildPlan(g, adj, order, maxStates);
        if (scored
            && (!best || scored->peak < best->peak * (1 - 1e-9)
                || (scored->peak <= best->peak * (1 + 1e-9) && scored->work < best->work)))
            best = std::move(scored);
    }
    if (!best)
        throw Error::failure("the live frontier of the op graph grows to more than " + std::to_string(maxStates)
            + " configuration classes in every order tried; the graph is too wide for an exact frontier search "
              "(try fewer devices or --max-split 1)");
    return std::move(best->plan);
}

} // namespace vantage::ft::detail
