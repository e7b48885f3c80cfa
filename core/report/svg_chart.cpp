#include "report/svg_chart.h"

#include "common/error.h"
#include "report/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <utility>

namespace vantage::report {

namespace {

constexpr double kFontSize = 12.0;
constexpr double kCharWidth = 0.6 * kFontSize; // DejaVu Sans / Helvetica average, for layout only
constexpr const char* kFontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif";

double niceNum(double x, bool round)
{
    const double e = std::floor(std::log10(x));
    const double f = x / std::pow(10.0, e);
    double nf = 10.0;
    if (round)
        nf = f < 1.5 ? 1.0 : f < 3.0 ? 2.0 : f < 7.0 ? 5.0 : 10.0;
    else
        nf = f <= 1.0 ? 1.0 : f <= 2.0 ? 2.0 : f <= 5.0 ? 5.0 : 10.0;
    return nf * std::pow(10.0, e);
}

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    std::string s = buf;
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0)
        s.resize(s.size() - 2);
    if (s == "-0")
        s = "0";
    return s;
}

double textWidth(std::string_view text, double fontSize = kFontSize)
{
    return static_cast<double>(utf8Length(text)) * 0.6 * fontSize;
}

struct Pixel {
    double x;
    double y;
};

// Keeps the first, lowest, highest and last point of every pixel column, in order, so that a
// dense line looks the same with a few points per pixel instead of thousands.
std::vector<Pixel> thin(const std::vector<Pixel>& run)
{
    std::vector<Pixel> out;
    std::size_t i = 0;
    while (i < run.size()) {
        const double column = std::floor(run[i].x);
        std::size_t j = i, lo = i, hi = i;
        while (j < run.size() && std::floor(run[j].x) == column) {
            if (run[j].y < run[lo].y)
                lo = j;
            if (run[j].y > run[hi].y)
                hi = j;
            ++j;
        }
        std::array<std::size_t, 4> keep = { i, lo, hi, j - 1 };
        std::sort(keep.begin(), keep.end());
        for (std::size_t k = 0; k < keep.size(); ++k)
            if (k == 0 || keep[k] != keep[k - 1])
                out.push_back(run[keep[k]]);
        i = j;
    }
    return out;
}

std::string markerSvg(MarkerShape shape, double x, double y, std::string_view colour, double r = 3.6)
{
    std::string s;
    const std::string fill = "fill=\"" + std::string(colour) + "\"";
    switch (shape) {
    case MarkerShape::Circle:
        s = "<circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(r) + "\" " + fill
            + " stroke=\"#ffffff\" stroke-width=\"0.8\"/>";
        break;
    case MarkerShape::Square:
        s = "<rect x=\"" + num(x - r) + "\" y=\"" + num(y - r) + "\" width=\"" + num(2 * r) + "\" height=\""
            + num(2 * r) + "\" " + fill + " stroke=\"#ffffff\" stroke-width=\"0.8\"/>";
        break;
    case MarkerShape::Diamond: {
        const double d = r * 1.35;
        s = "<polygon points=\"" + num(x) + "," + num(y - d) + " " + num(x + d) + "," + num(y) + " " + num(x) + ","
            + num(y + d) + " " + num(x - d) + "," + num(y) + "\" " + fill
            + " stroke=\"#ffffff\" stroke-width=\"0.8\"/>";
        break;
    }
    case MarkerShape::TriangleUp:
    case MarkerShape::TriangleDown: {
        const double d = r * 1.3;
        const double sgn = shape == MarkerShape::TriangleUp ? 1.0 : -1.0;
        s = "<polygon points=\"" + num(x) + "," + num(y - sgn * d) + " " + num(x + d) + "," + num(y + sgn * d * 0.8)
            + " " + num(x - d) + "," + num(y + sgn * d * 0.8) + "\" " + fill
            + " stroke=\"#ffffff\" stroke-width=\"0.8\"/>";
        break;
    }
    case MarkerShape::Cross:
        s = "<path d=\"M" + num(x - r) + " " + num(y - r) + "L" + num(x + r) + " " + num(y + r) + "M" + num(x - r) + " "
            + num(y + r) + "L" + num(x + r) + " " + num(y - r) + "\" fill=\"none\" stroke=\"" + std::string(colour)
            + "\" stroke-width=\"2\"/>";
        break;
    }
    return s;
}

struct LegendEntry {
    std::string label;
    std::string colour;
    bool line = false;
    bool dashed = false;
    bool marker = false;
    MarkerShape shape = MarkerShape::Circle;
    double width() const { return 28.0 + textWidth(label) + 18.0; }
};

} // namespace

