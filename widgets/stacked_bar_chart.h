#pragma once
// Horizontal stacked bars: one bar per category (e.g. "time", "memory"), one segment per part
// (e.g. compute, all-reduce, re-partition). Either each bar normalised to 100 % (bars of different
// units side by side) or all bars on one absolute axis (bars of one unit compared by length).

#include "chart_view.h"

#include <QStringList>
#include <QVector>

namespace vantage::widgets {

struct StackedBar {
    QString category; // bar label, with its unit ("Time (ms)")
    QVector<double> values; // one per part
};

class StackedBarChart : public ChartView {
    Q_OBJECT
public:
    enum class Scale {
        Shares,
        Absolute
    };
    explicit StackedBarChart(QWidget* parent = nullptr);
    static constexpr int kMaxLegendParts = 12; // more parts: no legend, the tooltip names them
    // parts: the segment names; bars: values per part. Shares: each bar as percentages of its own
    // total; Absolute: one value axis titled `unit`. Tooltips give the absolute values.
    void setData(const QStringList& parts, const QVector<StackedBar>& bars, Scale scale = Scale::Shares,
        const QString& unit = {});
    // Redraws the same data on the other scale.
    void setScale(Scale scale);
    Scale scale() const { return m_scale; }
    const QVector<StackedBar>& bars() const { return m_bars; }

private:
    QStringList m_parts;
    QVector<StackedBar> m_bars;
    Scale m_scale = Scale::Shares;
    QString m_unit;
};

} // namespace vantage::widgets
