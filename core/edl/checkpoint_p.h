#pragma once
// Internal to core/edl: the checkpoint file of an elastic job. One line of JSON header
//   {"format": "vantage-edl-checkpoint", "version": 1, "job", "worker", "step", "epoch",
//    "generation", "param_hash", "bytes": N, "checksum": "<FNV-1a 64 of the state, hex>"}
// then N bytes of state (a torch archive of the model and optimizer). Plain C++: the header is
// read and checked without LibTorch, by the leader before any worker starts and by the fuzzers.

#include "common/json.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace vantage::edl {

inline constexpr const char* kCheckpointMagic = "vantage-edl-checkpoint";
inline constexpr std::size_t kMaxCheckpointHeader = 64u << 10;

// FNV-1a 64 of the state bytes, as hex: a checkpoint damaged on disk is told apart from one that
// merely fails to load.
std::string checkpointChecksum(std::string_view state);

struct CheckpointHead {
    Json header;
    std::uint64_t stateOffset = 0;
    std::uint64_t stateBytes = 0;
};

// True when the header has no checksum (older checkpoints) or it matches `state`.
bool checksumMatches(const CheckpointHead& head, std::string_view state);

// Reads and checks the header without reading the state; `verify` also reads the state to check
// its checksum. Errors (Error::invalidInput) name the file and what is wrong with it.
CheckpointHead readCheckpointHead(const std::filesystem::path& file, bool verify);

// The same checks on a checkpoint held in memory (the fuzzers' entry).
CheckpointHead parseCheckpointHead(std::string_view head, std::uint64_t fileSize, const std::string& source);

} // namespace vantage::edl
