#include "ft/cost_model.h"

#include "common/error.h"
#include "ft/op_graph.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace vantage::ft {

namespace collective {

double ringAllReduce(double n, int p, const LinkProfile& l)
{
    if (p <= 1 || n <= 0.0)
        return 0.0;
    return 2.0 * (p - 1) * l.latency + 2.0 * (p - 1) / p * n / l.bandwidth;
}

double treeAllReduce(double n, int p, const LinkProfile& l)
{
    if (p <= 1 || n <= 0.0)
        return 0.0;
    return 2.0 * std::ceil(std::log2(double(p))) * l.latency + 2.0 * n / l.bandwidth;
}

double allReduce(double n, int p, const LinkProfile& l)
{
    return std::min(ringAllReduce(n, p, l), treeAllReduce(n, p, l));
}

double allGather(double n, int p, const LinkProfile& l)
{
    if (p <= 1 || n <= 0.0)
        return 0.0;
    return (p - 1) * l.latency + double(p - 1) / p * n / l.bandwidth;
}

double reduceScatter(double n, int p, const LinkProfile& l)
{
    return allGather(n, p, l);
}

double allToAll(double n, int p, const LinkProfile& l)
{
    return allGather(n, p, l);
}

double pointToPoint(double n, const LinkProfile& l)
{
    return n <= 0.0 ? 0.0 : l.latency + n / l.bandwidth;
}

} // namespace collective

CostModel::CostModel(ClusterProfile cluster, int devices, CostOptions options)
    : m_cluster(std::move(cluster))
    , m_devices(devices)
    , m_options(options)
{
    if (devices < 1)
        throw Error::invalidInput("the device count must be at least 1, is " + std::to_string(devices));
    const auto& d = m_cluster.device;
    if (!(d.peakFlops16 > 0 && d.peakFlops32 > 0 && d.memoryBandwidth > 0 && d.efficiency > 0
            && m_cluster.intraNode.bandwidth > 0 && m_cluster.interNode.bandwidth > 0 && m_cluster.devicesPerNode >= 1))
        throw Error::invalidInput("cluster profile '" + m_cluster.name + "' has a zero peak, bandwidth or node size");
}

const LinkProfile& CostModel::link(int farthest) const
{
    return farthest < m_cluster.devicesPerNode ? m_cluster.intraNode : m_cluster.interNode;
}

double CostModel::collectiveTime(Collective kind, double bytes, int group, const LinkProfile& l) const
{
    if (group <= 1 || bytes <= 0.0)
        return 0.0;
    if (&l == &m_cluster.intraNode)
        if (const CollectiveTerm* measured = m_cluster.collective(kind, group))
            return measured->time(bytes);
    switch (kind) {
    case Collective::AllReduce:
        return collective::allReduce(bytes, group, l);
    case Collective::AllGather:
        return collective::allGather(bytes, group, l);
    case Collective::ReduceScatter:
        return collective::reduceScatter(bytes, group, l);
    case Collective::AllToAll:
        return collective::allToAll(bytes, group, l);
    }
    return 0.0;
}

