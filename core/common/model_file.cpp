#include "common/model_file.h"

#include "common/error.h"
#include "common/pickle_scan.h"
#include "common/text_input.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <istream>
#include <unordered_map>

#include <zlib.h>

namespace vantage {

namespace {

constexpr std::size_t kWindow = 64u << 10; // the end-of-directory record lies in the last 64 KiB
constexpr std::int64_t kMaxEntries = 1 << 20;
constexpr std::uint64_t kMaxDirectoryBytes = 64u << 20;
constexpr std::uint64_t kMaxCodeEntryBytes = 64u << 20; // code/, *.pkl, *.py: a model's are KiBs to MiBs
constexpr std::uint64_t kMaxRatio = 100; // a deflated entry may grow this many times at most
constexpr std::uint64_t kChunk = 1u << 20; // bytes read at a time to check an entry

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

// The CRC-32 of an entry's `size` bytes, read `packed` bytes from `at` (inflated when `deflated`);
// an entry that inflates to another size than it states throws.
std::uint32_t crcOf(const ReadAt& read, std::uint64_t at, std::uint64_t packed, std::uint64_t size, bool deflated,
    const std::string& name, std::string* keep)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    if (!deflated) {
        for (std::uint64_t done = 0; done < packed;) {
            const std::string chunk = read(at + done, std::min(kChunk, packed - done));
            if (chunk.empty())
                throw Error::invalidInput("archive entry '" + name + "' is cut short");
            crc = crc32(crc, reinterpret_cast<const Bytef*>(chunk.data()), static_cast<uInt>(chunk.size()));
            if (keep)
                keep->append(chunk);
            done += chunk.size();
        }
        return static_cast<std::uint32_t>(crc);
    }
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        throw Error::failure("cannot start zlib");
    std::string out(kChunk, '\0');
    std::uint64_t inflated = 0, done = 0;
    int rc = Z_OK;
    std::string chunk;
    while (rc != Z_STREAM_END) {
        if (z.avail_in == 0 && done < packed) {
            chunk = read(at + done, std::min(kChunk, packed - done));
            if (chunk.empty())
                throw Error::invalidInput("archive entry '" + name + "' is cut short");
            done += chunk.size();
            z.next_in = reinterpret_cast<Bytef*>(chunk.data());
            z.avail_in = static_cast<uInt>(chunk.size());
        }
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        rc = inflate(&z, Z_NO_FLUSH);
        const std::uint64_t got = out.size() - z.avail_out;
        inflated += got;
        crc = crc32(crc, reinterpret_cast<const Bytef*>(out.data()), static_cast<uInt>(got));
        if (keep)
            keep->append(out.data(), got);
        if ((rc != Z_OK && rc != Z_STREAM_END) || inflated > size
            || (rc == Z_OK && got == 0 && z.avail_in == 0 && done >= packed)) {
            inflateEnd(&z);
            throw Error::invalidInput(
                "archive entry '" + name + "' does not inflate to the " + std::to_string(size) + " bytes it states");
        }
    }
    inflateEnd(&z);
    if (inflated != size)
        throw Error::invalidInput("archive entry '" + name + "' inflates to " + std::to_string(inflated)
            + " bytes, not " + std::to_string(size));
    return static_cast<std::uint32_t>(crc);
}

std::uint64_t le64(std::string_view b, std::size_t at)
{
    return static_cast<std::uint64_t>(le32(b, at)) | (static_cast<std::uint64_t>(le32(b, at + 4)) << 32);
}

// One entry of the central directory (its fixed part, name and extra field), checked against its
// local header and its bytes: sizes inside the file, a compression Vantage knows, no entry that
// inflates more than kMaxRatio times, code and pickles of a plausible size, and the CRC-32 the
// archive states (PyTorch's reader checks none of this).
// Returns the entry's size; `keep`, when given, receives its bytes (the pickles, checked below).
std::uint64_t checkEntry(
    const ReadAt& read, std::uint64_t fileSize, std::string_view entry, const std::string& source, std::string* keep)
{
    const std::size_t nameLen = le16(entry, 28);
    const std::string name(entry.substr(46, nameLen));
    const std::string shown = name.substr(0, 120);
    auto bad = [&](const std::string& why) {
        return Error::invalidInput("archive entry '" + shown + "': " + why).inFile(source);
    };
    const unsigned method = le16(entry, 10);
    const std::uint32_t crc = le32(entry, 16);
    std::uint64_t packed = le32(entry, 20), size = le32(entry, 24), local = le32(entry, 42);
    // ZIP64: the sizes and the offset that do not fit 32 bits are in the extra field 0x0001, in this order.
    std::string_view extra = entry.substr(46 + nameLen);
    while (extra.size() >= 4) {
        const std::size_t id = le16(extra, 0), len = le16(extra, 2);
        if (len > extra.size() - 4)
            break;
        if (id == 1) {
            std::size_t at = 4;
            for (std::uint64_t* v : { &size, &packed, &local })
                if (*v == 0xFFFFFFFFu) {
                    if (at + 8 > 4 + len)
                        throw bad("its zip64 sizes are missing");
                    *v = le64(extra, at);
                    at += 8;
                }
        }
        extra.remove_prefix(4 + len);
    }
    if (local > fileSize || fileSize - local < 30)
        throw bad("its local header lies outside the file");
    const std::string head = read(local, 30);
    if (head.substr(0, 4) != std::string_view("PK\x03\x04", 4))
        throw bad("its local header is damaged");
    const std::uint64_t dataAt = local + 30 + le16(head, 26) + le16(head, 28);
    if (dataAt > fileSize || packed > fileSize - dataAt)
        throw bad("its data runs past the end of the file");
    const bool isCode = name.find("/code/") != std::string::npos || name.ends_with(".pkl") || name.ends_with(".py");
    if (isCode && size > kMaxCodeEntryBytes)
        throw bad("code or a pickle of " + std::to_string(size) + " bytes; a model's is far smaller (at most "
            + std::to_string(kMaxCodeEntryBytes >> 20) + " MiB is read)");
    if (method == 0 && packed != size)
        throw bad("stored, but its two sizes differ");
    if (method != 0 && method != 8)
        throw bad("compression method " + std::to_string(method) + ", which PyTorch does not write");
    if (method == 8 && size / kMaxRatio > packed)
        throw bad("it inflates from " + std::to_string(packed) + " to " + std::to_string(size) + " bytes, more than "
            + std::to_string(kMaxRatio) + " times: a zip bomb, not a model");
    if (crcOf(read, dataAt, packed, size, method == 8, shown, keep) != crc)
        throw bad("its CRC-32 does not match its bytes: the file is damaged");
    return size;
}

// Every storage the pickle `name` ("data", "constants") states, against the record that holds its
// bytes (`<archive>/<name>/<key>`): LibTorch sizes the storage by the pickle, whatever the record has.
void checkStorages(const std::string& pickle, const std::string& archive, const std::string& name,
    const std::unordered_map<std::string, std::uint64_t>& sizes, const std::string& source)
{
    for (const PickledStorage& s : pickledStorages(pickle, source)) {
        const auto it = sizes.find(archive + "/" + name + "/" + s.key);
        if (it == sizes.end())
            throw Error::invalidInput(
                name + ".pkl names a tensor record '" + s.key.substr(0, 80) + "' that is not in the archive")
                .inFile(source);
        std::uint64_t bytes = 0;
        if (__builtin_mul_overflow(s.elements, s.elementBytes, &bytes) || bytes > it->second)
            throw Error::invalidInput(name + ".pkl states " + std::to_string(s.elements) + " elements of " + s.type
                + " over the record '" + s.key.substr(0, 80) + "' of " + std::to_string(it->second)
                + " bytes: the file is damaged or forged")
                .inFile(source);
    }
}

} // namespace

