// Fuzzes opening a session file (an SQLite database) and reading its runs, series and artifacts.
#include "fuzz_common.h"

#include "store/session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::store;
    const auto path = fuzz::writeFile("fuzz.vantage", fuzz::bytes(data, size));
    std::error_code ec;
    std::filesystem::remove(path.string() + "-wal", ec);
    std::filesystem::remove(path.string() + "-shm", ec);
    return fuzz::refuseOrAccept([&] {
        Session s = Session::open(path, Session::Mode::ReadOnly);
        // Everything read goes on into JSON (the CLI's output): a damaged row must not make it throw.
        for (const auto& r : s.runs()) {
            const vantage::Json j = { { "name", r.name }, { "params", r.params }, { "result", r.result },
                { "error", r.error }, { "damage", r.damage }, { "tags", r.tags } };
            (void)j.dump();
            for (const auto& name : s.seriesNames(r.id))
                (void)s.series(r.id, name);
            (void)s.artifacts(r.id);
        }
    });
}
