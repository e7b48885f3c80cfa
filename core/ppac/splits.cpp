#include "ppac/splits.h"

#include "common/error.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <unordered_map>

namespace vantage::ppac {

namespace {

struct Row {
    std::int32_t item;
    double timestamp;
    std::size_t order;
};

// Rows per user with repeated items merged (latest timestamp, latest order).
std::vector<std::vector<Row>> rowsPerUser(const InteractionLog& log, std::int32_t numUsers)
{
    std::vector<std::vector<Row>> per(static_cast<std::size_t>(numUsers));
    for (std::size_t k = 0; k < log.rows.size(); ++k) {
        const auto& r = log.rows[k];
        per[static_cast<std::size_t>(r.user)].push_back({ r.item, r.timestamp, k });
    }
    for (auto& rows : per) {
        std::sort(rows.begin(), rows.end(),
            [](const Row& a, const Row& b) { return a.item != b.item ? a.item < b.item : a.order < b.order; });
        std::vector<Row> merged;
        for (const auto& r : rows) {
            if (!merged.empty() && merged.back().item == r.item) {
                merged.back().timestamp = std::max(merged.back().timestamp, r.timestamp);
                merged.back().order = r.order;
            } else {
                merged.push_back(r);
            }
        }
        rows = std::move(merged);
    }
    return per;
}

std::size_t heldOutCount(std::size_t n, double fraction)
{
    if (n < 2 || fraction <= 0.0)
        return 0;
    auto k = static_cast<std::size_t>(std::llround(fraction * static_cast<double>(n)));
    return std::clamp<std::size_t>(k, 1, n - 1);
}

} // namespace

TrainTest splitLog(const InteractionLog& log, const SplitOptions& options)
{
    if (options.method == SplitMethod::RandomPerUser && !(options.testFraction > 0.0 && options.testFraction < 1.0))
        throw Error::invalidInput("the test fraction must lie strictly between 0 and 1").forField("test_fraction");
    if (options.method == SplitMethod::LeaveLastByTime && options.leaveLast < 1)
        throw Error::invalidInput("leave-last needs at least one interaction per user").forField("leave_last");
    const auto numUsers = static_cast<std::int32_t>(log.userLabels.size());
    const auto numItems = static_cast<std::int32_t>(log.itemLabels.size());
    auto per = rowsPerUser(log, numUsers);
    std::vector<std::pair<std::int32_t, std::int32_t>> train, test;
    std::mt19937_64 rng(options.seed);
    for (std::int32_t u = 0; u < numUsers; ++u) {
        auto& rows = per[static_cast<std::size_t>(u)];
        std::size_t k = 0;
        if (options.method == SplitMethod::RandomPerUser) {
            k = heldOutCount(rows.size(), options.testFraction);
            std::shuffle(rows.begin(), rows.end(), rng);
        } else {
            k = rows.size() >= 2 ? std::min<std::size_t>(static_cast<std::size_t>(options.leaveLast), rows.size() - 1)
                                 : 0;
            std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
                return a.timestamp != b.timestamp ? a.timestamp > b.timestamp : a.order > b.order;
            });
        }
        for (std::size_t j = 0; j < rows.size(); ++j)
            (j < k ? test : train).emplace_back(u, rows[j].item);
    }
    return { UserItems::fromPairs(numUsers, numItems, std::move(train)),
        UserItems::fromPairs(numUsers, numItems, std::move(test)) };
}

TrainValidation holdOutValidation(const UserItems& train, double fraction, std::uint64_t seed)
{
    if (fraction < 0.0 || fraction >= 1.0)
        throw Error::invalidInput("the validation fraction must lie in [0, 1)").forField("validation_fraction");
    if (fraction == 0.0)
        return { train, UserItems::empty(train.numUsers(), train.numItems()) };
    std::vector<std::pair<std::int32_t, std::int32_t>> keep, held;
    std::mt19937_64 rng(seed);
    for (std::int32_t u = 0; u < train.numUsers(); ++u) {
        const auto l = train.items(u);
        std::vector<std::int32_t> items(l.begin(), l.end());
        const auto k = heldOutCount(items.size(), fraction);
        std::shuffle(items.begin(), items.end(), rng);
        for (std::size_t j = 0; j < items.size(); ++j)
            (j < k ? held : keep).emplace_back(u, items[j]);
    }
    return { UserItems::fromPairs(train.numUsers(), train.numItems(), std::move(keep)),
        UserItems::fromPairs(train.numUsers(), train.numItems(), std::move(held)) };
}

UserItems buildBalancedTest(const UserItems& test, int perItem, std::uint64_t seed)
{
    if (perItem < 1)
        throw Error::invalidInput("the balanced test needs at least one interaction per item").forField("per_item");
    const UserItems byItem = test.transposed();
    std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
    std::mt19937_64 rng(seed);
    for (std::int32_t i = 0; i < byItem.numUsers(); ++i) {
        const auto users = byItem.items(i);
        if (users.size() < static_cast<std::size_t>(perItem))
            continue;
        std::vector<std::int32_t> pick(users.begin(), users.end());
        std::shuffle(pick.begin(), pick.end(), rng);
        for (int j = 0; j < perItem; ++j)
            pairs.emplace_back(pick[static_cast<std::size_t>(j)], i);
    }
    return UserItems::fromPairs(test.numUsers(), test.numItems(), std::move(pairs));
}

} // namespace vantage::ppac
