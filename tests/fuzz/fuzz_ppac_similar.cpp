// Fuzzes PPAC's similar-users files (--similar-users FILE), for a dataset of 64 users.
#include "fuzz_common.h"

#include "ppac/similar_users.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto path = fuzz::writeFile("similar.txt", fuzz::bytes(data, size));
    return fuzz::refuseOrAccept([&] { (void)vantage::ppac::readSimilarUsers(path, 64); });
}
