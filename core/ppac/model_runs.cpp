#include "ppac/model_runs.h"

#include "common/error.h"
#include "common/json.h"
#include "common/units.h"
#include "ppac/similar_users.h"
#include "store/run_scope.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace vantage::ppac {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

void writeUserLines(const fs::path& path, const UserItems& t)
{
    std::string text;
    for (std::int32_t u = 0; u < t.numUsers(); ++u) {
        if (t.count(u) == 0)
            continue;
        text += std::to_string(u);
        for (auto i : t.items(u))
            text += ' ' + std::to_string(i);
        text += '\n';
    }
    writeFileAtomic(path, text);
}

struct LoadedModel {
    ModelWeights weights;
    std::shared_ptr<const PreparedDataset> data;
};

// Progress: the model and its data 0-20 %.
LoadedModel loadModelAndData(const ModelRequest& r, Progress& progress, const CancelToken& cancel)
{
    progress.report(0.0, "reading the model");
    LoadedModel m{ loadModel(r.model), nullptr };
    SubProgress sub(progress, 0.0, 0.2);
    m.data = dataOfModel(r.data, m.weights, sub, cancel);
    return m;
}

} // namespace

// The data a saved model was trained on: as the model remembers it (its dataset notes), or the
// request's dataset (a moved copy; the validation split is taken from the model so that the
// training data, which the model checks, comes out the same).
std::shared_ptr<const PreparedDataset> dataOfModel(
    const DataRequest& d, const ModelWeights& w, Progress& progress, const CancelToken& cancel)
{
    const Json notes = w.info.contains("dataset_notes") ? w.info["dataset_notes"] : Json::object();
    PrepareOptions prepareOptions = d.prepare;
    if (w.info.contains("similar_users") && w.info["similar_users"].is_number_integer())
        prepareOptions.similarUsers = w.info["similar_users"].get<int>();
    Dataset dataset;
    {
        SubProgress sub(progress, 0.0, 0.3, "loading");
        if (d.load.path.empty()) {
            dataset = reloadDataset(notes, sub, cancel);
        } else {
            LoadOptions load = d.load;
            load.validationFraction = notes.contains("load") && notes["load"].is_object()
                ? notes["load"].value("validation_fraction", 0.0)
                : 0.0;
            dataset = loadDataset(load, sub, cancel);
        }
    }
    SubProgress sub(progress, 0.3, 1.0, "preparing");
    return prepare(std::move(dataset), prepareOptions, sub, cancel);
}

GenerateRun GenerateRecipe::run(
    store::Session* session, const GenerateRequest& r, Progress& progress, const CancelToken&)
{
    const auto& o = r.options;
    const Json params = { { "out", r.out }, { "users", o.users }, { "items", o.items },
        { "communities", o.communities }, { "mean_interactions", o.meanInteractions },
        { "popularity_exponent", o.popularityExponent }, { "community_affinity", o.communityAffinity },
        { "test_fraction", o.testFraction }, { "balanced_per_item", o.balancedPerItem }, { "seed", o.seed } };
    const store::NewRun run{ .engine = engine, .kind = kind, .name = r.out, .params = params };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        GenerateRun out;
        out.runId = scope.id();
        progress.report(0.0, "generating");
        const Dataset d = generateSynthetic(o);
        fs::create_directories(r.out);
        writeUserLines(fs::path(r.out) / "train.txt", d.train);
        writeUserLines(fs::path(r.out) / "test.txt", d.test);
        writeUserLines(fs::path(r.out) / "balance_test.txt", d.balancedTest);
        progress.report(1.0, "written");
        out.result = { { "out", r.out }, { "users", d.numUsers() }, { "items", d.numItems() },
            { "train", d.train.size() }, { "test", d.test.size() }, { "balanced_test", d.balancedTest.size() } };
        scope.succeed(out.result,
            std::to_string(d.numUsers()) + " users, " + std::to_string(d.numItems()) + " items, "
                + std::to_string(d.train.size()) + " training interactions");
        return out;
    });
}

SimilarRun SimilarRecipe::run(
    store::Session* session, const SimilarRequest& r, Progress& progress, const CancelToken& cancel)
{
    const Json params = { { "data", toJson(r.data) }, { "out", r.out }, { "compare", r.compare } };
    const store::NewRun run{ .engine = engine, .kind = kind, .name = r.data.load.path.string(), .params = params };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        SimilarRun out;
        out.runId = scope.id();
        Dataset dataset;
        {
            SubProgress sub(progress, 0.0, 0.1, "loading");
            dataset = loadDataset(r.data.load, sub, cancel);
        }
        SubProgress sub(progress, 0.1, 1.0, "similar users");
        const int k = r.data.prepare.similarUsers;
        const auto t0 = Clock::now();
        const SimilarUsers s
            = computeSimilarUsers(dataset.train, { .k = k, .threads = r.data.prepare.threads }, sub, cancel);
        const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        out.result = { { "time_s", seconds }, { "users", dataset.train.activeUsers() }, { "k", k } };
        if (!r.out.empty()) {
            writeSimilarUsers(r.out, s);
            out.result["out"] = r.out;
        }
        out.summary = std::to_string(dataset.train.activeUsers()) + " users in " + formatSeconds(seconds);
        if (!r.compare.empty()) {
            const auto c = compareSimilarUsers(s, readSimilarUsers(r.compare, dataset.numUsers()));
            out.result["compare"] = { { "file", r.compare }, { "users", c.users }, { "identical", c.identical },
                { "all_identical", c.allIdentical() }, { "first_differences", c.firstDifferences } };
            out.summary += c.allIdentical() ? ", identical to the file"
                                            : ", " + std::to_string(c.users - c.identical) + " users differ";
        }
        scope.succeed(out.result, out.summary);
        return out;
    });
}

