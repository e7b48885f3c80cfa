#pragma once
// What a calibration of this machine's devices measures, and how: shared by the engine that runs the
// measurements in worker processes over c10d (EDL: edl/calibration.h) and the one that fits a
// cluster profile to them (FT: ft/calibrate_run.h). Plain data and its JSON; no LibTorch.
//
// A collective's `bytes` is what the alpha-beta formulas of ft/cost_model.h call n: for all-reduce
// and reduce-scatter the input each device holds, for all-gather the gathered result, for
// all-to-all what each device holds before.

#include "common/enum_names.h"
#include "common/json.h"
#include "common/params.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vantage {

class Progress;
class CancelToken;

enum class Collective {
    AllReduce,
    AllGather,
    ReduceScatter,
    AllToAll
};
inline constexpr EnumTable<Collective, 4> kCollectives{ .field = "collective",
    .entries = { { { Collective::AllReduce, "all_reduce" }, { Collective::AllGather, "all_gather" },
        { Collective::ReduceScatter, "reduce_scatter" }, { Collective::AllToAll, "all_to_all" } } } };
constexpr const auto& enumTable(Collective)
{
    return kCollectives;
}

// What to measure. Sizes double from the smallest up to the largest given here.
struct CalibrationPlan {
    int devices = 0; // processes, one device each; 0: the number of cores
    int threads = 1; // intra-op threads of each process
    std::int64_t gemmMax = 512; // largest matmul dimension (fp32); shapes from 64 up
    std::int64_t copyBytes = std::int64_t{ 32 } << 20; // bytes of the largest copy (memory bandwidth)
    std::int64_t collectiveMaxBytes = std::int64_t{ 4 } << 20; // largest collective; sizes from 4 KiB up
    int repeats = 8; // timed repetitions of each measurement (their lower quartile counts)
    double stallS = 120.0; // no word from the workers this long: the calibration fails, s
};

// The machine the figures were measured on.
struct MachineInfo {
    std::string hostname;
    std::string cpuModel; // /proc/cpuinfo's "model name"
    int cores = 0; // hardware threads this process may use
    double memoryBytes = 0.0; // MemTotal
    std::string torchVersion; // the LibTorch the workers ran
    std::string backend; // "gloo" or "nccl"
};

// Each time below is the lower quartile of the repeats on each device (a repeat the OS descheduled
// says nothing about the device), the slowest device's.
// One m x k by k x n matmul in fp32.
struct GemmSample {
    std::int64_t m = 0, k = 0, n = 0;
    double seconds = 0.0;
    double flops() const { return 2.0 * double(m) * double(k) * double(n); }
};

// One copy of `bytes` (read and write each count).
struct CopySample {
    double bytes = 0.0;
    double seconds = 0.0;
};

// One collective of `bytes` (as above) over devices 0..group-1.
struct CollectiveSample {
    Collective kind = Collective::AllReduce;
    int group = 2;
    double bytes = 0.0;
    double seconds = 0.0;
};

struct DeviceSamples {
    MachineInfo machine;
    int devices = 0;
    int threads = 1;
    std::vector<GemmSample> gemms;
    std::vector<CopySample> copies;
    double opOverheadS = 0.0; // one tiny element-wise op
    // What one element of a special function costs beyond copying it: the mean of tanh and exp over
    // the largest copy's fp32 elements (out of place, into a tensor made once), less that copy's
    // time an element, at least 0; 0 also in samples taken before it was measured.
    double specialSPerElement = 0.0;
    std::vector<CollectiveSample> collectives;
    // How the backend runs each collective where it is not the collective itself
    // ("reduce_scatter": "all-reduce, then each device keeps its slice (Gloo has no reduce-scatter)").
    std::vector<std::pair<std::string, std::string>> implementations;
    std::vector<std::string> skipped; // what was not measured and why ("nccl: no GPU")
};

// The plan's fields, declared once for `vantage-cli ft calibrate`, the run's parameters and the FT
// page: "devices", "threads_per_device", "gemm_max", "copy_bytes", "collective_max_bytes", "repeats", "stall_s".
const params::Table<CalibrationPlan>& calibrationPlanParams();

Json toJson(const CalibrationPlan& plan);
CalibrationPlan calibrationPlanFromJson(const Json& json);
Json toJson(const DeviceSamples& samples);
// Error::invalidInput naming the field that is wrong.
DeviceSamples deviceSamplesFromJson(const Json& json);

// The matmul shapes and byte sizes a plan measures: squares n x n x n and tall (4n) x n x n for n
// from 64 to gemmMax; collectives from 4 KiB to collectiveMaxBytes; copies of copyBytes / 16 ... copyBytes.
std::vector<GemmSample> gemmShapes(const CalibrationPlan& plan);
std::vector<double> collectiveSizes(const CalibrationPlan& plan);
std::vector<double> copySizes(const CalibrationPlan& plan);

// This machine: hostname, CPU model, cores and memory (the torch version and backend are the
// measuring side's).
MachineInfo thisMachine();

// How devices are measured: an engine that runs processes provides it (edl::measureDevices).
using MeasureDevices = std::function<DeviceSamples(const CalibrationPlan&, Progress&, const CancelToken&)>;

} // namespace vantage
