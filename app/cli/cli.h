#pragma once
// Shared plumbing of vantage-cli: the global options every command sees, output in JSON or for
// people, and the session a command records its run into. Each engine adds its subcommands with
// one add...Commands function.

#include "common/json.h"
#include "common/progress.h"
#include "store/session.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

namespace vantage::cli {

class Context {
public:
    bool json = false;
    bool quiet = false;
    std::string sessionPath; // --session FILE: record the run there
    CancelToken cancel; // set by SIGINT / SIGTERM

    // The session named by --session, opened (or created) on first use; nullptr without --session.
    store::Session* session();
    // Progress on stderr for people (a single updating line on a terminal); silent with --json/--quiet.
    Progress& progress();
    // A one-line note on stderr ("note: ..."), for what the user should know about the inputs;
    // silent with --quiet only (with --json, stdout stays JSON).
    void note(const std::string& text) const;

private:
    std::unique_ptr<store::Session> m_session;
    std::unique_ptr<Progress> m_progress;
};

// Output helpers.
void printJson(const Json& value);
void printTable(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows);
void printKeyValues(const std::vector<std::pair<std::string, std::string>>& rows);

// Parses "8,16,32" into integers; throws Error::invalidInput naming `option`.
std::vector<int> parseIntList(const std::string& text, const std::string& option);

// An option naming a file to write: refused before any work (exit 2) when it is a directory or its
// folder does not exist, so that a command never writes one output and then fails on the next.
CLI::Validator outputFile();

void addSessionCommands(CLI::App& app, Context& ctx);
void addFtCommands(CLI::App& app, Context& ctx);
void addDeviceCommands(CLI::App& app, Context& ctx);
void addReportCommands(CLI::App& app, Context& ctx);
// The LibTorch engines' commands, in builds that have them.
void addDgiCommands(CLI::App& app, Context& ctx);
void addEdlCommands(CLI::App& app, Context& ctx);
void addPpacCommands(CLI::App& app, Context& ctx);

} // namespace vantage::cli
