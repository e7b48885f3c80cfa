// Fuzzes the torch.export reader: a .pt2 archive from whoever sent it (zip entries, the program's
// JSON, tensor metadata against the storages, the op mapping), read without LibTorch.
#include "fuzz_common.h"

#include "dgi/export_import.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view file = fuzz::bytes(data, size);
    const vantage::ReadAt read = [&](std::uint64_t offset, std::uint64_t n) {
        return std::string(file.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(n)));
    };
    return fuzz::refuseOrAccept([&] { (void)vantage::dgi::importExportedProgram(read, size, "model.pt2"); });
}
