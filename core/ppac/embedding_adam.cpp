// PPAC's Adam for embedding tables (embedding_adam_p.h). A LibTorch translation unit.

#include "ppac/embedding_adam_p.h"

#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>

namespace vantage::ppac::detail {

EmbeddingAdam::EmbeddingAdam(torch::Tensor weight, double lr)
    : m_weight(std::move(weight))
    , m_lr(lr)
{
    m_m = torch::zeros_like(m_weight);
    m_v = torch::zeros_like(m_weight);
    m_acc = torch::zeros_like(m_weight);
    m_touched.assign(static_cast<std::size_t>(m_weight.size(0)), 0);
}

void EmbeddingAdam::step()
{
    const torch::Tensor grad = m_weight.grad();
    if (!grad.defined())
        return;
    if (!m_weight.device().is_cpu()) {
        stepOnDevice(grad);
        return;
    }
    const auto rows = m_weight.size(0);
    const auto d = m_weight.size(1);
    const float* g = nullptr;
    torch::Tensor dense;
    if (grad.is_sparse()) {
        // Uncoalesced (index, row) pairs: add into the persistent accumulator.
        const auto idx = grad._indices().contiguous();
        const auto val = grad._values().contiguous();
        const auto* ip = idx.data_ptr<std::int64_t>();
        const float* vp = val.data_ptr<float>();
        float* acc = m_acc.data_ptr<float>();
        for (std::int64_t k = 0; k < idx.size(1); ++k) {
            float* row = acc + ip[k] * d;
            const float* src = vp + k * d;
            for (std::int64_t c = 0; c < d; ++c)
                row[c] += src[c];
            m_touched[static_cast<std::size_t>(ip[k])] = 1;
            m_rows.push_back(ip[k]);
        }
        g = acc;
    } else {
        dense = grad.contiguous();
        g = dense.data_ptr<float>();
    }
    ++m_t;
    const double bc1 = 1.0 - std::pow(kBeta1, static_cast<double>(m_t));
    const double bc2 = 1.0 - std::pow(kBeta2, static_cast<double>(m_t));
    const float stepSize = static_cast<float>(m_lr / bc1);
    const float sqrtBc2 = static_cast<float>(std::sqrt(bc2));
    float* w = m_weight.data_ptr<float>();
    float* m = m_m.data_ptr<float>();
    float* v = m_v.data_ptr<float>();
    const float b1 = static_cast<float>(kBeta1), b2 = static_cast<float>(kBeta2);
    const float eps = static_cast<float>(kEps);
    at::parallel_for(0, rows * d, 16384, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t k = b; k < e; ++k) {
            const float gk = g[k];
            m[k] = m[k] * b1 + (1.0f - b1) * gk;
            v[k] = v[k] * b2 + (1.0f - b2) * gk * gk;
            w[k] -= stepSize * m[k] / (std::sqrt(v[k]) / sqrtBc2 + eps);
        }
    });
    if (grad.is_sparse()) {
        float* acc = m_acc.data_ptr<float>();
        for (auto r : m_rows) {
            if (!m_touched[static_cast<std::size_t>(r)])
                continue;
            m_touched[static_cast<std::size_t>(r)] = 0;
            std::fill(acc + r * d, acc + (r + 1) * d, 0.0f);
        }
        m_rows.clear();
    }
    m_weight.mutable_grad() = torch::Tensor();
}

void EmbeddingAdam::stepOnDevice(const torch::Tensor& gradIn)
{
    torch::NoGradGuard noGrad;
    const torch::Tensor g = gradIn.is_sparse() ? gradIn.coalesce().to_dense() : gradIn;
    ++m_t;
    const double bc1 = 1.0 - std::pow(kBeta1, static_cast<double>(m_t));
    const double bc2 = 1.0 - std::pow(kBeta2, static_cast<double>(m_t));
    m_m.mul_(kBeta1).add_(g, 1.0 - kBeta1);
    m_v.mul_(kBeta2).addcmul_(g, g, 1.0 - kBeta2);
    const auto denom = (m_v.sqrt() / std::sqrt(bc2)).add_(kEps);
    m_weight.addcdiv_(m_m, denom, -m_lr / bc1);
    m_weight.mutable_grad() = torch::Tensor();
}

} // namespace vantage::ppac::detail
