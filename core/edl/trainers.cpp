// LibTorch translation unit: the built-in MLP and CNN trainers, and the user's TorchScript model.
#include "edl/trainers.h"

#include "common/error.h"
#include "common/messages.h"
#include "common/model_file.h"
#include "common/torch_checks.h"
#include "edl/dataset.h"
#include "edl/user_data.h"

#include <torch/script.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <functional>
#include <set>

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

// The loop every trainer follows (elastic.h): `lossOf` gives the summed loss of some sample ids.
using LossOfIds = std::function<torch::Tensor(const torch::Tensor& ids)>;

TrainerResult trainLoop(ElasticContext& ctx, torch::nn::Module& net, const LossOfIds& lossOf)
{
    const JobSpec& spec = ctx.spec();
    torch::optim::SGD optimizer(net.parameters(), torch::optim::SGDOptions(spec.lr).momentum(spec.momentum));
    ctx.attach(net, optimizer);
    TrainerResult result;
    while (auto step = ctx.nextStep()) {
        optimizer.zero_grad();
        double lossSum = 0.0;
        for (auto ids : step->microBatches()) {
            const auto index = torch::from_blob(
                const_cast<std::int64_t*>(ids.data()), { static_cast<std::int64_t>(ids.size()) }, torch::kLong);
            auto loss = lossOf(index);
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

template <typename Net> TrainerResult train(ElasticContext& ctx, const SyntheticDataset& data, Net net)
{
    const torch::Device device(ctx.device());
    net->to(device);
    const auto all = torch::from_blob(
        const_cast<float*>(data.features.data()), { data.samples, data.featureSize() }, torch::kFloat32);
    const auto labels = torch::from_blob(const_cast<std::int64_t*>(data.labels.data()), { data.samples }, torch::kLong);
    std::vector<std::int64_t> shape{ -1 };
    shape.insert(shape.end(), data.sampleShape.begin(), data.sampleShape.end());
    return trainLoop(ctx, *net, [&](const torch::Tensor& index) {
        const auto x = all.index_select(0, index).view(shape).to(device);
        const auto y = labels.index_select(0, index).to(device);
        return torch::nn::functional::cross_entropy(
            net->forward(x), y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
    });
}

// The user's TorchScript module seen as an nn::Module whose parameters and buffers are the module's
// own tensors: what ElasticContext commits, restores and sends to joiners is what it computes with.
struct ScriptedModelImpl : torch::nn::Module {
    explicit ScriptedModelImpl(torch::jit::Module m)
        : module(std::move(m))
    {
        std::set<std::string> taken;
        auto unique = [&](std::string name) {
            std::replace(name.begin(), name.end(), '.', '_'); // nn::Module names have no dots
            std::string candidate = name;
            for (int i = 2; !taken.insert(candidate).second; ++i)
                candidate = name + "_" + std::to_string(i);
            return candidate;
        };
        for (const auto& p : module.named_parameters(true))
            register_parameter(unique(p.name), p.value, p.value.requires_grad());
        for (const auto& b : module.named_buffers(true))
            register_buffer(unique(b.name), b.value);
        hasLoss = module.find_method("loss").has_value();
    }
    torch::Tensor forward(const torch::Tensor& x)
    {
        const auto out = module.forward({ x });
        if (!out.isTensor())
            throw Error::invalidInput("the module's forward must return one tensor (the output for the batch)");
        return out.toTensor();
    }
    torch::jit::Module module;
    bool hasLoss = false;
};
TORCH_MODULE(ScriptedModel);

ScriptedModel loadScriptedModel(const JobSpec& spec, const torch::Device& device)
{
    checkTorchScriptFile(spec.model); // what it is, before LibTorch reads a byte of it
    torch::jit::Module m;
    try {
        m = torch::jit::load(spec.model, device);
    } catch (const std::exception& e) {
        const auto* c10 = dynamic_cast<const c10::Error*>(&e);
        const std::string why = firstLineOf(c10 ? c10->what_without_backtrace() : e.what());
        throw Error::invalidInput("LibTorch " TORCH_VERSION " cannot load this TorchScript model: " + why)
            .inFile(spec.model);
    }
    checkModuleTensors(m, spec.model); // sizes and strides the file states, against the bytes it has
    m.train(true);
    return ScriptedModel(std::move(m));
}

TrainerResult trainScripted(ElasticContext& ctx)
{
    const JobSpec& spec = ctx.spec();
    const torch::Device device(ctx.device());
    const UserDataFiles files = resolveUserData(spec.data);
    if (files.samples != spec.samples)
        throw Error::invalidInput("the data has " + std::to_string(files.samples) + " samples, the job "
            + std::to_string(spec.samples) + " (it changed since the job started)")
            .inFile(files.inputs.string());
    const Buffer inputBytes = readNpyData(files.inputs, files.inputsHeader);
    const Buffer targetBytes = readNpyData(files.targets, files.targetsHeader);
    auto dtypeOf = [](NpyType t) {
        switch (t) {
        case NpyType::Float32:
            return torch::kFloat32;
        case NpyType::Float64:
            return torch::kFloat64;
        case NpyType::Int32:
            return torch::kInt32;
        case NpyType::Int64:
            break;
        }
        return torch::kInt64;
    };
    const auto inputs = torch::from_blob(
        const_cast<std::byte*>(inputBytes.data()), files.inputsHeader.shape, dtypeOf(files.inputsHeader.type));
    const auto targets = torch::from_blob(
        const_cast<std::byte*>(targetBytes.data()), files.targetsHeader.shape, dtypeOf(files.targetsHeader.type));

    ScriptedModel net = loadScriptedModel(spec, device);
    const auto params = net->parameters();
    const auto floatType = params.empty() ? torch::kFloat32 : params.front().scalar_type();
    const std::string loss = spec.loss == LossFunction::Auto ? (net->hasLoss ? std::string("module")
                                     : files.classTargets                    ? "cross_entropy"
                                                                             : "mse")
                                                             : std::string(enumName(spec.loss));
    if (loss == "cross_entropy" && !files.classTargets)
        throw Error::invalidInput("cross-entropy needs integer class labels as targets").inFile(files.targets.string());
    namespace F = torch::nn::functional;
    return trainLoop(ctx, *net, [&](const torch::Tensor& index) {
        const auto x = inputs.index_select(0, index).to(device, floatType);
        auto y = targets.index_select(0, index).to(device);
        const auto out = net->forward(x);
        if (loss == "module") {
            const auto r = net->module.get_method("loss")({ out, y });
            if (!r.isTensor() || r.toTensor().numel() != 1)
                throw Error::invalidInput("the module's loss(output, target) must return one number: the sum of "
                                          "the batch's losses")
                    .inFile(spec.model);
            return r.toTensor().reshape({});
        }
        if (loss == "cross_entropy")
            return F::cross_entropy(out, y.to(torch::kLong), F::CrossEntropyFuncOptions().reduction(torch::kSum));
        return F::mse_loss(out, y.to(out.scalar_type()).view_as(out), F::MSELossFuncOptions().reduction(torch::kSum));
    });
}

} // namespace

TrainerResult runBuiltinTrainer(ElasticContext& ctx)
{
    const JobSpec& spec = ctx.spec();
    torch::manual_seed(spec.seed);
    if (spec.trainer == Trainer::TorchScript) {
        try {
            return trainScripted(ctx);
        } catch (const c10::Error& e) {
            throw Error::failure(std::string("training failed: ") + e.what_without_backtrace()).inFile(spec.model);
        }
    }
    const SyntheticDataset data = makeDataset(spec); // the background load of a joiner
    try {
        if (spec.trainer == Trainer::Mlp)
            return train(ctx, data, Mlp(data.featureSize(), spec.hidden, data.classes));
        if (spec.trainer == Trainer::Cnn)
            return train(ctx, data, Cnn(spec.hidden, data.classes));
    } catch (const c10::Error& e) {
        throw Error::failure(std::string("training failed: ") + e.what_without_backtrace())
            .inOp("trainer " + std::string(enumName(spec.trainer)));
    }
    throw Error::invalidInput("the " + std::string(enumName(spec.trainer)) + " trainer is not built in (mlp, cnn)")
        .forField("trainer");
}

} // namespace vantage::edl
