// Fuzzes the graph.json of a DGI graph directory (beside valid arrays).
#include "fuzz_common.h"

#include "dgi/graph_io.h"
#include "dgi/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::dgi;
    const auto dir = fuzz::workDir() / "graph";
    static bool written = false;
    if (!written) {
        std::filesystem::create_directories(dir);
        const std::int64_t indptr[] = { 0, 1, 2, 2 };
        const std::int64_t indices[] = { 1, 2 };
        writeNpy(dir / "indptr.npy", NpyType::Int64, { 4 }, indptr);
        writeNpy(dir / "indices.npy", NpyType::Int64, { 2 }, indices);
        written = true;
    }
    fuzz::writeFile("graph/graph.json", fuzz::bytes(data, size));
    vantage::NullProgress quiet;
    return fuzz::refuseOrAccept(
        [&] { (void)loadGraphDirectory(dir, { .map = false, .maxNodes = 1 << 20 }, quiet, vantage::CancelToken{}); });
}
