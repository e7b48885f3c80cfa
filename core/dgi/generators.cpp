#include "dgi/generators.h"

#include "common/error.h"
#include "common/units.h"
#include "dgi/memory.h"
#include "dgi/random.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <mutex>
#include <thread>

namespace vantage::dgi {

namespace {

// Edges are drawn in chunks, each from its own stream, so the result does not depend on threads.
constexpr std::int64_t kChunk = 1 << 18;

// Each thread draws every threads-th chunk; the chunks done are counted for the progress, reported
// under a lock so that the fractions arrive in order.
template <typename Draw>
EdgeList drawEdges(std::int64_t nodes, std::int64_t edges, std::uint64_t seed, std::uint64_t salt, Progress& progress,
    const CancelToken& cancel, Draw draw)
{
    EdgeList out;
    out.numNodes = nodes;
    out.src.resize(static_cast<std::size_t>(edges));
    out.dst.resize(static_cast<std::size_t>(edges));
    const std::int64_t chunks = (edges + kChunk - 1) / kChunk;
    const unsigned threads = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), 16));
    std::int64_t done = 0;
    std::mutex reporting;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (std::int64_t c = t; c < chunks; c += threads) {
                if (cancel.isCancelled())
                    return;
                Rng rng(seed ^ salt, static_cast<std::uint64_t>(c) + 1);
                const std::int64_t end = std::min(edges, (c + 1) * kChunk);
                for (std::int64_t i = c * kChunk; i < end; ++i)
                    draw(rng, out.src[static_cast<std::size_t>(i)], out.dst[static_cast<std::size_t>(i)]);
                std::lock_guard lock(reporting);
                progress.report(static_cast<double>(++done) / static_cast<double>(chunks), "generating");
            }
        });
    for (auto& th : pool)
        th.join();
    cancel.throwIfCancelled();
    progress.report(1.0, "generating");
    return out;
}

std::int64_t edgeCount(std::int64_t nodes, double avgDegree, const char* what)
{
    if (nodes <= 0)
        throw Error::invalidInput(std::string(what) + " needs at least one node").forField("n");
    if (nodes > kMaxNodes)
        throw Error::invalidInput(std::string(what) + ": " + std::to_string(nodes)
            + " nodes, more than a graph may hold (" + std::to_string(kMaxNodes) + ")")
            .forField("n");
    if (!(avgDegree >= 0.0) || avgDegree > 1e6)
        throw Error::invalidInput(std::string(what) + ": average degree must be in [0, 1e6]").forField("deg");
    const double edges = static_cast<double>(nodes) * avgDegree;
    // The drawn edges (two ids each), the graph built from them (about as much again) and the
    // per-node arrays must fit.
    const double bytes = edges * 4 * sizeof(std::int64_t) + static_cast<double>(nodes) * 2 * sizeof(std::int64_t);
    const std::int64_t available = availableMemoryBytes();
    if (edges > 9e15 || (available > 0 && bytes > static_cast<double>(available)))
        throw Error::invalidInput(std::string(what) + ": " + std::to_string(nodes) + " nodes of average degree "
            + formatCount(avgDegree) + " need about " + formatBytes(bytes) + " to generate, more than the "
            + formatBytes(static_cast<double>(available)) + " of memory available")
            .forField("n");
    return static_cast<std::int64_t>(std::llround(edges));
}

} // namespace

EdgeList generateRmat(const RmatOptions& o, Progress& progress, const CancelToken& cancel)
{
    const std::int64_t m = edgeCount(o.nodes, o.avgDegree, "R-MAT");
    const double d = 1.0 - o.a - o.b - o.c;
    if (o.a < 0 || o.b < 0 || o.c < 0 || d < -1e-12)
        throw Error::invalidInput("R-MAT probabilities a, b, c must be >= 0 with a + b + c <= 1").forField("a");
    int scale = 0;
    while ((std::int64_t{ 1 } << scale) < o.nodes)
        ++scale;
    const double ab = o.a + o.b;
    const double abc = ab + o.c;
    const std::int64_t n = o.nodes;
    return drawEdges(n, m, o.seed, 0x52a7, progress, cancel, [&](Rng& rng, std::int64_t& s, std::int64_t& t) {
        do {
            s = 0;
            t = 0;
            for (int level = 0; level < scale; ++level) {
                const double r = rng.uniform();
                s <<= 1;
                t <<= 1;
                if (r < o.a) {
                } else if (r < ab) {
                    t |= 1;
                } else if (r < abc) {
                    s |= 1;
                } else {
                    s |= 1;
                    t |= 1;
                }
            }
        } while (s >= n || t >= n);
    });
}

