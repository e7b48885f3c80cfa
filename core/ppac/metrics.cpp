#include "ppac/metrics.h"

#include "common/assert.h"
#include "common/error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace vantage::ppac {

Rankings Rankings::empty(std::int32_t numUsers, int depth)
{
    Rankings r;
    r.numUsers = numUsers;
    r.depth = depth;
    r.items.assign(static_cast<std::size_t>(numUsers) * static_cast<std::size_t>(depth), -1);
    return r;
}

std::span<const std::int32_t> Rankings::of(std::int32_t user) const
{
    const auto* b = items.data() + static_cast<std::size_t>(user) * static_cast<std::size_t>(depth);
    std::size_t n = 0;
    while (n < static_cast<std::size_t>(depth) && b[n] >= 0)
        ++n;
    return { b, n };
}

const MetricsAtK* Metrics::at(int k) const
{
    for (const auto& m : atK)
        if (m.k == k)
            return &m;
    return nullptr;
}

namespace {

bool parseName(std::string_view name, std::string_view& metric, int& k)
{
    const auto at = name.find('@');
    if (at == std::string_view::npos)
        return false;
    metric = name.substr(0, at);
    const auto digits = name.substr(at + 1);
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), k);
    return ec == std::errc() && p == digits.data() + digits.size() && k > 0;
}

constexpr std::string_view kMetricNames[] = { "recall", "precision", "ndcg", "arp", "coverage", "gini", "tail" };

double field(const MetricsAtK& m, std::string_view metric)
{
    if (metric == "recall")
        return m.recall;
    if (metric == "precision")
        return m.precision;
    if (metric == "ndcg")
        return m.ndcg;
    if (metric == "arp")
        return m.arp;
    if (metric == "coverage")
        return m.coverage;
    if (metric == "gini")
        return m.gini;
    return m.tailPercentage;
}

} // namespace

std::optional<double> Metrics::value(std::string_view name) const
{
    std::string_view metric;
    int k = 0;
    if (!parseName(name, metric, k)
        || std::find(std::begin(kMetricNames), std::end(kMetricNames), metric) == std::end(kMetricNames))
        return std::nullopt;
    const auto* m = at(k);
    if (!m)
        return std::nullopt;
    return field(*m, metric);
}

void checkMetricName(std::string_view name, const MetricsOptions& options)
{
    std::string_view metric;
    int k = 0;
    if (!parseName(name, metric, k)
        || std::find(std::begin(kMetricNames), std::end(kMetricNames), metric) == std::end(kMetricNames))
        throw Error::invalidInput("unknown metric '" + std::string(name)
            + "' (recall, precision, ndcg, arp, coverage, gini or tail, then @K)")
            .forField("metric");
    if (std::find(options.ks.begin(), options.ks.end(), k) == options.ks.end())
        throw Error::invalidInput("metric '" + std::string(name) + "' is at a K that is not evaluated")
            .forField("metric");
}

Metrics evaluateRankings(
    const Rankings& rankings, const UserItems& truth, const GlobalPopularity& gp, const MetricsOptions& options)
{
    if (rankings.numUsers != truth.numUsers())
        throw Error::invalidInput("rankings cover " + std::to_string(rankings.numUsers) + " users, the truth "
            + std::to_string(truth.numUsers()));
    for (int k : options.ks)
        if (k < 1 || k > rankings.depth)
            throw Error::invalidInput("K = " + std::to_string(k) + " but the rankings hold "
                + std::to_string(rankings.depth) + " items per user")
                .forField("k");
    const auto numItems = static_cast<std::size_t>(gp.numItems());
    const int maxK = options.ks.empty() ? 0 : *std::max_element(options.ks.begin(), options.ks.end());
    std::vector<double> discount(static_cast<std::size_t>(maxK) + 1, 0.0),
        ideal(static_cast<std::size_t>(maxK) + 1, 0.0);
    for (int r = 1; r <= maxK; ++r) {
        discount[static_cast<std::size_t>(r)] = 1.0 / std::log2(r + 1.0);
        ideal[static_cast<std::size_t>(r)]
            = ideal[static_cast<std::size_t>(r) - 1] + discount[static_cast<std::size_t>(r)];
    }
    Metrics out;
    std::vector<MetricsAtK> acc(options.ks.size());
    std::vector<std::vector<std::int64_t>> exposure(options.ks.size(), std::vector<std::int64_t>(numItems, 0));
    for (std::int32_t u = 0; u < truth.numUsers(); ++u) {
        const auto t = truth.items(u);
        if (t.empty())
            continue;
        ++out.users;
        const auto list = rankings.of(u);
        for (std::size_t x = 0; x < options.ks.size(); ++x) {
            const int k = options.ks[x];
            const auto n = std::min<std::size_t>(static_cast<std::size_t>(k), list.size());
            int hits = 0;
            double dcg = 0.0, pop = 0.0;
            int tail = 0;
            for (std::size_t r = 0; r < n; ++r) {
                const auto item = list[r];
                VANTAGE_ASSERT(
                    item >= 0 && static_cast<std::size_t>(item) < numItems, "a ranked item outside the catalogue");
                if (std::binary_search(t.begin(), t.end(), item)) {
                    ++hits;
                    dcg += discount[r + 1];
                }
                pop += gp.value(item);
                tail += gp.isTail[static_cast<std::size_t>(item)] ? 1 : 0;
                ++exposure[x][static_cast<std::size_t>(item)];
            }
            auto& m = acc[x];
            m.recall += static_cast<double>(hits) / static_cast<double>(t.size());
            m.precision += static_cast<double>(hits) / k;
            m.ndcg += dcg / ideal[std::min<std::size_t>(static_cast<std::size_t>(k), t.size())];
            m.arp += n > 0 ? pop / static_cast<double>(n) : 0.0;
            m.tailPercentage += static_cast<double>(tail) / k;
        }
    }
    for (std::size_t x = 0; x < options.ks.size(); ++x) {
        auto m = acc[x];
        m.k = options.ks[x];
        const double users = std::max<std::int32_t>(out.users, 1);
        m.recall /= users;
        m.precision /= users;
        m.ndcg /= users;
        m.arp /= users;
        m.tailPercentage /= users;
        auto& e = exposure[x];
        m.coverage = numItems > 0 ? static_cast<double>(std::count_if(e.begin(), e.end(), [](auto c) { return c > 0; }))
                / static_cast<double>(numItems)
                                  : 0.0;
        std::sort(e.begin(), e.end());
        double weighted = 0.0, total = 0.0;
        const auto n = static_cast<double>(e.size());
        for (std::size_t j = 0; j < e.size(); ++j) {
            weighted += (2.0 * static_cast<double>(j + 1) - n - 1.0) * static_cast<double>(e[j]);
            total += static_cast<double>(e[j]);
        }
        m.gini = total > 0.0 ? weighted / (n * total) : 0.0;
        VANTAGE_ASSERT(m.recall >= 0.0 && m.recall <= 1.0 && m.precision >= 0.0 && m.precision <= 1.0 && m.ndcg >= 0.0
                && m.ndcg <= 1.0 + 1e-9 && m.coverage >= 0.0 && m.coverage <= 1.0,
            "a ranking metric outside [0, 1]");
        out.atK.push_back(m);
    }
    return out;
}

