#include "dgi/layer_engine_p.h"

namespace vantage::dgi::detail {

NodeStore& Engine::allocate(int value, const NodeSet& set, bool isOutput)
{
    auto s = std::make_unique<NodeStore>();
    s->set = &set;
    s->shape = m_ir.op(value).shape;
    const std::int64_t width = m_ir.width(value);
    const std::int64_t bytes = set.size * width * m_dsize;
    if (isOutput && !m_opt.outputPath.empty() && set.all) {
        std::vector<std::int64_t> fileShape{ set.size }; // the model's own shape: (N,), (N, d), (N, h, d)
        fileShape.insert(fileShape.end(), s->shape.begin(), s->shape.end());
        Buffer b = createNpy(
            m_opt.outputPath, m_opt.dtype == DType::Float64 ? NpyType::Float64 : NpyType::Float32, fileShape);
        s->matrix = NodeMatrix::fromBuffer(std::move(b), set.size, width, m_opt.dtype);
        s->onDisk = true;
    } else {
        bool disk = m_opt.stores == StorePlacement::Disk;
        if (m_opt.stores == StorePlacement::Auto) {
            if (m_ramBytes + bytes > m_budget / 2)
                dropSpare(); // spare buffers make way before a store goes to disk
            disk = m_ramBytes + m_cacheBytes + bytes > m_budget / 2;
        }
        s->onDisk = disk;
        // Every row of a store is written by its layer before anything reads it.
        if (disk) {
            s->matrix = NodeMatrix::zerosOnDisk(set.size, width, m_opt.dtype, m_spill);
        } else if (Buffer spare = takeSpare(bytes); !spare.empty()) {
            s->matrix = NodeMatrix::fromBuffer(std::move(spare), set.size, width, m_opt.dtype);
            m_ramBytes -= bytes; // counted again below, as a store
        } else {
            s->matrix
                = NodeMatrix::fromBuffer(freshMemory(static_cast<std::size_t>(bytes)), set.size, width, m_opt.dtype);
            m_freshBytes += bytes;
        }
    }
    (s->onDisk ? m_diskBytes : m_ramBytes) += bytes;
    m_peakRam = std::max(m_peakRam, m_ramBytes);
    m_peakDisk = std::max(m_peakDisk, m_diskBytes);
    s->t = s->matrix.rows() > 0 ? wrap(s->matrix) : torch::zeros({ 0, width }, m_type);
    NodeStore& ref = *s;
    m_stores[value] = std::move(s);
    return ref;
}

void Engine::release(int value)
{
    auto it = m_stores.find(value);
    if (it == m_stores.end())
        return;
    NodeStore& s = *it->second;
    const std::int64_t bytes = static_cast<std::int64_t>(s.matrix.bytes());
    if (s.onDisk) {
        m_diskBytes -= bytes;
    } else if (bytes > 0 && s.set->all && widthStoredLater(m_ir.width(value))) {
        // A RAM store's memory is kept for the next store of its size (the next layer's):
        // fresh memory costs a page fault and a cleared page per page, which on a large graph
        // costs more than the layer's arithmetic. It stays counted in the RAM in use.
        m_spare.push_back(s.matrix.takeBuffer());
    } else {
        m_ramBytes -= bytes;
    }
    m_stores.erase(it);
}

bool Engine::widthStoredLater(std::int64_t width) const
{
    for (std::size_t j = static_cast<std::size_t>(m_layer); j < m_schema.layers.size(); ++j) {
        const LayerPlan& plan = m_schema.layers[j];
        if (j > static_cast<std::size_t>(m_layer))
            for (int v : plan.sourceStores)
                if (m_ir.width(v) == width)
                    return true;
        if (j == static_cast<std::size_t>(m_layer) && !m_blockOutputsPending)
            continue;
        for (int ti : plan.outputs) {
            const CutTensor& t = m_schema.tensors[static_cast<std::size_t>(ti)];
            if (m_schema.roles[static_cast<std::size_t>(t.value)] != ValueRole::Source && t.width == width)
                return true;
        }
    }
    return false;
}

Buffer Engine::takeSpare(std::int64_t bytes)
{
    for (auto it = m_spare.begin(); it != m_spare.end(); ++it)
        if (static_cast<std::int64_t>(it->size()) == bytes) {
            Buffer b = std::move(*it);
            m_spare.erase(it);
            return b;
        }
    return {};
}

void Engine::dropSpare()
{
    for (const Buffer& b : m_spare)
        m_ramBytes -= static_cast<std::int64_t>(b.size());
    m_spare.clear();
}

std::unique_ptr<NodeStore> Engine::take(int value)
{
    auto it = m_stores.find(value);
    VANTAGE_ASSERT(it != m_stores.end(), "the evaluator planned no store for the output");
    auto s = std::move(it->second);
    m_stores.erase(it);
    return s;
}

void Engine::dropResidentPages()
{
    for (auto& [v, s] : m_stores)
        if (s->onDisk)
            s->matrix.releaseResidentPages();
}

void Engine::keepResidentWithinBudget()
{
    if (m_diskBytes > 0 && m_bytes - m_bytesAtRelease > m_budget / 2) {
        dropResidentPages();
        m_bytesAtRelease = m_bytes;
    }
}

const NodeStore* Engine::readable(const Batch& batch, int v) const
{
    if (m_ir.op(v).kind == OpKind::Input)
        return &m_input;
    auto it = m_stores.find(v);
    if (it == m_stores.end())
        return nullptr;
    const int layer = m_schema.layerOf[static_cast<std::size_t>(v)];
    if (layer < m_layer
        || (layer == m_layer && batch.block && m_schema.roles[static_cast<std::size_t>(v)] == ValueRole::Source))
        return it->second.get();
    return nullptr;
}

Tensor Engine::readRows(const NodeStore& s, const Batch& batch)
{
    Tensor t;
    if (s.set == batch.set || (s.set->all && batch.set->all))
        t = s.t.narrow(0, batch.begin, batch.count);
    else
        t = s.t.index_select(0, s.set->toLocal(batch.global));
    m_bytes += batch.count * s.t.size(1) * s.t.element_size();
    return t.reshape(withRows(batch.count, s.shape));
}

Tensor Engine::readAt(const NodeStore& s, const Tensor& global)
{
    m_bytes += global.size(0) * s.t.size(1) * s.t.element_size();
    return s.t.index_select(0, s.set->toLocal(global)).reshape(withRows(global.size(0), s.shape));
}

Tensor Engine::graphAll(int v)
{
    if (auto it = m_graphCache.find(v); it != m_graphCache.end())
        return it->second;
    const IrOp& o = m_ir.op(v);
    Tensor t;
    if (o.kind == OpKind::InDegree) {
        t = (m_offsets.slice(0, 1) - m_offsets.slice(0, 0, m_graph.numNodes())).to(m_type);
    } else if (o.kind == OpKind::OutDegree) {
        t = wrapIndex(m_graph.outDegrees()).to(m_type);
    } else {
        std::vector<Tensor> in;
        for (int u : o.inputs)
            in.push_back(m_ir.op(u).space == Space::Global ? m_globals.get(u) : graphAll(u));
        t = applyDense(m_ir, v, in);
    }
    m_graphCache.emplace(v, t);
    return t;
}

} // namespace vantage::dgi::detail
