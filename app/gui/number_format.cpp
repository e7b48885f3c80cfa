#include "number_format.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace vantage::gui {

QString formatSeconds(double s)
{
    const QLocale l;
    const double a = std::abs(s);
    if (!std::isfinite(s))
        return QStringLiteral("–");
    if (a == 0.0)
        return QStringLiteral("0 s");
    if (a < 1e-3)
        return QStringLiteral("%1 µs").arg(l.toString(s * 1e6, 'f', 1));
    if (a < 1.0)
        return QStringLiteral("%1 ms").arg(l.toString(s * 1e3, 'f', 2));
    if (a < 120.0)
        return QStringLiteral("%1 s").arg(l.toString(s, 'f', 3));
    const auto minutes = static_cast<long long>(s / 60.0);
    return QStringLiteral("%1 min %2 s")
        .arg(l.toString(minutes))
        .arg(l.toString(s - 60.0 * static_cast<double>(minutes), 'f', 0));
}

QString formatBytes(double bytes)
{
    if (!std::isfinite(bytes))
        return QStringLiteral("–");
    return QLocale().formattedDataSize(static_cast<qint64>(std::llround(bytes)), 2, QLocale::DataSizeIecFormat);
}

QString formatCount(qint64 count)
{
    return QLocale().toString(count);
}

QString formatNumber(double value, int decimals)
{
    return std::isfinite(value) ? QLocale().toString(value, 'f', decimals) : QStringLiteral("–");
}

QString formatSignificant(double value, int digits)
{
    return std::isfinite(value) ? QLocale().toString(value, 'g', digits) : QStringLiteral("–");
}

QString localizeNumbers(const QString& text)
{
    const QLocale l;
    if (l.decimalPoint() == QLatin1String(".") && l.groupSeparator() == QLatin1String(","))
        return text; // the C locale's marks already (English, Chinese)
    // A decimal that stands alone: not glued to a word, a path or another number before it, and
    // followed by a space, "x" (a ratio), a percent sign, punctuation or the end.
    static const QRegularExpression decimal(QStringLiteral(R"((?<![\w.\-/:@])(\d+)\.(\d+)(?=$|[\s,;)%]|x(?!\w)))"));
    QString out;
    qsizetype at = 0;
    for (auto it = decimal.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(at, m.capturedStart() - at);
        out += l.toString(m.captured(1).toLongLong()) + l.decimalPoint() + m.captured(2);
        at = m.capturedEnd();
    }
    out += text.mid(at);
    return out;
}

} // namespace vantage::gui
