#include "ft/calibrate_run.h"

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "store/run_scope.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <unistd.h>

namespace vantage::ft {

namespace {

// Least squares of time = a + b x with weights 1 / time^2; `intercept` false fits b alone.
struct Line {
    double a = 0.0, b = 0.0;
};

Line fitLine(const std::vector<double>& x, const std::vector<double>& t, bool intercept)
{
    double sw = 0, sx = 0, sxx = 0, st = 0, sxt = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double w = 1.0 / (t[i] * t[i]);
        sw += w;
        sx += w * x[i];
        sxx += w * x[i] * x[i];
        st += w * t[i];
        sxt += w * x[i] * t[i];
    }
    const double det = sw * sxx - sx * sx;
    if (intercept && x.size() >= 2 && det > 0.0) {
        const Line l{ (sxx * st - sx * sxt) / det, (sw * sxt - sx * st) / det };
        if (l.a >= 0.0 && l.b > 0.0)
            return l;
        if (l.b <= 0.0) // flat: the latency is all there is; a bandwidth far above any sample's
            return { st / sw, 1e-15 };
    }
    return { 0.0, sxx > 0.0 ? sxt / sxx : 0.0 }; // through the origin (a negative intercept is noise)
}

// The fit without the samples a busy machine disturbed: while the worst sample is more than 50% off
// the line, it is dropped and the line fitted again, at most a third of the samples in all.
Line robustLine(std::vector<double> x, std::vector<double> t, bool intercept)
{
    Line l = fitLine(x, t, intercept);
    for (std::size_t drops = x.size() / 3; drops > 0; --drops) {
        std::size_t worst = 0;
        double worstError = 0.0;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (const double e = std::abs(l.a + l.b * x[i] - t[i]) / t[i]; e > worstError) {
                worst = i;
                worstError = e;
            }
        if (worstError <= 0.5)
            break;
        x.erase(x.begin() + static_cast<std::ptrdiff_t>(worst));
        t.erase(t.begin() + static_cast<std::ptrdiff_t>(worst));
        l = fitLine(x, t, intercept);
    }
    return l;
}

FitQuality quality(const std::vector<double>& x, const std::vector<double>& t, const Line& l)
{
    std::vector<double> errors;
    for (std::size_t i = 0; i < x.size(); ++i)
        errors.push_back(std::abs(l.a + l.b * x[i] - t[i]) / t[i]);
    FitQuality q;
    if (errors.empty())
        return q;
    std::sort(errors.begin(), errors.end());
    q.maxRelativeError = errors.back();
    q.medianRelativeError = errors[errors.size() / 2];
    return q;
}

void requirePositive(double seconds, const std::string& what)
{
    if (!(seconds > 0.0) || !std::isfinite(seconds))
        throw Error::failure("the calibration measured no positive time for " + what);
}

void fitCompute(const DeviceSamples& s, CalibrationFit& fit)
{
    if (s.gemms.empty() || s.copies.empty())
        throw Error::failure("the calibration has no matmul or no copy to fit");
    std::vector<double> flops, times;
    for (const auto& g : s.gemms) {
        requirePositive(g.seconds, "a matmul");
        flops.push_back(g.flops());
        times.push_back(g.seconds);
        fit.gemmFlops.push_back(g.flops() / g.seconds);
    }
    const Line line = robustLine(flops, times, false);
    fit.fittedFlops = 1.0 / line.b;
    fit.gemm = quality(flops, times, line);
    const CopySample& largest = *std::max_element(
        s.copies.begin(), s.copies.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
    requirePositive(largest.seconds, "a copy");
    fit.copyBandwidth = 2.0 * largest.bytes / largest.seconds; // read and written

    DeviceProfile& d = fit.cluster.device;
    const double peak = *std::max_element(fit.gemmFlops.begin(), fit.gemmFlops.end());
    d.name = s.machine.cpuModel.empty() ? "CPU" : s.machine.cpuModel;
    d.peakFlops32 = peak;
    d.peakFlops16 = peak;
    d.efficiency = std::clamp(fit.fittedFlops / peak, 1e-3, 1.0);
    d.memoryBandwidth = fit.copyBandwidth / d.efficiency;
    d.memoryBytes = s.machine.memoryBytes > 0.0 ? s.machine.memoryBytes / std::max(1, s.devices) : 1e9;
    d.kernelOverhead = std::max(0.0, s.opOverheadS);
    d.specialRate = s.specialSPerElement > 0.0 ? 1.0 / s.specialSPerElement : 0.0;
}

void fitCollectives(const DeviceSamples& s, CalibrationFit& fit)
{
    std::map<std::pair<Collective, int>, std::pair<std::vector<double>, std::vector<double>>> groups;
    for (const auto& c : s.collectives) {
        requirePositive(c.seconds, std::string(enumName(c.kind)) + " over " + std::to_string(c.group) + " devices");
        auto& [bytes, times] = groups[{ c.kind, c.group }];
        bytes.push_back(c.bytes);
        times.push_back(c.seconds);
    }
    for (const auto& [key, samples] : groups) {
        const Line line = robustLine(samples.first, samples.second, true);
        fit.cluster.collectives.push_back({ key.first, key.second, line.a, 1.0 / line.b });
        fit.collectives.push_back(quality(samples.first, samples.second, line));
    }
    // The links, for what has no measured term: a 2-device ring all-reduce is 2 alpha + n / beta.
    LinkProfile link{ .bandwidth = fit.copyBandwidth, .latency = s.opOverheadS };
    if (const CollectiveTerm* pair = fit.cluster.collective(Collective::AllReduce, 2))
        link = { .bandwidth = pair->bandwidth, .latency = pair->latency / 2.0 };
    fit.cluster.intraNode = link;
    fit.cluster.interNode = link;
}

std::string gflops(double flops)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GFLOP/s", flops / 1e9);
    return buf;
}

std::string summaryOf(const DeviceSamples& s, const CalibrationFit& fit)
{
    std::string out = s.machine.hostname + ": " + std::to_string(s.devices) + " devices x " + std::to_string(s.threads)
        + (s.threads == 1 ? " thread, " : " threads, ") + gflops(fit.fittedFlops);
    if (const CollectiveTerm* pair = fit.cluster.collective(Collective::AllReduce, 2)) {
        char buf[96];
        std::snprintf(
            buf, sizeof buf, ", all-reduce 2: %.0f us + %.2f GB/s", pair->latency * 1e6, pair->bandwidth / 1e9);
        out += buf;
    }
    if (const RuntimeOverhead& rt = fit.cluster.runtime; rt.measured()) {
        char buf[96];
        std::snprintf(buf, sizeof buf, ", runner %.0f + %.0f us per ATen op", rt.forward * 1e6, rt.backward * 1e6);
        out += buf;
    }
    return out;
}

// Refused before anything is measured: a folder, a missing folder, a file or folder not writable.
void checkWritable(const std::string& out)
{
    namespace fs = std::filesystem;
    if (out.empty())
        return;
    std::error_code ec;
    const fs::path path(out);
    if (fs::is_directory(path, ec))
        throw Error::invalidInput("'" + out + "' is a folder, not a file to write").forField("out");
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        throw Error::invalidInput("the folder of '" + out + "' does not exist").forField("out");
    const bool exists = fs::exists(path, ec);
    if (::access(exists ? path.c_str() : dir.c_str(), W_OK) != 0)
        throw Error::invalidInput("'" + out + "' cannot be written (no permission)").forField("out");
}

// The runner's overhead per ATen op on a mesh of `devices`: python -m vantage.ft.overhead's JSON.
Json measureRunnerOverhead(const CalibrateRequest& r, int devices, const CancelToken& cancel)
{
    PythonWorkDir work("vantage-ft-overhead"); // kept when it failed: the error names its log
    const std::filesystem::path out = work.dir / "overhead.json";
    return work.keepOnFailure([&] {
        r.runPython({ .python = r.python,
                        .args = { "-m", "vantage.ft.overhead", "--devices", std::to_string(devices), "--threads",
                            std::to_string(r.plan.threads), "--out", out.string() },
                        .processes = 1,
                        .group = false,
                        .threads = r.plan.threads,
                        .dir = work.dir,
                        .what = "the strategy runner's overhead measurement",
                        .stallS = r.plan.stallS,
                        .onLine = {} },
            cancel);
        return readJsonFile(out);
    });
}

} // namespace

