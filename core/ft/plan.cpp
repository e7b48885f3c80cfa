#include "ft/plan.h"

#include "common/error.h"
#include "common/json.h"
#include "common/key_values.h"
#include "ft/config.h"
#include "ft/op_graph.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace vantage::ft {

const params::Table<ParallelPlan>& parallelPlanParams()
{
    static const params::Table<ParallelPlan> table = {
        params::number(&ParallelPlan::tp, { "tp", "", "Tensor-parallel degree" }, 1, 4096),
        params::number(&ParallelPlan::pp, { "pp", "", "Pipeline stages" }, 1, 4096),
        params::number(&ParallelPlan::dp, { "dp", "", "Data-parallel degree" }, 1, 1 << 20),
        params::number(&ParallelPlan::microbatch, { "microbatch", "", "Samples per micro-batch" }, 1, 1 << 20),
        params::number(&ParallelPlan::interleave, { "interleave", "", "Model chunks per pipeline stage" }, 1, 1024),
        params::choice(&ParallelPlan::recompute, { "recompute", "", "Activation recomputation" }, kRecomputes),
        params::flag(&ParallelPlan::sp, { "sp", "", "Sequence parallelism" }),
        params::number(&ParallelPlan::zero, { "zero", "", "ZeRO stage over the data-parallel group" }, 0, 3),
        params::flag(&ParallelPlan::dropout, { "dropout", "", "The model trains with dropout" }),
        params::flag(&ParallelPlan::fp32Grads, { "fp32_grads", "", "Gradients kept and all-reduced in fp32" }),
    };
    return table;
}

ParallelPlan parsePlan(std::string_view text)
{
    ParallelPlan p;
    params::readKeyValues(parallelPlanParams(), text, p, "strategy");
    if (p.interleave > 1 && p.pp == 1)
        throw Error::invalidInput("strategy: interleave needs pipeline stages (pp > 1)").forField("interleave");
    if (p.sp && p.tp == 1)
        throw Error::invalidInput("strategy: sequence parallelism needs tensor parallelism (tp > 1)").forField("sp");
    return p;
}

std::string planText(const ParallelPlan& p)
{
    return "tp=" + std::to_string(p.tp) + ",pp=" + std::to_string(p.pp) + ",dp=" + std::to_string(p.dp)
        + ",microbatch=" + std::to_string(p.microbatch) + ",interleave=" + std::to_string(p.interleave) + ",recompute="
        + std::string(enumName(p.recompute)) + ",sp=" + (p.sp ? "on" : "off") + ",zero=" + std::to_string(p.zero)
        + ",dropout=" + (p.dropout ? "on" : "off") + ",fp32_grads=" + (p.fp32Grads ? "on" : "off");
}

namespace {

void fits(const Op& op, std::int64_t size, int degree, const char* what)
{
    if (degree > 1 && size % degree != 0)
        throw Error::invalidInput("op '" + op.name + "': " + what + " (" + std::to_string(size)
            + ") is not divisible by the degree " + std::to_string(degree))
            .forField(std::string(what) == "batch" ? "dp" : "tp");
}

// The blocks of a layered model: ops named "<prefix><number>." ("layer7.qkv", "encoder.3.fc1")
// belong to block <prefix><number>, numbered in the order they appear; the others come before the
// first block (-1) or after it (-2).
std::vector<int> blocksOf(const OpGraph& g, int& count)
{
    std::vector<int> out(static_cast<std::size_t>(g.size()), -1);
    std::map<std::string, int> ids;
    bool seenBlock = false;
    for (int i = 0; i < g.size(); ++i) {
        const std::string& n = g.op(i).name;
        std::string key;
        for (std::size_t at = 0; at < n.size();) {
            const std::size_t dot = n.find('.', at);
            if (dot == std::string::npos)
                break;
            const std::string part = n.substr(at, dot - at);
            const std::size_t digits = part.find_first_of("0123456789");
            if (digits != std::string::npos
                && std::all_of(part.begin() + long(digits), part.end(), [](char c) { return std::isdigit(c); })) {
                key = n.substr(0, dot);
                break;
            }
            at = dot + 1;
        }
        if (key.empty()) {
            out[static_cast<std::size_t>(i)] = seenBlock ? -2 : -1;
            continue;
        }
        seenBlock = true;
        auto [it, added] = ids.try_emplace(key, int(ids.size()));
        out[static_cast<std::size_t>(i)] = it->second;
    }
    count = int(ids.size());
    return out;
}

} // namespace

