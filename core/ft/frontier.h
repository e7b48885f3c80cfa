#pragma once
// Pareto sets of (time, memory): the value FT keeps for every assignment of its live frontier, and
// the answer it returns. A set is kept sorted by time ascending, memory strictly descending.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace vantage::ft {

// Relative tolerance under which two costs count as equal. The same costs summed in another order
// differ in the last bits; without it one strategy value would show up as several points.
inline constexpr double kTieTolerance = 1e-9;

struct ParetoPoint {
    double time = 0.0;
    double memory = 0.0;
    std::uint32_t ref = 0; // the caller's payload: a back-pointer, a strategy index
    std::uint32_t aux = 0;
    // Epsilon mode: this point stands for the points merged into it, none faster than it, the
    // smallest `slack` below its memory (0: only itself, or points it dominates). Adding the same
    // costs to the point and to those it stands for leaves the slack unchanged.
    double slack = 0.0;
};

// a <= b within the tie tolerance.
inline bool notAbove(double a, double b)
{
    return a <= b + kTieTolerance * (b < 0 ? -b : b);
}

// a is at least as good as b in both objectives (ties within tolerance count as equal).
inline bool weaklyDominates(const ParetoPoint& a, const ParetoPoint& b)
{
    return notAbove(a.time, b.time) && notAbove(a.memory, b.memory);
}

// Reduces `points` to its Pareto set, sorted by time; of points with equal (time, memory) the one
// first in (time, memory, ref, aux) order stays.
void reduceToPareto(std::vector<ParetoPoint>& points);

// Appends `p` to a Pareto set under construction whose points come in (time, memory) order: drops
// p when the last point dominates it, and drops earlier points that p dominates. A point that goes
// hands its slack to the one that dominates it. Inline: the frontier search's merges call it for
// every point they visit (a third of a search's time when it was a call).
inline void pushSorted(std::vector<ParetoPoint>& set, ParetoPoint p)
{
    if (!set.empty() && notAbove(set.back().memory, p.memory)) {
        // The last point is no slower and no larger: it stands for p and p's points.
        ParetoPoint& last = set.back();
        last.slack = std::max(last.slack, last.memory - p.memory + p.slack);
        return;
    }
    // Points with (nearly) the same time but more memory are dominated by p.
    while (!set.empty() && notAbove(p.time, set.back().time) && set.back().memory >= p.memory) {
        p.slack = std::max(p.slack, p.memory - set.back().memory + set.back().slack);
        set.pop_back();
    }
    set.push_back(p);
}

// The Pareto set of the union of two Pareto sets, into `out` (cleared first).
void mergePareto(std::span<const ParetoPoint> a, std::span<const ParetoPoint> b, std::vector<ParetoPoint>& out);
// True when `set` is a Pareto set in order: time increasing, memory strictly decreasing (the invariant
// of every set the functions above return).
bool isParetoSorted(std::span<const ParetoPoint> set);

// True when some point of the Pareto set `set` weakly dominates (time, memory).
bool dominatedBy(std::span<const ParetoPoint> set, double time, double memory);

// Epsilon thinning: walking from the fastest point, merges a point into the last kept one (which is
// no slower) while the kept one's memory stays within 1 + eps of the least memory of everything it
// then stands for: memory <= (1 + eps) (memory - slack). Since the slack does not change when costs
// are added, the same holds after any later steps, so every point ever merged ends with a kept point
// no slower and within 1 + eps in memory, however often merges repeat. The fastest point stays.
void thinPareto(std::vector<ParetoPoint>& set, double eps);

} // namespace vantage::ft
