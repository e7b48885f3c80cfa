#pragma once
// The raw data of a report (see csv_export.h) as one zip archive, for mail and issue trackers.
// Every file sits under a top folder named after the archive ("study.zip" holds "study/runs.csv",
// "study/run-3/params.json", ...). The archive is written with libarchive.

#include "report/report_options.h"
#include "store/session.h"

#include <filesystem>
#include <string>
#include <vector>

namespace vantage::report {

struct ZipExport {
    std::filesystem::path archive;
    std::vector<std::string> entries; // names inside the archive, index.json last
};

// Writes `archive` whole or not at all: the files are laid out in a temporary folder beside it and
// the archive is written under a temporary name, then renamed over `archive`. An existing archive
// is replaced only when the new one is complete. Errors are vantage::Error naming the path.
ZipExport writeCsvZip(
    const store::Session& session, const ReportOptions& options, const std::filesystem::path& archive);

} // namespace vantage::report
