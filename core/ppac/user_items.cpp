#include "ppac/user_items.h"

#include "common/error.h"

#include <algorithm>
#include <string>

namespace vantage::ppac {

UserItems UserItems::fromPairs(
    std::int32_t numUsers, std::int32_t numItems, std::vector<std::pair<std::int32_t, std::int32_t>> pairs)
{
    if (numUsers < 0 || numItems < 0)
        throw Error::invalidInput("negative table shape");
    for (const auto& [u, i] : pairs)
        if (u < 0 || u >= numUsers || i < 0 || i >= numItems)
            throw Error::invalidInput("pair (" + std::to_string(u) + ", " + std::to_string(i) + ") outside "
                + std::to_string(numUsers) + " users x " + std::to_string(numItems) + " items");
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    UserItems t;
    t.m_numUsers = numUsers;
    t.m_numItems = numItems;
    t.m_offsets.assign(static_cast<std::size_t>(numUsers) + 1, 0);
    t.m_items.reserve(pairs.size());
    for (const auto& [u, i] : pairs) {
        ++t.m_offsets[static_cast<std::size_t>(u) + 1];
        t.m_items.push_back(i);
    }
    for (std::size_t u = 0; u < static_cast<std::size_t>(numUsers); ++u)
        t.m_offsets[u + 1] += t.m_offsets[u];
    return t;
}

UserItems UserItems::fromLists(std::int32_t numItems, const std::vector<std::vector<std::int32_t>>& lists)
{
    UserItems t;
    t.m_numUsers = static_cast<std::int32_t>(lists.size());
    t.m_numItems = numItems;
    t.m_offsets.assign(lists.size() + 1, 0);
    for (std::size_t u = 0; u < lists.size(); ++u) {
        std::vector<std::int32_t> l = lists[u];
        std::sort(l.begin(), l.end());
        l.erase(std::unique(l.begin(), l.end()), l.end());
        for (auto i : l)
            if (i < 0 || i >= numItems)
                throw Error::invalidInput("item " + std::to_string(i) + " of user " + std::to_string(u)
                    + " outside [0, " + std::to_string(numItems) + ")");
        t.m_items.insert(t.m_items.end(), l.begin(), l.end());
        t.m_offsets[u + 1] = static_cast<std::int64_t>(t.m_items.size());
    }
    return t;
}

UserItems UserItems::empty(std::int32_t numUsers, std::int32_t numItems)
{
    UserItems t;
    t.m_numUsers = numUsers;
    t.m_numItems = numItems;
    t.m_offsets.assign(static_cast<std::size_t>(numUsers) + 1, 0);
    return t;
}

bool UserItems::contains(std::int32_t user, std::int32_t item) const
{
    if (user < 0 || user >= m_numUsers)
        return false;
    const auto l = items(user);
    return std::binary_search(l.begin(), l.end(), item);
}

std::int32_t UserItems::activeUsers() const
{
    std::int32_t n = 0;
    for (std::int32_t u = 0; u < m_numUsers; ++u)
        n += count(u) > 0 ? 1 : 0;
    return n;
}

std::vector<std::int32_t> UserItems::activeUserIds() const
{
    std::vector<std::int32_t> out;
    for (std::int32_t u = 0; u < m_numUsers; ++u)
        if (count(u) > 0)
            out.push_back(u);
    return out;
}

std::vector<std::int32_t> UserItems::itemCounts() const
{
    std::vector<std::int32_t> c(static_cast<std::size_t>(m_numItems), 0);
    for (auto i : m_items)
        ++c[static_cast<std::size_t>(i)];
    return c;
}

UserItems UserItems::transposed() const
{
    UserItems t;
    t.m_numUsers = m_numItems;
    t.m_numItems = m_numUsers;
    t.m_offsets.assign(static_cast<std::size_t>(m_numItems) + 1, 0);
    for (auto i : m_items)
        ++t.m_offsets[static_cast<std::size_t>(i) + 1];
    for (std::size_t i = 0; i < static_cast<std::size_t>(m_numItems); ++i)
        t.m_offsets[i + 1] += t.m_offsets[i];
    t.m_items.resize(m_items.size());
    std::vector<std::int64_t> fill(t.m_offsets.begin(), t.m_offsets.end() - 1);
    // Users are visited in increasing order, so each item's user list comes out sorted.
    for (std::int32_t u = 0; u < m_numUsers; ++u)
        for (auto i : items(u))
            t.m_items[static_cast<std::size_t>(fill[static_cast<std::size_t>(i)]++)] = u;
    return t;
}

UserItems UserItems::resized(std::int32_t numUsers, std::int32_t numItems) const
{
    if (numUsers < m_numUsers || numItems < m_numItems)
        throw Error::invalidInput("cannot shrink an interaction table");
    UserItems t = *this;
    t.m_numUsers = numUsers;
    t.m_numItems = numItems;
    t.m_offsets.resize(static_cast<std::size_t>(numUsers) + 1, t.m_offsets.back());
    return t;
}

std::int64_t UserItems::overlap(const UserItems& other) const
{
    std::int64_t n = 0;
    const std::int32_t users = std::min(m_numUsers, other.m_numUsers);
    for (std::int32_t u = 0; u < users; ++u)
        n += static_cast<std::int64_t>(commonItems(items(u), other.items(u)));
    return n;
}

UserItems UserItems::without(const UserItems& other) const
{
    UserItems t;
    t.m_numUsers = m_numUsers;
    t.m_numItems = m_numItems;
    t.m_offsets.assign(static_cast<std::size_t>(m_numUsers) + 1, 0);
    t.m_items.reserve(m_items.size());
    for (std::int32_t u = 0; u < m_numUsers; ++u) {
        const auto a = items(u);
        const auto b = u < other.m_numUsers ? other.items(u) : std::span<const std::int32_t>{};
        std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(t.m_items));
        t.m_offsets[static_cast<std::size_t>(u) + 1] = static_cast<std::int64_t>(t.m_items.size());
    }
    return t;
}

