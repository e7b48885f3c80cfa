// The evaluation engine: runs the partitioned IR layer by layer (or node-wise, or whole-graph) on
// LibTorch tensors. The aggregation kernels are our own: block edges are grouped by destination, so
// a destination's reduction is one sequential loop over its in-edges, parallel over destinations and
// independent of the batch it falls in (the output does not depend on the batch caps).

#include "dgi/evaluation.h"

#include "dgi/layer_engine_p.h"
#include "dgi/mode_runners_p.h"

namespace vantage::dgi {

using namespace detail;

namespace {

// Partial requests and node-wise batches: the targets' frontier walked back through the layers
// (layer k computes the nodes layer k + 1 reads: its destinations and their in-neighbours).
class FrontierRunner {
public:
    FrontierRunner(Engine& engine, const Graph& graph, const LayerSchema& schema)
        : m_engine(engine)
        , m_graph(graph)
        , m_schema(schema)
        , m_mark(static_cast<std::size_t>(graph.numNodes()), 0)
    {
        m_maps.resize(schema.layers.size() + 1);
    }

    // Output rows of `targets` (internal ids, any order, no duplicates), as [targets, width].
    Tensor run(const std::vector<std::int64_t>& targets, std::vector<LayerStats>& stats, std::int64_t& touched,
        const CancelToken& cancel, const std::function<void(double)>& progress)
    {
        const int L = static_cast<int>(m_schema.layers.size());
        std::vector<NodeSet> sets(static_cast<std::size_t>(L + 1));
        std::vector<std::int64_t> ids(targets);
        std::sort(ids.begin(), ids.end());
        fill(sets[static_cast<std::size_t>(L)], std::move(ids), L);
        for (int k = L; k >= 1; --k) {
            const NodeSet& d = sets[static_cast<std::size_t>(k)];
            std::vector<std::int64_t> next;
            next.reserve(static_cast<std::size_t>(d.size) * 2);
            for (auto v : d.ids)
                if (!m_mark[static_cast<std::size_t>(v)]++)
                    next.push_back(v);
            for (auto v : d.ids)
                for (auto u : m_graph.inNeighbours(v))
                    if (!m_mark[static_cast<std::size_t>(u)]++)
                        next.push_back(u);
            for (auto v : next)
                m_mark[static_cast<std::size_t>(v)] = 0;
            std::sort(next.begin(), next.end());
            fill(sets[static_cast<std::size_t>(k - 1)], std::move(next), k - 1);
        }
        for (int k = 1; k <= L; ++k) {
            touched += sets[static_cast<std::size_t>(k)].size;
            m_engine.runLayer(k - 1, sets[static_cast<std::size_t>(k)], sets[static_cast<std::size_t>(k - 1)],
                stats[static_cast<std::size_t>(k - 1)], cancel, [&](double f) { progress((k - 1 + f) / L); });
        }
        auto out = m_engine.take(m_schema.tensors[static_cast<std::size_t>(m_schema.outputTensor)].value);
        const Tensor t = torch::from_blob(
            const_cast<std::int64_t*>(targets.data()), { static_cast<std::int64_t>(targets.size()) }, torch::kLong);
        return out->t.index_select(0, out->set->toLocal(t));
    }

private:
    void fill(NodeSet& s, std::vector<std::int64_t> ids, int level)
    {
        s.all = false;
        s.size = static_cast<std::int64_t>(ids.size());
        s.ids = std::move(ids);
        s.idsT = torch::from_blob(s.ids.data(), { s.size }, torch::kLong);
        Tensor& map = m_maps[static_cast<std::size_t>(level)];
        if (!map.defined())
            map = torch::zeros({ m_graph.numNodes() }, torch::kLong);
        map.index_put_({ s.idsT }, torch::arange(s.size, torch::kLong));
        s.map = map;
    }

