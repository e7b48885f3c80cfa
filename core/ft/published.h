#pragma once
// Published measurements FT's price is checked against: the runs of Korthikanti et al., "Reducing
// Activation Recomputation in Large Transformer Models" (arXiv:2205.05198, 2022) on NVIDIA's Selene
// (DGX A100 80 GB), as Calculon (calculon-ai/calculon) transcribes them for its own validation:
// the models and parallel configurations of the paper's Table 3 (validation/*.json,
// examples/{22B,175B,530B,1T}.json), the end-to-end iteration times of its Table 5 with full
// recomputation and with selective recomputation + sequence parallelism
// (calculon/megatron/validation.py; calculon/llm/validation.py, seqsel_tab5), and the memory per
// GPU of its Figure 1 (parameters + optimizer state, and activations, GiB, without recomputation
// and with selective recomputation + sequence parallelism; calculon/llm/validation.py,
// seqsel_fig1). All use a 51,200-token vocabulary and 2,048 positions (Megatron-LM's README).

#include "ft/cluster.h"
#include "ft/plan.h"

#include <string>
#include <vector>

namespace vantage::ft {

struct PublishedRun {
    const char* name; // "175B"
    int layers, hidden, heads;
    int tp, pp, interleave;
    int batch, microbatch;
    double fullSeconds, selectiveSeconds; // Table 5
    double stateGiB, noneActivationsGiB, selectiveActivationsGiB; // Figure 1, per GPU
};
const std::vector<PublishedRun>& korthikanti2022();

// One run in one mode (no recomputation, full, selective + SP), priced by FT; published figures
// are 0 where the paper gives none for that mode.
struct PublishedComparison {
    const PublishedRun* run = nullptr;
    Recompute mode = Recompute::None;
    PlanPrice price;
    double publishedTime = 0.0; // s
    double publishedState = 0.0, publishedActivations = 0.0; // GiB
    double state = 0.0, activations = 0.0; // GiB, FT's first stage
};
std::vector<PublishedComparison> comparePublished(const ClusterProfile& cluster);

} // namespace vantage::ft
