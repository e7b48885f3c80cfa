#pragma once
// A seeded synthetic dataset with what makes popularity bias visible: users in communities that
// share taste (so similar users and personal popularity mean something) and a long-tailed global
// item popularity (Zipf). The GUI uses it as its embedded demo; the tests use it as a planted truth.

#include "ppac/dataset.h"
#include "ppac/splits.h"

#include <cstdint>
#include <vector>

namespace vantage::ppac {

struct SyntheticOptions {
    std::int32_t users = 2000;
    std::int32_t items = 1000;
    int communities = 8;
    double meanInteractions = 30.0; // per user (at least 4 each)
    double popularityExponent = 1.0; // Zipf exponent of item popularity
    double communityAffinity = 0.8; // chance that an interaction is drawn from the user's community
    double testFraction = 0.2; // random per user
    double validationFraction = 0.0; // held out from training per user
    int balancedPerItem = 3;
    std::uint64_t seed = 7;
};

struct SyntheticTruth {
    std::vector<int> userCommunity; // community of each user
    std::vector<int> itemCommunity; // community each item belongs to
};

Json toJson(const SyntheticOptions& options);
SyntheticOptions syntheticOptionsFromJson(const Json& json, const std::string& where);

// The interactions alone (timestamps increase per user), and the planted communities.
InteractionLog generateSyntheticLog(const SyntheticOptions& options, SyntheticTruth* truth = nullptr);
// Split into train / validation / test / balanced test as the options say.
Dataset generateSynthetic(const SyntheticOptions& options, SyntheticTruth* truth = nullptr);

} // namespace vantage::ppac
