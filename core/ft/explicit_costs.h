#pragma once
// The explicit-cost graph format, for users who bring their own costs (and for the exactness tests):
//   {"ops":   [{"name": "a", "configs": [{"name": "dp", "time": 1.0, "memory": 4.0}, ...]}, ...],
//    "edges": [{"from": "a", "to": "b", "time": [[0.0, 0.5], [0.7, 0.0]], "memory": [[0, 0], [0, 1]]}]}
// time[i][j] / memory[i][j] are the extra costs when `from` runs configuration i and `to` runs j
// (either matrix may be left out: zeros). Refused with file, line and field: an unknown op in an
// edge, a matrix of the wrong shape, a negative cost, a cycle, duplicate names.

#include "ft/cost_graph.h"
#include "ft/search.h"

#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace vantage::ft {

CostGraph explicitCostsFromJson(const nlohmann::json& json, const std::string& source = "<costs>");
CostGraph explicitCostsFromText(std::string_view text, const std::string& source);
CostGraph loadExplicitCosts(const std::filesystem::path& path);
nlohmann::json toJson(const CostGraph& graph); // the same format

// {"points": [{"time": t, "memory": m, "assignment": {"op": "config", ...}}]}, sorted by time.
nlohmann::json frontierToJson(const CostGraph& graph, const FrontierResult& result);

} // namespace vantage::ft
