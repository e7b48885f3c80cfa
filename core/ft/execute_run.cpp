#include "ft/execute_run.h"

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "ft/search_run.h"
#include "ft/strategy_run.h"
#include "store/run_scope.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <optional>

namespace vantage::ft {

namespace fs = std::filesystem;

namespace {

// The runs' folder (the exporter's graph, the strategies, the ranks' logs and results): removed
// when the run ends well or is cancelled, kept for the logs an error names.
struct WorkDir : PythonWorkDir {
    WorkDir()
        : PythonWorkDir("vantage-ft-run")
    { }
};

std::vector<std::string> moduleArgs(const ModuleSource& m)
{
    std::vector<std::string> args{ "--model", m.model };
    if (!m.kwargs.empty())
        args.insert(args.end(), { "--kwargs", m.kwargs });
    for (const auto& input : m.inputs)
        args.insert(args.end(), { "--input", input });
    args.insert(args.end(), { "--batch", std::to_string(m.batch) });
    return args;
}

void checkModule(const ModuleSource& m)
{
    if (m.model.empty())
        throw Error::invalidInput("give the module: FILE.py:NAME or MODULE:NAME").forField("module");
    if (m.model.find(':') == std::string::npos)
        throw Error::invalidInput("'" + m.model + "' names no callable: write FILE.py:NAME or MODULE:NAME")
            .forField("module");
    if (m.batch < 1)
        throw Error::invalidInput("the batch must be at least 1").forField("batch");
    if (m.inputs.empty())
        throw Error::invalidInput("give one --input per argument of forward (long:128, float:3,224,224)")
            .forField("input");
    if (!m.kwargs.empty() && !Json::parse(m.kwargs, nullptr, false).is_object())
        throw Error::invalidInput("--kwargs must be a JSON object, got '" + m.kwargs + "'").forField("kwargs");
}

// Rank 0's step lines as progress.
std::function<void(const Json&)> stepProgress(Progress& progress)
{
    return [&progress](const Json& line) {
        if (line.value("event", "") != "step")
            return;
        const double step = line.value("step", 0.0), steps = std::max(1.0, line.value("steps", 1.0));
        progress.report(std::clamp((step + 1.0) / steps, 0.0, 1.0),
            "step " + std::to_string(int(step) + 1) + " of " + std::to_string(int(steps)));
    };
}

struct Runner {
    const ModuleSource& module;
    const RunnerOptions& options;
    const RunPythonRanks& run;
    const CancelToken& cancel;
    fs::path dir;

    PythonRanks ranks(const std::string& what, const fs::path& logs, int processes, std::vector<std::string> args) const
    {
        return { .python = options.python,
            .args = std::move(args),
            .processes = processes,
            .group = false,
            .threads = options.threads,
            .dir = logs,
            .what = what,
            .stallS = options.stallS,
            .onLine = {} };
    }

    // The module's op graph, by the exporter (the graph FT plans).
    Json exportGraph() const
    {
        std::vector<std::string> args{ "-m", "vantage.ft.cli" };
        const std::vector<std::string> m = moduleArgs(module);
        args.insert(args.end(), m.begin(), m.end());
        args.insert(args.end(), { "--out", (dir / "graph.json").string() });
        run(ranks("the FT exporter", dir / "export", 1, std::move(args)), cancel);
        return readJsonFile(dir / "graph.json");
    }

    // The runner's command line: `mode` (--check, --reference or none) over the strategies, each
    // with its --out (the reference run takes no strategy, its one --out its losses).
    std::vector<std::string> runnerArgs(
        const std::vector<fs::path>& strategies, const std::vector<fs::path>& outs, const char* mode) const
    {
        std::vector<std::string> args{ "-m", "vantage.ft.runner" };
        const std::vector<std::string> m = moduleArgs(module);
        args.insert(args.end(), m.begin(), m.end());
        args.insert(args.end(),
            { "--steps", std::to_string(options.steps), "--warmup", std::to_string(options.warmup), "--seed",
                std::to_string(options.seed), "--threads", std::to_string(options.threads), "--device",
                options.device });
        for (std::size_t i = 0; i < outs.size(); ++i) {
            if (i < strategies.size())
                args.insert(args.end(), { "--strategy", strategies[i].string() });
            args.insert(args.end(), { "--out", outs[i].string() });
        }
        if (mode)
            args.emplace_back(mode);
        return args;
    }

