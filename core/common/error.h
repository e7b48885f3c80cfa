#pragma once
// The one error type that leaves core/: what went wrong, in the user's words, and where
// (file, line, field, operation) so the GUI and the CLI can show it without more context.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace vantage {

class Error : public std::runtime_error {
public:
    // Bad input is the user's to fix (CLI exit code 2); a failure is ours or the system's (exit 1);
    // a cancellation is neither and is shown as such.
    enum class Kind {
        InvalidInput,
        Failure,
        Cancelled
    };

    explicit Error(std::string message, Kind kind = Kind::Failure);

    static Error invalidInput(std::string message) { return Error(std::move(message), Kind::InvalidInput); }
    static Error failure(std::string message) { return Error(std::move(message), Kind::Failure); }

    // Context setters return *this so a throw site reads as one expression:
    //   throw Error::invalidInput("negative cost").inFile(path).atLine(12).forField("time");
    Error& inFile(std::string file) &;
    Error& atLine(std::int64_t line) &;
    Error& forField(std::string field) &;
    Error& inOp(std::string op) &;
    Error&& inFile(std::string file) && { return std::move(inFile(std::move(file))); }
    Error&& atLine(std::int64_t line) && { return std::move(atLine(line)); }
    Error&& forField(std::string field) && { return std::move(forField(std::move(field))); }
    Error&& inOp(std::string op) && { return std::move(inOp(std::move(op))); }

    Kind kind() const noexcept { return m_kind; }
    const std::string& message() const noexcept { return m_message; }
    const std::optional<std::string>& file() const noexcept { return m_file; }
    const std::optional<std::int64_t>& line() const noexcept { return m_line; }
    const std::optional<std::string>& field() const noexcept { return m_field; }
    const std::optional<std::string>& op() const noexcept { return m_op; }

    // "file:line: field 'x': message (in op)" with only the parts that are known.
    const char* what() const noexcept override { return m_full.c_str(); }

private:
    void rebuild();

    Kind m_kind;
    std::string m_message;
    std::optional<std::string> m_file;
    std::optional<std::int64_t> m_line;
    std::optional<std::string> m_field;
    std::optional<std::string> m_op;
    std::string m_full;
};

// Thrown by CancelToken::throwIfCancelled(); a core call that is cancelled leaves nothing half-written.
class Cancelled : public Error {
public:
    Cancelled()
        : Error("cancelled by the user", Kind::Cancelled)
    { }
};

} // namespace vantage
