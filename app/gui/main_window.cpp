#include "main_window.h"

#include "demo_session.h"
#include "file_dialogs.h"
#include "pages.h"
#include "report_dialog.h"

#include "common/devices.h"
#include "common/version.h"
#include "compare_view.h"
#include "engine_page.h"
#include "report_pdf.h"
#include "run_commands.h"
#include "session_browser.h"
#include "session_runs_model.h"
#include "settings_dialog.h"
#include "store/session.h"
#include "welcome_page.h"
#include "widgets/progress_area.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

namespace vantage::gui {

namespace {
QString sessionFilter()
{
    return MainWindow::tr("Vantage sessions (*.vantage);;All files (*)");
}
} // namespace

MainWindow::MainWindow(AppSettings& settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_undo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/vantage.svg")));
    m_runsModel = new SessionRunsModel(this);
    connect(m_runsModel, &SessionRunsModel::loadFailed, this,
        [this](const QString& msg) { statusBar()->showMessage(tr("Cannot read runs: %1").arg(msg), 10000); });

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("pageTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        QWidget* w = m_tabs->widget(index);
        if (auto* view = qobject_cast<CompareView*>(w)) {
            m_tabs->removeTab(index);
            m_compareTabs.erase(std::remove(m_compareTabs.begin(), m_compareTabs.end(), view), m_compareTabs.end());
            view->deleteLater();
        }
    });
    m_welcome = new WelcomePage(this);
    m_tabs->addTab(m_welcome, tr("Session"));
    m_tabs->tabBar()->setTabButton(0, QTabBar::RightSide, nullptr);
    connect(m_welcome, &WelcomePage::newRequested, this, &MainWindow::newSession);
    connect(m_welcome, &WelcomePage::openRequested, this, &MainWindow::openSessionDialog);
    setCentralWidget(m_tabs);

    m_browser = new SessionBrowser(m_runsModel, this);
    m_browserDock = new QDockWidget(tr("Session Browser"), this);
    m_browserDock->setObjectName(QStringLiteral("sessionBrowserDock"));
    m_browserDock->setWidget(m_browser);
    addDockWidget(Qt::LeftDockWidgetArea, m_browserDock);
    connect(m_browser, &SessionBrowser::runActivated, this, &MainWindow::showRun);
    connect(m_browser, &SessionBrowser::renameRequested, this, &MainWindow::renameRunDialog);
    connect(m_browser, &SessionBrowser::tagsRequested, this, &MainWindow::tagRunDialog);
    connect(m_browser, &SessionBrowser::deleteRequested, this, &MainWindow::deleteRuns);
    connect(m_browser, &SessionBrowser::compareRequested, this, &MainWindow::compareRuns);
    connect(m_runsModel, &QAbstractItemModel::modelReset, m_welcome, &WelcomePage::refresh);

    m_progress = new widgets::ProgressArea(this);
    m_progress->setObjectName(QStringLiteral("progressArea"));
    statusBar()->addPermanentWidget(m_progress, 1);
    connect(m_progress, &widgets::ProgressArea::cancelRequested, this, [this] {
        // The cancel reaches the page whose job runs; pages share the one progress area.
        for (auto* p : m_pages)
            if (p->isBusy())
                p->cancelJob();
    });

    createActions();

    // Pick up runs written by other processes (vantage-cli, an elastic job's leader).
    auto* poll = new QTimer(this);
    poll->setInterval(2000);
    connect(poll, &QTimer::timeout, m_runsModel, &SessionRunsModel::refreshIfChanged);
    poll->start();

    if (!restoreGeometry(m_settings.windowGeometry())) {
        const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1280, 800);
        resize(qMin(1400, avail.width() * 9 / 10), qMin(900, avail.height() * 9 / 10));
    }
    if (!restoreState(m_settings.windowState()))
        resizeDocks({ m_browserDock }, { width() * 2 / 5 }, Qt::Horizontal);
    updateTitle();
}

