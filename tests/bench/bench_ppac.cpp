// PPAC on Gowalla (../shared/data/ppac/gowalla): similar-user time and exactness against the
// authors' file, one training epoch of MF and LightGCN with and without PPAC, the one-off
// precomputation and the re-ranking time for all users, and a short full run of BPR-MF against
// PPAC-MF with Recall / NDCG / ARP @20 on the full and the balanced test. Prints JSON; asserts nothing.
//
//   bench_ppac [--data DIR] [--epochs N] [--threads T] [--train-threads T] [--no-lightgcn]
//              [--lightgcn-epochs N] [--epoch-only]
// --threads (default 2) is for similar users, popularity and ranking; --train-threads (default 1)
// for LibTorch in training: on two cores shared with other work, one training thread was about
// three times faster than two (OpenMP's barriers wait for descheduled threads).

#include "ppac/ppac.h"

#include "bench_clock.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

using namespace vantage;
using namespace vantage::ppac;
using namespace vantage::bench;

namespace {

Json at20(const Metrics& m)
{
    return { { "recall@20", m.value("recall@20").value_or(0.0) }, { "ndcg@20", m.value("ndcg@20").value_or(0.0) },
        { "arp@20", m.value("arp@20").value_or(0.0) }, { "tail@20", m.value("tail@20").value_or(0.0) },
        { "coverage@20", m.value("coverage@20").value_or(0.0) } };
}

Json evalJson(const RerankResult& r)
{
    return { { "gamma", r.knobs.gamma }, { "beta", r.knobs.beta }, { "full", at20(r.evaluation.full) },
        { "balanced", at20(r.evaluation.balanced) }, { "rerank_s", r.seconds },
        { "exhaustive_users", r.exhaustiveUsers } };
}

} // namespace

