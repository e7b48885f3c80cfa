#pragma once
// Curves over a step axis (loss, throughput, metrics), appended live or set at once. Series are
// addressed by name; each may use the left or the right axis. Ranges follow the data.

#include "chart_view.h"

#include <QHash>
#include <QPointF>
#include <QVector>

class QLineSeries;
class QValueAxis;

namespace vantage::widgets {

class LineChart : public ChartView {
    Q_OBJECT
public:
    explicit LineChart(QWidget* parent = nullptr);

    void setAxisTitles(const QString& x, const QString& yLeft, const QString& yRight = {});
    void setSeries(const QString& name, const QVector<QPointF>& points, bool rightAxis = false);
    void appendPoint(const QString& name, double x, double y, bool rightAxis = false);
    void clearSeries();
    QVector<QPointF> points(const QString& name) const;
    QStringList seriesNames() const;

private:
    QLineSeries* seriesFor(const QString& name, bool rightAxis);
    void updateRanges();

    QValueAxis* m_x;
    QValueAxis* m_left;
    QValueAxis* m_right;
    QHash<QString, QLineSeries*> m_series;
    QHash<QString, bool> m_onRight;
};

} // namespace vantage::widgets
