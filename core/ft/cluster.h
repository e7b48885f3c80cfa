#pragma once
// A cluster as the cost model sees it: one device type (peak FLOP/s per precision, memory, memory
// bandwidth, achievable efficiency), nodes of a few devices joined by a fast intra-node link
// (NVLink) and a slower inter-node link (InfiniBand). Built-in profiles for common 8-GPU nodes,
// user profiles from JSON, and profiles measured on the user's own devices (`ft calibrate`), which
// also carry each collective's measured alpha-beta terms per group size.

#include "common/calibration.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vantage::ft {

struct DeviceProfile {
    std::string name; // "A100-SXM4-80GB"
    double peakFlops16 = 0.0; // FLOP/s, dense fp16/bf16 tensor cores
    double peakFlops32 = 0.0; // FLOP/s, fp32
    double memoryBytes = 0.0; // device memory
    double memoryBandwidth = 0.0; // bytes/s, device memory (HBM)
    double efficiency = 0.5; // achievable fraction of the peaks above, in (0, 1]
    double kernelOverhead = 5e-6; // s, fixed cost of one kernel (launch and tail)
    // Special functions (tanh, exp): elements a second of the time they take beyond moving their
    // bytes (an element of tanh less an element copied), as measured (achieved: efficiency does not
    // scale it); 0 where none was measured or they cost no more than a copy (bandwidth-bound, as on
    // a GPU), and such kernels are priced by the bytes they move alone. On a CPU they are
    // compute-bound: an element of tanh costs six to seven of a copy.
    double specialRate = 0.0;
};

// Alpha-beta link: sending n bytes over one hop takes latency + n / bandwidth.
struct LinkProfile {
    double bandwidth = 0.0; // bytes/s per device and direction
    double latency = 0.0; // s per message step
};

// One collective as the backend runs it over a group of devices of one node, measured: a call on
// `bytes` (as common/calibration.h counts them) takes latency + bytes / bandwidth.
struct CollectiveTerm {
    Collective kind = Collective::AllReduce;
    int group = 2; // devices in the group
    double latency = 0.0; // s
    double bandwidth = 0.0; // bytes/s
    double time(double bytes) const { return latency + bytes / bandwidth; }
};

// The framework overhead of the runtime that executes a strategy (vantage-ft-run: the exported
// program interpreted node by node in Python over DTensors), per ATen op it dispatches: measured by
// `python -m vantage.ft.overhead` (`ft calibrate --runner-overhead`). An op then costs
// aten_ops x (forward + backward) of overhead instead of its kernels x kernelOverhead.
struct RuntimeOverhead {
    double forward = 0.0; // s per ATen op of the forward pass; 0: not measured
    double backward = 0.0; // s of the backward pass per forward ATen op (its gradient's ops together)
    std::string runtime; // what ran: "torch 2.15, fx.Interpreter over DTensor, mesh of 2 (fake group)"
    bool measured() const { return forward > 0.0; }
};

struct ClusterProfile {
    std::string name; // "a100x8"
    std::string description; // one line for lists
    DeviceProfile device;
    int devicesPerNode = 8;
    LinkProfile intraNode; // NVLink / NVSwitch
    LinkProfile interNode; // InfiniBand, per device (a node's NICs divided by its devices)
    // Measured collectives within a node; empty for the built-ins, whose collectives are priced by
    // the formulas over intraNode (ft/cost_model.h).
    std::vector<CollectiveTerm> collectives;
    MachineInfo measuredOn; // a calibrated profile's machine; hostname empty otherwise
    RuntimeOverhead runtime; // the strategy runner's per-ATen-op overhead; unmeasured in the built-ins

    // The measured term of `kind` over `group` devices; null when there is none.
    const CollectiveTerm* collective(Collective kind, int group) const;
};

// v100x8, a100x8, h100x8, h200x8: DGX-class nodes of 8 GPUs.
const std::vector<ClusterProfile>& builtinClusters();

// A built-in by name (case-insensitive); Error::invalidInput listing the names otherwise.
const ClusterProfile& builtinCluster(std::string_view name);

// A user profile in the JSON format of docs/ft.md; errors name the file, line and field.
ClusterProfile clusterFromJson(const nlohmann::json& json, const std::string& source = "<cluster>");
ClusterProfile loadClusterProfile(const std::filesystem::path& path);
// The runtime_overhead figures of `json` (a profile's "runtime_overhead", or what
// python -m vantage.ft.overhead prints), range-checked as a profile's.
RuntimeOverhead runtimeOverheadFromJson(const nlohmann::json& json, const std::string& source);
nlohmann::json toJson(const ClusterProfile& cluster);

// A built-in name, or else a path to a JSON profile.
ClusterProfile resolveCluster(const std::string& nameOrPath);

} // namespace vantage::ft
