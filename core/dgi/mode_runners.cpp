#include "dgi/mode_runners_p.h"

#include "dgi/aggregation_kernels_p.h"
#include "dgi/dense_ops_p.h"

namespace vantage::dgi::detail {

// ---------------------------------------------------------------------------------------------
// Full-graph forward: every value over all nodes or all edges at once, with LibTorch's own scatter
// ops. It shares nothing with the layer-wise path but the dense ops, which makes it the reference.

Tensor fullForward(const Graph& graph, const Tensor& x, const GnnIr& ir, at::ScalarType type, torch::Device device)
{
    const std::int64_t n = graph.numNodes();
    const Tensor src = wrapIndex(graph.sources()).to(device);
    const Tensor off = wrapIndex(graph.offsets()).to(device);
    const Tensor inDeg = (off.slice(0, 1) - off.slice(0, 0, n));
    const Tensor dst = torch::repeat_interleave(inDeg);
    Globals globals(ir, type);
    const auto live = ir.live();
    const auto consumers = ir.consumers();
    std::vector<int> remaining(static_cast<std::size_t>(ir.size()), 0);
    for (int v = 0; v < ir.size(); ++v)
        for (int c : consumers[static_cast<std::size_t>(v)])
            if (live[static_cast<std::size_t>(c)])
                ++remaining[static_cast<std::size_t>(v)];
    std::vector<Tensor> val(static_cast<std::size_t>(ir.size()));
    // Max over each destination's in-edges (edges are grouped by destination); 0 where there are none.
    auto segmentMax = [&](const Tensor& m) {
        Tensor r = at::segment_reduce(m, "max", inDeg, {}, {}, 0, true);
        std::vector<std::int64_t> s(static_cast<std::size_t>(m.dim()), 1);
        s[0] = n;
        return r.masked_fill(inDeg.eq(0).view(s), 0);
    };
    for (int v = 0; v < ir.size(); ++v) {
        if (!live[static_cast<std::size_t>(v)])
            continue;
        const IrOp& o = ir.op(v);
        std::vector<Tensor> in;
        for (int u : o.inputs)
            in.push_back(
                ir.op(u).space == Space::Global ? globals.get(u).to(device) : val[static_cast<std::size_t>(u)]);
        Tensor t;
        switch (o.kind) {
        case OpKind::Input:
            t = x.to(device);
            break;
        case OpKind::Parameter:
        case OpKind::Constant:
            continue;
        case OpKind::InDegree:
            t = inDeg.to(type);
            break;
        case OpKind::OutDegree:
            t = torch::bincount(src, {}, n).to(type);
            break;
        case OpKind::GatherSrc:
            t = in[0].index_select(0, src);
            break;
        case OpKind::GatherDst:
            t = in[0].index_select(0, dst);
            break;
        case OpKind::EdgeSoftmax: {
            const Tensor mx = segmentMax(in[0]);
            const Tensor ex = (in[0] - mx.index_select(0, dst)).exp();
            const Tensor sum = torch::zeros(withRows(n, o.shape), in[0].options()).index_add(0, dst, ex);
            t = ex / sum.index_select(0, dst);
            break;
        }
        case OpKind::Aggregate: {
            if (o.reduction == Reduction::Max) {
                t = segmentMax(in[0]);
            } else {
                t = torch::zeros(withRows(n, o.shape), in[0].options()).index_add(0, dst, in[0]);
                if (o.reduction == Reduction::Mean) {
                    std::vector<std::int64_t> s(static_cast<std::size_t>(t.dim()), 1);
                    s[0] = n;
                    t = t / inDeg.clamp_min(1).to(t.scalar_type()).view(s);
                }
            }
            break;
        }
        default:
            if (o.space == Space::Global)
                continue;
            t = applyDense(ir, v, in);
        }
        val[static_cast<std::size_t>(v)] = t;
        for (int u : o.inputs)
            if (--remaining[static_cast<std::size_t>(u)] == 0 && u != ir.output() && ir.op(u).kind != OpKind::Input)
                val[static_cast<std::size_t>(u)] = Tensor();
    }
    return val[static_cast<std::size_t>(ir.output())].reshape({ n, -1 });
}

NodeMatrix toMatrix(const Tensor& t, DType type)
{
    const Tensor c = t.reshape({ t.size(0), -1 }).to(torch::kCPU, scalarOf(type)).contiguous();
    NodeMatrix m = NodeMatrix::uninitialized(c.size(0), c.size(1), type);
    if (c.numel() > 0)
        std::memcpy(m.data(), c.data_ptr(), m.bytes());
    return m;
}

// The GCN of models.cpp written by hand as a user would: per layer H W scaled by D^-1/2 on the
// source side, then one CSR sweep summing in-neighbours, scaled by D^-1/2 on the destination side.
NodeMatrix handwrittenGcn(const Graph& graph, const Tensor& x, const GnnIr& ir, at::ScalarType type,
    std::vector<LayerStats>& stats, const CancelToken& cancel, Progress& progress,
    const std::function<void(const LayerStats&)>& layerDone)
{
    std::vector<std::pair<const IrParameter*, const IrParameter*>> layers;
    for (int l = 1;; ++l) {
        const IrParameter* w = nullptr;
        const IrParameter* b = nullptr;
        for (const auto& p : ir.parameters()) {
            if (p.name == "conv" + std::to_string(l) + ".weight")
                w = &p;
            if (p.name == "conv" + std::to_string(l) + ".bias")
                b = &p;
        }
        if (!w || !b)
            break;
        layers.emplace_back(w, b);
    }
    if (ir.modelName != "gcn" || layers.empty())
        throw Error::invalidInput(
            "the hand-written baseline exists for the built-in gcn model only, not '" + ir.modelName + "'")
            .forField("mode");
    const std::int64_t n = graph.numNodes();
    const Tensor off = wrapIndex(graph.offsets());
    const Tensor src = wrapIndex(graph.sources());
    const Tensor norm = (off.slice(0, 1) - off.slice(0, 0, n)).to(type).clamp_min(1.0).pow(-0.5).contiguous();
    Tensor h = x;
    stats.assign(layers.size(), LayerStats{});
    // Two buffers for the whole run, as one would write it by hand: the transformed rows (h W,
    // scaled by the source norm) and the layer's output, which takes the memory of the previous
    // output once h W has been computed from it.
    std::int64_t maxWidth = 0;
    for (const auto& [w, b] : layers)
        maxWidth = std::max(maxWidth, w->shape.at(0));
    // Provisioned as the layer-wise evaluator provisions its stores.
    const auto options = torch::TensorOptions().dtype(type);
    Buffer hwMemory = freshMemory(static_cast<std::size_t>(n * maxWidth) * c10::elementSize(type));
    Buffer outMemory = freshMemory(static_cast<std::size_t>(n * maxWidth) * c10::elementSize(type));
    const Tensor hwBuffer = torch::from_blob(hwMemory.data(), { n * maxWidth }, options);
    const Tensor outBuffer = torch::from_blob(outMemory.data(), { n * maxWidth }, options);
    for (std::size_t l = 0; l < layers.size(); ++l) {
        cancel.throwIfCancelled();
        const auto t0 = Clock::now();
        const IrParameter& wp = *layers[l].first;
        const IrParameter& bp = *layers[l].second;
        const Tensor W = torch::from_blob(const_cast<float*>(wp.values.data()), wp.shape, torch::kFloat32).to(type);
        const Tensor b
            = torch::from_blob(const_cast<float*>(bp.values.data()), bp.shape, torch::kFloat32).to(type).contiguous();
        const std::int64_t width = W.size(0);
        Tensor hw = hwBuffer.narrow(0, 0, n * width).view({ n, width });
        at::mm_out(hw, h, W.t());
        hw.mul_(norm.unsqueeze(1));
        Tensor out = outBuffer.narrow(0, 0, n * width).view({ n, width });
        const bool relu = l + 1 < layers.size();
        AT_DISPATCH_FLOATING_TYPES(type, "handwritten_gcn", [&] {
            const scalar_t* H = hw.data_ptr<scalar_t>();
            const scalar_t* B = b.data_ptr<scalar_t>();
            const scalar_t* nm = norm.data_ptr<scalar_t>();
            const std::int64_t* o = off.data_ptr<std::int64_t>();
            const std::int64_t* s = src.data_ptr<std::int64_t>();
            scalar_t* O = out.data_ptr<scalar_t>();
            parallelChunks(n, 128, [&](std::int64_t d0, std::int64_t d1) {
                for (std::int64_t d = d0; d < d1; ++d) {
                    scalar_t* od = O + d * width;
                    std::fill(od, od + width, scalar_t(0));
                    for (std::int64_t e = o[d]; e < o[d + 1]; ++e) {
                        if (e + kPrefetchAhead < o[d1])
                            prefetchRow(H + s[e + kPrefetchAhead] * width, width);
                        const scalar_t* hs = H + s[e] * width;
                        for (std::int64_t j = 0; j < width; ++j)
                            od[j] += hs[j];
                    }
                    for (std::int64_t j = 0; j < width; ++j) {
                        const scalar_t v = od[j] * nm[d] + B[j];
                        od[j] = relu && v < 0 ? scalar_t(0) : v;
                    }
                }
            });
        });
        h = out;
        auto& st = stats[l];
        st.index = static_cast<int>(l);
        st.timeS = since(t0);
        st.batches = 1;
        st.nodes = n;
        st.edges = graph.numEdges();
        st.bytesTouched = graph.numEdges() * (8 + width * static_cast<std::int64_t>(hw.element_size()))
            + n * (width + x.size(1)) * static_cast<std::int64_t>(hw.element_size());
        progress.report(static_cast<double>(l + 1) / static_cast<double>(layers.size()),
            "hand-written GCN, layer " + std::to_string(l + 1));
        if (layerDone)
            layerDone(st);
    }
    return toMatrix(h, type == torch::kFloat64 ? DType::Float64 : DType::Float32);
}

std::int64_t fullGraphBytes(const Graph& graph, const GnnIr& ir, int dsize)
{
    std::int64_t bytes = 0;
    const auto live = ir.live();
    for (int v = 0; v < ir.size(); ++v) {
        if (!live[static_cast<std::size_t>(v)])
            continue;
        const IrOp& o = ir.op(v);
        const std::int64_t rows = o.space == Space::Node ? graph.numNodes()
            : o.space == Space::Edge                     ? graph.numEdges()
                                                         : 0;
        bytes += rows * ir.width(v) * dsize;
    }
    return bytes + graph.numEdges() * 8;
}

} // namespace vantage::dgi::detail
