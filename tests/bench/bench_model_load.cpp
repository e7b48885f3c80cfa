// What reading a model in the sandboxed reader costs against reading it in this process: the
// example GNN of scripts/write_gnn_model.py (Debian's python3-torch writes it), imported N times each
// way; prints one JSON line. Times only; assertions are the tests' (tst_cli_hostile_models).

#include "common/error.h"
#include "dgi/torchscript_import.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <vector>

#include <unistd.h>

using namespace vantage;

namespace {

double medianMs(const std::function<void()>& f, int n)
{
    std::vector<double> ms;
    for (int i = 0; i < n; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main()
{
    ::setenv("VANTAGE_MODEL_READER", VANTAGE_MODEL_READER_BIN, 0);
    const auto dir
        = std::filesystem::temp_directory_path() / ("vantage-bench-model-load-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto model = dir / "model.pt";
    const std::string cmd = "/usr/bin/python3 " VANTAGE_SOURCE_DIR "/scripts/write_gnn_model.py --out '"
        + model.string() + "' >/dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0 || !std::filesystem::exists(model)) {
        std::cout
            << R"({"bench":"model_load","skipped":"scripts/write_gnn_model.py needs /usr/bin/python3 with torch"})"
            << std::endl;
        return 0;
    }
    constexpr int kLoads = 7;
    NullProgress quiet;
    try {
        const double here = medianMs([&] { (void)dgi::importTorchScriptInProcess(model); }, kLoads);
        const double sandboxed
            = medianMs([&] { (void)dgi::importTorchScript(model, {}, quiet, CancelToken()); }, kLoads);
        std::printf("{\"bench\":\"model_load\",\"model\":\"scripts/write_gnn_model.py\",\"bytes\":%lld,\"loads\":%d,"
                    "\"in_process_ms\":%.1f,\"sandboxed_ms\":%.1f,\"isolation_ms\":%.1f}\n",
            static_cast<long long>(std::filesystem::file_size(model)), kLoads, here, sandboxed, sandboxed - here);
    } catch (const Error& e) {
        std::cerr << "bench_model_load: " << e.what() << std::endl;
        std::filesystem::remove_all(dir);
        return 1;
    }
    std::filesystem::remove_all(dir);
    return 0;
}
