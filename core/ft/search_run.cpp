#include "ft/search_run.h"

#include "common/error.h"
#include "common/json.h"
#include "common/units.h"
#include "ft/model_zoo.h"
#include "store/run_scope.h"
#include "store/run_shapes.h"

#include <algorithm>
#include <limits>

namespace vantage::ft {

namespace {

constexpr const char* kWhere = "run parameters";

std::string deviceList(const std::vector<int>& devices)
{
    std::string s;
    for (int d : devices)
        s += (s.empty() ? "" : "/") + std::to_string(d);
    return s;
}

} // namespace

const params::Table<SearchRequest>& searchRequestParams()
{
    using R = SearchRequest;
    using O = SearchOptions;
    using params::at;
    using params::number;
    constexpr std::int64_t kMaxShape = std::int64_t{ 1 } << 24;
    static const params::Table<R> table = {
        number(&R::batch,
            { "batch", "--batch", VANTAGE_TRANSLATE_NOOP("Params", "Batch size (zoo models; 0: the model's)") }, 0,
            kMaxShape),
        number(&R::sequence,
            { "sequence", "--seq",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Sequence length, or image side for CNNs (zoo models; 0: the model's)") },
            0, kMaxShape),
        number(at(&R::options, &O::epsilon),
            { "epsilon", "--eps", VANTAGE_TRANSLATE_NOOP("Params", "Merge points within a factor 1 + EPS (0: exact)") },
            0.0, 1e6),
        number(at(&R::options, &O::threads),
            { "threads", "--threads", VANTAGE_TRANSLATE_NOOP("Params", "Search threads (0: all)") }, 0,
            std::numeric_limits<int>::max()),
        number(at(&R::options, &O::configs, &ConfigOptions::maxSplitDims),
            { "max_split", "--max-split", VANTAGE_TRANSLATE_NOOP("Params", "Most dims one op splits at once") }, 1, 5),
        number(at(&R::options, &O::configs, &ConfigOptions::zeroStages),
            { "zero_stages", "--zero",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Also offer ZeRO stages 1 to N over each op's data-parallel group (0: none; 3 shards "
                    "optimizer state, gradients and weights)") },
            0, 3),
        params::flag(at(&R::options, &O::configs, &ConfigOptions::recompute),
            { "recompute", "--recompute",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Also offer selective recomputation of attention (its scores "
                    "are not kept; its forward runs again in backward)") }),
        params::choice(at(&R::options, &O::cost, &CostOptions::precision),
            { "precision", "--precision",
                VANTAGE_TRANSLATE_NOOP("Params", "mixed (fp16/bf16 compute, fp32 master weights) or fp32") },
            kPrecisions),
        params::choice(at(&R::options, &O::cost, &CostOptions::optimizer),
            { "optimizer", "--optimizer", VANTAGE_TRANSLATE_NOOP("Params", "adam or sgd (with momentum)") },
            kOptimizers),
        params::flag(at(&R::options, &O::baselines),
            { "baselines", "",
                VANTAGE_TRANSLATE_NOOP("Params", "Also price data parallel, Megatron TP x DP and min-time baselines") },
            { "--no-baselines", "Skip data parallel, Megatron and min-time baselines" }),
    };
    return table;
}

nlohmann::json toJson(const SearchRequest& r)
{
    Json j = params::toJson(searchRequestParams(), r);
    j["model"] = r.model.empty() ? Json(nullptr) : Json(r.model);
    j["graph"] = r.model.empty() ? r.graph : Json(nullptr);
    j["graph_file"] = r.graphFile;
    j["cluster"] = toJson(r.cluster);
    j["devices"] = r.options.deviceCounts;
    return j;
}

SearchRequest searchRequestFromJson(const nlohmann::json& p)
{
    if (!p.is_object())
        throw Error::invalidInput("the run's parameters are not an object").forField("params");
    SearchRequest r;
    if (p.contains("model") && p["model"].is_string())
        r.model = p["model"].get<std::string>();
    else if (p.contains("graph") && p["graph"].is_object())
        r.graph = p["graph"];
    else
        throw Error::invalidInput("the run names neither a model nor an op graph").forField("model");
    r.graphFile = jsonFieldOr<std::string>(p, "graph_file", "", kWhere);
    params::readJson(searchRequestParams(), p, r, kWhere);
    r.cluster = clusterFromJson(p.at("cluster"), kWhere);
    SearchOptions& o = r.options;
    if (p.contains("devices") && p["devices"].is_array()) {
        o.deviceCounts.clear();
        for (const auto& d : p["devices"]) {
            if (!d.is_number_integer())
                throw Error::invalidInput("a device count is not an integer: " + d.dump()).forField("devices");
            o.deviceCounts.push_back(d.get<int>());
        }
    }
    return r;
}

std::string searchName(const SearchRequest& r, const OpGraph& graph)
{
    return graph.name + " x" + deviceList(r.options.deviceCounts);
}

OpGraph buildRequestGraph(const SearchRequest& r)
{
    const SearchOptions& o = r.options;
    if (!(o.epsilon >= 0.0))
        throw Error::invalidInput("must be >= 0").forField("eps");
    if (o.configs.maxSplitDims < 1 || o.configs.maxSplitDims > 5)
        throw Error::invalidInput("must be between 1 and 5").forField("max-split");
    if (o.deviceCounts.empty())
        throw Error::invalidInput("give at least one device count").forField("devices");
    for (int d : o.deviceCounts)
        if (d <= 0)
            throw Error::invalidInput("device counts must be positive, got " + std::to_string(d)).forField("devices");
    if (!r.model.empty())
        return buildZooModel(r.model, r.batch, r.sequence);
    if (r.graph.is_null())
        throw Error::invalidInput("give either a zoo model (see `ft models`) or an op graph file").forField("model");
    OpGraph graph = opGraphFromJson(r.graph, r.graphFile.empty() ? "<op graph>" : r.graphFile);
    if ((r.batch > 0 && r.batch != graph.batch()) || r.sequence > 0)
        throw Error::invalidInput("the op graph " + (r.graphFile.empty() ? std::string() : r.graphFile + " ")
            + "sets its own shapes (batch " + std::to_string(graph.batch())
            + "); a batch or sequence length goes with a zoo model")
            .forField(r.sequence > 0 ? "sequence" : "batch");
    return graph;
}

std::string searchSummary(const SearchResult& r)
{
    std::vector<int> devices;
    std::size_t points = 0;
    double fastest = -1.0;
    for (const auto& f : r.frontiers) {
        devices.push_back(f.devices);
        points += f.points.size();
        if (!f.points.empty() && (fastest < 0.0 || f.points.front().time < fastest))
            fastest = f.points.front().time;
    }
    return r.model + " x" + deviceList(devices) + ": " + std::to_string(points)
        + (points == 1 ? " strategy" : " strategies") + (fastest >= 0.0 ? ", fastest " + formatSeconds(fastest) : "");
}

SearchRun runSearch(
    store::Session* session, const SearchRequest& request, Progress& progress, const CancelToken& cancel)
{
    SearchRun run;
    run.graph = buildRequestGraph(request);
    const store::NewRun newRun{ .engine = store::Engine::Ft,
        .kind = store::RunKind::Search,
        .name = searchName(request, run.graph),
        .params = toJson(request) };
    return store::recordRun(session, newRun, [&](store::RunScope& scope) {
        run.runId = scope.id();
        run.result = search(run.graph, request.cluster, request.options, progress, cancel);
        if (store::Session* s = scope.session()) {
            for (const auto& f : run.result.frontiers) {
                std::vector<store::SeriesPoint> pts;
                for (const auto& p : f.points)
                    pts.push_back({ p.memory / 1e9, p.time });
                s->appendSeries(scope.id(), "frontier/" + std::to_string(f.devices), pts);
            }
        }
        run.summary = searchSummary(run.result);
        scope.succeed(toJson(run.result, true), run.summary);
        return std::move(run);
    });
}

StoredSearch readSearch(const store::Session& session, std::int64_t runId)
{
    store::RunInfo info = session.run(runId);
    if (info.engine == store::Engine::Ft && (info.kind == store::RunKind::Pick || info.kind == store::RunKind::Export)
        && info.params.contains("search_run"))
        info = session.run(jsonField<std::int64_t>(info.params, "search_run", kWhere));
    if (info.engine != store::Engine::Ft || info.kind != store::RunKind::Search)
        throw Error::invalidInput("run " + std::to_string(runId) + " is not an FT search").forField("run");
    if (info.status != store::RunStatus::Done || !info.result.is_object())
        throw Error::invalidInput("run " + std::to_string(info.id) + " is "
            + std::string(vantage::enumName(info.status)) + (info.error.empty() ? "" : ": " + info.error)
            + "; it has no frontier")
            .forField("run");
    store::requireCurrentShape(info);
    StoredSearch out;
    out.runId = info.id;
    out.request = searchRequestFromJson(info.params);
    out.graph = buildRequestGraph(out.request);
    out.result = searchResultFromJson(info.result);
    return out;
}

nlohmann::json strategyJson(const Strategy& strategy, int index)
{
    Json j = toJson(strategy);
    j["strategy"] = index;
    return j;
}

void recordStrategy(store::RunScope& scope, const OpGraph& graph, const Strategy& strategy, const nlohmann::json& json,
    const std::string& svg)
{
    if (store::Session* s = scope.session()) {
        s->addArtifact(scope.id(), "strategy.json", "application/json", json.dump(2));
        if (!svg.empty())
            s->addArtifact(scope.id(), "strategy.svg", "image/svg+xml", svg);
    }
    scope.succeed(json,
        graph.name + " x" + std::to_string(strategy.devices) + ": " + formatSeconds(strategy.time) + ", "
            + formatBytes(strategy.memory) + " per device");
}

} // namespace vantage::ft
