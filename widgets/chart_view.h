#pragma once
// A QChartView that every chart of Vantage derives from: antialiased, themed after the system
// palette, and with a context menu to save the chart as PNG or SVG and to copy it.

#include <QChartView>

class QValueAxis;

namespace vantage::widgets {

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