namespace {

// Fraction of a dim of `size` that the busiest device gets when it is split `degree` ways.
double share(std::int64_t size, int degree)
{
    if (degree <= 1 || size <= 0)
        return 1.0;
    return std::ceil(double(size) / degree) / double(size);
}

// Mixed-radix strides of the device index for an op's configuration (batch outermost,
// replication innermost): the model-parallel groups of one layer stay within a node.
struct Strides {
    int batch, spatial, out, reduce, replica;
};

Strides strides(const OpConfig& c)
{
    Strides s{};
    s.replica = 1;
    s.reduce = c.replica;
    s.out = s.reduce * c.reduce;
    s.spatial = s.out * c.out;
    s.batch = s.spatial * c.spatial;
    return s;
}

// What the exporter measured of the op, where it did. Activations (Op::keptElements): its inputs
// split as the op reads them (`inShare`: a column-parallel linear keeps its whole input), the rest
// as its output. Traffic (Op::traffic): the bytes its memory-bound ATen kernels move (all but its
// matmuls: a GELU written out is eight passes over the MLP's width), split as its output, at the
// memory's bandwidth: after the matmul of a weighted op or an attention (returned: the time they add
// to a forward pass), in place of the op's own traffic in the roofline `pass` of the other kinds.
double priceMeasured(const Op& op, double outShare, double inShare, double ab, double memBw, double flopsTime,
    double& pass, double& activations)
{
    if (op.keptElements >= 0.0)
        activations = ((op.keptElements - op.keptInputElements) * outShare + op.keptInputElements * inShare) * ab;
    if (op.traffic < 0.0)
        return 0.0;
    const double measured = op.traffic * outShare * ab / memBw;
    if (op.kind == OpKind::Linear || op.kind == OpKind::Conv2d || op.kind == OpKind::Attention)
        return measured;
    pass = std::max(flopsTime, measured);
    return 0.0;
}

// The time special functions (tanh, exp, ...) take beyond the bytes they move, forward and backward,
// where the device's calibration measured it (`rate`: elements a second of that surplus): the
// elements the exporter counted, or for the loss its softmax (an exp per logit, forward, and again
// for the gradient); split as the op's output.
std::pair<double, double> specialTime(const Op& op, double outShare, double rate)
{
    if (rate <= 0.0)
        return { 0.0, 0.0 };
    if (op.special >= 0.0)
        return { op.special * outShare / rate, op.specialBackward * outShare / rate };
    if (op.kind == OpKind::Loss) {
        const double logits = op.input.elements() * outShare / rate;
        return { logits, logits };
    }
    return { 0.0, 0.0 };
}

double backwardFactor(OpKind kind)
{
    // A matmul's backward is two matmuls (input and weight gradients); the rest are one pass.
    switch (kind) {
    case OpKind::Linear:
    case OpKind::Conv2d:
    case OpKind::Attention:
        return 2.0;
    default:
        return 1.0;
    }
}

} // namespace

OpCost CostModel::opCost(const Op& op, const OpConfig& c) const
{
    return opCost(op, c, OpKnobs{});
}

