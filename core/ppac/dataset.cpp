#include "ppac/dataset.h"

#include "common/error.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <numeric>

namespace vantage::ppac {

std::string Dataset::userLabel(std::int32_t user) const
{
    if (user >= 0 && static_cast<std::size_t>(user) < userLabels.size())
        return userLabels[static_cast<std::size_t>(user)];
    return std::to_string(user);
}

std::string Dataset::itemLabel(std::int32_t item) const
{
    if (item >= 0 && static_cast<std::size_t>(item) < itemLabels.size())
        return itemLabels[static_cast<std::size_t>(item)];
    return std::to_string(item);
}

std::optional<std::int32_t> Dataset::findUser(std::string_view label) const
{
    if (!userLabels.empty()) {
        const auto it = std::find(userLabels.begin(), userLabels.end(), label);
        if (it == userLabels.end())
            return std::nullopt;
        return static_cast<std::int32_t>(it - userLabels.begin());
    }
    std::int32_t u = -1;
    const auto [p, ec] = std::from_chars(label.data(), label.data() + label.size(), u);
    if (ec != std::errc() || p != label.data() + label.size() || u < 0 || u >= numUsers())
        return std::nullopt;
    return u;
}

UserItems Dataset::known() const
{
    return validation.isEmpty() ? train : train.unitedWith(validation);
}

void checkDataset(const Dataset& d)
{
    const auto u = d.train.numUsers();
    const auto i = d.train.numItems();
    const std::pair<const UserItems*, const char*> parts[]
        = { { &d.validation, "validation" }, { &d.test, "test" }, { &d.balancedTest, "balanced test" } };
    for (const auto& [t, name] : parts)
        if (t->numUsers() != u || t->numItems() != i)
            throw Error::invalidInput(std::string("the ") + name + " set has " + std::to_string(t->numUsers())
                + " users x " + std::to_string(t->numItems()) + " items, training has " + std::to_string(u) + " x "
                + std::to_string(i))
                .inOp("dataset " + d.name);
    if (!d.userLabels.empty() && static_cast<std::int32_t>(d.userLabels.size()) != u)
        throw Error::invalidInput("user labels do not match the number of users").inOp("dataset " + d.name);
    if (!d.itemLabels.empty() && static_cast<std::int32_t>(d.itemLabels.size()) != i)
        throw Error::invalidInput("item labels do not match the number of items").inOp("dataset " + d.name);
    if (const auto n = d.train.overlap(d.test); n > 0)
        throw Error::invalidInput(std::to_string(n) + " test interactions are also training interactions")
            .inOp("dataset " + d.name);
    if (const auto n = d.train.overlap(d.validation); n > 0)
        throw Error::invalidInput(std::to_string(n) + " validation interactions are also training interactions")
            .inOp("dataset " + d.name);
}

DatasetOverview overview(const Dataset& d)
{
    DatasetOverview o;
    o.name = d.name;
    o.source = d.source;
    o.users = d.numUsers();
    o.items = d.numItems();
    o.trainInteractions = d.train.size();
    o.validationInteractions = d.validation.size();
    o.testInteractions = d.test.size();
    o.balancedTestInteractions = d.balancedTest.size();
    o.testUsers = d.test.activeUsers();
    o.balancedTestUsers = d.balancedTest.activeUsers();
    o.itemPopularity = d.train.itemCounts();
    o.coldItems = static_cast<std::int32_t>(std::count(o.itemPopularity.begin(), o.itemPopularity.end(), 0));
    o.repeatedRows = d.notes.value("repeated_rows", std::int64_t{ 0 });
    if (d.notes.contains("columns") && d.notes["columns"].is_object())
        o.columns = d.notes["columns"];
    std::sort(o.itemPopularity.begin(), o.itemPopularity.end(), std::greater<>());
    const double cells = static_cast<double>(o.users) * static_cast<double>(o.items);
    o.density = cells > 0 ? static_cast<double>(o.trainInteractions) / cells : 0.0;
    const auto active = d.train.activeUsers();
    o.meanItemsPerUser = active > 0 ? static_cast<double>(o.trainInteractions) / active : 0.0;
    const auto head = static_cast<std::size_t>(0.2 * static_cast<double>(o.items) + 0.5);
    const auto headSum = std::accumulate(
        o.itemPopularity.begin(), o.itemPopularity.begin() + static_cast<std::ptrdiff_t>(head), std::int64_t{ 0 });
    o.headShare
        = o.trainInteractions > 0 ? static_cast<double>(headSum) / static_cast<double>(o.trainInteractions) : 0.0;
    return o;
}

Json toJson(const DatasetOverview& o, int curvePoints)
{
    Json curve = Json::array();
    const auto n = o.itemPopularity.size();
    const std::size_t step = curvePoints > 0 ? std::max<std::size_t>(1, n / static_cast<std::size_t>(curvePoints)) : 1;
    for (std::size_t r = 0; r < n; r += step)
        curve.push_back({ r, o.itemPopularity[r] });
    if (n > 0 && (n - 1) % step != 0)
        curve.push_back({ n - 1, o.itemPopularity[n - 1] });
    return { { "name", o.name }, { "source", o.source }, { "users", o.users }, { "items", o.items },
        { "train_interactions", o.trainInteractions }, { "validation_interactions", o.validationInteractions },
        { "test_interactions", o.testInteractions }, { "balanced_test_interactions", o.balancedTestInteractions },
        { "test_users", o.testUsers }, { "balanced_test_users", o.balancedTestUsers }, { "cold_items", o.coldItems },
        { "density", o.density }, { "mean_items_per_user", o.meanItemsPerUser }, { "head_share", o.headShare },
        { "repeated_rows", o.repeatedRows }, { "columns", o.columns }, { "long_tail", curve } };
}

} // namespace vantage::ppac