MainWindow::~MainWindow()
{
    if (m_reportWatcher)
        m_reportWatcher->waitForFinished(); // it reads the session this window owns
    // The pages go before the session they record into: each cancels and waits for its job (which
    // stores its run as cancelled) and flushes what it holds, while the session is still open. As
    // children they would go after the members, the session among them (a quit while the demo's
    // search ran crashed in the search's thread).
    for (auto* p : m_pages)
        p->cancelJob();
    const auto pages = std::move(m_pages);
    m_pages.clear();
    qDeleteAll(pages);
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    auto* newAction = file->addAction(tr("&New Session…"), this, &MainWindow::newSession);
    newAction->setObjectName(QStringLiteral("actionNew"));
    newAction->setShortcut(QKeySequence::New);
    auto* openAction = file->addAction(tr("&Open Session…"), this, &MainWindow::openSessionDialog);
    openAction->setObjectName(QStringLiteral("actionOpen"));
    openAction->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    rebuildRecentMenu();
    file->addSeparator();
    m_saveAsAction = file->addAction(tr("Save &As…"), this, &MainWindow::saveSessionAs);
    m_saveAsAction->setObjectName(QStringLiteral("actionSaveAs"));
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    m_exportAction = file->addAction(tr("&Export Report…"), this, &MainWindow::exportReportDialog);
    m_exportAction->setObjectName(QStringLiteral("actionExportReport"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_closeAction = file->addAction(tr("&Close Session"), this, &MainWindow::closeSession);
    m_closeAction->setObjectName(QStringLiteral("actionClose"));
    m_closeAction->setShortcut(QKeySequence::Close);
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->setObjectName(QStringLiteral("editMenu"));
    auto* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    auto* rename = edit->addAction(tr("Re&name Run…"), this, [this] {
        if (auto id = m_browser->selectedRunId())
            renameRunDialog(id);
    });
    rename->setObjectName(QStringLiteral("actionRenameRun"));
    auto* tag = edit->addAction(tr("&Tags…"), this, [this] {
        if (auto id = m_browser->selectedRunId())
            tagRunDialog(id);
    });
    tag->setObjectName(QStringLiteral("actionTagRun"));
    auto* del = edit->addAction(tr("&Delete Runs"), this, [this] { deleteRuns(m_browser->selectedRunIds()); });
    del->setObjectName(QStringLiteral("actionDeleteRuns"));
    edit->addSeparator();
    auto* compare
        = edit->addAction(tr("&Compare Selected Runs"), this, [this] { compareRuns(m_browser->selectedRunIds()); });
    compare->setObjectName(QStringLiteral("actionCompare"));
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    // The run actions act on the browser's selection: offered only when there is one to act on.
    m_updateRunActions = [this, rename, tag, del, compare] {
        const auto n = m_session && !m_session->isReadOnly() ? m_browser->selectedRunIds().size() : 0;
        rename->setEnabled(n == 1);
        tag->setEnabled(n == 1);
        del->setEnabled(n >= 1);
        compare->setEnabled(m_session && m_browser->selectedRunIds().size() >= 2);
    };
    connect(m_browser->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        [this] { m_updateRunActions(); });
    connect(m_browser->view()->model(), &QAbstractItemModel::modelReset, this, [this] { m_updateRunActions(); });
    m_updateRunActions();

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    auto* toggle = m_browserDock->toggleViewAction();
    toggle->setText(tr("Session &Browser"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    view->addAction(toggle);

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    auto* settings = tools->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settings->setObjectName(QStringLiteral("actionSettings"));
    settings->setShortcut(QKeySequence::Preferences);
    settings->setMenuRole(QAction::PreferencesRole);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    auto* demo = help->addAction(tr("Open &Demo Session"), this, [this] { openDemoSession(); });
    demo->setObjectName(QStringLiteral("actionOpenDemo"));
    help->addSeparator();
    auto* about = help->addAction(tr("&About Vantage"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::addPage(EnginePage* page)
{
    m_pages.push_back(page);
    // No choice holds the window wide: a combo box is as wide as its layout gives it, and its list
    // shows the whole of each entry (an editable one takes any length anyway).
    for (auto* combo : page->findChildren<QComboBox*>()) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(std::max(combo->minimumContentsLength(), 10));
        // Qt keeps the minimum size hint it computed under the old policy: an explicit minimum
        // width stands in for it (ten characters, the arrow and the frame).
        combo->setMinimumWidth(
            std::max(combo->minimumWidth(), combo->fontMetrics().horizontalAdvance(QLatin1Char('X')) * 10 + 48));
    }
    // The page's layouts measured the combo boxes before; they measure again.
    // (A hidden page's nested layouts keep what they measured until invalidated one by one.)
    for (auto* l : page->findChildren<QLayout*>())
        l->invalidate();
    for (auto* w : page->findChildren<QWidget*>())
        w->updateGeometry();
    m_tabs->addTab(page, page->title());
    // Pages stay; only comparison tabs close.
    m_tabs->tabBar()->setTabButton(m_tabs->indexOf(page), QTabBar::RightSide, nullptr);
    page->setSession(m_session.get());
    connect(page, &EnginePage::runsChanged, m_runsModel, &SessionRunsModel::reload);
    connect(page, &EnginePage::runsChanged, m_welcome, &WelcomePage::refresh);
    connect(page, &EnginePage::jobStarted, m_progress, &widgets::ProgressArea::start);
    connect(page, &EnginePage::jobProgress, m_progress, &widgets::ProgressArea::setProgress);
    connect(page, &EnginePage::jobFinished, m_progress, &widgets::ProgressArea::finish);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_settings.recentFiles();
    for (const QString& f : files) {
        auto* a = m_recentMenu->addAction(QDir::toNativeSeparators(f));
        connect(a, &QAction::triggered, this, [this, f] {
            if (!QFileInfo::exists(f)) {
                showError(tr("Open Recent"), tr("“%1” no longer exists; it is removed from the list.").arg(f));
                m_settings.removeRecentFile(f);
                rebuildRecentMenu();
                return;
            }
            openSession(f);
        });
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    auto* clear = m_recentMenu->addAction(tr("Clear List"), this, [this] {
        m_settings.clearRecentFiles();
        rebuildRecentMenu();
    });
    clear->setEnabled(!files.isEmpty());
}

void MainWindow::setSessionInternal(std::unique_ptr<store::Session> session)
{
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
    m_welcome->setSession(m_session.get());
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
                const store::Engine engine = store::engineFromName(p->engineId().toStdString());
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
    if (m_session)
        m_settings.addRecentFile(QString::fromStdString(m_session->path().string()));
    rebuildRecentMenu();
    updateTitle();
}

// A session switch waits for no page that only restores a stored run's view: those jobs are
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
    if (m_reportWatcher)
        m_reportWatcher->waitForFinished();
    if (!letGoOfRestoring()) {
        m_lastError = tr("Finish or cancel the running job before switching sessions.");
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
        const auto recovered = s->recoveredRuns().size();
        const auto backup = s->migrationBackup();
        setSessionInternal(std::move(s));
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

void MainWindow::closeSession()
{
    if (m_reportWatcher)
        m_reportWatcher->waitForFinished();
    if (!letGoOfRestoring()) {
        showError(tr("Close Session"), tr("Finish or cancel the running job first."));
        return;
    }
    setSessionInternal(nullptr);
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

void MainWindow::saveSessionAs()
{
    if (!m_session)
        return;
    const QString path = getSaveFileName(this, tr("Save Session As"), m_settings.sessionFolder(), sessionFilter());
    if (path.isEmpty())
        return;
    try {
        if (QFileInfo(path).absoluteFilePath()
            == QString::fromStdString(std::filesystem::absolute(m_session->path()).string()))
            return; // the session is always saved; saving onto itself changes nothing
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw std::runtime_error(tr("Cannot replace “%1”.").arg(path).toStdString());
        m_session->saveCopy(path.toStdString());
    } catch (const std::exception& e) {
        showError(tr("Save Session As"), tr("Cannot save the session.\n\n%1").arg(QString::fromUtf8(e.what())));
        return;
    }
    openSession(path);
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

void MainWindow::exportReportDialog()
{
    if (!m_session)
        return;
    ReportDialog dialog(*m_session, m_browser->selectedRunIds(), m_settings.sessionFolder(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    exportReportTo(dialog.path(), dialog.runIds(), dialog.title());
}

bool MainWindow::exportReportTo(const QString& path, const std::vector<qint64>& runIds, const QString& title)
{
    if (!m_session || m_reportWatcher)
        return false;
    // Off the GUI thread: a PDF of a large session takes a moment. The session object is shared
    // (its calls are serialised), and cannot be closed while the watcher lives (closeSession waits).
    m_progress->start(tr("Export report"));
    m_reportWatcher = new QFutureWatcher<QString>(this);
    store::Session* session = m_session.get();
    const std::vector<std::int64_t> runs(runIds.begin(), runIds.end());
    connect(m_reportWatcher, &QFutureWatcher<QString>::finished, this, [this, path] {
        const QString error = m_reportWatcher->result();
        m_reportWatcher->deleteLater();
        m_reportWatcher = nullptr;
        m_progress->finish(
            error.isEmpty() ? tr("Report written to %1").arg(QDir::toNativeSeparators(path)) : QString());
        if (!error.isEmpty())
            showError(tr("Export Report"), error);
        Q_EMIT reportExported(path, error.isEmpty());
    });
    m_reportWatcher->setFuture(QtConcurrent::run([session, runs, path, title] {
        QString error;
        return exportReport(*session, runs, path, &error, title) ? QString() : error;
    }));
    return true;
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(m_settings, this);
    dialog.exec();
}

void MainWindow::showAbout()
{
    const auto dev = probeDevices();
    const QString gpu = dev.gpuPathBuilt
        ? tr("GPU path built (CUDA runtime %1, NCCL %2); %n GPU(s) visible", nullptr, static_cast<int>(dev.gpus.size()))
              .arg(QStringLiteral("%1.%2").arg(dev.cudaRuntimeVersion / 1000).arg(dev.cudaRuntimeVersion % 1000 / 10))
              .arg(QString::fromStdString(dev.ncclVersion))
        : tr("CPU build (no GPU path)");
    QMessageBox::about(this, tr("About Vantage"),
        tr("<h3>Vantage %1</h3>"
           "<p>A workbench for people who train and serve large models: parallelization "
           "frontiers, elastic training, layer-wise GNN evaluation and debiased recommendation.</p>"
           "<p>Build %2 · Qt %3 · %4</p>")
            .arg(QStringLiteral(VANTAGE_VERSION), QStringLiteral(VANTAGE_GIT_DESCRIBE), QString::fromLatin1(qVersion()),
                gpu));
}

void MainWindow::showRun(qint64 runId, const QString& engine)
{
    for (auto* p : m_pages)
        if (p->engineId() == engine) {
            m_tabs->setCurrentWidget(p);
            p->showRun(runId);
            return;
        }
    statusBar()->showMessage(tr("No page in this build shows runs of engine “%1”.").arg(engine), 5000);
}

void MainWindow::renameRun(qint64 runId, const QString& name)
{
    if (!m_session)
        return;
    try {
        m_undo->push(new RenameRunCommand(*m_session, runId, name, [this] { m_runsModel->reload(); }));
    } catch (const std::exception& e) {
        showError(tr("Rename Run"), QString::fromUtf8(e.what()));
    }
}

void MainWindow::setRunTags(qint64 runId, const QStringList& tags)
{
    if (!m_session)
        return;
    try {
        m_undo->push(new TagRunCommand(*m_session, runId, tags, [this] { m_runsModel->reload(); }));
    } catch (const std::exception& e) {
        showError(tr("Tag Run"), QString::fromUtf8(e.what()));
    }
}

void MainWindow::deleteRuns(const std::vector<qint64>& runIds)
{
    if (!m_session || runIds.empty())
        return;
    try {
        m_undo->push(new DeleteRunsCommand(*m_session, runIds, [this] { m_runsModel->reload(); }));
        statusBar()->showMessage(
            tr("%n run(s) deleted. Edit > Undo brings them back.", nullptr, static_cast<int>(runIds.size())), 8000);
    } catch (const std::exception& e) {
        showError(tr("Delete Runs"), QString::fromUtf8(e.what()));
    }
}

CompareView* MainWindow::compareRuns(const std::vector<qint64>& runIds)
{
    if (!m_session)
        return nullptr;
    auto* view = new CompareView;
    try {
        view->setRuns(*m_session, runIds);
    } catch (const std::exception& e) {
        delete view;
        showError(tr("Compare Runs"), QString::fromUtf8(e.what()));
        return nullptr;
    }
    // A tab of its own, closable, so several comparisons can stay open beside the pages.
    QStringList ids;
    for (auto id : runIds)
        ids << QString::number(id);
    const int index = m_tabs->addTab(view, tr("Compare %1").arg(ids.join(QStringLiteral(", "))));
    m_tabs->setCurrentIndex(index);
    m_compareTabs.push_back(view);
    return view;
}

void MainWindow::renameRunDialog(qint64 runId)
{
    const int row = m_runsModel->rowOfRun(runId);
    if (row < 0)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename Run"), tr("Name:"), QLineEdit::Normal,
        QString::fromStdString(m_runsModel->runAt(row)->name), &ok);
    if (ok)
        renameRun(runId, name.trimmed());
}

void MainWindow::tagRunDialog(qint64 runId)
{
    const int row = m_runsModel->rowOfRun(runId);
    if (row < 0)
        return;
    QStringList current;
    for (const auto& t : m_runsModel->runAt(row)->tags)
        current << QString::fromStdString(t);
    bool ok = false;
    const QString text = QInputDialog::getText(
        this, tr("Tags"), tr("Tags, separated by commas:"), QLineEdit::Normal, current.join(QStringLiteral(", ")), &ok);
    if (!ok)
        return;
    QStringList tags;
    for (const auto& t : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!t.trimmed().isEmpty() && !tags.contains(t.trimmed()))
            tags << t.trimmed();
    setRunTags(runId, tags);
}

void MainWindow::updateTitle()
{
    if (m_session)
        setWindowTitle(tr("%1 — Vantage").arg(QString::fromStdString(m_session->title())));
    else
        setWindowTitle(tr("Vantage"));
    setWindowFilePath(m_session ? QString::fromStdString(m_session->path().string()) : QString());
}

void MainWindow::showError(const QString& title, const QString& message)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")
        && qEnvironmentVariableIsSet("VANTAGE_NO_DIALOGS")) {
        statusBar()->showMessage(message, 10000);
        return;
    }
    QMessageBox::critical(this, title, message);
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
        if (QMessageBox::question(this, tr("Quit Vantage"), tr("A job is still running. Cancel it and quit?"))
            != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        // Each page's JobRunner cancels and waits in its destructor; the run is stored as cancelled.
        for (auto* p : m_pages)
            p->cancelJob();
    }
    m_settings.setWindow(saveGeometry(), saveState());
    event->accept();
}

} // namespace vantage::gui
