#pragma once
// Models built in code with the shapes of their papers, for FT to plan: VGG-16, ResNet-50 / -152,
// Wide-ResNet-50-2, Inception-v3, Transformer base / big, BERT-Base / -Large, GPT-2 (1.5B), GPT-3
// (175B), Llama-2 7B / 70B. Each takes a batch size (and a sequence length, or image side for CNNs).

#include "ft/op_graph.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::ft {

struct ZooModel {
    std::string name; // "bert-large" (what --model takes)
    std::string displayName; // "BERT-Large"
    std::string description; // one line for lists
    std::string family; // "cnn", "transformer"
    std::int64_t defaultBatch = 0;
    std::int64_t defaultSequence = 0; // tokens per sample, or the image side for CNNs
    double publishedParams = 0.0; // the parameter count the paper / model card gives
    std::string source; // where that figure is from
};

const std::vector<ZooModel>& zooModels();
// By name, case-insensitive; Error::invalidInput listing the names otherwise.
const ZooModel& zooModel(std::string_view name);

// batch / sequence 0: the model's defaults. The graph's name is the display name.
OpGraph buildZooModel(std::string_view name, std::int64_t batch = 0, std::int64_t sequence = 0);

} // namespace vantage::ft
