#include "ppac/trainer.h"

#include "ppac/recommender.h"
#include "ppac/training_run.h"

#include <limits>

namespace vantage::ppac {

const params::Table<TrainOptions>& trainOptionsParams()
{
    using O = TrainOptions;
    using params::number;
    constexpr int kMaxInt = std::numeric_limits<int>::max();
    static const params::Table<O> table = {
        params::choice(&O::architecture,
            { "architecture", "--architecture", VANTAGE_TRANSLATE_NOOP("Params", "Base architecture: mf or lightgcn") },
            kBaseModels),
        params::flag(&O::ppac,
            { "ppac", "--ppac",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Wrap the model with PPAC's personal and global popularity branches") },
            { "--base", "Train the plain base model, without PPAC's branches" }),
        number(&O::epochs, { "epochs", "--epochs", VANTAGE_TRANSLATE_NOOP("Params", "Most epochs") }, 1, 1000000),
        number(&O::dim, { "dim", "--dim", VANTAGE_TRANSLATE_NOOP("Params", "Embedding size") }, 2, 1024),
        number(&O::layers, { "layers", "--layers", VANTAGE_TRANSLATE_NOOP("Params", "LightGCN propagation layers") }, 0,
            8),
        number(&O::learningRate, { "learning_rate", "--lr", VANTAGE_TRANSLATE_NOOP("Params", "Adam learning rate") },
            0.0, 1e3, true),
        number(&O::batchSize,
            { "batch_size", "--batch-size", VANTAGE_TRANSLATE_NOOP("Params", "Training triples per batch") }, 1,
            1 << 24),
        number(&O::l2,
            { "l2", "--l2",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Weight of the L2 penalty on the batch's embeddings (0: none, as RecBole's BPR)") },
            0.0, 1e6),
        number(&O::popularityWeight,
            { "popularity_weight", "--popularity-weight",
                VANTAGE_TRANSLATE_NOOP("Params", "Weight of PPAC's two popularity (MSE) terms") },
            0.0, 1e6),
        number(&O::initStd,
            { "init_std", "--init-std",
                VANTAGE_TRANSLATE_NOOP("Params", "Spread of the initial embeddings (normal, this deviation)") },
            0.0, 1e3, true),
        number(&O::seed,
            { "seed", "--seed", VANTAGE_TRANSLATE_NOOP("Params", "Seed of initialisation, shuffling and negatives") },
            0, std::numeric_limits<std::uint64_t>::max()),
        // On the command line the data options' --threads sets it (one thread count per command).
        number(&O::threads, { "threads", "", VANTAGE_TRANSLATE_NOOP("Params", "Threads (0: all cores)") }, 0, kMaxInt),
        params::text(&O::device,
            { "device", "--device",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "cpu, cuda or cuda:N: where the model trains (a GPU needs the CUDA build; ranking stays on the "
                    "CPU)") }),
        params::choice(&O::validation,
            { "validation", "--validation",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Early stopping on: holdout (a split held out of training), balanced-test (the authors' protocol: "
                    "the balanced test itself) or none") },
            kValidationSources),
        number(&O::validateEvery,
            { "validate_every", "--validate-every", VANTAGE_TRANSLATE_NOOP("Params", "Epochs between validations") }, 1,
            1000000),
        number(&O::validationUsers,
            { "validation_users", "--validation-users",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Validate on a fixed random sample of this many users (0: all; faster on large data)") },
            0, kMaxInt),
        params::text(&O::stopMetric,
            { "stop_metric", "--stop-metric",
                VANTAGE_TRANSLATE_NOOP("Params", "Validation metric for early stopping (at K = 20)") }),
        number(&O::patience,
            { "patience", "--patience",
                VANTAGE_TRANSLATE_NOOP("Params", "Validations without improvement before stopping (0: never)") },
            0, 1000000),
        number(&O::testEvery,
            { "test_every", "--test-every",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Rank the full and balanced tests every this many epochs and report them (learning curves; never "
                    "used to pick the weights; 0: never)") },
            0, 1000000),
    };
    return table;
}

const params::Table<Knobs>& knobsParams()
{
    // Scores are not normalised: a model's knobs reach the hundreds (docs/ppac.md: γ 512, β -1024);
    // either sign is read (runs recorded by vantage-cli, which always took any).
    constexpr double kMost = 1e6;
    static const params::Table<Knobs> table = {
        params::number(&Knobs::gamma,
            { "gamma", "--gamma", VANTAGE_TRANSLATE_NOOP("Params", "Weight of personal popularity (γ)") }, -kMost,
            kMost),
        params::number(&Knobs::beta,
            { "beta", "--beta", VANTAGE_TRANSLATE_NOOP("Params", "Weight of global popularity (β)") }, -kMost, kMost),
    };
    return table;
}

const params::Table<HoldOut>& holdOutParams()
{
    static const params::Table<HoldOut> table = {
        params::number(&HoldOut::fraction,
            { "validation_fraction", "--validation-fraction",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Share of each user's training interactions held out for validation") },
            0.0, 0.99),
    };
    return table;
}

Json toJson(const TrainOptions& options)
{
    return params::toJson(trainOptionsParams(), options);
}

TrainOptions trainOptionsFromJson(const Json& json, std::string_view where)
{
    TrainOptions options;
    params::readJson(trainOptionsParams(), json, options, where);
    return options;
}

} // namespace vantage::ppac
