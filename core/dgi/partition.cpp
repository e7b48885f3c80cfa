#include "dgi/partition.h"

#include "common/error.h"

#include <algorithm>
#include <set>

namespace vantage::dgi {

namespace {

enum class Category { Global, Graph, Feature };

bool isDense(OpKind k)
{
    return k == OpKind::Linear || k == OpKind::MatMul || k == OpKind::Concat || k == OpKind::Reduce;
}

[[noreturn]] void internal(const std::string& why)
{
    throw Error::failure("partitioner: " + why);
}

} // namespace

int LayerSchema::tensorOf(int value) const
{
    for (std::size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].value == value)
            return static_cast<int>(i);
    return -1;
}

LayerSchema partitionIntoLayers(const GnnIr& ir)
{
    if (ir.output() < 0)
        throw Error::invalidInput("the model has no output");
    if (ir.inputValue() < 0)
        throw Error::invalidInput("the model has no input");
    const int n = ir.size();
    const auto live = ir.live();
    if (!live[static_cast<std::size_t>(ir.inputValue())])
        throw Error::invalidInput("the model's output does not depend on its input features");
    std::vector<std::vector<int>> consumers(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        if (live[static_cast<std::size_t>(i)])
            for (int in : ir.op(i).inputs)
                consumers[static_cast<std::size_t>(in)].push_back(i);
    auto isLive = [&](int v) { return live[static_cast<std::size_t>(v)] != 0; };

    // What each value depends on.
    std::vector<Category> cat(static_cast<std::size_t>(n), Category::Global);
    for (int i = 0; i < n; ++i) {
        const IrOp& o = ir.op(i);
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
                const Category ci = cat[static_cast<std::size_t>(in)];
                if (ci == Category::Feature)
                    c = Category::Feature;
                else if (ci == Category::Graph && c == Category::Global)
                    c = Category::Graph;
            }
        }
        cat[static_cast<std::size_t>(i)] = c;
    }
    auto feature = [&](int v) { return cat[static_cast<std::size_t>(v)] == Category::Feature; };
    auto isNodeOp = [&](int v) {
        const IrOp& o = ir.op(v);
        return o.space == Space::Node && o.kind != OpKind::Input && o.kind != OpKind::Aggregate;
    };

    // Layer (1-based; the input is 0) and whether the value depends on an aggregation of its own
    // layer ("post-aggregation": it exists for a destination only once its block has run).
    std::vector<int> L(static_cast<std::size_t>(n), 0);
    std::vector<char> P(static_cast<std::size_t>(n), 0);
    std::vector<char> deferred(static_cast<std::size_t>(n), 0);
    std::vector<int> L0;
    auto computeLayers = [&] {
        for (int i = 0; i < n; ++i) {
            if (!feature(i) || !isLive(i))
                continue;
            const IrOp& o = ir.op(i);
            int l = 0;
            bool p = false;
            if (o.kind == OpKind::Input) {
                l = 0;
            } else if (o.kind == OpKind::GatherSrc) {
                const int u = o.inputs[0];
                l = P[static_cast<std::size_t>(u)] ? L[static_cast<std::size_t>(u)] + 1
                                                   : std::max(1, L[static_cast<std::size_t>(u)]);
            } else if (o.kind == OpKind::Aggregate) {
                const int e = o.inputs[0];
                l = feature(e) ? std::max(1, L[static_cast<std::size_t>(e)]) : 1;
                p = true;
            } else {
                l = 1;
                for (int in : o.inputs)
                    if (feature(in))
                        l = std::max(l, L[static_cast<std::size_t>(in)]);
                if (o.space == Space::Node)
                    for (int in : o.inputs)
                        if (feature(in) && L[static_cast<std::size_t>(in)] == l && P[static_cast<std::size_t>(in)]
                            && ir.op(in).space == Space::Node)
                            p = true;
                if (deferred[static_cast<std::size_t>(i)]) {
                    l = L0[static_cast<std::size_t>(i)] + 1;
                    p = false;
                }
            }
            L[static_cast<std::size_t>(i)] = l;
            P[static_cast<std::size_t>(i)] = p ? 1 : 0;
        }
    };
    computeLayers();
    L0 = L;
    int numLayers = 1;
    for (int i = 0; i < n; ++i)
        if (feature(i) && isLive(i))
            numLayers = std::max(numLayers, L[static_cast<std::size_t>(i)]);

    // Where each cut lies. Element-wise work after an aggregation stays in its layer; a dense
    // transform after it (linear, concat, reduce) may start the next layer instead, taking the
    // element-wise ops that follow it along. Per layer boundary, every choice of dense ops to move
    // is costed by the width of the node tensors then crossing the boundary; the narrowest cut wins,
    // and among equals the one moving the most (so the cut is the layer's embedding, not the next
    // layer's transform of it).
    const auto ui = [](int v) { return static_cast<std::size_t>(v); };
    std::vector<int> minUse(ui(n), 1 << 30); // per-edge values: the earliest layer aggregating them
    for (int i = n - 1; i >= 0; --i)
        if (isLive(i) && ir.op(i).space == Space::Edge)
            for (int c : consumers[ui(i)])
                minUse[ui(i)] = std::min(minUse[ui(i)], ir.op(c).space == Space::Edge ? minUse[ui(c)] : L0[ui(c)]);
    auto effective = [&](int v) { return deferred[ui(v)] ? L0[ui(v)] + 1 : L0[ui(v)]; };
    auto crossingWidth = [&](int l) {
        std::vector<int> maxUse(ui(n), 0);
        for (int i = n - 1; i >= 0; --i)
            if (isLive(i) && feature(i) && ir.op(i).space == Space::Edge)
                for (int c : consumers[ui(i)])
                    maxUse[ui(i)]
                        = std::max(maxUse[ui(i)], ir.op(c).space == Space::Edge ? maxUse[ui(c)] : effective(c));
        std::int64_t width = 0;
        for (int i = 0; i < n; ++i) {
            if (!isLive(i) || !feature(i) || ir.op(i).space != Space::Node || effective(i) > l)
                continue;
            bool crosses = i == ir.output();
            for (int c : consumers[ui(i)])
                crosses |= (ir.op(c).space == Space::Edge ? maxUse[ui(c)] : effective(c)) > l;
            if (crosses)
                width += ir.width(i);
        }
        return width;
    };
    for (int l = 1; l < numLayers; ++l) {
        std::vector<int> candidates;
        for (int i = 0; i < n; ++i)
            if (isLive(i) && feature(i) && isNodeOp(i) && P[ui(i)] && L0[ui(i)] == l && isDense(ir.op(i).kind))
                candidates.push_back(i);
        if (candidates.empty() || candidates.size() > 12)
            continue;
        std::vector<int> best;
        std::int64_t bestWidth = -1;
        for (std::uint32_t mask = 0; mask < (1u << candidates.size()); ++mask) {
            // The ops that move with the chosen ones: their element-wise consumers in the same layer.
            std::vector<char> moved(ui(n), 0);
            std::vector<int> stack;
            for (std::size_t c = 0; c < candidates.size(); ++c)
                if (mask & (1u << c)) {
                    moved[ui(candidates[c])] = 1;
                    stack.push_back(candidates[c]);
                }
            bool valid = true;
            while (!stack.empty() && valid) {
                const int u = stack.back();
                stack.pop_back();
                for (int c : consumers[ui(u)]) {
                    if (moved[ui(c)])
                        continue;
                    if (ir.op(c).space == Space::Edge) {
                        valid &= minUse[ui(c)] > l; // recomputed in the later layer that uses it
                        continue;
                    }
                    if (L0[ui(c)] != l)
                        continue;
                    if (!isNodeOp(c) || !P[ui(c)] || isDense(ir.op(c).kind)) {
                        valid = false; // an aggregation of this layer, or a dense op left behind
                        break;
                    }
                    moved[ui(c)] = 1;
                    stack.push_back(c);
                }
            }
            if (!valid)
                continue;
            std::vector<int> group;
            for (int i = 0; i < n; ++i)
                if (moved[ui(i)])
                    group.push_back(i);
            for (int v : group)
                deferred[ui(v)] = 1;
            const std::int64_t width = crossingWidth(l);
            for (int v : group)
                deferred[ui(v)] = 0;
            if (bestWidth < 0 || width < bestWidth || (width == bestWidth && group.size() > best.size())) {
                bestWidth = width;
                best = std::move(group);
            }
        }
        for (int v : best)
            deferred[ui(v)] = 1;
    }
    computeLayers();

    // Source pass: node values of a layer that its own blocks gather by source.
    std::vector<char> source(static_cast<std::size_t>(n), 0);
    for (int i = n - 1; i >= 0; --i) {
        if (!isLive(i) || !feature(i) || !isNodeOp(i) || P[static_cast<std::size_t>(i)])
            continue;
        for (int c : consumers[static_cast<std::size_t>(i)]) {
            const bool sameLayer = L[static_cast<std::size_t>(c)] == L[static_cast<std::size_t>(i)];
            if (sameLayer && (ir.op(c).kind == OpKind::GatherSrc || source[static_cast<std::size_t>(c)]))
                source[static_cast<std::size_t>(i)] = 1;
        }
    }

    LayerSchema schema;
    schema.roles.assign(static_cast<std::size_t>(n), ValueRole::Dead);
    schema.layerOf.assign(static_cast<std::size_t>(n), -1);
    for (int i = 0; i < n; ++i) {
        if (!isLive(i))
            continue;
        const auto ui = static_cast<std::size_t>(i);
        if (cat[ui] == Category::Global) {
            schema.roles[ui] = ValueRole::Global;
        } else if (cat[ui] == Category::Graph) {
            schema.roles[ui] = ValueRole::Graph;
        } else if (ir.op(i).kind == OpKind::Input) {
            schema.roles[ui] = ValueRole::Input;
        } else {
            schema.roles[ui] = source[ui] ? ValueRole::Source : ValueRole::Block;
            schema.layerOf[ui] = L[ui] - 1;
        }
    }

    // Walk each layer's ops back to what it reads from node stores.
    std::vector<std::set<int>> readers(static_cast<std::size_t>(n)); // 1-based layers reading the value
    schema.layers.resize(static_cast<std::size_t>(numLayers));
    for (int k = 1; k <= numLayers; ++k) {
        LayerPlan& plan = schema.layers[static_cast<std::size_t>(k - 1)];
        plan.index = k - 1;
        std::set<int> sourceOps;
        std::set<int> blockOps;
        std::set<int> blockReadsSource;
        for (int i = 0; i < n; ++i) {
            if (!isLive(i) || !feature(i) || L[static_cast<std::size_t>(i)] != k || ir.op(i).kind == OpKind::Input)
                continue;
            (schema.roles[static_cast<std::size_t>(i)] == ValueRole::Source ? sourceOps : blockOps).insert(i);
        }
        auto walk = [&](std::set<int>& ops, bool block) {
            std::vector<int> stack(ops.begin(), ops.end());
            while (!stack.empty()) {
                const int c = stack.back();
                stack.pop_back();
                for (int u : ir.op(c).inputs) {
                    const auto uu = static_cast<std::size_t>(u);
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
                        readers[uu].insert(k);
                        break;
                    case ValueRole::Source:
                    case ValueRole::Block:
                        if (ir.op(u).space == Space::Edge) {
                            if (!block)
                                internal("a source-pass op reads a per-edge value");
                            if (L[uu] > k)
                                internal("an op reads a per-edge value of a later layer");
                            if (ops.insert(u).second)
                                stack.push_back(u); // recomputed here when it belongs to an earlier layer
                        } else if (L[uu] < k) {
                            readers[uu].insert(k);
                        } else if (L[uu] > k) {
                            internal("an op of layer " + std::to_string(k) + " reads a value of layer "
                                + std::to_string(L[uu]));
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
        };
        walk(sourceOps, false);
        walk(blockOps, true);
        plan.sourceOps.assign(sourceOps.begin(), sourceOps.end());
        plan.blockOps.assign(blockOps.begin(), blockOps.end());
        for (int v : plan.blockOps)
            if (ir.op(v).kind == OpKind::Aggregate)
                plan.aggregations.push_back(v);
        for (int v : plan.sourceOps)
            if (schema.roles[static_cast<std::size_t>(v)] == ValueRole::Source
                && (blockReadsSource.count(v) || !readers[static_cast<std::size_t>(v)].empty()))
                plan.sourceStores.push_back(v);
        for (int v : plan.blockOps) {
            const IrOp& o = ir.op(v);
            if (o.space == Space::Edge)
                plan.edgeScalars += ir.width(v);
            else
                plan.dstScalars += ir.width(v);
        }
        for (int v : plan.sourceOps)
            plan.sourceScalars += ir.width(v);
    }
    readers[static_cast<std::size_t>(ir.output())].insert(numLayers + 1);

    // Cut tensors: the input, every node value read by a later layer, the output.
    for (int i = 0; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        if (!isLive(i) || !feature(i) || ir.op(i).space != Space::Node)
            continue;
        const bool isInput = ir.op(i).kind == OpKind::Input;
        bool crosses = isInput;
        for (int r : readers[ui])
            if (r > L[ui])
                crosses = true;
        if (!crosses)
            continue;
        CutTensor t;
        t.value = i;
        t.isInput = isInput;
        t.isOutput = i == ir.output();
        const IrOp& o = ir.op(i);
        if (isInput)
            t.label = "input " + o.name;
        else if (!o.name.empty())
            t.label = o.name + ": " + ir.label(i);
        else
            t.label = ir.label(i) + (o.location.empty() ? "" : " (" + o.location + ")");
        t.shape = ir.op(i).shape;
        t.width = ir.width(i);
        t.producer = L[ui] - 1;
        t.lastConsumer = readers[ui].empty() ? t.producer : *readers[ui].rbegin() - 1;
        if (t.isInput)
            schema.inputTensor = static_cast<int>(schema.tensors.size());
        if (t.isOutput)
            schema.outputTensor = static_cast<int>(schema.tensors.size());
        schema.tensors.push_back(std::move(t));
    }
    for (std::size_t ti = 0; ti < schema.tensors.size(); ++ti) {
        const CutTensor& t = schema.tensors[ti];
        const auto& rd = readers[static_cast<std::size_t>(t.value)];
        for (auto& plan : schema.layers) {
            if (rd.count(plan.index + 1) && t.producer < plan.index)
                plan.inputs.push_back(static_cast<int>(ti));
            if (t.producer == plan.index)
                plan.outputs.push_back(static_cast<int>(ti));
            if (!t.isInput && !t.isOutput && t.lastConsumer == plan.index)
                plan.freed.push_back(static_cast<int>(ti));
        }
        if (ir.op(t.value).space != Space::Node)
            internal("a per-edge value crosses a cut");
    }
    for (auto& plan : schema.layers)
        for (int ti : plan.inputs)
            plan.sourceScalars += schema.tensors[static_cast<std::size_t>(ti)].width;
    return schema;
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
            a.push_back({ { "id", v }, { "label", ir.label(v) }, { "space", spaceName(ir.op(v).space) },
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
        { "input_tensor", schema.inputTensor }, { "output_tensor", schema.outputTensor },
        { "dtype", dtypeName(type) } };
    if (numNodes > 0) {
        j["nodes"] = numNodes;
        j["peak_live_tensor_bytes"] = peakLive;
    }
    return j;
}

} // namespace vantage::dgi
