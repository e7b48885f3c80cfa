#include "common/json.h"

#include "common/error.h"
#include "common/text_input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
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

// One pass over the text before nlohmann sees it: a NUL byte (binary data) or nesting deeper than
// `maxDepth` is refused with its line. Copying, printing and our own scanners of a parsed value
// recurse, so depth is bounded here, once, for every reader.
void checkJsonShape(std::string_view text, const std::string& source, int maxDepth)
{
    checkNoNul(text, source, 0, 1, "JSON");
    int depth = 0;
    bool inString = false;
    std::int64_t line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n')
            ++line;
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                throw Error::invalidInput("JSON nested deeper than " + std::to_string(maxDepth) + " levels")
                    .inFile(source)
                    .atLine(line);
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
}

Json parseJson(std::string_view text, const std::string& source, const JsonLimits& limits)
{
    checkJsonShape(text, source, limits.maxDepth);
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        // nlohmann's byte is 1-based and points just past the offending character.
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        std::string what = e.what();
        if (auto pos = what.find("parse error"); pos != std::string::npos)
            what = what.substr(pos);
        throw Error::invalidInput("invalid JSON: " + what).inFile(source).atLine(lineOf(text, at));
    } catch (const nlohmann::json::exception& e) {
        // A number out of double's range (1e999) has no position: find its text for the line.
        std::string what = e.what();
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        Error error = Error::invalidInput("invalid JSON: " + what);
        error.inFile(source);
        if (const auto q = what.find('\''); q != std::string::npos) {
            const auto q2 = what.find('\'', q + 1);
            const auto literal = std::string_view(what).substr(q + 1, q2 == std::string::npos ? 0 : q2 - q - 1);
            if (const auto at = literal.empty() ? std::string_view::npos : text.find(literal);
                at != std::string_view::npos)
                error.atLine(lineOf(text, at));
        }
        throw error;
    }
}

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error::invalidInput(std::string("cannot open for reading: ") + std::strerror(errno))
            .inFile(path.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        throw Error::failure("read error").inFile(path.string());
    return ss.str();
}

Json readJsonFile(const std::filesystem::path& path, const JsonLimits& limits)
{
    return parseJson(readJsonText(path, limits), path.string(), limits);
}

std::string readJsonText(const std::filesystem::path& path, const JsonLimits& limits)
{
    return readTextFile(path, TextLimits{ .what = "JSON", .maxBytes = limits.maxBytes, .maxLineBytes = 0 });
}

OutputTarget resolveOutput(const std::filesystem::path& path)
{
    namespace fs = std::filesystem;
    if (path == "-")
        return { "-", true }; // standard output, as for the shell tools
    OutputTarget t{ path, false };
    std::error_code ec;
    const auto status = fs::status(path, ec); // through links, /proc's included (/dev/stdout)
    if (fs::is_directory(status))
        throw Error::invalidInput("is a directory; a file name to write is expected").inFile(path.string());
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        t.inPlace = true; // /dev/stdout, a pipe, a device: written through, as a shell redirection does
        return t;
    }
    if (fs::exists(status)) {
        t.file = fs::canonical(path, ec); // a link to a file: that file is replaced, the link stays
        if (ec)
            t.file = path;
    } else {
        // A dangling link names the file still to be created: follow the chain by hand.
        for (int hops = 0; fs::is_symlink(fs::symlink_status(t.file, ec)); ++hops) {
            if (hops == 40)
                throw Error::invalidInput("too many levels of symbolic links").inFile(path.string());
            const fs::path to = fs::read_symlink(t.file, ec);
            if (ec)
                throw Error::failure("cannot read the link: " + ec.message()).inFile(path.string());
            t.file = to.is_absolute() ? to : t.file.parent_path() / to;
        }
    }
    const fs::path dir = t.file.parent_path().empty() ? fs::path(".") : t.file.parent_path();
    if (!fs::is_directory(fs::status(dir, ec)))
        throw Error::invalidInput("the folder " + dir.string() + " does not exist").inFile(path.string());
    return t;
}

