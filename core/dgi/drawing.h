#pragma once
// The layer cut as Graphviz DOT: one cluster per layer (a source-pass and a block sub-cluster
// inside), aggregations drawn apart from dense and element-wise ops, graph queries in grey, and
// every edge that crosses a cut labelled with the size of the tensor it carries
// ("N x d x 4 B = 256 MB"). Render it with vantage::renderDotToSvg.

#include "dgi/ir.h"
#include "dgi/node_matrix.h"
#include "dgi/partition.h"

#include <cstdint>
#include <string>

namespace vantage::dgi {

// The drawing's words, English unless a window passes its language's. "{n}" stands for a count,
// "{a}" and "{b}" for the first and last layer of a box, "{w}" and "{s}" for a width and a size in
// bytes; each count has its one and many forms.
struct DrawWords {
    std::string layerOne = "{n} layer", layerMany = "{n} layers";
    std::string opOne = "{n} op", opMany = "{n} ops";
    std::string tensorOne = "{n} tensor", tensorMany = "{n} tensors";
    std::string aggregationOne = "{n} aggregation", aggregationMany = "{n} aggregations";
    std::string dense = "{n} dense", perEdge = "{n} per edge", perNode = "{n} per node";
    std::string boxPerLayer = "a box per layer", boxPerLayers = "a box per {n} layers";
    std::string layerBox = "layer {n}", layersBox = "layers {a}-{b}";
    std::string sourcePass = "source pass (all nodes)", blocks = "blocks (per batch of destinations)";
    std::string output = "output";
    std::string bytesPerNode = "{w} x {s} B per node";
};

struct DrawOptions {
    std::int64_t numNodes = 0; // 0: label cut tensors per node ("d x 4 B per node")
    DType dtype = DType::Float32;
    std::string title; // graph label; empty for the model name
    // A cut of more ops than this is drawn one box per layer (Graphviz needs half a minute for
    // 1,500 ops and grows faster than the ops: a deep or unrolled model would hold the drawing up
    // for minutes), and more layers than maxBoxes are drawn a box per run of layers.
    std::size_t maxDrawnOps = 400;
    std::size_t maxBoxes = 100;
    DrawWords words;
};

// The cut as DOT: every op, or (past maxDrawnOps) one box per layer or run of layers, saying
// which ops it holds, with the tensors that cross between boxes labelled with their sizes.
std::string layerCutDot(const GnnIr& ir, const LayerSchema& schema, const DrawOptions& options = {});

// "N x 64 x 4 B = 256 MB" (or "64 x 4 B per node" without a node count).
std::string cutSizeLabel(std::int64_t numNodes, std::int64_t width, DType dtype, const DrawWords& words = {});

} // namespace vantage::dgi
