#pragma once
// The words and numbers of a report in its reader's language. Core has no Qt, so the phrases are
// written as calls of `translate("vantage::report", source)` (lupdate reads core/report too, see
// translations/CMakeLists.txt) and the GUI hands in Qt's translator and its locale's separators;
// the CLI leaves both empty and writes English with C-locale numbers.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::report {

class ReportLanguage {
public:
    // (context, source, n) -> text; n is -1 unless the source has a %n plural. Empty: English.
    using Translator = std::function<std::string(const char* context, const char* source, int n)>;

    Translator translator;
    std::string decimalPoint = "."; // "," in German
    std::string groupSeparator; // between thousands ("." in German, "," in English); empty: none

    // The signature of QCoreApplication::translate, so that lupdate finds every phrase. Without a
    // translator, "%n" becomes n and "(s)" an English plural ending.
    std::string translate(
        const char* context, const char* source, const char* disambiguation = nullptr, int n = -1) const;

    // Qt's "%1", "%2", ... replaced by `args` in one pass (an argument that holds "%2" stays as it is).
    static std::string arg(std::string_view text, const std::vector<std::string>& args);

    // C-locale number text ("-12345.678 ms", "1.2e-5") with this locale's separators; only the
    // first number of the text changes, so units and words stay.
    std::string localise(std::string_view cText) const;

    std::string number(double value) const; // formatNumber, localised
    std::string fixed(double value, int decimals) const; // "0.0253" with four decimals
    std::string integer(double value) const; // "2,098"
    std::string seconds(double seconds) const; // formatSeconds, localised
    std::string milliseconds(double seconds) const; // "32.36 ms" always in ms, for tables of one unit
    std::string bytes(double bytes) const; // formatBytes, localised
    std::string percent(double fraction) const; // 0.253 -> "25.3 %"
};

} // namespace vantage::report
