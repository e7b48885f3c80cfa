// Fuzzes the one JSON reader (parseJson): depth, NUL bytes, numbers out of range.
#include "fuzz_common.h"

#include "common/json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::refuseOrAccept([&] {
        const vantage::Json j = vantage::parseJson(fuzz::bytes(data, size), "fuzz.json");
        (void)j.dump(); // a parsed value must also print, copy and destroy
        vantage::Json copy = j;
        (void)copy;
    });
}
