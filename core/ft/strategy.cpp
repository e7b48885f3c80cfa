#include "ft/strategy.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/json.h"
#include "common/units.h"
#include "ft/op_graph.h"
#include "ft/search.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <sstream>

namespace vantage::ft {

Strategy makeStrategy(const OpGraph& graph, const ClusterProfile& cluster, int devices,
    const std::vector<OpConfig>& configs, const CostOptions& options)
{
    if (configs.size() != static_cast<std::size_t>(graph.size()))
        throw Error::invalidInput("a strategy needs one configuration per op (" + std::to_string(graph.size())
            + "), has " + std::to_string(configs.size()));
    const CostModel model(cluster, devices, options);
    Strategy s;
    s.model = graph.name;
    s.cluster = cluster.name;
    s.devices = devices;
    s.batch = graph.batch();
    s.deviceMemory = cluster.device.memoryBytes;
    for (int i = 0; i < graph.size(); ++i) {
        const Op& op = graph.op(i);
        const OpConfig& c = configs[static_cast<std::size_t>(i)];
        if (c.devices() != devices)
            throw Error::invalidInput("configuration " + c.name() + " uses " + std::to_string(c.devices())
                + " devices, not " + std::to_string(devices))
                .inOp(op.name);
        const OpCost oc = model.opCost(op, c);
        OpChoice ch;
        ch.op = op.name;
        ch.kind = std::string(enumName(op.kind));
        ch.config = c.name();
        ch.split = splitLabel(c);
        ch.zero = c.zero;
        ch.recompute = c.recompute;
        ch.time = oc.time();
        ch.memory = oc.memory();
        ch.compute = oc.compute;
        ch.gradientSync = oc.gradientSync;
        ch.collectives = oc.collectives;
        ch.memoryBreakdown = { oc.weights, oc.gradients, oc.optimizerState, oc.activations, 0.0 };
        s.timeBreakdown.compute += oc.compute;
        s.timeBreakdown.allReduce += oc.gradientSync + oc.collectives;
        s.memoryBreakdown.weights += oc.weights;
        s.memoryBreakdown.gradients += oc.gradients;
        s.memoryBreakdown.optimizerState += oc.optimizerState;
        s.memoryBreakdown.activations += oc.activations;
        s.ops.push_back(std::move(ch));
    }
    for (const Edge& e : graph.edges()) {
        const EdgeCost ec = model.edgeCost(
            graph, e, configs[static_cast<std::size_t>(e.from)], configs[static_cast<std::size_t>(e.to)]);
        s.timeBreakdown.repartition += ec.time;
        s.memoryBreakdown.repartition += ec.memory;
        if (ec.time > 0.0 || ec.memory > 0.0)
            s.edges.push_back(
                { graph.op(e.from).name, graph.op(e.to).name, ec.time, ec.memory, ec.bytes, ec.interNode });
    }
    s.time = s.timeBreakdown.total();
    s.memory = s.memoryBreakdown.total();
    return s;
}

namespace {

void checkMatches(const OpGraph& graph, const ClusterProfile& cluster, const SearchResult& r)
{
    if (r.ops.size() != static_cast<std::size_t>(graph.size()))
        throw Error::invalidInput("the search result is for a graph of " + std::to_string(r.ops.size())
            + " ops, this one has " + std::to_string(graph.size()));
    for (int i = 0; i < graph.size(); ++i)
        if (r.ops[static_cast<std::size_t>(i)] != graph.op(i).name)
            throw Error::invalidInput("the search result is for another graph (op " + std::to_string(i) + " is '"
                + r.ops[static_cast<std::size_t>(i)] + "', here '" + graph.op(i).name + "')");
    if (r.cluster != cluster.name)
        throw Error::invalidInput("the search result is for cluster '" + r.cluster + "', not '" + cluster.name + "'");
}

} // namespace

Strategy strategyFor(
    const OpGraph& graph, const ClusterProfile& cluster, const SearchResult& r, std::size_t frontier, int strategy)
{
    checkMatches(graph, cluster, r);
    return makeStrategy(
        graph, cluster, r.frontiers.at(frontier).devices, strategyConfigs(r, frontier, strategy), r.cost);
}

Strategy baselineStrategyFor(
    const OpGraph& graph, const ClusterProfile& cluster, const SearchResult& r, std::size_t frontier, int baseline)
{
    checkMatches(graph, cluster, r);
    return makeStrategy(
        graph, cluster, r.frontiers.at(frontier).devices, baselineConfigs(r, frontier, baseline), r.cost);
}

namespace {

Json memoryJson(const MemoryBreakdown& m)
{
    return { { "weights", m.weights }, { "gradients", m.gradients }, { "optimizer_state", m.optimizerState },
        { "activations", m.activations }, { "repartition", m.repartition }, { "total", m.total() } };
}

} // namespace

Json toJson(const Strategy& s)
{
    Json ops = Json::array();
    for (const auto& o : s.ops)
        ops.push_back({ { "name", o.op }, { "kind", o.kind }, { "config", o.config }, { "split", o.split },
            { "zero_stage", o.zero }, { "recompute", o.recompute }, { "time", o.time }, { "memory", o.memory },
            { "compute", o.compute }, { "gradient_sync", o.gradientSync }, { "collectives", o.collectives },
            { "memory_breakdown", memoryJson(o.memoryBreakdown) } });
    Json edges = Json::array();
    for (const auto& e : s.edges)
        edges.push_back({ { "from", e.from }, { "to", e.to }, { "time", e.time }, { "memory", e.memory },
            { "bytes", e.bytes }, { "inter_node", e.interNode } });
    return { { "model", s.model }, { "cluster", s.cluster }, { "devices", s.devices }, { "batch", s.batch },
        { "time", s.time }, { "memory", s.memory }, { "device_memory", s.deviceMemory },
        { "fits_device_memory", s.fitsDeviceMemory() },
        { "time_breakdown",
            { { "compute", s.timeBreakdown.compute }, { "all_reduce", s.timeBreakdown.allReduce },
                { "repartition", s.timeBreakdown.repartition }, { "total", s.timeBreakdown.total() } } },
        { "memory_breakdown", memoryJson(s.memoryBreakdown) }, { "plan_kind", planDecisions(s).kind() }, { "ops", ops },
        { "edges", edges } };
}

void PlanDecisions::add(const OpConfig& config)
{
    if (config.zero > 0) {
        zero = std::max(zero, config.zero);
        ++zeroOps;
    }
    if (config.recompute)
        ++recomputeOps;
}

std::string PlanDecisions::kind() const
{
    if (zeroOps > 0 && recomputeOps > 0)
        return "zero+recompute";
    if (zeroOps > 0)
        return "zero";
    return recomputeOps > 0 ? "recompute" : "plain";
}

std::string PlanDecisions::describe() const
{
    std::string s;
    if (zeroOps > 0)
        s = "ZeRO-" + std::to_string(zero) + " on " + std::to_string(zeroOps) + (zeroOps == 1 ? " op" : " ops");
    if (recomputeOps > 0)
        s += (s.empty() ? "" : ", ") + std::string("selective recomputation on ") + std::to_string(recomputeOps)
            + (recomputeOps == 1 ? " op" : " ops");
    return s.empty() ? "none" : s;
}

PlanDecisions planDecisions(const Strategy& strategy)
{
    PlanDecisions d;
    for (const auto& o : strategy.ops) {
        OpConfig c;
        c.zero = o.zero;
        c.recompute = o.recompute;
        d.add(c);
    }
    return d;
}

PlanDecisions planDecisions(const std::vector<std::string>& configNames, const std::vector<std::uint16_t>& strategy)
{
    std::vector<OpConfig> parsed;
    parsed.reserve(configNames.size());
    for (const auto& n : configNames)
        parsed.push_back(parseConfigName(n));
    PlanDecisions d;
    for (std::uint16_t i : strategy)
        d.add(parsed.at(i));
    return d;
}

std::string strategySummary(const Strategy& s)
{
    std::ostringstream out;
    const auto& t = s.timeBreakdown;
    const auto& m = s.memoryBreakdown;
    out << s.model << " on " << s.devices << " devices (" << s.cluster << "), batch " << s.batch << "\n";
    out << "time per iteration  " << formatSeconds(s.time) << "  (compute " << formatSeconds(t.compute)
        << ", all-reduce " << formatSeconds(t.allReduce) << ", re-partition " << formatSeconds(t.repartition) << ")\n";
    out << "memory per device   " << formatBytes(s.memory) << " of " << formatBytes(s.deviceMemory)
        << (s.fitsDeviceMemory() ? "" : "  (does not fit)") << "\n"
        << "                    weights " << formatBytes(m.weights) << ", gradients " << formatBytes(m.gradients)
        << ", optimizer " << formatBytes(m.optimizerState) << ", activations " << formatBytes(m.activations)
        << ", re-partition copies " << formatBytes(m.repartition) << "\n";
    std::map<std::string, int> uses;
    for (const auto& o : s.ops)
        ++uses[o.config];
    std::vector<std::pair<int, std::string>> byUse;
    for (const auto& [config, count] : uses)
        byUse.emplace_back(-count, config);
    std::sort(byUse.begin(), byUse.end());
    out << "ZeRO, recomputation " << planDecisions(s).describe() << "\n";
    out << "configurations      ";
    for (std::size_t i = 0; i < byUse.size(); ++i)
        out << (i ? ", " : "") << byUse[i].second << " x" << -byUse[i].first;
    out << "\n";
    std::vector<const OpChoice*> top;
    for (const auto& o : s.ops)
        top.push_back(&o);
    std::stable_sort(top.begin(), top.end(), [](const OpChoice* a, const OpChoice* b) { return a->time > b->time; });
    top.resize(std::min<std::size_t>(top.size(), 8));
    out << "most expensive ops\n";
    for (const auto* o : top)
        out << "  " << o->op << "  " << o->config << "  " << formatSeconds(o->time) << "  " << formatBytes(o->memory)
            << "\n";
    return out.str();
}

namespace {

const char* colourFor(const std::string& split)
{
    static const std::map<std::string, const char*> colours = {
        { "batch", "#4e79a7" },
        { "out", "#f28e2b" },
        { "reduce", "#e15759" },
        { "spatial", "#59a14f" },
        { "replica", "#bab0ac" },
        { "single", "#ffffff" },
        { "batch+out", "#76b7b2" },
        { "batch+reduce", "#edc948" },
        { "batch+spatial", "#b07aa1" },
        { "batch+replica", "#9c755f" },
        { "spatial+out", "#ff9da7" },
        { "out+reduce", "#d37295" },
        { "spatial+reduce", "#8cd17d" },
    };
    const auto it = colours.find(split);
    return it == colours.end() ? "#d7d7d7" : it->second;
}

} // namespace

std::string strategyToDot(const OpGraph& graph, const Strategy& s)
{
    if (s.ops.size() != static_cast<std::size_t>(graph.size()))
        throw Error::invalidInput("the strategy is for another graph");
    std::ostringstream out;
    out << "digraph " << dotQuote(s.model) << " {\n"
        << "  graph [rankdir=TB, fontname=\"Helvetica\", label="
        << dotQuote(s.model + ", " + std::to_string(s.devices) + " devices: " + formatSeconds(s.time) + ", "
               + formatBytes(s.memory) + " per device")
        << ", labelloc=t];\n"
        << "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];\n"
        << "  edge [color=\"#888888\"];\n";
    std::map<std::string, int> used;
    for (int i = 0; i < graph.size(); ++i) {
        const auto& o = s.ops[static_cast<std::size_t>(i)];
        ++used[o.split];
        out << "  n" << i << " [label=" << dotQuote(o.op + "\n" + o.config) << ", fillcolor=\"" << colourFor(o.split)
            << "\", tooltip=" << dotQuote(o.kind + ": " + formatSeconds(o.time) + ", " + formatBytes(o.memory))
            << "];\n";
    }
    std::map<std::pair<std::string, std::string>, const EdgeChoice*> costly;
    for (const auto& e : s.edges)
        costly[{ e.from, e.to }] = &e;
    for (const Edge& e : graph.edges()) {
        out << "  n" << e.from << " -> n" << e.to;
        const auto it = costly.find({ graph.op(e.from).name, graph.op(e.to).name });
        if (it != costly.end() && it->second->time > 0.0)
            out << " [penwidth=2.5, color=\"" << (it->second->interNode ? "#c0392b" : "#333333")
                << "\", tooltip=" << dotQuote("re-partition " + formatSeconds(it->second->time)) << "]";
        out << ";\n";
    }
    out << "  subgraph cluster_legend {\n    label=\"split\"; fontsize=10; style=rounded;\n";
    int k = 0;
    for (const auto& [split, count] : used)
        out << "    legend" << k++ << " [label=" << dotQuote(split + " (" + std::to_string(count) + ")")
            << ", fillcolor=\"" << colourFor(split) << "\"];\n";
    out << "  }\n}\n";
    return out.str();
}

} // namespace vantage::ft
