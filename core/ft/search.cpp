#include "ft/search.h"

#include "common/error.h"
#include "common/threads.h"
#include "common/units.h"
#include "common/json.h"
#include "common/progress.h"
#include "ft/baselines.h"
#include "ft/elimination.h"
#include "ft/frontier.h"
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

// One way into a new state: previous state `state` extended by configuration `config` of the step's
// op, which adds (dt, dm) to all of the previous state's points.
struct Pair {
    std::uint32_t state;
    std::uint16_t config;
    double dt;
    double dm;
    double corner; // the fastest time this pair can give
};

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
            const ClassMap& cm = st.classes[i];
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
    const auto plan = detail::planElimination(g,
        options.order == SearchOrder::Greedy ? detail::EliminationOrder::Greedy : detail::EliminationOrder::Given,
        options.maxStates);
    result.stats.steps = n;
    result.stats.maxFrontierOps = plan.maxFrontier;
    result.stats.maxStates = plan.maxStates;

    // Epsilon mode thins every state's set at every step; the slack each point carries keeps every
    // merged point within 1 + eps of the point that stands for it however often merges repeat (see
    // thinPareto), so every exact point p ends with a returned q, q.time <= p.time and
    // q.memory <= (1 + eps) p.memory.
    // The steps use half the factor, so that the points reaching the end still have room to merge
    // with their neighbours in the final thinning, which uses all of it.
    const double eps = options.epsilon;
    const bool exact = eps <= 0.0;
    const double stepEps = std::sqrt(1.0 + eps) - 1.0;

    detail::WorkerPool pool(threadCount(options.threads));
    const int workers = pool.size();
    std::vector<std::vector<ParetoPoint>> scratchA(static_cast<std::size_t>(workers)),
        scratchB(static_cast<std::size_t>(workers));

    // The layer before step k: Pareto points of every state of the previous frontier.
    std::vector<std::uint32_t> offsets = { 0, 1 };
    std::vector<double> times = { 0.0 }, mems = { 0.0 };
    std::vector<double> slacks = { 0.0 }; // epsilon mode only
    std::vector<double> stateSlack = { 0.0 }; // the largest slack of each state's points
    std::vector<std::vector<std::uint32_t>> backPrev(static_cast<std::size_t>(n));
    std::vector<std::vector<std::uint16_t>> backConfig(static_cast<std::size_t>(n));

    const std::vector<int> noFrontier;
    const std::vector<ClassMap> noClasses;
    const std::vector<std::int64_t> noStrides;
    std::vector<Pair> pairs;
    std::vector<std::uint32_t> bucketStart;
    // Back-pointers kept, and when to drop the dead ones next (about 6 bytes each).
    std::size_t stored = 0, gcAt = std::max<std::size_t>(1, options.compactAfter);
    std::int64_t made = 0; // points made over all steps
    std::vector<Pair> bucketed;

    for (int k = 0; k < n; ++k) {
        cancel.throwIfCancelled();
        const EliminationStep& st = plan.steps[static_cast<std::size_t>(k)];
        const EliminationStep* prevStep = k > 0 ? &plan.steps[static_cast<std::size_t>(k - 1)] : nullptr;
        const std::vector<int>& prevFrontier = prevStep ? prevStep->frontier : noFrontier;
        const std::vector<ClassMap>& prevClasses = prevStep ? prevStep->classes : noClasses;
        const std::vector<std::int64_t>& prevStrides = prevStep ? prevStep->strides : noStrides;
        const int v = st.op;
        const auto& vConfigs = g.nodes[static_cast<std::size_t>(v)].configs;
        const int cv = static_cast<int>(vConfigs.size());

        // Where each new frontier op comes from: a position in the previous frontier, or v itself.
        std::vector<int> source(st.frontier.size(), -1);
        for (std::size_t j = 0; j < st.frontier.size(); ++j)
            for (std::size_t i = 0; i < prevFrontier.size(); ++i)
                if (prevFrontier[i] == st.frontier[j])
                    source[j] = static_cast<int>(i);
        // Edges between v and the previous frontier: the other end's position and orientation.
        struct Incident {
            const CostGraph::Edge* edge;
            int position;
            bool vIsTo;
        };
        std::vector<Incident> incident;
        for (int e : st.incidentEdges) {
            const auto& edge = g.edges[static_cast<std::size_t>(e)];
            const int other = edge.from == v ? edge.to : edge.from;
            const auto it = std::find(prevFrontier.begin(), prevFrontier.end(), other);
            incident.push_back({ &edge, static_cast<int>(it - prevFrontier.begin()), edge.to == v });
        }

        // Every (previous state, configuration of v) pair, keyed by the new state it leads to.
        const std::size_t prevStates = offsets.size() - 1;
        pairs.clear();
        std::vector<std::int64_t> pairKey;
        std::vector<double> dt(static_cast<std::size_t>(cv)), dm(static_cast<std::size_t>(cv));
        std::vector<int> digit(prevFrontier.size());
        for (std::size_t s = 0; s < prevStates; ++s) {
            if (offsets[s] == offsets[s + 1])
                continue;
            for (std::size_t i = 0; i < prevFrontier.size(); ++i)
                digit[i] = static_cast<int>((static_cast<std::int64_t>(s) / prevStrides[i]) % prevClasses[i].classes());
            std::int64_t base = 0;
            int vPosition = -1;
            for (std::size_t j = 0; j < st.frontier.size(); ++j) {
                if (source[j] < 0) {
                    vPosition = static_cast<int>(j);
                    continue;
                }
                const auto i = static_cast<std::size_t>(source[j]);
                const int rep = prevClasses[i].rep[static_cast<std::size_t>(digit[i])];
                base += st.classes[j].classOf[static_cast<std::size_t>(rep)] * st.strides[j];
            }
            for (int c = 0; c < cv; ++c) {
                dt[static_cast<std::size_t>(c)] = vConfigs[static_cast<std::size_t>(c)].time;
                dm[static_cast<std::size_t>(c)] = vConfigs[static_cast<std::size_t>(c)].memory;
            }
            for (const auto& inc : incident) {
                const auto i = static_cast<std::size_t>(inc.position);
                const int rep = prevClasses[i].rep[static_cast<std::size_t>(digit[i])];
                const auto& e = *inc.edge;
                if (inc.vIsTo) {
                    const std::size_t row = static_cast<std::size_t>(rep) * static_cast<std::size_t>(cv);
                    for (int c = 0; c < cv; ++c) {
                        dt[static_cast<std::size_t>(c)] += e.time[row + static_cast<std::size_t>(c)];
                        dm[static_cast<std::size_t>(c)] += e.memory[row + static_cast<std::size_t>(c)];
                    }
                } else {
                    const int cols = g.configCount(e.to);
                    for (int c = 0; c < cv; ++c) {
                        const std::size_t cell = static_cast<std::size_t>(c * cols + rep);
                        dt[static_cast<std::size_t>(c)] += e.time[cell];
                        dm[static_cast<std::size_t>(c)] += e.memory[cell];
                    }
                }
            }
            const double fastest = times[offsets[s]];
            for (int c = 0; c < cv; ++c) {
                const std::int64_t key = base
                    + (vPosition >= 0
                            ? st.classes[static_cast<std::size_t>(vPosition)].classOf[static_cast<std::size_t>(c)]
                                * st.strides[static_cast<std::size_t>(vPosition)]
                            : 0);
                pairs.push_back(
                    { static_cast<std::uint32_t>(s), static_cast<std::uint16_t>(c), dt[static_cast<std::size_t>(c)],
                        dm[static_cast<std::size_t>(c)], fastest + dt[static_cast<std::size_t>(c)] });
                pairKey.push_back(key);
            }
        }
        // Counting sort by new state.
        const auto states = static_cast<std::size_t>(st.states);
        bucketStart.assign(states + 1, 0);
        for (std::int64_t key : pairKey)
            ++bucketStart[static_cast<std::size_t>(key) + 1];
        for (std::size_t s = 0; s < states; ++s)
            bucketStart[s + 1] += bucketStart[s];
        bucketed.resize(pairs.size());
        {
            std::vector<std::uint32_t> fill(bucketStart.begin(), bucketStart.end() - 1);
            for (std::size_t p = 0; p < pairs.size(); ++p)
                bucketed[fill[static_cast<std::size_t>(pairKey[p])]++] = pairs[p];
        }

        // Each new state's Pareto set, in parallel: the union of its pairs' shifted sets.
        std::vector<std::vector<ParetoPoint>> sets(states);
        pool.run(states, [&](std::size_t s, int worker) {
            if (cancel.isCancelled())
                return;
            const auto first = bucketed.begin() + bucketStart[s];
            auto last = bucketed.begin() + bucketStart[s + 1];
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
            auto& acc = scratchA[static_cast<std::size_t>(worker)];
            auto& tmp = scratchB[static_cast<std::size_t>(worker)];
            acc.clear();
            for (auto p = first; p != last; ++p) {
                const std::uint32_t b = offsets[p->state], e = offsets[p->state + 1];
                // A dominated list is skipped. In epsilon mode its points hand their slack to the
                // points that dominate them, so only a list without slack may go by its corner.
                const bool noSlack = exact || stateSlack[p->state] <= 0.0;
                if (!acc.empty()
                    && ((noSlack && dominatedBy(acc, times[b] + p->dt, mems[e - 1] + p->dm))
                        || listDominated(
                            acc, times.data(), mems.data(), noSlack ? nullptr : slacks.data(), b, e, p->dt, p->dm)))
                    continue;
                mergeShifted(acc, times.data(), mems.data(), exact ? nullptr : slacks.data(), b, e, p->dt, p->dm,
                    p->config, tmp);
                acc.swap(tmp);
            }
            thinPareto(acc, stepEps);
            sets[s] = acc;
        });
        cancel.throwIfCancelled();
        // The bound pruning is exact; with thinning it would have to hand slacks across states,
        // and thinning keeps the sets small anyway.
        if (exact && !st.frontier.empty())
            pruneByBounds(sets, st, pool);

        // The new layer, and the back-pointers of its points.
        std::vector<std::uint32_t> newOffsets(states + 1, 0);
        for (std::size_t s = 0; s < states; ++s)
            newOffsets[s + 1] = newOffsets[s] + static_cast<std::uint32_t>(sets[s].size());
        const std::size_t total = newOffsets[states];
        if (total > std::size_t(0xFFFFFFF0u) || static_cast<std::int64_t>(total) > options.maxPoints)
            throw tooLarge(k, n, std::to_string(total) + " Pareto points in one step", options.maxPoints);
        std::vector<double> newTimes(total), newMems(total), newSlacks(exact ? 0 : total);
        auto& bp = backPrev[static_cast<std::size_t>(k)];
        auto& bc = backConfig[static_cast<std::size_t>(k)];
        bp.resize(total);
        bc.resize(total);
        for (std::size_t s = 0; s < states; ++s) {
            std::size_t at = newOffsets[s];
            for (const auto& p : sets[s]) {
                newTimes[at] = p.time;
                newMems[at] = p.memory;
                if (!exact)
                    newSlacks[at] = p.slack;
                bp[at] = p.ref;
                bc[at] = static_cast<std::uint16_t>(p.aux);
                ++at;
            }
        }
        stateSlack.assign(states, 0.0);
        if (!exact)
            for (std::size_t s = 0; s < states; ++s)
                for (const auto& p : sets[s])
                    stateSlack[s] = std::max(stateSlack[s], p.slack);
        offsets.swap(newOffsets);
        times.swap(newTimes);
        mems.swap(newMems);
        slacks.swap(newSlacks);
        result.stats.maxPoints = std::max<std::int64_t>(result.stats.maxPoints, static_cast<std::int64_t>(total));
        stored += total;
        made += static_cast<std::int64_t>(total);
        result.stats.totalPoints = made;
        if (made > options.maxTotalPoints)
            throw tooLarge(k, n, std::to_string(made) + " Pareto points made so far", options.maxTotalPoints);
        // Seen early: sets that stay this large for the steps left would make several times the
        // bound. Long chains grow with every op; in the zoo's graphs the sets shrink again (this
        // estimate reaches at most 3.1 times the bound there: transformer-base on 64 devices).
        const double projected = static_cast<double>(made) + static_cast<double>(total) * (n - k - 1);
        if (projected > kProjectionFactor * static_cast<double>(options.maxTotalPoints))
            throw tooLarge(k, n, "sets that would make about " + formatCount(projected) + " Pareto points by the end",
                options.maxTotalPoints);
        result.stats.storedPoints
            = std::max<std::int64_t>(result.stats.storedPoints, static_cast<std::int64_t>(stored));
        if (stored > gcAt) {
            stored = compactBackPointers(backPrev, backConfig, k);
            gcAt = std::max<std::size_t>(gcAt, 2 * stored);
            if (static_cast<std::int64_t>(stored) > options.maxStoredPoints)
                throw tooLarge(k, n, std::to_string(stored) + " points to trace strategies back through",
                    options.maxStoredPoints);
        }
        progress.report(double(k + 1) / n, "frontier search");
    }

    // The last step leaves no frontier: one state holding the answer.
    std::vector<ParetoPoint> final;
    for (std::uint32_t i = 0; i < offsets.back(); ++i)
        final.push_back({ times[i], mems[i], i, 0, exact ? 0.0 : slacks[i] });
    thinPareto(final, eps);
    if (static_cast<std::int64_t>(final.size()) * n > options.maxResultCells)
        throw tooLarge(n - 1, n,
            std::to_string(final.size()) + " strategies of " + std::to_string(n) + " ops each on the frontier",
            options.maxResultCells);
    for (const auto& fp : final)
        if (!std::isfinite(fp.time) || !std::isfinite(fp.memory))
            throw Error::invalidInput("the costs add up beyond the range of a double (1.8e308); state them in a larger "
                                      "unit")
                .inOp("frontier search");
    for (const auto& fp : final) {
        CostPoint cp;
        cp.time = fp.time;
        cp.memory = fp.memory;
        cp.assignment.assign(static_cast<std::size_t>(n), 0);
        std::uint32_t idx = fp.ref;
        for (int k = n - 1; k >= 0; --k) {
            const auto ks = static_cast<std::size_t>(k);
            cp.assignment[static_cast<std::size_t>(plan.order[ks])] = backConfig[ks][idx];
            idx = backPrev[ks][idx];
        }
        result.points.push_back(std::move(cp));
    }
    result.stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return result;
}

