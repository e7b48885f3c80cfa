#pragma once
// The JSON scanner of readJsonWithLines (json_reader.cpp), private to it: a JSON reader that also
// notes the line of every object member it reads.

#include "ft/json_reader.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace vantage::ft::detail {

class Scanner {
public:
    Scanner(std::string_view text, std::unordered_map<std::string, std::int64_t>& lines);

    void run();

private:
    void skipSpace();

    static void appendUtf8(std::string& out, unsigned cp);

    unsigned hex4();

    // Decodes a string starting at the opening quote; leaves m_pos after the closing quote.
    std::string string();

    static std::string escapePointerToken(const std::string& key);

    void value(const std::string& path);

    std::string_view m_text;
    std::unordered_map<std::string, std::int64_t>& m_lines;
    std::size_t m_pos = 0;
    std::int64_t m_line = 1;
};

} // namespace vantage::ft::detail
