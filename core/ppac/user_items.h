#pragma once
// Implicit feedback as a compressed sparse row table: for each user, the sorted, distinct items
// they interacted with. Training, validation and test sets are each one UserItems over the same
// user and item id ranges; the transpose (item -> users) is the index behind similar users.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace vantage::ppac {

class UserItems {
public:
    UserItems() = default;
    // Sorts each user's items and drops duplicates. Ids must lie in [0, numUsers) x [0, numItems).
    static UserItems fromPairs(
        std::int32_t numUsers, std::int32_t numItems, std::vector<std::pair<std::int32_t, std::int32_t>> pairs);
    static UserItems fromLists(std::int32_t numItems, const std::vector<std::vector<std::int32_t>>& lists);
    // An empty table of the given shape.
    static UserItems empty(std::int32_t numUsers, std::int32_t numItems);

    std::int32_t numUsers() const { return m_numUsers; }
    std::int32_t numItems() const { return m_numItems; }
    // Number of (user, item) pairs.
    std::int64_t size() const { return static_cast<std::int64_t>(m_items.size()); }
    bool isEmpty() const { return m_items.empty(); }

    std::span<const std::int32_t> items(std::int32_t user) const
    {
        const auto b = static_cast<std::size_t>(m_offsets[static_cast<std::size_t>(user)]);
        const auto e = static_cast<std::size_t>(m_offsets[static_cast<std::size_t>(user) + 1]);
        return { m_items.data() + b, e - b };
    }
    std::int32_t count(std::int32_t user) const { return static_cast<std::int32_t>(items(user).size()); }
    bool contains(std::int32_t user, std::int32_t item) const;

    // Users with at least one item.
    std::int32_t activeUsers() const;
    std::vector<std::int32_t> activeUserIds() const;
    // Interactions per item (the item's degree).
    std::vector<std::int32_t> itemCounts() const;
    // The item -> users table (numUsers() and numItems() swap roles).
    UserItems transposed() const;
    // Same pairs on a larger id range (ids keep their meaning).
    UserItems resized(std::int32_t numUsers, std::int32_t numItems) const;
    // Pairs in both tables / in this table but not in `other`.
    std::int64_t overlap(const UserItems& other) const;
    UserItems without(const UserItems& other) const;
    UserItems unitedWith(const UserItems& other) const;

    const std::vector<std::int64_t>& offsets() const { return m_offsets; }
    const std::vector<std::int32_t>& flatItems() const { return m_items; }

    // FNV-1a over the shape and the pairs: identifies a training set in a saved model.
    std::uint64_t fingerprint() const;

private:
    std::int32_t m_numUsers = 0;
    std::int32_t m_numItems = 0;
    std::vector<std::int64_t> m_offsets{ 0 };
    std::vector<std::int32_t> m_items;
};

// How many items two sorted, duplicate-free item lists have in common (a merge of the two).
std::size_t commonItems(std::span<const std::int32_t> a, std::span<const std::int32_t> b);

} // namespace vantage::ppac
