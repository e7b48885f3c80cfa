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
    bool gpuPathBuilt = false; // this build has the CUDA/NCCL path and a LibTorch with CUDA
    bool libTorchCuda = false; // this build's LibTorch has CUDA (the engines can use a GPU)
    int cudaRuntimeVersion = 0;
    int cudaDriverVersion = 0;
    std::string ncclVersion; // "2.27.3", empty when not built
    std::string cudaError; // why no GPU could be listed, empty when the query worked
    std::vector<GpuInfo> gpus;
    int cpuThreads = 0;
};

DeviceReport probeDevices();

// This machine's name (gethostname), empty when it has none: what the session, the EDL leader and
// its workers and a calibration record as where they ran.
std::string hostName();

// "cpu" (or empty) -> -1; "cuda" / "gpu" -> 0; "cuda:N" -> N. Anything else throws
// Error::invalidInput naming the string (field "device").
int parseDeviceIndex(const std::string& device);

// Refuses GPU `index` (from `device`, as the user wrote it) when CUDA sees `visible` GPUs: none
// (`whyNone`, CUDA's error, says why when known) or too few. Error::invalidInput for `field`.
void requireVisibleGpu(
    const std::string& device, int index, int visible, const std::string& whyNone, const std::string& field);

// Refuses local devices this machine cannot give: "cuda" / "cuda:N" on a build without the GPU path,
// with no GPU visible, or past the last GPU. Error::invalidInput naming the device and what is
// missing; "cpu" and other names pass (their own checks name them).
void checkLocalDevices(const std::vector<std::string>& devices, const std::string& field = "devices");

} // namespace vantage
