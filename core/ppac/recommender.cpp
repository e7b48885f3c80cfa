#include "ppac/recommender.h"

#include "common/error.h"
#include "ppac/dense_scores.h"
#include "ppac/parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>

namespace vantage::ppac {

namespace {

using Clock = std::chrono::steady_clock;
constexpr float kMasked = -std::numeric_limits<float>::infinity();
constexpr int kBlockUsers = 64; // users per scoring GEMM: 64 x 41k floats is 10 MB on Gowalla

struct Scored {
    float score;
    std::int32_t item;
};

// Higher score first, then the smaller item id: the one order of every ranking.
bool better(const Scored& a, const Scored& b)
{
    return a.score > b.score || (a.score == b.score && a.item < b.item);
}

// The best `depth` of a stream of (score, item), kept in a heap whose front is the worst kept.
class TopK {
public:
    explicit TopK(std::size_t depth)
        : m_depth(depth)
    {
        m_heap.reserve(depth);
    }
    void reset() { m_heap.clear(); }
    bool full() const { return m_heap.size() == m_depth; }
    const Scored& worst() const { return m_heap.front(); }
    std::size_t size() const { return m_heap.size(); }
    void push(float score, std::int32_t item)
    {
        if (m_heap.size() < m_depth) {
            m_heap.push_back({ score, item });
            std::push_heap(m_heap.begin(), m_heap.end(), better);
        } else if (m_depth > 0 && better({ score, item }, m_heap.front())) {
            std::pop_heap(m_heap.begin(), m_heap.end(), better);
            m_heap.back() = { score, item };
            std::push_heap(m_heap.begin(), m_heap.end(), better);
        }
    }
    // Best first; the heap is consumed.
    const std::vector<Scored>& sorted()
    {
        std::sort_heap(m_heap.begin(), m_heap.end(), better);
        return m_heap;
    }

private:
    std::size_t m_depth;
    std::vector<Scored> m_heap;
};

void checkShapes(
    const ScoringParts& parts, const UserItems& mask, const PersonalPopularity& pp, const GlobalPopularity& gp)
{
    if (mask.numUsers() != parts.numUsers || mask.numItems() != parts.numItems || pp.numUsers() != parts.numUsers
        || pp.numItems() != parts.numItems || gp.numItems() != parts.numItems)
        throw Error::invalidInput("model and dataset disagree on the number of users or items");
}

// Scores one dense row of base scores with the knobs, skipping masked items, into `top`.
void scoreRow(const float* row, std::int32_t user, const UserItems& mask, const PersonalPopularity& pp,
    const GlobalPopularity& gp, const Knobs& knobs, TopK& top)
{
    const auto ppItems = pp.items(user);
    const auto ppCounts = pp.counts(user);
    const float scale = pp.scale(user);
    const auto masked = mask.items(user);
    std::size_t p = 0, m = 0;
    const auto n = static_cast<std::int32_t>(gp.values.size());
    const float* g = gp.values.data();
    for (std::int32_t i = 0; i < n; ++i) {
        float personal = 0.0f;
        if (p < ppItems.size() && ppItems[p] == i) {
            personal = static_cast<float>(ppCounts[p]) * scale;
            ++p;
        }
        if (m < masked.size() && masked[m] == i) {
            ++m;
            continue;
        }
        const float s = knobScore(row[i], personal, g[i], knobs);
        if (top.full() && s < top.worst().score)
            continue;
        top.push(s, i);
    }
}

} // namespace

Rankings rankExhaustive(const ScoringParts& parts, const UserItems& mask, const PersonalPopularity& pp,
    const GlobalPopularity& gp, const Knobs& knobs, std::span<const std::int32_t> users, int depth, int threads,
    Progress& progress, const CancelToken& cancel)
{
    checkShapes(parts, mask, pp, gp);
    if (depth < 1)
        throw Error::invalidInput("the ranking depth must be at least 1").forField("depth");
    for (auto u : users)
        if (u < 0 || u >= parts.numUsers)
            throw Error::invalidInput("no user " + std::to_string(u)).forField("user");
    detail::configureBlas();
    threads = detail::resolveThreads(threads);
    Rankings out = Rankings::empty(parts.numUsers, depth);
    const auto numItems = static_cast<std::size_t>(parts.numItems);
    struct Worker {
        std::vector<float> rows;
        detail::ScoreScratch scratch;
        TopK top{ 0 };
    };
    std::vector<Worker> workers(static_cast<std::size_t>(threads));
    for (auto& w : workers)
        w.top = TopK(static_cast<std::size_t>(depth));
    std::atomic<std::int64_t> done{ 0 };
    const auto n = static_cast<std::int64_t>(users.size());
    detail::parallelFor(n, threads, kBlockUsers, [&](std::int64_t b, std::int64_t e, int wi) {
        cancel.throwIfCancelled();
        auto& w = workers[static_cast<std::size_t>(wi)];
        const auto block = users.subspan(static_cast<std::size_t>(b), static_cast<std::size_t>(e - b));
        w.rows.resize(block.size() * numItems);
        detail::denseBaseScores(parts, block, w.rows.data(), w.scratch);
        for (std::size_t r = 0; r < block.size(); ++r) {
            w.top.reset();
            scoreRow(&w.rows[r * numItems], block[r], mask, pp, gp, knobs, w.top);
            auto slots = out.slots(block[r]);
            const auto& best = w.top.sorted();
            for (std::size_t k = 0; k < best.size(); ++k)
                slots[k] = best[k].item;
        }
        const auto d = done.fetch_add(e - b) + (e - b);
        progress.report(static_cast<double>(d) / static_cast<double>(n), "ranking");
    });
    return out;
}

struct Recommender::Impl {
    ModelWeights weights;
    std::shared_ptr<const PreparedDataset> data;
    RecommenderOptions options;
    ScoringParts parts;
    double seconds = 0.0;
    KnobScale scale;
    // (b): the M best items by B outside personal popularity, per user, best first.
    std::vector<std::int64_t> candOffsets;
    std::vector<std::int32_t> candItems;
    std::vector<float> candBase;
    // The M-th best B of (b), or -inf when (b) holds every eligible item.
    std::vector<float> bound;
    // (a): B of each personal-popularity item, aligned with PersonalPopularity's arrays (-inf: known).
    std::vector<float> ppBase;

