// The command line of vantage-cli as one CLI11 app: the global options and every engine's commands.

#include "cli.h"

#include "common/error.h"
#include "common/version.h"

#include <new>

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

int exitOnException(CLI::App& app, std::ostream& out, std::ostream& err)
{
    try {
        throw;
    } catch (const CLI::ParseError& e) {
        return app.exit(e, out, err) == 0 ? 0 : 2;
    } catch (const Error& e) {
        err << "vantage-cli: error: " << e.what() << '\n';
        return e.kind() == Error::Kind::InvalidInput ? 2 : 1;
    } catch (const std::bad_alloc&) {
        err << "vantage-cli: error: out of memory: the run asked for more memory than this machine could give "
               "(smaller sizes, or a --memory-budget where the command has one)\n";
        return 1;
    } catch (const std::exception& e) {
        err << "vantage-cli: error: " << e.what() << '\n';
        return 1;
    }
}

} // namespace vantage::cli
