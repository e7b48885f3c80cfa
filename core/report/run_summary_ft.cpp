// FT in words: a frontier search (its fastest strategy that fits) and a picked or exported strategy.

#include "common/error.h"
#include "report/engine_views.h"
#include "report/run_summary_p.h"

#include <limits>

namespace vantage::report::detail {

namespace {

struct Best {
    const FrontierPointView* point = nullptr;
    std::int64_t devices = 0;
};

// The fastest point over all device counts whose memory fits (all fit when the limit is unknown);
// `leastMemory` gets the point that needs the least memory, fitting or not.
Best fastestFitting(const FtSearchView& v, Best* leastMemory)
{
    Best best;
    for (const auto& f : v.frontiers)
        for (const auto& p : f.points) {
            if (!leastMemory->point || p.memory < leastMemory->point->memory)
                *leastMemory = { &p, f.devices };
            const bool fits = v.deviceMemory <= 0 || p.memory <= v.deviceMemory;
            if (fits && (!best.point || p.time < best.point->time))
                best = { &p, f.devices };
        }
    return best;
}

} // namespace

void Summaries::ftSearch(const store::RunInfo& run, RunSummary& s) const
{
    std::optional<FtSearchView> view;
    try {
        view = ftSearchView(run);
    } catch (const Error&) {
        return; // the section says why the frontiers cannot be read
    }
    if (!view)
        return;
    const FtSearchView& v = *view;
    std::vector<std::string> counts;
    std::size_t strategies = 0;
    double searchS = 0;
    for (const auto& f : v.frontiers) {
        counts.push_back(language.integer(static_cast<double>(f.devices)));
        strategies += f.points.size();
        searchS += f.searchS;
    }
    const std::string model = v.model.empty() ? tr("The model") : v.model;
    const std::string found = tr("%Ln strategy(s)", nullptr, static_cast<int>(strategies));
    s.sentences.push_back(arg(tr("%1 (batch %2) on the %3 cluster: %4 on the time / memory frontiers for %5 "
                                 "devices, found in %6."),
        { model, language.integer(static_cast<double>(v.batch)), v.cluster, found, list(counts),
            language.seconds(searchS) }));
    Best least;
    const Best best = fastestFitting(v, &least);
    const std::string limit = v.deviceMemory > 0 ? language.bytes(v.deviceMemory) : tr("unknown");
    if (best.point)
        s.sentences.push_back(arg(tr("The fastest strategy that fits in device memory (%1) takes %2 per iteration "
                                     "and %3 per device on %4 devices."),
            { limit, language.milliseconds(best.point->time), language.bytes(best.point->memory),
                language.integer(static_cast<double>(best.devices)) }));
    else if (least.point)
        s.sentences.push_back(arg(tr("No strategy fits in device memory (%1) on any device count: the one that needs "
                                     "least takes %2 per device on %3 devices. More devices or a smaller batch "
                                     "would lower it."),
            { limit, language.bytes(least.point->memory), language.integer(static_cast<double>(least.devices)) }));

    figure(s, tr("Model"), model);
    if (v.batch > 0)
        figure(s, tr("Batch"), language.integer(static_cast<double>(v.batch)), static_cast<double>(v.batch));
    if (!v.cluster.empty())
        figure(s, tr("Cluster"), v.cluster);
    if (v.deviceMemory > 0)
        figure(s, tr("Memory per device"), limit, v.deviceMemory, "device_memory");
    figure(s, tr("Device counts"), list(counts));
    figure(s, tr("Strategies on the frontiers"), language.integer(static_cast<double>(strategies)),
        static_cast<double>(strategies), "strategies");
    figure(s, tr("Search time"), language.seconds(searchS), searchS, "search_s");
    if (best.point) {
        figure(s, tr("Fastest strategy that fits: time per iteration"), language.milliseconds(best.point->time),
            best.point->time, "fastest_fitting_time");
        figure(s, tr("Fastest strategy that fits: memory per device"), language.bytes(best.point->memory),
            best.point->memory, "fastest_fitting_memory");
        figure(s, tr("Fastest strategy that fits: devices"), language.integer(static_cast<double>(best.devices)),
            static_cast<double>(best.devices), "fastest_fitting_devices");
    } else {
        figure(s, tr("Fastest strategy that fits"), tr("none fits"), std::nullopt, "fastest_fitting_time");
    }
}

void Summaries::ftStrategy(const store::RunInfo& run, RunSummary& s) const
{
    const Json& r = run.result;
    const auto time = number(r, { "time" });
    const auto memory = number(r, { "memory" });
    if (!time || !memory)
        return;
    const auto devices = number(r, { "devices" }).value_or(0);
    const auto strategy = number(r, { "strategy" });
    const auto searchRun = number(run.params, { "search_run" });
    const std::string model = text(r, { "model" });
    std::string what = strategy ? arg(tr("Strategy %1"), { language.integer(*strategy) }) : tr("The strategy");
    if (searchRun)
        what = arg(tr("%1 of search run %2"), { what, language.integer(*searchRun) });
    s.sentences.push_back(arg(tr("%1 for %2 on %3 devices: %4 per iteration, %5 per device."),
        { what, model.empty() ? tr("the model") : model, language.integer(devices), language.milliseconds(*time),
            language.bytes(*memory) }));
    const auto deviceMemory = number(r, { "device_memory" });
    const Json* fits = find(r, { "fits_device_memory" });
    if (deviceMemory && fits && fits->is_boolean())
        s.sentences.push_back(
            arg(fits->get<bool>() ? tr("It fits in device memory (%1).") : tr("It does not fit in device memory (%1)."),
                { language.bytes(*deviceMemory) }));

    figure(s, tr("Devices"), language.integer(devices), devices);
    figure(s, tr("Time per iteration"), language.milliseconds(*time), *time, "time");
    figure(s, tr("Memory per device"), language.bytes(*memory), *memory, "memory");
    if (fits && fits->is_boolean())
        figure(s, tr("Fits in device memory"), fits->get<bool>() ? tr("yes") : tr("no"));
    const std::pair<const char*, std::string> times[] = { { "compute", tr("Time: compute") },
        { "all_reduce", tr("Time: gradient all-reduce") }, { "repartition", tr("Time: repartitioning") } };
    for (const auto& [key, label] : times)
        if (auto v = number(r, { "time_breakdown", key }))
            figure(s, label, language.milliseconds(*v), *v);
    const std::pair<const char*, std::string> parts[]
        = { { "weights", tr("Memory: weights") }, { "gradients", tr("Memory: gradients") },
              { "optimizer_state", tr("Memory: optimizer state") }, { "activations", tr("Memory: activations") } };
    for (const auto& [key, label] : parts)
        if (auto v = number(r, { "memory_breakdown", key }))
            figure(s, label, language.bytes(*v), *v);
}

} // namespace vantage::report::detail
