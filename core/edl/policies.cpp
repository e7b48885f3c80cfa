#include "edl/policies.h"

#include "common/devices.h"
#include "common/error.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

namespace vantage::edl {

namespace {

using Clock = std::chrono::steady_clock;

bool isActive(const WorkerInfo& w)
{
    return w.state == WorkerState::Active;
}

std::vector<std::string> activeIds(const JobStatus& s)
{
    std::vector<std::string> ids;
    for (const auto& w : s.workers)
        if (isActive(w))
            ids.push_back(w.id);
    return ids;
}

const WorkerInfo* workerById(const JobStatus& s, const std::string& id)
{
    for (const auto& w : s.workers)
        if (w.id == id)
            return &w;
    return nullptr;
}

} // namespace

JobStatus waitForJob(
    const JobClient& job, const std::function<bool(const JobStatus&)>& done, double timeoutS, const CancelToken& cancel)
{
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutS);
    for (;;) {
        cancel.throwIfCancelled();
        JobStatus s = job.status();
        if (done(s))
            return s;
        if (isFinal(s.state))
            throw Error::failure(
                "the job ended (" + std::string(enumName(s.state)) + ") before the policy could finish");
        if (Clock::now() > deadline)
            throw Error::failure(
                "timed out after " + std::to_string(static_cast<int>(timeoutS)) + " s waiting for the job");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

std::vector<ScaleEvent> migrate(
    const JobClient& job, const MigrationOptions& o, Progress& progress, const CancelToken& cancel)
{
    const JobStatus before = job.status();
    std::vector<std::string> from = o.from.empty() ? activeIds(before) : o.from;
    for (const auto& id : from) {
        const WorkerInfo* w = workerById(before, id);
        if (!w || !isActive(*w))
            throw Error::invalidInput("worker '" + id + "' is not an active member of the job").forField("from");
    }
    const int count = o.devices.empty() ? static_cast<int>(from.size()) : static_cast<int>(o.devices.size());
    if (count <= 0)
        throw Error::invalidInput("nothing to migrate").forField("from");
    progress.report(0.1, "starting the new workers");
    const auto joined = job.scaleOut(count, o.devices);
    // Scale-out first: the new workers join without a stop; a joiner that fails aborts the move.
    waitForJob(
        job,
        [&](const JobStatus& s) {
            for (const auto& id : joined) {
                const WorkerInfo* w = workerById(s, id);
                if (w && w->state == WorkerState::Failed)
                    throw Error::failure("joiner " + id + " failed; the job keeps its old workers");
                if (!w || !isActive(*w))
                    return false;
            }
            return true;
        },
        o.timeoutS, cancel);
    progress.report(0.5, "removing the old workers");
    job.scaleIn(from);
    // Done when the old workers are gone and both changes have their measured pause: a change's
    // event is recorded at the first step of the new group, a moment after the members switch.
    const JobStatus after = waitForJob(
        job,
        [&](const JobStatus& s) {
            return s.scaleEvents.size() >= before.scaleEvents.size() + 2
                && std::all_of(from.begin(), from.end(), [&](const std::string& id) {
                       const WorkerInfo* w = workerById(s, id);
                       return w && !isActive(*w) && w->state != WorkerState::Leaving;
                   });
        },
        o.timeoutS, cancel);
    progress.report(1.0, "moved");
    return { after.scaleEvents.begin()
            + static_cast<std::ptrdiff_t>(std::min(after.scaleEvents.size(), before.scaleEvents.size())),
        after.scaleEvents.end() };
}

std::vector<ProfilePoint> profileThroughput(
    const JobClient& job, const ProfileOptions& o, Progress& progress, const CancelToken& cancel)
{
    if (o.maxWorkers <= 0 || o.steps <= 0)
        throw Error::invalidInput("needs at least one worker and one step").forField("profile");
    const auto original = static_cast<int>(job.status().activeWorkers());
    std::vector<ProfilePoint> curve;
    auto resize = [&](int target) {
        const JobStatus s = job.status();
        const int now = static_cast<int>(s.activeWorkers());
        if (target > now)
            job.scaleOut(target - now);
        else if (target < now)
            job.scaleInCount(now - target);
        waitForJob(
            job,
            [&](const JobStatus& x) {
                const bool pending = std::any_of(x.workers.begin(), x.workers.end(), [](const WorkerInfo& w) {
                    return w.state == WorkerState::Starting || w.state == WorkerState::Loading
                        || w.state == WorkerState::Ready || w.state == WorkerState::Leaving;
                });
                return !pending && x.activeWorkers() == target;
            },
            o.timeoutS, cancel);
    };
    for (int k = 1; k <= o.maxWorkers; ++k) {
        resize(k);
        // Measure over `steps` committed steps at this size, timed by the leader's own clock.
        EventStream events(job.address(), { .name = "profile", .timeoutS = 5.0 });
        std::vector<StepEvent> steps;
        std::vector<double> times;
        const auto deadline = Clock::now() + std::chrono::duration<double>(o.timeoutS);
        while (static_cast<int>(steps.size()) <= o.steps) {
            cancel.throwIfCancelled();
            if (Clock::now() > deadline)
                throw Error::failure("timed out measuring " + std::to_string(k) + " worker(s)");
            if (events.jobEnded())
                throw Error::failure("the job ended while profiling");
            auto e = events.next(0.2);
            if (!e)
                continue;
            if (const auto* st = std::get_if<StepEvent>(&e->payload); st && st->workers == k) {
                steps.push_back(*st);
                times.push_back(e->timeS);
            }
        }
        // The first step only marks the start; the samples of the following ones took times.back() - times.front().
        double samples = 0.0;
        for (std::size_t i = 1; i < steps.size(); ++i)
            samples += static_cast<double>(steps[i].samples);
        const double seconds = std::max(1e-9, times.back() - times.front());
        std::vector<double> wall;
        for (const auto& st : steps)
            wall.push_back(st.stepS);
        std::nth_element(wall.begin(), wall.begin() + static_cast<std::ptrdiff_t>(wall.size() / 2), wall.end());
        curve.push_back({ k, samples / seconds, wall[wall.size() / 2] });
        progress.report(static_cast<double>(k) / o.maxWorkers, "profiling " + std::to_string(k) + " worker(s)");
    }
    if (original > 0)
        resize(original);
    return curve;
}

std::vector<std::string> idleDevices(const std::vector<std::string>& machineDevices, const JobStatus& status)
{
    std::set<std::string> used;
    for (const auto& w : status.workers)
        if (w.state != WorkerState::Failed && w.state != WorkerState::Left && (w.host == "localhost" || w.host.empty()))
            used.insert(w.device);
    std::vector<std::string> idle;
    for (const auto& d : machineDevices)
        if (d != "cpu" && !used.count(d))
            idle.push_back(d);
    return idle;
}

std::vector<std::string> scaleOutOnIdleGpus(const JobClient& job)
{
    const DeviceReport report = probeDevices();
    std::vector<std::string> devices;
    for (const auto& g : report.gpus)
        devices.push_back("cuda:" + std::to_string(g.index));
    const auto idle = idleDevices(devices, job.status());
    if (idle.empty())
        return {};
    return job.scaleOut(static_cast<int>(idle.size()), idle);
}

} // namespace vantage::edl
