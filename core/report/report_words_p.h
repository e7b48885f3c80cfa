#pragma once
// The phrases of a report in its reader's language. Classes that write phrases derive from Words
// and name their context with Q_DECLARE_TR_FUNCTIONS(vantage::report), which lupdate reads (core has
// no Qt: the macro is empty here), so that their tr("...") calls land in the .ts files.

#include "report/report_language.h"

#include <string>
#include <vector>

#ifndef Q_DECLARE_TR_FUNCTIONS
#define Q_DECLARE_TR_FUNCTIONS(context)
#endif

namespace vantage::report::detail {

struct Words {
    const ReportLanguage& language;

    std::string tr(const char* source, const char* disambiguation = nullptr, int n = -1) const
    {
        return language.translate("vantage::report", source, disambiguation, n);
    }
    static std::string arg(std::string_view text, const std::vector<std::string>& args)
    {
        return ReportLanguage::arg(text, args);
    }
};

} // namespace vantage::report::detail
