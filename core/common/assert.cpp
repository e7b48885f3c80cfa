#include "common/assert.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace vantage::detail {

void assertionFailed(const char* condition, std::string_view message, const char* file, int line)
{
    const std::string text(message);
    std::fprintf(stderr, "vantage: internal error: %s (%s is false) at %s:%d\n", text.c_str(), condition, file, line);
    std::fflush(stderr);
    std::abort();
}

} // namespace vantage::detail
