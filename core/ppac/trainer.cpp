// LibTorch translation unit: the models, the PPAC branches, the loss and the training loop.
#include "ppac/trainer.h"

#include "common/devices.h"
#include "common/error.h"
#include "ppac/dense_scores.h"
#include "ppac/embedding_adam_p.h"
#include "ppac/pair_sampler.h"
#include "ppac/parallel.h"
#include "ppac/recommender.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>
#include <random>

namespace vantage::ppac {

using detail::EmbeddingAdam;

namespace {

using Clock = std::chrono::steady_clock;

// The symmetric-normalised user-item adjacency D^-1/2 A D^-1/2 over U + I nodes, as CSR; on a GPU
// also as LibTorch's sparse CSR tensor there (cuSPARSE multiplies it).
struct Graph {
    std::int64_t nodes = 0;
    std::vector<std::int64_t> rowPtr;
    std::vector<std::int32_t> col;
    std::vector<float> val;
    torch::Tensor onDevice; // defined when training on a GPU

    void upload(const torch::Device& device)
    {
        const auto n = static_cast<std::int64_t>(col.size());
        const auto crow = torch::from_blob(rowPtr.data(), { nodes + 1 }, torch::kInt64).to(device);
        const auto cols = torch::from_blob(col.data(), { n }, torch::kInt32).to(torch::kInt64).to(device);
        const auto vals = torch::from_blob(val.data(), { n }, torch::kFloat32).to(device);
        onDevice = torch::sparse_csr_tensor(
            crow, cols, vals, { nodes, nodes }, torch::TensorOptions().dtype(torch::kFloat32).device(device));
    }
};

Graph normalisedGraph(const UserItems& train)
{
    const auto U = static_cast<std::int64_t>(train.numUsers());
    const auto I = static_cast<std::int64_t>(train.numItems());
    const UserItems byItem = train.transposed();
    Graph g;
    g.nodes = U + I;
    g.rowPtr.assign(static_cast<std::size_t>(g.nodes) + 1, 0);
    auto degree = [&](std::int64_t n) {
        return std::max(
            1, n < U ? train.count(static_cast<std::int32_t>(n)) : byItem.count(static_cast<std::int32_t>(n - U)));
    };
    g.col.reserve(static_cast<std::size_t>(2 * train.size()));
    g.val.reserve(static_cast<std::size_t>(2 * train.size()));
    for (std::int64_t n = 0; n < g.nodes; ++n) {
        const bool user = n < U;
        const auto nbrs
            = user ? train.items(static_cast<std::int32_t>(n)) : byItem.items(static_cast<std::int32_t>(n - U));
        const float dn = static_cast<float>(degree(n));
        for (auto m : nbrs) {
            const std::int64_t other = user ? U + m : m;
            g.col.push_back(static_cast<std::int32_t>(other));
            g.val.push_back(1.0f / std::sqrt(dn * static_cast<float>(degree(other))));
        }
        g.rowPtr[static_cast<std::size_t>(n) + 1] = static_cast<std::int64_t>(g.col.size());
    }
    return g;
}

// y = A x for the CSR graph, rows in parallel on LibTorch's pool.
torch::Tensor spmm(const Graph& g, const torch::Tensor& xIn)
{
    if (g.onDevice.defined())
        return g.onDevice.matmul(xIn.contiguous());
    const auto x = xIn.contiguous();
    const auto d = x.size(1);
    auto y = torch::zeros({ g.nodes, d }, x.options());
    const float* xs = x.data_ptr<float>();
    float* ys = y.data_ptr<float>();
    at::parallel_for(0, g.nodes, 256, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t n = b; n < e; ++n) {
            float* out = ys + n * d;
            for (auto k = g.rowPtr[static_cast<std::size_t>(n)]; k < g.rowPtr[static_cast<std::size_t>(n) + 1]; ++k) {
                const float w = g.val[static_cast<std::size_t>(k)];
                const float* in = xs + static_cast<std::int64_t>(g.col[static_cast<std::size_t>(k)]) * d;
                for (std::int64_t c = 0; c < d; ++c)
                    out[c] += w * in[c];
            }
        }
    });
    return y;
}

