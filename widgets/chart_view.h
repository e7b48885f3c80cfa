#pragma once
// A QChartView that every chart of Vantage derives from: antialiased, themed after the system
// palette, and with a context menu to save the chart as PNG or SVG and to copy it.

#include <QChartView>

#include <utility>

class QValueAxis;

namespace vantage::widgets {

// The range [lo, hi] as an axis can draw it: NaN and infinity replaced, the ends within
// +-kAxisLimit (past it QtCharts' arithmetic overflows) and apart by at least what doubles there
// tell apart (a range of denormals, or of one value, would be ticked at zero intervals). A chart
// with data of +-1e308 or only inf still draws axes with a handful of ticks.
inline constexpr double kAxisLimit = 1e300;
std::pair<double, double> drawableRange(double lo, double hi);

// Ticks at round values (1, 2 or 5 times a power of ten) inside the axis's current range, which
// stays as it is; about targetTicks of them.
void setRoundTicks(QValueAxis* axis, int targetTicks = 5);
// Changes the axis's range and then its round ticks. Setting the range of an axis with dynamic ticks
// lays out ticks at the old interval first: a small interval over a range grown a million times
// creates millions of tick items on the GUI thread. This goes through fixed ticks instead.
void setRangeWithRoundTicks(QValueAxis* axis, double lo, double hi, int targetTicks = 5);

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);

    // Writes the chart as it is shown; the format follows the suffix (.png or .svg).
    bool saveImage(const QString& path, QString* error = nullptr) const;
    QByteArray toSvg() const;
    QImage toImage(qreal scale = 2.0) const;
    void copyToClipboard() const;

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    // Subclasses add their own actions before the save/copy ones.
    virtual void addContextActions(QMenu* menu) { Q_UNUSED(menu); }
    void applyPalette();
    void changeEvent(QEvent* event) override;
};

} // namespace vantage::widgets
