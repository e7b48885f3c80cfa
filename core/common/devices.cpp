#include "common/devices.h"

#include "common/error.h"

#include <charconv>
#include <thread>
#include <unistd.h>

#ifdef VANTAGE_HAVE_CUDA
#include <cuda_runtime_api.h>
#include <nccl.h>
#endif

namespace vantage {

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return {};
    return buf;
}

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
        count = 0;
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
#ifdef VANTAGE_TORCH_CUDA
    r.libTorchCuda = true;
#else
    // CUDA and NCCL were found, but the engines compute with LibTorch, and this one is CPU-only.
    if (r.gpuPathBuilt)
        r.cudaError = "this build's LibTorch is CPU-only: the engines cannot use a GPU (build the CUDA flavour, "
                      "scripts/build.sh --cuda)"
            + (r.cudaError.empty() ? std::string() : "; CUDA says " + r.cudaError);
    r.gpuPathBuilt = false;
#endif
    return r;
}

int parseDeviceIndex(const std::string& device)
{
    if (device.empty() || device == "cpu")
        return -1;
    if (device == "cuda" || device == "gpu")
        return 0;
    const std::string prefix = "cuda:";
    if (device.rfind(prefix, 0) == 0 && device.size() > prefix.size() && device.size() <= prefix.size() + 4) {
        int index = -1;
        const char* b = device.data() + prefix.size();
        const char* e = device.data() + device.size();
        const auto [end, ec] = std::from_chars(b, e, index);
        if (ec == std::errc() && end == e && index >= 0)
            return index;
    }
    throw Error::invalidInput("unknown device '" + device + "' (cpu, cuda or cuda:N)").forField("device");
}

void requireVisibleGpu(
    const std::string& device, int index, int visible, const std::string& whyNone, const std::string& field)
{
    if (visible == 0)
        throw Error::invalidInput("'" + device + "' asks for a GPU but CUDA sees none on this machine ("
            + (whyNone.empty() ? std::string("no driver, no device, or CUDA_VISIBLE_DEVICES hides them") : whyNone)
            + ")")
            .forField(field);
    if (index >= visible)
        throw Error::invalidInput("'" + device + "' does not exist: this machine has " + std::to_string(visible)
            + (visible == 1 ? " GPU (cuda:0)" : " GPUs (cuda:0 to cuda:" + std::to_string(visible - 1) + ")"))
            .forField(field);
}

void checkLocalDevices(const std::vector<std::string>& devices, const std::string& field)
{
    bool probed = false;
    DeviceReport r;
    for (const auto& d : devices) {
        if (d != "cuda" && d.rfind("cuda:", 0) != 0)
            continue; // "cpu", or a name the launcher refuses itself
        const int index = parseDeviceIndex(d);
        if (!probed) {
            r = probeDevices();
            probed = true;
        }
        if (!r.gpuPathBuilt)
            throw Error::invalidInput("'" + d + "': " + r.cudaError + "; train on cpu or build the CUDA flavour")
                .forField(field);
        requireVisibleGpu(d, index, static_cast<int>(r.gpus.size()), r.cudaError, field);
    }
}

} // namespace vantage
