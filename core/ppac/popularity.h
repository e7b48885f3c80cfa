#pragma once
// The two popularities of PPAC (Ning et al., WWW 2024, Eq. 1-2, as in the authors' code):
//   global   GPraw(i) = training interactions of item i,  GP(i) = GPraw(i) / ||GPraw||_2
//   personal PPraw(u, i) = |{v in S_u : i in R_v}|,      PP(u, i) = PPraw(u, i) / ||PPraw(u, .)||_2
// Personal popularity is stored sparse (only the items some similar user interacted with).

#include "common/progress.h"
#include "ppac/similar_users.h"
#include "ppac/user_items.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vantage::ppac {

struct GlobalPopularity {
    std::vector<std::int32_t> counts; // GPraw
    std::vector<float> values; // GP
    float minValue = 0.0f;
    float maxValue = 0.0f;
    // Items from most to least popular (count descending, then id ascending).
    std::vector<std::int32_t> byPopularity;
    // Long-tail items: all but the `headFraction` most popular (see metrics.h).
    std::vector<bool> isTail;

    float value(std::int32_t item) const { return values[static_cast<std::size_t>(item)]; }
    std::int32_t numItems() const { return static_cast<std::int32_t>(counts.size()); }
};

GlobalPopularity globalPopularity(const UserItems& train, double headFraction = 0.2);

class PersonalPopularity {
public:
    PersonalPopularity() = default;

    std::int32_t numUsers() const { return static_cast<std::int32_t>(m_offsets.size()) - 1; }
    std::int32_t numItems() const { return m_numItems; }
    std::int64_t nonZeros() const { return static_cast<std::int64_t>(m_items.size()); }

    // The items with PPraw(u, i) > 0, ascending, and their counts.
    std::span<const std::int32_t> items(std::int32_t user) const
    {
        return { m_items.data() + begin(user), static_cast<std::size_t>(end(user) - begin(user)) };
    }
    std::span<const std::uint16_t> counts(std::int32_t user) const
    {
        return { m_counts.data() + begin(user), static_cast<std::size_t>(end(user) - begin(user)) };
    }
    // 1 / ||PPraw(u, .)||_2 (0 for a user with no similar-user items).
    float scale(std::int32_t user) const { return m_scale[static_cast<std::size_t>(user)]; }

    std::int32_t count(std::int32_t user, std::int32_t item) const;
    float value(std::int32_t user, std::int32_t item) const
    {
        return static_cast<float>(count(user, item)) * scale(user);
    }
    // Flat position of (user, item) in the sparse arrays, or -1.
    std::int64_t find(std::int32_t user, std::int32_t item) const;

    std::int64_t begin(std::int32_t user) const { return m_offsets[static_cast<std::size_t>(user)]; }
    std::int64_t end(std::int32_t user) const { return m_offsets[static_cast<std::size_t>(user) + 1]; }

private:
    friend PersonalPopularity personalPopularity(
        const UserItems&, const SimilarUsers&, int, Progress&, const CancelToken&);
    std::int32_t m_numItems = 0;
    std::vector<std::int64_t> m_offsets{ 0 };
    std::vector<std::int32_t> m_items;
    std::vector<std::uint16_t> m_counts;
    std::vector<float> m_scale;
};

PersonalPopularity personalPopularity(
    const UserItems& train, const SimilarUsers& similar, int threads, Progress& progress, const CancelToken& cancel);

} // namespace vantage::ppac
