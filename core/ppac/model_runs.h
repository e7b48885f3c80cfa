#pragma once
// The recipes of PPAC's other runs, each called by every front end that records the kind:
//   "generate"  a synthetic dataset written as split files (`vantage-cli ppac generate`)
//     params {"out", "users", "items", "communities", "mean_interactions", "popularity_exponent",
//     "community_affinity", "test_fraction", "balanced_per_item", "seed"}; result {"out", "users",
//     "items", "train", "test", "balanced_test"}
//   "similar"   the similar users of a dataset (`vantage-cli ppac similar`)
//     params {"data": DataRequest, "out", "compare"}; result {"time_s", "users", "k", "out"?,
//     "compare"?}
//   "evaluate"  a saved model at one pair of knobs (`vantage-cli ppac eval`)
//     params {"model", "dataset", "gamma", "beta"}; result {"model", "gamma", "beta", "epochs",
//     "metrics", "precompute_s", "rerank_s", "exposure_by_popularity_group"}
//   "rerank"    a saved model over a grid of knobs (`vantage-cli ppac rerank`)
//     params {"model", "dataset", "gamma": [..], "beta": [..]}; result {"model", "points":
//     [{"gamma", "beta", "metrics", "time_s"}], "precompute_s"}; series "arp@20", "recall@20"
//     (x = the point's index)
//   "knobs"     a trained model's re-ranking at the knobs a user chose (the PPAC page)
//     params {"train_run", "gamma", "beta"}; result {"metrics", "knobs", "exposure_by_popularity_group"}
// read() of each gives the row back (store::readRun).

#include "ppac/training_run.h"
#include "store/recipe.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::ppac {

struct GenerateRequest {
    std::string out; // the folder of train.txt, test.txt and balance_test.txt
    SyntheticOptions options;
};

struct GenerateRun {
    std::int64_t runId = 0;
    Json result; // as stored
};

struct SimilarRequest {
    DataRequest data; // the dataset (validation fraction 0), k and threads of its similar users
    std::string out; // also write them in the authors' format; empty: not
    std::string compare; // compare them with this file of the authors' format; empty: not
};

struct SimilarRun {
    std::int64_t runId = 0;
    Json result;
    std::string summary; // "300 users in 12.00 ms, identical to the file"
};

// A saved model and the data it is evaluated on: with an empty data.load.path, the data the
// model remembers; with one, that dataset split as the model's validation split was. The model's
// own k of similar users wins over data.prepare's.
struct ModelRequest {
    std::string model; // the .vppac file
    DataRequest data;
    int candidates = 200; // items re-ranked per user
};

// The data of a ModelRequest for `weights` (loading 0-30 %, preparing 30-100 %).
std::shared_ptr<const PreparedDataset> dataOfModel(
    const DataRequest& data, const ModelWeights& weights, Progress& progress, const CancelToken& cancel);

struct EvaluateRequest {
    ModelRequest model;
    Knobs knobs;
};

struct EvaluateRun {
    std::int64_t runId = 0;
    std::string name; // the model's display name
    RerankResult evaluation;
    Json result;
};

struct RerankRequest {
    ModelRequest model;
    std::vector<double> gammas{ 0.0 }; // every pair of these and `betas`, gamma-major
    std::vector<double> betas{ 0.0 };
};
// The knobs' lists of RerankRequest (keys "gamma", "beta": each value in the range of knobsParams'
// γ and β), declared once for vantage-cli's ppac rerank and the run's parameters.
const params::Table<RerankRequest>& rerankParams();

struct RerankRun {
    std::int64_t runId = 0;
    std::string name;
    double precomputeS = 0.0;
    std::vector<TradeoffPoint> points;
    Json result;
};

struct KnobsRequest {
    std::int64_t trainRun = 0; // the train run whose model was re-ranked
    Knobs knobs; // the knobs chosen, and the re-ranking's figures at them
    Evaluation evaluation;
    std::vector<double> exposureByGroup;
};

struct KnobsRun {
    std::int64_t runId = 0;
};

struct GenerateRecipe : store::RowRecipe<store::Engine::Ppac, store::RunKind::Generate, GenerateRequest, GenerateRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};
struct SimilarRecipe : store::RowRecipe<store::Engine::Ppac, store::RunKind::Similar, SimilarRequest, SimilarRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};
struct EvaluateRecipe : store::RowRecipe<store::Engine::Ppac, store::RunKind::Evaluate, EvaluateRequest, EvaluateRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};
struct RerankRecipe : store::RowRecipe<store::Engine::Ppac, store::RunKind::Rerank, RerankRequest, RerankRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};
struct KnobsRecipe : store::RowRecipe<store::Engine::Ppac, store::RunKind::Knobs, KnobsRequest, KnobsRun> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel);
};
static_assert(store::Recipe<GenerateRecipe>);
static_assert(store::Recipe<SimilarRecipe>);
static_assert(store::Recipe<EvaluateRecipe>);
static_assert(store::Recipe<RerankRecipe>);
static_assert(store::Recipe<KnobsRecipe>);

// The training recipe as a type (store/recipe.h); runTraining's extra parameters take their
// defaults (the data loaded from the request, no epoch callback, no early stop).
struct TrainingRecipe
    : store::RecipeTypes<store::Engine::Ppac, store::RunKind::Train, TrainingRequest, TrainingRun, StoredTraining> {
    static Result run(store::Session* session, const Request& request, Progress& progress, const CancelToken& cancel)
    {
        return runTraining(session, request, nullptr, progress, cancel);
    }
    static Stored read(const store::Session& session, std::int64_t runId) { return readTraining(session, runId); }
};
static_assert(store::Recipe<TrainingRecipe>);

} // namespace vantage::ppac
