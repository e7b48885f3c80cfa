#pragma once
// Everything PPAC derives from a dataset before training: the similar users, personal and global
// popularity, and the interactions a recommendation must not repeat. Built once and shared
// (read-only) by training, inference and the user inspector.

#include "common/progress.h"
#include "ppac/dataset.h"
#include "ppac/popularity.h"
#include "ppac/similar_users.h"

#include <filesystem>
#include <memory>

namespace vantage::ppac {

struct PrepareOptions {
    int similarUsers = 30; // k of S_u
    int threads = 0; // 0: all cores
    double headFraction = 0.2; // the popular head; the rest is the long tail (Tail@K)
    // Read S_u from a file in the authors' format instead of computing it (must cover the users).
    std::filesystem::path similarUsersFile;
};

struct PreparedDataset {
    Dataset dataset;
    SimilarUsers similar;
    GlobalPopularity global;
    PersonalPopularity personal;
    UserItems known; // train + validation: masked when recommending and testing
    double similarSeconds = 0.0;
    double popularitySeconds = 0.0;
};

std::shared_ptr<const PreparedDataset> prepare(
    Dataset dataset, const PrepareOptions& options, Progress& progress, const CancelToken& cancel);

} // namespace vantage::ppac
