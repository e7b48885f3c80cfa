// The engine sections of a run in the HTML report: FT frontiers, PPAC metric tables, the elastic
// job's scale events and workers, the DGI evaluation's modes and layers.

#include "report/html_report_p.h"
#include "report/run_summary_p.h"
#include "report/text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vantage::report::detail {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr std::size_t kMaxPointsListed = 10; // frontier points per device count in the HTML

std::string esc(std::string_view s)
{
    return escapeHtml(s);
}

} // namespace

// The frontiers drawn with the baselines and the device memory, in the tables' units (ms, GiB).
void HtmlWriter::ftChart(std::string& h, const FtSearchView& v) const
{
    h += "<h3>" + esc(tr("Frontiers")) + "</h3>";
    Chart chart;
    chart.title = v.model.empty() ? tr("Time / memory frontier") : v.model;
    if (v.batch > 0)
        chart.title += ", " + arg(tr("batch %1"), { language.integer(static_cast<double>(v.batch)) });
    if (!v.cluster.empty())
        chart.title += ", " + v.cluster;
    chart.xLabel = tr("Time per iteration (ms)");
    chart.yLabel = tr("Memory per device (GiB)");
    chart.height = 380;
    for (std::size_t f = 0; f < v.frontiers.size(); ++f) {
        const auto& fr = v.frontiers[f];
        ChartSeries s;
        s.name = tr("%Ln device(s)", nullptr, static_cast<int>(fr.devices));
        s.step = true;
        s.line = false;
        s.markers = true;
        s.colour = static_cast<int>(f);
        for (const auto& p : fr.points)
            s.points.push_back({ p.time * 1e3, p.memory / kGiB });
        chart.series.push_back(std::move(s));
    }
    // A baseline's shape names it, its colour the device count: one legend entry per baseline.
    static constexpr MarkerShape kShapes[] = { MarkerShape::Diamond, MarkerShape::Square, MarkerShape::TriangleUp,
        MarkerShape::TriangleDown, MarkerShape::Cross };
    std::vector<std::string> baselineNames;
    for (std::size_t f = 0; f < v.frontiers.size(); ++f)
        for (const auto& b : v.frontiers[f].baselines) {
            auto it = std::find(baselineNames.begin(), baselineNames.end(), b.name);
            const bool first = it == baselineNames.end();
            const std::size_t k = static_cast<std::size_t>(it - baselineNames.begin());
            if (first)
                baselineNames.push_back(b.name);
            ChartSeries s;
            s.name = first ? b.name : std::string();
            s.line = false;
            s.markers = true;
            s.shape = kShapes[k % std::size(kShapes)];
            s.colour = static_cast<int>(f);
            s.points.push_back({ b.time * 1e3, b.memory / kGiB });
            chart.series.push_back(std::move(s));
        }
    if (v.deviceMemory > 0)
        chart.references.push_back(
            { true, v.deviceMemory / kGiB, arg(tr("device memory (%1)"), { language.bytes(v.deviceMemory) }) });
    h += "<div class=\"chart\">" + renderSvg(chart) + "</div>";
    h += "<p class=\"caption\">"
        + esc(tr("Each frontier joins the strategies that no other strategy beats in both time and memory, one "
                 "colour per device count. Baselines are single markers, one shape per baseline, in the colour of "
                 "their device count."))
        + "</p>";
}

