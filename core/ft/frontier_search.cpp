// searchFrontier: FT on a cost graph (search.h). The op graph on a cluster is search.cpp.

#include "ft/search.h"

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "common/threads.h"
#include "common/units.h"
#include "ft/baselines.h"
#include "ft/elimination.h"
#include "ft/frontier.h"
#include "ft/frontier_sweep_p.h"
#include "ft/op_graph.h"
#include "ft/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <thread>

namespace vantage::ft {

namespace {

using detail::ClassMap;
using detail::EliminationStep;
using detail::Pair;

// First index in [from, end) whose memory (by `mem`) is below `limit`; memories decrease along the
// range. Galloping: cheap when the answer is near `from`.
template <typename Mem> std::size_t firstBelow(std::size_t from, std::size_t end, double limit, Mem mem)
{
    std::size_t step = 1, lo = from, hi = from;
    while (hi < end && !(mem(hi) < limit)) {
        lo = hi + 1;
        hi = from + step;
        step *= 2;
    }
    hi = std::min(hi, end);
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (mem(mid) < limit)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

// The memory below which a point is not dominated by `last` (the tie tolerance of notAbove()).
inline double undominatedBelow(double lastMemory)
{
    return lastMemory / (1.0 + kTieTolerance);
}

// True when every point of list + (dt, dm) is weakly dominated by a point of acc (both sorted by
// time). Galloping on both sides and writing nothing in exact mode, it is much cheaper than a merge
// that changes nothing, which is what most merges of near-translates of one another are.
// In epsilon mode (`slacks` given) the acc point that dominates a list point takes over what that
// point stands for (its slack), as a merge would; these updates stay valid if the answer is false.
bool listDominated(std::vector<ParetoPoint>& acc, const double* times, const double* mems, const double* slacks,
    std::uint32_t begin, std::uint32_t end, double dt, double dm)
{
    std::size_t i = 0;
    std::size_t j = begin;
    while (j < end) {
        const double t = times[j] + dt, m = mems[j] + dm;
        const double limit = t + kTieTolerance * std::fabs(t);
        // The last acc point no slower than t has the least memory among those.
        if (acc[i].time > limit)
            return false;
        std::size_t step = 1;
        while (i + step < acc.size() && acc[i + step].time <= limit) {
            i += step;
            step *= 2;
        }
        while (step > 1) {
            step /= 2;
            if (i + step < acc.size() && acc[i + step].time <= limit)
                i += step;
        }
        if (!notAbove(acc[i].memory, m))
            return false;
        // Every later list point with at least this memory is dominated by acc[i] as well.
        const std::size_t next
            = firstBelow(j + 1, end, undominatedBelow(acc[i].memory) - dm, [&](std::size_t x) { return mems[x]; });
        if (slacks)
            for (std::size_t x = j; x < next; ++x)
                acc[i].slack = std::max(acc[i].slack, acc[i].memory - (mems[x] + dm) + slacks[x]);
        j = next;
    }
    return true;
}

// out = Pareto(acc U (list + (dt, dm))); list points are the previous layer's [begin, end). Runs
// of points that the last kept point dominates are skipped by galloping, so merging a list that
// is mostly dominated costs little more than copying acc.
// In epsilon mode (`slacks` given) every point is visited, so that a dropped point hands its slack
// on; there is no galloping.
void mergeShifted(const std::vector<ParetoPoint>& acc, const double* times, const double* mems, const double* slacks,
    std::uint32_t begin, std::uint32_t end, double dt, double dm, std::uint16_t config, std::vector<ParetoPoint>& out)
{
    out.clear();
    out.reserve(acc.size() + (end - begin));
    std::size_t i = 0;
    std::size_t j = begin;
    while (i < acc.size() || j < end) {
        bool takeAcc = j >= end;
        double tj = 0.0, mj = 0.0;
        if (j < end) {
            tj = times[j] + dt;
            mj = mems[j] + dm;
            takeAcc = i < acc.size() && (acc[i].time < tj || (acc[i].time == tj && acc[i].memory <= mj));
        }
        if (takeAcc) {
            if (!slacks && !out.empty() && notAbove(out.back().memory, acc[i].memory)) {
                i = firstBelow(
                    i, acc.size(), undominatedBelow(out.back().memory), [&](std::size_t x) { return acc[x].memory; });
                continue;
            }
            pushSorted(out, acc[i++]);
        } else {
            if (!slacks && !out.empty() && notAbove(out.back().memory, mj)) {
                j = firstBelow(
                    j, end, undominatedBelow(out.back().memory) - dm, [&](std::size_t x) { return mems[x]; });
                continue;
            }
            pushSorted(out, ParetoPoint{ tj, mj, static_cast<std::uint32_t>(j), config, slacks ? slacks[j] : 0.0 });
            ++j;
        }
    }
}

constexpr double kProjectionFactor = 6.0;

// The search outgrew FrontierOptions' bounds at step k of n: exact frontiers of long chains of
// ops with independent costs grow with every op; an epsilon keeps them small.
Error tooLarge(int k, int n, const std::string& what, std::int64_t limit)
{
    return Error::invalidInput("the frontier search is too large for this machine: " + what + " at op "
        + std::to_string(k + 1) + " of " + std::to_string(n) + " (the limit is " + std::to_string(limit)
        + "); search with an epsilon (--eps 0.01 keeps every point within 1% of the exact frontier) or fewer "
          "configurations")
        .inOp("frontier search");
}

// Bounds known from the plan before any point is made: the (previous state, configuration) pairs of
// the largest step (held at once, about 72 bytes each) and of all steps (the least work). Thinning
// with an epsilon keeps fewer points per state but the same states, so the knobs are the graph's.
void checkPlan(const detail::EliminationPlan& plan, const FrontierOptions& o, int n)
{
    auto refuse = [&](const std::string& what, double limit) {
        return Error::invalidInput("the frontier search is too large for this machine: " + what + " (the limit is "
            + formatCount(limit) + ", found before searching; " + std::to_string(n) + " ops, up to "
            + std::to_string(plan.maxFrontier) + " live at once, " + formatCount(double(plan.maxStates))
            + " frontier states); an epsilon does not shrink this: try fewer configurations per op (ft search: "
              "fewer or smaller --devices, --max-split 1), or a coarser graph (fewer, larger ops)")
            .inOp("frontier search");
    };
    if (plan.peakPairs > double(o.maxPairs))
        throw refuse("one step pairs " + formatCount(plan.peakPairs) + " frontier states with configurations",
            double(o.maxPairs));
    if (plan.totalPairs > double(o.maxTotalPairs))
        throw refuse(
            "the steps pair " + formatCount(plan.totalPairs) + " states with configurations", double(o.maxTotalPairs));
}

int threadCount(int requested)
{
    return resolveThreadCount(requested);
}

// The Pareto set of the union of `lists` (each a Pareto set), by a tree of pairwise merges.
std::vector<ParetoPoint> paretoUnion(std::vector<std::vector<ParetoPoint>> lists, detail::WorkerPool& pool)
{
    if (lists.empty())
        return {};
    while (lists.size() > 1) {
        const std::size_t pairs = lists.size() / 2;
        std::vector<std::vector<ParetoPoint>> next(pairs + lists.size() % 2);
        pool.run(pairs, [&](std::size_t p, int) { mergePareto(lists[2 * p], lists[2 * p + 1], next[p]); });
        if (lists.size() % 2)
            next.back() = std::move(lists.back());
        lists.swap(next);
    }
    return std::move(lists.front());
}

// Drops points whose every completion is weakly dominated by a completion of another point: p in
// state B goes when some q in state A has q + bound(A) <= p + floor(B), bound(A) being the most
// A's pending edges can still add and floor(B) the least B's can (edge costs are >= 0). Then from
// A any completion costs no more than p's from B. Exact: the final Pareto values are unchanged.
void pruneByBounds(std::vector<std::vector<ParetoPoint>>& sets, const EliminationStep& st, detail::WorkerPool& pool)
{
    const std::size_t states = sets.size();
    std::vector<double> ut(states, 0.0), um(states, 0.0), lt(states, 0.0), lm(states, 0.0);
    std::size_t total = 0;
    std::vector<std::vector<ParetoPoint>> shifted;
    for (std::size_t s = 0; s < states; ++s) {
        if (sets[s].empty())
            continue;
        total += sets[s].size();
        for (std::size_t i = 0; i < st.frontier.size(); ++i) {
            const ClassMap& cm = *st.classes[i];
            const auto digit = static_cast<std::size_t>((static_cast<std::int64_t>(s) / st.strides[i]) % cm.classes());
            ut[s] += cm.boundTime[digit];
            um[s] += cm.boundMemory[digit];
            lt[s] += cm.floorTime[digit];
            lm[s] += cm.floorMemory[digit];
        }
        auto& list = shifted.emplace_back(sets[s].size());
        for (std::size_t k = 0; k < sets[s].size(); ++k)
            list[k] = { sets[s][k].time + ut[s], sets[s][k].memory + um[s], static_cast<std::uint32_t>(s),
                static_cast<std::uint32_t>(k) };
    }
    if (total < 2)
        return;
    const std::vector<ParetoPoint> envelope = paretoUnion(std::move(shifted), pool);
    pool.run(states, [&](std::size_t s, int) {
        auto& set = sets[s];
        std::size_t kept = 0;
        for (std::size_t k = 0; k < set.size(); ++k) {
            const ParetoPoint& p = set[k];
            const double t = p.time + lt[s], m = p.memory + lm[s];
            const double limit = t + kTieTolerance * std::fabs(t);
            auto it = std::upper_bound(
                envelope.begin(), envelope.end(), limit, [](double x, const ParetoPoint& e) { return x < e.time; });
            bool pruned = false;
            if (it != envelope.begin()) {
                // An entry's own point is never pruned (no entry dominates another), so the point
                // behind the entry that prunes p survives.
                const ParetoPoint& e = *std::prev(it);
                const bool own = e.ref == s && e.aux == k;
                pruned = !own && notAbove(e.memory, m);
            }
            if (!pruned)
                set[kept++] = p;
        }
        set.resize(kept);
    });
}

// Back-pointers that no live point leads to are dropped: walking back from the newest layer
// (kept whole, the next step refers to it), each older layer keeps only the entries the layer
// after it points at, renumbered. Returns the entries kept.
std::size_t compactBackPointers(
    std::vector<std::vector<std::uint32_t>>& backPrev, std::vector<std::vector<std::uint16_t>>& backConfig, int newest)
{
    std::size_t kept = backPrev[static_cast<std::size_t>(newest)].size();
    std::vector<std::uint32_t> remap;
    for (int j = newest; j >= 1; --j) {
        auto& prevOfJ = backPrev[static_cast<std::size_t>(j)];
        auto& olderPrev = backPrev[static_cast<std::size_t>(j - 1)];
        auto& olderConfig = backConfig[static_cast<std::size_t>(j - 1)];
        constexpr std::uint32_t none = 0xFFFFFFFFu;
        remap.assign(olderPrev.size(), none);
        for (std::uint32_t x : prevOfJ)
            remap[x] = 0;
        std::uint32_t next = 0;
        for (std::size_t x = 0; x < remap.size(); ++x) {
            if (remap[x] == none)
                continue;
            remap[x] = next;
            olderPrev[next] = olderPrev[x];
            olderConfig[next] = olderConfig[x];
            ++next;
        }
        olderPrev.resize(next);
        olderConfig.resize(next);
        olderPrev.shrink_to_fit();
        olderConfig.shrink_to_fit();
        for (auto& x : prevOfJ)
            x = remap[x];
        kept += next;
    }
    return kept;
}

} // namespace

// ---- FrontierSweep -----------------------------------------------------------------------------

namespace detail {

FrontierSweep::FrontierSweep(const CostGraph& g, const FrontierOptions& options, const detail::EliminationPlan& plan,
    const CancelToken& cancel, FrontierStats& stats)
    : m_g(g)
    , m_opt(options)
    , m_plan(plan)
    , m_cancel(cancel)
    , m_stats(stats)
    , m_n(static_cast<int>(g.nodes.size()))
    , m_eps(options.epsilon)
    , m_exact(options.epsilon <= 0.0)
    // The steps use half the factor, so that the points reaching the end still have room to
    // merge with their neighbours in the final thinning, which uses all of it.
    , m_stepEps(std::sqrt(1.0 + options.epsilon) - 1.0)
    , m_pool(threadCount(options.threads))
    , m_scratch(static_cast<std::size_t>(m_pool.size()))
    , m_backPrev(static_cast<std::size_t>(m_n))
    , m_backConfig(static_cast<std::size_t>(m_n))
    , m_gcAt(std::max<std::size_t>(1, options.compactAfter))
{ }

void FrontierSweep::step(int k)
{
    const EliminationStep& st = m_plan.steps[static_cast<std::size_t>(k)];
    makePairs(k);
    const auto states = static_cast<std::size_t>(st.states);
    bucketPairs(states);
    // Each new state's Pareto set, in parallel: the union of its pairs' shifted sets.
    std::vector<std::vector<ParetoPoint>> sets(states);
    m_pool.run(states, [&](std::size_t s, int worker) {
        if (!m_cancel.isCancelled())
            mergeState(s, worker, sets[s]);
    });
    m_cancel.throwIfCancelled();
    // The bound pruning is exact; with thinning it would have to hand slacks across states,
    // and thinning keeps the sets small anyway.
    if (m_exact && !st.frontier.empty())
        pruneByBounds(sets, st, m_pool);
    const std::size_t total = storeLayer(k, sets);
    checkGrowth(k, total);
}

void FrontierSweep::finish(FrontierResult& result)
{
    std::vector<ParetoPoint> final;
    for (std::uint32_t i = 0; i < m_offsets.back(); ++i)
        final.push_back({ m_times[i], m_mems[i], i, 0, m_exact ? 0.0 : m_slacks[i] });
    thinPareto(final, m_eps);
    if (static_cast<std::int64_t>(final.size()) * m_n > m_opt.maxResultCells)
        throw tooLarge(m_n - 1, m_n,
            std::to_string(final.size()) + " strategies of " + std::to_string(m_n) + " ops each on the frontier",
            m_opt.maxResultCells);
    for (const auto& fp : final)
        if (!std::isfinite(fp.time) || !std::isfinite(fp.memory))
            throw Error::invalidInput("the costs add up beyond the range of a double (1.8e308); state them in a "
                                      "larger unit")
                .inOp("frontier search");
    for (const auto& fp : final) {
        CostPoint cp;
        cp.time = fp.time;
        cp.memory = fp.memory;
        cp.assignment.assign(static_cast<std::size_t>(m_n), 0);
        std::uint32_t idx = fp.ref;
        for (int k = m_n - 1; k >= 0; --k) {
            const auto ks = static_cast<std::size_t>(k);
            cp.assignment[static_cast<std::size_t>(m_plan.order[ks])] = m_backConfig[ks][idx];
            idx = m_backPrev[ks][idx];
        }
        result.points.push_back(std::move(cp));
    }
}

void FrontierSweep::makePairs(int k)
{
    static const std::vector<int> noFrontier;
    static const std::vector<std::shared_ptr<const ClassMap>> noClasses;
    static const std::vector<std::int64_t> noStrides;
    const EliminationStep& st = m_plan.steps[static_cast<std::size_t>(k)];
    const EliminationStep* prevStep = k > 0 ? &m_plan.steps[static_cast<std::size_t>(k - 1)] : nullptr;
    const std::vector<int>& prevFrontier = prevStep ? prevStep->frontier : noFrontier;
    const std::vector<std::shared_ptr<const ClassMap>>& prevClasses = prevStep ? prevStep->classes : noClasses;
    const std::vector<std::int64_t>& prevStrides = prevStep ? prevStep->strides : noStrides;
    const int v = st.op;
    const auto& vConfigs = m_g.nodes[static_cast<std::size_t>(v)].configs;
    const int cv = static_cast<int>(vConfigs.size());

    // Where each new frontier op comes from: a position in the previous frontier, or v itself.
    // (Through a position table: a wide frontier would make a search of the previous one
    // quadratic in its width at every step.)
    m_position.resize(m_g.nodes.size(), -1);
    for (std::size_t i = 0; i < prevFrontier.size(); ++i)
        m_position[static_cast<std::size_t>(prevFrontier[i])] = static_cast<int>(i);
    std::vector<int> source(st.frontier.size(), -1);
    for (std::size_t j = 0; j < st.frontier.size(); ++j)
        source[j] = st.frontier[j] == v ? -1 : m_position[static_cast<std::size_t>(st.frontier[j])];
    // Edges between v and the previous frontier: the other end's position and orientation.
    struct Incident {
        const CostGraph::Edge* edge;
        int position;
        bool vIsTo;
    };
    std::vector<Incident> incident;
    for (int e : st.incidentEdges) {
        const auto& edge = m_g.edges[static_cast<std::size_t>(e)];
        const int other = edge.from == v ? edge.to : edge.from;
        incident.push_back({ &edge, m_position[static_cast<std::size_t>(other)], edge.to == v });
    }
    for (int u : prevFrontier)
        m_position[static_cast<std::size_t>(u)] = -1;

    const std::size_t prevStates = m_offsets.size() - 1;
    m_pairs.clear();
    m_pairKey.clear();
    std::vector<double> dt(static_cast<std::size_t>(cv)), dm(static_cast<std::size_t>(cv));
    std::vector<int> digit(prevFrontier.size());
    for (std::size_t s = 0; s < prevStates; ++s) {
        if (m_offsets[s] == m_offsets[s + 1])
            continue;
        for (std::size_t i = 0; i < prevFrontier.size(); ++i)
            digit[i] = static_cast<int>((static_cast<std::int64_t>(s) / prevStrides[i]) % prevClasses[i]->classes());
        std::int64_t base = 0;
        int vPosition = -1;
        for (std::size_t j = 0; j < st.frontier.size(); ++j) {
            if (source[j] < 0) {
                vPosition = static_cast<int>(j);
                continue;
            }
            const auto i = static_cast<std::size_t>(source[j]);
            const int rep = prevClasses[i]->rep[static_cast<std::size_t>(digit[i])];
            base += st.classes[j]->classOf[static_cast<std::size_t>(rep)] * st.strides[j];
        }
        for (int c = 0; c < cv; ++c) {
            dt[static_cast<std::size_t>(c)] = vConfigs[static_cast<std::size_t>(c)].time;
            dm[static_cast<std::size_t>(c)] = vConfigs[static_cast<std::size_t>(c)].memory;
        }
        for (const auto& inc : incident) {
            const auto i = static_cast<std::size_t>(inc.position);
            const int rep = prevClasses[i]->rep[static_cast<std::size_t>(digit[i])];
            const auto& e = *inc.edge;
            if (inc.vIsTo) {
                const std::size_t row = static_cast<std::size_t>(rep) * static_cast<std::size_t>(cv);
                for (int c = 0; c < cv; ++c) {
                    dt[static_cast<std::size_t>(c)] += e.time[row + static_cast<std::size_t>(c)];
                    dm[static_cast<std::size_t>(c)] += e.memory[row + static_cast<std::size_t>(c)];
                }
            } else {
                const int cols = m_g.configCount(e.to);
                for (int c = 0; c < cv; ++c) {
                    const std::size_t cell = static_cast<std::size_t>(c * cols + rep);
                    dt[static_cast<std::size_t>(c)] += e.time[cell];
                    dm[static_cast<std::size_t>(c)] += e.memory[cell];
                }
            }
        }
        const double fastest = m_times[m_offsets[s]];
        for (int c = 0; c < cv; ++c) {
            const std::int64_t key = base
                + (vPosition >= 0
                        ? st.classes[static_cast<std::size_t>(vPosition)]->classOf[static_cast<std::size_t>(c)]
                            * st.strides[static_cast<std::size_t>(vPosition)]
                        : 0);
            m_pairs.push_back(
                { static_cast<std::uint32_t>(s), static_cast<std::uint16_t>(c), dt[static_cast<std::size_t>(c)],
                    dm[static_cast<std::size_t>(c)], fastest + dt[static_cast<std::size_t>(c)] });
            m_pairKey.push_back(key);
        }
    }
}

void FrontierSweep::bucketPairs(std::size_t states)
{
    m_bucketStart.assign(states + 1, 0);
    for (std::int64_t key : m_pairKey)
        ++m_bucketStart[static_cast<std::size_t>(key) + 1];
    for (std::size_t s = 0; s < states; ++s)
        m_bucketStart[s + 1] += m_bucketStart[s];
    m_bucketed.resize(m_pairs.size());
    std::vector<std::uint32_t> fill(m_bucketStart.begin(), m_bucketStart.end() - 1);
    for (std::size_t p = 0; p < m_pairs.size(); ++p)
        m_bucketed[fill[static_cast<std::size_t>(m_pairKey[p])]++] = m_pairs[p];
}

void FrontierSweep::mergeState(std::size_t s, int worker, std::vector<ParetoPoint>& out)
{
    const auto first = m_bucketed.begin() + m_bucketStart[s];
    auto last = m_bucketed.begin() + m_bucketStart[s + 1];
    if (first == last)
        return;
    // Of the pairs that extend the same previous state, only those whose shift is not
    // dominated by another's can contribute.
    std::sort(first, last, [](const Pair& a, const Pair& b) {
        if (a.state != b.state)
            return a.state < b.state;
        if (a.dt != b.dt)
            return a.dt < b.dt;
        if (a.dm != b.dm)
            return a.dm < b.dm;
        return a.config < b.config;
    });
    auto keep = first;
    for (auto p = first; p != last;) {
        auto q = p;
        double bestM = 0.0;
        bool any = false;
        for (; q != last && q->state == p->state; ++q) {
            if (any && notAbove(bestM, q->dm))
                continue;
            bestM = q->dm;
            any = true;
            *keep++ = *q;
        }
        p = q;
    }
    last = keep;
    // Likely winners first, so that whole dominated lists are skipped by their corner.
    std::sort(first, last, [](const Pair& a, const Pair& b) {
        if (a.corner != b.corner)
            return a.corner < b.corner;
        if (a.state != b.state)
            return a.state < b.state;
        return a.config < b.config;
    });
    auto& acc = m_scratch[static_cast<std::size_t>(worker)].acc;
    auto& tmp = m_scratch[static_cast<std::size_t>(worker)].tmp;
    acc.clear();
    for (auto p = first; p != last; ++p) {
        const std::uint32_t b = m_offsets[p->state], e = m_offsets[p->state + 1];
        // A dominated list is skipped. In epsilon mode its points hand their slack to the
        // points that dominate them, so only a list without slack may go by its corner.
        const bool noSlack = m_exact || m_stateSlack[p->state] <= 0.0;
        if (!acc.empty()
            && ((noSlack && dominatedBy(acc, m_times[b] + p->dt, m_mems[e - 1] + p->dm))
                || listDominated(
                    acc, m_times.data(), m_mems.data(), noSlack ? nullptr : m_slacks.data(), b, e, p->dt, p->dm)))
            continue;
        mergeShifted(acc, m_times.data(), m_mems.data(), m_exact ? nullptr : m_slacks.data(), b, e, p->dt, p->dm,
            p->config, tmp);
        acc.swap(tmp);
    }
    thinPareto(acc, m_stepEps);
    out = acc;
}

std::size_t FrontierSweep::storeLayer(int k, const std::vector<std::vector<ParetoPoint>>& sets)
{
    const std::size_t states = sets.size();
    std::vector<std::uint32_t> newOffsets(states + 1, 0);
    for (std::size_t s = 0; s < states; ++s)
        newOffsets[s + 1] = newOffsets[s] + static_cast<std::uint32_t>(sets[s].size());
    const std::size_t total = newOffsets[states];
    if (total > std::size_t(0xFFFFFFF0u) || static_cast<std::int64_t>(total) > m_opt.maxPoints)
        throw tooLarge(k, m_n, std::to_string(total) + " Pareto points in one step", m_opt.maxPoints);
    std::vector<double> newTimes(total), newMems(total), newSlacks(m_exact ? 0 : total);
    auto& bp = m_backPrev[static_cast<std::size_t>(k)];
    auto& bc = m_backConfig[static_cast<std::size_t>(k)];
    bp.resize(total);
    bc.resize(total);
    for (std::size_t s = 0; s < states; ++s) {
        std::size_t at = newOffsets[s];
        for (const auto& p : sets[s]) {
            newTimes[at] = p.time;
            newMems[at] = p.memory;
            if (!m_exact)
                newSlacks[at] = p.slack;
            bp[at] = p.ref;
            bc[at] = static_cast<std::uint16_t>(p.aux);
            ++at;
        }
    }
    m_stateSlack.assign(states, 0.0);
    if (!m_exact)
        for (std::size_t s = 0; s < states; ++s)
            for (const auto& p : sets[s])
                m_stateSlack[s] = std::max(m_stateSlack[s], p.slack);
    m_offsets.swap(newOffsets);
    m_times.swap(newTimes);
    m_mems.swap(newMems);
    m_slacks.swap(newSlacks);
    return total;
}

void FrontierSweep::checkGrowth(int k, std::size_t total)
{
    m_stats.maxPoints = std::max<std::int64_t>(m_stats.maxPoints, static_cast<std::int64_t>(total));
    m_stored += total;
    m_made += static_cast<std::int64_t>(total);
    m_stats.totalPoints = m_made;
    if (m_made > m_opt.maxTotalPoints)
        throw tooLarge(k, m_n, std::to_string(m_made) + " Pareto points made so far", m_opt.maxTotalPoints);
    // Seen early: sets that stay this large for the steps left would make several times the
    // bound. Long chains grow with every op; in the zoo's graphs the sets shrink again (this
    // estimate reaches at most 3.1 times the bound there: transformer-base on 64 devices).
    const double projected = static_cast<double>(m_made) + static_cast<double>(total) * (m_n - k - 1);
    if (projected > kProjectionFactor * static_cast<double>(m_opt.maxTotalPoints))
        throw tooLarge(k, m_n, "sets that would make about " + formatCount(projected) + " Pareto points by the end",
            m_opt.maxTotalPoints);
    m_stats.storedPoints = std::max<std::int64_t>(m_stats.storedPoints, static_cast<std::int64_t>(m_stored));
    if (m_stored > m_gcAt) {
        m_stored = compactBackPointers(m_backPrev, m_backConfig, k);
        m_gcAt = std::max<std::size_t>(m_gcAt, 2 * m_stored);
        if (static_cast<std::int64_t>(m_stored) > m_opt.maxStoredPoints)
            throw tooLarge(
                k, m_n, std::to_string(m_stored) + " points to trace strategies back through", m_opt.maxStoredPoints);
    }
}

} // namespace detail

FrontierResult searchFrontier(
    const CostGraph& g, const FrontierOptions& options, Progress& progress, const CancelToken& cancel)
{
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    g.validate();
    if (options.epsilon < 0.0 || !std::isfinite(options.epsilon))
        throw Error::invalidInput("epsilon must be >= 0").forField("eps");
    FrontierResult result;
    const int n = static_cast<int>(g.nodes.size());
    if (n == 0) {
        result.points.push_back({});
        return result;
    }
    progress.report(0.0, "planning the search");
    const auto plan = detail::planElimination(g,
        options.order == SearchOrder::Greedy ? detail::EliminationOrder::Greedy : detail::EliminationOrder::Given,
        detail::PlanLimits{ .maxStates = options.maxStates }, cancel);
    checkPlan(plan, options, n);
    result.stats.steps = n;
    result.stats.maxFrontierOps = plan.maxFrontier;
    result.stats.maxStates = plan.maxStates;

    // Epsilon mode thins every state's set at every step; the slack each point carries keeps every
    // merged point within 1 + eps of the point that stands for it however often merges repeat (see
    // thinPareto), so every exact point p ends with a returned q, q.time <= p.time and
    // q.memory <= (1 + eps) p.memory.
    detail::FrontierSweep sweep(g, options, plan, cancel, result.stats);
    for (int k = 0; k < n; ++k) {
        cancel.throwIfCancelled();
        sweep.step(k);
        progress.report(double(k + 1) / n, "frontier search");
    }
    sweep.finish(result);
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return result;
}

} // namespace vantage::ft
