#include "common/model_file.h"

#include "common/error.h"
#include "common/text_input.h"

#include <algorithm>
#include <cstring>
#include <fstream>

namespace vantage {

namespace {

constexpr std::size_t kWindow = 64u << 10; // the end-of-directory record lies in the last 64 KiB
constexpr std::int64_t kMaxEntries = 1 << 20;
constexpr std::uint64_t kMaxDirectoryBytes = 64u << 20;

std::uint32_t le32(std::string_view b, std::size_t at)
{
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
    return v;
}
std::uint16_t le16(std::string_view b, std::size_t at)
{
    return static_cast<std::uint16_t>(static_cast<unsigned char>(b[at]) | (static_cast<unsigned char>(b[at + 1]) << 8));
}

} // namespace

ModelFileInfo inspectModelArchive(const ReadAt& read, std::uint64_t fileSize, const std::string& source)
{
    const std::string head = read(0, std::min<std::uint64_t>(fileSize, 4));
    const std::uint64_t tailBytes = std::min<std::uint64_t>(fileSize, kWindow);
    const std::string tail = read(fileSize - tailBytes, tailBytes);
    auto bad = [&](const std::string& why) {
        return Error::invalidInput("not a TorchScript model (save it with torch.jit.save): " + why).inFile(source);
    };
    if (head.size() < 4 || head.substr(0, 4) != std::string_view("PK\x03\x04", 4)) {
        if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x80)
            throw bad("this is a pickle of the legacy torch.save format; save the scripted model with torch.jit.save");
        throw bad("the file is not a zip archive");
    }
    // The end-of-central-directory record: its signature, searched backwards in the tail.
    if (tail.size() < 22)
        throw bad("the zip archive is truncated (no end-of-directory record)");
    std::size_t eocd = std::string_view::npos;
    for (std::size_t i = tail.size() - 22 + 1; i-- > 0;)
        if (tail.substr(i, 4) == std::string_view("PK\x05\x06", 4)) {
            eocd = i;
            break;
        }
    if (eocd == std::string_view::npos)
        throw bad("the zip archive is truncated or damaged (no end-of-directory record)");
    const std::uint64_t tailStart = fileSize - tail.size();
    std::int64_t entries = le16(tail, eocd + 10);
    std::uint64_t dirSize = le32(tail, eocd + 12);
    std::uint64_t dirOffset = le32(tail, eocd + 16);
    // ZIP64 (archives over 4 GiB, or many entries): the locator sits just before the record.
    if ((dirOffset == 0xFFFFFFFFu || entries == 0xFFFF) && eocd >= 20
        && tail.substr(eocd - 20, 4) == std::string_view("PK\x06\x07", 4)) {
        std::uint64_t rec = 0;
        std::memcpy(&rec, tail.data() + eocd - 20 + 8, 8);
        if (rec < tailStart || rec + 56 > fileSize)
            throw bad("the zip64 directory record lies outside the file");
        const std::size_t r = static_cast<std::size_t>(rec - tailStart);
        if (tail.substr(r, 4) != std::string_view("PK\x06\x06", 4))
            throw bad("the zip64 directory record is damaged");
        std::memcpy(&entries, tail.data() + r + 32, 8);
        std::memcpy(&dirSize, tail.data() + r + 40, 8);
        std::memcpy(&dirOffset, tail.data() + r + 48, 8);
    }
    if (entries <= 0 || entries > kMaxEntries)
        throw bad("the zip directory lists " + std::to_string(entries) + " entries");
    if (dirOffset > fileSize || dirSize > fileSize - dirOffset)
        throw bad("the zip directory lies outside the file");
    if (dirSize > kMaxDirectoryBytes)
        throw bad("the zip directory is " + std::to_string(dirSize) + " bytes long");
    const std::string dirBytes = dirOffset >= tailStart
        ? tail.substr(static_cast<std::size_t>(dirOffset - tailStart), static_cast<std::size_t>(dirSize))
        : read(dirOffset, dirSize);
    const std::string_view dir = dirBytes;

    ModelFileInfo info;
    info.entries = entries;
    bool code = false, data = false, constants = false, exported = false;
    std::size_t at = 0;
    for (std::int64_t e = 0; e < entries; ++e) {
        if (at + 46 > dir.size() || dir.substr(at, 4) != std::string_view("PK\x01\x02", 4))
            throw bad("zip directory entry " + std::to_string(e) + " is damaged");
        const std::size_t nameLen = le16(dir, at + 28), extraLen = le16(dir, at + 30), commentLen = le16(dir, at + 32);
        if (at + 46 + nameLen + extraLen + commentLen > dir.size())
            throw bad("zip directory entry " + std::to_string(e) + " runs past the directory");
        const std::string_view name = dir.substr(at + 46, nameLen);
        const auto slash = name.find('/');
        if (slash == std::string_view::npos)
            throw bad("the archive entry '" + std::string(name.substr(0, 80)) + "' is not inside a folder");
        const std::string_view top = name.substr(0, slash), rest = name.substr(slash + 1);
        if (info.archiveName.empty())
            info.archiveName = std::string(top);
        code |= rest.starts_with("code/");
        data |= rest == "data.pkl";
        constants |= rest == "constants.pkl";
        info.savedByPyTorch2 |= rest == ".data/serialization_id";
        exported |= rest.starts_with("models/") || rest == "serialized_exported_program.json"
            || rest.find("serialized_exported_program") != std::string_view::npos;
        at += 46 + nameLen + extraLen + commentLen;
    }
    if (exported) {
        info.kind = ModelFileKind::TorchExport;
        throw bad("this is a torch.export program (.pt2); Vantage reads TorchScript (docs/dgi.md says why): script "
                  "the model with torch.jit.script and save it with torch.jit.save");
    }
    if (data && !code) {
        info.kind = ModelFileKind::TorchSave;
        throw bad("this is a torch.save file (weights or a pickled module), which holds no code; script the model "
                  "with torch.jit.script and save it with torch.jit.save");
    }
    if (!code || !data || !constants)
        throw bad("the archive lacks a TorchScript model's code/, data.pkl or constants.pkl");
    return info;
}

ModelFileInfo checkTorchScriptFile(const std::filesystem::path& path)
{
    requireRegularFile(path, "a TorchScript model");
    const std::uint64_t size = checkInputFile(path, TextLimits{ .what = "a TorchScript model" });
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error::invalidInput("cannot open for reading").inFile(path.string());
    const ReadAt read = [&](std::uint64_t offset, std::uint64_t n) {
        std::string out(static_cast<std::size_t>(n), '\0');
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(out.data(), static_cast<std::streamsize>(n));
        if (static_cast<std::uint64_t>(in.gcount()) != n)
            throw Error::failure("read error").inFile(path.string());
        return out;
    };
    return inspectModelArchive(read, size, path.string());
}

} // namespace vantage
