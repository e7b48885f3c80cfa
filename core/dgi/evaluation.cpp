// The evaluation engine: runs the partitioned IR layer by layer (or node-wise, or whole-graph) on
// LibTorch tensors. The aggregation kernels are our own: block edges are grouped by destination, so
// a destination's reduction is one sequential loop over its in-edges, parallel over destinations and
// independent of the batch it falls in (the output does not depend on the batch caps).

#include "dgi/evaluation.h"

#include "dgi/device_engine_p.h"
#include "dgi/frontier_runner_p.h"
#include "dgi/layer_engine_p.h"
#include "dgi/mode_runners_p.h"

#include "common/json.h"

#include <optional>
#include <unistd.h>

namespace vantage::dgi {

using namespace detail;

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

namespace {

// Refuses features, targets and options that do not fit the graph and the model.
void checkInputs(const Graph& graph, const NodeMatrix& features, const GnnIr& ir, const EvalOptions& opt)
{
    const std::int64_t n = graph.numNodes();
    if (n == 0)
        throw Error::invalidInput("the graph has no nodes").forField("graph");
    if (features.rows() != n)
        throw Error::invalidInput(
            "the features have " + std::to_string(features.rows()) + " rows for " + std::to_string(n) + " nodes")
            .forField("features");
    const std::int64_t inWidth = ir.width(ir.inputValue());
    if (features.cols() != inWidth)
        throw Error::invalidInput("the features have " + std::to_string(features.cols()) + " columns but the model '"
            + ir.modelName + "' takes " + std::to_string(inWidth))
            .forField("features");
    std::vector<char> seen(opt.targets.empty() ? 0 : static_cast<std::size_t>(n), 0);
    for (auto t : opt.targets) {
        if (t < 0 || t >= n)
            throw Error::invalidInput("target node " + std::to_string(t) + " is not in the graph").forField("targets");
        if (seen[static_cast<std::size_t>(t)]++)
            throw Error::invalidInput("target node " + std::to_string(t) + " is listed twice").forField("targets");
    }
    if (opt.nodeWiseBatch < 1)
        throw Error::invalidInput("the node-wise batch must hold at least one node").forField("batch");
}

// The graph and features a mode runs on: relabelled when reordering (rows go back to the original
// order at the end) and in the evaluation's scalar type.
struct Inputs {
    std::vector<std::int64_t> order;
    std::vector<std::int64_t> inverse;
    Graph permuted;
    NodeMatrix permutedX;
    NodeMatrix convertedX;
    const Graph* graph = nullptr;
    const NodeMatrix* x = nullptr;

