#pragma once
// JSON in and out for every engine: parsing with the file and line of a syntax error, typed field
// access whose errors name the field, and atomic writes (a crash never leaves half a file).

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace vantage {

using Json = nlohmann::json;

// Parses text; a syntax error becomes vantage::Error naming `source` and the line of the error.
Json parseJson(std::string_view text, const std::string& source = "<input>");

// Reads and parses a file; unreadable files and syntax errors name the path.
Json readJsonFile(const std::filesystem::path& path);

// Writes to a temporary file beside `path`, flushes, then renames over it.
void writeJsonFile(const std::filesystem::path& path, const Json& value, int indent = 2);

// Writes bytes atomically in the same way (used for exported artifacts and reports).
void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes);
std::string readFile(const std::filesystem::path& path);

// Typed access that names the field and where it was looked for:
//   auto n = jsonField<int>(op, "batch", "op 'conv1'");
// A missing field or a field of the wrong type throws Error::invalidInput.
template <typename T>
T jsonField(const Json& object, std::string_view key, std::string_view where);

// As jsonField, but returns `fallback` when the key is absent (a present key of the wrong type
// is still an error).
template <typename T>
T jsonFieldOr(const Json& object, std::string_view key, T fallback, std::string_view where);

namespace detail {
[[noreturn]] void throwFieldError(std::string_view key, std::string_view where, const std::string& why);
const Json& requireObjectKey(const Json& object, std::string_view key, std::string_view where);
} // namespace detail

template <typename T>
T jsonField(const Json& object, std::string_view key, std::string_view where)
{
    const Json& v = detail::requireObjectKey(object, key, where);
    try {
        return v.get<T>();
    } catch (const nlohmann::json::exception&) {
        detail::throwFieldError(key, where, "has the wrong type (" + std::string(v.type_name()) + ")");
    }
}

template <typename T>
T jsonFieldOr(const Json& object, std::string_view key, T fallback, std::string_view where)
{
    if (!object.is_object() || !object.contains(key))
        return fallback;
    return jsonField<T>(object, key, where);
}

} // namespace vantage
