#include "app_settings.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace vantage::gui {

QString AppSettings::language() const
{
    return QSettings().value(QStringLiteral("ui/language")).toString();
}

void AppSettings::setLanguage(const QString& language)
{
    QSettings().setValue(QStringLiteral("ui/language"), language);
}

QStringList AppSettings::availableLanguages()
{
    return { QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN") };
}

QString AppSettings::sessionFolder() const
{
    // The folder set in Settings while it exists, else Documents where there is one, else home.
    const QString set = QSettings().value(QStringLiteral("sessions/folder")).toString();
    if (!set.isEmpty() && QDir(set).exists())
        return set;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QDir(documents).exists() ? documents : QDir::homePath();
}

void AppSettings::setSessionFolder(const QString& folder)
{
    QSettings().setValue(QStringLiteral("sessions/folder"), folder);
}

QStringList AppSettings::recentFiles() const
{
    return QSettings().value(QStringLiteral("sessions/recent")).toStringList();
}

void AppSettings::addRecentFile(const QString& path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(abs);
    files.prepend(abs);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QStringLiteral("sessions/recent"), files);
}

void AppSettings::removeRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(QStringLiteral("sessions/recent"), files);
}

void AppSettings::clearRecentFiles()
{
    QSettings().remove(QStringLiteral("sessions/recent"));
}

QByteArray AppSettings::windowGeometry() const
{
    return QSettings().value(QStringLiteral("window/geometry")).toByteArray();
}

QByteArray AppSettings::windowState() const
{
    return QSettings().value(QStringLiteral("window/state")).toByteArray();
}

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), geometry);
    s.setValue(QStringLiteral("window/state"), state);
}

} // namespace vantage::gui
