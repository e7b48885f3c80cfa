#pragma once
// The modes that do not run the layer engine: the full-graph forward (the reference) and the GCN
// written by hand; and the bytes a full-graph forward needs.

#include "dgi/evaluation_p.h"

namespace vantage::dgi::detail {

// Every value over all nodes or all edges at once, with LibTorch's own scatter ops.
Tensor fullForward(
    const Graph& graph, const Tensor& x, const GnnIr& ir, at::ScalarType type, torch::Device device = torch::kCPU);
NodeMatrix toMatrix(const Tensor& t, DType type);
// The GCN of models.cpp written by hand as a user would.
NodeMatrix handwrittenGcn(const Graph& graph, const Tensor& x, const GnnIr& ir, at::ScalarType type,
    std::vector<LayerStats>& stats, const CancelToken& cancel, Progress& progress,
    const std::function<void(const LayerStats&)>& layerDone);
std::int64_t fullGraphBytes(const Graph& graph, const GnnIr& ir, int dsize);

} // namespace vantage::dgi::detail
