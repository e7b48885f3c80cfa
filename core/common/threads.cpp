#include "common/threads.h"

#include "common/error.h"

#include <algorithm>
#include <string>
#include <thread>

namespace vantage {

namespace {

int hardwareThreads()
{
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

} // namespace

int maxThreadCount()
{
    return std::max(kMinThreadCap, kMaxThreadsPerCore * hardwareThreads());
}

int resolveThreadCount(int requested, std::string_view field)
{
    if (requested == 0)
        return hardwareThreads();
    if (requested < 0 || requested > maxThreadCount())
        throw Error::invalidInput("asks for " + std::to_string(requested)
            + " threads; use 0 (every hardware thread) or 1.." + std::to_string(maxThreadCount())
            + " (this machine has " + std::to_string(hardwareThreads()) + " hardware threads)")
            .forField(std::string(field));
    return requested;
}

} // namespace vantage
