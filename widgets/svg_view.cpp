#include "svg_view.h"

#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QGraphicsSvgItem>
#include <QMenu>
#include <QSvgRenderer>
#include <QWheelEvent>

namespace vantage::widgets {

SvgView::SvgView(QWidget* parent) : QGraphicsView(parent), m_renderer(new QSvgRenderer(this))
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
    resetTransform();
}

void SvgView::fitToView()
{
    if (!m_item)
        return;
    fitInView(m_item, Qt::KeepAspectRatio);
    // Never blow a small drawing up beyond its natural size.
    if (transform().m11() > 1.0)
        resetTransform();
}

void SvgView::zoomBy(double factor)
{
    scale(factor, factor);
}

void SvgView::wheelEvent(QWheelEvent* event)
{
    if (!m_item)
        return;
    zoomBy(event->angleDelta().y() > 0 ? 1.15 : 1.0 / 1.15);
    event->accept();
}

void SvgView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Fit to View"), this, &SvgView::fitToView);
    menu.addAction(tr("Actual Size"), this, [this] { resetTransform(); });
    auto* save = menu.addAction(tr("Save as SVG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save Drawing"), QStringLiteral("graph.svg"),
                                                          tr("SVG images (*.svg)"));
        if (path.isEmpty())
            return;
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(m_svg);
    });
    save->setEnabled(!m_svg.isEmpty());
    menu.exec(event->globalPos());
}

} // namespace vantage::widgets
