#pragma once
// What a model file is, judged from its zip directory before LibTorch reads a byte of it: a
// TorchScript archive (torch.jit.save), a torch.save file of weights, a torch.export program
// (.pt2), or something else. LibTorch's own reader is not made for hostile files (a zip of NUL
// bytes or a forged directory reaches deep into it), so every model goes through here first, and
// what is refused gets a message that says what the file is and what to do instead.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace vantage {

enum class ModelFileKind {
    TorchScript,
    TorchSave,
    TorchExport
};

struct ModelFileInfo {
    ModelFileKind kind = ModelFileKind::TorchScript;
    std::string archiveName; // the archive's top folder ("model" for model/code/...)
    std::int64_t entries = 0;
    // .data/serialization_id, which PyTorch writes into its archives since 2.x (1.13 does not):
    // tells a file from a newer PyTorch when this build's LibTorch cannot compile its code.
    bool savedByPyTorch2 = false;
};

// Reads `size` bytes at `offset` of the file (both checked by the caller to lie inside it).
using ReadAt = std::function<std::string(std::uint64_t offset, std::uint64_t size)>;

// One entry of a zip archive: its name, its (inflated) size, and its bytes when they were kept.
struct ArchiveEntry {
    std::string name;
    std::uint64_t size = 0;
    std::string bytes;
    bool kept = false;
};

// Every entry of the zip archive of `fileSize` bytes read through `read`, each checked before a
// byte of it is used: its local header and data inside the file, stored or deflated, inflating at
// most 100 times and to the size it states, code and pickles of a plausible size, and its CRC-32.
// The bytes of the entries `keep` names are kept. Errors start with `what` and name `source`.
std::vector<ArchiveEntry> readZipArchive(const ReadAt& read, std::uint64_t fileSize, const std::string& source,
    const std::string& what, const std::function<bool(std::string_view name)>& keep);

// Checks a file of `fileSize` bytes through `read` and throws Error::invalidInput naming `source`
// for anything but a TorchScript archive. Reads the first bytes, the last 64 KiB and the zip
// directory (at most 64 MiB), nothing else.
ModelFileInfo inspectModelArchive(const ReadAt& read, std::uint64_t fileSize, const std::string& source);

// The same on a file.
ModelFileInfo checkTorchScriptFile(const std::filesystem::path& path);
// The same on an open stream (left at its start), named `source` in messages.
ModelFileInfo checkTorchScriptStream(std::istream& in, const std::string& source);

} // namespace vantage
