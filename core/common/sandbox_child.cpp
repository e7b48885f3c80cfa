// The child's side of core/common/sandbox.h: limits, then the walls (seccomp, Landlock), then the
// answer; and where Vantage's helper programs are found.

#include "common/error.h"
#include "common/json.h"
#include "common/sandbox.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace vantage {

namespace {

std::int64_t environmentNumber(const char* name)
{
    const char* v = std::getenv(name);
    if (!v || !*v)
        return 0;
    char* end = nullptr;
    const long long n = std::strtoll(v, &end, 10);
    return end && *end == '\0' && n > 0 ? n : 0;
}

// What the process has mapped now: its libraries, before it reads anything.
std::int64_t mappedBytes()
{
    std::ifstream statm("/proc/self/statm");
    std::int64_t pages = 0;
    statm >> pages;
    return pages * static_cast<std::int64_t>(::sysconf(_SC_PAGESIZE));
}

#if defined(__x86_64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#else
#error "the model sandbox knows the system calls of x86-64 and aarch64 only"
#endif

// The system calls a model has no business making: opening or making files, sockets, starting
// programs, tracing or signalling other processes, io_uring (which opens files on its own).
std::vector<long> deniedCalls()
{
    std::vector<long> calls = {
        SYS_openat,
        SYS_open_by_handle_at,
        SYS_name_to_handle_at,
        SYS_socket,
        SYS_socketpair,
        SYS_connect,
        SYS_bind,
        SYS_listen,
        SYS_accept4,
        SYS_execve,
        SYS_execveat,
        SYS_ptrace,
        SYS_process_vm_readv,
        SYS_process_vm_writev,
        SYS_io_uring_setup,
        SYS_io_uring_enter,
        SYS_io_uring_register,
        SYS_mknodat,
        SYS_linkat,
        SYS_symlinkat,
        SYS_unlinkat,
        SYS_renameat2,
        SYS_mkdirat,
        SYS_truncate,
        SYS_fchmodat,
        SYS_fchownat,
        SYS_mount,
        SYS_umount2,
        SYS_kill,
        SYS_memfd_create,
        SYS_pidfd_open,
        SYS_openat2,
        SYS_accept,
        SYS_fanotify_init,
        SYS_inotify_init1,
        SYS_bpf,
        SYS_perf_event_open,
        SYS_userfaultfd,
    };
#if defined(__x86_64__)
    for (long c : { SYS_open, SYS_creat, SYS_mknod, SYS_link, SYS_symlink, SYS_unlink, SYS_rename, SYS_renameat,
             SYS_mkdir, SYS_rmdir, SYS_chmod, SYS_chown, SYS_lchown, SYS_inotify_init })
        calls.push_back(c);
#endif
    return calls;
}

bool installSeccomp()
{
    const std::vector<long> denied = deniedCalls();
    std::vector<sock_filter> prog;
    prog.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
    prog.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kAuditArch, 1, 0));
    prog.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    prog.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
    // After the checks: [ALLOW, ERRNO]. Each check jumps to ERRNO when it matches.
    const std::size_t checks = denied.size() + 1;
    const std::size_t first = prog.size();
    const std::size_t errnoAt = first + checks + 1;
#if defined(__x86_64__)
    prog.push_back(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, static_cast<std::uint8_t>(errnoAt - first - 1), 0));
#else
    prog.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0xFFFFFFFFu, static_cast<std::uint8_t>(errnoAt - first - 1), 0));
#endif
    for (long c : denied) {
        const std::size_t here = prog.size();
        prog.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(c),
            static_cast<std::uint8_t>(errnoAt - here - 1), 0));
    }
    prog.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    prog.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)));
    sock_fprog fprog{ static_cast<unsigned short>(prog.size()), prog.data() };
    return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0) == 0;
}

