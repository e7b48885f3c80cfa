#pragma once
// A QChartView that every chart of Vantage derives from: antialiased, themed after the system
// palette, numbers in the UI's locale, explorable (hover details, wheel zoom about the cursor, a
// rubber band to zoom into, panning, reset) and with a context menu to save the chart as PNG or SVG
// and to copy it.

#include <QChartView>
#include <QHash>

#include <functional>
#include <utility>

class QAbstractAxis;
class QRubberBand;
class QValueAxis;

namespace vantage::widgets {

// The range [lo, hi] as an axis can draw it: NaN and infinity replaced, the ends within
// +-kAxisLimit (past it QtCharts' arithmetic overflows) and apart by at least what doubles there
// tell apart (a range of denormals, or of one value, would be ticked at zero intervals). A chart
// with data of +-1e308 or only inf still draws axes with a handful of ticks.
inline constexpr double kAxisLimit = 1e300;
std::pair<double, double> drawableRange(double lo, double hi);

// Ticks at round values (1, 2 or 5 times a power of ten) inside the axis's current range, which
// stays as it is; about targetTicks of them, labelled with as many decimals as the interval needs
// (0.05, 0.1, 0.15; 5,000, 10,000) in the chart's locale.
void setRoundTicks(QValueAxis* axis, int targetTicks = 5);
// Changes the axis's range and then its round ticks. Setting the range of an axis with dynamic ticks
// lays out ticks at the old interval first: a small interval over a range grown a million times
// creates millions of tick items on the GUI thread. This goes through fixed ticks instead.
void setRangeWithRoundTicks(QValueAxis* axis, double lo, double hi, int targetTicks = 5);

// A value in the UI's locale as a chart's tooltip shows it: whole numbers grouped (12,345), others
// with `digits` significant digits (0.4123).
QString formatChartValue(double v, int digits = 4);

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);

    // Writes the chart as it is shown; the format follows the suffix (.png or .svg).
    bool saveImage(const QString& path, QString* error = nullptr) const;
    QByteArray toSvg() const;
    QImage toImage(qreal scale = 2.0) const;
    void copyToClipboard() const;

    // Exploring, as in TensorBoard: the wheel zooms about the cursor, a drag with the left button
    // draws a rectangle to zoom into, a drag with the middle button (or Shift and the left) pans,
    // a double-click, Home or the context menu's Reset View goes back to the whole data. `factor` > 1
    // zooms in; positions are the widget's.
    void setExplorable(bool on) { m_explorable = on; }
    bool isExplorable() const { return m_explorable; }
    bool isZoomed() const { return !m_home.isEmpty(); }
    void zoomBy(double factor, const QPointF& about);
    void zoomToRect(const QRectF& rect);
    void panBy(const QPointF& pixels);
    virtual void resetView();
    // What hovering at `pos` shows (empty: nothing): the meaning of the data under the cursor.
    virtual QString describeAt(const QPointF& pos) const;
    // The range [lo, hi] an axis shows now (log axes too); {0, 0} for axes of other kinds.
    static std::pair<double, double> axisRange(const QAbstractAxis* axis);

Q_SIGNALS:
    void viewChanged(); // zoomed, panned or reset by the user

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    // Subclasses add their own actions before the save/copy ones.
    virtual void addContextActions(QMenu* menu) { Q_UNUSED(menu); }
    // Called before the chart is rendered into an image or SVG (a chart that draws lazily draws now).
    virtual void prepareToRender() const { }
    // After the user's zoom, pan or reset (the axes show another range).
    virtual void onViewChanged() { }
    // A click of the left button at `pos` (the widget's), not a drag: true when the chart took it
    // (picked what lies there). Asked of the chart itself, not of whichever series item Qt Charts
    // finds on top, so a line or marker drawn over a point never swallows the click.
    virtual bool clickAt(const QPointF& pos)
    {
        Q_UNUSED(pos);
        return false;
    }
    // The axes were replaced: no earlier zoom applies to them.
    void forgetView() { m_home.clear(); }
    // The legend along the bottom while its entries fit in one or two rows, else down the right.
    void fitLegend();
    void applyPalette();
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void setView(const QHash<QAbstractAxis*, std::pair<double, double>>& ranges);
    // Each zoomable axis's next range from `range` (an empty range leaves that axis as it is); the
    // ranges before the first zoom are kept for Reset View.
    QHash<QAbstractAxis*, std::pair<double, double>> viewWith(
        const std::function<std::pair<double, double>(QAbstractAxis*)>& range);
    // The value of `axis` at a fraction of the plot (0: left or bottom, 1: right or top).
    static double valueAt(const QAbstractAxis* axis, double fraction);
    QRectF plotRect() const; // the plot area in widget coordinates

    bool m_explorable = true;
    QHash<QAbstractAxis*, std::pair<double, double>> m_home; // ranges before the first zoom
    QRubberBand* m_band = nullptr;
    QPoint m_pressPos;
    QPointF m_lastPan;
    enum class Drag {
        None,
        Pressed,
        Band,
        Pan
    } m_drag = Drag::None;
    bool m_tipShown = false;
};

} // namespace vantage::widgets