    Engine& m_engine;
    const Graph& m_graph;
    const LayerSchema& m_schema;
    std::vector<char> m_mark;
    std::vector<Tensor> m_maps;
};

} // namespace

int intraOpParallelism(int threads)
{
    const int before = at::get_num_threads();
    at::set_num_threads(std::max(1, threads));
    std::atomic<int> seen{ 0 };
    std::atomic<int> mask{ 0 };
    at::parallel_for(0, std::max(1, threads), 1, [&](std::int64_t, std::int64_t) {
        const int bit = 1 << std::min(at::get_thread_num(), 30);
        if ((mask.fetch_or(bit) & bit) == 0)
            ++seen;
    });
    at::set_num_threads(before);
    return seen.load();
}

EvalMode parseEvalMode(std::string_view text)
{
    if (text == "layerwise" || text == "layer" || text == "layer-wise")
        return EvalMode::LayerWise;
    if (text == "nodewise" || text == "node" || text == "node-wise")
        return EvalMode::NodeWise;
    if (text == "full" || text == "fullgraph" || text == "full-graph")
        return EvalMode::FullGraph;
    if (text == "handwritten" || text == "hand-written")
        return EvalMode::HandwrittenGcn;
    throw Error::invalidInput("unknown mode '" + std::string(text) + "' (layerwise, nodewise, full, handwritten)")
        .forField("mode");
}

const char* evalModeName(EvalMode mode)
{
    switch (mode) {
    case EvalMode::LayerWise:
        return "layerwise";
    case EvalMode::NodeWise:
        return "nodewise";
    case EvalMode::FullGraph:
        return "full";
    case EvalMode::HandwrittenGcn:
        return "handwritten";
    }
    return "?";
}

EvalResult evaluate(const Graph& graphIn, const NodeMatrix& featuresIn, const GnnIr& ir, const EvalOptions& opt,
    Progress& progress, const CancelToken& cancel)
{
    const auto start = Clock::now();
    const std::int64_t n = graphIn.numNodes();
    if (n == 0)
        throw Error::invalidInput("the graph has no nodes").forField("graph");
    if (featuresIn.rows() != n)
        throw Error::invalidInput(
            "the features have " + std::to_string(featuresIn.rows()) + " rows for " + std::to_string(n) + " nodes")
            .forField("features");
    const std::int64_t inWidth = ir.width(ir.inputValue());
    if (featuresIn.cols() != inWidth)
        throw Error::invalidInput("the features have " + std::to_string(featuresIn.cols()) + " columns but the model '"
            + ir.modelName + "' takes " + std::to_string(inWidth))
            .forField("features");
    {
        std::vector<char> seen(opt.targets.empty() ? 0 : static_cast<std::size_t>(n), 0);
        for (auto t : opt.targets) {
            if (t < 0 || t >= n)
                throw Error::invalidInput("target node " + std::to_string(t) + " is not in the graph")
                    .forField("targets");
            if (seen[static_cast<std::size_t>(t)]++)
                throw Error::invalidInput("target node " + std::to_string(t) + " is listed twice").forField("targets");
        }
    }
    if (opt.nodeWiseBatch < 1)
        throw Error::invalidInput("the node-wise batch must hold at least one node").forField("batch");
    // LibTorch's own default counts cores through cpuinfo, which reports one core on some virtual
    // machines with two; the evaluation would then run on one thread.
    const int threads = resolveThreadCount(opt.threads);
    if (at::get_num_threads() != threads)
        at::set_num_threads(threads);
    keepFreedBatchMemory();
    resetPeakRss();

    EvalResult result;
    result.mode = opt.mode;
    result.dtype = opt.dtype;
    result.reorder = reorderingName(opt.reorder);
    result.threads = threads;
    const std::int64_t available = availableMemoryBytes();
    const std::int64_t budget = opt.memoryBudgetBytes > 0
        ? opt.memoryBudgetBytes
        : std::max<std::int64_t>(available / 2, std::int64_t{ 256 } << 20);
    result.memoryBudgetBytes = budget;
    const auto type = scalarOf(opt.dtype);
    const std::filesystem::path spill
        = opt.spillDirectory.empty() ? std::filesystem::temp_directory_path() : opt.spillDirectory;

    try {
        const LayerSchema schema = partitionIntoLayers(ir);
        // Reordering: evaluate on the relabelled graph, return rows in the original order.
        std::vector<std::int64_t> order;
        std::vector<std::int64_t> inverse;
        Graph permuted;
        NodeMatrix permutedX;
        const Graph* graph = &graphIn;
        const NodeMatrix* x = &featuresIn;
        if (opt.reorder != Reordering::None) {
            progress.report(0.0, "reordering nodes");
            order = computeOrdering(graphIn, opt.reorder);
            inverse.assign(order.size(), 0);
            for (std::size_t i = 0; i < order.size(); ++i)
                inverse[static_cast<std::size_t>(order[i])] = static_cast<std::int64_t>(i);
            permuted = permuteGraph(graphIn, order);
            permutedX = gatherRows(featuresIn, order,
                static_cast<std::int64_t>(featuresIn.bytes()) > budget / 2 ? spill : std::filesystem::path());
            graph = &permuted;
            x = &permutedX;
        }
        NodeMatrix convertedX;
        if (x->dtype() != opt.dtype) {
            const bool disk = n * x->cols() * dtypeSize(opt.dtype) > budget / 2;
            convertedX = disk ? NodeMatrix::zerosOnDisk(n, x->cols(), opt.dtype, spill)
                              : NodeMatrix::zeros(n, x->cols(), opt.dtype);
            wrap(convertedX).copy_(wrap(*x));
            x = &convertedX;
        }
        auto internal = [&](std::int64_t v) { return inverse.empty() ? v : inverse[static_cast<std::size_t>(v)]; };
        result.setupS = since(start);
        const auto evalStart = Clock::now();
        const int L = static_cast<int>(schema.layers.size());
        const std::int64_t outWidth = ir.width(ir.output());
        bool permutedOutput = false; // rows in internal order over all nodes

        switch (opt.mode) {
        case EvalMode::FullGraph: {
            const std::int64_t need = fullGraphBytes(*graph, ir, dtypeSize(opt.dtype));
            if (need > budget)
                throw Error::invalidInput("a full-graph forward needs about " + std::to_string(need >> 20)
                    + " MiB, more than the memory budget of " + std::to_string(budget >> 20)
                    + " MiB; evaluate layer-wise instead")
                    .forField("mode");
            progress.report(0.0, "full-graph forward");
            const auto t0 = Clock::now();
            Tensor out = fullForward(*graph, wrap(*x), ir, type);
            if (!opt.targets.empty()) {
                std::vector<std::int64_t> t;
                for (auto v : opt.targets)
                    t.push_back(internal(v));
                out = out.index_select(
                    0, torch::from_blob(t.data(), { static_cast<std::int64_t>(t.size()) }, torch::kLong));
            } else {
                permutedOutput = true;
            }
            result.output = toMatrix(out, opt.dtype);
            LayerStats st;
            st.timeS = since(t0);
            st.batches = 1;
            st.nodes = n;
            st.edges = graph->numEdges() * L;
            result.layers.push_back(st);
            progress.report(1.0, "full-graph forward");
            break;
        }
        case EvalMode::HandwrittenGcn: {
            if (!opt.targets.empty())
                throw Error::invalidInput("the hand-written baseline evaluates every node; drop the targets")
                    .forField("targets");
            result.output = handwrittenGcn(*graph, wrap(*x), ir, type, result.layers, cancel, progress, opt.layerDone);
            permutedOutput = true;
            break;
        }
        case EvalMode::LayerWise: {
            EvalOptions inner = opt;
            if (!inverse.empty())
                inner.outputPath.clear(); // written in the original order at the end
            Engine engine(*graph, *x, ir, schema, inner, budget);
            result.layers.assign(static_cast<std::size_t>(L), LayerStats{});
            for (int k = 0; k < L; ++k)
                result.layers[static_cast<std::size_t>(k)].index = k;
            if (opt.targets.empty()) {
                NodeSet all;
                all.all = true;
                all.size = n;
                for (int k = 0; k < L; ++k) {
                    const std::string phase = "layer " + std::to_string(k + 1) + " of " + std::to_string(L);
                    engine.runLayer(k, all, all, result.layers[static_cast<std::size_t>(k)], cancel,
                        [&](double f) { progress.report((k + f) / L, phase); });
                    if (opt.layerDone)
                        opt.layerDone(result.layers[static_cast<std::size_t>(k)]);
                }
                auto out = engine.take(schema.tensors[static_cast<std::size_t>(schema.outputTensor)].value);
                result.output = std::move(out->matrix);
                permutedOutput = true;
            } else {
                FrontierRunner runner(engine, *graph, schema);
                std::vector<std::int64_t> t;
                for (auto v : opt.targets)
                    t.push_back(internal(v));
                result.output = toMatrix(runner.run(t, result.layers, result.touchedNodes, cancel,
                                             [&](double f) { progress.report(f, "partial request"); }),
                    opt.dtype);
            }
            result.nodeCap = engine.firstNodeCap;
            result.edgeCap = engine.firstEdgeCap;
            result.peakStoreBytesInMemory = engine.peakRam();
            result.peakStoreBytesOnDisk = engine.peakDisk();
            result.edgeCacheBytes = engine.edgeCacheBytes();
            result.factoredAggregations = engine.factoredAggregations();
            break;
        }
        case EvalMode::NodeWise: {
            Engine engine(*graph, *x, ir, schema, opt, budget);
            FrontierRunner runner(engine, *graph, schema);
            result.layers.assign(static_cast<std::size_t>(L), LayerStats{});
            for (int k = 0; k < L; ++k)
                result.layers[static_cast<std::size_t>(k)].index = k;
            const std::int64_t total = opt.targets.empty() ? n : static_cast<std::int64_t>(opt.targets.size());
            const std::int64_t B = opt.nodeWiseBatch;
            const std::int64_t batches = (total + B - 1) / B;
            std::vector<std::int64_t> chosen;
            if (opt.nodeWiseMaxBatches > 0 && opt.nodeWiseMaxBatches < batches) {
                // Spread the timed batches over the id range: low ids of R-MAT graphs are the hubs.
                for (std::int64_t i = 0; i < opt.nodeWiseMaxBatches; ++i)
                    chosen.push_back(i * batches / opt.nodeWiseMaxBatches);
            } else {
                chosen.resize(static_cast<std::size_t>(batches));
                std::iota(chosen.begin(), chosen.end(), 0);
            }
            result.output = static_cast<std::int64_t>(total * outWidth * dtypeSize(opt.dtype)) > budget / 2
                ? NodeMatrix::zerosOnDisk(total, outWidth, opt.dtype, spill)
                : NodeMatrix::zeros(total, outWidth, opt.dtype);
            Tensor out = wrap(result.output);
            const auto t0 = Clock::now();
            std::int64_t done = 0;
            for (std::size_t ci = 0; ci < chosen.size(); ++ci) {
                cancel.throwIfCancelled();
                if (opt.nodeWiseTimeLimitS > 0 && done > 0 && since(t0) > opt.nodeWiseTimeLimitS)
                    break;
                const std::int64_t a = chosen[ci] * B;
                const std::int64_t b = std::min(total, a + B);
                std::vector<std::int64_t> t;
                for (std::int64_t i = a; i < b; ++i)
                    t.push_back(internal(opt.targets.empty() ? i : opt.targets[static_cast<std::size_t>(i)]));
                const Tensor rows = runner.run(t, result.layers, result.touchedNodes, cancel, [&](double f) {
                    progress.report((static_cast<double>(ci) + f) / static_cast<double>(chosen.size()),
                        "node-wise batch " + std::to_string(ci + 1) + " of " + std::to_string(chosen.size()));
                });
                out.narrow(0, a, b - a).copy_(rows.reshape({ b - a, -1 }));
                result.filledRows.emplace_back(a, b);
                ++done;
            }
            result.batchesDone = done;
            result.batchesTotal = batches;
            result.extrapolated = done < batches;
            if (!result.extrapolated)
                result.filledRows.clear();
            result.nodeCap = engine.firstNodeCap;
            result.edgeCap = engine.firstEdgeCap;
            result.peakStoreBytesInMemory = engine.peakRam();
            result.peakStoreBytesOnDisk = engine.peakDisk();
            result.edgeCacheBytes = engine.edgeCacheBytes();
            result.factoredAggregations = engine.factoredAggregations();
            break;
        }
        }
        result.measuredS = since(evalStart);
        result.totalS = result.measuredS;
        if (result.touchedNodes == 0) // the whole-graph modes compute each layer's rows once
            for (const auto& l : result.layers)
                result.touchedNodes += l.nodes;
        if (result.extrapolated && result.batchesDone > 0) {
            const double factor = static_cast<double>(result.batchesTotal) / static_cast<double>(result.batchesDone);
            result.totalS = result.measuredS * factor;
            for (auto& l : result.layers)
                l.timeS *= factor;
        }
        if (permutedOutput && !inverse.empty()) {
            result.output = scatterRows(result.output, order,
                static_cast<std::int64_t>(result.output.bytes()) > budget / 2 ? spill : std::filesystem::path());
            if (!opt.outputPath.empty())
                result.output.saveNpy(opt.outputPath);
        } else if (!opt.outputPath.empty() && !(opt.mode == EvalMode::LayerWise && opt.targets.empty())) {
            result.output.saveNpy(opt.outputPath);
        }
    } catch (const c10::Error& e) {
        std::string what = e.what_without_backtrace();
        throw Error::failure("LibTorch failed while evaluating '" + ir.modelName + "': " + what)
            .inOp(evalModeName(opt.mode));
    } catch (const std::bad_alloc&) {
        // Outside a batch (the stores, the output, a reordering): nothing smaller to try.
        throw Error::failure("out of memory evaluating '" + ir.modelName +
                             "'; give the evaluation more memory (--memory-budget), keep stores on disk (--stores disk) "
                             "or use fewer threads")
            .inOp(evalModeName(opt.mode));
    }
    result.peakRssBytes = peakRssBytes();
    progress.report(1.0, "done");
    return result;
}

const char* evalModeTitle(EvalMode mode)
{
    switch (mode) {
    case EvalMode::LayerWise:
        return "layer-wise";
    case EvalMode::NodeWise:
        return "node-wise";
    case EvalMode::FullGraph:
        return "full-graph";
    case EvalMode::HandwrittenGcn:
        return "hand-written GCN";
    }
    return "?";
}

std::string comparisonSummary(const std::vector<const EvalResult*>& results)
{
    auto secs = [](double s) {
        char buf[32];
        std::snprintf(buf, sizeof buf, s < 10 ? "%.2f s" : "%.1f s", s);
        return std::string(buf);
    };
    if (results.empty())
        return {};
    const EvalResult& first = *results.front();
    std::string out = std::string(evalModeTitle(first.mode)) + " " + secs(first.totalS);
    for (std::size_t i = 1; i < results.size(); ++i) {
        const EvalResult& r = *results[i];
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, "%.1fx", first.totalS > 0 ? r.totalS / first.totalS : 0.0);
        out += std::string(i == 1 ? " vs " : ", ") + evalModeTitle(r.mode) + " " + secs(r.totalS) + " (" + ratio
            + (r.extrapolated ? ", extrapolated" : "") + ")";
    }
    return out;
}

