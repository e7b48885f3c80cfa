// The command line of vantage-cli as one CLI11 app: the global options and every engine's commands.

#include "cli.h"

#include "common/version.h"

namespace vantage::cli {

std::unique_ptr<CLI::App> buildApp(Context& ctx)
{
    auto app = std::make_unique<CLI::App>(
        "Vantage: parallelization frontiers, elastic training, layer-wise GNN evaluation and "
        "debiased recommendation, headless.",
        "vantage-cli");
    app->set_version_flag(
        "--version", std::string("vantage-cli ") + VANTAGE_VERSION + " (" + VANTAGE_GIT_DESCRIBE + ")");
    app->require_subcommand(1);
    app->fallthrough();
    app->add_flag("--json", ctx.json, "Print results as JSON on stdout");
    app->add_flag("-q,--quiet", ctx.quiet, "No progress on stderr");
    app->add_option("--session", ctx.sessionPath, "Record the run into this session file (created if missing)");

    addSessionCommands(*app, ctx);
    addDeviceCommands(*app, ctx);
    addFtCommands(*app, ctx);
    addReportCommands(*app, ctx);
#ifdef VANTAGE_CLI_DGI
    addDgiCommands(*app, ctx);
#endif
#ifdef VANTAGE_CLI_EDL
    addEdlCommands(*app, ctx);
#endif
#ifdef VANTAGE_CLI_PPAC
    addPpacCommands(*app, ctx);
#endif
    return app;
}

int exitOnParseError(CLI::App& app, const CLI::ParseError& e, std::ostream& out, std::ostream& err)
{
    return app.exit(e, out, err) == 0 ? 0 : 2;
}

} // namespace vantage::cli
