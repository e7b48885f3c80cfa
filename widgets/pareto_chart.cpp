#include "pareto_chart.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace vantage::widgets {

ParetoChart::ParetoChart(QWidget* parent)
    : ChartView(parent)
{
    setObjectName(QStringLiteral("paretoChart"));
    rebuild();
}

QColor ParetoChart::colourFor(int i)
{
    // Colour-blind-safe palette (Okabe-Ito).
    static const QColor colours[]
        = { QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
              QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00), QColor(0xF0, 0xE4, 0x42), QColor(0x00, 0x00, 0x00) };
    return colours[i % 8];
}

void ParetoChart::setAxisTitles(const QString& x, const QString& y)
{
    m_xTitle = x;
    m_yTitle = y;
    rebuild();
}

void ParetoChart::setFrontiers(const QVector<ParetoSeriesData>& frontiers)
{
    m_frontiers = frontiers;
    for (auto& f : m_frontiers)
        std::sort(f.points.begin(), f.points.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
    m_pickedSeries = -1;
    m_hidden.clear();
    rebuild();
}

void ParetoChart::setFrontierVisible(int series, bool visible)
{
    if (series < 0 || series >= m_frontiers.size() || isFrontierVisible(series) == visible)
        return;
    if (visible)
        m_hidden.remove(series);
    else
        m_hidden.insert(series);
    rebuild();
}

bool ParetoChart::isFrontierVisible(int series) const
{
    return !m_hidden.contains(series);
}

void ParetoChart::setMarkers(const QVector<ParetoMarker>& markers)
{
    m_markers = markers;
    rebuild();
}

void ParetoChart::setLimit(double y, const QString& label)
{
    m_limit = y;
    m_limitLabel = label;
    rebuild();
}

void ParetoChart::setBudget(double y)
{
    m_budget = y;
    rebuild();
}

void ParetoChart::setFitToFrontiers(bool on)
{
    if (m_fitFrontiers == on)
        return;
    m_fitFrontiers = on;
    rebuild();
}

void ParetoChart::setLogAxes(bool logX, bool logY)
{
    m_logX = logX;
    m_logY = logY;
    rebuild();
}

void ParetoChart::setPicked(int series, int id)
{
    m_pickedSeries = series;
    m_pickedId = id;
    rebuild();
}

// A narrow chart lists its legend down the right side, where the names have room; a wide one
// along the bottom. Names that still do not fit are elided with their whole text as a tooltip.
void ParetoChart::resizeEvent(QResizeEvent* event)
{
    ChartView::resizeEvent(event);
    const Qt::Alignment want = width() < 900 ? Qt::AlignRight : Qt::AlignBottom;
    if (chart()->legend()->alignment() != want)
        chart()->legend()->setAlignment(want);
    chart()->legend()->setShowToolTips(true);
    // Each entry in its series' shape: the kinds of baselines tell apart, the limit is a line.
    chart()->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

void ParetoChart::attach(QAbstractSeries* s)
{
    chart()->addSeries(s);
    s->attachAxis(m_axisX);
    s->attachAxis(m_axisY);
}

void ParetoChart::rebuild()
{
    QChart* c = chart();
    c->removeAllSeries();
    for (auto* a : c->axes())
        c->removeAxis(a), delete a;
    forgetView();
    m_scatter.clear();
    const Range range = dataRange();
    addAxes(range);
    m_withinBudget = QVector<int>(m_frontiers.size(), -1);
    for (int i = 0; i < m_frontiers.size(); ++i)
        addFrontier(i);
    if (!m_markers.isEmpty())
        addBaselines();
    if (m_limit > 0)
        addHorizontal(range, m_limit, m_limitLabel, QColor(0xC0, 0x39, 0x2B), Qt::DashLine);
    if (m_budget > 0)
        addBudget(range);
    if (m_pickedSeries >= 0 && m_pickedSeries < m_frontiers.size())
        addPicked();
    Q_EMIT budgetMatchesChanged(m_withinBudget);
}

namespace {

// A coordinate QtCharts can map: finite values kept within 1e-300..1e300 in size (its axes take
// their range from such points, and a point of 1e308 or a denormal gave an axis it cannot draw).
double drawable(double v)
{
    if (!std::isfinite(v) || v == 0.0)
        return v;
    return std::copysign(std::clamp(std::abs(v), 1e-300, kAxisLimit), v);
}

} // namespace

// The range over everything drawn.
ParetoChart::Range ParetoChart::dataRange() const
{
    double minX = std::numeric_limits<double>::max(), maxX = 0, minY = std::numeric_limits<double>::max(), maxY = 0;
    auto extend = [&](double x, double y) {
        if (!(x > 0) || !(y > 0) || !std::isfinite(x) || !std::isfinite(y))
            return;
        minX = std::min(minX, x), maxX = std::max(maxX, x), minY = std::min(minY, y), maxY = std::max(maxY, y);
    };
    for (int i = 0; i < m_frontiers.size(); ++i)
        if (isFrontierVisible(i))
            for (const auto& p : m_frontiers[i].points)
                extend(p.x, p.y);
    // Fitted to the frontiers, markers far from them (slow baselines) fall outside the plot, so
    // that a frontier whose points lie close together is not drawn as one blob.
    if (!m_fitFrontiers || m_frontiers.isEmpty() || maxX <= 0)
        for (const auto& m : m_markers)
            if (m.series < 0 || isFrontierVisible(m.series))
                extend(m.x, m.y);
    // The limit line widens the range only when it is near the data: a device memory far above
    // every point would squash the frontier into the bottom of the chart (its value is in the legend).
    if (m_limit > 0 && (maxY <= 0 || m_limit <= 2.0 * maxY))
        extend(minX == std::numeric_limits<double>::max() ? 1.0 : minX, m_limit);
    if (m_budget > 0 && maxY > 0)
        extend(minX, m_budget);
    if (maxX <= 0)
        minX = 0.1, maxX = 1, minY = 0.1, maxY = 1;

    return { minX, maxX, minY, maxY };
}

void ParetoChart::addAxes(const Range& range)
{
    auto makeAxis = [](bool log, const QString& title, double lo, double hi) -> QAbstractAxis* {
        if (log) {
            auto* a = new QLogValueAxis;
            a->setBase(10);
            a->setLabelFormat(QStringLiteral("%g"));
            a->setMinorTickCount(8);
            // Labels sit on powers of ten only: the range spans whole decades, so that at least two
            // are labelled (0.02-0.05 s would show none).
            // Within 1e-300..1e300: a log axis of denormals starts at 0, one of 1e308 ends at inf.
            lo = std::clamp(lo, 1e-300, kAxisLimit);
            hi = std::clamp(hi, lo, kAxisLimit);
            const double from = std::pow(10.0, std::floor(std::log10(lo / 1.25)));
            double to = std::pow(10.0, std::ceil(std::log10(hi * 1.25)));
            if (to <= from * 1.0001)
                to = from * 10.0;
            a->setRange(from, to);
            a->setTitleText(title);
            return a;
        }
        auto* a = new QValueAxis;
        const auto [from, to] = drawableRange(lo, hi);
        const double pad = (to / 2 - from / 2) * 0.12 + std::abs(to) * 1e-3;
        const auto [padFrom, padTo] = drawableRange(std::max(0.0, from - pad), to + pad);
        setRangeWithRoundTicks(a, padFrom, padTo); // ticks at round values, labels in the UI's locale
        a->setTitleText(title);
        return a;
    };
    m_axisX = makeAxis(m_logX, m_xTitle, range.minX, range.maxX);
    m_axisY = makeAxis(m_logY, m_yTitle, range.minY, range.maxY);
    // Nothing to draw: no made-up scale either (the title says what to do).
    const bool empty = m_frontiers.isEmpty() && m_markers.isEmpty();
    m_axisX->setVisible(!empty);
    m_axisY->setVisible(!empty);
    chart()->addAxis(m_axisX, Qt::AlignBottom);
    chart()->addAxis(m_axisY, Qt::AlignLeft);
}

// Frontier i: its points and the dotted line through them, a legend entry that hides or shows it,
// tooltips, and clicks that pick a strategy.
void ParetoChart::addFrontier(int i)
{
    QChart* c = chart();
    const auto& f = m_frontiers[i];
    auto* line = new QLineSeries;
    QPen pen(colourFor(i));
    pen.setWidthF(1.2);
    pen.setStyle(Qt::DotLine);
    line->setPen(pen);
    auto* scatter = new QScatterSeries;
    scatter->setName(f.name);
    scatter->setColor(colourFor(i));
    scatter->setBorderColor(colourFor(i).darker(130));
    scatter->setMarkerSize(9);
    const bool shown = isFrontierVisible(i);
    for (const auto& p : f.points) {
        if (shown) { // a hidden frontier keeps its (empty) series, so that its legend entry stays
            line->append(drawable(p.x), drawable(p.y));
            scatter->append(drawable(p.x), drawable(p.y));
        }
        if (m_budget > 0 && p.y <= m_budget && m_withinBudget[i] < 0)
            m_withinBudget[i] = p.id;
    }
    attach(line);
    attach(scatter);
    c->legend()->markers(line).first()->setVisible(false);
    // A click on its legend entry hides or shows a frontier (the axes follow what is shown).
    QLegendMarker* marker = c->legend()->markers(scatter).first();
    if (!shown) {
        QColor grey = marker->labelBrush().color();
        grey.setAlpha(110);
        marker->setLabelBrush(grey);
        marker->setBrush(QColor(0xBB, 0xBB, 0xBB));
    }
    connect(marker, &QLegendMarker::clicked, this, [this, i] {
        // Queued: the marker is destroyed by the rebuild it triggers.
        QMetaObject::invokeMethod(
            this, [this, i] { setFrontierVisible(i, !isFrontierVisible(i)); }, Qt::QueuedConnection);
    });
    m_scatter.push_back(scatter);
    connect(scatter, &QScatterSeries::hovered, this, [this, i](const QPointF& pt, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (const auto& p : m_frontiers[i].points)
            if (qFuzzyCompare(p.x, pt.x()) && qFuzzyCompare(p.y, pt.y())) {
                QString text = QStringLiteral("<b>%1</b><br>%2: %3<br>%4: %5")
                                   .arg(m_frontiers[i].name.toHtmlEscaped(), m_xTitle.toHtmlEscaped(),
                                       formatChartValue(p.x), m_yTitle.toHtmlEscaped(), formatChartValue(p.y));
                if (!p.label.isEmpty())
                    text += QStringLiteral("<br>") + p.label.toHtmlEscaped();
                QToolTip::showText(QCursor::pos(), text, this);
                return;
            }
    });
}

// The baselines: one legend entry and marker style per kind, each marker in the colour of its
// frontier, and named by its tooltip. Four shapes filled, then the same four hollow (white inside,
// the frontier's colour as a thick border): eight kinds apart (the star is the picked point's).
void ParetoChart::addBaselines()
{
    static const QScatterSeries::MarkerShape shapes[]
        = { QScatterSeries::MarkerShapeRectangle, QScatterSeries::MarkerShapeTriangle,
              QScatterSeries::MarkerShapeRotatedRectangle, QScatterSeries::MarkerShapePentagon };
    const auto paint = [](QScatterSeries* series, const QColor& colour, bool hollow) {
        if (hollow) {
            series->setColor(Qt::white);
            series->setPen(QPen(colour, 2.5));
        } else {
            series->setColor(colour);
            series->setBorderColor(QColor(0x33, 0x33, 0x33));
        }
    };
    QStringList kinds;
    for (const auto& m : m_markers) {
        const QString k = m.kind.isEmpty() ? tr("Baselines") : m.kind;
        if (!kinds.contains(k))
            kinds << k;
    }
    for (int k = 0; k < kinds.size(); ++k) {
        const auto shape = shapes[k % std::size(shapes)];
        const bool hollow = (k / std::size(shapes)) % 2 == 1;
        // The legend entry: the kind's shape in grey (its points take their frontier's colour).
        auto* legend = new QScatterSeries;
        legend->setName(kinds[k]);
        legend->setMarkerShape(shape);
        legend->setMarkerSize(11);
        paint(legend, QColor(0x77, 0x77, 0x77), hollow);
        attach(legend);
        for (int f = -1; f < m_frontiers.size(); ++f) {
            auto* marks = new QScatterSeries;
            marks->setName(kinds[k]);
            marks->setMarkerShape(shape);
            marks->setMarkerSize(11);
            paint(marks, f >= 0 ? colourFor(f) : QColor(0x55, 0x55, 0x55), hollow);
            for (const auto& m : m_markers) {
                const QString mk = m.kind.isEmpty() ? tr("Baselines") : m.kind;
                if (mk != kinds[k] || m.series != f || !(m.x > 0) || !(m.y > 0)
                    || (m.series >= 0 && !isFrontierVisible(m.series)))
                    continue;
                marks->append(m.x, m.y);
            }
            if (marks->count() == 0) {
                delete marks;
                continue;
            }
            attach(marks);
            chart()->legend()->markers(marks).first()->setVisible(false);
            // Qt 6.4 labels points by coordinates only, so each baseline is named by its tooltip.
            connect(marks, &QScatterSeries::hovered, this, [this](const QPointF& pt, bool state) {
                if (!state)
                    return;
                for (const auto& m : m_markers)
                    if (qFuzzyCompare(m.x, pt.x()) && qFuzzyCompare(m.y, pt.y()))
                        QToolTip::showText(QCursor::pos(),
                            QStringLiteral("<b>%1</b><br>%2: %3<br>%4: %5")
                                .arg(m.name.toHtmlEscaped(), m_xTitle.toHtmlEscaped(), formatChartValue(m.x),
                                    m_yTitle.toHtmlEscaped(), formatChartValue(m.y)),
                            this);
            });
        }
    }
}

// A horizontal line across the whole range (the device memory, the budget).
void ParetoChart::addHorizontal(
    const Range& range, double y, const QString& name, const QColor& colour, Qt::PenStyle style)
{
    auto* l = new QLineSeries;
    l->setName(name);
    QPen pen(colour);
    pen.setWidthF(1.5);
    pen.setStyle(style);
    l->setPen(pen);
    l->append(range.minX / 10.0, y);
    l->append(range.maxX * 10.0, y);
    attach(l);
}

// The budget line and, on each frontier, the fastest point within it.
void ParetoChart::addBudget(const Range& range)
{
    addHorizontal(range, m_budget, tr("Budget"), QColor(0x27, 0xAE, 0x60), Qt::DashDotLine);
    auto* fits = new QScatterSeries;
    fits->setName(tr("Fastest within budget"));
    fits->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    fits->setMarkerSize(18);
    fits->setColor(Qt::transparent);
    fits->setBorderColor(QColor(0x27, 0xAE, 0x60));
    fits->setPen(QPen(QColor(0x27, 0xAE, 0x60), 2.5));
    for (int i = 0; i < m_frontiers.size(); ++i)
        if (isFrontierVisible(i))
            for (const auto& p : m_frontiers[i].points)
                if (p.id == m_withinBudget[i])
                    fits->append(p.x, p.y);
    attach(fits);
}

void ParetoChart::addPicked()
{
    auto* picked = new QScatterSeries;
    picked->setName(tr("Picked"));
    picked->setMarkerShape(QScatterSeries::MarkerShapeStar);
    picked->setMarkerSize(22);
    picked->setColor(QColor(0xD6, 0x27, 0x28));
    picked->setBorderColor(QColor(0x7F, 0x00, 0x00));
    for (const auto& p : m_frontiers[m_pickedSeries].points)
        if (p.id == m_pickedId)
            picked->append(p.x, p.y);
    attach(picked);
}

bool ParetoChart::clickAt(const QPointF& pos)
{
    // Points of several frontiers (and the markers and lines drawn over them) can overlap on screen:
    // the click goes to the frontier point nearest to it in pixels, whatever is drawn on top.
    const QPointF target = chart()->mapFromScene(mapToScene(pos.toPoint()));
    const QRectF plot = chart()->plotArea().adjusted(-1.0, -1.0, 1.0, 1.0); // a point zoomed out of view is not picked
    int bestSeries = -1, bestId = -1;
    double bestD = 12.0; // pixels
    for (int s = 0; s < m_frontiers.size(); ++s) {
        if (!isFrontierVisible(s))
            continue;
        for (const auto& p : m_frontiers[s].points) {
            const QPointF at = chart()->mapToPosition(QPointF(p.x, p.y), m_scatter[s]);
            const double d = std::hypot(at.x() - target.x(), at.y() - target.y());
            if (d < bestD && plot.contains(at))
                bestD = d, bestSeries = s, bestId = p.id;
        }
    }
    if (bestSeries < 0)
        return false;
    // Rebuilding deletes the series under the mouse: do it after the event is handled.
    QMetaObject::invokeMethod(
        this,
        [this, bestSeries, bestId] {
            setPicked(bestSeries, bestId);
            Q_EMIT pointPicked(bestSeries, bestId);
        },
        Qt::QueuedConnection);
    return true;
}

QPoint ParetoChart::pointPosition(int series, int id) const
{
    if (series < 0 || series >= m_frontiers.size())
        return {};
    for (const auto& p : m_frontiers[series].points)
        if (p.id == id) {
            const QPointF scene = chart()->mapToPosition(QPointF(p.x, p.y), m_scatter[series]);
            return mapFromScene(chart()->mapToScene(scene));
        }
    return {};
}

void ParetoChart::addContextActions(QMenu* menu)
{
    auto* lx = menu->addAction(tr("Logarithmic axis: %1").arg(m_xTitle));
    lx->setCheckable(true);
    lx->setChecked(m_logX);
    connect(lx, &QAction::toggled, this, [this](bool on) { setLogAxes(on, m_logY); });
    auto* ly = menu->addAction(tr("Logarithmic axis: %1").arg(m_yTitle));
    ly->setCheckable(true);
    ly->setChecked(m_logY);
    connect(ly, &QAction::toggled, this, [this](bool on) { setLogAxes(m_logX, on); });
}

} // namespace vantage::widgets
