#pragma once
// Work done before the user names a session goes into an untitled one: a session file in the
// user's data folder ("unsaved/"), locked by the process that has it open. Saving it is a Save As;
// leaving it (quit, open another session) asks Save / Discard / Cancel when it holds runs; a crash
// leaves it behind, and the welcome page offers it at the next start.

#include <QString>
#include <QStringList>

#include <memory>

class QLockFile;

namespace vantage::gui {

class UntitledSession {
public:
    // Creates a new untitled session file, locked by this process. Throws vantage::Error.
    static std::unique_ptr<UntitledSession> create();
    // Takes over one left behind (see leftOver()); nullptr when another process holds it.
    static std::unique_ptr<UntitledSession> adopt(const QString& path);
    ~UntitledSession(); // unlocks; the file stays (discard() removes it)

    QString path() const { return m_path; }
    // Removes the session file, its journal files and the lock. Call after the session is closed.
    void discard();

    static QString folder();
    static bool isUntitled(const QString& path); // inside folder()
    // Untitled sessions no running process holds (left by a crash), newest first. Those without
    // runs are removed on the way.
    static QStringList leftOver();

private:
    UntitledSession(QString path, std::unique_ptr<QLockFile> lock);
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace vantage::gui
