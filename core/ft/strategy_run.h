#pragma once
// The recipes of FT's other runs, each called by every front end that records the kind:
//   "frontier"  an explicit-cost graph's exact frontier (`vantage-cli ft frontier`)
//     params {"costs": file, "cost_graph": its JSON, "epsilon"}; result frontierToJson with
//     "search_s"; summary "12 points, fastest 1.500000"
//   "export"    one strategy of a frontier written as JSON (`vantage-cli ft export`)
//     params {"search_run", "devices"} (a stored search) or the search's parameters with
//     "devices"; both with "pick" and "strategy"; result strategyJson with "pick"; artifacts as
//     recordStrategy
//   "pick"      the strategy a user picked on a shown search (the FT page)
//     params {"search_run", "devices", "frontier", "strategy"}; result strategyJson; artifact
//     "strategy.json"
// read() of each gives the row back (store::readRun); a pick or an export names its search, which
// readSearch() reads.

#include "ft/cost_graph.h"
#include "ft/search.h"
#include "ft/search_run.h"
#include "ft/strategy.h"
#include "store/recipe.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace vantage::ft {

struct FrontierRequest {
    std::string costs; // the explicit-cost graph's file (explicit_costs.h)
    FrontierOptions options; // epsilon, threads
};

// The fields of FrontierRequest's options ("epsilon", "threads"), declared once for vantage-cli's
// ft frontier --eps and --threads and the run's parameters.
const params::Table<FrontierRequest>& frontierRequestParams();

struct FrontierRun {
    std::int64_t runId = 0;
    CostGraph graph;
    FrontierResult frontier;
    nlohmann::json result; // as stored
};

// "fastest", "min-memory" or "under-memory=GB": the index of that point on `frontier`.
// Error::invalidInput (field "pick") for another text or a budget nothing fits.
int pickOnFrontier(const DeviceFrontier& frontier, const std::string& pick);

struct ExportRequest {
    // A search stored in the session to pick from (nothing is searched again); 0: `search` is run
    // (without baselines) first.
    std::int64_t searchRun = 0;
    SearchRequest search;
    int devices = 8; // the frontier to pick from
    std::string pick = "fastest"; // as pickOnFrontier
    std::string out; // the strategy JSON to write
    std::string dot; // also the op graph coloured by split, as DOT; empty: not
    std::string svg; // and drawn as SVG (also stored in the run); empty: not
};

struct ExportRun {
    std::int64_t runId = 0;
    Strategy strategy;
    int index = 0; // the strategy's index on its frontier
    nlohmann::json result; // as stored (and written to `out`)
};

struct PickRequest {
    std::int64_t searchRun = 0; // the shown search's run
    std::string name; // the run's title: the model as the page names it
    std::size_t frontier = 0; // index into the search's frontiers
    int strategy = 0; // index on that frontier
    // The search as the caller holds it; null: read from `searchRun` (readSearch).
    const OpGraph* graph = nullptr;
    const ClusterProfile* cluster = nullptr;
    const SearchResult* result = nullptr;
};

struct PickRun {
    std::int64_t runId = 0;
    Strategy strategy;
};

struct FrontierRecipe : store::RowRecipe<store::Engine::Ft, store::RunKind::Frontier, FrontierRequest, FrontierRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

struct ExportRecipe : store::RowRecipe<store::Engine::Ft, store::RunKind::Export, ExportRequest, ExportRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

struct PickRecipe : store::RowRecipe<store::Engine::Ft, store::RunKind::Pick, PickRequest, PickRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

static_assert(store::Recipe<SearchRecipe>);
static_assert(store::Recipe<FrontierRecipe>);
static_assert(store::Recipe<ExportRecipe>);
static_assert(store::Recipe<PickRecipe>);

} // namespace vantage::ft
