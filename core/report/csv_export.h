#pragma once
// The raw data of a report, for spreadsheets and scripts: a folder with runs.csv (one row per run),
// and per run a folder run-<id>/ with params.json, result.json, one CSV per series (step,value),
// frontier.csv and baselines.csv for FT searches, metrics.csv for PPAC runs. index.json maps every
// file to what it holds (series names are not always valid file names). Numbers are written so
// that they read back to the same double.

#include "report/report_options.h"
#include "store/session.h"

#include <filesystem>
#include <vector>

namespace vantage::report {

struct CsvExport {
    std::filesystem::path folder;
    std::vector<std::filesystem::path> files; // every file written, index.json last
};

// Creates `folder` (and its parents) when missing and writes into it; files of an earlier export
// there are replaced. Errors (an unknown run, a folder that cannot be created or written) are
// vantage::Error naming the path.
CsvExport writeCsv(const store::Session& session, const ReportOptions& options, const std::filesystem::path& folder);

} // namespace vantage::report
