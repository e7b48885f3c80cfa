#include "ft/search.h"

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "common/threads.h"
#include "common/units.h"
#include "ft/baselines.h"
#include "ft/elimination.h"
#include "ft/frontier.h"
#include "ft/op_graph.h"
#include "ft/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <thread>

namespace vantage::ft {

// ---- op graph on a cluster ----

int DeviceFrontier::fastestWithin(double memoryBudget) const
{
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].memory <= memoryBudget)
            return static_cast<int>(i);
    return -1;
}

int DeviceFrontier::leastMemory() const
{
    return points.empty() ? -1 : static_cast<int>(points.size()) - 1;
}

SearchResult search(const OpGraph& graph, const ClusterProfile& cluster, const SearchOptions& options,
    Progress& progress, const CancelToken& cancel)
{
    if (graph.size() == 0)
        throw Error::invalidInput("the op graph is empty");
    if (options.deviceCounts.empty())
        throw Error::invalidInput("no device counts to search").forField("devices");
    for (int n : options.deviceCounts)
        if (n < 1 || n > 65536)
            throw Error::invalidInput("device counts must be between 1 and 65536, got " + std::to_string(n))
                .forField("devices");
    SearchResult result;
    result.model = graph.name;
    result.parameters = graph.parameterCount();
    result.forwardFlops = graph.forwardFlops();
    result.batch = graph.batch();
    result.cluster = cluster.name;
    result.deviceMemory = cluster.device.memoryBytes;
    result.epsilon = options.epsilon;
    result.configs = options.configs;
    result.cost = options.cost;
    for (const Op& op : graph.ops())
        result.ops.push_back(op.name);

    const double parts = double(options.deviceCounts.size());
    for (std::size_t d = 0; d < options.deviceCounts.size(); ++d) {
        const int devices = options.deviceCounts[d];
        const std::string phase = std::to_string(devices) + " devices";
        SubProgress sub(progress, d / parts, (d + 0.9) / parts, phase);
        const CostModel model(cluster, devices, options.cost);
        const PricedGraph priced = priceGraph(graph, model, options.configs);
        const FrontierResult fr = searchFrontier(
            priced.costs, FrontierOptions{ .epsilon = options.epsilon, .threads = options.threads }, sub, cancel);

        DeviceFrontier df;
        df.devices = devices;
        df.searchSeconds = fr.stats.seconds;
        df.stats = fr.stats;
        std::vector<Baseline> base;
        if (options.baselines) {
            progress.report((d + 0.9) / parts, phase + ": baselines");
            base = computeBaselines(graph, priced, cluster, cancel);
        }
        // The configuration names used, as a sorted dictionary.
        std::map<std::string, std::uint16_t> dict;
        auto nameOf = [&](int op, int config) -> const std::string& {
            return priced.costs.nodes[static_cast<std::size_t>(op)].configs[static_cast<std::size_t>(config)].name;
        };
        for (const auto& p : fr.points)
            for (int op = 0; op < graph.size(); ++op)
                dict.emplace(nameOf(op, p.assignment[static_cast<std::size_t>(op)]), 0);
        for (const auto& b : base)
            for (int op = 0; op < graph.size(); ++op)
                dict.emplace(nameOf(op, b.assignment[static_cast<std::size_t>(op)]), 0);
        for (auto& [name, index] : dict) {
            index = static_cast<std::uint16_t>(df.configNames.size());
            df.configNames.push_back(name);
        }
        auto encode = [&](const std::vector<int>& a) {
            std::vector<std::uint16_t> out(a.size());
            for (std::size_t op = 0; op < a.size(); ++op)
                out[op] = dict.at(nameOf(static_cast<int>(op), a[op]));
            return out;
        };
        for (const auto& p : fr.points) {
            df.points.push_back({ p.time, p.memory, static_cast<int>(df.strategies.size()) });
            df.strategies.push_back(encode(p.assignment));
        }
        for (const auto& b : base)
            df.baselines.push_back({ b.name, b.time, b.memory, encode(b.assignment) });
        result.frontiers.push_back(std::move(df));
        progress.report((d + 1) / parts, phase + ": done");
    }
    return result;
}

