#include "file_dialogs.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

namespace vantage::gui {

QString filterSuffix(const QString& filter)
{
    static const QRegularExpression pattern(QStringLiteral("\\*\\.([A-Za-z0-9_.-]+)"));
    const auto m = pattern.match(filter);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString withFilterSuffix(const QString& path, const QString& chosen, const QString& filters)
{
    const QString want = filterSuffix(chosen);
    if (want.isEmpty() || path.isEmpty())
        return path;
    const QFileInfo info(path);
    const QString name = info.fileName();
    if (name.endsWith(QLatin1Char('.') + want, Qt::CaseInsensitive))
        return path;
    for (const QString& f : filters.split(QStringLiteral(";;"), Qt::SkipEmptyParts)) {
        const QString other = filterSuffix(f);
        if (!other.isEmpty() && name.endsWith(QLatin1Char('.') + other, Qt::CaseInsensitive)
            && name.size() > other.size() + 1)
            return path.left(path.size() - other.size()) + want;
    }
    return path + QLatin1Char('.') + want;
}

QString getSaveFileName(
    QWidget* parent, const QString& title, const QString& start, const QString& filters, QString* chosen)
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(parent, title, start, filters, &filter);
    if (chosen)
        *chosen = filter;
    if (path.isEmpty())
        return path;
    return withFilterSuffix(path, filter.isEmpty() ? filters.section(QStringLiteral(";;"), 0, 0) : filter, filters);
}

} // namespace vantage::gui
