// Fuzzes DGI's .npy CSR graphs: the input is indptr.npy, beside a fixed valid indices.npy, and then
// the other way round.
#include "fuzz_common.h"

#include "dgi/graph_io.h"
#include "dgi/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::dgi;
    const std::int64_t valid[] = { 0, 1, 2, 2 };
    const auto good = fuzz::workDir() / "good.npy";
    static bool written = false;
    if (!written) {
        writeNpy(good, NpyType::Int64, { 4 }, valid);
        written = true;
    }
    const auto bad = fuzz::writeFile("bad.npy", fuzz::bytes(data, size));
    vantage::NullProgress quiet;
    const vantage::CancelToken never;
    const GraphLoadOptions limits{ .map = false, .maxNodes = 1 << 20 };
    fuzz::refuseOrAccept([&] { (void)loadNpyCsr(bad, good, false, limits, quiet, never); });
    return fuzz::refuseOrAccept([&] { (void)loadNpyCsr(good, bad, true, limits, quiet, never); });
}
