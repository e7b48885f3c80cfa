// LeaderOptions: the option strings of a job (schedule, fault injection), their checks, and their
// JSON form (leader.json, the records of a run). Plain C++, no ZeroMQ or LibTorch: the CLI, the GUI
// and the fuzzers parse job options through here.
#include "edl/leader.h"

#include "common/error.h"
#include "edl/elastic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace vantage::edl {

namespace {

std::int64_t parseInteger(const std::string& text, const std::string& option, const std::string& item)
{
    try {
        std::size_t used = 0;
        const auto v = std::stoll(text, &used);
        if (used != text.size())
            throw std::invalid_argument(text);
        return v;
    } catch (const std::exception&) {
        throw Error::invalidInput("'" + text + "' is not an integer in '" + item + "'").forField(option);
    }
}

std::vector<std::string> split(const std::string& text, char sep)
{
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, sep))
        if (!part.empty())
            out.push_back(part);
    return out;
}

constexpr std::array kPhases = { "loading", "compute", "allreduce", "commit", "committed" };

// An item of a schedule, as parseSchedule and the JSON reader take it: Error::invalidInput naming
// the item (`item`: its text) otherwise.
void checkScheduleItem(const ScheduleItem& s, const std::string& item)
{
    if (s.step < 0 || s.delta == 0 || std::abs(s.delta) > 64)
        throw Error::invalidInput("needs a step >= 0 and a change of 1..64 workers: '" + item + "'")
            .forField("schedule");
}

void checkPhase(const std::string& phase)
{
    if (std::find(kPhases.begin(), kPhases.end(), phase) == kPhases.end())
        throw Error::invalidInput("unknown phase '" + phase + "' (loading, compute, allreduce, commit, committed)")
            .forField("faults");
}

void checkSlowMs(std::int64_t slowMs, const std::string& item)
{
    if (slowMs < 0 || slowMs > 600000)
        throw Error::invalidInput("slow= needs 1..600000 ms in '" + item + "'").forField("faults");
}

// ---- the JSON of the fields of items (leader.json, the records of a run) ----------------------

Json scheduleJson(const std::vector<ScheduleItem>& items)
{
    Json out = Json::array();
    for (const auto& s : items)
        out.push_back({ { "step", s.step }, { "delta", s.delta } });
    return out;
}

std::vector<ScheduleItem> scheduleFromJson(const Json& j)
{
    std::vector<ScheduleItem> items;
    for (const auto& s : jsonValue<std::vector<Json>>(j, "schedule", "leader options")) {
        items.push_back({ jsonField<std::int64_t>(s, "step", "schedule"), jsonField<int>(s, "delta", "schedule") });
        checkScheduleItem(items.back(), s.dump());
    }
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
    return items;
}

Json faultsJson(const std::vector<FaultItem>& items)
{
    Json out = Json::array();
    for (const auto& f : items)
        out.push_back({ { "step", f.step }, { "worker", f.worker }, { "phase", f.phase }, { "slow_ms", f.slowMs } });
    return out;
}

std::vector<FaultItem> faultsFromJson(const Json& j)
{
    std::vector<FaultItem> items;
    for (const auto& f : jsonValue<std::vector<Json>>(j, "faults", "leader options")) {
        FaultItem item{ jsonField<std::int64_t>(f, "step", "fault"), jsonField<std::string>(f, "worker", "fault"),
            jsonFieldOr<std::string>(f, "phase", "allreduce", "fault"),
            jsonFieldOr<std::int64_t>(f, "slow_ms", 0, "fault") };
        const auto digits = std::string_view(item.worker).substr(std::min<std::size_t>(1, item.worker.size()));
        if (item.step < 0 || !item.worker.starts_with('w') || digits.empty()
            || digits.find_first_not_of("0123456789") != std::string_view::npos || digits.size() > 18)
            throw Error::invalidInput("needs a step >= 0 and a worker id (w0, w1, ...): '" + f.dump() + "'")
                .forField("faults");
        checkPhase(item.phase);
        checkSlowMs(item.slowMs, f.dump());
        items.push_back(std::move(item));
    }
    return items;
}

Json hostsJson(const std::vector<HostEntry>& hosts)
{
    Json out = Json::array();
    for (const auto& h : hosts)
        out.push_back({ { "host", h.host }, { "slots", h.slots }, { "devices", h.devices }, { "worker", h.workerPath },
            { "address", h.address } });
    return out;
}

