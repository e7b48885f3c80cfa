#pragma once
// The window's language: Vantage's own catalogue (compiled in, :/i18n) and Qt's for its dialogs'
// buttons, for a locale name ("de", "zh_CN"; empty: the system's).

#include <QString>

#include <vector>

class QTranslator;

namespace vantage::gui {

// Installs both catalogues on the application and makes the locale the default one. Returns what
// was installed (owned by the application), for removeTranslators().
std::vector<QTranslator*> installTranslators(const QString& language);
void removeTranslators(const std::vector<QTranslator*>& installed);

} // namespace vantage::gui
