// Fuzzes the TorchScript archive check that runs before LibTorch sees a model file.
#include "fuzz_common.h"

#include "dgi/model_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view file = fuzz::bytes(data, size);
    const vantage::dgi::ReadAt read = [&](std::uint64_t offset, std::uint64_t n) {
        return std::string(file.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(n)));
    };
    return fuzz::refuseOrAccept([&] { (void)vantage::dgi::inspectModelArchive(read, size, "model.pt"); });
}
