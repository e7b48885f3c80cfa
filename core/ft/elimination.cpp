#include "ft/elimination.h"
#include "ft/elimination_p.h"

#include "common/error.h"
#include "common/progress.h"
#include "common/units.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <queue>
#include <tuple>
#include <unordered_map>

namespace vantage::ft::detail {

namespace {

RowTable makeRowTable(const CostGraph& g, const Incidence& inc, int node)
{
    const auto& e = g.edges[static_cast<std::size_t>(inc.edge)];
    const auto cols = static_cast<std::size_t>(g.configCount(e.to));
    const auto n = static_cast<std::size_t>(g.configCount(node));
    const auto others = inc.isFrom ? cols : static_cast<std::size_t>(g.configCount(e.from));
    RowTable t;
    t.id.resize(n);
    t.hiTime.assign(n, 0.0);
    t.hiMemory.assign(n, 0.0);
    t.loTime.assign(n, std::numeric_limits<double>::infinity());
    t.loMemory.assign(n, std::numeric_limits<double>::infinity());
    std::map<std::vector<double>, std::uint32_t> seen;
    std::vector<double> row(2 * others);
    for (std::size_t c = 0; c < n; ++c) {
        for (std::size_t j = 0; j < others; ++j) {
            const std::size_t cell = inc.isFrom ? c * cols + j : j * cols + c;
            row[j] = e.time[cell];
            row[others + j] = e.memory[cell];
            t.hiTime[c] = std::max(t.hiTime[c], e.time[cell]);
            t.hiMemory[c] = std::max(t.hiMemory[c], e.memory[cell]);
            t.loTime[c] = std::min(t.loTime[c], e.time[cell]);
            t.loMemory[c] = std::min(t.loMemory[c], e.memory[cell]);
        }
        const auto [it, inserted] = seen.emplace(row, t.distinct);
        t.distinct += inserted ? 1 : 0;
        t.id[c] = it->second;
    }
    return t;
}

} // namespace

// ---- RowCache ----------------------------------------------------------------------------------

RowCache::RowCache(const CostGraph& g)
    : m_g(g)
    , m_tables(2 * g.edges.size())
{ }

const RowTable& RowCache::at(const Incidence& inc, int node)
{
    auto& slot = m_tables[2 * static_cast<std::size_t>(inc.edge) + (inc.isFrom ? 0 : 1)];
    if (!slot)
        slot = std::make_unique<RowTable>(makeRowTable(m_g, inc, node));
    return *slot;
}

namespace {

// The classes of `node`'s configurations over its pending edges: configurations with equal rows on
// every pending edge share a class, numbered by their first configuration. Refined edge by edge
// from the row ids, stopping once every configuration has a class of its own: time
// O(pending edges x configurations) instead of comparing whole rows.
ClassMap classify(const CostGraph& g, const std::vector<Incidence>& pending, int node, RowCache& rows)
{
    const auto n = static_cast<std::size_t>(g.configCount(node));
    std::vector<std::uint32_t> cls(n, 0);
    std::size_t count = 1;
    std::unordered_map<std::uint64_t, std::uint32_t> refined;
    for (const auto& inc : pending) {
        if (count == n)
            break;
        const RowTable& t = rows.at(inc, node);
        if (t.distinct <= 1)
            continue;
        refined.clear();
        for (std::size_t c = 0; c < n; ++c) {
            const std::uint64_t key = (std::uint64_t(cls[c]) << 32) | t.id[c];
            const auto [it, inserted] = refined.emplace(key, static_cast<std::uint32_t>(refined.size()));
            cls[c] = it->second;
        }
        count = refined.size();
    }
    ClassMap m;
    m.classOf.resize(n);
    for (std::size_t c = 0; c < n; ++c) {
        m.classOf[c] = static_cast<std::uint16_t>(cls[c]);
        if (cls[c] == m.rep.size())
            m.rep.push_back(static_cast<std::uint16_t>(c));
    }
    const std::size_t classes = m.rep.size();
    m.boundTime.assign(classes, 0.0);
    m.boundMemory.assign(classes, 0.0);
    m.floorTime.assign(classes, 0.0);
    m.floorMemory.assign(classes, 0.0);
    for (const auto& inc : pending) {
        const RowTable& t = rows.at(inc, node);
        for (std::size_t k = 0; k < classes; ++k) {
            const std::size_t c = m.rep[k];
            m.boundTime[k] += t.hiTime[c];
            m.boundMemory[k] += t.hiMemory[c];
            m.floorTime[k] += t.loTime[c];
            m.floorMemory[k] += t.loMemory[c];
        }
    }
    return m;
}

// Per op, the most edges it shares with any one neighbour (1 without parallel edges).
std::vector<int> mostParallelEdges(const Adjacency& adj)
{
    std::vector<int> most(adj.size(), 0), count(adj.size(), 0);
    for (std::size_t v = 0; v < adj.size(); ++v) {
        for (const auto& inc : adj[v])
            most[v] = std::max(most[v], ++count[static_cast<std::size_t>(inc.other)]);
        for (const auto& inc : adj[v])
            count[static_cast<std::size_t>(inc.other)] = 0;
    }
    return most;
}

} // namespace

// ---- GreedyOrder -------------------------------------------------------------------------------

GreedyOrder::GreedyOrder(const Adjacency& adj, const std::vector<double>& weight, const std::vector<char>& hasIncoming,
    const std::vector<int>& mostParallel, int reach, double close, bool joinsFirst)
    : m_adj(adj)
    , m_weight(weight)
    , m_hasIncoming(hasIncoming)
    , m_mostParallel(mostParallel)
    , m_reach(reach)
    , m_close(close)
    , m_joinsFirst(joinsFirst)
    , m_n(adj.size())
    , m_done(m_n, 0)
    , m_open(m_n)
    , m_inputs(m_n, 0)
    , m_hops(m_n, -1)
    , m_version(m_n, 0)
    , m_edgesTo(m_n, 0)
    , m_doneNeighbours(m_n, 0)
    , m_closing(m_n, 0.0)
    , m_simple(std::all_of(mostParallel.begin(), mostParallel.end(), [](int k) { return k <= 1; }))
{
    for (std::size_t v = 0; v < m_n; ++v) {
        m_open[v] = static_cast<int>(adj[v].size());
        for (const auto& inc : adj[v])
            m_inputs[v] += inc.isFrom ? 0 : 1;
    }
}

std::vector<int> GreedyOrder::run(const CancelToken& cancel)
{
    for (std::size_t v = 0; v < m_n; ++v)
        rescore(v);
    std::vector<int> order;
    order.reserve(m_n);
    std::size_t firstOpen = 0;
    for (std::size_t step = 0; step < m_n; ++step) {
        if ((step & 1023) == 1023)
            cancel.throwIfCancelled();
        int best = pop();
        if (best < 0) { // only ops out of reach are left (another component): the first one
            while (m_done[firstOpen])
                ++firstOpen;
            best = static_cast<int>(firstOpen);
        }
        order.push_back(best);
        process(static_cast<std::size_t>(best));
    }
    return order;
}

double GreedyOrder::delta(std::size_t v, bool& adjacent)
{
    double w = 0.0;
    int pendingAfter = 0;
    adjacent = false;
    for (const auto& inc : m_adj[v]) {
        const auto u = static_cast<std::size_t>(inc.other);
        if (!m_done[u]) {
            ++pendingAfter;
            continue;
        }
        adjacent = true;
        ++m_edgesTo[u];
    }
    for (const auto& inc : m_adj[v]) {
        const auto u = static_cast<std::size_t>(inc.other);
        if (m_done[u] && m_edgesTo[u] > 0) {
            if (m_open[u] == m_edgesTo[u])
                w -= m_weight[u];
            m_edgesTo[u] = 0;
        }
    }
    return pendingAfter > 0 ? w + m_weight[v] : w;
}

void GreedyOrder::rescore(std::size_t v)
{
    ++m_version[v];
    if (!eligible(v))
        return;
    bool adjacent = m_doneNeighbours[v] > 0;
    // Without parallel edges the change is kept up to date in O(1) (a hub is not rescanned
    // each time one of its leaves goes); with them, counted edge by edge.
    const double d = m_simple ? (m_open[v] > 0 ? m_weight[v] : 0.0) - m_closing[v] : delta(v, adjacent);
    m_heap.push({ std::llround(d / m_close), m_joinsFirst ? -m_inputs[v] : 0, adjacent ? 0 : 1, static_cast<int>(v),
        m_version[v] });
}

int GreedyOrder::pop()
{
    while (!m_heap.empty()) {
        const Entry e = m_heap.top();
        m_heap.pop();
        const auto v = static_cast<std::size_t>(e.op);
        if (e.version == m_version[v] && eligible(v))
            return e.op;
    }
    return -1;
}

void GreedyOrder::process(std::size_t v)
{
    m_done[v] = 1;
    ++m_version[v];
    for (const auto& inc : m_adj[v]) {
        --m_open[static_cast<std::size_t>(inc.other)];
        ++m_doneNeighbours[static_cast<std::size_t>(inc.other)];
    }
    updateHops(v);
    if (m_simple && m_open[v] == 1)
        creditLastNeighbour(v);
    for (const auto& inc : m_adj[v]) {
        const auto u = static_cast<std::size_t>(inc.other);
        if (!m_done[u]) {
            rescore(u);
            continue;
        }
        if (m_simple) {
            if (m_open[u] == 1)
                creditLastNeighbour(u);
            continue;
        }
        // A processed neighbour's pending count changed: it matters to the ops that would
        // close it, and only once few enough edges are left.
        if (m_open[u] <= m_mostParallel[u])
            for (const auto& far : m_adj[u])
                if (!m_done[static_cast<std::size_t>(far.other)])
                    rescore(static_cast<std::size_t>(far.other));
    }
}

void GreedyOrder::creditLastNeighbour(std::size_t u)
{
    for (const auto& inc : m_adj[u]) {
        const auto w = static_cast<std::size_t>(inc.other);
        if (!m_done[w]) {
            m_closing[w] += m_weight[u];
            rescore(w);
            return;
        }
    }
}

void GreedyOrder::updateHops(std::size_t v)
{
    if (m_reach == 0)
        return;
    m_hops[v] = 0;
    m_queue.assign(1, v);
    for (std::size_t q = 0; q < m_queue.size(); ++q) {
        const std::size_t u = m_queue[q];
        if (m_hops[u] >= m_reach)
            continue;
        for (const auto& inc : m_adj[u]) {
            const auto w = static_cast<std::size_t>(inc.other);
            if (m_hops[w] < 0 || m_hops[w] > m_hops[u] + 1) {
                const bool wasEligible = eligible(w);
                m_hops[w] = m_hops[u] + 1;
                m_queue.push_back(w);
                if (!wasEligible && eligible(w))
                    rescore(w);
            }
        }
    }
}

namespace {

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

// The same greedy rule by a full scan per step, with ties decided within `close` as the scan meets
// them (the heap above bins them instead): quadratic in the ops, so planned for small graphs only,
// where its orders are kept beside the heap's (on Inception-v3 over 64 devices only a scanned
// order stays under the state bound).
// A greedy order: next, the op that leaves the lightest frontier (weight: log of the configuration
// counts). Among ops within `close` of the lightest: the one with more inputs when `joinsFirst` (a
// join taken early lets each of its branches close as it is processed), then one adjacent to the
// frontier (it closes edges), then the lowest index (the builder's data order); a `close` of log 2
// follows the data rather than a slightly cheaper op that would leave a branch pending block after
// block. Candidates are the sources (no incoming edge) and the ops within `reach` hops of the
// processed part (0: any op): a small reach follows the data, since a light op taken far away stays
// live for long; a larger one reaches a join (Inception's concat) before its branches.
std::vector<int> scannedGreedyOrder(const Adjacency& adj, const std::vector<double>& weight,
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

// What an order costs to plan, in time linear in the graph: frontier ops summed over steps (the
// plan's size) and the (pending edge, configuration) visits of classifying them.
struct OrderProfile {
    double cells = 0.0;
    double classifyWork = 0.0;
    int maxFrontier = 0;
};

OrderProfile profileOrder(const CostGraph& g, const Adjacency& adj, const std::vector<int>& order)
{
    OrderProfile p;
    std::vector<int> open(adj.size());
    std::vector<char> done(adj.size(), 0);
    for (std::size_t v = 0; v < adj.size(); ++v)
        open[v] = static_cast<int>(adj[v].size());
    int width = 0;
    for (int vi : order) {
        const auto v = static_cast<std::size_t>(vi);
        done[v] = 1;
        for (const auto& inc : adj[v]) {
            const auto u = static_cast<std::size_t>(inc.other);
            --open[u];
            if (!done[u])
                continue;
            width -= open[u] == 0 ? 1 : 0;
            p.classifyWork += double(open[u]) * g.configCount(static_cast<int>(u));
        }
        if (open[v] > 0) {
            ++width;
            p.classifyWork += double(open[v]) * g.configCount(vi);
        }
        p.cells += width;
        p.maxFrontier = std::max(p.maxFrontier, width);
    }
    return p;
}

// The plan for one order; nullopt when some frontier has more than maxStates states.
std::optional<EliminationPlan> buildPlan(const CostGraph& g, const Adjacency& adj, const std::vector<int>& order,
    std::int64_t maxStates, RowCache& rows, const CancelToken& cancel)
{
    const auto n = adj.size();
    EliminationPlan plan;
    plan.order = order;
    std::vector<char> done(n, 0), touched(n, 0);
    std::vector<int> open(n);
    for (std::size_t v = 0; v < n; ++v)
        open[v] = static_cast<int>(adj[v].size());
    std::vector<std::shared_ptr<const ClassMap>> current(n);
    std::vector<int> frontier;
    std::vector<Incidence> pending;
    std::int64_t statesBefore = 1;
    for (std::size_t k = 0; k < order.size(); ++k) {
        if ((k & 1023) == 1023)
            cancel.throwIfCancelled();
        const int v = order[k];
        const auto vs = static_cast<std::size_t>(v);
        const double pairs = double(statesBefore) * double(g.configCount(v));
        plan.peakPairs = std::max(plan.peakPairs, pairs);
        plan.totalPairs += pairs;
        EliminationStep st;
        st.op = v;
        for (const auto& inc : adj[vs])
            if (done[static_cast<std::size_t>(inc.other)])
                st.incidentEdges.push_back(inc.edge);
        done[vs] = 1;
        touched[vs] = 1;
        for (const auto& inc : adj[vs]) {
            --open[static_cast<std::size_t>(inc.other)];
            touched[static_cast<std::size_t>(inc.other)] = 1;
        }
        std::erase_if(frontier, [&](int u) { return open[static_cast<std::size_t>(u)] == 0; });
        if (open[vs] > 0)
            frontier.push_back(v);
        st.frontier = frontier;
        st.states = 1;
        for (int u : frontier) {
            const auto us = static_cast<std::size_t>(u);
            if (touched[us] || !current[us]) { // its pending edges changed
                pending.clear();
                for (const auto& inc : adj[us])
                    if (!done[static_cast<std::size_t>(inc.other)])
                        pending.push_back(inc);
                current[us] = std::make_shared<const ClassMap>(classify(g, pending, u, rows));
            }
            st.classes.push_back(current[us]);
            st.strides.push_back(st.states);
            const auto classes = static_cast<std::int64_t>(current[us]->classes());
            if (st.states > maxStates / std::max<std::int64_t>(1, classes))
                return std::nullopt;
            st.states *= classes;
        }
        touched[vs] = 0;
        for (const auto& inc : adj[vs])
            touched[static_cast<std::size_t>(inc.other)] = 0;
        current[vs] = open[vs] > 0 ? current[vs] : nullptr;
        statesBefore = st.states;
        plan.totalStates += double(st.states);
        plan.maxFrontier = std::max(plan.maxFrontier, static_cast<int>(frontier.size()));
        plan.maxStates = std::max(plan.maxStates, st.states);
        plan.steps.push_back(std::move(st));
    }
    return plan;
}

// Graphs up to this many ops also get the scanned greedy orders (12 scans of n^2: 0.2 s at 4096).
constexpr std::size_t kScannedOrdersUpTo = 4096;

// The candidate orders: greedy of reach 1, 2 and unbounded, strict and tolerant, with and without
// joins first, or the given order.
std::vector<std::vector<int>> candidateOrders(
    const CostGraph& g, const Adjacency& adj, EliminationOrder kind, const CancelToken& cancel)
{
    const auto n = adj.size();
    std::vector<std::vector<int>> orders;
    if (kind == EliminationOrder::Given) {
        orders.emplace_back(n);
        std::iota(orders.back().begin(), orders.back().end(), 0);
        return orders;
    }
    std::vector<double> weight(n);
    for (std::size_t v = 0; v < n; ++v)
        weight[v] = std::log(double(std::max(1, g.configCount(static_cast<int>(v)))));
    std::vector<char> hasIncoming(n, 0);
    for (const auto& e : g.edges)
        hasIncoming[static_cast<std::size_t>(e.to)] = 1;
    const std::vector<int> mostParallel = mostParallelEdges(adj);
    for (bool joinsFirst : { false, true })
        for (double close : { 1e-9, 0.693147 })
            for (int reach : { 1, 2, 0 }) {
                auto o = GreedyOrder(adj, weight, hasIncoming, mostParallel, reach, close, joinsFirst).run(cancel);
                if (std::find(orders.begin(), orders.end(), o) == orders.end())
                    orders.push_back(std::move(o));
                if (n > kScannedOrdersUpTo)
                    continue;
                cancel.throwIfCancelled();
                o = scannedGreedyOrder(adj, weight, hasIncoming, reach, close, joinsFirst);
                if (std::find(orders.begin(), orders.end(), o) == orders.end())
                    orders.push_back(std::move(o));
            }
    return orders;
}

bool betterPlan(const EliminationPlan& a, double aCells, const EliminationPlan& b, double bCells)
{
    auto same = [](double x, double y) { return x <= y * (1 + 1e-9) && y <= x * (1 + 1e-9); };
    if (!same(a.peakPairs, b.peakPairs))
        return a.peakPairs < b.peakPairs;
    if (!same(a.totalPairs, b.totalPairs))
        return a.totalPairs < b.totalPairs;
    return aCells < bCells;
}

constexpr const char* kNarrowerGraph
    = "fewer configurations per op (ft search: fewer or smaller --devices, --max-split 1), or a coarser graph "
      "(fewer, larger ops; fewer edges between branches)";

} // namespace

EliminationPlan planElimination(
    const CostGraph& g, EliminationOrder orderKind, const PlanLimits& limits, const CancelToken& cancel)
{
    const auto n = g.nodes.size();
    Adjacency adj(n);
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const auto& ed = g.edges[e];
        adj[static_cast<std::size_t>(ed.from)].push_back({ static_cast<int>(e), ed.to, true });
        adj[static_cast<std::size_t>(ed.to)].push_back({ static_cast<int>(e), ed.from, false });
    }
    RowCache rows(g);
    std::optional<EliminationPlan> best;
    double bestCells = 0.0;
    OrderProfile narrowest{ .cells = std::numeric_limits<double>::infinity() };
    for (const auto& order : candidateOrders(g, adj, orderKind, cancel)) {
        const OrderProfile profile = profileOrder(g, adj, order);
        if (profile.cells < narrowest.cells)
            narrowest = profile;
        if (profile.cells > double(limits.maxFrontierCells) || profile.classifyWork > limits.maxClassifyWork)
            continue;
        auto plan = buildPlan(g, adj, order, limits.maxStates, rows, cancel);
        // The plan whose largest step is smallest wins, then the one with the least work, then the
        // one that keeps fewer ops live (ops of one configuration add no states, but each live op
        // costs every step it is live).
        if (plan && (!best || betterPlan(*plan, profile.cells, *best, bestCells))) {
            best = std::move(plan);
            bestCells = profile.cells;
        }
    }
    if (best)
        return std::move(*best);
    if (narrowest.cells > double(limits.maxFrontierCells) || narrowest.classifyWork > limits.maxClassifyWork)
        throw Error::invalidInput("the op graph is too wide to plan a search on this machine: in every order "
                                  "tried it keeps too many ops live (the narrowest, up to "
            + std::to_string(narrowest.maxFrontier) + " at once and " + formatCount(narrowest.cells)
            + " over all steps, limit " + formatCount(double(limits.maxFrontierCells))
            + ") or their pending edges take too long to classify (" + formatCount(narrowest.classifyWork)
            + " visits, limit " + formatCount(limits.maxClassifyWork) + "): try " + kNarrowerGraph)
            .inOp("frontier search");
    throw Error::invalidInput("the live frontier of the op graph grows to more than " + std::to_string(limits.maxStates)
        + " configuration classes in every order tried; the graph is too wide for a frontier search: try "
        + kNarrowerGraph)
        .inOp("frontier search");
}

} // namespace vantage::ft::detail