namespace {

std::vector<OpConfig> decode(const SearchResult& r, std::size_t frontier, const std::vector<std::uint16_t>& a)
{
    const DeviceFrontier& f = r.frontiers.at(frontier);
    std::vector<OpConfig> out;
    out.reserve(a.size());
    for (std::uint16_t i : a)
        out.push_back(parseConfigName(f.configNames.at(i)));
    return out;
}

} // namespace

std::vector<OpConfig> strategyConfigs(const SearchResult& r, std::size_t frontier, int strategy)
{
    const DeviceFrontier& f = r.frontiers.at(frontier);
    if (strategy < 0 || static_cast<std::size_t>(strategy) >= f.strategies.size())
        throw Error::invalidInput("no strategy " + std::to_string(strategy) + " for " + std::to_string(f.devices)
            + " devices (the stored result has " + std::to_string(f.strategies.size()) + ")");
    return decode(r, frontier, f.strategies[static_cast<std::size_t>(strategy)]);
}

std::vector<OpConfig> baselineConfigs(const SearchResult& r, std::size_t frontier, int baseline)
{
    const DeviceFrontier& f = r.frontiers.at(frontier);
    if (baseline < 0 || static_cast<std::size_t>(baseline) >= f.baselines.size())
        throw Error::invalidInput(
            "no baseline " + std::to_string(baseline) + " for " + std::to_string(f.devices) + " devices");
    return decode(r, frontier, f.baselines[static_cast<std::size_t>(baseline)].assignment);
}

Json toJson(const SearchResult& r, bool withStrategies)
{
    Json frontiers = Json::array();
    for (const auto& f : r.frontiers) {
        Json points = Json::array();
        for (const auto& p : f.points)
            points.push_back({ { "time", p.time }, { "memory", p.memory }, { "strategy", p.strategy } });
        Json baselines = Json::array();
        for (const auto& b : f.baselines) {
            Json bj = { { "name", b.name }, { "time", b.time }, { "memory", b.memory } };
            if (withStrategies)
                bj["assignment"] = b.assignment;
            baselines.push_back(std::move(bj));
        }
        Json fj = { { "devices", f.devices }, { "search_s", f.searchSeconds }, { "frontier_size", f.points.size() },
            { "points", points }, { "baselines", baselines },
            { "stats",
                { { "steps", f.stats.steps }, { "max_frontier_ops", f.stats.maxFrontierOps },
                    { "max_states", f.stats.maxStates }, { "max_points", f.stats.maxPoints },
                    { "stored_points", f.stats.storedPoints }, { "total_points", f.stats.totalPoints } } } };
        if (withStrategies) {
            fj["config_names"] = f.configNames;
            fj["strategies"] = f.strategies;
        }
        frontiers.push_back(std::move(fj));
    }
    Json j = { { "model", r.model }, { "parameters", r.parameters }, { "forward_flops", r.forwardFlops },
        { "batch", r.batch }, { "cluster", r.cluster }, { "device_memory", r.deviceMemory }, { "epsilon", r.epsilon },
        { "precision", enumName(r.cost.precision) }, { "optimizer", enumName(r.cost.optimizer) },
        { "max_split", r.configs.maxSplitDims }, { "frontiers", frontiers } };
    if (withStrategies)
        j["ops"] = r.ops;
    return j;
}

