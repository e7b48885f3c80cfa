#pragma once
// How the leader starts workers: as local processes (CPU, or one GPU each through
// CUDA_VISIBLE_DEVICES), or on hosts the user lists, over ssh (the worker binary must exist there;
// nothing else is installed). Either way the worker learns the job from VANTAGE_EDL_* variables and
// the token never appears on a command line: local workers get it in their environment, remote ones
// on stdin. Every process started here ends with its owner (SIGKILL in the destructor; local
// workers also get SIGTERM when the leader dies). Signals go to the worker's whole process group.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vantage::edl {

// One line of a host file:
//   node3 slots=2 devices=0,1 address=10.0.0.3 worker=/opt/vantage/bin/vantage-edl-worker
struct HostEntry {
    std::string host; // what ssh connects to (a name, an alias from ~/.ssh/config)
    int slots = 1; // workers this host takes
    std::vector<std::string> devices; // device per slot ("cpu", "cuda:0"); empty: cpu
    std::string workerPath; // the binary on that host; empty: the leader's own path
    std::string address; // where its peers reach it (Gloo); empty: `host`
};

// Parses a host file; '#' starts a comment. Errors name the file, line and field.
std::vector<HostEntry> parseHostFile(const std::filesystem::path& path);
std::vector<HostEntry> parseHostList(const std::string& text, const std::string& source);

// Creates a job folder (and its parents) readable by its owner only (0700): it holds the job's
// token, checkpoints and logs. A folder that already exists and is not empty keeps its mode (it may
// be the user's own); the files written into it are 0600 all the same.
void makeJobDirectory(const std::filesystem::path& dir);

// The claim of a running job on its folder: an exclusive flock on `<dir>/leader.lock`, held by the
// leader for its whole life (the kernel drops it when the leader dies, however it dies). A second
// job on the same folder is refused with a message naming the folder and the job that runs there.
class JobFolderLock {
public:
    // Throws Error::invalidInput when another process holds the folder.
    explicit JobFolderLock(const std::filesystem::path& dir);
    ~JobFolderLock();
    JobFolderLock(const JobFolderLock&) = delete;
    JobFolderLock& operator=(const JobFolderLock&) = delete;

    // Throws as the constructor does when a job runs in `dir`; takes nothing (for a caller that is
    // about to start a leader elsewhere, which then takes the folder itself).
    static void checkFree(const std::filesystem::path& dir);

private:
    int m_fd = -1;
};

// What one worker needs to be started.
struct LaunchRequest {
    std::string workerId;
    std::string device = "cpu"; // "cpu" or "cuda:N"
    std::map<std::string, std::string> env; // VANTAGE_EDL_* (without the token)
    std::string token;
    std::filesystem::path logFile; // stdout and stderr go here
};

// A started process the leader owns.
class ChildProcess {
public:
    // Forks and execs argv with `env` added to this process's environment; `stdinData` is written to
    // its stdin, which is then kept open (an ssh worker exits when its stdin closes). With
    // `dieWithParent`, the child gets SIGTERM when this thread's process dies.
    ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
        const std::filesystem::path& logFile, const std::string& stdinData, bool dieWithParent);
    ~ChildProcess(); // SIGKILL and reap if still running
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    std::int64_t pid() const { return m_pid; }
    // Reaps without blocking; the exit description ("exit code 3", "killed by signal 9") once ended.
    std::optional<std::string> poll();
    bool running();
    void signal(int sig);
    // SIGTERM, then SIGKILL after graceS, and reap.
    void terminate(double graceS);

private:
    // The child leads its own process group: a signal goes to the group, so that what the worker
    // started (a shell's child, a data loader) ends with it.
    void signalGroup(int sig) const;
    std::int64_t m_pid = -1;
    int m_stdin = -1;
    std::optional<std::string> m_exit;
};

class Launcher {
public:
    virtual ~Launcher() = default;
    virtual std::unique_ptr<ChildProcess> launch(const LaunchRequest& request) = 0;
    // Where the next worker goes ("localhost", "node3") and on which device.
    virtual std::string nextHost() const = 0;
    virtual std::string nextDevice() const = 0;
    // The address peers use to reach a worker on `host` (Gloo binds there).
    virtual std::string dataPlaneHost(const std::string& host) const = 0;
    virtual void advance() = 0; // the next worker goes to the next slot
};

// Local processes; devices are used round robin ("cpu" when the list is empty).
class LocalLauncher final : public Launcher {
public:
    // `command`, when given, is started instead of workerBinary (a script job: {python, script, ...}).
    LocalLauncher(
        std::filesystem::path workerBinary, std::vector<std::string> devices, std::vector<std::string> command = {});
    std::unique_ptr<ChildProcess> launch(const LaunchRequest& request) override;
    std::string nextHost() const override { return "localhost"; }
    std::string nextDevice() const override;
    std::string dataPlaneHost(const std::string&) const override { return "127.0.0.1"; }
    void advance() override { ++m_next; }

private:
    std::filesystem::path m_binary;
    std::vector<std::string> m_devices;
    std::vector<std::string> m_command;
    std::size_t m_next = 0;
};