std::string_view paletteColour(std::size_t index)
{
    static constexpr std::array<std::string_view, kPaletteSize> kColours
        = { "#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#000000" };
    return kColours[index % kColours.size()];
}

namespace {

constexpr int kMaxTicks = 100; // a tick count asked for beyond this is taken as this
constexpr double kMax = std::numeric_limits<double>::max();
// Below this, ranges are padded to it: ticks of denormal size are neither readable nor exact.
constexpr double kTinyRange = 1e-290;

// Heckbert's step for [lo, hi], also when hi - lo overflows (data of +-1e308): then the step is
// found for the half range, which always fits, and doubled.
double tickStep(double lo, double hi, int target)
{
    const double span = hi - lo;
    if (std::isfinite(span)) {
        const double step = niceNum(niceNum(span, false) / (target - 1), true);
        if (std::isfinite(step) && step > 0)
            return step;
    }
    const double half = hi / 2 - lo / 2;
    return std::min(2 * niceNum(niceNum(half, false) / (target - 1), true), kMax);
}

} // namespace

Ticks niceTicks(double lo, double hi, int target)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0.0;
        hi = 1.0;
    }
    if (lo > hi)
        std::swap(lo, hi);
    const double scale = std::max({ 1.0, std::abs(lo), std::abs(hi) });
    if (hi / 2 - lo / 2 <= 0.5e-12 * scale || hi - lo < kTinyRange) {
        const double pad = std::abs(lo) < kTinyRange ? 1.0 : std::abs(lo) * 0.1;
        lo = std::max(lo - pad, -kMax);
        hi = std::min(hi + pad, kMax);
    }
    target = std::clamp(target, 2, kMaxTicks);
    const double step = tickStep(lo, hi, target);
    Ticks t;
    t.step = step;
    // The first and last multiples of the step around the data; where one lies past the largest
    // double, the range ends at the largest double and the ticks at the last multiple inside.
    const double first = std::floor(lo / step + 1e-9), last = std::ceil(hi / step - 1e-9);
    t.lo = std::max(first * step, -kMax);
    t.hi = std::min(last * step, kMax);
    const double k0 = std::isfinite(first * step) ? first : std::ceil(-kMax / step);
    const double k1 = std::isfinite(last * step) ? last : std::floor(kMax / step);
    // A count bounded whatever the input: k1 - k0 is about `target` by construction.
    const double count = k1 - k0;
    for (int i = 0; i <= count && i <= 2 * kMaxTicks; ++i) {
        double v = (k0 + i) * step;
        if (std::abs(v) < step * 1e-9)
            v = 0.0;
        t.values.push_back(v);
    }
    // A range pressed against the largest double may hold one multiple of the step: its ends then.
    if (t.values.size() < 2)
        t.values = { t.lo, t.hi };
    return t;
}

std::string formatTick(double value, double step)
{
    const double magnitude = std::max(std::abs(value), step);
    if (magnitude >= 1e7 || (step < 1e-4 && value != 0.0))
        return formatNumber(value);
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    std::string s = buf;
    if (s == "-0" || (s.size() > 1 && s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos))
        s.erase(0, 1);
    return s;
}

namespace {

// Where everything goes: the data's range rounded to ticks, margins, plot area, the legend's rows.
struct ChartLayout {
    bool any = false; // any finite point
    double width = 0, height = 0, top = 0, bottom = 0, left = 0, right = 22.0, plotW = 0, plotH = 0;
    Ticks tx, ty;
    std::vector<std::string> yLabels;
    std::vector<LegendEntry> legend;
    std::vector<std::pair<double, double>> legendPos; // x, row
    int rows = 0;
    static constexpr double rowHeight = 18.0;
    double totalHeight = 0;

