// The GUI thread's longest stall while the elastic page takes in a long job's event stream (10^5
// steps of 8 workers with scale events: the history a stand-in leader sends on attaching, posted
// by the page's stream thread as fast as it reads it; the time taken in counts from the attach;
// the stand-in runs in a process of its own, as a real leader does, so what it spends encoding
// the history is not counted against the window),
// and while a chart takes a million points: an event-loop latency probe (a 2 ms timer) measures
// how late the loop comes back. Prints JSON lines; asserts nothing. Target: max_ms < 50.
//   bench_gui_stall [STEPS] [WORKERS]       (scripts/bench-gui-stall.sh runs it under Xvfb)

#include "../gui/long_job_stream.h"
#include "../gui/recorded_leader.h"
#include "edl_page.h"

#include "widgets/line_chart.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

using namespace vantage;

namespace {

// How late the event loop runs a 2 ms timer: the GUI thread's stalls.
class StallProbe {
public:
    StallProbe()
    {
        m_timer.setInterval(kIntervalMs);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const double now = m_clock.nsecsElapsed() / 1e6;
            m_gaps.push_back(std::max(0.0, now - m_last - kIntervalMs));
            m_last = now;
        });
    }
    void start()
    {
        m_gaps.clear();
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    double maxMs() const { return m_gaps.empty() ? 0.0 : *std::max_element(m_gaps.begin(), m_gaps.end()); }
    double percentileMs(double q) const
    {
        if (m_gaps.empty())
            return 0.0;
        std::vector<double> g = m_gaps;
        std::sort(g.begin(), g.end());
        return g[std::min(g.size() - 1, static_cast<std::size_t>(q * double(g.size())))];
    }
    std::size_t samples() const { return m_gaps.size(); }

private:
    static constexpr int kIntervalMs = 2;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_last = 0;
    std::vector<double> m_gaps;
};

void waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

// The stand-in leader, serving `stream` from `jobDir`, in a child process (forked before the
// application starts any thread); it runs until it is killed.
pid_t serveInAChild(const std::filesystem::path& jobDir, const std::vector<edl::JobEvent>& stream)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        gui::testing::RecordedLeader leader(jobDir, {}, stream);
        for (;;)
            ::pause();
    }
    return pid;
}

void benchPage(const QString& jobDir, const std::vector<edl::JobEvent>& stream, std::int64_t steps, int workers)
{
    waitUntil([&] { return std::filesystem::exists(jobDir.toStdString() + "/job.json"); }, 60000);
    gui::EdlPage page;
    page.resize(1280, 800);
    page.show();
    // The whole history at once, as a re-attach replays it; the stream's thread posts it in
    // deliveries of a few thousand events. Measured from the attach on (the folder dialog's own
    // time is not the page's).
    gui::testing::attachEdlJob(&page, jobDir);
    StallProbe probe;
    probe.start();
    QElapsedTimer clock;
    clock.start();
    waitUntil([&] { return page.jobState() == QStringLiteral("finished") && page.currentStep() == steps; }, 600000);
    const double takeInS = clock.elapsed() / 1e3;
    waitUntil([] { return false; }, 500); // the last draws
    probe.stop();
    std::printf("{\"bench\":\"gui_stall\",\"steps\":%lld,\"workers\":%d,\"events\":%zu,\"take_in_s\":%.2f,"
                "\"probe_samples\":%zu,\"p99_ms\":%.1f,\"max_ms\":%.1f,\"target_ms\":50}\n",
        static_cast<long long>(steps), workers, stream.size(), takeInS, probe.samples(), probe.percentileMs(0.99),
        probe.maxMs());
}

void benchChart(int points)
{
    widgets::LineChart chart;
    chart.resize(1280, 500);
    chart.show();
    StallProbe probe;
    probe.start();
    // A million points in live batches of 10,000, one batch per pass of the event loop.
    int appended = 0;
    QTimer feeder;
    feeder.setInterval(0);
    QObject::connect(&feeder, &QTimer::timeout, [&] {
        QVector<QPointF> batch;
        for (int i = 0; i < 10000 && appended < points; ++i, ++appended)
            batch.push_back(QPointF(appended, std::sin(appended * 1e-4) + 0.1 * std::sin(appended * 0.37)));
        chart.appendPoints(QStringLiteral("loss"), batch);
        if (appended == points)
            feeder.stop();
    });
    feeder.start();
    waitUntil([&] { return appended == points; }, 600000);
    waitUntil([] { return false; }, 300);
    probe.stop();
    QElapsedTimer redraw;
    redraw.start();
    chart.drawNow();
    const double redrawMs = redraw.nsecsElapsed() / 1e6;
    std::printf("{\"bench\":\"gui_chart_points\",\"points\":%d,\"drawn\":%lld,\"redraw_ms\":%.1f,\"p99_ms\":%.1f,"
                "\"max_ms\":%.1f,\"target_ms\":50}\n",
        points, static_cast<long long>(chart.drawnPoints(QStringLiteral("loss")).size()), redrawMs,
        probe.percentileMs(0.99), probe.maxMs());
}

} // namespace

int main(int argc, char** argv)
{
    const std::int64_t steps = argc > 1 ? std::max(10LL, std::atoll(argv[1])) : 100000;
    const int workers = argc > 2 ? std::max(1, std::atoi(argv[2])) : 8;
    const auto stream = gui::testing::longJobStream({ .steps = steps, .workers = workers, .scaleEvery = steps / 10 });
    QTemporaryDir root;
    const QString jobDir = root.filePath(QStringLiteral("job"));
    const pid_t leader = serveInAChild(jobDir.toStdString(), stream);
    if (leader < 0) {
        std::perror("bench_gui_stall: fork");
        return 1;
    }
    QApplication app(argc, argv);
    benchPage(jobDir, stream, steps, workers);
    ::kill(leader, SIGKILL);
    ::waitpid(leader, nullptr, 0);
    benchChart(1000000);
    return 0;
}
