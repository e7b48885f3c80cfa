// The main window, offscreen, as a person uses it: open a session, see its runs, filter them,
// use the menus, change settings, see translations, and a screenshot written to the build folder.

#include "app_settings.h"
#include "compare_view.h"
#include "file_dialogs.h"
#include "main_window.h"
#include "pages.h"
#include "phase_texts.h"
#include "report_dialog.h"
#include "session_browser.h"
#include "session_runs_model.h"
#include "settings_dialog.h"
#include "store/session.h"
#include "widgets/line_chart.h"
#include "widgets/pareto_chart.h"
#include "widgets/progress_area.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>

using namespace vantage;
using namespace vantage::gui;

namespace {

QAction* findAction(QWidget* w, const char* name)
{
    return w->findChild<QAction*>(QString::fromLatin1(name));
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_session;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTest"));
        m_settings.setSessionFolder(m_dir.path());
        m_settings.clearRecentFiles();
        m_session = m_dir.filePath(QStringLiteral("study.vantage"));
        auto s = store::Session::create(m_session.toStdString(), "GUI study");
        auto a = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "BERT-Large" });
        s.finishRun(a, store::RunStatus::Done, Json{ { "points", 17 } }, "17 strategies, fastest 0.82 s");
        auto b = s.beginRun({ .engine = store::Engine::Ppac, .kind = store::RunKind::Train, .name = "gowalla" });
        s.finishRun(b, store::RunStatus::Failed, nullptr, {}, "dataset not found");
        auto c = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "GPT-3" });
        s.finishRun(c, store::RunStatus::Done, Json{ { "points", 40 } }, "40 strategies, fastest 12.1 s");
    }

    void opensSessionAndListsRuns()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openSession(m_session));
        QVERIFY(w.windowTitle().contains(QStringLiteral("GUI study")));
        QCOMPARE(w.runsModel()->rowCount(), 3);
        auto* view = w.sessionBrowser()->view();
        QCOMPARE(view->model()->rowCount(), 3);
        // Newest first.
        QCOMPARE(view->model()->index(0, SessionRunsModel::Name).data().toString(), QStringLiteral("GPT-3"));
        QCOMPARE(view->model()->index(0, SessionRunsModel::Result).data().toString(),
            QStringLiteral("40 strategies, fastest 12.1 s"));

        // Filter by engine through the combo box, then by status, then by text.
        auto* engine = w.sessionBrowser()->findChild<QComboBox*>(QStringLiteral("engineFilter"));
        engine->setCurrentIndex(engine->findData(QStringLiteral("ppac")));
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(
            view->model()->index(0, SessionRunsModel::Result).data().toString(), QStringLiteral("dataset not found"));
        engine->setCurrentIndex(0);
        auto* status = w.sessionBrowser()->findChild<QComboBox*>(QStringLiteral("statusFilter"));
        status->setCurrentIndex(status->findData(QStringLiteral("done")));
        QCOMPARE(view->model()->rowCount(), 2);
        status->setCurrentIndex(0);
        auto* search = w.sessionBrowser()->findChild<QLineEdit*>(QStringLiteral("runSearch"));
        QTest::keyClicks(search, QStringLiteral("bert"));
        QCOMPARE(view->model()->rowCount(), 1);
        search->clear();
        QCOMPARE(view->model()->rowCount(), 3);

        // Sorting by clicking the header.
        view->sortByColumn(SessionRunsModel::Id, Qt::AscendingOrder);
        QCOMPARE(view->model()->index(0, SessionRunsModel::Name).data().toString(), QStringLiteral("BERT-Large"));

        // A run written by another process shows up without reopening.
        {
            auto other = store::Session::open(m_session.toStdString());
            auto id = other.beginRun(
                { .engine = store::Engine::Dgi, .kind = store::RunKind::Evaluate, .name = "from cli" });
            other.finishRun(id, store::RunStatus::Done, nullptr, "2.1x faster");
            other.deleteRun(id); // leave the shared fixture as it was for the next test
            auto id2 = other.beginRun(
                { .engine = store::Engine::Dgi, .kind = store::RunKind::Evaluate, .name = "from cli" });
            other.finishRun(id2, store::RunStatus::Done, nullptr, "2.1x faster");
        }
        w.runsModel()->refreshIfChanged();
        QCOMPARE(w.runsModel()->rowCount(), 4);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        w.resize(1280, 760);
        QTest::qWait(50);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/main_window.png")));
    }

    void menusWork()
    {
        MainWindow w(m_settings);
        w.show();
        QVERIFY(w.openSession(m_session));
        QStringList menus;
        for (auto* a : w.menuBar()->actions())
            menus << a->text();
        QCOMPARE(menus, (QStringList{ "&File", "&Edit", "&View", "&Tools", "&Help" }));
        for (const char* name : { "actionNew", "actionOpen", "actionSaveAs", "actionExportReport", "actionClose",
                 "actionSettings", "actionAbout" })
            QVERIFY2(findAction(&w, name), name);

        // Open Recent lists the file just opened.
        auto* recent = w.findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(recent);
        QVERIFY(recent->actions().first()->text().contains(QStringLiteral("study.vantage")));

        // Close Session empties the browser; Open Recent reopens.
        findAction(&w, "actionClose")->trigger();
        QVERIFY(!w.session());
        QCOMPARE(w.runsModel()->rowCount(), 0);
        QVERIFY(!findAction(&w, "actionSaveAs")->isEnabled());
        recent->actions().first()->trigger();
        QVERIFY(w.session());
        QVERIFY(w.runsModel()->rowCount() >= 3);

        // View > Session Browser toggles the dock.
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("sessionBrowserDock"));
        QVERIFY(dock->isVisible());
        dock->toggleViewAction()->trigger();
        QVERIFY(!dock->isVisible());
        dock->toggleViewAction()->trigger();
        QVERIFY(dock->isVisible());

        // Help > About opens a dialog (closed again by a timer).
        QTimer::singleShot(200, [] {
            if (auto* m = QApplication::activeModalWidget())
                m->close();
        });
        findAction(&w, "actionAbout")->trigger();
    }

    void renameTagDeleteWithUndo()
    {
        const QString path = m_dir.filePath(QStringLiteral("undo.vantage"));
        qint64 a = 0, b = 0;
        {
            auto s = store::Session::create(path.toStdString());
            a = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "first" });
            b = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "second" });
        }
        MainWindow w(m_settings);
        QVERIFY(w.openSession(path));
        auto* model = w.runsModel();
        w.renameRun(a, QStringLiteral("renamed"));
        QCOMPARE(model->runAt(model->rowOfRun(a))->name, std::string("renamed"));
        w.setRunTags(a, { QStringLiteral("baseline"), QStringLiteral("h200") });
        QCOMPARE(model->index(model->rowOfRun(a), SessionRunsModel::Tags).data().toString(),
            QStringLiteral("baseline, h200"));

        // Delete the second run by selecting it and pressing Delete in the browser.
        auto* view = w.sessionBrowser()->view();
        for (int r = 0; r < view->model()->rowCount(); ++r)
            if (view->model()->index(r, 0).data(SessionRunsModel::RunIdRole).toLongLong() == b)
                view->selectRow(r);
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(w.session()->runs().size(), std::size_t(1));

        // Edit > Undo three times: the run is back, then the tags, then the name.
        auto* undo = findAction(&w, "actionUndo");
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(model->rowCount(), 2);
        undo->trigger();
        QVERIFY(w.session()->run(a).tags.empty());
        undo->trigger();
        QCOMPARE(w.session()->run(a).name, std::string("first"));
        QVERIFY(!undo->isEnabled());
        findAction(&w, "actionRedo")->trigger();
        QCOMPARE(w.session()->run(a).name, std::string("renamed"));
    }

    void compareRunsSideBySide()
    {
        const QString path = m_dir.filePath(QStringLiteral("compare.vantage"));
        qint64 a = 0, b = 0, other = 0;
        {
            auto s = store::Session::create(path.toStdString());
            auto frontier = [](double scale) {
                return Json{ { "frontiers",
                    { { { "devices", 8 },
                        { "points",
                            { { { "time", 1.0 * scale }, { "memory", 4e9 }, { "strategy", 0 } },
                                { { "time", 2.0 * scale }, { "memory", 2e9 }, { "strategy", 1 } } } },
                        { "baselines",
                            { { { "name", "data parallel" }, { "time", 3.0 }, { "memory", 5e9 } } } } } } } };
            };
            a = s.beginRun({ .engine = store::Engine::Ft,
                .kind = store::RunKind::Search,
                .name = "h100",
                .params = { { "cluster", "h100x8" }, { "batch", 512 } } });
            s.appendSeries(a, "progress", { { { 0, 0.0 }, { 1, 1.0 } } });
            s.finishRun(a, store::RunStatus::Done, frontier(1.0), "2 strategies");
            b = s.beginRun({ .engine = store::Engine::Ft,
                .kind = store::RunKind::Search,
                .name = "a100",
                .params = { { "cluster", "a100x8" }, { "batch", 512 } } });
            s.appendSeries(b, "progress", { { { 0, 0.0 }, { 1, 1.0 }, { 2, 1.0 } } });
            s.finishRun(b, store::RunStatus::Done, frontier(1.7), "2 strategies");
            other = s.beginRun({ .engine = store::Engine::Ppac, .kind = store::RunKind::Train });
        }
        MainWindow w(m_settings);
        QVERIFY(w.openSession(path));
        QVERIFY(!w.compareRuns({ a })); // one run: nothing to compare
        QVERIFY(!w.compareRuns({ a, other })); // two engines
        auto* view = w.compareRuns({ a, b });
        QVERIFY(view);
        QCOMPARE(w.tabs()->currentWidget(), view);
        auto* frontiers = view->findChild<widgets::ParetoChart*>(QStringLiteral("compareFrontiers"));
        QVERIFY(frontiers);
        QCOMPARE(frontiers->frontiers().size(), 2);
        QCOMPARE(frontiers->frontiers()[1].points[0].x, 1.7);
        auto* series = view->findChild<widgets::LineChart*>(QStringLiteral("compareSeries_progress"));
        QVERIFY(series);
        QCOMPARE(series->seriesNames().size(), 2);
        // The table: a column per run; the cluster row differs, the batch row does not.
        auto* table = view->table();
        QCOMPARE(table->columnCount(), 3);
        bool sawCluster = false;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0)->text() == QLatin1String("params.cluster")) {
                sawCluster = true;
                QCOMPARE(table->item(r, 1)->text(), QStringLiteral("h100x8"));
                QCOMPARE(table->item(r, 2)->text(), QStringLiteral("a100x8"));
                QVERIFY(table->item(r, 0)->font().bold());
            }
            if (table->item(r, 0)->text() == QLatin1String("params.batch"))
                QVERIFY(!table->item(r, 0)->font().bold());
        }
        QVERIFY(sawCluster);
        // Closing the session closes its comparisons.
        const int tabs = w.tabs()->count();
        w.closeSession();
        QCOMPARE(w.tabs()->count(), tabs - 1);
    }

    void exportReportOffTheGuiThread()
    {
        MainWindow w(m_settings);
        QVERIFY(w.openSession(m_session));
        QVERIFY(findAction(&w, "actionExportReport")->isEnabled());
        const QString html = m_dir.filePath(QStringLiteral("report.html"));
        QSignalSpy done(&w, &MainWindow::reportExported);
        QVERIFY(w.exportReportTo(html, {}));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(1).toBool(), true);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray page = f.readAll();
        for (const auto& r : w.session()->runs())
            QVERIFY2(page.contains(QByteArray::fromStdString(r.name)), r.name.c_str());
        // A path that cannot be written is a message, not a crash.
        QVERIFY(w.exportReportTo(QStringLiteral("/no/such/dir/report.html"), {}));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.last().at(1).toBool(), false);
        // The raw data, zipped: a zip archive with the runs table inside.
        const QString zip = m_dir.filePath(QStringLiteral("raw.zip"));
        QVERIFY(w.exportReportTo(zip, {}));
        QVERIFY(done.wait(60000));
        QCOMPARE(done.last().at(1).toBool(), true);
        QFile z(zip);
        QVERIFY(z.open(QIODevice::ReadOnly));
        const QByteArray bytes = z.readAll();
        QVERIFY(bytes.startsWith(QByteArray("PK\x03\x04", 4)));
        QVERIFY(bytes.contains("raw/runs.csv"));
    }

    void badFileIsRefusedAndCurrentSessionKept()
    {
        MainWindow w(m_settings);
        QVERIFY(w.openSession(m_session));
        const QString junk = m_dir.filePath(QStringLiteral("junk.vantage"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a session at all, really not");
        f.close();
        QVERIFY(!w.openSession(junk, true));
        QVERIFY(w.lastError().contains(QStringLiteral("not a Vantage session")));
        QVERIFY(w.session());
        QCOMPARE(QString::fromStdString(w.session()->path().string()), m_session);
    }

    void createAndSaveAs()
    {
        MainWindow w(m_settings);
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.vantage"));
        QVERIFY(w.createSession(fresh));
        QCOMPARE(w.runsModel()->rowCount(), 0);
        QVERIFY(w.windowTitle().contains(QStringLiteral("fresh")));
        // Save a copy through the store (the dialog part is Qt's) and open it.
        QVERIFY(w.openSession(m_session));
        const QString copy = m_dir.filePath(QStringLiteral("copy.vantage"));
        w.session()->saveCopy(copy.toStdString());
        QVERIFY(w.openSession(copy));
        QVERIFY(w.runsModel()->rowCount() >= 3);
    }

    void settingsDialogStoresChoices()
    {
        SettingsDialog d(m_settings);
        auto* lang = d.findChild<QComboBox*>(QStringLiteral("languageCombo"));
        auto* folder = d.findChild<QLineEdit*>(QStringLiteral("sessionFolderEdit"));
        lang->setCurrentIndex(lang->findData(QStringLiteral("de")));
        folder->setText(m_dir.path());
        d.accept();
        QCOMPARE(m_settings.language(), QStringLiteral("de"));
        QCOMPARE(m_settings.sessionFolder(), m_dir.path());
        // A folder that does not exist is refused (a warning box, closed by a timer).
        SettingsDialog d2(m_settings);
        d2.findChild<QLineEdit*>(QStringLiteral("sessionFolderEdit"))->setText(QStringLiteral("/no/such/folder"));
        QTimer::singleShot(200, [] {
            if (auto* m = QApplication::activeModalWidget())
                m->close();
        });
        d2.accept();
        QCOMPARE(m_settings.sessionFolder(), m_dir.path());
        m_settings.setLanguage(QString());
        // Every label shows its mnemonic, none a literal "&" (a row that holds a layout needs its
        // label's buddy set by hand).
        SettingsDialog d3(m_settings);
        d3.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d3));
        for (auto* label : d3.findChildren<QLabel*>())
            if (label->text().contains(QLatin1Char('&')))
                QVERIFY2(label->buddy(), qPrintable(label->text()));
        // A session folder that no longer exists is not offered.
        m_settings.setSessionFolder(m_dir.filePath(QStringLiteral("gone")));
        QVERIFY(QDir(m_settings.sessionFolder()).exists());
        m_settings.setSessionFolder(m_dir.path());
    }

    // The run actions are offered only with runs to act on: none without a session or a
    // selection, Rename and Tags for one run, Compare for two.
    void runActionsFollowTheSelection()
    {
        MainWindow w(m_settings);
        for (const char* a : { "actionRenameRun", "actionTagRun", "actionDeleteRuns", "actionCompare" })
            QVERIFY2(!findAction(&w, a)->isEnabled(), a);
        QVERIFY(w.openSession(m_session));
        for (const char* a : { "actionRenameRun", "actionTagRun", "actionDeleteRuns", "actionCompare" })
            QVERIFY2(!findAction(&w, a)->isEnabled(), a);
        auto* view = w.sessionBrowser()->view();
        view->selectionModel()->select(
            view->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY(findAction(&w, "actionRenameRun")->isEnabled());
        QVERIFY(findAction(&w, "actionDeleteRuns")->isEnabled());
        QVERIFY(!findAction(&w, "actionCompare")->isEnabled());
        view->selectionModel()->select(
            view->model()->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QVERIFY(!findAction(&w, "actionRenameRun")->isEnabled());
        QVERIFY(findAction(&w, "actionCompare")->isEnabled());
        w.closeSession();
        QVERIFY(!findAction(&w, "actionDeleteRuns")->isEnabled());
    }

    void geometryIsRestored()
    {
        QRect saved;
        {
            MainWindow w(m_settings);
            w.show();
            w.setGeometry(100, 80, 1111, 666);
            QTest::qWait(20);
            saved = w.geometry();
            w.close();
        }
        MainWindow again(m_settings);
        again.show();
        QCOMPARE(again.size(), saved.size());
    }

    // A save dialog's answer carries the suffix of the filter chosen in it.
    void suffixFollowsTheChosenFilter_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("filter");
        QTest::addColumn<QString>("written");
        QTest::newRow("another format's suffix is replaced") << "/r/x.pdf" << 0 << "/r/x.html";
        QTest::newRow("no suffix") << "/r/x" << 0 << "/r/x.html";
        QTest::newRow("its own suffix") << "/r/x.html" << 0 << "/r/x.html";
        QTest::newRow("its own suffix in capitals") << "/r/X.HTML" << 0 << "/r/X.HTML";
        QTest::newRow("a dot that is no format") << "/r/run.2024" << 1 << "/r/run.2024.pdf";
        QTest::newRow("a dotted folder") << "/r/b.c/x" << 2 << "/r/b.c/x.zip";
        QTest::newRow("html to zip") << "/r/x.html" << 2 << "/r/x.zip";
        QTest::newRow("folder filter keeps the name") << "/r/x.zip" << 3 << "/r/x.zip";
        QTest::newRow("a name that is only a suffix") << "/r/.pdf" << 0 << "/r/.pdf.html";
    }
    void suffixFollowsTheChosenFilter()
    {
        QFETCH(QString, typed);
        QFETCH(int, filter);
        QFETCH(QString, written);
        const QString filters = ReportDialog::filters();
        QCOMPARE(withFilterSuffix(typed, filters.split(QStringLiteral(";;")).at(filter), filters), written);
    }

    // Export Report asks which runs (all by default, the browser's selection one click away), the
    // title and the format; the report holds exactly that.
    void exportReportDialogChoosesRunsTitleAndFormat()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(m_session));
        w.show();
        auto* view = w.sessionBrowser()->view();
        view->selectionModel()->select(
            view->model()->index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const auto selected = w.sessionBrowser()->selectedRunIds();
        QCOMPARE(selected.size(), std::size_t(1));
        const QString html = m_dir.filePath(QStringLiteral("chosen.html"));
        bool seen = false;
        QTimer::singleShot(100, &w, [&] {
            auto* d = qobject_cast<ReportDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            const auto closeAnyway = qScopeGuard([d] {
                if (d->isVisible())
                    d->reject(); // a failed check must not leave the dialog waiting
            });
            seen = true;
            const auto all = w.session()->runs().size();
            QCOMPARE(d->runIds().size(), all); // every run, not the selection
            QTest::mouseClick(d->findChild<QPushButton*>(QStringLiteral("reportBrowserSelection")), Qt::LeftButton);
            QCOMPARE(d->runIds(), selected);
            QCOMPARE(
                d->findChild<QLabel*>(QStringLiteral("reportCount"))->text(), QStringLiteral("1 of %1 runs").arg(all));
            d->setTitle(QStringLiteral("Quarterly frontier review"));
            d->setPath(m_dir.filePath(QStringLiteral("chosen.pdf"))); // a typed suffix chooses the format
            QCOMPARE(d->findChild<QComboBox*>(QStringLiteral("reportFormat"))->currentIndex(), 1);
            d->setFormat(3); // a folder: no suffix
            QCOMPARE(d->path(), m_dir.filePath(QStringLiteral("chosen")));
            d->setFormat(0); // and the format, the suffix
            QCOMPARE(d->path(), html);
            d->accept();
        });
        QSignalSpy done(&w, &MainWindow::reportExported);
        findAction(&w, "actionExportReport")->trigger();
        QVERIFY(seen);
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(0).toString(), html);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray page = f.readAll();
        QVERIFY(page.contains("Quarterly frontier review"));
        const auto runs = w.session()->runs();
        for (const auto& r : runs) {
            const bool in = r.id == selected.front();
            QCOMPARE(page.contains(QByteArray("\"run-") + QByteArray::number(qlonglong(r.id)) + "\""), in);
        }
    }

    // The engines' progress phases in the window's language: each part of "a: b" on its own, the
    // numbers kept, what is not known passed through.
    void progressPhasesAreTranslated_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("german");
        QTest::newRow("a word") << "loading the graph"
                                << "loading the graph"
                                << "Graph wird geladen";
        QTest::newRow("mode and layer") << "nodewise: layer 2 of 3"
                                        << "node-wise: layer 2 of 3"
                                        << "knotenweise: Schicht 2 von 3";
        QTest::newRow("devices and a step") << "16 devices: baselines"
                                            << "16 devices: baselines"
                                            << "16 Geräte: Vergleichsverfahren";
        QTest::newRow("an epoch") << "training: epoch 3/10"
                                  << "training: epoch 3/10"
                                  << "Training: Epoche 3/10";
        QTest::newRow("a file name stays") << "reading ratings.csv"
                                           << "reading ratings.csv"
                                           << "ratings.csv wird gelesen";
        QTest::newRow("unknown") << "warming the flux capacitor"
                                 << "warming the flux capacitor"
                                 << "warming the flux capacitor";
    }
    void progressPhasesAreTranslated()
    {
        QFETCH(QString, phase);
        QFETCH(QString, english);
        QFETCH(QString, german);
        QCOMPARE(phaseText(phase), english);
        QTranslator t;
        QVERIFY(t.load(QStringLiteral(":/i18n/vantage_de.qm")));
        QCoreApplication::installTranslator(&t);
        const QString de = phaseText(phase);
        QCoreApplication::removeTranslator(&t);
        QCOMPARE(de, german);
    }

    void germanAndChineseTranslationsLoad_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("fileMenu");
        QTest::newRow("de") << "de"
                            << "&Datei";
        QTest::newRow("zh_CN") << "zh_CN"
                               << "文件(&F)";
    }
    void germanAndChineseTranslationsLoad()
    {
        QFETCH(QString, locale);
        QFETCH(QString, fileMenu);
        QTranslator t;
        QVERIFY(t.load(QStringLiteral(":/i18n/vantage_%1.qm").arg(locale)));
        QCoreApplication::installTranslator(&t);
        {
            MainWindow w(m_settings);
            QCOMPARE(w.menuBar()->actions().first()->text(), fileMenu);
            QVERIFY(w.tabs()->tabText(0) != QStringLiteral("Session"));
        }
        QCoreApplication::removeTranslator(&t);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