    static KnobScale computeScale(const Impl& d);

    // B of (user, item) as the candidates hold it, else computed.
    float baseOf(std::int32_t u, std::int32_t item) const
    {
        if (const auto at = data->personal.find(u, item); at >= 0 && ppBase[static_cast<std::size_t>(at)] != kMasked)
            return ppBase[static_cast<std::size_t>(at)];
        for (auto c = candOffsets[static_cast<std::size_t>(u)]; c < candOffsets[static_cast<std::size_t>(u) + 1]; ++c)
            if (candItems[static_cast<std::size_t>(c)] == item)
                return candBase[static_cast<std::size_t>(c)];
        return parts.baseScore(u, item);
    }

    // One user's top-depth from the candidates; false when they cannot decide it exactly.
    bool rankFromCandidates(std::int32_t u, const Knobs& knobs, TopK& top) const
    {
        const auto& pp = data->personal;
        const auto& gp = data->global;
        top.reset();
        const auto cb = static_cast<std::size_t>(candOffsets[static_cast<std::size_t>(u)]);
        const auto ce = static_cast<std::size_t>(candOffsets[static_cast<std::size_t>(u) + 1]);
        for (std::size_t c = cb; c < ce; ++c)
            top.push(knobScore(candBase[c], 0.0f, gp.value(candItems[c]), knobs), candItems[c]);
        const auto ppItems = pp.items(u);
        const auto ppCounts = pp.counts(u);
        const float scale = pp.scale(u);
        const auto pb = static_cast<std::size_t>(pp.begin(u));
        for (std::size_t k = 0; k < ppItems.size(); ++k) {
            const float b = ppBase[pb + k];
            if (b == kMasked)
                continue;
            top.push(knobScore(b, static_cast<float>(ppCounts[k]) * scale, gp.value(ppItems[k]), knobs), ppItems[k]);
        }
        const float limitBase = bound[static_cast<std::size_t>(u)];
        if (limitBase == kMasked)
            return true; // every eligible item is a candidate
        if (!top.full())
            return false;
        const float extreme = knobs.beta >= 0.0 ? gp.maxValue : gp.minValue;
        const float limit = limitBase + static_cast<float>(knobs.beta) * extreme;
        return top.worst().score > limit;
    }
};

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

} // namespace

