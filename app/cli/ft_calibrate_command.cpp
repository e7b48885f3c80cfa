// vantage-cli ft calibrate: measures this machine's devices (processes of EDL's worker over Gloo)
// and writes the cluster profile FT fits to them (`ft search --cluster FILE` reads it). Prints
// every figure: achieved FLOP/s per matmul shape and the fit, memory bandwidth, the per-op
// overhead, and each collective's latency and bandwidth per group size with its fit's error.

#include "cli.h"

#include "common/units.h"
#include "edl/calibration.h"
#include "edl/client.h"
#include "edl/python_ranks.h"
#include "ft/calibrate_run.h"

#include <cstdio>
#include <iostream>

namespace vantage::cli {

namespace {

std::string fixed(double v, int decimals)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

void printCalibration(const ft::CalibrateRun& run, const std::string& out)
{
    const DeviceSamples& s = run.samples;
    const ft::CalibrationFit& fit = run.fit;
    const ft::ClusterProfile& c = fit.cluster;
    std::cout << c.name << ": " << c.description << "\n"
              << s.machine.cores << " cores, " << formatBytes(s.machine.memoryBytes) << " memory\n\n";
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < s.gemms.size(); ++i) {
        const GemmSample& g = s.gemms[i];
        rows.push_back({ std::to_string(g.m) + "x" + std::to_string(g.k) + "x" + std::to_string(g.n),
            formatSeconds(g.seconds), fixed(fit.gemmFlops[i] / 1e9, 2) });
    }
    printTable({ "MATMUL (FP32)", "TIME", "GFLOP/S" }, rows);
    std::cout << "fitted " << fixed(fit.fittedFlops / 1e9, 2) << " GFLOP/s = efficiency "
              << fixed(c.device.efficiency, 3) << " of the best shape's " << fixed(c.device.peakFlops32 / 1e9, 2)
              << " (largest error of the fit " << fixed(100.0 * fit.gemm.maxRelativeError, 1) << "%)\n"
              << "memory bandwidth " << fixed(fit.copyBandwidth / 1e9, 2) << " GB/s (copies), per-op overhead "
              << fixed(s.opOverheadS * 1e6, 2) << " us, special functions (tanh, exp) "
              << fixed(s.specialSPerElement * 1e9, 2) << " ns an element\n\n";
    rows.clear();
    for (std::size_t i = 0; i < c.collectives.size(); ++i) {
        const ft::CollectiveTerm& t = c.collectives[i];
        rows.push_back({ std::string(enumName(t.kind)), std::to_string(t.group), fixed(t.latency * 1e6, 1),
            fixed(t.bandwidth / 1e9, 3), fixed(100.0 * fit.collectives[i].medianRelativeError, 1),
            fixed(100.0 * fit.collectives[i].maxRelativeError, 1) });
    }
    if (!rows.empty())
        printTable({ "COLLECTIVE", "GROUP", "LATENCY US", "GB/S", "MEDIAN ERR %", "MAX ERR %" }, rows);
    if (c.runtime.measured())
        std::cout << "strategy runner overhead per ATen op: " << fixed(c.runtime.forward * 1e6, 1) << " us forward + "
                  << fixed(c.runtime.backward * 1e6, 1) << " us backward (" << c.runtime.runtime << ")\n";
    for (const auto& [kind, how] : s.implementations)
        std::cout << kind << ": " << how << "\n";
    for (const auto& why : s.skipped)
        std::cout << "skipped: " << why << "\n";
    if (!out.empty())
        std::cout << "wrote " << out << "\n";
}

} // namespace

void addFtCalibrateCommand(CLI::App* ft, Context& ctx)
{
    struct Options {
        ft::CalibrateRequest request;
    };
    auto o = std::make_shared<Options>();
    auto* cmd = ft->add_subcommand("calibrate", "Measure this machine's devices and write a cluster profile");
    addParamOptions(cmd, calibrationPlanParams(), o->request.plan);
    cmd->add_option("--out", o->request.out, "Cluster profile JSON to write (for ft search --cluster FILE)")
        ->required()
        ->check(outputFile());
    cmd->add_option("--name", o->request.name, "The profile's name (default: calibrated-HOSTNAME)");
    cmd->add_flag("--runner-overhead", o->request.runnerOverhead,
        "Also measure the strategy runner's overhead per ATen op (Python with PyTorch 2.x; stored as "
        "runtime_overhead, which ft search prices per exported ATen op)");
    cmd->add_option(
        "--python", o->request.python, "Python with PyTorch for --runner-overhead ($VANTAGE_PYTHON, else python3)");
    cmd->callback([&ctx, o] {
        ft::CalibrateRequest request = o->request;
        request.measure = [](const CalibrationPlan& plan, Progress& progress, const CancelToken& cancel) {
            return edl::measureDevices(plan, edl::findWorkerBinary("/proc/self/exe"), progress, cancel);
        };
        request.runPython = edl::runPythonRanks;
        const ft::CalibrateRun run = ft::CalibrateRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
        if (ctx.json) {
            Json out = run.result;
            out["out"] = request.out;
            out["run"] = run.runId;
            printJson(out);
            return;
        }
        printCalibration(run, request.out);
    });
}

} // namespace vantage::cli
