// LibTorch translation unit: layer-wise evaluation on a GPU (see device_engine_p.h).
#include "dgi/device_engine_impl_p.h"

#include <set>

namespace vantage::dgi::detail {

// ---- DeviceEngine ------------------------------------------------------------------------------

DeviceEngine::DeviceEngine(const DeviceRun& run, int index, EvalResult& result)
    : m_run(run)
    , m_ir(run.ir)
    , m_schema(run.schema)
    , m_index(index)
    , m_device(
          index < 0 ? torch::Device(torch::kCPU) : torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index)))
    , m_type(scalarOf(run.opt.dtype))
    , m_dsize(dtypeSize(run.opt.dtype))
    , m_n(run.graph.numNodes())
    , m_e(run.graph.numEdges())
    , m_globals(run.ir, m_type)
    , m_result(result)
{
    if (onGpu()) {
        gpu::useFullPrecision();
        gpu::emptyCache();
    }
    const std::int64_t free = onGpu() ? gpu::freeBytes(index) : run.hostBudget;
    m_budget = run.opt.deviceMemoryBytes > 0 ? std::min(run.opt.deviceMemoryBytes, free) : free / 100 * 85;
    m_result.deviceBudgetBytes = m_budget;
    m_result.deviceName = onGpu() ? gpu::name(index) : "cpu";
    m_offHost = wrapIndex(run.graph.offsets());
    m_srcHost = wrapIndex(run.graph.sources());
    const std::int64_t graphBytes = (m_n + 1 + m_e) * 8;
    if (graphBytes <= m_budget / 4) {
        m_offDev = m_offHost.to(m_device);
        m_srcDev = m_srcHost.to(m_device);
        m_deviceBytes += graphBytes;
    }
    if (onGpu()) {
        // Reserve what the first layer's stores and batches will ask for, once: LibTorch's
        // allocator keeps the segment and splits it, so the first layer does not pay for fresh
        // device allocations (tens of milliseconds per gigabyte) that the later ones reuse.
        std::int64_t widest = 0;
        for (const auto& t : m_schema.tensors)
            widest = std::max(widest, t.width);
        const std::int64_t reserve = std::min(m_budget / 2, 4 * m_n * widest * m_dsize);
        if (reserve > 0)
            torch::empty({ reserve }, torch::TensorOptions().dtype(torch::kUInt8).device(m_device));
    }
    m_baseline = allocated();
    // --device-memory is a limit, not only a plan: past it a batch runs out of memory and is
    // halved, as on a smaller GPU (lifted when the engine goes).
    if (onGpu() && run.opt.deviceMemoryBytes > 0)
        gpu::limitMemory(index, m_baseline - m_deviceBytes + run.opt.deviceMemoryBytes);
}

DeviceEngine::~DeviceEngine()
{
    if (onGpu() && m_run.opt.deviceMemoryBytes > 0)
        gpu::limitMemory(m_index, 0);
}

NodeMatrix DeviceEngine::run()
{
    const int L = static_cast<int>(m_schema.layers.size());
    const CutTensor& in = m_schema.tensors[static_cast<std::size_t>(m_schema.inputTensor)];
    DeviceNodeStore& x = allocate(in.value);
    x.t.view({ m_n, -1 }).copy_(wrap(m_run.x));
    x.ready = true;
    // A copy from pageable memory returns before its last bytes land: wait, so that the upload
    // counts in the evaluation's time but not in the first layer's.
    synchronize();
    m_result.layers.assign(static_cast<std::size_t>(L), LayerStats{});
    for (int k = 0; k < L; ++k) {
        LayerStats& st = m_result.layers[static_cast<std::size_t>(k)];
        st.index = k;
        const std::string phase
            = "layer " + std::to_string(k + 1) + " of " + std::to_string(L) + " on " + m_result.device;
        runLayer(k, st, [&](double f) { m_run.progress.report((k + f) / L, phase); });
        if (m_run.opt.layerDone)
            m_run.opt.layerDone(st);
    }
    m_result.peakDeviceBytes = std::max(m_result.peakDeviceBytes, m_peak);
    const int out = m_schema.tensors[static_cast<std::size_t>(m_schema.outputTensor)].value;
    DeviceNodeStore& s = m_stores.at(out);
    NodeMatrix result = NodeMatrix::uninitialized(m_n, s.t.numel() / std::max<std::int64_t>(m_n, 1), m_run.opt.dtype);
    wrap(result).copy_(s.t.reshape({ m_n, -1 }));
    m_stores.clear();
    return result;
}

