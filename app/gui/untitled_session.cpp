#include "untitled_session.h"

#include "store/session.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

namespace vantage::gui {

namespace {

QString lockPath(const QString& session)
{
    return session + QStringLiteral(".lock");
}

void removeSessionFiles(const QString& path)
{
    for (const char* suffix : { "", "-wal", "-shm", "-journal" })
        QFile::remove(path + QLatin1String(suffix));
}

} // namespace

UntitledSession::UntitledSession(QString path, std::unique_ptr<QLockFile> lock)
    : m_path(std::move(path))
    , m_lock(std::move(lock))
{ }

UntitledSession::~UntitledSession() = default;

QString UntitledSession::folder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("unsaved"));
}

bool UntitledSession::isUntitled(const QString& path)
{
    return QFileInfo(path).absolutePath() == QFileInfo(folder()).absoluteFilePath();
}

std::unique_ptr<UntitledSession> UntitledSession::create()
{
    QDir().mkpath(folder());
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    for (int n = 0;; ++n) {
        const QString name = n == 0 ? QStringLiteral("untitled-%1.vantage").arg(stamp)
                                    : QStringLiteral("untitled-%1-%2.vantage").arg(stamp).arg(n);
        const QString path = QDir(folder()).filePath(name);
        if (QFileInfo::exists(path) || QFileInfo::exists(lockPath(path)))
            continue;
        auto lock = std::make_unique<QLockFile>(lockPath(path));
        lock->setStaleLockTime(0);
        if (!lock->tryLock(0))
            continue;
        store::Session::create(
            path.toStdString(), QCoreApplication::translate("UntitledSession", "Untitled").toStdString());
        return std::unique_ptr<UntitledSession>(new UntitledSession(path, std::move(lock)));
    }
}

std::unique_ptr<UntitledSession> UntitledSession::adopt(const QString& path)
{
    auto lock = std::make_unique<QLockFile>(lockPath(path));
    lock->setStaleLockTime(0); // a lock is stale only when its process is gone
    if (!lock->tryLock(0))
        return nullptr;
    return std::unique_ptr<UntitledSession>(new UntitledSession(path, std::move(lock)));
}

void UntitledSession::discard()
{
    removeSessionFiles(m_path);
    if (m_lock)
        m_lock->unlock();
    m_lock.reset();
}

QStringList UntitledSession::leftOver()
{
    QStringList found;
    const QFileInfoList files
        = QDir(folder()).entryInfoList({ QStringLiteral("untitled-*.vantage") }, QDir::Files, QDir::Time);
    for (const QFileInfo& f : files) {
        const auto held = adopt(f.absoluteFilePath());
        if (!held)
            continue; // a running Vantage has it open
        bool empty = false;
        try {
            empty = store::Session::open(f.absoluteFilePath().toStdString(), store::Session::Mode::ReadOnly)
                        .runs()
                        .empty();
        } catch (const std::exception&) {
            // Unreadable: offered anyway, so that opening it says what is wrong.
        }
        if (empty)
            held->discard();
        else
            found << f.absoluteFilePath();
    }
    return found;
}

} // namespace vantage::gui
