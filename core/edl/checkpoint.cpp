#include "edl/checkpoint_p.h"

#include "common/error.h"
#include "common/text_input.h"
#include "edl/elastic.h"

#include <cstdio>

namespace vantage::edl {

std::string checkpointChecksum(std::string_view bytes)
{
    std::uint64_t h = 14695981039346656037ull;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

bool checksumMatches(const CheckpointHead& head, std::string_view state)
{
    const auto sum = jsonFieldOr<std::string>(head.header, "checksum", {}, "checkpoint header");
    return sum.empty() || sum == checkpointChecksum(state);
}

CheckpointHead parseCheckpointHead(std::string_view head, std::uint64_t fileSize, const std::string& source)
{
    const auto nl = head.find('\n');
    if (head.empty() || head[0] != '{' || nl == std::string_view::npos)
        throw Error::invalidInput("not an elastic-job checkpoint (it does not start with a JSON header line)")
            .inFile(source);
    CheckpointHead h;
    h.header = parseJson(head.substr(0, nl), source);
    if (!h.header.is_object() || jsonFieldOr<std::string>(h.header, "format", "", "checkpoint") != kCheckpointMagic)
        throw Error::invalidInput("not an elastic-job checkpoint").inFile(source);
    try {
        h.stateBytes = jsonField<std::uint64_t>(h.header, "bytes", "checkpoint header");
        (void)jsonFieldOr<std::string>(h.header, "checksum", {}, "checkpoint header");
        for (const char* key : { "step", "epoch", "generation" })
            if (jsonFieldOr<std::int64_t>(h.header, key, 0, "checkpoint header") < 0)
                throw Error::invalidInput("must not be negative").forField(key);
    } catch (Error& e) {
        throw std::move(e.inFile(source));
    }
    h.stateOffset = nl + 1;
    if (fileSize < h.stateOffset || fileSize - h.stateOffset != h.stateBytes)
        throw Error::invalidInput("the checkpoint is truncated or damaged: "
            + std::to_string(fileSize < h.stateOffset ? 0 : fileSize - h.stateOffset)
            + " bytes of state, the header says " + std::to_string(h.stateBytes))
            .inFile(source);
    return h;
}

CheckpointHead readCheckpointHead(const std::filesystem::path& file, bool verify)
{
    requireRegularFile(file, "an elastic-job checkpoint"); // its size is checked against the header
    const std::uint64_t size = checkInputFile(file, TextLimits{ .what = "an elastic-job checkpoint" });
    CheckpointHead h = parseCheckpointHead(readFileHead(file, kMaxCheckpointHeader), size, file.string());
    if (verify && h.header.contains("checksum")) {
        const std::string bytes = readFile(file);
        if (!checksumMatches(h, std::string_view(bytes).substr(h.stateOffset)))
            throw Error::invalidInput("the checkpoint is damaged: its state does not match the header's checksum")
                .inFile(file.string());
    }
    return h;
}

Json inspectCheckpoint(const std::filesystem::path& file)
{
    return readCheckpointHead(file, true).header;
}

} // namespace vantage::edl
