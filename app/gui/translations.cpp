#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace vantage::gui {

std::vector<QTranslator*> installTranslators(const QString& language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    std::vector<QTranslator*> installed;
    auto add = [&](const QString& name, const QString& folder) {
        auto* t = new QTranslator(QCoreApplication::instance());
        if (t->load(locale, name, QStringLiteral("_"), folder) && QCoreApplication::installTranslator(t))
            installed.push_back(t);
        else
            delete t;
    };
    add(QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    const std::size_t before = installed.size();
    add(QStringLiteral("vantage"), QStringLiteral(":/i18n"));
    // A language Vantage has no catalogue for (or the C locale of a bare system) reads English,
    // with English plural forms ("1 run", "2 runs"; the source texts say "%n run(s)").
    if (installed.size() == before) {
        auto* t = new QTranslator(QCoreApplication::instance());
        if (t->load(QStringLiteral(":/i18n/vantage_en")) && QCoreApplication::installTranslator(t))
            installed.push_back(t);
        else
            delete t;
    }
    return installed;
}

void removeTranslators(const std::vector<QTranslator*>& installed)
{
    for (auto* t : installed) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    QLocale::setDefault(QLocale::c());
}

} // namespace vantage::gui