// ---- op graph on a cluster ----

int DeviceFrontier::fastestWithin(double memoryBudget) const
{
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].memory <= memoryBudget)
            return static_cast<int>(i);
    return -1;
}

int DeviceFrontier::leastMemory() const
{
    return points.empty() ? -1 : static_cast<int>(points.size()) - 1;
}

SearchResult search(const OpGraph& graph, const ClusterProfile& cluster, const SearchOptions& options,
    Progress& progress, const CancelToken& cancel)
{
    if (graph.size() == 0)
        throw Error::invalidInput("the op graph is empty");
    if (options.deviceCounts.empty())
        throw Error::invalidInput("no device counts to search").forField("devices");
    for (int n : options.deviceCounts)
        if (n < 1 || n > 65536)
            throw Error::invalidInput("device counts must be between 1 and 65536, got " + std::to_string(n))
                .forField("devices");
    SearchResult result;
    result.model = graph.name;
    result.batch = graph.batch();
    result.cluster = cluster.name;
    result.deviceMemory = cluster.device.memoryBytes;
    result.epsilon = options.epsilon;
    result.configs = options.configs;
    result.cost = options.cost;
    for (const Op& op : graph.ops())
        result.ops.push_back(op.name);

    const double parts = double(options.deviceCounts.size());
    for (std::size_t d = 0; d < options.deviceCounts.size(); ++d) {
        const int devices = options.deviceCounts[d];
        const std::string phase = std::to_string(devices) + " devices";
        SubProgress sub(progress, d / parts, (d + 0.9) / parts, phase);
        const CostModel model(cluster, devices, options.cost);
        const PricedGraph priced = priceGraph(graph, model, options.configs);
        const FrontierResult fr = searchFrontier(
            priced.costs, FrontierOptions{ .epsilon = options.epsilon, .threads = options.threads }, sub, cancel);

        DeviceFrontier df;
        df.devices = devices;
        df.searchSeconds = fr.stats.seconds;
        df.stats = fr.stats;
        std::vector<Baseline> base;
        if (options.baselines) {
            progress.report((d + 0.9) / parts, phase + ": baselines");
            base = computeBaselines(graph, priced, cluster, cancel);
        }
        // The configuration names used, as a sorted dictionary.
        std::map<std::string, std::uint16_t> dict;
        auto nameOf = [&](int op, int config) -> const std::string& {
            return priced.costs.nodes[static_cast<std::size_t>(op)].configs[static_cast<std::size_t>(config)].name;
        };
        for (const auto& p : fr.points)
            for (int op = 0; op < graph.size(); ++op)
                dict.emplace(nameOf(op, p.assignment[static_cast<std::size_t>(op)]), 0);
        for (const auto& b : base)
            for (int op = 0; op < graph.size(); ++op)
                dict.emplace(nameOf(op, b.assignment[static_cast<std::size_t>(op)]), 0);
        for (auto& [name, index] : dict) {
            index = static_cast<std::uint16_t>(df.configNames.size());
            df.configNames.push_back(name);
        }
        auto encode = [&](const std::vector<int>& a) {
            std::vector<std::uint16_t> out(a.size());
            for (std::size_t op = 0; op < a.size(); ++op)
                out[op] = dict.at(nameOf(static_cast<int>(op), a[op]));
            return out;
        };
        for (const auto& p : fr.points) {
            df.points.push_back({ p.time, p.memory, static_cast<int>(df.strategies.size()) });
            df.strategies.push_back(encode(p.assignment));
        }
        for (const auto& b : base)
            df.baselines.push_back({ b.name, b.time, b.memory, encode(b.assignment) });
        result.frontiers.push_back(std::move(df));
        progress.report((d + 1) / parts, phase + ": done");
    }
    return result;
}

