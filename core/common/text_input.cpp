#include "common/text_input.h"

#include "common/error.h"
#include "common/units.h"

#include <cerrno>
#include <cstring>
#include <zlib.h>

namespace vantage {

namespace {

constexpr std::size_t kBlockBytes = 1u << 16; // 64 KiB

bool endsWithGz(const std::filesystem::path& path)
{
    const std::string s = path.string();
    return s.size() > 3 && s.compare(s.size() - 3, 3, ".gz") == 0;
}

} // namespace

namespace detail {

// A plain file or a gzip stream, read a block at a time.
class BlockSource {
public:
    std::FILE* file = nullptr;
    gzFile gz = nullptr;
    std::string path;

    explicit BlockSource(const std::filesystem::path& p)
        : path(p.string())
    {
        if (endsWithGz(p)) {
            gz = ::gzopen(path.c_str(), "rb");
            if (!gz)
                throw Error::invalidInput(std::string("cannot open for reading: ") + std::strerror(errno)).inFile(path);
        } else {
            file = std::fopen(path.c_str(), "rb");
            if (!file)
                throw Error::invalidInput(std::string("cannot open for reading: ") + std::strerror(errno)).inFile(path);
        }
    }
    BlockSource(const BlockSource&) = delete;
    BlockSource& operator=(const BlockSource&) = delete;
    ~BlockSource()
    {
        if (file)
            std::fclose(file);
        if (gz)
            ::gzclose(gz);
    }
    // Bytes read into `buf` (0 at the end); throws on a read error or corrupt gzip data.
    std::size_t read(char* buf, std::size_t size)
    {
        if (gz) {
            const int n = ::gzread(gz, buf, static_cast<unsigned>(size));
            int code = Z_OK;
            const char* why = n <= 0 ? ::gzerror(gz, &code) : nullptr;
            if (n < 0 || (n == 0 && code != Z_OK && code != Z_STREAM_END)) {
                // A stream cut short ends with Z_BUF_ERROR ("unexpected end of file") and no data:
                // the file ended before gzip's end marker, so what was read is not the whole file.
                const std::string text = why ? why : "";
                throw Error::invalidInput(code == Z_BUF_ERROR
                        ? "the gzip file is truncated (it ends before gzip's end-of-stream marker)"
                        : "corrupt gzip data: " + text)
                    .inFile(path);
            }
            return static_cast<std::size_t>(n);
        }
        const std::size_t n = std::fread(buf, 1, size, file);
        if (n < size && std::ferror(file))
            throw Error::failure(std::string("read error: ") + std::strerror(errno)).inFile(path);
        return n;
    }
};

} // namespace detail

std::uint64_t checkInputFile(const std::filesystem::path& path, const TextLimits& limits)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw Error::invalidInput("no such file").inFile(path.string());
    if (std::filesystem::is_directory(status))
        throw Error::invalidInput("is a directory, expected " + limits.what).inFile(path.string());
    if (!std::filesystem::is_regular_file(status))
        return 0; // a pipe or a device: its size is unknown, the read limits still hold
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (ec)
        throw Error::invalidInput("cannot read the size: " + ec.message()).inFile(path.string());
    if (limits.maxBytes > 0 && size > limits.maxBytes && !endsWithGz(path))
        throw Error::invalidInput("is " + formatBytes(static_cast<double>(size)) + "; " + limits.what
            + " is read up to " + formatBytes(static_cast<double>(limits.maxBytes)))
            .inFile(path.string());
    return size;
}

void requireRegularFile(const std::filesystem::path& path, std::string_view what)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw Error::invalidInput("no such file").inFile(path.string());
    if (std::filesystem::is_regular_file(status))
        return;
    const char* kind = std::filesystem::is_directory(status)  ? "a directory"
        : status.type() == std::filesystem::file_type::fifo   ? "a FIFO (named pipe)"
        : status.type() == std::filesystem::file_type::socket ? "a socket"
        : status.type() == std::filesystem::file_type::character || status.type() == std::filesystem::file_type::block
        ? "a device"
        : "not a regular file";
    throw Error::invalidInput(
        std::string("is ") + kind + ", expected " + std::string(what) + " in a regular file (it is read by seeking)")
        .inFile(path.string());
}

void checkNoNul(
    std::string_view block, const std::string& source, std::uint64_t offset, std::int64_t line, std::string_view what)
{
    const auto nul = block.find('\0');
    if (nul == std::string_view::npos)
        return;
    for (std::size_t i = 0; i < nul; ++i)
        if (block[i] == '\n')
            ++line;
    throw Error::invalidInput(
        "binary data (a NUL byte at byte " + std::to_string(offset + nul) + "), expected " + std::string(what))
        .inFile(source)
        .atLine(line);
}

