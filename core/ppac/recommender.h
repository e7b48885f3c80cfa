#pragma once
// Inference for a trained model with PPAC's two knobs (Ning et al., WWW 2024, Eq. 9, as in the
// authors' code):
//   score(u, i) = y_ui * p_ui * q_i + gamma * PP(u, i) + beta * GP(i),   known items masked
// gamma > 0 lifts personal popularity, beta < 0 penalises global popularity. Changing the knobs
// needs no retraining.
//
// Re-ranking is fast and exact. The Recommender computes the base score B = y * p * q once, for
// every user against every item, and keeps per user (a) B of every item with PP(u, i) > 0 and
// (b) the M best other items by B, and the M-th best B as a bound. For any knobs an item outside
// (a) and (b) scores at most bound + max_i beta * GP(i); when the K-th best candidate scores above
// that, the candidates' top-K is the exact top-K. Users for whom it is not (extreme knobs) are
// ranked exhaustively again, so the result is always the exhaustive ranking.

#include "common/json.h"
#include "common/params.h"
#include "common/progress.h"
#include "ppac/metrics.h"
#include "ppac/model.h"
#include "ppac/prepared_dataset.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace vantage::ppac {

struct Knobs {
    double gamma = 0.0; // weight of personal popularity
    double beta = 0.0; // weight of global popularity
};
// The knobs' fields ("gamma", "beta"), declared once for vantage-cli's ppac train --gamma/--beta,
// the runs' parameters and the page's boxes.
const params::Table<Knobs>& knobsParams();

// The knob score, in the one order of float operations every path uses.
inline float knobScore(float base, float personal, float global, const Knobs& k)
{
    return base + static_cast<float>(k.gamma) * personal + static_cast<float>(k.beta) * global;
}

// The exact ranking: every item scored, `mask` items excluded, top `depth` of each of `users`
// (other users' rows stay empty). Validation during training and the re-ranking fallback use it.
Rankings rankExhaustive(const ScoringParts& parts, const UserItems& mask, const PersonalPopularity& pp,
    const GlobalPopularity& gp, const Knobs& knobs, std::span<const std::int32_t> users, int depth, int threads,
    Progress& progress, const CancelToken& cancel);

struct RecommenderOptions {
    int depth = 100; // longest top-K list (metrics at K <= depth)
    int candidates = 200; // M, kept per user beyond the personal-popularity items
    int threads = 0; // 0: all cores
};

struct RankStats {
    double seconds = 0.0;
    std::int64_t exhaustiveUsers = 0; // users the candidates could not decide exactly
};

// Knob magnitudes at which the knobs start to matter for a model: the median spread of the base
// scores over a user's top list, divided by the median of each user's largest PP (gamma) and by the
// largest GP (beta). Base scores of trained models range from ~0.1 to ~100, so fixed slider limits
// do not fit every model; a GUI can offer, say, [-8, 8] x these.
struct KnobScale {
    double gamma = 1.0;
    double beta = 1.0;
    double scoreSpread = 0.0; // the median spread itself
};

struct RecommendedItem {
    std::int32_t item = 0;
    float score = 0.0f; // with the knobs
    float baseScore = 0.0f; // y * p * q
};

class Recommender {
public:
    // Precomputes the scoring parts and the candidates of every user: one exhaustive pass.
    Recommender(ModelWeights weights, std::shared_ptr<const PreparedDataset> data, const RecommenderOptions& options,
        Progress& progress, const CancelToken& cancel);
    ~Recommender();
    Recommender(Recommender&&) noexcept;
    Recommender& operator=(Recommender&&) noexcept;

    const ModelWeights& weights() const;
    const PreparedDataset& data() const;
    std::shared_ptr<const PreparedDataset> sharedData() const;
    const ScoringParts& parts() const;
    const RecommenderOptions& options() const;
    double precomputeSeconds() const;
    std::int64_t memoryBytes() const; // what the candidates take
    KnobScale knobScale() const;

    // Top-depth items of every user.
    Rankings rank(const Knobs& knobs, Progress& progress, const CancelToken& cancel, RankStats* stats = nullptr) const;
    // One user's top-k (k <= depth), with scores; the same ranking as rank().
    std::vector<RecommendedItem> recommend(std::int32_t user, int k, const Knobs& knobs) const;
    // The knob score of any (user, item), known or not.
    float score(std::int32_t user, std::int32_t item, const Knobs& knobs) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

struct Evaluation {
    Metrics full; // on the test set
    Metrics balanced; // on the popularity-balanced test set
};

Json toJson(const Evaluation& evaluation); // {"full": {...}, "balanced": {...}}

struct RerankResult {
    Knobs knobs;
    Evaluation evaluation;
    Rankings rankings; // top-depth of every user
    std::vector<float> userArp; // ARP of each user's top-K at the first K of the options
    std::vector<double> exposureByGroup; // popularity groups (10, most popular first), test users, first K
    double seconds = 0.0;
    std::int64_t exhaustiveUsers = 0;
};

// Re-ranks every user with the knobs and evaluates on the full and the balanced test.
RerankResult rerank(const Recommender& recommender, const Knobs& knobs, const MetricsOptions& metrics,
    Progress& progress, const CancelToken& cancel);

// {"gamma", "beta", "metrics": {"full", "balanced"}, "exposure_by_popularity_group", "time_s", ...}
Json toJson(const RerankResult& result);

// One point of the ARP / accuracy trade-off curve.
struct TradeoffPoint {
    Knobs knobs;
    Evaluation evaluation;
    double seconds = 0.0;
};
std::vector<TradeoffPoint> tradeoffCurve(const Recommender& recommender, const std::vector<Knobs>& knobs,
    const MetricsOptions& metrics, Progress& progress, const CancelToken& cancel);

} // namespace vantage::ppac
