#include "ppac/inspector.h"

#include "common/error.h"

#include <algorithm>

namespace vantage::ppac {

namespace {

InspectedItem describe(const PreparedDataset& data, std::int32_t user, std::int32_t item)
{
    const auto& d = data.dataset;
    InspectedItem x;
    x.item = item;
    x.label = d.itemLabel(item);
    x.globalCount = data.global.counts[static_cast<std::size_t>(item)];
    x.global = data.global.value(item);
    x.personalCount = data.personal.count(user, item);
    x.personal = data.personal.value(user, item);
    x.inTrain = d.train.contains(user, item);
    x.inTest = d.test.contains(user, item);
    x.inBalancedTest = d.balancedTest.contains(user, item);
    return x;
}

Json itemJson(const InspectedItem& x, bool scores)
{
    Json j = { { "item", x.item }, { "label", x.label }, { "count", x.globalCount }, { "gp", x.global },
        { "pp_count", x.personalCount }, { "pp", x.personal }, { "in_train", x.inTrain }, { "in_test", x.inTest },
        { "in_balanced_test", x.inBalancedTest } };
    if (scores) {
        j["base_score"] = x.baseScore;
        j["score"] = x.score;
    }
    return j;
}

} // namespace

UserInspection inspectUser(
    const PreparedDataset& data, const Recommender* recommender, std::int32_t user, const InspectOptions& options)
{
    const auto& d = data.dataset;
    if (user < 0 || user >= d.numUsers())
        throw Error::invalidInput(
            "no user " + std::to_string(user) + " (the dataset has " + std::to_string(d.numUsers()) + ")")
            .forField("user");
    if (options.k < 1 || options.topItems < 0)
        throw Error::invalidInput("k must be at least 1").forField("k");
    if (recommender && &recommender->data() != &data)
        throw Error::invalidInput("the model belongs to another dataset");
    UserInspection r;
    r.user = user;
    r.label = d.userLabel(user);
    const auto h = d.train.items(user);
    r.history.assign(h.begin(), h.end());
    const auto v = d.validation.items(user);
    r.validation.assign(v.begin(), v.end());
    const auto t = d.test.items(user);
    r.test.assign(t.begin(), t.end());
    const auto bt = d.balancedTest.items(user);
    r.balancedTest.assign(bt.begin(), bt.end());

    const auto sim = data.similar.of(user);
    for (auto it = sim.rbegin(); it != sim.rend(); ++it) {
        const auto other = d.train.items(*it);
        std::int32_t common = 0;
        for (std::size_t x = 0, y = 0; x < h.size() && y < other.size();) {
            if (h[x] < other[y])
                ++x;
            else if (other[y] < h[x])
                ++y;
            else {
                ++common;
                ++x;
                ++y;
            }
        }
        r.similarUsers.push_back({ *it, d.userLabel(*it), jaccard(d.train, user, *it), common });
    }

    // Items by personal popularity: count, then GP, then id.
    {
        const auto items = data.personal.items(user);
        const auto counts = data.personal.counts(user);
        std::vector<std::size_t> idx(items.size());
        for (std::size_t k = 0; k < idx.size(); ++k)
            idx[k] = k;
        const auto n = std::min<std::size_t>(idx.size(), static_cast<std::size_t>(options.topItems));
        std::partial_sort(
            idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(n), idx.end(), [&](std::size_t a, std::size_t b) {
                if (counts[a] != counts[b])
                    return counts[a] > counts[b];
                const auto ga = data.global.counts[static_cast<std::size_t>(items[a])];
                const auto gb = data.global.counts[static_cast<std::size_t>(items[b])];
                return ga != gb ? ga > gb : items[a] < items[b];
            });
        for (std::size_t k = 0; k < n; ++k)
            r.personalTop.push_back(describe(data, user, items[idx[k]]));
    }
    for (auto item : data.global.byPopularity) {
        if (static_cast<int>(r.globalTop.size()) >= options.topItems)
            break;
        if (!data.known.contains(user, item))
            r.globalTop.push_back(describe(data, user, item));
    }

    if (recommender) {
        r.hasModel = true;
        r.model = recommender->weights().displayName();
        r.knobs = options.knobs;
        const int k = std::min(options.k, recommender->options().depth);
        auto fill = [&](const std::vector<RecommendedItem>& list, std::vector<InspectedItem>& out, double& arp,
                        double& pp, int& hits) {
            for (const auto& x : list) {
                auto item = describe(data, user, x.item);
                item.baseScore = x.baseScore;
                item.score = x.score;
                arp += item.global;
                pp += item.personal;
                hits += item.inTest ? 1 : 0;
                out.push_back(std::move(item));
            }
            if (!out.empty()) {
                arp /= static_cast<double>(out.size());
                pp /= static_cast<double>(out.size());
            }
        };
        fill(recommender->recommend(user, k, Knobs{}), r.before, r.arpBefore, r.ppBefore, r.hitsBefore);
        fill(recommender->recommend(user, k, options.knobs), r.after, r.arpAfter, r.ppAfter, r.hitsAfter);
    }
    return r;
}

Json toJson(const UserInspection& r)
{
    Json similar = Json::array();
    for (const auto& s : r.similarUsers)
        similar.push_back(
            { { "user", s.user }, { "label", s.label }, { "jaccard", s.jaccard }, { "common", s.common } });
    auto list = [](const std::vector<InspectedItem>& items, bool scores) {
        Json a = Json::array();
        for (const auto& x : items)
            a.push_back(itemJson(x, scores));
        return a;
    };
    Json j = { { "user", r.user }, { "label", r.label }, { "history", r.history }, { "validation", r.validation },
        { "test", r.test }, { "balanced_test", r.balancedTest }, { "similar_users", similar },
        { "pp_items", list(r.personalTop, false) }, { "gp_items", list(r.globalTop, false) } };
    if (r.hasModel) {
        j["model"] = r.model;
        j["gamma"] = r.knobs.gamma;
        j["beta"] = r.knobs.beta;
        j["recommendations"] = list(r.after, true);
        j["before"] = list(r.before, true);
        j["arp_before"] = r.arpBefore;
        j["arp_after"] = r.arpAfter;
        j["pp_before"] = r.ppBefore;
        j["pp_after"] = r.ppAfter;
        j["hits_before"] = r.hitsBefore;
        j["hits_after"] = r.hitsAfter;
    } else {
        j["recommendations"] = Json::array();
    }
    return j;
}

} // namespace vantage::ppac
