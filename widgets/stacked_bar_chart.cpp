#include "stacked_bar_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalPercentBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLocale>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace vantage::widgets {

StackedBarChart::StackedBarChart(QWidget* parent)
    : ChartView(parent)
{
    setExplorable(false); // a few bars: nothing to zoom into; the tooltip gives the values
}

void StackedBarChart::setScale(Scale scale)
{
    setData(m_parts, m_bars, scale, m_unit);
}

void StackedBarChart::setData(
    const QStringList& parts, const QVector<StackedBar>& bars, Scale scale, const QString& unit)
{
    m_parts = parts;
    m_bars = bars;
    m_scale = scale;
    m_unit = unit;
    QChart* c = chart();
    c->removeAllSeries();
    for (auto* a : c->axes())
        c->removeAxis(a), delete a;
    QAbstractBarSeries* series = scale == Scale::Shares
        ? static_cast<QAbstractBarSeries*>(new QHorizontalPercentBarSeries)
        : new QHorizontalStackedBarSeries;
    for (int p = 0; p < parts.size(); ++p) {
        auto* set = new QBarSet(parts[p]);
        for (const auto& b : bars)
            *set << (p < b.values.size() ? b.values[p] : 0.0);
        series->append(set);
    }
    c->addSeries(series);
    // A legend of 200 layers is a row of unlabelled squares taking the room of the bars: past a
    // dozen parts the legend goes and the tooltip names the part under the pointer.
    c->legend()->setVisible(parts.size() <= kMaxLegendParts);
    auto* cats = new QBarCategoryAxis;
    for (const auto& b : bars)
        cats->append(b.category);
    cats->setTruncateLabels(false);
    c->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);
    auto* values = new QValueAxis;
    if (scale == Scale::Shares) {
        values->setRange(0, 100);
        values->setLabelFormat(QStringLiteral("%d%%"));
    } else {
        double top = 0;
        for (const auto& b : bars) {
            double total = 0;
            for (double v : b.values)
                total += v;
            top = std::max(top, total);
        }
        const auto [from, to] = drawableRange(0.0, top > 0 ? top * 1.05 : 1.0);
        values->setRange(from, to);
        values->setTitleText(unit);
        setRoundTicks(values);
    }
    c->addAxis(values, Qt::AlignBottom);
    series->attachAxis(values);
    connect(series, &QAbstractBarSeries::hovered, this, [this](bool status, int index, QBarSet* set) {
        if (!status || index < 0 || index >= m_bars.size())
            return;
        double total = 0;
        for (double v : m_bars[index].values)
            total += v;
        const double v = set->at(index);
        QToolTip::showText(QCursor::pos(),
            QStringLiteral("%1 — %2: %3 (%4%)")
                .arg(m_bars[index].category, set->label(), formatChartValue(v),
                    QLocale().toString(total > 0 ? 100.0 * v / total : 0.0, 'f', 1)),
            this);
    });
}

} // namespace vantage::widgets
