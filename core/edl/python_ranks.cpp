#include "edl/python_ranks.h"

#include "common/error.h"
#include "common/progress.h" // CancelToken
#include "edl/launcher.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <memory>
#include <optional>
#include <thread>

namespace vantage::edl {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPoll = std::chrono::milliseconds(20);
constexpr double kStopGraceS = 2.0;
constexpr double kTeardownGraceS = 30.0; // the other ranks' end after rank 0's

// A port no one listens on now (the kernel's pick; rank 0's store binds it a moment later).
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        throw Error::failure("cannot open a socket for the ranks' rendezvous");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
    ::close(fd);
    if (!ok)
        throw Error::failure("cannot find a free port on 127.0.0.1 for the ranks' rendezvous");
    return ntohs(addr.sin_port);
}

std::vector<std::string> logLines(const std::filesystem::path& log)
{
    std::ifstream in(log);
    std::vector<std::string> all;
    for (std::string line; std::getline(in, line);)
        all.push_back(line);
    return all;
}

std::string logTail(const std::filesystem::path& log, std::size_t lines = 8)
{
    const std::vector<std::string> all = logLines(log);
    std::string out;
    for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i)
        out += "\n  " + all[i];
    return out;
}

// The program's own words for bad input: its last line holding "error: " (after that marker).
std::string errorLine(const std::filesystem::path& log)
{
    const std::vector<std::string> all = logLines(log);
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        if (const auto at = it->find("error: "); at != std::string::npos)
            return it->substr(at + 7);
    return {};
}