void writeFileAtomicWith(
    const std::filesystem::path& path, FileAccess access, const std::function<bool(std::FILE*)>& write)
{
    // /dev/stdout, /dev/stderr, /dev/fd/N: the descriptor this process already has, written
    // through (reopening a redirected file would truncate it, renaming over it would replace it).
    const std::string p = path.string();
    int fdNumber = p == "-" || p == "/dev/stdout" ? 1 : p == "/dev/stderr" ? 2 : -1;
    if (p.starts_with("/dev/fd/") || p.starts_with("/proc/self/fd/")) {
        const std::string digits = p.substr(p.rfind('/') + 1);
        if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos && digits.size() < 6)
            fdNumber = std::stoi(digits);
    }
    if (fdNumber >= 0) {
        const int fd = ::dup(fdNumber);
        std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "ab");
        if (!f) {
            if (fd >= 0)
                ::close(fd);
            throw Error::failure(std::string("cannot write: ") + std::strerror(errno)).inFile(p);
        }
        const bool ok = write(f) && std::fflush(f) == 0;
        const int writeErr = errno;
        if (std::fclose(f) != 0 || !ok)
            throw Error::failure(std::string("cannot write: ") + std::strerror(ok ? errno : writeErr)).inFile(p);
        return;
    }
    const OutputTarget target = resolveOutput(path);
    if (target.inPlace) {
        std::FILE* f = std::fopen(target.file.c_str(), "wb");
        if (!f)
            throw Error::failure(std::string("cannot open for writing: ") + std::strerror(errno)).inFile(path.string());
        const bool ok = write(f) && std::fflush(f) == 0;
        const int writeErr = errno;
        if (std::fclose(f) != 0 || !ok)
            throw Error::failure(std::string("cannot write: ") + std::strerror(ok ? errno : writeErr))
                .inFile(path.string());
        return;
    }
    // The file replaced keeps its permissions (a file the user made private stays private); a new
    // one gets the umask's default, or 0600 for OwnerOnly.
    struct stat existing { };
    const bool keepMode
        = access == FileAccess::Default && ::stat(target.file.c_str(), &existing) == 0 && S_ISREG(existing.st_mode);
    const auto tmp = target.file.string() + ".tmp-" + std::to_string(::getpid());
    // O_EXCL | O_NOFOLLOW: never written through something already at the temporary name (a link
    // planted there, or a leftover of a crashed run with the same pid, which is removed once).
    const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    const mode_t mode = access == FileAccess::OwnerOnly || keepMode ? 0600 : 0666;
    int fd = ::open(tmp.c_str(), flags, mode);
    if (fd < 0 && errno == EEXIST && ::unlink(tmp.c_str()) == 0)
        fd = ::open(tmp.c_str(), flags, mode);
    if (fd >= 0 && keepMode)
        (void)::fchmod(fd, existing.st_mode & 07777);
    std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "wb");
    if (fd >= 0 && !f)
        ::close(fd);
    if (!f)
        throw Error::failure(std::string("cannot create file: ") + std::strerror(errno)).inFile(path.string());
    const bool ok = write(f) && std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
    const int writeErr = errno;
    if (std::fclose(f) != 0 || !ok) {
        std::remove(tmp.c_str());
        throw Error::failure(std::string("cannot write file: ") + std::strerror(ok ? errno : writeErr))
            .inFile(path.string());
    }
    std::error_code ec;
    std::filesystem::rename(tmp, target.file, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw Error::failure("cannot replace file: " + ec.message()).inFile(path.string());
    }
}

void writeFileAtomic(const std::filesystem::path& path, std::string_view bytes, FileAccess access)
{
    writeFileAtomicWith(
        path, access, [&](std::FILE* f) { return std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size(); });
}

void writeJsonFile(const std::filesystem::path& path, const Json& value, int indent, FileAccess access)
{
    writeFileAtomic(path, value.dump(indent) + "\n", access);
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
