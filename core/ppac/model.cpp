#include "ppac/model.h"

#include "common/error.h"
#include "common/text_input.h"
#include "ppac/fast_math.h"
#include "ppac/parallel.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <type_traits>

namespace vantage::ppac {

static_assert(std::endian::native == std::endian::little, "model files are little-endian float32");

namespace {

constexpr char kMagic[8] = { 'V', 'P', 'P', 'A', 'C', 'M', 'D', 'L' };
constexpr std::uint32_t kVersion = 1;

std::uint64_t fnv1a(std::string_view bytes)
{
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

float dot(const float* a, const float* b, int n)
{
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
        s += a[k] * b[k];
    return s;
}

// The arrays of a model file, in file order; W is ModelWeights or const ModelWeights.
template <typename W> struct Array {
    const char* name;
    std::conditional_t<std::is_const_v<W>, const std::vector<float>, std::vector<float>>* data;
    std::vector<std::int64_t> shape;
};

template <typename W> std::vector<Array<W>> arraysOf(W& w)
{
    std::vector<Array<W>> a = { { "user_embedding", &w.userEmbedding, { w.numUsers, w.dim } },
        { "item_embedding", &w.itemEmbedding, { w.numItems, w.dim } } };
    if (w.ppac) {
        auto& h = w.personalBranch;
        auto& g = w.globalBranch;
        a.push_back({ "personal.w1", &h.w1, { h.hidden, h.in } });
        a.push_back({ "personal.b1", &h.b1, { h.hidden } });
        a.push_back({ "personal.w2", &h.w2, { h.out, h.hidden } });
        a.push_back({ "personal.b2", &h.b2, { h.out } });
        a.push_back({ "global.w1", &g.w1, { g.hidden, g.in } });
        a.push_back({ "global.b1", &g.b1, { g.hidden } });
        a.push_back({ "global.w2", &g.w2, { g.out, g.hidden } });
        a.push_back({ "global.b2", &g.b2, { g.out } });
    }
    return a;
}

Json mlpShape(const Mlp& m)
{
    return { { "in", m.in }, { "hidden", m.hidden }, { "out", m.out } };
}

} // namespace

void Mlp::forward(const float* x, float* y) const
{
    float mid[1024];
    for (int o = 0; o < hidden; ++o) {
        const float v = b1[static_cast<std::size_t>(o)]
            + dot(&w1[static_cast<std::size_t>(o) * static_cast<std::size_t>(in)], x, in);
        mid[o] = v > 0.0f ? v : 0.01f * v;
    }
    for (int o = 0; o < out; ++o)
        y[o] = b2[static_cast<std::size_t>(o)]
            + dot(&w2[static_cast<std::size_t>(o) * static_cast<std::size_t>(hidden)], mid, hidden);
}

std::string ModelWeights::displayName() const
{
    const std::string b = base == BaseModel::MF ? "MF" : "LightGCN";
    return ppac ? "PPAC-" + b : b;
}

void ModelWeights::check() const
{
    auto fail = [](const std::string& what) { throw Error::invalidInput("model: " + what); };
    if (dim < 1 || dim > 4096 || numUsers < 1 || numItems < 1)
        fail("bad shape");
    if (userEmbedding.size() != static_cast<std::size_t>(numUsers) * static_cast<std::size_t>(dim)
        || itemEmbedding.size() != static_cast<std::size_t>(numItems) * static_cast<std::size_t>(dim))
        fail("embedding sizes do not match the shape");
    if (base == BaseModel::LightGCN && (layers < 0 || layers > 16))
        fail("bad number of LightGCN layers");
    auto finite = [](const std::vector<float>& v) {
        return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
    };
    if (!finite(userEmbedding) || !finite(itemEmbedding))
        fail("embeddings hold NaN or infinite values");
    if (!ppac)
        return;
    for (const auto* m : { &personalBranch, &globalBranch }) {
        if (m->in != dim || m->hidden < 1 || m->hidden > 1024)
            fail("branch shape does not fit the embedding size");
        if (m->w1.size() != static_cast<std::size_t>(m->hidden * m->in)
            || m->b1.size() != static_cast<std::size_t>(m->hidden)
            || m->w2.size() != static_cast<std::size_t>(m->out * m->hidden)
            || m->b2.size() != static_cast<std::size_t>(m->out))
            fail("branch weight sizes do not match their shape");
    }
    if (personalBranch.out != dim || globalBranch.out != 1)
        fail("branch outputs must be d (personal) and 1 (global)");
    for (const auto* m : { &personalBranch, &globalBranch })
        if (!finite(m->w1) || !finite(m->b1) || !finite(m->w2) || !finite(m->b2))
            fail("branch weights hold NaN or infinite values");
}

std::string serializeModel(const ModelWeights& w)
{
    w.check();
    Json arrays = Json::array();
    for (const auto& a : arraysOf(w))
        arrays.push_back({ { "name", a.name }, { "shape", a.shape } });
    char fp[17];
    std::snprintf(fp, sizeof fp, "%016llx", static_cast<unsigned long long>(w.trainFingerprint));
    const Json header = { { "format", "vantage-ppac-model" }, { "version", kVersion }, { "base", enumName(w.base) },
        { "ppac", w.ppac }, { "dim", w.dim }, { "layers", w.layers }, { "users", w.numUsers }, { "items", w.numItems },
        { "personal_branch", mlpShape(w.personalBranch) }, { "global_branch", mlpShape(w.globalBranch) },
        { "train_fingerprint", fp }, { "info", w.info }, { "arrays", arrays } };
    const std::string h = header.dump();
    std::string out(kMagic, sizeof kMagic);
    const std::uint32_t version = kVersion;
    const std::uint64_t len = h.size();
    out.append(reinterpret_cast<const char*>(&version), sizeof version);
    out.append(reinterpret_cast<const char*>(&len), sizeof len);
    out += h;
    for (const auto& a : arraysOf(w))
        out.append(reinterpret_cast<const char*>(a.data->data()), a.data->size() * sizeof(float));
    const std::uint64_t sum = fnv1a(out);
    out.append(reinterpret_cast<const char*>(&sum), sizeof sum);
    return out;
}

ModelWeights deserializeModel(std::string_view bytes, const std::string& source)
{
    auto bad = [&](const std::string& why) {
        return Error::invalidInput("not a readable PPAC model: " + why).inFile(source);
    };
    const std::size_t fixed = sizeof kMagic + sizeof(std::uint32_t) + sizeof(std::uint64_t);
    if (bytes.size() < fixed + sizeof(std::uint64_t) || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw bad("missing the VPPACMDL signature");
    std::uint32_t version = 0;
    std::uint64_t len = 0;
    std::memcpy(&version, bytes.data() + sizeof kMagic, sizeof version);
    std::memcpy(&len, bytes.data() + sizeof kMagic + sizeof version, sizeof len);
    if (version != kVersion)
        throw bad("format version " + std::to_string(version) + ", this build reads " + std::to_string(kVersion));
    if (len > bytes.size() - fixed - sizeof(std::uint64_t))
        throw bad("truncated header");
    std::uint64_t sum = 0;
    std::memcpy(&sum, bytes.data() + bytes.size() - sizeof sum, sizeof sum);
    if (sum != fnv1a(bytes.substr(0, bytes.size() - sizeof sum)))
        throw bad("checksum mismatch (damaged or truncated file)");
    const Json header = parseJson(bytes.substr(fixed, len), source);
    const std::string where = "model header";
    ModelWeights w;
    try {
        const std::string base = jsonField<std::string>(header, "base", where);
        const auto architecture = kBaseModels.find(base);
        if (!architecture)
            throw bad("unknown base architecture '" + base + "' in its header (mf, lightgcn)");
        w.base = *architecture;
        w.ppac = jsonField<bool>(header, "ppac", where);
        w.dim = jsonField<int>(header, "dim", where);
        w.layers = jsonField<int>(header, "layers", where);
        w.numUsers = jsonField<std::int32_t>(header, "users", where);
        w.numItems = jsonField<std::int32_t>(header, "items", where);
        w.info = jsonFieldOr<Json>(header, "info", Json::object(), where);
        w.trainFingerprint = std::stoull(jsonField<std::string>(header, "train_fingerprint", where), nullptr, 16);
        for (auto [key, m] :
            { std::pair{ "personal_branch", &w.personalBranch }, std::pair{ "global_branch", &w.globalBranch } }) {
            const Json& s = header.at(key);
            m->in = jsonField<int>(s, "in", key);
            m->hidden = jsonField<int>(s, "hidden", key);
            m->out = jsonField<int>(s, "out", key);
        }
    } catch (Error& e) {
        throw std::move(e.inFile(source));
    } catch (const std::exception& e) {
        throw bad(std::string("bad header: ") + e.what());
    }
    if (w.dim < 1 || w.dim > 4096 || w.numUsers < 1 || w.numItems < 1 || w.personalBranch.hidden > 1024
        || w.globalBranch.hidden > 1024 || w.personalBranch.hidden < 0 || w.globalBranch.hidden < 0
        || w.personalBranch.out < 0 || w.globalBranch.out < 0 || w.personalBranch.out > 4096
        || w.globalBranch.out > 4096)
        throw bad("implausible shape in the header");
    std::size_t at = fixed + len;
    const std::size_t end = bytes.size() - sizeof sum;
    for (auto& a : arraysOf(w)) {
        std::size_t n = 1;
        for (auto d : a.shape)
            n *= static_cast<std::size_t>(d);
        if (end - at < n * sizeof(float))
            throw bad(std::string("array ") + a.name + " is truncated");
        a.data->resize(n);
        std::memcpy(a.data->data(), bytes.data() + at, n * sizeof(float));
        at += n * sizeof(float);
    }
    if (at != end)
        throw bad("unexpected bytes after the arrays");
    try {
        w.check();
    } catch (Error& e) {
        throw std::move(e.inFile(source));
    }
    return w;
}

void saveModel(const std::filesystem::path& path, const ModelWeights& weights)
{
    writeFileAtomic(path, serializeModel(weights));
}

ModelWeights loadModel(const std::filesystem::path& path)
{
    requireRegularFile(path, "a PPAC model (.vppac)");
    checkInputFile(path, TextLimits{ .what = "a PPAC model (.vppac)" });
    // The signature first: a file of another kind is refused without being read.
    if (const std::string head = readFileHead(path, sizeof kMagic);
        head.size() < sizeof kMagic || std::memcmp(head.data(), kMagic, sizeof kMagic) != 0)
        throw Error::invalidInput("not a readable PPAC model: missing the VPPACMDL signature").inFile(path.string());
    return deserializeModel(readFile(path), path.string());
}

std::vector<float> propagateLightGcn(const UserItems& train, std::span<const float> users0,
    std::span<const float> items0, int dim, int layers, int threads)
{
    const auto U = static_cast<std::size_t>(train.numUsers());
    const auto I = static_cast<std::size_t>(train.numItems());
    const auto d = static_cast<std::size_t>(dim);
    if (users0.size() != U * d || items0.size() != I * d)
        throw Error::invalidInput("LightGCN: embedding sizes do not match the training graph");
    const UserItems byItem = train.transposed();
    // Symmetric normalisation 1 / sqrt(deg(u) deg(i)); isolated nodes keep degree 1.
    std::vector<float> inv(U + I);
    for (std::size_t u = 0; u < U; ++u)
        inv[u] = 1.0f / std::sqrt(static_cast<float>(std::max(1, train.count(static_cast<std::int32_t>(u)))));
    for (std::size_t i = 0; i < I; ++i)
        inv[U + i] = 1.0f / std::sqrt(static_cast<float>(std::max(1, byItem.count(static_cast<std::int32_t>(i)))));
    std::vector<float> cur(users0.begin(), users0.end());
    cur.insert(cur.end(), items0.begin(), items0.end());
    std::vector<float> sum = cur, next((U + I) * d);
    for (int l = 0; l < layers; ++l) {
        detail::parallelFor(static_cast<std::int64_t>(U + I), threads, 512, [&](std::int64_t b, std::int64_t e, int) {
            for (auto n = static_cast<std::size_t>(b); n < static_cast<std::size_t>(e); ++n) {
                float* out = &next[n * d];
                std::fill(out, out + d, 0.0f);
                const bool isUser = n < U;
                const auto nbrs = isUser ? train.items(static_cast<std::int32_t>(n))
                                         : byItem.items(static_cast<std::int32_t>(n - U));
                for (auto m : nbrs) {
                    const std::size_t other = isUser ? U + static_cast<std::size_t>(m) : static_cast<std::size_t>(m);
                    const float w = inv[n] * inv[other];
                    const float* x = &cur[other * d];
                    for (std::size_t k = 0; k < d; ++k)
                        out[k] += w * x[k];
                }
            }
        });
        cur.swap(next);
        for (std::size_t k = 0; k < sum.size(); ++k)
            sum[k] += cur[k];
    }
    const float scale = 1.0f / static_cast<float>(layers + 1);
    for (auto& v : sum)
        v *= scale;
    return sum;
}

float ScoringParts::rawScore(std::int32_t user, std::int32_t item) const
{
    const auto d = static_cast<std::size_t>(dim);
    return dot(&users[static_cast<std::size_t>(user) * d], &items[static_cast<std::size_t>(item) * d], dim);
}

float ScoringParts::personalFactor(std::int32_t user, std::int32_t item) const
{
    if (!ppac)
        return 1.0f;
    const auto d = static_cast<std::size_t>(dim);
    return detail::sigmoid(
        dot(&userBranch[static_cast<std::size_t>(user) * d], &itemBranch[static_cast<std::size_t>(item) * d], dim));
}

float ScoringParts::globalFactor(std::int32_t item) const
{
    return ppac ? itemGlobal[static_cast<std::size_t>(item)] : 1.0f;
}

float ScoringParts::baseScore(std::int32_t user, std::int32_t item) const
{
    return rawScore(user, item) * personalFactor(user, item) * globalFactor(item);
}

ScoringParts scoringParts(const ModelWeights& w, const UserItems& train, int threads)
{
    w.check();
    if (train.numUsers() != w.numUsers || train.numItems() != w.numItems)
        throw Error::invalidInput("the model has " + std::to_string(w.numUsers) + " users x "
            + std::to_string(w.numItems) + " items, the dataset " + std::to_string(train.numUsers()) + " x "
            + std::to_string(train.numItems()));
    ScoringParts p;
    p.numUsers = w.numUsers;
    p.numItems = w.numItems;
    p.dim = w.dim;
    p.ppac = w.ppac;
    const auto d = static_cast<std::size_t>(w.dim);
    if (w.base == BaseModel::LightGCN) {
        auto all = propagateLightGcn(train, w.userEmbedding, w.itemEmbedding, w.dim, w.layers, threads);
        p.users.assign(
            all.begin(), all.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(w.numUsers) * d));
        p.items.assign(all.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(w.numUsers) * d), all.end());
    } else {
        p.users = w.userEmbedding;
        p.items = w.itemEmbedding;
    }
    if (w.ppac) {
        const auto hd = static_cast<std::size_t>(w.personalBranch.out);
        p.userBranch.resize(static_cast<std::size_t>(w.numUsers) * hd);
        p.itemBranch.resize(static_cast<std::size_t>(w.numItems) * hd);
        p.itemGlobal.resize(static_cast<std::size_t>(w.numItems));
        detail::parallelFor(w.numUsers, threads, 1024, [&](std::int64_t b, std::int64_t e, int) {
            for (auto u = static_cast<std::size_t>(b); u < static_cast<std::size_t>(e); ++u)
                w.personalBranch.forward(&w.userEmbedding[u * d], &p.userBranch[u * hd]);
        });
        detail::parallelFor(w.numItems, threads, 1024, [&](std::int64_t b, std::int64_t e, int) {
            for (auto i = static_cast<std::size_t>(b); i < static_cast<std::size_t>(e); ++i) {
                w.personalBranch.forward(&w.itemEmbedding[i * d], &p.itemBranch[i * hd]);
                float g = 0.0f;
                w.globalBranch.forward(&w.itemEmbedding[i * d], &g);
                p.itemGlobal[i] = detail::sigmoid(g);
            }
        });
    }
    return p;
}

} // namespace vantage::ppac
