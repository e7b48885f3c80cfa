// Fuzzes EDL's host files (--hosts FILE).
#include "fuzz_common.h"

#include "edl/launcher.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::refuseOrAccept(
        [&] { (void)vantage::edl::parseHostList(std::string(fuzz::bytes(data, size)), "hosts.txt"); });
}
