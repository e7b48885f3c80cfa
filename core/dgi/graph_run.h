#pragma once
// The recipes of DGI's other runs, each called by every front end that records the kind:
//   "generate"   a graph generated or converted into a memory-mappable folder
//                (`vantage-cli dgi generate`)
//     params {"graph", "symmetrize", "self_loops": "keep" | "add" | "remove", "num_nodes",
//     "merge_duplicates"}; result graphSummaryJson with "directory"; summary "1000 nodes, 6000 edges"
//   "partition"  a model cut into layers (`vantage-cli dgi partition` and the page's Cut into
//                layers)
//     params {"model", "in_dim", "hidden", "out_dim", "layers", "heads", "seed", "nodes"}; result
//     toJson(LayerSchema) with "parameters"; summary "3 layers, 4 node tensors"; artifacts as
//     recordLayerCut
// read() of each gives the row back (store::readRun).

#include "dgi/evaluation_run.h"
#include "store/recipe.h"

#include <cstdint>
#include <string>

namespace vantage::dgi {

struct GenerateRequest {
    EvaluationRequest graph; // its graph fields: graph, symmetrize, selfLoops, numNodes, mergeDuplicates
    std::string out; // the folder to write (saveGraph)
};

struct GenerateRun {
    std::int64_t runId = 0;
    std::int64_t nodes = 0;
    std::int64_t edges = 0;
    Json result; // as stored
};

struct PartitionRequest {
    EvaluationRequest model; // its model fields (model, inDim, hidden, outDim, layers, heads, seed), drawWords
    std::int64_t nodes = 0; // for the byte sizes of the cut tensors; 0: per node
    DType dtype = DType::Float32;
    std::string dotFile; // also write the cut there; empty: not
    std::string svgFile;
    bool drawSvg = false; // draw the SVG even with no session and no svgFile (a page shows it)
};

struct PartitionRun {
    std::int64_t runId = 0;
    GnnIr ir;
    LayerSchema schema;
    std::string dot;
    std::string svg; // empty when it was not drawn
    Json result; // as stored
    std::string summary;
};

// The parameters of a run's graph and model, as both kinds above and the CLI's store them.
Json graphParams(const EvaluationRequest& request);
Json modelParams(const EvaluationRequest& request);

struct GenerateRecipe : store::RowRecipe<store::Engine::Dgi, store::RunKind::Generate, GenerateRequest, GenerateRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

// Progress: the model 0-40 %, the cut 40-50 %, the drawing 50-100 %.
struct PartitionRecipe
    : store::RowRecipe<store::Engine::Dgi, store::RunKind::Partition, PartitionRequest, PartitionRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

// The evaluation recipe as a type (store/recipe.h).
struct EvaluationRecipe : store::RecipeTypes<store::Engine::Dgi, store::RunKind::Evaluate, EvaluationRequest,
                              EvaluationRun, StoredEvaluation> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel)
    {
        return runEvaluation(session, request, progress, cancel);
    }
    static Stored read(const store::Session& session, std::int64_t runId) { return readEvaluation(session, runId); }
};

static_assert(store::Recipe<GenerateRecipe>);
static_assert(store::Recipe<PartitionRecipe>);
static_assert(store::Recipe<EvaluationRecipe>);

} // namespace vantage::dgi
