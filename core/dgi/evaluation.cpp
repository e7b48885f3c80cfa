// The evaluation engine: runs the partitioned IR layer by layer (or node-wise, or whole-graph) on
// LibTorch tensors. The aggregation kernels are our own: block edges are grouped by destination, so
// a destination's reduction is one sequential loop over its in-edges, parallel over destinations and
// independent of the batch it falls in (the output does not depend on the batch caps).

#include "dgi/evaluation.h"

#include "common/assert.h"
#include "common/error.h"
#include "common/threads.h"
#include "dgi/memory.h"
#include "dgi/npy.h"

#include <torch/torch.h>

#include <ATen/Parallel.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <thread>
#include <type_traits>
#include <unordered_map>

namespace vantage::dgi {

namespace {

using torch::Tensor;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

at::ScalarType scalarOf(DType t)
{
    return t == DType::Float64 ? torch::kFloat64 : torch::kFloat32;
}

Tensor wrap(const NodeMatrix& m)
{
    return torch::from_blob(const_cast<void*>(m.data()), { m.rows(), m.cols() }, scalarOf(m.dtype()));
}

Tensor wrapIndex(std::span<const std::int64_t> s)
{
    return torch::from_blob(const_cast<std::int64_t*>(s.data()), { static_cast<std::int64_t>(s.size()) }, torch::kLong);
}

std::vector<std::int64_t> withRows(std::int64_t rows, const std::vector<std::int64_t>& shape)
{
    std::vector<std::int64_t> s{ rows };
    s.insert(s.end(), shape.begin(), shape.end());
    return s;
}

bool isOutOfMemory(const c10::Error& e)
{
    const std::string m = e.what();
    return m.find("alloc") != std::string::npos || m.find("out of memory") != std::string::npos;
}

// The one out-of-memory policy of a batch: runs `batch`; when it runs out of memory (std::bad_alloc,
// or a LibTorch allocation error) with more than one row it returns false, and the caller halves
// its caps and tries again (counted in `retries`). One row that does not fit is Error::failure
// naming `what`; any other error goes on as it is.
template <typename F>
bool runOrHalve(std::int64_t rows, const std::string& what, int& retries, F&& batch)
{
    try {
        batch();
        return true;
    } catch (const c10::Error& e) {
        if (!isOutOfMemory(e))
            throw;
    } catch (const std::bad_alloc&) {
    }
    if (rows <= 1)
        throw Error::failure("out of memory evaluating a single node of " + what +
                             "; give the evaluation more memory (--memory-budget) or use fewer threads");
    ++retries;
    return false;
}

// ---------------------------------------------------------------------------------------------
// Kernels over destination segments: edges [off[d], off[d + 1]) of a block end at destination d.

constexpr std::int64_t kMaxBatchEdges = std::int64_t{ 1 } << 20;
// Working memory of a source-pass batch (below glibc's largest mmap threshold, keepFreedBatchMemory).
constexpr std::int64_t kSourceBatchBytes = std::int64_t{ 16 } << 20;
constexpr std::int64_t kMaxBatchNodes = std::int64_t{ 1 } << 15;

// Runs f(d0, d1) over [0, n) in chunks of `chunk` handed out on demand to the intra-op threads.
// Destinations differ in degree by orders of magnitude on power-law graphs (a hub has tens of
// thousands of in-edges), so an even static split leaves one thread waiting on the other. Each
// destination is still computed by one thread in edge order: the result does not depend on it.
template <typename F> void parallelChunks(std::int64_t n, std::int64_t chunk, const F& f)
{
    const int threads = at::get_num_threads();
    if (threads <= 1 || n <= chunk || at::in_parallel_region()) {
        f(0, n);
        return;
    }
    std::atomic<std::int64_t> next{ 0 };
    at::parallel_for(0, threads, 1, [&](std::int64_t, std::int64_t) {
        for (;;) {
            const std::int64_t a = next.fetch_add(chunk, std::memory_order_relaxed);
            if (a >= n)
                break;
            f(a, std::min(n, a + chunk));
        }
    });
}

// Rows of random sources are latency-bound: fetch a few edges ahead.
constexpr std::int64_t kPrefetchAhead = 8;

template <typename T> inline void prefetchRow(const T* row, std::int64_t width)
{
    const char* p = reinterpret_cast<const char*>(row);
    for (std::int64_t b = 0; b < width * static_cast<std::int64_t>(sizeof(T)); b += 64)
        __builtin_prefetch(p + b);
}

// o (+)= u * s over `n` features, or o = max(o, u * s): the loops the compiler vectorises.
template <typename T, Reduction R, bool Weighted> inline void combine(T* o, const T* u, T s, std::int64_t n)
{
    for (std::int64_t j = 0; j < n; ++j) {
        const T m = Weighted ? u[j] * s : u[j];
        if constexpr (R == Reduction::Max)
            o[j] = std::max(o[j], m);
        else
            o[j] += m;
    }
}

// RAM for a tensor that is about to be written in full, provisioned on every intra-op thread now
// rather than faulted in page by page as the kernels first write it.
Buffer freshMemory(std::size_t bytes)
{
    Buffer b = Buffer::allocate(bytes, false);
    b.prefault(at::get_num_threads());
    return b;
}

// How the gathered rows of an aggregation are weighted.
enum class EdgeWeights {
    None,
    PerEdge, // w[e], `heads` scalars per edge
    PerSource, // a[row[e]]: one scalar per source node (a factored a[src] * b[dst])
};

// reduce_e w[e] * U[row[e]] for each destination, without materialising the per-edge messages.
// Sum and mean start from zero and add the edges in order; max starts from the first edge. With
// PerEdge, `w` holds `heads` scalars per edge, each scaling `width / heads` consecutive features;
// with PerSource, `w` holds one scalar per row of U. `dstScale` (or nullptr) then multiplies each
// destination that has in-edges (one without stays 0, as the per-edge form gives). With
// row = nullptr (row e is row e) and U the materialised messages this is the plain segment
// reduction with the same products in the same order: fused and unfused aggregation give the
// same bits.
template <typename T, Reduction R, EdgeWeights W>
void gatherReduceKernel(const T* U, std::int64_t width, const std::int64_t* row, const T* w, std::int64_t heads,
    const T* dstScale, const std::int64_t* off, std::int64_t numDst, T* out)
{
    static_assert(W != EdgeWeights::PerSource || R != Reduction::Max, "a max does not factor");
    const std::int64_t per = W == EdgeWeights::PerEdge ? width / heads : width;
    parallelChunks(numDst, 128, [&](std::int64_t d0, std::int64_t d1) {
        const std::int64_t eEnd = off[d1];
        for (std::int64_t d = d0; d < d1; ++d) {
            T* o = out + d * width;
            const std::int64_t e0 = off[d];
            const std::int64_t e1 = off[d + 1];
            if (e0 == e1 || R != Reduction::Max)
                std::fill(o, o + width, T(0));
            for (std::int64_t e = e0; e < e1; ++e) {
                if (row != nullptr && e + kPrefetchAhead < eEnd)
                    prefetchRow(U + row[e + kPrefetchAhead] * width, width);
                const std::int64_t r = row != nullptr ? row[e] : e;
                const T* u = U + r * width;
                if constexpr (W == EdgeWeights::PerEdge) {
                    if (R == Reduction::Max && e == e0) {
                        for (std::int64_t h = 0; h < heads; ++h)
                            for (std::int64_t j = 0; j < per; ++j)
                                o[h * per + j] = u[h * per + j] * w[e * heads + h];
                        continue;
                    }
                    for (std::int64_t h = 0; h < heads; ++h)
                        combine<T, R, true>(o + h * per, u + h * per, w[e * heads + h], per);
                } else {
                    if (R == Reduction::Max && e == e0) {
                        std::copy(u, u + width, o);
                        continue;
                    }
                    if constexpr (W == EdgeWeights::PerSource)
                        combine<T, R, true>(o, u, w[r], width);
                    else
                        combine<T, R, false>(o, u, T(1), width);
                }
            }
            if (R == Reduction::Mean && e1 > e0) {
                const T n = static_cast<T>(e1 - e0);
                for (std::int64_t j = 0; j < width; ++j)
                    o[j] /= n;
            }
            if (dstScale != nullptr && e1 > e0) {
                const T sd = dstScale[d];
                for (std::int64_t j = 0; j < width; ++j)
                    o[j] *= sd;
            }
        }
    });
}

// The aggregation of a scalar edge weight a[src] * b[dst] (sum or mean; a, b may be nullptr)
// without the per-edge weights: reduce_e a[row[e]] * U[row[e]], times b[d].
template <typename T>
void gatherScaled(const T* U, std::int64_t width, const std::int64_t* row, const T* a, const T* b,
    const std::int64_t* off, std::int64_t numDst, Reduction r, T* out)
{
    auto run = [&](auto reduction) {
        constexpr Reduction R = decltype(reduction)::value;
        if (a)
            gatherReduceKernel<T, R, EdgeWeights::PerSource>(U, width, row, a, 1, b, off, numDst, out);
        else
            gatherReduceKernel<T, R, EdgeWeights::None>(U, width, row, nullptr, 1, b, off, numDst, out);
    };
    if (r == Reduction::Mean)
        run(std::integral_constant<Reduction, Reduction::Mean>());
    else
        run(std::integral_constant<Reduction, Reduction::Sum>());
}

template <typename T>
void gatherReduce(const T* U, std::int64_t width, const std::int64_t* row, const T* w, std::int64_t heads,
    const std::int64_t* off, std::int64_t numDst, Reduction r, T* out)
{
    auto run = [&](auto reduction) {
        constexpr Reduction R = decltype(reduction)::value;
        if (w)
            gatherReduceKernel<T, R, EdgeWeights::PerEdge>(U, width, row, w, heads, nullptr, off, numDst, out);
        else
            gatherReduceKernel<T, R, EdgeWeights::None>(U, width, row, nullptr, 1, nullptr, off, numDst, out);
    };
    switch (r) {
    case Reduction::Sum:
        run(std::integral_constant<Reduction, Reduction::Sum>());
        break;
    case Reduction::Mean:
        run(std::integral_constant<Reduction, Reduction::Mean>());
        break;
    case Reduction::Max:
        run(std::integral_constant<Reduction, Reduction::Max>());
        break;
    }
}

// The plain segment reduction over materialised messages.
template <typename T>
void segmentReduce(const T* msg, std::int64_t width, const std::int64_t* off, std::int64_t numDst, Reduction r, T* out)
{
    gatherReduce<T>(msg, width, nullptr, nullptr, 0, off, numDst, r, out);
}

template <typename T>
void segmentSoftmax(const T* x, std::int64_t width, const std::int64_t* off, std::int64_t numDst, T* out)
{
    parallelChunks(numDst, 128, [&](std::int64_t d0, std::int64_t d1) {
        std::vector<T> mx(static_cast<std::size_t>(width));
        std::vector<T> sum(static_cast<std::size_t>(width));
        for (std::int64_t d = d0; d < d1; ++d) {
            const std::int64_t e0 = off[d];
            const std::int64_t e1 = off[d + 1];
            if (e0 == e1)
                continue;
            std::copy(x + e0 * width, x + (e0 + 1) * width, mx.begin());
            for (std::int64_t e = e0 + 1; e < e1; ++e)
                for (std::int64_t j = 0; j < width; ++j)
                    mx[static_cast<std::size_t>(j)] = std::max(mx[static_cast<std::size_t>(j)], x[e * width + j]);
            std::fill(sum.begin(), sum.end(), T(0));
            for (std::int64_t e = e0; e < e1; ++e)
                for (std::int64_t j = 0; j < width; ++j) {
                    const T v = std::exp(x[e * width + j] - mx[static_cast<std::size_t>(j)]);
                    out[e * width + j] = v;
                    sum[static_cast<std::size_t>(j)] += v;
                }
            for (std::int64_t e = e0; e < e1; ++e)
                for (std::int64_t j = 0; j < width; ++j)
                    out[e * width + j] /= sum[static_cast<std::size_t>(j)];
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Dense and element-wise ops, shared by every mode. Row-carrying values have the row dimension first.

Tensor applyDense(const GnnIr& ir, int v, const std::vector<Tensor>& in)
{
    const IrOp& o = ir.op(v);
    const int rowDim = o.space == Space::Global ? 0 : 1;
    switch (o.kind) {
    case OpKind::Linear:
        return in.size() > 2 ? at::linear(in[0], in[1], in[2]) : at::linear(in[0], in[1]);
    case OpKind::MatMul:
        return at::matmul(in[0], in[1]);
    case OpKind::Unary: {
        const Tensor& x = in[0];
        switch (o.unary) {
        case UnaryFn::Identity:
        case UnaryFn::Dropout:
            return x;
        case UnaryFn::Neg:
            return -x;
        case UnaryFn::Relu:
            return at::relu(x);
        case UnaryFn::LeakyRelu:
            return at::leaky_relu(x, o.alpha);
        case UnaryFn::Elu:
            return at::elu(x, o.alpha);
        case UnaryFn::Sigmoid:
            return at::sigmoid(x);
        case UnaryFn::Tanh:
            return at::tanh(x);
        case UnaryFn::Exp:
            return at::exp(x);
        case UnaryFn::Log:
            return at::log(x);
        case UnaryFn::Sqrt:
            return at::sqrt(x);
        case UnaryFn::Rsqrt:
            return at::rsqrt(x);
        case UnaryFn::Abs:
            return at::abs(x);
        case UnaryFn::Reciprocal:
            return at::reciprocal(x);
        case UnaryFn::Pow:
            return at::pow(x, o.alpha);
        case UnaryFn::Clamp: {
            c10::optional<at::Scalar> lo;
            c10::optional<at::Scalar> hi;
            if (!std::isnan(o.alpha))
                lo = o.alpha;
            if (!std::isnan(o.beta))
                hi = o.beta;
            return at::clamp(x, lo, hi);
        }
        }
        break;
    }
    case OpKind::Binary:
        switch (o.binary) {
        case BinaryFn::Add:
            return in[0] + in[1];
        case BinaryFn::Sub:
            return in[0] - in[1];
        case BinaryFn::Mul:
            return in[0] * in[1];
        case BinaryFn::Div:
            return in[0] / in[1];
        case BinaryFn::Maximum:
            return at::maximum(in[0], in[1]);
        case BinaryFn::Minimum:
            return at::minimum(in[0], in[1]);
        }
        break;
    case OpKind::Concat:
        return at::cat(in, o.axis + rowDim);
    case OpKind::Reshape:
        return rowDim ? in[0].reshape(withRows(in[0].size(0), o.shape)) : in[0].reshape(o.shape);
    case OpKind::Reduce:
        switch (o.reduction) {
        case Reduction::Sum:
            return in[0].sum(o.axis + rowDim, o.keepDim);
        case Reduction::Mean:
            return in[0].mean(o.axis + rowDim, o.keepDim);
        case Reduction::Max:
            return std::get<0>(in[0].max(o.axis + rowDim, o.keepDim));
        }
        break;
    case OpKind::Softmax:
        return o.logSoftmax ? at::log_softmax(in[0], o.axis + rowDim) : at::softmax(in[0], o.axis + rowDim);
    default:
        break;
    }
    throw Error::failure(std::string("evaluator: ") + opKindName(o.kind) + " is not a dense op");
}

// Global values (parameters, constants and ops on them), computed once per evaluation.
class Globals {
public:
    Globals(const GnnIr& ir, at::ScalarType type)
        : m_ir(ir)
        , m_type(type)
    {
    }
    Tensor get(int v)
    {
        if (auto it = m_cache.find(v); it != m_cache.end())
            return it->second;
        const IrOp& o = m_ir.op(v);
        Tensor t;
        if (o.kind == OpKind::Parameter) {
            const IrParameter& p = m_ir.parameters()[static_cast<std::size_t>(o.param)];
            t = torch::from_blob(const_cast<float*>(p.values.data()), p.shape, torch::kFloat32).to(m_type).clone();
        } else if (o.kind == OpKind::Constant) {
            t = torch::scalar_tensor(o.alpha, torch::TensorOptions().dtype(m_type));
        } else {
            std::vector<Tensor> in;
            for (int u : o.inputs)
                in.push_back(get(u));
            t = applyDense(m_ir, v, in);
        }
        m_cache.emplace(v, t);
        return t;
    }

private:
    const GnnIr& m_ir;
    at::ScalarType m_type;
    std::unordered_map<int, Tensor> m_cache;
};

// ---------------------------------------------------------------------------------------------
// Full-graph forward: every value over all nodes or all edges at once, with LibTorch's own scatter
// ops. It shares nothing with the layer-wise path but the dense ops, which makes it the reference.

Tensor fullForward(const Graph& graph, const Tensor& x, const GnnIr& ir, at::ScalarType type)
{
    const std::int64_t n = graph.numNodes();
    const Tensor src = wrapIndex(graph.sources());
    const Tensor off = wrapIndex(graph.offsets());
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
            in.push_back(ir.op(u).space == Space::Global ? globals.get(u) : val[static_cast<std::size_t>(u)]);
        Tensor t;
        switch (o.kind) {
        case OpKind::Input:
            t = x;
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

// ---------------------------------------------------------------------------------------------
// Layer-wise and node-wise evaluation.

// The nodes a layer computes: all of them (local row = node id) or a sorted subset with a
// global -> local map (partial requests and node-wise batches).
struct NodeSet {
    bool all = true;
    std::int64_t size = 0;
    std::vector<std::int64_t> ids;
    Tensor idsT;
    Tensor map; // int64 [N], valid at members

    Tensor globalIds(std::int64_t a, std::int64_t b) const
    {
        return all ? torch::arange(a, b, torch::kLong) : idsT.slice(0, a, b);
    }
    Tensor toLocal(const Tensor& global) const { return all ? global : map.index_select(0, global); }
};

// A node tensor between (or within) layers: rows in the local order of its NodeSet.
struct Store {
    NodeMatrix matrix;
    const NodeSet* set = nullptr;
    std::vector<std::int64_t> shape;
    Tensor t; // [rows, width] over matrix
    bool onDisk = false;
};

// Aggregations computed straight from a node store: aggregate(gatherSrc(u) [* w]).
struct FusedAggregate {
    int gathered = -1; // u
    int weight = -1; // w, per-edge, or -1
    std::int64_t heads = 0;
    // A scalar edge weight that factors into graph-only node values, w = a[src] * b[dst] (GCN's
    // symmetric normalisation): the kernel scales each gathered row by a[src] and each destination's
    // sum by b[dst], and the per-edge weights are never formed. -1 where a factor is absent; both
    // -1: w is read per edge.
    int sourceScale = -1;
    int destinationScale = -1;
    bool factored() const { return sourceScale >= 0 || destinationScale >= 0; }
};

struct Batch {
    // Rows: a contiguous range of the current NodeSet's local rows.
    const NodeSet* set = nullptr;
    std::int64_t begin = 0;
    std::int64_t count = 0;
    Tensor global; // global ids of the rows
    // Block (the one-hop in-edges of the rows), when `block`.
    bool block = false;
    Tensor offsets; // [count + 1], relative
    Tensor srcGlobal; // [E]
    Tensor dstLocal; // [E], made on first use
    std::int64_t edges = 0;
    std::unordered_map<int, Tensor> rows;
    std::unordered_map<int, Tensor> edgeVals;
};

// Runs the layers of a partitioned model: owns the node stores (allocated in RAM or on disk by
// the budget, freed after their last reader), the graph-only values (degrees, normalisation) and
// the parameters, and evaluates one batch at a time by walking the IR back from what the batch
// must write, reading stored values, recomputing graph queries and per-edge values.
class Engine {
public:
    Engine(const Graph& graph, const NodeMatrix& x, const GnnIr& ir, const LayerSchema& schema, const EvalOptions& opt,
        std::int64_t budget)
        : m_graph(graph)
        , m_ir(ir)
        , m_schema(schema)
        , m_opt(opt)
        , m_type(scalarOf(opt.dtype))
        , m_dsize(dtypeSize(opt.dtype))
        , m_budget(budget)
        , m_globals(ir, m_type)
    {
        m_all.all = true;
        m_all.size = graph.numNodes();
        m_input.matrix = NodeMatrix();
        m_input.set = &m_all;
        m_input.shape = ir.op(ir.inputValue()).shape;
        m_input.t = wrap(x);
        m_offsets = wrapIndex(graph.offsets());
        m_sources = wrapIndex(graph.sources());
        m_spill = opt.spillDirectory.empty() ? std::filesystem::temp_directory_path() : opt.spillDirectory;
        const auto consumers = ir.consumers();
        const auto live = ir.live();
        m_consumers = consumers;
        m_live = live;
        auto only = [&](int v, int c) {
            int n = 0;
            for (int k : consumers[static_cast<std::size_t>(v)])
                if (live[static_cast<std::size_t>(k)])
                    n += k == c ? 1 : 2;
            return n == 1;
        };
        for (int v = 0; v < ir.size(); ++v) {
            if (!live[static_cast<std::size_t>(v)] || ir.op(v).space != Space::Edge
                || schema.roles[static_cast<std::size_t>(v)] != ValueRole::Graph)
                continue;
            for (int c : consumers[static_cast<std::size_t>(v)])
                if (live[static_cast<std::size_t>(c)] && schema.roles[static_cast<std::size_t>(c)] != ValueRole::Graph)
                    m_edgeCache[v] = EdgeCache{};
        }
        for (const auto& plan : schema.layers)
            for (int a : plan.aggregations) {
                const int e = ir.op(a).inputs[0];
                const IrOp& eo = ir.op(e);
                if (eo.kind == OpKind::GatherSrc && only(e, a)) {
                    m_fused[a] = { eo.inputs[0], -1, 0 };
                } else if (eo.kind == OpKind::Binary && eo.binary == BinaryFn::Mul && only(e, a)) {
                    for (int side = 0; side < 2; ++side) {
                        const int g = eo.inputs[static_cast<std::size_t>(side)];
                        const int w = eo.inputs[static_cast<std::size_t>(1 - side)];
                        const IrOp& go = ir.op(g);
                        const IrOp& wo = ir.op(w);
                        if (go.kind != OpKind::GatherSrc || !only(g, e) || wo.space != Space::Edge
                            || go.shape != eo.shape)
                            continue;
                        const std::int64_t hw = ir.width(w);
                        std::vector<std::int64_t> perHead = go.shape;
                        if (!perHead.empty())
                            perHead.back() = 1;
                        if (hw == 1 || (wo.shape == perHead && !go.shape.empty())) {
                            FusedAggregate f{ go.inputs[0], w, hw };
                            if (hw == 1 && ir.op(a).reduction != Reduction::Max)
                                factorEdgeWeight(w, f.sourceScale, f.destinationScale);
                            m_fused[a] = f;
                            break;
                        }
                    }
                }
            }
    }

    // The graph-only node values a (per source) and b (per destination), either possibly absent,
    // with w = a[src] * b[dst], looking through reshapes; false where w is no such product.
    bool factorEdgeWeight(int w, int& a, int& b) const
    {
        auto strip = [&](int v) {
            while (m_ir.op(v).kind == OpKind::Reshape)
                v = m_ir.op(v).inputs[0];
            return v;
        };
        a = -1;
        b = -1;
        auto factor = [&](int f) {
            f = strip(f);
            const IrOp& fo = m_ir.op(f);
            if ((fo.kind != OpKind::GatherSrc && fo.kind != OpKind::GatherDst) || m_ir.width(f) != 1)
                return false;
            const int node = fo.inputs[0];
            if (m_schema.roles[static_cast<std::size_t>(node)] != ValueRole::Graph || m_ir.op(node).space != Space::Node
                || m_ir.width(node) != 1)
                return false;
            int& slot = fo.kind == OpKind::GatherSrc ? a : b;
            if (slot >= 0)
                return false;
            slot = node;
            return true;
        };
        const int v = strip(w);
        const IrOp& o = m_ir.op(v);
        const bool ok = o.kind == OpKind::Binary && o.binary == BinaryFn::Mul && o.inputs.size() == 2
            ? factor(o.inputs[0]) && factor(o.inputs[1])
            : factor(v);
        if (!ok) {
            a = -1;
            b = -1;
        }
        return ok;
    }

    // Whether every live reader of `v` is a factored aggregation's message or part of a factored
    // weight (a weight shared with a max or an unfused message is still built per edge).
    bool onlyReadByFactoredWeights(int v) const
    {
        for (int c : m_consumers[static_cast<std::size_t>(v)]) {
            if (!m_live[static_cast<std::size_t>(c)])
                continue;
            bool inside = false;
            for (const auto& [a, f] : m_fused)
                if (f.factored() && (c == m_ir.op(a).inputs[0] || inFactoredWeight(f.weight, c)))
                    inside = true;
            if (!inside)
                return false;
        }
        return true;
    }

    // Whether `v` is one of the per-edge ops of a factored weight `w` (reshapes, the product, the
    // gathers), which the kernel never builds.
    bool inFactoredWeight(int w, int v) const
    {
        const IrOp& o = m_ir.op(w);
        if (w == v)
            return true;
        if (o.kind == OpKind::Reshape)
            return inFactoredWeight(o.inputs[0], v);
        if (o.kind == OpKind::Binary)
            for (int in : o.inputs)
                if (inFactoredWeight(in, v))
                    return true;
        return false;
    }

    std::int64_t ramStoreBytes() const { return m_ramBytes; }
    std::int64_t peakRam() const { return m_peakRam; }
    std::int64_t edgeCacheBytes() const { return m_cacheBytes; }
    int factoredAggregations() const
    {
        int n = 0;
        for (const auto& [a, f] : m_fused)
            n += f.factored() ? 1 : 0;
        return n;
    }
    std::int64_t peakDisk() const { return m_peakDisk; }
    std::int64_t firstNodeCap = 0;
    std::int64_t firstEdgeCap = 0;

    // Allocates the store of `value` over `set`; the output of a layer-wise run over all nodes may go
    // straight into an .npy file.
    Store& allocate(int value, const NodeSet& set, bool isOutput)
    {
        auto s = std::make_unique<Store>();
        s->set = &set;
        s->shape = m_ir.op(value).shape;
        const std::int64_t width = m_ir.width(value);
        const std::int64_t bytes = set.size * width * m_dsize;
        if (isOutput && !m_opt.outputPath.empty() && set.all) {
            Buffer b = createNpy(m_opt.outputPath, m_opt.dtype == DType::Float64 ? NpyType::Float64 : NpyType::Float32,
                { set.size, width });
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
                s->matrix = NodeMatrix::fromBuffer(
                    freshMemory(static_cast<std::size_t>(bytes)), set.size, width, m_opt.dtype);
                m_freshBytes += bytes;
            }
        }
        (s->onDisk ? m_diskBytes : m_ramBytes) += bytes;
        m_peakRam = std::max(m_peakRam, m_ramBytes);
        m_peakDisk = std::max(m_peakDisk, m_diskBytes);
        s->t = s->matrix.rows() > 0 ? wrap(s->matrix) : torch::zeros({ 0, width }, m_type);
        Store& ref = *s;
        m_stores[value] = std::move(s);
        return ref;
    }

    void release(int value)
    {
        auto it = m_stores.find(value);
        if (it == m_stores.end())
            return;
        Store& s = *it->second;
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

    // Whether a store of `width` scalars per node is still to be allocated, from the current layer
    // (its block outputs) on.
    bool widthStoredLater(std::int64_t width) const
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

    // A spare buffer of exactly `bytes`, or an empty one.
    Buffer takeSpare(std::int64_t bytes)
    {
        for (auto it = m_spare.begin(); it != m_spare.end(); ++it)
            if (static_cast<std::int64_t>(it->size()) == bytes) {
                Buffer b = std::move(*it);
                m_spare.erase(it);
                return b;
            }
        return {};
    }

    void dropSpare()
    {
        for (const Buffer& b : m_spare)
            m_ramBytes -= static_cast<std::int64_t>(b.size());
        m_spare.clear();
    }

    std::unique_ptr<Store> take(int value)
    {
        auto it = m_stores.find(value);
        VANTAGE_ASSERT(it != m_stores.end(), "the evaluator planned no store for the output");
        auto s = std::move(it->second);
        m_stores.erase(it);
        return s;
    }

    // Out of core, the pages of on-disk stores are left to the page cache between layers rather
    // than counted in the process's resident memory.
    void dropResidentPages()
    {
        for (auto& [v, s] : m_stores)
            if (s->onDisk)
                s->matrix.releaseResidentPages();
    }

    // Runs layer `k` (0-based) for destinations `dst`, whose source pass covers `src` (dst plus
    // the in-neighbours of dst), leaving the layer's cut tensors in stores.
    void runLayer(int k, const NodeSet& dst, const NodeSet& src, LayerStats& stats, const CancelToken& cancel,
        const std::function<void(double)>& progress)
    {
        const LayerPlan& plan = m_schema.layers[static_cast<std::size_t>(k)];
        m_layer = k;
        const auto t0 = Clock::now();
        // Stores written by this layer: source-pass values over `src`, block values over `dst`.
        std::vector<int> sourceOut;
        for (int v : plan.sourceStores) {
            allocate(v, src, false);
            sourceOut.push_back(v);
        }
        const double total = static_cast<double>(sourceOut.empty() ? 0 : src.size) + static_cast<double>(dst.size)
            + static_cast<double>(plan.blockOps.empty() ? 0 : 1);
        double done = 0;

        // Source pass over `src` in row batches.
        if (!sourceOut.empty()) {
            const std::int64_t perRow = std::max<std::int64_t>(1, plan.sourceScalars * m_dsize * 2);
            // With a node cap the source pass uses it too, so that runs differing only in where the
            // stores live compute identical batches.
            // A batch's temporaries (GAT's attention products are as wide as the store) stay small
            // enough for the allocator to reuse them: a whole-graph batch faulted in a gigabyte of
            // fresh memory per temporary.
            std::int64_t rows = m_opt.nodeCap > 0 ? m_opt.nodeCap
                                                  : std::clamp<std::int64_t>(workBytes() / perRow, 1,
                                                      std::max<std::int64_t>(1024, kSourceBatchBytes / perRow));
            for (std::int64_t a = 0; a < src.size;) {
                cancel.throwIfCancelled();
                const std::int64_t b = std::min(src.size, a + rows);
                const bool done1 = runOrHalve(b - a, "the source pass of layer " + std::to_string(k), stats.retries, [&] {
                    Batch batch;
                    batch.set = &src;
                    batch.begin = a;
                    batch.count = b - a;
                    batch.global = src.globalIds(a, b);
                    for (int v : sourceOut)
                        write(batch, v);
                });
                if (!done1) {
                    rows = std::max<std::int64_t>(1, (b - a) / 2);
                    continue;
                }
                keepResidentWithinBudget();
                done += static_cast<double>(b - a);
                progress(done / total);
                a = b;
            }
            stats.sourcePassS += since(t0);
        }

        // Tensors whose last reader was the source pass go before the blocks' outputs are allocated
        // (the next embedding can then take the memory of the one just read).
        std::vector<int> freedLater;
        m_blockOutputsPending = true;
        for (int ti : plan.freed) {
            const int v = m_schema.tensors[static_cast<std::size_t>(ti)].value;
            if (readByBlocks(plan, v))
                freedLater.push_back(v);
            else
                release(v);
        }
        m_blockOutputsPending = false;
        std::vector<int> blockOut;
        for (int ti : plan.outputs) {
            const CutTensor& t = m_schema.tensors[static_cast<std::size_t>(ti)];
            if (m_schema.roles[static_cast<std::size_t>(t.value)] == ValueRole::Source)
                continue; // already among the source stores
            allocate(t.value, dst, t.isOutput);
            blockOut.push_back(t.value);
        }

        // Blocks over `dst`, bounded by the node and edge caps.
        std::int64_t nodeCap = 0;
        std::int64_t edgeCap = 0;
        caps(plan, nodeCap, edgeCap);
        if (firstNodeCap == 0) {
            firstNodeCap = nodeCap;
            firstEdgeCap = edgeCap;
        }
        const auto off = m_graph.offsets();
        auto degreeOf = [&](std::int64_t local) {
            const std::int64_t v = dst.all ? local : dst.ids[static_cast<std::size_t>(local)];
            return off[static_cast<std::size_t>(v + 1)] - off[static_cast<std::size_t>(v)];
        };
        for (std::int64_t a = 0; a < dst.size;) {
            cancel.throwIfCancelled();
            std::int64_t b = a;
            std::int64_t edges = 0;
            while (b < dst.size && b - a < nodeCap) {
                const std::int64_t d = degreeOf(b);
                if (b > a && edges + d > edgeCap)
                    break;
                edges += d;
                ++b;
            }
            const bool done1 = runOrHalve(b - a, "layer " + std::to_string(k), stats.retries, [&] {
                Batch batch = makeBlock(dst, a, b);
                for (int v : blockOut)
                    write(batch, v);
                stats.edges += batch.edges;
                stats.bytesTouched += batch.edges * 8 + (b - a + 1) * 8;
            });
            if (!done1) {
                nodeCap = std::max<std::int64_t>(1, (b - a) / 2);
                edgeCap = std::max<std::int64_t>(1, edgeCap / 2);
                continue;
            }
            ++stats.batches;
            stats.nodes += b - a;
            keepResidentWithinBudget();
            done += static_cast<double>(b - a);
            progress(std::min(1.0, done / total));
            a = b;
        }
        stats.bytesTouched += m_bytes;
        stats.freshStoreBytes += m_freshBytes;
        m_freshBytes = 0;
        m_bytes = 0;
        m_bytesAtRelease = 0;
        // Source-pass stores not read later, and tensors whose last reader was this layer, go.
        for (int v : sourceOut)
            if (m_schema.tensorOf(v) < 0)
                release(v);
        for (int v : freedLater)
            release(v);
        dropResidentPages();
        stats.timeS += since(t0);
    }

private:
    // Pages of on-disk stores that a layer has touched count as resident memory until they are
    // released; past half the budget they are (they stay in the page cache and the file).
    void keepResidentWithinBudget()
    {
        if (m_diskBytes > 0 && m_bytes - m_bytesAtRelease > m_budget / 2) {
            dropResidentPages();
            m_bytesAtRelease = m_bytes;
        }
    }

    std::int64_t workBytes() const { return std::max(m_budget - m_ramBytes - m_cacheBytes, m_budget / 8); }

    void caps(const LayerPlan& plan, std::int64_t& nodeCap, std::int64_t& edgeCap) const
    {
        // Per-edge working memory: indices and the per-edge values that are materialised.
        std::int64_t edgeScalars = 0;
        for (int v : plan.blockOps) {
            const IrOp& o = m_ir.op(v);
            if (o.space != Space::Edge || materialisedAway(v))
                continue;
            edgeScalars += m_ir.width(v);
        }
        const std::int64_t perEdge = 24 + edgeScalars * m_dsize;
        const std::int64_t perNode = 16 + (plan.dstScalars + plan.sourceScalars) * m_dsize;
        const std::int64_t work = workBytes();
        // Beyond ~1M edges a batch gains nothing: its index arrays and per-edge values only fall out
        // of the caches.
        edgeCap = m_opt.edgeCap > 0 ? m_opt.edgeCap : std::clamp<std::int64_t>(work / 2 / perEdge, 1, kMaxBatchEdges);
        nodeCap = m_opt.nodeCap > 0 ? m_opt.nodeCap : std::clamp<std::int64_t>(work / 2 / perNode, 1, kMaxBatchNodes);
    }

    // Whether the blocks of `plan` read the stored value `v` (rather than only its source pass).
    bool readByBlocks(const LayerPlan& plan, int v) const
    {
        for (int op : plan.blockOps) {
            if (op == v)
                return true;
            for (int in : m_ir.op(op).inputs)
                if (in == v)
                    return true;
        }
        return false;
    }

    // Per-edge values a fused aggregation never builds.
    bool materialisedAway(int v) const
    {
        for (const auto& [a, f] : m_fused) {
            const int e = m_ir.op(a).inputs[0];
            if (v == e)
                return true;
            const bool factored = f.factored();
            if (f.weight >= 0) {
                for (int in : m_ir.op(e).inputs)
                    if (in == v && (factored ? onlyReadByFactoredWeights(v) : v != f.weight))
                        return true;
            }
            if (factored && inFactoredWeight(f.weight, v) && onlyReadByFactoredWeights(v))
                return true;
        }
        return false;
    }

    Batch makeBlock(const NodeSet& dst, std::int64_t a, std::int64_t b)
    {
        Batch batch;
        batch.set = &dst;
        batch.begin = a;
        batch.count = b - a;
        batch.block = true;
        const auto off = m_graph.offsets();
        if (dst.all) {
            batch.global = torch::arange(a, b, torch::kLong);
            const std::int64_t e0 = off[static_cast<std::size_t>(a)];
            const std::int64_t e1 = off[static_cast<std::size_t>(b)];
            batch.offsets = m_offsets.slice(0, a, b + 1) - e0;
            batch.srcGlobal = m_sources.slice(0, e0, e1);
            batch.edges = e1 - e0;
        } else {
            batch.global = dst.idsT.slice(0, a, b);
            std::vector<std::int64_t> rel(static_cast<std::size_t>(b - a + 1), 0);
            for (std::int64_t i = a; i < b; ++i) {
                const std::int64_t v = dst.ids[static_cast<std::size_t>(i)];
                rel[static_cast<std::size_t>(i - a + 1)] = rel[static_cast<std::size_t>(i - a)]
                    + off[static_cast<std::size_t>(v + 1)] - off[static_cast<std::size_t>(v)];
            }
            Tensor src = torch::empty({ rel.back() }, torch::kLong);
            auto* p = src.data_ptr<std::int64_t>();
            const auto sources = m_graph.sources();
            for (std::int64_t i = a; i < b; ++i) {
                const std::int64_t v = dst.ids[static_cast<std::size_t>(i)];
                std::copy(sources.begin() + off[static_cast<std::size_t>(v)],
                    sources.begin() + off[static_cast<std::size_t>(v + 1)], p + rel[static_cast<std::size_t>(i - a)]);
            }
            batch.offsets
                = torch::from_blob(rel.data(), { static_cast<std::int64_t>(rel.size()) }, torch::kLong).clone();
            batch.srcGlobal = src;
            batch.edges = rel.back();
        }
        return batch;
    }

    Tensor dstLocal(Batch& batch)
    {
        if (!batch.dstLocal.defined()) {
            const Tensor counts = batch.offsets.slice(0, 1) - batch.offsets.slice(0, 0, batch.count);
            batch.dstLocal = torch::repeat_interleave(counts);
        }
        return batch.dstLocal;
    }

    void write(Batch& batch, int v)
    {
        Store& s = *m_stores.at(v);
        Tensor target = s.t.narrow(0, batch.begin, batch.count);
        if (!batch.rows.count(v) && writeInto(batch, v, target)) {
            batch.rows.emplace(v, target.reshape(withRows(batch.count, s.shape)));
        } else {
            const Tensor t = rows(batch, v).reshape({ batch.count, s.t.size(1) });
            target.copy_(t);
        }
        m_bytes += batch.count * s.t.size(1) * m_dsize;
    }

    // Computes the last op of `v` straight into its store rows (`target`, [count, width],
    // contiguous) where LibTorch has an out= form that gives the same bits as the op itself:
    // a 2-D linear (addmm or mm, which is what at::linear calls), relu (clamp_min) and an add.
    // This spares a batch-sized temporary and its copy; for a source pass over every node the
    // temporary would be as large as the store.
    bool writeInto(Batch& batch, int v, Tensor& target)
    {
        const IrOp& o = m_ir.op(v);
        if (m_schema.roles[static_cast<std::size_t>(v)] == ValueRole::Graph || readable(batch, v)
            || o.space != Space::Node || target.scalar_type() != m_type)
            return false;
        auto input = [&](int u) { return m_ir.op(u).space == Space::Global ? m_globals.get(u) : rows(batch, u); };
        switch (o.kind) {
        case OpKind::Linear: {
            if (o.shape.size() != 1)
                return false;
            const Tensor x = input(o.inputs[0]);
            const Tensor w = m_globals.get(o.inputs[1]);
            if (x.dim() != 2 || w.dim() != 2)
                return false;
            if (o.inputs.size() > 2) {
                const Tensor b = m_globals.get(o.inputs[2]);
                at::addmm_out(target, b, x, w.t());
            } else {
                at::mm_out(target, x, w.t());
            }
            return true;
        }
        case OpKind::Unary: {
            if (o.unary == UnaryFn::Identity || o.unary == UnaryFn::Dropout) {
                // Evaluation: the value is its input, which can be written in its place.
                const int u = o.inputs[0];
                if (batch.rows.count(u) || m_ir.op(u).shape != o.shape || !writeInto(batch, u, target))
                    return false;
                batch.rows.emplace(u, target.reshape(withRows(batch.count, m_ir.op(u).shape)));
                return true;
            }
            if (o.unary != UnaryFn::Relu)
                return false;
            const Tensor x = input(o.inputs[0]);
            if (x.sizes() != target.sizes())
                return false;
            at::clamp_min_out(target, x, 0);
            return true;
        }
        case OpKind::Binary: {
            if (o.binary != BinaryFn::Add)
                return false;
            const Tensor a = input(o.inputs[0]);
            const Tensor b = input(o.inputs[1]);
            if (a.dim() != 2 || a.sizes() != target.sizes())
                return false;
            at::add_out(target, a, b);
            return true;
        }
        default:
            return false;
        }
    }

    // The store `v` may be read from here, or nullptr when the value is computed in this batch.
    const Store* readable(const Batch& batch, int v) const
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

    Tensor readRows(const Store& s, const Batch& batch)
    {
        Tensor t;
        if (s.set == batch.set || (s.set->all && batch.set->all))
            t = s.t.narrow(0, batch.begin, batch.count);
        else
            t = s.t.index_select(0, s.set->toLocal(batch.global));
        m_bytes += batch.count * s.t.size(1) * s.t.element_size();
        return t.reshape(withRows(batch.count, s.shape));
    }

    Tensor readAt(const Store& s, const Tensor& global)
    {
        m_bytes += global.size(0) * s.t.size(1) * s.t.element_size();
        return s.t.index_select(0, s.set->toLocal(global)).reshape(withRows(global.size(0), s.shape));
    }

    // Graph-only node values over all nodes, computed once.
    Tensor graphAll(int v)
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

    Tensor rows(Batch& batch, int v)
    {
        if (auto it = batch.rows.find(v); it != batch.rows.end())
            return it->second;
        Tensor t;
        const ValueRole role = m_schema.roles[static_cast<std::size_t>(v)];
        if (role == ValueRole::Graph) {
            const Tensor all = graphAll(v);
            t = batch.set->all ? all.narrow(0, batch.begin, batch.count) : all.index_select(0, batch.global);
        } else if (const Store* s = readable(batch, v)) {
            t = readRows(*s, batch);
        } else {
            const IrOp& o = m_ir.op(v);
            if (o.kind == OpKind::Aggregate) {
                VANTAGE_ASSERT(batch.block, "the partitioner put an aggregation outside a block");
                t = aggregate(batch, v);
            } else {
                std::vector<Tensor> in;
                for (int u : o.inputs)
                    in.push_back(m_ir.op(u).space == Space::Global ? m_globals.get(u) : rows(batch, u));
                t = applyDense(m_ir, v, in);
            }
        }
        batch.rows.emplace(v, t);
        return t;
    }

    Tensor atSources(Batch& batch, int u)
    {
        if (m_schema.roles[static_cast<std::size_t>(u)] == ValueRole::Graph)
            return graphAll(u).index_select(0, batch.srcGlobal);
        const Store* s = readable(batch, u);
        VANTAGE_ASSERT(s, "a value gathered by source has no store");
        return readAt(*s, batch.srcGlobal);
    }

    Tensor edges(Batch& batch, int e)
    {
        if (auto it = batch.edgeVals.find(e); it != batch.edgeVals.end())
            return it->second;
        const IrOp& o = m_ir.op(e);
        // Graph-only per-edge values (weights that do not factor into node values, such as
        // 1 / (deg(src) + deg(dst))) are the same in every layer: over all
        // nodes, the first layer's batches fill a cache in edge order and later layers read it.
        EdgeCache* cache = nullptr;
        std::int64_t e0 = 0;
        std::int64_t e1 = 0;
        if (batch.block && batch.set->all) {
            if (auto it = m_edgeCache.find(e); it != m_edgeCache.end()) {
                cache = &it->second;
                e0 = m_graph.offsets()[static_cast<std::size_t>(batch.begin)];
                e1 = e0 + batch.edges;
                if (e1 <= cache->filled) {
                    Tensor t = cache->values.slice(0, e0, e1);
                    batch.edgeVals.emplace(e, t);
                    return t;
                }
                if (e0 != cache->filled)
                    cache = nullptr;
            }
        }
        Tensor t = computeEdges(batch, e, o);
        if (cache) {
            if (!cache->values.defined()) {
                const std::int64_t bytes = m_graph.numEdges() * m_ir.width(e) * m_dsize;
                // Out of core by request, RAM holds no more than the batch at hand.
                if (m_opt.stores != StorePlacement::Disk && m_ramBytes + m_cacheBytes + bytes <= m_budget / 4) {
                    cache->memory = freshMemory(static_cast<std::size_t>(bytes));
                    cache->values = torch::from_blob(cache->memory.data(), withRows(m_graph.numEdges(), o.shape),
                        torch::TensorOptions().dtype(m_type));
                    m_cacheBytes += bytes;
                } else {
                    m_edgeCache.erase(e); // no room: recomputed per batch
                    cache = nullptr;
                }
            }
            if (cache) {
                cache->values.slice(0, e0, e1).copy_(t.reshape(withRows(e1 - e0, o.shape)));
                cache->filled = e1;
            }
        }
        batch.edgeVals.emplace(e, t);
        return t;
    }

    Tensor computeEdges(Batch& batch, int e, const IrOp& o)
    {
        Tensor t;
        switch (o.kind) {
        case OpKind::GatherSrc:
            t = atSources(batch, o.inputs[0]);
            break;
        case OpKind::GatherDst:
            t = rows(batch, o.inputs[0]).index_select(0, dstLocal(batch));
            break;
        case OpKind::EdgeSoftmax: {
            const Tensor x = edges(batch, o.inputs[0]).contiguous();
            t = torch::empty_like(x);
            const Tensor off = batch.offsets.contiguous();
            const std::int64_t width = x.numel() / std::max<std::int64_t>(1, batch.edges);
            AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "edge_softmax", [&] {
                segmentSoftmax<scalar_t>(
                    x.data_ptr<scalar_t>(), width, off.data_ptr<std::int64_t>(), batch.count, t.data_ptr<scalar_t>());
            });
            break;
        }
        default: {
            std::vector<Tensor> in;
            for (int u : o.inputs)
                in.push_back(m_ir.op(u).space == Space::Global ? m_globals.get(u) : edges(batch, u));
            t = applyDense(m_ir, e, in);
        }
        }
        return t;
    }

    Tensor aggregate(Batch& batch, int a)
    {
        const IrOp& o = m_ir.op(a);
        const std::int64_t width = m_ir.width(a);
        Tensor out = torch::empty({ batch.count, width }, torch::TensorOptions().dtype(m_type));
        const Tensor off = batch.offsets.contiguous();
        auto fused = m_fused.find(a);
        const Store* s = nullptr;
        Tensor U;
        Tensor rowIdx;
        if (fused != m_fused.end()) {
            const int u = fused->second.gathered;
            if (m_schema.roles[static_cast<std::size_t>(u)] == ValueRole::Graph) {
                U = graphAll(u).reshape({ m_graph.numNodes(), -1 }).contiguous();
                rowIdx = batch.srcGlobal.contiguous();
            } else if ((s = readable(batch, u)) != nullptr && s->t.scalar_type() == m_type) {
                U = s->t;
                rowIdx = s->set->toLocal(batch.srcGlobal).contiguous();
                m_bytes += batch.edges * U.size(1) * m_dsize;
            }
        }
        if (U.defined() && fused->second.factored()) {
            const FusedAggregate& f = fused->second;
            const std::int64_t n = m_graph.numNodes();
            Tensor sa;
            if (f.sourceScale >= 0) {
                // Indexed like U's rows: by global id, or by the store's local rows.
                sa = graphAll(f.sourceScale).reshape({ n });
                if (s != nullptr && !s->set->all)
                    sa = sa.index_select(0, s->set->idsT);
                sa = sa.contiguous();
            }
            Tensor sb;
            if (f.destinationScale >= 0) {
                sb = graphAll(f.destinationScale).reshape({ n });
                sb = (batch.set->all ? sb.slice(0, batch.begin, batch.begin + batch.count)
                                     : sb.index_select(0, batch.global))
                         .contiguous();
            }
            AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "gather_scaled", [&] {
                gatherScaled<scalar_t>(U.data_ptr<scalar_t>(), width, rowIdx.data_ptr<std::int64_t>(),
                    sa.defined() ? sa.data_ptr<scalar_t>() : nullptr, sb.defined() ? sb.data_ptr<scalar_t>() : nullptr,
                    off.data_ptr<std::int64_t>(), batch.count, o.reduction, out.data_ptr<scalar_t>());
            });
        } else if (U.defined()) {
            Tensor w;
            if (fused->second.weight >= 0)
                w = edges(batch, fused->second.weight).reshape({ batch.edges, fused->second.heads }).contiguous();
            AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "gather_reduce", [&] {
                gatherReduce<scalar_t>(U.data_ptr<scalar_t>(), width, rowIdx.data_ptr<std::int64_t>(),
                    w.defined() ? w.data_ptr<scalar_t>() : nullptr, fused->second.heads, off.data_ptr<std::int64_t>(),
                    batch.count, o.reduction, out.data_ptr<scalar_t>());
            });
        } else {
            const Tensor m = edges(batch, o.inputs[0]).reshape({ batch.edges, width }).contiguous();
            AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "segment_reduce", [&] {
                segmentReduce<scalar_t>(m.data_ptr<scalar_t>(), width, off.data_ptr<std::int64_t>(), batch.count,
                    o.reduction, out.data_ptr<scalar_t>());
            });
        }
        return out.reshape(withRows(batch.count, o.shape));
    }

    const Graph& m_graph;
    const GnnIr& m_ir;
    const LayerSchema& m_schema;
    const EvalOptions& m_opt;
    at::ScalarType m_type;
    int m_dsize;
    std::int64_t m_budget;
    Globals m_globals;
    NodeSet m_all;
    Store m_input;
    Tensor m_offsets;
    Tensor m_sources;
    std::filesystem::path m_spill;
    std::map<int, std::unique_ptr<Store>> m_stores;
    std::vector<Buffer> m_spare; // memory of released RAM stores, counted in m_ramBytes
    bool m_blockOutputsPending = false; // the current layer's block outputs are still to be allocated
    struct EdgeCache {
        Buffer memory;
        Tensor values; // [E, ...] over all edges on `memory`, allocated on first use (counted in m_cacheBytes)
        std::int64_t filled = 0; // edges [0, filled) hold their values
    };
    std::unordered_map<int, EdgeCache> m_edgeCache; // graph-only per-edge values read by feature ops
    std::unordered_map<int, Tensor> m_graphCache;
    std::unordered_map<int, FusedAggregate> m_fused;
    std::vector<std::vector<int>> m_consumers; // of every value, in the IR
    std::vector<char> m_live; // of every value, in the IR
    int m_layer = 0;
    std::int64_t m_ramBytes = 0;
    std::int64_t m_cacheBytes = 0; // edge caches: within the budget, not node stores
    std::int64_t m_diskBytes = 0;
    std::int64_t m_peakRam = 0;
    std::int64_t m_peakDisk = 0;
    std::int64_t m_bytes = 0;
    std::int64_t m_freshBytes = 0; // store RAM newly allocated in the current layer
    std::int64_t m_bytesAtRelease = 0;
};

// Partial requests and node-wise batches: the targets' frontier walked back through the layers
// (layer k computes the nodes layer k + 1 reads: its destinations and their in-neighbours).
class FrontierRunner {
public:
    FrontierRunner(Engine& engine, const Graph& graph, const LayerSchema& schema)
        : m_engine(engine)
        , m_graph(graph)
        , m_schema(schema)
        , m_mark(static_cast<std::size_t>(graph.numNodes()), 0)
    {
        m_maps.resize(schema.layers.size() + 1);
    }

    // Output rows of `targets` (internal ids, any order, no duplicates), as [targets, width].
    Tensor run(const std::vector<std::int64_t>& targets, std::vector<LayerStats>& stats, std::int64_t& touched,
        const CancelToken& cancel, const std::function<void(double)>& progress)
    {
        const int L = static_cast<int>(m_schema.layers.size());
        std::vector<NodeSet> sets(static_cast<std::size_t>(L + 1));
        std::vector<std::int64_t> ids(targets);
        std::sort(ids.begin(), ids.end());
        fill(sets[static_cast<std::size_t>(L)], std::move(ids), L);
        for (int k = L; k >= 1; --k) {
            const NodeSet& d = sets[static_cast<std::size_t>(k)];
            std::vector<std::int64_t> next;
            next.reserve(static_cast<std::size_t>(d.size) * 2);
            for (auto v : d.ids)
                if (!m_mark[static_cast<std::size_t>(v)]++)
                    next.push_back(v);
            for (auto v : d.ids)
                for (auto u : m_graph.inNeighbours(v))
                    if (!m_mark[static_cast<std::size_t>(u)]++)
                        next.push_back(u);
            for (auto v : next)
                m_mark[static_cast<std::size_t>(v)] = 0;
            std::sort(next.begin(), next.end());
            fill(sets[static_cast<std::size_t>(k - 1)], std::move(next), k - 1);
        }
        for (int k = 1; k <= L; ++k) {
            touched += sets[static_cast<std::size_t>(k)].size;
            m_engine.runLayer(k - 1, sets[static_cast<std::size_t>(k)], sets[static_cast<std::size_t>(k - 1)],
                stats[static_cast<std::size_t>(k - 1)], cancel, [&](double f) { progress((k - 1 + f) / L); });
        }
        auto out = m_engine.take(m_schema.tensors[static_cast<std::size_t>(m_schema.outputTensor)].value);
        const Tensor t = torch::from_blob(
            const_cast<std::int64_t*>(targets.data()), { static_cast<std::int64_t>(targets.size()) }, torch::kLong);
        return out->t.index_select(0, out->set->toLocal(t));
    }

private:
    void fill(NodeSet& s, std::vector<std::int64_t> ids, int level)
    {
        s.all = false;
        s.size = static_cast<std::int64_t>(ids.size());
        s.ids = std::move(ids);
        s.idsT = torch::from_blob(s.ids.data(), { s.size }, torch::kLong);
        Tensor& map = m_maps[static_cast<std::size_t>(level)];
        if (!map.defined())
            map = torch::zeros({ m_graph.numNodes() }, torch::kLong);
        map.index_put_({ s.idsT }, torch::arange(s.size, torch::kLong));
        s.map = map;
    }

    Engine& m_engine;
    const Graph& m_graph;
    const LayerSchema& m_schema;
    std::vector<char> m_mark;
    std::vector<Tensor> m_maps;
};

NodeMatrix toMatrix(const Tensor& t, DType type)
{
    const Tensor c = t.reshape({ t.size(0), -1 }).to(scalarOf(type)).contiguous();
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

} // namespace

int intraOpParallelism(int threads)
{
    const int before = at::get_num_threads();
    at::set_num_threads(std::max(1, threads));
    std::atomic<int> seen{ 0 };
    std::atomic<int> mask{ 0 };
    at::parallel_for(0, std::max(1, threads), 1, [&](std::int64_t, std::int64_t) {
        const int bit = 1 << std::min(at::get_thread_num(), 30);
        if ((mask.fetch_or(bit) & bit) == 0)
            ++seen;
    });
    at::set_num_threads(before);
    return seen.load();
}

EvalMode parseEvalMode(std::string_view text)
{
    if (text == "layerwise" || text == "layer" || text == "layer-wise")
        return EvalMode::LayerWise;
    if (text == "nodewise" || text == "node" || text == "node-wise")
        return EvalMode::NodeWise;
    if (text == "full" || text == "fullgraph" || text == "full-graph")
        return EvalMode::FullGraph;
    if (text == "handwritten" || text == "hand-written")
        return EvalMode::HandwrittenGcn;
    throw Error::invalidInput("unknown mode '" + std::string(text) + "' (layerwise, nodewise, full, handwritten)")
        .forField("mode");
}

const char* evalModeName(EvalMode mode)
{
    switch (mode) {
    case EvalMode::LayerWise:
        return "layerwise";
    case EvalMode::NodeWise:
        return "nodewise";
    case EvalMode::FullGraph:
        return "full";
    case EvalMode::HandwrittenGcn:
        return "handwritten";
    }
    return "?";
}

EvalResult evaluate(const Graph& graphIn, const NodeMatrix& featuresIn, const GnnIr& ir, const EvalOptions& opt,
    Progress& progress, const CancelToken& cancel)
{
    const auto start = Clock::now();
    const std::int64_t n = graphIn.numNodes();
    if (n == 0)
        throw Error::invalidInput("the graph has no nodes").forField("graph");
    if (featuresIn.rows() != n)
        throw Error::invalidInput(
            "the features have " + std::to_string(featuresIn.rows()) + " rows for " + std::to_string(n) + " nodes")
            .forField("features");
    const std::int64_t inWidth = ir.width(ir.inputValue());
    if (featuresIn.cols() != inWidth)
        throw Error::invalidInput("the features have " + std::to_string(featuresIn.cols()) + " columns but the model '"
            + ir.modelName + "' takes " + std::to_string(inWidth))
            .forField("features");
    {
        std::vector<char> seen(opt.targets.empty() ? 0 : static_cast<std::size_t>(n), 0);
        for (auto t : opt.targets) {
            if (t < 0 || t >= n)
                throw Error::invalidInput("target node " + std::to_string(t) + " is not in the graph")
                    .forField("targets");
            if (seen[static_cast<std::size_t>(t)]++)
                throw Error::invalidInput("target node " + std::to_string(t) + " is listed twice").forField("targets");
        }
    }
    if (opt.nodeWiseBatch < 1)
        throw Error::invalidInput("the node-wise batch must hold at least one node").forField("batch");
    // LibTorch's own default counts cores through cpuinfo, which reports one core on some virtual
    // machines with two; the evaluation would then run on one thread.
    const int threads = resolveThreadCount(opt.threads);
    if (at::get_num_threads() != threads)
        at::set_num_threads(threads);
    keepFreedBatchMemory();
    resetPeakRss();

    EvalResult result;
    result.mode = opt.mode;
    result.dtype = opt.dtype;
    result.reorder = reorderingName(opt.reorder);
    result.threads = threads;
    const std::int64_t available = availableMemoryBytes();
    const std::int64_t budget = opt.memoryBudgetBytes > 0
        ? opt.memoryBudgetBytes
        : std::max<std::int64_t>(available / 2, std::int64_t{ 256 } << 20);
    result.memoryBudgetBytes = budget;
    const auto type = scalarOf(opt.dtype);
    const std::filesystem::path spill
        = opt.spillDirectory.empty() ? std::filesystem::temp_directory_path() : opt.spillDirectory;

    try {
        const LayerSchema schema = partitionIntoLayers(ir);
        // Reordering: evaluate on the relabelled graph, return rows in the original order.
        std::vector<std::int64_t> order;
        std::vector<std::int64_t> inverse;
        Graph permuted;
        NodeMatrix permutedX;
        const Graph* graph = &graphIn;
        const NodeMatrix* x = &featuresIn;
        if (opt.reorder != Reordering::None) {
            progress.report(0.0, "reordering nodes");
            order = computeOrdering(graphIn, opt.reorder);
            inverse.assign(order.size(), 0);
            for (std::size_t i = 0; i < order.size(); ++i)
                inverse[static_cast<std::size_t>(order[i])] = static_cast<std::int64_t>(i);
            permuted = permuteGraph(graphIn, order);
            permutedX = gatherRows(featuresIn, order,
                static_cast<std::int64_t>(featuresIn.bytes()) > budget / 2 ? spill : std::filesystem::path());
            graph = &permuted;
            x = &permutedX;
        }
        NodeMatrix convertedX;
        if (x->dtype() != opt.dtype) {
            const bool disk = n * x->cols() * dtypeSize(opt.dtype) > budget / 2;
            convertedX = disk ? NodeMatrix::zerosOnDisk(n, x->cols(), opt.dtype, spill)
                              : NodeMatrix::zeros(n, x->cols(), opt.dtype);
            wrap(convertedX).copy_(wrap(*x));
            x = &convertedX;
        }
        auto internal = [&](std::int64_t v) { return inverse.empty() ? v : inverse[static_cast<std::size_t>(v)]; };
        result.setupS = since(start);
        const auto evalStart = Clock::now();
        const int L = static_cast<int>(schema.layers.size());
        const std::int64_t outWidth = ir.width(ir.output());
        bool permutedOutput = false; // rows in internal order over all nodes

        switch (opt.mode) {
        case EvalMode::FullGraph: {
            const std::int64_t need = fullGraphBytes(*graph, ir, dtypeSize(opt.dtype));
            if (need > budget)
                throw Error::invalidInput("a full-graph forward needs about " + std::to_string(need >> 20)
                    + " MiB, more than the memory budget of " + std::to_string(budget >> 20)
                    + " MiB; evaluate layer-wise instead")
                    .forField("mode");
            progress.report(0.0, "full-graph forward");
            const auto t0 = Clock::now();
            Tensor out = fullForward(*graph, wrap(*x), ir, type);
            if (!opt.targets.empty()) {
                std::vector<std::int64_t> t;
                for (auto v : opt.targets)
                    t.push_back(internal(v));
                out = out.index_select(
                    0, torch::from_blob(t.data(), { static_cast<std::int64_t>(t.size()) }, torch::kLong));
            } else {
                permutedOutput = true;
            }
            result.output = toMatrix(out, opt.dtype);
            LayerStats st;
            st.timeS = since(t0);
            st.batches = 1;
            st.nodes = n;
            st.edges = graph->numEdges() * L;
            result.layers.push_back(st);
            progress.report(1.0, "full-graph forward");
            break;
        }
        case EvalMode::HandwrittenGcn: {
            if (!opt.targets.empty())
                throw Error::invalidInput("the hand-written baseline evaluates every node; drop the targets")
                    .forField("targets");
            result.output = handwrittenGcn(*graph, wrap(*x), ir, type, result.layers, cancel, progress, opt.layerDone);
            permutedOutput = true;
            break;
        }
        case EvalMode::LayerWise: {
            EvalOptions inner = opt;
            if (!inverse.empty())
                inner.outputPath.clear(); // written in the original order at the end
            Engine engine(*graph, *x, ir, schema, inner, budget);
            result.layers.assign(static_cast<std::size_t>(L), LayerStats{});
            for (int k = 0; k < L; ++k)
                result.layers[static_cast<std::size_t>(k)].index = k;
            if (opt.targets.empty()) {
                NodeSet all;
                all.all = true;
                all.size = n;
                for (int k = 0; k < L; ++k) {
                    const std::string phase = "layer " + std::to_string(k + 1) + " of " + std::to_string(L);
                    engine.runLayer(k, all, all, result.layers[static_cast<std::size_t>(k)], cancel,
                        [&](double f) { progress.report((k + f) / L, phase); });
                    if (opt.layerDone)
                        opt.layerDone(result.layers[static_cast<std::size_t>(k)]);
                }
                auto out = engine.take(schema.tensors[static_cast<std::size_t>(schema.outputTensor)].value);
                result.output = std::move(out->matrix);
                permutedOutput = true;
            } else {
                FrontierRunner runner(engine, *graph, schema);
                std::vector<std::int64_t> t;
                for (auto v : opt.targets)
                    t.push_back(internal(v));
                result.output = toMatrix(runner.run(t, result.layers, result.touchedNodes, cancel,
                                             [&](double f) { progress.report(f, "partial request"); }),
                    opt.dtype);
            }
            result.nodeCap = engine.firstNodeCap;
            result.edgeCap = engine.firstEdgeCap;
            result.peakStoreBytesInMemory = engine.peakRam();
            result.peakStoreBytesOnDisk = engine.peakDisk();
            result.edgeCacheBytes = engine.edgeCacheBytes();
            result.factoredAggregations = engine.factoredAggregations();
            break;
        }
        case EvalMode::NodeWise: {
            Engine engine(*graph, *x, ir, schema, opt, budget);
            FrontierRunner runner(engine, *graph, schema);
            result.layers.assign(static_cast<std::size_t>(L), LayerStats{});
            for (int k = 0; k < L; ++k)
                result.layers[static_cast<std::size_t>(k)].index = k;
            const std::int64_t total = opt.targets.empty() ? n : static_cast<std::int64_t>(opt.targets.size());
            const std::int64_t B = opt.nodeWiseBatch;
            const std::int64_t batches = (total + B - 1) / B;
            std::vector<std::int64_t> chosen;
            if (opt.nodeWiseMaxBatches > 0 && opt.nodeWiseMaxBatches < batches) {
                // Spread the timed batches over the id range: low ids of R-MAT graphs are the hubs.
                for (std::int64_t i = 0; i < opt.nodeWiseMaxBatches; ++i)
                    chosen.push_back(i * batches / opt.nodeWiseMaxBatches);
            } else {
                chosen.resize(static_cast<std::size_t>(batches));
                std::iota(chosen.begin(), chosen.end(), 0);
            }
            result.output = static_cast<std::int64_t>(total * outWidth * dtypeSize(opt.dtype)) > budget / 2
                ? NodeMatrix::zerosOnDisk(total, outWidth, opt.dtype, spill)
                : NodeMatrix::zeros(total, outWidth, opt.dtype);
            Tensor out = wrap(result.output);
            const auto t0 = Clock::now();
            std::int64_t done = 0;
            for (std::size_t ci = 0; ci < chosen.size(); ++ci) {
                cancel.throwIfCancelled();
                if (opt.nodeWiseTimeLimitS > 0 && done > 0 && since(t0) > opt.nodeWiseTimeLimitS)
                    break;
                const std::int64_t a = chosen[ci] * B;
                const std::int64_t b = std::min(total, a + B);
                std::vector<std::int64_t> t;
                for (std::int64_t i = a; i < b; ++i)
                    t.push_back(internal(opt.targets.empty() ? i : opt.targets[static_cast<std::size_t>(i)]));
                const Tensor rows = runner.run(t, result.layers, result.touchedNodes, cancel, [&](double f) {
                    progress.report((static_cast<double>(ci) + f) / static_cast<double>(chosen.size()),
                        "node-wise batch " + std::to_string(ci + 1) + " of " + std::to_string(chosen.size()));
                });
                out.narrow(0, a, b - a).copy_(rows.reshape({ b - a, -1 }));
                result.filledRows.emplace_back(a, b);
                ++done;
            }
            result.batchesDone = done;
            result.batchesTotal = batches;
            result.extrapolated = done < batches;
            if (!result.extrapolated)
                result.filledRows.clear();
            result.nodeCap = engine.firstNodeCap;
            result.edgeCap = engine.firstEdgeCap;
            result.peakStoreBytesInMemory = engine.peakRam();
            result.peakStoreBytesOnDisk = engine.peakDisk();
            result.edgeCacheBytes = engine.edgeCacheBytes();
            result.factoredAggregations = engine.factoredAggregations();
            break;
        }
        }
        result.measuredS = since(evalStart);
        result.totalS = result.measuredS;
        if (result.touchedNodes == 0) // the whole-graph modes compute each layer's rows once
            for (const auto& l : result.layers)
                result.touchedNodes += l.nodes;
        if (result.extrapolated && result.batchesDone > 0) {
            const double factor = static_cast<double>(result.batchesTotal) / static_cast<double>(result.batchesDone);
            result.totalS = result.measuredS * factor;
            for (auto& l : result.layers)
                l.timeS *= factor;
        }
        if (permutedOutput && !inverse.empty()) {
            result.output = scatterRows(result.output, order,
                static_cast<std::int64_t>(result.output.bytes()) > budget / 2 ? spill : std::filesystem::path());
            if (!opt.outputPath.empty())
                result.output.saveNpy(opt.outputPath);
        } else if (!opt.outputPath.empty() && !(opt.mode == EvalMode::LayerWise && opt.targets.empty())) {
            result.output.saveNpy(opt.outputPath);
        }
    } catch (const c10::Error& e) {
        std::string what = e.what_without_backtrace();
        throw Error::failure("LibTorch failed while evaluating '" + ir.modelName + "': " + what)
            .inOp(evalModeName(opt.mode));
    } catch (const std::bad_alloc&) {
        // Outside a batch (the stores, the output, a reordering): nothing smaller to try.
        throw Error::failure("out of memory evaluating '" + ir.modelName +
                             "'; give the evaluation more memory (--memory-budget), keep stores on disk (--stores disk) "
                             "or use fewer threads")
            .inOp(evalModeName(opt.mode));
    }
    result.peakRssBytes = peakRssBytes();
    progress.report(1.0, "done");
    return result;
}

const char* evalModeTitle(EvalMode mode)
{
    switch (mode) {
    case EvalMode::LayerWise:
        return "layer-wise";
    case EvalMode::NodeWise:
        return "node-wise";
    case EvalMode::FullGraph:
        return "full-graph";
    case EvalMode::HandwrittenGcn:
        return "hand-written GCN";
    }
    return "?";
}

std::string comparisonSummary(const std::vector<const EvalResult*>& results)
{
    auto secs = [](double s) {
        char buf[32];
        std::snprintf(buf, sizeof buf, s < 10 ? "%.2f s" : "%.1f s", s);
        return std::string(buf);
    };
    if (results.empty())
        return {};
    const EvalResult& first = *results.front();
    std::string out = std::string(evalModeTitle(first.mode)) + " " + secs(first.totalS);
    for (std::size_t i = 1; i < results.size(); ++i) {
        const EvalResult& r = *results[i];
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, "%.1fx", first.totalS > 0 ? r.totalS / first.totalS : 0.0);
        out += std::string(i == 1 ? " vs " : ", ") + evalModeTitle(r.mode) + " " + secs(r.totalS) + " (" + ratio
            + (r.extrapolated ? ", extrapolated" : "") + ")";
    }
    return out;
}

Json toJson(const EvalResult& r)
{
    Json layers = Json::array();
    for (const auto& l : r.layers)
        layers.push_back(
            { { "index", l.index }, { "time_s", l.timeS }, { "batches", l.batches }, { "source_pass_s", l.sourcePassS },
                { "nodes", l.nodes }, { "edges", l.edges }, { "bytes_touched", l.bytesTouched },
                { "fresh_store_bytes", l.freshStoreBytes }, { "retries", l.retries } });
    Json j = { { "mode", evalModeName(r.mode) }, { "total_s", r.totalS }, { "layers", layers },
        { "peak_rss_bytes", r.peakRssBytes }, { "extrapolated", r.extrapolated }, { "measured_s", r.measuredS },
        { "setup_s", r.setupS }, { "dtype", dtypeName(r.dtype) }, { "rows", r.output.rows() },
        { "cols", r.output.cols() }, { "memory_budget_bytes", r.memoryBudgetBytes }, { "node_cap", r.nodeCap },
        { "edge_cap", r.edgeCap }, { "peak_store_bytes_in_memory", r.peakStoreBytesInMemory },
        { "peak_store_bytes_on_disk", r.peakStoreBytesOnDisk }, { "reorder", r.reorder }, { "threads", r.threads },
        { "touched_nodes", r.touchedNodes }, { "edge_cache_bytes", r.edgeCacheBytes },
        { "factored_aggregations", r.factoredAggregations } };
    if (r.mode == EvalMode::NodeWise) {
        j["batches_done"] = r.batchesDone;
        j["batches_total"] = r.batchesTotal;
    }
    return j;
}

} // namespace vantage::dgi
