#include "dgi/graph_io.h"

#include "common/error.h"
#include "common/json.h"
#include "common/text_input.h"
#include "dgi/generators.h"
#include "dgi/npy.h"

#include <algorithm>
#include <charconv>

namespace vantage::dgi {

namespace {

// Reads "a b" / "a,b" lines (plain or .gz) a block at a time. `ogb` = the OGB flavour
// (comma-separated, no comments).
// Reports the share of the file's bytes read (of a plain file; a compressed one reports when done).
EdgeList readEdgeLines(
    const std::filesystem::path& path, bool ogb, std::int64_t maxNodes, Progress& progress, const CancelToken& cancel)
{
    EdgeList edges;
    LineReader lines(path,
        TextLimits{ .what = ogb ? "an OGB edge file (src,dst per line)" : "an edge list (src dst per line)",
            .maxLineBytes = 64u << 10 });
    std::error_code ec;
    const auto fileBytes = std::filesystem::file_size(path, ec);
    const bool plain = !ec && fileBytes > 0 && path.extension() != ".gz";
    std::uint64_t bytes = 0; // of the lines read, with their newlines
    std::string_view line;
    while (lines.next(line)) {
        const std::int64_t lineNo = lines.lineNumber();
        bytes += line.size() + 1;
        if (lineNo % (1 << 16) == 0) {
            cancel.throwIfCancelled();
            if (plain)
                progress.report(std::min(1.0, static_cast<double>(bytes) / static_cast<double>(fileBytes)), "reading");
        }
        std::size_t i = 0;
        auto skipSpace = [&] {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
        };
        skipSpace();
        if (i == line.size() || (!ogb && (line[i] == '#' || line[i] == '%')))
            continue;
        std::int64_t ids[2] = { 0, 0 };
        for (int k = 0; k < 2; ++k) {
            if (k == 1) {
                skipSpace();
                if (i < line.size() && line[i] == ',')
                    ++i;
                else if (ogb)
                    throw Error::invalidInput("expected 'src,dst'").inFile(path.string()).atLine(lineNo);
                skipSpace();
            }
            const char* b = line.data() + i;
            const char* e = line.data() + line.size();
            const auto [ptr, ec] = std::from_chars(b, e, ids[k]);
            if (ec == std::errc::result_out_of_range)
                throw Error::invalidInput("node id out of range (ids must be 0..N-1 for a graph of N nodes)")
                    .inFile(path.string())
                    .atLine(lineNo)
                    .forField(k == 0 ? "src" : "dst");
            if (ec != std::errc() || ptr == b) {
                std::size_t j = i;
                while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != ',')
                    ++j;
                const std::string token(line.substr(i, j - i));
                throw Error::invalidInput(
                    token.empty() ? "missing node id" : "'" + token + "' is not a node id (a non-negative integer)")
                    .inFile(path.string())
                    .atLine(lineNo)
                    .forField(k == 0 ? "src" : "dst");
            }
            if (ids[k] < 0 || ids[k] >= maxNodes)
                throw Error::invalidInput(
                    (ids[k] < 0 ? "negative node id "
                                : "node id beyond the limit of " + std::to_string(maxNodes) + " nodes: ")
                    + std::to_string(ids[k]))
                    .inFile(path.string())
                    .atLine(lineNo)
                    .forField(k == 0 ? "src" : "dst");
            i = static_cast<std::size_t>(ptr - line.data());
        }
        skipSpace();
        if (i < line.size() && !(!ogb && line[i] == '#'))
            throw Error::invalidInput("unexpected text after 'src dst': '" + std::string(line.substr(i)) + "'")
                .inFile(path.string())
                .atLine(lineNo);
        edges.src.push_back(ids[0]);
        edges.dst.push_back(ids[1]);
    }
    return edges;
}

void checkNumNodesOption(const GraphLoadOptions& options)
{
    checkNodeCount(options.numNodes, {}, "--num-nodes " + std::to_string(options.numNodes));
}

// Refuses `numNodes` beyond the caller's bound (kMaxNodes and the machine's memory are checked
// when the graph is built).
void checkMaxNodes(std::int64_t numNodes, const GraphLoadOptions& options, const std::filesystem::path& path)
{
    if (numNodes > options.maxNodes)
        throw Error::invalidInput("the graph would have " + std::to_string(numNodes) + " nodes, more than the "
            + std::to_string(options.maxNodes) + " allowed here")
            .inFile(path.string());
}

// Builds the graph read (the second half of a text file's progress).
Graph finish(EdgeList edges, const GraphLoadOptions& options, const std::filesystem::path& path, Progress& progress,
    const CancelToken& cancel)
{
    progress.report(0.5, "reading");
    checkMaxNodes(options.numNodes, options, path);
    if (options.numNodes > 0) {
        for (std::size_t i = 0; i < edges.src.size(); ++i)
            if (edges.src[i] >= options.numNodes || edges.dst[i] >= options.numNodes)
                throw Error::invalidInput("edge " + std::to_string(i) + " (" + std::to_string(edges.src[i]) + ", "
                    + std::to_string(edges.dst[i]) + ") is outside the " + std::to_string(options.numNodes) + " nodes")
                    .inFile(path.string());
        edges.numNodes = options.numNodes;
    }
    SubProgress building(progress, 0.5, 1.0);
    return buildGraph(std::move(edges), options.build, path.string(), building, cancel);
}

// An edge list or an OGB edge.csv: read (the first half of the progress), then built.
Graph loadText(const std::filesystem::path& path, bool ogb, const GraphLoadOptions& options, Progress& progress,
    const CancelToken& cancel)
{
    checkNumNodesOption(options);
    SubProgress reading(progress, 0.0, 0.5);
    EdgeList edges = readEdgeLines(path, ogb, std::min(options.maxNodes, kMaxNodes), reading, cancel);
    return finish(std::move(edges), options, path, progress, cancel);
}

// Reads an integer .npy vector as int64 (mapped when it already is int64 and mapping is allowed).
Buffer readIndexArray(const std::filesystem::path& path, bool map, const char* field, std::int64_t& count)
{
    const NpyHeader h = readNpyHeader(path);
    if (h.type != NpyType::Int64 && h.type != NpyType::Int32)
        throw Error::invalidInput(std::string("must be int32 or int64, not ") + npyDescr(h.type))
            .inFile(path.string())
            .forField(field);
    if (h.shape.size() != 1)
        throw Error::invalidInput(
            "must be a 1-dimensional array, not " + std::to_string(h.shape.size()) + "-dimensional")
            .inFile(path.string())
            .forField(field);
    count = h.shape[0];
    if (h.type == NpyType::Int64)
        return readNpyData(path, h, map);
    const Buffer narrow = readNpyData(path, h, true);
    Buffer wide = Buffer::allocate(static_cast<std::size_t>(count) * sizeof(std::int64_t));
    const auto in = narrow.as<std::int32_t>();
    auto out = wide.as<std::int64_t>();
    for (std::size_t i = 0; i < in.size(); ++i)
        out[i] = in[i];
    return wide;
}

bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

Graph loadEdgeList(
    const std::filesystem::path& path, const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel)
{
    return loadText(path, false, options, progress, cancel);
}

Graph loadOgbCsv(
    const std::filesystem::path& path, const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel)
{
    return loadText(path, true, options, progress, cancel);
}

Graph loadNpyCsr(const std::filesystem::path& indptr, const std::filesystem::path& indices, bool rowsAreDestinations,
    const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel)
{
    checkNumNodesOption(options);
    std::int64_t ptrCount = 0;
    std::int64_t idxCount = 0;
    Buffer ptr = readIndexArray(indptr, options.map, "indptr", ptrCount);
    Buffer idx = readIndexArray(indices, options.map, "indices", idxCount);
    if (ptrCount < 1)
        throw Error::invalidInput("indptr is empty; it needs N + 1 entries").inFile(indptr.string()).forField("indptr");
    const std::int64_t n = std::max(ptrCount - 1, options.numNodes);
    checkMaxNodes(n, options, indptr);
    if (ptrCount - 1 < options.numNodes)
        throw Error::invalidInput(
            "indptr has " + std::to_string(ptrCount) + " entries for " + std::to_string(options.numNodes) + " nodes")
            .inFile(indptr.string());
    const auto p = ptr.as<std::int64_t>();
    if (p.back() != idxCount)
        throw Error::invalidInput(
            "indptr ends at " + std::to_string(p.back()) + " but indices has " + std::to_string(idxCount) + " entries")
            .inFile(indptr.string())
            .forField("indptr");
    if (rowsAreDestinations) {
        Graph g = Graph::fromCsc(n, std::move(ptr), std::move(idx), indptr.string(), indices.string());
        g.setOrigin(indptr.parent_path().string());
        return applyBuildOptions(std::move(g), options.build, progress, cancel);
    }
    // Adjacency CSR: row s lists the destinations of s's out-edges; the transpose is our CSC.
    Graph rows = Graph::fromCsc(n, std::move(ptr), std::move(idx), indptr.string(), indices.string());
    EdgeList e = toEdgeList(rows);
    std::swap(e.src, e.dst);
    rows = Graph();
    return buildGraph(std::move(e), options.build, indptr.parent_path().string(), progress, cancel);
}

void saveGraph(const Graph& graph, const std::filesystem::path& directory)
{
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec)
        throw Error::invalidInput("cannot create the directory: " + ec.message()).inFile(directory.string());
    writeNpy(directory / "indptr.npy", NpyType::Int64, { graph.numNodes() + 1 }, graph.offsets().data());
    writeNpy(directory / "indices.npy", NpyType::Int64, { graph.numEdges() }, graph.sources().data());
    writeJsonFile(directory / "graph.json",
        Json{ { "format", "vantage-dgi-graph" }, { "version", 1 }, { "rows", "destination" },
            { "nodes", graph.numNodes() }, { "edges", graph.numEdges() }, { "origin", graph.origin() } });
}