    // The losses of the one-process run of the same module, seed and batches.
    std::vector<double> referenceLosses(Progress& progress) const
    {
        progress.report(0.0, "one-process reference run");
        const fs::path out = dir / "reference.json";
        PythonRanks r = ranks("the strategy runner (one-process reference)", dir / "reference", 1,
            runnerArgs({}, { out }, "--reference"));
        r.onLine = stepProgress(progress);
        run(r, cancel);
        return readJsonFile(out).at("losses").get<std::vector<double>>();
    }

    // What became of one strategy: the runner's result, or why it was refused (the runner's words,
    // naming the op) or failed (the rank and its log).
    struct Outcome {
        Json result;
        std::string refused, failed;
    };

    // Starts `start(batch)` over the strategies in `pending` (indices into `out`), each answered by
    // its file (`fileOf`, read by `take`), until every one has an answer. The strategies run in turn,
    // so after a start that failed the first without a file takes the error (refused for the
    // runner's exit 2, else failed) and those after it start again; an exit 2 that answered none
    // is the module's own refusal and answers them all.
    void inTurn(std::vector<std::size_t> pending, std::vector<Outcome>& out,
        const std::function<void(const std::vector<std::size_t>&, int)>& start,
        const std::function<fs::path(std::size_t)>& fileOf,
        const std::function<void(std::size_t, const Json&)>& take) const
    {
        for (int round = 0; !pending.empty(); ++round) {
            std::optional<Error> error;
            try {
                start(pending, round);
            } catch (const Cancelled&) {
                throw;
            } catch (const Error& e) {
                error = e;
            }
            std::vector<std::size_t> rest;
            bool blamed = false, answered = false;
            for (const std::size_t i : pending) {
                std::error_code ec;
                if (fs::exists(fileOf(i), ec)) {
                    answered = true;
                    try {
                        take(i, readJsonFile(fileOf(i)));
                    } catch (const std::exception& e) { // a file of another shape
                        out[i].failed = std::string("the strategy runner's answer cannot be read: ") + e.what();
                    }
                } else if (!error) { // the processes ended well but left no answer: the runner's failure
                    out[i].failed = "the strategy runner wrote no answer for this strategy";
                } else if (!blamed || (!answered && error->kind() == Error::Kind::InvalidInput)) {
                    (error->kind() == Error::Kind::InvalidInput ? out[i].refused : out[i].failed) = error->what();
                    blamed = true;
                } else {
                    rest.push_back(i);
                }
            }
            pending = std::move(rest);
        }
    }