// One propagation layer with its gradient: the graph is symmetric, so backward is A again.
class Propagate : public torch::autograd::Function<Propagate> {
public:
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x, const Graph* g)
    {
        ctx->saved_data["graph"] = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(g));
        return spmm(*g, x);
    }
    static torch::autograd::variable_list backward(
        torch::autograd::AutogradContext* ctx, torch::autograd::variable_list grads)
    {
        const auto* g = reinterpret_cast<const Graph*>(static_cast<std::intptr_t>(ctx->saved_data["graph"].toInt()));
        return { spmm(*g, grads[0]), torch::Tensor() };
    }
};

torch::Tensor lightGcn(const torch::Tensor& e0, const Graph& g, int layers)
{
    auto sum = e0;
    auto cur = e0;
    for (int l = 0; l < layers; ++l) {
        cur = Propagate::apply(cur, &g);
        sum = sum + cur;
    }
    return sum / static_cast<double>(layers + 1);
}

struct Net : torch::nn::Module {
    Net(std::int64_t users, std::int64_t items, const TrainOptions& o)
    {
        userEmb = register_parameter("user_embedding", torch::randn({ users, o.dim }) * o.initStd);
        itemEmb = register_parameter("item_embedding", torch::randn({ items, o.dim }) * o.initStd);
        if (o.ppac) {
            const int hid = std::max(1, o.dim / 2);
            personal = register_module("personal",
                torch::nn::Sequential(
                    torch::nn::Linear(o.dim, hid), torch::nn::LeakyReLU(), torch::nn::Linear(hid, o.dim)));
            global = register_module("global",
                torch::nn::Sequential(
                    torch::nn::Linear(o.dim, hid), torch::nn::LeakyReLU(), torch::nn::Linear(hid, 1)));
        }
    }
    torch::Tensor userEmb, itemEmb;
    torch::nn::Sequential personal{ nullptr }, global{ nullptr };
};

std::vector<float> toVector(const torch::Tensor& t)
{
    const auto c = t.detach().to(torch::kCPU).contiguous().to(torch::kFloat32);
    return { c.data_ptr<float>(), c.data_ptr<float>() + c.numel() };
}

Mlp toMlp(const torch::nn::Sequential& s)
{
    const auto first = s->ptr<torch::nn::LinearImpl>(0);
    const auto last = s->ptr<torch::nn::LinearImpl>(2);
    Mlp m;
    m.in = static_cast<int>(first->weight.size(1));
    m.hidden = static_cast<int>(first->weight.size(0));
    m.out = static_cast<int>(last->weight.size(0));
    m.w1 = toVector(first->weight);
    m.b1 = toVector(first->bias);
    m.w2 = toVector(last->weight);
    m.b2 = toVector(last->bias);
    return m;
}

ModelWeights snapshot(const Net& net, const TrainOptions& o, const PreparedDataset& data)
{
    ModelWeights w;
    w.base = o.architecture;
    w.ppac = o.ppac;
    w.dim = o.dim;
    w.layers = o.layers;
    w.numUsers = data.dataset.numUsers();
    w.numItems = data.dataset.numItems();
    w.userEmbedding = toVector(net.userEmb);
    w.itemEmbedding = toVector(net.itemEmb);
    if (o.ppac) {
        w.personalBranch = toMlp(net.personal);
        w.globalBranch = toMlp(net.global);
    }
    w.trainFingerprint = data.dataset.train.fingerprint();
    return w;
}

bool lowerIsBetter(std::string_view metric)
{
    return metric.starts_with("arp@") || metric.starts_with("gini@");
}

