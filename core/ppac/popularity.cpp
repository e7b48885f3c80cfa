#include "ppac/popularity.h"

#include "common/error.h"
#include "ppac/parallel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>

namespace vantage::ppac {

GlobalPopularity globalPopularity(const UserItems& train, double headFraction)
{
    if (!(headFraction >= 0.0 && headFraction <= 1.0))
        throw Error::invalidInput("the head fraction must lie in [0, 1]").forField("head_fraction");
    GlobalPopularity gp;
    gp.counts = train.itemCounts();
    double norm = 0.0;
    for (auto c : gp.counts)
        norm += static_cast<double>(c) * static_cast<double>(c);
    norm = std::sqrt(norm);
    gp.values.resize(gp.counts.size());
    for (std::size_t i = 0; i < gp.counts.size(); ++i)
        gp.values[i] = norm > 0.0 ? static_cast<float>(gp.counts[i] / norm) : 0.0f;
    if (!gp.values.empty()) {
        const auto [mn, mx] = std::minmax_element(gp.values.begin(), gp.values.end());
        gp.minValue = *mn;
        gp.maxValue = *mx;
    }
    gp.byPopularity.resize(gp.counts.size());
    std::iota(gp.byPopularity.begin(), gp.byPopularity.end(), 0);
    std::stable_sort(gp.byPopularity.begin(), gp.byPopularity.end(), [&](std::int32_t a, std::int32_t b) {
        return gp.counts[static_cast<std::size_t>(a)] > gp.counts[static_cast<std::size_t>(b)];
    });
    const auto head = static_cast<std::size_t>(std::llround(headFraction * static_cast<double>(gp.counts.size())));
    gp.isTail.assign(gp.counts.size(), true);
    for (std::size_t r = 0; r < head; ++r)
        gp.isTail[static_cast<std::size_t>(gp.byPopularity[r])] = false;
    return gp;
}

std::int64_t PersonalPopularity::find(std::int32_t user, std::int32_t item) const
{
    const auto l = items(user);
    const auto it = std::lower_bound(l.begin(), l.end(), item);
    if (it == l.end() || *it != item)
        return -1;
    return begin(user) + (it - l.begin());
}

std::int32_t PersonalPopularity::count(std::int32_t user, std::int32_t item) const
{
    const auto at = find(user, item);
    return at < 0 ? 0 : m_counts[static_cast<std::size_t>(at)];
}

PersonalPopularity personalPopularity(
    const UserItems& train, const SimilarUsers& similar, int threads, Progress& progress, const CancelToken& cancel)
{
    if (similar.numUsers() != train.numUsers())
        throw Error::invalidInput("similar users cover " + std::to_string(similar.numUsers()) + " users, training has "
            + std::to_string(train.numUsers()));
    if (similar.k() > 65535)
        throw Error::invalidInput("at most 65535 similar users per user").forField("k");
    const std::int32_t numUsers = train.numUsers();
    const std::int32_t numItems = train.numItems();
    threads = detail::resolveThreads(threads);
    PersonalPopularity pp;
    pp.m_numItems = numItems;
    pp.m_offsets.assign(static_cast<std::size_t>(numUsers) + 1, 0);
    pp.m_scale.assign(static_cast<std::size_t>(numUsers), 0.0f);
    std::vector<std::vector<std::uint16_t>> dense(static_cast<std::size_t>(threads));
    std::vector<std::vector<std::int32_t>> touched(static_cast<std::size_t>(threads));

    // Pass 1 counts the non-zeros of each row, pass 2 fills them; rows are independent.
    auto row = [&](std::int32_t u, int worker, bool fill) {
        auto& cnt = dense[static_cast<std::size_t>(worker)];
        auto& t = touched[static_cast<std::size_t>(worker)];
        if (cnt.empty())
            cnt.assign(static_cast<std::size_t>(numItems), 0);
        t.clear();
        for (auto v : similar.of(u)) {
            if (v < 0 || v >= numUsers)
                throw Error::invalidInput("similar user " + std::to_string(v) + " of user " + std::to_string(u)
                    + " is not a user of the dataset");
            for (auto i : train.items(v))
                if (cnt[static_cast<std::size_t>(i)]++ == 0)
                    t.push_back(i);
        }
        if (!fill) {
            for (auto i : t)
                cnt[static_cast<std::size_t>(i)] = 0;
            pp.m_offsets[static_cast<std::size_t>(u) + 1] = static_cast<std::int64_t>(t.size());
            return;
        }
        std::sort(t.begin(), t.end());
        auto at = static_cast<std::size_t>(pp.m_offsets[static_cast<std::size_t>(u)]);
        double norm = 0.0;
        for (auto i : t) {
            const auto c = cnt[static_cast<std::size_t>(i)];
            cnt[static_cast<std::size_t>(i)] = 0;
            pp.m_items[at] = i;
            pp.m_counts[at] = c;
            ++at;
            norm += static_cast<double>(c) * c;
        }
        pp.m_scale[static_cast<std::size_t>(u)] = norm > 0.0 ? static_cast<float>(1.0 / std::sqrt(norm)) : 0.0f;
    };
    std::atomic<std::int64_t> done{ 0 };
    for (int pass = 0; pass < 2; ++pass) {
        const bool fill = pass == 1;
        if (fill) {
            for (std::size_t u = 0; u < static_cast<std::size_t>(numUsers); ++u)
                pp.m_offsets[u + 1] += pp.m_offsets[u];
            pp.m_items.resize(static_cast<std::size_t>(pp.m_offsets.back()));
            pp.m_counts.resize(static_cast<std::size_t>(pp.m_offsets.back()));
        }
        detail::parallelFor(numUsers, threads, 256, [&](std::int64_t b, std::int64_t e, int worker) {
            for (auto u = static_cast<std::int32_t>(b); u < e; ++u)
                row(u, worker, fill);
            cancel.throwIfCancelled();
            const auto d = done.fetch_add(e - b) + (e - b);
            progress.report(static_cast<double>(d) / (2.0 * numUsers), "personal popularity");
        });
    }
    return pp;
}

} // namespace vantage::ppac