std::vector<OpConfig> planConfigs(const OpGraph& g, const ParallelPlan& p)
{
    std::vector<OpConfig> out;
    out.reserve(static_cast<std::size_t>(g.size()));
    for (const Op& op : g.ops()) {
        OpConfig c;
        c.batch = p.dp;
        fits(op, op.output.batch, p.dp, "batch");
        switch (op.kind) {
        case OpKind::Embedding: // the vocabulary split (Megatron's VocabParallelEmbedding; padded as
            c.reduce = p.tp; // Megatron pads it: the busiest shard is priced)
            break;
        case OpKind::Linear: {
            // Row parallel after a column-parallel linear or attention's heads, column otherwise.
            const Op* in = op.inputs.empty() ? nullptr : &g.op(op.inputs[0]);
            const OpConfig* prev = op.inputs.empty() ? nullptr : &out[static_cast<std::size_t>(op.inputs[0])];
            const bool row = in && prev && prev->out > 1
                && (in->kind == OpKind::Attention || (in->kind == OpKind::Linear && prev->reduce == 1));
            (row ? c.reduce : c.out) = p.tp;
            // An LM head tied to the embeddings splits the (padded) vocabulary as they do.
            if (row || op.tiedTo < 0)
                fits(
                    op, row ? op.input.features : op.output.features, p.tp, row ? "input features" : "output features");
            break;
        }
        case OpKind::Attention:
            c.out = p.tp;
            fits(op, op.heads, p.tp, "heads");
            break;
        case OpKind::Loss:
            c.out = p.tp;
            break;
        default: // norms, dropouts, adds: replicated in the group, or split over the positions (SP)
            (p.sp ? c.spatial : c.replica) = p.tp;
            if (p.sp)
                fits(op, op.output.height, p.tp, "positions");
            break;
        }
        out.push_back(c);
    }
    return out;
}

namespace {

struct StageSums {
    double compute = 0, recompute = 0, collectives = 0, repartition = 0, sends = 0, gradientSync = 0, step = 0;
    double weights = 0, gradients = 0, optimizerState = 0, activations = 0;
    int layers = 0;
};

// Micro-batches (in whole-stage units) whose activations stage `s` holds at once under 1F1B:
// p - s; interleaved, Megatron's warm-up of (p - s - 1) 2 + (v - 1) p chunk steps plus the one in
// flight, in chunks of 1/v of the stage (Narayanan et al. 2021, Sec. 2.2.2).
double inFlight(int s, int p, int v, std::int64_t m)
{
    const double chunks = v == 1 ? double(p - s) : (double(p - s - 1) * 2.0 + double(v - 1) * p + 1.0) / v;
    return std::min(chunks, double(m));
}

} // namespace

namespace {

// One stage's ops and edges of one micro-batch, summed per pipeline stage.
struct Pricing {
    const OpGraph& g;
    const ParallelPlan& p;
    const CostModel& model;
    std::vector<OpConfig> configs;
    std::vector<int> block; // per op: its block, -1 before the first, -2 after the last
    int layers = 0;
    int chunks = 1;
    std::vector<StageSums> st;

