#include "common/units.h"

#include "common/error.h"

#include <array>
#include <cctype>
#include <charconv>
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

std::int64_t parseByteSize(std::string_view text, std::string_view field)
{
    auto bad = [&] {
        return Error::invalidInput("'" + std::string(text) + "' is not a size (e.g. 1048576, 512M, 2G, 1.5GiB)")
            .forField(std::string(field));
    };
    std::size_t i = 0;
    while (i < text.size() && text[i] == ' ')
        ++i;
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v);
    if (ec != std::errc() || !(v >= 0) || std::isinf(v))
        throw bad();
    std::string unit(ptr, text.data() + text.size());
    std::string u;
    for (char c : unit)
        if (c != ' ')
            u += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    double scale = 1;
    if (u.empty() || u == "B")
        scale = 1;
    else if (u == "K" || u == "KB" || u == "KIB")
        scale = 1024.0;
    else if (u == "M" || u == "MB" || u == "MIB")
        scale = 1024.0 * 1024;
    else if (u == "G" || u == "GB" || u == "GIB")
        scale = 1024.0 * 1024 * 1024;
    else if (u == "T" || u == "TB" || u == "TIB")
        scale = 1024.0 * 1024 * 1024 * 1024;
    else
        throw bad();
    const double bytes = v * scale;
    if (bytes > 4611686018427387904.0) // 2^62 (4 EiB): beyond any machine, and beyond llround's range soon after
        throw Error::invalidInput("'" + std::string(text) + "' is larger than any memory (at most 4 EiB)")
            .forField(std::string(field));
    return static_cast<std::int64_t>(std::llround(bytes));
}

} // namespace vantage