// The hosts as a host file names them (launcher.cpp's checks: a name ssh cannot take for an option or
// a shell word, 1..1024 slots).
std::vector<HostEntry> hostsFromJson(const Json& j)
{
    std::vector<HostEntry> hosts;
    for (const auto& h : jsonValue<std::vector<Json>>(j, "hosts", "leader options")) {
        HostEntry e{ jsonField<std::string>(h, "host", "host"), jsonFieldOr<int>(h, "slots", 1, "host"),
            jsonFieldOr<std::vector<std::string>>(h, "devices", {}, "host"),
            jsonFieldOr<std::string>(h, "worker", {}, "host"), jsonFieldOr<std::string>(h, "address", {}, "host") };
        if (e.host.empty() || e.host.find_first_of("'\"`$;&|<> \\") != std::string::npos || e.host.front() == '-')
            throw Error::invalidInput("not a host name: '" + e.host + "'").forField("hosts");
        if (e.slots <= 0 || e.slots > 1024)
            throw Error::invalidInput("must be a number in 1..1024, got " + std::to_string(e.slots)).forField("hosts");
        hosts.push_back(std::move(e));
    }
    return hosts;
}

} // namespace

std::vector<ScheduleItem> parseSchedule(const std::string& text)
{
    std::vector<ScheduleItem> items;
    for (const auto& item : split(text, ',')) {
        const auto parts = split(item, ':');
        if (parts.size() != 2 || parts[0].rfind("step=", 0) != 0 || (parts[1][0] != '+' && parts[1][0] != '-'))
            throw Error::invalidInput("expected step=S:+N or step=S:-N, got '" + item + "'").forField("schedule");
        ScheduleItem s;
        s.step = parseInteger(parts[0].substr(5), "schedule", item);
        s.delta = static_cast<int>(parseInteger(parts[1].substr(1), "schedule", item)) * (parts[1][0] == '-' ? -1 : 1);
        checkScheduleItem(s, item);
        items.push_back(s);
    }
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
    return items;
}

std::vector<FaultItem> parseFaults(const std::string& text)
{
    std::vector<FaultItem> items;
    for (const auto& item : split(text, ',')) {
        FaultItem f;
        bool haveStep = false, haveWorker = false;
        for (const auto& kv : split(item, ':')) {
            const auto eq = kv.find('=');
            if (eq == std::string::npos)
                throw Error::invalidInput("expected key=value in '" + item + "'").forField("faults");
            const std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
            if (k == "step") {
                f.step = parseInteger(v, "faults", item);
                haveStep = true;
            } else if (k == "worker") {
                const auto n = parseInteger(v.rfind('w', 0) == 0 ? v.substr(1) : v, "faults", item);
                if (n < 0)
                    throw Error::invalidInput("worker= needs a worker id (w0, w1, ... or 0, 1, ...) in '" + item + "'")
                        .forField("faults");
                f.worker = "w" + std::to_string(n);
                haveWorker = true;
            } else if (k == "phase") {
                checkPhase(v);
                f.phase = v;
            } else if (k == "slow") {
                f.slowMs = parseInteger(v, "faults", item);
                checkSlowMs(f.slowMs == 0 ? -1 : f.slowMs, item);
            } else {
                throw Error::invalidInput("unknown key '" + k + "' in '" + item + "' (step, worker, phase, slow)")
                    .forField("faults");
            }
        }
        if (!haveStep || !haveWorker || f.step < 0)
            throw Error::invalidInput("needs step=S and worker=N: '" + item + "'").forField("faults");
        items.push_back(f);
    }
    return items;
}

void useScript(
    LeaderOptions& o, const std::string& script, const std::string& python, const std::vector<std::string>& args)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path file(script);
    if (script.empty())
        throw Error::invalidInput("no script given").forField("script");
    if (o.hosts.empty()) { // remote workers see their own file system
        if (!fs::is_regular_file(file, ec))
            throw Error::invalidInput("no such script").inFile(script);
        file = fs::absolute(file, ec);
    }
    o.spec.trainer = Trainer::Python;
    o.spec.script = file.string();
    const char* envPython = std::getenv("VANTAGE_PYTHON");
    o.workerCommand = { !python.empty() ? python : envPython && *envPython ? envPython : "python3", file.string() };
    o.workerCommand.insert(o.workerCommand.end(), args.begin(), args.end());

    // build*/app/worker/vantage-edl-worker -> build*/python/vantage_edl.cpython-*.so
    const fs::path worker = fs::weakly_canonical(o.workerBinary, ec);
    const fs::path moduleDir = worker.parent_path().parent_path().parent_path() / "python";
    bool built = false;
    for (const auto& entry : fs::directory_iterator(moduleDir, ec))
        built = built || entry.path().filename().string().starts_with("vantage_edl.");
    const char* current = std::getenv("PYTHONPATH");
    const std::string path = current ? current : "";
    if (built && path.find(moduleDir.string()) == std::string::npos)
        ::setenv("PYTHONPATH", (moduleDir.string() + (path.empty() ? "" : ":" + path)).c_str(), 1);
}

