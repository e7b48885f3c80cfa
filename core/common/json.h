#pragma once
// JSON in and out for every engine: parsing with the file and line of a syntax error, typed field
// access whose errors name the field, and atomic writes (a crash never leaves half a file).

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

namespace vantage {

using Json = nlohmann::json;

// Bounds on what any JSON text may hold, checked before it is parsed.
struct JsonLimits {
    int maxDepth = 200; // nesting of objects and arrays (no input of ours needs 20)
    std::uint64_t maxBytes = 256ull << 20; // files only: 256 MiB
};

// Parses text; a syntax error, a number out of range, a NUL byte or nesting deeper than
// limits.maxDepth becomes Error::invalidInput naming `source` and the line.
Json parseJson(std::string_view text, const std::string& source = "<input>", const JsonLimits& limits = {});

// The checks parseJson makes before parsing (no NUL byte, nesting at most `maxDepth`), for readers
// that parse by other means (a SAX pass); throws Error::invalidInput naming `source` and the line.
void checkJsonShape(std::string_view text, const std::string& source, int maxDepth);

// Reads and parses a file; a missing, unreadable, oversized or binary file and syntax errors name the path.
Json readJsonFile(const std::filesystem::path& path, const JsonLimits& limits = {});
// The text of a JSON file through the same checks on size and binary data (for readers that also
// need the text, e.g. for the lines of values).
std::string readJsonText(const std::filesystem::path& path, const JsonLimits& limits = {});

// Who may read a file written here: the umask's default, or its owner only (0600: job files,
// checkpoints and logs, which hold a job's token or its model).
enum class FileAccess {
    Default,
    OwnerOnly
};

// Writes to a temporary file beside `path`, flushes, then renames over it.
void writeJsonFile(
    const std::filesystem::path& path, const Json& value, int indent = 2, FileAccess access = FileAccess::Default);

// Writes bytes atomically in the same way (used for exported artifacts and reports).
void writeFileAtomic(
    const std::filesystem::path& path, std::string_view bytes, FileAccess access = FileAccess::Default);

// Where an output named `path` goes: a symbolic link is followed (the file it points to is
// written, the link stays), a FIFO or a device (/dev/stdout, a pipe) is written through in place,
// anything else is written to a temporary file beside the real target and renamed over it. A
// directory, or a folder that does not exist, is refused as bad input.
struct OutputTarget {
    std::filesystem::path file; // the real target (links resolved)
    bool inPlace = false; // a FIFO or a device: written through, no temporary file
};
OutputTarget resolveOutput(const std::filesystem::path& path);

// The streaming form of writeFileAtomic: `write` gets the open file and returns false on an error.
void writeFileAtomicWith(
    const std::filesystem::path& path, FileAccess access, const std::function<bool(std::FILE*)>& write);
std::string readFile(const std::filesystem::path& path);

// Typed access that names the field and where it was looked for:
//   auto n = jsonField<int>(op, "batch", "op 'conv1'");
// A missing field or a field of the wrong type throws Error::invalidInput.
template <typename T> T jsonField(const Json& object, std::string_view key, std::string_view where);

// As jsonField, but returns `fallback` when the key is absent (a present key of the wrong type
// is still an error).
template <typename T> T jsonFieldOr(const Json& object, std::string_view key, T fallback, std::string_view where);

// As jsonField, for a value already found: `v` is the field `key` (the name errors give it).
template <typename T> T jsonValue(const Json& v, std::string_view key, std::string_view where);

namespace detail {
[[noreturn]] void throwFieldError(std::string_view key, std::string_view where, const std::string& why);
const Json& requireObjectKey(const Json& object, std::string_view key, std::string_view where);
} // namespace detail

template <typename T> T jsonField(const Json& object, std::string_view key, std::string_view where)
{
    return jsonValue<T>(detail::requireObjectKey(object, key, where), key, where);
}

template <typename T> T jsonValue(const Json& v, std::string_view key, std::string_view where)
{
    // An integer field takes an integer in T's range, also when the text wrote it as 3.0 or
    // beyond int64 (nlohmann would truncate it, or convert an out-of-range double: undefined).
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        using Limits = std::numeric_limits<T>;
        bool ok = false;
        if (v.is_number_unsigned())
            ok = v.get<std::uint64_t>() <= static_cast<std::uint64_t>(Limits::max());
        else if (v.is_number_integer())
            ok = v.get<std::int64_t>() >= static_cast<std::int64_t>(Limits::min())
                && (Limits::is_signed || v.get<std::int64_t>() >= 0)
                && (sizeof(T) >= 8 || v.get<std::int64_t>() <= static_cast<std::int64_t>(Limits::max()));
        else if (v.is_number_float()) {
            const double d = v.get<double>();
            ok = std::isfinite(d) && d == std::floor(d) && d >= static_cast<double>(Limits::min())
                && d < 2.0 * static_cast<double>(Limits::max() / 2 + 1);
            if (ok)
                return static_cast<T>(d);
        } else
            detail::throwFieldError(key, where, "has the wrong type (" + std::string(v.type_name()) + ")");
        if (!ok)
            detail::throwFieldError(key, where,
                "is not an integer in " + std::to_string(Limits::min()) + ".." + std::to_string(Limits::max()) + " ("
                    + v.dump() + ")");
    }
    try {
        return v.get<T>();
    } catch (const nlohmann::json::exception&) {
        detail::throwFieldError(key, where, "has the wrong type (" + std::string(v.type_name()) + ")");
    }
}

template <typename T> T jsonFieldOr(const Json& object, std::string_view key, T fallback, std::string_view where)
{
    if (!object.is_object() || !object.contains(key))
        return fallback;
    return jsonField<T>(object, key, where);
}

} // namespace vantage