void DeviceEngine::synchronize() const
{
    if (onGpu())
        gpu::synchronize(m_index);
}

DeviceNodeStore& DeviceEngine::allocate(int value)
{
    const IrOp& o = m_ir.op(value);
    DeviceNodeStore s;
    s.bytes = m_n * m_ir.width(value) * m_dsize;
    const auto shape = withRows(m_n, o.shape);
    const auto options = torch::TensorOptions().dtype(m_type);
    if (m_run.opt.stores != StorePlacement::Disk && m_deviceBytes + s.bytes <= m_budget / 2) {
        s.t = torch::empty(shape, options.device(m_device));
        s.onDevice = true;
        m_deviceBytes += s.bytes;
    } else if (m_run.opt.stores == StorePlacement::Memory
        || (m_run.opt.stores == StorePlacement::Auto && m_hostBytes + s.bytes <= m_run.hostBudget / 2)) {
        s.t = torch::empty(shape, options.pinned_memory(onGpu()));
        m_hostBytes += s.bytes;
    } else {
        s.file = NodeMatrix::zerosOnDisk(m_n, m_ir.width(value), m_run.opt.dtype, m_run.spill);
        s.t = wrap(s.file).view(shape);
        s.onDisk = true;
    }
    m_result.deviceStoreBytes = std::max(m_result.deviceStoreBytes, m_deviceBytes);
    m_result.hostStoreBytes = std::max(m_result.hostStoreBytes, m_hostBytes);
    return m_stores[value] = std::move(s);
}

void DeviceEngine::release(int value)
{
    auto it = m_stores.find(value);
    if (it == m_stores.end())
        return;
    if (it->second.onDevice)
        m_deviceBytes -= it->second.bytes;
    else if (!it->second.onDisk)
        m_hostBytes -= it->second.bytes;
    m_stores.erase(it);
}

template <typename Report> void DeviceEngine::runLayer(int k, LayerStats& st, Report&& report)
{
    const auto t0 = Clock::now();
    const LayerPlan& plan = m_schema.layers[static_cast<std::size_t>(k)];
    std::vector<int> sourceOut;
    std::vector<int> blockOut;
    for (int v : plan.sourceStores)
        sourceOut.push_back(v);
    for (int ti : plan.outputs) {
        const int v = m_schema.tensors[static_cast<std::size_t>(ti)].value;
        const bool source = m_schema.roles[static_cast<std::size_t>(v)] == ValueRole::Source;
        if (std::find(sourceOut.begin(), sourceOut.end(), v) == sourceOut.end())
            (source ? sourceOut : blockOut).push_back(v);
    }
    for (int v : sourceOut)
        allocate(v);
    for (int v : blockOut)
        allocate(v);
    const double total = static_cast<double>((sourceOut.empty() ? 0 : m_n) + (blockOut.empty() ? 0 : m_n));
    double done = 0;
    if (!sourceOut.empty()) {
        runPass(plan, sourceOut, false, st, [&](std::int64_t rows) {
            done += static_cast<double>(rows);
            report(done / total);
        });
        synchronize();
        st.sourcePassS = since(t0);
    }
    for (int v : sourceOut)
        m_stores.at(v).ready = true;
    if (!blockOut.empty())
        runPass(plan, blockOut, true, st, [&](std::int64_t rows) {
            done += static_cast<double>(rows);
            report(done / total);
        });
    for (int v : blockOut)
        m_stores.at(v).ready = true;
    synchronize();
    // Compulsory traffic of the layer: stores read and written once, the graph's indices and
    // the rows gathered along the edges (what a hand-written kernel must move as well).
    for (int ti : plan.inputs)
        st.bytesTouched += m_schema.tensors[static_cast<std::size_t>(ti)].width * m_n * m_dsize;
    for (int v : sourceOut)
        st.bytesTouched += m_ir.width(v) * m_n * m_dsize * 2;
    for (int v : blockOut)
        st.bytesTouched += m_ir.width(v) * m_n * m_dsize;
    std::int64_t gatheredWidth = 0;
    for (int u : m_gathered)
        gatheredWidth += m_ir.width(u);
    if (!blockOut.empty())
        st.bytesTouched += (m_n + 1) * 8 + m_e * (8 + gatheredWidth * m_dsize);
    m_gathered.clear();
    for (int v : sourceOut)
        if (m_schema.tensorOf(v) < 0)
            release(v);
    for (int ti : plan.freed)
        release(m_schema.tensors[static_cast<std::size_t>(ti)].value);
    st.timeS = since(t0);
    if (k == 0) {
        m_result.nodeCap = m_firstCaps.nodes;
        m_result.edgeCap = m_firstCaps.edges;
    }
}

