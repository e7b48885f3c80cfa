// Fuzzes opening a session file (an SQLite database) and reading its runs.
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
        for (const auto& r : s.runs()) {
            (void)s.seriesNames(r.id);
            (void)s.artifacts(r.id);
        }
    });
}
