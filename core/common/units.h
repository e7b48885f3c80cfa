#pragma once
// Human-readable quantities for CLI output and reports (the GUI formats with QLocale instead).

#include <cstdint>
#include <string>
#include <string_view>

namespace vantage {

std::string formatBytes(double bytes); // "1.5 GiB"
std::string formatSeconds(double seconds); // "850 µs", "1.25 s", "3 min 20 s"
std::string formatCount(double n); // "340.2 M", "175.0 B"

// "1048576", "512K", "64M", "2G", "1.5GiB", "300 MB" (K/M/G/T are powers of 1024, as memory is
// usually budgeted); throws Error::invalidInput naming `field`.
std::int64_t parseByteSize(std::string_view text, std::string_view field = "memory-budget");

} // namespace vantage
