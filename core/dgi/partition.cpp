#include "dgi/partition.h"
#include "dgi/partitioner_p.h"

#include "common/error.h"

#include <algorithm>
#include <set>

namespace vantage::dgi {

namespace {

using detail::Category;

bool isDense(OpKind k)
{
    return k == OpKind::Linear || k == OpKind::MatMul || k == OpKind::Concat || k == OpKind::Reduce;
}

[[noreturn]] void internal(const std::string& why)
{
    throw Error::failure("partitioner: " + why);
}

} // namespace

// ---- Partitioner -------------------------------------------------------------------------------

namespace detail {

Partitioner::Partitioner(const GnnIr& ir)
    : m_ir(ir)
    , m_n(ir.size())
    , m_live(ir.live())
    , m_consumers(ui(m_n))
{
    for (int i = 0; i < m_n; ++i)
        if (isLive(i))
            for (int in : ir.op(i).inputs)
                m_consumers[ui(in)].push_back(i);
}

LayerSchema Partitioner::run()
{
    categorize();
    m_layer.assign(ui(m_n), 0);
    m_post.assign(ui(m_n), 0);
    m_deferred.assign(ui(m_n), 0);
    computeLayers();
    m_layer0 = m_layer;
    m_numLayers = 1;
    for (int i = 0; i < m_n; ++i)
        if (feature(i) && isLive(i))
            m_numLayers = std::max(m_numLayers, m_layer[ui(i)]);
    chooseCuts();
    computeLayers();
    markSourcePass();
    LayerSchema schema;
    assignRoles(schema);
    m_readers.assign(ui(m_n), {});
    schema.layers.resize(ui(m_numLayers));
    for (int k = 1; k <= m_numLayers; ++k)
        planLayer(schema, k);
    m_readers[ui(m_ir.output())].insert(m_numLayers + 1);
    cutTensors(schema);
    return schema;
}

bool Partitioner::isNodeOp(int v) const
{
    const IrOp& o = m_ir.op(v);
    return o.space == Space::Node && o.kind != OpKind::Input && o.kind != OpKind::Aggregate;
}

void Partitioner::categorize()
{
    m_cat.assign(ui(m_n), Category::Global);
    for (int i = 0; i < m_n; ++i) {
        const IrOp& o = m_ir.op(i);
        Category c = Category::Global;
        switch (o.kind) {
        case OpKind::Input:
        case OpKind::Aggregate:
            c = Category::Feature;
            break;
        case OpKind::Parameter:
        case OpKind::Constant:
            c = Category::Global;
            break;
        case OpKind::InDegree:
        case OpKind::OutDegree:
            c = Category::Graph;
            break;
        default:
            for (int in : o.inputs) {
                const Category ci = m_cat[ui(in)];
                if (ci == Category::Feature)
                    c = Category::Feature;
                else if (ci == Category::Graph && c == Category::Global)
                    c = Category::Graph;
            }
        }
        m_cat[ui(i)] = c;
    }
}

void Partitioner::computeLayers()
{
    for (int i = 0; i < m_n; ++i) {
        if (!feature(i) || !isLive(i))
            continue;
        const IrOp& o = m_ir.op(i);
        int l = 0;
        bool p = false;
        if (o.kind == OpKind::Input) {
            l = 0;
        } else if (o.kind == OpKind::GatherSrc) {
            const int u = o.inputs[0];
            l = m_post[ui(u)] ? m_layer[ui(u)] + 1 : std::max(1, m_layer[ui(u)]);
        } else if (o.kind == OpKind::Aggregate) {
            const int e = o.inputs[0];
            l = feature(e) ? std::max(1, m_layer[ui(e)]) : 1;
            p = true;
        } else {
            l = 1;
            for (int in : o.inputs)
                if (feature(in))
                    l = std::max(l, m_layer[ui(in)]);
            if (o.space == Space::Node)
                for (int in : o.inputs)
                    if (feature(in) && m_layer[ui(in)] == l && m_post[ui(in)] && m_ir.op(in).space == Space::Node)
                        p = true;
            if (m_deferred[ui(i)]) {
                l = m_layer0[ui(i)] + 1;
                p = false;
            }
        }
        m_layer[ui(i)] = l;
        m_post[ui(i)] = p ? 1 : 0;
    }
}

void Partitioner::chooseCuts()
{
    m_minUse.assign(ui(m_n), 1 << 30); // per-edge values: the earliest layer aggregating them
    for (int i = m_n - 1; i >= 0; --i)
        if (isLive(i) && m_ir.op(i).space == Space::Edge)
            for (int c : m_consumers[ui(i)])
                m_minUse[ui(i)]
                    = std::min(m_minUse[ui(i)], m_ir.op(c).space == Space::Edge ? m_minUse[ui(c)] : m_layer0[ui(c)]);
    for (int l = 1; l < m_numLayers; ++l) {
        std::vector<int> candidates;
        for (int i = 0; i < m_n; ++i)
            if (isLive(i) && feature(i) && isNodeOp(i) && m_post[ui(i)] && m_layer0[ui(i)] == l
                && isDense(m_ir.op(i).kind))
                candidates.push_back(i);
        if (candidates.empty() || candidates.size() > 12)
            continue;
        std::vector<int> best;
        std::int64_t bestWidth = -1;
        for (std::uint32_t mask = 0; mask < (1u << candidates.size()); ++mask) {
            std::vector<int> group;
            if (!movedWith(candidates, mask, l, group))
                continue;
            for (int v : group)
                m_deferred[ui(v)] = 1;
            const std::int64_t width = crossingWidth(l);
            for (int v : group)
                m_deferred[ui(v)] = 0;
            if (bestWidth < 0 || width < bestWidth || (width == bestWidth && group.size() > best.size())) {
                bestWidth = width;
                best = std::move(group);
            }
        }
        for (int v : best)
            m_deferred[ui(v)] = 1;
    }
}

bool Partitioner::movedWith(
    const std::vector<int>& candidates, std::uint32_t mask, int l, std::vector<int>& group) const
{
    std::vector<char> moved(ui(m_n), 0);
    std::vector<int> stack;
    for (std::size_t c = 0; c < candidates.size(); ++c)
        if (mask & (1u << c)) {
            moved[ui(candidates[c])] = 1;
            stack.push_back(candidates[c]);
        }
    while (!stack.empty()) {
        const int u = stack.back();
        stack.pop_back();
        for (int c : m_consumers[ui(u)]) {
            if (moved[ui(c)])
                continue;
            if (m_ir.op(c).space == Space::Edge) {
                if (m_minUse[ui(c)] <= l)
                    return false; // recomputed only in a later layer that uses it
                continue;
            }
            if (m_layer0[ui(c)] != l)
                continue;
            if (!isNodeOp(c) || !m_post[ui(c)] || isDense(m_ir.op(c).kind))
                return false; // an aggregation of this layer, or a dense op left behind
            moved[ui(c)] = 1;
            stack.push_back(c);
        }
    }
    for (int i = 0; i < m_n; ++i)
        if (moved[ui(i)])
            group.push_back(i);
    return true;
}

std::int64_t Partitioner::crossingWidth(int l) const
{
    std::vector<int> maxUse(ui(m_n), 0);
    for (int i = m_n - 1; i >= 0; --i)
        if (isLive(i) && feature(i) && m_ir.op(i).space == Space::Edge)
            for (int c : m_consumers[ui(i)])
                maxUse[ui(i)] = std::max(maxUse[ui(i)], m_ir.op(c).space == Space::Edge ? maxUse[ui(c)] : effective(c));
    std::int64_t width = 0;
    for (int i = 0; i < m_n; ++i) {
        if (!isLive(i) || !feature(i) || m_ir.op(i).space != Space::Node || effective(i) > l)
            continue;
        bool crosses = i == m_ir.output();
        for (int c : m_consumers[ui(i)])
            crosses |= (m_ir.op(c).space == Space::Edge ? maxUse[ui(c)] : effective(c)) > l;
        if (crosses)
            width += m_ir.width(i);
    }
    return width;
}

void Partitioner::markSourcePass()
{
    m_source.assign(ui(m_n), 0);
    for (int i = m_n - 1; i >= 0; --i) {
        if (!isLive(i) || !feature(i) || !isNodeOp(i) || m_post[ui(i)])
            continue;
        for (int c : m_consumers[ui(i)]) {
            const bool sameLayer = m_layer[ui(c)] == m_layer[ui(i)];
            if (sameLayer && (m_ir.op(c).kind == OpKind::GatherSrc || m_source[ui(c)]))
                m_source[ui(i)] = 1;
        }
    }
}

void Partitioner::assignRoles(LayerSchema& schema) const
{
    schema.roles.assign(ui(m_n), ValueRole::Dead);
    schema.layerOf.assign(ui(m_n), -1);
    for (int i = 0; i < m_n; ++i) {
        if (!isLive(i))
            continue;
        const std::size_t u = ui(i);
        if (m_cat[u] == Category::Global) {
            schema.roles[u] = ValueRole::Global;
        } else if (m_cat[u] == Category::Graph) {
            schema.roles[u] = ValueRole::Graph;
        } else if (m_ir.op(i).kind == OpKind::Input) {
            schema.roles[u] = ValueRole::Input;
        } else {
            schema.roles[u] = m_source[u] ? ValueRole::Source : ValueRole::Block;
            schema.layerOf[u] = m_layer[u] - 1;
        }
    }
}

void Partitioner::planLayer(LayerSchema& schema, int k)
{
    LayerPlan& plan = schema.layers[ui(k - 1)];
    plan.index = k - 1;
    std::set<int> sourceOps;
    std::set<int> blockOps;
    std::set<int> blockReadsSource;
    for (int i = 0; i < m_n; ++i) {
        if (!isLive(i) || !feature(i) || m_layer[ui(i)] != k || m_ir.op(i).kind == OpKind::Input)
            continue;
        (schema.roles[ui(i)] == ValueRole::Source ? sourceOps : blockOps).insert(i);
    }
    walk(schema, k, sourceOps, false, blockReadsSource);
    walk(schema, k, blockOps, true, blockReadsSource);
    plan.sourceOps.assign(sourceOps.begin(), sourceOps.end());
    plan.blockOps.assign(blockOps.begin(), blockOps.end());
    for (int v : plan.blockOps)
        if (m_ir.op(v).kind == OpKind::Aggregate)
            plan.aggregations.push_back(v);
    for (int v : plan.sourceOps)
        if (schema.roles[ui(v)] == ValueRole::Source && (blockReadsSource.count(v) || !m_readers[ui(v)].empty()))
            plan.sourceStores.push_back(v);
    for (int v : plan.blockOps) {
        const IrOp& o = m_ir.op(v);
        if (o.space == Space::Edge)
            plan.edgeScalars += m_ir.width(v);
        else
            plan.dstScalars += m_ir.width(v);
    }
    for (int v : plan.sourceOps)
        plan.sourceScalars += m_ir.width(v);
}

void Partitioner::walk(
    const LayerSchema& schema, int k, std::set<int>& ops, bool block, std::set<int>& blockReadsSource)
{
    std::vector<int> stack(ops.begin(), ops.end());
    while (!stack.empty()) {
        const int c = stack.back();
        stack.pop_back();
        for (int u : m_ir.op(c).inputs) {
            const std::size_t uu = ui(u);
            switch (schema.roles[uu]) {
            case ValueRole::Dead:
                internal("a live op reads a dead value");
            case ValueRole::Global:
                break;
            case ValueRole::Graph:
                if (ops.insert(u).second)
                    stack.push_back(u);
                break;
            case ValueRole::Input:
                m_readers[uu].insert(k);
                break;
            case ValueRole::Source:
            case ValueRole::Block:
                if (m_ir.op(u).space == Space::Edge) {
                    if (!block)
                        internal("a source-pass op reads a per-edge value");
                    if (m_layer[uu] > k)
                        internal("an op reads a per-edge value of a later layer");
                    if (ops.insert(u).second)
                        stack.push_back(u); // recomputed here when it belongs to an earlier layer
                } else if (m_layer[uu] < k) {
                    m_readers[uu].insert(k);
                } else if (m_layer[uu] > k) {
                    internal("an op of layer " + std::to_string(k) + " reads a value of layer "
                        + std::to_string(m_layer[uu]));
                } else if (schema.roles[uu] == ValueRole::Source) {
                    if (!block)
                        break; // part of the same source pass
                    blockReadsSource.insert(u);
                } else if (!block) {
                    internal("a source-pass op reads a destination-side value");
                }
                break;
            }
        }
    }
}

void Partitioner::cutTensors(LayerSchema& schema) const
{
    for (int i = 0; i < m_n; ++i) {
        const std::size_t u = ui(i);
        if (!isLive(i) || !feature(i) || m_ir.op(i).space != Space::Node)
            continue;
        const bool isInput = m_ir.op(i).kind == OpKind::Input;
        bool crosses = isInput;
        for (int r : m_readers[u])
            if (r > m_layer[u])
                crosses = true;
        if (!crosses)
            continue;
        CutTensor t;
        t.value = i;
        t.isInput = isInput;
        t.isOutput = i == m_ir.output();
        const IrOp& o = m_ir.op(i);
        if (isInput)
            t.label = "input " + o.name;
        else if (!o.name.empty())
            t.label = o.name + ": " + m_ir.label(i);
        else
            t.label = m_ir.label(i) + (o.location.empty() ? "" : " (" + o.location + ")");
        t.shape = m_ir.op(i).shape;
        t.width = m_ir.width(i);
        t.producer = m_layer[u] - 1;
        t.lastConsumer = m_readers[u].empty() ? t.producer : *m_readers[u].rbegin() - 1;
        if (t.isInput)
            schema.inputTensor = static_cast<int>(schema.tensors.size());
        if (t.isOutput)
            schema.outputTensor = static_cast<int>(schema.tensors.size());
        schema.tensors.push_back(std::move(t));
    }
    for (std::size_t ti = 0; ti < schema.tensors.size(); ++ti) {
        const CutTensor& t = schema.tensors[ti];
        const auto& rd = m_readers[ui(t.value)];
        for (auto& plan : schema.layers) {
            if (rd.count(plan.index + 1) && t.producer < plan.index)
                plan.inputs.push_back(static_cast<int>(ti));
            if (t.producer == plan.index)
                plan.outputs.push_back(static_cast<int>(ti));
            if (!t.isInput && !t.isOutput && t.lastConsumer == plan.index)
                plan.freed.push_back(static_cast<int>(ti));
        }
        if (m_ir.op(t.value).space != Space::Node)
            internal("a per-edge value crosses a cut");
    }
    for (auto& plan : schema.layers)
        for (int ti : plan.inputs)
            plan.sourceScalars += schema.tensors[ui(ti)].width;
}

} // namespace detail

int LayerSchema::tensorOf(int value) const
{
    for (std::size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].value == value)
            return static_cast<int>(i);
    return -1;
}