CalibrationFit fitCluster(const DeviceSamples& s, const std::string& name)
{
    CalibrationFit fit;
    fit.cluster.name = name.empty() ? "calibrated-" + s.machine.hostname : name;
    fit.cluster.devicesPerNode = std::max(1, s.devices);
    fitCompute(s, fit);
    fitCollectives(s, fit);
    fit.cluster.measuredOn = s.machine;
    fit.cluster.description = "measured on " + s.machine.hostname + ": " + std::to_string(s.devices) + " x "
        + std::to_string(s.threads) + " thread(s) of " + fit.cluster.device.name + ", " + s.machine.backend
        + (s.machine.torchVersion.empty() ? "" : ", LibTorch " + s.machine.torchVersion);
    return fit;
}

nlohmann::json calibrationFitJson(const CalibrationFit& fit, const DeviceSamples& s)
{
    Json gemms = Json::array();
    for (std::size_t i = 0; i < s.gemms.size(); ++i)
        gemms.push_back({ { "m", s.gemms[i].m }, { "k", s.gemms[i].k }, { "n", s.gemms[i].n },
            { "seconds", s.gemms[i].seconds }, { "achieved_gflops", fit.gemmFlops[i] / 1e9 } });
    Json collectives = Json::array();
    for (std::size_t i = 0; i < fit.cluster.collectives.size(); ++i) {
        const auto& t = fit.cluster.collectives[i];
        collectives.push_back(
            { { "collective", enumName(t.kind) }, { "group_size", t.group }, { "latency_us", t.latency * 1e6 },
                { "bandwidth_gbs", t.bandwidth / 1e9 }, { "max_relative_error", fit.collectives[i].maxRelativeError },
                { "median_relative_error", fit.collectives[i].medianRelativeError } });
    }
    return { { "gemms", gemms }, { "fitted_gflops", fit.fittedFlops / 1e9 },
        { "efficiency", fit.cluster.device.efficiency }, { "gemm_max_relative_error", fit.gemm.maxRelativeError },
        { "copy_bandwidth_gbs", fit.copyBandwidth / 1e9 }, { "op_overhead_us", s.opOverheadS * 1e6 },
        { "special_ns_per_element", s.specialSPerElement * 1e9 }, { "collectives", collectives } };
}

