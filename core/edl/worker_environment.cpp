// The plain parts of the elastic API (no LibTorch): the worker's environment, its token from
// stdin, the micro-batches of a step, and the names and exit codes of why a worker ended.
#include "common/error.h"
#include "edl/elastic.h"

#include <algorithm>
#include <cstdlib>
#include <thread>
#include <unistd.h>

namespace vantage::edl {

namespace {

std::string requiredEnv(const char* name)
{
    const char* v = std::getenv(name);
    if (!v || !*v)
        throw Error::invalidInput(std::string("the environment variable ") + name
            + " is not set (vantage-edl-worker is started by an elastic job's leader)")
            .forField(name);
    return v;
}

} // namespace

WorkerEnvironment WorkerEnvironment::fromEnvironment()
{
    WorkerEnvironment e;
    e.endpoint = requiredEnv("VANTAGE_EDL_ENDPOINT");
    e.workerId = requiredEnv("VANTAGE_EDL_WORKER_ID");
    if (const char* t = std::getenv("VANTAGE_EDL_TOKEN"))
        e.token = t;
    if (const char* j = std::getenv("VANTAGE_EDL_JOB"))
        e.jobId = j;
    if (const char* h = std::getenv("VANTAGE_EDL_GLOO_HOST"); h && *h)
        e.glooHost = h;
    if (const char* d = std::getenv("VANTAGE_EDL_DEVICE"); d && *d)
        e.device = d;
    return e;
}

void WorkerEnvironment::readTokenFromStdin(std::atomic<bool>& closed)
{
    std::string line;
    char c = 0;
    while (::read(0, &c, 1) == 1 && c != '\n')
        line.push_back(c);
    if (line.empty())
        throw Error::invalidInput("no token on stdin").forField("token");
    token = line;
    std::thread([&closed] {
        char buf[64];
        while (::read(0, buf, sizeof buf) > 0) { }
        closed.store(true);
    }).detach();
}

std::vector<std::span<const std::int64_t>> StepBatch::microBatches() const
{
    std::vector<std::span<const std::int64_t>> out;
    const std::span<const std::int64_t> all(sampleIds);
    if (all.empty())
        return out;
    const auto m = microBatch > 0 ? static_cast<std::size_t>(microBatch) : all.size();
    for (std::size_t i = 0; i < all.size(); i += m)
        out.push_back(all.subspan(i, std::min(m, all.size() - i)));
    return out;
}

int workerExitCode(EndReason r)
{
    switch (r) {
    case EndReason::Finished:
    case EndReason::Stopped:
    case EndReason::Left:
    case EndReason::Restart:
        return 0;
    case EndReason::LeaderLost:
        return 3;
    case EndReason::JobFailed:
        return 4;
    case EndReason::Terminated:
        return 5;
    case EndReason::None:
        return 1;
    }
    return 1;
}

} // namespace vantage::edl
