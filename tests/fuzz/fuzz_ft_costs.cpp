// Fuzzes FT's explicit-cost files (ft frontier --costs), and solves the small ones that parse.
#include "fuzz_common.h"

#include "common/json.h"
#include "common/progress.h"
#include "ft/explicit_costs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::refuseOrAccept([&] {
        const auto graph = vantage::ft::explicitCostsFromText(fuzz::bytes(data, size), "costs.json");
        if (graph.nodes.size() > 12)
            return;
        vantage::NullProgress progress;
        vantage::CancelToken cancel;
        const auto r = vantage::ft::searchFrontier(
            graph, { .threads = 1, .maxPoints = 1 << 16, .maxStoredPoints = 1 << 18 }, progress, cancel);
        (void)vantage::ft::frontierToJson(graph, r).dump();
    });
}
