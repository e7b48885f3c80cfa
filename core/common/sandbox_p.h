#pragma once
// The child process of a sandboxed call as its parent sees it (sandbox.cpp), private to it.

#include "common/sandbox.h"

#include <filesystem>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace vantage::detail {

// The child process and its pipes, ended and reaped whatever happens.
class SandboxChild {
public:
    SandboxChild(
        const std::filesystem::path& program, const std::vector<std::string>& args, const SandboxLimits& limits);
    ~SandboxChild();
    SandboxChild(const SandboxChild&) = delete;
    SandboxChild& operator=(const SandboxChild&) = delete;

    void kill() const;
    // Reads what is ready on both pipes; false once both are closed.
    bool pump(std::string& out, std::string& err, std::size_t outCap);
    // The exit status once the child has ended (reaped), else nullopt.
    std::optional<int> ended();
    bool overflow() const { return m_overflow; }
    pid_t pid() const { return m_pid; }

private:
    pid_t m_pid = -1;
    int m_out = -1;
    int m_err = -1;
    bool m_overflow = false;
};

} // namespace vantage::detail