    // Positions in pixels, computed on halves (the span of +-1e308 overflows) and kept within a
    // plot's size of the plot: a point far outside draws at the edge of the page, not at 1e300.
    double px(double x) const { return left + fraction(x, tx) * plotW; }
    double py(double y) const { return top + plotH - fraction(y, ty) * plotH; }
    static double fraction(double v, const Ticks& t)
    {
        const double f = (v / 2 - t.lo / 2) / (t.hi / 2 - t.lo / 2);
        return std::isfinite(f) ? std::clamp(f, -1.0, 2.0) : 0.0;
    }
};

// A reference more than twice the data's extent beyond it (the data range before references).
bool offChart(const ReferenceLine& r, double xlo, double xhi, double ylo, double yhi)
{
    const double lo = r.horizontal ? ylo : xlo, hi = r.horizontal ? yhi : xhi;
    const double span = std::max(hi - lo, std::abs(hi) * 1e-9);
    return r.value > hi + 2.0 * span || r.value < lo - 2.0 * span;
}

void layOutAxes(const Chart& chart, ChartLayout& l)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    double xlo = inf, xhi = -inf, ylo = inf, yhi = -inf;
    for (const auto& s : chart.series)
        for (const auto& p : s.points)
            if (std::isfinite(p.x) && std::isfinite(p.y)) {
                xlo = std::min(xlo, p.x), xhi = std::max(xhi, p.x);
                ylo = std::min(ylo, p.y), yhi = std::max(yhi, p.y);
                l.any = true;
            }
    if (!l.any)
        xlo = 0.0, xhi = 1.0, ylo = 0.0, yhi = 1.0;
    // A reference line widens the range only when it is near the data: a device memory far above
    // every point would squash the frontiers into the bottom of the plot. It is then named, off
    // the chart, in the legend (see offChart()).
    for (const auto& r : chart.references) {
        if (!std::isfinite(r.value) || (l.any && offChart(r, xlo, xhi, ylo, yhi)))
            continue;
        if (r.horizontal)
            ylo = std::min(ylo, r.value), yhi = std::max(yhi, r.value);
        else
            xlo = std::min(xlo, r.value), xhi = std::max(xhi, r.value);
    }
    if (chart.includeZeroY)
        ylo = std::min(ylo, 0.0), yhi = std::max(yhi, 0.0);

    l.width = std::max(chart.width, 200);
    l.height = std::max(chart.height, 150);
    l.top = chart.title.empty() ? 14.0 : 36.0;
    l.bottom = chart.xLabel.empty() ? 28.0 : 46.0;
    l.ty = niceTicks(ylo, yhi, std::max(3, static_cast<int>((l.height - l.top - l.bottom) / 50.0)));
    double yLabelWidth = 0.0;
    for (double v : l.ty.values) {
        l.yLabels.push_back(formatTick(v, l.ty.step));
        yLabelWidth = std::max(yLabelWidth, textWidth(l.yLabels.back()));
    }
    l.left = std::ceil((chart.yLabel.empty() ? 10.0 : 30.0) + yLabelWidth + 8.0);
    l.plotW = l.width - l.left - l.right;
    l.plotH = l.height - l.top - l.bottom;
    l.tx = niceTicks(xlo, xhi, std::max(3, static_cast<int>(l.plotW / 90.0)));
    if (chart.integerX && l.tx.step < 1.0 && std::isfinite(xhi - xlo))
        l.tx = niceTicks(xlo, xhi, std::clamp(static_cast<int>(std::round(xhi - xlo)), 2, 10));
    // The last x tick's label is centred on the plot's right edge: leave room for its right half.
    if (!l.tx.values.empty()) {
        const double half = textWidth(formatTick(l.tx.values.back(), l.tx.step)) / 2.0 + 4.0;
        if (half > l.right) {
            l.right = std::ceil(half);
            l.plotW = l.width - l.left - l.right;
        }
    }
}

// Legend entries, laid out in rows below the x axis label.
void layOutLegend(const Chart& chart, ChartLayout& l)
{
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        const auto& s = chart.series[i];
        if (s.name.empty())
            continue;
        l.legend.push_back({ s.name, std::string(paletteColour(s.colour >= 0 ? static_cast<std::size_t>(s.colour) : i)),
            s.line || s.step, s.dashed, s.markers, s.shape });
    }
    for (const auto& r : chart.references) {
        if (r.label.empty())
            continue;
        const double v = r.value;
        const bool outside = r.horizontal ? (v < l.ty.lo || v > l.ty.hi) : (v < l.tx.lo || v > l.tx.hi);
        const std::string where = !outside ? ""
            : r.horizontal                 ? (v > l.ty.hi ? ", above the chart" : ", below the chart")
                                           : (v > l.tx.hi ? ", right of the chart" : ", left of the chart");
        l.legend.push_back({ r.label + where, "#555555", true, true, false, MarkerShape::Circle });
    }
    if (l.legend.size() < 2 && chart.references.empty())
        l.legend.clear();
    double x = l.left;
    for (const auto& e : l.legend) {
        if (x + e.width() > l.width - l.right && x > l.left)
            x = l.left, ++l.rows;
        l.legendPos.emplace_back(x, l.rows);
        x += e.width();
    }
    if (!l.legend.empty())
        ++l.rows;
    l.totalHeight = l.height + l.rows * ChartLayout::rowHeight + (l.rows > 0 ? 6.0 : 0.0);
}

