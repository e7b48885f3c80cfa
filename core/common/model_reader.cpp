#include "common/model_reader.h"

#include "common/error.h"
#include "common/model_file.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace vantage {

namespace {

// A positive, finite number from the environment variable `name` (at most `max`), or `fallback`.
double environmentLimit(const char* name, double fallback, double max, const char* unit)
{
    const char* v = std::getenv(name);
    if (!v || !*v)
        return fallback;
    char* end = nullptr;
    const double x = std::strtod(v, &end);
    if (!end || *end || !std::isfinite(x) || x <= 0 || x > max)
        throw Error::invalidInput(std::string(name) + "='" + std::string(v).substr(0, 40) + "' is not a number of "
            + unit + " in (0, " + std::to_string(static_cast<long long>(max)) + "]")
            .forField(name);
    return x;
}

} // namespace

SandboxLimits modelLoadLimits()
{
    SandboxLimits l;
    l.wallSeconds = environmentLimit("VANTAGE_MODEL_TIMEOUT", 120.0, 7 * 86400.0, "seconds");
    l.cpuSeconds = std::max(10.0, 2.0 * l.wallSeconds);
    l.memoryBytes = static_cast<std::int64_t>(environmentLimit("VANTAGE_MODEL_MEMORY", 4.0, 4096.0, "GiB") * (1 << 30));
    l.answerBytes = l.memoryBytes;
    l.timeoutKnob = "VANTAGE_MODEL_TIMEOUT=SECONDS";
    l.memoryKnob = "VANTAGE_MODEL_MEMORY=GIB";
    return l;
}

std::filesystem::path modelReaderProgram()
{
    return findHelperProgram("vantage-model-reader", "VANTAGE_MODEL_READER", "model-reader");
}

Json loadTorchScriptIsolated(const std::filesystem::path& file, const SandboxLimits& limits, const CancelToken& cancel)
{
    checkTorchScriptFile(file);
    const SandboxAnswer a = runSandboxed(
        modelReaderProgram(), { "torchscript", file.string() }, limits, file.string(), "loading the model", cancel);
    try {
        return parseJson(a.bytes, file.string(), { .maxDepth = 16 });
    } catch (const Json::exception&) {
        throw Error::invalidInput("the model reader's answer is unreadable").inFile(file.string());
    }
}

} // namespace vantage
