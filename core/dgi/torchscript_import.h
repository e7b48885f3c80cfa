#pragma once
// Imports a GNN written in PyTorch and saved with torch.jit.script (or torch.jit.trace) into the
// GNN IR, with its weights. The convention (docs/dgi.md has a complete example):
//   forward(self, x: Tensor, edge_index: Tensor, <optional arguments, taken as None>) -> Tensor
//   edge_index is [2, E], row 0 the source and row 1 the destination of each edge (PyG);
//   message passing with plain torch ops: x.index_select(0, src) or x[src] to gather, and
//   torch.zeros(n, d).index_add_(0, dst, m) / scatter_add_ / scatter_reduce(..., include_self=False)
//   to aggregate into destination rows; degrees from torch.bincount(dst, minlength=n) or
//   index_add_ of ones; a softmax over incoming edges built from those.
// The module is frozen in eval mode (dropout becomes the identity), inlined and constant-folded;
// then every op is mapped to the IR. An op that cannot be mapped is refused with its name and the
// file and line of the Python source that produced it.

#include "dgi/ir.h"

#include "common/model_reader.h"

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace vantage::dgi {

struct TorchScriptImportOptions {
    // Width of x. 0: read from the first linear layer applied to x (an error names the way out when
    // the model has none).
    std::int64_t inputWidth = 0;
    // With inputWidth 0: the width used when the model does not tell it (no linear layer reads x);
    // 0: such a model is refused, naming --in-dim.
    std::int64_t fallbackInputWidth = 0;
    // What the reader process may use (modelLoadLimits(): the defaults, or VANTAGE_MODEL_TIMEOUT and
    // VANTAGE_MODEL_MEMORY).
    SandboxLimits limits = modelLoadLimits();
};

// Imports the model in vantage-model-reader, a child process shut off from files, sockets and
// programs and held to `options.limits` (core/common/sandbox.h): LibTorch is not made for hostile
// files, and a crash, hang or blow-up there is an Error naming the file, never this process's.
// `cancel` ends the child (Cancelled); `progress` hears "preparing the model" from 0 to 1 (the
// child says nothing until it answers).
GnnIr importTorchScript(const std::filesystem::path& file, const TorchScriptImportOptions& options, Progress& progress,
    const CancelToken& cancel);

// The same in this process: for vantage-model-reader itself (`in`: the file, opened before its
// sandbox was shut) and for the benchmark that measures what the isolation costs.
GnnIr importTorchScriptInProcess(
    const std::filesystem::path& file, const TorchScriptImportOptions& options = {}, std::istream* in = nullptr);

// The canonical ops (core/dgi/op_table.h) the import maps to the IR, sorted: "aten::add", ...,
// "prim::Loop". An op written as an alias or in place ("aten::absolute", "aten::add_") maps as its
// canonical op.
std::vector<std::string> torchScriptOps();

// The LibTorch this build reads models with ("1.13.0", "2.15.0"): files saved by a newer PyTorch
// may use schemas it cannot compile.
std::string libTorchVersion();

} // namespace vantage::dgi
