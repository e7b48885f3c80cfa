#pragma once
// PPAC, personal-popularity-aware counterfactual recommendation (Ning et al., "Debiasing
// Recommendation with Personal Popularity", WWW 2024), as one include for the GUI page and the CLI.
// The flow: loadDataset / generateSynthetic -> overview -> prepare (similar users, PP, GP) ->
// train (epoch callback) -> Recommender (precompute once) -> rerank(gamma, beta) -> inspectUser.
// No header here includes LibTorch.

#include "ppac/dataset.h"
#include "ppac/inspector.h"
#include "ppac/loaders.h"
#include "ppac/metrics.h"
#include "ppac/model.h"
#include "ppac/popularity.h"
#include "ppac/prepared_dataset.h"
#include "ppac/recommender.h"
#include "ppac/similar_users.h"
#include "ppac/splits.h"
#include "ppac/synthetic.h"
#include "ppac/trainer.h"
#include "ppac/user_items.h"
