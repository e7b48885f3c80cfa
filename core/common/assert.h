#pragma once
// VANTAGE_ASSERT(cond, message): a programmer error, an invariant of Vantage's own code that no
// input can break (a store the evaluator planned is missing, a permutation that is not one). It
// aborts with the condition, the message and where, so that a test or a debug build stops at the
// bug. What a user can fix is never asserted: it is vantage::Error::invalidInput with the file,
// line and field. On when VANTAGE_ASSERTIONS is defined (debug builds and every build with tests,
// see the root CMakeLists.txt); otherwise the condition is not evaluated.

#include <string_view>

namespace vantage::detail {
[[noreturn]] void assertionFailed(const char* condition, std::string_view message, const char* file, int line);
} // namespace vantage::detail

#if defined(VANTAGE_ASSERTIONS)
#define VANTAGE_ASSERT(cond, message)                                                                                  \
    ((cond) ? static_cast<void>(0) : ::vantage::detail::assertionFailed(#cond, (message), __FILE__, __LINE__))
#else
#define VANTAGE_ASSERT(cond, message) static_cast<void>(0)
#endif