Json toJson(const EvalResult& r)
{
    Json layers = Json::array();
    for (const auto& l : r.layers)
        layers.push_back(
            { { "index", l.index }, { "time_s", l.timeS }, { "batches", l.batches }, { "source_pass_s", l.sourcePassS },
                { "nodes", l.nodes }, { "edges", l.edges }, { "bytes_touched", l.bytesTouched },
                { "fresh_store_bytes", l.freshStoreBytes }, { "retries", l.retries } });
    Json j = { { "mode", evalModeName(r.mode) }, { "total_s", r.totalS }, { "layers", layers },
        { "peak_rss_bytes", r.peakRssBytes }, { "extrapolated", r.extrapolated }, { "measured_s", r.measuredS },
        { "setup_s", r.setupS }, { "dtype", dtypeName(r.dtype) }, { "rows", r.output.rows() },
        { "cols", r.output.cols() }, { "memory_budget_bytes", r.memoryBudgetBytes }, { "node_cap", r.nodeCap },
        { "edge_cap", r.edgeCap }, { "peak_store_bytes_in_memory", r.peakStoreBytesInMemory },
        { "peak_store_bytes_on_disk", r.peakStoreBytesOnDisk }, { "reorder", r.reorder }, { "threads", r.threads },
        { "touched_nodes", r.touchedNodes }, { "edge_cache_bytes", r.edgeCacheBytes },
        { "factored_aggregations", r.factoredAggregations } };
    if (r.mode == EvalMode::NodeWise) {
        j["batches_done"] = r.batchesDone;
        j["batches_total"] = r.batchesTotal;
    }
    return j;
}

} // namespace vantage::dgi