EdgeList generateChungLu(const ChungLuOptions& o, Progress& progress, const CancelToken& cancel)
{
    const std::int64_t m = edgeCount(o.nodes, o.avgDegree, "Chung-Lu");
    if (!(o.exponent > 2.0))
        throw Error::invalidInput("Chung-Lu exponent must be > 2").forField("gamma");
    // Expected degrees w_i ~ (i + 1)^(-1 / (gamma - 1)), assigned to a seeded random permutation of
    // the nodes so that hubs are not simply the lowest ids.
    const std::int64_t n = o.nodes;
    std::vector<double> cdf(static_cast<std::size_t>(n));
    double acc = 0.0;
    const double p = -1.0 / (o.exponent - 1.0);
    for (std::int64_t i = 0; i < n; ++i) {
        acc += std::pow(static_cast<double>(i + 1), p);
        cdf[static_cast<std::size_t>(i)] = acc;
    }
    for (auto& x : cdf)
        x /= acc;
    std::vector<std::int64_t> perm(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        perm[static_cast<std::size_t>(i)] = i;
    Rng shuffle(o.seed, 0xc1u);
    for (std::int64_t i = n - 1; i > 0; --i)
        std::swap(perm[static_cast<std::size_t>(i)], perm[shuffle.below(static_cast<std::uint64_t>(i + 1))]);
    auto pick = [&](Rng& rng) {
        const double r = rng.uniform();
        const auto it = std::upper_bound(cdf.begin(), cdf.end(), r);
        const auto i = std::min<std::int64_t>(it - cdf.begin(), n - 1);
        return perm[static_cast<std::size_t>(i)];
    };
    return drawEdges(n, m, o.seed, 0xc1c1, progress, cancel, [&](Rng& rng, std::int64_t& s, std::int64_t& t) {
        s = pick(rng);
        t = pick(rng);
    });
}

EdgeList generateErdosRenyi(const ErdosRenyiOptions& o, Progress& progress, const CancelToken& cancel)
{
    const std::int64_t m = edgeCount(o.nodes, o.avgDegree, "Erdős–Rényi");
    const auto n = static_cast<std::uint64_t>(o.nodes);
    return drawEdges(o.nodes, m, o.seed, 0xe7e7, progress, cancel, [&](Rng& rng, std::int64_t& s, std::int64_t& t) {
        s = static_cast<std::int64_t>(rng.below(n));
        t = static_cast<std::int64_t>(rng.below(n));
    });
}

bool isGeneratorSpec(std::string_view spec)
{
    return spec.starts_with("rmat:") || spec.starts_with("chunglu:") || spec.starts_with("er:");
}

Graph generateGraph(std::string_view spec, const BuildOptions& options, Progress& progress, const CancelToken& cancel)
{
    const auto colon = spec.find(':');
    if (colon == std::string_view::npos || !isGeneratorSpec(spec))
        throw Error::invalidInput(
            "not a generator spec: '" + std::string(spec) + "' (rmat:n=..,deg=..,seed=.. | chunglu:... | er:...)")
            .forField("graph");
    const std::string kind(spec.substr(0, colon));
    std::map<std::string, double> kv;
    std::string_view rest = spec.substr(colon + 1);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            throw Error::invalidInput("expected key=value, got '" + std::string(item) + "'").forField(kind);
        const std::string key(item.substr(0, eq));
        const std::string value(item.substr(eq + 1));
        double v = 0;
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || ptr != value.data() + value.size())
            throw Error::invalidInput("'" + value + "' is not a number").forField(kind + "." + key);
        kv[key] = v;
    }
    auto take = [&](const char* key, double fallback) {
        auto it = kv.find(key);
        if (it == kv.end())
            return fallback;
        const double v = it->second;
        kv.erase(it);
        return v;
    };
    auto integer = [&](const char* key, double fallback) {
        const double v = take(key, fallback);
        if (v < 0 || v != std::floor(v) || v > 9e15)
            throw Error::invalidInput("must be a non-negative integer").forField(kind + "." + key);
        return static_cast<std::int64_t>(v);
    };
    EdgeList edges;
    SubProgress drawing(progress, 0.0, 0.7);
    if (kind == "rmat") {
        RmatOptions o;
        o.nodes = integer("n", static_cast<double>(o.nodes));
        o.avgDegree = take("deg", o.avgDegree);
        o.seed = static_cast<std::uint64_t>(integer("seed", 1));
        o.a = take("a", o.a);
        o.b = take("b", o.b);
        o.c = take("c", o.c);
        if (!kv.empty())
            throw Error::invalidInput("unknown key '" + kv.begin()->first + "' (n, deg, seed, a, b, c)")
                .forField(kind + "." + kv.begin()->first);
        edges = generateRmat(o, drawing, cancel);
    } else if (kind == "chunglu") {
        ChungLuOptions o;
        o.nodes = integer("n", static_cast<double>(o.nodes));
        o.avgDegree = take("deg", o.avgDegree);
        o.seed = static_cast<std::uint64_t>(integer("seed", 1));
        o.exponent = take("gamma", o.exponent);
        if (!kv.empty())
            throw Error::invalidInput("unknown key '" + kv.begin()->first + "' (n, deg, seed, gamma)")
                .forField(kind + "." + kv.begin()->first);
        edges = generateChungLu(o, drawing, cancel);
    } else {
        ErdosRenyiOptions o;
        o.nodes = integer("n", static_cast<double>(o.nodes));
        o.avgDegree = take("deg", o.avgDegree);
        o.seed = static_cast<std::uint64_t>(integer("seed", 1));
        if (!kv.empty())
            throw Error::invalidInput("unknown key '" + kv.begin()->first + "' (n, deg, seed)")
                .forField(kind + "." + kv.begin()->first);
        edges = generateErdosRenyi(o, drawing, cancel);
    }
    // A generated graph is simple by definition (the degree is counted before deduplication).
    BuildOptions simple = options;
    simple.dedupe = true;
    SubProgress building(progress, 0.7, 1.0);
    return buildGraph(std::move(edges), simple, std::string(spec), building, cancel);
}

} // namespace vantage::dgi
