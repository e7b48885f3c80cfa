#pragma once
// Numbers as the window shows them: in the UI locale (QLocale()), so that a German window writes
// "1,061 s" beside "1.739.461", never the C locale's "1.061 s" that a German reader takes for a
// thousand seconds. Every number the GUI writes for people goes through here or QLocale().

#include <QString>

namespace vantage::gui {

// "850 µs", "12,5 ms", "1,061 s", "3 min 20 s": the units of core's formatSeconds, in the locale.
QString formatSeconds(double seconds);
// "512 B", "1,50 GiB" (binary units, two decimals).
QString formatBytes(double bytes);
// "1.739.461" in German, "1,739,461" in English.
QString formatCount(qint64 count);
// `decimals` digits after the separator; "–" for NaN and infinities.
QString formatNumber(double value, int decimals);
// At most `digits` significant digits ('g'), e.g. for ratios and values of any size.
QString formatSignificant(double value, int digits = 4);

// Core's English summaries ("BERT-Large x8: 17 strategies, fastest 1.061 s", "Recall@20 0.1234")
// carry C-formatted decimals; this rewrites each decimal that stands alone (after a space or a
// parenthesis, before a space, a unit letter "x", a comma, a parenthesis or the end) in the locale.
// Names such as "GPT-2 1.5B", versions ("1.13.1") and paths stay as they are.
QString localizeNumbers(const QString& text);

} // namespace vantage::gui
