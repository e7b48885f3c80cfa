#include "demo_session.h"

#include "store/session.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace vantage::gui {

QString ensureDemoSession(bool* created)
{
    if (created)
        *created = false;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("demo.vantage"));
    if (QFileInfo::exists(path))
        return path;
    store::Session::create(path.toStdString(), "Demo session");
    if (created)
        *created = true;
    return path;
}

} // namespace vantage::gui
