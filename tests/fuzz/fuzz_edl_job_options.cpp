// Fuzzes EDL's option strings: --schedule and --kill, then the checks of a job that uses them.
#include "fuzz_common.h"

#include "edl/leader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace vantage::edl;
    const std::string text(fuzz::bytes(data, size));
    const auto bar = text.find('|');
    return fuzz::refuseOrAccept([&] {
        LeaderOptions o;
        o.workerBinary = "/bin/true";
        o.jobDir = fuzz::workDir() / "job";
        o.schedule = parseSchedule(text.substr(0, bar));
        if (bar != std::string::npos)
            o.faults = parseFaults(text.substr(bar + 1));
        o.validate();
        (void)leaderOptionsFromJson(toJson(o));
    });
}
