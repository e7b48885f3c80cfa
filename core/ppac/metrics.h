#pragma once
// Top-K lists and the metrics PPAC reports on them, at K in {20, 50, 100} by default:
//   Recall@K     |top-K ∩ T_u| / |T_u|, averaged over users with test items
//   Precision@K  |top-K ∩ T_u| / K
//   NDCG@K       binary relevance: sum_r rel_r / log2(r + 1), divided by the ideal DCG over
//                min(K, |T_u|) relevant positions
//   ARP@K        average recommendation popularity: the mean normalised GP of the top-K items
//   Coverage@K   distinct recommended items / all items
//   Gini@K       Gini index of item exposure (how often each item is recommended), over all items:
//                G = sum_j (2j - n - 1) x_(j) / (n sum_j x_j), x ascending, j = 1..n
//   Tail@K       share of the top-K slots taken by long-tail items (all but the 20% most popular)
// Coverage, Gini and Tail are taken over the users that are evaluated.

#include "common/json.h"
#include "ppac/popularity.h"
#include "ppac/user_items.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::ppac {

// The top `depth` items of each user, best first; -1 fills slots of users with fewer candidates
// and of users that were not ranked.
struct Rankings {
    std::int32_t numUsers = 0;
    int depth = 0;
    std::vector<std::int32_t> items;

    static Rankings empty(std::int32_t numUsers, int depth);
    std::span<const std::int32_t> of(std::int32_t user) const;
    std::span<std::int32_t> slots(std::int32_t user)
    {
        return { items.data() + static_cast<std::size_t>(user) * static_cast<std::size_t>(depth),
            static_cast<std::size_t>(depth) };
    }
};

struct MetricsAtK {
    int k = 0;
    double recall = 0.0;
    double precision = 0.0;
    double ndcg = 0.0;
    double arp = 0.0;
    double coverage = 0.0;
    double gini = 0.0;
    double tailPercentage = 0.0;
};

struct Metrics {
    std::int32_t users = 0; // users with at least one truth item
    std::vector<MetricsAtK> atK;

    const MetricsAtK* at(int k) const;
    // By name, as in the JSON: "recall@20", "ndcg@50", "arp@20", "coverage@100", "gini@20", "tail@20".
    std::optional<double> value(std::string_view name) const;
};

struct MetricsOptions {
    std::vector<int> ks{ 20, 50, 100 };
};

// Throws Error::invalidInput when a K exceeds the depth of the rankings.
Metrics evaluateRankings(
    const Rankings& rankings, const UserItems& truth, const GlobalPopularity& gp, const MetricsOptions& options = {});

// Checks a metric name such as "ndcg@20" against the options (for early stopping).
void checkMetricName(std::string_view name, const MetricsOptions& options);

// {"users": n, "recall@20": ..., "precision@20": ..., "ndcg@20": ..., "arp@20": ..., "coverage@20": ...,
//  "gini@20": ..., "tail@20": ..., then the same at 50 and 100}
Json toJson(const Metrics& metrics);

// One user's view: hits, recall, NDCG and ARP of their own list at K.
struct UserMetrics {
    int hits = 0;
    double recall = 0.0;
    double ndcg = 0.0;
    double arp = 0.0;
};
UserMetrics userMetrics(
    std::span<const std::int32_t> list, std::span<const std::int32_t> truth, const GlobalPopularity& gp, int k);

// Mean GP of the first k items of each user's list (NaN for users with an empty list).
std::vector<float> userArp(const Rankings& rankings, const GlobalPopularity& gp, int k);

// Share of the top-k slots (over the users with a list, or with truth items when `users` is given)
// that falls in each popularity group: items sorted by popularity and cut into `groups` groups of
// equal size, group 0 the most popular. For the before / after debiasing chart.
std::vector<double> exposureByPopularityGroup(
    const Rankings& rankings, const GlobalPopularity& gp, int k, int groups = 10, const UserItems* users = nullptr);

} // namespace vantage::ppac
