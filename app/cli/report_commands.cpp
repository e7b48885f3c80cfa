// vantage-cli report: a session, or some of its runs, as a self-contained HTML page, a paged PDF or
// CSV and JSON files in a folder or a zip archive. The PDF is laid out by the GUI program without a window
// (`vantage --export-pdf IN.html OUT.pdf`), so that this tool links no Qt.

#include "cli.h"

#include "common/error.h"
#include "report/csv_export.h"
#include "report/html_report.h"
#include "report/zip_export.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace vantage::cli {

namespace {

namespace fs = std::filesystem;

std::string formatForPath(const std::string& out)
{
    std::string ext = fs::path(out).extension().string();
    std::transform(
        ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".html" || ext == ".htm")
        return "html";
    if (ext == ".pdf")
        return "pdf";
    if (ext == ".zip")
        return "zip";
    return "csv";
}

bool isExecutable(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

// The GUI program: $VANTAGE_GUI when set, else `vantage` next to this program (an installed
// package), else the one in the build tree this program was built in.
fs::path findGui()
{
    if (const char* env = std::getenv("VANTAGE_GUI"); env && *env) {
        if (!isExecutable(env))
            throw Error::failure("VANTAGE_GUI names no executable program; PDF reports need the Vantage GUI "
                                 "program (vantage) to lay out the pages")
                .inFile(env);
        return env;
    }
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    std::vector<fs::path> tried;
    if (!ec)
        tried.push_back(self.parent_path() / "vantage");
#ifdef VANTAGE_GUI_BUILD_PATH
    tried.emplace_back(VANTAGE_GUI_BUILD_PATH);
#endif
    for (const auto& p : tried)
        if (isExecutable(p))
            return p;
    std::string where;
    for (const auto& p : tried)
        where += (where.empty() ? "" : ", ") + p.string();
    throw Error::failure("PDF reports need the Vantage GUI program (vantage), which lays out the pages, and it was "
                         "not found (looked for "
        + (where.empty() ? std::string("it beside vantage-cli") : where)
        + "). Install Vantage with its GUI, set VANTAGE_GUI to the program, or write "
          "--format html and print that page from a browser.");
}

struct ChildResult {
    int exitCode = -1;
    std::string output; // stdout and stderr together
};

// Runs `program args...` with QT_QPA_PLATFORM=offscreen and collects what it prints.
ChildResult runHeadless(const fs::path& program, const std::vector<std::string>& args)
{
    int pipeFds[2];
    if (::pipe(pipeFds) != 0)
        throw Error::failure(std::string("cannot start the GUI program: ") + std::strerror(errno))
            .inFile(program.string());
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        throw Error::failure(std::string("cannot start the GUI program: ") + std::strerror(errno))
            .inFile(program.string());
    }
    if (pid == 0) {
        ::dup2(pipeFds[1], STDOUT_FILENO);
        ::dup2(pipeFds[1], STDERR_FILENO);
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
        std::vector<char*> argv;
        std::string name = program.string();
        argv.push_back(name.data());
        std::vector<std::string> copies = args;
        for (auto& a : copies)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(name.c_str(), argv.data());
        const std::string msg = std::string("cannot run ") + name + ": " + std::strerror(errno) + "\n";
        [[maybe_unused]] const auto written = ::write(STDERR_FILENO, msg.data(), msg.size());
        ::_exit(127);
    }
    ::close(pipeFds[1]);
    ChildResult r;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(pipeFds[0], buf, sizeof buf);
        if (n > 0)
            r.output.append(buf, static_cast<std::size_t>(n));
        else if (n == 0 || errno != EINTR)
            break;
    }
    ::close(pipeFds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return r;
}

// A private temporary folder (mkdtemp), removed with what it holds when the report is done.
struct TempDir {
    fs::path path;
    TempDir()
    {
        std::string pattern = (fs::temp_directory_path() / "vantage-report-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw Error::failure(std::string("cannot create a temporary folder: ") + std::strerror(errno))
                .inFile(pattern);
        path = pattern;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

struct ReportArgs {
    std::string session;
    std::string format;
    std::string out;
    std::string runs;
    std::string title;
};

// The ids of the runs a report covers, read a page at a time: a session of 200,000 runs is never
// held whole in memory for a list of numbers.
std::vector<std::int64_t> reportedRuns(const store::Session& session, const report::ReportOptions& options)
{
    std::vector<std::int64_t> ids;
    if (!options.runs.empty()) {
        std::size_t selected = 0;
        (void)report::selectRuns(session, options, 0, &selected); // checks every id, holds none
        std::set<std::int64_t> seen;
        for (std::int64_t id : options.runs)
            if (seen.insert(id).second)
                ids.push_back(id);
        return ids;
    }
    constexpr std::size_t kPage = 1000;
    for (auto page = session.runPage(0, kPage); !page.empty(); page = session.runPage(page.back().id, kPage))
        for (const auto& r : page)
            ids.push_back(r.id);
    return ids;
}

void writeReport(const ReportArgs& a, Context& ctx)
{
    const std::string format = a.format.empty() ? formatForPath(a.out) : a.format;
    auto session = store::Session::open(a.session, store::Session::Mode::ReadOnly);
    report::ReportOptions options;
    options.title = a.title;
    if (!a.runs.empty())
        for (int id : parseIntList(a.runs, "--runs"))
            options.runs.push_back(id);
    const auto runs = reportedRuns(session, options); // unknown ids fail here, before anything is written
    if (format != "csv")
        (void)resolveOutput(a.out); // a missing folder or a directory is refused before any work

    Json out = { { "format", format }, { "out", a.out }, { "runs", runs } };
    std::string human;
    if (format == "html") {
        report::writeHtml(session, options, a.out);
        human = "wrote " + a.out;
    } else if (format == "csv") {
        const auto written = report::writeCsv(session, options, a.out);
        out["files"] = Json::array();
        for (const auto& f : written.files)
            out["files"].push_back(f.string());
        human = "wrote " + std::to_string(written.files.size()) + " files to " + a.out;
    } else if (format == "zip") {
        const auto written = report::writeCsvZip(session, options, a.out);
        out["entries"] = written.entries;
        human = "wrote " + a.out + " (" + std::to_string(written.entries.size()) + " files)";
    } else {
        const fs::path gui = findGui();
        const TempDir temp;
        const fs::path html = temp.path / "report.html";
        report::writeHtml(session, options, html);
        const ChildResult child = runHeadless(gui, { "--export-pdf", html.string(), a.out });
        ctx.cancel.throwIfCancelled();
        if (child.exitCode != 0) {
            std::string detail = child.output;
            while (!detail.empty() && std::isspace(static_cast<unsigned char>(detail.back())))
                detail.pop_back();
            throw Error::failure("the GUI program could not write the PDF (exit code " + std::to_string(child.exitCode)
                + ")" + (detail.empty() ? std::string() : ": " + detail))
                .inFile(a.out);
        }
        // The GUI prints "OUT: N pages".
        const auto at = child.output.rfind(": ");
        if (at != std::string::npos) {
            const int pages = std::atoi(child.output.c_str() + at + 2);
            if (pages > 0)
                out["pages"] = pages;
        }
        human = "wrote " + a.out
            + (out.contains("pages") ? " (" + std::to_string(out["pages"].get<int>()) + " pages)" : "");
    }
    if (ctx.json)
        printJson(out);
    else if (!ctx.quiet)
        std::cout << human << " with " << runs.size() << (runs.size() == 1 ? " run" : " runs") << '\n';
}

} // namespace

void addReportCommands(CLI::App& app, Context& ctx)
{
    auto a = std::make_shared<ReportArgs>();
    auto* cmd = app.add_subcommand(
        "report", "Write a report of a session: HTML page, paged PDF, or CSV/JSON in a folder or zip archive");
    cmd->add_option("SESSION", a->session, "Session file (*.vantage)")->required();
    cmd->add_option("--format", a->format, "html, pdf, csv or zip (default: from the --out suffix; csv for a folder)")
        ->check(CLI::IsMember({ "html", "pdf", "csv", "zip" }));
    cmd->add_option("--out", a->out, "File to write (html, pdf, zip) or folder (csv)")->required();
    cmd->add_option("--runs", a->runs, "Run ids to report, e.g. 1,3,5 (default: every run)");
    cmd->add_option("--title", a->title, "Title of the report (default: the session's title)");
    cmd->callback([a, &ctx] { writeReport(*a, ctx); });
}

} // namespace vantage::cli
