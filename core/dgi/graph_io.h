#pragma once
// The one parser of each graph format DGI reads, with errors naming the file and line:
//   edge list   text, "src dst" per line (whitespace or comma), '#' or '%' comments, blank lines
//   OGB         edge.csv or edge.csv.gz, "src,dst" per line (OGB's raw/edge.csv)
//   .npy CSR    two arrays, indptr (N + 1) and indices (E), int32 or int64
//   directory   what saveGraph writes: indptr.npy + indices.npy (rows are destinations) and
//               graph.json; memory-mapped, so a graph larger than RAM can be evaluated
// and the spec strings of the CLI and the GUI (loadGraph).

#include "common/progress.h"
#include "dgi/graph.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace vantage::dgi {

struct GraphLoadOptions {
    BuildOptions build; // symmetrise / self-loops / dedupe after reading
    std::int64_t numNodes = 0; // text formats: 0 = one more than the largest id
    bool map = true; // .npy: memory-map instead of reading into RAM
    std::int64_t maxNodes = kMaxNodes; // larger graphs are refused (the fuzzers set a small bound)
};

// Every loader reports its progress (a text file: the share of its bytes read, "reading", the
// first half; building the graph, "building", the second) and checks the token while generating,
// reading and building (throws vantage::Cancelled).
Graph loadEdgeList(
    const std::filesystem::path& path, const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel);
Graph loadOgbCsv(
    const std::filesystem::path& path, const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel);

// rowsAreDestinations = false: the usual adjacency CSR (row i lists i's out-neighbours);
// true: CSC as stored here (row i lists i's in-neighbours), memory-mapped when int64.
Graph loadNpyCsr(const std::filesystem::path& indptr, const std::filesystem::path& indices, bool rowsAreDestinations,
    const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel);

// Writes directory/indptr.npy, directory/indices.npy (int64, rows are destinations) and
// directory/graph.json; creates the directory.
void saveGraph(const Graph& graph, const std::filesystem::path& directory);
Graph loadGraphDirectory(const std::filesystem::path& directory, const GraphLoadOptions& options, Progress& progress,
    const CancelToken& cancel);

// The spec strings the CLI and the GUI accept:
//   rmat:n=..,deg=..,seed=..  chunglu:...  er:...   (generators.h)
//   csr:INDPTR.npy,INDICES.npy   csc:INDPTR.npy,INDICES.npy
//   DIR (saveGraph's layout)   FILE.csv / FILE.csv.gz (OGB)   any other FILE (edge list)
Graph loadGraph(std::string_view spec, const GraphLoadOptions& options, Progress& progress, const CancelToken& cancel);

} // namespace vantage::dgi
