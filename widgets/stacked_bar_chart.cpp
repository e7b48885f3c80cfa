#include "stacked_bar_chart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalPercentBarSeries>
#include <QToolTip>
#include <QValueAxis>

namespace vantage::widgets {

StackedBarChart::StackedBarChart(QWidget* parent) : ChartView(parent) {}

void StackedBarChart::setData(const QStringList& parts, const QVector<StackedBar>& bars)
{
    m_parts = parts;
    m_bars = bars;
    QChart* c = chart();
    c->removeAllSeries();
    for (auto* a : c->axes())
        c->removeAxis(a), delete a;
    auto* series = new QHorizontalPercentBarSeries;
    for (int p = 0; p < parts.size(); ++p) {
        auto* set = new QBarSet(parts[p]);
        for (const auto& b : bars)
            *set << (p < b.values.size() ? b.values[p] : 0.0);
        series->append(set);
    }
    c->addSeries(series);
    auto* cats = new QBarCategoryAxis;
    for (const auto& b : bars)
        cats->append(b.category);
    c->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);
    auto* values = new QValueAxis;
    values->setRange(0, 100);
    values->setLabelFormat(QStringLiteral("%d%%"));
    c->addAxis(values, Qt::AlignBottom);
    series->attachAxis(values);
    connect(series, &QHorizontalPercentBarSeries::hovered, this, [this](bool status, int index, QBarSet* set) {
        if (!status || index < 0 || index >= m_bars.size())
            return;
        double total = 0;
        for (double v : m_bars[index].values)
            total += v;
        const double v = set->at(index);
        QToolTip::showText(QCursor::pos(), QStringLiteral("%1 — %2: %3 (%4%)")
                                               .arg(m_bars[index].category, set->label())
                                               .arg(v, 0, 'g', 4)
                                               .arg(total > 0 ? 100.0 * v / total : 0.0, 0, 'f', 1),
                           this);
    });
}

} // namespace vantage::widgets
