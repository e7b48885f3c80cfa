// vantage-cli dgi generate|info|partition|eval: layer-wise GNN evaluation headless. JSON keys of
// `dgi eval --json` that scripts rely on: {"mode", "total_s", "layers": [{"index", "time_s",
// "batches"}], "peak_rss_bytes", "extrapolated"}, the first mode's result at the top level and the
// other modes under "compare" with their speedup.

#include "cli.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/units.h"
#include "dgi/drawing.h"
#include "dgi/evaluation.h"
#include "dgi/evaluation_run.h"
#include "dgi/generators.h"
#include "dgi/graph_io.h"
#include "dgi/graph_run.h"
#include "dgi/memory.h"
#include "dgi/models.h"
#include "dgi/partition.h"

#include <algorithm>
#include <charconv>
#include <iostream>

namespace vantage::cli {

namespace {

using namespace vantage::dgi;

// The graph a command reads: the graph's declared fields (graphRequestParams: --graph,
// --self-loops, --symmetrize, --num-nodes, --merge-duplicates/--keep-duplicates) written into `r`.
void addGraphOptions(CLI::App* cmd, EvaluationRequest& r)
{
    addParamOptions(cmd, graphRequestParams(), r);
    cmd->get_option("--graph")->required();
}

// --model (or --torchscript) and a built-in model's declared fields (modelRequestParams), written
// into `r`.
void addModelOptions(CLI::App* cmd, EvaluationRequest& r)
{
    addParamOptions(cmd, modelRequestParams(), r);
    auto* model = cmd->get_option("--model");
    auto* script = cmd->add_option("--torchscript", r.model, "A TorchScript model file (the same as --model FILE.pt)");
    model->excludes(script);
    script->excludes(model);
}

void requireModel(const EvaluationRequest& r)
{
    if (r.model.empty())
        throw Error::invalidInput("give the model: --model gcn|sage|gat|gin|jknet|FILE.pt or --torchscript FILE")
            .forField("model");
}

std::vector<std::int64_t> parseNodeList(const std::string& text)
{
    std::vector<std::int64_t> out;
    std::size_t pos = 0;
    while (pos <= text.size() && !text.empty()) {
        const auto comma = text.find(',', pos);
        const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        std::int64_t v = 0;
        const auto [p, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || p != item.data() + item.size())
            throw Error::invalidInput("'" + item + "' is not a node id").forField("targets");
        out.push_back(v);
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return out;
}

std::string secondsText(double s)
{
    return formatSeconds(s);
}

void runGenerate(Context& ctx, const EvaluationRequest& g, const std::string& out)
{
    const GenerateRequest request{ .graph = g, .out = out };
    const GenerateRun run = GenerateRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    if (ctx.json) {
        printJson(run.result);
        return;
    }
    printKeyValues({ { "wrote", out }, { "nodes", std::to_string(run.nodes) }, { "edges", std::to_string(run.edges) },
        { "max in-degree", std::to_string(run.result["max_in_degree"].get<std::int64_t>()) } });
}

void runPartition(Context& ctx, const EvaluationRequest& m, std::int64_t nodes, const std::string& dotFile,
    const std::string& svgFile, DType dtype)
{
    requireModel(m);
    const PartitionRequest request{
        .model = m, .nodes = nodes, .dtype = dtype, .dotFile = dotFile, .svgFile = svgFile
    };
    const PartitionRun run = PartitionRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    if (ctx.json) {
        printJson(run.result);
        return;
    }
    const GnnIr& ir = run.ir;
    const LayerSchema& schema = run.schema;
    const DType type = request.dtype;
    std::cout << ir.modelName << ": " << run.summary << ", " << ir.parameterCount() << " parameters\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const auto& plan : schema.layers) {
        std::string ins;
        for (int t : plan.inputs)
            ins += (ins.empty() ? "" : ", ") + schema.tensors[static_cast<std::size_t>(t)].label;
        std::string outs;
        for (int t : plan.outputs)
            outs += (outs.empty() ? "" : ", ") + schema.tensors[static_cast<std::size_t>(t)].label;
        rows.push_back({ std::to_string(plan.index + 1), std::to_string(plan.sourceOps.size()),
            std::to_string(plan.blockOps.size()), std::to_string(plan.aggregations.size()), ins, outs });
    }
    printTable({ "LAYER", "SOURCE OPS", "BLOCK OPS", "AGGREGATIONS", "READS", "WRITES" }, rows);
    // Layers counted from 1, as the drawing, the page and the progress count them (the JSON keeps
    // its indices from 0).
    std::cout << "\ncut tensors:\n";
    for (const auto& t : schema.tensors)
        std::cout << "  " << t.label << ": "
                  << (t.isInput ? std::string("input") : "layer " + std::to_string(t.producer + 1)) << " -> "
                  << (t.isOutput ? std::string("output") : "layer " + std::to_string(t.lastConsumer + 1)) << ", "
                  << cutSizeLabel(nodes, t.width, type) << '\n';
    if (!dotFile.empty())
        std::cout << "\nwrote " << dotFile << '\n';
    if (!svgFile.empty())
        std::cout << "wrote " << svgFile << '\n';
}

// dgi eval: the graph, the model and the evaluation's declared fields (evalOptionsParams) all go
// into `request`; the lists beside them are read here.
struct EvalArgs {
    EvaluationRequest request;
    std::vector<std::string> modes;
    std::string targets;
};

EvaluationRequest evaluationRequest(const EvalArgs& a)
{
    EvaluationRequest r = a.request;
    requireModel(r);
    r.modes = parseEvalModes(a.modes);
    r.options.targets = a.targets.empty() ? std::vector<std::int64_t>{} : parseNodeList(a.targets);
    return r;
}

// Each layer's time, or for a deep model (200 layers made a 4,000-character table cell) the first
// and last three, the slowest and where --json has them all.
std::string perLayerText(const std::vector<LayerStats>& layers)
{
    constexpr std::size_t kAll = 8, kEnds = 3;
    std::string text;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (layers.size() > kAll && i == kEnds) {
            text += " / …";
            i = layers.size() - kEnds;
        }
        text += (text.empty() ? "" : " / ") + secondsText(layers[i].timeS);
    }
    if (layers.size() > kAll) {
        const auto slowest = std::max_element(
            layers.begin(), layers.end(), [](const auto& a, const auto& b) { return a.timeS < b.timeS; });
        text += " (" + std::to_string(layers.size()) + " layers, the slowest layer "
            + std::to_string(slowest - layers.begin() + 1) + " at " + secondsText(slowest->timeS)
            + "; --json has each)";
    }
    return text;
}

void runEval(Context& ctx, const EvalArgs& a)
{
    const EvaluationRun run = runEvaluation(ctx.session(), evaluationRequest(a), ctx.progress(), ctx.cancel,
        [&](const std::string& text) { ctx.note(text); });
    if (ctx.json) {
        printJson(run.result);
        if (!run.cancelledModes.empty())
            throw Cancelled();
        return;
    }
    std::cout << run.ir.modelName << " on " << run.graph->numNodes() << " nodes, " << run.graph->numEdges()
              << " edges: " << run.schema.layers.size() << " layers\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : run.results) {
        std::int64_t batches = 0;
        for (const auto& l : r.layers)
            batches += l.batches;
        const std::string perLayer = perLayerText(r.layers);
        rows.push_back({ evalModeTitle(r.mode), secondsText(r.totalS) + (r.extrapolated ? " (extrapolated)" : ""),
            perLayer, std::to_string(batches), formatBytes(static_cast<double>(r.peakRssBytes)) });
    }
    printTable({ "MODE", "TOTAL", "PER LAYER", "BATCHES", "PEAK RSS" }, rows);
    std::cout << '\n' << run.summary << '\n';
    const std::string& out = a.request.outputPath.string();
    if (!out.empty())
        std::cout << "wrote " << out << '\n';
    if (!run.cancelledModes.empty())
        throw Cancelled(); // recorded with what finished; the command itself was interrupted
}

} // namespace

