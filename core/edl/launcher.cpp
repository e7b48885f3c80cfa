#include "edl/launcher.h"

#include "common/error.h"
#include "common/json.h"
#include "common/text_input.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <string_view>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>

extern char** environ;

namespace vantage::edl {

namespace {

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

// "cpu", "3", "cuda:3" -> "cpu", "cuda:3", "cuda:3"; anything else is an error.
std::optional<std::string> normaliseDevice(const std::string& d)
{
    if (d == "cpu")
        return d;
    std::string n = d.rfind("cuda:", 0) == 0 ? d.substr(5) : d;
    if (n.empty() || n.size() > 4 || n.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return "cuda:" + n;
}

// Resolves a command name on PATH before fork (the child may only make async-signal-safe calls).
std::string resolveExecutable(const std::string& name)
{
    if (name.find('/') != std::string::npos)
        return name;
    const char* path = std::getenv("PATH");
    std::stringstream ss(path ? path : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(ss, dir, ':')) {
        if (dir.empty())
            dir = ".";
        const std::string candidate = dir + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    throw Error::invalidInput("'" + name + "' was not found on PATH").inOp("launch worker");
}

} // namespace

std::vector<HostEntry> parseHostList(const std::string& text, const std::string& source)
{
    std::vector<HostEntry> hosts;
    std::istringstream in(text);
    std::string line;
    std::int64_t lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (auto hash = line.find('#'); hash != std::string::npos)
            line.resize(hash);
        line = trim(line);
        if (line.empty())
            continue;
        std::istringstream words(line);
        HostEntry h;
        words >> h.host;
        if (h.host.find_first_of("'\"`$;&|<>\\") != std::string::npos || h.host.front() == '-')
            throw Error::invalidInput("not a host name: '" + h.host + "'")
                .inFile(source)
                .atLine(lineNo)
                .forField("host");
        std::string word;
        bool slotsGiven = false;
        while (words >> word) {
            const auto eq = word.find('=');
            if (eq == std::string::npos)
                throw Error::invalidInput("expected key=value, got '" + word + "'").inFile(source).atLine(lineNo);
            const std::string key = word.substr(0, eq);
            const std::string value = word.substr(eq + 1);
            if (key == "slots") {
                slotsGiven = true;
                try {
                    std::size_t used = 0;
                    h.slots = std::stoi(value, &used);
                    if (used != value.size() || h.slots <= 0 || h.slots > 1024)
                        throw std::invalid_argument(value);
                } catch (const std::exception&) {
                    throw Error::invalidInput("must be a number in 1..1024, got '" + value + "'")
                        .inFile(source)
                        .atLine(lineNo)
                        .forField("slots");
                }
            } else if (key == "devices") {
                std::stringstream ds(value);
                std::string d;
                while (std::getline(ds, d, ',')) {
                    auto n = normaliseDevice(trim(d));
                    if (!n)
                        throw Error::invalidInput("not a device: '" + d + "' (cpu, N or cuda:N)")
                            .inFile(source)
                            .atLine(lineNo)
                            .forField("devices");
                    h.devices.push_back(*n);
                }
            } else if (key == "address") {
                if (value.empty() || value.find_first_of("'\"`$;&|<>\\ ") != std::string::npos)
                    throw Error::invalidInput("not an address: '" + value + "'")
                        .inFile(source)
                        .atLine(lineNo)
                        .forField("address");
                h.address = value;
            } else if (key == "worker") {
                if (value.empty() || value.front() != '/')
                    throw Error::invalidInput("must be an absolute path")
                        .inFile(source)
                        .atLine(lineNo)
                        .forField("worker");
                h.workerPath = value;
            } else {
                throw Error::invalidInput("unknown key '" + key + "' (slots, devices, address, worker)")
                    .inFile(source)
                    .atLine(lineNo)
                    .forField(key);
            }
        }
        if (!h.devices.empty()) {
            if (!slotsGiven)
                h.slots = static_cast<int>(h.devices.size());
            else if (static_cast<int>(h.devices.size()) != h.slots)
                throw Error::invalidInput(
                    "lists " + std::to_string(h.devices.size()) + " devices for " + std::to_string(h.slots) + " slots")
                    .inFile(source)
                    .atLine(lineNo)
                    .forField("devices");
        }
        hosts.push_back(std::move(h));
    }
    if (hosts.empty())
        throw Error::invalidInput("lists no hosts").inFile(source);
    return hosts;
}

std::vector<HostEntry> parseHostFile(const std::filesystem::path& path)
{
    return parseHostList(
        readTextFile(path, TextLimits{ .what = "a host file", .maxBytes = 1u << 20, .maxLineBytes = 4096 }),
        path.string());
}

void makeJobDirectory(const std::filesystem::path& dir)
{
    std::error_code ec;
    const bool fresh = !std::filesystem::exists(dir, ec) || std::filesystem::is_empty(dir, ec);
    std::filesystem::create_directories(dir, ec);
    if (ec)
        throw Error::invalidInput("cannot create the job folder: " + ec.message()).inFile(dir.string());
    if (fresh)
        std::filesystem::permissions(
            dir, std::filesystem::perms::owner_all, std::filesystem::perm_options::replace, ec);
}

namespace {

// Who holds a job folder, from its job.json when there is one.
std::string folderHolder(const std::filesystem::path& dir)
{
    try {
        const Json j = readJsonFile(dir / "job.json");
        return "job " + jsonFieldOr<std::string>(j, "job", "?", "job.json") + " (leader pid "
            + std::to_string(jsonFieldOr<std::int64_t>(j, "leader_pid", 0, "job.json")) + ", "
            + jsonFieldOr<std::string>(j, "endpoint", "?", "job.json") + ")";
    } catch (const std::exception&) {
        return "a job that is starting";
    }
}

int lockFolder(const std::filesystem::path& dir)
{
    const auto file = dir / "leader.lock";
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        throw Error::invalidInput(std::string("cannot open the job folder's lock: ") + std::strerror(errno))
            .inFile(file.string());
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    const int err = errno;
    ::close(fd);
    if (err != EWOULDBLOCK)
        throw Error::invalidInput(std::string("cannot lock the job folder: ") + std::strerror(err))
            .inFile(file.string());
    throw Error::invalidInput("the job folder " + dir.string() + " is in use by " + folderHolder(dir)
        + "; stop that job (vantage-cli edl stop --job " + dir.string() + ") or choose another folder")
        .forField("job-dir");
}

} // namespace

JobFolderLock::JobFolderLock(const std::filesystem::path& dir)
    : m_fd(lockFolder(dir))
{ }

JobFolderLock::~JobFolderLock()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void JobFolderLock::checkFree(const std::filesystem::path& dir)
{
    std::error_code ec;
    if (!std::filesystem::exists(dir / "leader.lock", ec))
        return;
    ::close(lockFolder(dir));
}

std::map<std::string, std::string> deviceEnvironment(const std::string& device)
{
    const auto n = normaliseDevice(device);
    if (!n)
        throw Error::invalidInput("not a device: '" + device + "' (cpu or cuda:N)").forField("device");
    if (*n == "cpu")
        return { { "CUDA_VISIBLE_DEVICES", "" }, { "VANTAGE_EDL_DEVICE", "cpu" } };
    return { { "CUDA_VISIBLE_DEVICES", n->substr(5) }, { "VANTAGE_EDL_DEVICE", "cuda" } };
}

std::string shellQuote(const std::string& word)
{
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

std::vector<std::string> shellWords(const std::string& line, const std::string& field)
{
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == '\n') {
            if (inWord)
                words.push_back(std::exchange(word, {}));
            inWord = false;
            continue;
        }
        inWord = true;
        if (c == '\\') {
            if (++i == line.size())
                throw Error::invalidInput("a backslash ends the command line '" + line + "'").forField(field);
            word += line[i];
        } else if (c == '\'') {
            const std::size_t end = line.find('\'', i + 1);
            if (end == std::string::npos)
                throw Error::invalidInput("a single quote is left open in '" + line + "'").forField(field);
            word += line.substr(i + 1, end - i - 1);
            i = end;
        } else if (c == '"') {
            for (++i;; ++i) {
                if (i == line.size())
                    throw Error::invalidInput("a double quote is left open in '" + line + "'").forField(field);
                if (line[i] == '"')
                    break;
                if (line[i] == '\\' && i + 1 < line.size()
                    && std::string_view("\"\\$`").find(line[i + 1]) != std::string_view::npos)
                    ++i;
                word += line[i];
            }
        } else {
            word += c;
        }
    }
    if (inWord)
        words.push_back(word);
    return words;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
    const std::filesystem::path& logFile, const std::string& stdinData, bool dieWithParent)
{
    if (argv.empty())
        throw Error::failure("empty command line").inOp("launch worker");
    // Everything the child needs is prepared here: after fork it only makes system calls.
    const std::string exe = resolveExecutable(argv[0]);
    std::vector<std::string> envStrings;
    for (char** e = environ; e && *e; ++e) {
        const std::string_view kv(*e);
        const auto eq = kv.find('=');
        if (eq != std::string_view::npos && env.count(std::string(kv.substr(0, eq))))
            continue;
        envStrings.emplace_back(kv);
    }
    for (const auto& [k, v] : env)
        envStrings.push_back(k + "=" + v);
    std::vector<char*> argvp, envp;
    for (const auto& a : argv)
        argvp.push_back(const_cast<char*>(a.c_str()));
    argvp.push_back(nullptr);
    for (auto& e : envStrings)
        envp.push_back(e.data());
    envp.push_back(nullptr);

    const int logFd = ::open(logFile.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (logFd < 0)
        throw Error::failure(std::string("cannot open the worker log: ") + std::strerror(errno))
            .inFile(logFile.string());
    int pipeFds[2] = { -1, -1 };
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
        ::close(logFd);
        throw Error::failure(std::string("pipe failed: ") + std::strerror(errno)).inOp("launch worker");
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const int err = errno;
        ::close(logFd);
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        throw Error::failure(std::string("fork failed: ") + std::strerror(err)).inOp("launch worker");
    }
    if (pid == 0) {
        if (dieWithParent) {
            ::prctl(PR_SET_PDEATHSIG, SIGTERM);
            if (::getppid() != parent)
                ::_exit(127);
        }
        ::setpgid(0, 0); // its own process group: a Ctrl-C at the terminal goes to the leader only
        ::dup2(pipeFds[0], 0);
        ::dup2(logFd, 1);
        ::dup2(logFd, 2);
        ::syscall(SYS_close_range, 3U, ~0U, 0U);
        ::execve(exe.c_str(), argvp.data(), envp.data());
        const char msg[] = "vantage-edl: exec failed\n";
        (void)!::write(2, msg, sizeof msg - 1);
        ::_exit(127);
    }
    m_pid = pid;
    ::close(logFd);
    ::close(pipeFds[0]);
    m_stdin = pipeFds[1];
    if (!stdinData.empty()) {
        const char* p = stdinData.data();
        std::size_t left = stdinData.size();
        while (left > 0) {
            const ssize_t n = ::write(m_stdin, p, left);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break; // the child died already; poll() will tell
            p += n;
            left -= static_cast<std::size_t>(n);
        }
    }
}

void ChildProcess::signalGroup(int sig) const
{
    ::kill(-static_cast<pid_t>(m_pid), sig); // fails harmlessly before the child's setpgid()
    ::kill(static_cast<pid_t>(m_pid), sig);
}

ChildProcess::~ChildProcess()
{
    if (m_pid > 0 && !m_exit) {
        signalGroup(SIGKILL);
        int status = 0;
        while (::waitpid(static_cast<pid_t>(m_pid), &status, 0) < 0 && errno == EINTR) { }
    }
    if (m_stdin >= 0)
        ::close(m_stdin);
}

std::optional<std::string> ChildProcess::poll()
{
    if (m_exit || m_pid <= 0)
        return m_exit;
    int status = 0;
    const pid_t r = ::waitpid(static_cast<pid_t>(m_pid), &status, WNOHANG);
    if (r == 0)
        return std::nullopt;
    // What the worker left behind in its process group ends with it.
    ::kill(-static_cast<pid_t>(m_pid), SIGKILL);
    if (r < 0) {
        m_exit = std::string("lost (") + std::strerror(errno) + ")";
    } else if (WIFEXITED(status)) {
        m_exit = "exit code " + std::to_string(WEXITSTATUS(status));
    } else if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        m_exit = "killed by signal " + std::to_string(sig)
            + (sig == SIGXCPU ? " (SIGXCPU: it used up the CPU time the job allows a worker, --worker-cpu)" : "");
    } else {
        return std::nullopt;
    }
    if (m_stdin >= 0) {
        ::close(m_stdin);
        m_stdin = -1;
    }
    return m_exit;
}

