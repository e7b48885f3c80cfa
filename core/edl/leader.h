#pragma once
// The leader of an elastic job, run in its own process (vantage-edl-worker leader, or inside
// vantage-cli edl run): it owns membership and generations, the rendezvous store, the data ledger and
// the job's global step, epoch and batch. Workers report every step; the leader commits a step once
// every member has reported it, and at that boundary applies what is pending: joiners that are READY
// (stop-free scale-out), workers asked to leave (graceful scale-in), members that died (failure:
// survivors restore the last commit and carry on). Clients attach to it to watch and steer.

#include "common/progress.h"
#include "edl/job.h"
#include "edl/launcher.h"

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace vantage::edl {

// "+2" at a committed step: two joiners are started then; "-1": the newest member leaves.
struct ScheduleItem {
    std::int64_t step = 0;
    int delta = 0;
};
// Parses "step=50:+1,step=120:-1". Errors name the option and the item.
std::vector<ScheduleItem> parseSchedule(const std::string& text);

// Fault injection for experiments and tests: the worker kills itself with SIGKILL at `phase` of
// `step` ("loading": before READY; "compute": before the allreduce; "allreduce": with the first
// gradient bucket in flight; "commit": after the update, before reporting; "committed": after the
// commit), or from `step` on sleeps `slowMs` per step (a straggler).
struct FaultItem {
    std::int64_t step = 0;
    std::string worker; // "w1"
    std::string phase = "allreduce";
    std::int64_t slowMs = 0; // > 0: a slowdown instead of a kill
};
// Parses "step=80:worker=1[:phase=allreduce]" and "step=5:worker=1:slow=200", comma separated.
std::vector<FaultItem> parseFaults(const std::string& text);

enum class ScaleMode {
    Live, // stop-free: joiners load in the background, the group switches at a step boundary
    StopRestart // the baseline: checkpoint, stop every worker, start the new set, restore
};
inline constexpr EnumTable<ScaleMode, 2> kScaleModes{ .field = "scale_mode",
    .entries = { { { ScaleMode::Live, "live" }, { ScaleMode::StopRestart, "stop-restart" } } },
    .what = "scale mode" };
constexpr const auto& enumTable(ScaleMode)
{
    return kScaleModes;
}

// Where workers run: auto is ssh with hosts, else local; slurm makes each worker a job step of the
// allocation the leader runs in (launcher.h's SlurmLauncher).
enum class LauncherKind {
    Auto,
    Local,
    Ssh,
    Slurm
};
inline constexpr EnumTable<LauncherKind, 4> kLauncherKinds{ .field = "launcher",
    .entries = { { { LauncherKind::Auto, "auto" }, { LauncherKind::Local, "local" }, { LauncherKind::Ssh, "ssh" },
        { LauncherKind::Slurm, "slurm" } } },
    .what = "launcher" };
constexpr const auto& enumTable(LauncherKind)
{
    return kLauncherKinds;
}

// Straggler mitigation: a member whose compute time stays above factor x the median of the others
// for `steps` committed steps is replaced by a new worker (or only removed).
struct StragglerPolicy {
    bool enabled = false;
    double factor = 2.0;
    int steps = 5;
    bool replace = true;
};

struct LeaderOptions {
    JobSpec spec;
    int workers = 2; // the first generation
    std::vector<std::string> devices; // local workers' devices, round robin ("cpu" when empty)
    LauncherKind launcher = LauncherKind::Auto;
    std::vector<HostEntry> hosts; // workers over ssh on these hosts (launcher auto or ssh)
    std::string sshCommand = "ssh";
    std::string srunCommand = "srun"; // launcher slurm
    std::string listenHost = "127.0.0.1";
    int listenPort = 0; // 0: a free port
    std::filesystem::path workerBinary; // vantage-edl-worker (local path; default for ssh hosts)
    // A script job's workers ({python, script.py, args...}, the same on every host); empty: workerBinary.
    std::vector<std::string> workerCommand;
    std::filesystem::path jobDir; // logs, consumed-sample log, checkpoints, job file, report
    std::vector<ScheduleItem> schedule;
    std::vector<FaultItem> faults;
    ScaleMode scaleMode = ScaleMode::Live;
    StragglerPolicy straggler;
    bool writeJobFile = true; // <jobDir>/job.json with address and token (mode 0600)
    double startTimeoutS = 120.0; // the first generation must form within this
    std::string restoreFrom; // start from this checkpoint instead of a fresh model

    void validate() const; // throws Error::invalidInput naming the field
    // The launcher this job uses (auto resolved: ssh with hosts, else local).
    LauncherKind effectiveLauncher() const;
};
// The fields of LeaderOptions (keys "workers", "hosts", "schedule", "faults", "scale_mode", "ssh",
// "listen_host", ...), declared once for vantage-cli's edl run and start, the EDL page and the
// options file.
const params::Table<LeaderOptions>& leaderOptionsParams();
Json toJson(const LeaderOptions& o);
LeaderOptions leaderOptionsFromJson(const Json& j);

// Makes `o` a job whose workers run the user's Python script (the vantage_edl module; docs/edl.md,
// "From Python"): trainer "python", the script (made absolute and checked to exist when the workers
// are local, i.e. o.hosts is empty), and the command line {python, script, args...}; an empty
// `python` is $VANTAGE_PYTHON, else python3. When the module was built beside o.workerBinary (the
// build tree's python/ folder) and PYTHONPATH does not name it, it is added to this process's
// PYTHONPATH, which local workers inherit. Throws Error::invalidInput naming the script.
void useScript(
    LeaderOptions& o, const std::string& script, const std::string& python, const std::vector<std::string>& args);

struct EpochCheck {
    std::int64_t epoch = 0;
    std::int64_t samples = 0;
    std::int64_t seenOnce = 0;
    std::int64_t seenMore = 0; // samples committed more than once (must stay 0)
    std::int64_t unseen = 0;
    bool complete = false; // the job reached the end of this epoch
};

struct ReplicaCheck {
    std::int64_t generation = 0;
    std::int64_t step = 0; // the first step of that generation
    std::string when; // "switch": right after the state transfer; "first_step": after its first update
    std::map<std::string, std::string> hashes; // worker -> parameter hash
    bool equal = false;
};

struct SeriesSample {
    std::int64_t step = 0;
    double value = 0.0;
};

// What a finished job reports (also written to <jobDir>/report.json).
struct JobReport {
    JobStatus status;
    std::vector<ScaleEvent> events;
    std::vector<FailureEvent> failures;
    std::vector<EpochCheck> epochs;
    bool exactlyOnce = false; // complete epochs: every sample once; partial epochs: none twice
    std::vector<ReplicaCheck> replicaChecks;
    bool replicasEqual = false; // at every committed step, every member held the same parameters
    double finalLoss = 0.0;
    std::vector<SeriesSample> loss;
    std::vector<SeriesSample> throughput;
    std::vector<SeriesSample> workers;
    std::map<std::string, std::vector<SeriesSample>> stepTimes; // compute seconds per worker, per step it took part in
    double durationS = 0.0;
};
Json toJson(const JobReport& r);

class Leader {
public:
    // Binds the control socket and the rendezvous store and writes the job file; starts no worker yet.
    explicit Leader(LeaderOptions options);
    ~Leader(); // kills every process it started
    Leader(const Leader&) = delete;
    Leader& operator=(const Leader&) = delete;

    JobAddress address() const;

    // Launches the first workers and runs the job to its end, reporting the share of the job's
    // samples trained as steps commit. Cancelling stops the job gracefully (the current step is
    // committed and saved). Returns the report; throws only for failures of the leader itself (a job
    // whose workers all died ends with state Failed in the report).
    JobReport run(Progress& progress, const CancelToken& cancel);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace vantage::edl
