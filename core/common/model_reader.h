#pragma once
// vantage-model-reader, the child process in which LibTorch reads users' model files (sandbox.h):
// where it is, the limits a load runs under, and the check an elastic job makes of a TorchScript
// model before any worker loads it.

#include "common/json.h"
#include "common/sandbox.h"

#include <filesystem>

namespace vantage {

// The limits a model load runs under: 120 s, 4 GiB of address space beyond the reader's libraries;
// VANTAGE_MODEL_TIMEOUT (seconds) and VANTAGE_MODEL_MEMORY (GiB) change them (a bad value is
// Error::invalidInput naming the variable).
SandboxLimits modelLoadLimits();

// $VANTAGE_MODEL_READER, else beside the running program, else app/model-reader/ of the build tree,
// else on PATH.
std::filesystem::path modelReaderProgram();

// Loads the TorchScript module in the reader and checks every tensor it holds against its storage:
// {"parameters": scalars, "tensors": count}. What LibTorch cannot load, or what crashes, hangs or
// blows up the reader, is Error::invalidInput naming the file.
Json loadTorchScriptIsolated(const std::filesystem::path& file, const SandboxLimits& limits = modelLoadLimits(),
    const CancelToken& cancel = CancelToken());

} // namespace vantage
