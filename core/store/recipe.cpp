#include "store/recipe.h"

#include "common/error.h"

#include <string>

namespace vantage::store {

RunInfo readRun(const Session& session, std::int64_t runId, Engine engine, RunKind kind)
{
    RunInfo info = session.run(runId);
    if (info.engine != engine || info.kind != kind)
        throw Error::invalidInput("run " + std::to_string(runId) + " is not an " + std::string(enumName(engine)) + " "
            + std::string(enumName(kind)) + " run")
            .forField("run");
    return info;
}

} // namespace vantage::store
