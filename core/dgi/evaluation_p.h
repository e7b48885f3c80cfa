#pragma once
// Private to the evaluation engine's translation units: evaluation.cpp (the modes and the public
// functions), layer_engine.cpp (the layer loop and batches), node_stores.cpp (the stores between
// layers), edge_values.cpp (per-edge values and factored weights), dense_ops.cpp and
// mode_runners.cpp (full-graph and hand-written references).

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

namespace vantage::dgi::detail {

using torch::Tensor;
using Clock = std::chrono::steady_clock;

inline double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

inline at::ScalarType scalarOf(DType t)
{
    return t == DType::Float64 ? torch::kFloat64 : torch::kFloat32;
}

inline Tensor wrap(const NodeMatrix& m)
{
    return torch::from_blob(const_cast<void*>(m.data()), { m.rows(), m.cols() }, scalarOf(m.dtype()));
}

inline Tensor wrapIndex(std::span<const std::int64_t> s)
{
    return torch::from_blob(const_cast<std::int64_t*>(s.data()), { static_cast<std::int64_t>(s.size()) }, torch::kLong);
}

inline std::vector<std::int64_t> withRows(std::int64_t rows, const std::vector<std::int64_t>& shape)
{
    std::vector<std::int64_t> s{ rows };
    s.insert(s.end(), shape.begin(), shape.end());
    return s;
}

// LibTorch's CPU allocator says "DefaultCPUAllocator: can't allocate memory: you tried to allocate
// ..."; CUDA's, "CUDA out of memory". The message only: the backtrace names allocator frames of
// errors that have nothing to do with memory.
inline bool isOutOfMemory(const c10::Error& e)
{
    const std::string m = e.what_without_backtrace();
    return m.find("can't allocate memory") != std::string::npos || m.find("out of memory") != std::string::npos;
}

// The one out-of-memory policy of a batch: runs `batch`; when it runs out of memory (std::bad_alloc,
// or a LibTorch allocation error) with more than one row it returns false, and the caller halves
// its caps and tries again (counted in `retries`). One row that does not fit is Error::failure
// naming `what`; any other error goes on as it is.
template <typename F> bool runOrHalve(std::int64_t rows, const std::string& what, int& retries, F&& batch)
{
    try {
        batch();
        return true;
    } catch (const c10::Error& e) {
        if (!isOutOfMemory(e))
            throw;
    } catch (const std::bad_alloc&) { }
    if (rows <= 1)
        throw Error::failure("out of memory evaluating a single node of " + what
            + "; give the evaluation more memory (--memory-budget) or use fewer threads");
    ++retries;
    return false;
}

} // namespace vantage::dgi::detail