    // Runs the strategies on `devices` processes with two starts of Python for all of them: one
    // process checks that every op of each runs (a refusal stops only its strategy, each verdict in
    // its file), then one launch trains those that passed in turn, each from the module's initial
    // weights. A strategy that fails in either is blamed with the error and those after it start
    // again, so every strategy gets its row.
    std::vector<Outcome> runEach(
        const std::vector<fs::path>& strategies, int devices, const std::string& tag, Progress& progress) const
    {
        const fs::path logs = dir / tag;
        fs::create_directories(logs);
        std::vector<Outcome> out(strategies.size());
        const auto file = [&](const char* what, std::size_t i) { return logs / (what + std::to_string(i) + ".json"); };
        const auto folder = [](const char* what, int round) {
            return round == 0 ? std::string(what) : what + ("-" + std::to_string(round));
        };
        const auto subset = [](const std::vector<fs::path>& all, const std::vector<std::size_t>& which) {
            std::vector<fs::path> some;
            for (const std::size_t i : which)
                some.push_back(all[i]);
            return some;
        };
        std::vector<fs::path> verdicts, results;
        std::vector<std::size_t> every;
        for (std::size_t i = 0; i < strategies.size(); ++i) {
            verdicts.push_back(file("check-", i));
            results.push_back(file("result-", i));
            every.push_back(i);
        }

        progress.report(0.0, "checking the configurations");
        std::vector<std::size_t> passed;
        inTurn(
            every, out,
            [&](const std::vector<std::size_t>& batch, int round) {
                run(ranks("the strategy runner (check)", logs / folder("check", round), 1,
                        runnerArgs(subset(strategies, batch), subset(verdicts, batch), "--check")),
                    cancel);
            },
            [&](std::size_t i) { return verdicts[i]; },
            [&](std::size_t i, const Json& verdict) {
                if (verdict.value("ok", false))
                    passed.push_back(i);
                else
                    out[i].refused = verdict.value("refused", std::string("refused by the strategy runner's check"));
            });
        std::sort(passed.begin(), passed.end());

        const double total = double(std::max<std::size_t>(1, passed.size()));
        double done = 0.0; // strategies answered by earlier launches
        inTurn(
            passed, out,
            [&](const std::vector<std::size_t>& batch, int round) {
                done = double(passed.size() - batch.size());
                PythonRanks r = ranks("the strategy runner", logs / folder("run", round), devices,
                    runnerArgs(subset(strategies, batch), subset(results, batch), nullptr));
                r.group = true; // one device too: the runner runs a strategy in a process group
                r.onLine = [&progress, done, total](const Json& line) {
                    if (line.value("event", "") != "step")
                        return;
                    const double index = line.value("strategy", 0.0), step = line.value("step", 0.0),
                                 steps = std::max(1.0, line.value("steps", 1.0));
                    const double at = done + index + std::clamp((step + 1.0) / steps, 0.0, 1.0);
                    progress.report(std::clamp(at / total, 0.0, 1.0),
                        "strategy " + std::to_string(int(done + index) + 1) + " of " + std::to_string(int(total))
                            + ", step " + std::to_string(int(step) + 1) + " of " + std::to_string(int(steps)));
                };
                run(r, cancel);
            },
            [&](std::size_t i) { return results[i]; },
            [&](std::size_t i, const Json& result) { out[i].result = result; });
        return out;
    }

    // One strategy, checked and run: its result; Error::invalidInput (the runner's words, naming the
    // op) when it cannot run, Error::failure when it failed.
    Json runStrategy(const fs::path& strategy, int devices, const std::string& tag, Progress& progress) const
    {
        Outcome o = runEach({ strategy }, devices, tag, progress).at(0);
        if (!o.refused.empty())
            throw Error::invalidInput(o.refused);
        if (!o.failed.empty())
            throw Error::failure(o.failed);
        return std::move(o.result);
    }

