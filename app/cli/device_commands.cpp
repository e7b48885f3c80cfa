// vantage-cli devices: what this machine offers the engines (CPU threads, GPUs, CUDA, NCCL).

#include "cli.h"

#include "common/devices.h"
#include "common/units.h"
#ifdef VANTAGE_CLI_DGI
#include "dgi/evaluation.h"
#include "dgi/torchscript_import.h"
#endif

#include <iostream>

namespace vantage::cli {

void addDeviceCommands(CLI::App& app, Context& ctx)
{
    auto* devices = app.add_subcommand("devices", "List CPU threads and GPUs (CUDA, NCCL) seen by this build");
    devices->callback([&ctx] {
        const auto r = probeDevices();
        std::string libtorch;
        std::string cudnn;
#ifdef VANTAGE_CLI_DGI
        libtorch = dgi::libTorchVersion();
        cudnn = dgi::cudnnVersion();
#endif
        if (ctx.json) {
            Json gpus = Json::array();
            for (const auto& g : r.gpus)
                gpus.push_back({ { "index", g.index }, { "name", g.name }, { "memory_bytes", g.memoryBytes },
                    { "compute_capability", std::to_string(g.computeMajor) + "." + std::to_string(g.computeMinor) } });
            printJson({ { "cpu_threads", r.cpuThreads }, { "gpu_path_built", r.gpuPathBuilt },
                { "cuda_runtime_version", r.cudaRuntimeVersion }, { "cuda_driver_version", r.cudaDriverVersion },
                { "nccl_version", r.ncclVersion }, { "cuda_error", r.cudaError }, { "gpus", gpus },
                { "libtorch_version", libtorch }, { "libtorch_cuda", r.libTorchCuda }, { "cudnn_version", cudnn } });
            return;
        }
        std::vector<std::pair<std::string, std::string>> kv = { { "CPU threads", std::to_string(r.cpuThreads) },
            { "GPU path", r.gpuPathBuilt ? "built" : "not built" } };
        if (!libtorch.empty())
            kv.emplace_back("LibTorch", libtorch + (r.libTorchCuda ? " (CUDA)" : " (CPU only)"));
        if (r.gpuPathBuilt) {
            kv.emplace_back("CUDA runtime", std::to_string(r.cudaRuntimeVersion));
            kv.emplace_back("cuDNN", cudnn.empty() ? "none" : cudnn);
            kv.emplace_back("NCCL", r.ncclVersion.empty() ? "unknown" : r.ncclVersion);
        }
        kv.emplace_back("GPUs", std::to_string(r.gpus.size()) + (r.cudaError.empty() ? "" : " (" + r.cudaError + ")"));
        printKeyValues(kv);
        for (const auto& g : r.gpus)
            std::cout << "  [" << g.index << "] " << g.name << ", " << formatBytes(static_cast<double>(g.memoryBytes))
                      << ", sm_" << g.computeMajor << g.computeMinor << '\n';
    });
}

} // namespace vantage::cli
