#include "common/json.h"

#include "common/error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace vantage {

namespace {

// 1-based line of a byte offset, for parse errors.
std::int64_t lineOf(std::string_view text, std::size_t byte)
{
    byte = std::min(byte, text.size());
    std::int64_t line = 1;
    for (std::size_t i = 0; i < byte; ++i)
        if (text[i] == '\n')
            ++line;
    return line;
}

} // namespace

Json parseJson(std::string_view text, const std::string& source)
{
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann's byte is 1-based and points just past the offending character.
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        if (auto pos = what.find("parse error"); pos != std::string::npos)
            what = what.substr(pos);
        throw Error::invalidInput("invalid JSON: " + what).inFile(source).atLine(lineOf(text, at));
    }
}

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error::invalidInput(std::string("cannot open for reading: ") + std::strerror(errno)).inFile(path.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        throw Error::failure("read error").inFile(path.string());
    return ss.str();
}

Json readJsonFile(const std::filesystem::path& path)
{
    return parseJson(readFile(path), path.string());
}

void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes)
{
    const auto tmp = path.string() + ".tmp-" + std::to_string(::getpid());
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        throw Error::failure(std::string("cannot create file: ") + std::strerror(errno)).inFile(path.string());
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0
        && ::fsync(::fileno(f)) == 0;
    const int writeErr = errno;
    if (std::fclose(f) != 0 || !ok) {
        std::remove(tmp.c_str());
        throw Error::failure(std::string("cannot write file: ") + std::strerror(ok ? errno : writeErr))
            .inFile(path.string());
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw Error::failure("cannot replace file: " + ec.message()).inFile(path.string());
    }
}

void writeJsonFile(const std::filesystem::path& path, const Json& value, int indent)
{
    writeFileAtomic(path, value.dump(indent) + "\n");
}

namespace detail {

void throwFieldError(std::string_view key, std::string_view where, const std::string& why)
{
    std::string msg = why;
    if (!where.empty())
        msg += " in " + std::string(where);
    throw Error::invalidInput(msg).forField(std::string(key));
}

const Json& requireObjectKey(const Json& object, std::string_view key, std::string_view where)
{
    if (!object.is_object())
        throwFieldError(key, where, "expected an object holding it, got " + std::string(object.type_name()));
    auto it = object.find(key);
    if (it == object.end())
        throwFieldError(key, where, "is missing");
    return *it;
}

} // namespace detail

} // namespace vantage
