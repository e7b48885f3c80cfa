#include "report/report_language.h"

#include "common/units.h"
#include "report/text.h"

#include <cmath>
#include <cstdio>

namespace vantage::report {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

void replaceAll(std::string& s, std::string_view from, std::string_view to)
{
    for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

} // namespace

std::string ReportLanguage::translate(const char* context, const char* source, const char*, int n) const
{
    if (translator)
        return translator(context, source, n);
    std::string s = source;
    if (n >= 0) {
        replaceAll(s, "%Ln", integer(n));
        replaceAll(s, "%n", std::to_string(n));
        replaceAll(s, "y(s)", n == 1 ? "y" : "ies"); // "strategy(s)"
        replaceAll(s, "(s)", n == 1 ? "" : "s");
    }
    return s;
}

std::string ReportLanguage::arg(std::string_view text, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(text.size() + 16 * args.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 1 < text.size() && isDigit(text[i + 1]) && text[i + 1] != '0') {
            const auto k = static_cast<std::size_t>(text[i + 1] - '1');
            if (k < args.size()) {
                out += args[k];
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

std::string ReportLanguage::localise(std::string_view cText) const
{
    std::size_t start = 0;
    while (start < cText.size() && !isDigit(cText[start]))
        ++start;
    if (start == cText.size())
        return std::string(cText);
    std::size_t end = start;
    while (end < cText.size() && isDigit(cText[end]))
        ++end;
    std::string out(cText.substr(0, start));
    const std::string_view digits = cText.substr(start, end - start);
    // Grouped from four digits on, as QLocale does ("1,234"); an exponent comes later and stays.
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += groupSeparator;
        out += digits[i];
    }
    if (end < cText.size() && cText[end] == '.' && end + 1 < cText.size() && isDigit(cText[end + 1])) {
        out += decimalPoint;
        ++end;
    }
    out += cText.substr(end);
    return out;
}

std::string ReportLanguage::number(double value) const
{
    return localise(formatNumber(value));
}

std::string ReportLanguage::fixed(double value, int decimals) const
{
    if (!std::isfinite(value) || std::abs(value) >= 1e15)
        return number(value);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return localise(buf);
}

std::string ReportLanguage::integer(double value) const
{
    return fixed(std::round(value), 0);
}

std::string ReportLanguage::seconds(double seconds) const
{
    return localise(formatSeconds(seconds));
}

std::string ReportLanguage::milliseconds(double seconds) const
{
    if (!std::isfinite(seconds))
        return number(seconds);
    return fixed(seconds * 1e3, 2) + " ms";
}

std::string ReportLanguage::bytes(double bytes) const
{
    return localise(formatBytes(bytes));
}

std::string ReportLanguage::percent(double fraction) const
{
    return arg(translate("vantage::report", "%1%"), { fixed(fraction * 100.0, 1) });
}

} // namespace vantage::report
