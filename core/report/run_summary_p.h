#pragma once
// The engine readers behind summariseRun, one file per engine group, and the lenient JSON access
// they share.

#include "common/json.h"
#include "report/report_words_p.h"
#include "report/run_summary.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace vantage::report::detail {

// The value at `path`, or nullptr when a key is missing or a step is not an object.
const Json* find(const Json& j, std::initializer_list<const char*> path);
std::optional<double> number(const Json& j, std::initializer_list<const char*> path);
std::string text(const Json& j, std::initializer_list<const char*> path); // empty unless a string

class Summaries : public Words {
    Q_DECLARE_TR_FUNCTIONS(vantage::report)
public:
    RunSummary run(const store::RunInfo& run) const;
    SeriesAxes axes(store::Engine engine, const std::string& group) const;

private:
    std::string list(const std::vector<std::string>& items) const; // "8, 16 and 32"
    void figure(RunSummary& s, std::string label, std::string value, std::optional<double> exact = std::nullopt,
        const char* field = "") const;

    void ftSearch(const store::RunInfo& run, RunSummary& s) const;
    void ftStrategy(const store::RunInfo& run, RunSummary& s) const;
    void edlJob(const store::RunInfo& run, RunSummary& s) const;
    void edlWorkers(const Json& result, RunSummary& s) const;
    void dgiEvaluation(const store::RunInfo& run, RunSummary& s) const;
    void dgiPartition(const store::RunInfo& run, RunSummary& s) const;
    void ppacMetrics(const store::RunInfo& run, RunSummary& s) const;
};

} // namespace vantage::report::detail
