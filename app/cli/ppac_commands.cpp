// vantage-cli ppac generate|overview|similar|train|eval|rerank|inspect: debiased recommendation with
// personal popularity, headless. JSON keys scripts rely on:
//   similar  {"time_s", "users", "k", "out"?, "compare"?: {"users", "identical", "all_identical"}}
//   train    {"model", "epochs": [{"epoch", "loss", "time_s", "validation"?, "test"?, "balanced_test"?}], "best_epoch",
//             "metrics": {"full": {"recall@20", "ndcg@20", "arp@20", ...}, "balanced": {...}}, ...}
//   eval     {"model", "gamma", "beta", "epochs", "metrics": {"full", "balanced"}, ...}
//   rerank   {"model", "points": [{"gamma", "beta", "metrics", "time_s"}], "precompute_s"}
//   inspect  {"user", "similar_users", "pp_items": [{"item", "count", "pp"}], "gp_items": [{"item",
//             "count"}], "recommendations": [...]}

#include "cli.h"

#include "common/error.h"
#include "common/threads.h"
#include "common/units.h"
#include "ppac/model_runs.h"
#include "ppac/ppac.h"
#include "ppac/training_run.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <optional>

namespace vantage::cli {

namespace {

using namespace vantage::ppac;

struct DataArgs {
    std::string dataset;
    std::string format = "auto";
    std::string csvHeader = "auto";
    std::string test;
    std::string balancedTest;
    double minRating = -std::numeric_limits<double>::infinity();
    std::string split = "random";
    double testFraction = 0.2;
    int leaveLast = 1;
    std::uint64_t splitSeed = 1;
    int balancedPerItem = 3;
    int k = 30;
    std::string similarFile;
    int threads = 0;
};

// What a command does with the similar users, so that it offers only the options it uses (an
// option a command would silently ignore is refused by the parser instead).
enum class SimilarUse {
    None,
    Compute,
    ComputeOrRead
};

void addDataOptions(CLI::App* cmd, DataArgs& d, bool required, SimilarUse similar)
{
    auto* opt = cmd->add_option("--dataset", d.dataset,
        "A directory of split files (train.txt, test.txt[, balance_test.txt]) or one "
        "interaction file (.inter, ratings.dat, u.data, .csv)");
    if (required)
        opt->required();
    cmd->add_option("--format", d.format, "auto, lines, inter, movielens or csv")
        ->check(CLI::IsMember(enumNames<DataFormat>()));
    cmd->add_option("--csv-header", d.csvHeader, "Whether a CSV file starts with a header row: auto, yes or no")
        ->check(CLI::IsMember({ "auto", "yes", "no" }));
    cmd->add_option("--test", d.test, "Test file beside a one-line-per-user training file");
    cmd->add_option(
        "--balanced-test", d.balancedTest, "Popularity-balanced test file (default: balance_test.txt, or built)");
    addNumber(cmd, "--min-rating", d.minRating, "Keep interactions rated at least this (explicit-feedback files)",
        -kAnyFinite, kAnyFinite);
    cmd->add_option("--split", d.split, "Split of a single file: random or leave-last")
        ->check(CLI::IsMember({ "random", "leave-last" }));
    addNumberAbove(
        cmd, "--test-fraction", d.testFraction, "Share of each user's interactions for test (random split)", 0.0, 1.0);
    addNumber(cmd, "--leave-last", d.leaveLast, "Latest interactions per user for test (leave-last split)", 1, 1 << 20);
    addNumber(cmd, "--split-seed", d.splitSeed, "Seed of the random split", 0, kMaxOf<std::uint64_t>);
    addNumber(cmd, "--balanced-per-item", d.balancedPerItem,
        "c of the built balanced test: c test interactions per item", 1, 1 << 20);
    if (similar == SimilarUse::None)
        return;
    addNumber(cmd, "--k", d.k, "Similar users per user", 1, 1 << 16);
    if (similar == SimilarUse::ComputeOrRead)
        cmd->add_option(
            "--similar-users", d.similarFile, "Read the similar users from this file instead of computing them");
    addNumber(cmd, "--threads", d.threads, "Threads (0: all cores)", 0, maxThreadCount());
}

LoadOptions loadOptions(const DataArgs& d, double validationFraction)
{
    LoadOptions o;
    o.path = d.dataset;
    o.format = enumFromName<DataFormat>(d.format);
    o.csv.header = d.csvHeader == "yes" ? CsvOptions::Header::Present
        : d.csvHeader == "no"           ? CsvOptions::Header::Absent
                                        : CsvOptions::Header::Auto;
    o.testPath = d.test;
    o.balancedTestPath = d.balancedTest;
    o.minRating = d.minRating;
    o.split = { .method = d.split == "leave-last" ? SplitMethod::LeaveLastByTime : SplitMethod::RandomPerUser,
        .testFraction = d.testFraction,
        .leaveLast = d.leaveLast,
        .seed = d.splitSeed };
    o.validationFraction = validationFraction;
    o.balancedPerItem = d.balancedPerItem;
    return o;
}

// The dataset the options name, as the recipes take it (and run parameters store it).
DataRequest dataRequest(const DataArgs& d, double validationFraction)
{
    DataRequest r;
    r.load = loadOptions(d, validationFraction);
    r.prepare = { .similarUsers = d.k, .threads = d.threads, .similarUsersFile = d.similarFile };
    return r;
}

std::shared_ptr<const PreparedDataset> loadPrepared(
    Context& ctx, const DataArgs& d, double validationFraction, double begin, double end)
{
    SubProgress sub(ctx.progress(), begin, end, "data");
    return loadData(dataRequest(d, validationFraction), sub, ctx.cancel).prepared;
}

std::string fixed(double v, int digits = 4)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

void printMetricsTable(const Evaluation& e)
{
    std::vector<std::vector<std::string>> rows;
    for (const auto* part : { &e.full, &e.balanced }) {
        const std::string name = part == &e.full ? "full" : "balanced";
        for (const auto& m : part->atK)
            rows.push_back({ name, std::to_string(m.k), fixed(m.recall), fixed(m.precision), fixed(m.ndcg),
                fixed(m.arp), fixed(m.coverage), fixed(m.gini), fixed(m.tailPercentage) });
    }
    printTable({ "TEST", "K", "RECALL", "PRECISION", "NDCG", "ARP", "COVERAGE", "GINI", "TAIL" }, rows);
    // A test with no user (every user too few interactions to hold one out) measures nothing: its
    // zeros are not a model's result.
    for (const auto* part : { &e.full, &e.balanced })
        if (part->users == 0)
            std::cerr << "note: the " << (part == &e.full ? "full" : "balanced")
                      << " test has no user with a test interaction; its figures measure nothing\n";
}

// ppac generate

struct GenerateArgs {
    std::string out;
    SyntheticOptions options;
};

void runGenerate(Context& ctx, const GenerateArgs& a)
{
    const GenerateRun run
        = GenerateRecipe::run(ctx.session(), { .out = a.out, .options = a.options }, ctx.progress(), ctx.cancel);
    const Json& j = run.result;
    if (ctx.json) {
        printJson(j);
        return;
    }
    printKeyValues({ { "wrote", a.out }, { "users", j["users"].dump() }, { "items", j["items"].dump() },
        { "train / test / balanced",
            j["train"].dump() + " / " + j["test"].dump() + " / " + j["balanced_test"].dump() } });
}

// ppac overview

void runOverview(Context& ctx, const DataArgs& d)
{
    const Dataset dataset = loadDataset(loadOptions(d, 0.0), ctx.progress(), ctx.cancel);
    const DatasetOverview o = overview(dataset);
    if (ctx.json) {
        printJson(toJson(o));
        return;
    }
    printKeyValues({ { "dataset", o.name }, { "source", o.source }, { "users", std::to_string(o.users) },
        { "items", std::to_string(o.items) + " (" + std::to_string(o.coldItems) + " without training interactions)" },
        { "train", std::to_string(o.trainInteractions) },
        { "test", std::to_string(o.testInteractions) + " (" + std::to_string(o.testUsers) + " users)" },
        { "balanced test",
            std::to_string(o.balancedTestInteractions) + " (" + std::to_string(o.balancedTestUsers) + " users)" },
        { "density", fixed(o.density * 100.0, 3) + " %" }, { "items per user", fixed(o.meanItemsPerUser, 1) },
        { "top 20% items hold", fixed(o.headShare * 100.0, 1) + " % of training interactions" } });
    if (!o.columns.empty()) {
        std::string read;
        for (const char* role : { "user", "item", "rating", "timestamp" })
            if (o.columns.contains(role))
                read += (read.empty() ? "" : ", ") + std::string(role) + " = " + o.columns[role].get<std::string>();
        ctx.note("columns read: " + read);
    }
    if (o.repeatedRows > 0)
        ctx.note(std::to_string(o.repeatedRows)
            + " rows repeat a (user, item) pair seen before; each pair is one interaction, at its latest "
              "timestamp (with --min-rating, a pair is kept when any of its rows is rated high enough)");
}

// ppac similar

void runSimilar(Context& ctx, const DataArgs& d, const std::string& out, const std::string& compare)
{
    const SimilarRun run = SimilarRecipe::run(
        ctx.session(), { .data = dataRequest(d, 0.0), .out = out, .compare = compare }, ctx.progress(), ctx.cancel);
    if (ctx.json)
        printJson(run.result);
    else
        std::cout << "similar users: " << run.summary << '\n';
}

// ppac train

struct TrainArgs {
    DataArgs data;
    TrainOptions training; // its options come from trainOptionsParams()
    HoldOut holdOut; // holdOutParams()
    bool holdOutGiven = false; // --validation-fraction given: held out whatever the validation
    std::string save;
    Knobs knobs; // of the final evaluation: knobsParams()
};

void runTrain(Context& ctx, TrainArgs a)
{
    TrainOptions o = a.training;
    o.threads = a.data.threads;
    const double validationFraction
        = a.holdOutGiven || o.validation == ValidationSource::HeldOut ? a.holdOut.fraction : 0.0;
    TrainingRequest request{
        .data = dataRequest(a.data, validationFraction), .training = o, .knobs = a.knobs, .save = a.save
    };
    const TrainingRun run
        = runTraining(ctx.session(), request, nullptr, ctx.progress(), ctx.cancel, [&](const EpochReport& e) {
              if (ctx.json || ctx.quiet)
                  return;
              std::string line = "epoch " + std::to_string(e.epoch) + "/" + std::to_string(e.epochs) + ": loss "
                  + fixed(e.loss) + ", " + formatSeconds(e.seconds);
              if (e.validation)
                  line += ", validation " + o.stopMetric + " " + fixed(e.validation->value(o.stopMetric).value_or(0.0))
                      + (e.best ? " *" : "");
              if (e.test)
                  line += ", test recall@20 " + fixed(e.test->value("recall@20").value_or(0.0)) + " (balanced "
                      + fixed(e.balancedTest->value("recall@20").value_or(0.0)) + ")";
              std::cerr << "\r\033[K" << line << '\n';
          });
    if (ctx.json) {
        printJson(run.result);
        return;
    }
    const TrainResult& r = run.training;
    std::cout << r.weights.displayName() << ": " << r.epochs.size() << " epochs in " << formatSeconds(r.seconds)
              << ", best epoch " << r.bestEpoch << (r.stoppedEarly ? " (stopped early)" : "") << "\n\n";
    printMetricsTable(run.evaluation.evaluation);
    if (!a.save.empty())
        std::cout << "\nsaved " << a.save << '\n';
    if (run.result.contains("model_not_stored"))
        std::cout << "\nnot stored in the session: " << run.result["model_not_stored"].get<std::string>() << '\n';
}

// ppac eval / rerank

struct ModelArgs {
    DataArgs data;
    std::string model;
    Knobs knobs; // eval: --gamma, --beta (knobsParams)
    RerankRequest sweep; // rerank: the lists of --gamma, --beta (rerankParams)
    int candidates = 200;
};

// The saved model and its data the options name.
ModelRequest modelRequest(const ModelArgs& a)
{
    return { .model = a.model, .data = dataRequest(a.data, 0.0), .candidates = a.candidates };
}

void runEval(Context& ctx, const ModelArgs& a)
{
    const EvaluateRun run = EvaluateRecipe::run(
        ctx.session(), { .model = modelRequest(a), .knobs = a.knobs }, ctx.progress(), ctx.cancel);
    if (ctx.json) {
        printJson(run.result);
        return;
    }
    std::cout << run.name << ", gamma " << a.knobs.gamma << ", beta " << a.knobs.beta << "\n\n";
    printMetricsTable(run.evaluation.evaluation);
}

void runRerank(Context& ctx, const ModelArgs& a)
{
    RerankRequest request = a.sweep;
    request.model = modelRequest(a);
    const RerankRun run = RerankRecipe::run(ctx.session(), request, ctx.progress(), ctx.cancel);
    if (ctx.json) {
        printJson(run.result);
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : run.points) {
        const auto& f = p.evaluation.full;
        const auto& b = p.evaluation.balanced;
        rows.push_back({ fixed(p.knobs.gamma, 3), fixed(p.knobs.beta, 3), fixed(f.value("recall@20").value_or(0)),
            fixed(f.value("ndcg@20").value_or(0)), fixed(f.value("arp@20").value_or(0)),
            fixed(b.value("recall@20").value_or(0)), fixed(b.value("ndcg@20").value_or(0)), formatSeconds(p.seconds) });
    }
    std::cout << run.name << " (precomputed in " << formatSeconds(run.precomputeS) << ")\n\n";
    printTable({ "GAMMA", "BETA", "RECALL@20", "NDCG@20", "ARP@20", "BAL RECALL@20", "BAL NDCG@20", "TIME" }, rows);
}

// ppac inspect

struct InspectArgs {
    DataArgs data;
    std::string model;
    std::string user;
    int k = 20;
    int top = 20;
    Knobs knobs; // knobsParams()
};

void runInspect(Context& ctx, InspectArgs a)
{
    std::optional<ModelWeights> weights;
    std::shared_ptr<const PreparedDataset> data;
    if (!a.model.empty()) {
        weights = loadModel(a.model);
        SubProgress sub(ctx.progress(), 0.0, 0.5);
        data = dataOfModel(dataRequest(a.data, 0.0), *weights, sub, ctx.cancel);
    } else if (a.data.dataset.empty()) {
        throw Error::invalidInput("pass --dataset (or --model)").forField("dataset");
    } else {
        data = loadPrepared(ctx, a.data, 0.0, 0.0, 0.5);
    }
    const auto user = data->dataset.findUser(a.user);
    if (!user)
        throw Error::invalidInput("no user '" + a.user + "' in " + data->dataset.name).forField("user");
    std::optional<Recommender> rec;
    if (weights) {
        SubProgress sub(ctx.progress(), 0.5, 1.0, "preparing the model");
        rec.emplace(std::move(*weights), data, RecommenderOptions{ .depth = std::max(100, a.k) }, sub, ctx.cancel);
    }
    const auto view
        = inspectUser(*data, rec ? &*rec : nullptr, *user, { .k = a.k, .topItems = a.top, .knobs = a.knobs });
    if (ctx.json) {
        printJson(toJson(view));
        return;
    }
    printKeyValues({ { "user", view.label + " (index " + std::to_string(view.user) + ")" },
        { "history", std::to_string(view.history.size()) + " training items" },
        { "test", std::to_string(view.test.size()) + " items" } });
    std::vector<std::vector<std::string>> rows;
    for (const auto& s : view.similarUsers)
        rows.push_back({ s.label, fixed(s.jaccard), std::to_string(s.common) });
    std::cout << "\nsimilar users:\n";
    printTable({ "USER", "JACCARD", "SHARED" }, rows);
    auto items = [](const std::vector<InspectedItem>& list, bool scores) {
        std::vector<std::vector<std::string>> r;
        for (const auto& x : list) {
            std::vector<std::string> row{ x.label, std::to_string(x.globalCount), fixed(x.global),
                std::to_string(x.personalCount), fixed(x.personal), x.inTest ? "test" : (x.inTrain ? "train" : "") };
            if (scores)
                row.push_back(fixed(x.score));
            r.push_back(row);
        }
        return r;
    };
    std::cout << "\nby personal popularity:\n";
    printTable({ "ITEM", "GP COUNT", "GP", "PP COUNT", "PP", "" }, items(view.personalTop, false));
    std::cout << "\nby global popularity:\n";
    printTable({ "ITEM", "GP COUNT", "GP", "PP COUNT", "PP", "" }, items(view.globalTop, false));
    if (view.hasModel) {
        std::cout << "\n"
                  << view.model << " top " << a.k << " (gamma 0, beta 0), ARP " << fixed(view.arpBefore) << ":\n";
        printTable({ "ITEM", "GP COUNT", "GP", "PP COUNT", "PP", "", "SCORE" }, items(view.before, true));
        std::cout << "\nwith gamma " << a.knobs.gamma << ", beta " << a.knobs.beta << ", ARP " << fixed(view.arpAfter)
                  << ":\n";
        printTable({ "ITEM", "GP COUNT", "GP", "PP COUNT", "PP", "", "SCORE" }, items(view.after, true));
    }
}

// The options of `ppac train`.
void addTrainOptions(CLI::App* trainCmd, TrainArgs& a)
{
    addDataOptions(trainCmd, a.data, true, SimilarUse::ComputeOrRead);
    addParamOptions(trainCmd, trainOptionsParams(), a.training);
    addParamOptions(trainCmd, holdOutParams(), a.holdOut);
    trainCmd->add_option("--save", a.save, "Write the trained model here (re-rank it later without retraining)")
        ->check(outputFile());
    addParamOptions(trainCmd, knobsParams(), a.knobs);
    // Hidden: --model names a model file in every other command; here it once named the architecture.
    trainCmd
        ->add_option_function<std::string>("--model",
            [](const std::string&) {
                throw Error::invalidInput(
                    "--model is a model file in the other commands; the architecture is --architecture mf|lightgcn")
                    .forField("model");
            })
        ->group("");
}

} // namespace

void addPpacCommands(CLI::App& app, Context& ctx)
{
    auto* ppac = app.add_subcommand("ppac", "Debiased recommendation with personal popularity (PPAC)");
    ppac->require_subcommand(1);

    auto gen = std::make_shared<GenerateArgs>();
    auto* generate
        = ppac->add_subcommand("generate", "Write a synthetic dataset (communities, long-tailed popularity)");
    generate->add_option("--out", gen->out, "Directory for train.txt, test.txt and balance_test.txt")->required();
    addNumber(generate, "--users", gen->options.users, "Users", 1, kMaxOf<std::int32_t>);
    addNumber(generate, "--items", gen->options.items, "Items", 1, kMaxOf<std::int32_t>);
    addNumber(generate, "--communities", gen->options.communities, "User communities", 1, 1 << 20);
    addNumber(generate, "--mean-interactions", gen->options.meanInteractions, "Mean interactions per user", 1.0, 1e9);
    addNumber(generate, "--popularity-exponent", gen->options.popularityExponent, "Zipf exponent of item popularity",
        0.0, 100.0);
    addNumber(generate, "--affinity", gen->options.communityAffinity,
        "Share of interactions inside the user's community", 0.0, 1.0);
    addNumberAbove(
        generate, "--test-fraction", gen->options.testFraction, "Share of each user's interactions for test", 0.0, 1.0);
    addNumber(generate, "--balanced-per-item", gen->options.balancedPerItem, "c of the balanced test", 1, 1 << 20);
    addNumber(generate, "--seed", gen->options.seed, "Seed", 0, kMaxOf<std::uint64_t>);
    generate->callback([&ctx, gen] { runGenerate(ctx, *gen); });

    auto ov = std::make_shared<DataArgs>();
    auto* over = ppac->add_subcommand("overview", "Users, items, interactions and the long tail of a dataset");
    over->alias("info");
    addDataOptions(over, *ov, true, SimilarUse::None);
    over->callback([&ctx, ov] { runOverview(ctx, *ov); });

    struct SimilarArgs {
        DataArgs data;
        std::string out, compare;
    };
    auto sim = std::make_shared<SimilarArgs>();
    auto* similar = ppac->add_subcommand("similar", "The k most Jaccard-similar users of every user");
    addDataOptions(similar, sim->data, true, SimilarUse::Compute);
    similar->add_option("--out", sim->out, "Write them in the authors' format (uid s1 ... sk, least to most similar)")
        ->check(outputFile());
    similar->add_option("--compare", sim->compare, "Compare with such a file, user by user");
    similar->callback([&ctx, sim] { runSimilar(ctx, sim->data, sim->out, sim->compare); });

    auto tr = std::make_shared<TrainArgs>();
    auto* trainCmd = ppac->add_subcommand("train", "Train BPR-MF or LightGCN, plain or with PPAC, and evaluate it");
    addTrainOptions(trainCmd, *tr);
    trainCmd->callback([&ctx, tr, trainCmd] {
        tr->holdOutGiven = trainCmd->count("--validation-fraction") > 0;
        runTrain(ctx, *tr);
    });

    auto ev = std::make_shared<ModelArgs>();
    auto* evalCmd = ppac->add_subcommand("eval", "Evaluate a saved model with gamma and beta, no retraining");
    evalCmd->alias("evaluate");
    evalCmd->add_option("--model", ev->model, "Model file written by train --save")->required();
    addDataOptions(evalCmd, ev->data, false, SimilarUse::ComputeOrRead);
    addParamOptions(evalCmd, knobsParams(), ev->knobs);
    addNumber(evalCmd, "--candidates", ev->candidates, "Candidates kept per user for fast re-ranking", 1, 1 << 20);
    evalCmd->callback([&ctx, ev] { runEval(ctx, *ev); });

    auto rr = std::make_shared<ModelArgs>();
    auto* rerankCmd = ppac->add_subcommand("rerank", "Re-rank a saved model over lists of gamma and beta values");
    rerankCmd->add_option("--model", rr->model, "Model file written by train --save")->required();
    addDataOptions(rerankCmd, rr->data, false, SimilarUse::ComputeOrRead);
    addParamOptions(rerankCmd, rerankParams(), rr->sweep);
    addNumber(rerankCmd, "--candidates", rr->candidates, "Candidates kept per user for fast re-ranking", 1, 1 << 20);
    rerankCmd->callback([&ctx, rr] { runRerank(ctx, *rr); });

    auto in = std::make_shared<InspectArgs>();
    auto* inspect
        = ppac->add_subcommand("inspect", "One user: history, similar users, PP and GP items, recommendations");
    addDataOptions(inspect, in->data, false, SimilarUse::ComputeOrRead);
    inspect->add_option("--user", in->user, "User id (as in the data)")->required();
    inspect->add_option("--model", in->model, "A saved model, for its recommendations before and after the knobs");
    addNumber(inspect, "--top", in->top, "Items listed by PP and by GP", 1, 1 << 20);
    addNumber(inspect, "--top-k", in->k, "Recommendations listed", 1, 1 << 20);
    addParamOptions(inspect, knobsParams(), in->knobs);
    inspect->callback([&ctx, in] { runInspect(ctx, *in); });
}

} // namespace vantage::cli
