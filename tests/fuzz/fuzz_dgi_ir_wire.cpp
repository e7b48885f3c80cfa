// Fuzzes the parent's reading of the sandboxed model reader's answer (dgi/ir_wire.h): a
// reader subverted by the file it read may answer anything, and the IR is built again through the
// checking builders from it.
#include "fuzz_common.h"

#include "dgi/ir_wire.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::refuseOrAccept([&] { (void)vantage::dgi::irFromWire(fuzz::bytes(data, size), "model.pt"); });
}
