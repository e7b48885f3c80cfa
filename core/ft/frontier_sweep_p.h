#pragma once
// FT's sweep over the elimination order (frontier_search.cpp), private to it.

#include "common/progress.h"
#include "ft/elimination.h"
#include "ft/frontier.h"
#include "ft/search.h"
#include "ft/worker_pool.h"

#include <cstdint>
#include <vector>

namespace vantage::ft::detail {

// One way into a new state: previous state `state` extended by configuration `config` of the step's
// op, which adds (dt, dm) to all of the previous state's points.
struct Pair {
    std::uint32_t state;
    std::uint16_t config;
    double dt;
    double dm;
    double corner; // the fastest time this pair can give
};

// FT's sweep over the elimination order (TensorOpt, Sec. 4): at each step, every pair of a state of
// the previous frontier and a configuration of the op eliminated is keyed by the new state it
// leads to; each new state's Pareto set is the union of its pairs' shifted sets, merged in parallel;
// the new layer is kept with back-pointers, and at the end the strategies are traced back.
class FrontierSweep {
public:
    FrontierSweep(const CostGraph& g, const FrontierOptions& options, const detail::EliminationPlan& plan,
        const CancelToken& cancel, FrontierStats& stats);

    // Eliminates the op of step k.
    void step(int k);

    // The last step leaves no frontier: one state holding the answer, traced back to assignments.
    void finish(FrontierResult& result);

private:
    // Every (previous state, configuration of v) pair of step k, keyed by the new state it leads to.
    void makePairs(int k);

    // Counting sort of the pairs by new state.
    void bucketPairs(std::size_t states);

    // New state s's Pareto set from its pairs (on worker `worker`'s scratch).
    void mergeState(std::size_t s, int worker, std::vector<ParetoPoint>& out);

    // The new layer and the back-pointers of its points; returns how many points it holds.
    std::size_t storeLayer(int k, const std::vector<std::vector<ParetoPoint>>& sets);

    // The bounds on work and memory (FrontierOptions), and dropping back-pointers no point leads to.
    void checkGrowth(int k, std::size_t total);

    const CostGraph& m_g;
    const FrontierOptions& m_opt;
    const detail::EliminationPlan& m_plan;
    const CancelToken& m_cancel;
    FrontierStats& m_stats;
    const int m_n;
    const double m_eps;
    const bool m_exact;
    const double m_stepEps;
    detail::WorkerPool m_pool;
    // Each worker's merge buffers, a cache line of their own: the vectors' ends change with every
    // point merged, and two workers' ends in one line made two threads slower than one.
    struct alignas(64) Scratch {
        std::vector<ParetoPoint> acc, tmp;
    };
    std::vector<Scratch> m_scratch;
    // The layer before the current step: Pareto points of every state of the previous frontier.
    std::vector<std::uint32_t> m_offsets = { 0, 1 };
    std::vector<double> m_times = { 0.0 }, m_mems = { 0.0 };
    std::vector<double> m_slacks = { 0.0 }; // epsilon mode only
    std::vector<double> m_stateSlack = { 0.0 }; // the largest slack of each state's points
    std::vector<std::vector<std::uint32_t>> m_backPrev;
    std::vector<std::vector<std::uint16_t>> m_backConfig;
    std::vector<int> m_position; // per op, its place in the previous frontier; -1 elsewhere
    std::vector<Pair> m_pairs;
    std::vector<std::int64_t> m_pairKey;
    std::vector<std::uint32_t> m_bucketStart;
    std::vector<Pair> m_bucketed;
    // Back-pointers kept, and when to drop the dead ones next (about 6 bytes each).
    std::size_t m_stored = 0;
    std::size_t m_gcAt;
    std::int64_t m_made = 0; // points made over all steps
};

} // namespace vantage::ft::detail