Graph loadGraphDirectory(const std::filesystem::path& directory, const GraphLoadOptions& options, Progress& progress,
    const CancelToken& cancel)
{
    const auto meta = directory / "graph.json";
    bool rowsAreDestinations = false;
    Json j = Json::object();
    if (std::filesystem::exists(meta)) {
        j = readJsonFile(meta);
        const std::string where = meta.string();
        if (!j.is_object())
            throw Error::invalidInput("expected a JSON object, got " + std::string(j.type_name())).inFile(where);
        for (const auto& [key, value] : j.items())
            if (key != "format" && key != "version" && key != "rows" && key != "nodes" && key != "edges"
                && key != "origin")
                throw Error::invalidInput("unknown key").inFile(where).forField(key);
        if (const auto format = jsonFieldOr<std::string>(j, "format", "vantage-dgi-graph", where);
            format != "vantage-dgi-graph")
            throw Error::invalidInput("is \"" + format + "\", expected \"vantage-dgi-graph\"")
                .inFile(where)
                .forField("format");
        if (const auto version = jsonFieldOr<std::int64_t>(j, "version", 1, where); version != 1)
            throw Error::invalidInput("version " + std::to_string(version) + " is not supported (this Vantage reads 1)")
                .inFile(where)
                .forField("version");
        const auto rows = jsonFieldOr<std::string>(j, "rows", "source", where);
        if (rows != "source" && rows != "destination")
            throw Error::invalidInput("'rows' must be \"source\" or \"destination\", not \"" + rows + "\"")
                .inFile(where)
                .forField("rows");
        rowsAreDestinations = rows == "destination";
        for (const char* key : { "nodes", "edges" })
            if (jsonFieldOr<std::int64_t>(j, key, 0, where) < 0)
                throw Error::invalidInput("must not be negative").inFile(where).forField(key);
    }
    for (const char* f : { "indptr.npy", "indices.npy" })
        if (!std::filesystem::exists(directory / f))
            throw Error::invalidInput(
                std::string("a graph directory needs indptr.npy and indices.npy; ") + f + " is missing")
                .inFile(directory.string());
    // The counts graph.json states must be those of the arrays beside it (a mixed-up directory).
    const std::pair<const char*, std::int64_t> counts[]
        = { { "nodes", readNpyHeader(directory / "indptr.npy").count() - 1 },
              { "edges", readNpyHeader(directory / "indices.npy").count() } };
    for (const auto& [key, actual] : counts)
        if (j.contains(key) && j[key].get<std::int64_t>() != actual)
            throw Error::invalidInput("says " + std::to_string(j[key].get<std::int64_t>()) + " " + key + ", "
                + (key == std::string("nodes") ? "indptr.npy" : "indices.npy") + " holds " + std::to_string(actual))
                .inFile(meta.string())
                .forField(key);
    Graph g = loadNpyCsr(
        directory / "indptr.npy", directory / "indices.npy", rowsAreDestinations, options, progress, cancel);
    g.setOrigin(directory.string());
    return g;
}

