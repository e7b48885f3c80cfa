#include "table_helpers.h"

#include "number_format.h"

#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

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

QWidget* titledPane(const QString& title, QWidget* content, QWidget* parent)
{
    auto* pane = new QWidget(parent);
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    auto* label = new QLabel(title, pane);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    label->setWordWrap(true);
    layout->addWidget(label);
    layout->addWidget(content, 1);
    return pane;
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
    return textCell(formatNumber(value, decimals), true);
}

} // namespace vantage::gui