OpCost CostModel::opCost(const Op& op, const OpConfig& c, const OpKnobs& given) const
{
    // A configuration's own decisions (a search that offers them) join the knobs given.
    OpKnobs knobs = given;
    knobs.zeroStage = std::max(knobs.zeroStage, c.zero);
    if (c.recompute && knobs.recompute == Recompute::None)
        knobs.recompute = Recompute::Selective;
    const DeviceProfile& dev = m_cluster.device;
    const bool mixed = m_options.precision == Precision::Mixed;
    const double ab = activationBytes();
    const double peak = (mixed ? dev.peakFlops16 : dev.peakFlops32) * dev.efficiency;
    const double memBw = dev.memoryBandwidth * dev.efficiency;

    std::int64_t outSize = op.output.features, reduceSize = 1;
    switch (op.kind) {
    case OpKind::Embedding:
        reduceSize = op.vocab;
        break;
    case OpKind::Linear:
        reduceSize = op.input.features;
        break;
    case OpKind::Conv2d:
        reduceSize = op.input.features / op.groups;
        break;
    case OpKind::Attention:
        outSize = op.heads;
        break;
    case OpKind::Loss:
        outSize = op.input.features;
        break;
    default:
        break;
    }
    const double fB = share(op.output.batch, c.batch);
    const double fS = share(op.output.height, c.spatial);
    const double fC = share(outSize, c.out);
    const double fK = share(reduceSize, c.reduce);
    const double work = fB * fS * fC * fK;

    // Weights are split by the output and reduction dims; biases and norm scales go with them.
    const bool splitWeights = op.kind == OpKind::Linear || op.kind == OpKind::Conv2d || op.kind == OpKind::Embedding;
    const double wShare = splitWeights ? fC * fK : 1.0;
    const double owned = double(op.params) * wShare;
    const double used = double(op.params + op.sharedParams) * wShare;

    OpCost r;
    // Memory: ZeRO's accounting (Rajbhandari et al., SC 2020, Sec. 3.1): mixed-precision Adam keeps
    // 2 (fp16 weights) + 2 (fp16 gradients) + 12 (fp32 master, momentum, variance) bytes per
    // parameter; a tied weight keeps only its fp16 copy and gradient here, its owner the rest.
    const double wBytes = mixed ? 2.0 : 4.0;
    const double stateBytes = mixed ? (m_options.optimizer == Optimizer::Adam ? 12.0 : 8.0)
                                    : (m_options.optimizer == Optimizer::Adam ? 8.0 : 4.0);
    r.weights = used * wBytes;
    r.gradients = used * wBytes;
    r.optimizerState = owned * stateBytes;
    // Activations kept for backward: the output and extras like attention scores, split by batch,
    // positions and output (a reduction split leaves the output replicated); where the exporter
    // measured what the framework keeps, that (priceMeasured, below).
    r.activations = op.savedElements * fB * fS * fC * ab;

    // Compute: a roofline per pass (FLOPs at the achievable peak, or bytes at the achievable
    // memory bandwidth), backward as backwardFactor forward passes, plus kernel overheads.
    double inputElems = op.input.elements() * double(std::max<std::size_t>(1, op.inputs.size()));
    for (bool b : op.broadcast) // a channel scale is read once per channel, not per position
        if (b)
            inputElems -= op.input.elements() * (1.0 - 1.0 / double(op.input.positions()));
    // A weighted op reads its whole input per output shard (a grouped conv only its groups' channels).
    const bool wholeInput = op.kind == OpKind::Linear || (op.kind == OpKind::Conv2d && op.groups == 1);
    const double inShare = wholeInput ? fB * fS * fK : fB * fS * fC;
    const double traffic = (inputElems * inShare + op.output.elements() * fB * fS * fC) * ab + used * wBytes;
    double pass = std::max(op.forwardFlops * work / peak, traffic / memBw);
    const double memoryBound
        = priceMeasured(op, fB * fS * fC, inShare, ab, memBw, op.forwardFlops * work / peak, pass, r.activations);
    const int kernels = 1 + (op.params + op.sharedParams > 0 ? 2 : 1);
    // Optimizer step, memory-bound: Adam reads weights, gradients and states and writes weights and
    // states back (about 2x the state bytes); SGD touches less.
    const double stepBytes = owned * (2.0 * (wBytes + stateBytes));
    // The framework's overhead: per kernel as the device's calibration measured one tiny op; or, where
    // the profile measured the runtime that runs the strategy, per ATen op the op was exported from.
    // That backward term was measured per forward ATen op (the whole backward of the measured
    // program over its forward ATen ops), so the same count prices it.
    const RuntimeOverhead& rt = m_cluster.runtime;
    const double overhead
        = rt.measured() ? double(op.atenOps) * (rt.forward + rt.backward) : kernels * dev.kernelOverhead;
    // The backward of a matmul's memory-bound kernels: one pass of theirs (an element-wise gradient
    // reads and writes about what its forward did).
    const auto [specialForward, specialBackward] = specialTime(op, fB * fS * fC, dev.specialRate);
    r.compute = pass * (1.0 + backwardFactor(op.kind)) + 2.0 * memoryBound + specialForward + specialBackward + overhead
        + stepBytes / memBw;
    r.forwardPass = pass + memoryBound + specialForward;
    r.optimizerStep = stepBytes / memBw;

    communication(op, c, { fB, fS, fC, fK }, used * wBytes, knobs.sequenceParallel, r);
    if (!(knobs == OpKnobs{}))
        applyKnobs(op, c, { fB, fS, fC, fK }, used * wBytes, knobs, r);
    return r;
}

