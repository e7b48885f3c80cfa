#pragma once
// What accelerators this machine has, asked of the CUDA runtime and NCCL when the GPU path is built.
// Without a GPU the CUDA error is reported as text, never as a crash.

#include <cstdint>
#include <string>
#include <vector>

namespace vantage {

struct GpuInfo {
    int index = 0;
    std::string name;
    std::int64_t memoryBytes = 0;
    int computeMajor = 0;
    int computeMinor = 0;
};

struct DeviceReport {
    bool gpuPathBuilt = false; // this build has the CUDA/NCCL path
    int cudaRuntimeVersion = 0;
    int cudaDriverVersion = 0;
    std::string ncclVersion; // "2.27.3", empty when not built
    std::string cudaError; // why no GPU could be listed, empty when the query worked
    std::vector<GpuInfo> gpus;
    int cpuThreads = 0;
};

DeviceReport probeDevices();

} // namespace vantage
