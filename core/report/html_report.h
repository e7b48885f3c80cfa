#pragma once
// A report of a session as one self-contained HTML page: a title block (title, session file, date,
// versions), a table of contents that lists the runs, and per run its status and timings, its
// parameters, its results (FT frontiers and PPAC metric tables where the run has them, any other
// numbers as a table), every series as an inline SVG chart, and its SVG and PNG artifacts embedded
// as data: URLs. All text is escaped and the page is well-formed XML, so parsers read it too.
// Numbers carry their exact value in data-value (and data-json) attributes beside the rounded text.

#include "report/report_options.h"
#include "store/session.h"

#include <filesystem>
#include <string>

namespace vantage::report {

// Throws Error::invalidInput for a run id that the session does not have.
std::string renderHtml(const store::Session& session, const ReportOptions& options = {});

// renderHtml written atomically to `file`; Error naming the file when it cannot be written.
void writeHtml(const store::Session& session, const ReportOptions& options, const std::filesystem::path& file);

} // namespace vantage::report