    int chunkOf(int op) const
    {
        const int b = block[static_cast<std::size_t>(op)];
        if (b == -1)
            return 0;
        if (b == -2)
            return chunks - 1;
        return int(std::int64_t(b) * chunks / std::max(1, layers));
    }
    StageSums& stageOf(int chunk) { return st[static_cast<std::size_t>(chunk % p.pp)]; }
};

void addOps(Pricing& x)
{
    const double ab = x.model.activationBytes();
    std::set<int> counted;
    for (int i = 0; i < x.g.size(); ++i) {
        const Op& op = x.g.op(i);
        const int b = x.block[static_cast<std::size_t>(i)];
        const OpKnobs knobs{ .recompute = b >= 0 ? x.p.recompute : Recompute::None,
            .sequenceParallel = x.p.sp,
            .zeroStage = x.p.zero,
            .dropout = x.p.dropout,
            .keptInputs = true,
            .fp32Gradients = x.p.fp32Grads };
        const OpCost c = x.model.opCost(op, x.configs[static_cast<std::size_t>(i)], knobs);
        StageSums& s = x.stageOf(x.chunkOf(i));
        s.compute += c.compute - c.optimizerStep;
        if (knobs.recompute == Recompute::Full
            || (knobs.recompute == Recompute::Selective && op.kind == OpKind::Attention))
            s.recompute += c.forwardPass;
        s.collectives += c.collectives;
        s.gradientSync += c.gradientSync;
        s.step += c.optimizerStep;
        s.weights += c.weights;
        s.gradients += c.gradients;
        s.optimizerState += c.optimizerState;
        s.activations += c.activations;
        if (b >= 0 && counted.insert(b).second) {
            ++s.layers;
            // Full recomputation keeps each block's input (2sbh in 16 bits, Korthikanti et al. Table 2).
            if (x.p.recompute == Recompute::Full)
                s.activations += op.input.elements() / x.p.dp * ab;
        }
    }
}

// Edges: re-partitions within a chunk; across chunks a send of the activation forward and its
// gradient backward, scattered over the tensor-parallel ranks (Narayanan et al.'s scatter /
// gather), over InfiniBand once a stage fills a node.
void addEdges(Pricing& x, const ClusterProfile& cluster)
{
    const double ab = x.model.activationBytes();
    const LinkProfile& hop = x.p.tp * x.p.dp >= cluster.devicesPerNode ? cluster.interNode : cluster.intraNode;
    std::set<std::pair<int, int>> sent;
    for (const Edge& e : x.g.edges()) {
        const int a = x.chunkOf(e.from), b = x.chunkOf(e.to);
        if (a == b) {
            const EdgeCost ec = x.model.edgeCost(
                x.g, e, x.configs[static_cast<std::size_t>(e.from)], x.configs[static_cast<std::size_t>(e.to)]);
            x.stageOf(a).repartition += ec.time;
            continue;
        }
        if (!sent.insert({ e.from, b }).second)
            continue;
        const double bytes = x.g.op(e.from).output.elements() * ab / x.p.dp / x.p.tp;
        const double t = collective::pointToPoint(bytes, hop);
        x.stageOf(a).sends += t;
        x.stageOf(b).sends += t;
    }
}

// The 1F1B schedule over the stages: m micro-batches on each, the bubble of the slowest, then the
// once-per-iteration work; the time and memory of the slowest and the fullest stage.
void compose(const std::vector<StageSums>& st, const ParallelPlan& p, PlanPrice& r)
{
    double slowest = 0.0;
    for (const StageSums& s : st)
        slowest = std::max(slowest, s.compute + s.collectives + s.repartition + s.sends);
    const double bubble = double(p.pp - 1) / p.interleave * slowest;
    const double m = double(r.microbatches);
    for (int i = 0; i < p.pp; ++i) {
        const StageSums& s = st[static_cast<std::size_t>(i)];
        PlanStage ps;
        ps.layers = s.layers;
        ps.microbatchTime = s.compute + s.collectives + s.repartition + s.sends;
        ps.iterationTime = s.gradientSync + s.step;
        ps.staticMemory = s.weights + s.gradients + s.optimizerState;
        ps.microbatchActivations = s.activations;
        ps.inFlight = inFlight(i, p.pp, p.interleave, r.microbatches);
        ps.memory = ps.staticMemory + ps.microbatchActivations * ps.inFlight;
        const double t = m * ps.microbatchTime + bubble + ps.iterationTime;
        if (t > r.time) {
            r.time = t;
            r.compute = m * (s.compute - s.recompute);
            r.recompute = m * s.recompute;
            r.collectives = m * s.collectives;
            r.repartition = m * s.repartition;
            r.pipelineSends = m * s.sends;
            r.bubble = bubble;
            r.gradientSync = s.gradientSync;
            r.optimizerStep = s.step;
        }
        if (ps.memory > r.memory) {
            r.memory = ps.memory;
            r.weights = s.weights;
            r.gradients = s.gradients;
            r.optimizerState = s.optimizerState;
            r.activations = ps.microbatchActivations * ps.inFlight;
        }
        r.stages.push_back(ps);
    }
}

} // namespace

