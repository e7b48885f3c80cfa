// Elastic training on this machine (CPU workers, Gloo over 127.0.0.1), printed as JSON; asserts
// nothing. Throughput of 1, 2 and 3 workers at a constant global batch; the pause of a stop-free
// scale-out and scale-in against a stop-restart baseline of the same schedule in the same run (and
// their ratio); failure detection of a crashed worker (SIGKILL) and of a hung one (SIGSTOP).
//   bench_edl [--samples N] [--batch B]

#include "common/json.h"
#include "edl/client.h"
#include "edl/leader.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <thread>
#include <unistd.h>

using namespace vantage;
using namespace vantage::edl;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

fs::path g_root;
std::int64_t g_samples = 8192;
std::int64_t g_batch = 64;

// A job to its end; the bench watches no progress and cancels nothing.
JobReport runToEnd(const LeaderOptions& options)
{
    Leader leader(options);
    NullProgress progress;
    return leader.run(progress, CancelToken{});
}

LeaderOptions options(const std::string& name, int workers)
{
    LeaderOptions o;
    o.spec.trainer = Trainer::Mlp;
    o.spec.samples = g_samples;
    o.spec.epochs = 1;
    o.spec.globalBatch = g_batch;
    o.spec.hidden = 64;
    o.spec.timeouts.failureS = 2.0;
    o.spec.timeouts.collectiveS = 5.0;
    o.workers = workers;
    o.workerBinary = VANTAGE_EDL_WORKER_BIN;
    o.jobDir = g_root / name;
    return o;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

// Samples/s of a static job, from the leader's per-step throughput after a warm-up.
Json throughput(int workers)
{
    const JobReport r = runToEnd(options("throughput-" + std::to_string(workers), workers));
    std::vector<double> tp;
    for (std::size_t i = 5; i < r.throughput.size(); ++i)
        tp.push_back(r.throughput[i].value);
    return { { "workers", workers }, { "samples_per_s", median(tp) }, { "steps", r.status.step },
        { "state", enumName(r.status.state) } };
}

Json pauses(const JobReport& r)
{
    Json a = Json::array();
    for (const auto& e : r.events)
        a.push_back({ { "kind", enumName(e.kind) }, { "step", e.step }, { "workers_before", e.workersBefore },
            { "workers_after", e.workersAfter }, { "pause_s", e.pauseS } });
    return a;
}

double pauseOf(const JobReport& r, ScaleKind kind)
{
    for (const auto& e : r.events)
        if (e.kind == kind)
            return e.pauseS;
    return 0.0;
}

Json scalePauses()
{
    auto live = options("live", 2);
    live.schedule = parseSchedule("step=5:+1,step=20:-1");
    live.faults = parseFaults("step=0:worker=0:slow=30"); // long enough for the joiner to load in the background
    auto stop = live;
    stop.scaleMode = ScaleMode::StopRestart;
    stop.jobDir = g_root / "stop-restart";
    JobReport a = runToEnd(live);
    JobReport b = runToEnd(stop);
    Json out = { { "stop_free", pauses(a) }, { "stop_restart", pauses(b) } };
    for (ScaleKind kind : { ScaleKind::ScaleOut, ScaleKind::ScaleIn }) {
        const double x = pauseOf(a, kind), y = pauseOf(b, kind);
        out[std::string(enumName(kind)) + "_ratio"] = y > 0 ? x / y : 0.0;
    }
    out["exactly_once"] = a.exactlyOnce && b.exactlyOnce;
    out["replicas_equal"] = a.replicasEqual && b.replicasEqual;
    return out;
}

// Runs a 3-worker job, hits worker w1 with `sig` after a few steps, and times the failure event.
Json detection(int sig)
{
    auto o = options(sig == SIGKILL ? "crash" : "hang", 3);
    o.faults = parseFaults("step=0:worker=0:slow=20");
    Leader leader(o);
    const JobAddress address = leader.address();
    Json result;
    std::thread observer([&] {
        try {
            EventStream events(address, { .name = "bench" });
            JobClient job(address);
            Clock::time_point hit{}, detected{}, resumed{};
            std::int64_t failedGeneration = 0;
            while (!events.jobEnded()) {
                auto e = events.next(0.1);
                if (!e)
                    continue;
                const auto now = Clock::now();
                if (const auto* st = std::get_if<StepEvent>(&e->payload)) {
                    if (st->step == 10 && hit == Clock::time_point{}) {
                        for (const auto& w : job.status().workers)
                            if (w.id == "w1")
                                ::kill(static_cast<pid_t>(w.pid), sig);
                        hit = Clock::now();
                    }
                    if (failedGeneration > 0 && st->generation > failedGeneration && resumed == Clock::time_point{})
                        resumed = now;
                } else if (const auto* f = std::get_if<FailureEvent>(&e->payload);
                           f && detected == Clock::time_point{}) {
                    detected = now;
                    result["reason"] = f->reason;
                } else if (const auto* g = std::get_if<GenerationEvent>(&e->payload);
                           g && detected != Clock::time_point{} && !failedGeneration) {
                    failedGeneration = g->generation - 1;
                }
            }
            result["detection_s"] = std::chrono::duration<double>(detected - hit).count();
            result["recovered_s"] = std::chrono::duration<double>(resumed - hit).count();
        } catch (const std::exception& e) {
            result["error"] = e.what();
        }
    });
    NullProgress progress;
    const JobReport r = leader.run(progress, CancelToken{});
    observer.join();
    result["state"] = enumName(r.status.state);
    result["exactly_once"] = r.exactlyOnce;
    result["pause_s"] = r.events.empty() ? 0.0 : r.events.front().pauseS;
    return result;
}

} // namespace

int main(int argc, char** argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--samples") == 0)
            g_samples = std::stoll(argv[i + 1]);
        else if (std::strcmp(argv[i], "--batch") == 0)
            g_batch = std::stoll(argv[i + 1]);
    }
    char tmpl[] = "/tmp/bench-edl-XXXXXX";
    if (!::mkdtemp(tmpl)) {
        std::cerr << "bench_edl: cannot create a temporary folder\n";
        return 1;
    }
    g_root = tmpl;
    Json out;
    try {
        out["machine"] = { { "cpu_threads", std::thread::hardware_concurrency() }, { "samples", g_samples },
            { "batch", g_batch } };
        Json tp = Json::array();
        for (int n = 1; n <= 3; ++n)
            tp.push_back(throughput(n));
        out["throughput"] = tp;
        out["scale_pause"] = scalePauses();
        out["failure_detection"] = { { "crash_sigkill", detection(SIGKILL) }, { "hang_sigstop", detection(SIGSTOP) },
            { "failure_timeout_s", 2.0 } };
    } catch (const std::exception& e) {
        out["error"] = e.what();
    }
    std::error_code ec;
    fs::remove_all(g_root, ec);
    std::cout << out.dump(2) << std::endl;
    return out.contains("error") ? 1 : 0;
}
