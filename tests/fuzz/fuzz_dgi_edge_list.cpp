// Fuzzes DGI's text graphs: an edge list, and the same bytes as an OGB edge.csv.
#include "fuzz_common.h"

#include "dgi/graph_io.h"

// Graphs up to a million nodes: larger ones are legitimate but slow under the sanitizers.
const vantage::dgi::GraphLoadOptions kLimits{ .maxNodes = 1 << 20 };

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto text = fuzz::writeFile("edges.txt", fuzz::bytes(data, size));
    const auto csv = fuzz::writeFile("edge.csv", fuzz::bytes(data, size));
    vantage::NullProgress quiet;
    const vantage::CancelToken never;
    fuzz::refuseOrAccept([&] { (void)vantage::dgi::loadEdgeList(text, kLimits, quiet, never); });
    return fuzz::refuseOrAccept([&] { (void)vantage::dgi::loadOgbCsv(csv, kLimits, quiet, never); });
}