// The title, the grid, tick labels, the frame and the axis titles.
void drawFrame(std::string& svg, const Chart& chart, const ChartLayout& l)
{
    const double left = l.left, top = l.top, plotW = l.plotW, plotH = l.plotH;
    if (!chart.title.empty())
        svg += "<text x=\"" + num(left + plotW / 2)
            + "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\" "
              "font-weight=\"bold\" fill=\"#1d2330\">"
            + escapeHtml(chart.title) + "</text>";
    svg += "<g stroke=\"#e3e6ec\" stroke-width=\"1\">";
    for (double v : l.ty.values)
        svg += "<line x1=\"" + num(left) + "\" y1=\"" + num(l.py(v)) + "\" x2=\"" + num(left + plotW) + "\" y2=\""
            + num(l.py(v)) + "\"/>";
    for (double v : l.tx.values)
        svg += "<line x1=\"" + num(l.px(v)) + "\" y1=\"" + num(top) + "\" x2=\"" + num(l.px(v)) + "\" y2=\""
            + num(top + plotH) + "\"/>";
    svg += "</g>";
    svg += "<g fill=\"#3c4353\">";
    for (std::size_t i = 0; i < l.ty.values.size(); ++i)
        svg += "<text x=\"" + num(left - 6) + "\" y=\"" + num(l.py(l.ty.values[i]) + 4) + "\" text-anchor=\"end\">"
            + escapeHtml(l.yLabels[i]) + "</text>";
    for (double v : l.tx.values)
        svg += "<text x=\"" + num(l.px(v)) + "\" y=\"" + num(top + plotH + 17) + "\" text-anchor=\"middle\">"
            + escapeHtml(formatTick(v, l.tx.step)) + "</text>";
    svg += "</g>";
    svg += "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\"" + num(plotW) + "\" height=\"" + num(plotH)
        + "\" fill=\"none\" stroke=\"#8a92a3\" stroke-width=\"1\"/>";
    if (!chart.xLabel.empty())
        svg += "<text x=\"" + num(left + plotW / 2) + "\" y=\"" + num(top + plotH + 36)
            + "\" text-anchor=\"middle\" "
              "fill=\"#1d2330\">"
            + escapeHtml(chart.xLabel) + "</text>";
    if (!chart.yLabel.empty())
        svg += "<text transform=\"translate(16 " + num(top + plotH / 2)
            + ") rotate(-90)\" x=\"0\" y=\"0\" "
              "text-anchor=\"middle\" fill=\"#1d2330\">"
            + escapeHtml(chart.yLabel) + "</text>";
}

void drawReferences(std::string& svg, const Chart& chart, const ChartLayout& l)
{
    for (const auto& r : chart.references) {
        if (!std::isfinite(r.value))
            continue;
        if (r.horizontal ? (r.value < l.ty.lo || r.value > l.ty.hi) : (r.value < l.tx.lo || r.value > l.tx.hi))
            continue; // off the chart: named in the legend
        if (r.horizontal)
            svg += "<line class=\"reference\" x1=\"" + num(l.left) + "\" y1=\"" + num(l.py(r.value)) + "\" x2=\""
                + num(l.left + l.plotW) + "\" y2=\"" + num(l.py(r.value))
                + "\" stroke=\"#555555\" stroke-width=\"1.2\" "
                  "stroke-dasharray=\"6,4\"/>";
        else
            svg += "<line class=\"reference\" x1=\"" + num(l.px(r.value)) + "\" y1=\"" + num(l.top) + "\" x2=\""
                + num(l.px(r.value)) + "\" y2=\"" + num(l.top + l.plotH)
                + "\" stroke=\"#555555\" stroke-width=\"1.2\" "
                  "stroke-dasharray=\"6,4\"/>";
    }
}

