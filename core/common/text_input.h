#pragma once
// The first gate of every text format a user hands Vantage (JSON, edge lists, CSV, hosts files,
// similar-user lists): the file is read a block at a time, and one that is too large, holds a NUL
// byte (binary data) or has a line longer than any real line of the format is refused at the first
// block that shows it, with a message naming the file, the line and what was expected. So a 2 GB
// file of NUL bytes or one endless line costs one block, not the whole file in memory.

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace vantage {

namespace detail {
class BlockSource;
}

struct TextLimits {
    // What the file should be, in the user's words, for messages: "JSON", "an edge list".
    std::string what = "a text file";
    // Largest file accepted, in bytes (checked on the size before reading); 0: no limit.
    std::uint64_t maxBytes = 0;
    // Longest line accepted, in bytes (without the newline); 0: no limit.
    std::uint64_t maxLineBytes = 1u << 20; // 1 MiB
};

// Refuses `path` as a missing file, a directory, or a file larger than limits.maxBytes.
// Returns the file's size in bytes.
std::uint64_t checkInputFile(const std::filesystem::path& path, const TextLimits& limits);

// Refuses `path` unless it is a regular file (or a link to one): formats read by seeking or
// mapping (sessions, .npy, model files, graph folders) cannot come from a FIFO or a device, and
// opening a FIFO with no writer would block. `what` names the format for the message.
void requireRegularFile(const std::filesystem::path& path, std::string_view what);

// Throws Error::invalidInput if `block` (the bytes of the file from `offset` on, starting on line
// `line`) holds a NUL byte. Also used on text that did not come from a file (`source` names it).
void checkNoNul(
    std::string_view block, const std::string& source, std::uint64_t offset, std::int64_t line, std::string_view what);

// Reads a whole text file through the checks above (size, NUL bytes, line length). Files ending in
// ".gz" are decompressed (limits.maxBytes then bounds the decompressed text).
std::string readTextFile(const std::filesystem::path& path, const TextLimits& limits);

// At most `maxBytes` from the start of a file (a binary format's signature and header, read before
// anything else of the file is). Throws Error::invalidInput for a file that cannot be opened.
std::string readFileHead(const std::filesystem::path& path, std::size_t maxBytes);

// Lines of a text file (plain or .gz), one at a time, without holding the file: '\n' or "\r\n"
// endings, 1-based numbers, the same checks as readTextFile.
class LineReader {
public:
    LineReader(const std::filesystem::path& path, TextLimits limits);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // The next line (valid until the next call), false at the end of the file.
    bool next(std::string_view& line);
    std::int64_t lineNumber() const { return m_line; }
    const std::string& source() const { return m_source; }

private:
    bool fill();

    std::unique_ptr<detail::BlockSource> m_in;
    std::string m_source;
    TextLimits m_limits;
    std::string m_buffer;
    std::size_t m_pos = 0;
    std::string m_current;
    std::uint64_t m_offset = 0; // bytes read so far
    std::int64_t m_line = 0;
    bool m_eof = false;
};

} // namespace vantage
