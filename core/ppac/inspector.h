#pragma once
// The bias inspector's view of one user: their history and similar users, the items personal and
// global popularity rank highest for them, and the model's top-K before (gamma = beta = 0) and
// after the knobs, each item with its GP, PP and whether it is in the user's test set.

#include "common/json.h"
#include "ppac/prepared_dataset.h"
#include "ppac/recommender.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::ppac {

struct InspectedItem {
    std::int32_t item = 0;
    std::string label;
    std::int32_t globalCount = 0; // GPraw
    float global = 0.0f; // GP
    std::int32_t personalCount = 0; // PPraw: similar users who interacted with it
    float personal = 0.0f; // PP
    float baseScore = 0.0f; // y * p * q (0 without a model)
    float score = 0.0f; // with the knobs (0 without a model)
    bool inTrain = false;
    bool inTest = false;
    bool inBalancedTest = false;
};

struct SimilarUser {
    std::int32_t user = 0;
    std::string label;
    double jaccard = 0.0;
    std::int32_t common = 0; // shared training items
};

struct InspectOptions {
    int k = 20; // recommendations shown
    int topItems = 20; // items ranked by PP and by GP
    Knobs knobs; // "after"
};

struct UserInspection {
    std::int32_t user = 0;
    std::string label;
    std::vector<std::int32_t> history; // training items
    std::vector<std::int32_t> validation;
    std::vector<std::int32_t> test;
    std::vector<std::int32_t> balancedTest;
    std::vector<SimilarUser> similarUsers; // most similar first
    std::vector<InspectedItem> personalTop; // by PP (ties: GP, then id)
    std::vector<InspectedItem> globalTop; // by GP, among items the user has not interacted with
    bool hasModel = false;
    std::string model; // "PPAC-MF", ...
    Knobs knobs;
    std::vector<InspectedItem> before; // top-K at gamma = beta = 0
    std::vector<InspectedItem> after; // top-K with the knobs
    double arpBefore = 0.0, arpAfter = 0.0; // mean GP of the lists
    double ppBefore = 0.0, ppAfter = 0.0; // mean PP of the lists
    int hitsBefore = 0, hitsAfter = 0; // test items in the lists
};

// `recommender` may be null: then only the data side is filled in.
UserInspection inspectUser(
    const PreparedDataset& data, const Recommender* recommender, std::int32_t user, const InspectOptions& options);

// {"user", "label", "history", "similar_users": [{"user", "jaccard", "common"}], "pp_items": [{"item",
// "count", "pp", ...}], "gp_items": [{"item", "count", "gp", ...}], "recommendations": [...] (after),
// "before": [...], "arp_before", "arp_after", ...}
Json toJson(const UserInspection& inspection);

} // namespace vantage::ppac
