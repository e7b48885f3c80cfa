// The run shapes' versions and their upgraders (run_shapes.h): one function per old shape, one
// table that says which upgrader takes which engine's kind from which version.

#include "store/run_shapes.h"

#include "common/assert.h"
#include "common/error.h"
#include "common/units.h"

#include <algorithm>

namespace vantage::store {

namespace {

constexpr const char* kWhere = "run of an earlier version";

bool isObject(const Json& j, const char* key)
{
    return j.is_object() && j.contains(key) && j[key].is_object();
}

// Moves `from` to `to` in `j` when it is there (and `to` is not).
void renameKey(Json& j, const char* from, const char* to)
{
    if (!j.is_object() || !j.contains(from) || j.contains(to))
        return;
    j[to] = std::move(j[from]);
    j.erase(from);
}

// FT search. Runs of op graph files stored the graph's own batch, which the graph sets anyway (a
// recipe refuses a batch beside an op graph): 0, as the recipe records it. Results before the
// model's forward FLOPs were recorded (2053dd4) have none: 0, read as not known.
void ftSearchUnversioned(RunShape& run)
{
    Json& p = run.params;
    if (p.is_object() && !(p.contains("model") && p["model"].is_string()) && isObject(p, "graph"))
        p["batch"] = 0;
    if (run.result.is_object() && run.result.contains("frontiers") && !run.result.contains("forward_flops"))
        run.result["forward_flops"] = 0.0;
}

// "1,5,9", the target nodes as `vantage-cli dgi eval --targets` took them, as a list of ids.
Json nodeList(const std::string& text)
{
    const bool listLike = text.find_first_not_of("0123456789-, ") == std::string::npos;
    Json out = listLike ? Json::parse("[" + text + "]", nullptr, false) : Json();
    if (!out.is_array() || !std::all_of(out.begin(), out.end(), [](const Json& v) { return v.is_number_integer(); }))
        throw Error::invalidInput("'" + text.substr(0, 80) + "' is not a list of node ids").forField("targets");
    return out;
}

// DGI graphs were loaded with repeated edges merged unless "keep_duplicates" was set, until edges
// were used as given (66f56e9): "merge_duplicates" says it the other way round.
void dgiKeepDuplicates(Json& p)
{
    if (!p.contains("keep_duplicates"))
        return;
    if (!p.contains("merge_duplicates"))
        p["merge_duplicates"] = !jsonField<bool>(p, "keep_duplicates", kWhere);
    p.erase("keep_duplicates");
}

// DGI generate (`vantage-cli dgi generate`): the graph's parameters.
void dgiGenerateUnversioned(RunShape& run)
{
    if (run.params.is_object())
        dgiKeepDuplicates(run.params);
}

// DGI evaluate, parameters of the page before there was one recipe (app/gui/dgi_page.cpp until
// 5b87555): "self_loops" a check box (add or keep), "features" the random features' width,
// "node_wise" a check box for the node-wise baseline, "memory_budget" as typed ("2G"); and of
// `vantage-cli dgi eval` then: "keep_duplicates" (false: merge), "memory_budget" as typed and
// "targets" as a comma-separated text.
void dgiEvaluateParams(Json& p)
{
    if (p.contains("self_loops") && p["self_loops"].is_boolean())
        p["self_loops"] = p["self_loops"].get<bool>() ? "add" : "keep";
    if (p.contains("features") && p["features"].is_number()) {
        p["in_dim"] = p["features"];
        p["features"] = "";
    }
    if (p.contains("node_wise")) {
        const bool nodeWise = jsonField<bool>(p, "node_wise", kWhere);
        p.erase("node_wise");
        if (!p.contains("modes"))
            p["modes"] = nodeWise ? Json::array({ "layerwise", "nodewise" }) : Json::array({ "layerwise" });
    }
    dgiKeepDuplicates(p);
    if (p.contains("memory_budget") && p["memory_budget"].is_string()) {
        const auto text = p["memory_budget"].get<std::string>();
        p["memory_budget"] = text.empty() ? 0 : parseByteSize(text, "memory_budget");
    }
    if (p.contains("targets") && p["targets"].is_string())
        p["targets"] = nodeList(p["targets"].get<std::string>());
}

// DGI evaluate, the page's result then: {"layer_wise": .., "node_wise": .., "speedup": x,
// "max_abs_difference": d, "graph", "summary"}, to the recipe's (the first mode's result at the
// top, the others under "compare" with their "speedup" and "max_abs_diff", "speedup" by mode).
Json dgiEvaluatePageResult(const Json& r)
{
    Json out = r["layer_wise"];
    for (const char* key : { "graph", "summary" })
        if (r.contains(key))
            out[key] = r[key];
    if (r.contains("node_wise")) {
        Json c = r["node_wise"];
        c["speedup"] = jsonFieldOr(r, "speedup", 0.0, kWhere);
        c["max_abs_diff"] = jsonFieldOr(r, "max_abs_difference", 0.0, kWhere);
        out["compare"] = Json::array({ c });
        out["speedup"] = { { jsonFieldOr<std::string>(c, "mode", "nodewise", kWhere), c["speedup"] } };
    }
    return out;
}

void dgiEvaluateUnversioned(RunShape& run)
{
    if (run.params.is_object())
        dgiEvaluateParams(run.params);
    if (isObject(run.result, "layer_wise"))
        run.result = dgiEvaluatePageResult(run.result);
    // The page's one series: the layer-wise seconds per layer, counted from 1.
    for (auto& s : run.series)
        if (s.name == "layer-wise time per layer (s)") {
            s.name = "layer_time_s/layerwise";
            s.stepShift = -1.0;
        }
}

// PPAC train, the page's data before there was one recipe (app/gui/ppac_page.cpp until 5b87555):
// {"source": "path", "path", "validation_fraction"} or {"source": "synthetic", "users", "items",
// "seed", "validation_fraction"}.
Json ppacPageData(const Json& d)
{
    const double validation = jsonFieldOr(d, "validation_fraction", 0.1, kWhere);
    if (jsonFieldOr<std::string>(d, "source", "path", kWhere) == "synthetic") {
        Json s = { { "generator", "synthetic" }, { "validation_fraction", validation } };
        for (const char* key : { "users", "items", "seed" })
            if (d.contains(key))
                s[key] = d[key];
        return { { "source", "synthetic" }, { "synthetic", s } };
    }
    return { { "source", "path" },
        { "load", { { "path", jsonField<std::string>(d, "path", kWhere) }, { "validation_fraction", validation } } } };
}

// PPAC train, the data `vantage-cli ppac train` stored then: its options, with "dataset" the
// path, "k" the similar users and "similar_users" their file.
Json ppacCliData(const Json& d)
{
    Json load = { { "path", jsonField<std::string>(d, "dataset", kWhere) },
        { "validation_fraction", jsonFieldOr(d, "validation_fraction", 0.0, kWhere) } };
    for (const char* key : { "format", "csv_header", "test", "balanced_test", "min_rating", "test_fraction",
             "leave_last", "split_seed", "balanced_per_item" })
        if (d.contains(key))
            load[key] = d[key];
    if (d.contains("split"))
        load["split"] = jsonField<std::string>(d, "split", kWhere) == "leave-last" ? "leave-last" : "random";
    Json out = { { "source", "path" }, { "load", load } };
    if (d.contains("k"))
        out["similar_users"] = d["k"];
    if (d.contains("similar_users"))
        out["similar_users_file"] = d["similar_users"];
    return out;
}

// Both front ends stored the knobs at the top ("gamma", "beta"); the recipe stores "knobs".
void ppacKnobsInside(Json& j)
{
    if (!j.is_object() || j.contains("knobs") || !(j.contains("gamma") || j.contains("beta")))
        return;
    j["knobs"] = { { "gamma", jsonFieldOr(j, "gamma", 0.0, kWhere) }, { "beta", jsonFieldOr(j, "beta", 0.0, kWhere) } };
    j.erase("gamma");
    j.erase("beta");
}

// The page's run: {"dataset": page data, "train": options}, knobs 0 (it evaluated at none), series
// "validation <metric>".
void ppacTrainPage(RunShape& run)
{
    Json& p = run.params;
    p["data"] = ppacPageData(p["dataset"]);
    p.erase("dataset");
    renameKey(p, "train", "training");
    if (!p.contains("knobs"))
        p["knobs"] = { { "gamma", 0.0 }, { "beta", 0.0 } };
    if (!p.contains("save"))
        p["save"] = "";
    for (auto& s : run.series)
        if (s.name.rfind("validation ", 0) == 0)
            s.name = "validation/" + s.name.substr(11);
}

// The CLI's run: {"data": CLI data, "training", "gamma", "beta", "save"}, its result's knobs at the
// top too, and its model as "<model name>.vppac" (application/octet-stream).
void ppacTrainCli(RunShape& run)
{
    run.params["data"] = ppacCliData(run.params["data"]);
    ppacKnobsInside(run.params);
    ppacKnobsInside(run.result);
    for (auto& a : run.artifacts)
        if (a.name.size() > 6 && a.name.compare(a.name.size() - 6, 6, ".vppac") == 0) {
            a.name = "model.vppac";
            a.mimeType = "application/x-vantage-ppac-model";
        }
}

// Runs of version 0 were written by the page, by vantage-cli, or already by the recipe (whose
// data has "load" or "synthetic"), which stays as it is.
void ppacTrainUnversioned(RunShape& run)
{
    const Json& p = run.params;
    if (isObject(p, "dataset") && !p.contains("data"))
        ppacTrainPage(run);
    else if (isObject(p, "data") && p["data"].contains("dataset"))
        ppacTrainCli(run);
}

// PPAC similar (`vantage-cli ppac similar`), before there was one recipe: the CLI's data options
// (as ppacCliData reads them) at the top of the parameters beside "out" and "compare".
void ppacSimilarUnversioned(RunShape& run)
{
    Json& p = run.params;
    if (!p.is_object() || p.contains("data") || !p.contains("dataset"))
        return;
    Json data = p;
    data.erase("out");
    data.erase("compare");
    Json out = { { "data", ppacCliData(data) } };
    for (const char* key : { "out", "compare" })
        if (p.contains(key))
            out[key] = p[key];
    p = std::move(out);
}

// EDL train, the page's result before jobs were recorded from their report (app/gui/edl_page.cpp
// until 5b87555): {"state", "final_loss", "steps", "scale_events", "message"} and the job's
// report, when it could be read, under "report". The recipe's is the report's own keys (but its
// series) with the job's status, or the streamed timeline's (jobResultFromReport, ...Timeline).
void edlTrainPage(RunShape& run)
{
    Json& r = run.result;
    if (!r.is_object() || !r.contains("scale_events"))
        return;
    renameKey(r, "scale_events", "events");
    const bool fromReport = isObject(r, "report") && isObject(r["report"], "status");
    if (fromReport) {
        Json report = std::move(r["report"]);
        r.erase("report");
        report.erase("series");
        for (auto& [key, value] : report.items())
            r[key] = value;
        const Json& status = r["status"];
        r["job"] = jsonFieldOr<std::string>(status, "job", "", kWhere);
        r["state"] = jsonFieldOr<std::string>(status, "state", "failed", kWhere);
        r["message"] = jsonFieldOr<std::string>(status, "message", "", kWhere);
        r["steps"] = jsonFieldOr<std::int64_t>(status, "step", 0, kWhere);
    }
    double pause = 0.0;
    int counted = 0;
    for (const auto& e : r.value("events", Json::array()))
        if (e.is_object() && jsonFieldOr<std::string>(e, "kind", "", kWhere) != "failure") {
            pause += jsonFieldOr(e, "pause_s", 0.0, kWhere);
            ++counted;
        }
    r["mean_pause_s"] = counted ? pause / counted : 0.0;
    if (run.params.is_object() && run.params.contains("job_dir"))
        r["job_dir"] = run.params["job_dir"];
    r["source"] = fromReport ? "report" : "timeline";
}

// PPAC train, version 1: the training options named the base architecture "model", a word that
// names a model file everywhere else; version 2 calls it "architecture". The result's "model"
// ("PPAC-MF") is the trained model's name and stays.
void ppacTrainArchitecture(RunShape& run)
{
    if (isObject(run.params, "training"))
        renameKey(run.params["training"], "model", "architecture");
}

struct Upgrader {
    Engine engine;
    RunKind kind;
    int from; // the version it reads; it writes from + 1
    void (*upgrade)(RunShape&);
};

// Append, never edit: a session of any age replays these in order. A kind without an upgrader
// from a version below its current one keeps its shape across that version.
constexpr Upgrader kUpgraders[] = {
    { Engine::Ft, RunKind::Search, 0, &ftSearchUnversioned },
    { Engine::Dgi, RunKind::Generate, 0, &dgiGenerateUnversioned },
    { Engine::Dgi, RunKind::Evaluate, 0, &dgiEvaluateUnversioned },
    { Engine::Ppac, RunKind::Train, 0, &ppacTrainUnversioned },
    { Engine::Ppac, RunKind::Similar, 0, &ppacSimilarUnversioned },
    { Engine::Edl, RunKind::Train, 0, &edlTrainPage },
    { Engine::Ppac, RunKind::Train, 1, &ppacTrainArchitecture },
};

bool sameSeriesAndArtifacts(const RunShape& a, const RunShape& b)
{
    const auto sameSeries
        = [](const StoredSeries& x, const StoredSeries& y) { return x.name == y.name && x.stepShift == y.stepShift; };
    const auto sameArtifact
        = [](const StoredArtifact& x, const StoredArtifact& y) { return x.name == y.name && x.mimeType == y.mimeType; };
    return std::equal(a.series.begin(), a.series.end(), b.series.begin(), b.series.end(), sameSeries)
        && std::equal(a.artifacts.begin(), a.artifacts.end(), b.artifacts.begin(), b.artifacts.end(), sameArtifact);
}

std::string kindTitle(Engine engine, RunKind kind)
{
    return std::string(enumName(engine)) + " " + std::string(enumName(kind));
}

} // namespace

int currentShapeVersion(Engine engine, RunKind kind)
{
    if (engine == Engine::Unknown || kind == RunKind::Unknown)
        return 0;
    int current = 1;
    for (const auto& u : kUpgraders)
        if (u.engine == engine && u.kind == kind)
            current = std::max(current, u.from + 1);
    return current;
}

void upgradeRunShape(Engine engine, RunKind kind, int version, RunShape& shape)
{
    const int current = currentShapeVersion(engine, kind);
    if (version > current)
        throw Error::invalidInput("its shape is version " + std::to_string(version) + " of " + kindTitle(engine, kind)
            + " runs, recorded by a newer Vantage; this build reads up to version " + std::to_string(current))
            .forField("shape_version");
    for (int v = version; v < current; ++v)
        for (const auto& u : kUpgraders)
            if (u.engine == engine && u.kind == kind && u.from == v) {
                [[maybe_unused]] const RunShape before = v >= 1 ? shape : RunShape{};
                u.upgrade(shape);
                VANTAGE_ASSERT(v < 1 || sameSeriesAndArtifacts(before, shape),
                    "an upgrader from version 1 on changed a run's series or artifacts (run_shapes.h)");
            }
}

std::vector<ShapeUpgrade> shapeUpgrades()
{
    std::vector<ShapeUpgrade> out;
    for (const auto& u : kUpgraders)
        out.push_back({ u.engine, u.kind, u.from });
    return out;
}

void requireCurrentShape(const RunInfo& run)
{
    const int current = currentShapeVersion(run.engine, run.kind);
    if (run.shapeVersion == current)
        return;
    const std::string what = "run " + std::to_string(run.id) + " (" + kindTitle(run.engine, run.kind) + ")";
    if (run.shapeVersion > current)
        throw Error::invalidInput(what + " was recorded by a newer Vantage: its shape is version "
            + std::to_string(run.shapeVersion) + ", this build reads up to version " + std::to_string(current)
            + "; open the session with that version")
            .forField("run");
    throw Error::invalidInput(what + " is stored in shape version " + std::to_string(run.shapeVersion)
        + " of an earlier Vantage, which this build has not upgraded (its parameters or result are damaged, or the "
          "session was opened read-only; opened for writing, it is upgraded)")
        .forField("run");
}

} // namespace vantage::store
