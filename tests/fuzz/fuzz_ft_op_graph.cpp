// Fuzzes FT's op-graph JSON (ft search --graph).
#include "fuzz_common.h"

#include "ft/op_graph.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::refuseOrAccept([&] { (void)vantage::ft::opGraphFromText(fuzz::bytes(data, size), "graph.json"); });
}