std::vector<ArchiveEntry> readZipArchive(const ReadAt& read, std::uint64_t fileSize, const std::string& source,
    const std::string& what, const std::function<bool(std::string_view name)>& keep)
{
    const std::string head = read(0, std::min<std::uint64_t>(fileSize, 4));
    const std::uint64_t tailBytes = std::min<std::uint64_t>(fileSize, kWindow);
    const std::string tail = read(fileSize - tailBytes, tailBytes);
    auto bad = [&](const std::string& why) { return Error::invalidInput(what + ": " + why).inFile(source); };
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
        if (rec < tailStart || fileSize < 56 || rec > fileSize - 56)
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

    std::vector<ArchiveEntry> out;
    std::size_t at = 0;
    for (std::int64_t e = 0; e < entries; ++e) {
        if (at + 46 > dir.size() || dir.substr(at, 4) != std::string_view("PK\x01\x02", 4))
            throw bad("zip directory entry " + std::to_string(e) + " is damaged");
        const std::size_t nameLen = le16(dir, at + 28), extraLen = le16(dir, at + 30), commentLen = le16(dir, at + 32);
        if (at + 46 + nameLen + extraLen + commentLen > dir.size())
            throw bad("zip directory entry " + std::to_string(e) + " runs past the directory");
        ArchiveEntry entry;
        entry.name = std::string(dir.substr(at + 46, nameLen));
        entry.kept = keep && keep(entry.name);
        entry.size = checkEntry(
            read, fileSize, dir.substr(at, 46 + nameLen + extraLen), source, entry.kept ? &entry.bytes : nullptr);
        out.push_back(std::move(entry));
        at += 46 + nameLen + extraLen + commentLen;
    }
    return out;
}