    // The frontier of the module's graph on `devices`, priced in fp32 as the runner trains.
    SearchRun search(const Json& graph, const ClusterProfile& cluster, int devices, Progress& progress) const
    {
        SearchRequest request;
        request.graph = graph;
        request.graphFile = module.model;
        request.cluster = cluster;
        request.options.deviceCounts = { devices };
        request.options.cost.precision = Precision::Fp32;
        request.options.baselines = false;
        return runSearch(nullptr, request, progress, cancel);
    }
};

std::string configsOf(const Json& strategy)
{
    std::map<std::string, int> counts;
    for (const auto& op : strategy.at("ops"))
        ++counts[op.value("config", "?")];
    std::vector<std::pair<std::string, int>> sorted(counts.begin(), counts.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string out;
    for (const auto& [config, n] : sorted)
        out += (out.empty() ? "" : ", ") + config + " x" + std::to_string(n);
    return out;
}

double lossError(const std::vector<double>& losses, const std::vector<double>& reference)
{
    if (losses.size() != reference.size() || losses.empty())
        return 1.0; // a run that did not train every step matches nothing
    double worst = 0.0;
    for (std::size_t i = 0; i < losses.size(); ++i)
        worst = std::max(worst, std::abs(losses[i] - reference[i]) / std::max(std::abs(reference[i]), 1e-12));
    return worst;
}

// Fills the measured side of `m` from the runner's result.
void takeResult(Measurement& m, const Json& result, const std::vector<double>& reference)
{
    m.runner = result;
    m.measuredTime = result.at("time_s").get<double>();
    const Json& peaks = result.at("memory").at("peak_bytes");
    for (const auto& peak : peaks)
        m.measuredMemory = std::max(m.measuredMemory, peak.get<double>());
    if (!reference.empty())
        m.lossError = lossError(result.at("losses").get<std::vector<double>>(), reference);
}

Measurement predicted(const Json& strategy, std::string label, int point)
{
    Measurement m;
    m.label = std::move(label);
    m.point = point;
    m.configs = configsOf(strategy);
    m.predictedTime = strategy.at("time").get<double>();
    m.predictedMemory = strategy.at("memory").get<double>();
    return m;
}

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * fraction);
    return buf;
}

std::string fixed2(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

std::string modelName(const ModuleSource& m)
{
    const std::string callable = m.model.substr(m.model.rfind(':') + 1);
    const std::string file = fs::path(m.model.substr(0, m.model.rfind(':'))).stem().string();
    return callable == "build" || callable == "model" ? file : callable;
}

std::string millis(double s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
    return buf;
}

std::string mebibytes(double bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", bytes / 1048576.0);
    return buf;
}

void checkRequest(const ModuleSource& module, const RunnerOptions& runner, int devices, const RunPythonRanks& run)
{
    checkModule(module);
    params::checkRanges(runnerOptionsParams(), runner);
    if (runner.device != "cpu" && runner.device != "cuda")
        throw Error::invalidInput("--device must be cpu or cuda, got '" + runner.device + "'").forField("device");
    if (devices < 1 || devices > 1024)
        throw Error::invalidInput("--devices must be from 1 to 1024, got " + std::to_string(devices))
            .forField("devices");
    if (!run)
        throw Error::failure("this build cannot start the runner's processes");
}

// A strategy as `ft export` writes it, for `devices` devices; `where` names it in errors.
Json checkStrategy(Json strategy, int devices, const std::string& where)
{
    if (!strategy.is_object() || !strategy.contains("ops") || !strategy["ops"].is_array()
        || !strategy.value("time", Json()).is_number() || !strategy.value("memory", Json()).is_number())
        throw Error::invalidInput("not a strategy as `vantage-cli ft export` writes it (ops, time, memory)")
            .inFile(where);
    if (strategy.value("devices", 0) != devices)
        throw Error::invalidInput("the strategy is for " + std::to_string(strategy.value("devices", 0))
            + " devices, --devices is " + std::to_string(devices))
            .inFile(where);
    return strategy;
}

Json baseParams(const ModuleSource& module, const RunnerOptions& runner, int devices)
{
    return { { "module", toJson(module) }, { "runner", params::toJson(runnerOptionsParams(), runner) },
        { "devices", devices } };
}

} // namespace

Json toJson(const ModuleSource& m)
{
    return { { "model", m.model }, { "kwargs", m.kwargs }, { "inputs", m.inputs }, { "batch", m.batch } };
}

ModuleSource moduleSourceFromJson(const Json& j)
{
    ModuleSource m;
    m.model = j.at("model").get<std::string>();
    m.kwargs = j.value("kwargs", "");
    m.inputs = j.value("inputs", std::vector<std::string>{});
    m.batch = j.at("batch").get<std::int64_t>();
    return m;
}

const params::Table<RunnerOptions>& runnerOptionsParams()
{
    using O = RunnerOptions;
    using params::number;
    using params::text;
    static const params::Table<O> table = {
        number(&O::steps, { "steps", "--steps", VANTAGE_TRANSLATE_NOOP("Params", "Training steps of every run") }, 1,
            100000),
        number(&O::warmup,
            { "warmup", "--warmup", VANTAGE_TRANSLATE_NOOP("Params", "Untimed steps before them (warm-up)") }, 0,
            100000),
        number(&O::seed, { "seed", "--seed", VANTAGE_TRANSLATE_NOOP("Params", "Seed of the weights and batches") },
            std::int64_t{ 0 }, std::int64_t{ 1 } << 31),
        number(&O::threads, { "threads", "--threads", VANTAGE_TRANSLATE_NOOP("Params", "Threads of each process") }, 1,
            1024),
        text(&O::device,
            { "device", "--device", VANTAGE_TRANSLATE_NOOP("Params", "cpu (Gloo) or cuda (NCCL, a GPU per process)") }),
        text(&O::python,
            { "python", "--python",
                VANTAGE_TRANSLATE_NOOP("Params", "Python with PyTorch ($VANTAGE_PYTHON, else python3)") },
            params::Type::Path),
        number(&O::stallS,
            { "stall_s", "--stall", VANTAGE_TRANSLATE_NOOP("Params", "Stop a run that prints nothing for this long"),
                "s" },
            1.0, 86400.0),
    };
    return table;
}

double Measurement::timeError() const
{
    return measuredTime > 0.0 ? (predictedTime - measuredTime) / measuredTime : 0.0;
}

double Measurement::memoryError() const
{
    return measuredMemory > 0.0 ? (predictedMemory - measuredMemory) / measuredMemory : 0.0;
}

Json measurementJson(const Measurement& m)
{
    Json out = { { "label", m.label }, { "point", m.point }, { "configs", m.configs },
        { "predicted_time_s", m.predictedTime }, { "predicted_memory_bytes", m.predictedMemory } };
    if (!m.refused.empty() || !m.failed.empty()) {
        out[m.refused.empty() ? "failed" : "refused"] = m.refused.empty() ? m.failed : m.refused;
        return out;
    }
    out["measured_time_s"] = m.measuredTime;
    out["measured_memory_bytes"] = m.measuredMemory;
    out["time_error"] = m.timeError();
    out["memory_error"] = m.memoryError();
    if (m.lossError >= 0.0) {
        out["loss_max_relative_error"] = m.lossError;
        out["losses_match"] = m.lossesMatch();
    }
    if (m.runner.is_object())
        for (const char* key : { "losses", "step_times_s", "memory", "collectives", "backend", "device", "torch" })
            if (m.runner.contains(key))
                out[key] = m.runner[key];
    return out;
}

double spearman(const std::vector<double>& a, const std::vector<double>& b)
{
    const std::size_t n = std::min(a.size(), b.size());
    if (n < 2)
        return 0.0;
    const auto ranks = [n](const std::vector<double>& v) {
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t{ 0 });
        std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return v[i] < v[j]; });
        std::vector<double> rank(n);
        for (std::size_t i = 0; i < n;) {
            std::size_t j = i;
            while (j + 1 < n && v[order[j + 1]] == v[order[i]])
                ++j;
            for (std::size_t k = i; k <= j; ++k)
                rank[order[k]] = 0.5 * double(i + j); // ties share their mean rank
            i = j + 1;
        }
        return rank;
    };
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / double(n);
    const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / double(n);
    double sab = 0.0, saa = 0.0, sbb = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    return saa > 0.0 && sbb > 0.0 ? sab / std::sqrt(saa * sbb) : 0.0;
}