KnobScale Recommender::Impl::computeScale(const Impl& d)
{
    const auto depth = static_cast<std::int64_t>(d.options.depth);
    std::vector<double> spreads, personal;
    for (std::size_t u = 0; u + 1 < d.candOffsets.size(); ++u) {
        const auto b = d.candOffsets[u], e = d.candOffsets[u + 1];
        if (e - b >= 2)
            spreads.push_back(static_cast<double>(d.candBase[static_cast<std::size_t>(b)])
                - static_cast<double>(d.candBase[static_cast<std::size_t>(std::min(e, b + depth) - 1)]));
        const auto counts = d.data->personal.counts(static_cast<std::int32_t>(u));
        if (!counts.empty())
            personal.push_back(*std::max_element(counts.begin(), counts.end())
                * static_cast<double>(d.data->personal.scale(static_cast<std::int32_t>(u))));
    }
    KnobScale s;
    s.scoreSpread = median(std::move(spreads));
    const double pp = median(std::move(personal));
    const double gp = d.data->global.maxValue;
    if (s.scoreSpread > 0.0) {
        s.gamma = pp > 0.0 ? s.scoreSpread / pp : 1.0;
        s.beta = gp > 0.0 ? s.scoreSpread / gp : 1.0;
    }
    return s;
}

Recommender::Recommender(ModelWeights weights, std::shared_ptr<const PreparedDataset> data,
    const RecommenderOptions& options, Progress& progress, const CancelToken& cancel)
    : m_impl(std::make_unique<Impl>())
{
    const auto t0 = Clock::now();
    auto& d = *m_impl;
    if (!data)
        throw Error::invalidInput("no dataset");
    if (options.depth < 1 || options.candidates < options.depth)
        throw Error::invalidInput(
            "the candidates per user must be at least the ranking depth (" + std::to_string(options.depth) + ")")
            .forField("candidates");
    if (weights.trainFingerprint != 0 && weights.trainFingerprint != data->dataset.train.fingerprint())
        throw Error::invalidInput("the model was trained on other training data than '" + data->dataset.name
            + "' holds (different interactions or validation split)");
    d.weights = std::move(weights);
    d.data = std::move(data);
    d.options = options;
    d.options.threads = detail::resolveThreads(options.threads);
    progress.report(0.0, "preparing the model");
    d.parts = scoringParts(d.weights, d.data->dataset.train, d.options.threads);
    const auto& pp = d.data->personal;
    const auto& gp = d.data->global;
    const auto& mask = d.data->known;
    checkShapes(d.parts, mask, pp, gp);
    const std::int32_t numUsers = d.parts.numUsers;
    const auto numItems = static_cast<std::size_t>(d.parts.numItems);
    const auto M = static_cast<std::size_t>(options.candidates);
    d.candOffsets.assign(static_cast<std::size_t>(numUsers) + 1, 0);
    d.bound.assign(static_cast<std::size_t>(numUsers), kMasked);
    d.ppBase.assign(static_cast<std::size_t>(pp.nonZeros()), kMasked);
    std::vector<std::vector<Scored>> chosen(static_cast<std::size_t>(numUsers));
    const int threads = d.options.threads;
    detail::configureBlas();
    struct Worker {
        std::vector<float> rows;
        detail::ScoreScratch scratch;
        TopK top{ 0 };
        std::vector<std::int32_t> block;
    };
    std::vector<Worker> workers(static_cast<std::size_t>(threads));
    for (auto& w : workers)
        w.top = TopK(M);
    std::atomic<std::int64_t> done{ 0 };
    detail::parallelFor(numUsers, threads, kBlockUsers, [&](std::int64_t b, std::int64_t e, int wi) {
        cancel.throwIfCancelled();
        auto& w = workers[static_cast<std::size_t>(wi)];
        w.block.clear();
        for (auto u = static_cast<std::int32_t>(b); u < e; ++u)
            w.block.push_back(u);
        w.rows.resize(w.block.size() * numItems);
        detail::denseBaseScores(d.parts, w.block, w.rows.data(), w.scratch);
        auto& top = w.top;
        for (std::size_t r = 0; r < w.block.size(); ++r) {
            const std::int32_t u = w.block[r];
            float* row = &w.rows[r * numItems];
            const auto ppItems = pp.items(u);
            const auto pb = static_cast<std::size_t>(pp.begin(u));
            for (std::size_t k = 0; k < ppItems.size(); ++k) {
                const auto i = static_cast<std::size_t>(ppItems[k]);
                d.ppBase[pb + k] = mask.contains(u, ppItems[k]) ? kMasked : row[i];
                row[i] = kMasked;
            }
            for (auto i : mask.items(u))
                row[static_cast<std::size_t>(i)] = kMasked;
            top.reset();
            std::size_t eligible = 0;
            for (std::size_t i = 0; i < numItems; ++i) {
                const float s = row[i];
                if (s == kMasked)
                    continue;
                ++eligible;
                if (top.full() && s < top.worst().score)
                    continue;
                top.push(s, static_cast<std::int32_t>(i));
            }
            if (eligible > M)
                d.bound[static_cast<std::size_t>(u)] = top.worst().score;
            chosen[static_cast<std::size_t>(u)] = top.sorted();
        }
        const auto n = done.fetch_add(e - b) + (e - b);
        progress.report(static_cast<double>(n) / numUsers, "preparing the model");
    });
    for (std::size_t u = 0; u < chosen.size(); ++u)
        d.candOffsets[u + 1] = d.candOffsets[u] + static_cast<std::int64_t>(chosen[u].size());
    d.candItems.resize(static_cast<std::size_t>(d.candOffsets.back()));
    d.candBase.resize(static_cast<std::size_t>(d.candOffsets.back()));
    for (std::size_t u = 0; u < chosen.size(); ++u) {
        auto at = static_cast<std::size_t>(d.candOffsets[u]);
        for (const auto& s : chosen[u]) {
            d.candItems[at] = s.item;
            d.candBase[at] = s.score;
            ++at;
        }
        std::vector<Scored>().swap(chosen[u]);
    }
    d.scale = Impl::computeScale(d);
    d.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    progress.report(1.0, "model ready");
}

