// vantage-cli session new|list|show|clean|artifact: read and start session files headless.

#include "cli.h"

#include "common/error.h"
#include "common/units.h"

#include <iostream>

namespace vantage::cli {

namespace {

Json runJson(const store::RunInfo& r, bool full)
{
    Json j = { { "id", r.id }, { "engine", vantage::enumName(r.engine) }, { "kind", vantage::enumName(r.kind) },
        { "name", r.name }, { "status", vantage::enumName(r.status) }, { "created_at", r.createdAt },
        { "started_at", r.startedAt }, { "finished_at", r.finishedAt }, { "duration_s", r.durationS },
        { "summary", r.summary }, { "error", r.error }, { "tags", r.tags } };
    if (r.damaged())
        j["damage"] = r.damage;
    if (full) {
        j["params"] = r.params;
        j["result"] = r.result;
    }
    return j;
}

// Runs whose stored row could not be read as Vantage writes it, named after the table: the rest
// of the session is listed as it is.
void printDamage(const std::vector<store::RunInfo>& runs)
{
    constexpr std::size_t kMaxNamed = 20;
    std::size_t damaged = 0;
    for (const auto& r : runs) {
        if (!r.damaged())
            continue;
        if (++damaged == 1)
            std::cout << '\n';
        if (damaged <= kMaxNamed)
            std::cout << "run " << r.id << " is damaged: " << r.damage << '\n';
    }
    if (damaged > kMaxNamed)
        std::cout << "and " << damaged - kMaxNamed << " more damaged runs\n";
}

void listRuns(const std::string& file, Context& ctx)
{
    auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
    const auto runs = s.runs();
    if (ctx.json) {
        Json arr = Json::array();
        for (const auto& r : runs)
            arr.push_back(runJson(r, false));
        printJson({ { "session", file }, { "title", s.title() }, { "runs", arr } });
        return;
    }
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : runs)
        rows.push_back({ std::to_string(r.id), std::string(vantage::enumName(r.engine)),
            std::string(vantage::enumName(r.kind)), std::string(vantage::enumName(r.status)), r.startedAt,
            r.durationS > 0 ? formatSeconds(r.durationS) : "",
            r.status == store::RunStatus::Failed ? r.error : r.summary });
    std::cout << s.title() << " — " << runs.size() << (runs.size() == 1 ? " run\n\n" : " runs\n\n");
    printTable({ "ID", "ENGINE", "KIND", "STATUS", "STARTED", "DURATION", "RESULT" }, rows);
    printDamage(runs);
}

void showSession(const std::string& file, std::int64_t runId, Context& ctx)
{
    auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
    if (runId <= 0) {
        const auto runs = s.runs();
        Json meta = Json::object();
        for (const char* k : { "title", "created_at", "created_with" })
            if (auto v = s.meta(k))
                meta[k] = *v;
        if (ctx.json) {
            Json arr = Json::array();
            for (const auto& r : runs)
                arr.push_back(runJson(r, true));
            printJson(
                { { "session", file }, { "schema_version", s.schemaVersion() }, { "meta", meta }, { "runs", arr } });
            return;
        }
        std::vector<std::pair<std::string, std::string>> kv
            = { { "file", file }, { "schema", std::to_string(s.schemaVersion()) } };
        for (auto& [k, v] : meta.items())
            kv.emplace_back(k, v.get<std::string>());
        kv.emplace_back("runs", std::to_string(runs.size()));
        printKeyValues(kv);
        printDamage(runs);
        return;
    }
    const auto r = s.run(runId);
    Json series = Json::array();
    for (const auto& name : s.seriesNames(runId)) {
        const auto pts = s.series(runId, name);
        series.push_back({ { "name", name }, { "points", pts.size() },
            { "last", pts.empty() ? Json(nullptr) : Json(pts.back().value) } });
    }
    Json artifacts = Json::array();
    for (const auto& a : s.artifacts(runId))
        artifacts.push_back({ { "id", a.id }, { "name", a.name }, { "mime_type", a.mimeType }, { "size", a.size } });
    if (ctx.json) {
        Json j = runJson(r, true);
        j["series"] = series;
        j["artifacts"] = artifacts;
        printJson(j);
        return;
    }
    std::vector<std::pair<std::string, std::string>> facts
        = { { "run", std::to_string(r.id) + (r.name.empty() ? "" : " (" + r.name + ")") },
              { "engine", std::string(vantage::enumName(r.engine)) + " " + std::string(vantage::enumName(r.kind)) },
              { "status", std::string(vantage::enumName(r.status)) }, { "started", r.startedAt },
              { "finished", r.finishedAt }, { "duration", formatSeconds(r.durationS) }, { "result", r.summary },
              { "error", r.error } };
    if (r.damaged())
        facts.emplace_back("damage", r.damage);
    printKeyValues(facts);
    std::cout << "\nparameters:\n" << r.params.dump(2) << '\n';
    if (!series.empty()) {
        std::cout << "\nseries:\n";
        for (const auto& sj : series)
            std::cout << "  " << sj["name"].get<std::string>() << " (" << sj["points"].get<std::size_t>()
                      << " points)\n";
    }
    if (!artifacts.empty()) {
        std::cout << "\nartifacts:\n";
        for (const auto& a : artifacts)
            std::cout << "  #" << a["id"].get<std::int64_t>() << ' ' << a["name"].get<std::string>() << " ("
                      << a["mime_type"].get<std::string>() << ", " << formatBytes(a["size"].get<double>()) << ")\n";
    }
}

} // namespace

