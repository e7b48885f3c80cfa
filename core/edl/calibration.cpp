// The calibration's parent: the rendezvous store, the worker processes and the wait on them.
#include "edl/calibration.h"

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "edl/client.h"
#include "edl/launcher.h"
#include "edl/protocol.h"
#include "edl/store_host.h"

#include <chrono>
#include <csignal>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

namespace vantage::edl {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPoll = std::chrono::milliseconds(20);
constexpr double kStopGraceS = 2.0; // the wait for a killed worker to be reaped

// The last lines of a worker's log, for the error that names it.
std::string logTail(const std::filesystem::path& log, std::size_t lines = 6)
{
    std::ifstream in(log);
    std::vector<std::string> all;
    for (std::string line; std::getline(in, line);)
        all.push_back(line);
    std::string out;
    for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i)
        out += "\n  " + all[i];
    return out;
}

// The workers of one calibration; every one still running ends with it.
class CalibrationWorkers {
public:
    CalibrationWorkers(const CalibrationPlan& plan, const std::filesystem::path& worker,
        const std::filesystem::path& dir, const StoreHost& store, const std::string& token)
        : m_dir(dir)
    {
        const std::string endpoint = "tcp://127.0.0.1:" + std::to_string(store.port());
        for (int rank = 0; rank < plan.devices; ++rank) {
            const std::map<std::string, std::string> env{ { "VANTAGE_EDL_ENDPOINT", endpoint },
                { "VANTAGE_EDL_TOKEN", token }, { "VANTAGE_EDL_WORKER_ID", "calibrate" + std::to_string(rank) },
                { "VANTAGE_EDL_GLOO_HOST", "127.0.0.1" }, { "VANTAGE_EDL_STORE_PREFIX", store.generationPrefix(1) },
                { "OMP_NUM_THREADS", std::to_string(plan.threads) }, { "CUDA_VISIBLE_DEVICES", "" } };
            m_children.push_back(std::make_unique<ChildProcess>(
                std::vector<std::string>{ worker.string(), "calibrate", "--dir", dir.string(), "--rank",
                    std::to_string(rank), "--size", std::to_string(plan.devices) },
                env, logOf(rank), std::string(), true));
        }
    }
    ~CalibrationWorkers() { stop(); }

    std::filesystem::path logOf(int rank) const { return m_dir / ("worker" + std::to_string(rank) + ".log"); }

    // True once every worker ended well; throws naming the first that ended otherwise.
    bool finished()
    {
        bool all = true;
        for (std::size_t rank = 0; rank < m_children.size(); ++rank) {
            const auto exit = m_children[rank]->poll();
            if (!exit) {
                all = false;
                continue;
            }
            if (*exit != "exit code 0") {
                stop();
                throw Error::failure("calibration worker " + std::to_string(rank) + " ended (" + *exit
                    + ") before the calibration finished; the end of its log " + logOf(static_cast<int>(rank)).string()
                    + ":" + logTail(logOf(static_cast<int>(rank))));
            }
        }
        return all;
    }

    // SIGKILL: a worker keeps nothing worth a graceful end, and a child not yet exec'd would run
    // its parent's handler of a catchable signal.
    void stop()
    {
        for (auto& c : m_children)
            c->signal(SIGKILL);
        for (auto& c : m_children)
            c->terminate(kStopGraceS);
    }

private:
    std::filesystem::path m_dir;
    std::vector<std::unique_ptr<ChildProcess>> m_children;
};

// Rank 0's "done total" line, as a fraction; -1 before it wrote one.
double readProgress(const std::filesystem::path& file)
{
    std::ifstream in(file);
    double done = 0.0, total = 0.0;
    if (!(in >> done >> total) || total <= 0.0)
        return -1.0;
    return std::clamp(done / total, 0.0, 1.0);
}

// Removes the calibration's folder when the calibration succeeded or was cancelled; a failed one
// keeps it for the logs its error names.
struct FolderGuard {
    std::filesystem::path dir;
    bool keep = false;
    ~FolderGuard()
    {
        std::error_code ec;
        if (!keep)
            std::filesystem::remove_all(dir, ec);
    }
};

void waitForWorkers(CalibrationWorkers& workers, const std::filesystem::path& dir, double stallS, Progress& progress,
    const CancelToken& cancel)
{
    double last = -1.0;
    auto lastChange = Clock::now();
    while (!workers.finished()) {
        if (cancel.isCancelled()) {
            workers.stop();
            cancel.throwIfCancelled();
        }
        const double fraction = readProgress(dir / "progress");
        if (fraction > last) {
            last = fraction;
            lastChange = Clock::now();
            progress.report(0.05 + 0.9 * fraction, "calibration");
        } else if (std::chrono::duration<double>(Clock::now() - lastChange).count() > stallS) {
            workers.stop();
            throw Error::failure("the calibration workers said nothing for " + std::to_string(int(stallS))
                + " s (--stall); their logs are in " + dir.string());
        }
        std::this_thread::sleep_for(kPoll);
    }
}

} // namespace

DeviceSamples measureDevices(const CalibrationPlan& requested, const std::filesystem::path& worker, Progress& progress,
    const CancelToken& cancel)
{
    params::checkRanges(calibrationPlanParams(), requested);
    CalibrationPlan plan = requested;
    const MachineInfo machine = thisMachine();
    if (plan.devices == 0)
        plan.devices = machine.cores;
    cancel.throwIfCancelled();
    progress.report(0.0, "starting workers");

    FolderGuard folder{ newJobDir(defaultJobRoot()) };
    writeJsonFile(folder.dir / "plan.json", toJson(plan), 2, FileAccess::OwnerOnly);
    const std::string token = newToken();
    StoreHost store({ .host = "127.0.0.1", .port = 0, .token = token, .maxWaitS = std::max(60.0, plan.stallS) });
    CalibrationWorkers workers(plan, worker, folder.dir, store, token);
    progress.report(0.05, "calibration");
    try {
        waitForWorkers(workers, folder.dir, plan.stallS, progress, cancel);
    } catch (const Cancelled&) {
        throw;
    } catch (...) {
        folder.keep = true;
        throw;
    }
    DeviceSamples samples = deviceSamplesFromJson(readJsonFile(folder.dir / "samples.json"));
    const std::string torchVersion = samples.machine.torchVersion, backend = samples.machine.backend;
    samples.machine = machine;
    samples.machine.torchVersion = torchVersion;
    samples.machine.backend = backend;
    progress.report(0.95, "fitting");
    return samples;
}

} // namespace vantage::edl
