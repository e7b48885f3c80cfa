#pragma once
// A small SVG chart writer for reports: line charts of series and scatter plots of frontiers, with
// nice axis ticks, a legend and the Okabe–Ito palette (safe for colour-blind readers). The SVG uses
// only what QtSvg (SVG Tiny 1.2) draws as well, so the same chart goes into the HTML and the PDF.

#include "common/enum_names.h"
#include "common/json.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::report {

// The Okabe–Ito colours without yellow (too faint on white): blue, vermillion, bluish green,
// orange, reddish purple, sky blue, black; the index wraps around.
std::string_view paletteColour(std::size_t index);
inline constexpr std::size_t kPaletteSize = 7;

enum class MarkerShape {
    Circle,
    Square,
    Diamond,
    TriangleUp,
    TriangleDown,
    Cross
};
inline constexpr EnumTable<MarkerShape, 6> kMarkerShapes{ "shape",
    { { { MarkerShape::Circle, "circle" }, { MarkerShape::Square, "square" }, { MarkerShape::Diamond, "diamond" },
        { MarkerShape::TriangleUp, "triangle-up" }, { MarkerShape::TriangleDown, "triangle-down" },
        { MarkerShape::Cross, "cross" } } },
    "marker shape" };
constexpr const auto& enumTable(MarkerShape)
{
    return kMarkerShapes;
}

struct ChartPoint {
    double x = 0.0;
    double y = 0.0;
};

struct ChartSeries {
    std::string name; // legend text; empty: not in the legend
    std::vector<ChartPoint> points; // non-finite points break the line
    bool line = true; // joined by a line (thinned to the pixels when dense)
    bool step = false; // joined as a staircase, for Pareto frontiers
    bool markers = false; // a marker at every point
    MarkerShape shape = MarkerShape::Circle;
    int colour = -1; // palette index; -1: the series' position
    bool dashed = false;
};

// A labelled line across the plot at y = value (horizontal) or x = value.
struct ReferenceLine {
    bool horizontal = true;
    double value = 0.0;
    std::string label;
};

struct Chart {
    std::string title;
    std::string xLabel;
    std::string yLabel;
    std::vector<ChartSeries> series;
    std::vector<ReferenceLine> references;
    int width = 720; // of the SVG viewport; the legend adds rows below
    int height = 340;
    bool includeZeroY = false; // start the y axis at 0 when the data are all positive
    bool integerX = false; // x values count something (steps, epochs, layers): ticks on whole numbers
};

// Axis ticks after Heckbert ("Nice numbers for graph labels", Graphics Gems, 1990): a step of
// 1, 2 or 5 times a power of ten, and a range [lo, hi] of whole steps that covers the data.
struct Ticks {
    double lo = 0.0;
    double hi = 1.0;
    double step = 0.2;
    std::vector<double> values;
};
Ticks niceTicks(double lo, double hi, int target = 6);
// A tick label with as many decimals as the step needs ("0.25", "1500", "2e+09" for huge ranges).
std::string formatTick(double value, double step);

// The chart as a standalone <svg> element (no XML declaration; embeddable in HTML).
std::string renderSvg(const Chart& chart);

// A chart described in JSON, for scripts that plot with Vantage's own chart code (the peer
// benchmarks): {"title", "x_label", "y_label", "width"?, "height"?, "include_zero_y"?, "series": [{"name",
// "points": [[x, y] | null, ...], "line"?, "step"?, "markers"?, "shape"? ("circle", "square", "diamond",
// "triangle-up", "triangle-down", "cross"), "colour"?, "dashed"?}], "references"?: [{"horizontal"?,
// "value", "label"}]}. A null y (or point) breaks the line. Throws Error::invalidInput naming the field.
Chart chartFromJson(const Json& json);

} // namespace vantage::report
