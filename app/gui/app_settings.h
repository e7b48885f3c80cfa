#pragma once
// Typed access to the user's settings (QSettings): language, default session folder, recent files,
// window state. One object, passed to whoever needs it; no global.

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace vantage::gui {

class AppSettings {
public:
    // "" = follow the system, otherwise a locale name such as "de" or "zh_CN".
    QString language() const;
    void setLanguage(const QString& language);
    static QStringList availableLanguages(); // locale names with a translation, "en" first

    QString sessionFolder() const; // default folder of session dialogs
    void setSessionFolder(const QString& folder);

    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    void removeRecentFile(const QString& path);
    void clearRecentFiles();
    static constexpr int kMaxRecentFiles = 10;

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindow(const QByteArray& geometry, const QByteArray& state);
};

} // namespace vantage::gui
