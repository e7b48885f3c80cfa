#pragma once
// Synthetic graphs for benchmarks and tests, deterministic per seed (the same edges on every
// machine and thread count): R-MAT (Chakrabarti, Zhan, Faloutsos, SDM 2004), Chung-Lu with a
// power-law expected degree sequence, and Erdős–Rényi G(n, m).

#include "common/progress.h"
#include "dgi/graph.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace vantage::dgi {

// `avgDegree` is edges per node before deduplication, symmetrisation and self-loops. Generated graphs
// are always deduplicated (generateGraph): they are simple graphs, unlike a user's edge list.
struct RmatOptions {
    std::int64_t nodes = 1 << 16;
    double avgDegree = 16.0;
    double a = 0.57, b = 0.19, c = 0.19; // d = 1 - a - b - c
    std::uint64_t seed = 1;
};

struct ChungLuOptions {
    std::int64_t nodes = 1 << 16;
    double avgDegree = 16.0;
    double exponent = 2.5; // P(degree = k) ~ k^-exponent, > 2
    std::uint64_t seed = 1;
};

struct ErdosRenyiOptions {
    std::int64_t nodes = 1 << 16;
    double avgDegree = 16.0;
    std::uint64_t seed = 1;
};

// Each reports the share of edges drawn ("generating") and checks the token between chunks of edges
// (throws vantage::Cancelled). A graph whose edges would not fit this machine's memory is refused
// before any is drawn.
EdgeList generateRmat(const RmatOptions& options, Progress& progress, const CancelToken& cancel);
EdgeList generateChungLu(const ChungLuOptions& options, Progress& progress, const CancelToken& cancel);
EdgeList generateErdosRenyi(const ErdosRenyiOptions& options, Progress& progress, const CancelToken& cancel);

// True for "rmat:...", "chunglu:...", "er:..." (a generator spec rather than a path).
bool isGeneratorSpec(std::string_view spec);

// Parses "rmat:n=1000000,deg=16,seed=1[,a=..,b=..,c=..]", "chunglu:n=..,deg=..,gamma=2.5,seed=..",
// "er:n=..,deg=..,seed=.." (numbers may be written 1e6) and builds the graph. Unknown keys and
// out-of-range values throw Error::invalidInput naming the key. Drawing the edges is the first 70% of
// the progress, building the graph (buildGraph) the rest.
Graph generateGraph(std::string_view spec, const BuildOptions& options, Progress& progress, const CancelToken& cancel);

} // namespace vantage::dgi
