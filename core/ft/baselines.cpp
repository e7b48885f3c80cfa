#include "ft/baselines.h"

#include "common/error.h"
#include "common/progress.h"
#include "ft/elimination.h"
#include "ft/frontier.h"
#include "ft/op_graph.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace vantage::ft {

namespace {

int indexOf(const PricedGraph& priced, int op, const OpConfig& c)
{
    const auto& configs = priced.configs[static_cast<std::size_t>(op)];
    const auto it = std::find(configs.begin(), configs.end(), c);
    return it == configs.end() ? -1 : static_cast<int>(it - configs.begin());
}

Baseline finish(std::string name, std::vector<int> assignment, const PricedGraph& priced)
{
    Baseline b;
    b.name = std::move(name);
    std::tie(b.time, b.memory) = priced.costs.evaluate(assignment);
    b.assignment = std::move(assignment);
    return b;
}

// An assignment with the knobs set where the priced graph offers them: the ZeRO stage `zero` (0:
// unchanged) on each weighted op with a data-parallel group, recomputation on each attention op
// (`recompute`), the split left as it was.
struct Knobbed {
    std::vector<int> assignment;
    int zeroOps = 0, recomputeOps = 0; // ops that took each knob
};

Knobbed withKnobs(const PricedGraph& priced, std::vector<int> assignment, int zero, bool recompute)
{
    Knobbed k;
    for (std::size_t op = 0; op < assignment.size(); ++op) {
        const OpConfig plain = priced.configs[op][static_cast<std::size_t>(assignment[op])];
        OpConfig both = plain, zeroOnly = plain, recomputeOnly = plain;
        both.zero = zeroOnly.zero = zero > 0 ? zero : plain.zero;
        both.recompute = recomputeOnly.recompute = recompute || plain.recompute;
        for (const OpConfig& c : { both, zeroOnly, recomputeOnly })
            if (const int i = indexOf(priced, static_cast<int>(op), c); c != plain && i >= 0) {
                assignment[op] = i;
                k.zeroOps += c.zero != plain.zero;
                k.recomputeOps += c.recompute != plain.recompute;
                break;
            }
    }
    k.assignment = std::move(assignment);
    return k;
}

} // namespace

std::optional<Baseline> dataParallelBaseline(const OpGraph& graph, const PricedGraph& priced)
{
    const int devices = priced.configs.empty() || priced.configs[0].empty() ? 1 : priced.configs[0][0].devices();
    std::vector<int> a;
    for (int op = 0; op < graph.size(); ++op) {
        const int i = indexOf(priced, op, OpConfig{ .batch = devices });
        if (i < 0)
            return std::nullopt;
        a.push_back(i);
    }
    return finish("data parallel", std::move(a), priced);
}

std::vector<Baseline> zeroBaselines(const Baseline& dataParallel, const PricedGraph& priced)
{
    std::vector<Baseline> out;
    for (int zero = 1; zero <= 3; ++zero) {
        Knobbed k = withKnobs(priced, dataParallel.assignment, zero, false);
        if (k.zeroOps > 0)
            out.push_back(finish(zero == 3 ? std::string("fsdp (zero-3 dp)") : "zero-" + std::to_string(zero) + " dp",
                std::move(k.assignment), priced));
    }
    return out;
}

std::vector<Baseline> tunedMegatronBaselines(const std::vector<Baseline>& megatron, const PricedGraph& priced)
{
    std::vector<Baseline> out;
    for (const Baseline& b : megatron) {
        Knobbed k = withKnobs(priced, b.assignment, 1, true);
        if (k.zeroOps == 0 && k.recomputeOps == 0)
            continue;
        std::string name = b.name;
        if (k.zeroOps > 0)
            name += ", distributed optimizer";
        if (k.recomputeOps > 0)
            name += ", selective recompute";
        out.push_back(finish(std::move(name), std::move(k.assignment), priced));
    }
    return out;
}

