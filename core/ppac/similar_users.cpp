#include "ppac/similar_users.h"

#include "common/error.h"
#include "common/json.h"
#include "common/text_input.h"
#include "ppac/parallel.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <sstream>

namespace vantage::ppac {

namespace {

// A candidate v of user u: |R_u ∩ R_v| and |R_u ∪ R_v|.
struct Candidate {
    std::int32_t user;
    std::int32_t common;
    std::int32_t unionSize;
};

// Jaccard order compared exactly (cross-multiplied integers), then larger id first: "more similar".
// Equal fractions are equal doubles and distinct fractions with denominators this small never
// round to the same double, so this is the authors' float sort.
bool moreSimilar(const Candidate& a, const Candidate& b)
{
    const auto l = static_cast<std::int64_t>(a.common) * b.unionSize;
    const auto r = static_cast<std::int64_t>(b.common) * a.unionSize;
    if (l != r)
        return l > r;
    return a.user > b.user;
}

} // namespace

SimilarUsers::SimilarUsers(int k, std::vector<std::vector<std::int32_t>> lists)
    : m_k(k)
{
    m_offsets.assign(lists.size() + 1, 0);
    for (std::size_t u = 0; u < lists.size(); ++u) {
        m_users.insert(m_users.end(), lists[u].begin(), lists[u].end());
        m_offsets[u + 1] = static_cast<std::int64_t>(m_users.size());
    }
}

double jaccard(const UserItems& train, std::int32_t u, std::int32_t v)
{
    const auto a = train.items(u);
    const auto b = train.items(v);
    const std::size_t common = commonItems(a, b);
    const auto unionSize = a.size() + b.size() - common;
    return unionSize == 0 ? 0.0 : static_cast<double>(common) / static_cast<double>(unionSize);
}

SimilarUsers computeSimilarUsers(
    const UserItems& train, const SimilarUsersOptions& options, Progress& progress, const CancelToken& cancel)
{
    if (options.k < 1)
        throw Error::invalidInput("the number of similar users must be at least 1").forField("k");
    const std::int32_t numUsers = train.numUsers();
    const UserItems byItem = train.transposed();
    const std::vector<std::int32_t> active = train.activeUserIds();
    const int threads = detail::resolveThreads(options.threads);
    std::vector<std::vector<std::int32_t>> lists(static_cast<std::size_t>(numUsers));
    std::vector<std::vector<std::int32_t>> counts(static_cast<std::size_t>(threads));
    std::vector<std::vector<std::int32_t>> touchedLists(static_cast<std::size_t>(threads));
    std::atomic<std::int64_t> done{ 0 };
    const auto k = static_cast<std::size_t>(options.k);

    detail::parallelFor(numUsers, threads, 64, [&](std::int64_t begin, std::int64_t end, int worker) {
        auto& count = counts[static_cast<std::size_t>(worker)];
        auto& touched = touchedLists[static_cast<std::size_t>(worker)];
        if (count.empty())
            count.assign(static_cast<std::size_t>(numUsers), 0);
        std::vector<Candidate> cands;
        for (auto u = static_cast<std::int32_t>(begin); u < end; ++u) {
            const auto mine = train.items(u);
            if (mine.empty())
                continue;
            touched.clear();
            for (auto i : mine)
                for (auto v : byItem.items(i))
                    if (count[static_cast<std::size_t>(v)]++ == 0)
                        touched.push_back(v);
            cands.clear();
            for (auto v : touched) {
                const auto c = count[static_cast<std::size_t>(v)];
                count[static_cast<std::size_t>(v)] = 0;
                if (v != u)
                    cands.push_back({ v, c, static_cast<std::int32_t>(mine.size()) + train.count(v) - c });
            }
            auto& out = lists[static_cast<std::size_t>(u)];
            if (cands.size() > k) {
                std::nth_element(
                    cands.begin(), cands.begin() + static_cast<std::ptrdiff_t>(k) - 1, cands.end(), moreSimilar);
                cands.resize(k);
            }
            std::sort(cands.begin(), cands.end(), moreSimilar);
            // Fewer than k overlapping users: fill with similarity-0 users, largest id first.
            std::vector<std::int32_t> zeros;
            if (cands.size() < k) {
                std::vector<std::int32_t> taken;
                for (const auto& c : cands)
                    taken.push_back(c.user);
                std::sort(taken.begin(), taken.end());
                for (auto it = active.rbegin(); it != active.rend() && cands.size() + zeros.size() < k; ++it)
                    if (*it != u && !std::binary_search(taken.begin(), taken.end(), *it))
                        zeros.push_back(*it);
            }
            // Least to most similar: the zeros (ascending id), then the candidates reversed.
            out.assign(zeros.rbegin(), zeros.rend());
            for (auto it = cands.rbegin(); it != cands.rend(); ++it)
                out.push_back(it->user);
        }
        cancel.throwIfCancelled();
        const auto d = done.fetch_add(end - begin) + (end - begin);
        progress.report(static_cast<double>(d) / static_cast<double>(numUsers), "similar users");
    });
    return SimilarUsers(options.k, std::move(lists));
}

void writeSimilarUsers(const std::filesystem::path& path, const SimilarUsers& similar)
{
    std::string out;
    out.reserve(static_cast<std::size_t>(similar.numUsers()) * static_cast<std::size_t>(similar.k() + 1) * 6);
    char buf[16];
    for (std::int32_t u = 0; u < similar.numUsers(); ++u) {
        const auto l = similar.of(u);
        if (l.empty())
            continue;
        out.append(buf, std::to_chars(buf, buf + sizeof buf, u).ptr);
        for (auto v : l) {
            out.push_back(' ');
            out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
        }
        out.push_back('\n');
    }
    writeFileAtomic(path, out);
}

SimilarUsers readSimilarUsers(const std::filesystem::path& path, std::int32_t numUsers)
{
    const std::string text
        = readTextFile(path, TextLimits{ .what = "a similar-users file (user: similar users per line)" });
    std::vector<std::vector<std::int32_t>> lists(static_cast<std::size_t>(numUsers));
    std::vector<bool> seen(static_cast<std::size_t>(numUsers), false);
    int k = 0;
    std::size_t pos = 0;
    std::int64_t line = 0;
    auto parse = [&](std::string_view tok, const char* field) {
        std::int32_t v = -1;
        const auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
        if (ec != std::errc() || p != tok.data() + tok.size() || v < 0 || v >= numUsers)
            throw Error::invalidInput("expected a user id in [0, " + std::to_string(numUsers) + "), got '"
                + std::string(tok.substr(0, 20)) + "'")
                .inFile(path.string())
                .atLine(line)
                .forField(field);
        return v;
    };
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        std::string_view l(text.data() + pos, end - pos);
        pos = end + 1;
        ++line;
        std::istringstream tokens{ std::string(l) };
        std::string tok;
        std::vector<std::int32_t> ids;
        std::int32_t user = -1;
        while (tokens >> tok) {
            if (user < 0)
                user = parse(tok, "user");
            else
                ids.push_back(parse(tok, "similar user"));
        }
        if (user < 0)
            continue;
        if (seen[static_cast<std::size_t>(user)])
            throw Error::invalidInput("user " + std::to_string(user) + " is listed twice")
                .inFile(path.string())
                .atLine(line)
                .forField("user");
        seen[static_cast<std::size_t>(user)] = true;
        k = std::max(k, static_cast<int>(ids.size()));
        lists[static_cast<std::size_t>(user)] = std::move(ids);
    }
    return SimilarUsers(k, std::move(lists));
}

SimilarUsersComparison compareSimilarUsers(const SimilarUsers& a, const SimilarUsers& b)
{
    SimilarUsersComparison c;
    const auto n = std::max(a.numUsers(), b.numUsers());
    for (std::int32_t u = 0; u < n; ++u) {
        const auto x = u < a.numUsers() ? a.of(u) : std::span<const std::int32_t>{};
        const auto y = u < b.numUsers() ? b.of(u) : std::span<const std::int32_t>{};
        if (x.empty() && y.empty())
            continue;
        ++c.users;
        if (std::equal(x.begin(), x.end(), y.begin(), y.end()))
            ++c.identical;
        else if (c.firstDifferences.size() < 10)
            c.firstDifferences.push_back(u);
    }
    return c;
}

} // namespace vantage::ppac
