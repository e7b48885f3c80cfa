// Exploring a chart: hover details, zoom (wheel, rubber band, keys), pan and reset. Axis ranges are
// set through setRangeWithRoundTicks, never through QChart::zoomIn: a range that grows a thousand
// times at the old tick interval lays out a thousand times the tick items first.

#include "chart_view.h"

#include <QChart>
#include <QKeyEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QRubberBand>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <functional>

namespace vantage::widgets {

namespace {
constexpr int kDragThresholdPx = 6; // below this a press and release is a click, not a band
constexpr double kWheelFactor = 1.25; // zoom per wheel notch (120 units)
constexpr double kMinSpanRatio = 1e-9; // no zoom below this share of the home range

bool horizontal(const QAbstractAxis* axis)
{
    return axis->orientation() == Qt::Horizontal;
}
} // namespace

std::pair<double, double> ChartView::axisRange(const QAbstractAxis* axis)
{
    if (const auto* v = qobject_cast<const QValueAxis*>(axis))
        return { v->min(), v->max() };
    if (const auto* l = qobject_cast<const QLogValueAxis*>(axis))
        return { l->min(), l->max() };
    return { 0.0, 0.0 };
}

double ChartView::valueAt(const QAbstractAxis* axis, double fraction)
{
    const auto [lo, hi] = axisRange(axis);
    const double f = axis->isReverse() ? 1.0 - fraction : fraction;
    if (qobject_cast<const QLogValueAxis*>(axis) && lo > 0 && hi > 0)
        return std::exp(std::log(lo) + f * (std::log(hi) - std::log(lo)));
    return lo + f * (hi - lo);
}

QRectF ChartView::plotRect() const
{
    const QRectF scene = chart()->mapToScene(chart()->plotArea()).boundingRect();
    return mapFromScene(scene).boundingRect();
}

void ChartView::setView(const QHash<QAbstractAxis*, std::pair<double, double>>& ranges)
{
    for (auto it = ranges.cbegin(); it != ranges.cend(); ++it) {
        const auto [lo, hi] = it.value();
        if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo))
            continue;
        if (auto* v = qobject_cast<QValueAxis*>(it.key()))
            setRangeWithRoundTicks(v, lo, hi);
        else if (auto* l = qobject_cast<QLogValueAxis*>(it.key()); l && lo > 0)
            l->setRange(lo, hi);
    }
    onViewChanged();
    Q_EMIT viewChanged();
}

QHash<QAbstractAxis*, std::pair<double, double>> ChartView::viewWith(
    const std::function<std::pair<double, double>(QAbstractAxis*)>& range)
{
    QHash<QAbstractAxis*, std::pair<double, double>> next;
    for (QAbstractAxis* a : chart()->axes()) {
        if (!qobject_cast<QValueAxis*>(a) && !qobject_cast<QLogValueAxis*>(a))
            continue; // categories (bars) do not zoom
        if (!m_home.contains(a))
            m_home.insert(a, axisRange(a)); // where Reset View returns
        const auto r = range(a);
        if (r.second > r.first)
            next.insert(a, r);
    }
    return next;
}

void ChartView::zoomToRect(const QRectF& rect)
{
    const QRectF plot = plotRect();
    const QRectF r = rect.normalized().intersected(plot);
    if (!m_explorable || plot.width() < 1 || plot.height() < 1 || r.width() < 1 || r.height() < 1)
        return;
    setView(viewWith([&](QAbstractAxis* a) -> std::pair<double, double> {
        const auto [homeLo, homeHi] = m_home.value(a);
        double f0, f1;
        if (horizontal(a)) {
            f0 = (r.left() - plot.left()) / plot.width(), f1 = (r.right() - plot.left()) / plot.width();
        } else {
            f0 = (plot.bottom() - r.bottom()) / plot.height(), f1 = (plot.bottom() - r.top()) / plot.height();
        }
        double lo = valueAt(a, f0), hi = valueAt(a, f1);
        if (lo > hi)
            std::swap(lo, hi);
        if (hi - lo < (homeHi - homeLo) * kMinSpanRatio)
            return { 0.0, 0.0 }; // as deep as doubles tell apart: this axis stays
        return { lo, hi };
    }));
}

void ChartView::zoomBy(double factor, const QPointF& about)
{
    const QRectF plot = plotRect();
    if (!(factor > 0) || plot.width() < 1 || plot.height() < 1)
        return;
    // The rectangle that, zoomed into, keeps the point under the cursor where it is.
    const QPointF c(std::clamp(about.x(), plot.left(), plot.right()), std::clamp(about.y(), plot.top(), plot.bottom()));
    const double w = plot.width() / factor, h = plot.height() / factor;
    const double fx = (c.x() - plot.left()) / plot.width(), fy = (c.y() - plot.top()) / plot.height();
    if (factor >= 1.0) {
        zoomToRect(QRectF(c.x() - fx * w, c.y() - fy * h, w, h));
        return;
    }
    // Out: beyond the plot, so through the axes' values rather than a rectangle inside it.
    setView(viewWith([&](QAbstractAxis* a) -> std::pair<double, double> {
        const double f = horizontal(a) ? fx : 1.0 - fy;
        return { valueAt(a, f - f / factor), valueAt(a, f + (1.0 - f) / factor) };
    }));
}

