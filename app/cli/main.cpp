// vantage-cli: every engine headless, JSON out. Exit codes: 0 done, 1 failure, 2 bad input
// (unknown option, malformed file, impossible parameter), 128 + the signal when a signal cancelled
// it (130 Ctrl-C, 143 SIGTERM), whether the command stopped at its next check or was ended.

#include "cli.h"

#include "common/error.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <semaphore.h>
#include <thread>
#include <unistd.h>

namespace {

vantage::CancelToken* g_cancel = nullptr;
sem_t g_signalled;
std::atomic<int> g_signal{ 0 };

// How long a cancelled command may take to stop at its next check before the process ends anyway.
constexpr auto kStopGrace = std::chrono::seconds(10);

void writeStderr(const char* text)
{
    const auto n = ::write(STDERR_FILENO, text, std::strlen(text));
    (void)n;
}

// SIGINT / SIGTERM cancel the command, which stops at its next check (a session records the run as
// cancelled, a written file stays whole). A second signal, or a command still running kStopGrace
// after the first (blocked in a system call: a FIFO nobody writes to, a dead network mount),
// ends the process at once with 128 + the signal, as an uncaught signal would.
extern "C" void onSignal(int sig)
{
    if (g_signal.exchange(sig) != 0) {
        writeStderr("vantage-cli: second signal, exiting now\n");
        ::_exit(128 + sig);
    }
    if (g_cancel)
        g_cancel->cancel();
    ::sem_post(&g_signalled);
}

void startStopWatchdog()
{
    std::thread([] {
        while (::sem_wait(&g_signalled) != 0) { }
        std::this_thread::sleep_for(kStopGrace);
        writeStderr("vantage-cli: did not stop within 10 s of the signal (blocked reading or writing?), exiting\n");
        ::_exit(128 + g_signal.load());
    }).detach();
}

} // namespace

int main(int argc, char** argv)
{
    using namespace vantage;
    cli::Context ctx;
    g_cancel = &ctx.cancel;
    ::sem_init(&g_signalled, 0, 0);
    // An elastic job's leader stops at a step boundary, drains and writes its report, which can
    // take longer than the grace: edl commands stop only cooperatively (or on a second signal).
    bool elastic = false;
    for (int i = 1; i < argc && !elastic; ++i)
        if (argv[i][0] != '-') {
            elastic = std::strcmp(argv[i], "edl") == 0;
            break;
        }
    if (!elastic)
        startStopWatchdog();
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    const auto app = cli::buildApp(ctx);
    try {
        app->parse(argc, argv);
    } catch (const Cancelled&) {
        std::cerr << "vantage-cli: cancelled\n";
        const int sig = g_signal.load();
        return 128 + (sig != 0 ? sig : SIGINT);
    } catch (...) {
        return cli::exitOnException(*app, std::cout, std::cerr);
    }
    return 0;
}
