#include "report/html_report.h"

#include "common/error.h"
#include "common/json.h"
#include "common/units.h"
#include "common/version.h"
#include "report/engine_views.h"
#include "report/svg_chart.h"
#include "report/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <limits>
#include <map>

namespace vantage::report {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr std::size_t kMaxPointsListed = 25; // frontier points per device count in the HTML
constexpr std::int64_t kMaxEmbeddedImage = 8 << 20; // bytes of an artifact embedded as an image

// Screen and print styles. The PDF writer (app/gui/report_pdf) replaces them with its own, since
// Qt's rich text understands a smaller part of CSS.
constexpr const char* kStyle = R"css(
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       color: #1d2330; background: #ffffff; margin: 0 auto; max-width: 1040px; padding: 32px 28px 48px;
       font-size: 14px; line-height: 1.45; }
h1 { font-size: 30px; margin: 4px 0 18px; }
h2 { font-size: 20px; margin: 44px 0 12px; padding-bottom: 6px; border-bottom: 2px solid #0072B2; }
h3 { font-size: 15px; margin: 26px 0 8px; color: #2c3445; }
a { color: #0061a0; text-decoration: none; }
a:hover { text-decoration: underline; }
table { border-collapse: collapse; margin: 6px 0 16px; font-size: 13px; }
th, td { border-bottom: 1px solid #e1e5ec; padding: 4px 10px; text-align: left; vertical-align: top; }
thead th { background: #f2f4f8; border-bottom: 2px solid #cdd4df; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.key, th.key { font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 12px; }
table.facts th { color: #5b6475; font-weight: normal; min-width: 150px; border-bottom: 1px solid #eef0f4; }
table.facts td { border-bottom: 1px solid #eef0f4; }
.kicker { text-transform: uppercase; letter-spacing: 0.12em; color: #0072B2; font-weight: bold; font-size: 12px;
          margin: 0; }
.status { font-weight: 600; }
.status-done { color: #00734f; }
.status-failed { color: #b34700; }
.status-cancelled, .status-queued, .status-running { color: #5b6475; }
.chart { margin: 8px 0 18px; }
.chart svg { max-width: 100%; height: auto; }
.artifact { margin: 8px 0 18px; }
.artifact img { max-width: 100%; height: auto; border: 1px solid #e1e5ec; }
.caption { color: #5b6475; font-size: 12px; margin: 2px 0 0; }
.note { color: #5b6475; font-size: 12px; }
.error { color: #b34700; }
.footer { margin-top: 48px; color: #5b6475; font-size: 12px; border-top: 1px solid #e1e5ec; padding-top: 8px; }
@media print { .run { page-break-before: always; } body { max-width: none; padding: 0; } }
)css";

std::string esc(std::string_view s)
{
    return escapeHtml(s);
}

std::string numCell(double value, const std::string& display, const std::string& extra = {})
{
    return "<td class=\"num\" data-value=\"" + exactNumber(value) + "\"" + extra + ">" + esc(display) + "</td>";
}

std::string numCell(double value)
{
    return numCell(value, formatNumber(value));
}

std::string bytesText(double bytes)
{
    return formatBytes(bytes);
}

std::string secondsText(double seconds)
{
    return formatSeconds(seconds);
}

std::string runLabel(const store::RunInfo& r)
{
    std::string s = engineTitle(store::engineName(r.engine)) + " " + std::string(store::runKindName(r.kind));
    if (!r.name.empty())
        s += " — " + r.name;
    return s;
}

std::string statusSpan(store::RunStatus status)
{
    const std::string name(store::statusName(status));
    return "<span class=\"status status-" + name + "\">" + name + "</span>";
}

void factRow(std::string& h, const std::string& key, const std::string& valueHtml)
{
    h += "<tr><th>" + esc(key) + "</th><td>" + valueHtml + "</td></tr>";
}

void jsonTable(std::string& h, const FlatJson& flat, const char* cls, const char* note)
{
    h += std::string("<table class=\"kv ") + cls + "\"><thead><tr><th>Key</th><th>Value</th></tr></thead><tbody>";
    for (const auto& row : flat.rows) {
        h += "<tr data-key=\"" + esc(row.key) + "\"><td class=\"key\">" + esc(row.key) + "</td>";
        if (row.summarised) {
            h += "<td class=\"note\">" + esc(row.display) + "</td>";
        } else {
            const bool number = row.value.is_number();
            h += std::string("<td") + (number ? " class=\"num\"" : "");
            if (!row.truncated)
                h += " data-json=\"" + esc(row.value.dump(-1, ' ', false, Json::error_handler_t::replace)) + "\"";
            if (number)
                h += " data-value=\"" + exactNumber(row.value.get<double>()) + "\"";
            h += ">" + esc(row.display) + "</td>";
        }
        h += "</tr>";
    }
    h += "</tbody></table>";
    if (flat.omitted > 0)
        h += "<p class=\"note\">" + std::to_string(flat.omitted) + " more values are in " + note
            + " of the CSV export.</p>";
}

void chartBlock(std::string& h, const Chart& chart)
{
    h += "<div class=\"chart\">" + renderSvg(chart) + "</div>";
}

// The frontiers drawn with the baselines and the device memory.
void ftChart(std::string& h, const FtSearchView& v)
{
    h += "<h3>Frontiers</h3>";
    Chart chart;
    chart.title = v.model.empty() ? "Time / memory frontier" : v.model;
    if (v.batch > 0)
        chart.title += ", batch " + std::to_string(v.batch);
    if (!v.cluster.empty())
        chart.title += ", " + v.cluster;
    chart.xLabel = "time per iteration (s)";
    chart.yLabel = "memory per device (GiB)";
    chart.height = 380;
    std::vector<std::string> baselineNames;
    for (std::size_t f = 0; f < v.frontiers.size(); ++f) {
        const auto& fr = v.frontiers[f];
        ChartSeries s;
        s.name = std::to_string(fr.devices) + (fr.devices == 1 ? " device" : " devices");
        s.step = true;
        s.line = false;
        s.markers = true;
        s.colour = static_cast<int>(f);
        for (const auto& p : fr.points)
            s.points.push_back({ p.time, p.memory / kGiB });
        chart.series.push_back(std::move(s));
    }
    static constexpr MarkerShape kShapes[] = { MarkerShape::Diamond, MarkerShape::Square, MarkerShape::TriangleUp,
        MarkerShape::TriangleDown, MarkerShape::Cross };
    for (std::size_t f = 0; f < v.frontiers.size(); ++f)
        for (const auto& b : v.frontiers[f].baselines) {
            auto it = std::find(baselineNames.begin(), baselineNames.end(), b.name);
            const std::size_t k = static_cast<std::size_t>(it - baselineNames.begin());
            if (it == baselineNames.end())
                baselineNames.push_back(b.name);
            ChartSeries s;
            s.name = b.name + ", " + std::to_string(v.frontiers[f].devices);
            s.line = false;
            s.markers = true;
            s.shape = kShapes[k % std::size(kShapes)];
            s.colour = static_cast<int>(f);
            s.points.push_back({ b.time, b.memory / kGiB });
            chart.series.push_back(std::move(s));
        }
    if (v.deviceMemory > 0)
        chart.references.push_back(
            { true, v.deviceMemory / kGiB, "device memory (" + bytesText(v.deviceMemory) + ")" });
    chartBlock(h, chart);
    h += "<p class=\"caption\">Each frontier joins the strategies no other strategy beats in both time and memory; "
         "baselines are drawn as separate markers.</p>";
}

// Per device count: strategies, search time, the fastest and the least-memory strategy.
void ftFrontierTable(std::string& h, const FtSearchView& v)
{
    h += "<table class=\"frontiers\"><thead><tr><th class=\"num\">Devices</th><th class=\"num\">Strategies</th>"
         "<th class=\"num\">Search time</th><th class=\"num\">Fastest</th><th class=\"num\">Its memory</th>"
         "<th class=\"num\">Least memory</th><th class=\"num\">Its time</th></tr></thead><tbody>";
    for (const auto& fr : v.frontiers) {
        h += "<tr data-devices=\"" + std::to_string(fr.devices) + "\">";
        h += numCell(static_cast<double>(fr.devices));
        h += numCell(static_cast<double>(fr.points.size()));
        h += numCell(fr.searchS, secondsText(fr.searchS));
        if (fr.points.empty()) {
            h += "<td class=\"note\" colspan=\"4\">no strategy found</td>";
        } else {
            const auto fastest = std::min_element(
                fr.points.begin(), fr.points.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
            const auto least = std::min_element(
                fr.points.begin(), fr.points.end(), [](const auto& a, const auto& b) { return a.memory < b.memory; });
            h += numCell(fastest->time, secondsText(fastest->time), " data-field=\"fastest_time\"");
            h += numCell(fastest->memory, bytesText(fastest->memory), " data-field=\"fastest_memory\"");
            h += numCell(least->memory, bytesText(least->memory), " data-field=\"least_memory\"");
            h += numCell(least->time, secondsText(least->time), " data-field=\"least_memory_time\"");
        }
        h += "</tr>";
    }
    h += "</tbody></table>";
}

// Each baseline against the fastest strategy of its frontier.
void ftBaselineTable(std::string& h, const FtSearchView& v)
{
    bool anyBaseline = false;
    for (const auto& fr : v.frontiers)
        anyBaseline = anyBaseline || !fr.baselines.empty();
    if (anyBaseline) {
        h += "<h3>Baselines</h3><table class=\"baselines\"><thead><tr><th class=\"num\">Devices</th>"
             "<th>Baseline</th><th class=\"num\">Time</th><th class=\"num\">Memory</th>"
             "<th class=\"num\">Time / fastest</th></tr></thead><tbody>";
        for (const auto& fr : v.frontiers) {
            double fastest = std::numeric_limits<double>::infinity();
            for (const auto& p : fr.points)
                fastest = std::min(fastest, p.time);
            for (const auto& b : fr.baselines) {
                h += "<tr data-devices=\"" + std::to_string(fr.devices) + "\">"
                    + numCell(static_cast<double>(fr.devices)) + "<td>" + esc(b.name) + "</td>"
                    + numCell(b.time, secondsText(b.time)) + numCell(b.memory, bytesText(b.memory));
                if (std::isfinite(fastest) && fastest > 0)
                    h += numCell(b.time / fastest, formatNumber(b.time / fastest) + "×");
                else
                    h += "<td></td>";
                h += "</tr>";
            }
        }
        h += "</tbody></table>";
    }
}

// The points of each frontier, the first kMaxPointsListed of each.
void ftPointTable(std::string& h, const FtSearchView& v)
{
    h += "<h3>Frontier points</h3><table class=\"frontier-points\"><thead><tr><th class=\"num\">Devices</th>"
         "<th class=\"num\">#</th><th class=\"num\">Time</th><th class=\"num\">Memory</th>"
         "<th class=\"num\">Strategy</th></tr></thead><tbody>";
    std::size_t hidden = 0;
    for (const auto& fr : v.frontiers) {
        for (std::size_t i = 0; i < fr.points.size(); ++i) {
            if (i >= kMaxPointsListed) {
                hidden += fr.points.size() - i;
                break;
            }
            const auto& p = fr.points[i];
            h += "<tr data-devices=\"" + std::to_string(fr.devices) + "\" data-index=\"" + std::to_string(i) + "\">"
                + numCell(static_cast<double>(fr.devices)) + numCell(static_cast<double>(i))
                + numCell(p.time, secondsText(p.time)) + numCell(p.memory, bytesText(p.memory))
                + numCell(static_cast<double>(p.strategy)) + "</tr>";
        }
    }
    h += "</tbody></table>";
    if (hidden > 0)
        h += "<p class=\"note\">" + std::to_string(hidden) + " more points are in frontier.csv of the CSV export.</p>";
}

void ftSection(std::string& h, const FtSearchView& v)
{
    ftChart(h, v);
    ftFrontierTable(h, v);
    ftBaselineTable(h, v);
    ftPointTable(h, v);
}

void ppacSection(std::string& h, const MetricTable& t)
{
    h += "<h3>Metrics</h3><table class=\"metrics\"><thead><tr><th rowspan=\"2\">Metric</th>";
    for (int k : t.ks)
        h += "<th class=\"num\" colspan=\"" + std::to_string(t.splits.size()) + "\">K = " + std::to_string(k) + "</th>";
    h += "</tr><tr>";
    for (std::size_t i = 0; i < t.ks.size(); ++i)
        for (const auto& split : t.splits)
            h += "<th class=\"num\">" + esc(split) + "</th>";
    h += "</tr></thead><tbody>";
    for (const auto& metric : t.metrics) {
        h += "<tr data-metric=\"" + esc(metric) + "\"><th>" + esc(metricTitle(metric)) + "</th>";
        for (int k : t.ks)
            for (const auto& split : t.splits) {
                if (auto v = t.value(metric, split, k)) {
                    // Four decimals throughout, as the PPAC page and the run summaries show them.
                    char buf[64];
                    std::snprintf(buf, sizeof buf, "%.4f", *v);
                    const std::string display = std::abs(*v) < 1e9 ? std::string(buf) : formatNumber(*v);
                    h += numCell(
                        *v, display, " data-split=\"" + esc(split) + "\" data-k=\"" + std::to_string(k) + "\"");
                } else {
                    h += "<td></td>";
                }
            }
        h += "</tr>";
    }
    if (!t.users.empty()) {
        h += "<tr data-metric=\"users\"><th>Users evaluated</th>";
        for (std::size_t i = 0; i < t.ks.size(); ++i)
            for (const auto& split : t.splits) {
                auto it = t.users.find(split);
                h += it == t.users.end() ? std::string("<td></td>") : numCell(it->second);
            }
        h += "</tr>";
    }
    h += "</tbody></table>";
    h += "<p class=\"caption\">“full” ranks over every test interaction; “balanced” weighs items so that popular and "
         "unpopular items count alike (the debiased view). ARP is the average popularity of the recommended items: "
         "lower means less popularity bias.</p>";
}

void seriesSection(std::string& h, const store::Session& session, const store::RunInfo& run)
{
    const auto names = session.seriesNames(run.id);
    if (names.empty())
        return;
    h += "<h3>Series</h3>";
    struct Stats {
        std::size_t n = 0;
        double firstStep = 0, lastStep = 0, last = 0;
        double min = std::numeric_limits<double>::infinity(), max = -std::numeric_limits<double>::infinity();
        double sum = 0;
        std::size_t finite = 0;
    };
    std::map<std::string, Stats> stats;
    for (const auto& group : groupSeries(names)) {
        Chart chart;
        chart.title = group.title;
        chart.xLabel = "step";
        chart.yLabel = group.title;
        for (std::size_t i = 0; i < group.names.size(); ++i) {
            const auto& name = group.names[i];
            const auto points = session.series(run.id, name);
            Stats st;
            st.n = points.size();
            ChartSeries s;
            s.name = group.names.size() == 1 ? name : name.substr(group.title.size() + 1);
            s.points.reserve(points.size());
            for (const auto& p : points) {
                s.points.push_back({ p.step, p.value });
                if (std::isfinite(p.value)) {
                    st.min = std::min(st.min, p.value);
                    st.max = std::max(st.max, p.value);
                    st.sum += p.value / 2; // halves: the sum of +-1e308 stays finite
                    ++st.finite;
                }
            }
            if (!points.empty()) {
                st.firstStep = points.front().step;
                st.lastStep = points.back().step;
                st.last = points.back().value;
            }
            s.markers = points.size() <= 40;
            stats[name] = st;
            chart.series.push_back(std::move(s));
        }
        chartBlock(h, chart);
    }
    h += "<table class=\"series\"><thead><tr><th>Series</th><th class=\"num\">Points</th>"
         "<th class=\"num\">First step</th><th class=\"num\">Last step</th><th class=\"num\">Last value</th>"
         "<th class=\"num\">Min</th><th class=\"num\">Max</th><th class=\"num\">Mean</th></tr></thead><tbody>";
    for (const auto& name : names) {
        const Stats& st = stats[name];
        h += "<tr data-series=\"" + esc(name) + "\"><td>" + esc(name) + "</td>" + numCell(static_cast<double>(st.n));
        if (st.n == 0) {
            h += "<td colspan=\"6\"></td></tr>";
            continue;
        }
        h += numCell(st.firstStep) + numCell(st.lastStep)
            + numCell(st.last, formatNumber(st.last), " data-field=\"last\"");
        if (st.finite > 0)
            h += numCell(st.min) + numCell(st.max) + numCell(st.sum / static_cast<double>(st.finite) * 2);
        else
            h += "<td></td><td></td><td></td>";
        h += "</tr>";
    }
    h += "</tbody></table>";
}

bool isSvg(const store::ArtifactInfo& a)
{
    return a.mimeType == "image/svg+xml" || (a.name.size() > 4 && a.name.compare(a.name.size() - 4, 4, ".svg") == 0);
}

bool isRaster(const store::ArtifactInfo& a)
{
    return a.mimeType == "image/png" || a.mimeType == "image/jpeg";
}

void artifactSection(std::string& h, const store::Session& session, const store::RunInfo& run)
{
    const auto artifacts = session.artifacts(run.id);
    if (artifacts.empty())
        return;
    h += "<h3>Artifacts</h3><table class=\"artifacts\"><thead><tr><th>Name</th><th>Type</th>"
         "<th class=\"num\">Size</th></tr></thead><tbody>";
    for (const auto& a : artifacts)
        h += "<tr><td>" + esc(a.name) + "</td><td>" + esc(a.mimeType) + "</td>"
            + numCell(static_cast<double>(a.size), bytesText(static_cast<double>(a.size))) + "</tr>";
    h += "</tbody></table>";
    for (const auto& a : artifacts) {
        if (!(isSvg(a) || isRaster(a)))
            continue;
        if (a.size > kMaxEmbeddedImage) {
            h += "<p class=\"note\">" + esc(a.name) + " is too large to embed ("
                + bytesText(static_cast<double>(a.size)) + ").</p>";
            continue;
        }
        const std::string data = session.artifactData(a.id);
        const std::string mime = isSvg(a) ? "image/svg+xml" : a.mimeType;
        // An <img> with a data: URL keeps the page self-contained and, unlike inline SVG, runs no
        // script an artifact might carry and cannot clash with the ids of other SVGs on the page.
        h += "<div class=\"artifact\"><img src=\"data:" + mime + ";base64," + base64(data) + "\" alt=\"" + esc(a.name)
            + "\" data-artifact=\"" + std::to_string(a.id) + "\"/><p class=\"caption\">" + esc(a.name) + "</p></div>";
    }
}

void runSection(std::string& h, const store::Session& session, const store::RunInfo& r)
{
    h += "<div class=\"run\" id=\"run-" + std::to_string(r.id) + "\" data-run=\"" + std::to_string(r.id) + "\">";
    h += "<h2 class=\"run-title\">Run " + std::to_string(r.id) + " · " + esc(runLabel(r)) + "</h2>";
    h += "<table class=\"facts run-facts\"><tbody>";
    factRow(h, "Engine", esc(engineTitle(store::engineName(r.engine))));
    factRow(h, "Kind", esc(std::string(store::runKindName(r.kind))));
    if (!r.name.empty())
        factRow(h, "Name", esc(r.name));
    factRow(h, "Status", statusSpan(r.status));
    factRow(h, "Created", esc(displayTime(r.createdAt)));
    if (!r.startedAt.empty())
        factRow(h, "Started", esc(displayTime(r.startedAt)));
    if (!r.finishedAt.empty())
        factRow(h, "Finished", esc(displayTime(r.finishedAt)));
    if (r.durationS > 0)
        factRow(h, "Duration",
            "<span data-value=\"" + exactNumber(r.durationS) + "\">" + esc(secondsText(r.durationS)) + "</span>");
    if (!r.tags.empty()) {
        std::string tags;
        for (const auto& t : r.tags)
            tags += (tags.empty() ? "" : ", ") + t;
        factRow(h, "Tags", esc(tags));
    }
    if (!r.summary.empty())
        factRow(h, "Summary", "<span class=\"summary\">" + esc(r.summary) + "</span>");
    if (!r.error.empty())
        factRow(h, "Error", "<span class=\"error\">" + esc(r.error) + "</span>");
    h += "</tbody></table>";

    h += "<h3>Parameters</h3>";
    const FlatJson params = flattenJson(r.params);
    if (params.rows.empty() && params.omitted == 0)
        h += "<p class=\"note\">No parameters were recorded.</p>";
    else
        jsonTable(h, params, "params", "params.json");

    FlattenOptions resultOptions;
    try {
        if (auto ft = ftSearchView(r)) {
            ftSection(h, *ft);
            resultOptions.skipKeys = { "frontiers", "ops" };
        }
    } catch (const Error& e) {
        h += "<p class=\"note error\">The stored frontiers cannot be read: " + esc(e.what()) + "</p>";
    }
    if (auto metrics = ppacMetricTable(r)) {
        ppacSection(h, *metrics);
        resultOptions.skipKeys.insert("metrics");
    }
    const FlatJson result = flattenJson(r.result, resultOptions);
    if (!result.rows.empty() || result.omitted > 0) {
        h += "<h3>Results</h3>";
        jsonTable(h, result, "results", "result.json");
    }
    seriesSection(h, session, r);
    artifactSection(h, session, r);
    h += "</div>";
}

} // namespace

namespace {

// The runs a report covers: those it lists (at most options.maxListedRuns, read as one page, never
// the whole session) and how many the session or the selection has in all.
struct ReportRuns {
    std::vector<store::RunInfo> listed;
    std::size_t selected = 0; // runs the report is about (options.runs, or every run)
    std::size_t total = 0; // runs of the session
};

ReportRuns reportRuns(const store::Session& session, const ReportOptions& options)
{
    ReportRuns out;
    out.total = session.runCount();
    // Unknown ids fail here, before anything is written.
    out.listed = selectRuns(session, options, options.maxListedRuns, &out.selected);
    return out;
}

void titleBlock(std::string& h, const store::Session& session, const ReportRuns& runs, const std::string& title,
    const std::string& date, const std::string& version)
{
    h += "<div class=\"title-page\" id=\"top\"><p class=\"kicker\">Vantage report</p><h1 class=\"report-title\">"
        + esc(title) + "</h1>";
    h += "<table class=\"facts report-facts\"><tbody>";
    factRow(h, "Session file", "<span class=\"session-file\">" + esc(session.path().string()) + "</span>");
    factRow(h, "Report date", "<span class=\"report-date\">" + esc(displayTime(date)) + "</span>");
    if (auto created = session.meta("created_at"))
        factRow(h, "Session created", esc(displayTime(*created)));
    factRow(h, "Report written by", "Vantage " + esc(version));
    if (auto with = session.meta("created_with"))
        factRow(h, "Session created with", esc(*with));
    factRow(h, "Session schema", std::to_string(session.schemaVersion()));
    factRow(h, "Runs",
        std::to_string(runs.selected)
            + (runs.selected == runs.total ? std::string() : " of " + std::to_string(runs.total)));
    h += "</tbody></table>";
}

void contents(std::string& h, const ReportRuns& runs)
{
    h += "<h2 id=\"contents\">Contents</h2>";
    if (runs.listed.empty()) {
        h += "<p class=\"note\">This session has no runs.</p>";
        return;
    }
    h += "<table class=\"runs toc\"><thead><tr><th class=\"num\">Run</th><th>Engine</th><th>Kind</th><th>Name</th>"
         "<th>Status</th><th>Started</th><th class=\"num\">Duration</th><th>Result</th></tr></thead><tbody>";
    for (const auto& r : runs.listed) {
        h += "<tr data-run=\"" + std::to_string(r.id) + "\"><td class=\"num\"><a href=\"#run-" + std::to_string(r.id)
            + "\">" + std::to_string(r.id) + "</a></td><td>" + esc(engineTitle(store::engineName(r.engine)))
            + "</td><td>" + esc(std::string(store::runKindName(r.kind))) + "</td><td><a href=\"#run-"
            + std::to_string(r.id) + "\">" + esc(r.name.empty() ? runLabel(r) : r.name) + "</a></td><td>"
            + statusSpan(r.status) + "</td><td>" + esc(displayTime(r.startedAt)) + "</td>";
        h += r.durationS > 0 ? numCell(r.durationS, secondsText(r.durationS)) : std::string("<td></td>");
        h += "<td>" + esc(r.status == store::RunStatus::Failed && !r.error.empty() ? r.error : r.summary)
            + "</td></tr>";
    }
    h += "</tbody></table>";
    if (runs.selected > runs.listed.size())
        h += "<p class=\"note runs-not-listed\" data-count=\"" + std::to_string(runs.selected - runs.listed.size())
            + "\">" + std::to_string(runs.selected - runs.listed.size())
            + " more runs are not listed here. The CSV export (vantage-cli report --format csv) holds every run; "
              "a report of chosen runs (--runs) details those.</p>";
}

// The whole page, handed to `emit` a part at a time (the title block, each run), so that a report
// written to a file holds one run's HTML in memory at a time.
void renderReport(
    const store::Session& session, const ReportOptions& options, const std::function<void(std::string&)>& emit)
{
    const ReportRuns runs = reportRuns(session, options);
    const std::string title = reportTitle(session, options);
    const std::string date = reportDate(options);
    const std::string version = std::string(VANTAGE_VERSION) + " (" + VANTAGE_GIT_DESCRIBE + ")";

    std::string h;
    h += "<!DOCTYPE html>\n<html lang=\"en\" xmlns=\"http://www.w3.org/1999/xhtml\"><head><meta charset=\"utf-8\"/>"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>";
    h += "<meta name=\"generator\" content=\"Vantage " + esc(version) + "\"/>";
    h += "<meta name=\"vantage-session\" content=\"" + esc(session.path().string()) + "\"/>";
    h += "<meta name=\"vantage-date\" content=\"" + esc(date) + "\"/>";
    h += "<title>" + esc(title) + "</title><style>" + kStyle + "</style></head>\n<body>";
    titleBlock(h, session, runs, title, date, version);
    contents(h, runs);
    h += "</div>\n";
    emit(h);

    const std::size_t detailed = std::min(runs.listed.size(), options.maxDetailedRuns);
    for (std::size_t i = 0; i < detailed; ++i) {
        runSection(h, session, runs.listed[i]);
        h += "\n";
        emit(h);
    }
    if (runs.selected > detailed)
        h += "<p class=\"note runs-not-detailed\" data-count=\"" + std::to_string(runs.selected - detailed)
            + "\">The report details the first " + std::to_string(detailed) + " of " + std::to_string(runs.selected)
            + " runs; the CSV export holds the parameters, results and series of every run.</p>";
    h += "<p class=\"footer\">Generated by Vantage " + esc(version) + " on " + esc(displayTime(date)) + " from "
        + esc(session.path().filename().string()) + ".</p>";
    h += "</body></html>\n";
    emit(h);
}

} // namespace

std::string renderHtml(const store::Session& session, const ReportOptions& options)
{
    std::string page;
    renderReport(session, options, [&](std::string& part) {
        page += part;
        part.clear();
    });
    return page;
}

void writeHtml(const store::Session& session, const ReportOptions& options, const std::filesystem::path& file)
{
    (void)reportRuns(session, options); // an unknown run id is refused before the file is opened
    // An error while the page is written (the session, mid-way) leaves no half page: the
    // temporary file is removed, and the error is the one that stopped the report.
    std::exception_ptr failed;
    try {
        writeFileAtomicWith(file, FileAccess::Default, [&](std::FILE* out) {
            bool ok = true;
            try {
                renderReport(session, options, [&](std::string& part) {
                    ok = ok && std::fwrite(part.data(), 1, part.size(), out) == part.size();
                    part.clear();
                });
            } catch (...) {
                failed = std::current_exception();
                return false;
            }
            return ok;
        });
    } catch (const Error&) {
        if (failed)
            std::rethrow_exception(failed);
        throw;
    }
}

} // namespace vantage::report
