#include "line_chart.h"

#include <QLineF>
#include <QLineSeries>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vantage::widgets {

namespace {
constexpr int kPointsPerColumn = 2; // the lowest and the highest of each pixel column, in their order
constexpr int kFallbackPlotWidthPx = 1000; // before the chart is laid out
constexpr double kHoverRadiusPx = 40.0; // how far from a curve the cursor may be to describe it
constexpr int kHoverCurves = 12; // curves named in one tooltip at most

bool lessX(const QPointF& a, const QPointF& b)
{
    return a.x() < b.x();
}

// The points of data[from, to) that an image `columns` pixels wide shows: per column the lowest and
// the highest point in index order (a column's line runs between them), so that every spike
// survives; the first and the last point are kept, so that the curve spans its data.
QList<QPointF> decimate(const QVector<QPointF>& data, qsizetype from, qsizetype to, int columns)
{
    QList<QPointF> out;
    const qsizetype n = to - from;
    if (n <= qsizetype(columns) * kPointsPerColumn) {
        out.reserve(n);
        for (qsizetype i = from; i < to; ++i)
            out.append(data[i]);
        return out;
    }
    out.reserve(qsizetype(columns) * kPointsPerColumn + 2);
    qsizetype lastIndex = -1;
    for (int c = 0; c < columns; ++c) {
        const qsizetype b0 = from + n * c / columns, b1 = from + n * (c + 1) / columns;
        if (b0 >= b1)
            continue;
        qsizetype lo = b0, hi = b0;
        for (qsizetype i = b0 + 1; i < b1; ++i) {
            const double y = data[i].y();
            if (y < data[lo].y() || std::isnan(data[lo].y()))
                lo = i;
            if (y > data[hi].y() || std::isnan(data[hi].y()))
                hi = i;
        }
        const qsizetype picks[4]
            = { c == 0 ? b0 : -1, std::min(lo, hi), std::max(lo, hi), c == columns - 1 ? b1 - 1 : -1 };
        for (qsizetype i : picks)
            if (i > lastIndex)
                out.append(data[i]), lastIndex = i;
    }
    return out;
}
} // namespace

LineChart::LineChart(QWidget* parent)
    : ChartView(parent)
    , m_drawTimer(new QTimer(this))
{
    m_x = new QValueAxis(this);
    m_left = new QValueAxis(this);
    m_right = new QValueAxis(this);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_left, Qt::AlignLeft);
    chart()->addAxis(m_right, Qt::AlignRight);
    m_right->hide();
    // Appends in one pass of the event loop are drawn once, after it.
    m_drawTimer->setSingleShot(true);
    m_drawTimer->setInterval(0);
    connect(m_drawTimer, &QTimer::timeout, this, &LineChart::drawNow);
}

void LineChart::setAxisTitles(const QString& x, const QString& yLeft, const QString& yRight)
{
    m_xTitle = x, m_leftTitle = yLeft, m_rightTitle = yRight;
    m_x->setTitleText(x);
    m_left->setTitleText(yLeft);
    m_right->setTitleText(yRight);
}

LineChart::Curve& LineChart::curveFor(const QString& name, bool rightAxis)
{
    auto it = m_curves.find(name);
    if (it != m_curves.end())
        return it.value();
    Curve c;
    c.line = new QLineSeries;
    c.line->setName(name);
    c.right = rightAxis;
    chart()->addSeries(c.line);
    c.line->attachAxis(m_x);
    c.line->attachAxis(rightAxis ? m_right : m_left);
    if (rightAxis)
        m_right->show();
    QPen pen = c.line->pen();
    pen.setWidthF(2.0);
    if (rightAxis)
        pen.setStyle(Qt::DashLine);
    c.line->setPen(pen);
    fitLegend();
    return m_curves.insert(name, c).value();
}

void LineChart::setMaxPoints(int maxPoints)
{
    m_maxPoints = maxPoints > 1 ? maxPoints : 0;
    scheduleDraw();
}

void LineChart::setSeries(const QString& name, const QVector<QPointF>& points, bool rightAxis)
{
    Curve& c = curveFor(name, rightAxis);
    c.data = points;
    c.sortedX = std::is_sorted(points.begin(), points.end(), lessX);
    updateExtents();
    applyRanges();
    scheduleDraw();
}

void LineChart::appendPoint(const QString& name, double x, double y, bool rightAxis)
{
    appendPoints(name, { QPointF(x, y) }, rightAxis);
}

void LineChart::appendPoints(const QString& name, const QVector<QPointF>& points, bool rightAxis)
{
    if (points.isEmpty())
        return;
    Curve& c = curveFor(name, rightAxis);
    for (const QPointF& p : points) {
        if (c.sortedX && !c.data.isEmpty() && p.x() < c.data.back().x())
            c.sortedX = false;
        c.data.append(p); // amortised constant time
        extend(p, c.right);
    }
    applyRanges(true);
    scheduleDraw();
}

