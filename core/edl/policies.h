#pragma once
// Policies on top of the elastic API: each is a few dozen lines over scale_out / scale_in and the
// job's status. (Straggler mitigation needs every step's timings and runs inside the leader:
// LeaderOptions::straggler.)

#include "common/progress.h"
#include "edl/client.h"
#include "edl/job.h"

#include <functional>
#include <string>
#include <vector>

namespace vantage::edl {

// Waits until `done(status)` holds, polling the job; throws Error::failure after timeoutS or when the
// job ends first, Cancelled when the token is set.
JobStatus waitForJob(const JobClient& job, const std::function<bool(const JobStatus&)>& done, double timeoutS,
    const CancelToken& cancel = {});

// Migration: scale out on the new devices, wait until the joiners train, then scale in the old
// workers (default: every current member), reporting each half. Returns the job's scale events
// caused by the move; Cancelled when the token is set (the job keeps what was done by then).
struct MigrationOptions {
    std::vector<std::string> from; // worker ids to move away from; empty: all current members
    std::vector<std::string> devices; // where to go (one worker each); empty: as many on the next slots
    double timeoutS = 120.0;
};
std::vector<ScaleEvent> migrate(
    const JobClient& job, const MigrationOptions& options, Progress& progress, const CancelToken& cancel);

// Throughput profiling: runs the job at 1..maxWorkers workers for `steps` committed steps each, and
// records samples/s at each size (the scaling curve), reporting each size measured; the job returns
// to its size afterwards. Cancelled when the token is set.
struct ProfilePoint {
    int workers = 0;
    double samplesPerS = 0.0;
    double stepS = 0.0; // median wall time of a step
};
struct ProfileOptions {
    int maxWorkers = 3;
    int steps = 10;
    double timeoutS = 120.0;
};
std::vector<ProfilePoint> profileThroughput(
    const JobClient& job, const ProfileOptions& options, Progress& progress, const CancelToken& cancel);

// Idle-device scale-out: the GPUs of this machine that no worker of the job uses ("cuda:N"), and a
// scale-out onto each of them. Returns the new worker ids (none on a machine without idle GPUs).
std::vector<std::string> idleDevices(const std::vector<std::string>& machineDevices, const JobStatus& status);
std::vector<std::string> scaleOutOnIdleGpus(const JobClient& job);

} // namespace vantage::edl
