// Session store throughput: 100,000 series points in one appendSeries call (one transaction,
// one prepared statement), then read back; also many small runs. Prints JSON; asserts nothing.

#include "store/session.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <unistd.h>
#include <vector>

int main(int argc, char** argv)
{
    using namespace vantage::store;
    using Clock = std::chrono::steady_clock;
    const int points = argc > 1 ? std::atoi(argv[1]) : 100000;
    const auto path
        = std::filesystem::temp_directory_path() / ("vantage-bench-" + std::to_string(::getpid()) + ".vantage");
    std::filesystem::remove(path);

    auto s = Session::create(path);
    const auto run = s.beginRun({ .engine = Engine::Ft, .kind = RunKind::Search });
    std::vector<SeriesPoint> pts(static_cast<std::size_t>(points));
    for (int i = 0; i < points; ++i)
        pts[static_cast<std::size_t>(i)] = { static_cast<double>(i), 1.0 / (1.0 + i) };

    auto t0 = Clock::now();
    s.appendSeries(run, "loss", pts);
    const double writeS = std::chrono::duration<double>(Clock::now() - t0).count();

    t0 = Clock::now();
    const auto back = s.series(run, "loss");
    const double readS = std::chrono::duration<double>(Clock::now() - t0).count();

    // 1,000 small appends of 100 points: the shape of a live training chart.
    const auto run2 = s.beginRun({ .engine = Engine::Ft, .kind = RunKind::Search });
    t0 = Clock::now();
    for (int b = 0; b < 1000; ++b)
        s.appendSeries(run2, "throughput", std::span(pts).subspan(static_cast<std::size_t>(b) * 100 % pts.size(), 100));
    const double smallS = std::chrono::duration<double>(Clock::now() - t0).count();

    t0 = Clock::now();
    for (int r = 0; r < 200; ++r) {
        const auto id = s.beginRun({ .engine = Engine::Ft, .kind = RunKind::Search, .params = { { "i", r } } });
        s.finishRun(id, RunStatus::Done, { { "value", r } }, "ok");
    }
    const double runsS = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto bytes = std::filesystem::file_size(path);
    std::filesystem::remove(path);
    std::filesystem::remove(path.string() + "-wal");
    std::filesystem::remove(path.string() + "-shm");

    std::printf("{\"bench\": \"store\", \"points\": %d, \"write_s\": %.4f, \"points_per_s\": %.0f, "
                "\"read_s\": %.4f, \"read_points\": %zu, \"small_appends_1000x100_s\": %.4f, "
                "\"runs_200_begin_finish_s\": %.4f, \"file_bytes\": %ju}\n",
        points, writeS, points / writeS, readS, back.size(), smallS, runsS, static_cast<std::uintmax_t>(bytes));
    return back.size() == static_cast<std::size_t>(points) ? 0 : 1;
}
