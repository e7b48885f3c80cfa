#include "svg_view.h"

#include <algorithm>

#include <QContextMenuEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsSvgItem>
#include <QImage>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QWheelEvent>

namespace vantage::widgets {

SvgView::SvgView(QWidget* parent)
    : QGraphicsView(parent)
    , m_renderer(new QSvgRenderer(this))
{
    setScene(new QGraphicsScene(this));
    setDragMode(QGraphicsView::ScrollHandDrag);
    setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setBackgroundBrush(palette().base());
}

bool SvgView::setSvg(const QByteArray& svg)
{
    clear();
    if (svg.isEmpty() || !m_renderer->load(svg))
        return false;
    m_svg = svg;
    m_item = new QGraphicsSvgItem;
    m_item->setSharedRenderer(m_renderer);
    scene()->addItem(m_item);
    scene()->setSceneRect(m_item->boundingRect());
    fitToView();
    return true;
}

void SvgView::clear()
{
    scene()->clear();
    m_item = nullptr;
    m_svg.clear();
    m_dot.clear();
    resetTransform();
}

double SvgView::fittingScale(const QSizeF& drawing, const QSizeF& viewport)
{
    if (drawing.width() <= 0 || drawing.height() <= 0 || viewport.width() <= 0 || viewport.height() <= 0)
        return 1.0;
    const double whole = std::min(viewport.width() / drawing.width(), viewport.height() / drawing.height());
    if (whole >= kReadableScale)
        return std::min(whole, 1.0); // never blown up beyond its natural size
    // A long drawing shrunk to fit would be a line of pixels: it fills the width instead, down to
    // a readable size, and scrolls.
    return std::clamp(viewport.width() / drawing.width(), kReadableScale, 1.0);
}

void SvgView::fitToView()
{
    m_autoFit = true;
    if (!m_item)
        return;
    resetTransform();
    const double s = fittingScale(m_item->boundingRect().size(), viewport()->size());
    scale(s, s);
    ensureVisible(QRectF(m_item->boundingRect().topLeft(), QSizeF(1, 1)), 0, 0);
}

void SvgView::showWhole()
{
    m_autoFit = false;
    if (!m_item)
        return;
    fitInView(m_item, Qt::KeepAspectRatio);
}

double SvgView::currentScale() const
{
    return transform().m11();
}

void SvgView::zoomBy(double factor)
{
    m_autoFit = false; // the user's zoom stays when the view is resized
    scale(factor, factor);
}

void SvgView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fitToView(); // drawn while hidden (another tab), it fits once it has its real size
}

void SvgView::wheelEvent(QWheelEvent* event)
{
    if (!m_item)
        return;
    zoomBy(event->angleDelta().y() > 0 ? 1.15 : 1.0 / 1.15);
    event->accept();
}

bool SvgView::saveAs(const QString& path, QString* error) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_svg.isEmpty())
        return fail(tr("There is no drawing to save."));
    if (suffix == QLatin1String("png")) {
        const QSize size = m_renderer->defaultSize().isValid() ? m_renderer->defaultSize() * 2 : QSize(1600, 1200);
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        m_renderer->render(&painter);
        painter.end();
        if (!image.save(path, "PNG"))
            return fail(tr("Cannot write “%1”.").arg(path));
        return true;
    }
    QByteArray bytes = m_svg;
    if (suffix == QLatin1String("dot") || suffix == QLatin1String("gv")) {
        if (m_dot.isEmpty())
            return fail(tr("The DOT source of this drawing is not available."));
        bytes = m_dot;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return fail(tr("Cannot write “%1”: %2").arg(path, f.errorString()));
    return true;
}

void SvgView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Fit to View"), this, &SvgView::fitToView);
    menu.addAction(tr("Whole Drawing"), this, &SvgView::showWhole);
    menu.addAction(tr("Actual Size"), this, [this] {
        m_autoFit = false;
        resetTransform();
    });
    menu.addSeparator();
    auto saveWith = [this](const QString& suffix, const QString& filter) {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Save Drawing"), QStringLiteral("drawing.") + suffix, filter);
        QString err;
        if (!path.isEmpty() && !saveAs(path, &err))
            QMessageBox::warning(this, tr("Save Drawing"), err);
    };
    menu.addAction(tr("Save as SVG…"), this, [saveWith] { saveWith(QStringLiteral("svg"), tr("SVG images (*.svg)")); })
        ->setEnabled(!m_svg.isEmpty());
    menu.addAction(tr("Save as PNG…"), this, [saveWith] { saveWith(QStringLiteral("png"), tr("PNG images (*.png)")); })
        ->setEnabled(!m_svg.isEmpty());
    menu.addAction(
            tr("Save as DOT…"), this, [saveWith] { saveWith(QStringLiteral("dot"), tr("Graphviz DOT (*.dot *.gv)")); })
        ->setEnabled(!m_dot.isEmpty());
    menu.exec(event->globalPos());
}

} // namespace vantage::widgets
