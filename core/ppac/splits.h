#pragma once
// From interactions to the train / validation / test tables: a single interaction log split per
// user (at random, or the latest interactions by timestamp), a validation split held out from the
// training data, and the popularity-balanced test set of the PPAC protocol.

#include "common/json.h"
#include "ppac/user_items.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::ppac {

// One row of an interaction file, ids already mapped to dense indices.
struct Interaction {
    std::int32_t user = 0;
    std::int32_t item = 0;
    double rating = 1.0;
    double timestamp = 0.0;
};

// What a single-file loader returns: the rows in file order and the original ids.
struct InteractionLog {
    std::vector<Interaction> rows;
    std::vector<std::string> userLabels; // index -> original id
    std::vector<std::string> itemLabels;
    std::string source;
    bool hasRatings = false;
    bool hasTimestamps = false;
    Json columns = Json::object(); // CSV with a header: the column read for each role ({"user": "userId"})
};

enum class SplitMethod {
    RandomPerUser, // a random share of each user's interactions goes to test
    LeaveLastByTime, // each user's latest interactions (by timestamp, then file order) go to test
};

struct SplitOptions {
    SplitMethod method = SplitMethod::RandomPerUser;
    double testFraction = 0.2; // RandomPerUser
    int leaveLast = 1; // LeaveLastByTime: how many per user
    std::uint64_t seed = 1;
};

struct TrainTest {
    UserItems train;
    UserItems test;
};

// Repeated (user, item) rows count once (the latest row decides the time). A user with a single
// interaction keeps it in training; no user loses all training data.
TrainTest splitLog(const InteractionLog& log, const SplitOptions& options);

struct TrainValidation {
    UserItems train;
    UserItems validation;
};

// Moves round(fraction x n) of each user's n training items (at least one when n >= 2, never all)
// to a validation table. fraction 0 returns the training data unchanged and an empty validation.
TrainValidation holdOutValidation(const UserItems& train, double fraction, std::uint64_t seed);

// The popularity-balanced test set (PPAC protocol): every item with at least `perItem` test
// interactions contributes exactly `perItem` of them, chosen at random; other items none.
UserItems buildBalancedTest(const UserItems& test, int perItem, std::uint64_t seed);

} // namespace vantage::ppac