BatchCaps DeviceEngine::startCaps(const LayerPlan& plan, bool blocks) const
{
    BatchCaps c;
    const auto& o = m_run.opt;
    if (o.nodeCap > 0 || o.edgeCap > 0) {
        c.fixed = true;
        c.nodes = o.nodeCap > 0 ? o.nodeCap : m_n;
        c.edges = o.edgeCap > 0 ? o.edgeCap : std::max<std::int64_t>(m_e, 1);
        return c;
    }
    std::int64_t inWidth = 0;
    for (int ti : plan.inputs)
        inWidth += m_schema.tensors[static_cast<std::size_t>(ti)].width;
    const std::int64_t perNode
        = std::max<std::int64_t>((inWidth + (blocks ? plan.dstScalars : plan.sourceScalars) * 2) * m_dsize + 16, 16);
    const std::int64_t perEdge = std::max<std::int64_t>((plan.edgeScalars * 2 + inWidth) * m_dsize + 32, 32);
    const std::int64_t work = std::max<std::int64_t>(workBytes() / 4, std::int64_t{ 1 } << 20);
    c.nodes = std::clamp<std::int64_t>(work / perNode, 1, std::max<std::int64_t>(m_n, 1));
    c.edges = std::clamp<std::int64_t>(work / perEdge, 1, std::max<std::int64_t>(m_e, 1));
    return c;
}

std::int64_t DeviceEngine::batchEnd(std::int64_t a, const BatchCaps& caps, bool blocks) const
{
    std::int64_t b = std::min(m_n, a + std::max<std::int64_t>(caps.nodes, 1));
    if (!blocks)
        return b;
    const std::int64_t* off = m_offHost.data_ptr<std::int64_t>();
    const std::int64_t limit = off[a] + std::max<std::int64_t>(caps.edges, 1);
    const std::int64_t* it = std::upper_bound(off + a + 1, off + b + 1, limit);
    return std::max(a + 1, static_cast<std::int64_t>(it - off) - 1);
}

template <typename Done>
void DeviceEngine::runPass(const LayerPlan& plan, const std::vector<int>& out, bool blocks, LayerStats& st, Done&& done)
{
    BatchCaps caps = startCaps(plan, blocks);
    if (blocks && m_firstCaps.nodes == 0)
        m_firstCaps = caps;
    std::int64_t a = 0;
    while (a < m_n) {
        m_run.cancel.throwIfCancelled();
        const std::int64_t b = batchEnd(a, caps, blocks);
        if (onGpu())
            gpu::resetPeak(m_index);
        const std::int64_t before = allocated();
        DeviceBatch batch;
        batch.a = a;
        batch.b = b;
        const bool ran = runOrHalve(b - a, "one node's batch on " + m_result.device, st.retries, [&] {
            for (int v : out)
                write(m_stores.at(v), batch.a, batch.b, value(batch, v));
        });
        const std::int64_t peak = peakAllocated();
        m_peak = std::max(m_peak, peak - m_baseline);
        if (!ran) {
            batch = DeviceBatch{};
            if (onGpu())
                gpu::emptyCache();
            caps.nodes = std::max<std::int64_t>(1, (b - a) / 2);
            caps.edges = std::max<std::int64_t>(1, caps.edges / 2);
            continue;
        }
        if (blocks) {
            st.edges += batch.edges;
            ++st.batches;
            st.nodes += b - a;
            st.largestBatchNodes = std::max(st.largestBatchNodes, b - a);
        }
        if (!caps.fixed)
            tune(caps, peak - before, b - a, batch.edges, st);
        done(b - a);
        a = b;
    }
}

