#pragma once
// Shows an SVG document (a Graphviz drawing) with wheel zoom, drag to pan and fit-to-view.

#include <QGraphicsView>

class QGraphicsSvgItem;
class QSvgRenderer;

namespace vantage::widgets {

class SvgView : public QGraphicsView {
    Q_OBJECT
public:
    explicit SvgView(QWidget* parent = nullptr);

    // Returns false (and shows nothing) for data that is not a valid SVG.
    bool setSvg(const QByteArray& svg);
    void clear();
    QByteArray svg() const { return m_svg; }
    bool isEmpty() const { return m_svg.isEmpty(); }

public Q_SLOTS:
    void fitToView();
    void zoomBy(double factor);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QByteArray m_svg;
    QSvgRenderer* m_renderer;
    QGraphicsSvgItem* m_item = nullptr;
};

} // namespace vantage::widgets
