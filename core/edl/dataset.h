#pragma once
// The generated data sets of the built-in trainers, addressed by integer sample id: the same id gives
// the same sample on every worker, so a worker needs nothing but the job spec to load its data (and
// a joiner loads it in the background while the group trains).

#include "edl/job.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vantage::edl {

struct SyntheticDataset {
    std::int64_t samples = 0;
    std::vector<std::int64_t> sampleShape; // {32} for "mlp", {1, 12, 12} for "cnn"
    std::int64_t classes = 0;
    std::vector<float> features; // samples x prod(sampleShape), row major
    std::vector<std::int64_t> labels;

    std::int64_t featureSize() const;
    std::span<const float> sample(std::int64_t id) const;
};

// "mlp": Gaussian vectors labelled by a fixed random teacher network (10 classes);
// "cnn": 12x12 images of a bar (horizontal, vertical, diagonal, anti-diagonal) in noise (4 classes).
// Deterministic in (trainer, samples, seed).
SyntheticDataset makeDataset(const JobSpec& spec);

} // namespace vantage::edl