// Landlock with no rule: no file can be opened, read by path, written or made from now on (the
// descriptors already open stay usable), and no TCP port bound or connected where the ABI has it.
bool installLandlock()
{
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1)
        return false;
    struct {
        std::uint64_t fs;
        std::uint64_t net;
    } attr{ (std::uint64_t{ 1 } << 13) - 1, 0 }; // ABI 1: EXECUTE ... MAKE_SYM
    if (abi >= 2)
        attr.fs |= std::uint64_t{ 1 } << 13; // REFER
    if (abi >= 3)
        attr.fs |= std::uint64_t{ 1 } << 14; // TRUNCATE
    if (abi >= 4)
        attr.net = 3; // BIND_TCP | CONNECT_TCP
    const std::size_t size = abi >= 4 ? sizeof attr : sizeof attr.fs;
    const long fd = ::syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (fd < 0)
        return false;
    const bool ok = ::syscall(SYS_landlock_restrict_self, static_cast<int>(fd), 0) == 0;
    ::close(static_cast<int>(fd));
    return ok;
}

void closeAllBut(std::vector<int> keep)
{
    keep.push_back(0);
    keep.push_back(1);
    keep.push_back(2);
    std::sort(keep.begin(), keep.end());
    keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
    unsigned from = 0;
    for (int k : keep) {
        if (k < 0)
            continue;
        if (static_cast<unsigned>(k) > from)
            ::close_range(from, static_cast<unsigned>(k) - 1, 0);
        from = static_cast<unsigned>(k) + 1;
    }
    ::close_range(from, ~0u, 0);
}

} // namespace

int enterSandboxLimits()
{
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() == 1)
        ::_exit(1); // the parent is already gone
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    const rlimit noCore{ 0, 0 };
    ::setrlimit(RLIMIT_CORE, &noCore);
    if (const std::int64_t mem = environmentNumber("VANTAGE_SANDBOX_MEMORY"); mem > 0) {
        const rlimit r{ static_cast<rlim_t>(mappedBytes() + mem), static_cast<rlim_t>(mappedBytes() + mem) };
        ::setrlimit(RLIMIT_AS, &r);
    }
    const int answer = ::dup(1);
    ::dup2(2, 1);
    return answer;
}

std::string shutSandbox(const std::vector<int>& keepDescriptors)
{
    closeAllBut(keepDescriptors);
    const bool landlock = installLandlock();
    if (!installSeccomp())
        throw Error::failure(std::string("cannot install the seccomp filter that keeps a model from files and "
                                         "sockets: ")
            + std::strerror(errno));
    return landlock ? "seccomp+landlock" : "seccomp";
}

void writeSandboxAnswer(int answerFd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(answerFd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            ::_exit(1); // the parent is gone
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

void exitWithSandboxError(int answerFd, const Error& e, bool memory)
{
    Json j = { { "kind",
                   memory                                      ? "memory"
                       : e.kind() == Error::Kind::InvalidInput ? "invalid_input"
                                                               : "failure" },
        { "message", e.message() } };
    if (e.file())
        j["file"] = *e.file();
    if (e.line())
        j["line"] = *e.line();
    if (e.field())
        j["field"] = *e.field();
    if (e.op())
        j["op"] = *e.op();
    writeSandboxAnswer(answerFd, j.dump(-1, ' ', false, Json::error_handler_t::replace));
    ::_exit(kSandboxErrorExit);
}

std::filesystem::path findHelperProgram(
    const std::string& name, const std::string& envVar, const std::string& buildSubdir)
{
    if (const char* env = std::getenv(envVar.c_str()); env && *env) {
        if (::access(env, X_OK) != 0)
            throw Error::invalidInput(envVar + " is not an executable: " + env).forField(envVar);
        return env;
    }
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const auto dir = self.parent_path();
    for (const auto& candidate : { dir / name, dir / ".." / buildSubdir / name })
        if (!ec && ::access(candidate.c_str(), X_OK) == 0)
            return std::filesystem::weakly_canonical(candidate, ec);
    if (const char* path = std::getenv("PATH")) {
        std::stringstream ss(path);
        std::string d;
        while (std::getline(ss, d, ':'))
            if (!d.empty() && ::access((std::filesystem::path(d) / name).c_str(), X_OK) == 0)
                return std::filesystem::path(d) / name;
    }
    throw Error::invalidInput(name + " was not found beside " + self.string() + " nor on PATH (set " + envVar + ")")
        .forField(envVar);
}

} // namespace vantage
