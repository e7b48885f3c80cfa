#pragma once
// What a report reads out of stored runs: any JSON as rows of key and value (parameters, results),
// and the shapes of the engines it knows more about (FT frontiers, PPAC metric tables). Reading is
// lenient where the report can fall back to the generic rows, strict (vantage::Error) where a known
// shape is present but broken.

#include "common/json.h"
#include "store/session.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace vantage::report {

// One row of a flattened JSON object: "cluster.nodes" = 4. Subtrees too large for a table are one
// row that says what they hold ("array of 120 items") with `summarised` set and `value` null.
struct JsonRow {
    std::string key;
    Json value; // the leaf (number, string, bool, null, short array of scalars)
    std::string display; // the value for people
    bool summarised = false;
    bool truncated = false; // a long string cut for display; `value` holds all of it
};

struct FlattenOptions {
    std::size_t maxLeaves = 40; // a subtree with more leaves becomes one summary row
    std::size_t maxInlineArray = 16; // arrays of scalars up to this size are shown inline
    std::size_t maxRows = 200; // rows after this are counted in `omitted`
    std::size_t maxString = 300; // code points of a string shown
    std::set<std::string> skipKeys; // top-level keys shown elsewhere (engine views)
};

struct FlatJson {
    std::vector<JsonRow> rows;
    std::size_t omitted = 0;
};

FlatJson flattenJson(const Json& value, const FlattenOptions& options = {});

// A value for people: numbers through formatNumber, strings as they are, arrays as "[8, 16]".
std::string displayJson(const Json& value);

// FT search results ("frontiers": [{"devices", "search_s", "points": [{"time", "memory",
// "strategy"}], "baselines": [{"name", "time", "memory"}]}]), times in seconds, memory in bytes.
struct FrontierPointView {
    double time = 0.0;
    double memory = 0.0;
    std::int64_t strategy = 0;
};
struct BaselineView {
    std::string name;
    double time = 0.0;
    double memory = 0.0;
};
struct FrontierView {
    std::int64_t devices = 0;
    double searchS = 0.0;
    std::vector<FrontierPointView> points;
    std::vector<BaselineView> baselines;
};
struct FtSearchView {
    std::string model;
    std::string cluster;
    std::int64_t batch = 0;
    double deviceMemory = 0.0; // bytes per device, 0 when unknown
    std::vector<FrontierView> frontiers;
};
// nullopt unless the run is an FT run whose result has "frontiers"; Error when they are malformed.
std::optional<FtSearchView> ftSearchView(const store::RunInfo& run);

// PPAC metrics ("metrics": {"full": {"recall@20": ..., "users": n}, "balanced": {...}}) as a table:
// one row per metric, one column per (K, split).
struct MetricTable {
    std::vector<std::string> splits; // "full", "balanced", then any other, in that order
    std::vector<int> ks; // ascending
    std::vector<std::string> metrics; // recall, precision, ndcg, arp, coverage, gini, tail, then others
    std::map<std::tuple<std::string, std::string, int>, double> values; // (metric, split, k)
    std::map<std::string, double> users; // per split, when stored

    std::optional<double> value(const std::string& metric, const std::string& split, int k) const;
};
// nullopt unless the run is a PPAC run whose result has "metrics" with at least one "name@K" value.
std::optional<MetricTable> ppacMetricTable(const store::RunInfo& run);
// "Recall", "NDCG", "ARP", ...
std::string metricTitle(const std::string& metric);

// Series that share a prefix before '/' ("layer_time_s/layerwise", "layer_time_s/nodewise") are
// drawn on one chart; every other series on its own.
struct SeriesGroup {
    std::string title;
    std::vector<std::string> names;
};
std::vector<SeriesGroup> groupSeries(const std::vector<std::string>& names);

} // namespace vantage::report
