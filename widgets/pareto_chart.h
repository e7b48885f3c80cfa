#pragma once
// A two-objective trade-off chart: one scatter (with a connecting line) per frontier, reference
// points (baselines) as distinct markers, an optional limit line (e.g. device memory) and a budget
// line that highlights, per frontier, the lowest-x point within the budget. Hover shows a tooltip,
// a click emits pointPicked; a click on a frontier's legend entry hides or shows it. It knows
// nothing of what the points mean.

#include "chart_view.h"

#include <QSet>
#include <QString>
#include <QVector>

class QAbstractAxis;
class QLineSeries;
class QScatterSeries;

namespace vantage::widgets {

struct ParetoPoint {
    double x = 0;
    double y = 0;
    int id = 0; // caller's id, returned by pointPicked
    QString label; // extra tooltip text
};

struct ParetoSeriesData {
    QString name;
    QVector<ParetoPoint> points;
};

struct ParetoMarker {
    QString name;
    double x = 0;
    double y = 0;
    int series = -1; // frontier it belongs to (its colour), -1 for none
    QString kind; // its legend entry and marker shape; empty: "Baselines"
};

class ParetoChart : public ChartView {
    Q_OBJECT
public:
    explicit ParetoChart(QWidget* parent = nullptr);

    void setAxisTitles(const QString& x, const QString& y);
    void setFrontiers(const QVector<ParetoSeriesData>& frontiers);
    void setMarkers(const QVector<ParetoMarker>& markers);
    void setLimit(double y, const QString& label); // y <= 0 hides it
    void setBudget(double y); // y <= 0 hides it
    void setLogAxes(bool logX, bool logY);
    // Axes over the frontiers only (markers outside are clipped) instead of over everything drawn.
    void setFitToFrontiers(bool on);
    // Hidden frontiers (and their baselines) are left out of the plot and its axes; their legend
    // entry stays, greyed, and a click on it shows them again.
    void setFrontierVisible(int series, bool visible);
    bool isFrontierVisible(int series) const;
    bool fitToFrontiers() const { return m_fitFrontiers; }
    void setPicked(int series, int id); // series < 0 clears
    int pickedSeries() const { return m_pickedSeries; } // -1: none
    int pickedId() const { return m_pickedId; }

    bool logX() const { return m_logX; }
    bool logY() const { return m_logY; }
    // For each frontier, the id of the lowest-x point within the budget (-1 if none fits).
    QVector<int> withinBudget() const { return m_withinBudget; }
    const QVector<ParetoSeriesData>& frontiers() const { return m_frontiers; }
    const QVector<ParetoMarker>& markers() const { return m_markers; }
    // Position of a point on screen (for tests that click through).
    QPoint pointPosition(int series, int id) const;

Q_SIGNALS:
    void pointPicked(int series, int id);
    void budgetMatchesChanged(const QVector<int>& ids);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void addContextActions(QMenu* menu) override;
    bool clickAt(const QPointF& pos) override;

private:
    struct Range {
        double minX, maxX, minY, maxY;
    };
    void rebuild();
    Range dataRange() const;
    void addAxes(const Range& range);
    void addFrontier(int i);
    void addBaselines();
    void addHorizontal(const Range& range, double y, const QString& name, const QColor& colour, Qt::PenStyle style);
    void addBudget(const Range& range);
    void addPicked();
    void attach(QAbstractSeries* s);
    static QColor colourFor(int i);

    QVector<ParetoSeriesData> m_frontiers;
    QVector<ParetoMarker> m_markers;
    QString m_xTitle;
    QString m_yTitle;
    QString m_limitLabel;
    double m_limit = 0;
    double m_budget = 0;
    bool m_logX = false;
    bool m_logY = false;
    bool m_fitFrontiers = false;
    QSet<int> m_hidden;
    int m_pickedSeries = -1;
    int m_pickedId = -1;
    QVector<int> m_withinBudget;
    QVector<QScatterSeries*> m_scatter;
    QAbstractAxis* m_axisX = nullptr;
    QAbstractAxis* m_axisY = nullptr;
};

} // namespace vantage::widgets
