#include "ppac/training_run.h"

#include "common/error.h"
#include "store/run_scope.h"
#include "store/run_shapes.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace vantage::ppac {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr const char* kWhere = "run parameters";

std::string fixed4(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    return buf;
}

// Appends one epoch's points to the run's series (one short transaction per series).
void recordEpoch(store::Session& s, std::int64_t runId, const EpochReport& e)
{
    const double x = static_cast<double>(e.epoch);
    s.appendSeries(runId, "loss", std::vector<store::SeriesPoint>{ { x, e.loss } });
    s.appendSeries(runId, "epoch_time_s", std::vector<store::SeriesPoint>{ { x, e.seconds } });
    const auto append = [&](const std::string& prefix, const Metrics& m) {
        const Json metrics = toJson(m);
        for (const auto& [name, value] : metrics.items())
            if (name != "users" && value.is_number())
                s.appendSeries(runId, prefix + name, std::vector<store::SeriesPoint>{ { x, value.get<double>() } });
    };
    if (e.validation)
        append("validation/", *e.validation);
    if (e.test) {
        append("test/", *e.test);
        append("balanced_test/", *e.balancedTest);
    }
}

} // namespace

Json toJson(const DataRequest& r)
{
    Json j = { { "similar_users", r.prepare.similarUsers },
        { "similar_users_file", r.prepare.similarUsersFile.string() }, { "threads", r.prepare.threads } };
    if (r.synthetic) {
        j["source"] = "synthetic";
        j["synthetic"] = toJson(*r.synthetic);
    } else {
        j["source"] = "path";
        j["load"] = toJson(r.load);
    }
    return j;
}

DataRequest dataRequestFromJson(const Json& j)
{
    if (!j.is_object())
        throw Error::invalidInput("the run names no dataset").forField("data");
    DataRequest r;
    if (jsonFieldOr<std::string>(j, "source", "path", kWhere) == "synthetic")
        r.synthetic = syntheticOptionsFromJson(vantage::detail::requireObjectKey(j, "synthetic", kWhere), kWhere);
    else
        r.load = loadOptionsFromJson(vantage::detail::requireObjectKey(j, "load", kWhere), kWhere);
    r.prepare.similarUsers = jsonFieldOr(j, "similar_users", r.prepare.similarUsers, kWhere);
    r.prepare.similarUsersFile = jsonFieldOr<std::string>(j, "similar_users_file", "", kWhere);
    r.prepare.threads = jsonFieldOr(j, "threads", r.prepare.threads, kWhere);
    return r;
}

std::string dataName(const DataRequest& r)
{
    if (r.synthetic)
        return "synthetic";
    const fs::path p = r.load.path.lexically_normal();
    const std::string name = (p.has_filename() ? p.filename() : p.parent_path().filename()).string();
    return name.empty() ? r.load.path.string() : name;
}

LoadedData loadData(const DataRequest& r, Progress& progress, const CancelToken& cancel)
{
    Dataset dataset;
    {
        SubProgress part(progress, 0.0, 0.3, "loading");
        if (r.synthetic) {
            part.report(0.0, "generating");
            dataset = generateSynthetic(*r.synthetic);
        } else {
            if (r.load.path.empty())
                throw Error::invalidInput("choose a dataset folder or file first").forField("dataset");
            dataset = loadDataset(r.load, part, cancel);
        }
    }
    LoadedData out;
    out.overview = overview(dataset);
    SubProgress part(progress, 0.3, 1.0, "similar users and popularity");
    out.prepared = prepare(std::move(dataset), r.prepare, part, cancel);
    return out;
}

Json toJson(const TrainingRequest& r)
{
    return { { "data", toJson(r.data) }, { "training", toJson(r.training) },
        { "knobs", params::toJson(knobsParams(), r.knobs) }, { "save", r.save } };
}

TrainingRequest trainingRequestFromJson(const Json& p)
{
    if (!p.is_object())
        throw Error::invalidInput("the run's parameters are not an object").forField("params");
    TrainingRequest r;
    r.data = dataRequestFromJson(p.value("data", Json()));
    r.training = trainOptionsFromJson(p.value("training", Json::object()), kWhere);
    params::readJson(knobsParams(), p.value("knobs", Json::object()), r.knobs, kWhere, "knobs.");
    r.save = jsonFieldOr<std::string>(p, "save", "", kWhere);
    return r;
}

