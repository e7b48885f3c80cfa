#include "ft/frontier.h"

#include "common/assert.h"

#include <algorithm>
#include <cmath>

namespace vantage::ft {

void reduceToPareto(std::vector<ParetoPoint>& points)
{
    std::sort(points.begin(), points.end(), [](const ParetoPoint& a, const ParetoPoint& b) {
        if (a.time != b.time)
            return a.time < b.time;
        if (a.memory != b.memory)
            return a.memory < b.memory;
        if (a.ref != b.ref)
            return a.ref < b.ref;
        return a.aux < b.aux;
    });
    std::vector<ParetoPoint> out;
    out.reserve(points.size());
    for (const auto& p : points)
        pushSorted(out, p);
    VANTAGE_ASSERT(isParetoSorted(out), "reduceToPareto left a point dominated or out of order");
    points.swap(out);
}

void mergePareto(std::span<const ParetoPoint> a, std::span<const ParetoPoint> b, std::vector<ParetoPoint>& out)
{
    out.clear();
    out.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        const bool takeA = j >= b.size()
            || (i < a.size() && (a[i].time < b[j].time || (a[i].time == b[j].time && a[i].memory <= b[j].memory)));
        pushSorted(out, takeA ? a[i++] : b[j++]);
    }
    VANTAGE_ASSERT(isParetoSorted(out), "mergePareto left a point dominated or out of order");
}

bool isParetoSorted(std::span<const ParetoPoint> set)
{
    // Time increases and memory decreases along the set (ties within the tolerance were merged).
    // Sums past the range of a double are the search's to report (as the user's error), not this.
    for (std::size_t i = 1; i < set.size(); ++i) {
        const ParetoPoint& a = set[i - 1];
        const ParetoPoint& b = set[i];
        if (!std::isfinite(a.time) || !std::isfinite(b.time) || !std::isfinite(a.memory) || !std::isfinite(b.memory))
            continue;
        if (a.time > b.time || b.memory >= a.memory)
            return false;
    }
    return true;
}

bool dominatedBy(std::span<const ParetoPoint> set, double time, double memory)
{
    // The last point with time <= `time` has the least memory among those no slower.
    const double limit = time + kTieTolerance * (time < 0 ? -time : time);
    auto it
        = std::upper_bound(set.begin(), set.end(), limit, [](double t, const ParetoPoint& p) { return t < p.time; });
    if (it == set.begin())
        return false;
    return notAbove(std::prev(it)->memory, memory);
}

void thinPareto(std::vector<ParetoPoint>& set, double eps)
{
    if (eps <= 0.0 || set.size() < 2)
        return;
    const double allowed = eps / (1.0 + eps); // memory <= (1 + eps)(memory - slack)
    std::size_t kept = 1, anchor = 0;
    for (std::size_t i = 1; i < set.size(); ++i) {
        const ParetoPoint& p = set[i];
        ParetoPoint& a = set[anchor];
        const double slack = std::max(a.slack, a.memory - p.memory + p.slack);
        if (slack <= allowed * a.memory) {
            a.slack = slack;
            continue;
        }
        anchor = kept;
        set[kept++] = p;
    }
    set.resize(kept);
}

} // namespace vantage::ft
