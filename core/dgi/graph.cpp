#include "dgi/graph.h"

#include "common/assert.h"
#include "common/error.h"
#include "common/units.h"

#include <algorithm>
#include <mutex>
#include <new>
#include <numeric>
#include <unistd.h>

namespace vantage::dgi {

struct Graph::Lazy {
    std::once_flag outOnce;
    std::vector<std::int64_t> outDegrees;
};

Graph::Graph()
    : m_lazy(std::make_shared<Lazy>())
{ }

Graph Graph::fromCsc(
    std::int64_t numNodes, Buffer offsets, Buffer sources, std::string origin, const std::string& sourcesOrigin)
{
    auto failIn = [&](const std::string& file, const std::string& why) {
        Error e = Error::invalidInput("inconsistent CSC graph: " + why);
        if (!file.empty())
            e.inFile(file);
        return e;
    };
    auto fail = [&](const std::string& why) { return failIn(origin, why); };
    if (numNodes < 0 || numNodes > kMaxNodes)
        throw fail("node count " + std::to_string(numNodes) + " outside 0.." + std::to_string(kMaxNodes));
    if (offsets.size() != static_cast<std::size_t>(numNodes + 1) * sizeof(std::int64_t))
        throw fail("offsets hold " + std::to_string(offsets.size() / sizeof(std::int64_t)) + " entries, expected "
            + std::to_string(numNodes + 1) + " (nodes + 1)");
    const auto off = offsets.as<std::int64_t>();
    const auto src = sources.as<std::int64_t>();
    const auto numEdges = static_cast<std::int64_t>(src.size());
    if (off[0] != 0)
        throw fail("offsets start at " + std::to_string(off[0]) + ", not 0");
    if (off[static_cast<std::size_t>(numNodes)] != numEdges)
        throw fail("the last offset is " + std::to_string(off[static_cast<std::size_t>(numNodes)]) + " but there are "
            + std::to_string(numEdges) + " edges");
    for (std::int64_t v = 0; v < numNodes; ++v)
        if (off[static_cast<std::size_t>(v + 1)] < off[static_cast<std::size_t>(v)])
            throw fail("offsets decrease at node " + std::to_string(v));
    for (std::int64_t e = 0; e < numEdges; ++e) {
        const std::int64_t s = src[static_cast<std::size_t>(e)];
        if (s < 0 || s >= numNodes)
            throw failIn(sourcesOrigin.empty() ? origin : sourcesOrigin,
                "edge " + std::to_string(e) + " has source " + std::to_string(s) + ", outside 0.."
                    + std::to_string(numNodes - 1));
    }
    Graph g;
    g.m_numNodes = numNodes;
    g.m_numEdges = numEdges;
    g.m_offsets = std::move(offsets);
    g.m_sources = std::move(sources);
    g.m_origin = std::move(origin);
    return g;
}

std::span<const std::int64_t> Graph::inNeighbours(std::int64_t node) const
{
    const auto off = offsets();
    const auto b = off[static_cast<std::size_t>(node)];
    const auto e = off[static_cast<std::size_t>(node + 1)];
    return sources().subspan(static_cast<std::size_t>(b), static_cast<std::size_t>(e - b));
}

std::int64_t Graph::inDegree(std::int64_t node) const
{
    const auto off = offsets();
    return off[static_cast<std::size_t>(node + 1)] - off[static_cast<std::size_t>(node)];
}

std::span<const std::int64_t> Graph::outDegrees() const
{
    std::call_once(m_lazy->outOnce, [this] {
        m_lazy->outDegrees.assign(static_cast<std::size_t>(m_numNodes), 0);
        for (auto s : sources())
            ++m_lazy->outDegrees[static_cast<std::size_t>(s)];
    });
    return m_lazy->outDegrees;
}

void checkNodeCount(std::int64_t numNodes, const std::string& origin, const std::string& what)
{
    auto fail = [&](const std::string& why) {
        Error e = Error::invalidInput(what + ": " + why);
        if (!origin.empty())
            e.inFile(origin);
        return e;
    };
    if (numNodes < 0)
        throw fail("a node count cannot be negative");
    if (numNodes > kMaxNodes)
        throw fail("more than " + std::to_string(kMaxNodes) + " nodes; node ids must be 0..N-1 for a graph of N nodes");
    // The graph is built in RAM: offsets and a cursor of 8 bytes a node (edges come on top).
    const double bytes = 16.0 * static_cast<double>(numNodes + 1);
    const double ram = static_cast<double>(::sysconf(_SC_PHYS_PAGES)) * static_cast<double>(::sysconf(_SC_PAGESIZE));
    if (ram > 0 && bytes > ram)
        throw fail(std::to_string(numNodes) + " nodes need " + formatBytes(bytes)
            + " for their offsets alone, more than " + "this machine's " + formatBytes(ram)
            + "; node ids must be 0..N-1 (renumber sparse ids)");
}

namespace {

Graph buildGraphInMemory(
    EdgeList edges, const BuildOptions& options, std::string origin, Progress& progress, const CancelToken& cancel);

} // namespace

Graph buildGraph(
    EdgeList edges, const BuildOptions& options, std::string origin, Progress& progress, const CancelToken& cancel)
{
    const std::size_t m = edges.src.size();
    const std::int64_t n = edges.numNodes;
    try {
        return buildGraphInMemory(std::move(edges), options, std::move(origin), progress, cancel);
    } catch (const std::bad_alloc&) {
        throw Error::failure("out of memory building a graph of "
            + (n > 0 ? std::to_string(n) + " nodes and " : std::string()) + std::to_string(m)
            + " edges (a graph has as many nodes as its largest id + 1: renumber ids that are far apart)");
    }
}

namespace {

Graph buildGraphInMemory(
    EdgeList edges, const BuildOptions& options, std::string origin, Progress& progress, const CancelToken& cancel)
{
    VANTAGE_ASSERT(edges.src.size() == edges.dst.size(), "an edge list with more sources than destinations or fewer");
    // Three passes over the edges (checking, bucketing, sorting per node), a third of the work each.
    const auto checkCancel = [&](std::size_t i, std::size_t of, int pass) {
        if ((i & ((std::size_t{ 1 } << 22) - 1)) != 0)
            return;
        cancel.throwIfCancelled();
        progress.report(
            (pass + static_cast<double>(i) / static_cast<double>(std::max<std::size_t>(of, 1))) / 3.0, "building");
    };
    std::int64_t n = edges.numNodes;
    for (std::size_t i = 0; i < edges.src.size(); ++i) {
        checkCancel(i, edges.src.size(), 0);
        const auto s = edges.src[i];
        const auto d = edges.dst[i];
        if (s < 0 || d < 0)
            throw Error::invalidInput("negative node id in edge " + std::to_string(i)).inFile(origin);
        if (edges.numNodes > 0 && (s >= edges.numNodes || d >= edges.numNodes))
            throw Error::invalidInput("edge " + std::to_string(i) + " (" + std::to_string(s) + ", " + std::to_string(d)
                + ") is outside the " + std::to_string(edges.numNodes) + " nodes")
                .inFile(origin);
        if (s >= kMaxNodes || d >= kMaxNodes)
            throw Error::invalidInput("edge " + std::to_string(i) + " has node id " + std::to_string(std::max(s, d))
                + ", beyond the " + std::to_string(kMaxNodes) + " nodes a graph may have")
                .inFile(origin);
        n = std::max(n, std::max(s, d) + 1);
    }
    checkNodeCount(n, origin, edges.numNodes > 0 ? "the node count" : "node id " + std::to_string(n - 1));
    if (options.selfLoops != SelfLoops::Keep) {
        std::size_t w = 0;
        for (std::size_t i = 0; i < edges.src.size(); ++i)
            if (edges.src[i] != edges.dst[i]) {
                edges.src[w] = edges.src[i];
                edges.dst[w] = edges.dst[i];
                ++w;
            }
        edges.src.resize(w);
        edges.dst.resize(w);
    }
    if (options.symmetrize) {
        const std::size_t m = edges.src.size();
        edges.src.reserve(2 * m);
        edges.dst.reserve(2 * m);
        for (std::size_t i = 0; i < m; ++i) {
            edges.src.push_back(edges.dst[i]);
            edges.dst.push_back(edges.src[i]);
        }
    }
    if (options.selfLoops == SelfLoops::Add)
        for (std::int64_t v = 0; v < n; ++v) {
            edges.src.push_back(v);
            edges.dst.push_back(v);
        }

    const std::size_t m = edges.src.size();
    checkCancel(0, m, 1);
    std::vector<std::int64_t> off(static_cast<std::size_t>(n + 1), 0);
    for (auto d : edges.dst)
        ++off[static_cast<std::size_t>(d + 1)];
    std::partial_sum(off.begin(), off.end(), off.begin());
    std::vector<std::int64_t> src(m);
    {
        std::vector<std::int64_t> cursor(off.begin(), off.end() - 1);
        for (std::size_t i = 0; i < m; ++i) {
            checkCancel(i, m, 1);
            src[static_cast<std::size_t>(cursor[static_cast<std::size_t>(edges.dst[i])]++)] = edges.src[i];
        }
    }
    edges.src = {};
    edges.dst = {};
    std::int64_t w = 0;
    for (std::int64_t v = 0; v < n; ++v) {
        // Per node a sort of its in-edges: checked every 65,536 nodes, the share by edges sorted.
        if ((v & 0xFFFF) == 0) {
            cancel.throwIfCancelled();
            progress.report(
                (2.0 + static_cast<double>(off[static_cast<std::size_t>(v)]) / std::max<double>(1.0, m)) / 3.0,
                "building");
        }
        const auto b = src.begin() + off[static_cast<std::size_t>(v)];
        const auto e = src.begin() + off[static_cast<std::size_t>(v + 1)];
        std::sort(b, e);
        const auto last = options.dedupe || options.symmetrize ? std::unique(b, e) : e;
        off[static_cast<std::size_t>(v)] = w;
        for (auto it = b; it != last; ++it)
            src[static_cast<std::size_t>(w++)] = *it;
    }
    off[static_cast<std::size_t>(n)] = w;

    progress.report(1.0, "building");
    Buffer offBuf = Buffer::allocate(off.size() * sizeof(std::int64_t));
    std::copy(off.begin(), off.end(), offBuf.as<std::int64_t>().begin());
    Buffer srcBuf = Buffer::allocate(static_cast<std::size_t>(w) * sizeof(std::int64_t));
    std::copy(src.begin(), src.begin() + w, srcBuf.as<std::int64_t>().begin());
    return Graph::fromCsc(n, std::move(offBuf), std::move(srcBuf), std::move(origin));
}

} // namespace

EdgeList toEdgeList(const Graph& graph)
{
    EdgeList e;
    e.numNodes = graph.numNodes();
    e.src.assign(graph.sources().begin(), graph.sources().end());
    e.dst.resize(e.src.size());
    const auto off = graph.offsets();
    for (std::int64_t v = 0; v < graph.numNodes(); ++v)
        std::fill(
            e.dst.begin() + off[static_cast<std::size_t>(v)], e.dst.begin() + off[static_cast<std::size_t>(v + 1)], v);
    return e;
}

Graph applyBuildOptions(Graph graph, const BuildOptions& options, Progress& progress, const CancelToken& cancel)
{
    bool clean = !options.symmetrize && options.selfLoops == SelfLoops::Keep;
    if (clean && options.dedupe) {
        // Already sorted and duplicate-free (every graph this library writes is): keep it, mapped or not.
        const auto off = graph.offsets();
        const auto src = graph.sources();
        for (std::int64_t v = 0; v < graph.numNodes() && clean; ++v)
            for (auto e = off[static_cast<std::size_t>(v)] + 1; e < off[static_cast<std::size_t>(v + 1)]; ++e)
                if (src[static_cast<std::size_t>(e)] <= src[static_cast<std::size_t>(e - 1)]) {
                    clean = false;
                    break;
                }
    }
    if (clean)
        return graph;
    std::string origin = graph.origin();
    EdgeList edges = toEdgeList(graph);
    graph = Graph();
    return buildGraph(std::move(edges), options, std::move(origin), progress, cancel);
}

Graph reversed(const Graph& graph)
{
    const std::int64_t n = graph.numNodes();
    const auto outDeg = graph.outDegrees();
    Buffer offBuf = Buffer::allocate(static_cast<std::size_t>(n + 1) * sizeof(std::int64_t));
    auto off = offBuf.as<std::int64_t>();
    off[0] = 0;
    for (std::int64_t v = 0; v < n; ++v)
        off[static_cast<std::size_t>(v + 1)] = off[static_cast<std::size_t>(v)] + outDeg[static_cast<std::size_t>(v)];
    Buffer dstBuf = Buffer::allocate(static_cast<std::size_t>(graph.numEdges()) * sizeof(std::int64_t));
    auto dst = dstBuf.as<std::int64_t>();
    std::vector<std::int64_t> cursor(off.begin(), off.end() - 1);
    const auto inOff = graph.offsets();
    const auto src = graph.sources();
    for (std::int64_t d = 0; d < n; ++d)
        for (auto e = inOff[static_cast<std::size_t>(d)]; e < inOff[static_cast<std::size_t>(d + 1)]; ++e)
            dst[static_cast<std::size_t>(cursor[static_cast<std::size_t>(src[static_cast<std::size_t>(e)])]++)] = d;
    return Graph::fromCsc(n, std::move(offBuf), std::move(dstBuf), graph.origin() + " (reversed)");
}

GraphStats graphStats(const Graph& graph)
{
    GraphStats s;
    s.nodes = graph.numNodes();
    s.edges = graph.numEdges();
    s.averageDegree = s.nodes > 0 ? static_cast<double>(s.edges) / static_cast<double>(s.nodes) : 0.0;
    s.bytes = static_cast<std::int64_t>((graph.numNodes() + 1 + graph.numEdges()) * sizeof(std::int64_t));
    s.mapped = graph.isMapped();
    const auto outDeg = graph.outDegrees();
    for (std::int64_t v = 0; v < s.nodes; ++v) {
        const auto in = graph.inDegree(v);
        const auto out = outDeg[static_cast<std::size_t>(v)];
        s.maxInDegree = std::max(s.maxInDegree, in);
        s.maxOutDegree = std::max(s.maxOutDegree, out);
        if (in == 0 && out == 0)
            ++s.isolatedNodes;
        const auto nb = graph.inNeighbours(v);
        bool sorted = true;
        for (std::size_t i = 0; i < nb.size(); ++i) {
            if (nb[i] == v)
                ++s.selfLoops;
            if (i > 0 && nb[i] < nb[i - 1])
                sorted = false;
        }
        if (sorted) {
            for (std::size_t i = 1; i < nb.size(); ++i)
                s.repeatedEdges += nb[i] == nb[i - 1] ? 1 : 0;
        } else {
            std::vector<std::int64_t> copy(nb.begin(), nb.end());
            std::sort(copy.begin(), copy.end());
            for (std::size_t i = 1; i < copy.size(); ++i)
                s.repeatedEdges += copy[i] == copy[i - 1] ? 1 : 0;
        }
    }
    return s;
}

std::string graphInputNote(const Graph& graph, const GraphStats& stats, const std::string& how)
{
    if (stats.repeatedEdges == 0 && stats.selfLoops == 0)
        return {};
    auto count = [](std::int64_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string what;
    if (stats.repeatedEdges > 0)
        what = count(stats.repeatedEdges, "repeated edge", "repeated edges");
    if (stats.selfLoops > 0)
        what += (what.empty() ? "" : " and ") + count(stats.selfLoops, "self-loop", "self-loops");
    const std::string name = graph.origin().empty() ? std::string("the graph") : graph.origin();
    return name + " has " + what + ", used as given (a model sums over repeated edges)"
        + (how.empty() ? std::string() : "; " + how);
}

std::vector<std::int64_t> hopSizes(const Graph& graph, std::int64_t node, int hops)
{
    if (node < 0 || node >= graph.numNodes())
        throw Error::invalidInput(
            "node " + std::to_string(node) + " is not in the graph (0.." + std::to_string(graph.numNodes() - 1) + ")")
            .forField("node");
    std::vector<char> seen(static_cast<std::size_t>(graph.numNodes()), 0);
    std::vector<std::int64_t> frontier{ node };
    seen[static_cast<std::size_t>(node)] = 1;
    std::vector<std::int64_t> sizes{ 1 };
    std::int64_t total = 1;
    for (int h = 0; h < hops; ++h) {
        std::vector<std::int64_t> next;
        for (auto v : frontier)
            for (auto u : graph.inNeighbours(v))
                if (!seen[static_cast<std::size_t>(u)]) {
                    seen[static_cast<std::size_t>(u)] = 1;
                    next.push_back(u);
                }
        total += static_cast<std::int64_t>(next.size());
        sizes.push_back(total);
        frontier = std::move(next);
    }
    return sizes;
}

} // namespace vantage::dgi