namespace {

// What backward reads, per device (Korthikanti et al. 2022, Sec. 4.1): a linear its input (and the
// pre-activation of a fused activation), attention its q, k, v and the scores (softmax output, and
// with dropout its mask and output: 5 bytes an element in 16 bits), a norm its input, a residual add
// nothing but the mask of the dropout before it, the loss its softmax in fp32.
double keptInputBytes(
    const Op& op, const OpConfig& c, double fB, double fS, double fC, double fK, double ab, const OpKnobs& knobs)
{
    const double mask = knobs.dropout ? 1.0 : 0.0; // bytes per element
    switch (op.kind) {
    case OpKind::Linear: {
        double in = op.input.elements() * fB * fS * fK * ab;
        if (knobs.sequenceParallel && c.out > 1 && c.reduce == 1)
            in /= c.out; // kept scattered over the positions, gathered again in backward
        const double preActivation = (op.savedElements - op.output.elements()) * fB * fS * fC * ab;
        return in + preActivation;
    }
    case OpKind::Attention: {
        const double qkv = op.input.elements() * double(std::max<std::size_t>(1, op.inputs.size())) * fB * fS * fC * ab;
        const double scores = (op.savedElements - op.output.elements()) * fB * fS * fC;
        if (knobs.recompute == Recompute::Selective)
            return qkv;
        // The softmax output; with dropout also its mask (1 byte) and its output (Korthikanti's 5as^2b).
        return qkv + scores * (ab + mask * (1.0 + ab));
    }
    case OpKind::LayerNorm:
    case OpKind::RmsNorm:
        return op.input.elements() * fB * fS * ab;
    case OpKind::Embedding: // with sequence parallelism its output is reduce-scattered: so is its dropout
        return op.output.elements() * fB * fS * fC * mask / (knobs.sequenceParallel ? c.reduce : 1);
    case OpKind::Elementwise:
        if (op.function == "add" || op.function == "dropout" || op.function.empty())
            return op.output.elements() * fB * fS * fC * mask;
        return op.input.elements() * fB * fS * fC * ab;
    case OpKind::Loss:
        return op.input.elements() * fB * fS * fC * 4.0;
    default:
        return op.savedElements * fB * fS * fC * ab;
    }
}

} // namespace

void CostModel::applyKnobs(
    const Op& op, const OpConfig& c, const SplitShares& f, double weightBytes, const OpKnobs& knobs, OpCost& r) const
{
    if (knobs.keptInputs)
        r.activations = keptInputBytes(op, c, f.batch, f.spatial, f.out, f.reduce, activationBytes(), knobs);
    if (knobs.recompute == Recompute::Full) {
        r.activations = 0.0; // the block's input, its checkpoint, is counted by whoever plans the blocks
        r.compute += r.forwardPass;
        r.collectives += r.forwardCollectives;
    } else if (knobs.recompute == Recompute::Selective && op.kind == OpKind::Attention) {
        r.compute += r.forwardPass;
        if (!knobs.keptInputs) // the output kept, the scores not
            r.activations = op.output.elements() * f.batch * f.spatial * f.out * activationBytes();
    }
    const int group = c.batch * c.spatial;
    if (knobs.fp32Gradients && m_options.precision == Precision::Mixed) {
        r.gradients *= 2.0;
        if (weightBytes > 0.0 && group > 1) {
            const Strides st = strides(c);
            const LinkProfile& l = link((c.batch - 1) * st.batch + (c.spatial - 1) * st.spatial);
            r.gradientSync = collectiveTime(Collective::AllReduce, 2.0 * weightBytes, group, l);
        }
    }
    // ZeRO over the data-parallel group: states, then gradients, then weights sharded.
    if (knobs.zeroStage >= 1 && group > 1) {
        const double keep = 1.0 / group;
        r.compute -= r.optimizerStep * (1.0 - keep);
        r.optimizerStep *= keep;
        r.optimizerState *= keep;
        if (knobs.zeroStage >= 2)
            r.gradients *= keep;
        if (knobs.zeroStage >= 3 && weightBytes > 0.0) {
            r.weights *= keep;
            // Weights all-gathered before forward and again before backward; gradients
            // reduce-scattered (half an all-reduce's traffic) instead of all-reduced.
            const Strides st = strides(c);
            const LinkProfile& l = link((c.batch - 1) * st.batch + (c.spatial - 1) * st.spatial);
            const double gather = collectiveTime(Collective::AllGather, weightBytes, group, l);
            r.collectives += 2.0 * gather;
            r.forwardCollectives += gather;
            const double gradientBytes = knobs.fp32Gradients ? 2.0 * weightBytes : weightBytes;
            r.gradientSync = collectiveTime(Collective::ReduceScatter, gradientBytes, group, l);
        }
    }
}

