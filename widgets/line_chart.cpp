#include "line_chart.h"

#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vantage::widgets {

LineChart::LineChart(QWidget* parent) : ChartView(parent)
{
    m_x = new QValueAxis(this);
    m_left = new QValueAxis(this);
    m_right = new QValueAxis(this);
    for (auto* a : {m_x, m_left, m_right})
        a->setLabelFormat(QStringLiteral("%.4g"));
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

void LineChart::setSeries(const QString& name, const QVector<QPointF>& points, bool rightAxis)
{
    seriesFor(name, rightAxis)->replace(points);
    updateRanges();
}

void LineChart::appendPoint(const QString& name, double x, double y, bool rightAxis)
{
    seriesFor(name, rightAxis)->append(x, y);
    updateRanges();
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

void LineChart::updateRanges()
{
    double x0 = std::numeric_limits<double>::max(), x1 = std::numeric_limits<double>::lowest();
    double l0 = x0, l1 = x1, r0 = x0, r1 = x1;
    QList<QPair<QString, QList<QPointF>>> all;
    for (auto it = m_series.cbegin(); it != m_series.cend(); ++it)
        all.append({it.key(), it.value()->points()});
    for (auto it = m_markers.cbegin(); it != m_markers.cend(); ++it)
        all.append({it.key(), it.value()->points()});
    for (const auto& [name, points] : all) {
        const bool right = m_onRight.value(name);
        for (const QPointF& p : points) {
            if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                continue;
            x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x());
            double& lo = right ? r0 : l0;
            double& hi = right ? r1 : l1;
            lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
        }
    }
    auto set = [](QValueAxis* a, double lo, double hi) {
        if (lo > hi) {
            a->setRange(0, 1);
            setRoundTicks(a);
            return;
        }
        const double pad = hi > lo ? (hi - lo) * 0.05 : std::max(std::abs(hi) * 0.05, 1e-9);
        // Data that is never negative (shares, losses, throughputs) keeps zero as the floor.
        a->setRange(lo >= 0 ? std::max(0.0, lo - pad) : lo - pad, hi + pad);
        setRoundTicks(a);
    };
    if (x0 > x1)
        m_x->setRange(0, 1);
    else
        m_x->setRange(x0, x1 > x0 ? x1 : x0 + 1);
    setRoundTicks(m_x);
    set(m_left, l0, l1);
    set(m_right, r0, r1);
}

} // namespace vantage::widgets