KnobScale Recommender::knobScale() const
{
    return m_impl->scale;
}

Recommender::~Recommender() = default;
Recommender::Recommender(Recommender&&) noexcept = default;
Recommender& Recommender::operator=(Recommender&&) noexcept = default;

const ModelWeights& Recommender::weights() const
{
    return m_impl->weights;
}
const PreparedDataset& Recommender::data() const
{
    return *m_impl->data;
}
std::shared_ptr<const PreparedDataset> Recommender::sharedData() const
{
    return m_impl->data;
}
const ScoringParts& Recommender::parts() const
{
    return m_impl->parts;
}
const RecommenderOptions& Recommender::options() const
{
    return m_impl->options;
}
double Recommender::precomputeSeconds() const
{
    return m_impl->seconds;
}

std::int64_t Recommender::memoryBytes() const
{
    const auto& d = *m_impl;
    return static_cast<std::int64_t>(d.candOffsets.size() * 8 + d.candItems.size() * 4 + d.candBase.size() * 4
        + d.bound.size() * 4 + d.ppBase.size() * 4);
}

Rankings Recommender::rank(const Knobs& knobs, Progress& progress, const CancelToken& cancel, RankStats* stats) const
{
    const auto t0 = Clock::now();
    const auto& d = *m_impl;
    const std::int32_t numUsers = d.parts.numUsers;
    const auto depth = static_cast<std::size_t>(d.options.depth);
    Rankings out = Rankings::empty(numUsers, d.options.depth);
    std::vector<std::vector<std::int32_t>> undecided(static_cast<std::size_t>(d.options.threads));
    std::vector<TopK> tops(static_cast<std::size_t>(d.options.threads), TopK(depth));
    std::atomic<std::int64_t> done{ 0 };
    detail::parallelFor(numUsers, d.options.threads, 512, [&](std::int64_t b, std::int64_t e, int w) {
        auto& top = tops[static_cast<std::size_t>(w)];
        for (auto u = static_cast<std::int32_t>(b); u < e; ++u) {
            if (!d.rankFromCandidates(u, knobs, top)) {
                undecided[static_cast<std::size_t>(w)].push_back(u);
                continue;
            }
            auto slots = out.slots(u);
            const auto& best = top.sorted();
            for (std::size_t k = 0; k < best.size(); ++k)
                slots[k] = best[k].item;
        }
        cancel.throwIfCancelled();
        const auto n = done.fetch_add(e - b) + (e - b);
        progress.report(0.5 * static_cast<double>(n) / numUsers, "re-ranking");
    });
    std::vector<std::int32_t> rest;
    for (const auto& v : undecided)
        rest.insert(rest.end(), v.begin(), v.end());
    std::sort(rest.begin(), rest.end());
    if (!rest.empty()) {
        SubProgress sub(progress, 0.5, 1.0, "exhaustive ranking");
        const Rankings exact = rankExhaustive(d.parts, d.data->known, d.data->personal, d.data->global, knobs, rest,
            d.options.depth, d.options.threads, sub, cancel);
        for (auto u : rest) {
            const auto* src = exact.items.data() + static_cast<std::size_t>(u) * depth;
            std::copy(src, src + depth, out.slots(u).begin());
        }
    }
    if (stats) {
        stats->seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        stats->exhaustiveUsers = static_cast<std::int64_t>(rest.size());
    }
    progress.report(1.0, "re-ranked");
    return out;
}