int main(int argc, char** argv)
{
    std::string dir = std::string(VANTAGE_SHARED_DATA) + "/ppac/gowalla";
    int epochs = 20, lightgcnEpochs = 0, threads = 2, trainThreads = 1;
    bool lightgcn = true, epochOnly = false;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        auto next = [&] { return a + 1 < argc ? std::string(argv[++a]) : std::string(); };
        if (arg == "--data")
            dir = next();
        else if (arg == "--epochs")
            epochs = std::stoi(next());
        else if (arg == "--lightgcn-epochs")
            lightgcnEpochs = std::stoi(next());
        else if (arg == "--threads")
            threads = std::stoi(next());
        else if (arg == "--train-threads")
            trainThreads = std::stoi(next());
        else if (arg == "--no-lightgcn")
            lightgcn = false;
        else if (arg == "--epoch-only")
            epochOnly = true;
    }
    if (!std::filesystem::exists(std::filesystem::path(dir) / "train.txt")) {
        std::printf("{\"bench\": \"ppac\", \"skipped\": \"no Gowalla data at %s\"}\n", dir.c_str());
        return 0;
    }
    NullProgress quiet;
    CancelToken cancel;
    Json out = { { "bench", "ppac" }, { "data", dir }, { "threads", threads }, { "train_threads", trainThreads } };
    try {
        auto t0 = Clock::now();
        LoadOptions lo;
        lo.path = dir;
        Dataset dataset = loadDataset(lo, quiet, cancel);
        out["load_s"] = since(t0);
        out["dataset"]
            = { { "users", dataset.numUsers() }, { "items", dataset.numItems() }, { "train", dataset.train.size() },
                  { "test", dataset.test.size() }, { "balanced_test", dataset.balancedTest.size() } };

        t0 = Clock::now();
        const SimilarUsers similar = computeSimilarUsers(dataset.train, { .k = 30, .threads = threads }, quiet, cancel);
        const double simS = since(t0);
        const auto shipped = std::filesystem::path(dir) / "sim_users-gowalla-30.txt";
        Json sim = { { "time_s", simS }, { "users", similar.numUsers() }, { "k", 30 } };
        if (std::filesystem::exists(shipped)) {
            const auto cmp = compareSimilarUsers(similar, readSimilarUsers(shipped, dataset.numUsers()));
            sim["compared_users"] = cmp.users;
            sim["identical_users"] = cmp.identical;
            sim["matches_file_exactly"] = cmp.allIdentical();
        }
        out["similar_users"] = sim;

        t0 = Clock::now();
        const auto data = prepare(std::move(dataset), { .similarUsers = 30, .threads = threads }, quiet, cancel);
        out["prepare_s"] = since(t0);
        out["personal_popularity_nonzeros"] = data->personal.nonZeros();

        // One epoch of each model, no validation.
        Json epochTimes = Json::object();
        for (auto model : { BaseModel::MF, BaseModel::LightGCN }) {
            if (model == BaseModel::LightGCN && !lightgcn)
                continue;
            for (bool ppac : { false, true }) {
                TrainOptions o{ .architecture = model,
                    .ppac = ppac,
                    .epochs = 1,
                    .threads = trainThreads,
                    .validation = ValidationSource::None };
                const auto r = train(*data, o, quiet, cancel);
                epochTimes[std::string(ppac ? "ppac-" : "") + std::string(enumName(model))] = r.epochs.front().seconds;
            }
        }
        out["epoch_s"] = epochTimes;
        if (epochOnly) {
            std::cout << out.dump(2) << std::endl;
            return 0;
        }

        // A short full run: base MF against PPAC-MF, same seed, fixed epochs, no early stopping.
        Json runs = Json::object();
        auto fullRun = [&](BaseModel model, bool ppac, int n) {
            TrainOptions o{ .architecture = model,
                .ppac = ppac,
                .epochs = n,
                .threads = trainThreads,
                .validation = ValidationSource::None };
            auto t = Clock::now();
            auto r = train(*data, o, quiet, cancel);
            Json run = { { "epochs", n }, { "train_s", since(t) }, { "final_loss", r.epochs.back().loss } };
            t = Clock::now();
            Recommender rec(std::move(r.weights), data, { .threads = threads }, quiet, cancel);
            run["precompute_s"] = since(t);
            run["candidate_memory_mb"] = static_cast<double>(rec.memoryBytes()) / (1024.0 * 1024.0);
            const MetricsOptions metrics;
            Json evals = Json::array();
            // Knobs relative to the model's score scale, and (PPAC-MF) the authors' Gowalla setting.
            const KnobScale scale = rec.knobScale();
            run["knob_scale"]
                = { { "gamma", scale.gamma }, { "beta", scale.beta }, { "score_spread", scale.scoreSpread } };
            std::vector<Knobs> grid = { { 0.0, 0.0 }, { 0.0, -scale.beta }, { 0.0, -4.0 * scale.beta } };
            if (ppac) {
                grid.push_back({ scale.gamma, 0.0 });
                grid.push_back({ 4.0 * scale.gamma, 0.0 });
                grid.push_back({ scale.gamma, -scale.beta });
                grid.push_back({ 4.0 * scale.gamma, -4.0 * scale.beta });
                if (model == BaseModel::MF)
                    grid.push_back({ 512.0, -1024.0 });
                else
                    grid.push_back({ 64.0, -512.0 });
            }
            for (const auto& k : grid)
                evals.push_back(evalJson(rerank(rec, k, metrics, quiet, cancel)));
            run["evaluations"] = evals;
            runs[ppac ? "ppac-" + std::string(enumName(model)) : std::string(enumName(model))] = run;
        };
        fullRun(BaseModel::MF, false, epochs);
        fullRun(BaseModel::MF, true, epochs);
        if (lightgcn && lightgcnEpochs > 0) {
            fullRun(BaseModel::LightGCN, false, lightgcnEpochs);
            fullRun(BaseModel::LightGCN, true, lightgcnEpochs);
        }
        out["runs"] = runs;
        out["protocol"] = "train.txt for training, fixed epochs, no early stopping; full = test.txt, balanced = "
                          "balance_test.txt; metrics averaged over the users of each test set";
    } catch (const std::exception& e) {
        out["error"] = e.what();
        std::cout << out.dump(2) << std::endl;
        return 1;
    }
    std::cout << out.dump(2) << std::endl;
    return 0;
}
