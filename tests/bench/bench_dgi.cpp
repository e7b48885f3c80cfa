// DGI on an R-MAT graph: layer-wise against node-wise evaluation (node-wise timed on a spread of
// its batches and extrapolated, labelled as such), the automatic layer-wise GCN against the
// hand-written one, per-layer time against the memory-bandwidth bound (bytes touched / bandwidth of
// a copy probe in the same run), partition time, peak memory, and an out-of-core run under a
// memory budget smaller than one intermediate tensor, checked against the in-memory output.
// Prints JSON; asserts nothing.
//
//   bench_dgi [--nodes N] [--degree D] [--hidden H] [--layers L] [--models gcn,sage,gat]
//             [--node-batches B] [--threads T] [--repeats R] [--no-out-of-core]

#include "dgi/evaluation.h"
#include "dgi/generators.h"
#include "dgi/memory.h"
#include "dgi/models.h"
#include "dgi/partition.h"

#include "bench_clock.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

using namespace vantage;
using namespace vantage::dgi;
using namespace vantage::bench;

namespace {

// Per layer: the time against the copy-probe bound (the target), and, apart, against that bound
// plus the first touch of the store memory the layer had to allocate fresh (which the copy probe,
// run on memory it touched before, does not pay).
Json layersJson(const EvalResult& r, double bandwidth, double firstTouch)
{
    Json a = Json::array();
    for (const auto& l : r.layers) {
        const double bound = bandwidth > 0 ? static_cast<double>(l.bytesTouched) / bandwidth : 0.0;
        const double fresh = firstTouch > 0 ? static_cast<double>(l.freshStoreBytes) / firstTouch : 0.0;
        a.push_back({ { "index", l.index }, { "time_s", l.timeS }, { "source_pass_s", l.sourcePassS },
            { "batches", l.batches }, { "bytes_touched", l.bytesTouched }, { "bandwidth_bound_s", bound },
            { "x_bandwidth_bound", bound > 0 ? l.timeS / bound : 0.0 }, { "fresh_store_bytes", l.freshStoreBytes },
            { "first_touch_s", fresh },
            { "x_bound_with_first_touch", bound + fresh > 0 ? l.timeS / (bound + fresh) : 0.0 } });
    }
    return a;
}

} // namespace

