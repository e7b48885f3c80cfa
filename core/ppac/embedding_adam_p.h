#pragma once
// PPAC's optimiser for the embedding tables (trainer.cpp), private to the training. A LibTorch header.

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace vantage::ppac::detail {

// Adam for one embedding table with torch.optim.Adam's arithmetic (Kingma & Ba 2015, Alg. 1, as
// torch 1.13 computes it), fused into one pass without temporaries. Every row is updated every step
// (rows without a gradient keep moving on their momentum), exactly as dense Adam does; gradients
// arrive sparse (MF's embedding lookups) or dense (through LightGCN's propagation). Allocating and
// zeroing table-sized temporaries per batch cost more than the arithmetic on 2 cores.
class EmbeddingAdam {
public:
    EmbeddingAdam(torch::Tensor weight, double lr);

    // One step on the weight's gradient (then cleared); nothing without a gradient.
    void step();

private:
    // The same arithmetic as tensor operations on the weight's device (dense gradients there).
    void stepOnDevice(const torch::Tensor& gradIn);

    static constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;
    torch::Tensor m_weight, m_m, m_v, m_acc;
    std::vector<std::uint8_t> m_touched;
    std::vector<std::int64_t> m_rows;
    double m_lr;
    std::int64_t m_t = 0;
};

} // namespace vantage::ppac::detail
