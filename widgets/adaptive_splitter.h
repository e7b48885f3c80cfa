#pragma once
// A splitter that lays its panes side by side where the room allows and stacks them where it does
// not, so that two charts side by side do not set the page's least width (the room a 1024-pixel
// window leaves, a long translation): asked for its least width, it answers the widest pane's, and
// each resize picks the orientation that the width allows.

#include <QSplitter>

namespace vantage::widgets {

class AdaptiveSplitter : public QSplitter {
    Q_OBJECT
public:
    explicit AdaptiveSplitter(QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;

    // The width the panes need side by side: their least widths and the handles between them.
    int sideBySideWidth() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void adapt(int width);
};

} // namespace vantage::widgets
