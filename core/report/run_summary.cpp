#include "report/run_summary.h"

#include "report/run_summary_p.h"

namespace vantage::report {

namespace detail {

const Json* find(const Json& j, std::initializer_list<const char*> path)
{
    const Json* at = &j;
    for (const char* key : path) {
        if (!at->is_object())
            return nullptr;
        const auto it = at->find(key);
        if (it == at->end())
            return nullptr;
        at = &*it;
    }
    return at;
}

std::optional<double> number(const Json& j, std::initializer_list<const char*> path)
{
    const Json* v = find(j, path);
    if (!v || !v->is_number())
        return std::nullopt;
    return v->get<double>();
}

std::string text(const Json& j, std::initializer_list<const char*> path)
{
    const Json* v = find(j, path);
    return v && v->is_string() ? v->get<std::string>() : std::string();
}

std::string Summaries::list(const std::vector<std::string>& items) const
{
    if (items.empty())
        return {};
    if (items.size() == 1)
        return items.front();
    std::string head;
    for (std::size_t i = 0; i + 1 < items.size(); ++i)
        head += (i ? ", " : "") + items[i];
    return arg(tr("%1 and %2"), { head, items.back() });
}

void Summaries::figure(
    RunSummary& s, std::string label, std::string value, std::optional<double> exact, const char* field) const
{
    s.figures.push_back({ std::move(label), std::move(value), exact, field });
}

RunSummary Summaries::run(const store::RunInfo& run) const
{
    RunSummary s;
    if (run.status == store::RunStatus::Failed) {
        s.sentences.push_back(arg(tr("The run failed: %1"), { run.error }));
        return s;
    }
    if (!run.result.is_object())
        return s;
    const bool frontiers = run.result.contains("frontiers");
    switch (run.engine) {
    case store::Engine::Ft:
        if (frontiers)
            ftSearch(run, s);
        else if (run.result.contains("time") && run.result.contains("memory"))
            ftStrategy(run, s);
        break;
    case store::Engine::Edl:
        edlJob(run, s);
        break;
    case store::Engine::Dgi:
        if (run.result.contains("total_s"))
            dgiEvaluation(run, s);
        else if (run.result.contains("tensors"))
            dgiPartition(run, s);
        break;
    case store::Engine::Ppac:
        ppacMetrics(run, s);
        break;
    default:
        break;
    }
    return s;
}

SeriesAxes Summaries::axes(store::Engine engine, const std::string& group) const
{
    auto make = [](std::string title, std::string x, std::string y, double yScale = 1.0) {
        return SeriesAxes{ std::move(title), std::move(x), std::move(y), 1.0, yScale, true };
    };
    if (engine == store::Engine::Ft && group == "frontier") {
        auto axes
            = make(tr("Time / memory frontiers"), tr("Memory per device (GB)"), tr("Time per iteration (ms)"), 1e3);
        axes.integerX = false;
        return axes;
    }
    if (engine == store::Engine::Edl) {
        if (group == "loss")
            return make(tr("Training loss"), tr("Step"), tr("Loss"));
        if (group == "throughput")
            return make(tr("Throughput"), tr("Step"), tr("Samples per second"));
        if (group == "workers")
            return make(tr("Workers over time"), tr("Step"), tr("Workers"));
        if (group == "step_time_s")
            return make(tr("Step time per worker"), tr("Step"), tr("Step time (ms)"), 1e3);
    }
    if (engine == store::Engine::Dgi && group == "layer_time_s")
        return make(tr("Time per layer"), tr("Layer (0 = first)"), tr("Time (ms)"), 1e3);
    if (engine == store::Engine::Ppac) {
        if (group == "loss")
            return make(tr("Training loss"), tr("Epoch"), tr("Loss"));
        if (group == "epoch_time_s")
            return make(tr("Time per epoch"), tr("Epoch"), tr("Time (s)"));
        if (group == "validation")
            return make(tr("Validation metrics"), tr("Epoch"), tr("Metric value"));
    }
    // A name that ends in its unit says it: "…_s" seconds, "…_bytes" bytes.
    auto ends = [&](std::string_view suffix) {
        return group.size() > suffix.size() && group.compare(group.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (ends("_s"))
        return make(group, tr("Step"), arg(tr("%1 (s)"), { group.substr(0, group.size() - 2) }));
    if (ends("_bytes"))
        return make(group, tr("Step"), arg(tr("%1 (GiB)"), { group.substr(0, group.size() - 6) }),
            1.0 / (1024.0 * 1024.0 * 1024.0));
    return make(group, tr("Step"), group);
}

} // namespace detail

RunSummary summariseRun(const store::RunInfo& run, const ReportLanguage& language)
{
    return detail::Summaries{ { language } }.run(run);
}

SeriesAxes seriesAxes(store::Engine engine, const std::string& group, const ReportLanguage& language)
{
    return detail::Summaries{ { language } }.axes(engine, group);
}

} // namespace vantage::report
