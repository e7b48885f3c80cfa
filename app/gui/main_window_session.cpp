// The document side of the main window: opening, creating, closing and saving sessions, the
// untitled session that holds work done before a session is named, files dropped onto the window,
// and what is settled before the window closes.

#include "main_window.h"

#include "compare_view.h"
#include "demo_session.h"
#include "engine_page.h"
#include "file_dialogs.h"
#include "file_drop.h"
#include "pages.h"
#include "session_runs_model.h"
#include "store/session.h"
#include "untitled_session.h"
#include "welcome_page.h"

#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include <filesystem>

namespace vantage::gui {

namespace {

QString sessionFilter()
{
    return MainWindow::tr("Vantage sessions (*.vantage);;All files (*)");
}

bool noDialogs()
{
    return QGuiApplication::platformName() == QLatin1String("offscreen")
        && qEnvironmentVariableIsSet("VANTAGE_NO_DIALOGS");
}

} // namespace

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings.recentFiles();
    for (const QString& f : files) {
        auto* a = m_recentMenu->addAction(QDir::toNativeSeparators(f));
        connect(a, &QAction::triggered, this, [this, f] { openRecent(f); });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    auto* clear = m_recentMenu->addAction(tr("Clear List"), this, [this] {
        m_settings.clearRecentFiles();
        rebuildRecentMenu();
    });
    clear->setEnabled(!files.isEmpty());
    m_welcome->setRecentFiles(files, m_leftOver);
}

void MainWindow::openRecent(const QString& path)
{
    if (!QFileInfo::exists(path)) {
        showError(tr("Open Recent"), tr("“%1” no longer exists; it is removed from the list.").arg(path));
        m_settings.removeRecentFile(path);
        m_leftOver.removeAll(path);
        rebuildRecentMenu();
        return;
    }
    openSession(path);
}

void MainWindow::setSessionInternal(std::unique_ptr<store::Session> session, std::unique_ptr<UntitledSession> untitled)
{
    // The untitled session left here was settled by the caller (saved, discarded, or empty).
    auto leftUntitled = std::move(m_untitled);
    // Everyone lets go of the old session before it is closed.
    for (auto* p : m_pages)
        p->setSession(nullptr);
    m_welcome->setSession(nullptr);
    m_runsModel->setSession(nullptr);
    m_undo->clear(); // its commands refer to the old session
    for (auto* view : m_compareTabs) { // comparisons show the old session's runs
        m_tabs->removeTab(m_tabs->indexOf(view));
        view->deleteLater();
    }
    m_compareTabs.clear();
    m_session = std::move(session);
    if (leftUntitled && (!untitled || untitled->path() != leftUntitled->path()))
        leftUntitled->discard();
    m_untitled = std::move(untitled);
    if (m_untitled)
        m_leftOver.removeAll(m_untitled->path());
    m_welcome->setSession(m_session.get(), m_untitled != nullptr);
    m_runsModel->setSession(m_session.get());
    for (auto* p : m_pages)
        p->setSession(m_session.get());
    // Each page opens on its engine's latest finished run, as it was left.
    if (m_session) {
        try {
            const auto runs = m_session->runs();
            for (auto* p : m_pages) {
                if (!p->liveWork().isEmpty())
                    continue; // it has taken up a job that trains on: that is what it shows
                const store::Engine engine = enumFromName<store::Engine>(p->engineId().toStdString());
                for (auto it = runs.rbegin(); it != runs.rend(); ++it)
                    if (it->engine == engine && it->status == store::RunStatus::Done) {
                        p->showRun(it->id);
                        break;
                    }
            }
        } catch (const std::exception& e) {
            statusBar()->showMessage(tr("Cannot read runs: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    m_saveAsAction->setEnabled(m_session != nullptr);
    m_exportAction->setEnabled(m_session != nullptr);
    m_closeAction->setEnabled(m_session != nullptr);
    if (m_updateRunActions)
        m_updateRunActions();
    if (m_session && !m_untitled)
        m_settings.addRecentFile(QString::fromStdString(m_session->path().string()));
    rebuildRecentMenu();
    updateTitle();
}

// A session switch waits for no page that only restores a stored run's view: those tasks are
// cancelled. False while a page records a run (the user's own work).
bool MainWindow::letGoOfRestoring()
{
    for (auto* p : m_pages)
        if (p->isRecording())
            return false;
    for (auto* p : m_pages)
        p->dropRestoring();
    return true;
}

bool MainWindow::openSession(const QString& path, bool quiet)
{
    if (m_untitled && QFileInfo(path).absoluteFilePath() == QFileInfo(m_untitled->path()).absoluteFilePath())
        return true;
    if (!settleUntitled(tr("Open Session"))) {
        m_lastError = tr("The untitled session stays open.");
        return false;
    }
    return openSessionFile(path, quiet);
}

bool MainWindow::openSessionFile(const QString& path, bool quiet)
{
    if (m_reportWatcher)
        m_reportWatcher->waitForFinished();
    if (!letGoOfRestoring()) {
        m_lastError = tr("Finish or cancel the running task before switching sessions.");
        if (!quiet)
            showError(tr("Open Session"), m_lastError);
        return false;
    }
    try {
        // A session someone else owns (no write permission) is read, not written: a writer would be
        // refused, and a reader leaves nothing behind that locks the owner out.
        const bool readOnly = !QFileInfo(path).isWritable() || !QFileInfo(QFileInfo(path).absolutePath()).isWritable();
        auto s = std::make_unique<store::Session>(store::Session::open(
            path.toStdString(), readOnly ? store::Session::Mode::ReadOnly : store::Session::Mode::ReadWrite));
        // An untitled session left by an earlier start is taken over (and stays untitled).
        std::unique_ptr<UntitledSession> untitled;
        if (UntitledSession::isUntitled(path) && !(untitled = UntitledSession::adopt(path)))
            throw std::runtime_error(tr("Another Vantage window has this untitled session open.").toStdString());
        const auto recovered = s->recoveredRuns().size();
        const auto backup = s->migrationBackup();
        setSessionInternal(std::move(s), std::move(untitled));
        if (readOnly)
            statusBar()->showMessage(tr("Opened read-only: you may not write this session file."), 10000);
        else if (recovered > 0)
            statusBar()->showMessage(
                tr("%n run(s) had been interrupted and are now marked failed.", nullptr, static_cast<int>(recovered)),
                10000);
        else if (backup)
            statusBar()->showMessage(
                tr("Session upgraded; the old file was kept as %1").arg(QString::fromStdString(backup->string())),
                10000);
        m_lastError.clear();
        return true;
    } catch (const std::exception& e) {
        m_lastError = QString::fromUtf8(e.what());
        if (!quiet)
            showError(tr("Open Session"), tr("Cannot open the session.\n\n%1").arg(m_lastError));
        return false;
    }
}

bool MainWindow::createSession(const QString& path)
{
    if (!settleUntitled(tr("New Session")))
        return false;
    try {
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw std::runtime_error(tr("Cannot replace “%1”.").arg(path).toStdString());
        auto s = std::make_unique<store::Session>(
            store::Session::create(path.toStdString(), QFileInfo(path).completeBaseName().toStdString()));
        setSessionInternal(std::move(s));
        return true;
    } catch (const std::exception& e) {
        m_lastError = QString::fromUtf8(e.what());
        showError(tr("New Session"), tr("Cannot create the session.\n\n%1").arg(m_lastError));
        return false;
    }
}

bool MainWindow::ensureSession()
{
    if (m_session)
        return true;
    try {
        auto untitled = UntitledSession::create();
        auto s = std::make_unique<store::Session>(store::Session::open(untitled->path().toStdString()));
        setSessionInternal(std::move(s), std::move(untitled));
        statusBar()->showMessage(tr("Runs go into an untitled session until you save it (File › Save As)."), 10000);
        return true;
    } catch (const std::exception& e) {
        statusBar()->showMessage(tr("Cannot create an untitled session: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

bool MainWindow::isUntitled() const
{
    return m_untitled != nullptr;
}

void MainWindow::closeSession()
{
    if (m_reportWatcher)
        m_reportWatcher->waitForFinished();
    if (!letGoOfRestoring()) {
        showError(tr("Close Session"), tr("Finish or cancel the running task first."));
        return;
    }
    if (!settleUntitled(tr("Close Session")))
        return;
    setSessionInternal(nullptr);
    m_tabs->setCurrentWidget(m_welcome); // where to go next
}

void MainWindow::newSession()
{
    const QString path = getSaveFileName(
        this, tr("New Session"), QDir(m_settings.sessionFolder()).filePath(tr("Untitled.vantage")), sessionFilter());
    if (path.isEmpty())
        return;
    createSession(path);
}

void MainWindow::openSessionDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open Session"), m_settings.sessionFolder(), sessionFilter());
    if (!path.isEmpty())
        openSession(path);
}

// Writes the open session to `path` (not the file it is); an untitled one takes the file's name
// as its title. False with a message shown on error.
bool MainWindow::writeSessionCopy(const QString& path)
{
    try {
        if (QFileInfo(path).absoluteFilePath()
            == QString::fromStdString(std::filesystem::absolute(m_session->path()).string()))
            return true; // the session is always saved; saving onto itself changes nothing
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw std::runtime_error(tr("Cannot replace “%1”.").arg(path).toStdString());
        m_session->saveCopy(path.toStdString());
        if (m_untitled)
            store::Session::open(path.toStdString()).setMeta("title", QFileInfo(path).completeBaseName().toStdString());
        m_settings.addRecentFile(path);
        return true;
    } catch (const std::exception& e) {
        showError(tr("Save Session As"), tr("Cannot save the session.\n\n%1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void MainWindow::saveSessionAs()
{
    if (!m_session)
        return;
    // A run being recorded would be copied half-way (and read as interrupted in the copy).
    for (auto* p : m_pages)
        if (p->isRecording()) {
            showError(tr("Save Session As"), tr("Finish or cancel the running task first."));
            return;
        }
    const QString path = getSaveFileName(this, tr("Save Session As"),
        QDir(m_settings.sessionFolder()).filePath(m_untitled ? tr("Untitled.vantage") : QString()), sessionFilter());
    if (path.isEmpty() || !writeSessionCopy(path))
        return;
    // The copy holds the same runs under the same ids: the pages show them again from the copy
    // without loading their data again (a page reuses what it holds when a run's inputs match).
    if (openSessionFile(path))
        statusBar()->showMessage(tr("Saved as %1").arg(QDir::toNativeSeparators(path)), 10000);
}

// Before the untitled session is left (quit, another session, close): its runs are saved into a
// file or discarded, as the user says. False: the user would rather stay.
bool MainWindow::settleUntitled(const QString& title)
{
    if (!m_untitled || !m_session)
        return true;
    std::size_t runs = 0;
    try {
        runs = m_session->runs().size();
    } catch (const std::exception&) { }
    if (runs == 0 || noDialogs())
        return true;
    QMessageBox box(QMessageBox::Question, title,
        tr("The untitled session holds %n run(s) that are in no saved session file.", nullptr, static_cast<int>(runs)),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("unsavedQuestion"));
    box.setInformativeText(tr("Save them in a session file, or discard them?"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save: {
        const QString path = getSaveFileName(this, tr("Save Session As"),
            QDir(m_settings.sessionFolder()).filePath(tr("Untitled.vantage")), sessionFilter());
        return !path.isEmpty() && writeSessionCopy(path);
    }
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool MainWindow::openDemoSession()
{
    bool created = false;
    QString path;
    try {
        path = ensureDemoSession(&created);
    } catch (const std::exception& e) {
        showError(
            tr("Open Demo Session"), tr("Cannot create the demo session.\n\n%1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    if (!openSession(path))
        return false;
    // A new demo session is filled once, run after run, with the window already up.
    if (created)
        startDemoRuns(*this);
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QStringList accepted = droppableSuffixes();
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && accepted.contains(QFileInfo(url.toLocalFile()).suffix().toLower())) {
            event->acceptProposedAction();
            return;
        }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList files;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            files << url.toLocalFile();
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    // After the drop has ended: opening may ask questions (a modal loop inside a drop is refused
    // on some platforms).
    QTimer::singleShot(0, this, [this, files] { openFiles(files); });
}

void MainWindow::openFiles(const QStringList& files)
{
    QStringList messages;
    for (const QString& f : files) {
        QString message;
        if (!openDroppedFile(*this, f, &message) && !message.isEmpty())
            messages << message;
    }
    if (!messages.isEmpty())
        statusBar()->showMessage(messages.join(QLatin1Char(' ')), 15000);
}

// Work that outlives the window (an elastic job) is let go on or stopped, as the user says; the
// run record ends true either way. False: the user would rather not close.
bool MainWindow::settleLiveWork()
{
    QStringList live;
    for (auto* p : m_pages)
        if (const QString w = p->liveWork(); !w.isEmpty())
            live << w;
    if (live.isEmpty())
        return true;
    bool stop = false;
    if (!(QGuiApplication::platformName() == QLatin1String("offscreen")
            && qEnvironmentVariableIsSet("VANTAGE_NO_DIALOGS"))) {
        QMessageBox box(
            QMessageBox::Question, tr("Quit Vantage"), live.join(QLatin1Char('\n')), QMessageBox::NoButton, this);
        box.setObjectName(QStringLiteral("liveWorkQuestion"));
        box.setInformativeText(tr("Detach: the job goes on, and is attached again when this session is next "
                                  "opened.\nStop: the workers save and leave, and the run is recorded."));
        QPushButton* detach = box.addButton(tr("Detach"), QMessageBox::AcceptRole);
        QPushButton* stopButton = box.addButton(tr("Stop the Job"), QMessageBox::DestructiveRole);
        box.addButton(QMessageBox::Cancel);
        box.setDefaultButton(detach);
        box.exec();
        if (box.clickedButton() != detach && box.clickedButton() != stopButton)
            return false;
        stop = box.clickedButton() == stopButton;
    }
    for (auto* p : m_pages) {
        if (p->liveWork().isEmpty())
            continue;
        if (stop) {
            statusBar()->showMessage(tr("Stopping the job…"));
            if (!p->stopLiveWork(60000)) {
                // Still stopping: it is recorded from its report the next time the session opens.
                statusBar()->showMessage(tr("The job is still stopping; it is recorded when the session opens next."));
                p->detachLiveWork();
            }
        } else {
            p->detachLiveWork();
        }
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!settleLiveWork()) {
        event->ignore();
        return;
    }
    bool busy = false;
    for (auto* p : m_pages)
        busy = busy || p->isRecording(); // restoring a stored run's view is nobody's work to lose
    if (busy) {
        if (QMessageBox::question(this, tr("Quit Vantage"), tr("A task is still running. Cancel it and quit?"))
            != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        // Each page's TaskRunner cancels and waits in its destructor; the run is stored as cancelled.
        for (auto* p : m_pages)
            p->cancelTask();
    }
    if (!settleUntitled(tr("Quit Vantage"))) {
        event->ignore();
        return;
    }
    m_untitledSettled = true;
    m_settings.setWindow(saveGeometry(), saveState());
    event->accept();
}

} // namespace vantage::gui
