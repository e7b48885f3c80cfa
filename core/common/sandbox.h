#pragma once
// Files from strangers are read by LibTorch in a child process, never in a process that holds
// anything of value (a session being written, a job's leader, the GUI). The parent side starts a
// helper program under limits (address space, CPU time, a wall-clock timeout, Cancel) and reads
// back one framed answer; the child side shuts itself in (no new files, no sockets, no programs,
// no ptrace; seccomp, and Landlock where the kernel has it) before it reads a byte of the file.
// A crash, hang or blow-up in the child is a clear error naming the file, never the parent's.

#include "common/progress.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace vantage {

class Error;

// What a child may use. The address-space budget is counted from what the child has mapped once it
// started (its libraries: LibTorch with CUDA maps several GiB before it reads anything).
struct SandboxLimits {
    double wallSeconds = 120.0; // the parent ends the child after this long (SIGKILL)
    double cpuSeconds = 300.0; // RLIMIT_CPU of the child
    std::int64_t memoryBytes = std::int64_t{ 4 } << 30; // address space the child may add after starting
    std::int64_t answerBytes = std::int64_t{ 8 } << 30; // the most the parent reads back
    // Names of the knobs that raise each limit, for the messages ("--model-timeout").
    std::string timeoutKnob = "the time limit";
    std::string memoryKnob = "the memory limit";
};

// The answer of a helper started by runSandboxed.
struct SandboxAnswer {
    std::string bytes; // what the child wrote to its standard output
    std::string diagnostics; // the last lines it wrote to standard error
};

// Starts `program` with `args` in a process group of its own under `limits` (RLIMIT_CPU set before
// it starts; the address-space budget passed in VANTAGE_SANDBOX_MEMORY for enterSandboxLimits, since
// it counts from what the program has mapped once started), and returns what it wrote once it exits with
// status 0. A child that exits otherwise, is killed by a signal, outlives the wall-clock limit or
// writes more than answerBytes throws Error::invalidInput naming `source` (the file it was reading)
// and what happened; `cancel` ends the child and throws Cancelled. `what` names the work in
// messages ("loading the model").
SandboxAnswer runSandboxed(const std::filesystem::path& program, const std::vector<std::string>& args,
    const SandboxLimits& limits, const std::string& source, const std::string& what,
    const CancelToken& cancel = CancelToken());

// The exit status of a child that answered with an Error (its JSON on the answer descriptor).
inline constexpr int kSandboxErrorExit = 3;

// The child's side, called first thing by a helper: dies with its parent (PR_SET_PDEATHSIG), no
// core dumps, no new privileges, the address-space budget the parent passed. Returns the
// descriptor to answer on: standard output is pointed at standard error, so nothing the model
// prints (TorchScript's print()) can pass for an answer.
int enterSandboxLimits();

// Writes `bytes` to the answer descriptor, whole.
void writeSandboxAnswer(int answerFd, std::string_view bytes);
// Writes `e` as the child's answer and exits with kSandboxErrorExit; `memory`: the child ran out of
// its address space (the parent names the limit and its knob).
[[noreturn]] void exitWithSandboxError(int answerFd, const Error& e, bool memory = false);

// The child's side, once the files it needs are open: every other descriptor is closed, and from
// then on the process opens no file, makes no socket, starts no program and traces nothing.
// Returns what the kernel enforced ("seccomp+landlock", "seccomp"); throws Error::failure when it
// enforced nothing.
std::string shutSandbox(const std::vector<int>& keepDescriptors);

// A helper program of Vantage's: $ENV_VAR when set, else beside the running executable, in
// ../SUBDIR/ of it (the build tree), then on PATH. Error::invalidInput names ENV_VAR when none is found.
std::filesystem::path findHelperProgram(
    const std::string& name, const std::string& envVar, const std::string& buildSubdir);

} // namespace vantage
