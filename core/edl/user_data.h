#pragma once
// The user's training data for the "torchscript" trainer: inputs and targets as NumPy .npy files,
// one row per sample (sample id = row), addressed like the generated data sets so the ledger's
// exactly-once accounting holds. Given as
//   DIR                      holding inputs.npy and targets.npy (or x.npy and y.npy)
//   INPUTS.npy,TARGETS.npy   two files
// Inputs are float32 or float64 of shape (N, ...); targets int64 / int32 class labels of shape (N)
// (cross-entropy) or float32 / float64 of shape (N, ...) (squared error). Both are memory-mapped.

#include "common/npy.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vantage::edl {

struct UserDataFiles {
    std::filesystem::path inputs;
    std::filesystem::path targets;
    NpyHeader inputsHeader;
    NpyHeader targetsHeader;
    std::int64_t samples = 0; // rows of both
    bool classTargets = false; // integer targets: class labels
    std::vector<std::int64_t> sampleShape() const; // inputs' shape without the rows
};

// Finds and checks the two files (headers only); Error::invalidInput names the file and what is wrong.
UserDataFiles resolveUserData(const std::string& spec);

struct JobSpec;
enum class LossFunction;
// Makes `spec` train the user's TorchScript module `model` on `data` with `loss`: checks the model
// file and the data before anything starts, sets the trainer, absolute paths and the sample count
// (the data's rows). What the CLI's --model / --data and the page's Model and Data fields both
// call. `loadIsolated`: the model is also loaded in the sandboxed model reader
// (common/model_reader.h), so a file that crashes, hangs or forges LibTorch is refused before any
// worker starts (seconds at most: the GUI thread passes false and leaves that to the workers,
// which run under the job's limits).
void useUserModel(
    JobSpec& spec, const std::string& model, const std::string& data, LossFunction loss, bool loadIsolated = true);

} // namespace vantage::edl
