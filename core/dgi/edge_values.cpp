#include "dgi/layer_engine_p.h"

namespace vantage::dgi::detail {

bool Engine::factorEdgeWeight(int w, int& a, int& b) const
{
    auto strip = [&](int v) {
        while (m_ir.op(v).kind == OpKind::Reshape)
            v = m_ir.op(v).inputs[0];
        return v;
    };
    a = -1;
    b = -1;
    auto factor = [&](int f) {
        f = strip(f);
        const IrOp& fo = m_ir.op(f);
        if ((fo.kind != OpKind::GatherSrc && fo.kind != OpKind::GatherDst) || m_ir.width(f) != 1)
            return false;
        const int node = fo.inputs[0];
        if (m_schema.roles[static_cast<std::size_t>(node)] != ValueRole::Graph || m_ir.op(node).space != Space::Node
            || m_ir.width(node) != 1)
            return false;
        int& slot = fo.kind == OpKind::GatherSrc ? a : b;
        if (slot >= 0)
            return false;
        slot = node;
        return true;
    };
    const int v = strip(w);
    const IrOp& o = m_ir.op(v);
    const bool ok = o.kind == OpKind::Binary && o.binary == BinaryFn::Mul && o.inputs.size() == 2
        ? factor(o.inputs[0]) && factor(o.inputs[1])
        : factor(v);
    if (!ok) {
        a = -1;
        b = -1;
    }
    return ok;
}

bool Engine::onlyReadByFactoredWeights(int v) const
{
    for (int c : m_consumers[static_cast<std::size_t>(v)]) {
        if (!m_live[static_cast<std::size_t>(c)])
            continue;
        bool inside = false;
        for (const auto& [a, f] : m_fused)
            if (f.factored() && (c == m_ir.op(a).inputs[0] || inFactoredWeight(f.weight, c)))
                inside = true;
        if (!inside)
            return false;
    }
    return true;
}

bool Engine::inFactoredWeight(int w, int v) const
{
    const IrOp& o = m_ir.op(w);
    if (w == v)
        return true;
    if (o.kind == OpKind::Reshape)
        return inFactoredWeight(o.inputs[0], v);
    if (o.kind == OpKind::Binary)
        for (int in : o.inputs)
            if (inFactoredWeight(in, v))
                return true;
    return false;
}

bool Engine::materialisedAway(int v) const
{
    for (const auto& [a, f] : m_fused) {
        const int e = m_ir.op(a).inputs[0];
        if (v == e)
            return true;
        const bool factored = f.factored();
        if (f.weight >= 0) {
            for (int in : m_ir.op(e).inputs)
                if (in == v && (factored ? onlyReadByFactoredWeights(v) : v != f.weight))
                    return true;
        }
        if (factored && inFactoredWeight(f.weight, v) && onlyReadByFactoredWeights(v))
            return true;
    }
    return false;
}

Tensor Engine::edges(Batch& batch, int e)
{
    if (auto it = batch.edgeVals.find(e); it != batch.edgeVals.end())
        return it->second;
    const IrOp& o = m_ir.op(e);
    // Graph-only per-edge values (weights that do not factor into node values, such as
    // 1 / (deg(src) + deg(dst))) are the same in every layer: over all
    // nodes, the first layer's batches fill a cache in edge order and later layers read it.
    EdgeCache* cache = nullptr;
    std::int64_t e0 = 0;
    std::int64_t e1 = 0;
    if (batch.block && batch.set->all) {
        if (auto it = m_edgeCache.find(e); it != m_edgeCache.end()) {
            cache = &it->second;
            e0 = m_graph.offsets()[static_cast<std::size_t>(batch.begin)];
            e1 = e0 + batch.edges;
            if (e1 <= cache->filled) {
                Tensor t = cache->values.slice(0, e0, e1);
                batch.edgeVals.emplace(e, t);
                return t;
            }
            if (e0 != cache->filled)
                cache = nullptr;
        }
    }
    Tensor t = computeEdges(batch, e, o);
    if (cache) {
        if (!cache->values.defined()) {
            const std::int64_t bytes = m_graph.numEdges() * m_ir.width(e) * m_dsize;
            // Out of core by request, RAM holds no more than the batch at hand.
            if (m_opt.stores != StorePlacement::Disk && m_ramBytes + m_cacheBytes + bytes <= m_budget / 4) {
                cache->memory = freshMemory(static_cast<std::size_t>(bytes));
                cache->values = torch::from_blob(
                    cache->memory.data(), withRows(m_graph.numEdges(), o.shape), torch::TensorOptions().dtype(m_type));
                m_cacheBytes += bytes;
            } else {
                m_edgeCache.erase(e); // no room: recomputed per batch
                cache = nullptr;
            }
        }
        if (cache) {
            cache->values.slice(0, e0, e1).copy_(t.reshape(withRows(e1 - e0, o.shape)));
            cache->filled = e1;
        }
    }
    batch.edgeVals.emplace(e, t);
    return t;
}

Tensor Engine::computeEdges(Batch& batch, int e, const IrOp& o)
{
    Tensor t;
    switch (o.kind) {
    case OpKind::GatherSrc:
        t = atSources(batch, o.inputs[0]);
        break;
    case OpKind::GatherDst:
        t = rows(batch, o.inputs[0]).index_select(0, dstLocal(batch));
        break;
    case OpKind::EdgeSoftmax: {
        const Tensor x = edges(batch, o.inputs[0]).contiguous();
        t = torch::empty_like(x);
        const Tensor off = batch.offsets.contiguous();
        const std::int64_t width = x.numel() / std::max<std::int64_t>(1, batch.edges);
        AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "edge_softmax", [&] {
            segmentSoftmax<scalar_t>(
                x.data_ptr<scalar_t>(), width, off.data_ptr<std::int64_t>(), batch.count, t.data_ptr<scalar_t>());
        });
        break;
    }
    default: {
        std::vector<Tensor> in;
        for (int u : o.inputs)
            in.push_back(m_ir.op(u).space == Space::Global ? m_globals.get(u) : edges(batch, u));
        t = applyDense(m_ir, e, in);
    }
    }
    return t;
}

} // namespace vantage::dgi::detail
