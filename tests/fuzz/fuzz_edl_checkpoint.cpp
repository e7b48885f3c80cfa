// Fuzzes the header of an elastic-job checkpoint (edl --resume, vantage-edl-worker inspect).
#include "fuzz_common.h"

#include "edl/checkpoint_p.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto path = fuzz::writeFile("checkpoint.pt", fuzz::bytes(data, size));
    return fuzz::refuseOrAccept([&] { (void)vantage::edl::readCheckpointHead(path, true); });
}