// A series' line (split where a point is not finite; steps drawn as steps; thinned beyond four
// points per pixel).
void drawLine(std::string& svg, const ChartSeries& s, const std::string& colour, const ChartLayout& l)
{
    std::vector<ChartPoint> pts = s.points;
    if (s.step)
        std::stable_sort(pts.begin(), pts.end(), [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
    std::vector<std::vector<Pixel>> runs(1);
    for (const auto& p : pts) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
            if (!runs.back().empty())
                runs.emplace_back();
            continue;
        }
        if (s.step && !runs.back().empty())
            runs.back().push_back({ l.px(p.x), runs.back().back().y });
        runs.back().push_back({ l.px(p.x), l.py(p.y) });
    }
    for (auto& run : runs) {
        if (run.size() < 2)
            continue;
        const bool ascending
            = std::is_sorted(run.begin(), run.end(), [](const Pixel& a, const Pixel& b) { return a.x < b.x; });
        if (!s.step && ascending && run.size() > static_cast<std::size_t>(4 * l.plotW))
            run = thin(run);
        svg += "<polyline fill=\"none\" stroke=\"" + colour
            + "\" stroke-width=\"1.8\" "
              "stroke-linejoin=\"round\" stroke-linecap=\"round\"";
        if (s.dashed)
            svg += " stroke-dasharray=\"7,4\"";
        svg += " points=\"";
        for (std::size_t k = 0; k < run.size(); ++k) {
            if (k)
                svg += ' ';
            svg += num(run[k].x) + "," + num(run[k].y);
        }
        // Hovering the curve names it (its points' values are in the report's tables).
        svg += s.name.empty() ? std::string("\"/>") : "\"><title>" + escapeHtml(s.name) + "</title></polyline>";
    }
}

// What hovering a point shows in a browser: "8 devices: Time (ms) 12.5, Memory (GiB) 3.71".
std::string pointTitle(const Chart& chart, const ChartSeries& s, const ChartPoint& p)
{
    auto value = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        return std::string(buf);
    };
    return "<title>"
        + escapeHtml((s.name.empty() ? std::string() : s.name + ": ") + chart.xLabel + " " + value(p.x) + ", "
            + chart.yLabel + " " + value(p.y))
        + "</title>";
}

void drawMarkers(
    std::string& svg, const Chart& chart, const ChartSeries& s, const std::string& colour, const ChartLayout& l)
{
    // Thousands of markers on the same few pixels draw nothing new; keep one per half pixel.
    const bool dedupe = s.points.size() > 1500;
    constexpr std::size_t kTitledMarkers = 2000; // hover texts per series at most (the file stays small)
    std::set<std::pair<long, long>> seen;
    std::size_t drawn = 0;
    for (const auto& p : s.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            continue;
        const double x = l.px(p.x), y = l.py(p.y);
        if (dedupe && !seen.emplace(std::lround(x * 2), std::lround(y * 2)).second)
            continue;
        if (drawn++ < kTitledMarkers)
            svg += "<g>" + pointTitle(chart, s, p) + markerSvg(s.shape, x, y, colour) + "</g>";
        else
            svg += markerSvg(s.shape, x, y, colour);
    }
}

void drawLegend(std::string& svg, const ChartLayout& l)
{
    for (std::size_t i = 0; i < l.legend.size(); ++i) {
        const auto& e = l.legend[i];
        const double x = l.legendPos[i].first;
        const double y = l.height + 4 + l.legendPos[i].second * ChartLayout::rowHeight + ChartLayout::rowHeight / 2;
        if (e.line) {
            svg += "<line x1=\"" + num(x) + "\" y1=\"" + num(y) + "\" x2=\"" + num(x + 22) + "\" y2=\"" + num(y)
                + "\" stroke=\"" + e.colour + "\" stroke-width=\"" + (e.dashed ? "1.2" : "1.8") + "\"";
            if (e.dashed)
                svg += " stroke-dasharray=\"6,4\"";
            svg += "/>";
        }
        if (e.marker)
            svg += markerSvg(e.shape, x + 11, y, e.colour);
        svg += "<text x=\"" + num(x + 28) + "\" y=\"" + num(y + 4) + "\" fill=\"#1d2330\">" + escapeHtml(e.label)
            + "</text>";
    }
}

} // namespace

