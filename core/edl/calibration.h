#pragma once
// The measuring side of FT's calibration (`vantage-cli ft calibrate`): this machine's devices as
// processes of one c10d group, started and watched the way an elastic job's workers are. The
// caller's process serves the rendezvous store (StoreHost, with a fresh token) and starts N
// `vantage-edl-worker calibrate` processes (ChildProcess, each with `threads` intra-op threads);
// they form Gloo groups of 2..N devices over the store and measure, all devices at once, matmuls,
// copies, a tiny op and the collectives (common/calibration.h says what each figure is). Rank 0
// reports its progress and writes the figures into the calibration's private folder. A worker
// that ends early, a Cancel or a stall ends every worker: nothing is left running or waiting.

#include "common/calibration.h"

#include <filesystem>

namespace vantage::edl {

// Measures `plan` with the worker binary `worker` (findWorkerBinary). Error::invalidInput for a plan
// out of range; Error::failure naming the worker, how it ended and its log's last lines when one
// ends early, or when the workers say nothing for plan.stallS; vantage::Cancelled on `cancel`.
DeviceSamples measureDevices(
    const CalibrationPlan& plan, const std::filesystem::path& worker, Progress& progress, const CancelToken& cancel);

// The worker's side (`vantage-edl-worker calibrate --dir DIR --rank R --size N`; the store's
// endpoint, token and key prefix in VANTAGE_EDL_ENDPOINT, VANTAGE_EDL_TOKEN and
// VANTAGE_EDL_STORE_PREFIX). Throws what goes wrong.
void runCalibrationWorker(const std::filesystem::path& dir, int rank, int size);

} // namespace vantage::edl
