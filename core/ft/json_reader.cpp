#include "ft/json_reader.h"
#include "ft/json_scanner_p.h"

#include "common/error.h"

#include <cctype>
#include <cmath>

namespace vantage::ft::detail {

// ---- Scanner -----------------------------------------------------------------------------------

Scanner::Scanner(std::string_view text, std::unordered_map<std::string, std::int64_t>& lines)
    : m_text(text)
    , m_lines(lines)
{ }

void Scanner::run()
{
    std::string path;
    value(path);
}

void Scanner::skipSpace()
{
    while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos]))) {
        if (m_text[m_pos] == '\n')
            ++m_line;
        ++m_pos;
    }
}

void Scanner::appendUtf8(std::string& out, unsigned cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

unsigned Scanner::hex4()
{
    unsigned v = 0;
    for (int i = 0; i < 4 && m_pos < m_text.size(); ++i, ++m_pos) {
        const char c = m_text[m_pos];
        v = v * 16
            + static_cast<unsigned>(
                std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (std::tolower(c) - 'a' + 10));
    }
    return v;
}

std::string Scanner::string()
{
    std::string out;
    ++m_pos;
    while (m_pos < m_text.size() && m_text[m_pos] != '"') {
        char c = m_text[m_pos++];
        if (c != '\\') {
            out += c;
            continue;
        }
        if (m_pos >= m_text.size())
            break;
        c = m_text[m_pos++];
        switch (c) {
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'u': {
            unsigned cp = hex4();
            if (cp >= 0xD800 && cp < 0xDC00 && m_pos + 1 < m_text.size() && m_text[m_pos] == '\\'
                && m_text[m_pos + 1] == 'u') {
                m_pos += 2;
                const unsigned low = hex4();
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            appendUtf8(out, cp);
            break;
        }
        default:
            out += c;
            break;
        }
    }
    ++m_pos;
    return out;
}

std::string Scanner::escapePointerToken(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

void Scanner::value(const std::string& path)
{
    skipSpace();
    if (m_pos >= m_text.size())
        return;
    m_lines.emplace(path, m_line);
    const char c = m_text[m_pos];
    if (c == '{') {
        ++m_pos;
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size())
                return;
            if (m_text[m_pos] == '}') {
                ++m_pos;
                return;
            }
            if (m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            const std::string key = string();
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ':')
                ++m_pos;
            value(path + "/" + escapePointerToken(key));
        }
    } else if (c == '[') {
        ++m_pos;
        std::size_t index = 0;
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size())
                return;
            if (m_text[m_pos] == ']') {
                ++m_pos;
                return;
            }
            if (m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            value(path + "/" + std::to_string(index++));
        }
    } else if (c == '"') {
        string();
    } else {
        while (m_pos < m_text.size()) {
            const char d = m_text[m_pos];
            if (d == ',' || d == ']' || d == '}' || std::isspace(static_cast<unsigned char>(d)))
                break;
            ++m_pos;
        }
    }
}

JsonLines::JsonLines(std::string_view text)
{
    Scanner(text, m_lines).run();
}

std::int64_t JsonLines::lineOf(const std::string& pointer) const
{
    // A value that is missing is reported at its nearest present parent.
    std::string p = pointer;
    for (;;) {
        if (auto it = m_lines.find(p); it != m_lines.end())
            return it->second;
        if (p.empty())
            return 0;
        p.erase(p.rfind('/'));
    }
}

std::string fieldName(std::string_view pointer)
{
    std::string out;
    std::size_t pos = 0;
    while (pos < pointer.size()) {
        ++pos; // '/'
        const std::size_t end = std::min(pointer.find('/', pos), pointer.size());
        std::string token;
        for (std::size_t i = pos; i < end; ++i) {
            if (pointer[i] == '~' && i + 1 < end) {
                token += pointer[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                token += pointer[i];
            }
        }
        const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
        if (index) {
            out += '[';
            out += token;
            out += ']';
        } else {
            if (!out.empty())
                out += '.';
            out += token;
        }
        pos = end;
    }
    return out;
}

} // namespace vantage::ft::detail