void addSessionCommands(CLI::App& app, Context& ctx)
{
    auto* session = app.add_subcommand("session", "Create and read session files (*.vantage)");
    session->require_subcommand(1);

    auto* create = session->add_subcommand("new", "Create an empty session file");
    // Option storage lives as long as the callbacks that read it.
    struct Options {
        std::string file, title, out;
        std::int64_t run = 0, artifact = 0;
    };
    auto o = std::make_shared<Options>();
    create->add_option("FILE", o->file, "Session file to create")->required();
    create->add_option("--title", o->title, "Title shown in the GUI");
    create->callback([&ctx, o] {
        auto s = store::Session::create(o->file, o->title);
        if (ctx.json)
            printJson({ { "session", o->file }, { "title", s.title() }, { "schema_version", s.schemaVersion() } });
        else
            std::cout << "created " << o->file << '\n';
    });

    auto* list = session->add_subcommand("list", "List the runs of a session");
    list->add_option("FILE", o->file, "Session file")->required();
    list->callback([&ctx, o] { listRuns(o->file, ctx); });

    auto* show = session->add_subcommand("show", "Show a session, or one run with --run");
    show->add_option("FILE", o->file, "Session file")->required();
    show->add_option("--run", o->run, "Run id: its parameters, results, series and artifacts");
    show->callback([&ctx, o] { showSession(o->file, o->run, ctx); });

    auto* clean = session->add_subcommand("clean",
        "Copy a session that holds objects of another program (triggers, views, tables) into a new session "
        "without them");
    clean->add_option("FILE", o->file, "Session file to copy (never written)")->required();
    clean->add_option("--out", o->out, "New session file to write")->required();
    clean->callback([&ctx, o] {
        const std::string left = store::Session::cleanCopy(o->file, o->out);
        const auto copy = store::Session::open(o->out, store::Session::Mode::ReadOnly);
        const std::size_t runs = copy.runCount();
        if (ctx.json)
            printJson({ { "session", o->out }, { "runs", runs }, { "left_out", left } });
        else
            std::cout << "wrote " << o->out << " (" << runs << (runs == 1 ? " run" : " runs") << ")"
                      << (left.empty() ? std::string() : "; left out " + left) << '\n';
    });

    auto* artifact = session->add_subcommand("artifact", "Write a stored artifact (strategy, SVG, report) to a file");
    artifact->add_option("FILE", o->file, "Session file")->required();
    artifact->add_option("--id", o->artifact, "Artifact id (see session show --run)")->required();
    artifact->add_option("--out", o->out, "Where to write it ('-' for stdout)")->required()->check(outputFile());
    artifact->callback([&ctx, o] {
        const std::string& artFile = o->file;
        const std::string& artOut = o->out;
        const std::int64_t artId = o->artifact;
        auto s = store::Session::open(artFile, store::Session::Mode::ReadOnly);
        const auto bytes = s.artifactData(artId);
        writeFileAtomic(artOut, bytes); // '-': standard output (the validator sent messages to stderr)
        if (artOut == "-")
            return; // the bytes alone, as before
        if (ctx.json)
            printJson({ { "out", artOut }, { "bytes", bytes.size() } });
        else
            std::cout << "wrote " << artOut << " (" << formatBytes(static_cast<double>(bytes.size())) << ")\n";
    });
}

} // namespace vantage::cli