UserItems UserItems::unitedWith(const UserItems& other) const
{
    UserItems t;
    t.m_numUsers = std::max(m_numUsers, other.m_numUsers);
    t.m_numItems = std::max(m_numItems, other.m_numItems);
    t.m_offsets.assign(static_cast<std::size_t>(t.m_numUsers) + 1, 0);
    t.m_items.reserve(m_items.size() + other.m_items.size());
    for (std::int32_t u = 0; u < t.m_numUsers; ++u) {
        const auto a = u < m_numUsers ? items(u) : std::span<const std::int32_t>{};
        const auto b = u < other.m_numUsers ? other.items(u) : std::span<const std::int32_t>{};
        std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(t.m_items));
        t.m_offsets[static_cast<std::size_t>(u) + 1] = static_cast<std::int64_t>(t.m_items.size());
    }
    return t;
}

std::uint64_t UserItems::fingerprint() const
{
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](std::uint64_t v) {
        for (int b = 0; b < 8; ++b) {
            h ^= (v >> (8 * b)) & 0xFFu;
            h *= 1099511628211ull;
        }
    };
    mix(static_cast<std::uint64_t>(m_numUsers));
    mix(static_cast<std::uint64_t>(m_numItems));
    for (auto o : m_offsets)
        mix(static_cast<std::uint64_t>(o));
    for (auto i : m_items)
        mix(static_cast<std::uint64_t>(i));
    return h;
}

std::size_t commonItems(std::span<const std::int32_t> a, std::span<const std::int32_t> b)
{
    std::size_t x = 0, y = 0, common = 0;
    while (x < a.size() && y < b.size()) {
        if (a[x] < b[y]) {
            ++x;
        } else if (b[y] < a[x]) {
            ++y;
        } else {
            ++common;
            ++x;
            ++y;
        }
    }
    return common;
}

} // namespace vantage::ppac
