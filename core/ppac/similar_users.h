#pragma once
// The similar users S_u of PPAC (Ning et al., "Debiasing Recommendation with Personal Popularity",
// WWW 2024, Sec. 4.1): for each user the k other users with the highest Jaccard similarity of their
// training item sets, ties broken toward the larger user id, listed least to most similar (the
// order of the authors' sim_users files). Users with fewer than k overlapping users are filled up
// with non-overlapping ones, again largest id first, exactly as the authors' sort does.
//
// Computed through the item -> users index: for user u, every user v sharing an item is visited
// once per shared item, so the work is sum_i deg(i)^2 and no U x U matrix is ever formed.

#include "common/progress.h"
#include "ppac/user_items.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

namespace vantage::ppac {

class SimilarUsers {
public:
    SimilarUsers() = default;
    SimilarUsers(int k, std::vector<std::vector<std::int32_t>> lists);

    int k() const { return m_k; }
    std::int32_t numUsers() const { return static_cast<std::int32_t>(m_offsets.size()) - 1; }
    // Least to most similar; empty for users without training items.
    std::span<const std::int32_t> of(std::int32_t user) const
    {
        const auto b = static_cast<std::size_t>(m_offsets[static_cast<std::size_t>(user)]);
        const auto e = static_cast<std::size_t>(m_offsets[static_cast<std::size_t>(user) + 1]);
        return { m_users.data() + b, e - b };
    }

private:
    int m_k = 0;
    std::vector<std::int64_t> m_offsets{ 0 };
    std::vector<std::int32_t> m_users;
};

struct SimilarUsersOptions {
    int k = 30;
    int threads = 0; // 0: all cores
};

SimilarUsers computeSimilarUsers(
    const UserItems& train, const SimilarUsersOptions& options, Progress& progress, const CancelToken& cancel);

// Jaccard similarity of two users' training item sets.
double jaccard(const UserItems& train, std::int32_t u, std::int32_t v);

// The authors' file format: one line "uid s1 ... sk" per user with training items.
void writeSimilarUsers(const std::filesystem::path& path, const SimilarUsers& similar);
SimilarUsers readSimilarUsers(const std::filesystem::path& path, std::int32_t numUsers);

struct SimilarUsersComparison {
    std::int32_t users = 0; // users listed in either
    std::int32_t identical = 0; // same users in the same order
    std::vector<std::int32_t> firstDifferences; // up to 10 user ids
    bool allIdentical() const { return identical == users; }
};
SimilarUsersComparison compareSimilarUsers(const SimilarUsers& a, const SimilarUsers& b);

} // namespace vantage::ppac
