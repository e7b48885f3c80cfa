#pragma once
// Cuts a traced GNN into layers by DGI's rules (Yin et al., "DGI: An Easy and Efficient Framework
// for GNN Model Evaluation", KDD 2023), so that it can be evaluated layer by layer over all nodes:
//   - a layer ends at each aggregation: a value produced after an aggregation can be gathered by
//     source only in the next layer, once it exists for every node;
//   - values crossing a cut are per-node tensors, never per-edge: a per-edge value needed by a
//     later layer is recomputed there from node tensors;
//   - graph queries (degrees) and parameters bind to the layer that uses them (recomputed, never stored);
//   - element-wise work after an aggregation stays in that layer; the dense transform that follows
//     (linear, concat, reduce) starts the next layer, so the cut tensor is the layer's embedding;
//   - tensors reused later (skip connections, JK) are kept until their last reader, then freed.
// Within a layer, node ops whose results are gathered by source run first, once for every node
// (the source pass); everything else runs per batch of destination nodes on its one-hop block.

#include "common/error.h"
#include "dgi/ir.h"
#include "dgi/node_matrix.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::dgi {

// A node tensor that lives across layers (the model input, every cut tensor and the output).
struct CutTensor {
    int value = -1; // IR value
    std::string label; // for people: "conv1.relu", "input x"
    std::vector<std::int64_t> shape; // feature shape
    std::int64_t width = 0; // scalars per node
    int producer = -1; // layer that writes it; -1 for the model input
    int lastConsumer = -1; // last layer that reads it; layer count for the model output
    bool isInput = false;
    bool isOutput = false;
    // Bytes of this tensor for `numNodes` nodes; a size past 2^63 bytes is refused, not wrapped.
    std::int64_t bytes(std::int64_t numNodes, DType type = DType::Float32) const
    {
        std::int64_t perNode = 0, total = 0;
        if (__builtin_mul_overflow(width, static_cast<std::int64_t>(dtypeSize(type)), &perNode)
            || __builtin_mul_overflow(numNodes, perNode, &total))
            throw Error::invalidInput(std::to_string(numNodes) + " nodes x " + std::to_string(width) + " scalars of "
                + label + " is more than 2^63 bytes")
                .forField("nodes");
        return total;
    }
};

struct LayerPlan {
    int index = 0;
    std::vector<int> sourceOps; // node ops run for every node before the blocks (topological)
    std::vector<int> blockOps; // ops run per batch of destinations: edge ops, aggregations,
                               // destination-side node ops, the graph queries they use (topological)
    std::vector<int> sourceStores; // source-pass values kept in a node store (read by the blocks or later)
    std::vector<int> aggregations;
    std::vector<int> inputs; // indices into LayerSchema::tensors read by this layer
    std::vector<int> outputs; // indices into LayerSchema::tensors written by this layer
    std::vector<int> freed; // tensors whose last reader is this layer: freed when it ends
    std::int64_t edgeScalars = 0; // per-edge values materialised per batch, in scalars per edge
    std::int64_t dstScalars = 0; // destination-side node values per batch, in scalars per node
    std::int64_t sourceScalars = 0; // source-pass values, in scalars per node
};

// Where each IR value is computed.
enum class ValueRole {
    Dead, // not needed for the output
    Global, // parameter or constant
    Graph, // depends only on the graph (degrees, normalisation): recomputed wherever used
    Input, // the model input
    Source, // node value computed in a layer's source pass
    Block, // node or edge value computed per batch of destinations
};

struct LayerSchema {
    std::vector<LayerPlan> layers;
    std::vector<CutTensor> tensors;
    int outputTensor = -1;
    int inputTensor = -1;
    std::vector<ValueRole> roles; // per IR value
    std::vector<int> layerOf; // per IR value: the layer computing it (first one for per-edge values
                              // recomputed in several); -1 for global, graph-only and dead values
    int tensorOf(int value) const; // index into tensors, -1 when the value is not a cut tensor
};

LayerSchema partitionIntoLayers(const GnnIr& ir);

// The width of the embeddings handed from layer to layer: the widest cut tensor that is neither the
// model's input nor its output (what a built-in model's "hidden" sets); 0 for a one-layer model.
std::int64_t hiddenWidth(const LayerSchema& schema);

// The schema as JSON: layers with their ops, inputs, outputs and freed tensors; every cut tensor
// with its width and (for numNodes > 0) byte size.
Json toJson(const LayerSchema& schema, const GnnIr& ir, std::int64_t numNodes = 0, DType type = DType::Float32);

} // namespace vantage::dgi