    std::int64_t internal(std::int64_t v) const { return inverse.empty() ? v : inverse[static_cast<std::size_t>(v)]; }
    std::vector<std::int64_t> internal(const std::vector<std::int64_t>& ids) const
    {
        std::vector<std::int64_t> t;
        for (auto v : ids)
            t.push_back(internal(v));
        return t;
    }
};

void prepareInputs(Inputs& in, const Graph& graph, const NodeMatrix& features, const EvalOptions& opt,
    std::int64_t budget, const std::filesystem::path& spill, Progress& progress)
{
    in.graph = &graph;
    in.x = &features;
    if (opt.reorder != Reordering::None) {
        progress.report(0.0, "reordering nodes");
        in.order = computeOrdering(graph, opt.reorder);
        in.inverse.assign(in.order.size(), 0);
        for (std::size_t i = 0; i < in.order.size(); ++i)
            in.inverse[static_cast<std::size_t>(in.order[i])] = static_cast<std::int64_t>(i);
        in.permuted = permuteGraph(graph, in.order);
        in.permutedX = gatherRows(features, in.order,
            static_cast<std::int64_t>(features.bytes()) > budget / 2 ? spill : std::filesystem::path());
        in.graph = &in.permuted;
        in.x = &in.permutedX;
    }
    if (in.x->dtype() != opt.dtype) {
        const std::int64_t n = graph.numNodes();
        const bool disk = n * in.x->cols() * dtypeSize(opt.dtype) > budget / 2;
        in.convertedX = disk ? NodeMatrix::zerosOnDisk(n, in.x->cols(), opt.dtype, spill)
                             : NodeMatrix::zeros(n, in.x->cols(), opt.dtype);
        wrap(in.convertedX).copy_(wrap(*in.x));
        in.x = &in.convertedX;
    }
}

// What every mode runner gets.
struct ModeContext {
    int gpu; // device index, -1 on the CPU
    const Inputs& in;
    const GnnIr& ir;
    const LayerSchema& schema;
    const EvalOptions& opt;
    std::int64_t budget;
    at::ScalarType type;
    std::filesystem::path spill;
    Progress& progress;
    const CancelToken& cancel;
};

// Each mode fills result.output and result.layers; true when the output holds every node in the
// internal (relabelled) order.
bool runFullGraph(const ModeContext& c, EvalResult& result)
{
    const Graph& graph = *c.in.graph;
    const std::int64_t need = fullGraphBytes(graph, c.ir, dtypeSize(c.opt.dtype));
    const std::int64_t budget = c.gpu < 0 ? c.budget
        : c.opt.deviceMemoryBytes > 0     ? c.opt.deviceMemoryBytes
                                          : gpu::freeBytes(c.gpu) / 100 * 85;
    if (need > budget)
        throw Error::invalidInput("a full-graph forward needs about " + std::to_string(need >> 20)
            + " MiB, more than the " + (c.gpu < 0 ? "memory budget" : "device memory") + " of "
            + std::to_string(budget >> 20) + " MiB; evaluate layer-wise instead")
            .forField("mode");
    c.progress.report(0.0, "full-graph forward");
    const auto t0 = Clock::now();
    const torch::Device device = c.gpu < 0 ? torch::Device(torch::kCPU) : torch::Device(torch::kCUDA, c.gpu);
    if (c.gpu >= 0) {
        gpu::useFullPrecision();
        gpu::resetPeak(c.gpu);
        result.deviceName = gpu::name(c.gpu);
        result.deviceBudgetBytes = budget;
    }
    Tensor out = fullForward(graph, wrap(*c.in.x), c.ir, c.type, device);
    if (c.gpu >= 0) {
        gpu::synchronize(c.gpu);
        result.peakDeviceBytes = gpu::peakAllocatedBytes(c.gpu);
    }
    const bool all = c.opt.targets.empty();
    if (!all) {
        std::vector<std::int64_t> t = c.in.internal(c.opt.targets);
        out = out.index_select(0, torch::from_blob(t.data(), { static_cast<std::int64_t>(t.size()) }, torch::kLong));
    }
    result.output = toMatrix(out, c.opt.dtype);
    LayerStats st;
    st.timeS = since(t0);
    st.batches = 1;
    st.nodes = graph.numNodes();
    st.edges = graph.numEdges() * static_cast<std::int64_t>(c.schema.layers.size());
    result.layers.push_back(st);
    c.progress.report(1.0, "full-graph forward");
    return all;
}

bool runHandwritten(const ModeContext& c, EvalResult& result)
{
    if (!c.opt.targets.empty())
        throw Error::invalidInput("the hand-written baseline evaluates every node; drop the targets")
            .forField("targets");
    result.output = handwrittenGcn(
        *c.in.graph, wrap(*c.in.x), c.ir, c.type, result.layers, c.cancel, c.progress, c.opt.layerDone);
    return true;
}

void startLayers(const LayerSchema& schema, EvalResult& result)
{
    result.layers.assign(schema.layers.size(), LayerStats{});
    for (std::size_t k = 0; k < schema.layers.size(); ++k)
        result.layers[k].index = static_cast<int>(k);
}

void takeEngineStats(const Engine& engine, EvalResult& result)
{
    result.nodeCap = engine.firstNodeCap;
    result.edgeCap = engine.firstEdgeCap;
    result.peakStoreBytesInMemory = engine.peakRam();
    result.peakStoreBytesOnDisk = engine.peakDisk();
    result.edgeCacheBytes = engine.edgeCacheBytes();
    result.factoredAggregations = engine.factoredAggregations();
}

// The whole layer-wise output goes straight into its .npy file (it may be larger than memory), but
// into a temporary beside it that replaces the file once complete: a cancelled or failed run leaves
// an earlier output as it was. A stream ('-', /dev/stdout, a pipe) cannot be mapped: the output is
// then kept (in memory or spilled) and written to it at the end.
class OutputFile {
public:
    explicit OutputFile(const std::filesystem::path& requested)
    {
        const OutputTarget t = resolveOutput(requested);
        m_target = t.inPlace ? requested : t.file;
        if (!t.inPlace) {
            m_temp = m_target;
            m_temp += ".vantage-partial-" + std::to_string(::getpid());
        }
    }
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile()
    {
        std::error_code ec;
        if (!m_temp.empty())
            std::filesystem::remove(m_temp, ec);
    }
    // Where the engine writes in place; empty for a stream.
    const std::filesystem::path& mapped() const { return m_temp; }
    void finish(const NodeMatrix& output, const std::vector<std::int64_t>& rowShape)
    {
        if (m_temp.empty()) {
            output.saveNpy(m_target, rowShape);
            return;
        }
        std::error_code ec;
        const auto old = std::filesystem::status(m_target, ec);
        if (!ec && std::filesystem::exists(old)) // a replaced file keeps its permissions
            std::filesystem::permissions(m_temp, old.permissions(), ec);
        std::filesystem::rename(m_temp, m_target, ec);
        if (ec)
            throw Error::failure("cannot move the output into place: " + ec.message()).inFile(m_target.string());
        m_temp.clear();
    }

private:
    std::filesystem::path m_target;
    std::filesystem::path m_temp;
};

bool runLayerWise(const ModeContext& c, EvalResult& result)
{
    EvalOptions inner = c.opt;
    if (!c.in.inverse.empty())
        inner.outputPath.clear(); // written in the original order at the end
    std::optional<OutputFile> file;
    if (c.gpu < 0 && c.opt.targets.empty() && !inner.outputPath.empty()) {
        file.emplace(inner.outputPath);
        inner.outputPath = file->mapped();
    }
    if (c.gpu >= 0) {
        const DeviceRun run{ *c.in.graph, *c.in.x, c.ir, c.schema, inner, c.budget, c.spill, c.progress, c.cancel };
        result.output = evaluateLayerWiseOnDevice(run, c.gpu, result);
        if (!inner.outputPath.empty())
            result.output.saveNpy(inner.outputPath, c.ir.op(c.ir.output()).shape);
        return true;
    }
    Engine engine(*c.in.graph, *c.in.x, c.ir, c.schema, inner, c.budget);
    startLayers(c.schema, result);
    const int L = static_cast<int>(c.schema.layers.size());
    bool all = c.opt.targets.empty();
    if (all) {
        NodeSet everyNode;
        everyNode.all = true;
        everyNode.size = c.in.graph->numNodes();
        for (int k = 0; k < L; ++k) {
            const std::string phase = "layer " + std::to_string(k + 1) + " of " + std::to_string(L);
            engine.runLayer(k, everyNode, everyNode, result.layers[static_cast<std::size_t>(k)], c.cancel,
                [&](double f) { c.progress.report((k + f) / L, phase); });
            if (c.opt.layerDone)
                c.opt.layerDone(result.layers[static_cast<std::size_t>(k)]);
        }
        auto out = engine.take(c.schema.tensors[static_cast<std::size_t>(c.schema.outputTensor)].value);
        result.output = std::move(out->matrix);
        if (file)
            file->finish(result.output, c.ir.op(c.ir.output()).shape);
    } else {
        FrontierRunner runner(engine, *c.in.graph, c.schema);
        result.output = toMatrix(runner.run(c.in.internal(c.opt.targets), result.layers, result.touchedNodes, c.cancel,
                                     [&](double f) { c.progress.report(f, "partial request"); }),
            c.opt.dtype);
    }
    takeEngineStats(engine, result);
    return all;
}

// Node-wise: target batches through the frontier runner, timed on a spread of batches when asked
// and extrapolated to all of them.
bool runNodeWise(const ModeContext& c, EvalResult& result)
{
    const EvalOptions& opt = c.opt;
    Engine engine(*c.in.graph, *c.in.x, c.ir, c.schema, opt, c.budget);
    FrontierRunner runner(engine, *c.in.graph, c.schema);
    startLayers(c.schema, result);
    const std::int64_t total
        = opt.targets.empty() ? c.in.graph->numNodes() : static_cast<std::int64_t>(opt.targets.size());
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
    const std::int64_t outWidth = c.ir.width(c.ir.output());
    result.output = static_cast<std::int64_t>(total * outWidth * dtypeSize(opt.dtype)) > c.budget / 2
        ? NodeMatrix::zerosOnDisk(total, outWidth, opt.dtype, c.spill)
        : NodeMatrix::zeros(total, outWidth, opt.dtype);
    Tensor out = wrap(result.output);
    const auto t0 = Clock::now();
    std::int64_t done = 0;
    for (std::size_t ci = 0; ci < chosen.size(); ++ci) {
        c.cancel.throwIfCancelled();
        if (opt.nodeWiseTimeLimitS > 0 && done > 0 && since(t0) > opt.nodeWiseTimeLimitS)
            break;
        const std::int64_t a = chosen[ci] * B;
        const std::int64_t b = std::min(total, a + B);
        std::vector<std::int64_t> t;
        for (std::int64_t i = a; i < b; ++i)
            t.push_back(c.in.internal(opt.targets.empty() ? i : opt.targets[static_cast<std::size_t>(i)]));
        const Tensor rows = runner.run(t, result.layers, result.touchedNodes, c.cancel, [&](double f) {
            c.progress.report((static_cast<double>(ci) + f) / static_cast<double>(chosen.size()),
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
    takeEngineStats(engine, result);
    return false;
}

// Times (extrapolated when only some batches ran), rows back in the original order, the .npy file.
void finishResult(EvalResult& result, const Inputs& in, const EvalOptions& opt, const GnnIr& ir, bool permutedOutput,
    std::int64_t budget, const std::filesystem::path& spill)
{
    const auto& rowShape = ir.op(ir.output()).shape; // the file has the model's own shape: (N,), (N, d), (N, h, d)
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
    if (permutedOutput && !in.inverse.empty()) {
        result.output = scatterRows(result.output, in.order,
            static_cast<std::int64_t>(result.output.bytes()) > budget / 2 ? spill : std::filesystem::path());
        if (!opt.outputPath.empty())
            result.output.saveNpy(opt.outputPath, rowShape);
    } else if (!opt.outputPath.empty() && !(opt.mode == EvalMode::LayerWise && opt.targets.empty())) {
        result.output.saveNpy(opt.outputPath, rowShape);
    }
}

} // namespace

EvalResult evaluate(const Graph& graphIn, const NodeMatrix& featuresIn, const GnnIr& ir, const EvalOptions& opt,
    Progress& progress, const CancelToken& cancel)
{
    const auto start = Clock::now();
    checkInputs(graphIn, featuresIn, ir, opt);
    // LibTorch's own default counts cores through cpuinfo, which reports one core on some virtual
    // machines with two; the evaluation would then run on one thread.
    const int threads = resolveThreadCount(opt.threads);
    if (at::get_num_threads() != threads)
        at::set_num_threads(threads);
    keepFreedBatchMemory();
    resetPeakRss();

    const int gpuIndex = parseDeviceIndex(opt.device);
    EvalResult result;
    result.device = checkDevice(opt.device);
    if (gpuIndex >= 0 && opt.mode != EvalMode::LayerWise && opt.mode != EvalMode::FullGraph)
        throw Error::invalidInput(std::string("the ") + evalModeTitle(opt.mode)
            + " evaluation runs on the CPU only; on a GPU, evaluate layer-wise or full-graph")
            .forField("device");
    if (gpuIndex >= 0 && !opt.targets.empty())
        throw Error::invalidInput("a partial request (targets) runs on the CPU only; drop the targets or the device")
            .forField("device");
    result.mode = opt.mode;
    result.dtype = opt.dtype;
    result.reorder = enumName(opt.reorder);
    result.threads = threads;
    const std::int64_t available = availableMemoryBytes();
    const std::int64_t budget = opt.memoryBudgetBytes > 0
        ? opt.memoryBudgetBytes
        : std::max<std::int64_t>(available / 2, std::int64_t{ 256 } << 20);
    result.memoryBudgetBytes = budget;
    const std::filesystem::path spill
        = opt.spillDirectory.empty() ? std::filesystem::temp_directory_path() : opt.spillDirectory;

    try {
        const LayerSchema schema = partitionIntoLayers(ir);
        Inputs in;
        prepareInputs(in, graphIn, featuresIn, opt, budget, spill, progress);
        if (gpuIndex >= 0) {
            gpu::warmUp(gpuIndex);
            warmUpModel(ir, schema, opt, graphIn.numNodes(), gpuIndex);
        }
        result.setupS = since(start);
        const auto evalStart = Clock::now();
        const ModeContext c{ gpuIndex, in, ir, schema, opt, budget, scalarOf(opt.dtype), spill, progress, cancel };
        bool permutedOutput = false;
        switch (opt.mode) {
        case EvalMode::FullGraph:
            permutedOutput = runFullGraph(c, result);
            break;
        case EvalMode::HandwrittenGcn:
            permutedOutput = runHandwritten(c, result);
            break;
        case EvalMode::LayerWise:
            permutedOutput = runLayerWise(c, result);
            break;
        case EvalMode::NodeWise:
            permutedOutput = runNodeWise(c, result);
            break;
        }
        result.measuredS = since(evalStart);
        finishResult(result, in, opt, ir, permutedOutput, budget, spill);
    } catch (const c10::Error& e) {
        std::string what = e.what_without_backtrace();
        throw Error::failure("LibTorch failed while evaluating '" + ir.modelName + "': " + what)
            .inOp(std::string(enumName(opt.mode)));
    } catch (const std::bad_alloc&) {
        // Outside a batch (the stores, the output, a reordering): nothing smaller to try.
        throw Error::failure("out of memory evaluating '" + ir.modelName
            + "'; give the evaluation more memory (--memory-budget), keep stores on disk (--stores disk) "
              "or use fewer threads")
            .inOp(std::string(enumName(opt.mode)));
    }
    result.peakRssBytes = peakRssBytes();
    progress.report(1.0, "done");
    return result;
}

bool gpuEvaluatorBuilt()
{
    return gpu::built();
}

int visibleGpus()
{
    return gpu::deviceCount();
}

std::string cudnnVersion()
{
    return gpu::cudnnVersion();
}

std::string checkDevice(const std::string& device)
{
    const int index = parseDeviceIndex(device);
    if (index < 0)
        return "cpu";
    if (!gpu::built())
        gpu::name(index); // refuses, naming the build
    requireVisibleGpu(device, index, gpu::deviceCount(), {}, "device");
    return "cuda:" + std::to_string(index);
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
        layers.push_back({ { "index", l.index }, { "time_s", l.timeS }, { "batches", l.batches },
            { "source_pass_s", l.sourcePassS }, { "nodes", l.nodes }, { "edges", l.edges },
            { "bytes_touched", l.bytesTouched }, { "fresh_store_bytes", l.freshStoreBytes }, { "retries", l.retries },
            { "growths", l.growths }, { "largest_batch_nodes", l.largestBatchNodes } });
    Json j = { { "mode", enumName(r.mode) }, { "total_s", r.totalS }, { "layers", layers },
        { "peak_rss_bytes", r.peakRssBytes }, { "extrapolated", r.extrapolated }, { "measured_s", r.measuredS },
        { "setup_s", r.setupS }, { "dtype", enumName(r.dtype) }, { "rows", r.output.rows() },
        { "cols", r.output.cols() }, { "memory_budget_bytes", r.memoryBudgetBytes }, { "node_cap", r.nodeCap },
        { "edge_cap", r.edgeCap }, { "peak_store_bytes_in_memory", r.peakStoreBytesInMemory },
        { "peak_store_bytes_on_disk", r.peakStoreBytesOnDisk }, { "reorder", r.reorder }, { "threads", r.threads },
        { "touched_nodes", r.touchedNodes }, { "edge_cache_bytes", r.edgeCacheBytes },
        { "factored_aggregations", r.factoredAggregations }, { "device", r.device } };
    if (r.device != "cpu") {
        j["device_name"] = r.deviceName;
        j["device_budget_bytes"] = r.deviceBudgetBytes;
        j["peak_device_bytes"] = r.peakDeviceBytes;
        j["device_store_bytes"] = r.deviceStoreBytes;
        j["host_store_bytes"] = r.hostStoreBytes;
    }
    if (r.mode == EvalMode::NodeWise) {
        j["batches_done"] = r.batchesDone;
        j["batches_total"] = r.batchesTotal;
    }
    return j;
}

} // namespace vantage::dgi