bool ChildProcess::running()
{
    return !poll().has_value();
}

void ChildProcess::signal(int sig)
{
    if (running())
        signalGroup(sig);
}

void ChildProcess::terminate(double graceS)
{
    if (!running())
        return;
    signalGroup(SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(graceS);
    while (std::chrono::steady_clock::now() < deadline) {
        if (!running())
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    signalGroup(SIGKILL);
    int status = 0;
    while (::waitpid(static_cast<pid_t>(m_pid), &status, 0) < 0 && errno == EINTR) { }
    m_exit = "killed after " + std::to_string(graceS) + " s";
}

LocalLauncher::LocalLauncher(
    std::filesystem::path workerBinary, std::vector<std::string> devices, std::vector<std::string> command)
    : m_binary(std::move(workerBinary))
    , m_command(std::move(command))
{
    for (const auto& d : devices) {
        auto n = normaliseDevice(d);
        if (!n)
            throw Error::invalidInput("not a device: '" + d + "' (cpu, N or cuda:N)").forField("devices");
        m_devices.push_back(*n);
    }
}

std::string LocalLauncher::nextDevice() const
{
    return m_devices.empty() ? "cpu" : m_devices[m_next % m_devices.size()];
}

std::unique_ptr<ChildProcess> LocalLauncher::launch(const LaunchRequest& r)
{
    auto env = r.env;
    for (auto& [k, v] : deviceEnvironment(r.device))
        env[k] = v;
    env["VANTAGE_EDL_TOKEN"] = r.token;
    return std::make_unique<ChildProcess>(m_command.empty() ? std::vector<std::string>{ m_binary.string() } : m_command,
        env, r.logFile, std::string(), true);
}

SshLauncher::SshLauncher(std::vector<HostEntry> hosts, std::filesystem::path defaultWorkerPath, std::string sshCommand,
    std::vector<std::string> command)
    : m_hosts(std::move(hosts))
    , m_defaultWorker(std::move(defaultWorkerPath))
    , m_ssh(shellWords(sshCommand, "ssh"))
    , m_command(std::move(command))
{
    if (m_hosts.empty())
        throw Error::invalidInput("the host list is empty").forField("hosts");
    if (m_ssh.empty())
        throw Error::invalidInput("the ssh command is empty").forField("ssh");
}

const HostEntry& hostOfSlot(const std::vector<HostEntry>& hosts, std::size_t slot, std::size_t* slotOnHost)
{
    std::size_t total = 0;
    for (const auto& h : hosts)
        total += static_cast<std::size_t>(h.slots);
    std::size_t s = slot % total;
    for (const auto& h : hosts) {
        if (s < static_cast<std::size_t>(h.slots)) {
            if (slotOnHost)
                *slotOnHost = s;
            return h;
        }
        s -= static_cast<std::size_t>(h.slots);
    }
    return hosts.front();
}

const HostEntry& SshLauncher::slotHost(std::size_t slot, std::string* device) const
{
    std::size_t s = 0;
    const HostEntry& h = hostOfSlot(m_hosts, slot, &s);
    if (device)
        *device = s < h.devices.size() ? h.devices[s] : "cpu";
    return h;
}

std::string SshLauncher::dataPlaneHost(const std::string& host) const
{
    for (const auto& h : m_hosts)
        if (h.host == host)
            return h.address.empty() ? h.host : h.address;
    return host;
}

std::string SshLauncher::nextHost() const
{
    return slotHost(m_next, nullptr).host;
}

std::string SshLauncher::nextDevice() const
{
    std::string d;
    slotHost(m_next, &d);
    return d;
}

std::vector<std::string> SshLauncher::commandLine(
    const HostEntry& host, const std::string& device, const std::map<std::string, std::string>& env) const
{
    auto all = env;
    for (auto& [k, v] : deviceEnvironment(device))
        all[k] = v;
    if (!m_command.empty())
        all["VANTAGE_EDL_TOKEN_STDIN"] = "1";
    std::string remote = "exec env";
    for (const auto& [k, v] : all)
        remote += " " + shellQuote(k + "=" + v);
    if (m_command.empty()) {
        const std::string worker = host.workerPath.empty() ? m_defaultWorker.string() : host.workerPath;
        remote += " " + shellQuote(worker) + " --token-stdin";
    } else {
        for (const auto& word : m_command)
            remote += " " + shellQuote(word);
    }
    std::vector<std::string> argv = m_ssh;
    for (const char* word : { "-o", "BatchMode=yes", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3" })
        argv.emplace_back(word);
    argv.push_back(host.host);
    argv.push_back(std::move(remote));
    return argv;
}

std::unique_ptr<ChildProcess> SshLauncher::launch(const LaunchRequest& r)
{
    const HostEntry& h = slotHost(m_next, nullptr);
    return std::make_unique<ChildProcess>(
        commandLine(h, r.device, r.env), std::map<std::string, std::string>{}, r.logFile, r.token + "\n", true);
}

} // namespace vantage::edl