std::vector<int> spreadPoints(int count, int wanted)
{
    std::vector<int> out;
    if (count <= 0)
        return out;
    if (wanted <= 0 || wanted >= count) {
        out.resize(static_cast<std::size_t>(count));
        std::iota(out.begin(), out.end(), 0);
        return out;
    }
    if (wanted == 1)
        return { 0 };
    for (int i = 0; i < wanted; ++i) {
        const int point = static_cast<int>(std::lround(double(i) * double(count - 1) / double(wanted - 1)));
        if (out.empty() || out.back() != point)
            out.push_back(point);
    }
    return out;
}

ExecuteRun ExecuteRecipe::run(
    store::Session* session, const ExecuteRequest& r, Progress& progress, const CancelToken& cancel)
{
    checkRequest(r.module, r.runner, r.devices, r.runRanks);
    const Json given = !r.strategy.is_null() ? checkStrategy(r.strategy, r.devices, "the picked strategy")
        : r.strategyFile.empty()             ? Json()
                                             : checkStrategy(readJsonFile(r.strategyFile), r.devices, r.strategyFile);
    if (given.is_null()) { // the pick's words, before anything is exported or searched
        DeviceFrontier one;
        one.points = { StrategyPoint{} };
        pickOnFrontier(one, r.pick);
    }
    Json params = baseParams(r.module, r.runner, r.devices);
    params["strategy_file"] = r.strategyFile.empty() ? Json() : Json(r.strategyFile);
    params["cluster"] = given.is_null() ? Json(r.cluster.name) : Json();
    params["pick"] = r.pick;
    const std::string label = !r.strategyFile.empty() ? fs::path(r.strategyFile).filename().string()
        : given.is_null()                             ? r.pick
                                                      : "strategy " + std::to_string(given.value("strategy", 0) + 1);
    const store::NewRun run{ .engine = engine,
        .kind = kind,
        .name = modelName(r.module) + " x" + std::to_string(r.devices) + " (" + label + ")",
        .params = std::move(params) };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        WorkDir work;
        return work.keepOnFailure([&] {
            const Runner runner{ r.module, r.runner, r.runRanks, cancel, work.dir };
            ExecuteRun out;
            out.runId = scope.id();
            out.strategy = given;
            if (out.strategy.is_null()) {
                SubProgress exporting(progress, 0.0, 0.1, "exporting the module");
                const Json graph = runner.exportGraph();
                SubProgress searching(progress, 0.1, 0.15, "searching the frontier");
                const SearchRun found = runner.search(graph, r.cluster, r.devices, searching);
                const DeviceFrontier& f = found.result.frontiers.at(0);
                const int index = pickOnFrontier(f, r.pick);
                out.strategy = strategyJson(
                    strategyFor(found.graph, r.cluster, found.result, 0, f.points[std::size_t(index)].strategy), index);
                out.strategy["pick"] = r.pick;
            }
            const fs::path strategyFile = work.dir / "strategy.json";
            writeJsonFile(strategyFile, out.strategy, 2);
            SubProgress reference(progress, 0.15, 0.35, "one-process reference run");
            out.referenceLosses = runner.referenceLosses(reference);
            SubProgress running(progress, 0.35, 1.0, "running the strategy");
            out.measurement = predicted(out.strategy, label, -1);
            takeResult(
                out.measurement, runner.runStrategy(strategyFile, r.devices, "strategy", running), out.referenceLosses);
            const Measurement& m = out.measurement;
            out.result = { { "strategy", out.strategy }, { "measurement", measurementJson(m) },
                { "reference_losses", out.referenceLosses } };
            if (session) {
                session->addArtifact(out.runId, "strategy.json", "application/json", out.strategy.dump(2));
                session->addArtifact(out.runId, "runner.json", "application/json", m.runner.dump(2));
            }
            out.summary = run.name + ": measured " + millis(m.measuredTime) + " / predicted " + millis(m.predictedTime)
                + ", " + mebibytes(m.measuredMemory) + " / " + mebibytes(m.predictedMemory) + " MiB, "
                + (m.lossesMatch() ? "losses equal" : "losses differ by " + percent(m.lossError));
            scope.succeed(out.result, out.summary);
            progress.report(1.0, "done");
            return out;
        });
    });
}

