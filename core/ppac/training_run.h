#pragma once
// The one recipe of a "ppac train" run, called by `vantage-cli ppac train` and by the PPAC page:
// it loads (or takes) the prepared data, trains, re-ranks at the request's knobs, and records the
// run the same way from both. readTraining() reads a recorded run back, whichever front end wrote
// it (runs of earlier versions are upgraded to this shape when their session is opened:
// store/run_shapes.h).
//
// What a train run holds (shape version 1; a change here is a new version with its upgrader in
// store/run_shapes.cpp):
//   params     {"data": DataRequest, "training": TrainOptions, "knobs": {"gamma", "beta"}, "save": path}
//   result     TrainResult's JSON ({"model", "epochs", "best_epoch", ...}) with "metrics" (full and
//              balanced test at the knobs), "knobs", "evaluate_s", "validation", and "saved" or
//              "model_not_stored" when they apply
//   series     "loss" and "epoch_time_s" per epoch, "validation/<metric>" per validated epoch
//              (x = epoch, from 1), appended while training so a killed run keeps its curves
//   artifact   "model.vppac" (application/x-vantage-ppac-model) when at most kModelArtifactLimit
//   summary    "Recall@20 0.1710, NDCG@20 0.1432, ARP@20 0.0521" (full test)

#include "common/json.h"
#include "common/progress.h"
#include "ppac/loaders.h"
#include "ppac/prepared_dataset.h"
#include "ppac/recommender.h"
#include "ppac/synthetic.h"
#include "ppac/trainer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace vantage::store {
class Session;
}

namespace vantage::ppac {

// Where a run's interactions come from and how they are prepared: a file or folder loaded with
// `load`, or (with `synthetic` set) a generated dataset.
struct DataRequest {
    std::optional<SyntheticOptions> synthetic;
    LoadOptions load;
    PrepareOptions prepare;
};

// {"source": "path" | "synthetic", "load": {...} | "synthetic": {...}, "similar_users": k,
// "similar_users_file": path, "threads": n}.
Json toJson(const DataRequest& request);
DataRequest dataRequestFromJson(const Json& json);
// The dataset's title for run names: the file or folder name, or "synthetic".
std::string dataName(const DataRequest& request);

struct LoadedData {
    std::shared_ptr<const PreparedDataset> prepared;
    DatasetOverview overview;
};
// Loading 0-30 %, similar users and popularity 30-100 %.
LoadedData loadData(const DataRequest& request, Progress& progress, const CancelToken& cancel);

struct TrainingRequest {
    DataRequest data;
    TrainOptions training;
    Knobs knobs; // of the evaluation after training
    std::string save; // also write the model to this file; empty: only into the session
};

// The share of each user's training interactions held out for validation (holdout validation):
// key "validation_fraction", vantage-cli's ppac train --validation-fraction (which holds out none
// when the validation is not holdout and the option is not given) and the page's hold-out.
struct HoldOut {
    double fraction = 0.1;
};
const params::Table<HoldOut>& holdOutParams();

Json toJson(const TrainingRequest& request);
TrainingRequest trainingRequestFromJson(const Json& params);
// "PPAC-MF on gowalla", "LightGCN on synthetic".
std::string trainingName(const TrainingRequest& request);

// Models larger than this are not stored in the session (the result says so); --save still writes them.
inline constexpr std::size_t kModelArtifactLimit = std::size_t{ 64 } << 20;

struct TrainingRun {
    std::int64_t runId = 0; // 0 without a session
    TrainResult training;
    std::shared_ptr<const PreparedDataset> data;
    std::shared_ptr<const Recommender> recommender;
    RerankResult evaluation; // at the request's knobs
    Json result; // as stored
    std::string summary;
};

// Trains and records the run into `session` (none: nothing is recorded). `data` is the prepared
// data when the caller has it (the page loads it first); null: loaded from request.data.
// `onEpoch` is called on the training thread after each epoch; `stop` ends training early and
// keeps the best weights so far (cancel abandons the run). Progress: data 0-5 %, training 5-85 %,
// scores and evaluation 85-100 %. Throws vantage::Error.
TrainingRun runTraining(store::Session* session, const TrainingRequest& request,
    std::shared_ptr<const PreparedDataset> data, Progress& progress, const CancelToken& cancel,
    const EpochCallback& onEpoch = {}, const CancelToken& stop = {});

// "Recall@20 0.1710, NDCG@20 0.1432, ARP@20 0.0521": the summary of every run that evaluates.
std::string evaluationSummary(const Evaluation& evaluation);

// A recorded train run read back (or the train run a "knobs" run refers to).
struct StoredTraining {
    std::int64_t runId = 0;
    TrainingRequest request;
    Json result;
    std::string model; // the serialized model; empty when it was not stored
};
StoredTraining readTraining(const store::Session& session, std::int64_t runId);

} // namespace vantage::ppac
