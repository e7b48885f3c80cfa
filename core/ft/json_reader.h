#pragma once
// Where each value of a JSON text starts, by JSON pointer. nlohmann::json keeps no positions, so
// the FT parsers (op graphs, explicit costs, cluster profiles) find the line of a value they reject
// here, and every error names file, line and field.

#include "common/json.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace vantage::ft::detail {

class JsonLines {
public:
    // `text` must be valid JSON (parse it first); it is scanned once.
    explicit JsonLines(std::string_view text);
    JsonLines() = default;

    // 1-based line where the value at `pointer` ("/edges/3/to", "" for the root) starts; 0 if unknown.
    std::int64_t lineOf(const std::string& pointer) const;

private:
    std::unordered_map<std::string, std::int64_t> m_lines;
};

// "/edges/3/to" -> "edges[3].to", the field name errors show.
std::string fieldName(std::string_view pointer);

// Typed access to a parsed document whose errors carry file, line and field:
//   reader.number(op, "time", "/ops/2/configs/0") -> "costs.json:14: field 'ops[2].configs[0].time': ..."
class JsonReader {
public:
    // `text` is the document's source text (for lines); empty when the JSON came from elsewhere.
    JsonReader(std::string source, std::string_view text);

    const std::string& source() const { return m_source; }
    std::int64_t lineOf(const std::string& pointer) const { return m_lines.lineOf(pointer); }

    [[noreturn]] void fail(const std::string& message, const std::string& pointer) const;

    // `object` is the value at `pointer`; the member's pointer is pointer + "/" + key.
    bool has(const Json& object, const char* key) const;
    const Json& member(const Json& object, const char* key, const std::string& pointer) const;
    const Json& array(const Json& object, const char* key, const std::string& pointer) const;
    std::string string(const Json& object, const char* key, const std::string& pointer) const;
    double number(const Json& object, const char* key, const std::string& pointer) const;
    double number(const Json& object, const char* key, const std::string& pointer, double fallback) const;
    // A non-negative finite number.
    double nonNegative(const Json& object, const char* key, const std::string& pointer) const;
    double positive(const Json& object, const char* key, const std::string& pointer) const;
    double positive(const Json& object, const char* key, const std::string& pointer, double fallback) const;
    std::int64_t integer(const Json& object, const char* key, const std::string& pointer) const;
    std::int64_t integer(const Json& object, const char* key, const std::string& pointer, std::int64_t fallback) const;
    bool boolean(const Json& object, const char* key, const std::string& pointer, bool fallback) const;
    // Checks that `value` (at `pointer`) is an object whose keys are all in `allowed`, so typos are caught.
    void requireObject(const Json& value, const std::string& pointer, std::initializer_list<const char*> allowed) const;

private:
    std::string m_source;
    JsonLines m_lines;
};

} // namespace vantage::ft::detail
