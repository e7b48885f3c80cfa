#pragma once
// Built-in GNNs written with the C++ model API, with seeded weights (a user evaluating a trained
// model imports it from TorchScript instead). Each layer follows the model's paper:
//   GCN   Kipf & Welling, ICLR 2017, eq. 2: H' = D^-1/2 A D^-1/2 H W + b (A with self-loops when the
//         graph has them; degrees are in-degrees of the whole graph, as in PyG's gcn_norm)
//   SAGE  Hamilton et al., NeurIPS 2017, mean aggregator: h' = W_self h + W_neigh mean(h_src) + b
//   GAT   Veličković et al., ICLR 2018, eq. 3-5, multi-head: hidden layers concatenate heads,
//         the last averages them
//   GIN   Xu et al., ICLR 2019, eq. 4.1: h' = MLP((1 + eps) h + sum(h_src)), eps = 0.1
//   JK    Xu et al., ICML 2018, concatenation: out = W [h1 | h2 | ... | hL] over GCN layers

#include "common/enum_names.h"
#include "common/progress.h"
#include "dgi/model.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::dgi {

enum class ModelKind {
    Gcn,
    Sage,
    Gat,
    Gin,
    JkNet
};

// The built-in models' names; read also as "graphsage" and "jk".
inline constexpr EnumTable<ModelKind, 7> kModelKinds{ .field = "model",
    .entries
    = { { { ModelKind::Gcn, "gcn" }, { ModelKind::Sage, "sage" }, { ModelKind::Gat, "gat" }, { ModelKind::Gin, "gin" },
        { ModelKind::JkNet, "jknet" }, { ModelKind::Sage, "graphsage" }, { ModelKind::JkNet, "jk" } } },
    .what = "model" };
constexpr const auto& enumTable(ModelKind)
{
    return kModelKinds;
}

struct ModelSpec {
    ModelKind kind = ModelKind::Gcn;
    std::int64_t inputWidth = 64;
    std::int64_t hidden = 64;
    std::int64_t outputWidth = 0; // 0: same as hidden
    int layers = 3;
    int heads = 4; // GAT: hidden = heads x per-head width, so hidden % heads == 0
    std::uint64_t seed = 1;
    // A TorchScript file with inputWidth 0: x's width is read from the model, and this one used
    // when the model does not tell it.
    std::int64_t fallbackInputWidth = 0;
};

// Checks the spec (positive widths, heads dividing hidden) and throws Error::invalidInput naming the field.
std::unique_ptr<GnnModel> makeModel(const ModelSpec& spec);
// makeModel + trace.
GnnIr buildModel(const ModelSpec& spec);

// What the CLI and the GUI offer as "model": a built-in name (built from `spec`, its kind replaced)
// or the path of a TorchScript file (imported in the sandboxed model reader, which `cancel` ends;
// spec.inputWidth > 0 fixes the width of x).
bool isBuiltinModel(std::string_view nameOrFile);
GnnIr loadModel(std::string_view nameOrFile, ModelSpec spec, Progress& progress, const CancelToken& cancel);

} // namespace vantage::dgi
