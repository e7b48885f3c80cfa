// LibTorch translation unit: the device queries of the GPU evaluator. Only the CUDA build
// (VANTAGE_TORCH_CUDA: a LibTorch with torch_cuda) has them; elsewhere they refuse.
#include "dgi/device_engine_p.h"

#ifdef VANTAGE_TORCH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>
#endif

#include <torch/version.h>

#include <algorithm>

namespace vantage::dgi::detail {

namespace gpu {

#ifdef VANTAGE_TORCH_CUDA

std::string cudnnVersion()
{
    if (!at::detail::getCUDAHooks().hasCuDNN())
        return {};
    const long v = at::detail::getCUDAHooks().versionCuDNN(); // 91900: 9.19.0
    return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

bool built()
{
    return true;
}

int deviceCount()
{
    return torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0;
}

std::string name(int index)
{
    return at::cuda::getDeviceProperties(static_cast<c10::DeviceIndex>(index))->name;
}

std::int64_t freeBytes(int index)
{
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(index));
    std::size_t free = 0;
    std::size_t total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess)
        return 0;
    // Memory LibTorch holds in its cache but no tensor uses is free to this evaluation too.
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(index));
    return static_cast<std::int64_t>(free) + stats.reserved_bytes[0].current - stats.allocated_bytes[0].current;
}

std::int64_t allocatedBytes(int index)
{
    return c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(index))
        .allocated_bytes[0]
        .current;
}

std::int64_t peakAllocatedBytes(int index)
{
    return c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(index))
        .allocated_bytes[0]
        .peak;
}

void resetPeak(int index)
{
    c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(index));
}

void emptyCache()
{
    c10::cuda::CUDACachingAllocator::emptyCache();
}

void limitMemory(int index, std::int64_t bytes)
{
    const auto total
        = static_cast<double>(at::cuda::getDeviceProperties(static_cast<c10::DeviceIndex>(index))->totalGlobalMem);
    const double fraction = bytes <= 0 ? 1.0 : std::min(1.0, static_cast<double>(bytes) / total);
    c10::cuda::CUDACachingAllocator::setMemoryFraction(fraction, static_cast<c10::DeviceIndex>(index));
}

void synchronize(int index)
{
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(index));
    c10::cuda::device_synchronize();
}

void warmUp(int index)
{
    const auto options
        = torch::TensorOptions().dtype(torch::kFloat32).device(torch::kCUDA, static_cast<c10::DeviceIndex>(index));
    const torch::Tensor a = torch::ones({ 8, 8 }, options);
    const torch::Tensor crow = torch::arange(0, 9, options.dtype(torch::kLong));
    const torch::Tensor col = torch::arange(0, 8, options.dtype(torch::kLong));
    const torch::Tensor csr = torch::sparse_csr_tensor(crow, col, torch::ones({ 8 }, options), { 8, 8 }, options);
    (a.mm(a) + csr.matmul(a)).sum().item<float>();
}

void useFullPrecision()
{
    at::globalContext().setAllowTF32CuBLAS(false);
    at::globalContext().setAllowTF32CuDNN(false);
}

#else

namespace {
[[noreturn]] void noCuda()
{
    throw Error::invalidInput("this build of Vantage has no GPU path: its LibTorch ("
        + std::to_string(TORCH_VERSION_MAJOR) + "." + std::to_string(TORCH_VERSION_MINOR)
        + ") is CPU-only; build the CUDA flavour (scripts/setup-deps.sh --cuda, scripts/build.sh --cuda) to "
          "evaluate on a GPU")
        .forField("device");
}
} // namespace

bool built()
{
    return false;
}
std::string cudnnVersion()
{
    return {};
}
int deviceCount()
{
    return 0;
}
std::string name(int)
{
    noCuda();
}
std::int64_t freeBytes(int)
{
    noCuda();
}
std::int64_t allocatedBytes(int)
{
    noCuda();
}
std::int64_t peakAllocatedBytes(int)
{
    noCuda();
}
void resetPeak(int)
{
    noCuda();
}
void emptyCache()
{
    noCuda();
}
void limitMemory(int, std::int64_t)
{
    noCuda();
}
void synchronize(int)
{
    noCuda();
}
void warmUp(int)
{
    noCuda();
}
void useFullPrecision()
{
    noCuda();
}

#endif

} // namespace gpu
} // namespace vantage::dgi::detail