void ChartView::panBy(const QPointF& pixels)
{
    const QRectF plot = plotRect();
    if (!m_explorable || plot.width() < 1 || plot.height() < 1)
        return;
    setView(viewWith([&](QAbstractAxis* a) -> std::pair<double, double> {
        const double shift = horizontal(a) ? -pixels.x() / plot.width() : pixels.y() / plot.height();
        return { valueAt(a, shift), valueAt(a, 1.0 + shift) };
    }));
}

void ChartView::resetView()
{
    if (m_home.isEmpty())
        return;
    QHash<QAbstractAxis*, std::pair<double, double>> home;
    const auto axes = chart()->axes();
    for (auto it = m_home.cbegin(); it != m_home.cend(); ++it)
        if (axes.contains(it.key()))
            home.insert(it.key(), it.value());
    m_home.clear();
    setView(home);
}

QString ChartView::describeAt(const QPointF& pos) const
{
    Q_UNUSED(pos);
    return {};
}

void ChartView::fitLegend()
{
    QLegend* legend = chart()->legend();
    if (!legend->isVisible())
        return;
    const QFontMetrics fm(legend->font());
    double rowWidth = 0;
    for (QLegendMarker* m : legend->markers())
        if (m->isVisible())
            rowWidth += fm.horizontalAdvance(m->label()) + fm.height() * 2.5; // marker, gaps
    // Two rows along the bottom at most; past that the names go down the right side, elided.
    const Qt::Alignment want = rowWidth > 2.0 * (width() - 16) ? Qt::AlignRight : Qt::AlignBottom;
    legend->setShowToolTips(true);
    if (legend->alignment() != want)
        legend->setAlignment(want);
}

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    fitLegend();
}

void ChartView::wheelEvent(QWheelEvent* event)
{
    if (!m_explorable || event->angleDelta().y() == 0 || !plotRect().contains(event->position())) {
        QChartView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(kWheelFactor, event->angleDelta().y() / 120.0), event->position());
    event->accept();
}

void ChartView::mousePressEvent(QMouseEvent* event)
{
    if (m_explorable && plotRect().contains(event->position())) {
        const bool pan = event->button() == Qt::MiddleButton
            || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
        if (pan) {
            m_drag = Drag::Pan;
            m_lastPan = event->position();
            setCursor(Qt::ClosedHandCursor);
            event->accept();
            return;
        }
        if (event->button() == Qt::LeftButton) {
            m_drag = Drag::Pressed;
            m_pressPos = event->position().toPoint();
        }
    }
    QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_drag == Drag::Pan) {
        panBy(event->position() - m_lastPan);
        m_lastPan = event->position();
        return;
    }
    if (m_drag == Drag::Pressed && (event->position().toPoint() - m_pressPos).manhattanLength() > kDragThresholdPx) {
        m_drag = Drag::Band;
        if (!m_band)
            m_band = new QRubberBand(QRubberBand::Rectangle, this);
        m_band->show();
    }
    if (m_drag == Drag::Band) {
        m_band->setGeometry(QRect(m_pressPos, event->position().toPoint()).normalized());
        return;
    }
    QChartView::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton)
        return;
    const QString text = describeAt(event->position());
    if (!text.isEmpty()) {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
        m_tipShown = true;
    } else if (m_tipShown) {
        QToolTip::hideText();
        m_tipShown = false;
    }
}

void ChartView::mouseReleaseEvent(QMouseEvent* event)
{
    const Drag drag = std::exchange(m_drag, Drag::None);
    if (drag == Drag::Pan) {
        unsetCursor();
        event->accept();
        return;
    }
    if (drag == Drag::Band) {
        m_band->hide();
        zoomToRect(QRect(m_pressPos, event->position().toPoint()));
    }
    const bool click = drag == Drag::Pressed || (!m_explorable && event->modifiers() == Qt::NoModifier);
    if (click && event->button() == Qt::LeftButton && clickAt(event->position())) {
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (m_explorable && isZoomed()) {
        resetView();
        event->accept();
        return;
    }
    QChartView::mouseDoubleClickEvent(event);
}

void ChartView::keyPressEvent(QKeyEvent* event)
{
    if (!m_explorable) {
        QChartView::keyPressEvent(event);
        return;
    }
    const QPointF centre = plotRect().center();
    switch (event->key()) {
    case Qt::Key_Home:
    case Qt::Key_0:
        resetView();
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(kWheelFactor, centre);
        break;
    case Qt::Key_Minus:
        zoomBy(1.0 / kWheelFactor, centre);
        break;
    default:
        QChartView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void ChartView::leaveEvent(QEvent* event)
{
    if (m_tipShown) {
        QToolTip::hideText();
        m_tipShown = false;
    }
    QChartView::leaveEvent(event);
}

} // namespace vantage::widgets
