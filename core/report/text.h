#pragma once
// Text for reports: escaping for HTML/XML (the report is well-formed XHTML-compatible HTML, so any
// XML parser reads it), numbers for people and numbers that read back exactly, CSV fields, base64.

#include <string>
#include <string_view>

namespace vantage::report {

// Escapes & < > " ' for text and attribute values. Invalid UTF-8 becomes U+FFFD and control
// characters other than tab, line feed and carriage return are dropped (XML 1.0 forbids them).
std::string escapeHtml(std::string_view text);

// For people: integers in full, otherwise 4 significant digits without trailing zeros
// ("0.08234", "12.35", "1235"); very large or small magnitudes in exponent form ("1.235e-5").
std::string formatNumber(double value);

// For machines: the shortest text that parses back to the same double ("0.1", "1e+300").
std::string exactNumber(double value);

// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
std::string csvField(std::string_view text);

// Standard base64 with padding (RFC 4648), for data: URLs.
std::string base64(std::string_view bytes);

// Number of Unicode code points in UTF-8 text (to estimate label widths).
std::size_t utf8Length(std::string_view text);

} // namespace vantage::report