std::string renderSvg(const Chart& chart)
{
    ChartLayout l;
    layOutAxes(chart, l);
    layOutLegend(chart, l);
    std::string svg;
    svg.reserve(16384);
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.2\" baseProfile=\"tiny\" viewBox=\"0 0 "
        + num(l.width) + " " + num(l.totalHeight) + "\" width=\"" + num(l.width) + "\" height=\"" + num(l.totalHeight)
        + "\" font-family=\"" + kFontFamily + "\" font-size=\"" + num(kFontSize) + "\">";
    svg += "<title>" + escapeHtml(chart.title) + "</title>";
    svg += "<rect x=\"0\" y=\"0\" width=\"" + num(l.width) + "\" height=\"" + num(l.totalHeight)
        + "\" fill=\"#ffffff\" stroke=\"none\"/>";
    drawFrame(svg, chart, l);
    drawReferences(svg, chart, l);
    // Series: lines first, markers on top.
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        const auto& s = chart.series[i];
        const std::string colour(paletteColour(s.colour >= 0 ? static_cast<std::size_t>(s.colour) : i));
        svg += "<g class=\"series\" data-name=\"" + escapeHtml(s.name) + "\">";
        if (s.line || s.step)
            drawLine(svg, s, colour, l);
        if (s.markers)
            drawMarkers(svg, chart, s, colour, l);
        svg += "</g>";
    }
    if (!l.any)
        svg += "<text x=\"" + num(l.left + l.plotW / 2) + "\" y=\"" + num(l.top + l.plotH / 2)
            + "\" text-anchor=\"middle\" "
              "fill=\"#8a92a3\">no data</text>";
    drawLegend(svg, l);
    svg += "</svg>";
    return svg;
}

namespace {

constexpr std::string_view kChartJson = "chart";

double coordinate(const Json& v, const char* field)
{
    if (v.is_null())
        return std::numeric_limits<double>::quiet_NaN();
    if (!v.is_number())
        throw Error::invalidInput(std::string("a point's ") + field + " is not a number").forField("points");
    return v.get<double>();
}

ChartSeries seriesFromJson(const Json& j)
{
    if (!j.is_object())
        throw Error::invalidInput("a series is not an object").forField("series");
    ChartSeries s;
    s.name = jsonFieldOr<std::string>(j, "name", "", kChartJson);
    s.line = jsonFieldOr(j, "line", s.line, kChartJson);
    s.step = jsonFieldOr(j, "step", s.step, kChartJson);
    s.markers = jsonFieldOr(j, "markers", s.markers, kChartJson);
    s.dashed = jsonFieldOr(j, "dashed", s.dashed, kChartJson);
    s.colour = jsonFieldOr(j, "colour", s.colour, kChartJson);
    if (j.contains("shape"))
        s.shape = enumFromName<MarkerShape>(jsonField<std::string>(j, "shape", kChartJson));
    const Json points = jsonFieldOr(j, "points", Json::array(), kChartJson);
    if (!points.is_array())
        throw Error::invalidInput("'points' of series '" + s.name + "' is not a list").forField("points");
    for (const auto& p : points) {
        if (p.is_null()) {
            s.points.push_back({ std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN() });
            continue;
        }
        if (!p.is_array() || p.size() != 2)
            throw Error::invalidInput("a point of series '" + s.name + "' is not [x, y]").forField("points");
        s.points.push_back({ coordinate(p[0], "x"), coordinate(p[1], "y") });
    }
    return s;
}

} // namespace

Chart chartFromJson(const Json& j)
{
    if (!j.is_object())
        throw Error::invalidInput("a chart is not a JSON object");
    Chart c;
    c.title = jsonFieldOr<std::string>(j, "title", "", kChartJson);
    c.xLabel = jsonFieldOr<std::string>(j, "x_label", "", kChartJson);
    c.yLabel = jsonFieldOr<std::string>(j, "y_label", "", kChartJson);
    c.width = jsonFieldOr(j, "width", c.width, kChartJson);
    c.height = jsonFieldOr(j, "height", c.height, kChartJson);
    if (c.width < 200 || c.width > 4000 || c.height < 120 || c.height > 4000)
        throw Error::invalidInput("the chart's size must lie within 200..4000 x 120..4000").forField("width");
    c.includeZeroY = jsonFieldOr(j, "include_zero_y", c.includeZeroY, kChartJson);
    const Json series = jsonFieldOr(j, "series", Json::array(), kChartJson);
    if (!series.is_array())
        throw Error::invalidInput("'series' is not a list").forField("series");
    for (const auto& s : series)
        c.series.push_back(seriesFromJson(s));
    const Json refs = jsonFieldOr(j, "references", Json::array(), kChartJson);
    if (!refs.is_array())
        throw Error::invalidInput("'references' is not a list").forField("references");
    for (const auto& r : refs) {
        if (!r.is_object())
            throw Error::invalidInput("a reference line is not an object").forField("references");
        c.references.push_back({ jsonFieldOr(r, "horizontal", true, kChartJson),
            jsonField<double>(r, "value", kChartJson), jsonFieldOr<std::string>(r, "label", "", kChartJson) });
    }
    return c;
}

} // namespace vantage::report