void LineChart::setMarkers(const QString& name, const QVector<QPointF>& points, bool rightAxis)
{
    QScatterSeries* s = m_markers.value(name);
    if (!s) {
        s = new QScatterSeries;
        s->setName(name);
        s->setMarkerSize(11.0);
        s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        chart()->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(rightAxis ? m_right : m_left);
        if (rightAxis)
            m_right->show();
        m_markers.insert(name, s);
        m_markerOnRight.insert(name, rightAxis);
        fitLegend();
    }
    s->replace(points);
    for (const QPointF& p : points) // markers only add to the extents (they mark the curves' points)
        extend(p, rightAxis);
    applyRanges();
}

void LineChart::clearSeries()
{
    chart()->removeAllSeries();
    m_curves.clear();
    m_markers.clear();
    m_markerOnRight.clear();
    m_right->hide();
    forgetView();
    updateExtents();
    applyRanges();
}

QVector<QPointF> LineChart::points(const QString& name) const
{
    if (auto it = m_curves.constFind(name); it != m_curves.cend())
        return it->data;
    if (auto* m = m_markers.value(name))
        return m->points();
    return {};
}

QVector<QPointF> LineChart::drawnPoints(const QString& name) const
{
    prepareToRender();
    if (auto it = m_curves.constFind(name); it != m_curves.cend())
        return it->line->points();
    return points(name);
}

QStringList LineChart::seriesNames() const
{
    QStringList names = m_curves.keys() + m_markers.keys();
    names.sort();
    return names;
}

void LineChart::scheduleDraw()
{
    if (!m_drawTimer->isActive())
        m_drawTimer->start();
}

int LineChart::drawBudget() const
{
    const int width = static_cast<int>(chart()->plotArea().width());
    const int columns = width > 10 ? width : kFallbackPlotWidthPx;
    int budget = columns * kPointsPerColumn;
    if (m_maxPoints > 0)
        budget = std::min(budget, m_maxPoints);
    return std::max(budget, kPointsPerColumn);
}

void LineChart::draw(Curve& c) const
{
    // What the x axis shows, and the point beyond each end so that the line reaches the border.
    qsizetype from = 0, to = c.data.size();
    if (c.sortedX && isZoomed()) {
        from = std::lower_bound(c.data.cbegin(), c.data.cend(), QPointF(m_x->min(), 0), lessX) - c.data.cbegin();
        to = std::upper_bound(c.data.cbegin(), c.data.cend(), QPointF(m_x->max(), 0), lessX) - c.data.cbegin();
        from = std::max<qsizetype>(0, from - 1);
        to = std::min<qsizetype>(c.data.size(), to + 1);
    }
    QList<QPointF> shown = decimate(c.data, from, to, std::max(1, drawBudget() / kPointsPerColumn));
    if (shown.size() > drawBudget() + kPointsPerColumn) { // a small setMaxPoints: every k-th point
        const qsizetype k = (shown.size() + drawBudget() - 1) / drawBudget();
        QList<QPointF> thin;
        for (qsizetype i = 0; i < shown.size(); i += k)
            thin.append(shown[i]);
        if (thin.back() != shown.back())
            thin.append(shown.back()); // the latest value stays visible
        shown.swap(thin);
    }
    c.line->replace(shown); // one signal, one relayout of the curve
}

void LineChart::drawNow()
{
    if (!isVisible()) {
        m_hiddenDirty = true; // drawn when shown: a chart in another tab costs nothing
        return;
    }
    m_hiddenDirty = false;
    m_drawTimer->stop();
    for (auto& c : m_curves)
        draw(c);
}

void LineChart::fitToData()
{
    const double before = m_x->max();
    applyRanges(false);
    if (m_x->max() != before)
        scheduleDraw();
}

void LineChart::prepareToRender() const
{
    auto* self = const_cast<LineChart*>(this);
    self->m_drawTimer->stop();
    for (auto& c : self->m_curves)
        draw(c);
}

void LineChart::showEvent(QShowEvent* event)
{
    ChartView::showEvent(event);
    if (m_hiddenDirty)
        scheduleDraw();
}

void LineChart::onViewChanged()
{
    drawNow();
}

void LineChart::resizeEvent(QResizeEvent* event)
{
    ChartView::resizeEvent(event);
    scheduleDraw(); // another width, another number of columns
}

void LineChart::resetView()
{
    forgetView();
    updateExtents();
    applyRanges();
    drawNow();
    Q_EMIT viewChanged();
}

void LineChart::extend(const QPointF& p, bool right)
{
    if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
        return;
    m_x0 = std::min(m_x0, p.x()), m_x1 = std::max(m_x1, p.x());
    double& lo = right ? m_r0 : m_l0;
    double& hi = right ? m_r1 : m_l1;
    lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
}

