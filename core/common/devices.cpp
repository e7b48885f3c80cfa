#include "common/devices.h"

#include <thread>

#ifdef VANTAGE_HAVE_CUDA
#include <cuda_runtime_api.h>
#include <nccl.h>
#endif

namespace vantage {

DeviceReport probeDevices()
{
    DeviceReport r;
    r.cpuThreads = static_cast<int>(std::thread::hardware_concurrency());
#ifdef VANTAGE_HAVE_CUDA
    r.gpuPathBuilt = true;
    cudaRuntimeGetVersion(&r.cudaRuntimeVersion);
    cudaDriverGetVersion(&r.cudaDriverVersion);
    int nccl = 0;
    if (ncclGetVersion(&nccl) == ncclSuccess)
        r.ncclVersion = std::to_string(nccl / 10000) + "." + std::to_string((nccl % 10000) / 100) + "."
            + std::to_string(nccl % 100);
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        r.cudaError = std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err);
        return r;
    }
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp p{};
        if (cudaGetDeviceProperties(&p, i) != cudaSuccess)
            continue;
        r.gpus.push_back({ i, p.name, static_cast<std::int64_t>(p.totalGlobalMem), p.major, p.minor });
    }
#else
    r.cudaError = "this build of Vantage has no GPU path (built without CUDA/NCCL)";
#endif
    return r;
}

} // namespace vantage
