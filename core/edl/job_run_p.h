#pragma once
// Private to job_run.cpp and job_recipe.cpp.

#include "common/json.h"

namespace vantage::store {
class RunScope;
}

namespace vantage::edl {

// Ends a run begun in this process from a job result. `cancelled`: the caller stopped the job
// itself because it was cancelled (Ctrl-C in `edl run`): a stopped job is then recorded cancelled.
void finishJobRun(store::RunScope& scope, const Json& result, bool cancelled);

} // namespace vantage::edl
