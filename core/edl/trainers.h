#pragma once
// The built-in trainers, so that a job can be started from the GUI or the CLI with no code: an MLP
// and a small CNN on the generated data sets (dataset.h), each an ordinary elastic training program
// over ElasticContext (see elastic.h for the loop they follow).

#include "edl/elastic.h"

#include <cstdint>
#include <string>

namespace vantage::edl {

struct TrainerResult {
    std::int64_t steps = 0; // steps this worker committed
    std::int64_t rolledBack = 0; // steps rolled back after a failure
    double lastLoss = 0.0; // this worker's mean loss over its last committed step
    EndReason reason = EndReason::None;
    std::string message;
};

// Runs ctx.spec().trainer ("mlp", "cnn", or "torchscript": the user's module on the user's data,
// user_data.h) until the job ends for this worker.
TrainerResult runBuiltinTrainer(ElasticContext& ctx);

} // namespace vantage::edl
