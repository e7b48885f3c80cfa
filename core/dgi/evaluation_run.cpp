#include "dgi/evaluation_run.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/messages.h"
#include "dgi/drawing.h"
#include "dgi/export_import.h"
#include "dgi/memory.h"
#include "dgi/models.h"
#include "dgi/node_matrix.h"
#include "dgi/reorder.h"
#include "store/run_scope.h"
#include "store/run_shapes.h"

#include <algorithm>
#include <limits>

namespace vantage::dgi {

Json graphSummaryJson(const Graph& g)
{
    return graphSummaryJson(g, graphStats(g));
}

Json graphSummaryJson(const Graph& g, const GraphStats& s)
{
    return { { "nodes", s.nodes }, { "edges", s.edges }, { "average_degree", s.averageDegree },
        { "max_in_degree", s.maxInDegree }, { "max_out_degree", s.maxOutDegree }, { "isolated_nodes", s.isolatedNodes },
        { "self_loops", s.selfLoops }, { "repeated_edges", s.repeatedEdges }, { "bytes", s.bytes },
        { "memory_mapped", s.mapped }, { "origin", g.origin() } };
}

std::vector<EvalMode> parseEvalModes(const std::vector<std::string>& texts)
{
    std::vector<EvalMode> modes;
    auto add = [&](EvalMode m) {
        if (std::find(modes.begin(), modes.end(), m) == modes.end())
            modes.push_back(m);
    };
    for (const auto& t : texts) {
        std::size_t pos = 0;
        while (pos <= t.size()) {
            const auto comma = t.find(',', pos);
            const std::string item = t.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            if (item == "both") {
                add(EvalMode::LayerWise);
                add(EvalMode::NodeWise);
            } else if (item == "all") {
                for (auto m : { EvalMode::LayerWise, EvalMode::NodeWise, EvalMode::FullGraph })
                    add(m);
            } else if (!item.empty()) {
                add(enumFromName<EvalMode>(item));
            }
            if (comma == std::string::npos)
                break;
            pos = comma + 1;
        }
    }
    if (modes.empty())
        modes.push_back(EvalMode::LayerWise);
    return modes;
}

// The graph's numbers and flags (dgi generate, info, partition and eval offer them).
const params::Table<EvaluationRequest>& graphRequestParams()
{
    using R = EvaluationRequest;
    static const params::Table<R> table = {
        params::text(&R::graph,
            { "graph", "--graph",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Graph: FILE (edge list), FILE.csv[.gz] (OGB), DIR (dgi generate), csr:INDPTR.npy,INDICES.npy, "
                    "or rmat:n=..,deg=..,seed=.. / chunglu:... / er:...") }),
        params::choice(&R::selfLoops,
            { "self_loops", "--self-loops",
                VANTAGE_TRANSLATE_NOOP("Params", "Self-loops: keep, add (one per node) or remove") },
            kSelfLoops),
        params::flag(&R::symmetrize,
            { "symmetrize", "--symmetrize", VANTAGE_TRANSLATE_NOOP("Params", "Add the reverse of every edge") }),
        params::number(&R::numNodes,
            { "num_nodes", "--num-nodes",
                VANTAGE_TRANSLATE_NOOP("Params", "Node count for text formats (0: largest id + 1)") },
            0, std::numeric_limits<std::int64_t>::max()),
        params::flag(&R::mergeDuplicates,
            { "merge_duplicates", "--merge-duplicates",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Merge repeated edges into one (default: used as given, as the model's own forward sums them)") },
            { "--keep-duplicates", "Use repeated edges as given (the default)" }),
    };
    return table;
}

// A built-in model's sizes and seed (dgi partition and eval).
const params::Table<EvaluationRequest>& modelRequestParams()
{
    using R = EvaluationRequest;
    constexpr std::int64_t kWidth = 1 << 16;
    static const params::Table<R> table = {
        params::text(&R::model,
            { "model", "--model",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Model: gcn, sage, gat, gin, jknet, a torch.export FILE.pt2 or a TorchScript FILE.pt") }),
        params::number(&R::inDim,
            { "in_dim", "--in-dim",
                VANTAGE_TRANSLATE_NOOP("Params", "Input width of a built-in model (0: 64, or the features' width)") },
            0, kWidth),
        params::number(&R::hidden,
            { "hidden", "--hidden", VANTAGE_TRANSLATE_NOOP("Params", "Hidden width of a built-in model") }, 1, kWidth),
        params::number(&R::outDim,
            { "out_dim", "--out-dim",
                VANTAGE_TRANSLATE_NOOP("Params", "Output width of a built-in model (0: hidden)") },
            0, kWidth),
        params::number(&R::layers,
            { "layers", "--layers", VANTAGE_TRANSLATE_NOOP("Params", "Layers of a built-in model") }, 1, 1024),
        params::number(&R::heads, { "heads", "--heads", VANTAGE_TRANSLATE_NOOP("Params", "GAT heads") }, 1, 1024),
        params::number(&R::seed,
            { "seed", "--seed",
                VANTAGE_TRANSLATE_NOOP("Params", "Seed of the built-in model's weights and of random features") },
            0, std::numeric_limits<std::uint64_t>::max()),
    };
    return table;
}

// The evaluation's inputs, outputs and numbers (dgi eval).
const params::Table<EvaluationRequest>& evalOptionsParams()
{
    using R = EvaluationRequest;
    using O = EvalOptions;
    using params::at;
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    constexpr std::int64_t kMaxBytes = std::int64_t{ 1 } << 50; // 1 PiB
    static const params::Table<R> table = {
        params::text(&R::features,
            { "features", "--features",
                VANTAGE_TRANSLATE_NOOP("Params", "Node features, float .npy (N x d); default: random, seeded") },
            params::Type::Path),
        params::text(&R::outputPath,
            { "output_file", "--out",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Write the first mode's output as float .npy (original node order, the model's own shape)") },
            params::Type::Path),
        params::choice(at(&R::options, &O::dtype),
            { "dtype", "--dtype", VANTAGE_TRANSLATE_NOOP("Params", "Node tensors' type: float32 or float64") },
            kDTypes),
        params::bytes(at(&R::options, &O::memoryBudgetBytes),
            { "memory_budget", "--memory-budget",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Memory for node stores and batches (512M, 2G; 0: half the free memory)"),
                "B" },
            0, kMaxBytes),
        params::choice(at(&R::options, &O::stores),
            { "stores", "--stores",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Where node stores live: auto (memory while they fit half the budget), memory or disk") },
            kStorePlacements),
        params::text(at(&R::options, &O::spillDirectory),
            { "spill", "--spill",
                VANTAGE_TRANSLATE_NOOP("Params", "Folder for on-disk node stores (default: the temp folder)") },
            params::Type::Path),
        params::choice(at(&R::options, &O::reorder),
            { "reorder", "--reorder",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Node reordering: none, bfs or rcm (the output stays in the original order)") },
            kReorderings),
        params::text(at(&R::options, &O::device),
            { "device", "--device",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "cpu, cuda or cuda:N: where layer-wise and full-graph evaluation run (a GPU needs the CUDA "
                    "build)") }),
        params::bytes(at(&R::options, &O::deviceMemoryBytes),
            { "device_memory", "--device-memory",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "On a GPU: device memory for stores and batches (8G; 0: 85% of what is free)"),
                "B" },
            0, kMaxBytes),
        params::number(at(&R::options, &O::nodeCap),
            { "node_cap", "--node-cap",
                VANTAGE_TRANSLATE_NOOP("Params", "Destination nodes per batch (0: from the memory budget)") },
            0, kMax),
        params::number(at(&R::options, &O::edgeCap),
            { "edge_cap", "--edge-cap",
                VANTAGE_TRANSLATE_NOOP("Params", "Edges per batch (0: from the memory budget)") },
            0, kMax),
        params::number(at(&R::options, &O::threads),
            { "threads", "--threads", VANTAGE_TRANSLATE_NOOP("Params", "Threads (0: all cores)") }, 0,
            std::numeric_limits<int>::max()), // a run recorded on a larger machine stays readable
        params::number(at(&R::options, &O::nodeWiseBatch),
            { "node_batch", "--node-batch", VANTAGE_TRANSLATE_NOOP("Params", "Node-wise: target nodes per batch") }, 1,
            kMax),
        params::number(at(&R::options, &O::nodeWiseMaxBatches),
            { "node_max_batches", "--node-max-batches",
                VANTAGE_TRANSLATE_NOOP("Params", "Node-wise: time this many batches, extrapolate the rest (0: all)") },
            0, kMax),
        params::number(at(&R::options, &O::nodeWiseTimeLimitS),
            { "node_time_limit_s", "--node-time-limit",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Node-wise: stop after this many seconds and extrapolate (0: no limit)"),
                "s" },
            0.0, 1e9),
    };
    return table;
}

const params::Table<EvaluationRequest>& evaluationRequestParams()
{
    static const params::Table<EvaluationRequest> table = [] {
        params::Table<EvaluationRequest> all = graphRequestParams();
        for (const auto* part : { &modelRequestParams(), &evalOptionsParams() })
            all.insert(all.end(), part->begin(), part->end());
        return all;
    }();
    return table;
}

Json toJson(const EvaluationRequest& r)
{
    Json modes = Json::array();
    for (auto m : r.modes)
        modes.push_back(enumName(m));
    Json out = params::toJson(evaluationRequestParams(), r);
    out.update({ { "modes", modes }, { "targets", r.options.targets } });
    return out;
}

EvaluationRequest evaluationRequestFromJson(const Json& p)
{
    if (!p.is_object())
        throw Error::invalidInput("the run's parameters are not an object").forField("params");
    EvaluationRequest r;
    params::readJson(evaluationRequestParams(), p, r, "params");
    if (p.contains("modes")) {
        std::vector<std::string> texts;
        for (const auto& m : p["modes"])
            if (m.is_string())
                texts.push_back(m.get<std::string>());
        r.modes = parseEvalModes(texts);
    }
    if (p.contains("targets") && p["targets"].is_array())
        for (const auto& t : p["targets"]) {
            if (!t.is_number_integer())
                throw Error::invalidInput("a target is not a node id: " + t.dump()).forField("targets");
            r.options.targets.push_back(t.get<std::int64_t>());
        }
    return r;
}

std::string evaluationName(const EvaluationRequest& r)
{
    return r.model + " on " + r.graph;
}

Graph loadRequestGraph(const EvaluationRequest& r, Progress& progress, const CancelToken& cancel)
{
    GraphLoadOptions o;
    o.numNodes = r.numNodes;
    o.build.symmetrize = r.symmetrize;
    o.build.dedupe = r.mergeDuplicates;
    o.build.selfLoops = r.selfLoops;
    return loadGraph(r.graph, o, progress, cancel);
}

std::string requestGraphNote(const Graph& graph, const GraphStats& counted, const EvaluationRequest& r)
{
    GraphStats stats = counted; // what the user asked to change is not a note
    if (r.mergeDuplicates)
        stats.repeatedEdges = 0;
    if (r.selfLoops != SelfLoops::Keep)
        stats.selfLoops = 0; // asked for: added or removed
    std::string how;
    if (stats.repeatedEdges > 0)
        how = "--merge-duplicates merges them";
    if (stats.selfLoops > 0)
        how += std::string(how.empty() ? "" : ", ") + "--self-loops remove|add changes the self-loops";
    return graphInputNote(graph, stats, how);
}

GnnIr loadRequestModel(
    const EvaluationRequest& r, std::int64_t featureWidth, Progress& progress, const CancelToken& cancel)
{
    if (r.model.empty())
        throw Error::invalidInput(
            "give the model: gcn, sage, gat, gin, jknet, a torch.export .pt2 or a TorchScript file")
            .forField("model");
    ModelSpec spec{ .inputWidth = r.inDim > 0 ? r.inDim : featureWidth,
        .hidden = r.hidden,
        .outputWidth = r.outDim,
        .layers = r.layers,
        .heads = r.heads,
        .seed = r.seed };
    if (isBuiltinModel(r.model) && spec.inputWidth <= 0)
        spec.inputWidth = 64;
    if (!isBuiltinModel(r.model) && featureWidth <= 0) {
        spec.fallbackInputWidth = spec.inputWidth;
        spec.inputWidth = 0;
    }
    return loadModel(r.model, spec, progress, cancel);
}

void recordLayerCut(store::RunScope& scope, const std::string& dot, const std::string& svg)
{
    store::Session* s = scope.session();
    if (!s)
        return;
    if (!svg.empty())
        s->addArtifact(scope.id(), "layer_cut.svg", "image/svg+xml", svg);
    s->addArtifact(scope.id(), "layer_cut.dot", "text/vnd.graphviz", dot);
}

// The run's result: the first mode's figures, the graph and model, the others as comparisons
// (sets run.summary).
namespace {
// The request's graph as the model's message passing needs it: a model that replaces the graph's
// self-loops by one per node itself (PyG's GCNConv and GATConv, read from a torch.export program)
// runs on the graph with exactly one per node, whatever self-loops the graph has (a note says so).
EvaluationRequest graphRequestFor(
    const EvaluationRequest& request, const GnnIr& ir, std::vector<std::string>& notes, const NoteSink& note)
{
    EvaluationRequest graphRequest = request;
    if (modelSelfLoops(ir) == SelfLoops::Add && request.selfLoops != SelfLoops::Add) {
        graphRequest.selfLoops = SelfLoops::Add;
        std::string text = "the model replaces the graph's self-loops by one per node (add_self_loops): "
                           "evaluated with one self-loop per node";
        if (note)
            note(text);
        notes.push_back(std::move(text));
    }
    return graphRequest;
}

Json resultJson(EvaluationRun& run, const EvaluationRequest& request)
{
    const EvalResult& first = run.results.front();
    Json j = toJson(first);
    j["graph"] = graphSummaryJson(*run.graph, run.graphStats);
    j["model"] = { { "name", run.ir.modelName }, { "layers", run.schema.layers.size() },
        { "parameters", run.ir.parameterCount() }, { "in_dim", run.ir.width(run.ir.inputValue()) },
        { "hidden", hiddenWidth(run.schema) }, { "out_dim", run.ir.width(run.ir.output()) } };
    // The output file's shape, rows first, as the model's own forward gives it.
    const auto& targets = request.options.targets;
    Json outShape
        = Json::array({ targets.empty() ? run.graph->numNodes() : static_cast<std::int64_t>(targets.size()) });
    for (auto d : run.ir.op(run.ir.output()).shape)
        outShape.push_back(d);
    j["model"]["out_shape"] = outShape;
    if (!request.outputPath.empty())
        j["output_file"] = request.outputPath.string();
    Json compare = Json::array();
    Json speedup = Json::object();
    std::vector<const EvalResult*> all;
    for (const auto& r : run.results)
        all.push_back(&r);
    for (std::size_t i = 1; i < run.results.size(); ++i) {
        const EvalResult& r = run.results[i];
        Json c = toJson(r);
        const double s = first.totalS > 0 ? r.totalS / first.totalS : 0.0;
        c["speedup"] = s;
        c["max_abs_diff"] = maxAbsDifference(first.output, r.output, r.filledRows);
        speedup[std::string(enumName(r.mode))] = s;
        compare.push_back(std::move(c));
    }
    if (!compare.empty()) {
        j["compare"] = std::move(compare);
        j["speedup"] = std::move(speedup);
    }
    run.summary = comparisonSummary(all);
    if (!run.cancelledModes.empty()) {
        Json cancelled = Json::array();
        std::string names;
        for (const EvalMode m : run.cancelledModes) {
            cancelled.push_back(enumName(m));
            names += (names.empty() ? "" : ", ") + std::string(enumName(m));
        }
        j["cancelled_modes"] = std::move(cancelled);
        run.summary += " (" + names + " cancelled)";
    }
    j["summary"] = run.summary;
    if (!run.notes.empty())
        j["notes"] = run.notes;
    return j;
}
} // namespace

EvaluationRun runEvaluation(store::Session* session, const EvaluationRequest& request, Progress& progress,
    const CancelToken& cancel, const NoteSink& note)
{
    if (request.modes.empty())
        throw Error::invalidInput("no evaluation mode").forField("modes");
    const store::NewRun newRun{ .engine = store::Engine::Dgi,
        .kind = store::RunKind::Evaluate,
        .name = evaluationName(request),
        .params = toJson(request) };
    return store::recordRun(session, newRun, [&](store::RunScope& scope) {
        EvaluationRun run;
        run.runId = scope.id();
        NodeMatrix features;
        if (!request.features.empty())
            features = loadFeaturesNpy(request.features);
        SubProgress preparing(progress, 0.0, 0.01, "preparing the model");
        run.ir = loadRequestModel(request, features.empty() ? 0 : features.cols(), preparing, cancel);
        const EvaluationRequest graphRequest = graphRequestFor(request, run.ir, run.notes, note);
        progress.report(0.01, "loading the graph");
        SubProgress loading(progress, 0.01, 0.05, "loading the graph");
        run.graph = std::make_shared<const Graph>(loadRequestGraph(graphRequest, loading, cancel));
        const Graph& graph = *run.graph;
        run.graphStats = graphStats(graph);
        if (std::string text = requestGraphNote(graph, run.graphStats, graphRequest); !text.empty()) {
            if (note)
                note(text);
            run.notes.push_back(std::move(text));
        }
        if (request.features.empty()) // random only when none were given: a given file is never replaced
            features = randomFeatures(graph.numNodes(), run.ir.width(run.ir.inputValue()), request.seed);
        run.schema = partitionIntoLayers(run.ir);
        cancel.throwIfCancelled();

        const double share = 0.95 / static_cast<double>(request.modes.size());
        for (std::size_t i = 0; i < request.modes.size(); ++i) {
            EvalOptions o = request.options;
            o.mode = request.modes[i];
            o.outputPath = i == 0 ? request.outputPath : std::filesystem::path();
            if (o.device != "cpu" && i > 0 && o.mode != EvalMode::LayerWise && o.mode != EvalMode::FullGraph) {
                // The baselines have no GPU path: compared with a GPU result, they run on the CPU.
                o.device = "cpu";
                std::string text
                    = std::string("the ") + evalModeTitle(o.mode) + " baseline ran on the CPU (it has no GPU path)";
                if (note)
                    note(text);
                run.notes.push_back(std::move(text));
            }
            SubProgress sub(progress, 0.05 + share * static_cast<double>(i), 0.05 + share * static_cast<double>(i + 1),
                std::string(enumName(o.mode)));
            if (i == 0) {
                run.results.push_back(evaluate(graph, features, run.ir, o, sub, cancel));
                continue;
            }
            // A baseline cancelled after the reference has finished costs the reference nothing: the
            // run is recorded with what was finished, and says the rest was cancelled.
            try {
                run.results.push_back(evaluate(graph, features, run.ir, o, sub, cancel));
            } catch (const Cancelled&) {
                for (std::size_t k = i; k < request.modes.size(); ++k)
                    run.cancelledModes.push_back(request.modes[k]);
                break;
            }
        }

        run.dot = layerCutDot(run.ir, run.schema,
            { .numNodes = graph.numNodes(), .dtype = request.options.dtype, .words = request.drawWords });
        try {
            run.svg = renderDotToSvg(run.dot);
        } catch (const Error& e) {
            // A Graphviz without its layout plugins costs the drawing, not the evaluation's results.
            std::string text = "the drawing of the layer cut was skipped (" + std::string(firstLineOf(e.what()))
                + "); the cut is kept as DOT";
            if (note)
                note(text);
            run.notes.push_back(std::move(text));
        }
        Json j = resultJson(run, request);
        if (store::Session* s = scope.session()) {
            for (const auto& r : run.results) {
                std::vector<store::SeriesPoint> pts;
                for (const auto& l : r.layers)
                    pts.push_back({ static_cast<double>(l.index), l.timeS });
                s->appendSeries(scope.id(), "layer_time_s/" + std::string(enumName(r.mode)), pts);
            }
            recordLayerCut(scope, run.dot, run.svg);
        }
        scope.succeed(j, run.summary);
        run.result = std::move(j);
        return run;
    });
}

StoredEvaluation readEvaluation(const store::Session& session, std::int64_t runId)
{
    const store::RunInfo info = session.run(runId);
    if (info.engine != store::Engine::Dgi || info.kind != store::RunKind::Evaluate)
        throw Error::invalidInput("run " + std::to_string(runId) + " is not a DGI evaluation").forField("run");
    store::requireCurrentShape(info);
    StoredEvaluation out;
    out.request = evaluationRequestFromJson(info.params);
    out.result = info.result;
    for (const auto& a : session.artifacts(runId)) {
        if (a.name == "layer_cut.svg")
            out.svg = session.artifactData(a.id);
        else if (a.name == "layer_cut.dot")
            out.dot = session.artifactData(a.id);
    }
    return out;
}

} // namespace vantage::dgi
