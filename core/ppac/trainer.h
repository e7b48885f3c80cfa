#pragma once
// Training of the base models (BPR-MF, LightGCN) alone or wrapped by PPAC, by one code path
// (Ning et al., WWW 2024, Eq. 7-8, as in the authors' code):
//   loss = mean softplus(s_uj - s_ui)
//        + 1e-3 * [ (MSE(p_ui, PP(u,i)) + MSE(p_uj, PP(u,j))) / 2 + (MSE(q_i, GP(i)) + MSE(q_j, GP(j))) / 2 ]
//        + 1e-4 * (||e_u||^2 + ||e_i||^2 + ||e_j||^2) / (2 B)
// over (u, i+, j-) triples, one uniform negative j per training pair per epoch, s = y * p * q with
// PPAC and s = y without it; Adam, learning rate 1e-3, batches of 8192.
// The per-epoch callback carries the loss and the validation metrics for live charts; early
// stopping watches one validation metric. Only trainer.cpp includes LibTorch.

#include "common/json.h"
#include "common/params.h"
#include "common/progress.h"
#include "ppac/metrics.h"
#include "ppac/model.h"
#include "ppac/prepared_dataset.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::ppac {

// What early stopping and the live validation chart read.
enum class ValidationSource {
    None, // no validation: train all epochs, keep the last
    HeldOut, // the validation split held out from the training data (the proper protocol)
    BalancedTest, // the balanced test set itself, as the authors' code does (reported as such)
};
inline constexpr params::EnumTable<ValidationSource, 3> kValidationSources{ "validation",
    { { { ValidationSource::None, "none" }, { ValidationSource::HeldOut, "holdout" },
        { ValidationSource::BalancedTest, "balanced-test" } } } };
constexpr const auto& enumTable(ValidationSource)
{
    return kValidationSources;
}

struct TrainOptions {
    BaseModel architecture = BaseModel::MF;
    bool ppac = true;
    int epochs = 100;
    int dim = 64;
    int layers = 3; // LightGCN
    double learningRate = 1e-3;
    int batchSize = 8192;
    double l2 = 1e-4;
    double popularityWeight = 1e-3; // weight of the two MSE terms
    double initStd = 0.1; // embeddings ~ N(0, initStd)
    std::uint64_t seed = 2024;
    int threads = 0; // 0: all cores
    // Where the model trains: "cpu", "cuda" or "cuda:N" (the CUDA build, a visible GPU). Ranking for
    // validation and evaluation stays on the CPU (the weights are copied back).
    std::string device = "cpu";
    ValidationSource validation = ValidationSource::HeldOut;
    int validateEvery = 1; // epochs between validations
    int validationUsers = 0; // rank a fixed random sample of this many validation users (0: all)
    std::string stopMetric = "ndcg@20"; // arp and gini: lower is better; the others: higher
    int patience = 10; // validations without improvement before stopping; 0: never stop early
    MetricsOptions validationMetrics{ { 20 } };
    // Learning curves on the test sets: every this many epochs (and at the last) rank the full and
    // the balanced test as the final evaluation does (known items masked, Knobs{}); 0: never. Only
    // reported, never used to pick weights (that would be training on the test).
    int testEvery = 0;
};

// The fields of TrainOptions, declared once for the CLI, the run parameters and the page (their
// JSON keys: "architecture", "ppac", "epochs", ...; runs of shape version 1 stored the
// architecture as "model", store/run_shapes.cpp renames it); validationMetrics is not among them.
// train_options.cpp.
const params::Table<TrainOptions>& trainOptionsParams();
Json toJson(const TrainOptions& options);
// Reads what toJson wrote; absent fields keep their defaults, a field of the wrong type or out of
// its range is an error naming it and `where`.
TrainOptions trainOptionsFromJson(const Json& json, std::string_view where);

struct EpochReport {
    int epoch = 0; // 1-based
    int epochs = 0; // planned
    double loss = 0.0;
    double seconds = 0.0; // training only
    double validationSeconds = 0.0;
    std::optional<Metrics> validation;
    std::optional<Metrics> test; // with testEvery: the full test at this epoch
    std::optional<Metrics> balancedTest; // and the balanced test
    double testSeconds = 0.0;
    bool best = false; // best validation so far: these are the weights kept
};

using EpochCallback = std::function<void(const EpochReport&)>;

struct TrainResult {
    ModelWeights weights; // of the best validated epoch (the last epoch without validation)
    std::vector<EpochReport> epochs;
    int bestEpoch = 0;
    bool stoppedEarly = false; // by patience or by the stop request
    double seconds = 0.0;
};

// {"model", "best_epoch", "stopped_early", "time_s", "epochs": [{"epoch", "loss", "time_s", "validation"?,
//  "test"?, "balanced_test"?, "test_time_s"?}]}
Json toJson(const TrainResult& result);

// `cancel` abandons the run (throws vantage::Cancelled); `stop` ends it after the current epoch and
// returns the best weights so far.
TrainResult train(const PreparedDataset& data, const TrainOptions& options, Progress& progress,
    const CancelToken& cancel, const EpochCallback& onEpoch = {}, const CancelToken& stop = CancelToken());

// The differentiable LightGCN propagation used in training, exposed so tests can check it against
// a dense reference: forward gives [(U + I) x dim], the mean of layers 0..layers; backward gives
// d(sum(upstream * forward)) / d(layer 0).
std::vector<float> lightGcnForwardTorch(
    const UserItems& train, std::span<const float> users0, std::span<const float> items0, int dim, int layers);
std::vector<float> lightGcnBackwardTorch(const UserItems& train, std::span<const float> upstream, int dim, int layers);

} // namespace vantage::ppac
