#pragma once
// What a run did, in words and in the numbers people quote: per engine a few sentences (the FT
// search's fastest strategy that fits, the elastic job's workers over time, the DGI evaluation's
// time and peak memory, PPAC's Recall@K and NDCG@K on the full and the balanced test set) and a
// table of key figures. Read leniently: a field a run lacks leaves its sentence or figure out.

#include "report/report_language.h"
#include "store/session.h"

#include <optional>
#include <string>
#include <vector>

namespace vantage::report {

struct Figure {
    std::string label; // "Fastest strategy that fits"
    std::string value; // "32.36 ms per iteration"
    std::optional<double> exact; // the number behind `value`, for data-value
    std::string field; // a stable name for scripts and tests ("fastest_fitting_time")
};

struct RunSummary {
    std::vector<std::string> sentences;
    std::vector<Figure> figures;
};

RunSummary summariseRun(const store::RunInfo& run, const ReportLanguage& language);

// Axis titles (with units) of a series chart and the factor from stored values to the y unit,
// from what the engine stores under `group` (a series name, or the prefix of a group: "frontier",
// "step_time_s", "validation").
struct SeriesAxes {
    std::string title;
    std::string xLabel;
    std::string yLabel;
    double xScale = 1.0;
    double yScale = 1.0;
    bool integerX = true; // x counts steps, epochs or layers
};
SeriesAxes seriesAxes(store::Engine engine, const std::string& group, const ReportLanguage& language);

} // namespace vantage::report
