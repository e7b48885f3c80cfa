#include "common/calibration.h"

#include "common/devices.h"
#include "common/error.h"
#include "common/params.h"

#include <fstream>
#include <thread>

namespace vantage {

namespace {

constexpr std::int64_t kSmallestGemm = 64;
constexpr double kSmallestCollective = 4096.0; // bytes
constexpr int kCopySizes = 3; // copyBytes / 16, / 4, / 1

template <typename T> void readList(const Json& j, const char* key, std::vector<T>& out, T (*read)(const Json&))
{
    const Json& list = j.contains(key) ? j.at(key) : Json::array();
    if (!list.is_array())
        throw Error::invalidInput(std::string("'") + key + "' is not a list").forField(key);
    for (const Json& item : list)
        out.push_back(read(item));
}

GemmSample readGemm(const Json& j)
{
    return { jsonField<std::int64_t>(j, "m", "gemm"), jsonField<std::int64_t>(j, "k", "gemm"),
        jsonField<std::int64_t>(j, "n", "gemm"), jsonField<double>(j, "seconds", "gemm") };
}

CopySample readCopy(const Json& j)
{
    return { jsonField<double>(j, "bytes", "copy"), jsonField<double>(j, "seconds", "copy") };
}

CollectiveSample readCollective(const Json& j)
{
    return { enumFromName<Collective>(jsonField<std::string>(j, "collective", "collective")),
        jsonField<int>(j, "group", "collective"), jsonField<double>(j, "bytes", "collective"),
        jsonField<double>(j, "seconds", "collective") };
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            return line.substr(line.find(':') + 2);
    return "unknown CPU";
}

double memTotal()
{
    std::ifstream in("/proc/meminfo");
    std::string key, unit;
    double kib = 0.0;
    while (in >> key >> kib >> unit)
        if (key == "MemTotal:")
            return kib * 1024.0;
    return 0.0;
}

} // namespace

const params::Table<CalibrationPlan>& calibrationPlanParams()
{
    using P = CalibrationPlan;
    using params::number;
    static const params::Table<P> table = {
        number(&P::devices,
            { "devices", "--devices",
                VANTAGE_TRANSLATE_NOOP("Params", "Processes measured, one device each (0: the number of cores)") },
            0, 256),
        number(&P::threads,
            { "threads_per_device", "--threads", VANTAGE_TRANSLATE_NOOP("Params", "Threads of each process") }, 1,
            1024),
        number(&P::gemmMax,
            { "gemm_max", "--gemm-max", VANTAGE_TRANSLATE_NOOP("Params", "Largest matmul dimension (from 64 up)") },
            kSmallestGemm, 8192),
        number(&P::copyBytes,
            { "copy_bytes", "--copy-bytes", VANTAGE_TRANSLATE_NOOP("Params", "Largest copy (memory bandwidth)"), "B" },
            std::int64_t{ 64 } << 10, std::int64_t{ 4 } << 30),
        number(&P::collectiveMaxBytes,
            { "collective_max_bytes", "--collective-max-bytes",
                VANTAGE_TRANSLATE_NOOP("Params", "Largest collective (from 4 KiB up)"), "B" },
            std::int64_t{ 4 } << 10, std::int64_t{ 1 } << 30),
        number(&P::repeats,
            { "repeats", "--repeats", VANTAGE_TRANSLATE_NOOP("Params", "Timed repetitions of each measurement") }, 1,
            1000),
        number(&P::stallS,
            { "stall_s", "--stall", VANTAGE_TRANSLATE_NOOP("Params", "Fail when the workers say nothing for this long"),
                "s" },
            0.0, 3600.0, true),
    };
    return table;
}

Json toJson(const CalibrationPlan& plan)
{
    return params::toJson(calibrationPlanParams(), plan);
}

CalibrationPlan calibrationPlanFromJson(const Json& json)
{
    CalibrationPlan plan;
    params::readJson(calibrationPlanParams(), json, plan, "calibration plan");
    return plan;
}

Json toJson(const DeviceSamples& s)
{
    Json gemms = Json::array(), copies = Json::array(), collectives = Json::array(), impl = Json::object();
    for (const auto& g : s.gemms)
        gemms.push_back({ { "m", g.m }, { "k", g.k }, { "n", g.n }, { "seconds", g.seconds } });
    for (const auto& c : s.copies)
        copies.push_back({ { "bytes", c.bytes }, { "seconds", c.seconds } });
    for (const auto& c : s.collectives)
        collectives.push_back({ { "collective", enumName(c.kind) }, { "group", c.group }, { "bytes", c.bytes },
            { "seconds", c.seconds } });
    for (const auto& [k, v] : s.implementations)
        impl[k] = v;
    const MachineInfo& m = s.machine;
    return { { "machine",
                 { { "hostname", m.hostname }, { "cpu_model", m.cpuModel }, { "cores", m.cores },
                     { "memory_bytes", m.memoryBytes }, { "torch_version", m.torchVersion },
                     { "backend", m.backend } } },
        { "devices", s.devices }, { "threads", s.threads }, { "gemms", gemms }, { "copies", copies },
        { "op_overhead_s", s.opOverheadS }, { "special_s_per_element", s.specialSPerElement },
        { "collectives", collectives }, { "implementations", impl }, { "skipped", s.skipped } };
}

DeviceSamples deviceSamplesFromJson(const Json& j)
{
    if (!j.is_object())
        throw Error::invalidInput("the calibration samples are not an object").forField("samples");
    DeviceSamples s;
    const Json machine = j.contains("machine") ? j.at("machine") : Json::object();
    s.machine = { jsonFieldOr<std::string>(machine, "hostname", "", "machine"),
        jsonFieldOr<std::string>(machine, "cpu_model", "", "machine"), jsonFieldOr<int>(machine, "cores", 0, "machine"),
        jsonFieldOr<double>(machine, "memory_bytes", 0.0, "machine"),
        jsonFieldOr<std::string>(machine, "torch_version", "", "machine"),
        jsonFieldOr<std::string>(machine, "backend", "", "machine") };
    s.devices = jsonField<int>(j, "devices", "samples");
    s.threads = jsonField<int>(j, "threads", "samples");
    s.opOverheadS = jsonField<double>(j, "op_overhead_s", "samples");
    s.specialSPerElement = jsonFieldOr<double>(j, "special_s_per_element", 0.0, "samples");
    if (!std::isfinite(s.specialSPerElement) || s.specialSPerElement < 0.0)
        throw Error::invalidInput("special_s_per_element must be a finite number of at least 0")
            .forField("samples/special_s_per_element");
    readList(j, "gemms", s.gemms, &readGemm);
    readList(j, "copies", s.copies, &readCopy);
    readList(j, "collectives", s.collectives, &readCollective);
    if (j.contains("implementations") && j.at("implementations").is_object())
        for (const auto& [k, v] : j.at("implementations").items())
            s.implementations.emplace_back(k, jsonValue<std::string>(v, k, "implementations"));
    s.skipped = jsonFieldOr<std::vector<std::string>>(j, "skipped", {}, "samples");
    return s;
}

std::vector<GemmSample> gemmShapes(const CalibrationPlan& plan)
{
    std::vector<GemmSample> out;
    for (std::int64_t n = kSmallestGemm; n <= plan.gemmMax; n *= 2) {
        out.push_back({ n, n, n, 0.0 });
        out.push_back({ 4 * n, n, n, 0.0 });
    }
    return out;
}

std::vector<double> collectiveSizes(const CalibrationPlan& plan)
{
    std::vector<double> out;
    for (double b = kSmallestCollective; b <= double(plan.collectiveMaxBytes); b *= 4.0)
        out.push_back(b);
    if (out.empty() || out.back() < double(plan.collectiveMaxBytes))
        out.push_back(double(plan.collectiveMaxBytes));
    return out;
}

std::vector<double> copySizes(const CalibrationPlan& plan)
{
    std::vector<double> out;
    for (int i = kCopySizes - 1; i >= 0; --i)
        out.push_back(double(plan.copyBytes >> (2 * i)));
    return out;
}

MachineInfo thisMachine()
{
    MachineInfo m;
    m.hostname = hostName();
    m.cpuModel = cpuModel();
    m.cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    m.memoryBytes = memTotal();
    return m;
}

} // namespace vantage