namespace {

// The figures over the rows measured: median |errors|, Spearman of time, the fastest by each.
void summarise(ValidateRun& v)
{
    std::vector<double> timeErrors, memoryErrors, predictedTimes, measuredTimes;
    for (std::size_t i = 0; i < v.rows.size(); ++i) {
        const Measurement& m = v.rows[i];
        if (!m.measured())
            continue;
        timeErrors.push_back(std::abs(m.timeError()));
        memoryErrors.push_back(std::abs(m.memoryError()));
        predictedTimes.push_back(m.predictedTime);
        measuredTimes.push_back(m.measuredTime);
        const auto at = [&](int k) { return v.rows[std::size_t(k)]; };
        if (v.predictedFastest < 0 || m.predictedTime < at(v.predictedFastest).predictedTime)
            v.predictedFastest = int(i);
        if (v.measuredFastest < 0 || m.measuredTime < at(v.measuredFastest).measuredTime)
            v.measuredFastest = int(i);
    }
    const auto median = [](std::vector<double> x) {
        if (x.empty())
            return 0.0;
        std::sort(x.begin(), x.end());
        const std::size_t n = x.size();
        return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
    };
    v.medianTimeError = median(timeErrors);
    v.medianMemoryError = median(memoryErrors);
    v.spearmanTime = spearman(predictedTimes, measuredTimes);
    if (v.predictedFastest >= 0 && v.measuredFastest >= 0) {
        const double best = v.rows[std::size_t(v.measuredFastest)].measuredTime;
        v.fastestGap = (v.rows[std::size_t(v.predictedFastest)].measuredTime - best) / best;
    }
}

Json validationJson(const ValidateRun& v, int devices, const std::string& cluster)
{
    Json rows = Json::array();
    for (const Measurement& m : v.rows)
        rows.push_back(measurementJson(m));
    return { { "devices", devices }, { "cluster", cluster }, { "frontier_points", v.frontierPoints },
        { "strategies", rows }, { "median_time_error", v.medianTimeError },
        { "median_memory_error", v.medianMemoryError }, { "spearman_time", v.spearmanTime },
        { "predicted_fastest", v.predictedFastest }, { "measured_fastest", v.measuredFastest },
        { "fastest_gap", v.fastestGap }, { "reference_losses", v.referenceLosses } };
}

} // namespace

