// vantage-cli: every engine headless, JSON out. Exit codes: 0 done, 1 failure, 2 bad input
// (unknown option, malformed file, impossible parameter), 130 cancelled (Ctrl-C).

#include "cli.h"

#include "common/error.h"
#include "common/version.h"

#include <csignal>
#include <iostream>

namespace {

vantage::CancelToken* g_cancel = nullptr;

extern "C" void onSignal(int)
{
    if (g_cancel)
        g_cancel->cancel();
}

} // namespace

int main(int argc, char** argv)
{
    using namespace vantage;
    cli::Context ctx;
    g_cancel = &ctx.cancel;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    CLI::App app{ "Vantage: parallelization frontiers, elastic training, layer-wise GNN evaluation and "
                  "debiased recommendation, headless.",
        "vantage-cli" };
    app.set_version_flag(
        "--version", std::string("vantage-cli ") + VANTAGE_VERSION + " (" + VANTAGE_GIT_DESCRIBE + ")");
    app.require_subcommand(1);
    app.fallthrough();
    app.add_flag("--json", ctx.json, "Print results as JSON on stdout");
    app.add_flag("-q,--quiet", ctx.quiet, "No progress on stderr");
    app.add_option("--session", ctx.sessionPath, "Record the run into this session file (created if missing)");

    cli::addSessionCommands(app, ctx);
    cli::addDeviceCommands(app, ctx);
    cli::addFtCommands(app, ctx);
    cli::addReportCommands(app, ctx);
#ifdef VANTAGE_CLI_DGI
    cli::addDgiCommands(app, ctx);
#endif
#ifdef VANTAGE_CLI_EDL
    cli::addEdlCommands(app, ctx);
#endif
#ifdef VANTAGE_CLI_PPAC
    cli::addPpacCommands(app, ctx);
#endif

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e); // prints help / the parse error
        return rc == 0 ? 0 : 2;
    } catch (const Cancelled&) {
        std::cerr << "vantage-cli: cancelled\n";
        return 130;
    } catch (const Error& e) {
        std::cerr << "vantage-cli: error: " << e.what() << '\n';
        return e.kind() == Error::Kind::InvalidInput ? 2 : 1;
    } catch (const std::exception& e) {
        std::cerr << "vantage-cli: error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
