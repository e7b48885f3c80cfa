#include "report/report_options.h"

#include "common/error.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>
#include <limits>
#include <set>

namespace vantage::report {

namespace {

[[noreturn]] void unknownRun(const store::Session& session, std::int64_t id)
{
    const auto first = session.runPage(0, 20);
    std::string known;
    for (const auto& r : first)
        known += (known.empty() ? "" : ", ") + std::to_string(r.id);
    const std::size_t total = session.runCount();
    if (total > first.size())
        known += ", … (" + std::to_string(total) + " runs)";
    throw Error::invalidInput("no run with id " + std::to_string(id) + " in this session ("
        + (known.empty() ? std::string("it has no runs") : "its runs are " + known) + ")")
        .inFile(session.path().string())
        .forField("runs");
}

} // namespace

std::vector<store::RunInfo> selectRuns(const store::Session& session, const ReportOptions& options)
{
    std::size_t selected = 0;
    return selectRuns(session, options, std::numeric_limits<std::size_t>::max(), &selected);
}

std::vector<store::RunInfo> selectRuns(
    const store::Session& session, const ReportOptions& options, std::size_t limit, std::size_t* selected)
{
    if (options.runs.empty()) {
        *selected = session.runCount();
        return session.runPage(0, limit);
    }
    std::vector<store::RunInfo> out;
    std::set<std::int64_t> seen;
    for (std::int64_t id : options.runs) {
        if (!seen.insert(id).second)
            continue;
        // The first listed run from `id` on: a trashed or missing id finds another one, or none.
        auto page = id > std::numeric_limits<std::int64_t>::min() ? session.runPage(id - 1, 1)
                                                                  : std::vector<store::RunInfo>{};
        if (page.empty() || page.front().id != id)
            unknownRun(session, id);
        if (out.size() < limit)
            out.push_back(std::move(page.front()));
    }
    *selected = seen.size();
    return out;
}

std::string reportTitle(const store::Session& session, const ReportOptions& options)
{
    if (!options.title.empty())
        return options.title;
    std::string title = session.title();
    if (!title.empty())
        return title;
    return session.path().stem().string();
}

std::string reportDate(const ReportOptions& options)
{
    if (!options.generatedAt.empty())
        return options.generatedAt;
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string engineTitle(std::string_view engine)
{
    std::string out(engine);
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

std::string displayTime(std::string_view iso)
{
    // YYYY-MM-DDTHH:MM:SS[.fff]Z
    if (iso.size() < 20 || iso[4] != '-' || iso[7] != '-' || iso[10] != 'T' || iso[13] != ':' || iso[16] != ':'
        || iso.back() != 'Z')
        return std::string(iso);
    return std::string(iso.substr(0, 10)) + " " + std::string(iso.substr(11, 8)) + " UTC";
}

} // namespace vantage::report
