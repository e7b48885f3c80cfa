#pragma once
// A recommendation dataset as PPAC uses it: implicit feedback split into training, validation
// (held out from training, for early stopping), test and popularity-balanced test, over one range
// of user ids and one of item ids. Loaders (loaders.h), splits (splits.h) and the synthetic
// generator (synthetic.h) produce it; the overview feeds the GUI's dataset panel.

#include "common/json.h"
#include "ppac/user_items.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::ppac {

struct Dataset {
    std::string name; // shown to people: "gowalla", "synthetic (seed 7)"
    std::string source; // where it came from: a path, or the generator's parameters
    UserItems train; // what models are fitted on (without the validation split)
    UserItems validation; // held out from the training data for early stopping; may be empty
    UserItems test;
    UserItems balancedTest; // every item with >= c test interactions contributes exactly c
    // Original ids of users and items when a loader mapped them to dense indices; empty when the
    // indices are the ids (the one-line-per-user format).
    std::vector<std::string> userLabels;
    std::vector<std::string> itemLabels;
    Json notes = Json::object(); // how the splits were made (fractions, seeds, thresholds)

    std::int32_t numUsers() const { return train.numUsers(); }
    std::int32_t numItems() const { return train.numItems(); }
    std::string userLabel(std::int32_t user) const;
    std::string itemLabel(std::int32_t item) const;
    // The index of a user given its label (or its index as text when there are no labels).
    std::optional<std::int32_t> findUser(std::string_view label) const;
    // Every known interaction outside the test sets (train and validation): what a recommendation
    // must not repeat.
    UserItems known() const;
};

// Throws Error::invalidInput when the tables disagree in shape or a test set overlaps training.
void checkDataset(const Dataset& dataset);

// What the GUI's dataset panel shows.
struct DatasetOverview {
    std::string name;
    std::string source;
    std::int32_t users = 0;
    std::int32_t items = 0;
    std::int64_t trainInteractions = 0;
    std::int64_t validationInteractions = 0;
    std::int64_t testInteractions = 0;
    std::int64_t balancedTestInteractions = 0;
    std::int32_t testUsers = 0;
    std::int32_t balancedTestUsers = 0;
    std::int32_t coldItems = 0; // items with no training interaction
    std::int64_t repeatedRows = 0; // rows of a (user, item) pair seen before, merged into its interaction
    Json columns = Json::object(); // a CSV header's column for each role, as read
    double density = 0.0; // training interactions / (users x items)
    double meanItemsPerUser = 0.0; // training
    double headShare = 0.0; // share of training interactions on the 20% most popular items
    // Training interactions per item, most popular first: the long-tail curve.
    std::vector<std::int32_t> itemPopularity;
};

DatasetOverview overview(const Dataset& dataset);
// With `curvePoints` > 0 the long-tail curve is thinned to about that many (rank, count) points.
Json toJson(const DatasetOverview& overview, int curvePoints = 200);

} // namespace vantage::ppac
