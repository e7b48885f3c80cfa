#pragma once
// FT's strategies run for real: the recipes of `vantage-cli ft run` (one strategy, "execute") and
// `vantage-cli ft validate` (every point of a frontier, "validate"), and of the FT page's "Run this
// strategy". The user's own nn.Module runs in PyTorch through the vantage package's runner
// (python/vantage/ft/runner.py, docs/ft.md "Running a strategy"), started as one process per device
// (common/python_ranks.h): each op's configuration is a DTensor placement, Gloo on CPU, NCCL on GPUs.
// Before the ranks start, the runner checks in one process that every op's configuration can run
// (a refusal names the op); a one-process run of the same module, seed and batches gives the losses
// every strategy must reproduce (relative 1e-4 in fp32).
//
// What an execute run holds (shape version 1; a change is a new version with its upgrader in
// store/run_shapes.cpp):
//   params    {"module": moduleSourceJson, "runner": runnerOptionsParams() fields, "devices",
//              "strategy_file" | null, "cluster": profile name | null, "pick"}
//   result    {"strategy": the strategy JSON as priced (strategyJson), "measurement":
//              measurementJson, "reference_losses": [...]}
//   artifact  "strategy.json", "runner.json" (the runner's result file)
//   summary   "tiny_gpt2 x2 b2 x22: measured 41.2 ms / predicted 38.0 ms, 61.2 / 58.0 MiB, losses equal"
// What a validate run holds (shape version 1):
//   params    {"module", "runner", "devices", "points", "cluster": the profile (toJson)}
//   result    validationJson: {"devices", "cluster", "frontier_points", "strategies": [measurementJson],
//              "median_time_error", "median_memory_error", "spearman_time", "predicted_fastest",
//              "measured_fastest", "fastest_gap", "reference_losses"}
//   series    "validate/time": x = predicted s, y = measured s; "validate/memory": bytes, both per strategy
//   summary   "tiny_gpt2 x2: 5 strategies, median |error| time 12.0%, memory 4.1%, Spearman 0.90"

#include "common/params.h"
#include "common/python_ranks.h"
#include "ft/cluster.h"
#include "store/recipe.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::ft {

// The user's module, as the exporter (scripts/export_ft_graph.py) and the runner take it.
struct ModuleSource {
    std::string model; // FILE.py:NAME or MODULE:NAME, a callable returning the nn.Module
    std::string kwargs; // JSON object of the callable's keyword arguments; empty: none
    std::vector<std::string> inputs; // one sample per forward argument: "long:128", "float:3,32,32"
    std::int64_t batch = 8;
};
nlohmann::json toJson(const ModuleSource& module);
ModuleSource moduleSourceFromJson(const nlohmann::json& json);

struct RunnerOptions {
    int steps = 5; // timed training steps of every run
    int warmup = 1; // untimed steps before them
    std::int64_t seed = 0; // weights and batches
    int threads = 1; // intra-op threads of each process
    std::string device = "cpu"; // cpu or cuda (NCCL, one GPU per process)
    std::string python; // the interpreter; empty: $VANTAGE_PYTHON, else python3
    double stallS = 600.0; // a run that prints nothing for this long is stopped
};
// "steps", "warmup", "seed", "threads", "device", "python", "stall_s", declared once for
// vantage-cli ft run / validate, the runs' parameters and the FT page.
const params::Table<RunnerOptions>& runnerOptionsParams();

// One strategy run against its prediction.
struct Measurement {
    std::string label; // "fastest", "point 3 of 7", the strategy file's name
    int point = -1; // index on the frontier, by time; -1: a strategy from a file
    std::string configs; // the configurations used, "b2 x20, c2 x2"
    double predictedTime = 0.0; // s per iteration
    double predictedMemory = 0.0; // bytes per device
    double measuredTime = 0.0; // median step of the slowest rank
    double measuredMemory = 0.0; // the largest peak of any rank
    double lossError = -1.0; // largest relative difference from the one-process losses; -1: not compared
    std::string refused; // why the runner could not run it (the op named): nothing measured
    std::string failed; // a validation's strategy that failed while it ran (its rank and log named)
    nlohmann::json runner; // the runner's result file

    bool measured() const { return refused.empty() && failed.empty() && measuredTime > 0.0; }
    double timeError() const; // (predicted - measured) / measured
    double memoryError() const;
    bool lossesMatch() const { return lossError >= 0.0 && lossError <= 1e-4; }
};
nlohmann::json measurementJson(const Measurement& m);

// Spearman's rank correlation of two equally long lists (ties share their mean rank); 0 for fewer
// than two values or a list without spread.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

struct ExecuteRequest {
    ModuleSource module;
    int devices = 2; // processes, one device each
    // The strategy: a file `ft export` wrote, or, when empty, the `pick` ("fastest", "min-memory",
    // "under-memory=GB") of the module's frontier searched now on `cluster` (fp32, as the runner trains).
    std::string strategyFile;
    nlohmann::json strategy; // or the strategy itself (the FT page's pick); null: the file or a search
    ClusterProfile cluster;
    std::string pick = "fastest";
    RunnerOptions runner;
    RunPythonRanks runRanks; // how the processes run (required; edl::runPythonRanks)
};

struct ExecuteRun {
    std::int64_t runId = 0;
    nlohmann::json strategy;
    Measurement measurement;
    std::vector<double> referenceLosses;
    nlohmann::json result;
    std::string summary;
};

struct ExecuteRecipe : store::RowRecipe<store::Engine::Ft, store::RunKind::Execute, ExecuteRequest, ExecuteRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

struct ValidateRequest {
    ModuleSource module;
    int devices = 2;
    ClusterProfile cluster; // the prediction's profile (`ft calibrate`'s for figures worth reading)
    int points = 0; // 0: every point of the frontier; N: N of them spread evenly over its points (by time)
    RunnerOptions runner;
    RunPythonRanks runRanks;
};

struct ValidateRun {
    std::int64_t runId = 0;
    std::vector<Measurement> rows;
    std::vector<double> referenceLosses;
    int frontierPoints = 0;
    double medianTimeError = 0.0; // of |error|, over the strategies measured
    double medianMemoryError = 0.0;
    double spearmanTime = 0.0;
    int predictedFastest = -1; // indices into rows
    int measuredFastest = -1;
    double fastestGap = 0.0; // (measured time of the predicted fastest - measured fastest) / measured fastest
    nlohmann::json result;
    std::string summary;
};

struct ValidateRecipe : store::RowRecipe<store::Engine::Ft, store::RunKind::Validate, ValidateRequest, ValidateRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};

static_assert(store::Recipe<ExecuteRecipe>);
static_assert(store::Recipe<ValidateRecipe>);

// The points of a frontier of `count` points (ordered by time) that a validation runs: all when
// `wanted` is 0 or at least `count`, else `wanted` of them spread evenly by index (the fastest and
// the least memory always), ascending.
std::vector<int> spreadPoints(int count, int wanted);

} // namespace vantage::ft