void check(const TrainOptions& o, const PreparedDataset& data)
{
    if (o.epochs < 1)
        throw Error::invalidInput("at least one epoch").forField("epochs");
    if (o.dim < 2 || o.dim > 1024)
        throw Error::invalidInput("the embedding size must lie in [2, 1024]").forField("dim");
    if (o.layers < 0 || o.layers > 8)
        throw Error::invalidInput("LightGCN layers must lie in [0, 8]").forField("layers");
    if (o.batchSize < 1)
        throw Error::invalidInput("the batch size must be positive").forField("batch_size");
    if (!(o.learningRate > 0.0))
        throw Error::invalidInput("the learning rate must be positive").forField("learning_rate");
    if (o.l2 < 0.0 || o.popularityWeight < 0.0 || !(o.initStd > 0.0))
        throw Error::invalidInput("weights must be non-negative and the init spread positive");
    if (o.validateEvery < 1)
        throw Error::invalidInput("validate at least every epoch count >= 1").forField("validate_every");
    if (o.validationUsers < 0)
        throw Error::invalidInput("the validation sample must be non-negative").forField("validation_users");
    if (o.patience < 0)
        throw Error::invalidInput("patience must be non-negative").forField("patience");
    parseDeviceIndex(o.device); // names a malformed device
    checkLocalDevices({ o.device }, "device"); // a GPU this build and machine cannot give
    if (o.testEvery < 0)
        throw Error::invalidInput("test every epoch count >= 1, or 0 for never").forField("test_every");
    if (o.testEvery > 0 && data.dataset.test.isEmpty())
        throw Error::invalidInput("no test set to rank every epoch").forField("test_every");
    if (o.validation != ValidationSource::None) {
        checkMetricName(o.stopMetric, o.validationMetrics);
        const auto& truth
            = o.validation == ValidationSource::HeldOut ? data.dataset.validation : data.dataset.balancedTest;
        if (truth.isEmpty())
            throw Error::invalidInput(o.validation == ValidationSource::HeldOut
                    ? "no validation split (users have too few interactions to hold one out): train without "
                      "validation (--validation none) or validate on the balanced test (--validation balanced-test)"
                    : "the balanced test set is empty")
                .forField("validation");
    }
    if (data.dataset.train.size() == 0)
        throw Error::invalidInput("the training set is empty");
}

} // namespace

Json toJson(const TrainResult& r)
{
    Json epochs = Json::array();
    for (const auto& e : r.epochs) {
        Json j = { { "epoch", e.epoch }, { "loss", e.loss }, { "time_s", e.seconds } };
        if (e.validation) {
            j["validation"] = toJson(*e.validation);
            j["validation_time_s"] = e.validationSeconds;
        }
        if (e.test) {
            j["test"] = toJson(*e.test);
            j["balanced_test"] = toJson(*e.balancedTest);
            j["test_time_s"] = e.testSeconds;
        }
        epochs.push_back(std::move(j));
    }
    return { { "model", r.weights.displayName() }, { "best_epoch", r.bestEpoch }, { "stopped_early", r.stoppedEarly },
        { "time_s", r.seconds }, { "epochs", epochs } };
}

