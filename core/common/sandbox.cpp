#include "common/sandbox.h"
#include "common/sandbox_p.h"

#include "common/error.h"
#include "common/json.h"
#include "common/units.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace vantage {

namespace {

constexpr std::size_t kDiagnosticBytes = 8u << 10; // the end of the child's standard error kept for messages
constexpr int kPollMs = 50; // how often the parent looks at the clock and the Cancel token

std::string signalName(int sig)
{
    switch (sig) {
    case SIGSEGV:
        return "SIGSEGV, a crash";
    case SIGBUS:
        return "SIGBUS, a crash";
    case SIGILL:
        return "SIGILL, a crash";
    case SIGFPE:
        return "SIGFPE, a crash";
    case SIGABRT:
        return "SIGABRT, an abort";
    case SIGXCPU:
        return "SIGXCPU";
    case SIGKILL:
        return "SIGKILL";
    default:
        return "signal " + std::to_string(sig);
    }
}

std::string lastLines(const std::string& text)
{
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == ' '))
        t.pop_back();
    const auto cut = t.size() > 600 ? t.rfind('\n', t.size() - 600) : std::string::npos;
    return cut == std::string::npos ? t : t.substr(cut + 1);
}

// An Error the child answered with (exit kAnswerError): {"kind", "message", "file", "line", "field", "op"}.
[[noreturn]] void rethrowChildError(
    const std::string& bytes, const std::string& source, const SandboxLimits& limits, const std::string& what)
{
    Json j;
    try {
        j = parseJson(bytes, source, { .maxDepth = 16 });
    } catch (const std::exception&) {
        throw Error::invalidInput(what + " failed and its helper's answer was unreadable").inFile(source);
    }
    std::string kind, message;
    std::optional<std::string> file, field, op;
    std::optional<std::int64_t> line;
    try {
        kind = j.value("kind", "failure");
        message = j.value("message", "unknown error");
        if (j.contains("file"))
            file = j["file"].get<std::string>();
        if (j.contains("line"))
            line = j["line"].get<std::int64_t>();
        if (j.contains("field"))
            field = j["field"].get<std::string>();
        if (j.contains("op"))
            op = j["op"].get<std::string>();
    } catch (const Json::exception&) {
        throw Error::invalidInput(what + " failed and its helper's answer was unreadable").inFile(source);
    }
    if (kind == "memory")
        throw Error::invalidInput(what + " needed more than " + formatBytes(limits.memoryBytes) + " of memory ("
            + message + "); " + limits.memoryKnob + " raises the limit")
            .inFile(source);
    Error e(message, kind == "invalid_input" ? Error::Kind::InvalidInput : Error::Kind::Failure);
    e.inFile(file.value_or(source));
    if (line)
        e.atLine(*line);
    if (field)
        e.forField(*field);
    if (op)
        e.inOp(*op);
    throw e;
}

} // namespace

// ---- SandboxChild -------------------------------------------------------------------------------------

