#pragma once
// Evaluates a GNN over a whole graph, four ways in one code base so that every comparison is made
// in one run:
//   LayerWise       DGI: the partitioned model, layer by layer over all nodes, each layer in batches
//                   of destination nodes (one-hop blocks) bounded by a node cap and an edge cap; node
//                   tensors between layers in RAM or in memory-mapped files, freed after their last use
//   NodeWise        the usual baseline: per batch of target nodes, the full (sampling-free) L-hop
//                   neighbourhood, evaluated layer by layer inside it
//   FullGraph       one forward over the whole graph, where it fits in memory (the reference)
//   HandwrittenGcn  a layer-wise GCN written by hand (the built-in "gcn" model only)
// The call is synchronous, reports progress per layer (or per batch) and checks the cancel token
// between batches; a cancelled call throws vantage::Cancelled and leaves nothing behind.

#include "common/json.h"
#include "common/progress.h"
#include "dgi/graph.h"
#include "dgi/ir.h"
#include "dgi/node_matrix.h"
#include "dgi/partition.h"
#include "dgi/reorder.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vantage::dgi {

enum class EvalMode {
    LayerWise,
    NodeWise,
    FullGraph,
    HandwrittenGcn
};

// "layerwise", "nodewise", "full", "handwritten"; read also as "layer", "layer-wise", "node",
// "node-wise", "fullgraph", "full-graph" and "hand-written".
inline constexpr EnumTable<EvalMode, 11> kEvalModes{ .field = "mode",
    .entries = { { { EvalMode::LayerWise, "layerwise" }, { EvalMode::NodeWise, "nodewise" },
        { EvalMode::FullGraph, "full" }, { EvalMode::HandwrittenGcn, "handwritten" }, { EvalMode::LayerWise, "layer" },
        { EvalMode::LayerWise, "layer-wise" }, { EvalMode::NodeWise, "node" }, { EvalMode::NodeWise, "node-wise" },
        { EvalMode::FullGraph, "fullgraph" }, { EvalMode::FullGraph, "full-graph" },
        { EvalMode::HandwrittenGcn, "hand-written" } } },
    .what = "mode" };
constexpr const auto& enumTable(EvalMode)
{
    return kEvalModes;
}

enum class StorePlacement {
    Auto, // RAM while the stores fit half of the memory budget, memory-mapped files beyond
    Memory, // always RAM
    Disk, // always memory-mapped files in the spill directory
};

inline constexpr EnumTable<StorePlacement, 3> kStorePlacements{ .field = "stores",
    .entries
    = { { { StorePlacement::Auto, "auto" }, { StorePlacement::Memory, "memory" }, { StorePlacement::Disk, "disk" } } },
    .what = "store placement" };
constexpr const auto& enumTable(StorePlacement)
{
    return kStorePlacements;
}

struct LayerStats {
    int index = 0;
    double timeS = 0.0; // the whole layer (source pass included)
    double sourcePassS = 0.0; // node ops run for every node before the blocks
    std::int64_t batches = 0;
    std::int64_t nodes = 0; // destination rows computed
    std::int64_t edges = 0; // edges aggregated
    std::int64_t bytesTouched = 0; // compulsory traffic: node stores read and written, graph indices
    std::int64_t freshStoreBytes = 0; // RAM of this layer's stores that was newly allocated rather
                                      // than taken over from stores released before
    int retries = 0; // batches halved and retried after running out of memory
    int growths = 0; // on a GPU: times the batch caps grew from the measured peak device memory
    std::int64_t largestBatchNodes = 0; // destination rows of the largest batch
};

struct EvalOptions {
    EvalMode mode = EvalMode::LayerWise;
    DType dtype = DType::Float32;
    // Bytes the evaluation may use for node stores and batch working memory; 0: half of the memory
    // available when it starts. Batch caps and store placement follow from it.
    std::int64_t memoryBudgetBytes = 0;
    std::int64_t nodeCap = 0; // destination nodes per batch; 0: from the budget
    std::int64_t edgeCap = 0; // edges per batch; 0: from the budget. A node with more in-edges
                              // than the cap is a batch of its own, never split.
    StorePlacement stores = StorePlacement::Auto;
    std::filesystem::path spillDirectory; // on-disk stores go here; empty: the system's temp directory
    Reordering reorder = Reordering::None; // output rows stay in the original node order
    int threads = 0; // intra-op threads; 0: every core the process may run on
    // Where layer-wise and full-graph evaluation run: "cpu", "cuda" (the first GPU) or "cuda:N"; the
    // others run on the CPU only. A GPU needs the CUDA build (scripts/build.sh --cuda).
    std::string device = "cpu";
    // On a GPU: bytes of device memory for node stores, graph indices and batches; 0: 85% of what
    // is free when the evaluation starts. Stores that do not fit stay in pinned host memory (or
    // memory-mapped files past the memory budget) and batches are streamed to the device.
    std::int64_t deviceMemoryBytes = 0;
    // Partial request: the output rows of these nodes only, in this order (the needed frontier is
    // walked back through the layers). Empty: every node.
    std::vector<std::int64_t> targets;
    // Where to write the output as a float .npy while evaluating (out of core); empty: in memory
    // (or spilled under the budget). Layer-wise over all nodes only.
    std::filesystem::path outputPath;
    // Node-wise baseline: targets per batch, and how much of it to time before extrapolating (0: all).
    std::int64_t nodeWiseBatch = 1024;
    std::int64_t nodeWiseMaxBatches = 0;
    double nodeWiseTimeLimitS = 120.0; // 0: no limit
    // Called on the evaluating thread when a layer has finished (layer-wise over all nodes and the
    // hand-written GCN), for live per-layer charts.
    std::function<void(const LayerStats&)> layerDone;
};