std::string trainingName(const TrainingRequest& r)
{
    return std::string(r.training.ppac ? "PPAC-" : "") + (r.training.architecture == BaseModel::MF ? "MF" : "LightGCN")
        + " on " + dataName(r.data);
}

std::string evaluationSummary(const Evaluation& e)
{
    const auto& m = e.full;
    return "Recall@20 " + fixed4(m.value("recall@20").value_or(0.0)) + ", NDCG@20 "
        + fixed4(m.value("ndcg@20").value_or(0.0)) + ", ARP@20 " + fixed4(m.value("arp@20").value_or(0.0));
}

TrainingRun runTraining(store::Session* session, const TrainingRequest& request,
    std::shared_ptr<const PreparedDataset> data, Progress& progress, const CancelToken& cancel,
    const EpochCallback& onEpoch, const CancelToken& stop)
{
    const store::NewRun newRun{ .engine = store::Engine::Ppac,
        .kind = store::RunKind::Train,
        .name = trainingName(request),
        .params = toJson(request) };
    return store::recordRun(session, newRun, [&](store::RunScope& scope) {
        TrainingRun run;
        run.runId = scope.id();
        if (!data) {
            SubProgress part(progress, 0.0, 0.05, "data");
            data = loadData(request.data, part, cancel).prepared;
        }
        run.data = data;
        {
            SubProgress part(progress, 0.05, 0.85, "training");
            run.training = train(
                *data, request.training, part, cancel,
                [&](const EpochReport& e) {
                    if (scope.session())
                        recordEpoch(*scope.session(), scope.id(), e);
                    if (onEpoch)
                        onEpoch(e);
                },
                stop);
        }
        run.training.weights.info["epochs"] = toJson(run.training)["epochs"];
        const std::string bytes = serializeModel(run.training.weights);
        if (!request.save.empty())
            writeFileAtomic(request.save, bytes);

        const auto t0 = Clock::now();
        {
            SubProgress part(progress, 0.85, 0.95, "precomputing scores");
            run.recommender
                = std::make_shared<const Recommender>(run.training.weights, data, RecommenderOptions{}, part, cancel);
        }
        SubProgress part(progress, 0.95, 1.0, "evaluating");
        run.evaluation = rerank(*run.recommender, request.knobs, {}, part, cancel);

        Json j = toJson(run.training);
        j["metrics"] = toJson(run.evaluation.evaluation);
        j["knobs"] = params::toJson(knobsParams(), request.knobs);
        j["evaluate_s"] = std::chrono::duration<double>(Clock::now() - t0).count();
        j["validation"] = enumName(request.training.validation);
        if (!request.save.empty())
            j["saved"] = request.save;
        if (store::Session* s = scope.session()) {
            if (bytes.size() <= kModelArtifactLimit)
                s->addArtifact(scope.id(), "model.vppac", "application/x-vantage-ppac-model", bytes);
            else
                j["model_not_stored"] = "the model is " + std::to_string(bytes.size() >> 20)
                    + " MiB, over the session's " + std::to_string(kModelArtifactLimit >> 20)
                    + " MiB limit; save it with --save";
        }
        run.summary = evaluationSummary(run.evaluation.evaluation);
        scope.succeed(j, run.summary);
        run.result = std::move(j);
        return run;
    });
}

StoredTraining readTraining(const store::Session& session, std::int64_t runId)
{
    store::RunInfo info = session.run(runId);
    if (info.engine == store::Engine::Ppac && info.kind == store::RunKind::Knobs)
        info = session.run(jsonFieldOr<std::int64_t>(info.params, "train_run", 0, kWhere));
    if (info.engine != store::Engine::Ppac || info.kind != store::RunKind::Train)
        throw Error::invalidInput("run " + std::to_string(runId) + " is not a PPAC training").forField("run");
    store::requireCurrentShape(info);
    StoredTraining out;
    out.runId = info.id;
    out.request = trainingRequestFromJson(info.params);
    out.result = info.result;
    for (const auto& a : session.artifacts(info.id))
        if (a.name == "model.vppac")
            out.model = session.artifactData(a.id);
    return out;
}

} // namespace vantage::ppac
