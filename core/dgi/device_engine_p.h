#pragma once
// The layer-wise evaluator on a GPU (device_engine.cpp) and the device queries it plans with
// (device_memory.cpp). The partition is the CPU engine's; what differs is where things live: node
// stores in device memory while they fit (else pinned host memory, else memory-mapped files, with
// batches streamed to the device), batches run with LibTorch's CUDA ops (a sum over gathered rows
// as one sparse-times-dense product), and the batch caps are tuned from the measured peak device
// memory: halved on out-of-memory, grown back when a batch used well under what is free.

#include "common/devices.h"
#include "dgi/evaluation_p.h"
#include "dgi/partition.h"

#include <string>

namespace vantage::dgi::detail {

// What the device needs to know about the memory and the machine. All of them throw
// Error::invalidInput on a build without CUDA; deviceCount() answers 0 there.
namespace gpu {
bool built(); // this LibTorch has CUDA
std::string cudnnVersion(); // "9.19.0"; empty without cuDNN
int deviceCount();
std::string name(int index);
std::int64_t freeBytes(int index);
std::int64_t allocatedBytes(int index); // by LibTorch's caching allocator, now
std::int64_t peakAllocatedBytes(int index); // since the last resetPeak
void resetPeak(int index);
void emptyCache();
// Makes LibTorch's allocator refuse (out of memory) past `bytes` on GPU `index`; 0 lifts the limit.
void limitMemory(int index, std::int64_t bytes);
void synchronize(int index);
// Creates the device's context and the cuBLAS / cuSPARSE handles (a small product of each), so that
// an evaluation's time does not include them.
void warmUp(int index);
// Matrix products in full float32 (no TF32), so that results match the CPU's within 1e-5.
void useFullPrecision();
} // namespace gpu

struct DeviceRun {
    const Graph& graph;
    const NodeMatrix& x;
    const GnnIr& ir;
    const LayerSchema& schema;
    const EvalOptions& opt;
    std::int64_t hostBudget; // the evaluation's memory budget on the host
    std::filesystem::path spill;
    Progress& progress;
    const CancelToken& cancel;
};

// Layer-wise over every node on GPU `index` (-1: the same engine on the CPU, for tests); fills
// result.layers and the device figures and returns the output rows (in the order of run.graph).
NodeMatrix evaluateLayerWiseOnDevice(const DeviceRun& run, int index, EvalResult& result);

// Runs the model once on a small graph on GPU `index`: CUDA loads a kernel's module on its first
// launch, and those loads (a tenth of a second for a GCN) belong to the setup, not to the first
// layer's time.
void warmUpModel(const GnnIr& ir, const LayerSchema& schema, const EvalOptions& opt, std::int64_t numNodes, int index);

} // namespace vantage::dgi::detail
