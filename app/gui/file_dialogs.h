#pragma once
// Save dialogs whose file name always carries the suffix of the chosen filter.

#include <QString>

class QWidget;

namespace vantage::gui {

// The suffix of a filter's first pattern: "HTML report (*.html)" -> "html"; empty for "(*)".
QString filterSuffix(const QString& filter);

// `path` with the suffix of `chosen` (one of `filters`, separated by ";;"): a suffix of another of
// the filters is replaced ("x.pdf" under "HTML (*.html)" -> "x.html"), any other is kept and the
// chosen one added ("run.2024" -> "run.2024.html"); a filter without a suffix keeps the path.
QString withFilterSuffix(const QString& path, const QString& chosen, const QString& filters);

// QFileDialog::getSaveFileName whose answer follows withFilterSuffix; *chosen gets the filter.
QString getSaveFileName(
    QWidget* parent, const QString& title, const QString& start, const QString& filters, QString* chosen = nullptr);

} // namespace vantage::gui