// The collectives a split needs: gradient all-reduce across data replicas, partial sums of a
// reduction or output split, key/value exchange of a sequence split, convolution halos, and the
// vocabulary-split loss.
void CostModel::communication(
    const Op& op, const OpConfig& c, const SplitShares& f, double weightBytes, bool sp, OpCost& r) const
{
    const double fB = f.batch, fS = f.spatial, fC = f.out, fK = f.reduce;
    const double ab = activationBytes();
    const Strides st = strides(c);
    // Gradient all-reduce over the devices that hold the same weight shard and saw different data
    // (batch and position splits; replicas saw the same data).
    if (weightBytes > 0.0 && c.batch * c.spatial > 1) {
        const int farthest = (c.batch - 1) * st.batch + (c.spatial - 1) * st.spatial;
        r.gradientSync = collectiveTime(Collective::AllReduce, weightBytes, c.batch * c.spatial, link(farthest));
    }
    // Reduction split: partial outputs summed over the group (Megatron's row-parallel all-reduce;
    // with sequence parallelism a reduce-scatter over the positions).
    if (c.reduce > 1) {
        const double bytes = op.output.elements() * fB * fS * fC * ab;
        const Collective kind = sp ? Collective::ReduceScatter : Collective::AllReduce;
        const double t = collectiveTime(kind, bytes, c.reduce, link((c.reduce - 1) * st.reduce));
        r.collectives += t;
        r.forwardCollectives += t;
    }
    // Output split of a weighted op with an input: each device holds a partial input gradient,
    // summed in backward (Megatron's column-parallel all-reduce, Shoeybi et al. 2019, Fig. 3).
    // A grouped conv's shards read disjoint input channels: their input gradients are not summed.
    if (c.out > 1 && !op.inputs.empty()
        && (op.kind == OpKind::Linear || (op.kind == OpKind::Conv2d && op.groups == 1))) {
        const double bytes = op.input.elements() * fB * fS * fK * ab;
        const LinkProfile& l = link((c.out - 1) * st.out);
        if (sp) // the input gradient reduce-scattered; the input, kept scattered, all-gathered again
            r.collectives += collectiveTime(Collective::ReduceScatter, bytes, c.out, l)
                + collectiveTime(Collective::AllGather, bytes, c.out, l);
        else
            r.collectives += collectiveTime(Collective::AllReduce, bytes, c.out, l);
    }
    // Sequence-split attention: every device needs all keys and values of its heads: all-gather
    // forward, reduce-scatter of their gradients backward.
    if (op.kind == OpKind::Attention && c.spatial > 1) {
        const double kvShare = std::min(1.0, std::ceil(double(op.kvHeads) / c.out) / double(op.kvHeads));
        const double kv
            = double(op.output.batch) * fB * double(op.kvLength) * 2.0 * op.kvHeads * op.headDim * kvShare * ab;
        const LinkProfile& l = link((c.spatial - 1) * st.spatial);
        r.collectives += collectiveTime(Collective::AllGather, kv, c.spatial, l)
            + collectiveTime(Collective::ReduceScatter, kv, c.spatial, l);
    }
    // Row-split convolution: halo rows from both neighbours, forward and backward.
    if (op.kind == OpKind::Conv2d && c.spatial > 1 && op.kernelH > 1) {
        const double rows = (op.kernelH - 1) / 2.0;
        const double channels = op.groups == 1 ? fK : fC; // the input channels this device reads
        const double bytes
            = rows * double(op.input.width) * double(op.input.features) * channels * double(op.input.batch) * fB * ab;
        r.collectives += 4.0 * collective::pointToPoint(bytes, link(st.spatial));
    }
    // Vocabulary-split cross-entropy: max, sum and target logit per token all-reduced.
    if (op.kind == OpKind::Loss && c.out > 1) {
        const double tokens = double(op.output.batch) * fB * double(op.output.positions());
        const double t = collectiveTime(Collective::AllReduce, tokens * 3.0 * 4.0, c.out, link((c.out - 1) * st.out));
        r.collectives += t;
        r.forwardCollectives += t;
    }
}

