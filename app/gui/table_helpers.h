#pragma once
// Small helpers the engine pages share for their read-only result tables.

#include <QString>

class QStandardItem;
class QStandardItemModel;
class QTableView;
class QWidget;

namespace vantage::gui {

// A read-only table over `model`: alternating rows, no row numbers, the last column stretched.
QTableView* makeTable(QStandardItemModel* model, QWidget* parent, const QString& objectName);

// `content` under a bold title that wraps: a pane as narrow as its content allows, in any language
// (a group box is at least as wide as its title).
QWidget* titledPane(const QString& title, QWidget* content, QWidget* parent);

// A text cell; `right` aligns it as a number.
QStandardItem* textCell(const QString& text, bool right = false);

// A right-aligned number with `decimals` after the point; "–" for NaN and infinities.
QStandardItem* numberCell(double value, int decimals = 4);

} // namespace vantage::gui