CalibrateRun CalibrateRecipe::run(
    store::Session* session, const CalibrateRequest& r, Progress& progress, const CancelToken& cancel)
{
    params::checkRanges(calibrationPlanParams(), r.plan);
    checkWritable(r.out);
    if (!r.measure)
        throw Error::failure("this build cannot measure devices (it has no LibTorch process runtime)");
    if (r.runnerOverhead && !r.runPython)
        throw Error::failure("this build cannot start the strategy runner (no Python process runtime)");
    Json params = toJson(r.plan);
    params["name"] = r.name;
    params["out"] = r.out;
    if (r.runnerOverhead)
        params["runner_overhead"] = true;
    const store::NewRun run{ .engine = engine,
        .kind = kind,
        .name = r.name.empty() ? "calibrated-" + thisMachine().hostname : r.name, // the profile's name
        .params = std::move(params) };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        CalibrateRun out;
        out.runId = scope.id();
        out.samples = r.measure(r.plan, progress, cancel);
        cancel.throwIfCancelled();
        out.fit = fitCluster(out.samples, r.name);
        Json runner;
        if (r.runnerOverhead) {
            progress.report(0.95, "the strategy runner's overhead per ATen op");
            runner = measureRunnerOverhead(r, std::max(1, out.samples.devices), cancel);
            try {
                out.fit.cluster.runtime = runtimeOverheadFromJson(runner, "python -m vantage.ft.overhead");
            } catch (const Error& e) { // the measurement's fault, not the user's
                throw Error::failure(
                    std::string("the runner's overhead measurement printed no usable figures: ") + e.what());
            }
        }
        const Json cluster = toJson(out.fit.cluster);
        const Json sampleJson = toJson(out.samples);
        out.result = { { "cluster", cluster }, { "machine", sampleJson["machine"] }, { "samples", sampleJson },
            { "fit", calibrationFitJson(out.fit, out.samples) } };
        if (r.runnerOverhead)
            out.result["runner_overhead"] = runner;
        if (!r.out.empty())
            writeJsonFile(r.out, cluster, 2);
        if (session)
            session->addArtifact(out.runId, "cluster.json", "application/json", cluster.dump(2));
        out.summary = summaryOf(out.samples, out.fit);
        scope.succeed(out.result, out.summary);
        progress.report(1.0, "done");
        return out;
    });
}

} // namespace vantage::ft
