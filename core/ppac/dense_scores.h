#pragma once
// Internal to core/ppac: the one dense kernel of inference, base scores of a few users against
// every item. It runs on the calling thread (callers parallelise over users with parallelFor), on
// the BLAS that LibTorch loads into the process (found at run time: cblas_sgemm, as Debian's
// OpenBLAS has it, else the Fortran sgemm_, as the MKL inside PyPI's LibTorch has it; a plain loop
// when neither is there). OpenBLAS's own thread pool is set to one thread: mixing it with
// LibTorch's OpenMP pool on few cores made training ten times slower in our measurements.

#include "ppac/model.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vantage::ppac::detail {

// Once per process: OpenBLAS (when it is the BLAS) to one thread. Safe to call often.
void configureBlas();

// Which of them this process uses: "cblas_sgemm", "sgemm_" or "none (a plain loop)".
const char* blasName();

// C[m x n] = A[m x k] * B[n x k]^T, all row-major, on the BLAS when there is one.
void gemmABt(const float* a, const float* b, float* c, int m, int n, int k);

// The same on a chosen path (tests compare the BLAS with the loop; Blas without one is the loop).
enum class GemmPath {
    Blas,
    Loop
};
void gemmABtWith(GemmPath path, const float* a, const float* b, float* c, int m, int n, int k);

// Per-thread buffers of denseBaseScores.
struct ScoreScratch {
    std::vector<float> rows; // gathered user vectors
    std::vector<float> branch; // p_ui of the block (PPAC)
};

// out[r * numItems + i] = y_ui * p_ui * q_i (y_ui without PPAC) for u = users[r].
void denseBaseScores(const ScoringParts& parts, std::span<const std::int32_t> users, float* out, ScoreScratch& scratch);

} // namespace vantage::ppac::detail
