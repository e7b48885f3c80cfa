#include "common/units.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace vantage {

namespace {
std::string printf1(const char* fmt, double v, const char* unit)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v, unit);
    return buf;
}
} // namespace

std::string formatBytes(double bytes)
{
    static constexpr std::array<const char*, 6> units{ "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
    std::size_t u = 0;
    double v = bytes;
    while (std::abs(v) >= 1024.0 && u + 1 < units.size()) {
        v /= 1024.0;
        ++u;
    }
    return printf1(u == 0 ? "%.0f %s" : "%.2f %s", v, units[u]);
}

std::string formatSeconds(double s)
{
    const double a = std::abs(s);
    if (a == 0.0)
        return "0 s";
    if (a < 1e-3)
        return printf1("%.1f %s", s * 1e6, "µs");
    if (a < 1.0)
        return printf1("%.2f %s", s * 1e3, "ms");
    if (a < 120.0)
        return printf1("%.3f %s", s, "s");
    const auto m = static_cast<long long>(s / 60.0);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%lld min %.0f s", m, s - 60.0 * static_cast<double>(m));
    return buf;
}

std::string formatCount(double n)
{
    const double a = std::abs(n);
    if (a >= 1e12)
        return printf1("%.2f %s", n / 1e12, "T");
    if (a >= 1e9)
        return printf1("%.2f %s", n / 1e9, "B");
    if (a >= 1e6)
        return printf1("%.2f %s", n / 1e6, "M");
    if (a >= 1e3)
        return printf1("%.2f %s", n / 1e3, "k");
    return printf1("%.0f%s", n, "");
}

} // namespace vantage