std::vector<Baseline> megatronBaselines(const OpGraph& graph, const PricedGraph& priced, int devicesPerNode)
{
    std::vector<Baseline> out;
    const int devices = priced.configs.empty() || priced.configs[0].empty() ? 1 : priced.configs[0][0].devices();
    for (int t = 2; t <= std::min(devices, devicesPerNode); ++t) {
        if (devices % t != 0)
            continue;
        const int d = devices / t;
        std::vector<int> a(static_cast<std::size_t>(graph.size()), -1);
        std::vector<char> splitOut(static_cast<std::size_t>(graph.size()), 0); // output features split t ways
        bool ok = true;
        for (int op = 0; op < graph.size() && ok; ++op) {
            const Op& o = graph.op(op);
            bool inputSplit = !o.inputs.empty();
            for (int in : o.inputs)
                inputSplit = inputSplit && splitOut[static_cast<std::size_t>(in)];
            const OpConfig column{ .batch = d, .out = t };
            const OpConfig row{ .batch = d, .reduce = t };
            const OpConfig replicated{ .batch = d, .replica = t };
            std::vector<std::pair<OpConfig, bool>> choices; // (configuration, output split)
            switch (o.kind) {
            case OpKind::Embedding:
                choices = { { row, false }, { column, true }, { replicated, false } };
                break;
            case OpKind::Conv2d:
                if (o.groups > 1) { // whole groups a device, with their input channels: no row split
                    choices = { { column, true }, { replicated, false } };
                    break;
                }
                [[fallthrough]];
            case OpKind::Linear:
                if (inputSplit)
                    choices = { { row, false }, { replicated, false } };
                else
                    choices = { { column, true }, { row, false }, { replicated, false } };
                break;
            case OpKind::Attention:
            case OpKind::Elementwise:
            case OpKind::Pool:
            case OpKind::Concat:
            case OpKind::Loss:
                if (inputSplit)
                    choices = { { column, true }, { replicated, false } };
                else
                    choices = { { replicated, false } };
                break;
            case OpKind::LayerNorm:
            case OpKind::RmsNorm:
                choices = { { replicated, false } };
                break;
            }
            for (const auto& [config, split] : choices) {
                const int i = indexOf(priced, op, config);
                if (i >= 0) {
                    a[static_cast<std::size_t>(op)] = i;
                    splitOut[static_cast<std::size_t>(op)] = split;
                    break;
                }
            }
            ok = a[static_cast<std::size_t>(op)] >= 0;
        }
        if (ok)
            out.push_back(
                finish("megatron tp" + std::to_string(t) + " x dp" + std::to_string(d), std::move(a), priced));
    }
    return out;
}