namespace detail {

SandboxChild::SandboxChild(
    const std::filesystem::path& program, const std::vector<std::string>& args, const SandboxLimits& limits)
{
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
        throw Error::failure(std::string("cannot make a pipe: ") + std::strerror(errno));
    // argv and envp are built before fork: between fork and exec only async-signal-safe calls.
    std::vector<std::string> strings{ program.string() };
    strings.insert(strings.end(), args.begin(), args.end());
    const std::size_t argc = strings.size();
    for (char** e = environ; e && *e; ++e)
        if (!std::string_view(*e).starts_with("VANTAGE_SANDBOX_"))
            strings.emplace_back(*e);
    strings.push_back("VANTAGE_SANDBOX_MEMORY=" + std::to_string(limits.memoryBytes));
    if (!std::getenv("MALLOC_ARENA_MAX"))
        strings.emplace_back("MALLOC_ARENA_MAX=2"); // 64 MiB of address space per thread's arena otherwise
    std::vector<char*> argv, envp;
    for (std::size_t i = 0; i < strings.size(); ++i)
        (i < argc ? argv : envp).push_back(strings[i].data());
    argv.push_back(nullptr);
    envp.push_back(nullptr);
    const auto cpuLimit = static_cast<rlim_t>(std::max(1.0, std::ceil(limits.cpuSeconds)));
    const rlimit cpu{ cpuLimit, cpuLimit + 2 }; // SIGXCPU, then SIGKILL two seconds later
    const rlimit noCore{ 0, 0 };
    const int devNull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    m_pid = ::fork();
    if (m_pid == 0) {
        ::setpgid(0, 0);
        ::setrlimit(RLIMIT_CPU, &cpu);
        ::setrlimit(RLIMIT_CORE, &noCore);
        ::dup2(devNull < 0 ? out[1] : devNull, 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    if (m_pid > 0)
        ::setpgid(m_pid, m_pid); // as the child does: whichever runs first, a kill of the group reaches it
    if (devNull >= 0)
        ::close(devNull);
    ::close(out[1]);
    ::close(err[1]);
    m_out = out[0];
    m_err = err[0];
    if (m_pid < 0) {
        ::close(m_out);
        ::close(m_err);
        throw Error::failure(std::string("cannot start a helper process: ") + std::strerror(errno));
    }
}

SandboxChild::~SandboxChild()
{
    if (m_pid > 0) {
        kill();
        int status = 0;
        ::waitpid(m_pid, &status, 0);
    }
    if (m_out >= 0)
        ::close(m_out);
    if (m_err >= 0)
        ::close(m_err);
}

void SandboxChild::kill() const
{
    if (m_pid <= 0)
        return; // reaped: -m_pid would name another group, or (-1) every process
    ::kill(-m_pid, SIGKILL); // its process group: whatever it started goes with it
    ::kill(m_pid, SIGKILL);
}

bool SandboxChild::pump(std::string& out, std::string& err, std::size_t outCap)
{
    pollfd fds[2] = { { m_out, POLLIN, 0 }, { m_err, POLLIN, 0 } };
    if (m_out < 0 && m_err < 0)
        return false;
    if (::poll(fds, 2, kPollMs) <= 0)
        return true;
    char buf[65536];
    for (int i = 0; i < 2; ++i) {
        int& fd = i == 0 ? m_out : m_err;
        if (fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n <= 0) {
            ::close(fd);
            fd = -1;
            continue;
        }
        std::string& to = i == 0 ? out : err;
        if (i == 0 && to.size() + static_cast<std::size_t>(n) > outCap) {
            m_overflow = true;
            continue;
        }
        to.append(buf, static_cast<std::size_t>(n));
        if (i == 1 && to.size() > 2 * kDiagnosticBytes)
            to.erase(0, to.size() - kDiagnosticBytes);
    }
    return true;
}

std::optional<int> SandboxChild::ended()
{
    int status = 0;
    const pid_t r = ::waitpid(m_pid, &status, WNOHANG);
    if (r != m_pid)
        return std::nullopt;
    m_pid = -1;
    return status;
}

} // namespace detail

namespace {

double childCpuSeconds(const rusage& before)
{
    rusage now{};
    ::getrusage(RUSAGE_CHILDREN, &now);
    auto secs = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
    return secs(now.ru_utime) + secs(now.ru_stime) - secs(before.ru_utime) - secs(before.ru_stime);
}

} // namespace

SandboxAnswer runSandboxed(const std::filesystem::path& program, const std::vector<std::string>& args,
    const SandboxLimits& limits, const std::string& source, const std::string& what, const CancelToken& cancel)
{
    rusage before{};
    ::getrusage(RUSAGE_CHILDREN, &before);
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::milliseconds(static_cast<std::int64_t>(std::max(0.0, limits.wallSeconds) * 1000.0));
    detail::SandboxChild child(program, args, limits);
    SandboxAnswer answer;
    const auto cap = static_cast<std::size_t>(std::max<std::int64_t>(limits.answerBytes, 0));
    std::optional<int> status;
    while (!status) {
        if (cancel.isCancelled()) { // looked at first: a Cancel given before the child answered always ends it
            child.kill();
            cancel.throwIfCancelled();
        }
        const bool open = child.pump(answer.bytes, answer.diagnostics, cap);
        if (!open || child.overflow())
            status = child.ended();
        if (status)
            break;
        if (child.overflow()) {
            child.kill();
            throw Error::invalidInput(what + " answered more than " + formatBytes(limits.answerBytes)).inFile(source);
        }
        if (std::chrono::steady_clock::now() > deadline) {
            child.kill();
            throw Error::invalidInput(what + " did not finish within " + formatSeconds(limits.wallSeconds)
                + " (a __setstate__ or forward that never returns, or a file too large for the time given); "
                + limits.timeoutKnob + " raises the limit")
                .inFile(source);
        }
        if (!open)
            ::usleep(kPollMs * 1000); // the pipes are closed but the child still runs
    }
    const std::string said = lastLines(answer.diagnostics);
    const std::string saidNote = said.empty() ? std::string() : " (it said: " + said + ")";
    if (WIFSIGNALED(*status)) {
        const int sig = WTERMSIG(*status);
        const double cpu = childCpuSeconds(before);
        if (sig == SIGXCPU || (sig == SIGKILL && cpu >= limits.cpuSeconds - 1.0))
            throw Error::invalidInput(what + " used more than " + formatSeconds(limits.cpuSeconds) + " of CPU time; "
                + limits.timeoutKnob + " raises the limit")
                .inFile(source);
        throw Error::invalidInput(what + " ended with " + signalName(sig)
            + ": the file is damaged or made to crash its reader (deeply nested code or data, for instance); Vantage "
              "itself is unharmed"
            + saidNote)
            .inFile(source);
    }
    const int code = WEXITSTATUS(*status);
    if (code == kSandboxErrorExit)
        rethrowChildError(answer.bytes, source, limits, what);
    if (code != 0)
        throw Error::failure(what + " failed: its helper " + program.filename().string() + " exited with "
            + std::to_string(code) + saidNote)
            .inFile(source);
    return answer;
}

} // namespace vantage
