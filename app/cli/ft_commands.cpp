// vantage-cli ft models|clusters|search|frontier|export (and calibrate: ft_calibrate_command.cpp):
// Frontier Tracking headless. `search`
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
#include "ft/search_run.h"
#include "ft/strategy.h"
#include "ft/strategy_run.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
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
    std::int64_t run = 0;
    ft::FrontierRequest frontier; // ft frontier's --eps and --threads: frontierRequestParams()
    ft::SearchRequest search; // the plain fields of ft search and export: searchRequestParams()
};

// The search the options describe, as the recipe takes it.
ft::SearchRequest searchRequest(const FtOptions& o, std::vector<int> devices)
{
    if (o.model.empty() == o.graphFile.empty())
        throw Error::invalidInput("give either --model NAME (see `ft models`) or --graph FILE").forField("model");
    ft::SearchRequest r = o.search;
    if (!o.model.empty()) {
        r.model = ft::zooModel(o.model).name;
    } else {
        if (o.search.batch > 0 || o.search.sequence > 0)
            throw Error::invalidInput("an op graph file sets its own shapes; --batch and --seq go with --model")
                .forField("batch");
        const std::string text = readJsonText(o.graphFile);
        (void)ft::opGraphFromText(text, o.graphFile); // refused here with the file's line numbers
        r.graph = parseJson(text, o.graphFile);
        r.graphFile = o.graphFile;
    }
    r.cluster = ft::resolveCluster(o.cluster);
    r.options.deviceCounts = std::move(devices);
    return r;
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
    if (r.batch > 0 && r.forwardFlops > 0) {
        char gflops[32];
        std::snprintf(gflops, sizeof gflops, "%.2f", r.forwardFlops / double(r.batch) / 1e9);
        std::cout << r.parameters << " parameters, " << gflops << " GFLOPs a sample forward\n";
    }
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
        printTable({ "STRATEGY", "TIME/ITER", "MEMORY/DEVICE", "FITS" }, rows);
        if (f.points.size() > 15)
            std::cout << "(" << f.points.size() - rows.size() << " more in --json, before the command: vantage-cli "
                      << "--json ft search ...)\n";
        if (!f.points.empty()) {
            const auto least = std::min_element(
                f.points.begin(), f.points.end(), [](const auto& a, const auto& b) { return a.memory < b.memory; });
            if (least->memory > r.deviceMemory)
                std::cerr << "note: on " << f.devices << " devices no strategy fits the " << formatBytes(r.deviceMemory)
                          << " of a device; the smallest needs " << formatBytes(least->memory)
                          << " (more devices, a smaller batch or a larger device)\n";
        }
        if (!f.baselines.empty()) {
            rows.clear();
            for (const auto& b : f.baselines)
                rows.push_back(
                    { b.name, formatSeconds(b.time), formatBytes(b.memory), b.memory <= r.deviceMemory ? "fits" : "" });
            std::cout << "\n";
            printTable({ "BASELINE", "TIME/ITER", "MEMORY/DEVICE", "FITS" }, rows);
        }
    }
}

void runSearch(const FtOptions& o, Context& ctx)
{
    const ft::SearchRequest request = searchRequest(o, parseIntList(o.devices, "devices"));
    const ft::SearchRun run = ft::runSearch(ctx.session(), request, ctx.progress(), ctx.cancel);
    if (!o.out.empty())
        writeJsonFile(o.out, ft::toJson(run.result, true));
    if (ctx.json)
        printJson(ft::toJson(run.result, false));
    else
        printSearch(run.result, request.cluster);
}

void runFrontier(const FtOptions& o, Context& ctx)
{
    if (o.costs.empty())
        throw Error::invalidInput("give the explicit-cost graph with --costs FILE").forField("costs");
    ft::FrontierRequest request = o.frontier;
    request.costs = o.costs;
    const ft::FrontierRun run = ft::FrontierRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    const Json& out = run.result;
    const ft::CostGraph& graph = run.graph;
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
    const std::vector<int> devices = parseIntList(o.devices, "devices");
    if (devices.size() != 1)
        throw Error::invalidInput("export one device count at a time").forField("devices");
    if (o.run > 0 && !ctx.session())
        throw Error::invalidInput("--run needs --session FILE").forField("run");
    ft::ExportRequest request{
        .searchRun = o.run, .devices = devices[0], .pick = o.pick, .out = o.out, .dot = o.dot, .svg = o.svg
    };
    if (o.run == 0)
        request.search = searchRequest(o, devices);
    const ft::ExportRun run = ft::ExportRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    const ft::Strategy& strategy = run.strategy;
    if (ctx.json) {
        printJson({ { "out", o.out }, { "devices", strategy.devices }, { "strategy", run.result["strategy"] },
            { "time", strategy.time }, { "memory", strategy.memory },
            { "fits_device_memory", strategy.fitsDeviceMemory() } });
        return;
    }
    std::cout << ft::strategySummary(strategy) << "\nwrote " << o.out << '\n';
}

// The options of a search (ft search, ft export); export always searches without baselines.
void addModelOptions(CLI::App* cmd, FtOptions& o, bool baselines)
{
    cmd->add_option("--model", o.model, "Zoo model (see `ft models`)");
    cmd->add_option("--graph", o.graphFile, "Op graph in the JSON format of docs/ft.md");
    cmd->add_option("--cluster", o.cluster, "Built-in profile (see `ft clusters`) or a JSON profile file")
        ->capture_default_str();
    if (baselines)
        addParamOptions(cmd, ft::searchRequestParams(), o.search);
    else
        addParamOptions(cmd, ft::searchRequestParams(), o.search, { "baselines" });
}

} // namespace

// `ft price` and `ft published` (ft_price_command.cpp).
void addFtPriceCommands(CLI::App* ft, Context& ctx);

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
    addModelOptions(search, *o, true);
    search->add_option("--devices", o->devices, "Device counts, e.g. 8,16,32,64")->capture_default_str();
    search->add_option("--out", o->out, "Also write the full result (with strategies) to this JSON file")
        ->check(outputFile());
    search->callback([&ctx, o] { runSearch(*o, ctx); });

    auto* frontier = ft->add_subcommand("frontier", "Exact Pareto frontier of a graph of explicit costs");
    frontier->add_option("--costs", o->costs, "Explicit-cost graph (JSON, see docs/ft.md)")->required();
    addParamOptions(frontier, ft::frontierRequestParams(), o->frontier);
    frontier->callback([&ctx, o] { runFrontier(*o, ctx); });

    auto* exportCmd = ft->add_subcommand("export", "Pick one strategy of a frontier and write it as JSON");
    addModelOptions(exportCmd, *o, false);
    exportCmd->add_option("--devices", o->devices, "Device count")->capture_default_str();
    exportCmd->add_option("--pick", o->pick, "fastest, min-memory or under-memory=GB")->capture_default_str();
    exportCmd->add_option("--out", o->out, "Strategy JSON to write")->required()->check(outputFile());
    exportCmd->add_option("--dot", o->dot, "Also write the op graph coloured by split as Graphviz DOT")
        ->check(outputFile());
    exportCmd->add_option("--svg", o->svg, "Also render that graph to SVG")->check(outputFile());
    addNumber(exportCmd, "--run", o->run, "Pick from this stored search of --session instead of searching", 1,
        kMaxOf<std::int64_t>);
    exportCmd->callback([&ctx, o] { runExport(*o, ctx); });
    addFtPriceCommands(ft, ctx);
#ifdef VANTAGE_CLI_EDL
    addFtCalibrateCommand(ft, ctx);
    addFtRunCommands(ft, ctx);
#endif
}

} // namespace vantage::cli