// Per device count: strategies, search time, the fastest and the least-memory strategy.
void HtmlWriter::ftFrontierTable(std::string& h, const FtSearchView& v) const
{
    h += "<table class=\"frontiers\"><thead>"
        + headerRow({ tr("Devices"), tr("Strategies"), tr("Search time"), tr("Fastest: time"), tr("Fastest: memory"),
                        tr("Least memory"), tr("Least memory: time") },
            "n")
        + "</thead><tbody>";
    for (const auto& fr : v.frontiers) {
        h += "<tr data-devices=\"" + std::to_string(fr.devices) + "\">";
        h += numCell(static_cast<double>(fr.devices), language.integer(static_cast<double>(fr.devices)));
        h += numCell(static_cast<double>(fr.points.size()), language.integer(static_cast<double>(fr.points.size())));
        h += numCell(fr.searchS, language.seconds(fr.searchS));
        if (fr.points.empty()) {
            h += "<td class=\"note\" colspan=\"4\">" + esc(tr("no strategy found")) + "</td></tr>";
            continue;
        }
        const auto fastest = std::min_element(
            fr.points.begin(), fr.points.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
        const auto least = std::min_element(
            fr.points.begin(), fr.points.end(), [](const auto& a, const auto& b) { return a.memory < b.memory; });
        h += numCell(fastest->time, language.milliseconds(fastest->time), " data-field=\"fastest_time\"");
        h += numCell(fastest->memory, language.bytes(fastest->memory), " data-field=\"fastest_memory\"");
        h += numCell(least->memory, language.bytes(least->memory), " data-field=\"least_memory\"");
        h += numCell(least->time, language.milliseconds(least->time), " data-field=\"least_memory_time\"");
        h += "</tr>";
    }
    h += "</tbody></table>";
}

// Each baseline against the fastest strategy of its frontier.
void HtmlWriter::ftBaselineTable(std::string& h, const FtSearchView& v) const
{
    const bool anyBaseline
        = std::any_of(v.frontiers.begin(), v.frontiers.end(), [](const auto& f) { return !f.baselines.empty(); });
    if (!anyBaseline)
        return;
    h += "<h3>" + esc(tr("Baselines")) + "</h3><table class=\"baselines\"><thead>"
        + headerRow({ tr("Devices"), tr("Baseline"), tr("Time"), tr("Memory"), tr("Time / fastest") }, "nlnnn")
        + "</thead><tbody>";
    for (const auto& fr : v.frontiers) {
        double fastest = std::numeric_limits<double>::infinity();
        for (const auto& p : fr.points)
            fastest = std::min(fastest, p.time);
        for (const auto& b : fr.baselines) {
            h += "<tr data-devices=\"" + std::to_string(fr.devices) + "\">"
                + numCell(static_cast<double>(fr.devices), language.integer(static_cast<double>(fr.devices))) + "<td>"
                + esc(b.name) + "</td>" + numCell(b.time, language.milliseconds(b.time))
                + numCell(b.memory, language.bytes(b.memory));
            if (std::isfinite(fastest) && fastest > 0)
                h += numCell(b.time / fastest, language.fixed(b.time / fastest, 2) + "×");
            else
                h += "<td>—</td>";
            h += "</tr>";
        }
    }
    h += "</tbody></table>";
}

// The first kMaxPointsListed points of each frontier.
void HtmlWriter::ftPointTable(std::string& h, const FtSearchView& v) const
{
    h += "<h3>" + esc(tr("Fastest strategies per device count")) + "</h3><table class=\"frontier-points\"><thead>"
        + headerRow({ tr("Devices"), tr("Rank"), tr("Time"), tr("Memory"), tr("Strategy") }, "n") + "</thead><tbody>";
    std::size_t hidden = 0;
    for (const auto& fr : v.frontiers) {
        for (std::size_t i = 0; i < fr.points.size(); ++i) {
            if (i >= kMaxPointsListed) {
                hidden += fr.points.size() - i;
                break;
            }
            const auto& p = fr.points[i];
            h += "<tr data-devices=\"" + std::to_string(fr.devices) + "\" data-index=\"" + std::to_string(i) + "\">"
                + numCell(static_cast<double>(fr.devices), language.integer(static_cast<double>(fr.devices)))
                + numCell(static_cast<double>(i), language.integer(static_cast<double>(i + 1)))
                + numCell(p.time, language.milliseconds(p.time)) + numCell(p.memory, language.bytes(p.memory))
                + numCell(static_cast<double>(p.strategy), language.integer(static_cast<double>(p.strategy))) + "</tr>";
        }
    }
    h += "</tbody></table>";
    if (hidden > 0)
        h += "<p class=\"note\">"
            + esc(arg(tr("%1 more points are in frontier.csv of the CSV export."),
                { language.integer(static_cast<double>(hidden)) }))
            + "</p>";
}

void HtmlWriter::ftSection(std::string& h, const FtSearchView& v) const
{
    ftChart(h, v);
    ftFrontierTable(h, v);
    ftBaselineTable(h, v);
    ftPointTable(h, v);
}

void HtmlWriter::ppacSection(std::string& h, const MetricTable& t) const
{
    h += "<h3>" + esc(tr("Ranking quality and popularity bias")) + "</h3><table class=\"metrics\"><thead><tr>"
        + "<th rowspan=\"2\">" + esc(tr("Metric")) + "</th>";
    for (int k : t.ks)
        h += "<th class=\"num\" colspan=\"" + std::to_string(t.splits.size()) + "\">"
            + esc(arg(tr("K = %1"), { language.integer(k) })) + "</th>";
    h += "</tr><tr>";
    for (std::size_t i = 0; i < t.ks.size(); ++i)
        for (const auto& split : t.splits)
            h += "<th class=\"num\">"
                + esc(split == "full"         ? tr("full")
                        : split == "balanced" ? tr("balanced")
                                              : split)
                + "</th>";
    h += "</tr></thead><tbody>";
    for (const auto& metric : t.metrics) {
        h += "<tr data-metric=\"" + esc(metric) + "\"><th>" + esc(metricTitle(metric)) + "</th>";
        for (int k : t.ks)
            for (const auto& split : t.splits) {
                const auto v = t.value(metric, split, k);
                if (!v) {
                    h += "<td>—</td>";
                    continue;
                }
                // Four decimals throughout, as the PPAC page and the run summaries show them.
                h += numCell(*v, language.fixed(*v, 4),
                    " data-split=\"" + esc(split) + "\" data-k=\"" + std::to_string(k) + "\"");
            }
        h += "</tr>";
    }
    if (!t.users.empty()) {
        h += "<tr data-metric=\"users\"><th>" + esc(tr("Users evaluated")) + "</th>";
        for (std::size_t i = 0; i < t.ks.size(); ++i)
            for (const auto& split : t.splits) {
                auto it = t.users.find(split);
                h += it == t.users.end() ? std::string("<td>—</td>")
                                         : numCell(it->second, language.integer(it->second));
            }
        h += "</tr>";
    }
    h += "</tbody></table><p class=\"caption\">"
        + esc(tr("“full” ranks over every test interaction; “balanced” weighs items so that popular and unpopular "
                 "items count alike (the debiased view). ARP is the average popularity of the recommended items: "
                 "lower means less popularity bias."))
        + "</p>";
}

void HtmlWriter::edlSection(std::string& h, const Json& r) const
{
    const Json* events = find(r, { "events" });
    if (events && events->is_array() && !events->empty()) {
        h += "<h3>" + esc(tr("Scale events")) + "</h3><table class=\"scale-events\"><thead>"
            + headerRow({ tr("Step"), tr("Event"), tr("Workers"), tr("Joined"), tr("Left"), tr("Pause") }, "nlnlln")
            + "</thead><tbody>";
        for (const auto& e : *events) {
            const std::string kind = text(e, { "kind" });
            auto names = [&](const char* key) {
                std::string out;
                if (const Json* a = find(e, { key }); a && a->is_array())
                    for (const auto& n : *a)
                        out += (out.empty() ? "" : ", ") + (n.is_string() ? n.get<std::string>() : n.dump());
                return out.empty() ? std::string("—") : out;
            };
            const double step = number(e, { "step" }).value_or(0), pause = number(e, { "pause_s" }).value_or(0);
            h += "<tr>" + numCell(step, language.integer(step)) + "<td>"
                + esc(kind == "scale_out"    ? tr("scale-out")
                        : kind == "scale_in" ? tr("scale-in")
                                             : kind)
                + "</td>" + "<td class=\"num\">"
                + esc(language.integer(number(e, { "workers_before" }).value_or(0)) + " → "
                    + language.integer(number(e, { "workers_after" }).value_or(0)))
                + "</td><td>" + esc(names("joined")) + "</td><td>" + esc(names("left")) + "</td>"
                + numCell(pause, language.milliseconds(pause)) + "</tr>";
        }
        h += "</tbody></table>";
    }
    if (const Json* workers = find(r, { "status", "workers" }); workers && workers->is_array() && !workers->empty())
        edlWorkerTable(h, *workers);
}

void HtmlWriter::edlWorkerTable(std::string& h, const Json& workers) const
{
    h += "<h3>" + esc(tr("Workers")) + "</h3><table class=\"workers\"><thead>"
        + headerRow(
            { tr("Worker"), tr("Host"), tr("Device"), tr("State"), tr("Samples trained"), tr("Last step time") },
            "llllnn")
        + "</thead><tbody>";
    for (const auto& w : workers) {
        const double samples = number(w, { "samples_done" }).value_or(0);
        const double step = number(w, { "step_s" }).value_or(0);
        h += "<tr><td>" + esc(text(w, { "id" })) + "</td><td>" + esc(text(w, { "host" })) + "</td><td>"
            + esc(text(w, { "device" })) + "</td><td>" + esc(text(w, { "state" })) + "</td>"
            + numCell(samples, language.integer(samples)) + numCell(step, language.milliseconds(step)) + "</tr>";
    }
    h += "</tbody></table>";
}

void HtmlWriter::dgiSection(std::string& h, const Json& r) const
{
    const Json* compare = find(r, { "compare" });
    if (r.contains("total_s") && compare && compare->is_array() && !compare->empty()) {
        h += "<h3>" + esc(tr("Layer by layer and node by node")) + "</h3><table class=\"modes\"><thead>"
            + headerRow({ tr("Evaluation"), tr("Time"), tr("Peak memory"), tr("Speed-up of this run") })
            + "</thead><tbody>";
        auto row = [&](const Json& m, const std::string& speedup) {
            const std::string mode = text(m, { "mode" });
            const double t = number(m, { "total_s" }).value_or(0), peak = number(m, { "peak_rss_bytes" }).value_or(0);
            std::string name = mode == "nodewise" ? tr("node by node")
                : mode == "layerwise"             ? tr("layer by layer")
                                                  : mode;
            if (&m == &r)
                name = arg(tr("%1 (this run)"), { name });
            h += "<tr data-mode=\"" + esc(mode) + "\"><td>" + esc(name) + "</td>" + numCell(t, language.seconds(t))
                + numCell(peak, language.bytes(peak)) + "<td class=\"num\">" + esc(speedup) + "</td></tr>";
        };
        row(r, "—");
        for (const auto& c : *compare)
            row(c, language.fixed(number(c, { "speedup" }).value_or(0), 2) + "×");
        h += "</tbody></table>";
    }
    if (const Json* layers = find(r, { "layers" }); layers && layers->is_array() && !layers->empty()
        && layers->front().is_object() && layers->front().contains("time_s"))
        dgiLayerTable(h, *layers);
}

void HtmlWriter::dgiLayerTable(std::string& h, const Json& layers) const
{
    h += "<h3>" + esc(tr("Layers")) + "</h3><table class=\"layers\"><thead>"
        + headerRow({ tr("Layer"), tr("Nodes"), tr("Edges"), tr("Batches"), tr("Time"), tr("Data touched") }, "n")
        + "</thead><tbody>";
    for (const auto& l : layers) {
        const double index = number(l, { "index" }).value_or(0), nodes = number(l, { "nodes" }).value_or(0);
        const double edges = number(l, { "edges" }).value_or(0), batches = number(l, { "batches" }).value_or(0);
        const double t = number(l, { "time_s" }).value_or(0), bytes = number(l, { "bytes_touched" }).value_or(0);
        h += "<tr>" + numCell(index, language.integer(index)) + numCell(nodes, language.integer(nodes))
            + numCell(edges, language.integer(edges)) + numCell(batches, language.integer(batches))
            + numCell(t, language.milliseconds(t)) + numCell(bytes, language.bytes(bytes)) + "</tr>";
    }
    h += "</tbody></table>";
}

} // namespace vantage::report::detail
