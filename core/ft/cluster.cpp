#include "ft/cluster.h"

#include "common/error.h"
#include "common/json.h"
#include "ft/json_reader.h"

#include <algorithm>
#include <cctype>

namespace vantage::ft {

namespace {

ClusterProfile make(
    std::string name, std::string description, DeviceProfile device, LinkProfile intra, LinkProfile inter)
{
    ClusterProfile c;
    c.name = std::move(name);
    c.description = std::move(description);
    c.device = std::move(device);
    c.devicesPerNode = 8;
    c.intraNode = intra;
    c.interNode = inter;
    return c;
}

// Vendor data sheets for peaks and memory (GB = 1e9 bytes as marketed). Link bandwidths are
// per device and direction: NVLink at the all-reduce bus bandwidth NCCL reaches on these nodes,
// InfiniBand as the node's NICs divided by its 8 GPUs.
std::vector<ClusterProfile> makeBuiltins()
{
    std::vector<ClusterProfile> v;
    v.push_back(make("v100x8", "DGX-1: 8x V100-SXM2-16GB, NVLink 2 hybrid cube-mesh, 4x EDR InfiniBand per node",
        { .name = "V100-SXM2-16GB",
            .peakFlops16 = 125e12,
            .peakFlops32 = 15.7e12,
            .memoryBytes = 16e9,
            .memoryBandwidth = 900e9,
            .efficiency = 0.5,
            .kernelOverhead = 5e-6 },
        { .bandwidth = 130e9, .latency = 8e-6 }, { .bandwidth = 6.25e9, .latency = 12e-6 }));
    v.push_back(make("a100x8", "DGX A100: 8x A100-SXM4-80GB, NVLink 3 / NVSwitch, 8x HDR 200 Gb/s InfiniBand",
        { .name = "A100-SXM4-80GB",
            .peakFlops16 = 312e12,
            .peakFlops32 = 19.5e12,
            .memoryBytes = 80e9,
            .memoryBandwidth = 2039e9,
            .efficiency = 0.55,
            .kernelOverhead = 5e-6 },
        { .bandwidth = 240e9, .latency = 6e-6 }, { .bandwidth = 25e9, .latency = 10e-6 }));
    v.push_back(make("h100x8", "DGX H100: 8x H100-SXM5-80GB, NVLink 4 / NVSwitch, 8x NDR 400 Gb/s InfiniBand",
        { .name = "H100-SXM5-80GB",
            .peakFlops16 = 989e12,
            .peakFlops32 = 67e12,
            .memoryBytes = 80e9,
            .memoryBandwidth = 3350e9,
            .efficiency = 0.5,
            .kernelOverhead = 5e-6 },
        { .bandwidth = 360e9, .latency = 5e-6 }, { .bandwidth = 50e9, .latency = 10e-6 }));
    v.push_back(make("h200x8", "HGX H200: 8x H200-SXM-141GB, NVLink 4 / NVSwitch, 8x NDR 400 Gb/s InfiniBand",
        { .name = "H200-SXM-141GB",
            .peakFlops16 = 989e12,
            .peakFlops32 = 67e12,
            .memoryBytes = 141e9,
            .memoryBandwidth = 4800e9,
            .efficiency = 0.5,
            .kernelOverhead = 5e-6 },
        { .bandwidth = 360e9, .latency = 5e-6 }, { .bandwidth = 50e9, .latency = 10e-6 }));
    return v;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

LinkProfile readLink(const detail::JsonReader& r, const Json& j, const std::string& at, const LinkProfile& base)
{
    r.requireObject(j, at, { "bandwidth_gbs", "latency_us" });
    LinkProfile l = base;
    l.bandwidth = r.positive(j, "bandwidth_gbs", at, base.bandwidth / 1e9) * 1e9;
    l.latency = r.has(j, "latency_us") ? r.nonNegative(j, "latency_us", at) * 1e-6 : base.latency;
    if (!(l.bandwidth > 0.0))
        r.fail("missing field 'bandwidth_gbs'", at);
    return l;
}

} // namespace

const std::vector<ClusterProfile>& builtinClusters()
{
    static const std::vector<ClusterProfile> builtins = makeBuiltins();
    return builtins;
}

const ClusterProfile& builtinCluster(std::string_view name)
{
    const std::string key = lower(name);
    std::string names;
    for (const auto& c : builtinClusters()) {
        if (c.name == key)
            return c;
        names += (names.empty() ? "" : ", ") + c.name;
    }
    throw Error::invalidInput(
        "unknown cluster profile '" + std::string(name) + "' (built-in: " + names + "; or give a JSON profile file)")
        .forField("cluster");
}

namespace {

// "collectives": [{"collective": "all_reduce", "group_size": 2, "latency_us", "bandwidth_gbs"}, ...]
std::vector<CollectiveTerm> readCollectives(const detail::JsonReader& r, const Json& j)
{
    std::vector<CollectiveTerm> out;
    const Json& list = r.array(j, "collectives", "");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Json& c = list[i];
        const std::string at = "/collectives/" + std::to_string(i);
        r.requireObject(c, at, { "collective", "group_size", "latency_us", "bandwidth_gbs" });
        CollectiveTerm t;
        try {
            t.kind = enumFromName<Collective>(r.string(c, "collective", at));
        } catch (const Error& e) {
            r.fail(e.message(), at + "/collective");
        }
        const std::int64_t group = r.integer(c, "group_size", at);
        if (group < 2 || group > 4096)
            r.fail("a group has 2 to 4096 devices", at + "/group_size");
        t.group = static_cast<int>(group);
        t.latency = r.nonNegative(c, "latency_us", at) * 1e-6;
        t.bandwidth = r.positive(c, "bandwidth_gbs", at) * 1e9;
        for (const auto& before : out)
            if (before.kind == t.kind && before.group == t.group)
                r.fail("a second " + std::string(enumName(t.kind)) + " over " + std::to_string(group) + " devices", at);
        out.push_back(t);
    }
    return out;
}

MachineInfo readMachine(const detail::JsonReader& r, const Json& j)
{
    const Json& m = r.member(j, "measured_on", "");
    const std::string at = "/measured_on";
    r.requireObject(m, at, { "hostname", "cpu_model", "cores", "memory_gb", "torch_version", "backend" });
    MachineInfo info;
    info.hostname = r.string(m, "hostname", at);
    info.cpuModel = r.has(m, "cpu_model") ? r.string(m, "cpu_model", at) : "";
    info.cores = static_cast<int>(r.integer(m, "cores", at, 0));
    info.memoryBytes = r.number(m, "memory_gb", at, 0.0) * 1e9;
    info.torchVersion = r.has(m, "torch_version") ? r.string(m, "torch_version", at) : "";
    info.backend = r.has(m, "backend") ? r.string(m, "backend", at) : "";
    return info;
}

// "runtime_overhead": {"forward_us_per_aten_op", "backward_us_per_aten_op", "runtime"}
RuntimeOverhead readRuntimeOverhead(const detail::JsonReader& r, const Json& o, const std::string& at)
{
    r.requireObject(o, at, { "forward_us_per_aten_op", "backward_us_per_aten_op", "runtime" });
    RuntimeOverhead out;
    auto perOp = [&](const char* key, bool positive) {
        const double us = positive ? r.positive(o, key, at) : r.nonNegative(o, key, at);
        if (us > 1e6)
            r.fail("an overhead per ATen op of more than 1 s is not a measurement", at + "/" + key);
        return us * 1e-6;
    };
    out.forward = perOp("forward_us_per_aten_op", true);
    out.backward = perOp("backward_us_per_aten_op", false);
    out.runtime = r.has(o, "runtime") ? r.string(o, "runtime", at) : "";
    return out;
}

ClusterProfile readCluster(const Json& j, const detail::JsonReader& r)
{
    r.requireObject(j, "",
        { "name", "description", "base", "devices_per_node", "device", "intra_node", "inter_node", "collectives",
            "measured_on", "runtime_overhead" });
    // "base" starts from a built-in, so a user profile can change one number and keep the rest.
    ClusterProfile c;
    if (r.has(j, "base")) {
        try {
            c = builtinCluster(r.string(j, "base", ""));
        } catch (const Error& e) {
            r.fail(e.message(), "/base");
        }
        c.description.clear();
    }
    c.name = r.string(j, "name", "");
    if (c.name.empty())
        r.fail("the profile needs a non-empty name", "/name");
    c.description = r.has(j, "description") ? r.string(j, "description", "") : c.description;
    const std::int64_t perNode = r.integer(j, "devices_per_node", "", c.devicesPerNode);
    if (perNode < 1 || perNode > 4096)
        r.fail("devices per node must be between 1 and 4096", "/devices_per_node");
    c.devicesPerNode = static_cast<int>(perNode);

    const bool haveBase = r.has(j, "base");
    if (!haveBase && !r.has(j, "device"))
        r.fail("missing field 'device'", "");
    if (r.has(j, "device")) {
        const Json& d = j.at("device");
        const std::string at = "/device";
        r.requireObject(d, at,
            { "name", "peak_tflops_fp16", "peak_tflops_fp32", "memory_gb", "memory_bandwidth_gbs", "efficiency",
                "kernel_overhead_us", "special_gelements_per_s" });
        DeviceProfile& dev = c.device;
        if (r.has(d, "name"))
            dev.name = r.string(d, "name", at);
        auto need = [&](const char* key, double current, double scale) {
            if (!haveBase || r.has(d, key))
                return r.positive(d, key, at) * scale;
            return current;
        };
        dev.peakFlops16 = need("peak_tflops_fp16", dev.peakFlops16, 1e12);
        dev.peakFlops32 = need("peak_tflops_fp32", dev.peakFlops32, 1e12);
        dev.memoryBytes = need("memory_gb", dev.memoryBytes, 1e9);
        dev.memoryBandwidth = need("memory_bandwidth_gbs", dev.memoryBandwidth, 1e9);
        dev.efficiency = r.positive(d, "efficiency", at, dev.efficiency);
        if (dev.efficiency > 1.0)
            r.fail("efficiency is a fraction of the peak, in (0, 1]", at + "/efficiency");
        if (r.has(d, "kernel_overhead_us"))
            dev.kernelOverhead = r.nonNegative(d, "kernel_overhead_us", at) * 1e-6;
        if (r.has(d, "special_gelements_per_s"))
            dev.specialRate = r.positive(d, "special_gelements_per_s", at) * 1e9;
        if (dev.name.empty())
            dev.name = c.name;
    }
    auto link = [&](const char* key, LinkProfile& l) {
        if (r.has(j, key))
            l = readLink(r, j.at(key), std::string("/") + key, l);
        else if (!haveBase)
            r.fail(std::string("missing field '") + key + "'", "");
    };
    link("intra_node", c.intraNode);
    link("inter_node", c.interNode);
    if (r.has(j, "collectives"))
        c.collectives = readCollectives(r, j);
    if (r.has(j, "measured_on"))
        c.measuredOn = readMachine(r, j);
    if (r.has(j, "runtime_overhead"))
        c.runtime = readRuntimeOverhead(r, r.member(j, "runtime_overhead", ""), "/runtime_overhead");
    return c;
}

} // namespace

ClusterProfile clusterFromJson(const Json& json, const std::string& source)
{
    return readCluster(json, detail::JsonReader(source, {}));
}

RuntimeOverhead runtimeOverheadFromJson(const Json& json, const std::string& source)
{
    Json o = Json::object(); // the measurement's other figures (aten_ops, plain, ...) are not the profile's
    if (json.is_object())
        for (const char* key : { "forward_us_per_aten_op", "backward_us_per_aten_op", "runtime" })
            if (json.contains(key))
                o[key] = json.at(key);
    return readRuntimeOverhead(detail::JsonReader(source, {}), o, "");
}

ClusterProfile loadClusterProfile(const std::filesystem::path& path)
{
    const std::string text = readJsonText(path);
    const Json j = parseJson(text, path.string());
    return readCluster(j, detail::JsonReader(path.string(), text));
}

const CollectiveTerm* ClusterProfile::collective(Collective kind, int group) const
{
    for (const auto& t : collectives)
        if (t.kind == kind && t.group == group)
            return &t;
    return nullptr;
}

Json toJson(const ClusterProfile& c)
{
    Json j = { { "name", c.name }, { "description", c.description }, { "devices_per_node", c.devicesPerNode },
        { "device",
            { { "name", c.device.name }, { "peak_tflops_fp16", c.device.peakFlops16 / 1e12 },
                { "peak_tflops_fp32", c.device.peakFlops32 / 1e12 }, { "memory_gb", c.device.memoryBytes / 1e9 },
                { "memory_bandwidth_gbs", c.device.memoryBandwidth / 1e9 }, { "efficiency", c.device.efficiency },
                { "kernel_overhead_us", c.device.kernelOverhead * 1e6 } } },
        { "intra_node",
            { { "bandwidth_gbs", c.intraNode.bandwidth / 1e9 }, { "latency_us", c.intraNode.latency * 1e6 } } },
        { "inter_node",
            { { "bandwidth_gbs", c.interNode.bandwidth / 1e9 }, { "latency_us", c.interNode.latency * 1e6 } } } };
    // A built-in's JSON stays as it was: the measured parts only when there are some.
    if (c.device.specialRate > 0.0)
        j["device"]["special_gelements_per_s"] = c.device.specialRate / 1e9;
    if (!c.collectives.empty()) {
        Json list = Json::array();
        for (const auto& t : c.collectives)
            list.push_back({ { "collective", enumName(t.kind) }, { "group_size", t.group },
                { "latency_us", t.latency * 1e6 }, { "bandwidth_gbs", t.bandwidth / 1e9 } });
        j["collectives"] = std::move(list);
    }
    if (!c.measuredOn.hostname.empty()) {
        const MachineInfo& m = c.measuredOn;
        j["measured_on"] = { { "hostname", m.hostname }, { "cpu_model", m.cpuModel }, { "cores", m.cores },
            { "memory_gb", m.memoryBytes / 1e9 }, { "torch_version", m.torchVersion }, { "backend", m.backend } };
    }
    if (c.runtime.measured())
        j["runtime_overhead"] = { { "forward_us_per_aten_op", c.runtime.forward * 1e6 },
            { "backward_us_per_aten_op", c.runtime.backward * 1e6 }, { "runtime", c.runtime.runtime } };
    return j;
}

ClusterProfile resolveCluster(const std::string& nameOrPath)
{
    for (const auto& c : builtinClusters())
        if (c.name == lower(nameOrPath))
            return c;
    if (nameOrPath.find('/') != std::string::npos || nameOrPath.ends_with(".json")
        || std::filesystem::exists(nameOrPath))
        return loadClusterProfile(nameOrPath);
    return builtinCluster(nameOrPath); // throws with the list of names
}

} // namespace vantage::ft
