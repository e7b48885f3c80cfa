#pragma once
// The one recipe of a "dgi evaluate" run, called by `vantage-cli dgi eval` and by the DGI page: it
// loads the graph, the model and the features a request names, evaluates in each mode, and records
// the run (parameters, result, series, the layer cut as SVG and DOT) in the session the same way
// from both. readEvaluation() reads a recorded run back, whichever front end wrote it (runs of
// earlier versions are upgraded to this shape when their session is opened: store/run_shapes.h).
//
// Stored shape, version 1 (what `dgi eval --json` prints too; a change here is a new version with
// its upgrader in store/run_shapes.cpp): the first mode's result at the top level
// ({"mode", "total_s", "layers": [{"index", "time_s", "batches"}], "peak_rss_bytes", ...}), the
// other modes under "compare", each with its "speedup" over the first and "max_abs_diff" from it,
// "speedup" by mode name, "graph", "model" and "summary". Series "layer_time_s/<mode>": x is the
// layer index (from 0), y its seconds. Artifacts "layer_cut.svg" (image/svg+xml) and
// "layer_cut.dot" (text/vnd.graphviz).

#include "common/json.h"
#include "common/params.h"
#include "common/progress.h"
#include "dgi/drawing.h"
#include "dgi/evaluation.h"
#include "dgi/graph.h"
#include "dgi/graph_io.h"
#include "dgi/ir.h"
#include "dgi/partition.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vantage::store {
class Session;
class RunScope;
} // namespace vantage::store

namespace vantage::dgi {

// Every input of one evaluation: what the CLI's options and the page's fields give, and what the
// run's parameters hold.
struct EvaluationRequest {
    std::string graph; // loadGraph's spec: a file, a folder, csr:..., rmat:... (graph_io.h)
    bool symmetrize = false;
    SelfLoops selfLoops = SelfLoops::Keep;
    std::int64_t numNodes = 0; // text formats: 0 = largest id + 1
    bool mergeDuplicates = false; // true: repeated edges are merged (default: used as given)
    std::string model; // a built-in name (gcn, sage, gat, gin, jknet) or a TorchScript file
    // A built-in model's input width; 0: the features' width, else 64. A TorchScript file without
    // features takes x's width from the model, and this one only when the model does not tell it (the
    // page's "Input features" box sends 0, "auto", unless the user sets a width).
    std::int64_t inDim = 0;
    std::int64_t hidden = 64;
    std::int64_t outDim = 0; // 0: hidden
    int layers = 3;
    int heads = 4;
    std::uint64_t seed = 1; // of the built-in model's weights and of random features
    std::string features; // .npy file; empty: random features of the model's input width
    std::vector<EvalMode> modes = { EvalMode::LayerWise }; // the first is the reference of the others
    EvalOptions options; // mode and outputPath are set per mode by the recipe
    std::filesystem::path outputPath; // the first mode's output as .npy; empty: none
    DrawWords drawWords; // the cut drawing's words (the window's language); not a parameter of the run
};

// The request's fields, declared once for vantage-cli's dgi commands, the run's parameters and the
// DGI page: the graph's (graph, self_loops, symmetrize, num_nodes, merge_duplicates), the model's
// (model; a built-in model's in_dim, hidden, out_dim, layers, heads, seed), the evaluation's
// (features, output_file, dtype, memory_budget, stores, spill, reorder, device, device_memory,
// node_cap, edge_cap, threads, node_batch, node_max_batches, node_time_limit_s), and all of them.
// The lists "modes" and "targets" are written and read beside them (toJson, evaluationRequestFromJson).
const params::Table<EvaluationRequest>& graphRequestParams();
const params::Table<EvaluationRequest>& modelRequestParams();
const params::Table<EvaluationRequest>& evalOptionsParams();
const params::Table<EvaluationRequest>& evaluationRequestParams();

// The run's parameters, and back. Error::invalidInput names the field that is wrong.
Json toJson(const EvaluationRequest& request);
EvaluationRequest evaluationRequestFromJson(const Json& params);
// "gcn on rmat:n=1000": the run's title.
std::string evaluationName(const EvaluationRequest& request);

// "layerwise,nodewise", "both", "all" (repeated or comma-separated); empty: layer-wise only.
std::vector<EvalMode> parseEvalModes(const std::vector<std::string>& texts);

// {"nodes", "edges", "average_degree", degrees, "isolated_nodes", "self_loops", "repeated_edges", "bytes",
// "memory_mapped", "origin"}: the graph of a run's result, and `dgi info --json`.
Json graphSummaryJson(const Graph& graph);
// The same from stats already counted (graphStats reads every edge once).
Json graphSummaryJson(const Graph& graph, const GraphStats& stats);

// The graph and the model as the request names them (for a page that shows the cut first).
// Loading reports as loadGraph does; the token ends a long generation or read with vantage::Cancelled.
Graph loadRequestGraph(const EvaluationRequest& request, Progress& progress, const CancelToken& cancel);
// The note of graphInputNote for a graph loaded for `request`, naming the CLI's options that change it.
std::string requestGraphNote(const Graph& graph, const GraphStats& stats, const EvaluationRequest& request);
// A TorchScript file is imported in the sandboxed model reader, which `cancel` ends. `featureWidth`:
// the width of the features file given (0: none).
GnnIr loadRequestModel(
    const EvaluationRequest& request, std::int64_t featureWidth, Progress& progress, const CancelToken& cancel);

struct EvaluationRun {
    std::int64_t runId = 0; // 0 without a session
    Json result; // as stored
    std::string summary;
    std::shared_ptr<const Graph> graph;
    GraphStats graphStats; // of `graph`, counted once for the note and the result
    GnnIr ir;
    LayerSchema schema;
    std::string dot; // the layer cut, labelled with this graph's sizes
    std::string svg;
    std::vector<EvalResult> results; // one per mode, in the request's order
    // What the user should know about the inputs ("g.txt has 12 repeated edges ..., used as given").
    std::vector<std::string> notes;
    // Modes after the first that were cancelled before they finished: the run holds the others
    // (result "cancelled_modes"), and the caller knows the user cancelled.
    std::vector<EvalMode> cancelledModes;
};

// Loads, evaluates in every mode and records the run into `session` (none: nothing is recorded).
// Progress: loading 0-5 %, then an equal share per mode. Throws vantage::Error (the run is then
// recorded failed or cancelled), except for a cancel once the first mode has finished: that run
// is recorded done with the modes finished, the rest in cancelledModes.
// `note` hears each of run.notes as soon as it is known (the CLI prints it when the graph is loaded).
using NoteSink = std::function<void(const std::string&)>;
EvaluationRun runEvaluation(store::Session* session, const EvaluationRequest& request, Progress& progress,
    const CancelToken& cancel, const NoteSink& note = {});

// What the layer cut artifacts of a run are called, and how they are recorded (also by
// `dgi partition`).
void recordLayerCut(store::RunScope& scope, const std::string& dot, const std::string& svg);

// A recorded evaluation read back.
struct StoredEvaluation {
    EvaluationRequest request;
    Json result; // in the stored shape above
    std::string dot;
    std::string svg;
};
StoredEvaluation readEvaluation(const store::Session& session, std::int64_t runId);

} // namespace vantage::dgi
