#pragma once
// Internal to core/ppac: the one dense kernel of inference, base scores of a few users against
// every item. It runs on the calling thread (callers parallelise over users with parallelFor), on
// the system BLAS that LibTorch loads into the process (cblas_sgemm, found at run time; a plain
// loop when it is missing). OpenBLAS's own thread pool is set to one thread: mixing it with
// LibTorch's OpenMP pool on few cores made training ten times slower in our measurements.

#include "ppac/model.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vantage::ppac::detail {

// Once per process: OpenBLAS (when it is the BLAS) to one thread. Safe to call often.
void configureBlas();

// C[m x n] = A[m x k] * B[n x k]^T, all row-major.
void gemmABt(const float* a, const float* b, float* c, int m, int n, int k);

// Per-thread buffers of denseBaseScores.
struct ScoreScratch {
    std::vector<float> rows; // gathered user vectors
    std::vector<float> branch; // p_ui of the block (PPAC)
};

// out[r * numItems + i] = y_ui * p_ui * q_i (y_ui without PPAC) for u = users[r].
void denseBaseScores(const ScoringParts& parts, std::span<const std::int32_t> users, float* out, ScoreScratch& scratch);

} // namespace vantage::ppac::detail
