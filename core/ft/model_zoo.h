#pragma once
// Models built in code with the shapes of their papers, for FT to plan: VGG-16, ResNet-50 / -152,
// Wide-ResNet-50-2, Inception-v3, Transformer base / big, BERT-Base / -Large, GPT-2 (1.5B), GPT-3
// (175B), Llama-2 7B / 70B. Each takes a batch size (and a sequence length, or image side for CNNs).

#include "common/params.h"
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

// A GPT by its shape (the zoo's GPT: pre-LN decoder, learned positions, GELU, an LM head tied to
// the token embeddings), as the papers give their models:
// "gpt:layers=96,hidden=12288,heads=96,ffn=49152,seq=2048,vocab=51200" (ffn defaults to 4 x hidden).
struct GptShape {
    std::int64_t layers = 24;
    std::int64_t hidden = 1024;
    std::int64_t heads = 16;
    std::int64_t ffn = 0; // 0: 4 x hidden
    std::int64_t seq = 2048;
    std::int64_t vocab = 51200;
};
const params::Table<GptShape>& gptShapeParams();
// The text after "gpt:"; Error::invalidInput naming the field.
GptShape parseGptShape(std::string_view text);
OpGraph buildGpt(const GptShape& shape, std::int64_t batch);

// A zoo name, or "gpt:..." (a shape). batch / sequence 0: the model's defaults (a shape's own seq).
OpGraph buildModel(std::string_view nameOrShape, std::int64_t batch = 0, std::int64_t sequence = 0);

} // namespace vantage::ft
