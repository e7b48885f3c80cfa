// Fuzzes PPAC's .vppac model files.
#include "fuzz_common.h"

#include "ppac/model.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::refuseOrAccept([&] { (void)vantage::ppac::deserializeModel(fuzz::bytes(data, size), "model.vppac"); });
}
