#include "dgi/drawing.h"

#include "common/graphviz.h"

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string_view>
#include <tuple>
#include <vector>

namespace vantage::dgi {

namespace {

std::string humanBytes(double bytes)
{
    const char* units[] = { "B", "KB", "MB", "GB", "TB" };
    int u = 0;
    while (bytes >= 1000.0 && u < 4) {
        bytes /= 1000.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, bytes >= 100 || u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

std::string nodeId(int v)
{
    return "v" + std::to_string(v);
}

std::string style(const GnnIr& ir, int v)
{
    const IrOp& o = ir.op(v);
    switch (o.kind) {
    case OpKind::Aggregate:
        return "shape=invhouse, style=filled, fillcolor=\"#f4a259\", penwidth=2";
    case OpKind::EdgeSoftmax:
    case OpKind::GatherSrc:
    case OpKind::GatherDst:
        return "shape=ellipse, style=filled, fillcolor=\"#bcd4e6\"";
    case OpKind::Linear:
    case OpKind::MatMul:
        return "shape=box, style=filled, fillcolor=\"#a8d5a2\"";
    case OpKind::InDegree:
    case OpKind::OutDegree:
        return "shape=diamond, style=filled, fillcolor=\"#dddddd\"";
    case OpKind::Input:
        return "shape=doubleoctagon, style=filled, fillcolor=\"#fff3b0\"";
    default:
        return o.space == Space::Edge ? "shape=ellipse, style=\"rounded,filled\", fillcolor=\"#e3eef6\""
                                      : "shape=box, style=\"rounded,filled\", fillcolor=white";
    }
}

std::string shapeSuffix(const IrOp& o)
{
    std::string s = o.space == Space::Node ? "[N" : o.space == Space::Edge ? "[E" : "[";
    for (auto d : o.shape)
        s += (s.size() > 1 ? ", " : "") + std::to_string(d);
    return s + "]";
}

// The template with each "{key}" replaced by its value.
std::string fillIn(std::string text, std::initializer_list<std::pair<std::string_view, std::string>> values)
{
    for (const auto& [key, value] : values) {
        const std::string mark = "{" + std::string(key) + "}";
        for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
            text.replace(at, mark.size(), value);
    }
    return text;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many)
{
    return fillIn(n == 1 ? one : many, { { "n", std::to_string(n) } });
}

// What a layer's ops are, for its box: "12 ops: 1 aggregation, 2 dense, 3 per edge, 6 per node".
std::string opsSummary(const GnnIr& ir, const std::vector<int>& ops, const DrawWords& w)
{
    std::size_t aggregations = 0, dense = 0, edge = 0, node = 0;
    for (int v : ops) {
        const IrOp& o = ir.op(v);
        if (o.kind == OpKind::Aggregate)
            ++aggregations;
        else if (o.kind == OpKind::Linear || o.kind == OpKind::MatMul)
            ++dense;
        else if (o.space == Space::Edge)
            ++edge;
        else
            ++node;
    }
    std::string s = plural(ops.size(), w.opOne, w.opMany) + ":";
    const char* sep = " ";
    for (const auto& [n, one, many] :
        { std::tuple{ aggregations, &w.aggregationOne, &w.aggregationMany }, std::tuple{ dense, &w.dense, &w.dense },
            std::tuple{ edge, &w.perEdge, &w.perEdge }, std::tuple{ node, &w.perNode, &w.perNode } })
        if (n > 0) {
            s += sep + plural(n, *one, *many);
            sep = ", ";
        }
    return s;
}

// The cut of a model too large to draw op by op: a box per run of `per` layers with what its ops
// are, and an edge wherever tensors cross from one box to a later one, labelled with their sizes.
std::string condensedCutDot(const GnnIr& ir, const LayerSchema& schema, const DrawOptions& options,
    const std::map<int, std::pair<int, bool>>& home, const std::string& title)
{
    const std::size_t layers = schema.layers.size();
    const std::size_t maxBoxes = std::max<std::size_t>(options.maxBoxes, 1);
    const std::size_t per = (layers + maxBoxes - 1) / maxBoxes;
    const auto box = [&](int layer) { return "b" + std::to_string(static_cast<std::size_t>(layer) / per); };
    const DrawWords& w = options.words;
    std::ostringstream dot;
    dot << "digraph dgi {\n"
        << "  graph [rankdir=TB, fontname=\"Helvetica\", label="
        << dotQuote(title + ": " + plural(layers, w.layerOne, w.layerMany) + ", "
               + plural(home.size(), w.opOne, w.opMany) + " ("
               + (per == 1 ? w.boxPerLayer : plural(per, w.boxPerLayers, w.boxPerLayers)) + ")")
        << ", labelloc=t];\n"
        << "  node [fontname=\"Helvetica\", fontsize=10, shape=box, style=\"rounded,filled\", fillcolor=white];\n"
        << "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#c0392b\", fontcolor=\"#c0392b\", penwidth=2];\n";
    std::vector<std::vector<int>> ops((layers + per - 1) / per);
    for (const auto& [v, h] : home)
        ops[static_cast<std::size_t>(h.first) / per].push_back(v);
    for (std::size_t b = 0; b < ops.size(); ++b) {
        const std::size_t first = b * per, last = std::min(layers, first + per) - 1;
        std::size_t aggregations = 0;
        for (std::size_t l = first; l <= last; ++l)
            aggregations += schema.layers[l].aggregations.size();
        // Layers are counted from 1 for people, as the page's table and the progress do.
        const std::string name = first == last
            ? plural(first + 1, w.layerBox, w.layerBox)
            : fillIn(w.layersBox, { { "a", std::to_string(first + 1) }, { "b", std::to_string(last + 1) } });
        dot << "  b" << b << " [label=" << dotQuote(name + "\n" + opsSummary(ir, ops[b], w))
            << (aggregations > 0 ? ", fillcolor=\"#fde2c8\"" : "") << "];\n";
    }
    // Tensors crossing between boxes, summed per pair of boxes.
    std::map<std::pair<std::string, std::string>, std::pair<std::size_t, std::int64_t>> crossing;
    for (const auto& plan : schema.layers)
        for (int t : plan.inputs) {
            const CutTensor& ct = schema.tensors[static_cast<std::size_t>(t)];
            const std::string from = ct.isInput ? "input" : box(ct.producer);
            const std::string to = box(plan.index);
            if (from == to)
                continue;
            auto& [count, width] = crossing[{ from, to }];
            ++count;
            width += ct.width;
        }
    dot << "  input [label=" << dotQuote(ir.label(ir.inputValue()))
        << ", shape=doubleoctagon, fillcolor=\"#fff3b0\"];\n";
    for (const auto& [ends, sum] : crossing)
        dot << "  " << ends.first << " -> " << ends.second << " [label="
            << dotQuote((sum.first > 1 ? plural(sum.first, w.tensorOne, w.tensorMany) + ": " : std::string())
                   + cutSizeLabel(options.numNodes, sum.second, options.dtype, w))
            << "];\n";
    if (schema.outputTensor >= 0) {
        const auto& out = schema.tensors[static_cast<std::size_t>(schema.outputTensor)];
        dot << "  output [label=" << dotQuote(w.output + " " + shapeSuffix(ir.op(out.value)))
            << ", shape=doubleoctagon, fillcolor=\"#fff3b0\"];\n"
            << "  " << (out.isInput ? std::string("input") : box(out.producer))
            << " -> output [label=" << dotQuote(cutSizeLabel(options.numNodes, out.width, options.dtype, w)) << "];\n";
    }
    dot << "}\n";
    return dot.str();
}

} // namespace

std::string cutSizeLabel(std::int64_t numNodes, std::int64_t width, DType dtype, const DrawWords& words)
{
    const int b = dtypeSize(dtype);
    if (numNodes <= 0)
        return fillIn(words.bytesPerNode, { { "w", std::to_string(width) }, { "s", std::to_string(b) } });
    return std::to_string(numNodes) + " x " + std::to_string(width) + " x " + std::to_string(b)
        + " B = " + humanBytes(static_cast<double>(numNodes) * static_cast<double>(width) * b);
}

std::string layerCutDot(const GnnIr& ir, const LayerSchema& schema, const DrawOptions& options)
{
    const std::string title = options.title.empty() ? ir.modelName : options.title;
    // Which cluster draws each op: the layer computing it, or for graph queries the first layer using them.
    std::map<int, std::pair<int, bool>> home; // value -> (layer, in source pass)
    for (const auto& plan : schema.layers) {
        for (int v : plan.sourceOps)
            home.try_emplace(v, plan.index, true);
        for (int v : plan.blockOps)
            if (schema.roles[static_cast<std::size_t>(v)] != ValueRole::Graph || !home.count(v))
                home.try_emplace(v, plan.index, false);
    }
    if (home.size() > options.maxDrawnOps)
        return condensedCutDot(ir, schema, options, home, title);
    std::ostringstream dot;
    dot << "digraph dgi {\n"
        << "  graph [rankdir=TB, fontname=\"Helvetica\", label="
        << dotQuote(title + ": " + plural(schema.layers.size(), options.words.layerOne, options.words.layerMany))
        << ", labelloc=t, compound=true, newrank=true];\n"
        << "  node [fontname=\"Helvetica\", fontsize=10];\n"
        << "  edge [fontname=\"Helvetica\", fontsize=9];\n";
    auto label = [&](int v) {
        const IrOp& o = ir.op(v);
        if (o.kind == OpKind::Input) // "input x [N, 8]": its label has the shape
            return ir.label(v);
        std::string l = ir.label(v) + "\n" + shapeSuffix(o);
        if (!o.name.empty())
            l = o.name + "\n" + l;
        return l;
    };
    const int input = ir.inputValue();
    dot << "  " << nodeId(input) << " [label=" << dotQuote(label(input)) << ", " << style(ir, input) << "];\n";
    for (const auto& plan : schema.layers) {
        dot << "  subgraph cluster_layer" << plan.index << " {\n"
            << "    label="
            << dotQuote(
                   plural(static_cast<std::size_t>(plan.index) + 1, options.words.layerBox, options.words.layerBox))
            // counted from 1 for people
            << "; style=rounded; color=\"#555555\";\n";
        for (int side = 0; side < 2; ++side) {
            std::vector<int> ops;
            for (const auto& [v, h] : home)
                if (h.first == plan.index && h.second == (side == 0))
                    ops.push_back(v);
            if (ops.empty())
                continue;
            dot << "    subgraph cluster_layer" << plan.index << (side == 0 ? "_source" : "_block") << " {\n"
                << "      label=" << dotQuote(side == 0 ? options.words.sourcePass : options.words.blocks)
                << "; style=dashed; color=\"#999999\"; fontsize=9;\n";
            for (int v : ops)
                dot << "      " << nodeId(v) << " [label=" << dotQuote(label(v)) << ", " << style(ir, v) << "];\n";
            dot << "    }\n";
        }
        dot << "  }\n";
    }
    // Edges between drawn ops; parameters and constants are folded into their consumers.
    std::set<std::pair<int, int>> drawn;
    for (const auto& [v, h] : home) {
        for (int u : ir.op(v).inputs) {
            const ValueRole r = schema.roles[static_cast<std::size_t>(u)];
            if (r == ValueRole::Global || r == ValueRole::Dead || !drawn.insert({ u, v }).second)
                continue;
            const int t = schema.tensorOf(u);
            const bool crossing = t >= 0 && schema.tensors[static_cast<std::size_t>(t)].producer < h.first;
            dot << "  " << nodeId(u) << " -> " << nodeId(v);
            if (crossing) {
                const auto& ct = schema.tensors[static_cast<std::size_t>(t)];
                dot << " [color=\"#c0392b\", penwidth=2, label="
                    << dotQuote(cutSizeLabel(options.numNodes, ct.width, options.dtype, options.words))
                    << ", fontcolor=\"#c0392b\"]";
            }
            dot << ";\n";
        }
    }
    if (schema.outputTensor >= 0) {
        const auto& out = schema.tensors[static_cast<std::size_t>(schema.outputTensor)];
        dot << "  output [label=" << dotQuote(options.words.output + " " + shapeSuffix(ir.op(out.value)))
            << ", shape=doubleoctagon, style=filled, fillcolor=\"#fff3b0\"];\n"
            << "  " << nodeId(out.value) << " -> output [color=\"#c0392b\", penwidth=2, label="
            << dotQuote(cutSizeLabel(options.numNodes, out.width, options.dtype, options.words))
            << ", fontcolor=\"#c0392b\"];\n";
    }
    dot << "}\n";
    return dot.str();
}

} // namespace vantage::dgi
