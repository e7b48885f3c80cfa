#include "dgi/layer_engine_p.h"

namespace vantage::dgi::detail {

Engine::Engine(const Graph& graph, const NodeMatrix& x, const GnnIr& ir, const LayerSchema& schema,
    const EvalOptions& opt, std::int64_t budget)
    : m_graph(graph)
    , m_ir(ir)
    , m_schema(schema)
    , m_opt(opt)
    , m_type(scalarOf(opt.dtype))
    , m_dsize(dtypeSize(opt.dtype))
    , m_budget(budget)
    , m_globals(ir, m_type)
{
    m_all.all = true;
    m_all.size = graph.numNodes();
    m_input.matrix = NodeMatrix();
    m_input.set = &m_all;
    m_input.shape = ir.op(ir.inputValue()).shape;
    m_input.t = wrap(x);
    m_offsets = wrapIndex(graph.offsets());
    m_sources = wrapIndex(graph.sources());
    m_spill = opt.spillDirectory.empty() ? std::filesystem::temp_directory_path() : opt.spillDirectory;
    const auto consumers = ir.consumers();
    const auto live = ir.live();
    m_consumers = consumers;
    m_live = live;
    auto only = [&](int v, int c) {
        int n = 0;
        for (int k : consumers[static_cast<std::size_t>(v)])
            if (live[static_cast<std::size_t>(k)])
                n += k == c ? 1 : 2;
        return n == 1;
    };
    for (int v = 0; v < ir.size(); ++v) {
        if (!live[static_cast<std::size_t>(v)] || ir.op(v).space != Space::Edge
            || schema.roles[static_cast<std::size_t>(v)] != ValueRole::Graph)
            continue;
        for (int c : consumers[static_cast<std::size_t>(v)])
            if (live[static_cast<std::size_t>(c)] && schema.roles[static_cast<std::size_t>(c)] != ValueRole::Graph)
                m_edgeCache[v] = EdgeCache{};
    }
    for (const auto& plan : schema.layers)
        for (int a : plan.aggregations) {
            const int e = ir.op(a).inputs[0];
            const IrOp& eo = ir.op(e);
            if (eo.kind == OpKind::GatherSrc && only(e, a)) {
                m_fused[a] = { eo.inputs[0], -1, 0 };
            } else if (eo.kind == OpKind::Binary && eo.binary == BinaryFn::Mul && only(e, a)) {
                for (int side = 0; side < 2; ++side) {
                    const int g = eo.inputs[static_cast<std::size_t>(side)];
                    const int w = eo.inputs[static_cast<std::size_t>(1 - side)];
                    const IrOp& go = ir.op(g);
                    const IrOp& wo = ir.op(w);
                    if (go.kind != OpKind::GatherSrc || !only(g, e) || wo.space != Space::Edge || go.shape != eo.shape)
                        continue;
                    const std::int64_t hw = ir.width(w);
                    std::vector<std::int64_t> perHead = go.shape;
                    if (!perHead.empty())
                        perHead.back() = 1;
                    if (hw == 1 || (wo.shape == perHead && !go.shape.empty())) {
                        FusedAggregate f{ go.inputs[0], w, hw };
                        if (hw == 1 && ir.op(a).reduction != Reduction::Max)
                            factorEdgeWeight(w, f.sourceScale, f.destinationScale);
                        m_fused[a] = f;
                        break;
                    }
                }
            }
        }
}

int Engine::factoredAggregations() const
{
    int n = 0;
    for (const auto& [a, f] : m_fused)
        n += f.factored() ? 1 : 0;
    return n;
}

void Engine::runLayer(int k, const NodeSet& dst, const NodeSet& src, LayerStats& stats, const CancelToken& cancel,
    const std::function<void(double)>& progress)
{
    const LayerPlan& plan = m_schema.layers[static_cast<std::size_t>(k)];
    m_layer = k;
    const auto t0 = Clock::now();
    // Stores written by this layer: source-pass values over `src`, block values over `dst`.
    std::vector<int> sourceOut;
    for (int v : plan.sourceStores) {
        allocate(v, src, false);
        sourceOut.push_back(v);
    }
    LayerProgress done{ 0.0,
        static_cast<double>(sourceOut.empty() ? 0 : src.size) + static_cast<double>(dst.size)
            + static_cast<double>(plan.blockOps.empty() ? 0 : 1),
        progress };
    if (!sourceOut.empty()) {
        runSourcePass(k, plan, src, sourceOut, stats, cancel, done);
        stats.sourcePassS += since(t0);
    }
    const std::vector<int> freedLater = releaseBeforeBlocks(plan);
    const std::vector<int> blockOut = allocateBlockOutputs(dst);
    runBlocks(k, plan, dst, blockOut, stats, cancel, done);
    stats.bytesTouched += m_bytes;
    stats.freshStoreBytes += m_freshBytes;
    m_freshBytes = 0;
    m_bytes = 0;
    m_bytesAtRelease = 0;
    // Source-pass stores not read later, and tensors whose last reader was this layer, go.
    for (int v : sourceOut)
        if (m_schema.tensorOf(v) < 0)
            release(v);
    for (int v : freedLater)
        release(v);
    dropResidentPages();
    stats.timeS += since(t0);
}

// The source pass over `src` in row batches.
void Engine::runSourcePass(int k, const LayerPlan& plan, const NodeSet& src, const std::vector<int>& sourceOut,
    LayerStats& stats, const CancelToken& cancel, LayerProgress& done)
{
    const std::int64_t perRow = std::max<std::int64_t>(1, plan.sourceScalars * m_dsize * 2);
    // With a node cap the source pass uses it too, so that runs differing only in where the
    // stores live compute identical batches.
    // A batch's temporaries (GAT's attention products are as wide as the store) stay small
    // enough for the allocator to reuse them: a whole-graph batch faulted in a gigabyte of
    // fresh memory per temporary.
    std::int64_t rows = m_opt.nodeCap > 0
        ? m_opt.nodeCap
        : std::clamp<std::int64_t>(workBytes() / perRow, 1, std::max<std::int64_t>(1024, kSourceBatchBytes / perRow));
    for (std::int64_t a = 0; a < src.size;) {
        cancel.throwIfCancelled();
        const std::int64_t b = std::min(src.size, a + rows);
        const bool ran = runOrHalve(b - a, "the source pass of layer " + std::to_string(k), stats.retries, [&] {
            Batch batch;
            batch.set = &src;
            batch.begin = a;
            batch.count = b - a;
            batch.global = src.globalIds(a, b);
            for (int v : sourceOut)
                write(batch, v);
        });
        if (!ran) {
            rows = std::max<std::int64_t>(1, (b - a) / 2);
            continue;
        }
        keepResidentWithinBudget();
        done.add(static_cast<double>(b - a), false);
        a = b;
    }
}

// Tensors whose last reader was the source pass go before the blocks' outputs are allocated
// (the next embedding can then take the memory of the one just read); those the blocks still read
// are returned, to go after the layer.
std::vector<int> Engine::releaseBeforeBlocks(const LayerPlan& plan)
{
    std::vector<int> freedLater;
    m_blockOutputsPending = true;
    for (int ti : plan.freed) {
        const int v = m_schema.tensors[static_cast<std::size_t>(ti)].value;
        if (readByBlocks(plan, v))
            freedLater.push_back(v);
        else
            release(v);
    }
    m_blockOutputsPending = false;
    return freedLater;
}

std::vector<int> Engine::allocateBlockOutputs(const NodeSet& dst)
{
    const LayerPlan& plan = m_schema.layers[static_cast<std::size_t>(m_layer)];
    std::vector<int> blockOut;
    for (int ti : plan.outputs) {
        const CutTensor& t = m_schema.tensors[static_cast<std::size_t>(ti)];
        if (m_schema.roles[static_cast<std::size_t>(t.value)] == ValueRole::Source)
            continue; // already among the source stores
        allocate(t.value, dst, t.isOutput);
        blockOut.push_back(t.value);
    }
    return blockOut;
}

// Blocks over `dst`, bounded by the node and edge caps.
void Engine::runBlocks(int k, const LayerPlan& plan, const NodeSet& dst, const std::vector<int>& blockOut,
    LayerStats& stats, const CancelToken& cancel, LayerProgress& done)
{
    std::int64_t nodeCap = 0;
    std::int64_t edgeCap = 0;
    caps(plan, nodeCap, edgeCap);
    if (firstNodeCap == 0) {
        firstNodeCap = nodeCap;
        firstEdgeCap = edgeCap;
    }
    const auto off = m_graph.offsets();
    auto degreeOf = [&](std::int64_t local) {
        const std::int64_t v = dst.all ? local : dst.ids[static_cast<std::size_t>(local)];
        return off[static_cast<std::size_t>(v + 1)] - off[static_cast<std::size_t>(v)];
    };
    for (std::int64_t a = 0; a < dst.size;) {
        cancel.throwIfCancelled();
        std::int64_t b = a;
        std::int64_t edges = 0;
        while (b < dst.size && b - a < nodeCap) {
            const std::int64_t d = degreeOf(b);
            if (b > a && edges + d > edgeCap)
                break;
            edges += d;
            ++b;
        }
        const bool ran = runOrHalve(b - a, "layer " + std::to_string(k), stats.retries, [&] {
            Batch batch = makeBlock(dst, a, b);
            for (int v : blockOut)
                write(batch, v);
            stats.edges += batch.edges;
            stats.bytesTouched += batch.edges * 8 + (b - a + 1) * 8;
        });
        if (!ran) {
            nodeCap = std::max<std::int64_t>(1, (b - a) / 2);
            edgeCap = std::max<std::int64_t>(1, edgeCap / 2);
            continue;
        }
        ++stats.batches;
        stats.nodes += b - a;
        stats.largestBatchNodes = std::max(stats.largestBatchNodes, b - a);
        keepResidentWithinBudget();
        done.add(static_cast<double>(b - a), true);
        a = b;
    }
}

void Engine::caps(const LayerPlan& plan, std::int64_t& nodeCap, std::int64_t& edgeCap) const
{
    // Per-edge working memory: indices and the per-edge values that are materialised.
    std::int64_t edgeScalars = 0;
    for (int v : plan.blockOps) {
        const IrOp& o = m_ir.op(v);
        if (o.space != Space::Edge || materialisedAway(v))
            continue;
        edgeScalars += m_ir.width(v);
    }
    const std::int64_t perEdge = 24 + edgeScalars * m_dsize;
    const std::int64_t perNode = 16 + (plan.dstScalars + plan.sourceScalars) * m_dsize;
    const std::int64_t work = workBytes();
    // Beyond ~1M edges a batch gains nothing: its index arrays and per-edge values only fall out
    // of the caches.
    edgeCap = m_opt.edgeCap > 0 ? m_opt.edgeCap : std::clamp<std::int64_t>(work / 2 / perEdge, 1, kMaxBatchEdges);
    nodeCap = m_opt.nodeCap > 0 ? m_opt.nodeCap : std::clamp<std::int64_t>(work / 2 / perNode, 1, kMaxBatchNodes);
}

bool Engine::readByBlocks(const LayerPlan& plan, int v) const
{
    for (int op : plan.blockOps) {
        if (op == v)
            return true;
        for (int in : m_ir.op(op).inputs)
            if (in == v)
                return true;
    }
    return false;
}

Batch Engine::makeBlock(const NodeSet& dst, std::int64_t a, std::int64_t b)
{
    Batch batch;
    batch.set = &dst;
    batch.begin = a;
    batch.count = b - a;
    batch.block = true;
    const auto off = m_graph.offsets();
    if (dst.all) {
        batch.global = torch::arange(a, b, torch::kLong);
        const std::int64_t e0 = off[static_cast<std::size_t>(a)];
        const std::int64_t e1 = off[static_cast<std::size_t>(b)];
        batch.offsets = m_offsets.slice(0, a, b + 1) - e0;
        batch.srcGlobal = m_sources.slice(0, e0, e1);
        batch.edges = e1 - e0;
    } else {
        batch.global = dst.idsT.slice(0, a, b);
        std::vector<std::int64_t> rel(static_cast<std::size_t>(b - a + 1), 0);
        for (std::int64_t i = a; i < b; ++i) {
            const std::int64_t v = dst.ids[static_cast<std::size_t>(i)];
            rel[static_cast<std::size_t>(i - a + 1)] = rel[static_cast<std::size_t>(i - a)]
                + off[static_cast<std::size_t>(v + 1)] - off[static_cast<std::size_t>(v)];
        }
        Tensor src = torch::empty({ rel.back() }, torch::kLong);
        auto* p = src.data_ptr<std::int64_t>();
        const auto sources = m_graph.sources();
        for (std::int64_t i = a; i < b; ++i) {
            const std::int64_t v = dst.ids[static_cast<std::size_t>(i)];
            std::copy(sources.begin() + off[static_cast<std::size_t>(v)],
                sources.begin() + off[static_cast<std::size_t>(v + 1)], p + rel[static_cast<std::size_t>(i - a)]);
        }
        batch.offsets = torch::from_blob(rel.data(), { static_cast<std::int64_t>(rel.size()) }, torch::kLong).clone();
        batch.srcGlobal = src;
        batch.edges = rel.back();
    }
    return batch;
}

Tensor Engine::dstLocal(Batch& batch)
{
    if (!batch.dstLocal.defined()) {
        const Tensor counts = batch.offsets.slice(0, 1) - batch.offsets.slice(0, 0, batch.count);
        batch.dstLocal = torch::repeat_interleave(counts);
    }
    return batch.dstLocal;
}

void Engine::write(Batch& batch, int v)
{
    NodeStore& s = *m_stores.at(v);
    Tensor target = s.t.narrow(0, batch.begin, batch.count);
    if (!batch.rows.count(v) && writeInto(batch, v, target)) {
        batch.rows.emplace(v, target.reshape(withRows(batch.count, s.shape)));
    } else {
        const Tensor t = rows(batch, v).reshape({ batch.count, s.t.size(1) });
        target.copy_(t);
    }
    m_bytes += batch.count * s.t.size(1) * m_dsize;
}

bool Engine::writeInto(Batch& batch, int v, Tensor& target)
{
    const IrOp& o = m_ir.op(v);
    if (m_schema.roles[static_cast<std::size_t>(v)] == ValueRole::Graph || readable(batch, v) || o.space != Space::Node
        || target.scalar_type() != m_type)
        return false;
    auto input = [&](int u) { return m_ir.op(u).space == Space::Global ? m_globals.get(u) : rows(batch, u); };
    switch (o.kind) {
    case OpKind::Linear: {
        if (o.shape.size() != 1)
            return false;
        const Tensor x = input(o.inputs[0]);
        const Tensor w = m_globals.get(o.inputs[1]);
        if (x.dim() != 2 || w.dim() != 2)
            return false;
        if (o.inputs.size() > 2) {
            const Tensor b = m_globals.get(o.inputs[2]);
            at::addmm_out(target, b, x, w.t());
        } else {
            at::mm_out(target, x, w.t());
        }
        return true;
    }
    case OpKind::Unary: {
        if (o.unary == UnaryFn::Identity || o.unary == UnaryFn::Dropout) {
            // Evaluation: the value is its input, which can be written in its place.
            const int u = o.inputs[0];
            if (batch.rows.count(u) || m_ir.op(u).shape != o.shape || !writeInto(batch, u, target))
                return false;
            batch.rows.emplace(u, target.reshape(withRows(batch.count, m_ir.op(u).shape)));
            return true;
        }
        if (o.unary != UnaryFn::Relu)
            return false;
        const Tensor x = input(o.inputs[0]);
        if (x.sizes() != target.sizes())
            return false;
        at::clamp_min_out(target, x, 0);
        return true;
    }
    case OpKind::Binary: {
        if (o.binary != BinaryFn::Add)
            return false;
        const Tensor a = input(o.inputs[0]);
        const Tensor b = input(o.inputs[1]);
        if (a.dim() != 2 || a.sizes() != target.sizes())
            return false;
        at::add_out(target, a, b);
        return true;
    }
    default:
        return false;
    }
}

Tensor Engine::rows(Batch& batch, int v)
{
    if (auto it = batch.rows.find(v); it != batch.rows.end())
        return it->second;
    Tensor t;
    const ValueRole role = m_schema.roles[static_cast<std::size_t>(v)];
    if (role == ValueRole::Graph) {
        const Tensor all = graphAll(v);
        t = batch.set->all ? all.narrow(0, batch.begin, batch.count) : all.index_select(0, batch.global);
    } else if (const NodeStore* s = readable(batch, v)) {
        t = readRows(*s, batch);
    } else {
        const IrOp& o = m_ir.op(v);
        if (o.kind == OpKind::Aggregate) {
            VANTAGE_ASSERT(batch.block, "the partitioner put an aggregation outside a block");
            t = aggregate(batch, v);
        } else {
            std::vector<Tensor> in;
            for (int u : o.inputs)
                in.push_back(m_ir.op(u).space == Space::Global ? m_globals.get(u) : rows(batch, u));
            t = applyDense(m_ir, v, in);
        }
    }
    batch.rows.emplace(v, t);
    return t;
}

Tensor Engine::atSources(Batch& batch, int u)
{
    if (m_schema.roles[static_cast<std::size_t>(u)] == ValueRole::Graph)
        return graphAll(u).index_select(0, batch.srcGlobal);
    const NodeStore* s = readable(batch, u);
    VANTAGE_ASSERT(s, "a value gathered by source has no store");
    return readAt(*s, batch.srcGlobal);
}

Tensor Engine::aggregate(Batch& batch, int a)
{
    const IrOp& o = m_ir.op(a);
    const std::int64_t width = m_ir.width(a);
    Tensor out = torch::empty({ batch.count, width }, torch::TensorOptions().dtype(m_type));
    const Tensor off = batch.offsets.contiguous();
    auto fused = m_fused.find(a);
    const NodeStore* s = nullptr;
    Tensor U;
    Tensor rowIdx;
    if (fused != m_fused.end()) {
        const int u = fused->second.gathered;
        if (m_schema.roles[static_cast<std::size_t>(u)] == ValueRole::Graph) {
            U = graphAll(u).reshape({ m_graph.numNodes(), -1 }).contiguous();
            rowIdx = batch.srcGlobal.contiguous();
        } else if ((s = readable(batch, u)) != nullptr && s->t.scalar_type() == m_type) {
            U = s->t;
            rowIdx = s->set->toLocal(batch.srcGlobal).contiguous();
            m_bytes += batch.edges * U.size(1) * m_dsize;
        }
    }
    if (U.defined() && fused->second.factored()) {
        const FusedAggregate& f = fused->second;
        const std::int64_t n = m_graph.numNodes();
        Tensor sa;
        if (f.sourceScale >= 0) {
            // Indexed like U's rows: by global id, or by the store's local rows.
            sa = graphAll(f.sourceScale).reshape({ n });
            if (s != nullptr && !s->set->all)
                sa = sa.index_select(0, s->set->idsT);
            sa = sa.contiguous();
        }
        Tensor sb;
        if (f.destinationScale >= 0) {
            sb = graphAll(f.destinationScale).reshape({ n });
            sb = (batch.set->all ? sb.slice(0, batch.begin, batch.begin + batch.count)
                                 : sb.index_select(0, batch.global))
                     .contiguous();
        }
        AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "gather_scaled", [&] {
            gatherScaled<scalar_t>(U.data_ptr<scalar_t>(), width, rowIdx.data_ptr<std::int64_t>(),
                sa.defined() ? sa.data_ptr<scalar_t>() : nullptr, sb.defined() ? sb.data_ptr<scalar_t>() : nullptr,
                off.data_ptr<std::int64_t>(), batch.count, o.reduction, out.data_ptr<scalar_t>());
        });
    } else if (U.defined()) {
        Tensor w;
        if (fused->second.weight >= 0)
            w = edges(batch, fused->second.weight).reshape({ batch.edges, fused->second.heads }).contiguous();
        AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "gather_reduce", [&] {
            gatherReduce<scalar_t>(U.data_ptr<scalar_t>(), width, rowIdx.data_ptr<std::int64_t>(),
                w.defined() ? w.data_ptr<scalar_t>() : nullptr, fused->second.heads, off.data_ptr<std::int64_t>(),
                batch.count, o.reduction, out.data_ptr<scalar_t>());
        });
    } else {
        const Tensor m = edges(batch, o.inputs[0]).reshape({ batch.edges, width }).contiguous();
        AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "segment_reduce", [&] {
            segmentReduce<scalar_t>(m.data_ptr<scalar_t>(), width, off.data_ptr<std::int64_t>(), batch.count,
                o.reduction, out.data_ptr<scalar_t>());
        });
    }
    return out.reshape(withRows(batch.count, o.shape));
}

} // namespace vantage::dgi::detail
