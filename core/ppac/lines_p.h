#pragma once
// Private to the loaders: the lines and CSV records of a text buffer held in memory.

#include "common/error.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

namespace vantage::ppac::detail {

// Walks the lines of a text buffer: 1-based numbers, '\r' stripped.
class Lines {
public:
    explicit Lines(std::string_view text)
        : m_text(text)
    { }
    bool next(std::string_view& line)
    {
        if (m_pos >= m_text.size())
            return false;
        auto end = m_text.find('\n', m_pos);
        if (end == std::string_view::npos)
            end = m_text.size();
        line = m_text.substr(m_pos, end - m_pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        m_pos = end + 1;
        ++m_number;
        return true;
    }
    std::int64_t number() const { return m_number; }
    // The next line, without moving on.
    std::string_view peek() const
    {
        const auto end = m_text.find('\n', m_pos);
        return m_pos >= m_text.size()
            ? std::string_view()
            : m_text.substr(m_pos, (end == std::string_view::npos ? m_text.size() : end) - m_pos);
    }

    // The next CSV record: a line, or several when a quoted field holds line breaks (RFC 4180, as
    // pandas writes a text column with newlines). A quote opens a quoted field only at the start of a
    // field (`27" monitor` is text), "" inside one is a quote. `first` gets the number of its first
    // line. A quoted field still open at the end of the file is refused, naming where it opened.
    bool nextRecord(std::string_view& record, std::int64_t& first, char sep, const std::string& origin)
    {
        if (!next(record))
            return false;
        first = m_number;
        bool quoted = stillQuoted(record, sep, false);
        if (!quoted)
            return true;
        const char* begin = record.data();
        std::string_view more;
        while (next(more)) {
            record = std::string_view(begin, static_cast<std::size_t>(more.data() + more.size() - begin));
            quoted = stillQuoted(more, sep, true);
            if (!quoted)
                return true;
        }
        throw Error::invalidInput("a quoted field opened on this line is never closed").inFile(origin).atLine(first);
    }

    // Whether a quoted field is open at the end of `line`, which starts inside one when `quoted`.
    static bool stillQuoted(std::string_view line, char sep, bool quoted)
    {
        bool fieldStart = !quoted;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"')
                        ++i; // ""
                    else
                        quoted = false;
                }
            } else if (c == sep) {
                fieldStart = true;
            } else if (fieldStart && c == '"') {
                quoted = true;
                fieldStart = false;
            } else if (c != ' ' && c != '\t') {
                fieldStart = false;
            }
        }
        return quoted;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::int64_t m_number = 0;
};

} // namespace vantage::ppac::detail
