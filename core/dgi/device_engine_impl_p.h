#pragma once
// The layer-wise evaluator on a device (device_engine.cpp), private to it: its node tensors, batches
// and batch caps.

#include "dgi/dense_ops_p.h"
#include "dgi/device_engine_p.h"
#include "dgi/mode_runners_p.h"

#include <cstdint>
#include <unordered_map>

namespace vantage::dgi::detail {

// A node tensor between layers, [n, ...shape]: in device memory, or on the host (pinned RAM, or a
// memory-mapped file past the host budget) with the rows a batch needs copied to the device.
struct DeviceNodeStore {
    Tensor t;
    NodeMatrix file; // backs t when the store is on disk
    bool onDevice = false;
    bool onDisk = false;
    bool ready = false; // every row written
    std::int64_t bytes = 0;
};

// The destinations [a, b) a batch computes and, once an edge value asks for them, their in-edges.
struct DeviceBatch {
    std::int64_t a = 0;
    std::int64_t b = 0;
    bool haveEdges = false;
    std::int64_t edges = 0;
    Tensor src; // [E] global source ids, on the device
    Tensor srcHost; // the same on the host, for gathers from host stores
    Tensor dst; // [E] local destination rows
    Tensor deg; // [b - a] in-degrees, on the device
    Tensor crow; // [b - a + 1] CSR row offsets, relative (for the sparse product)
    std::unordered_map<int, Tensor> memo;
    std::int64_t count() const { return b - a; }
};

// Batch caps: fixed when the user named them; otherwise started from an estimate and tuned from the
// measured peak device memory of each batch (DGI's executor: halve on out-of-memory, grow back).
struct BatchCaps {
    std::int64_t nodes = 0;
    std::int64_t edges = 0;
    bool fixed = false;
};

class DeviceEngine {
public:
    DeviceEngine(const DeviceRun& run, int index, EvalResult& result);

    ~DeviceEngine();
    DeviceEngine(const DeviceEngine&) = delete;
    DeviceEngine& operator=(const DeviceEngine&) = delete;

    NodeMatrix run();

private:
    // Index -1 runs this engine on the CPU's memory (the tests check its logic without a GPU):
    // the device memory it plans with is the host budget and no peak is measured.
    bool onGpu() const { return m_index >= 0; }
    std::int64_t allocated() const { return onGpu() ? gpu::allocatedBytes(m_index) : 0; }
    std::int64_t peakAllocated() const { return onGpu() ? gpu::peakAllocatedBytes(m_index) : 0; }
    void synchronize() const;

    DeviceNodeStore& allocate(int value);

    void release(int value);

    template <typename Report> void runLayer(int k, LayerStats& st, Report&& report);

    // The starting caps of a pass: the user's, or what the free device memory holds by the plan's
    // per-row widths (a quarter of it: the measured peak tunes them from there).
    BatchCaps startCaps(const LayerPlan& plan, bool blocks) const;

    std::int64_t workBytes() const { return std::max<std::int64_t>(m_budget - m_deviceBytes, m_budget / 16); }

    // The end of the batch that starts at `a` under `caps`: at most caps.nodes rows and caps.edges
    // in-edges, at least one row.
    std::int64_t batchEnd(std::int64_t a, const BatchCaps& caps, bool blocks) const;

    template <typename Done>
    void runPass(const LayerPlan& plan, const std::vector<int>& out, bool blocks, LayerStats& st, Done&& done);

    // Grows the caps toward the memory a batch may use, in proportion to what the last one took
    // (at most doubling): DGI's executor sizes batches from the measured peak, not an estimate.
    void tune(BatchCaps& caps, std::int64_t used, std::int64_t rows, std::int64_t edges, LayerStats& st);

    void write(DeviceNodeStore& s, std::int64_t a, std::int64_t b, const Tensor& t);

    Tensor rowsOf(const DeviceNodeStore& s, std::int64_t a, std::int64_t b) const;

    void ensureEdges(DeviceBatch& batch);

    Tensor value(DeviceBatch& batch, int v);

    Tensor globalOnDevice(int v);

    // A graph-only node value over every node, computed once.
    Tensor graphAll(int v);

    // `u` at each edge's source: from its store (on the device, or gathered on the host and
    // copied), or from a graph-only value.
    Tensor gatherSources(DeviceBatch& batch, int u);

    // A sum of gathered rows, optionally times a scalar per edge, as one sparse (CSR, the batch's
    // in-edges) times dense (the store) product: no [E, width] messages. Undefined where the
    // pattern or the store's place does not allow it.
    Tensor sparseSum(DeviceBatch& batch, int m);

    Tensor segmentMax(DeviceBatch& batch, const Tensor& m) const;

    Tensor perRow(const DeviceBatch& batch, const Tensor& t) const;

    Tensor compute(DeviceBatch& batch, int v, const IrOp& o);

    const DeviceRun& m_run;
    const GnnIr& m_ir;
    const LayerSchema& m_schema;
    int m_index;
    torch::Device m_device;
    at::ScalarType m_type;
    std::int64_t m_dsize;
    std::int64_t m_n;
    std::int64_t m_e;
    Globals m_globals;
    EvalResult& m_result;
    std::int64_t m_budget = 0;
    std::int64_t m_baseline = 0;
    std::int64_t m_peak = 0;
    std::int64_t m_deviceBytes = 0;
    std::int64_t m_hostBytes = 0;
    std::set<int> m_gathered; // values gathered by source in the current layer
    BatchCaps m_firstCaps;
    Tensor m_offHost;
    Tensor m_srcHost;
    Tensor m_offDev;
    Tensor m_srcDev;
    Tensor m_outDegree;
    std::map<int, DeviceNodeStore> m_stores;
    std::unordered_map<int, Tensor> m_graphCache;
    std::unordered_map<int, Tensor> m_deviceGlobals;
};

} // namespace vantage::dgi::detail