void LineChart::updateExtents()
{
    m_x0 = m_l0 = m_r0 = std::numeric_limits<double>::max();
    m_x1 = m_l1 = m_r1 = std::numeric_limits<double>::lowest();
    for (const auto& c : std::as_const(m_curves))
        for (const QPointF& p : c.data)
            extend(p, c.right);
    for (auto it = m_markers.cbegin(); it != m_markers.cend(); ++it)
        for (const QPointF& p : it.value()->points())
            extend(p, m_markerOnRight.value(it.key()));
}

void LineChart::applyRanges(bool live)
{
    if (isZoomed())
        return; // the user's view stays until reset; new points are drawn into it
    // Live, a range that still holds the data stays (an axis relaid on every append costs a
    // relayout of the chart), and one that does not grows with room to spare on the step axis.
    auto fits = [](QValueAxis* a, double lo, double hi) { return a->min() <= lo && hi <= a->max(); };
    auto set = [&](QValueAxis* a, double lo, double hi) {
        double from = 0, to = 1;
        if (lo <= hi) {
            if (live && fits(a, lo, hi))
                return;
            const double pad = hi > lo ? (hi - lo) * 0.05 : std::max(std::abs(hi) * 0.05, 1e-9);
            // Data that is never negative (shares, losses, throughputs) keeps zero as the floor.
            from = lo >= 0 ? std::max(0.0, lo - pad) : lo - pad;
            to = hi + pad;
        }
        if (a->min() == from && a->max() == to)
            return;
        setRangeWithRoundTicks(a, from, to);
    };
    const double x0 = m_x0 > m_x1 ? 0.0 : m_x0;
    double x1 = m_x0 > m_x1 ? 1.0 : (m_x1 > m_x0 ? m_x1 : m_x0 + 1);
    if (live && fits(m_x, x0, x1))
        x1 = m_x->max();
    else if (live)
        x1 += (x1 - x0) * 0.25; // a quarter ahead: the axis changes a few times per decade of steps
    if (m_x->min() != x0 || m_x->max() != x1)
        setRangeWithRoundTicks(m_x, x0, x1);
    set(m_left, m_l0, m_l1);
    set(m_right, m_r0, m_r1);
}

QString LineChart::describeAt(const QPointF& pos) const
{
    const QRectF plot = chart()->plotArea();
    const QPointF at = chart()->mapFromScene(pos); // the view shows the scene unscaled, from its origin
    if (!plot.contains(at) || m_curves.isEmpty())
        return {};
    // Each curve's point nearest to the cursor's step, as TensorBoard lists them.
    const double x = chart()->mapToValue(at, m_curves.cbegin()->line).x();
    QStringList lines;
    double stepShown = std::numeric_limits<double>::quiet_NaN();
    QStringList names = m_curves.keys();
    names.sort();
    for (const QString& name : names) {
        const Curve& c = m_curves[name];
        if (c.data.isEmpty() || !c.line->isVisible())
            continue;
        qsizetype i = 0;
        if (c.sortedX) {
            i = std::lower_bound(c.data.cbegin(), c.data.cend(), QPointF(x, 0), lessX) - c.data.cbegin();
            if (i == c.data.size() || (i > 0 && x - c.data[i - 1].x() < c.data[i].x() - x))
                i = std::max<qsizetype>(0, i - 1);
        } else {
            for (qsizetype j = 1; j < c.data.size(); ++j)
                if (std::abs(c.data[j].x() - x) < std::abs(c.data[i].x() - x))
                    i = j;
        }
        const QPointF p = c.data[i];
        const QPointF px = chart()->mapToPosition(p, c.line);
        if (std::abs(px.x() - at.x()) > kHoverRadiusPx)
            continue;
        if (std::isnan(stepShown))
            stepShown = p.x();
        if (lines.size() < kHoverCurves)
            lines << QStringLiteral("%1: <b>%2</b>").arg(name.toHtmlEscaped(), formatChartValue(p.y()));
    }
    // Markers under the cursor (scale events) say what they mark.
    for (auto it = m_markers.cbegin(); it != m_markers.cend(); ++it)
        for (const QPointF& p : it.value()->points())
            if (QLineF(chart()->mapToPosition(p, it.value()), at).length() <= it.value()->markerSize()) {
                lines << QStringLiteral("%1: %2 %3")
                             .arg(it.key().toHtmlEscaped(), m_xTitle.toHtmlEscaped(), formatChartValue(p.x()));
                break;
            }
    if (lines.isEmpty())
        return {};
    const QString xName = m_xTitle.isEmpty() ? tr("x") : m_xTitle;
    return QStringLiteral("%1 %2<br>").arg(xName.toHtmlEscaped(), formatChartValue(stepShown))
        + lines.join(QStringLiteral("<br>"));
}

} // namespace vantage::widgets
