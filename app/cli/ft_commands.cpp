// vantage-cli ft models|clusters|search|frontier|export: Frontier Tracking headless. `search`
// prints per device count the Pareto frontier of (time per iteration, memory per device) with the
// baselines; `frontier` does the same for a graph of explicit costs; `export` picks one strategy
// and writes it as JSON (and DOT / SVG). With --session each command is recorded as a run.

#include "cli.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/units.h"
#include "ft/cluster.h"
#include "ft/explicit_costs.h"
#include "ft/model_zoo.h"
#include "ft/op_graph.h"
#include "ft/search.h"
#include "ft/strategy.h"
#include "store/run_scope.h"

#include <algorithm>
#include <charconv>
#include <iostream>

namespace vantage::cli {

namespace {

// Option storage shared by the ft subcommands; it lives as long as the callbacks that read it.
struct FtOptions {
    std::string model;
    std::string graphFile;
    std::string cluster = "h200x8";
    std::string devices = "8";
    std::string costs;
    std::string pick = "fastest";
    std::string out;
    std::string dot;
    std::string svg;
    std::string precision = "mixed";
    std::string optimizer = "adam";
    std::int64_t batch = 0;
    std::int64_t sequence = 0;
    std::int64_t run = 0;
    double eps = 0.0;
    int threads = 0;
    int maxSplit = 2;
    bool noBaselines = false;
};

// The op graph, the cluster and the run parameters the GUI also writes (so that either can show
// the other's runs): model or graph, batch, cluster profile, devices, epsilon.
struct Inputs {
    ft::OpGraph graph;
    ft::ClusterProfile cluster;
    Json params;
};

Inputs loadInputs(const FtOptions& o)
{
    if (o.model.empty() == o.graphFile.empty())
        throw Error::invalidInput("give either --model NAME (see `ft models`) or --graph FILE").forField("model");
    if (o.eps < 0.0)
        throw Error::invalidInput("must be >= 0").forField("eps");
    if (o.maxSplit < 1 || o.maxSplit > 5)
        throw Error::invalidInput("must be between 1 and 5").forField("max-split");
    Inputs in;
    Json graphJson = nullptr;
    if (!o.model.empty()) {
        in.graph = ft::buildZooModel(o.model, o.batch, o.sequence);
    } else {
        if (o.batch > 0 || o.sequence > 0)
            throw Error::invalidInput("an op graph file sets its own shapes; --batch and --seq go with --model")
                .forField("batch");
        const std::string text = readJsonText(o.graphFile);
        in.graph = ft::opGraphFromText(text, o.graphFile);
        graphJson = parseJson(text, o.graphFile);
    }
    in.cluster = ft::resolveCluster(o.cluster);
    in.params = { { "model", o.model.empty() ? Json(nullptr) : Json(ft::zooModel(o.model).name) },
        { "graph", graphJson }, { "graph_file", o.graphFile }, { "batch", in.graph.batch() },
        { "sequence", o.sequence }, { "cluster", ft::toJson(in.cluster) }, { "epsilon", o.eps },
        { "max_split", o.maxSplit }, { "precision", o.precision }, { "optimizer", o.optimizer } };
    return in;
}

ft::SearchOptions searchOptions(const FtOptions& o, std::vector<int> devices)
{
    ft::SearchOptions so;
    so.deviceCounts = std::move(devices);
    so.epsilon = o.eps;
    so.threads = o.threads;
    so.configs.maxSplitDims = o.maxSplit;
    so.cost.precision = ft::precisionFromName(o.precision);
    so.cost.optimizer = ft::optimizerFromName(o.optimizer);
    so.baselines = !o.noBaselines;
    return so;
}

std::string deviceList(const std::vector<int>& devices)
{
    std::string s;
    for (int d : devices) {
        if (!s.empty())
            s += '/';
        s += std::to_string(d);
    }
    return s;
}

// "BERT-Large x8/16: 23 strategies, fastest 0.82 s"
std::string searchSummary(const ft::SearchResult& r, const std::vector<int>& devices)
{
    std::size_t points = 0;
    double fastest = -1.0;
    for (const auto& f : r.frontiers) {
        points += f.points.size();
        if (!f.points.empty() && (fastest < 0.0 || f.points.front().time < fastest))
            fastest = f.points.front().time;
    }
    return r.model + " x" + deviceList(devices) + ": " + std::to_string(points) + " strategies"
        + (fastest >= 0.0 ? ", fastest " + formatSeconds(fastest) : "");
}

// At most `limit` rows, always the first and the last.
std::vector<std::size_t> sampleRows(std::size_t n, std::size_t limit)
{
    std::vector<std::size_t> rows;
    if (n <= limit) {
        for (std::size_t i = 0; i < n; ++i)
            rows.push_back(i);
        return rows;
    }
    for (std::size_t k = 0; k < limit; ++k)
        rows.push_back(k * (n - 1) / (limit - 1));
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

void printSearch(const ft::SearchResult& r, const ft::ClusterProfile& cluster)
{
    std::cout << r.model << ", batch " << r.batch << ", on " << cluster.name << " (" << cluster.device.name << ", "
              << formatBytes(cluster.device.memoryBytes) << " per device)\n";
    for (const auto& f : r.frontiers) {
        std::cout << "\n"
                  << f.devices << " devices: " << f.points.size()
                  << (f.points.size() == 1 ? " strategy" : " strategies") << " on the frontier, searched in "
                  << formatSeconds(f.searchSeconds) << "\n";
        std::vector<std::vector<std::string>> rows;
        for (std::size_t i : sampleRows(f.points.size(), 15)) {
            const auto& p = f.points[i];
            rows.push_back({ std::to_string(p.strategy), formatSeconds(p.time), formatBytes(p.memory),
                p.memory <= r.deviceMemory ? "fits" : "" });
        }
        printTable({ "STRATEGY", "TIME/ITER", "MEMORY/DEVICE", "" }, rows);
        if (f.points.size() > 15)
            std::cout << "(" << f.points.size() - rows.size() << " more in --json)\n";
        if (!f.baselines.empty()) {
            rows.clear();
            for (const auto& b : f.baselines)
                rows.push_back(
                    { b.name, formatSeconds(b.time), formatBytes(b.memory), b.memory <= r.deviceMemory ? "fits" : "" });
            std::cout << "\n";
            printTable({ "BASELINE", "TIME/ITER", "MEMORY/DEVICE", "" }, rows);
        }
    }
}

// --pick: fastest | min-memory | under-memory=GB
int pickStrategy(const ft::DeviceFrontier& f, const std::string& pick)
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

void runSearch(const FtOptions& o, Context& ctx)
{
    Inputs in = loadInputs(o);
    const std::vector<int> devices = parseIntList(o.devices, "devices");
    const ft::SearchOptions so = searchOptions(o, devices);
    in.params["devices"] = devices;
    in.params["threads"] = o.threads;
    in.params["baselines"] = so.baselines;
    const store::NewRun run{
        .engine = "ft", .kind = "search", .name = in.graph.name + " x" + deviceList(devices), .params = in.params
    };
    const ft::SearchResult result = store::recordRun(ctx.session(), run, [&](store::RunScope& scope) {
        ft::SearchResult r = ft::search(in.graph, in.cluster, so, ctx.progress(), ctx.cancel);
        if (store::Session* s = scope.session()) {
            // One series per device count for quick plots: step = memory per device (GB), value = time (s).
            for (const auto& f : r.frontiers) {
                std::vector<store::SeriesPoint> pts;
                for (const auto& p : f.points)
                    pts.push_back({ p.memory / 1e9, p.time });
                s->appendSeries(scope.id(), "frontier/" + std::to_string(f.devices), pts);
            }
        }
        scope.succeed(ft::toJson(r, true), searchSummary(r, devices));
        return r;
    });
    if (!o.out.empty())
        writeJsonFile(o.out, ft::toJson(result, true));
    if (ctx.json)
        printJson(ft::toJson(result, false));
    else
        printSearch(result, in.cluster);
}

void runFrontier(const FtOptions& o, Context& ctx)
{
    if (o.costs.empty())
        throw Error::invalidInput("give the explicit-cost graph with --costs FILE").forField("costs");
    if (o.eps < 0.0)
        throw Error::invalidInput("must be >= 0").forField("eps");
    const ft::CostGraph graph = ft::loadExplicitCosts(o.costs);
    const store::NewRun run{ .engine = "ft",
        .kind = "frontier",
        .name = o.costs,
        .params = { { "costs", o.costs }, { "cost_graph", ft::toJson(graph) }, { "epsilon", o.eps } } };
    const Json out = store::recordRun(ctx.session(), run, [&](store::RunScope& scope) {
        const ft::FrontierResult r = ft::searchFrontier(
            graph, ft::FrontierOptions{ .epsilon = o.eps, .threads = o.threads }, ctx.progress(), ctx.cancel);
        Json j = ft::frontierToJson(graph, r);
        j["search_s"] = r.stats.seconds;
        scope.succeed(j,
            std::to_string(r.points.size()) + " points"
                + (r.points.empty() ? "" : ", fastest " + std::to_string(r.points.front().time)));
        return j;
    });
    if (ctx.json) {
        printJson(out);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : out["points"]) {
        std::string a;
        for (const auto& [op, config] : p["assignment"].items()) {
            if (!a.empty())
                a += ' ';
            a += op + "=" + config.get<std::string>();
        }
        rows.push_back({ Json(p["time"]).dump(), Json(p["memory"]).dump(), a });
    }
    std::cout << graph.nodes.size() << " ops, " << graph.edges.size() << " edges: " << rows.size()
              << " Pareto-optimal points\n\n";
    printTable({ "TIME", "MEMORY", "ASSIGNMENT" }, rows);
}

void runExport(const FtOptions& o, Context& ctx)
{
    if (o.out.empty())
        throw Error::invalidInput("give the file to write with --out FILE").forField("out");
    ft::OpGraph graph;
    ft::ClusterProfile cluster;
    ft::SearchResult result;
    Json params;
    std::size_t frontier = 0;
    if (o.run > 0) {
        // From a search stored in the session: nothing is searched again.
        store::Session* s = ctx.session();
        if (!s)
            throw Error::invalidInput("--run needs --session FILE").forField("run");
        const auto stored = s->run(o.run);
        if (stored.engine != "ft" || stored.kind != "search" || stored.status != store::RunStatus::Done)
            throw Error::invalidInput("run " + std::to_string(o.run) + " is not a finished ft search").forField("run");
        const Json& p = stored.params;
        if (p.contains("model") && p["model"].is_string())
            graph = ft::buildZooModel(p["model"].get<std::string>(), jsonFieldOr<std::int64_t>(p, "batch", 0, "run"),
                jsonFieldOr<std::int64_t>(p, "sequence", 0, "run"));
        else
            graph = ft::opGraphFromJson(p.at("graph"), "run " + std::to_string(o.run));
        cluster = ft::clusterFromJson(p.at("cluster"), "run " + std::to_string(o.run));
        result = ft::searchResultFromJson(stored.result);
        const std::vector<int> devices = parseIntList(o.devices, "devices");
        if (devices.size() != 1)
            throw Error::invalidInput("export one device count at a time").forField("devices");
        const auto it = std::find_if(result.frontiers.begin(), result.frontiers.end(),
            [&](const ft::DeviceFrontier& f) { return f.devices == devices[0]; });
        if (it == result.frontiers.end())
            throw Error::invalidInput(
                "run " + std::to_string(o.run) + " has no frontier for " + std::to_string(devices[0]) + " devices")
                .forField("devices");
        frontier = static_cast<std::size_t>(it - result.frontiers.begin());
        params = { { "search_run", o.run }, { "devices", devices[0] } };
    } else {
        Inputs in = loadInputs(o);
        const std::vector<int> devices = parseIntList(o.devices, "devices");
        if (devices.size() != 1)
            throw Error::invalidInput("export one device count at a time").forField("devices");
        ft::SearchOptions so = searchOptions(o, devices);
        so.baselines = false;
        graph = std::move(in.graph);
        cluster = std::move(in.cluster);
        result = ft::search(graph, cluster, so, ctx.progress(), ctx.cancel);
        params = std::move(in.params);
        params["devices"] = devices[0];
    }
    const ft::DeviceFrontier& f = result.frontiers[frontier];
    const int index = pickStrategy(f, o.pick);
    params["pick"] = o.pick;
    params["strategy"] = f.points[static_cast<std::size_t>(index)].strategy;

    const store::NewRun run{ .engine = "ft",
        .kind = "export",
        .name = graph.name + " x" + std::to_string(f.devices) + " (" + o.pick + ")",
        .params = params };
    const ft::Strategy strategy = store::recordRun(ctx.session(), run, [&](store::RunScope& scope) {
        ft::Strategy st
            = ft::strategyFor(graph, cluster, result, frontier, f.points[static_cast<std::size_t>(index)].strategy);
        Json j = ft::toJson(st);
        j["pick"] = o.pick;
        j["strategy"] = f.points[static_cast<std::size_t>(index)].strategy;
        writeJsonFile(o.out, j);
        std::string dot;
        if (!o.dot.empty() || !o.svg.empty())
            dot = ft::strategyToDot(graph, st);
        if (!o.dot.empty())
            writeFileAtomic(o.dot, dot);
        std::string svg;
        if (!o.svg.empty()) {
            svg = renderDotToSvg(dot);
            writeFileAtomic(o.svg, svg);
        }
        if (store::Session* s = scope.session()) {
            s->addArtifact(scope.id(), "strategy.json", "application/json", j.dump(2));
            if (!svg.empty())
                s->addArtifact(scope.id(), "strategy.svg", "image/svg+xml", svg);
        }
        scope.succeed(j,
            graph.name + " x" + std::to_string(f.devices) + ": " + formatSeconds(st.time) + ", "
                + formatBytes(st.memory) + " per device");
        return st;
    });
    if (ctx.json) {
        printJson({ { "out", o.out }, { "devices", strategy.devices },
            { "strategy", f.points[static_cast<std::size_t>(index)].strategy }, { "time", strategy.time },
            { "memory", strategy.memory }, { "fits_device_memory", strategy.fitsDeviceMemory() } });
        return;
    }
    std::cout << ft::strategySummary(strategy) << "\nwrote " << o.out << '\n';
}

void addModelOptions(CLI::App* cmd, FtOptions& o)
{
    cmd->add_option("--model", o.model, "Zoo model (see `ft models`)");
    cmd->add_option("--graph", o.graphFile, "Op graph in the JSON format of docs/ft.md");
    cmd->add_option("--batch", o.batch, "Batch size (zoo models; default: the model's)");
    cmd->add_option("--seq", o.sequence, "Sequence length, or image side for CNNs (zoo models)");
    cmd->add_option("--cluster", o.cluster, "Built-in profile (see `ft clusters`) or a JSON profile file")
        ->capture_default_str();
    cmd->add_option("--eps", o.eps, "Merge points within a factor 1 + EPS (0: exact)")->capture_default_str();
    cmd->add_option("--threads", o.threads, "Search threads (0: all)");
    cmd->add_option("--max-split", o.maxSplit, "Most dims one op splits at once (1-5)")->capture_default_str();
    cmd->add_option("--precision", o.precision, "mixed or fp32")->capture_default_str();
    cmd->add_option("--optimizer", o.optimizer, "adam or sgd (with momentum)")->capture_default_str();
}

} // namespace

void addFtCommands(CLI::App& app, Context& ctx)
{
    auto* ft = app.add_subcommand("ft", "Frontier Tracking: the time / memory Pareto frontier of parallel strategies");
    ft->require_subcommand(1);
    auto o = std::make_shared<FtOptions>();

    auto* models = ft->add_subcommand("models", "List the model zoo");
    models->callback([&ctx] {
        if (ctx.json) {
            Json arr = Json::array();
            for (const auto& m : ft::zooModels())
                arr.push_back({ { "name", m.name }, { "display_name", m.displayName }, { "description", m.description },
                    { "family", m.family }, { "default_batch", m.defaultBatch },
                    { "default_sequence", m.defaultSequence }, { "published_params", m.publishedParams },
                    { "source", m.source } });
            printJson({ { "models", arr } });
            return;
        }
        std::vector<std::vector<std::string>> rows;
        for (const auto& m : ft::zooModels())
            rows.push_back({ m.name, formatCount(m.publishedParams), std::to_string(m.defaultBatch), m.description });
        printTable({ "MODEL", "PARAMS", "BATCH", "DESCRIPTION" }, rows);
    });

    auto* clusters = ft->add_subcommand("clusters", "List the built-in cluster profiles");
    clusters->callback([&ctx] {
        if (ctx.json) {
            Json arr = Json::array();
            for (const auto& c : ft::builtinClusters())
                arr.push_back(ft::toJson(c));
            printJson({ { "clusters", arr } });
            return;
        }
        std::vector<std::vector<std::string>> rows;
        for (const auto& c : ft::builtinClusters())
            rows.push_back({ c.name, c.device.name, formatBytes(c.device.memoryBytes),
                formatCount(c.device.peakFlops16) + "FLOP/s", formatBytes(c.intraNode.bandwidth) + "/s",
                formatBytes(c.interNode.bandwidth) + "/s" });
        printTable({ "PROFILE", "DEVICE", "MEMORY", "FP16 PEAK", "NVLINK", "INFINIBAND" }, rows);
    });

    auto* search = ft->add_subcommand("search", "Pareto frontier per device count, with baselines");
    addModelOptions(search, *o);
    search->add_option("--devices", o->devices, "Device counts, e.g. 8,16,32,64")->capture_default_str();
    search->add_flag("--no-baselines", o->noBaselines, "Skip data parallel, Megatron and min-time baselines");
    search->add_option("--out", o->out, "Also write the full result (with strategies) to this JSON file");
    search->callback([&ctx, o] { runSearch(*o, ctx); });

    auto* frontier = ft->add_subcommand("frontier", "Exact Pareto frontier of a graph of explicit costs");
    frontier->add_option("--costs", o->costs, "Explicit-cost graph (JSON, see docs/ft.md)")->required();
    frontier->add_option("--eps", o->eps, "Merge points within a factor 1 + EPS (0: exact)");
    frontier->add_option("--threads", o->threads, "Search threads (0: all)");
    frontier->callback([&ctx, o] { runFrontier(*o, ctx); });

    auto* exportCmd = ft->add_subcommand("export", "Pick one strategy of a frontier and write it as JSON");
    addModelOptions(exportCmd, *o);
    exportCmd->add_option("--devices", o->devices, "Device count")->capture_default_str();
    exportCmd->add_option("--pick", o->pick, "fastest, min-memory or under-memory=GB")->capture_default_str();
    exportCmd->add_option("--out", o->out, "Strategy JSON to write")->required();
    exportCmd->add_option("--dot", o->dot, "Also write the op graph coloured by split as Graphviz DOT");
    exportCmd->add_option("--svg", o->svg, "Also render that graph to SVG");
    exportCmd->add_option("--run", o->run, "Pick from this stored search of --session instead of searching");
    exportCmd->callback([&ctx, o] { runExport(*o, ctx); });
}

} // namespace vantage::cli