namespace {

std::vector<OpConfig> decode(const SearchResult& r, std::size_t frontier, const std::vector<std::uint16_t>& a)
{
    const DeviceFrontier& f = r.frontiers.at(frontier);
    std::vector<OpConfig> out;
    out.reserve(a.size());
    for (std::uint16_t i : a)
        out.push_back(parseConfigName(f.configNames.at(i)));
    return out;
}

} // namespace

std::vector<OpConfig> strategyConfigs(const SearchResult& r, std::size_t frontier, int strategy)
{
    const DeviceFrontier& f = r.frontiers.at(frontier);
    if (strategy < 0 || static_cast<std::size_t>(strategy) >= f.strategies.size())
        throw Error::invalidInput("no strategy " + std::to_string(strategy) + " for " + std::to_string(f.devices)
            + " devices (the stored result has " + std::to_string(f.strategies.size()) + ")");
    return decode(r, frontier, f.strategies[static_cast<std::size_t>(strategy)]);
}

std::vector<OpConfig> baselineConfigs(const SearchResult& r, std::size_t frontier, int baseline)
{
    const DeviceFrontier& f = r.frontiers.at(frontier);
    if (baseline < 0 || static_cast<std::size_t>(baseline) >= f.baselines.size())
        throw Error::invalidInput(
            "no baseline " + std::to_string(baseline) + " for " + std::to_string(f.devices) + " devices");
    return decode(r, frontier, f.baselines[static_cast<std::size_t>(baseline)].assignment);
}