namespace {

// One value per frontier state instead of a Pareto set: lexicographic (primary, secondary) where
// the primary objective is time, or memory when `memoryFirst`.
Baseline scalarSearch(const CostGraph& g, const CancelToken& cancel, SearchOrder order, bool memoryFirst)
{
    g.validate();
    const int n = static_cast<int>(g.nodes.size());
    Baseline best;
    best.name = memoryFirst ? "min memory" : "min time (OptCNN)";
    if (n == 0)
        return best;
    const auto plan = detail::planElimination(g,
        order == SearchOrder::Greedy ? detail::EliminationOrder::Greedy : detail::EliminationOrder::Given,
        detail::PlanLimits{ .maxStates = 1 << 26 }, cancel);
    // Values within the tie tolerance count as equal in the primary objective.
    auto better = [memoryFirst](double t, double m, double bt, double bm) {
        if (memoryFirst) {
            std::swap(t, m);
            std::swap(bt, bm);
        }
        if (!notAbove(t, bt))
            return false;
        if (!notAbove(bt, t))
            return true;
        return m < bm;
    };
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::vector<double> vt = { 0.0 }, vm = { 0.0 };
    std::vector<std::vector<std::uint32_t>> backState(static_cast<std::size_t>(n));
    std::vector<std::vector<std::uint16_t>> backConfig(static_cast<std::size_t>(n));
    // Place in the previous frontier; read only for ops in it (stale entries are never looked up).
    std::vector<int> position(static_cast<std::size_t>(n), -1);
    for (int k = 0; k < n; ++k) {
        cancel.throwIfCancelled();
        const auto& st = plan.steps[static_cast<std::size_t>(k)];
        const auto* prev = k > 0 ? &plan.steps[static_cast<std::size_t>(k - 1)] : nullptr;
        const int v = st.op;
        const auto& configs = g.nodes[static_cast<std::size_t>(v)].configs;
        const auto states = static_cast<std::size_t>(st.states);
        std::vector<double> nt(states, inf), nm(states, inf);
        auto& bs = backState[static_cast<std::size_t>(k)];
        auto& bc = backConfig[static_cast<std::size_t>(k)];
        bs.assign(states, 0);
        bc.assign(states, 0);
        const std::size_t prevStates = vt.size();
        const std::size_t pf = prev ? prev->frontier.size() : 0;
        std::vector<int> digit(pf);
        for (std::size_t i = 0; i < pf; ++i) // a table, not a search of a wide frontier per lookup
            position[static_cast<std::size_t>(prev->frontier[i])] = static_cast<int>(i);
        for (std::size_t s = 0; s < prevStates; ++s) {
            if (vt[s] == inf)
                continue;
            for (std::size_t i = 0; i < pf; ++i)
                digit[i]
                    = static_cast<int>((static_cast<std::int64_t>(s) / prev->strides[i]) % prev->classes[i]->classes());
            auto repOf = [&](int node) {
                const int i = position[static_cast<std::size_t>(node)];
                return i < 0
                    ? -1
                    : static_cast<int>(prev->classes[static_cast<std::size_t>(i)]
                                           ->rep[static_cast<std::size_t>(digit[static_cast<std::size_t>(i)])]);
            };
            for (int c = 0; c < static_cast<int>(configs.size()); ++c) {
                double t = vt[s] + configs[static_cast<std::size_t>(c)].time;
                double m = vm[s] + configs[static_cast<std::size_t>(c)].memory;
                for (int e : st.incidentEdges) {
                    const auto& ed = g.edges[static_cast<std::size_t>(e)];
                    const bool vIsTo = ed.to == v;
                    const int other = repOf(vIsTo ? ed.from : ed.to);
                    const std::size_t cell = static_cast<std::size_t>(
                        vIsTo ? other * g.configCount(ed.to) + c : c * g.configCount(ed.to) + other);
                    t += ed.time[cell];
                    m += ed.memory[cell];
                }
                std::int64_t key = 0;
                for (std::size_t j = 0; j < st.frontier.size(); ++j) {
                    const int node = st.frontier[j];
                    const int config = node == v ? c : repOf(node);
                    key += st.classes[j]->classOf[static_cast<std::size_t>(config)] * st.strides[j];
                }
                const auto ks = static_cast<std::size_t>(key);
                if (nt[ks] == inf || better(t, m, nt[ks], nm[ks])) {
                    nt[ks] = t;
                    nm[ks] = m;
                    bs[ks] = static_cast<std::uint32_t>(s);
                    bc[ks] = static_cast<std::uint16_t>(c);
                }
            }
        }
        vt.swap(nt);
        vm.swap(nm);
    }
    best.time = vt[0];
    best.memory = vm[0];
    best.assignment.assign(static_cast<std::size_t>(n), 0);
    std::uint32_t state = 0;
    for (int k = n - 1; k >= 0; --k) {
        const auto ks = static_cast<std::size_t>(k);
        best.assignment[static_cast<std::size_t>(plan.order[ks])] = backConfig[ks][state];
        state = backState[ks][state];
    }
    return best;
}

} // namespace

Baseline minTimeSearch(const CostGraph& g, const CancelToken& cancel, SearchOrder order)
{
    return scalarSearch(g, cancel, order, false);
}

Baseline minMemorySearch(const CostGraph& g, const CancelToken& cancel, SearchOrder order)
{
    return scalarSearch(g, cancel, order, true);
}

std::vector<Baseline> computeBaselines(
    const OpGraph& graph, const PricedGraph& priced, const ClusterProfile& cluster, const CancelToken& cancel)
{
    std::vector<Baseline> out;
    if (auto dp = dataParallelBaseline(graph, priced)) {
        out.push_back(std::move(*dp));
        for (auto& b : zeroBaselines(out.front(), priced))
            out.push_back(std::move(b));
    }
    const std::vector<Baseline> megatron = megatronBaselines(graph, priced, cluster.devicesPerNode);
    out.insert(out.end(), megatron.begin(), megatron.end());
    for (auto& b : tunedMegatronBaselines(megatron, priced))
        out.push_back(std::move(b));
    out.push_back(minTimeSearch(priced.costs, cancel));
    return out;
}

} // namespace vantage::ft