int main(int argc, char** argv)
{
    std::int64_t nodes = 65536;
    double degree = 16;
    std::int64_t hidden = 64;
    int layers = 3;
    std::string models = "gcn,sage,gat";
    std::int64_t nodeBatches = 4;
    int threads = 0;
    int repeats = 2;
    bool outOfCore = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--nodes")
            nodes = static_cast<std::int64_t>(std::stod(next()));
        else if (a == "--degree")
            degree = std::stod(next());
        else if (a == "--hidden")
            hidden = std::stoll(next());
        else if (a == "--layers")
            layers = std::stoi(next());
        else if (a == "--models")
            models = next();
        else if (a == "--node-batches")
            nodeBatches = std::stoll(next());
        else if (a == "--threads")
            threads = std::stoi(next());
        else if (a == "--repeats")
            repeats = std::max(1, std::stoi(next()));
        else if (a == "--no-out-of-core")
            outOfCore = false;
        else {
            std::cerr << "usage: bench_dgi [--nodes N] [--degree D] [--hidden H] [--layers L] [--models gcn,sage,gat] "
                         "[--node-batches B] [--threads T] [--repeats R] [--no-out-of-core]\n";
            return 2;
        }
    }

    NullProgress quiet;
    CancelToken cancel;
    Json out = { { "bench", "dgi" } };
    auto t0 = Clock::now();
    const std::string spec = "rmat:n=" + std::to_string(nodes) + ",deg=" + std::to_string(degree) + ",seed=1";
    const Graph graph = generateGraph(spec, { .selfLoops = SelfLoops::Add }, quiet, cancel);
    const GraphStats gs = graphStats(graph);
    out["graph"] = { { "spec", spec + " + self-loops" }, { "nodes", gs.nodes }, { "edges", gs.edges },
        { "max_in_degree", gs.maxInDegree }, { "generate_s", since(t0) } };
    const NodeMatrix x = randomFeatures(graph.numNodes(), hidden, 7);
    {
        // Warm-up: thread pools and BLAS start once per process, not inside the first timed run.
        const Graph small = generateGraph("rmat:n=4096,deg=8,seed=2", {}, quiet, cancel);
        const GnnIr gcn = buildModel({ .inputWidth = hidden, .hidden = hidden, .layers = layers });
        evaluate(small, randomFeatures(small.numNodes(), hidden, 1), gcn, { .threads = threads }, quiet, cancel);
    }
    const int threadsUsed = intraOpParallelism(
        threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    const double bandwidth = copyBandwidth();
    // Fresh memory provisioned as the evaluator provisions its stores (on every thread).
    const double firstTouch = firstTouchBandwidth(std::size_t{ 256 } << 20, threadsUsed);
    out["copy_bandwidth_bytes_per_s"] = bandwidth;
    out["first_touch_bytes_per_s"] = firstTouch;
    out["threads"] = threads;
    out["threads_used"] = threadsUsed;

    Json runs = Json::array();
    std::size_t pos = 0;
    while (pos <= models.size()) {
        const auto comma = models.find(',', pos);
        const std::string name = models.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        pos = comma == std::string::npos ? models.size() + 1 : comma + 1;
        if (name.empty())
            continue;
        const ModelSpec ms{ .kind = enumFromName<ModelKind>(name),
            .inputWidth = hidden,
            .hidden = hidden,
            .layers = layers,
            .heads = 4,
            .seed = 1 };
        const GnnIr ir = buildModel(ms);
        t0 = Clock::now();
        const LayerSchema schema = partitionIntoLayers(ir);
        const double partitionS = since(t0);

        // Layer-wise (and, for GCN, the hand-written one) run `repeats` times, alternating, so that
        // both meet the machine in the same states (a first run pays for memory the process has
        // never touched); the fastest run of each is compared, every run is printed.
        EvalOptions lo{ .mode = EvalMode::LayerWise, .threads = threads };
        EvalOptions ho{ .mode = EvalMode::HandwrittenGcn, .threads = threads };
        const bool gcn = ms.kind == ModelKind::Gcn;
        EvalResult layer;
        EvalResult hand;
        Json layerRuns = Json::array();
        Json handRuns = Json::array();
        for (int rep = 0; rep < repeats; ++rep) {
            EvalResult l = evaluate(graph, x, ir, lo, quiet, cancel);
            layerRuns.push_back({ { "total_s", l.totalS }, { "per_layer", layersJson(l, bandwidth, firstTouch) } });
            if (rep == 0 || l.totalS < layer.totalS)
                layer = std::move(l);
            if (gcn) {
                EvalResult h = evaluate(graph, x, ir, ho, quiet, cancel);
                handRuns.push_back(h.totalS);
                if (rep == 0 || h.totalS < hand.totalS)
                    hand = std::move(h);
            }
        }
        EvalOptions no{
            .mode = EvalMode::NodeWise, .threads = threads, .nodeWiseBatch = 1024, .nodeWiseMaxBatches = nodeBatches
        };
        const EvalResult node = evaluate(graph, x, ir, no, quiet, cancel);
        Json r = { { "model", name }, { "layers", schema.layers.size() }, { "partition_s", partitionS },
            { "layerwise",
                { { "total_s", layer.totalS }, { "peak_rss_bytes", layer.peakRssBytes }, { "node_cap", layer.nodeCap },
                    { "edge_cap", layer.edgeCap }, { "edge_cache_bytes", layer.edgeCacheBytes },
                    { "factored_aggregations", layer.factoredAggregations },
                    { "per_layer", layersJson(layer, bandwidth, firstTouch) }, { "runs", layerRuns } } },
            { "nodewise",
                { { "total_s", node.totalS }, { "extrapolated", node.extrapolated }, { "measured_s", node.measuredS },
                    { "batches_timed", node.batchesDone }, { "batches_total", node.batchesTotal },
                    { "rows_computed_timed", node.touchedNodes }, { "peak_rss_bytes", node.peakRssBytes },
                    { "max_abs_diff_vs_layerwise", maxAbsDifference(node.output, layer.output, node.filledRows) } } },
            { "speedup_layerwise_vs_nodewise", node.totalS / layer.totalS } };
        if (gcn) {
            r["handwritten"]
                = { { "total_s", hand.totalS }, { "peak_rss_bytes", hand.peakRssBytes }, { "runs_total_s", handRuns },
                      { "max_abs_diff_vs_layerwise", maxAbsDifference(hand.output, layer.output) } };
            r["layerwise_over_handwritten"] = layer.totalS / hand.totalS;
            if (outOfCore) {
                // A budget smaller than one intermediate (N x hidden x 4 B).
                const std::int64_t intermediate = graph.numNodes() * hidden * 4;
                EvalOptions oo{
                    .mode = EvalMode::LayerWise, .memoryBudgetBytes = intermediate / 4, .threads = threads
                };
                const std::int64_t before = currentRssBytes(); // graph, features and the results above
                const EvalResult ooc = evaluate(graph, x, ir, oo, quiet, cancel);
                r["out_of_core"]
                    = { { "memory_budget_bytes", oo.memoryBudgetBytes }, { "intermediate_bytes", intermediate },
                          { "total_s", ooc.totalS }, { "peak_rss_bytes", ooc.peakRssBytes },
                          { "rss_before_bytes", before }, { "peak_store_bytes_on_disk", ooc.peakStoreBytesOnDisk },
                          { "peak_store_bytes_in_memory", ooc.peakStoreBytesInMemory }, { "node_cap", ooc.nodeCap },
                          { "edge_cap", ooc.edgeCap },
                          { "max_abs_diff_vs_in_memory", maxAbsDifference(ooc.output, layer.output) } };
            }
        }
        runs.push_back(std::move(r));
    }
    out["models"] = runs;
    std::cout << out.dump() << std::endl;
    return 0;
}
