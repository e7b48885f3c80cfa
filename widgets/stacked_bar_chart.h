#pragma once
// Horizontal stacked bars: one bar per category (e.g. "time", "memory"), one segment per part
// (e.g. compute, all-reduce, re-partition), each bar normalised to its own unit label.

#include "chart_view.h"

#include <QStringList>
#include <QVector>

namespace vantage::widgets {

struct StackedBar {
    QString category;           // bar label, with its unit ("Time (ms)")
    QVector<double> values;     // one per part
};

class StackedBarChart : public ChartView {
    Q_OBJECT
public:
    explicit StackedBarChart(QWidget* parent = nullptr);
    // parts: the segment names; bars: values per part. Bars are drawn as shares (percent) so that
    // bars of different units sit side by side; tooltips give the absolute values.
    void setData(const QStringList& parts, const QVector<StackedBar>& bars);
    const QVector<StackedBar>& bars() const { return m_bars; }

private:
    QStringList m_parts;
    QVector<StackedBar> m_bars;
};

} // namespace vantage::widgets
