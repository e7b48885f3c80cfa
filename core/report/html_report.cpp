#include "report/html_report.h"

#include "common/error.h"
#include "common/json.h"
#include "common/units.h"
#include "common/version.h"
#include "report/html_report_p.h"
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
table.facts thead th { color: #1d2330; font-weight: 600; background: #f2f4f8; border-bottom: 2px solid #cdd4df; }
p.lead { font-size: 15px; line-height: 1.55; margin: 10px 0 14px; max-width: 820px; }
h4 { font-size: 13px; margin: 16px 0 6px; color: #2c3445; }
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
@media print { .run, .appendix { page-break-before: always; } body { max-width: none; padding: 0; } }
)css";

std::string esc(std::string_view s)
{
    return escapeHtml(s);
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

// The title page, the contents, the runs and the appendix.
class PageWriter : public detail::HtmlWriter {
    Q_DECLARE_TR_FUNCTIONS(vantage::report)
public:
    PageWriter(const store::Session& session, const ReportOptions& options)
        : HtmlWriter(session, options.language)
        , m_session(session)
        , m_options(options)
    { }
    void render(const std::function<void(std::string&)>& emit) const;

private:
    void titleBlock(std::string& h, const ReportRuns& runs, const std::string& title, const std::string& date,
        const std::string& version) const;
    void contents(std::string& h, const ReportRuns& runs) const;
    void appendix(std::string& h, const ReportRuns& runs, std::size_t detailed,
        const std::function<void(std::string&)>& emit) const;

    const store::Session& m_session;
    const ReportOptions& m_options;
};

void PageWriter::titleBlock(std::string& h, const ReportRuns& runs, const std::string& title, const std::string& date,
    const std::string& version) const
{
    h += "<div class=\"title-page\" id=\"top\"><p class=\"kicker\">" + esc(tr("Vantage report"))
        + "</p><h1 class=\"report-title\">" + esc(title) + "</h1>";
    h += "<table class=\"facts report-facts\"><thead><tr><th>" + esc(tr("Report"))
        + "</th><th></th></tr></thead><tbody>";
    factRow(h, tr("Session file"), "<span class=\"session-file\">" + esc(m_session.path().string()) + "</span>");
    factRow(h, tr("Report date"), "<span class=\"report-date\">" + esc(displayTime(date)) + "</span>");
    if (auto created = m_session.meta("created_at"))
        factRow(h, tr("Session created"), esc(displayTime(*created)));
    factRow(h, tr("Report written by"), "Vantage " + esc(version));
    if (auto with = m_session.meta("created_with"))
        factRow(h, tr("Session created with"), esc(*with));
    factRow(h, tr("Session schema"), std::to_string(m_session.schemaVersion()));
    const std::string selected = language.integer(static_cast<double>(runs.selected));
    factRow(h, tr("Runs"),
        esc(runs.selected == runs.total
                ? selected
                : arg(tr("%1 of %2"), { selected, language.integer(static_cast<double>(runs.total)) })));
    h += "</tbody></table>";
}

void PageWriter::contents(std::string& h, const ReportRuns& runs) const
{
    h += "<h2 id=\"contents\">" + esc(tr("Contents")) + "</h2>";
    if (runs.listed.empty()) {
        h += "<p class=\"note\">" + esc(tr("This session has no runs.")) + "</p>";
        return;
    }
    h += "<table class=\"runs toc\"><thead><tr><th class=\"num\">" + esc(tr("Run")) + "</th><th>" + esc(tr("Engine"))
        + "</th><th>" + esc(tr("Kind")) + "</th><th>" + esc(tr("Name")) + "</th><th>" + esc(tr("Status")) + "</th><th>"
        + esc(tr("Started")) + "</th><th class=\"num\">" + esc(tr("Duration")) + "</th><th>" + esc(tr("Result"))
        + "</th></tr></thead><tbody>";
    for (const auto& r : runs.listed) {
        const std::string id = std::to_string(r.id);
        h += "<tr data-run=\"" + id + "\"><td class=\"num\"><a href=\"#run-" + id + "\">" + id + "</a></td><td>"
            + esc(engineTitle(vantage::enumName(r.engine))) + "</td><td>" + esc(std::string(vantage::enumName(r.kind)))
            + "</td><td><a href=\"#run-" + id + "\">" + esc(r.name.empty() ? runLabel(r) : r.name) + "</a></td><td>"
            + statusSpan(r.status) + "</td><td>" + esc(displayTime(r.startedAt)) + "</td>";
        h += r.durationS > 0 ? "<td class=\"num\" data-value=\"" + exactNumber(r.durationS) + "\">"
                + esc(language.seconds(r.durationS)) + "</td>"
                             : std::string("<td class=\"num\">—</td>");
        h += "<td>" + esc(r.status == store::RunStatus::Failed && !r.error.empty() ? r.error : r.summary)
            + "</td></tr>";
    }
    h += "</tbody></table>";
    if (runs.selected > runs.listed.size())
        h += "<p class=\"note runs-not-listed\" data-count=\"" + std::to_string(runs.selected - runs.listed.size())
            + "\">"
            + esc(arg(tr("%1 more runs are not listed here. The CSV export (vantage-cli report --format csv) holds "
                         "every run; a report of chosen runs (--runs) details those."),
                { std::to_string(runs.selected - runs.listed.size()) }))
            + "</p>";
}

// The stored JSON of each detailed run, after every run's section.
void PageWriter::appendix(
    std::string& h, const ReportRuns& runs, std::size_t detailed, const std::function<void(std::string&)>& emit) const
{
    if (detailed == 0)
        return;
    h += "<div class=\"appendix\" id=\"appendix\"><h2 class=\"appendix-title\">"
        + esc(tr("Appendix: parameters and results as stored")) + "</h2><p class=\"note\">"
        + esc(tr("Each run's parameters and result as the session holds them, one row per value; long lists are "
                 "counted, not listed. The CSV export has them whole as JSON files."))
        + "</p>";
    for (std::size_t i = 0; i < detailed; ++i) {
        appendixRun(h, runs.listed[i]);
        h += "\n";
        emit(h);
    }
    h += "</div>";
}

// The whole page, handed to `emit` a part at a time (the title block, each run), so that a report
// written to a file holds one run's HTML in memory at a time.
void PageWriter::render(const std::function<void(std::string&)>& emit) const
{
    const ReportRuns runs = reportRuns(m_session, m_options);
    const std::string title = reportTitle(m_session, m_options);
    const std::string date = reportDate(m_options);
    const std::string version = std::string(VANTAGE_VERSION) + " (" + VANTAGE_GIT_DESCRIBE + ")";

    std::string h;
    h += "<!DOCTYPE html>\n<html lang=\"" + esc(tr("en", "the report's language as an HTML lang code"))
        + "\" xmlns=\"http://www.w3.org/1999/xhtml\"><head><meta charset=\"utf-8\"/>"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>";
    h += "<meta name=\"generator\" content=\"Vantage " + esc(version) + "\"/>";
    h += "<meta name=\"vantage-session\" content=\"" + esc(m_session.path().string()) + "\"/>";
    h += "<meta name=\"vantage-date\" content=\"" + esc(date) + "\"/>";
    h += "<title>" + esc(title) + "</title><style>" + kStyle + "</style></head>\n<body>";
    titleBlock(h, runs, title, date, version);
    contents(h, runs);
    h += "</div>\n";
    emit(h);

    const std::size_t detailed = std::min(runs.listed.size(), m_options.maxDetailedRuns);
    for (std::size_t i = 0; i < detailed; ++i) {
        runSection(h, runs.listed[i]);
        h += "\n";
        emit(h);
    }
    if (runs.selected > detailed)
        h += "<p class=\"note runs-not-detailed\" data-count=\"" + std::to_string(runs.selected - detailed) + "\">"
            + esc(arg(tr("The report details the first %1 of %2 runs; the CSV export holds the parameters, results "
                         "and series of every run."),
                { std::to_string(detailed), std::to_string(runs.selected) }))
            + "</p>";
    appendix(h, runs, detailed, emit);
    h += "<p class=\"footer\">"
        + esc(arg(tr("Generated by Vantage %1 on %2 from %3."),
            { version, displayTime(date), m_session.path().filename().string() }))
        + "</p></body></html>\n";
    emit(h);
}

} // namespace

std::string renderHtml(const store::Session& session, const ReportOptions& options)
{
    std::string page;
    PageWriter(session, options).render([&](std::string& part) {
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
                PageWriter(session, options).render([&](std::string& part) {
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