// Rank 0's log read as it grows: complete lines that are JSON objects.
class LineReader {
public:
    explicit LineReader(std::filesystem::path log)
        : m_log(std::move(log))
    { }
    // True when a line came (anything rank 0 prints keeps it alive).
    bool poll(const std::function<void(const Json&)>& onLine)
    {
        std::ifstream in(m_log, std::ios::binary);
        if (!in)
            return false;
        in.seekg(static_cast<std::streamoff>(m_offset));
        std::string chunk((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto end = chunk.rfind('\n');
        if (end == std::string::npos)
            return false;
        m_offset += end + 1;
        std::size_t start = 0;
        while (start <= end) {
            const std::size_t nl = chunk.find('\n', start);
            const std::string line = chunk.substr(start, nl - start);
            start = nl + 1;
            if (onLine && line.starts_with("{")) {
                const Json j = Json::parse(line, nullptr, false);
                if (j.is_object())
                    onLine(j);
            }
        }
        return true;
    }

private:
    std::filesystem::path m_log;
    std::size_t m_offset = 0;
};

class Ranks {
public:
    explicit Ranks(const PythonRanks& r)
        : m_r(r)
    {
        std::map<std::string, std::string> env = vantagePythonEnvironment();
        env["OMP_NUM_THREADS"] = std::to_string(r.threads);
        env["PYTHONUNBUFFERED"] = "1";
        const bool group = r.group || r.processes > 1;
        const std::string port = std::to_string(group ? freePort() : 0);
        std::vector<std::string> argv{ pythonInterpreter(r.python) };
        argv.insert(argv.end(), r.args.begin(), r.args.end());
        for (int rank = 0; rank < r.processes; ++rank) {
            if (group) {
                env["RANK"] = env["LOCAL_RANK"] = std::to_string(rank);
                env["WORLD_SIZE"] = env["LOCAL_WORLD_SIZE"] = std::to_string(r.processes);
                env["MASTER_ADDR"] = "127.0.0.1";
                env["MASTER_PORT"] = port;
            }
            m_children.push_back(std::make_unique<ChildProcess>(argv, env, logOf(rank), std::string(), true));
        }
    }
    ~Ranks() { stop(); }
    Ranks(const Ranks&) = delete;
    Ranks& operator=(const Ranks&) = delete;

    std::filesystem::path logOf(int rank) const { return m_r.dir / ("rank" + std::to_string(rank) + ".log"); }

    // True once every rank ended well. When ranks ended otherwise, throws for the one that says
    // most: bad input (exit 2) first, then an end other than exit 1 (a crash, a signal: the others
    // then fail on their lost peer with exit 1), then the first seen to end.
    bool finished()
    {
        bool all = true;
        for (std::size_t i = 0; i < m_children.size(); ++i) {
            if (m_exits[i].empty())
                if (const auto exit = m_children[i]->poll()) {
                    m_exits[i] = *exit;
                    if (*exit != "exit code 0")
                        m_order.push_back(static_cast<int>(i));
                }
            all = all && !m_exits[i].empty();
        }
        if (m_order.empty())
            return all;
        const auto rankOf = [&](const auto& pred) {
            const auto it = std::find_if(m_order.begin(), m_order.end(), pred);
            return it == m_order.end() ? -1 : *it;
        };
        int rank = rankOf([&](int r) { return m_exits[std::size_t(r)] == "exit code 2"; });
        if (rank < 0)
            rank = rankOf([&](int r) { return m_exits[std::size_t(r)] != "exit code 1"; });
        if (rank < 0)
            rank = m_order.front();
        stop();
        const std::string& exit = m_exits[std::size_t(rank)];
        if (exit == "exit code 2") {
            const std::string why = errorLine(logOf(rank));
            throw Error::invalidInput(why.empty() ? m_r.what + " refused its input:" + logTail(logOf(rank)) : why);
        }
        throw Error::failure(m_r.what + (m_children.size() > 1 ? " rank " + std::to_string(rank) : "") + " ended ("
            + exit + "); the end of its log " + logOf(rank).string() + ":" + logTail(logOf(rank)));
    }

    // Rank 0 ended well (its result is written) while others still run, for how long.
    std::optional<Clock::time_point> firstDone() const
    {
        return m_exits[0] == "exit code 0" ? m_firstDone : std::nullopt;
    }
    void noteFirstDone()
    {
        if (m_exits[0] == "exit code 0" && !m_firstDone)
            m_firstDone = Clock::now();
    }

    void stop()
    {
        for (auto& c : m_children)
            c->signal(SIGKILL);
        for (auto& c : m_children)
            c->terminate(kStopGraceS);
    }

private:
    const PythonRanks& m_r;
    std::vector<std::unique_ptr<ChildProcess>> m_children;
    std::vector<std::string> m_exits = std::vector<std::string>(m_r.processes); // "" while running
    std::vector<int> m_order; // ranks that ended otherwise than well, as they were seen
    std::optional<Clock::time_point> m_firstDone;
};

} // namespace

void runPythonRanks(const PythonRanks& r, const CancelToken& cancel)
{
    if (r.processes < 1 || r.threads < 1 || r.args.empty())
        throw Error::invalidInput(r.what + ": nothing to run (no arguments, or fewer than 1 process or thread)");
    std::error_code ec;
    std::filesystem::create_directories(r.dir, ec);
    if (ec)
        throw Error::failure("cannot make the folder " + r.dir.string() + ": " + ec.message());
    cancel.throwIfCancelled();
    Ranks ranks(r);
    LineReader reader(ranks.logOf(0));
    auto lastLine = Clock::now();
    for (;;) {
        const bool done = ranks.finished();
        if (reader.poll(r.onLine))
            lastLine = Clock::now();
        if (done)
            return;
        // Rank 0 wrote the result and ended well; a rank that hangs in its teardown (a process
        // group's destruction) after that keeps nothing worth waiting for.
        ranks.noteFirstDone();
        if (const auto since = ranks.firstDone();
            since && std::chrono::duration<double>(Clock::now() - *since).count() > kTeardownGraceS) {
            ranks.stop();
            return;
        }
        if (cancel.isCancelled()) {
            ranks.stop();
            cancel.throwIfCancelled();
        }
        if (std::chrono::duration<double>(Clock::now() - lastLine).count() > r.stallS) {
            ranks.stop();
            throw Error::failure(r.what + " printed nothing for " + std::to_string(int(r.stallS))
                + " s and was stopped; the logs are in " + r.dir.string());
        }
        std::this_thread::sleep_for(kPoll);
    }
}

} // namespace vantage::edl
