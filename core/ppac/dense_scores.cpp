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
using SetThreads = void (*)(int);

struct Blas {
    Sgemm sgemm = nullptr;
};

const Blas& blas()
{
    static const Blas b = [] {
        Blas x;
        x.sgemm = reinterpret_cast<Sgemm>(::dlsym(RTLD_DEFAULT, "cblas_sgemm"));
        if (auto set = reinterpret_cast<SetThreads>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
            set(1);
        return x;
    }();
    return b;
}

} // namespace

void configureBlas()
{
    (void)blas();
}

void gemmABt(const float* a, const float* b, float* c, int m, int n, int k)
{
    if (m == 0 || n == 0)
        return;
    if (const auto sgemm = blas().sgemm) {
        sgemm(101, 111, 112, m, n, k, 1.0f, a, k, b, k, 0.0f, c, n);
        return;
    }
    for (int r = 0; r < m; ++r)
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int x = 0; x < k; ++x)
                s += a[static_cast<std::size_t>(r) * k + x] * b[static_cast<std::size_t>(j) * k + x];
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