struct EvalResult {
    EvalMode mode = EvalMode::LayerWise;
    DType dtype = DType::Float32;
    // One row per node in the original order (per target, in the targets' order, for a partial
    // request). After an extrapolated node-wise run only `filledRows` hold results.
    NodeMatrix output;
    std::vector<std::pair<std::int64_t, std::int64_t>> filledRows; // [begin, end) ranges; empty: all rows
    std::vector<LayerStats> layers;
    double totalS = 0.0; // wall time (extrapolated to every batch when `extrapolated`)
    double measuredS = 0.0; // wall time actually spent evaluating
    double setupS = 0.0; // reordering, planning, degree queries
    bool extrapolated = false;
    std::int64_t batchesDone = 0; // node-wise: target batches evaluated
    std::int64_t batchesTotal = 0; // node-wise: target batches there are
    std::int64_t peakRssBytes = 0; // of the process during the call
    std::int64_t memoryBudgetBytes = 0;
    std::int64_t nodeCap = 0; // the caps the first layer started with
    std::int64_t edgeCap = 0;
    std::int64_t peakStoreBytesInMemory = 0;
    std::int64_t peakStoreBytesOnDisk = 0;
    std::int64_t touchedNodes = 0; // rows computed over all layers (and, node-wise, batches: the neighbour explosion)
    std::string reorder = "none";
    int threads = 0; // intra-op threads used
    // Graph-only per-edge values computed once and read by later layers (bytes; 0 where none).
    std::int64_t edgeCacheBytes = 0;
    // Aggregations whose scalar edge weight factors into graph-only node values, a[src] * b[dst]
    // (GCN's normalisation): rows are scaled per node and no per-edge weight is formed.
    int factoredAggregations = 0;
    std::string device = "cpu"; // where it ran: "cpu", "cuda:0"
    std::string deviceName; // "NVIDIA H200"
    std::int64_t deviceBudgetBytes = 0; // on a GPU: the device memory it planned with
    std::int64_t peakDeviceBytes = 0; // on a GPU: the largest device memory it held at once
    std::int64_t deviceStoreBytes = 0; // on a GPU: node stores and graph indices kept in device memory
    std::int64_t hostStoreBytes = 0; // on a GPU: node stores left on the host, streamed per batch
};

// Validates a device string ("cpu", "cuda", "cuda:N") against this build and this machine; throws
// Error::invalidInput naming what is missing (a build without CUDA, no GPU, no such GPU).
// Returns the canonical form ("cpu", "cuda:0").
std::string checkDevice(const std::string& device);
// Whether this build has the GPU evaluator (a LibTorch with CUDA), and how many GPUs CUDA sees.
bool gpuEvaluatorBuilt();
int visibleGpus();
std::string cudnnVersion(); // of this build's LibTorch, "9.19.0"; empty without cuDNN

// `features` must have one row per node and as many columns as the model's input. A model or
// options that do not fit the graph throw Error::invalidInput; running out of memory with a batch
// of one node throws Error::failure.
EvalResult evaluate(const Graph& graph, const NodeMatrix& features, const GnnIr& model, const EvalOptions& options,
    Progress& progress, const CancelToken& cancel);

// How many threads take part in a parallel loop of this library when `threads` are asked for
// (the kernels' parallel loops are compiled here, with OpenMP, apart from LibTorch's own ops).
// The benchmark prints it; a build without OpenMP would answer 1.
int intraOpParallelism(int threads);

// "layer-wise 1.9 s vs node-wise 14.2 s (7.5x)": the first result against each of the others
// ("(extrapolated)" where it was).
std::string comparisonSummary(const std::vector<const EvalResult*>& results);
const char* evalModeTitle(EvalMode mode); // "layer-wise", "node-wise", "full-graph", "hand-written GCN"

// The keys scripts rely on: {"mode", "total_s", "layers": [{"index", "time_s", "batches"}],
// "peak_rss_bytes", "extrapolated"} and the rest of the result.
Json toJson(const EvalResult& result);

} // namespace vantage::dgi
