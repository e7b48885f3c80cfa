#pragma once
// What a report holds (which runs, the title, the date) and the choices every report format shares.

#include "report/report_language.h"
#include "store/session.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::report {

struct ReportOptions {
    std::vector<std::int64_t> runs; // the runs to report, in this order; empty: every run of the session
    std::string title; // empty: the session's title
    std::string generatedAt; // ISO 8601 UTC; empty: now (tests fix it for reproducible output)
    // A report of a session of 200,000 runs stays a document one can open: the contents list the
    // first maxListedRuns runs and the first maxDetailedRuns get a section of their own (parameters,
    // results, charts); a note says how many more there are and where to find them (the CSV
    // export holds every run; --runs picks others).
    std::size_t maxListedRuns = 2000;
    std::size_t maxDetailedRuns = 200;
    // The reader's language: English and C-locale numbers unless the caller (the GUI) sets it.
    ReportLanguage language;
};

// The runs `options` names, read from the session. An unknown (or trashed) id is
// Error::invalidInput naming the session file and the id; repeated ids are reported once.
std::vector<store::RunInfo> selectRuns(const store::Session& session, const ReportOptions& options);
// As selectRuns, holding at most `limit` of the runs in memory (every id is still checked);
// *selected gets how many distinct runs the options name.
std::vector<store::RunInfo> selectRuns(
    const store::Session& session, const ReportOptions& options, std::size_t limit, std::size_t* selected);

// The report's title: options.title, else the session's title, else the session file's name.
std::string reportTitle(const store::Session& session, const ReportOptions& options);

// options.generatedAt, else the current UTC time as "2024-05-01T12:34:56Z".
std::string reportDate(const ReportOptions& options);

// "FT", "EDL", "DGI", "PPAC"; other engines upper-cased.
std::string engineTitle(std::string_view engine);

// "2024-05-01T12:34:56.789Z" -> "2024-05-01 12:34:56 UTC"; other text unchanged.
std::string displayTime(std::string_view iso);

} // namespace vantage::report