// The host of worker slot `slot` (0, 1, ...) when `hosts` (not empty) are filled slot by slot in
// order and then round robin; `slotOnHost`, when given, gets the slot's index on that host.
const HostEntry& hostOfSlot(const std::vector<HostEntry>& hosts, std::size_t slot, std::size_t* slotOnHost);

// Workers on the listed hosts over ssh, slots filled in order and then round robin.
class SshLauncher final : public Launcher {
public:
    // `command`, when given, runs on every host instead of its worker binary, with the token on stdin
    // (VANTAGE_EDL_TOKEN_STDIN=1 tells the Python elastic API to read it there).
    // `sshCommand` is a command line split as a POSIX shell splits it ("ssh -F ~/cluster/ssh_config
    // -p 2222"); Error::invalidInput (field "ssh") when it is empty or a quote is left open.
    SshLauncher(std::vector<HostEntry> hosts, std::filesystem::path defaultWorkerPath, std::string sshCommand = "ssh",
        std::vector<std::string> command = {});
    std::unique_ptr<ChildProcess> launch(const LaunchRequest& request) override;
    std::string nextHost() const override;
    std::string nextDevice() const override;
    std::string dataPlaneHost(const std::string& host) const override;
    void advance() override { ++m_next; }

    // The ssh command line for one worker on `host` (exposed for tests and for `edl start --dry-run`).
    std::vector<std::string> commandLine(
        const HostEntry& host, const std::string& device, const std::map<std::string, std::string>& env) const;

private:
    const HostEntry& slotHost(std::size_t slot, std::string* device) const;

    std::vector<HostEntry> m_hosts;
    std::filesystem::path m_defaultWorker;
    std::vector<std::string> m_ssh; // the ssh command's words
    std::vector<std::string> m_command;
    std::size_t m_next = 0;
};

// Workers as job steps of the Slurm allocation the leader runs in (sbatch or salloc; Slurm's own
// conventions: SLURM_JOB_ID, SLURM_JOB_NODELIST, SLURM_TASKS_PER_NODE). Each worker is `srun
// --jobid=ID --nodes=1 --ntasks=1 --nodelist=NODE --exclusive --no-kill ... <worker>
// --token-stdin`: a step of one task on one node of the allocation, its own CPUs (--exclusive),
// the allocation kept when a node fails (--no-kill: that worker fails, the job goes on). The token
// goes on stdin, which srun forwards; the worker ends when it closes (srun ended). Scale-in ends a
// step by ending its srun (SIGTERM, which srun forwards to the step). Nodes are filled slot by slot
// in the allocation's order, then round robin.
struct SlurmAllocation {
    std::string jobId;
    std::vector<HostEntry> nodes; // one per node, slots = its tasks
};

// The allocation that `env` (the leader's environment) describes. Error::invalidInput naming
// "launcher" outside an allocation (no SLURM_JOB_ID) and for a node list or task counts it cannot
// read (naming the variable).
SlurmAllocation slurmAllocation(const std::map<std::string, std::string>& env);

// This process's environment, name -> value.
std::map<std::string, std::string> processEnvironment();

// Slurm's host list syntax, expanded in order: "node[1-3,7],gpu[08-10]-ib,login" (zero padding
// kept; several bracket groups in one name multiply out). Error::invalidInput naming `field`.
std::vector<std::string> expandHostList(const std::string& list, const std::string& field);

class SlurmLauncher final : public Launcher {
public:
    // `srun` is the srun command line (split as sh splits it); `command`, when given, runs instead
    // of the worker binary (a script job), as for ssh.
    SlurmLauncher(SlurmAllocation allocation, std::filesystem::path workerPath, std::string srun = "srun",
        std::vector<std::string> command = {});
    std::unique_ptr<ChildProcess> launch(const LaunchRequest& request) override;
    std::string nextHost() const override;
    std::string nextDevice() const override { return "cpu"; }
    std::string dataPlaneHost(const std::string& host) const override { return host; }
    void advance() override { ++m_next; }

    // The srun command line of one worker on `node` (exposed for tests).
    std::vector<std::string> commandLine(const std::string& node) const;
    const SlurmAllocation& allocation() const { return m_allocation; }

private:
    SlurmAllocation m_allocation;
    std::filesystem::path m_worker;
    std::vector<std::string> m_srun;
    std::vector<std::string> m_command;
    std::size_t m_next = 0;
};

// The environment a worker of `device` gets on its host: CUDA_VISIBLE_DEVICES=N and
// VANTAGE_EDL_DEVICE=cuda for "cuda:N"; CUDA_VISIBLE_DEVICES="" and cpu otherwise.
std::map<std::string, std::string> deviceEnvironment(const std::string& device);

// Quotes a word for a POSIX shell (the remote side of ssh).
std::string shellQuote(const std::string& word);

// Splits a command line into words as a POSIX shell does, without expanding anything: blanks
// separate words, '...' keeps everything literally, "..." keeps all but \" \\ \$ \` (escaped), a
// backslash outside quotes keeps the next character. Error::invalidInput naming `field` for an
// open quote or a trailing backslash.
std::vector<std::string> shellWords(const std::string& line, const std::string& field);

} // namespace vantage::edl