namespace {

// What the training loop works with: the data, the options, the model, its optimisers, the
// LightGCN graph and the global popularity as a tensor.
struct Training {
    const PreparedDataset& data;
    const TrainOptions& o;
    Net& net;
    EmbeddingAdam& userAdam;
    EmbeddingAdam& itemAdam;
    std::optional<torch::optim::Adam>& branchAdam;
    const Graph& graph;
    const torch::Tensor& gpAll;
    torch::Device device;
};

// One batch's users, positives, negatives and their personal popularity.
struct BatchBuffers {
    std::vector<std::int64_t> bu, bi, bj;
    std::vector<float> ppPos, ppNeg;
    explicit BatchBuffers(int size)
        : bu(static_cast<std::size_t>(size))
        , bi(bu.size())
        , bj(bu.size())
        , ppPos(bu.size())
        , ppNeg(bu.size())
    { }
};

// The validation truth, what it masks, and the users ranked (the same every epoch).
struct Validation {
    const UserItems* truth = nullptr;
    const UserItems* mask = nullptr;
    std::vector<std::int32_t> users;
    UserItems sampledTruth;
    int depth = 0;
};

Validation makeValidation(const PreparedDataset& data, const TrainOptions& o)
{
    Validation v;
    if (o.validation == ValidationSource::HeldOut) {
        v.truth = &data.dataset.validation;
        v.mask = &data.dataset.train;
    } else if (o.validation == ValidationSource::BalancedTest) {
        v.truth = &data.dataset.balancedTest;
        v.mask = &data.known;
    }
    v.users = v.truth ? v.truth->activeUserIds() : std::vector<std::int32_t>{};
    if (o.validationUsers > 0 && v.users.size() > static_cast<std::size_t>(o.validationUsers)) {
        // The same users every epoch, so the curve compares like with like.
        std::mt19937_64 pick(o.seed + 17);
        std::shuffle(v.users.begin(), v.users.end(), pick);
        v.users.resize(static_cast<std::size_t>(o.validationUsers));
        std::sort(v.users.begin(), v.users.end());
    }
    if (v.truth && o.validationUsers > 0) {
        // Metrics average over the users with truth items: keep only the sampled users' rows.
        std::vector<std::vector<std::int32_t>> lists(static_cast<std::size_t>(v.truth->numUsers()));
        for (auto u : v.users) {
            const auto l = v.truth->items(u);
            lists[static_cast<std::size_t>(u)].assign(l.begin(), l.end());
        }
        v.sampledTruth = UserItems::fromLists(v.truth->numItems(), lists);
        v.truth = &v.sampledTruth;
    }
    v.depth = *std::max_element(o.validationMetrics.ks.begin(), o.validationMetrics.ks.end());
    return v;
}

// The full and the balanced test ranked as the final evaluation ranks them (known items masked),
// for the learning curves of TrainOptions::testEvery; the users with a truth item in either.
void rankTests(const PreparedDataset& data, const ModelWeights& current, int threads, const CancelToken& cancel,
    EpochReport& report)
{
    const auto tt = Clock::now();
    auto users = data.dataset.test.activeUserIds();
    const auto balanced = data.dataset.balancedTest.activeUserIds();
    users.insert(users.end(), balanced.begin(), balanced.end());
    std::sort(users.begin(), users.end());
    users.erase(std::unique(users.begin(), users.end()), users.end());
    const MetricsOptions metrics{ { 20 } };
    NullProgress quiet;
    const ScoringParts parts = scoringParts(current, data.dataset.train, threads);
    const Rankings r
        = rankExhaustive(parts, data.known, data.personal, data.global, Knobs{}, users, 20, threads, quiet, cancel);
    report.test = evaluateRankings(r, data.dataset.test, data.global, metrics);
    report.balancedTest = evaluateRankings(r, data.dataset.balancedTest, data.global, metrics);
    report.testSeconds = std::chrono::duration<double>(Clock::now() - tt).count();
}

// One batch of n pairs (already in `buf`): the BPR loss with the PPAC branches and L2, a step of
// every optimiser; returns the loss.
double trainBatch(Training& t, BatchBuffers& buf, std::int64_t n, int epoch)
{
    const TrainOptions& o = t.o;
    Net& net = t.net;
    const auto U = static_cast<std::int64_t>(t.data.dataset.train.numUsers());
    const auto users = torch::from_blob(buf.bu.data(), { n }, torch::kInt64).to(t.device);
    const auto pos = torch::from_blob(buf.bi.data(), { n }, torch::kInt64).to(t.device);
    const auto neg = torch::from_blob(buf.bj.data(), { n }, torch::kInt64).to(t.device);
    // Sparse lookups on the CPU: the gradient of a batch touches only its rows. A GPU adds dense
    // gradients faster than it coalesces sparse ones.
    const bool sparse = t.device.is_cpu();
    const auto u0 = torch::embedding(net.userEmb, users, -1, false, sparse);
    const auto i0 = torch::embedding(net.itemEmb, pos, -1, false, sparse);
    const auto j0 = torch::embedding(net.itemEmb, neg, -1, false, sparse);
    torch::Tensor u = u0, i = i0, j = j0;
    if (o.architecture == BaseModel::LightGCN) {
        const auto all = lightGcn(torch::cat({ net.userEmb, net.itemEmb }, 0), t.graph, o.layers);
        u = all.index_select(0, users);
        i = all.index_select(0, pos + U);
        j = all.index_select(0, neg + U);
    }
    auto si = (u * i).sum(1);
    auto sj = (u * j).sum(1);
    torch::Tensor loss;
    if (o.ppac) {
        const auto hu = net.personal->forward(u0);
        const auto pi = torch::sigmoid((hu * net.personal->forward(i0)).sum(1));
        const auto pj = torch::sigmoid((hu * net.personal->forward(j0)).sum(1));
        const auto qi = torch::sigmoid(net.global->forward(i0)).squeeze(1);
        const auto qj = torch::sigmoid(net.global->forward(j0)).squeeze(1);
        si = si * pi * qi;
        sj = sj * pj * qj;
        const auto tPos = torch::from_blob(buf.ppPos.data(), { n }, torch::kFloat32).to(t.device);
        const auto tNeg = torch::from_blob(buf.ppNeg.data(), { n }, torch::kFloat32).to(t.device);
        const auto reg = (torch::mse_loss(pi, tPos) + torch::mse_loss(pj, tNeg)) / 2.0
            + (torch::mse_loss(qi, t.gpAll.index_select(0, pos)) + torch::mse_loss(qj, t.gpAll.index_select(0, neg)))
                / 2.0;
        loss = torch::softplus(sj - si).mean() + o.popularityWeight * reg;
    } else {
        loss = torch::softplus(sj - si).mean();
    }
    const auto l2 = (u0.pow(2).sum() + i0.pow(2).sum() + j0.pow(2).sum()) / (2.0 * static_cast<double>(n));
    loss = loss + o.l2 * l2;
    if (t.branchAdam)
        t.branchAdam->zero_grad();
    loss.backward();
    t.userAdam.step();
    t.itemAdam.step();
    if (t.branchAdam)
        t.branchAdam->step();
    const double lv = loss.item<double>();
    if (!std::isfinite(lv))
        throw Error::failure("the loss diverged (" + std::to_string(lv) + ") in epoch " + std::to_string(epoch)
            + "; lower the learning rate")
            .inOp("ppac training");
    return lv;
}

// One epoch over the shuffled pairs; returns the sum of the batches' losses.
double trainEpoch(Training& t, detail::PairSampler& sampler, BatchBuffers& buf, int epoch, Progress& progress,
    const CancelToken& cancel)
{
    const TrainOptions& o = t.o;
    t.net.train();
    std::shuffle(sampler.order.begin(), sampler.order.end(), sampler.rng);
    double lossSum = 0.0;
    for (std::int64_t b = 0; b < sampler.batches; ++b) {
        cancel.throwIfCancelled();
        const std::int64_t begin = b * o.batchSize;
        const std::int64_t n = std::min<std::int64_t>(o.batchSize, sampler.pairs - begin);
        for (std::int64_t k = 0; k < n; ++k) {
            const auto p = static_cast<std::size_t>(sampler.order[static_cast<std::size_t>(begin + k)]);
            const auto ks = static_cast<std::size_t>(k);
            buf.bu[ks] = sampler.pairUser[p];
            buf.bi[ks] = sampler.pairItem[p];
            buf.bj[ks] = sampler.negativeFor(sampler.pairUser[p]);
            if (o.ppac) {
                buf.ppPos[ks] = t.data.personal.value(sampler.pairUser[p], sampler.pairItem[p]);
                buf.ppNeg[ks] = t.data.personal.value(sampler.pairUser[p], static_cast<std::int32_t>(buf.bj[ks]));
            }
        }
        lossSum += trainBatch(t, buf, n, epoch);
        progress.report((epoch - 1 + static_cast<double>(b + 1) / sampler.batches) / o.epochs,
            "epoch " + std::to_string(epoch) + "/" + std::to_string(o.epochs));
    }
    return lossSum;
}

// Adam over the PPAC branches' parameters (the embeddings have their own sparse Adam); none
// without PPAC.
void makeBranchOptimiser(Net& net, const TrainOptions& o, std::optional<torch::optim::Adam>& adam)
{
    std::vector<torch::Tensor> params;
    if (o.ppac) {
        for (const auto& p : net.personal->parameters())
            params.push_back(p);
        for (const auto& p : net.global->parameters())
            params.push_back(p);
    }
    if (!params.empty())
        adam.emplace(params, torch::optim::AdamOptions(o.learningRate));
}

// What a trained model remembers of its training and data (to find the data again).
Json trainingInfo(const TrainOptions& o, const PreparedDataset& data, const TrainResult& result)
{
    return { { "training", toJson(o) }, { "dataset", data.dataset.name }, { "dataset_source", data.dataset.source },
        { "dataset_notes", data.dataset.notes }, { "similar_users", data.similar.k() },
        { "epochs_run", result.epochs.size() }, { "best_epoch", result.bestEpoch } };
}

// Where the model trains: the CPU, or the GPU that --device names (check() has vetted it).
torch::Device trainingDevice(const TrainOptions& o)
{
    const int gpu = parseDeviceIndex(o.device);
    return gpu < 0 ? torch::Device(torch::kCPU) : torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu));
}

