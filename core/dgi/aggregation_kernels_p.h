#pragma once
// The aggregation kernels of the layer engine (header-only: templates over the scalar type, the
// reduction and the edge weights, instantiated where the engine calls them).

#include "dgi/evaluation_p.h"

namespace vantage::dgi::detail {

// ---------------------------------------------------------------------------------------------
// Kernels over destination segments: edges [off[d], off[d + 1]) of a block end at destination d.

inline constexpr std::int64_t kMaxBatchEdges = std::int64_t{ 1 } << 20;
// Working memory of a source-pass batch (below glibc's largest mmap threshold, keepFreedBatchMemory).
inline constexpr std::int64_t kSourceBatchBytes = std::int64_t{ 16 } << 20;
inline constexpr std::int64_t kMaxBatchNodes = std::int64_t{ 1 } << 15;

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
inline constexpr std::int64_t kPrefetchAhead = 8;

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
inline Buffer freshMemory(std::size_t bytes)
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

} // namespace vantage::dgi::detail
