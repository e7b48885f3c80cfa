#pragma once
// Internal to core/ppac (and its tests): the training pairs of BPR and the negatives drawn for them.

#include "ppac/user_items.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace vantage::ppac::detail {

// The training pairs in CSR order, shuffled per epoch, and the negatives drawn for them.
struct PairSampler {
    const UserItems& train;
    std::vector<std::int32_t> pairUser;
    const std::vector<std::int32_t>& pairItem;
    std::vector<std::int64_t> order;
    std::mt19937_64 rng;
    std::uniform_int_distribution<std::int32_t> anyItem;
    std::int64_t pairs = 0;
    std::int64_t batches = 0;

    PairSampler(const UserItems& train, int batchSize, std::uint64_t seed)
        : train(train)
        , pairUser(static_cast<std::size_t>(train.size()))
        , pairItem(train.flatItems())
        , rng(seed ^ 0x9E3779B97F4A7C15ull)
        , anyItem(0, static_cast<std::int32_t>(train.numItems()) - 1)
    {
        for (std::int32_t u = 0; u < train.numUsers(); ++u)
            std::fill(pairUser.begin() + train.offsets()[static_cast<std::size_t>(u)],
                pairUser.begin() + train.offsets()[static_cast<std::size_t>(u) + 1], u);
        pairs = static_cast<std::int64_t>(pairUser.size());
        order.resize(static_cast<std::size_t>(pairs));
        std::iota(order.begin(), order.end(), 0);
        batches = (pairs + batchSize - 1) / batchSize;
    }

    // A uniform item the user has not interacted with in training, as the LightGCN and PPAC
    // authors' samplers and RecBole's draw it (a user who has every item gets any item).
    std::int32_t negativeFor(std::int32_t user)
    {
        if (static_cast<std::int64_t>(train.items(user).size()) >= train.numItems())
            return anyItem(rng);
        for (;;) {
            const std::int32_t j = anyItem(rng);
            if (!train.contains(user, j))
                return j;
        }
    }
};

} // namespace vantage::ppac::detail
