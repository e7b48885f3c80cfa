#pragma once
// Curves over a step axis (loss, throughput, metrics), appended live or set at once. Series are
// addressed by name; each may use the left or the right axis; marker series mark events on them.
// Ranges follow the data; ticks fall on round values.

#include "chart_view.h"

#include <QHash>
#include <QPointF>
#include <QVector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace vantage::widgets {

class LineChart : public ChartView {
    Q_OBJECT
public:
    explicit LineChart(QWidget* parent = nullptr);

    void setAxisTitles(const QString& x, const QString& yLeft, const QString& yRight = {});
    void setSeries(const QString& name, const QVector<QPointF>& points, bool rightAxis = false);
    void appendPoint(const QString& name, double x, double y, bool rightAxis = false);
    void appendPoints(const QString& name, const QVector<QPointF>& points, bool rightAxis = false);
    // At most this many points drawn per curve (0, the default: all). Longer curves keep every
    // 2^k-th point; the axes still span every point appended.
    void setMaxPoints(int maxPoints);
    // Points drawn as markers only (events on a curve: scale-outs, failures); replaces any earlier
    // markers of that name.
    void setMarkers(const QString& name, const QVector<QPointF>& points, bool rightAxis = false);
    void clearSeries();
    QVector<QPointF> points(const QString& name) const; // of a curve or of markers
    QStringList seriesNames() const;

private:
    QLineSeries* seriesFor(const QString& name, bool rightAxis);
    void updateRanges(); // from every point drawn
    void applyRanges(); // from the extents below
    void extend(const QPointF& p, bool right);

    QValueAxis* m_x;
    QValueAxis* m_left;
    QValueAxis* m_right;
    QHash<QString, QLineSeries*> m_series;
    QHash<QString, QScatterSeries*> m_markers;
    QHash<QString, bool> m_onRight;
    QHash<QString, int> m_stride; // one point drawn in `stride` appended
    QHash<QString, int> m_skipped; // points appended since the stride last changed
    int m_maxPoints = 0;
    double m_x0 = 0, m_x1 = -1, m_l0 = 0, m_l1 = -1, m_r0 = 0, m_r1 = -1; // extents (empty when lo > hi)
};

} // namespace vantage::widgets
