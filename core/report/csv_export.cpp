#include "report/csv_export.h"

#include "common/error.h"
#include "common/json.h"
#include "common/version.h"
#include "report/engine_views.h"
#include "report/text.h"

#include <set>
#include <string>

namespace vantage::report {

namespace fs = std::filesystem;

namespace {

std::string row(std::initializer_list<std::string> fields)
{
    std::string s;
    bool first = true;
    for (const auto& f : fields) {
        if (!first)
            s += ',';
        s += csvField(f);
        first = false;
    }
    s += "\r\n";
    return s;
}

// A file name for a series: letters, digits, '-', '_' and '.' kept, anything else '_', cut to 100
// characters (file systems take 255 bytes; the full name is in index.json); unique within the
// run's folder.
std::string seriesFileName(const std::string& name, std::set<std::string>& taken)
{
    std::string base;
    for (char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
            || c == '_' || c == '.';
        base += keep ? c : '_';
    }
    if (base.size() > 100)
        base.resize(100);
    if (base.empty() || base.find_first_not_of('.') == std::string::npos)
        base = "series";
    base = "series-" + base;
    std::string candidate = base + ".csv";
    for (int i = 2; !taken.insert(candidate).second; ++i)
        candidate = base + "-" + std::to_string(i) + ".csv";
    return candidate;
}

void makeFolder(const fs::path& folder)
{
    std::error_code ec;
    if (fs::exists(folder, ec) && !fs::is_directory(folder, ec))
        throw Error::invalidInput("cannot write the CSV export: this path is a file, not a folder")
            .inFile(folder.string());
    fs::create_directories(folder, ec);
    if (ec)
        throw Error::failure("cannot create the folder for the CSV export: " + ec.message()).inFile(folder.string());
}

std::string dumpJson(const Json& j)
{
    return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace

CsvExport writeCsv(const store::Session& session, const ReportOptions& options, const fs::path& folder)
{
    const std::vector<store::RunInfo> runs = selectRuns(session, options);
    CsvExport out{ folder, {} };
    makeFolder(folder);
    auto write = [&](const fs::path& path, const std::string& bytes) {
        writeFileAtomic(path, bytes);
        out.files.push_back(path);
    };

    Json index = { { "session", session.path().string() }, { "title", reportTitle(session, options) },
        { "generated_at", reportDate(options) }, { "vantage_version", VANTAGE_VERSION },
        { "vantage_git", VANTAGE_GIT_DESCRIBE }, { "schema_version", session.schemaVersion() },
        { "runs_csv", "runs.csv" }, { "runs", Json::array() } };

    std::string runsCsv = row({ "id", "engine", "kind", "name", "status", "created_at", "started_at", "finished_at",
        "duration_s", "summary", "error", "tags", "series", "artifacts" });
    for (const auto& r : runs) {
        const std::string dirName = "run-" + std::to_string(r.id);
        const fs::path dir = folder / dirName;
        makeFolder(dir);
        Json entry = { { "id", r.id }, { "engine", vantage::enumName(r.engine) }, { "kind", vantage::enumName(r.kind) },
            { "folder", dirName } };

        write(dir / "params.json", dumpJson(r.params));
        entry["params"] = dirName + "/params.json";
        write(dir / "result.json", dumpJson(r.result));
        entry["result"] = dirName + "/result.json";

        const auto names = session.seriesNames(r.id);
        std::set<std::string> taken = { "params.json", "result.json", "frontier.csv", "baselines.csv", "metrics.csv" };
        Json seriesFiles = Json::array();
        for (const auto& name : names) {
            const auto points = session.series(r.id, name);
            std::string csv = "step,value\r\n";
            csv.reserve(points.size() * 24 + 16);
            for (const auto& p : points) {
                csv += exactNumber(p.step);
                csv += ',';
                csv += exactNumber(p.value);
                csv += "\r\n";
            }
            const std::string file = seriesFileName(name, taken);
            write(dir / file, csv);
            seriesFiles.push_back({ { "name", name }, { "file", dirName + "/" + file }, { "points", points.size() } });
        }
        entry["series"] = seriesFiles;

        try {
            if (auto ft = ftSearchView(r)) {
                std::string points = row({ "devices", "index", "time_s", "memory_bytes", "strategy" });
                std::string baselines = row({ "devices", "name", "time_s", "memory_bytes" });
                for (const auto& f : ft->frontiers) {
                    for (std::size_t i = 0; i < f.points.size(); ++i)
                        points += row({ std::to_string(f.devices), std::to_string(i), exactNumber(f.points[i].time),
                            exactNumber(f.points[i].memory), std::to_string(f.points[i].strategy) });
                    for (const auto& b : f.baselines)
                        baselines
                            += row({ std::to_string(f.devices), b.name, exactNumber(b.time), exactNumber(b.memory) });
                }
                write(dir / "frontier.csv", points);
                write(dir / "baselines.csv", baselines);
                entry["frontier"] = dirName + "/frontier.csv";
                entry["baselines"] = dirName + "/baselines.csv";
            }
        } catch (const Error& e) {
            // result.json holds the malformed result as it is; say why there is no frontier table.
            entry["frontier_error"] = e.what();
        }
        if (auto t = ppacMetricTable(r)) {
            std::string csv = row({ "metric", "k", "split", "value" });
            for (const auto& metric : t->metrics)
                for (int k : t->ks)
                    for (const auto& split : t->splits)
                        if (auto v = t->value(metric, split, k))
                            csv += row({ metric, std::to_string(k), split, exactNumber(*v) });
            write(dir / "metrics.csv", csv);
            entry["metrics"] = dirName + "/metrics.csv";
        }

        std::string tags;
        for (const auto& t : r.tags)
            tags += (tags.empty() ? "" : ";") + t;
        runsCsv += row({ std::to_string(r.id), std::string(vantage::enumName(r.engine)),
            std::string(vantage::enumName(r.kind)), r.name, std::string(vantage::enumName(r.status)), r.createdAt,
            r.startedAt, r.finishedAt, exactNumber(r.durationS), r.summary, r.error, tags, std::to_string(names.size()),
            std::to_string(session.artifacts(r.id).size()) });
        index["runs"].push_back(std::move(entry));
    }
    write(folder / "runs.csv", runsCsv);
    write(folder / "index.json", dumpJson(index));
    return out;
}

} // namespace vantage::report
