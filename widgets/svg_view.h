#pragma once
// Shows an SVG document (a Graphviz drawing) with wheel zoom, drag to pan and fit-to-view; saves it
// as SVG, as PNG, or as the DOT text it was drawn from when the owner gives it (setDot).

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
    // The Graphviz source of the drawing, offered as "Save as DOT" (empty: not offered).
    void setDot(const QByteArray& dot) { m_dot = dot; }
    QByteArray dot() const { return m_dot; }
    // By suffix: .svg the document, .png rendered at twice its size, .dot/.gv the source.
    // False with a message naming the path when there is nothing to write or it cannot be written.
    bool saveAs(const QString& path, QString* error = nullptr) const;

    // The scale fitToView uses: the whole drawing when that stays readable (never above its natural
    // size), else the viewport's width, never below kReadableScale.
    static constexpr double kReadableScale = 0.45;
    static double fittingScale(const QSizeF& drawing, const QSizeF& viewport);
    double currentScale() const;

public Q_SLOTS:
    void fitToView();
    void showWhole(); // all of it, however small
    void zoomBy(double factor);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QByteArray m_svg;
    QByteArray m_dot;
    bool m_autoFit = true; // until the user zooms
    QSvgRenderer* m_renderer;
    QGraphicsSvgItem* m_item = nullptr;
};

} // namespace vantage::widgets
