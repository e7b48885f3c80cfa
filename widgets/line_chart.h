#pragma once
// Curves over a step axis (loss, throughput, metrics), appended live or set at once. Series are
// addressed by name; each may use the left or the right axis; marker series mark events on them.
//
// The chart keeps every point appended (amortised constant time per point) and draws a decimated
// copy: per pixel column of the plot the first, lowest, highest and last point of what falls in it,
// so a curve of a million points keeps its peaks and draws as fast as one of a few thousand. Drawing
// waits for the event loop (appends in one pass of it are drawn once). Ranges follow the data until
// the user zooms or pans; ticks fall on round values; hovering shows each curve's value at the step
// under the cursor.

#include "chart_view.h"

#include <QHash>
#include <QPointF>
#include <QVector>

class QLineSeries;
class QScatterSeries;
class QTimer;
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
    // At most this many points drawn per curve (0, the default: four per pixel column of the plot).
    void setMaxPoints(int maxPoints);
    // Points drawn as markers only (events on a curve: scale-outs, failures); replaces any earlier
    // markers of that name.
    void setMarkers(const QString& name, const QVector<QPointF>& points, bool rightAxis = false);
    void clearSeries();
    QVector<QPointF> points(const QString& name) const; // every point of a curve, or the markers
    QVector<QPointF> drawnPoints(const QString& name) const; // what is drawn of it (drawn now)
    QStringList seriesNames() const;
    // Draws what was appended now instead of on the next pass of the event loop.
    void drawNow();
    // Axes exactly over the data (live, the step axis keeps room ahead): for a curve that has ended.
    void fitToData();

    void resetView() override;
    QString describeAt(const QPointF& pos) const override;

protected:
    void prepareToRender() const override;
    void onViewChanged() override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Curve {
        QLineSeries* line = nullptr;
        QVector<QPointF> data;
        bool right = false;
        bool sortedX = true; // x never decreases (live steps): ranges are found by bisection
    };
    Curve& curveFor(const QString& name, bool rightAxis);
    void scheduleDraw();
    void draw(Curve& c) const;
    // From the extents below, while the view follows the data; `live`: appended points, which
    // change the axes only when they fall outside them.
    void applyRanges(bool live = false);
    void updateExtents(); // from every point
    void extend(const QPointF& p, bool right);
    int drawBudget() const;

    QValueAxis* m_x;
    QValueAxis* m_left;
    QValueAxis* m_right;
    QString m_xTitle, m_leftTitle, m_rightTitle;
    QHash<QString, Curve> m_curves;
    QHash<QString, QScatterSeries*> m_markers;
    QHash<QString, bool> m_markerOnRight;
    QTimer* m_drawTimer;
    int m_maxPoints = 0;
    bool m_hiddenDirty = false; // appended while hidden: to draw once shown
    double m_x0 = 0, m_x1 = -1, m_l0 = 0, m_l1 = -1, m_r0 = 0, m_r1 = -1; // extents (empty when lo > hi)
};

} // namespace vantage::widgets
