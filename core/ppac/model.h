#pragma once
// A trained recommender as plain arrays: the base model's layer-0 embeddings and, for PPAC, the
// weights of the two branches. It is what training returns, what a model file holds and what
// inference starts from; nothing here needs LibTorch, so the GUI can load and re-rank a stored run.
//
// Base scores (Ning et al., WWW 2024, Sec. 4; He et al., LightGCN, SIGIR 2020, Eq. 3-4):
//   BPR-MF    y_ui = e_u . e_i
//   LightGCN  y_ui = ê_u . ê_i,  ê = mean_{l=0..L} E^l,  E^{l+1} = D^-1/2 A D^-1/2 E^l
// PPAC branches, read from the layer-0 embeddings:
//   p_ui = sigmoid(h(e_u) . h(e_i)),  h: Linear(d, d/2) -> LeakyReLU -> Linear(d/2, d)
//   q_i  = sigmoid(g(e_i)),           g: Linear(d, d/2) -> LeakyReLU -> Linear(d/2, 1)
//   training score s_ui = y_ui * p_ui * q_i

#include "common/json.h"
#include "common/params.h"
#include "ppac/user_items.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::ppac {

enum class BaseModel {
    MF,
    LightGCN
};

// "mf", "lightgcn"; read also as older files and runs wrote them ("bprmf", "MF", "lgn", "LightGCN").
inline constexpr params::EnumTable<BaseModel, 6> kBaseModels{ "architecture",
    { { { BaseModel::MF, "mf" }, { BaseModel::LightGCN, "lightgcn" }, { BaseModel::MF, "bprmf" },
        { BaseModel::MF, "MF" }, { BaseModel::LightGCN, "lgn" }, { BaseModel::LightGCN, "LightGCN" } } } };
constexpr const auto& enumTable(BaseModel)
{
    return kBaseModels;
}

// Linear(in, hidden) -> LeakyReLU(0.01) -> Linear(hidden, out); weights row-major [out][in] as in torch.
struct Mlp {
    int in = 0;
    int hidden = 0;
    int out = 0;
    std::vector<float> w1, b1, w2, b2;

    bool isEmpty() const { return in == 0; }
    void forward(const float* x, float* y) const;
};

struct ModelWeights {
    BaseModel base = BaseModel::MF;
    bool ppac = false;
    int dim = 64;
    int layers = 3; // LightGCN propagation layers
    std::int32_t numUsers = 0;
    std::int32_t numItems = 0;
    std::vector<float> userEmbedding; // numUsers x dim, layer 0
    std::vector<float> itemEmbedding; // numItems x dim, layer 0
    Mlp personalBranch; // h (PPAC only)
    Mlp globalBranch; // g (PPAC only)
    std::uint64_t trainFingerprint = 0; // UserItems::fingerprint() of the training data
    Json info = Json::object(); // training options, dataset name and source, epochs

    // "PPAC-MF", "LightGCN", ...
    std::string displayName() const;
    // Throws Error::invalidInput when sizes disagree.
    void check() const;
};

// Model files: "VPPACMDL", a JSON header (shapes, model kind, training info), float32 arrays and a
// checksum. Errors name the file.
std::string serializeModel(const ModelWeights& weights);
ModelWeights deserializeModel(std::string_view bytes, const std::string& source);
void saveModel(const std::filesystem::path& path, const ModelWeights& weights);
ModelWeights loadModel(const std::filesystem::path& path);

// LightGCN propagation: [(U + I) x dim], the mean of layers 0..layers, degrees clamped to 1.
std::vector<float> propagateLightGcn(const UserItems& train, std::span<const float> users0,
    std::span<const float> items0, int dim, int layers, int threads = 0);

// What scoring needs, computed once from the weights (and, for LightGCN, the training graph).
struct ScoringParts {
    std::int32_t numUsers = 0;
    std::int32_t numItems = 0;
    int dim = 0;
    bool ppac = false;
    std::vector<float> users; // final user embeddings, numUsers x dim
    std::vector<float> items; // final item embeddings, numItems x dim
    std::vector<float> userBranch; // h(e_u^0), numUsers x dim (PPAC)
    std::vector<float> itemBranch; // h(e_i^0), numItems x dim (PPAC)
    std::vector<float> itemGlobal; // q_i (PPAC)

    float rawScore(std::int32_t user, std::int32_t item) const; // y_ui
    float personalFactor(std::int32_t user, std::int32_t item) const; // p_ui (1 without PPAC)
    float globalFactor(std::int32_t item) const; // q_i (1 without PPAC)
    float baseScore(std::int32_t user, std::int32_t item) const; // y_ui * p_ui * q_i
};

ScoringParts scoringParts(const ModelWeights& weights, const UserItems& train, int threads = 0);

} // namespace vantage::ppac