std::int64_t hiddenWidth(const LayerSchema& schema)
{
    std::int64_t width = 0;
    for (const auto& t : schema.tensors)
        if (!t.isInput && !t.isOutput)
            width = std::max(width, t.width);
    return width;
}

LayerSchema partitionIntoLayers(const GnnIr& ir)
{
    if (ir.output() < 0)
        throw Error::invalidInput("the model has no output");
    if (ir.inputValue() < 0)
        throw Error::invalidInput("the model has no input");
    if (!ir.live()[static_cast<std::size_t>(ir.inputValue())])
        throw Error::invalidInput("the model's output does not depend on its input features");
    return detail::Partitioner(ir).run();
}

Json toJson(const LayerSchema& schema, const GnnIr& ir, std::int64_t numNodes, DType type)
{
    auto tensorJson = [&](const CutTensor& t) {
        Json j = { { "value", t.value }, { "label", t.label }, { "shape", t.shape }, { "width", t.width },
            { "producer", t.producer }, { "last_consumer", t.lastConsumer }, { "input", t.isInput },
            { "output", t.isOutput } };
        if (numNodes > 0)
            j["bytes"] = t.bytes(numNodes, type);
        return j;
    };
    Json tensors = Json::array();
    for (const auto& t : schema.tensors)
        tensors.push_back(tensorJson(t));
    Json layers = Json::array();
    auto opList = [&](const std::vector<int>& ops) {
        Json a = Json::array();
        for (int v : ops)
            a.push_back({ { "id", v }, { "label", ir.label(v) }, { "space", enumName(ir.op(v).space) },
                { "name", ir.op(v).name } });
        return a;
    };
    std::int64_t peakLive = 0;
    for (const auto& plan : schema.layers) {
        std::int64_t liveBytes = 0;
        for (const auto& t : schema.tensors)
            if (t.producer <= plan.index && t.lastConsumer >= plan.index)
                liveBytes += t.bytes(numNodes, type);
        peakLive = std::max(peakLive, liveBytes);
        Json l = { { "index", plan.index }, { "source_ops", opList(plan.sourceOps) },
            { "block_ops", opList(plan.blockOps) }, { "aggregations", plan.aggregations.size() },
            { "inputs", plan.inputs }, { "outputs", plan.outputs }, { "freed", plan.freed },
            { "edge_scalars", plan.edgeScalars }, { "dst_scalars", plan.dstScalars },
            { "source_scalars", plan.sourceScalars } };
        if (numNodes > 0)
            l["live_tensor_bytes"] = liveBytes;
        layers.push_back(std::move(l));
    }
    Json j = { { "model", ir.modelName }, { "layers", layers }, { "tensors", tensors },
        { "input_tensor", schema.inputTensor }, { "output_tensor", schema.outputTensor }, { "dtype", enumName(type) } };
    if (numNodes > 0) {
        j["nodes"] = numNodes;
        j["peak_live_tensor_bytes"] = peakLive;
    }
    return j;
}

} // namespace vantage::dgi