Json toJson(const SearchResult& r, bool withStrategies)
{
    Json frontiers = Json::array();
    for (const auto& f : r.frontiers) {
        Json points = Json::array();
        for (const auto& p : f.points)
            points.push_back({ { "time", p.time }, { "memory", p.memory }, { "strategy", p.strategy } });
        Json baselines = Json::array();
        for (const auto& b : f.baselines) {
            Json bj = { { "name", b.name }, { "time", b.time }, { "memory", b.memory } };
            if (withStrategies)
                bj["assignment"] = b.assignment;
            baselines.push_back(std::move(bj));
        }
        Json fj = { { "devices", f.devices }, { "search_s", f.searchSeconds }, { "frontier_size", f.points.size() },
            { "points", points }, { "baselines", baselines },
            { "stats",
                { { "steps", f.stats.steps }, { "max_frontier_ops", f.stats.maxFrontierOps },
                    { "max_states", f.stats.maxStates }, { "max_points", f.stats.maxPoints },
                    { "stored_points", f.stats.storedPoints }, { "total_points", f.stats.totalPoints } } } };
        if (withStrategies) {
            fj["config_names"] = f.configNames;
            fj["strategies"] = f.strategies;
        }
        frontiers.push_back(std::move(fj));
    }
    Json j = { { "model", r.model }, { "batch", r.batch }, { "cluster", r.cluster },
        { "device_memory", r.deviceMemory }, { "epsilon", r.epsilon }, { "precision", precisionName(r.cost.precision) },
        { "optimizer", optimizerName(r.cost.optimizer) }, { "max_split", r.configs.maxSplitDims },
        { "frontiers", frontiers } };
    if (withStrategies)
        j["ops"] = r.ops;
    return j;
}