std::vector<RecommendedItem> Recommender::recommend(std::int32_t user, int k, const Knobs& knobs) const
{
    const auto& d = *m_impl;
    if (user < 0 || user >= d.parts.numUsers)
        throw Error::invalidInput(
            "no user " + std::to_string(user) + " (the dataset has " + std::to_string(d.parts.numUsers) + ")")
            .forField("user");
    if (k < 1 || k > d.options.depth)
        throw Error::invalidInput("k must lie in [1, " + std::to_string(d.options.depth) + "]").forField("k");
    TopK top(static_cast<std::size_t>(d.options.depth));
    if (!d.rankFromCandidates(user, knobs, top)) {
        std::vector<float> row(static_cast<std::size_t>(d.parts.numItems));
        const std::int32_t one[] = { user };
        detail::ScoreScratch scratch;
        detail::denseBaseScores(d.parts, one, row.data(), scratch);
        top.reset();
        scoreRow(row.data(), user, d.data->known, d.data->personal, d.data->global, knobs, top);
    }
    std::vector<RecommendedItem> out;
    for (const auto& s : top.sorted()) {
        if (static_cast<int>(out.size()) == k)
            break;
        out.push_back({ s.item, s.score, d.baseOf(user, s.item) });
    }
    return out;
}

float Recommender::score(std::int32_t user, std::int32_t item, const Knobs& knobs) const
{
    const auto& d = *m_impl;
    if (user < 0 || user >= d.parts.numUsers || item < 0 || item >= d.parts.numItems)
        throw Error::invalidInput("no such user or item");
    return knobScore(
        d.parts.baseScore(user, item), d.data->personal.value(user, item), d.data->global.value(item), knobs);
}

Json toJson(const Evaluation& e)
{
    return { { "full", toJson(e.full) }, { "balanced", toJson(e.balanced) } };
}

RerankResult rerank(const Recommender& recommender, const Knobs& knobs, const MetricsOptions& metrics,
    Progress& progress, const CancelToken& cancel)
{
    const auto t0 = Clock::now();
    const auto& data = recommender.data();
    RerankResult r;
    r.knobs = knobs;
    RankStats stats;
    {
        SubProgress sub(progress, 0.0, 0.9, "re-ranking");
        r.rankings = recommender.rank(knobs, sub, cancel, &stats);
    }
    progress.report(0.9, "evaluating");
    r.evaluation.full = evaluateRankings(r.rankings, data.dataset.test, data.global, metrics);
    r.evaluation.balanced = evaluateRankings(r.rankings, data.dataset.balancedTest, data.global, metrics);
    const int k = metrics.ks.empty() ? 20 : metrics.ks.front();
    r.userArp = userArp(r.rankings, data.global, k);
    r.exposureByGroup = exposureByPopularityGroup(r.rankings, data.global, k, 10, &data.dataset.test);
    r.exhaustiveUsers = stats.exhaustiveUsers;
    r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    progress.report(1.0, "evaluated");
    return r;
}

Json toJson(const RerankResult& r)
{
    return { { "gamma", r.knobs.gamma }, { "beta", r.knobs.beta }, { "metrics", toJson(r.evaluation) },
        { "exposure_by_popularity_group", r.exposureByGroup }, { "time_s", r.seconds },
        { "exhaustive_users", r.exhaustiveUsers } };
}

std::vector<TradeoffPoint> tradeoffCurve(const Recommender& recommender, const std::vector<Knobs>& knobs,
    const MetricsOptions& metrics, Progress& progress, const CancelToken& cancel)
{
    std::vector<TradeoffPoint> out;
    for (std::size_t k = 0; k < knobs.size(); ++k) {
        SubProgress sub(progress, static_cast<double>(k) / knobs.size(), static_cast<double>(k + 1) / knobs.size(),
            "trade-off curve");
        auto r = rerank(recommender, knobs[k], metrics, sub, cancel);
        out.push_back({ knobs[k], std::move(r.evaluation), r.seconds });
    }
    return out;
}

} // namespace vantage::ppac
