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
#include "untitled_session.h"
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
#include <QShowEvent>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

namespace vantage::gui {

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
    m_tabs->setElideMode(Qt::ElideRight); // a narrow window shortens the titles (full in tooltips)
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
    connect(m_welcome, &WelcomePage::demoRequested, this, [this] { openDemoSession(); });
    connect(m_welcome, &WelcomePage::sessionRequested, this, &MainWindow::openRecent);
    connect(m_welcome, &WelcomePage::pageRequested, this, [this](const QString& engine) {
        for (auto* p : m_pages)
            if (p->engineId() == engine)
                m_tabs->setCurrentWidget(p);
    });
    // An engine's tab needs a session to record into: work starts in an untitled one.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        auto* page = qobject_cast<EnginePage*>(m_tabs->widget(index));
        if (page && !m_session)
            ensureSession();
    });
    setAcceptDrops(true);
    m_leftOver = UntitledSession::leftOver();
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
        // The cancel reaches the page whose task runs; pages share the one progress area.
        for (auto* p : m_pages)
            if (p->isBusy())
                p->cancelTask();
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
    m_dockSized = restoreState(m_settings.windowState());
    updateTitle();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (std::exchange(m_dockSized, true))
        return;
    // On a small screen the pages need the width: the browser starts at its least (a user widens
    // it, and the width is kept with the window's state).
    constexpr int kSmallScreen = 1280; // px of window width
    resizeDocks({ m_browserDock },
        { width() < kSmallScreen ? m_browserDock->minimumSizeHint().width() : qBound(240, width() / 3, 520) },
        Qt::Horizontal);
}

MainWindow::~MainWindow()
{
    if (m_reportWatcher)
        m_reportWatcher->waitForFinished(); // it reads the session this window owns
    // The pages go before the session they record into: each cancels and waits for its task (which
    // stores its run as cancelled) and flushes what it holds, while the session is still open. As
    // children they would go after the members, the session among them (a quit while the demo's
    // search ran crashed in the search's thread).
    for (auto* p : m_pages)
        p->cancelTask();
    const auto pages = std::move(m_pages);
    m_pages.clear();
    qDeleteAll(pages);
    // An untitled session goes when the user answered for it or it holds nothing; otherwise it
    // stays, to be offered at the next start.
    if (m_untitled) {
        bool empty = false;
        try {
            empty = m_session->runs().empty();
        } catch (const std::exception&) { }
        m_session.reset();
        if (empty || m_untitledSettled)
            m_untitled->discard();
    }
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
    m_tabs->setTabToolTip(m_tabs->addTab(page, page->title()), page->title());
    std::vector<std::pair<QString, QString>> engines;
    for (auto* p : m_pages)
        engines.emplace_back(p->engineId(), p->title());
    m_welcome->setEngines(engines);
    // Pages stay; only comparison tabs close.
    m_tabs->tabBar()->setTabButton(m_tabs->indexOf(page), QTabBar::RightSide, nullptr);
    page->setSession(m_session.get());
    connect(page, &EnginePage::runsChanged, m_runsModel, &SessionRunsModel::reload);
    connect(page, &EnginePage::runsChanged, m_welcome, &WelcomePage::refresh);
    connect(page, &EnginePage::taskStarted, m_progress, &widgets::ProgressArea::start);
    connect(page, &EnginePage::taskProgress, m_progress, &widgets::ProgressArea::setProgress);
    connect(page, &EnginePage::taskFinished, m_progress, &widgets::ProgressArea::finish);
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
} // namespace vantage::gui