void DeviceEngine::tune(BatchCaps& caps, std::int64_t used, std::int64_t rows, std::int64_t edges, LayerStats& st)
{
    const std::int64_t target = workBytes() * 6 / 10;
    if (used <= 0 || used * 2 > target || (rows < caps.nodes && edges < caps.edges)
        || (caps.nodes >= m_n && caps.edges >= m_e))
        return;
    const double grow = std::min(2.0, static_cast<double>(target) / static_cast<double>(used));
    caps.nodes = std::min<std::int64_t>(m_n, static_cast<std::int64_t>(static_cast<double>(caps.nodes) * grow));
    caps.edges = std::min<std::int64_t>(
        std::max<std::int64_t>(m_e, 1), static_cast<std::int64_t>(static_cast<double>(caps.edges) * grow));
    ++st.growths;
}

void DeviceEngine::write(DeviceNodeStore& s, std::int64_t a, std::int64_t b, const Tensor& t)
{
    Tensor rows = s.t.slice(0, a, b);
    rows.copy_(t.reshape(rows.sizes()));
}

Tensor DeviceEngine::rowsOf(const DeviceNodeStore& s, std::int64_t a, std::int64_t b) const
{
    const Tensor rows = s.t.slice(0, a, b);
    return s.onDevice ? rows : rows.to(m_device, /*non_blocking=*/!s.onDisk);
}

void DeviceEngine::ensureEdges(DeviceBatch& batch)
{
    if (batch.haveEdges)
        return;
    const std::int64_t* off = m_offHost.data_ptr<std::int64_t>();
    const std::int64_t e0 = off[batch.a];
    const std::int64_t e1 = off[batch.b];
    batch.edges = e1 - e0;
    batch.srcHost = m_srcHost.slice(0, e0, e1);
    const Tensor offsets = m_offDev.defined() ? m_offDev.slice(0, batch.a, batch.b + 1)
                                              : m_offHost.slice(0, batch.a, batch.b + 1).to(m_device);
    batch.src = m_srcDev.defined() ? m_srcDev.slice(0, e0, e1) : batch.srcHost.to(m_device);
    batch.crow = offsets - e0;
    batch.deg = offsets.slice(0, 1) - offsets.slice(0, 0, batch.count());
    // The output size given, so that the device need not be asked for the sum.
    batch.dst = at::repeat_interleave(batch.deg, c10::optional<std::int64_t>(batch.edges));
    batch.haveEdges = true;
}

Tensor DeviceEngine::value(DeviceBatch& batch, int v)
{
    if (auto it = batch.memo.find(v); it != batch.memo.end())
        return it->second;
    const IrOp& o = m_ir.op(v);
    Tensor t;
    const auto s = m_stores.find(v);
    if (o.space == Space::Global)
        t = globalOnDevice(v);
    else if (s != m_stores.end() && s->second.ready)
        t = rowsOf(s->second, batch.a, batch.b);
    else if (o.space == Space::Node && m_schema.roles[static_cast<std::size_t>(v)] == ValueRole::Graph)
        t = graphAll(v).slice(0, batch.a, batch.b);
    else
        t = compute(batch, v, o);
    batch.memo.emplace(v, t);
    return t;
}

