#pragma once
// A long elastic job's event stream, generated: what a leader sends over `steps` steps of `workers`
// workers (a step event per step, a scale-in and a scale-out every `scaleEvery` steps with their
// membership, generation and scale events, an epoch event per `stepsPerEpoch`, the final state).
// For the GUI's tests and its stall benchmark: the page takes it in as it takes a real stream.

#include "edl/job.h"

#include <cmath>
#include <string>
#include <vector>

namespace vantage::gui::testing {

struct LongJobShape {
    std::int64_t steps = 100000;
    int workers = 4;
    std::int64_t scaleEvery = 10000; // steps between scale events (0: none)
    std::int64_t stepsPerEpoch = 5000;
    bool finish = true; // ends with a final "finished" state
};

inline std::vector<edl::WorkerInfo> membersOf(int count)
{
    std::vector<edl::WorkerInfo> out;
    for (int i = 0; i < count; ++i) {
        edl::WorkerInfo w;
        w.id = "w" + std::to_string(i);
        w.host = "localhost";
        w.device = "cpu";
        w.state = edl::WorkerState::Active;
        w.rank = i;
        out.push_back(w);
    }
    return out;
}

inline std::vector<edl::JobEvent> longJobStream(const LongJobShape& shape)
{
    std::vector<edl::JobEvent> out;
    out.reserve(
        static_cast<std::size_t>(shape.steps + shape.steps / std::max<std::int64_t>(shape.stepsPerEpoch, 1) + 64));
    std::int64_t seq = 0;
    double t = 0.0;
    auto push = [&](auto payload) { out.push_back(edl::JobEvent{ .seq = ++seq, .timeS = t, .payload = payload }); };
    int workers = shape.workers;
    std::int64_t generation = 1;
    push(edl::MembershipEvent{ membersOf(workers) });
    for (std::int64_t step = 1; step <= shape.steps; ++step) {
        t += 0.01;
        if (shape.scaleEvery > 0 && step % shape.scaleEvery == 0) {
            // In at even multiples, out at odd ones: the size swings between workers and workers - 1.
            const bool in = (step / shape.scaleEvery) % 2 == 1;
            const int after = in ? shape.workers - 1 : shape.workers;
            ++generation;
            edl::ScaleEvent sc{ .step = step,
                .kind = in ? edl::ScaleKind::ScaleIn : edl::ScaleKind::ScaleOut,
                .workersBefore = workers,
                .workersAfter = after,
                .pauseS = 0.02,
                .generation = generation };
            (in ? sc.left : sc.joined).push_back("w" + std::to_string(shape.workers - 1));
            workers = after;
            push(edl::MembershipEvent{ membersOf(workers) });
            push(edl::GenerationEvent{
                .generation = generation, .members = {}, .reason = in ? "scale_in" : "scale_out" });
            push(sc);
        }
        edl::StepEvent s{ .step = step,
            .epoch = (step - 1) / shape.stepsPerEpoch,
            .generation = generation,
            .loss = 2.0 * std::exp(-double(step) / double(shape.steps)) + 0.05 * std::sin(double(step)),
            .samples = 64,
            .throughput = 6400.0 + 100.0 * std::sin(step * 1e-3),
            .stepS = 0.01,
            .workerStepS = {},
            .workers = workers };
        for (int w = 0; w < workers; ++w)
            s.workerStepS["w" + std::to_string(w)] = 0.008 + 0.001 * w;
        push(s);
        if (step % shape.stepsPerEpoch == 0)
            push(edl::EpochEvent{ .epoch = step / shape.stepsPerEpoch - 1,
                .samples = shape.stepsPerEpoch * 64,
                .seenOnce = shape.stepsPerEpoch * 64 });
    }
    if (shape.finish)
        push(edl::JobStateEvent{ .state = edl::JobState::Finished, .message = {}, .finalLoss = 0.1 });
    return out;
}

} // namespace vantage::gui::testing
