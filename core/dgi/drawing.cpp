#include "dgi/drawing.h"

#include "common/graphviz.h"

#include <cstdio>
#include <map>
#include <set>
#include <sstream>

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

} // namespace

std::string cutSizeLabel(std::int64_t numNodes, std::int64_t width, DType dtype)
{
    const int b = dtypeSize(dtype);
    if (numNodes <= 0)
        return std::to_string(width) + " x " + std::to_string(b) + " B per node";
    return std::to_string(numNodes) + " x " + std::to_string(width) + " x " + std::to_string(b)
        + " B = " + humanBytes(static_cast<double>(numNodes) * static_cast<double>(width) * b);
}

std::string layerCutDot(const GnnIr& ir, const LayerSchema& schema, const DrawOptions& options)
{
    std::ostringstream dot;
    const std::string title = options.title.empty() ? ir.modelName : options.title;
    dot << "digraph dgi {\n"
        << "  graph [rankdir=TB, fontname=\"Helvetica\", label="
        << dotQuote(
               title + ": " + std::to_string(schema.layers.size()) + (schema.layers.size() == 1 ? " layer" : " layers"))
        << ", labelloc=t, compound=true, newrank=true];\n"
        << "  node [fontname=\"Helvetica\", fontsize=10];\n"
        << "  edge [fontname=\"Helvetica\", fontsize=9];\n";

    // Which cluster draws each op: the layer computing it, or for graph queries the first layer using them.
    std::map<int, std::pair<int, bool>> home; // value -> (layer, in source pass)
    for (const auto& plan : schema.layers) {
        for (int v : plan.sourceOps)
            home.try_emplace(v, plan.index, true);
        for (int v : plan.blockOps)
            if (schema.roles[static_cast<std::size_t>(v)] != ValueRole::Graph || !home.count(v))
                home.try_emplace(v, plan.index, false);
    }
    auto label = [&](int v) {
        const IrOp& o = ir.op(v);
        std::string l = ir.label(v) + "\n" + shapeSuffix(o);
        if (!o.name.empty() && o.kind != OpKind::Input)
            l = o.name + "\n" + l;
        return l;
    };
    const int input = ir.inputValue();
    dot << "  " << nodeId(input) << " [label=" << dotQuote(label(input)) << ", " << style(ir, input) << "];\n";
    for (const auto& plan : schema.layers) {
        dot << "  subgraph cluster_layer" << plan.index << " {\n"
            << "    label=" << dotQuote("layer " + std::to_string(plan.index))
            << "; style=rounded; color=\"#555555\";\n";
        for (int side = 0; side < 2; ++side) {
            std::vector<int> ops;
            for (const auto& [v, h] : home)
                if (h.first == plan.index && h.second == (side == 0))
                    ops.push_back(v);
            if (ops.empty())
                continue;
            dot << "    subgraph cluster_layer" << plan.index << (side == 0 ? "_source" : "_block") << " {\n"
                << "      label="
                << dotQuote(side == 0 ? "source pass (all nodes)" : "blocks (per batch of destinations)")
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
                    << dotQuote(cutSizeLabel(options.numNodes, ct.width, options.dtype)) << ", fontcolor=\"#c0392b\"]";
            }
            dot << ";\n";
        }
    }
    if (schema.outputTensor >= 0) {
        const auto& out = schema.tensors[static_cast<std::size_t>(schema.outputTensor)];
        dot << "  output [label=" << dotQuote("output " + shapeSuffix(ir.op(out.value)))
            << ", shape=doubleoctagon, style=filled, fillcolor=\"#fff3b0\"];\n"
            << "  " << nodeId(out.value) << " -> output [color=\"#c0392b\", penwidth=2, label="
            << dotQuote(cutSizeLabel(options.numNodes, out.width, options.dtype)) << ", fontcolor=\"#c0392b\"];\n";
    }
    dot << "}\n";
    return dot.str();
}

} // namespace vantage::dgi
