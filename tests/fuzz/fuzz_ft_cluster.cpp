// Fuzzes FT's cluster profiles (--cluster FILE).
#include "fuzz_common.h"

#include "ft/cluster.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto path = fuzz::writeFile("cluster.json", fuzz::bytes(data, size));
    return fuzz::refuseOrAccept([&] { (void)vantage::ft::loadClusterProfile(path); });
}
