#include "adaptive_splitter.h"

#include <QResizeEvent>

#include <algorithm>

namespace vantage::widgets {

namespace {

int leastWidth(const QWidget* w)
{
    return std::max(w->minimumSizeHint().width(), w->minimumWidth());
}

} // namespace

AdaptiveSplitter::AdaptiveSplitter(QWidget* parent)
    : QSplitter(Qt::Horizontal, parent)
{
    setChildrenCollapsible(false);
}

int AdaptiveSplitter::sideBySideWidth() const
{
    int width = 0;
    int shown = 0;
    for (int i = 0; i < count(); ++i) {
        const QWidget* pane = widget(i);
        if (pane->isHidden())
            continue;
        width += leastWidth(pane);
        ++shown;
    }
    return width + std::max(shown - 1, 0) * handleWidth();
}

QSize AdaptiveSplitter::minimumSizeHint() const
{
    // The width stacked (the widest pane), whatever the orientation now: the width never depends on
    // the orientation it chooses, so a scroll area around it never scrolls sideways for it.
    int width = 0;
    for (int i = 0; i < count(); ++i)
        if (!widget(i)->isHidden())
            width = std::max(width, leastWidth(widget(i)));
    const QMargins m = contentsMargins();
    return { width + m.left() + m.right(), QSplitter::minimumSizeHint().height() };
}

void AdaptiveSplitter::adapt(int width)
{
    const Qt::Orientation wanted = width >= sideBySideWidth() ? Qt::Horizontal : Qt::Vertical;
    if (wanted != orientation())
        setOrientation(wanted);
}

void AdaptiveSplitter::resizeEvent(QResizeEvent* event)
{
    adapt(event->size().width());
    QSplitter::resizeEvent(event);
}

} // namespace vantage::widgets
