#pragma once
// The recipe of an "ft calibrate" run, called by `vantage-cli ft calibrate` and the FT page's
// Calibrate action: it measures this machine's devices (through the request's MeasureDevices, which
// the front end takes from EDL's process runtime, edl::measureDevices), fits a cluster profile to
// the figures and records the run. fitCluster() is the fit alone.
//
// The fit (least squares weighted by 1/time^2, so every sample counts by its relative error; a
// sample more than 50% off the line, disturbed on a busy machine, is dropped and the line fitted
// again, at most a third of them; FitQuality counts every sample):
//   matmul   time = FLOPs / R over every shape: peak_tflops_fp32 is the best shape's achieved
//            FLOP/s, efficiency = R / that peak (fp16 is not measured: its peak is fp32's)
//   memory   the copies' bytes moved / time at the largest copy; stored divided by the efficiency,
//            so that the cost model's achievable bandwidth (bandwidth x efficiency) is the measured
//   overhead kernel_overhead_us = one tiny op's time
//   special  special_gelements_per_s = 1 / (the mean time of an element of tanh and of exp less an
//            element copied) (achieved, not divided by the efficiency); absent where that is 0 and
//            from samples older than it (not priced then)
//   each collective and group size: time = latency + bytes / bandwidth (ClusterProfile::collectives)
//   links    intra = inter node = the 2-device all-reduce's terms as a ring runs it (alpha / 2,
//            beta), for what the profile has no measured term of (halos, larger groups)
//   devices_per_node = the devices measured; memory per device = the machine's memory / devices
//
// What a calibrate run holds (shape version 1; a change here is a new version with its upgrader in
// store/run_shapes.cpp):
//   params    calibrationPlanParams() fields ("devices", "threads_per_device", "gemm_max", "copy_bytes",
//             "collective_max_bytes", "repeats", "stall_s") with "name" and "out"
//   result    {"cluster": the profile (ft::toJson), "machine": {hostname, cpu_model, cores,
//             memory_bytes, torch_version, backend}, "samples": toJson(DeviceSamples),
//             "fit": calibrationFitJson}
//             with --runner-overhead, params "runner_overhead": true and result "runner_overhead": the
//             measurement python -m vantage.ft.overhead printed (the profile's runtime_overhead)
//   artifact  "cluster.json": the profile
//   summary   "host: 2 devices x 1 thread, 31.2 GFLOP/s, all-reduce 2: 45 us + 1.2 GB/s"

#include "common/calibration.h"
#include "common/python_ranks.h"
#include "ft/cluster.h"
#include "store/recipe.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::ft {

struct CalibrateRequest {
    CalibrationPlan plan; // what to measure (calibrationPlanParams())
    std::string name; // the profile's name; empty: "calibrated-<hostname>"
    std::string out; // the profile JSON to write; empty: none
    MeasureDevices measure; // how the devices are measured (required)
    // Also measure the strategy runner's overhead per ATen op (python -m vantage.ft.overhead on a
    // mesh of the measured devices, a child process run by `runPython`), stored as the profile's
    // runtime_overhead; off, the profile has none and the cost model prices kernels as before.
    bool runnerOverhead = false;
    std::string python; // the interpreter; empty: $VANTAGE_PYTHON, else python3
    RunPythonRanks runPython; // required with runnerOverhead (edl::runPythonRanks)
};

// How well a fitted term reproduces the samples it was fitted to.
struct FitQuality {
    double maxRelativeError = 0.0; // max over samples of |fit - measured| / measured
    double medianRelativeError = 0.0;
};

struct CalibrationFit {
    ClusterProfile cluster;
    std::vector<double> gemmFlops; // achieved FLOP/s of each GEMM sample, in the samples' order
    double fittedFlops = 0.0; // R
    FitQuality gemm;
    double copyBandwidth = 0.0; // bytes/s measured at the largest copy
    std::vector<FitQuality> collectives; // one per cluster.collectives term
};

// Fits a cluster profile named `name` to the samples. Error::failure when the samples cannot carry
// a profile (no matmul, no copy, a non-positive time).
CalibrationFit fitCluster(const DeviceSamples& samples, const std::string& name);
nlohmann::json calibrationFitJson(const CalibrationFit& fit, const DeviceSamples& samples);

struct CalibrateRun {
    std::int64_t runId = 0;
    DeviceSamples samples;
    CalibrationFit fit;
    nlohmann::json result; // as stored
    std::string summary;
};

struct CalibrateRecipe
    : store::RowRecipe<store::Engine::Ft, store::RunKind::Calibrate, CalibrateRequest, CalibrateRun> {
    // Checks the plan's ranges and that `out` can be written before anything is measured.
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

static_assert(store::Recipe<CalibrateRecipe>);

} // namespace vantage::ft
