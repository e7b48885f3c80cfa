#pragma once
// The HTML report's writer: the page frame (html_report.cpp) and the sections of a run
// (html_sections.cpp: summary, engine tables, charts, artifacts; the appendix of stored JSON).

#include "report/engine_views.h"
#include "report/report_options.h"
#include "report/report_words_p.h"
#include "report/run_summary.h"
#include "report/svg_chart.h"
#include "store/session.h"

#include <string>

namespace vantage::report::detail {

class HtmlWriter : public Words {
    Q_DECLARE_TR_FUNCTIONS(vantage::report)
public:
    HtmlWriter(const store::Session& session, const ReportLanguage& language)
        : Words{ language }
        , m_session(session)
    { }

    std::string runLabel(const store::RunInfo& r) const; // "FT frontier search — BERT-Large x8"
    std::string statusSpan(store::RunStatus status) const;
    void runSection(std::string& h, const store::RunInfo& r) const;
    void appendixRun(std::string& h, const store::RunInfo& r) const;
    void factRow(std::string& h, const std::string& key, const std::string& valueHtml) const;

private:
    std::string numCell(double value, const std::string& display, const std::string& extra = {}) const;
    std::string numCell(double value) const { return numCell(value, language.number(value)); }
    // A header row; align[i] 'l' for a text column, 'n' for numbers; the last letter goes on
    // (default "ln": the first column text, the rest numbers).
    std::string headerRow(std::initializer_list<std::string> cells, std::string_view align = "ln") const;
    void glance(std::string& h, const store::RunInfo& r, const RunSummary& summary) const;
    void jsonTable(std::string& h, const FlatJson& flat, const char* cls, const char* note) const;

    void ftSection(std::string& h, const FtSearchView& v) const;
    void ftChart(std::string& h, const FtSearchView& v) const;
    void ftFrontierTable(std::string& h, const FtSearchView& v) const;
    void ftBaselineTable(std::string& h, const FtSearchView& v) const;
    void ftPointTable(std::string& h, const FtSearchView& v) const;
    void ppacSection(std::string& h, const MetricTable& t) const;
    void edlSection(std::string& h, const Json& result) const;
    void edlWorkerTable(std::string& h, const Json& workers) const;
    void dgiSection(std::string& h, const Json& result) const;
    void dgiLayerTable(std::string& h, const Json& layers) const;
    void seriesSection(std::string& h, const store::RunInfo& run, bool frontierDrawn) const;
    void seriesGroup(std::string& h, const store::RunInfo& run, const SeriesGroup& group) const;
    void artifactSection(std::string& h, const store::RunInfo& run) const;

    const store::Session& m_session;
};

} // namespace vantage::report::detail