Graph loadGraph(std::string_view spec, const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel)
{
    if (spec.empty())
        throw Error::invalidInput("no graph given").forField("graph");
    if (isGeneratorSpec(spec))
        return generateGraph(spec, options.build, progress, cancel);
    for (const char* kind : { "csr:", "csc:" })
        if (spec.starts_with(kind)) {
            const std::string_view rest = spec.substr(4);
            const auto comma = rest.find(',');
            if (comma == std::string_view::npos)
                throw Error::invalidInput(std::string("expected ") + kind + "INDPTR.npy,INDICES.npy").forField("graph");
            return loadNpyCsr(std::string(rest.substr(0, comma)), std::string(rest.substr(comma + 1)), kind[2] == 'c',
                options, progress, cancel);
        }
    const std::filesystem::path path{ std::string(spec) };
    if (std::filesystem::is_directory(path))
        return loadGraphDirectory(path, options, progress, cancel);
    if (!std::filesystem::exists(path))
        throw Error::invalidInput("no such file or directory (or generator spec: rmat:n=..,deg=..,seed=..)")
            .inFile(path.string())
            .forField("graph");
    const std::string name = path.string();
    if (endsWith(name, ".csv") || endsWith(name, ".csv.gz"))
        return loadOgbCsv(path, options, progress, cancel);
    if (endsWith(name, ".npy"))
        throw Error::invalidInput("a single .npy is not a graph; use csr:INDPTR.npy,INDICES.npy or a directory")
            .inFile(name);
    return loadEdgeList(path, options, progress, cancel);
}

} // namespace vantage::dgi
