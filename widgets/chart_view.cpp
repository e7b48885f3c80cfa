#include "chart_view.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLegend>
#include <QLogValueAxis>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QRubberBand>
#include <QSvgGenerator>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace vantage::widgets {

std::pair<double, double> drawableRange(double lo, double hi)
{
    auto finite = [](double v, double nanValue) {
        if (std::isnan(v))
            return nanValue;
        return std::clamp(v, -kAxisLimit, kAxisLimit);
    };
    lo = finite(lo, 0.0);
    hi = finite(hi, 1.0);
    if (lo > hi)
        std::swap(lo, hi);
    // Relative to the values; data that is all but zero (denormals) gets +-1e-9, since QtCharts
    // takes a change of an axis end near 0 smaller than 1e-12 for no change.
    double minSpan = std::max(std::abs(lo), std::abs(hi)) * 1e-12;
    if (minSpan < 1e-200)
        minSpan = 1e-9;
    if (hi - lo < minSpan) {
        const double mid = lo / 2 + hi / 2;
        lo = mid - minSpan;
        hi = mid + minSpan;
    }
    return { lo, hi };
}

void setRoundTicks(QValueAxis* axis, int targetTicks)
{
    const double lo = axis->min(), hi = axis->max();
    const double span = hi - lo;
    if (!(span > 0) || !std::isfinite(span)) {
        axis->setTickType(QValueAxis::TicksFixed);
        return;
    }
    // 1, 2 or 5 times a power of ten, so that labels read 0.05, 0.1, 0.15 and not 0.04603.
    const double raw = span / std::max(2, targetTicks);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : { 1.0, 2.0, 5.0, 10.0 }) {
        step = m * mag;
        if (step >= raw)
            break;
    }
    // The interval before the type: dynamic ticks at the old interval may be far too many.
    axis->setTickAnchor(0.0);
    axis->setTickInterval(step);
    axis->setTickType(QValueAxis::TicksDynamic);
    // As many decimals as the interval has (0.05: two), no more: 306.25 or 11519.3 are not ticks
    // people read. Very large or small values keep three significant digits with an exponent.
    const int decimals = std::clamp(-static_cast<int>(std::floor(std::log10(step) + 1e-9)), 0, 12);
    const double largest = std::max(std::abs(lo), std::abs(hi));
    axis->setLabelFormat(largest >= 1e15 || (largest < 1e-4 && largest > 0)
            ? QStringLiteral("%.3g")
            : QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
}

QString formatChartValue(double v, int digits)
{
    const QLocale locale;
    if (!std::isfinite(v))
        return locale.toString(v);
    if (v == std::round(v) && std::abs(v) < 1e15)
        return locale.toString(static_cast<qlonglong>(v));
    const double magnitude = std::abs(v);
    if (magnitude >= 1e-3 && magnitude < 1e15) {
        // Significant digits without an exponent: 0.4123, 12.35, 1,234.6.
        const int whole = magnitude >= 1 ? static_cast<int>(std::floor(std::log10(magnitude))) + 1 : 0;
        const int lead = magnitude < 1 ? -static_cast<int>(std::floor(std::log10(magnitude))) - 1 : 0;
        QString text = locale.toString(v, 'f', std::clamp(digits - whole + lead, 0, 12));
        if (text.contains(locale.decimalPoint())) { // 0.5, not 0.5000
            while (text.endsWith(locale.zeroDigit()))
                text.chop(locale.zeroDigit().size());
            if (text.endsWith(locale.decimalPoint()))
                text.chop(locale.decimalPoint().size());
        }
        return text;
    }
    return locale.toString(v, 'g', digits);
}

void setRangeWithRoundTicks(QValueAxis* axis, double lo, double hi, int targetTicks)
{
    const auto [from, to] = drawableRange(lo, hi);
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(from, to);
    setRoundTicks(axis, targetTicks);
}

ChartView::ChartView(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    // Below this a chart has no room for its tick labels and shows "..." instead.
    setMinimumSize(260, 200);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    // Tick labels in the UI's language: "1,5" beside German text, not "1.5".
    chart()->setLocale(QLocale());
    chart()->setLocalizeNumbers(true);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus); // Home and +/- reach the chart once clicked
    applyPalette();
}

void ChartView::applyPalette()
{
    // Follow the system theme: light or dark from the window colour.
    const QPalette pal = palette();
    const bool dark = pal.color(QPalette::Window).lightness() < 128;
    chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(pal.brush(QPalette::Base));
    chart()->setTitleBrush(pal.brush(QPalette::Text));
    chart()->legend()->setLabelColor(pal.color(QPalette::Text));
}

void ChartView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QChartView::changeEvent(event);
}

QImage ChartView::toImage(qreal scale) const
{
    prepareToRender();
    QImage image(size() * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(palette().color(QPalette::Base));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const_cast<ChartView*>(this)->render(&p);
    return image;
}

QByteArray ChartView::toSvg() const
{
    prepareToRender();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(size());
    gen.setViewBox(QRect(QPoint(0, 0), size()));
    gen.setTitle(chart()->title());
    QPainter p(&gen);
    p.setRenderHint(QPainter::Antialiasing);
    const_cast<ChartView*>(this)->render(&p);
    p.end();
    return buffer.data();
}

bool ChartView::saveImage(const QString& path, QString* error) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("svg")) {
        QFile f(path);
        ok = f.open(QIODevice::WriteOnly) && f.write(toSvg()) > 0;
    } else {
        ok = toImage().save(path);
    }
    if (!ok && error)
        *error = tr("Cannot write “%1”.").arg(path);
    return ok;
}

void ChartView::copyToClipboard() const
{
    auto* mime = new QMimeData;
    mime->setImageData(toImage());
    mime->setData(QStringLiteral("image/svg+xml"), toSvg());
    QApplication::clipboard()->setMimeData(mime);
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    addContextActions(&menu);
    if (m_explorable) {
        QAction* reset = menu.addAction(tr("Reset View"), this, &ChartView::resetView);
        reset->setEnabled(isZoomed());
    }
    if (!menu.isEmpty())
        menu.addSeparator();
    menu.addAction(tr("Save as PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save Chart"), chart()->title() + QStringLiteral(".png"), tr("PNG images (*.png)"));
        QString err;
        if (!path.isEmpty() && !saveImage(path, &err))
            QMessageBox::warning(this, tr("Save Chart"), err);
    });
    menu.addAction(tr("Save as SVG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save Chart"), chart()->title() + QStringLiteral(".svg"), tr("SVG images (*.svg)"));
        QString err;
        if (!path.isEmpty() && !saveImage(path, &err))
            QMessageBox::warning(this, tr("Save Chart"), err);
    });
    menu.addAction(tr("Copy"), this, &ChartView::copyToClipboard);
    menu.exec(event->globalPos());
}

} // namespace vantage::widgets