SearchResult searchResultFromJson(const Json& j)
{
    auto where = [](const std::string& field) { return "search result, " + field; };
    SearchResult r;
    try {
        r.model = jsonField<std::string>(j, "model", "search result");
        r.batch = jsonField<std::int64_t>(j, "batch", "search result");
        r.cluster = jsonField<std::string>(j, "cluster", "search result");
        r.deviceMemory = jsonField<double>(j, "device_memory", "search result");
        r.epsilon = jsonFieldOr<double>(j, "epsilon", 0.0, "search result");
        r.cost.precision = precisionFromName(jsonFieldOr<std::string>(j, "precision", "mixed", "search result"));
        r.cost.optimizer = optimizerFromName(jsonFieldOr<std::string>(j, "optimizer", "adam", "search result"));
        r.configs.maxSplitDims = jsonFieldOr<int>(j, "max_split", 2, "search result");
        r.ops = jsonField<std::vector<std::string>>(j, "ops", "search result");
        const Json& fs = vantage::detail::requireObjectKey(j, "frontiers", "search result");
        if (!fs.is_array())
            throw Error::invalidInput("'frontiers' is not an array").forField("frontiers");
        for (std::size_t i = 0; i < fs.size(); ++i) {
            const Json& fj = fs[i];
            const std::string at = where("frontiers[" + std::to_string(i) + "]");
            DeviceFrontier f;
            f.devices = jsonField<int>(fj, "devices", at);
            f.searchSeconds = jsonField<double>(fj, "search_s", at);
            f.configNames = jsonField<std::vector<std::string>>(fj, "config_names", at);
            f.strategies = jsonField<std::vector<std::vector<std::uint16_t>>>(fj, "strategies", at);
            for (const auto& p : vantage::detail::requireObjectKey(fj, "points", at))
                f.points.push_back({ jsonField<double>(p, "time", at), jsonField<double>(p, "memory", at),
                    jsonField<int>(p, "strategy", at) });
            for (const auto& b : vantage::detail::requireObjectKey(fj, "baselines", at))
                f.baselines.push_back({ jsonField<std::string>(b, "name", at), jsonField<double>(b, "time", at),
                    jsonField<double>(b, "memory", at), jsonField<std::vector<std::uint16_t>>(b, "assignment", at) });
            if (fj.contains("stats")) {
                const Json& s = fj.at("stats");
                f.stats.steps = jsonFieldOr<int>(s, "steps", 0, at);
                f.stats.maxFrontierOps = jsonFieldOr<int>(s, "max_frontier_ops", 0, at);
                f.stats.maxStates = jsonFieldOr<std::int64_t>(s, "max_states", 0, at);
                f.stats.maxPoints = jsonFieldOr<std::int64_t>(s, "max_points", 0, at);
                f.stats.storedPoints = jsonFieldOr<std::int64_t>(s, "stored_points", 0, at);
                f.stats.totalPoints = jsonFieldOr<std::int64_t>(s, "total_points", 0, at);
            }
            f.stats.seconds = f.searchSeconds;
            // Indices must point into the tables they name.
            auto checkAssignment = [&](const std::vector<std::uint16_t>& a) {
                if (a.size() != r.ops.size())
                    throw Error::invalidInput("a strategy has " + std::to_string(a.size()) + " ops, the graph "
                        + std::to_string(r.ops.size()))
                        .forField(at);
                for (auto c : a)
                    if (c >= f.configNames.size())
                        throw Error::invalidInput("a strategy names configuration " + std::to_string(c) + " of "
                            + std::to_string(f.configNames.size()))
                            .forField(at);
            };
            for (const auto& a : f.strategies)
                checkAssignment(a);
            for (const auto& b : f.baselines)
                checkAssignment(b.assignment);
            for (const auto& p : f.points)
                if (p.strategy < 0 || static_cast<std::size_t>(p.strategy) >= f.strategies.size())
                    throw Error::invalidInput("point names strategy " + std::to_string(p.strategy)).forField(at);
            for (const auto& name : f.configNames)
                parseConfigName(name);
            r.frontiers.push_back(std::move(f));
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error::invalidInput(std::string("malformed search result: ") + e.what());
    }
    return r;
}

} // namespace vantage::ft
