// The Slurm launcher (launcher.h): workers as job steps of the leader's allocation.

#include "edl/launcher.h"

#include "common/error.h"

#include <charconv>
#include <optional>
#include <string_view>
#include <unistd.h>
#include <utility>

namespace vantage::edl {

namespace {

// A whole number of `text` (all of it), else nullopt.
std::optional<long long> wholeNumber(std::string_view text)
{
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return v;
}

// The top-level comma-separated parts of a host list (commas inside brackets stay).
std::vector<std::string> topLevelParts(const std::string& list, const std::string& field)
{
    std::vector<std::string> parts;
    std::string part;
    int depth = 0;
    for (char c : list) {
        if (c == '[')
            ++depth;
        else if (c == ']' && --depth < 0)
            throw Error::invalidInput("a ']' without its '[' in the host list '" + list + "'").forField(field);
        if (c == ',' && depth == 0) {
            parts.push_back(std::exchange(part, {}));
            continue;
        }
        part += c;
    }
    if (depth != 0)
        throw Error::invalidInput("a '[' left open in the host list '" + list + "'").forField(field);
    parts.push_back(part);
    return parts;
}

void expandName(
    const std::string& name, const std::string& list, const std::string& field, std::vector<std::string>& out)
{
    const auto open = name.find('[');
    if (open == std::string::npos) {
        if (name.empty())
            throw Error::invalidInput("an empty name in the host list '" + list + "'").forField(field);
        out.push_back(name);
        return;
    }
    const auto close = name.find(']', open);
    const std::string prefix = name.substr(0, open);
    const std::string suffix = name.substr(close + 1);
    std::string ranges = name.substr(open + 1, close - open - 1) + ",";
    for (std::size_t start = 0, comma; (comma = ranges.find(',', start)) != std::string::npos; start = comma + 1) {
        const std::string range = ranges.substr(start, comma - start);
        const auto dash = range.find('-');
        const std::string loText = range.substr(0, dash);
        const std::string hiText = dash == std::string::npos ? loText : range.substr(dash + 1);
        const auto lo = wholeNumber(loText), hi = wholeNumber(hiText);
        if (!lo || !hi || *lo < 0 || *hi < *lo || *hi - *lo > 100000)
            throw Error::invalidInput("the range '" + range + "' in the host list '" + list + "' is not lo-hi")
                .forField(field);
        for (long long v = *lo; v <= *hi; ++v) {
            std::string digits = std::to_string(v);
            if (digits.size() < loText.size()) // zero padding: node[01-10]
                digits.insert(0, loText.size() - digits.size(), '0');
            expandName(prefix + digits + suffix, list, field, out);
        }
    }
}

std::string variable(const std::map<std::string, std::string>& env, const char* name)
{
    const auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
}

} // namespace

std::map<std::string, std::string> processEnvironment()
{
    std::map<std::string, std::string> env;
    for (char** e = environ; e && *e; ++e) {
        const std::string_view kv(*e);
        const auto eq = kv.find('=');
        if (eq != std::string_view::npos)
            env.emplace(kv.substr(0, eq), kv.substr(eq + 1));
    }
    return env;
}

std::vector<std::string> expandHostList(const std::string& list, const std::string& field)
{
    std::vector<std::string> out;
    for (const auto& part : topLevelParts(list, field))
        expandName(part, list, field, out);
    return out;
}

SlurmAllocation slurmAllocation(const std::map<std::string, std::string>& env)
{
    SlurmAllocation a;
    a.jobId = variable(env, "SLURM_JOB_ID");
    if (a.jobId.empty())
        throw Error::invalidInput("the Slurm launcher runs inside an allocation (sbatch or salloc): SLURM_JOB_ID is "
                                  "not set")
            .forField("launcher");
    if (!wholeNumber(a.jobId))
        throw Error::invalidInput("SLURM_JOB_ID '" + a.jobId + "' is not a job id").forField("SLURM_JOB_ID");
    std::string nodes = variable(env, "SLURM_JOB_NODELIST");
    if (nodes.empty())
        nodes = variable(env, "SLURM_NODELIST");
    if (nodes.empty())
        throw Error::invalidInput("SLURM_JOB_NODELIST is not set").forField("SLURM_JOB_NODELIST");
    for (const auto& node : expandHostList(nodes, "SLURM_JOB_NODELIST"))
        a.nodes.push_back({ .host = node, .slots = 1 });
    // "2(x3),1": two tasks on each of three nodes, then one; absent: one worker a node.
    const std::string tasks = variable(env, "SLURM_TASKS_PER_NODE");
    if (!tasks.empty()) {
        std::size_t node = 0;
        for (const auto& part : topLevelParts(tasks, "SLURM_TASKS_PER_NODE")) {
            const auto paren = part.find("(x");
            const auto count = wholeNumber(std::string_view(part).substr(0, paren));
            const auto times = paren == std::string::npos
                ? std::optional<long long>(1)
                : (part.back() == ')' ? wholeNumber(std::string_view(part).substr(paren + 2, part.size() - paren - 3))
                                      : std::nullopt);
            if (!count || !times || *count < 1 || *count > 1024 || *times < 1)
                throw Error::invalidInput("SLURM_TASKS_PER_NODE '" + tasks + "' is not counts such as 2(x3),1")
                    .forField("SLURM_TASKS_PER_NODE");
            for (long long t = 0; t < *times; ++t, ++node)
                if (node < a.nodes.size())
                    a.nodes[node].slots = static_cast<int>(*count);
        }
        if (node != a.nodes.size())
            throw Error::invalidInput("SLURM_TASKS_PER_NODE '" + tasks + "' counts " + std::to_string(node)
                + " nodes, SLURM_JOB_NODELIST " + std::to_string(a.nodes.size()))
                .forField("SLURM_TASKS_PER_NODE");
    }
    return a;
}

SlurmLauncher::SlurmLauncher(
    SlurmAllocation allocation, std::filesystem::path workerPath, std::string srun, std::vector<std::string> command)
    : m_allocation(std::move(allocation))
    , m_worker(std::move(workerPath))
    , m_srun(shellWords(srun, "srun"))
    , m_command(std::move(command))
{
    if (m_allocation.nodes.empty())
        throw Error::invalidInput("the allocation has no nodes").forField("SLURM_JOB_NODELIST");
    if (m_srun.empty())
        throw Error::invalidInput("the srun command is empty").forField("srun");
}

std::string SlurmLauncher::nextHost() const
{
    return hostOfSlot(m_allocation.nodes, m_next, nullptr).host;
}

std::vector<std::string> SlurmLauncher::commandLine(const std::string& node) const
{
    std::vector<std::string> argv = m_srun;
    for (const std::string& option :
        { "--jobid=" + m_allocation.jobId, std::string("--nodes=1"), std::string("--ntasks=1"), "--nodelist=" + node,
            std::string("--exclusive"), std::string("--no-kill"), std::string("--kill-on-bad-exit=0"),
            std::string("--job-name=vantage-edl-worker"), std::string("--quiet") })
        argv.push_back(option);
    if (m_command.empty()) {
        argv.push_back(m_worker.string());
        argv.emplace_back("--token-stdin");
    } else {
        argv.insert(argv.end(), m_command.begin(), m_command.end());
    }
    return argv;
}

std::unique_ptr<ChildProcess> SlurmLauncher::launch(const LaunchRequest& r)
{
    auto env = r.env;
    for (auto& [k, v] : deviceEnvironment(r.device))
        env[k] = v;
    if (!m_command.empty())
        env["VANTAGE_EDL_TOKEN_STDIN"] = "1";
    // srun passes its environment on to the step (--export=ALL, Slurm's default).
    return std::make_unique<ChildProcess>(commandLine(nextHost()), env, r.logFile, r.token + "\n", true);
}

} // namespace vantage::edl