namespace {

// Where the workers run and how the job changes size.
params::Table<LeaderOptions> placementParams()
{
    using O = LeaderOptions;
    return {
        params::number(&O::workers,
            { "workers", "--workers", VANTAGE_TRANSLATE_NOOP("Params", "Workers of the first generation") }, 1, 1024),
        params::choice(&O::launcher,
            { "launcher", "--launcher",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Where workers run: auto (ssh with --hosts, else local), local, ssh, or slurm (job steps of "
                    "the Slurm allocation the leader runs in)") },
            kLauncherKinds),
        params::items(&O::hosts,
            { "hosts", "--hosts",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Start workers over ssh on the hosts of FILE (host [slots=N] [devices=..] [worker=PATH]); "
                    "none: local workers") },
            params::ItemsCodec<std::vector<HostEntry>>{
                [](const std::string& file) { return parseHostFile(file); }, hostsFromJson, hostsJson }),
        params::items(&O::schedule,
            { "schedule", "--schedule",
                VANTAGE_TRANSLATE_NOOP("Params", "Scale events at committed steps: \"step=50:+1,step=120:-1\"") },
            params::ItemsCodec<std::vector<ScheduleItem>>{ parseSchedule, scheduleFromJson, scheduleJson }),
        params::items(&O::faults,
            { "faults", "--kill",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Fault injection: \"step=80:worker=1[:phase=allreduce]\" or \"step=5:worker=1:slow=200\"") },
            params::ItemsCodec<std::vector<FaultItem>>{ parseFaults, faultsFromJson, faultsJson }),
        params::choice(&O::scaleMode,
            { "scale_mode", "",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "How the job changes size: live (stop-free) or stop-restart (checkpoint, stop, restart)") },
            kScaleModes),
    };
}

// The leader's own settings.
params::Table<LeaderOptions> leaderParams()
{
    using O = LeaderOptions;
    return {
        params::text(&O::sshCommand, { "ssh", "--ssh", VANTAGE_TRANSLATE_NOOP("Params", "ssh command for --hosts") }),
        params::text(&O::srunCommand,
            { "srun", "--srun", VANTAGE_TRANSLATE_NOOP("Params", "srun command for --launcher slurm") }),
        params::text(&O::listenHost,
            { "listen_host", "--listen",
                VANTAGE_TRANSLATE_NOOP("Params",
                    "Address the control plane and the store listen on (remote hosts need a reachable one)") }),
        params::number(&O::listenPort,
            { "listen_port", "--port", VANTAGE_TRANSLATE_NOOP("Params", "Control port (0: any free port)") }, 0, 65535),
        params::flag(&O::writeJobFile,
            { "write_job_file", "",
                VANTAGE_TRANSLATE_NOOP("Params", "Write the job file (address and token) into the job folder") }),
        params::number(&O::startTimeoutS,
            { "start_timeout_s", "", VANTAGE_TRANSLATE_NOOP("Params", "Seconds the first generation may take to form"),
                "s" },
            0.0, 86400.0, true),
        params::text(&O::restoreFrom,
            { "restore_from", "--resume",
                VANTAGE_TRANSLATE_NOOP(
                    "Params", "Start from a checkpoint (final.pt, last_commit.pt of an ended job)") },
            params::Type::Path),
    };
}

} // namespace

const params::Table<LeaderOptions>& leaderOptionsParams()
{
    static const params::Table<LeaderOptions> table = [] {
        params::Table<LeaderOptions> out = placementParams();
        for (auto& field : leaderParams())
            out.push_back(std::move(field));
        return out;
    }();
    return table;
}

LauncherKind LeaderOptions::effectiveLauncher() const
{
    if (launcher != LauncherKind::Auto)
        return launcher;
    return hosts.empty() ? LauncherKind::Local : LauncherKind::Ssh;
}