namespace vantage::ft::detail {

JsonReader::JsonReader(std::string source, std::string_view text)
    : m_source(std::move(source))
    , m_lines(text.empty() ? JsonLines() : JsonLines(text))
{ }

void JsonReader::fail(const std::string& message, const std::string& pointer) const
{
    Error e = Error::invalidInput(message);
    e.inFile(m_source);
    if (const auto line = m_lines.lineOf(pointer); line > 0)
        e.atLine(line);
    if (!pointer.empty())
        e.forField(fieldName(pointer));
    throw e;
}

bool JsonReader::has(const Json& object, const char* key) const
{
    return object.is_object() && object.contains(key);
}

const Json& JsonReader::member(const Json& object, const char* key, const std::string& pointer) const
{
    if (!object.is_object())
        fail("expected an object", pointer);
    const auto it = object.find(key);
    if (it == object.end())
        fail(std::string("missing field '") + key + "'", pointer);
    return *it;
}

const Json& JsonReader::array(const Json& object, const char* key, const std::string& pointer) const
{
    const Json& v = member(object, key, pointer);
    if (!v.is_array())
        fail(std::string("expected an array, found ") + v.type_name(), pointer + "/" + key);
    return v;
}

std::string JsonReader::string(const Json& object, const char* key, const std::string& pointer) const
{
    const Json& v = member(object, key, pointer);
    if (!v.is_string())
        fail(std::string("expected a string, found ") + v.type_name(), pointer + "/" + key);
    return v.get<std::string>();
}

double JsonReader::number(const Json& object, const char* key, const std::string& pointer) const
{
    const Json& v = member(object, key, pointer);
    if (!v.is_number())
        fail(std::string("expected a number, found ") + v.type_name(), pointer + "/" + key);
    const double d = v.get<double>();
    if (!std::isfinite(d))
        fail("expected a finite number", pointer + "/" + key);
    return d;
}

double JsonReader::number(const Json& object, const char* key, const std::string& pointer, double fallback) const
{
    return has(object, key) ? number(object, key, pointer) : fallback;
}

double JsonReader::nonNegative(const Json& object, const char* key, const std::string& pointer) const
{
    const double d = number(object, key, pointer);
    if (d < 0.0)
        fail("negative value " + Json(d).dump() + " (costs and sizes must be >= 0)", pointer + "/" + key);
    return d;
}

double JsonReader::positive(const Json& object, const char* key, const std::string& pointer) const
{
    const double d = number(object, key, pointer);
    if (!(d > 0.0))
        fail("expected a positive number, found " + Json(d).dump(), pointer + "/" + key);
    return d;
}

double JsonReader::positive(const Json& object, const char* key, const std::string& pointer, double fallback) const
{
    return has(object, key) ? positive(object, key, pointer) : fallback;
}

std::int64_t JsonReader::integer(const Json& object, const char* key, const std::string& pointer) const
{
    const Json& v = member(object, key, pointer);
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
        fail("expected an integer up to " + std::to_string(INT64_MAX) + ", found " + v.dump(), pointer + "/" + key);
    if (v.is_number_integer())
        return v.get<std::int64_t>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<std::int64_t>(d);
    }
    fail(std::string("expected an integer, found ") + (v.is_number() ? v.dump() : v.type_name()), pointer + "/" + key);
}

std::int64_t JsonReader::integer(
    const Json& object, const char* key, const std::string& pointer, std::int64_t fallback) const
{
    return has(object, key) ? integer(object, key, pointer) : fallback;
}

bool JsonReader::boolean(const Json& object, const char* key, const std::string& pointer, bool fallback) const
{
    if (!has(object, key))
        return fallback;
    const Json& v = object.at(key);
    if (!v.is_boolean())
        fail(std::string("expected true or false, found ") + v.type_name(), pointer + "/" + key);
    return v.get<bool>();
}

void JsonReader::requireObject(
    const Json& value, const std::string& pointer, std::initializer_list<const char*> allowed) const
{
    if (!value.is_object())
        fail(std::string("expected an object, found ") + value.type_name(), pointer);
    for (const auto& [key, v] : value.items()) {
        bool known = false;
        for (const char* a : allowed)
            known = known || key == a;
        if (!known) {
            std::string list;
            for (const char* a : allowed)
                list += (list.empty() ? "" : ", ") + std::string(a);
            fail("unknown field '" + key + "' (expected: " + list + ")", pointer + "/" + key);
        }
    }
}

} // namespace vantage::ft::detail
