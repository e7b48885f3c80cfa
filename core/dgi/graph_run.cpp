#include "dgi/graph_run.h"

#include "common/graphviz.h"
#include "common/json.h"
#include "dgi/drawing.h"
#include "store/run_scope.h"

namespace vantage::dgi {

namespace {

Json pick(const Json& all, std::initializer_list<const char*> keys)
{
    Json out = Json::object();
    for (const char* k : keys)
        out[k] = all.at(k);
    return out;
}

} // namespace

Json graphParams(const EvaluationRequest& request)
{
    return pick(toJson(request), { "graph", "symmetrize", "self_loops", "num_nodes", "merge_duplicates" });
}

Json modelParams(const EvaluationRequest& request)
{
    return pick(toJson(request), { "model", "in_dim", "hidden", "out_dim", "layers", "heads", "seed" });
}

GenerateRun GenerateRecipe::run(
    store::Session* session, const GenerateRequest& request, Progress& progress, const CancelToken& cancel)
{
    const std::string& spec = request.graph.graph;
    const store::NewRun run{ .engine = engine, .kind = kind, .name = spec, .params = graphParams(request.graph) };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        GenerateRun out;
        out.runId = scope.id();
        progress.report(0.0, "generating " + spec);
        SubProgress generating(progress, 0.0, 0.7);
        const Graph graph = loadRequestGraph(request.graph, generating, cancel);
        progress.report(0.7, "writing " + request.out);
        saveGraph(graph, request.out);
        progress.report(1.0, "done");
        out.nodes = graph.numNodes();
        out.edges = graph.numEdges();
        out.result = graphSummaryJson(graph);
        out.result["directory"] = request.out;
        scope.succeed(out.result, std::to_string(out.nodes) + " nodes, " + std::to_string(out.edges) + " edges");
        return out;
    });
}

PartitionRun PartitionRecipe::run(
    store::Session* session, const PartitionRequest& request, Progress& progress, const CancelToken& cancel)
{
    Json params = modelParams(request.model);
    params["nodes"] = request.nodes;
    const store::NewRun run{ .engine = engine, .kind = kind, .name = request.model.model, .params = params };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        PartitionRun out;
        out.runId = scope.id();
        SubProgress preparing(progress, 0.0, 0.4, "preparing the model");
        out.ir = loadRequestModel(request.model, 0, preparing, cancel);
        cancel.throwIfCancelled();
        progress.report(0.4, "cutting into layers");
        out.schema = partitionIntoLayers(out.ir);
        out.dot = layerCutDot(out.ir, out.schema,
            { .numNodes = request.nodes, .dtype = request.dtype, .words = request.model.drawWords });
        if (!request.dotFile.empty())
            writeFileAtomic(request.dotFile, out.dot);
        cancel.throwIfCancelled();
        if (request.drawSvg || !request.svgFile.empty() || scope.session()) {
            progress.report(0.5, "drawing the cut");
            out.svg = renderDotToSvg(out.dot);
            if (!request.svgFile.empty())
                writeFileAtomic(request.svgFile, out.svg);
        }
        out.result = toJson(out.schema, out.ir, request.nodes, request.dtype);
        out.result["parameters"] = out.ir.parameterCount();
        out.summary = std::to_string(out.schema.layers.size()) + " layers, " + std::to_string(out.schema.tensors.size())
            + " node tensors";
        scope.succeed(out.result, out.summary);
        recordLayerCut(scope, out.dot, out.svg);
        return out;
    });
}

} // namespace vantage::dgi
