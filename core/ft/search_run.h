#pragma once
// The one recipe of an "ft search" run, called by `vantage-cli ft search` and by the FT page: it
// builds the op graph a request names, searches one frontier per device count and records the run
// the same way from both. readSearch() reads a recorded search back (to redraw it, to pick or
// export a strategy without searching again), whichever front end wrote it (runs of earlier
// versions are upgraded to this shape when their session is opened: store/run_shapes.h).
// recordStrategy() records a picked or exported strategy, the page's "pick" and the CLI's "export".
//
// What a search run holds (shape version 1; a change here is a new version with its upgrader in
// store/run_shapes.cpp):
//   params    {"model": zoo name | null, "graph": op graph JSON | null, "graph_file", "batch",
//              "sequence", "cluster": profile, "devices", "epsilon", "threads", "max_split",
//              "precision", "optimizer", "baselines"}
//   result    ft::toJson(SearchResult, with strategies)
//   series    "frontier/<devices>": x = memory per device (GB), y = time per iteration (s)
//   summary   "BERT-Large x8/16: 23 strategies, fastest 820.00 ms"

#include "common/params.h"
#include "ft/cluster.h"
#include "ft/op_graph.h"
#include "ft/search.h"
#include "ft/strategy.h"
#include "store/recipe.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace vantage {
class Progress;
class CancelToken;
} // namespace vantage

namespace vantage::store {
class Session;
class RunScope;
} // namespace vantage::store

namespace vantage::ft {

struct SearchRequest {
    std::string model; // a zoo model (`ft models`); empty: `graph`
    nlohmann::json graph; // an op graph (the content of a file) when there is no model
    std::string graphFile; // where `graph` was read from, for messages and the run's parameters
    // Zoo models: 0 for the model's default. An op graph sets its own shapes: 0 or its own batch,
    // anything else is refused rather than silently ignored.
    std::int64_t batch = 0;
    std::int64_t sequence = 0;
    ClusterProfile cluster;
    SearchOptions options; // device counts, epsilon, threads, configurations, cost, baselines
};

// The request's plain fields, declared once for `vantage-cli ft search`, the run parameters and
// the FT page: "batch", "sequence", "epsilon", "threads", "max_split", "precision", "optimizer",
// "baselines" (the model, the graph, the cluster and the device counts are written by hand).
const params::Table<SearchRequest>& searchRequestParams();

nlohmann::json toJson(const SearchRequest& request);
// Error::invalidInput names the field that is wrong.
SearchRequest searchRequestFromJson(const nlohmann::json& params);
// "BERT-Large x8/16": the run's title.
std::string searchName(const SearchRequest& request, const OpGraph& graph);
// Checks the request (a model or a graph, epsilon >= 0, 1-5 split dimensions, device counts) and
// builds its op graph.
OpGraph buildRequestGraph(const SearchRequest& request);

struct SearchRun {
    std::int64_t runId = 0; // 0 without a session
    OpGraph graph;
    SearchResult result;
    std::string summary;
};

// Throws vantage::Error (the run is then recorded failed or cancelled).
SearchRun runSearch(
    store::Session* session, const SearchRequest& request, Progress& progress, const CancelToken& cancel);

// "BERT-Large x8/16: 23 strategies, fastest 820.00 ms".
std::string searchSummary(const SearchResult& result);

struct StoredSearch {
    std::int64_t runId = 0;
    SearchRequest request;
    OpGraph graph;
    SearchResult result;
};
// A finished search, or the search a "pick" or "export" run refers to.
StoredSearch readSearch(const store::Session& session, std::int64_t runId);

// A picked or exported strategy as JSON: ft::toJson(Strategy) with "strategy", its index on the
// frontier.
nlohmann::json strategyJson(const Strategy& strategy, int index);
// Records `json` (strategyJson, perhaps with more keys) as the result of `scope`, with its
// "strategy.json" (application/json) and, when `svg` is given, "strategy.svg" (image/svg+xml).
// Summary: "BERT-Large x8: 820.00 ms, 12.3 GiB per device".
void recordStrategy(store::RunScope& scope, const OpGraph& graph, const Strategy& strategy, const nlohmann::json& json,
    const std::string& svg = {});

// The search recipe as a type (store/recipe.h).
struct SearchRecipe
    : store::RecipeTypes<store::Engine::Ft, store::RunKind::Search, SearchRequest, SearchRun, StoredSearch> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel)
    {
        return runSearch(session, request, progress, cancel);
    }
    static Stored read(const store::Session& session, std::int64_t runId) { return readSearch(session, runId); }
};

} // namespace vantage::ft
