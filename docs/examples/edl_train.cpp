// A complete elastic training program (docs/edl.md): run it as the worker binary of a job
// (LeaderOptions::workerBinary, or `vantage-cli edl run --worker-binary PATH`). It trains a small
// network on samples generated from their ids; joins, leaves and failures happen inside nextStep().
#include "edl/elastic.h"

#include <torch/torch.h>

#include <iostream>

namespace {

struct Net : torch::nn::Module {
    Net()
        : fc1(register_module("fc1", torch::nn::Linear(32, 64)))
        , fc2(register_module("fc2", torch::nn::Linear(64, 10)))
    { }
    torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
    torch::nn::Linear fc1, fc2;
};

// Sample `id` of the data set, the same on every worker: 32 features drawn from the id, and as label
// the largest of the first ten.
torch::Tensor input(std::int64_t id)
{
    return torch::randn({ 32 }, at::detail::createCPUGenerator(static_cast<std::uint64_t>(id)));
}

} // namespace

int main()
{
    using namespace vantage::edl;
    try {
        ElasticContext ctx; // VANTAGE_EDL_* from the launcher; registers with the leader
        torch::manual_seed(static_cast<std::uint64_t>(ctx.spec().seed));
        auto net = std::make_shared<Net>();
        net->to(torch::Device(ctx.device()));
        torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(ctx.spec().lr).momentum(0.9));
        ctx.attach(*net, opt); // what is committed, restored and sent to joiners

        while (auto step = ctx.nextStep()) { // joins, leaves and restores happen in here
            opt.zero_grad();
            double lossSum = 0;
            for (auto ids : step->microBatches()) { // this worker's share, in micro-batches
                std::vector<torch::Tensor> xs;
                for (auto id : ids)
                    xs.push_back(input(id));
                const auto x = torch::stack(xs).to(torch::Device(ctx.device()));
                const auto y = x.slice(1, 0, 10).argmax(1);
                auto loss = torch::nn::functional::cross_entropy(
                    net->forward(x), y, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
                loss.backward(); // a sum over samples, not a mean: allreduceGradients() divides
                lossSum += loss.item<double>();
            }
            if (ctx.allreduceGradients()) // false: a peer died, the step will be rolled back
                opt.step();
            ctx.commit(lossSum, step->sampleIds); // true once the leader has committed the step
        }
        std::cerr << ctx.workerId() << ": " << vantage::enumName(ctx.endReason()) << '\n';
        return ctx.endReason() == EndReason::JobFailed ? 4 : 0;
    } catch (const std::exception& e) {
        std::cerr << "edl_train: " << e.what() << '\n';
        return 1;
    }
}
