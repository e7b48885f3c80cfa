#include "ppac/dense_scores.h"

#include "ppac/fast_math.h"

#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <mutex>

namespace vantage::ppac::detail {

namespace {

// The CBLAS entry point (enum arguments as int: CblasRowMajor = 101, CblasNoTrans = 111, CblasTrans = 112).
using Sgemm = void (*)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*, int);
// The Fortran one (column-major, by pointer, with gfortran's hidden lengths of the two flags), which
// every BLAS exports: PyPI's LibTorch carries MKL inside libtorch_cpu and exports `sgemm_` but no
// `cblas_sgemm`; without this the plain loop ran there, 4x slower than the whole epoch.
using FortranSgemm = void (*)(const char*, const char*, const int*, const int*, const int*, const float*, const float*,
    const int*, const float*, const int*, const float*, float*, const int*, std::size_t, std::size_t);
using SetThreads = void (*)(int);
using SetLocalThreads = int (*)(int);

struct Blas {
    Sgemm sgemm = nullptr;
    FortranSgemm fortranSgemm = nullptr;
    SetLocalThreads mklLocalThreads = nullptr; // MKL (its C name; mkl_set_num_threads_local is Fortran's, by pointer)
    const char* name = "none (a plain loop)";
};

const Blas& blas()
{
    static const Blas b = [] {
        Blas x;
        x.sgemm = reinterpret_cast<Sgemm>(::dlsym(RTLD_DEFAULT, "cblas_sgemm"));
        if (x.sgemm)
            x.name = "cblas_sgemm";
        else if ((x.fortranSgemm = reinterpret_cast<FortranSgemm>(::dlsym(RTLD_DEFAULT, "sgemm_"))))
            x.name = "sgemm_";
        if (auto set = reinterpret_cast<SetThreads>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
            set(1);
        x.mklLocalThreads = reinterpret_cast<SetLocalThreads>(::dlsym(RTLD_DEFAULT, "MKL_Set_Num_Threads_Local"));
        return x;
    }();
    return b;
}

} // namespace

void configureBlas()
{
    (void)blas();
}

const char* blasName()
{
    return blas().name;
}

void gemmABt(const float* a, const float* b, float* c, int m, int n, int k)
{
    gemmABtWith(blas().sgemm || blas().fortranSgemm ? GemmPath::Blas : GemmPath::Loop, a, b, c, m, n, k);
}

void gemmABtWith(GemmPath path, const float* a, const float* b, float* c, int m, int n, int k)
{
    if (m == 0 || n == 0)
        return;
    const auto& x = blas();
    if (path == GemmPath::Blas && x.sgemm) {
        x.sgemm(101, 111, 112, m, n, k, 1.0f, a, k, b, k, 0.0f, c, n);
        return;
    }
    if (path == GemmPath::Blas && x.fortranSgemm) {
        // Row-major C = A B^T is column-major C^T = B A^T: B's rows are the columns of its transpose.
        // Callers parallelise over users; MKL's own pool would oversubscribe. The setting is the
        // calling thread's and lasts, so it is put back (LibTorch's own products on this thread).
        const int previous = x.mklLocalThreads ? x.mklLocalThreads(1) : 0;
        const float one = 1.0f, zero = 0.0f;
        x.fortranSgemm("T", "N", &n, &m, &k, &one, b, &k, a, &k, &zero, c, &n, 1, 1);
        if (x.mklLocalThreads)
            x.mklLocalThreads(previous);
        return;
    }
    for (int r = 0; r < m; ++r)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int x2 = 0; x2 < k; ++x2)
                s += a[static_cast<std::size_t>(r) * k + x2] * b[static_cast<std::size_t>(j) * k + x2];
            c[static_cast<std::size_t>(r) * n + j] = s;
        }
}

void denseBaseScores(const ScoringParts& parts, std::span<const std::int32_t> users, float* out, ScoreScratch& scratch)
{
    const auto m = static_cast<int>(users.size());
    const int n = parts.numItems;
    const auto d = static_cast<std::size_t>(parts.dim);
    const auto cells = static_cast<std::size_t>(m) * static_cast<std::size_t>(n);
    scratch.rows.resize(static_cast<std::size_t>(m) * d);
    for (int r = 0; r < m; ++r)
        std::memcpy(&scratch.rows[static_cast<std::size_t>(r) * d],
            &parts.users[static_cast<std::size_t>(users[static_cast<std::size_t>(r)]) * d], d * sizeof(float));
    gemmABt(scratch.rows.data(), parts.items.data(), out, m, n, parts.dim);
    if (!parts.ppac)
        return;
    for (int r = 0; r < m; ++r)
        std::memcpy(&scratch.rows[static_cast<std::size_t>(r) * d],
            &parts.userBranch[static_cast<std::size_t>(users[static_cast<std::size_t>(r)]) * d], d * sizeof(float));
    scratch.branch.resize(cells);
    gemmABt(scratch.rows.data(), parts.itemBranch.data(), scratch.branch.data(), m, n, parts.dim);
    const float* q = parts.itemGlobal.data();
    for (int r = 0; r < m; ++r) {
        float* row = out + static_cast<std::size_t>(r) * n;
        const float* p = scratch.branch.data() + static_cast<std::size_t>(r) * n;
        for (int i = 0; i < n; ++i)
            row[i] = row[i] * sigmoid(p[i]) * q[i];
    }
}

} // namespace vantage::ppac::detail
