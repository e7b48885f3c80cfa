#include "line_chart.h"

#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vantage::widgets {

LineChart::LineChart(QWidget* parent)
    : ChartView(parent)
{
    m_x = new QValueAxis(this);
    m_left = new QValueAxis(this);
    m_right = new QValueAxis(this);
    for (auto* a : { m_x, m_left, m_right })
        a->setLabelFormat(QStringLiteral("%.6g")); // 25000, not 2.5e+04; ticks are round anyway
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_left, Qt::AlignLeft);
    chart()->addAxis(m_right, Qt::AlignRight);
    m_right->hide();
}

void LineChart::setAxisTitles(const QString& x, const QString& yLeft, const QString& yRight)
{
    m_x->setTitleText(x);
    m_left->setTitleText(yLeft);
    m_right->setTitleText(yRight);
}

QLineSeries* LineChart::seriesFor(const QString& name, bool rightAxis)
{
    if (auto* s = m_series.value(name))
        return s;
    auto* s = new QLineSeries;
    s->setName(name);
    chart()->addSeries(s);
    s->attachAxis(m_x);
    s->attachAxis(rightAxis ? m_right : m_left);
    if (rightAxis)
        m_right->show();
    QPen pen = s->pen();
    pen.setWidthF(2.0);
    if (rightAxis)
        pen.setStyle(Qt::DashLine);
    s->setPen(pen);
    m_series.insert(name, s);
    m_onRight.insert(name, rightAxis);
    return s;
}

void LineChart::setMaxPoints(int maxPoints)
{
    m_maxPoints = maxPoints > 1 ? maxPoints : 0;
}

void LineChart::setSeries(const QString& name, const QVector<QPointF>& points, bool rightAxis)
{
    QLineSeries* s = seriesFor(name, rightAxis);
    int stride = 1;
    if (m_maxPoints > 0 && points.size() > m_maxPoints) {
        while (points.size() / stride > m_maxPoints)
            stride *= 2;
        QList<QPointF> kept;
        kept.reserve(points.size() / stride + 1);
        for (qsizetype i = 0; i < points.size(); i += stride)
            kept.append(points[i]);
        if ((points.size() - 1) % stride != 0)
            kept.append(points.back()); // the latest value stays visible
        s->replace(kept);
    } else {
        s->replace(points);
    }
    m_stride[name] = stride;
    m_skipped[name] = 0;
    updateRanges();
}

void LineChart::appendPoint(const QString& name, double x, double y, bool rightAxis)
{
    appendPoints(name, { QPointF(x, y) }, rightAxis);
}

void LineChart::appendPoints(const QString& name, const QVector<QPointF>& points, bool rightAxis)
{
    if (points.isEmpty())
        return;
    QLineSeries* s = seriesFor(name, rightAxis);
    int& stride = m_stride[name];
    int& skipped = m_skipped[name];
    stride = std::max(stride, 1);
    QList<QPointF> kept;
    kept.reserve(points.size());
    for (const QPointF& p : points) {
        extend(p, m_onRight.value(name));
        if (skipped++ % stride == 0)
            kept.append(p);
    }
    if (!kept.isEmpty())
        s->append(kept);
    // Over the cap: keep every other point and from now on one in twice as many (a long live
    // curve keeps its shape; redrawing it stays cheap).
    if (m_maxPoints > 0 && s->count() > m_maxPoints) {
        const QList<QPointF> all = s->points();
        QList<QPointF> half;
        half.reserve(all.size() / 2 + 1);
        for (qsizetype i = 0; i < all.size(); i += 2)
            half.append(all[i]);
        s->replace(half);
        stride *= 2;
        skipped = 0;
    }
    applyRanges();
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
        m_onRight.insert(name, rightAxis);
    }
    s->replace(points);
    updateRanges();
}

void LineChart::clearSeries()
{
    chart()->removeAllSeries();
    m_series.clear();
    m_markers.clear();
    m_onRight.clear();
    m_stride.clear();
    m_skipped.clear();
    m_right->hide();
    updateRanges();
}

QVector<QPointF> LineChart::points(const QString& name) const
{
    if (auto* s = m_series.value(name))
        return s->points();
    if (auto* m = m_markers.value(name))
        return m->points();
    return {};
}

QStringList LineChart::seriesNames() const
{
    QStringList names = m_series.keys() + m_markers.keys();
    names.sort();
    return names;
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

void LineChart::updateRanges()
{
    m_x0 = m_l0 = m_r0 = std::numeric_limits<double>::max();
    m_x1 = m_l1 = m_r1 = std::numeric_limits<double>::lowest();
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it)
        for (const QPointF& p : it.value()->points())
            extend(p, m_onRight.value(it.key()));
    for (auto it = m_markers.cbegin(); it != m_markers.cend(); ++it)
        for (const QPointF& p : it.value()->points())
            extend(p, m_onRight.value(it.key()));
    applyRanges();
}

void LineChart::applyRanges()
{
    // Only a change of range touches the axes: a live chart appends many points that fit.
    auto set = [](QValueAxis* a, double lo, double hi) {
        double from = 0, to = 1;
        if (lo <= hi) {
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
    const double x1 = m_x0 > m_x1 ? 1.0 : (m_x1 > m_x0 ? m_x1 : m_x0 + 1);
    if (m_x->min() != x0 || m_x->max() != x1) {
        setRangeWithRoundTicks(m_x, x0, x1);
    }
    set(m_left, m_l0, m_l1);
    set(m_right, m_r0, m_r1);
}

} // namespace vantage::widgets