Tensor DeviceEngine::globalOnDevice(int v)
{
    auto it = m_deviceGlobals.find(v);
    if (it == m_deviceGlobals.end())
        it = m_deviceGlobals.emplace(v, m_globals.get(v).to(m_device)).first;
    return it->second;
}

Tensor DeviceEngine::graphAll(int v)
{
    if (auto it = m_graphCache.find(v); it != m_graphCache.end())
        return it->second;
    DeviceBatch all;
    all.a = 0;
    all.b = m_n;
    const Tensor t = compute(all, v, m_ir.op(v));
    m_graphCache.emplace(v, t);
    return t;
}

Tensor DeviceEngine::gatherSources(DeviceBatch& batch, int u)
{
    ensureEdges(batch);
    const auto s = m_stores.find(u);
    if (s != m_stores.end() && s->second.ready) {
        m_gathered.insert(u);
        if (s->second.onDevice)
            return s->second.t.index_select(0, batch.src);
        return s->second.t.index_select(0, batch.srcHost).to(m_device);
    }
    if (m_schema.roles[static_cast<std::size_t>(u)] == ValueRole::Graph)
        return graphAll(u).index_select(0, batch.src);
    throw Error::failure("the GPU evaluator found '" + m_ir.label(u) + "' gathered by source but not stored")
        .inOp("dgi eval");
}

Tensor DeviceEngine::sparseSum(DeviceBatch& batch, int m)
{
    const IrOp& mo = m_ir.op(m);
    int gathered = -1;
    int weight = -1;
    if (mo.kind == OpKind::GatherSrc) {
        gathered = m;
    } else if (mo.kind == OpKind::Binary && mo.binary == BinaryFn::Mul) {
        for (int i = 0; i < 2; ++i) {
            const int g = mo.inputs[static_cast<std::size_t>(i)];
            const int w = mo.inputs[static_cast<std::size_t>(1 - i)];
            if (m_ir.op(g).kind == OpKind::GatherSrc && m_ir.op(w).space == Space::Edge && m_ir.width(w) == 1
                && m_ir.op(g).shape == mo.shape) {
                gathered = g;
                weight = w;
            }
        }
    }
    if (gathered < 0)
        return {};
    const int u = m_ir.op(gathered).inputs[0];
    const auto s = m_stores.find(u);
    Tensor dense;
    if (s != m_stores.end() && s->second.ready && s->second.onDevice)
        dense = s->second.t;
    else if (m_schema.roles[static_cast<std::size_t>(u)] == ValueRole::Graph)
        dense = graphAll(u);
    else
        return {};
    ensureEdges(batch);
    m_gathered.insert(u);
    if (batch.edges == 0)
        return torch::zeros(withRows(batch.count(), mo.shape), dense.options());
    const Tensor values = weight >= 0 ? value(batch, weight).reshape({ batch.edges }).contiguous()
                                      : torch::ones({ batch.edges }, dense.options());
    // Repeated edges are repeated columns in a row: the product sums them, as the model does,
    // but LibTorch 1.13's checked constructor refuses them (2.x does not check by default).
    const Tensor csr = at::_sparse_csr_tensor_unsafe(batch.crow, batch.src, values, { batch.count(), m_n },
        torch::TensorOptions().dtype(dense.dtype()).device(m_device));
    return csr.matmul(dense.reshape({ m_n, -1 })).reshape(withRows(batch.count(), mo.shape));
}

Tensor DeviceEngine::segmentMax(DeviceBatch& batch, const Tensor& m) const
{
    Tensor r = at::segment_reduce(m, "max", batch.deg, {}, {}, 0, true);
    std::vector<std::int64_t> s(static_cast<std::size_t>(m.dim()), 1);
    s[0] = batch.count();
    return r.masked_fill(batch.deg.eq(0).view(s), 0);
}

Tensor DeviceEngine::perRow(const DeviceBatch& batch, const Tensor& t) const
{
    std::vector<std::int64_t> s(static_cast<std::size_t>(t.dim()), 1);
    s[0] = batch.count();
    return batch.deg.clamp_min(1).to(t.scalar_type()).view(s);
}