PlanPrice pricePlan(const std::function<OpGraph(std::int64_t)>& buildGraph, std::int64_t batch,
    const ClusterProfile& cluster, const ParallelPlan& p, const CostOptions& options)
{
    const std::int64_t perStep = p.microbatch * p.dp;
    if (batch < perStep || batch % perStep != 0)
        throw Error::invalidInput("the batch (" + std::to_string(batch) + ") must be a multiple of microbatch x dp ("
            + std::to_string(perStep) + ")")
            .forField("batch");
    if (p.tp > cluster.devicesPerNode)
        throw Error::invalidInput("tp (" + std::to_string(p.tp) + ") exceeds the devices of a node ("
            + std::to_string(cluster.devicesPerNode) + ")")
            .forField("tp");
    PlanPrice r;
    r.plan = p;
    r.batch = batch;
    r.microbatches = batch / perStep;
    r.cluster = cluster.name;
    r.deviceMemory = cluster.device.memoryBytes;
    const OpGraph g = buildGraph(perStep);
    r.model = g.name;
    const CostModel model(cluster, p.tp * p.dp, options);
    Pricing x{ .g = g, .p = p, .model = model, .configs = planConfigs(g, p) };
    x.block = blocksOf(g, x.layers);
    x.chunks = p.pp * p.interleave;
    if (p.pp > 1 && x.layers < x.chunks)
        throw Error::invalidInput("the model has " + std::to_string(x.layers) + " blocks, fewer than pp x interleave ("
            + std::to_string(x.chunks) + ")")
            .forField("pp");
    x.st.resize(static_cast<std::size_t>(p.pp));
    addOps(x);
    addEdges(x, cluster);
    compose(x.st, p, r);
    r.modelFlops = 3.0 * g.forwardFlops() * double(r.microbatches);
    return r;
}

nlohmann::json toJson(const PlanPrice& r)
{
    Json stages = Json::array();
    for (const PlanStage& s : r.stages)
        stages.push_back({ { "layers", s.layers }, { "microbatch_time_s", s.microbatchTime },
            { "iteration_time_s", s.iterationTime }, { "static_memory_bytes", s.staticMemory },
            { "microbatch_activation_bytes", s.microbatchActivations }, { "in_flight", s.inFlight },
            { "memory_bytes", s.memory } });
    return { { "model", r.model }, { "cluster", r.cluster }, { "strategy", planText(r.plan) },
        { "devices", r.plan.devices() }, { "batch", r.batch }, { "microbatches", r.microbatches }, { "time_s", r.time },
        { "time_breakdown",
            { { "compute_s", r.compute }, { "recompute_s", r.recompute }, { "collectives_s", r.collectives },
                { "repartition_s", r.repartition }, { "pipeline_sends_s", r.pipelineSends },
                { "pipeline_bubble_s", r.bubble }, { "gradient_sync_s", r.gradientSync },
                { "optimizer_step_s", r.optimizerStep } } },
        { "memory_per_device_bytes", r.memory },
        { "memory_breakdown",
            { { "weights_bytes", r.weights }, { "gradients_bytes", r.gradients },
                { "optimizer_state_bytes", r.optimizerState }, { "activations_bytes", r.activations } } },
        { "device_memory_bytes", r.deviceMemory }, { "fits_device_memory", r.memory <= r.deviceMemory },
        { "model_flops_per_iteration", r.modelFlops }, { "model_flops_per_device_s", r.flopsPerDevice() },
        { "stages", stages } };
}

} // namespace vantage::ft