LineReader::LineReader(const std::filesystem::path& path, TextLimits limits)
    : m_source(path.string())
    , m_limits(std::move(limits))
{
    checkInputFile(path, m_limits);
    m_in = std::make_unique<detail::BlockSource>(path);
}

LineReader::~LineReader() = default;

bool LineReader::fill()
{
    if (m_eof)
        return false;
    // Keep the unread tail, then append one block.
    m_buffer.erase(0, m_pos);
    m_pos = 0;
    const std::size_t old = m_buffer.size();
    m_buffer.resize(old + kBlockBytes);
    const std::size_t n = m_in->read(m_buffer.data() + old, kBlockBytes);
    m_buffer.resize(old + n);
    if (n == 0) {
        m_eof = true;
        return false;
    }
    checkNoNul(std::string_view(m_buffer).substr(old), m_source, m_offset, m_line + 1, m_limits.what);
    m_offset += n;
    if (m_limits.maxBytes > 0 && m_offset > m_limits.maxBytes)
        throw Error::invalidInput("holds more than " + formatBytes(static_cast<double>(m_limits.maxBytes)) + "; "
            + m_limits.what + " is read up to that")
            .inFile(m_source);
    return true;
}

bool LineReader::next(std::string_view& line)
{
    for (;;) {
        const auto nl = m_buffer.find('\n', m_pos);
        if (nl != std::string::npos || (m_eof && m_pos < m_buffer.size())) {
            const std::size_t end = nl == std::string::npos ? m_buffer.size() : nl;
            std::string_view l(m_buffer.data() + m_pos, end - m_pos);
            m_pos = nl == std::string::npos ? m_buffer.size() : nl + 1;
            ++m_line;
            if (!l.empty() && l.back() == '\r')
                l.remove_suffix(1);
            if (m_line == 1 && l.starts_with("\xEF\xBB\xBF"))
                l.remove_prefix(3); // a UTF-8 byte order mark, as Windows editors write it

            if (m_limits.maxLineBytes > 0 && l.size() > m_limits.maxLineBytes)
                throw Error::invalidInput("the line is longer than "
                    + formatBytes(static_cast<double>(m_limits.maxLineBytes)) + ", expected " + m_limits.what)
                    .inFile(m_source)
                    .atLine(m_line);
            line = l;
            return true;
        }
        if (m_limits.maxLineBytes > 0 && m_buffer.size() - m_pos > m_limits.maxLineBytes)
            throw Error::invalidInput("the line is longer than "
                + formatBytes(static_cast<double>(m_limits.maxLineBytes)) + ", expected " + m_limits.what)
                .inFile(m_source)
                .atLine(m_line + 1);
        if (!fill() && m_pos >= m_buffer.size())
            return false;
    }
}

std::string readFileHead(const std::filesystem::path& path, std::size_t maxBytes)
{
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        throw Error::invalidInput(std::string("cannot open for reading: ") + std::strerror(errno))
            .inFile(path.string());
    std::string out(maxBytes, '\0');
    const std::size_t n = std::fread(out.data(), 1, maxBytes, f);
    const bool failed = n < maxBytes && std::ferror(f);
    std::fclose(f);
    if (failed)
        throw Error::failure("read error").inFile(path.string());
    out.resize(n);
    return out;
}

std::string readTextFile(const std::filesystem::path& path, const TextLimits& limits)
{
    const std::uint64_t size = checkInputFile(path, limits);
    detail::BlockSource in(path);
    std::string out;
    if (!endsWithGz(path))
        out.reserve(static_cast<std::size_t>(size));
    std::int64_t line = 1;
    std::uint64_t lineStart = 0; // offset where the current line began
    char buf[kBlockBytes];
    bool first = true;
    for (;;) {
        const std::size_t n = in.read(buf, sizeof buf);
        if (n == 0)
            break;
        std::string_view block(buf, n);
        if (first && block.starts_with("\xEF\xBB\xBF"))
            block.remove_prefix(3); // a UTF-8 byte order mark, as Windows editors write it
        first = false;
        checkNoNul(block, path.string(), out.size(), line, limits.what);
        for (std::size_t i = 0; i < block.size(); ++i)
            if (block[i] == '\n') {
                ++line;
                lineStart = out.size() + i + 1;
            }
        if (limits.maxLineBytes > 0 && out.size() + block.size() - lineStart > limits.maxLineBytes + 1)
            throw Error::invalidInput("the line is longer than " + formatBytes(static_cast<double>(limits.maxLineBytes))
                + ", expected " + limits.what)
                .inFile(path.string())
                .atLine(line);
        out.append(block);
        if (limits.maxBytes > 0 && out.size() > limits.maxBytes)
            throw Error::invalidInput("holds more than " + formatBytes(static_cast<double>(limits.maxBytes)) + "; "
                + limits.what + " is read up to that")
                .inFile(path.string());
    }
    return out;
}

} // namespace vantage