// LightGCN's normalised adjacency, on the training device; none for MF.
Graph trainingGraph(const UserItems& train, const TrainOptions& o, torch::Device device)
{
    Graph graph;
    if (o.architecture == BaseModel::LightGCN) {
        graph = normalisedGraph(train);
        if (!device.is_cpu())
            graph.upload(device);
    }
    return graph;
}

// The best validation value so far and the validations since it (early stopping).
struct BestSoFar {
    bool lowerIsBetter = false;
    bool have = false;
    double value = 0.0;
    int since = 0;

    // True when v is the new best.
    bool offer(double v)
    {
        if (!have || (lowerIsBetter ? v < value : v > value)) {
            have = true;
            value = v;
            since = 0;
            return true;
        }
        ++since;
        return false;
    }
};

} // namespace

TrainResult train(const PreparedDataset& data, const TrainOptions& o, Progress& progress, const CancelToken& cancel,
    const EpochCallback& onEpoch, const CancelToken& stop)
{
    check(o, data);
    const auto t0 = Clock::now();
    const int threads = detail::resolveThreads(o.threads);
    detail::configureBlas();
    if (at::get_num_threads() != threads)
        at::set_num_threads(threads);
    try {
        torch::manual_seed(o.seed);
        const auto& train = data.dataset.train;
        const auto U = static_cast<std::int64_t>(train.numUsers());
        const auto I = static_cast<std::int64_t>(train.numItems());
        // Initialised on the CPU from the seed, then moved: the same start on every device.
        Net net(U, I, o);
        const torch::Device device = trainingDevice(o);
        if (!device.is_cpu())
            net.to(device);
        EmbeddingAdam userAdam(net.userEmb, o.learningRate), itemAdam(net.itemEmb, o.learningRate);
        std::optional<torch::optim::Adam> branchAdam;
        makeBranchOptimiser(net, o, branchAdam);
        const Graph graph = trainingGraph(train, o, device);
        const auto gpAll
            = torch::from_blob(const_cast<float*>(data.global.values.data()), { I }, torch::kFloat32).to(device);
        Training t{ data, o, net, userAdam, itemAdam, branchAdam, graph, gpAll, device };
        detail::PairSampler sampler(train, o.batchSize, o.seed);
        const Validation validation = makeValidation(data, o);
        BestSoFar best{ lowerIsBetter(o.stopMetric) };
        TrainResult result;
        BatchBuffers buf(o.batchSize);

        for (int epoch = 1; epoch <= o.epochs; ++epoch) {
            const auto te = Clock::now();
            const double lossSum = trainEpoch(t, sampler, buf, epoch, progress, cancel);
            EpochReport report;
            report.epoch = epoch;
            report.epochs = o.epochs;
            report.loss = lossSum / static_cast<double>(sampler.batches);
            report.seconds = std::chrono::duration<double>(Clock::now() - te).count();

            ModelWeights current;
            const bool validate = validation.truth && (epoch % o.validateEvery == 0 || epoch == o.epochs);
            const bool test = o.testEvery > 0 && (epoch % o.testEvery == 0 || epoch == o.epochs);
            if (validate || !validation.truth || test)
                current = snapshot(net, o, data);
            if (test)
                rankTests(data, current, threads, cancel, report);
            if (validate) {
                const auto tv = Clock::now();
                NullProgress quiet;
                const ScoringParts parts = scoringParts(current, train, threads);
                const Rankings r = rankExhaustive(parts, *validation.mask, data.personal, data.global, Knobs{},
                    validation.users, validation.depth, threads, quiet, cancel);
                report.validation = evaluateRankings(r, *validation.truth, data.global, o.validationMetrics);
                report.validationSeconds = std::chrono::duration<double>(Clock::now() - tv).count();
                if (best.offer(report.validation->value(o.stopMetric).value_or(0.0))) {
                    report.best = true;
                    result.weights = std::move(current);
                    result.bestEpoch = epoch;
                }
            } else if (!validation.truth) {
                report.best = true;
                result.weights = std::move(current);
                result.bestEpoch = epoch;
            }
            result.epochs.push_back(report);
            if (onEpoch)
                onEpoch(report);
            if (o.patience > 0 && best.since >= o.patience && epoch < o.epochs) {
                result.stoppedEarly = true;
                break;
            }
            if (stop.isCancelled() && epoch < o.epochs) {
                result.stoppedEarly = true;
                break;
            }
        }
        if (result.bestEpoch == 0) {
            // Stopped before any validation: keep the current weights.
            result.weights = snapshot(net, o, data);
            result.bestEpoch = result.epochs.empty() ? 0 : result.epochs.back().epoch;
        }
        result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        result.weights.info = trainingInfo(o, data, result);
        progress.report(1.0, "trained");
        return result;
    } catch (const c10::Error& e) {
        throw Error::failure(std::string("LibTorch: ") + e.what_without_backtrace()).inOp("ppac training");
    }
}