Json toJson(const Metrics& metrics)
{
    Json j = { { "users", metrics.users } };
    for (const auto& m : metrics.atK) {
        std::string at(1, '@'); // (not "@" + to_string: GCC 12 warns falsely, -Wrestrict)
        at += std::to_string(m.k);
        j["recall" + at] = m.recall;
        j["precision" + at] = m.precision;
        j["ndcg" + at] = m.ndcg;
        j["arp" + at] = m.arp;
        j["coverage" + at] = m.coverage;
        j["gini" + at] = m.gini;
        j["tail" + at] = m.tailPercentage;
    }
    return j;
}

UserMetrics userMetrics(
    std::span<const std::int32_t> list, std::span<const std::int32_t> truth, const GlobalPopularity& gp, int k)
{
    UserMetrics m;
    const auto n = std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), list.size());
    double dcg = 0.0, pop = 0.0;
    for (std::size_t r = 0; r < n; ++r) {
        if (std::binary_search(truth.begin(), truth.end(), list[r])) {
            ++m.hits;
            dcg += 1.0 / std::log2(static_cast<double>(r) + 2.0);
        }
        pop += gp.value(list[r]);
    }
    double idcg = 0.0;
    for (std::size_t r = 0; r < std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), truth.size()); ++r)
        idcg += 1.0 / std::log2(static_cast<double>(r) + 2.0);
    m.recall = truth.empty() ? 0.0 : static_cast<double>(m.hits) / static_cast<double>(truth.size());
    m.ndcg = idcg > 0.0 ? dcg / idcg : 0.0;
    m.arp = n > 0 ? pop / static_cast<double>(n) : 0.0;
    return m;
}

std::vector<float> userArp(const Rankings& rankings, const GlobalPopularity& gp, int k)
{
    std::vector<float> out(static_cast<std::size_t>(rankings.numUsers), std::numeric_limits<float>::quiet_NaN());
    for (std::int32_t u = 0; u < rankings.numUsers; ++u) {
        const auto l = rankings.of(u);
        const auto n = std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), l.size());
        if (n == 0)
            continue;
        double s = 0.0;
        for (std::size_t r = 0; r < n; ++r)
            s += gp.value(l[r]);
        out[static_cast<std::size_t>(u)] = static_cast<float>(s / static_cast<double>(n));
    }
    return out;
}

std::vector<double> exposureByPopularityGroup(
    const Rankings& rankings, const GlobalPopularity& gp, int k, int groups, const UserItems* users)
{
    if (groups < 1)
        throw Error::invalidInput("at least one popularity group").forField("groups");
    const auto numItems = gp.byPopularity.size();
    std::vector<int> groupOf(numItems, 0);
    for (std::size_t r = 0; r < numItems; ++r)
        groupOf[static_cast<std::size_t>(gp.byPopularity[r])]
            = static_cast<int>(r * static_cast<std::size_t>(groups) / std::max<std::size_t>(numItems, 1));
    std::vector<double> share(static_cast<std::size_t>(groups), 0.0);
    double total = 0.0;
    for (std::int32_t u = 0; u < rankings.numUsers; ++u) {
        if (users && users->items(u).empty())
            continue;
        const auto l = rankings.of(u);
        const auto n = std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), l.size());
        for (std::size_t r = 0; r < n; ++r) {
            share[static_cast<std::size_t>(groupOf[static_cast<std::size_t>(l[r])])] += 1.0;
            total += 1.0;
        }
    }
    if (total > 0.0)
        for (auto& s : share)
            s /= total;
    return share;
}

} // namespace vantage::ppac
