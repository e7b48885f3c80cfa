// Fuzzes DGI's text graphs: an edge list, and the same bytes as an OGB edge.csv.
#include "fuzz_common.h"

#include "dgi/graph_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto text = fuzz::writeFile("edges.txt", fuzz::bytes(data, size));
    const auto csv = fuzz::writeFile("edge.csv", fuzz::bytes(data, size));
    fuzz::refuseOrAccept([&] { (void)vantage::dgi::loadEdgeList(text); });
    return fuzz::refuseOrAccept([&] { (void)vantage::dgi::loadOgbCsv(csv); });
}
