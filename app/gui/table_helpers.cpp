#include "table_helpers.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>

#include <cmath>

namespace vantage::gui {

QTableView* makeTable(QStandardItemModel* model, QWidget* parent, const QString& objectName)
{
    auto* view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

QStandardItem* textCell(const QString& text, bool right)
{
    auto* item = new QStandardItem(text);
    if (right)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QStandardItem* numberCell(double value, int decimals)
{
    return textCell(std::isfinite(value) ? QString::number(value, 'f', decimals) : QStringLiteral("–"), true);
}

} // namespace vantage::gui