ValidateRun ValidateRecipe::run(
    store::Session* session, const ValidateRequest& r, Progress& progress, const CancelToken& cancel)
{
    checkRequest(r.module, r.runner, r.devices, r.runRanks);
    if (r.points < 0)
        throw Error::invalidInput("--points must be 0 (every point) or more").forField("points");
    Json params = baseParams(r.module, r.runner, r.devices);
    params["points"] = r.points;
    params["cluster"] = toJson(r.cluster);
    const store::NewRun run{ .engine = engine,
        .kind = kind,
        .name = modelName(r.module) + " x" + std::to_string(r.devices) + " (validate)",
        .params = std::move(params) };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        WorkDir work;
        return work.keepOnFailure([&] {
            const Runner runner{ r.module, r.runner, r.runRanks, cancel, work.dir };
            ValidateRun out;
            out.runId = scope.id();
            SubProgress exporting(progress, 0.0, 0.05, "exporting the module");
            const Json graph = runner.exportGraph();
            SubProgress searching(progress, 0.05, 0.1, "searching the frontier");
            const SearchRun found = runner.search(graph, r.cluster, r.devices, searching);
            const DeviceFrontier& f = found.result.frontiers.at(0);
            out.frontierPoints = int(f.points.size());
            if (f.points.empty())
                throw Error::failure("the frontier is empty");
            const std::vector<int> points = spreadPoints(out.frontierPoints, r.points);
            std::vector<fs::path> files;
            for (const int point : points) {
                const Json strategy = strategyJson(
                    strategyFor(found.graph, r.cluster, found.result, 0, f.points[std::size_t(point)].strategy), point);
                files.push_back(work.dir / ("strategy-" + std::to_string(point) + ".json"));
                writeJsonFile(files.back(), strategy, 2);
                out.rows.push_back(predicted(strategy,
                    "point " + std::to_string(point + 1) + " of " + std::to_string(out.frontierPoints), point));
            }
            const double share = 0.85 / double(points.size() + 1);
            SubProgress reference(progress, 0.1, 0.1 + share, "one-process reference run");
            out.referenceLosses = runner.referenceLosses(reference);
            SubProgress running(progress, 0.1 + share, 0.95, "running the strategies");
            const auto outcomes = runner.runEach(files, r.devices, "points", running);
            for (std::size_t i = 0; i < outcomes.size(); ++i) {
                Measurement& m = out.rows[i];
                // The runner names the op it cannot run, or the rank that failed with its log; the
                // other strategies still run, and the row says what became of this one.
                m.refused = outcomes[i].refused;
                m.failed = outcomes[i].failed;
                if (m.refused.empty() && m.failed.empty()) {
                    try {
                        takeResult(m, outcomes[i].result, out.referenceLosses);
                    } catch (const std::exception& e) { // a result file of another shape
                        m.failed = std::string("the runner's result cannot be read: ") + e.what();
                    }
                }
                work.keep = work.keep || !m.failed.empty(); // the logs it names
            }
            summarise(out);
            out.result = validationJson(out, r.devices, r.cluster.name);
            if (session) {
                std::vector<store::SeriesPoint> time, memory;
                for (const Measurement& m : out.rows)
                    if (m.measured()) {
                        time.push_back({ m.predictedTime, m.measuredTime });
                        memory.push_back({ m.predictedMemory, m.measuredMemory });
                    }
                session->appendSeries(out.runId, "validate/time", time);
                session->appendSeries(out.runId, "validate/memory", memory);
            }
            out.summary = run.name.substr(0, run.name.rfind(" (")) + ": " + std::to_string(out.rows.size())
                + " strategies, median |error| time " + percent(out.medianTimeError) + ", memory "
                + percent(out.medianMemoryError) + ", Spearman " + fixed2(out.spearmanTime);
            scope.succeed(out.result, out.summary);
            progress.report(1.0, "done");
            return out;
        });
    });
}

} // namespace vantage::ft