ModelFileInfo inspectModelArchive(const ReadAt& read, std::uint64_t fileSize, const std::string& source)
{
    const std::string what = "not a TorchScript model (save it with torch.jit.save)";
    auto bad = [&](const std::string& why) { return Error::invalidInput(what + ": " + why).inFile(source); };
    const auto isPickle
        = [](std::string_view name) { return name.ends_with("/data.pkl") || name.ends_with("/constants.pkl"); };
    std::vector<ArchiveEntry> entries = readZipArchive(read, fileSize, source, what, isPickle);

    ModelFileInfo info;
    std::unordered_map<std::string, std::uint64_t> sizes; // of every entry, by name
    std::unordered_map<std::string, std::string> pickles; // "data", "constants": their bytes
    info.entries = static_cast<std::int64_t>(entries.size());
    bool code = false, data = false, constants = false, exported = false;
    for (ArchiveEntry& entry : entries) {
        const std::string_view name = entry.name;
        const auto slash = name.find('/');
        if (slash == std::string_view::npos)
            throw bad("the archive entry '" + std::string(name.substr(0, 80)) + "' is not inside a folder");
        const std::string_view top = name.substr(0, slash), rest = name.substr(slash + 1);
        if (info.archiveName.empty())
            info.archiveName = std::string(top);
        if (top == info.archiveName && (rest == "data.pkl" || rest == "constants.pkl"))
            pickles[std::string(rest.substr(0, rest.size() - 4))] = std::move(entry.bytes);
        sizes[entry.name] = entry.size;
        code |= rest.starts_with("code/");
        data |= rest == "data.pkl";
        constants |= rest == "constants.pkl";
        info.savedByPyTorch2 |= rest == ".data/serialization_id";
        exported |= rest.starts_with("models/") || rest == "serialized_exported_program.json"
            || rest.find("serialized_exported_program") != std::string_view::npos;
    }
    if (exported) {
        info.kind = ModelFileKind::TorchExport;
        throw bad("this is a torch.export program; DGI reads it as a .pt2 file (name it FILE.pt2), or script the "
                  "model with torch.jit.script and save it with torch.jit.save");
    }
    if (data && !code) {
        info.kind = ModelFileKind::TorchSave;
        throw bad("this is a torch.save file (weights or a pickled module), which holds no code; script the model "
                  "with torch.jit.script and save it with torch.jit.save");
    }
    if (!code || !data || !constants)
        throw bad("the archive lacks a TorchScript model's code/, data.pkl or constants.pkl");
    for (const auto& [pickleName, bytes] : pickles)
        checkStorages(bytes, info.archiveName, pickleName, sizes, source);
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

ModelFileInfo checkTorchScriptStream(std::istream& in, const std::string& source)
{
    in.clear();
    in.seekg(0, std::ios::end);
    const auto end = in.tellg();
    if (end < 0)
        throw Error::failure("cannot tell the size of the model").inFile(source);
    const ReadAt read = [&](std::uint64_t offset, std::uint64_t n) {
        std::string out(static_cast<std::size_t>(n), '\0');
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(out.data(), static_cast<std::streamsize>(n));
        if (static_cast<std::uint64_t>(in.gcount()) != n)
            throw Error::failure("read error").inFile(source);
        return out;
    };
    const ModelFileInfo info = inspectModelArchive(read, static_cast<std::uint64_t>(end), source);
    in.clear();
    in.seekg(0);
    return info;
}

} // namespace vantage