EdgeCost CostModel::repartition(double tensorBytes, const TensorLayout& from, const TensorLayout& to) const
{
    EdgeCost r;
    constexpr TensorDim dims[] = { TensorDim::Batch, TensorDim::Features, TensorDim::Positions };
    double needed = tensorBytes, overlap = tensorBytes;
    double pieces = 1.0;
    for (TensorDim d : dims) {
        const int a = from.degree(d), b = to.degree(d);
        const int l = std::lcm(a, b);
        needed /= b;
        overlap /= l;
        pieces *= double(l / b);
    }
    const double received = needed - overlap;
    if (received <= needed * 1e-12)
        return r;
    // The sources of device 0: per split part of `from`, the shards that overlap device 0's
    // target shard; the farthest decides the link.
    int stride = 1, farthest = 0;
    for (int i = from.count - 1; i >= 0; --i) {
        const LayoutPart& p = from.parts[static_cast<std::size_t>(i)];
        if (p.dim != TensorDim::Replica) {
            const int target = to.degree(p.dim);
            const int span = target >= p.degree ? 1 : (p.degree + target - 1) / target;
            farthest += (span - 1) * stride;
        }
        stride *= p.degree;
    }
    const LinkProfile& l = link(farthest);
    r.bytes = received;
    r.interNode = &l == &m_cluster.interNode && m_cluster.devicesPerNode < m_devices;
    r.time = (pieces - 1.0) * l.latency + received / l.bandwidth;
    r.memory = needed;
    // A measured profile prices the move as the collective the backend runs for it: an all-gather
    // of the coarser shard when the split gets coarser, an all-to-all when the split dim changes,
    // over the `pieces` devices that hold its parts.
    if (!m_cluster.collectives.empty()) {
        const auto splits = [&](const TensorLayout& t) {
            int product = 1;
            for (TensorDim d : dims)
                product *= t.degree(d);
            return product;
        };
        const Collective kind = splits(to) < splits(from) ? Collective::AllGather : Collective::AllToAll;
        if (&l == &m_cluster.intraNode && m_cluster.collective(kind, int(pieces)))
            r.time = collectiveTime(kind, needed, int(pieces), l);
    }
    return r;
}

EdgeCost CostModel::edgeCost(const OpGraph& graph, const Edge& edge, const OpConfig& from, const OpConfig& to) const
{
    const Op& producer = graph.op(edge.from);
    const Op& consumer = graph.op(edge.to);
    TensorLayout src = outputLayout(producer, from);
    const TensorLayout dst = inputLayout(consumer, edge.port, to);
    if (consumer.kind == OpKind::Linear && producer.output.image && producer.output.positions() > 1)
        src = flattened(src);
    const double bytes = producer.output.elements() * activationBytes();
    const EdgeCost fwd = repartition(bytes, src, dst);
    const EdgeCost bwd = repartition(bytes, dst, src);
    EdgeCost r;
    r.time = fwd.time + bwd.time;
    r.bytes = fwd.bytes;
    r.interNode = fwd.interNode || bwd.interNode;
    r.memory = fwd.memory; // 0 when nothing moved: the consumer reads a slice in place
    return r;
}

PricedGraph priceGraph(const OpGraph& graph, const CostModel& model, const ConfigOptions& options)
{
    PricedGraph p;
    p.configs.reserve(static_cast<std::size_t>(graph.size()));
    p.costs.nodes.reserve(static_cast<std::size_t>(graph.size()));
    for (const Op& op : graph.ops()) {
        auto configs = enumerateConfigs(op, model.devices(), options);
        CostGraph::Node node;
        node.name = op.name;
        for (const auto& c : configs) {
            const OpCost oc = model.opCost(op, c);
            node.configs.push_back({ c.name(), oc.time(), oc.memory() });
        }
        p.costs.nodes.push_back(std::move(node));
        p.configs.push_back(std::move(configs));
    }
    for (const Edge& e : graph.edges()) {
        const auto& a = p.configs[static_cast<std::size_t>(e.from)];
        const auto& b = p.configs[static_cast<std::size_t>(e.to)];
        CostGraph::Edge ce;
        ce.from = e.from;
        ce.to = e.to;
        ce.time.resize(a.size() * b.size());
        ce.memory.resize(a.size() * b.size());
        for (std::size_t i = 0; i < a.size(); ++i)
            for (std::size_t j = 0; j < b.size(); ++j) {
                const EdgeCost ec = model.edgeCost(graph, e, a[i], b[j]);
                ce.time[i * b.size() + j] = ec.time;
                ce.memory[i * b.size() + j] = ec.memory;
            }
        p.costs.edges.push_back(std::move(ce));
    }
    return p;
}

} // namespace vantage::ft
