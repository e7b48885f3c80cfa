#include "ppac/synthetic.h"

#include "common/error.h"
#include "common/json.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <unordered_set>

namespace vantage::ppac {

namespace {

void check(const SyntheticOptions& o)
{
    if (o.users < 2)
        throw Error::invalidInput("needs at least 2 users").forField("users");
    if (o.items < 10)
        throw Error::invalidInput("needs at least 10 items").forField("items");
    if (o.communities < 1 || o.communities > o.items)
        throw Error::invalidInput("needs between 1 and as many communities as items").forField("communities");
    if (!(o.meanInteractions >= 4.0) || o.meanInteractions > 0.5 * o.items)
        throw Error::invalidInput("the mean number of interactions must lie in [4, items / 2]")
            .forField("mean_interactions");
    // Interactions are held as (user, item) pairs of 8 bytes, twice while they are drawn.
    constexpr double kMaxInteractions = 500e6;
    if (double(o.users) * o.meanInteractions > kMaxInteractions)
        throw Error::invalidInput("users x mean interactions is " + std::to_string(double(o.users) * o.meanInteractions)
            + "; a synthetic set holds at most 500 million interactions")
            .forField("users");
    if (o.items > 100'000'000)
        throw Error::invalidInput("a synthetic set holds at most 100 million items").forField("items");
    if (!(o.popularityExponent >= 0.0) || o.popularityExponent > 4.0)
        throw Error::invalidInput("the popularity exponent must lie in [0, 4]").forField("popularity_exponent");
    if (!(o.communityAffinity >= 0.0 && o.communityAffinity <= 1.0))
        throw Error::invalidInput("the community affinity must lie in [0, 1]").forField("community_affinity");
}

} // namespace

Json toJson(const SyntheticOptions& o)
{
    return { { "generator", "synthetic" }, { "users", o.users }, { "items", o.items }, { "communities", o.communities },
        { "mean_interactions", o.meanInteractions }, { "popularity_exponent", o.popularityExponent },
        { "community_affinity", o.communityAffinity }, { "test_fraction", o.testFraction },
        { "validation_fraction", o.validationFraction }, { "balanced_per_item", o.balancedPerItem },
        { "seed", o.seed } };
}

SyntheticOptions syntheticOptionsFromJson(const Json& j, const std::string& where)
{
    SyntheticOptions o;
    o.users = jsonFieldOr(j, "users", o.users, where);
    o.items = jsonFieldOr(j, "items", o.items, where);
    o.communities = jsonFieldOr(j, "communities", o.communities, where);
    o.meanInteractions = jsonFieldOr(j, "mean_interactions", o.meanInteractions, where);
    o.popularityExponent = jsonFieldOr(j, "popularity_exponent", o.popularityExponent, where);
    o.communityAffinity = jsonFieldOr(j, "community_affinity", o.communityAffinity, where);
    o.testFraction = jsonFieldOr(j, "test_fraction", o.testFraction, where);
    o.validationFraction = jsonFieldOr(j, "validation_fraction", o.validationFraction, where);
    o.balancedPerItem = jsonFieldOr(j, "balanced_per_item", o.balancedPerItem, where);
    o.seed = jsonFieldOr(j, "seed", o.seed, where);
    return o;
}

InteractionLog generateSyntheticLog(const SyntheticOptions& o, SyntheticTruth* truth)
{
    check(o);
    std::mt19937_64 rng(o.seed);
    // Popularity rank of each item is a random permutation; weight 1 / (rank + 1)^s.
    std::vector<std::int32_t> rank(static_cast<std::size_t>(o.items));
    std::iota(rank.begin(), rank.end(), 0);
    std::shuffle(rank.begin(), rank.end(), rng);
    std::vector<double> weight(static_cast<std::size_t>(o.items));
    for (std::size_t i = 0; i < weight.size(); ++i)
        weight[i] = 1.0 / std::pow(static_cast<double>(rank[i]) + 1.0, o.popularityExponent);
    // Items go to communities round-robin over a shuffled order, so each community has a head and a tail.
    std::vector<int> itemCommunity(static_cast<std::size_t>(o.items));
    {
        std::vector<std::int32_t> order(static_cast<std::size_t>(o.items));
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        for (std::size_t k = 0; k < order.size(); ++k)
            itemCommunity[static_cast<std::size_t>(order[k])]
                = static_cast<int>(k % static_cast<std::size_t>(o.communities));
    }
    std::vector<std::discrete_distribution<std::int32_t>> byCommunity;
    std::vector<std::vector<std::int32_t>> members(static_cast<std::size_t>(o.communities));
    for (std::int32_t i = 0; i < o.items; ++i)
        members[static_cast<std::size_t>(itemCommunity[static_cast<std::size_t>(i)])].push_back(i);
    for (const auto& m : members) {
        std::vector<double> w;
        for (auto i : m)
            w.push_back(weight[static_cast<std::size_t>(i)]);
        byCommunity.emplace_back(w.begin(), w.end());
    }
    std::discrete_distribution<std::int32_t> global(weight.begin(), weight.end());
    std::uniform_int_distribution<int> pickCommunity(0, o.communities - 1);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    // Interactions per user: 4 + geometric, so the mean is meanInteractions and the tail is long.
    std::geometric_distribution<int> extra(1.0 / (o.meanInteractions - 4.0 + 1.0));
    const int cap = std::max(4, o.items / 2);

    InteractionLog log;
    log.hasRatings = false;
    log.hasTimestamps = true;
    log.source = "synthetic";
    std::vector<int> userCommunity(static_cast<std::size_t>(o.users));
    for (std::int32_t u = 0; u < o.users; ++u) {
        const int c = pickCommunity(rng);
        userCommunity[static_cast<std::size_t>(u)] = c;
        const int n = std::min(cap, 4 + extra(rng));
        std::unordered_set<std::int32_t> seen;
        double t = 0.0;
        for (int attempts = 0; static_cast<int>(seen.size()) < n && attempts < 50 * n; ++attempts) {
            const bool own = unit(rng) < o.communityAffinity;
            const std::int32_t i = own
                ? members[static_cast<std::size_t>(c)]
                         [static_cast<std::size_t>(byCommunity[static_cast<std::size_t>(c)](rng))]
                : global(rng);
            if (!seen.insert(i).second)
                continue;
            t += 1.0 + unit(rng);
            log.rows.push_back({ u, i, 1.0, t });
        }
    }
    log.userLabels.resize(static_cast<std::size_t>(o.users));
    for (std::int32_t u = 0; u < o.users; ++u)
        log.userLabels[static_cast<std::size_t>(u)] = std::to_string(u);
    log.itemLabels.resize(static_cast<std::size_t>(o.items));
    for (std::int32_t i = 0; i < o.items; ++i)
        log.itemLabels[static_cast<std::size_t>(i)] = std::to_string(i);
    if (truth) {
        truth->userCommunity = std::move(userCommunity);
        truth->itemCommunity = std::move(itemCommunity);
    }
    return log;
}

Dataset generateSynthetic(const SyntheticOptions& o, SyntheticTruth* truth)
{
    const InteractionLog log = generateSyntheticLog(o, truth);
    const auto numUsers = static_cast<std::int32_t>(log.userLabels.size());
    const auto numItems = static_cast<std::int32_t>(log.itemLabels.size());
    auto [train, test]
        = splitLog(log, { .method = SplitMethod::RandomPerUser, .testFraction = o.testFraction, .seed = o.seed + 1 });
    auto [fit, validation] = holdOutValidation(train, o.validationFraction, o.seed + 2);
    Dataset d;
    d.name = "synthetic (seed " + std::to_string(o.seed) + ")";
    d.source = "synthetic: " + std::to_string(numUsers) + " users, " + std::to_string(numItems) + " items, "
        + std::to_string(o.communities) + " communities, Zipf " + std::to_string(o.popularityExponent).substr(0, 4)
        + ", affinity " + std::to_string(o.communityAffinity).substr(0, 4) + ", seed " + std::to_string(o.seed);
    d.train = std::move(fit);
    d.validation = std::move(validation);
    d.balancedTest = buildBalancedTest(test, o.balancedPerItem, o.seed + 3);
    d.test = std::move(test);
    d.notes = toJson(o);
    d.notes["balanced_test"] = "built: " + std::to_string(o.balancedPerItem) + " per item";
    checkDataset(d);
    return d;
}

} // namespace vantage::ppac
