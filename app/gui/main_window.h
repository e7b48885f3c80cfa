#pragma once
// The application window: the document (one session file) and its menus, the session browser
// dock, one tab per engine page, and the progress area. It wires pages to the session; it holds
// no engine logic.

#include "app_settings.h"

#include <QFutureWatcher>
#include <QMainWindow>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QDockWidget;
class QMenu;
class QTabWidget;
class QUndoStack;

namespace vantage::store {
class Session;
}
namespace vantage::widgets {
class ProgressArea;
}

namespace vantage::gui {

class CompareView;
class EnginePage;
class UntitledSession;
class SessionBrowser;
class SessionRunsModel;
class WelcomePage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(AppSettings& settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    void addPage(EnginePage* page);
    const std::vector<EnginePage*>& pages() const { return m_pages; }

    // Opens `path` as the current session; false (and a message box unless quiet) on error.
    bool openSession(const QString& path, bool quiet = false);
    bool createSession(const QString& path);
    void closeSession();
    // Gives the pages a session to record into: an untitled one when none is open (switching to
    // an engine's tab does this). False when none could be made.
    bool ensureSession();
    bool isUntitled() const; // the open session has no file name yet (see UntitledSession)
    // Opens each file where its engine reads it (see file_drop.h), as dropping them does.
    void openFiles(const QStringList& files);

    store::Session* session() const { return m_session.get(); }
    SessionRunsModel* runsModel() const { return m_runsModel; }
    SessionBrowser* sessionBrowser() const { return m_browser; }
    QTabWidget* tabs() const { return m_tabs; }
    widgets::ProgressArea* progressArea() const { return m_progress; }
    QString lastError() const { return m_lastError; }
    QUndoStack* undoStack() const { return m_undo; }

    // Undoable edits of the open session's runs (the Edit menu and the browser's context menu).
    void renameRun(qint64 runId, const QString& name);
    void setRunTags(qint64 runId, const QStringList& tags);
    void deleteRuns(const std::vector<qint64>& runIds);
    // Opens a comparison tab for runs of one engine; nullptr (and a message) otherwise.
    CompareView* compareRuns(const std::vector<qint64>& runIds);
    // Writes the report of `runIds` (all runs when empty) off the GUI thread; HTML, PDF or a CSV
    // folder by the path's suffix. reportExported() tells when it is done.
    // Help > Open Demo Session: the demo session, filled with a run of every engine when new.
    bool openDemoSession();
    // A report of `runIds` (all when empty) titled `title` (empty: the session's), off the GUI thread.
    bool exportReportTo(const QString& path, const std::vector<qint64>& runIds, const QString& title = {});

public Q_SLOTS:
    void newSession();
    void openSessionDialog();
    void saveSessionAs();
    void exportReportDialog();
    void showSettings();
    void showAbout();
    void showRun(qint64 runId, const QString& engine);
    void renameRunDialog(qint64 runId);
    void tagRunDialog(qint64 runId);

Q_SIGNALS:
    void reportExported(const QString& path, bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool settleLiveWork();
    bool settleUntitled(const QString& title);
    bool letGoOfRestoring();

private:
    void createActions();
    std::function<void()> m_updateRunActions;
    void rebuildRecentMenu();
    void openRecent(const QString& path);
    bool openSessionFile(const QString& path, bool quiet = false);
    bool writeSessionCopy(const QString& path);
    void setSessionInternal(
        std::unique_ptr<store::Session> session, std::unique_ptr<UntitledSession> untitled = nullptr);
    void updateTitle();
    void showError(const QString& title, const QString& message);

    AppSettings& m_settings;
    std::unique_ptr<store::Session> m_session;
    std::unique_ptr<UntitledSession> m_untitled; // set while m_session is an untitled one
    bool m_untitledSettled = false; // the user answered for it on closing: it goes with the window
    QStringList m_leftOver; // untitled sessions an earlier start left behind
    SessionRunsModel* m_runsModel;
    SessionBrowser* m_browser;
    QDockWidget* m_browserDock;
    bool m_dockSized = false; // the browser's width was set for the window's first size (or restored)
    QTabWidget* m_tabs;
    WelcomePage* m_welcome;
    widgets::ProgressArea* m_progress;
    std::vector<EnginePage*> m_pages;
    QMenu* m_recentMenu = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_exportAction = nullptr;
    QString m_lastError;
    QUndoStack* m_undo;
    std::vector<CompareView*> m_compareTabs;
    QFutureWatcher<QString>* m_reportWatcher = nullptr;
};

} // namespace vantage::gui