EvaluateRun EvaluateRecipe::run(
    store::Session* session, const EvaluateRequest& r, Progress& progress, const CancelToken& cancel)
{
    params::checkRanges(knobsParams(), r.knobs);
    Json params = params::toJson(knobsParams(), r.knobs);
    params.update({ { "model", r.model.model }, { "dataset", r.model.data.load.path.string() } });
    const store::NewRun run{ .engine = engine, .kind = kind, .name = r.model.model, .params = params };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        EvaluateRun out;
        out.runId = scope.id();
        auto m = loadModelAndData(r.model, progress, cancel);
        out.name = m.weights.displayName();
        const Json epochs = m.weights.info.contains("epochs") ? m.weights.info["epochs"] : Json::array();
        SubProgress sub(progress, 0.2, 1.0, "evaluating");
        const Recommender rec(std::move(m.weights), m.data, { .candidates = r.model.candidates }, sub, cancel);
        out.evaluation = rerank(rec, r.knobs, {}, sub, cancel);
        const auto& e = out.evaluation;
        out.result = { { "model", out.name }, { "gamma", r.knobs.gamma }, { "beta", r.knobs.beta },
            { "epochs", epochs }, { "metrics", toJson(e.evaluation) }, { "precompute_s", rec.precomputeSeconds() },
            { "rerank_s", e.seconds }, { "exposure_by_popularity_group", e.exposureByGroup } };
        scope.succeed(out.result, evaluationSummary(e.evaluation));
        return out;
    });
}

const params::Table<RerankRequest>& rerankParams()
{
    // Each value in the range of the one knob (knobsParams).
    const auto low = [](const char* key) { return std::get<double>(params::find(knobsParams(), key)->info.min); };
    const auto high = [](const char* key) { return std::get<double>(params::find(knobsParams(), key)->info.max); };
    static const params::Table<RerankRequest> table = {
        params::numbers(&RerankRequest::gammas,
            { "gamma", "--gamma", VANTAGE_TRANSLATE_NOOP("Params", "Weights of personal popularity (γ) to sweep") },
            low("gamma"), high("gamma")),
        params::numbers(&RerankRequest::betas,
            { "beta", "--beta", VANTAGE_TRANSLATE_NOOP("Params", "Weights of global popularity (β) to sweep") },
            low("beta"), high("beta")),
    };
    return table;
}

RerankRun RerankRecipe::run(
    store::Session* session, const RerankRequest& r, Progress& progress, const CancelToken& cancel)
{
    params::checkRanges(rerankParams(), r);
    Json params = params::toJson(rerankParams(), r);
    params.update({ { "model", r.model.model }, { "dataset", r.model.data.load.path.string() } });
    const store::NewRun run{ .engine = engine, .kind = kind, .name = r.model.model, .params = params };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        RerankRun out;
        out.runId = scope.id();
        auto m = loadModelAndData(r.model, progress, cancel);
        out.name = m.weights.displayName();
        SubProgress pre(progress, 0.2, 0.5, "preparing the model");
        const Recommender rec(std::move(m.weights), m.data, { .candidates = r.model.candidates }, pre, cancel);
        out.precomputeS = rec.precomputeSeconds();
        std::vector<Knobs> knobs;
        for (double g : r.gammas)
            for (double b : r.betas)
                knobs.push_back({ g, b });
        SubProgress sweep(progress, 0.5, 1.0, "re-ranking");
        out.points = tradeoffCurve(rec, knobs, {}, sweep, cancel);
        Json arr = Json::array();
        std::vector<store::SeriesPoint> arpSeries, recallSeries;
        for (std::size_t k = 0; k < out.points.size(); ++k) {
            const auto& p = out.points[k];
            arr.push_back({ { "gamma", p.knobs.gamma }, { "beta", p.knobs.beta }, { "metrics", toJson(p.evaluation) },
                { "time_s", p.seconds } });
            arpSeries.push_back({ static_cast<double>(k), p.evaluation.full.value("arp@20").value_or(0.0) });
            recallSeries.push_back({ static_cast<double>(k), p.evaluation.full.value("recall@20").value_or(0.0) });
        }
        out.result = { { "model", out.name }, { "points", arr }, { "precompute_s", out.precomputeS } };
        if (auto* s = scope.session()) {
            s->appendSeries(scope.id(), "arp@20", arpSeries);
            s->appendSeries(scope.id(), "recall@20", recallSeries);
        }
        scope.succeed(out.result, std::to_string(out.points.size()) + " knob settings of " + out.name);
        return out;
    });
}

KnobsRun KnobsRecipe::run(store::Session* session, const KnobsRequest& r, Progress&, const CancelToken&)
{
    char name[96];
    std::snprintf(name, sizeof name, "\u03b3 %g, \u03b2 %g", r.knobs.gamma, r.knobs.beta);
    const store::NewRun run{ .engine = engine,
        .kind = kind,
        .name = name,
        .params = { { "train_run", r.trainRun }, { "gamma", r.knobs.gamma }, { "beta", r.knobs.beta } } };
    return store::recordRun(session, run, [&](store::RunScope& scope) {
        const Json result = { { "metrics", toJson(r.evaluation) },
            { "knobs", { { "gamma", r.knobs.gamma }, { "beta", r.knobs.beta } } },
            { "exposure_by_popularity_group", r.exposureByGroup } };
        scope.succeed(result, evaluationSummary(r.evaluation));
        return KnobsRun{ .runId = scope.id() };
    });
}

} // namespace vantage::ppac
