#pragma once
// Human-readable quantities for CLI output and reports (the GUI formats with QLocale instead).

#include <cstdint>
#include <string>

namespace vantage {

std::string formatBytes(double bytes); // "1.5 GiB"
std::string formatSeconds(double seconds); // "850 µs", "1.25 s", "3 min 20 s"
std::string formatCount(double n); // "340.2 M", "175.0 B"

} // namespace vantage