SearchResult searchResultFromJson(const Json& j)
{
    auto where = [](const std::string& field) { return "search result, " + field; };
    SearchResult r;
    try {
        r.model = jsonField<std::string>(j, "model", "search result");
        r.batch = jsonField<std::int64_t>(j, "batch", "search result");
        r.parameters = j.contains("parameters") ? jsonField<std::int64_t>(j, "parameters", "search result") : 0;
        r.forwardFlops = jsonField<double>(j, "forward_flops", "search result");
        r.cluster = jsonField<std::string>(j, "cluster", "search result");
        r.deviceMemory = jsonField<double>(j, "device_memory", "search result");
        r.epsilon = jsonFieldOr<double>(j, "epsilon", 0.0, "search result");
        r.cost.precision = kPrecisions.fromName(jsonFieldOr<std::string>(j, "precision", "mixed", "search result"));
        r.cost.optimizer = kOptimizers.fromName(jsonFieldOr<std::string>(j, "optimizer", "adam", "search result"));
        r.configs.maxSplitDims = jsonFieldOr<int>(j, "max_split", 2, "search result");
        r.ops = jsonField<std::vector<std::string>>(j, "ops", "search result");
        const Json& fs = vantage::detail::requireObjectKey(j, "frontiers", "search result");
        if (!fs.is_array())
            throw Error::invalidInput("'frontiers' is not an array").forField("frontiers");
        for (std::size_t i = 0; i < fs.size(); ++i) {
            const Json& fj = fs[i];
            const std::string at = where("frontiers[" + std::to_string(i) + "]");
            DeviceFrontier f;
            f.devices = jsonField<int>(fj, "devices", at);
            f.searchSeconds = jsonField<double>(fj, "search_s", at);
            f.configNames = jsonField<std::vector<std::string>>(fj, "config_names", at);
            f.strategies = jsonField<std::vector<std::vector<std::uint16_t>>>(fj, "strategies", at);
            for (const auto& p : vantage::detail::requireObjectKey(fj, "points", at))
                f.points.push_back({ jsonField<double>(p, "time", at), jsonField<double>(p, "memory", at),
                    jsonField<int>(p, "strategy", at) });
            for (const auto& b : vantage::detail::requireObjectKey(fj, "baselines", at))
                f.baselines.push_back({ jsonField<std::string>(b, "name", at), jsonField<double>(b, "time", at),
                    jsonField<double>(b, "memory", at), jsonField<std::vector<std::uint16_t>>(b, "assignment", at) });
            if (fj.contains("stats")) {
                const Json& s = fj.at("stats");
                f.stats.steps = jsonFieldOr<int>(s, "steps", 0, at);
                f.stats.maxFrontierOps = jsonFieldOr<int>(s, "max_frontier_ops", 0, at);
                f.stats.maxStates = jsonFieldOr<std::int64_t>(s, "max_states", 0, at);
                f.stats.maxPoints = jsonFieldOr<std::int64_t>(s, "max_points", 0, at);
                f.stats.storedPoints = jsonFieldOr<std::int64_t>(s, "stored_points", 0, at);
                f.stats.totalPoints = jsonFieldOr<std::int64_t>(s, "total_points", 0, at);
            }
            f.stats.seconds = f.searchSeconds;
            // Indices must point into the tables they name.
            auto checkAssignment = [&](const std::vector<std::uint16_t>& a) {
                if (a.size() != r.ops.size())
                    throw Error::invalidInput("a strategy has " + std::to_string(a.size()) + " ops, the graph "
                        + std::to_string(r.ops.size()))
                        .forField(at);
                for (auto c : a)
                    if (c >= f.configNames.size())
                        throw Error::invalidInput("a strategy names configuration " + std::to_string(c) + " of "
                            + std::to_string(f.configNames.size()))
                            .forField(at);
            };
            for (const auto& a : f.strategies)
                checkAssignment(a);
            for (const auto& b : f.baselines)
                checkAssignment(b.assignment);
            for (const auto& p : f.points)
                if (p.strategy < 0 || static_cast<std::size_t>(p.strategy) >= f.strategies.size())
                    throw Error::invalidInput("point names strategy " + std::to_string(p.strategy)).forField(at);
            for (const auto& name : f.configNames)
                parseConfigName(name);
            r.frontiers.push_back(std::move(f));
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error::invalidInput(std::string("malformed search result: ") + e.what());
    }
    return r;
}

} // namespace vantage::ft