namespace {

bool loopback(const std::string& host)
{
    return host == "localhost" || host.starts_with("127.") || host == "::1";
}

void validateLauncher(const LeaderOptions& o)
{
    switch (o.effectiveLauncher()) {
    case LauncherKind::Auto:
    case LauncherKind::Local:
        if (!o.hosts.empty())
            throw Error::invalidInput("a host list is for the ssh launcher, not the local one").forField("hosts");
        break;
    case LauncherKind::Ssh:
        if (o.hosts.empty())
            throw Error::invalidInput("the ssh launcher needs a host list (--hosts FILE)").forField("hosts");
        if (shellWords(o.sshCommand, "ssh").empty())
            throw Error::invalidInput("the ssh command is empty").forField("ssh");
        break;
    case LauncherKind::Slurm: {
        if (!o.hosts.empty())
            throw Error::invalidInput("the Slurm launcher takes its nodes from the allocation, not from a host list")
                .forField("hosts");
        if (shellWords(o.srunCommand, "srun").empty())
            throw Error::invalidInput("the srun command is empty").forField("srun");
        if (!o.devices.empty())
            throw Error::invalidInput("the Slurm launcher starts CPU workers; devices are for local workers")
                .forField("devices");
        const SlurmAllocation a = slurmAllocation(processEnvironment());
        if (a.nodes.size() > 1 && loopback(o.listenHost))
            throw Error::invalidInput("workers on the allocation's other nodes cannot reach " + o.listenHost
                + ": listen on an address of this node (--listen)")
                .forField("listen_host");
        break;
    }
    }
}

} // namespace

void LeaderOptions::validate() const
{
    spec.validate();
    params::checkRanges(leaderOptionsParams(), *this);
    if (workerBinary.empty())
        throw Error::invalidInput("the worker executable is not known").forField("worker_binary");
    if ((spec.trainer == Trainer::Python) != !workerCommand.empty())
        throw Error::invalidInput(spec.trainer == Trainer::Python ? "a script job needs its workers' command line"
                                                                  : "a worker command line is for a script job")
            .forField("worker_command");
    if (jobDir.empty())
        throw Error::invalidInput("the job folder is not set").forField("job_dir");
    if (straggler.enabled
        && (!std::isfinite(straggler.factor) || !(straggler.factor > 1.0) || straggler.steps <= 0
            || straggler.steps > 1000000))
        throw Error::invalidInput("needs a finite factor above 1 and 1..1000000 steps").forField("straggler");
    // Worker ids are handed out in order (w0, w1, ...): one the job can never start is a typo.
    if (!straggler.enabled) {
        std::int64_t running = workers, started = workers;
        for (const auto& s : schedule) {
            running = std::max<std::int64_t>(1, running + s.delta);
            started += scaleMode == ScaleMode::StopRestart ? running : std::max(0, s.delta);
        }
        for (const auto& f : faults)
            if (std::stoll(f.worker.substr(1)) >= started)
                throw Error::invalidInput("worker " + f.worker + " never exists in this job: it starts w0..w"
                    + std::to_string(started - 1) + " (with the schedule)")
                    .forField("faults");
    }
    for (const auto& d : devices)
        (void)deviceEnvironment(d);
    validateLauncher(*this);
    // A damaged checkpoint is named now, not found by every worker in turn.
    if (!restoreFrom.empty())
        (void)inspectCheckpoint(restoreFrom);
}

Json toJson(const LeaderOptions& o)
{
    Json out = params::toJson(leaderOptionsParams(), o);
    out.update({
        { "spec", toJson(o.spec) },
        { "devices", o.devices },
        { "worker_binary", o.workerBinary.string() },
        { "worker_command", o.workerCommand },
        { "job_dir", o.jobDir.string() },
        { "straggler",
            { { "enabled", o.straggler.enabled }, { "factor", o.straggler.factor }, { "steps", o.straggler.steps },
                { "replace", o.straggler.replace } } },
    });
    return out;
}

LeaderOptions leaderOptionsFromJson(const Json& j)
{
    constexpr std::string_view w = "leader options";
    LeaderOptions o;
    o.spec = jobSpecFromJson(detail::requireObjectKey(j, "spec", w));
    params::readJson(leaderOptionsParams(), j, o, w);
    o.devices = jsonFieldOr<std::vector<std::string>>(j, "devices", {}, w);
    o.workerBinary = jsonField<std::string>(j, "worker_binary", w);
    o.workerCommand = jsonFieldOr<std::vector<std::string>>(j, "worker_command", {}, w);
    o.jobDir = jsonField<std::string>(j, "job_dir", w);
    if (j.contains("straggler")) {
        const Json& s = j["straggler"];
        o.straggler
            = { jsonFieldOr<bool>(s, "enabled", false, "straggler"), jsonFieldOr<double>(s, "factor", 2.0, "straggler"),
                  jsonFieldOr<int>(s, "steps", 5, "straggler"), jsonFieldOr<bool>(s, "replace", true, "straggler") };
    }
    o.validate();
    return o;
}

} // namespace vantage::edl
