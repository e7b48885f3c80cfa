// A run's section of the HTML report: its summary in words and figures, its engine's tables and
// charts, its series with named axes, its artifacts; and its stored JSON for the appendix.

#include "common/error.h"
#include "report/html_report_p.h"
#include "report/run_summary_p.h"
#include "report/text.h"

#include <cmath>
#include <limits>
#include <map>

namespace vantage::report::detail {

namespace {

constexpr std::int64_t kMaxEmbeddedImage = 8 << 20; // bytes of an artifact embedded as an image

std::string esc(std::string_view s)
{
    return escapeHtml(s);
}

bool isSvg(const store::ArtifactInfo& a)
{
    return a.mimeType == "image/svg+xml" || (a.name.size() > 4 && a.name.compare(a.name.size() - 4, 4, ".svg") == 0);
}

bool isRaster(const store::ArtifactInfo& a)
{
    return a.mimeType == "image/png" || a.mimeType == "image/jpeg";
}

struct SeriesStats {
    std::size_t n = 0;
    double last = 0;
    double min = std::numeric_limits<double>::infinity(), max = -std::numeric_limits<double>::infinity();
    double halfSum = 0; // halves: the sum of +-1e308 stays finite
    std::size_t finite = 0;
};

} // namespace

std::string HtmlWriter::numCell(double value, const std::string& display, const std::string& extra) const
{
    return "<td class=\"num\" data-value=\"" + exactNumber(value) + "\"" + extra + ">" + esc(display) + "</td>";
}

std::string HtmlWriter::headerRow(std::initializer_list<std::string> cells, std::string_view align) const
{
    std::string h = "<tr>";
    std::size_t i = 0;
    for (const auto& c : cells) {
        const char a = align.empty() ? 'l' : align[std::min(i++, align.size() - 1)];
        h += std::string(a == 'n' ? "<th class=\"num\">" : "<th>") + esc(c) + "</th>";
    }
    return h + "</tr>";
}

void HtmlWriter::factRow(std::string& h, const std::string& key, const std::string& valueHtml) const
{
    h += "<tr><th>" + esc(key) + "</th><td>" + valueHtml + "</td></tr>";
}

std::string HtmlWriter::statusSpan(store::RunStatus status) const
{
    const std::string name(vantage::enumName(status));
    std::string shown = name;
    switch (status) {
    case store::RunStatus::Done:
        shown = tr("done");
        break;
    case store::RunStatus::Failed:
        shown = tr("failed");
        break;
    case store::RunStatus::Cancelled:
        shown = tr("cancelled");
        break;
    case store::RunStatus::Running:
        shown = tr("running");
        break;
    default:
        break;
    }
    return "<span class=\"status status-" + name + "\">" + esc(shown) + "</span>";
}

std::string HtmlWriter::runLabel(const store::RunInfo& r) const
{
    std::string s = engineTitle(vantage::enumName(r.engine)) + " " + std::string(vantage::enumName(r.kind));
    if (!r.name.empty())
        s += " — " + r.name;
    return s;
}

// The summary in words, then the key figures and the run's record in one table.
void HtmlWriter::glance(std::string& h, const store::RunInfo& r, const RunSummary& summary) const
{
    if (!summary.sentences.empty()) {
        h += "<p class=\"lead\">";
        for (std::size_t i = 0; i < summary.sentences.size(); ++i)
            h += (i ? " " : "") + esc(summary.sentences[i]);
        h += "</p>";
    }
    h += "<table class=\"facts run-facts\"><thead><tr><th>" + esc(tr("Figure")) + "</th><th>" + esc(tr("Value"))
        + "</th></tr></thead><tbody>";
    for (const auto& f : summary.figures) {
        h += "<tr" + (f.field.empty() ? std::string() : " data-field=\"" + esc(f.field) + "\"") + "><th>" + esc(f.label)
            + "</th><td";
        if (f.exact)
            h += " data-value=\"" + exactNumber(*f.exact) + "\"";
        h += ">" + esc(f.value) + "</td></tr>";
    }
    factRow(h, tr("Status"), statusSpan(r.status));
    if (!r.startedAt.empty())
        factRow(h, tr("Started"), esc(displayTime(r.startedAt)));
    if (r.durationS > 0)
        factRow(h, tr("Duration"),
            "<span data-value=\"" + exactNumber(r.durationS) + "\">" + esc(language.seconds(r.durationS)) + "</span>");
    if (!r.tags.empty()) {
        std::string tags;
        for (const auto& t : r.tags)
            tags += (tags.empty() ? "" : ", ") + t;
        factRow(h, tr("Tags"), esc(tags));
    }
    if (!r.summary.empty())
        factRow(h, tr("Recorded result"), "<span class=\"summary\">" + esc(r.summary) + "</span>");
    if (!r.error.empty())
        factRow(h, tr("Error"), "<span class=\"error\">" + esc(r.error) + "</span>");
    h += "</tbody></table>";
}

void HtmlWriter::jsonTable(std::string& h, const FlatJson& flat, const char* cls, const char* note) const
{
    h += std::string("<table class=\"kv ") + cls + "\"><thead>" + headerRow({ tr("Key"), tr("Value") }, "l")
        + "</thead><tbody>";
    for (const auto& row : flat.rows) {
        h += "<tr data-key=\"" + esc(row.key) + "\"><td class=\"key\">" + esc(row.key) + "</td>";
        if (row.summarised) {
            h += "<td class=\"note\">" + esc(row.display) + "</td></tr>";
            continue;
        }
        const bool number = row.value.is_number();
        h += std::string("<td") + (number ? " class=\"num\"" : "");
        if (!row.truncated)
            h += " data-json=\"" + esc(row.value.dump(-1, ' ', false, Json::error_handler_t::replace)) + "\"";
        if (number)
            h += " data-value=\"" + exactNumber(row.value.get<double>()) + "\"";
        h += ">" + esc(row.display) + "</td></tr>";
    }
    h += "</tbody></table>";
    if (flat.omitted > 0)
        h += "<p class=\"note\">"
            + esc(arg(tr("%1 more values are in %2 of the CSV export."),
                { language.integer(static_cast<double>(flat.omitted)), note }))
            + "</p>";
}

// One chart per group of series, with axes named after what the engine stores, and a table of
// each series' points, last value and range in the chart's unit.
void HtmlWriter::seriesGroup(std::string& h, const store::RunInfo& run, const SeriesGroup& group) const
{
    const SeriesAxes axes = Summaries{ { language } }.axes(run.engine, group.title);
    Chart chart;
    chart.title = axes.title;
    chart.xLabel = axes.xLabel;
    chart.yLabel = axes.yLabel;
    chart.integerX = axes.integerX;
    std::vector<std::pair<std::string, SeriesStats>> stats;
    for (const auto& name : group.names) {
        const auto points = m_session.series(run.id, name);
        SeriesStats st;
        st.n = points.size();
        ChartSeries s;
        s.name = group.names.size() == 1 ? axes.title : name.substr(group.title.size() + 1);
        if (run.engine == store::Engine::Dgi && (s.name == "layerwise" || s.name == "nodewise"))
            s.name = s.name == "layerwise" ? tr("layer by layer") : tr("node by node");
        if (run.engine == store::Engine::Ppac && s.name.find('@') != std::string::npos)
            s.name = metricTitle(s.name.substr(0, s.name.find('@'))) + s.name.substr(s.name.find('@'));
        s.points.reserve(points.size());
        for (const auto& p : points) {
            s.points.push_back({ p.step * axes.xScale, p.value * axes.yScale });
            if (std::isfinite(p.value)) {
                st.min = std::min(st.min, p.value);
                st.max = std::max(st.max, p.value);
                st.halfSum += p.value / 2;
                ++st.finite;
            }
        }
        if (!points.empty())
            st.last = points.back().value;
        s.markers = points.size() <= 40;
        stats.emplace_back(s.name, st);
        chart.series.push_back(std::move(s));
    }
    if (group.names.size() == 1)
        chart.series.front().name.clear(); // the title names it
    h += "<div class=\"chart\">" + renderSvg(chart) + "</div>";
    h += "<table class=\"series\"><thead>"
        + headerRow({ tr("Series"), tr("Points"), tr("Last"), tr("Lowest"), tr("Highest"), tr("Mean") })
        + "</thead><tbody>";
    for (std::size_t i = 0; i < group.names.size(); ++i) {
        const auto& [shown, st] = stats[i];
        auto cell = [&](double v, const char* field = "") {
            return numCell(v, language.number(v * axes.yScale),
                *field ? std::string(" data-field=\"") + field + "\"" : std::string());
        };
        h += "<tr data-series=\"" + esc(group.names[i]) + "\"><td>" + esc(shown) + "</td>"
            + numCell(static_cast<double>(st.n), language.integer(static_cast<double>(st.n)));
        if (st.n == 0) {
            h += "<td colspan=\"4\">—</td></tr>";
            continue;
        }
        h += cell(st.last, "last");
        h += st.finite > 0 ? cell(st.min) + cell(st.max) + cell(st.halfSum / static_cast<double>(st.finite) * 2)
                           : std::string("<td>—</td><td>—</td><td>—</td>");
        h += "</tr>";
    }
    h += "</tbody></table>";
}

void HtmlWriter::seriesSection(std::string& h, const store::RunInfo& run, bool frontierDrawn) const
{
    std::vector<std::string> names;
    for (auto& n : m_session.seriesNames(run.id))
        // The FT frontiers are drawn above in the tables' units; their series repeat them.
        if (!(frontierDrawn && n.rfind("frontier/", 0) == 0))
            names.push_back(std::move(n));
    if (names.empty())
        return;
    h += "<h3>" + esc(tr("Over time")) + "</h3>";
    for (const auto& group : groupSeries(names))
        seriesGroup(h, run, group);
}

void HtmlWriter::artifactSection(std::string& h, const store::RunInfo& run) const
{
    const auto artifacts = m_session.artifacts(run.id);
    if (artifacts.empty())
        return;
    h += "<h3>" + esc(tr("Artifacts")) + "</h3><table class=\"artifacts\"><thead>"
        + headerRow({ tr("Name"), tr("Type"), tr("Size") }, "lln") + "</thead><tbody>";
    for (const auto& a : artifacts)
        h += "<tr><td>" + esc(a.name) + "</td><td>" + esc(a.mimeType) + "</td>"
            + numCell(static_cast<double>(a.size), language.bytes(static_cast<double>(a.size))) + "</tr>";
    h += "</tbody></table>";
    for (const auto& a : artifacts) {
        if (!(isSvg(a) || isRaster(a)))
            continue;
        if (a.size > kMaxEmbeddedImage) {
            h += "<p class=\"note\">"
                + esc(
                    arg(tr("%1 is too large to embed (%2)."), { a.name, language.bytes(static_cast<double>(a.size)) }))
                + "</p>";
            continue;
        }
        const std::string data = m_session.artifactData(a.id);
        const std::string mime = isSvg(a) ? "image/svg+xml" : a.mimeType;
        // An <img> with a data: URL keeps the page self-contained and, unlike inline SVG, runs no
        // script an artifact might carry and cannot clash with the ids of other SVGs on the page.
        h += "<div class=\"artifact\"><img src=\"data:" + mime + ";base64," + base64(data) + "\" alt=\"" + esc(a.name)
            + "\" data-artifact=\"" + std::to_string(a.id) + "\"/><p class=\"caption\">" + esc(a.name) + "</p></div>";
    }
}

void HtmlWriter::runSection(std::string& h, const store::RunInfo& r) const
{
    h += "<div class=\"run\" id=\"run-" + std::to_string(r.id) + "\" data-run=\"" + std::to_string(r.id) + "\">";
    h += "<h2 class=\"run-title\">" + esc(arg(tr("Run %1 · %2"), { std::to_string(r.id), runLabel(r) })) + "</h2>";
    glance(h, r, Summaries{ { language } }.run(r));
    bool frontierDrawn = false;
    try {
        if (auto ft = ftSearchView(r)) {
            ftSection(h, *ft);
            frontierDrawn = true;
        }
    } catch (const Error& e) {
        h += "<p class=\"note error\">" + esc(arg(tr("The stored frontiers cannot be read: %1"), { e.what() }))
            + "</p>";
    }
    if (auto metrics = ppacMetricTable(r))
        ppacSection(h, *metrics);
    if (r.engine == store::Engine::Edl && r.result.is_object())
        edlSection(h, r.result);
    if (r.engine == store::Engine::Dgi && r.result.is_object())
        dgiSection(h, r.result);
    seriesSection(h, r, frontierDrawn);
    artifactSection(h, r);
    h += "<p class=\"note appendix-link\"><a href=\"#appendix-run-" + std::to_string(r.id) + "\">"
        + esc(tr("Parameters and results as stored: see the appendix.")) + "</a></p></div>";
}

// The run's parameters and result as stored, as rows of key and value.
void HtmlWriter::appendixRun(std::string& h, const store::RunInfo& r) const
{
    h += "<div class=\"appendix-run\" id=\"appendix-run-" + std::to_string(r.id)
        + "\"><h3 class=\"appendix-run-title\">" + esc(arg(tr("Run %1 · %2"), { std::to_string(r.id), runLabel(r) }))
        + "</h3>";
    const FlatJson params = flattenJson(r.params);
    h += "<h4>" + esc(tr("Parameters")) + "</h4>";
    if (params.rows.empty() && params.omitted == 0)
        h += "<p class=\"note\">" + esc(tr("No parameters were recorded.")) + "</p>";
    else
        jsonTable(h, params, "params", "params.json");
    FlattenOptions resultOptions;
    if (r.engine == store::Engine::Ft && r.result.is_object() && r.result.contains("frontiers"))
        resultOptions.skipKeys = { "frontiers", "ops" };
    if (ppacMetricTable(r))
        resultOptions.skipKeys.insert("metrics");
    const FlatJson result = flattenJson(r.result, resultOptions);
    if (!result.rows.empty() || result.omitted > 0) {
        h += "<h4>" + esc(tr("Results")) + "</h4>";
        jsonTable(h, result, "results", "result.json");
    }
    h += "</div>";
}

} // namespace vantage::report::detail