std::vector<float> lightGcnForwardTorch(
    const UserItems& train, std::span<const float> users0, std::span<const float> items0, int dim, int layers)
{
    try {
        const Graph g = normalisedGraph(train);
        auto e0 = torch::cat({ torch::from_blob(const_cast<float*>(users0.data()), { train.numUsers(), dim }),
                                 torch::from_blob(const_cast<float*>(items0.data()), { train.numItems(), dim }) },
            0);
        return toVector(lightGcn(e0, g, layers));
    } catch (const c10::Error& e) {
        throw Error::failure(std::string("LibTorch: ") + e.what_without_backtrace()).inOp("LightGCN propagation");
    }
}

std::vector<float> lightGcnBackwardTorch(const UserItems& train, std::span<const float> upstream, int dim, int layers)
{
    try {
        const Graph g = normalisedGraph(train);
        auto e0 = torch::zeros({ g.nodes, dim }, torch::kFloat32).requires_grad_(true);
        const auto w = torch::from_blob(const_cast<float*>(upstream.data()), { g.nodes, dim }, torch::kFloat32);
        (lightGcn(e0, g, layers) * w).sum().backward();
        return toVector(e0.grad());
    } catch (const c10::Error& e) {
        throw Error::failure(std::string("LibTorch: ") + e.what_without_backtrace()).inOp("LightGCN gradient");
    }
}

} // namespace vantage::ppac