void addDgiCommands(CLI::App& app, Context& ctx)
{
    auto* dgi = app.add_subcommand("dgi", "Layer-wise GNN evaluation (DGI): graphs, layer cuts, evaluation");
    dgi->require_subcommand(1);

    auto* generate = dgi->add_subcommand("generate", "Generate or convert a graph into a memory-mappable directory");
    auto g = std::make_shared<EvaluationRequest>();
    auto out = std::make_shared<std::string>();
    addGraphOptions(generate, *g);
    generate->add_option("--out", *out, "Directory to write (indptr.npy, indices.npy, graph.json)")->required();
    generate->callback([&ctx, g, out] { runGenerate(ctx, *g, *out); });

    auto* info = dgi->add_subcommand("info", "Nodes, edges and degrees of a graph");
    auto gi = std::make_shared<EvaluationRequest>();
    addGraphOptions(info, *gi);
    info->callback([&ctx, gi] {
        const Graph graph = loadRequestGraph(*gi, ctx.progress(), ctx.cancel);
        const GraphStats stats = graphStats(graph);
        ctx.note(requestGraphNote(graph, stats, *gi));
        const Json j = graphSummaryJson(graph, stats);
        if (ctx.json) {
            printJson(j);
            return;
        }
        std::vector<std::pair<std::string, std::string>> kv;
        for (const auto& [k, v] : j.items())
            kv.emplace_back(k, v.is_string() ? v.get<std::string>() : v.dump());
        printKeyValues(kv);
    });

    auto* partition = dgi->add_subcommand("partition", "Cut a model into layers and show (or draw) the cut");
    auto m = std::make_shared<EvaluationRequest>();
    struct PartitionArgs {
        std::int64_t nodes = 0;
        std::string dot, svg;
        DType dtype = DType::Float32;
    };
    auto pa = std::make_shared<PartitionArgs>();
    addModelOptions(partition, *m);
    addNumber(partition, "--nodes", pa->nodes, "Node count for the byte sizes of cut tensors", 1, kMaxOf<std::int64_t>);
    partition->add_option("--dot", pa->dot, "Write the cut as Graphviz DOT")->check(outputFile());
    partition->add_option("--svg", pa->svg, "Write the cut as SVG")->check(outputFile());
    // The data type of the byte sizes, named as the evaluation's dtype field names it.
    const params::FieldInfo& dtype = params::find(evalOptionsParams(), "dtype")->info;
    addParamOption(
        partition, dtype, [pa](const params::Value& v) { pa->dtype = kDTypes.fromName(std::get<std::string>(v)); });
    partition->callback([&ctx, m, pa] { runPartition(ctx, *m, pa->nodes, pa->dot, pa->svg, pa->dtype); });

    auto* eval = dgi->add_subcommand("eval", "Evaluate a GNN over a whole graph: layer-wise, node-wise, full-graph");
    eval->alias("evaluate");
    auto e = std::make_shared<EvalArgs>();
    EvaluationRequest& er = e->request;
    addGraphOptions(eval, er);
    addModelOptions(eval, er);
    eval->add_option("--mode", e->modes,
        "layerwise, nodewise, full, handwritten (GCN), 'both' (layerwise,nodewise) or 'all'; "
        "several (comma-separated or repeated) are compared in one run, the first is the reference");
    addParamOptions(eval, evalOptionsParams(), er);
    eval->get_option("--out")->check(outputFile());
    eval->add_option("--targets", e->targets, "Only these nodes (comma-separated ids): a partial request");
    eval->callback([&ctx, e] { runEval(ctx, *e); });
}

} // namespace vantage::cli