Tensor DeviceEngine::compute(DeviceBatch& batch, int v, const IrOp& o)
{
    const auto options = torch::TensorOptions().dtype(m_type).device(m_device);
    switch (o.kind) {
    case OpKind::InDegree: {
        const Tensor off = m_offDev.defined() ? m_offDev : m_offHost.to(m_device);
        return (off.slice(0, batch.a + 1, batch.b + 1) - off.slice(0, batch.a, batch.b)).to(m_type);
    }
    case OpKind::OutDegree:
        if (!m_outDegree.defined())
            m_outDegree = torch::bincount(m_srcDev.defined() ? m_srcDev : m_srcHost.to(m_device), {}, m_n).to(m_type);
        return m_outDegree.slice(0, batch.a, batch.b);
    case OpKind::GatherSrc:
        return gatherSources(batch, o.inputs[0]);
    case OpKind::GatherDst:
        ensureEdges(batch);
        return value(batch, o.inputs[0]).index_select(0, batch.dst);
    case OpKind::EdgeSoftmax: {
        ensureEdges(batch);
        const Tensor in = value(batch, o.inputs[0]);
        const Tensor ex = (in - segmentMax(batch, in).index_select(0, batch.dst)).exp();
        const Tensor sum = torch::zeros(withRows(batch.count(), o.shape), options).index_add_(0, batch.dst, ex);
        return ex / sum.index_select(0, batch.dst);
    }
    case OpKind::Aggregate: {
        ensureEdges(batch);
        if (o.reduction == Reduction::Max)
            return segmentMax(batch, value(batch, o.inputs[0]));
        Tensor t = sparseSum(batch, o.inputs[0]);
        if (!t.defined())
            t = torch::zeros(withRows(batch.count(), o.shape), options)
                    .index_add_(0, batch.dst, value(batch, o.inputs[0]));
        return o.reduction == Reduction::Mean ? t / perRow(batch, t) : t;
    }
    case OpKind::Input:
    case OpKind::Parameter:
    case OpKind::Constant:
        throw Error::failure("the GPU evaluator found '" + m_ir.label(v) + "' without its store").inOp("dgi eval");
    default: {
        std::vector<Tensor> in;
        for (int u : o.inputs)
            in.push_back(value(batch, u));
        return applyDense(m_ir, v, in);
    }
    }
}

NodeMatrix evaluateLayerWiseOnDevice(const DeviceRun& run, int index, EvalResult& result)
{
    DeviceEngine engine(run, index, result);
    return engine.run();
}

void warmUpModel(const GnnIr& ir, const LayerSchema& schema, const EvalOptions& opt, std::int64_t numNodes, int index)
{
    // A ring with self-loops: every aggregation has in-edges, some rows two. As many rows as a large
    // graph's batch has (up to 65,536): cuBLAS and cuSPARSE pick their kernels by size, and a kernel
    // for a large product is another module to load than one for a small one.
    const std::int64_t n = std::clamp<std::int64_t>(numNodes, 64, 1 << 16);
    EdgeList e;
    for (std::int64_t v = 0; v < n; ++v) {
        e.src.insert(e.src.end(), { v, (v + 1) % n });
        e.dst.insert(e.dst.end(), { v, v });
    }
    NullProgress progress;
    const CancelToken cancel;
    const Graph g = buildGraph(std::move(e), {}, {}, progress, cancel);
    const NodeMatrix x = randomFeatures(n, ir.width(ir.inputValue()), 1, opt.dtype);
    EvalOptions o;
    o.dtype = opt.dtype;
    if (opt.mode == EvalMode::FullGraph) {
        fullForward(
            g, wrap(x), ir, scalarOf(opt.dtype), torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index)));
    } else {
        EvalResult ignored;
        const DeviceRun run{ g, x, ir, schema, o, std::int64_t{ 64 } << 20, std::filesystem::temp_directory_path(),
            progress, cancel };
        evaluateLayerWiseOnDevice(run, index, ignored);
    }
    gpu::synchronize(index);
}

} // namespace vantage::dgi::detail
