#include "ft/strategy_run.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/json.h"
#include "ft/explicit_costs.h"
#include "ft/search_run.h"
#include "store/run_scope.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace vantage::ft {

const params::Table<FrontierRequest>& frontierRequestParams()
{
    // Named as ft search names them (searchRequestParams): --eps and --threads mean the same there.
    const auto names = [](std::string_view key) { return params::find(searchRequestParams(), key)->info.names; };
    using R = FrontierRequest;
    using O = FrontierOptions;
    static const params::Table<R> table = {
        params::number(params::at(&R::options, &O::epsilon), names("epsilon"), 0.0, 1e6),
        params::number(params::at(&R::options, &O::threads), names("threads"), 0, std::numeric_limits<int>::max()),
    };
    return table;
}

FrontierRun FrontierRecipe::run(
    store::Session* session, const FrontierRequest& request, Progress& progress, const CancelToken& cancel)
{
    params::checkRanges(frontierRequestParams(), request);
    FrontierRun out;
    out.graph = loadExplicitCosts(request.costs);
    Json stored = params::toJson(frontierRequestParams(), request);
    stored.update({ { "costs", request.costs }, { "cost_graph", toJson(out.graph) } });
    const store::NewRun run{ .engine = engine, .kind = kind, .name = request.costs, .params = std::move(stored) };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        out.runId = scope.id();
        out.frontier = searchFrontier(out.graph, request.options, progress, cancel);
        out.result = frontierToJson(out.graph, out.frontier);
        out.result["search_s"] = out.frontier.stats.seconds;
        const auto& points = out.frontier.points;
        scope.succeed(out.result,
            std::to_string(points.size()) + " points"
                + (points.empty() ? "" : ", fastest " + std::to_string(points.front().time)));
        return std::move(out);
    });
}

int pickOnFrontier(const DeviceFrontier& f, const std::string& pick)
{
    if (f.points.empty())
        throw Error::failure("the frontier is empty");
    if (pick == "fastest")
        return 0;
    if (pick == "min-memory")
        return f.leastMemory();
    const std::string prefix = "under-memory=";
    if (pick.rfind(prefix, 0) == 0) {
        const std::string v = pick.substr(prefix.size());
        double gb = 0.0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), gb);
        if (ec != std::errc() || p != v.data() + v.size() || !(gb > 0.0))
            throw Error::invalidInput("expected under-memory=GB with a positive number, got '" + pick + "'")
                .forField("pick");
        const int i = f.fastestWithin(gb * 1e9);
        if (i < 0)
            throw Error::invalidInput("no strategy on " + std::to_string(f.devices) + " devices fits in " + v
                + " GB per device (the least needs " + std::to_string(f.points.back().memory / 1e9) + " GB)")
                .forField("pick");
        return i;
    }
    throw Error::invalidInput("expected fastest, min-memory or under-memory=GB, got '" + pick + "'").forField("pick");
}

namespace {

// What an export picks from: a stored search, or one searched for it.
struct ExportSource {
    OpGraph graph;
    ClusterProfile cluster;
    SearchResult result;
    Json params;
};

ExportSource exportSource(
    store::Session* session, const ExportRequest& r, Progress& progress, const CancelToken& cancel)
{
    ExportSource s;
    if (r.searchRun > 0) {
        if (!session)
            throw Error::invalidInput("a stored search is read from a session").forField("run");
        StoredSearch stored = readSearch(*session, r.searchRun);
        s.graph = std::move(stored.graph);
        s.cluster = std::move(stored.request.cluster);
        s.result = std::move(stored.result);
        s.params = { { "search_run", stored.runId }, { "devices", r.devices } };
        return s;
    }
    SearchRequest request = r.search;
    request.options.deviceCounts = { r.devices };
    request.options.baselines = false;
    s.graph = buildRequestGraph(request);
    s.result = search(s.graph, request.cluster, request.options, progress, cancel);
    s.cluster = std::move(request.cluster);
    s.params = toJson(request);
    s.params["devices"] = r.devices;
    return s;
}

} // namespace

ExportRun ExportRecipe::run(
    store::Session* session, const ExportRequest& r, Progress& progress, const CancelToken& cancel)
{
    if (r.out.empty())
        throw Error::invalidInput("give the file to write").forField("out");
    ExportSource source = exportSource(session, r, progress, cancel);
    const auto& frontiers = source.result.frontiers;
    const auto it = std::find_if(
        frontiers.begin(), frontiers.end(), [&](const DeviceFrontier& f) { return f.devices == r.devices; });
    if (it == frontiers.end())
        throw Error::invalidInput(
            "run " + std::to_string(r.searchRun) + " has no frontier for " + std::to_string(r.devices) + " devices")
            .forField("devices");
    const std::size_t frontier = static_cast<std::size_t>(it - frontiers.begin());
    const DeviceFrontier& f = *it;
    ExportRun out;
    out.index = pickOnFrontier(f, r.pick);
    const int strategy = f.points[static_cast<std::size_t>(out.index)].strategy;
    source.params["pick"] = r.pick;
    source.params["strategy"] = strategy;
    const store::NewRun run{ .engine = engine,
        .kind = kind,
        .name = source.graph.name + " x" + std::to_string(f.devices) + " (" + r.pick + ")",
        .params = source.params };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        out.runId = scope.id();
        out.strategy = strategyFor(source.graph, source.cluster, source.result, frontier, strategy);
        out.result = strategyJson(out.strategy, strategy);
        out.result["pick"] = r.pick;
        const std::string dot
            = r.dot.empty() && r.svg.empty() ? std::string() : strategyToDot(source.graph, out.strategy);
        const std::string svg = r.svg.empty() ? std::string() : renderDotToSvg(dot);
        writeJsonFile(r.out, out.result);
        if (!r.dot.empty())
            writeFileAtomic(r.dot, dot);
        if (!r.svg.empty())
            writeFileAtomic(r.svg, svg);
        recordStrategy(scope, source.graph, out.strategy, out.result, svg);
        return std::move(out);
    });
}

PickRun PickRecipe::run(store::Session* session, const PickRequest& r, Progress&, const CancelToken&)
{
    std::optional<StoredSearch> stored;
    if (!r.graph || !r.cluster || !r.result) {
        if (!session)
            throw Error::invalidInput("a stored search is read from a session").forField("run");
        stored = readSearch(*session, r.searchRun);
    }
    const OpGraph& graph = stored ? stored->graph : *r.graph;
    const ClusterProfile& cluster = stored ? stored->request.cluster : *r.cluster;
    const SearchResult& result = stored ? stored->result : *r.result;
    if (r.frontier >= result.frontiers.size())
        throw Error::invalidInput("the search has no frontier " + std::to_string(r.frontier)).forField("frontier");
    const store::NewRun run{ .engine = engine,
        .kind = kind,
        .name = r.name,
        .params = { { "search_run", r.searchRun }, { "devices", result.frontiers[r.frontier].devices },
            { "frontier", r.frontier }, { "strategy", r.strategy } } };
    PickRun out;
    out.strategy = strategyFor(graph, cluster, result, r.frontier, r.strategy);
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        out.runId = scope.id();
        recordStrategy(scope, graph, out.strategy, strategyJson(out.strategy, r.strategy));
        return std::move(out);
    });
}

} // namespace vantage::ft
