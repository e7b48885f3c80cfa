// vantage-edl-worker: one process of an elastic training job.
//   vantage-edl-worker                     a worker; the leader's launcher sets VANTAGE_EDL_* for it
//   vantage-edl-worker --token-stdin       the same, the token on stdin (ssh); ends when stdin closes
//   vantage-edl-worker leader --options F  the job's leader, detached (started by `vantage-cli edl start`)
//   vantage-edl-worker inspect CHECKPOINT  prints a checkpoint's header as JSON
//   vantage-edl-worker calibrate --dir D --rank R --size N
//                                          one process of FT's calibration (started by edl::measureDevices)
// Exit codes: 0 the job finished or this worker left, 1 failure, 2 bad input, 3 leader lost,
// 4 the job failed, 5 terminated.

#include "common/error.h"
#include "common/json.h"
#include "common/version.h"
#include "edl/calibration.h"
#include "edl/elastic.h"
#include "edl/leader.h"
#include "edl/trainers.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <iostream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace {

std::atomic<bool> g_terminate{ false };
vantage::CancelToken* g_cancel = nullptr;

extern "C" void onSignal(int)
{
    g_terminate.store(true);
    if (g_cancel)
        g_cancel->cancel();
}

int runWorker(bool tokenFromStdin)
{
    using namespace vantage::edl;
    WorkerEnvironment env = WorkerEnvironment::fromEnvironment();
    env.terminate = &g_terminate;
    if (tokenFromStdin) // over ssh; a closed stdin then means the leader's side is gone: end like on SIGTERM
        env.readTokenFromStdin(g_terminate);
    ElasticContext ctx(env);
    const TrainerResult r = runBuiltinTrainer(ctx);
    std::cerr << "vantage-edl-worker " << ctx.workerId() << ": " << vantage::enumName(r.reason) << " after " << r.steps
              << " committed step(s), " << r.rolledBack << " rolled back"
              << (r.message.empty() ? std::string() : " (" + r.message + ")") << std::endl;
    return workerExitCode(r.reason);
}

int runLeader(const std::string& optionsFile)
{
    using namespace vantage::edl;
    const LeaderOptions options = leaderOptionsFromJson(vantage::readJsonFile(optionsFile));
    vantage::CancelToken cancel;
    g_cancel = &cancel;
    Leader leader(options);
    std::cerr << "vantage-edl leader: job " << leader.address().jobId << " on " << leader.address().endpoint
              << std::endl;
    vantage::NullProgress progress;
    const JobReport report = leader.run(progress, cancel);
    std::cerr << "vantage-edl leader: " << vantage::enumName(report.status.state)
              << (report.status.message.empty() ? std::string() : " (" + report.status.message + ")") << ", final loss "
              << report.finalLoss << std::endl;
    return report.status.state == JobState::Failed ? 4 : 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    std::signal(SIGHUP, onSignal);
    std::signal(SIGPIPE, SIG_IGN);
    // Everything a job writes (logs, checkpoints, reports, the job file with its token) is its
    // owner's alone, whatever the folder it was given.
    ::umask(077);

    CLI::App app{ "A worker (or, with `leader`, the leader) of a Vantage elastic training job", "vantage-edl-worker" };
    app.set_version_flag(
        "--version", std::string("vantage-edl-worker ") + VANTAGE_VERSION + " (" + VANTAGE_GIT_DESCRIBE + ")");
    bool tokenStdin = false;
    app.add_flag("--token-stdin", tokenStdin, "Read the job token from the first line of stdin; end when stdin closes");
    std::string optionsFile, checkpoint;
    auto* leader = app.add_subcommand("leader", "Run a job's leader (as `vantage-cli edl start` does)");
    leader->add_option("--options", optionsFile, "Leader options (JSON, written by vantage-cli)")->required();
    auto* inspect = app.add_subcommand("inspect", "Print a checkpoint's header as JSON");
    inspect->add_option("CHECKPOINT", checkpoint, "Checkpoint file")->required();
    std::string calibrationDir;
    int rank = 0, size = 1;
    auto* calibrate
        = app.add_subcommand("calibrate", "One process of FT's calibration (as `vantage-cli ft calibrate`)");
    calibrate->add_option("--dir", calibrationDir, "The calibration's folder")->required();
    calibrate->add_option("--rank", rank, "This process's rank")->required()->check(CLI::Range(0, 4095));
    calibrate->add_option("--size", size, "Processes in all")->required()->check(CLI::Range(1, 4096));

    try {
        app.parse(argc, argv);
        if (*leader)
            return runLeader(optionsFile);
        if (*calibrate) {
            // Stopped by its parent with SIGTERM, possibly inside a collective: end at once.
            std::signal(SIGTERM, SIG_DFL);
            vantage::edl::runCalibrationWorker(calibrationDir, rank, size);
            return 0;
        }
        if (*inspect) {
            std::cout << vantage::edl::inspectCheckpoint(checkpoint).dump(2) << std::endl;
            return 0;
        }
        return runWorker(tokenStdin);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2;
    } catch (const vantage::Error& e) {
        std::cerr << "vantage-edl-worker: error: " << e.what() << std::endl;
        return e.kind() == vantage::Error::Kind::InvalidInput ? 2 : 1;
    } catch (const std::exception& e) {
        std::cerr << "vantage-edl-worker: error: " << e.what() << std::endl;
        return 1;
    }
}
