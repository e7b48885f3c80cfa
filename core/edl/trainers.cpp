// LibTorch translation unit: the built-in MLP and CNN trainers.
#include "edl/trainers.h"

#include "common/error.h"
#include "edl/dataset.h"

#include <torch/torch.h>

namespace vantage::edl {

namespace {

struct MlpImpl : torch::nn::Module {
    MlpImpl(std::int64_t in, std::int64_t hidden, std::int64_t classes)
        : fc1(register_module("fc1", torch::nn::Linear(in, hidden)))
        , fc2(register_module("fc2", torch::nn::Linear(hidden, hidden)))
        , fc3(register_module("fc3", torch::nn::Linear(hidden, classes)))
    { }
    torch::Tensor forward(torch::Tensor x)
    {
        x = torch::relu(fc1(x));
        x = torch::relu(fc2(x));
        return fc3(x);
    }
    torch::nn::Linear fc1, fc2, fc3;
};
TORCH_MODULE(Mlp);

struct CnnImpl : torch::nn::Module {
    CnnImpl(std::int64_t channels, std::int64_t classes)
        : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, channels, 3).padding(1))))
        , conv2(register_module(
              "conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, 2 * channels, 3).padding(1))))
        , fc(register_module("fc", torch::nn::Linear(2 * channels * 3 * 3, classes)))
    { }
    torch::Tensor forward(torch::Tensor x)
    {
        x = torch::max_pool2d(torch::relu(conv1(x)), 2); // 12 -> 6
        x = torch::max_pool2d(torch::relu(conv2(x)), 2); // 6 -> 3
        return fc(x.flatten(1));
    }
    torch::nn::Conv2d conv1, conv2;
    torch::nn::Linear fc;
};
TORCH_MODULE(Cnn);

template <typename Net> TrainerResult train(ElasticContext& ctx, const SyntheticDataset& data, Net net)
{
    const JobSpec& spec = ctx.spec();
    const torch::Device device(ctx.device());
    net->to(device);
    torch::optim::SGD optimizer(net->parameters(), torch::optim::SGDOptions(spec.lr).momentum(spec.momentum));
    ctx.attach(*net, optimizer);

    const auto all = torch::from_blob(
        const_cast<float*>(data.features.data()), { data.samples, data.featureSize() }, torch::kFloat32);
    const auto labels = torch::from_blob(const_cast<std::int64_t*>(data.labels.data()), { data.samples }, torch::kLong);
    std::vector<std::int64_t> shape{ -1 };
    shape.insert(shape.end(), data.sampleShape.begin(), data.sampleShape.end());

    TrainerResult result;
    while (auto step = ctx.nextStep()) {
        optimizer.zero_grad();
        double lossSum = 0.0;
        for (auto ids : step->microBatches()) {
            const auto index = torch::from_blob(
                const_cast<std::int64_t*>(ids.data()), { static_cast<std::int64_t>(ids.size()) }, torch::kLong);
            const auto x = all.index_select(0, index).view(shape).to(device);
            const auto y = labels.index_select(0, index).to(device);
            auto loss = torch::nn::functional::cross_entropy(
                net->forward(x), y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
            loss.backward();
            lossSum += loss.template item<double>();
        }
        if (ctx.allreduceGradients())
            optimizer.step();
        if (ctx.commit(lossSum, step->sampleIds)) {
            ++result.steps;
            result.lastLoss = step->sampleIds.empty() ? 0.0 : lossSum / static_cast<double>(step->sampleIds.size());
        } else {
            ++result.rolledBack;
        }
    }
    result.reason = ctx.endReason();
    result.message = ctx.endMessage();
    return result;
}

} // namespace

TrainerResult runBuiltinTrainer(ElasticContext& ctx)
{
    const JobSpec& spec = ctx.spec();
    const SyntheticDataset data = makeDataset(spec); // the background load of a joiner
    torch::manual_seed(spec.seed);
    try {
        if (spec.trainer == "mlp")
            return train(ctx, data, Mlp(data.featureSize(), spec.hidden, data.classes));
        if (spec.trainer == "cnn")
            return train(ctx, data, Cnn(spec.hidden, data.classes));
    } catch (const c10::Error& e) {
        throw Error::failure(std::string("training failed: ") + e.what_without_backtrace())
            .inOp("trainer " + spec.trainer);
    }
    throw Error::invalidInput("unknown trainer '" + spec.trainer + "' (built in: mlp, cnn)").forField("trainer");
}

} // namespace vantage::edl
