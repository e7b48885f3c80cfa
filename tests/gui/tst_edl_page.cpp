// The EDL page as a user drives it, offscreen: start a real local job of two CPU workers, watch
// steps arrive, add a worker and remove one while it trains, and find the job as a run of the
// session with its loss curve and scale events when it ends; profile and migrate from the page.

#include "edl/client.h"
#include "edl/job_run.h"
#include "edl_page.h"
#include "edl_test_job.h"
#include "main_window.h"
#include "modal_answer.h"
#include "page_driver.h"
#include "pages.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSysInfo>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <csignal>

#include <signal.h>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

class TestEdlPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestEdl"));
        // No VANTAGE_EDL_WORKER: the worker lies beside the test programs as beside an installed
        // vantage, and is found there as a user's is.
        qunsetenv("VANTAGE_EDL_WORKER");
        qputenv("XDG_RUNTIME_DIR", m_dir.path().toUtf8());
    }

    void startScaleOutInAndFinish()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("edl.vantage"))));
        auto* page = w.findChild<EdlPage*>();
        QVERIFY(page);
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        // 1536 steps: long enough that a joiner (which loads LibTorch first) joins well before the
        // end even on a loaded machine, short enough to finish by itself.
        enterEdlJob(page, QStringLiteral("mlp"), 2, 3, 32768, 64);
        QSignalSpy attached(page, &EdlPage::attached);
        QSignalSpy ended(page, &EdlPage::jobEnded);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("edlStart")), Qt::LeftButton);
        QVERIFY(attached.wait(60000));
        QCOMPARE(attached.first().first().toBool(), true);
        QVERIFY(page->isAttached());
        QTRY_VERIFY_WITH_TIMEOUT(page->currentStep() >= 3, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 2, 30000);

        // Scale out while it trains, then back in.
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("edlAdd")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 3, 60000);
        const qint64 stepAtThree = page->currentStep();
        QTRY_VERIFY_WITH_TIMEOUT(page->currentStep() > stepAtThree + 2, 60000); // it keeps training
        QVERIFY(removeEdlWorker(page, QStringLiteral("w0")));
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 2, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(edlScaleEvents(page) >= 2, 30000);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/edl_page.png")));

        QVERIFY(ended.wait(180000));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].engine, store::Engine::Edl);
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QVERIFY(runs[0].result.value("events", Json::array()).size() >= 2);
        QCOMPARE(runs[0].result.value("source", std::string()), std::string("report"));
        QVERIFY(runs[0].summary.find("final loss") == 0);
        QVERIFY(w.session()->series(runs[0].id, "loss").size() >= 10);

        // An ended job is drawn again from the store.
        EdlPage again;
        again.setSession(w.session());
        again.showRun(runs[0].id);
        QVERIFY(!again.isAttached());
        QVERIFY(
            again.findChild<widgets::LineChart*>(QStringLiteral("edlChart"))->points(EdlPage::tr("loss")).size() >= 10);
        QCOMPARE(edlScaleEvents(&again), edlScaleEvents(page));
        // And its inputs are back in the fields, to run it again.
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("edlSamples"))->value(), 32768);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("edlWorkerCount"))->value(), 2);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("edlEpochs"))->value(), 3);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("edlBatch"))->value(), 64);
    }

    // The policies from the page: a throughput profile at 1 and 2 workers, then a migration of one
    // worker; the per-worker step times, the worker count and the scale events drawn and stored.
    void profileMigrateAndCharts()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("edl-policies.vantage"))));
        auto* page = w.findChild<EdlPage*>();
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        enterEdlJob(page, QStringLiteral("mlp"), 2, 1, 2000000, 64); // far longer than the policies: stopped below
        QSignalSpy attached(page, &EdlPage::attached);
        QSignalSpy ended(page, &EdlPage::jobEnded);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("edlStart")), Qt::LeftButton);
        QVERIFY(attached.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(page->currentStep() >= 3, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 2, 30000);

        auto* stepChart = page->findChild<widgets::LineChart*>(QStringLiteral("edlStepChart"));
        auto* sizeChart = page->findChild<widgets::LineChart*>(QStringLiteral("edlSizeChart"));
        QTRY_VERIFY_WITH_TIMEOUT(stepChart->seriesNames().size() >= 2, 30000); // one curve per worker
        for (const auto& name : stepChart->seriesNames())
            for (const auto& p : stepChart->points(name))
                QVERIFY(p.y() > 0.0);
        QVERIFY(!sizeChart->points(EdlPage::tr("workers")).isEmpty());

        qInfo("training at step %lld; profiling", static_cast<long long>(page->currentStep()));
        // At 1 to 2 workers (the Workers field).
        QCOMPARE(clickAndWait(page, &EdlPage::profileFinished, QStringLiteral("edlProfile"), 180000), true);
        const auto curve
            = page->findChild<widgets::LineChart*>(QStringLiteral("edlProfileChart"))->points(EdlPage::tr("samples/s"));
        QCOMPARE(curve.size(), 2);
        QCOMPARE(curve[0].x(), 1.0);
        QCOMPARE(curve[1].x(), 2.0);
        QVERIFY(curve[0].y() > 0.0 && curve[1].y() > 0.0);
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 2, 60000); // back to its size

        // Migrate the first active worker onto a new CPU worker.
        auto* workers = page->findChild<QTableView*>(QStringLiteral("edlWorkers"))->model();
        QString moving;
        for (int r = 0; r < workers->rowCount() && moving.isEmpty(); ++r)
            if (workers->index(r, 3).data().toString() == QLatin1String("active"))
                moving = workers->index(r, 0).data().toString();
        QVERIFY(!moving.isEmpty());
        const int eventsBefore = edlScaleEvents(page);
        qInfo("profiled; migrating %s at step %lld", qPrintable(moving), static_cast<long long>(page->currentStep()));
        QVERIFY(selectEdlWorker(page, moving));
        QCOMPARE(clickAndWait(page, &EdlPage::migrationFinished, QStringLiteral("edlMigrate"), 180000), true);
        QTRY_VERIFY_WITH_TIMEOUT(edlScaleEvents(page) >= eventsBefore + 2, 30000); // out, then in
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 2, 30000);
        bool left = false;
        for (int r = 0; r < workers->rowCount(); ++r)
            if (workers->index(r, 0).data().toString() == moving)
                left = workers->index(r, 3).data().toString() == QLatin1String("left");
        QVERIFY2(left, qPrintable(moving));
        QTRY_COMPARE_WITH_TIMEOUT(sizeChart->points(EdlPage::tr("scale events")).size(), edlScaleEvents(page), 10000);

        page->findChild<QTabWidget*>(QStringLiteral("edlChartTabs"))->setCurrentWidget(sizeChart);
        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/edl_policies.png")));

        qInfo("migrated; stopping at step %lld", static_cast<long long>(page->currentStep()));
        QVERIFY(click(page, QStringLiteral("edlStop")));
        QVERIFY(ended.wait(120000));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        const auto names = w.session()->seriesNames(runs[0].id);
        QVERIFY(std::find(names.begin(), names.end(), "profile/samples_per_s") != names.end());
        QCOMPARE(w.session()->series(runs[0].id, "profile/samples_per_s").size(), std::size_t(2));
        QVERIFY(std::count_if(names.begin(), names.end(), [](const std::string& n) {
            return n.rfind("step_time_s/", 0) == 0;
        }) >= 3);

        // Drawn again from the store: every chart.
        EdlPage again;
        again.setSession(w.session());
        again.showRun(runs[0].id);
        QVERIFY(again.findChild<widgets::LineChart*>(QStringLiteral("edlStepChart"))->seriesNames().size() >= 3);
        QCOMPARE(
            again.findChild<widgets::LineChart*>(QStringLiteral("edlProfileChart"))->points(EdlPage::tr("samples/s")),
            curve);
        QCOMPARE(again.findChild<widgets::LineChart*>(QStringLiteral("edlSizeChart"))
                     ->points(EdlPage::tr("scale events"))
                     .size(),
            edlScaleEvents(&again));
    }

    // The user's own PyTorch model from the page: the trainer "Your TorchScript model", its file and its
    // data folder chosen, the samples taken from the data; the job trains it and the run says so.
    void theUsersModelFromThePage()
    {
        QProcess py;
        py.start(QStringLiteral(VANTAGE_TORCH2_PYTHON),
            { QStringLiteral(VANTAGE_SOURCE_DIR "/tests/core/edl/user_model.py"), m_dir.filePath("user"), "--samples",
                "256" });
        QVERIFY(py.waitForFinished(300000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("edl-user.vantage"))));
        auto* page = w.findChild<EdlPage*>();
        auto* trainer = page->findChild<QComboBox*>(QStringLiteral("edlTrainer"));
        auto* model = page->findChild<QLineEdit*>(QStringLiteral("edlModel"));
        auto* data = page->findChild<QLineEdit*>(QStringLiteral("edlData"));
        auto* samples = page->findChild<QSpinBox*>(QStringLiteral("edlSamples"));
        enterEdlJob(page, QStringLiteral("mlp"), 2, 1, 512, 32);
        QVERIFY(!model->isEnabled() && samples->isEnabled());
        choose(trainer, QStringLiteral("torchscript"));
        QVERIFY(model->isEnabled() && data->isEnabled() && !samples->isEnabled());
        // Without the files the page asks for them and starts nothing.
        QVERIFY(click(page, QStringLiteral("edlStart")));
        QVERIFY(!page->isBusy() && !page->isAttached()); // nothing started
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("edlStatus"))->text().contains(QStringLiteral("model")));
        type(model, m_dir.filePath(QStringLiteral("user/cnn.pt")));
        type(data, m_dir.filePath(QStringLiteral("user/bars")));
        QSignalSpy ended(page, &EdlPage::jobEnded);
        QVERIFY(click(page, QStringLiteral("edlStart")));
        QVERIFY(page->isBusy()); // starting the job
        QCOMPARE(samples->value(), 256); // the data's rows
        QVERIFY(ended.wait(120000));
        QCOMPARE(ended.first().first().toString(), QStringLiteral("finished"));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(runs[0].params["spec"]["trainer"].get<std::string>(), std::string("torchscript"));
        QVERIFY(runs[0].result["ledger"]["exactly_once"].get<bool>());
        // Shown again, the run puts the model and the data back in the fields.
        type(model, QString());
        choose(trainer, trainer->itemData(0).toString());
        page->showRun(runs[0].id);
        QCOMPARE(trainer->currentData().toString(), QStringLiteral("torchscript"));
        QVERIFY(model->text().endsWith(QStringLiteral("cnn.pt")));
    }

    // The user's own training script from the page: the trainer "Your Python script" shows the script,
    // its arguments and its Python instead of the model and data; the job runs the example through
    // the vantage_edl module, found beside the worker binary with no PYTHONPATH set by the user.
    void aPythonScriptFromThePage()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("edl-script.vantage"))));
        auto* page = w.findChild<EdlPage*>();
        auto* trainer = page->findChild<QComboBox*>(QStringLiteral("edlTrainer"));
        auto* model = page->findChild<QLineEdit*>(QStringLiteral("edlModel"));
        auto* script = page->findChild<QLineEdit*>(QStringLiteral("edlScript"));
        auto* args = page->findChild<QLineEdit*>(QStringLiteral("edlScriptArgs"));
        auto* python = page->findChild<QLineEdit*>(QStringLiteral("edlPython"));
        enterEdlJob(page, QStringLiteral("mlp"), 2, 1, 256, 32);
        const auto shown = [page](QWidget* w) { return w->isVisibleTo(page); };
        QVERIFY(shown(model) && !shown(script) && !shown(python));
        choose(trainer, QStringLiteral("python"));
        QVERIFY(!shown(model) && shown(script) && shown(args) && shown(python));
        QVERIFY(click(page, QStringLiteral("edlStart"))); // no script yet: the page asks for it
        QVERIFY(!page->isBusy() && !page->isAttached());
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("edlStatus"))->text().contains(QStringLiteral("script")));
        type(script, m_dir.filePath(QStringLiteral("nowhere.py")));
        QVERIFY(click(page, QStringLiteral("edlStart")));
        QVERIFY(!page->isBusy() && !page->isAttached());
        QVERIFY(
            page->findChild<QLabel*>(QStringLiteral("edlStatus"))->text().contains(QStringLiteral("no such script")));
#ifndef VANTAGE_EDL_PYTHON_DIR
        QSKIP("the Python elastic module is built in the LibTorch 2.x flavour (build-cuda/) only");
#else
        qunsetenv("PYTHONPATH");
        type(script, QStringLiteral(VANTAGE_SOURCE_DIR "/docs/examples/edl_train.py"));
        type(python, QStringLiteral(VANTAGE_TORCH2_PYTHON));
        type(args, QStringLiteral("--save \"") + m_dir.filePath(QStringLiteral("with space/final.pt")) + "\"");
        QSignalSpy ended(page, &EdlPage::jobEnded);
        QVERIFY(click(page, QStringLiteral("edlStart")));
        QVERIFY(page->isBusy()); // starting the job
        QVERIFY(ended.wait(180000));
        QCOMPARE(ended.first().first().toString(), QStringLiteral("finished"));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(runs[0].params["spec"]["trainer"].get<std::string>(), std::string("python"));
        QVERIFY(runs[0].result["ledger"]["exactly_once"].get<bool>());
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("with space/final.pt"))));
        // Shown again, the run puts the script, its arguments and its Python back.
        type(script, QString());
        type(args, QString());
        choose(trainer, trainer->itemData(0).toString());
        page->showRun(runs[0].id);
        QCOMPARE(trainer->currentData().toString(), QStringLiteral("python"));
        QVERIFY(script->text().endsWith(QStringLiteral("edl_train.py")));
        QVERIFY2(args->text().contains(QStringLiteral("with space/final.pt")), qPrintable(args->text()));
        QCOMPARE(python->text(), QStringLiteral(VANTAGE_TORCH2_PYTHON));
#endif
    }

    // A job none of whose workers can start (a CUDA device on a CPU build) ends failed, and the run
    // says so with the worker's own reason; nothing of the job before it is shown.
    void aJobThatCannotStartIsRecordedFailed()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("edl-failed.vantage"))));
        auto* page = w.findChild<EdlPage*>();
        // A short good job first, so that its numbers are there to go stale.
        enterEdlJob(page, QStringLiteral("mlp"), 2, 1, 512, 64);
        QSignalSpy ended(page, &EdlPage::jobEnded);
        QVERIFY(click(page, QStringLiteral("edlStart")));
        QVERIFY(ended.wait(120000));
        QCOMPARE(ended.takeFirst().first().toString(), QStringLiteral("finished"));
        QVERIFY(page->currentStep() > 0);
        // The ended job's workers are shown as they ended, and Start is offered again.
        const QAbstractItemModel* workers = page->findChild<QTableView*>(QStringLiteral("edlWorkers"))->model();
        QVERIFY(workers->rowCount() >= 2);
        for (int r = 0; r < workers->rowCount(); ++r)
            QVERIFY2(workers->index(r, 3).data().toString() != QStringLiteral("active"),
                qPrintable(workers->index(r, 0).data().toString()));
        QVERIFY(page->findChild<QPushButton*>(QStringLiteral("edlStart"))->isEnabled());

        type(page, QStringLiteral("edlDevices"), QStringLiteral("cuda:3"));
        QVERIFY(click(page, QStringLiteral("edlStart")));
        QVERIFY(ended.wait(120000));
        QCOMPARE(ended.first().first().toString(), QStringLiteral("failed"));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(2));
        const auto& failed = runs[0].status == store::RunStatus::Done ? runs[1] : runs[0];
        QCOMPARE(failed.status, store::RunStatus::Failed);
        QVERIFY2(failed.error.find("no worker could start") != std::string::npos, failed.error.c_str());
        QVERIFY2(failed.error.find("CUDA") != std::string::npos, failed.error.c_str());
        QVERIFY2(failed.summary.find("loss") == std::string::npos, failed.summary.c_str());
        QCOMPARE(page->jobState(), QStringLiteral("failed"));
        QCOMPARE(page->currentStep(), qint64(0));
        QCOMPARE(page->activeWorkers(), 0);
    }

    // A leader that does not answer (stopped with SIGSTOP) costs the window nothing: scale and stop
    // requests return at once and the event loop keeps turning while they wait for the leader.
    void requestsToAStalledLeaderDoNotBlock()
    {
        EdlPage page;
        trainLong(&page, 1, 5);
        const std::string jobDir = edlShownJobDir(&page);
        const pid_t leader = static_cast<pid_t>(edl::readJobFile(jobDir).leaderPid);
        QVERIFY(leader > 0);
        QSignalSpy ended(&page, &EdlPage::jobEnded);
        QCOMPARE(::kill(leader, SIGSTOP), 0);

        QElapsedTimer sinceTick;
        qint64 longestGap = 0;
        QTimer tick;
        tick.setInterval(20);
        connect(&tick, &QTimer::timeout, [&] { longestGap = std::max(longestGap, sinceTick.restart()); });
        sinceTick.start();
        tick.start();
        QSignalSpy answered(&page, &EdlPage::requestFinished);
        QElapsedTimer call;
        call.start();
        QVERIFY(click(&page, QStringLiteral("edlAdd")));
        QVERIFY(removeEdlWorker(&page, QStringLiteral("w0")));
        QVERIFY(click(&page, QStringLiteral("edlStop")));
        const qint64 callMs = call.elapsed();
        QTest::qWait(3000); // the requests wait for the stopped leader meanwhile
        tick.stop();
        QCOMPARE(::kill(leader, SIGCONT), 0);
        QVERIFY2(callMs < 500, qPrintable(QStringLiteral("the requests took %1 ms to return").arg(callMs)));
        QVERIFY2(longestGap < 1000, qPrintable(QStringLiteral("the event loop stood still for %1 ms").arg(longestGap)));
        // Each request gets its answer (or its timeout) once the leader runs again.
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 3, 30000);
        // The stall was the leader's own: it fails no worker, and the job ends as it was asked to (a
        // stop that timed out while the leader stood still is asked again).
        if (ended.isEmpty() && !click(&page, QStringLiteral("edlStop"))) {
            // Stop is greyed: the page lost the job's stream while the leader stood still. Attached
            // again from its folder (Attach…, the folder typed into the dialog), then stopped.
            whenShown<QFileDialog>([jobDir](QFileDialog* dialog) {
                dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(QString::fromStdString(jobDir));
                QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
            });
            QVERIFY(click(&page, QStringLiteral("edlAttach")));
            QTRY_VERIFY_WITH_TIMEOUT(page.isAttached() && click(&page, QStringLiteral("edlStop")), 30000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 120000);
        QCOMPARE(ended.first().first().toString(), QStringLiteral("stopped"));
    }

    // Closing the session lets go of the job (it goes on), its points stay with its own run, and
    // opening that run again re-attaches to the running job.
    void sessionSwitchDetachesAndReattaches()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        const QString file = m_dir.filePath(QStringLiteral("edl-switch.vantage"));
        QVERIFY(w.createSession(file));
        auto* page = w.findChild<EdlPage*>();
        trainLong(page, 1, 20);
        const qint64 run = newestRun(*w.session(), store::RunKind::Train);
        QVERIFY(run > 0);

        w.closeSession();
        QVERIFY(!page->isAttached());
        // No run named: the chart's title says neither "live" nor a run.
        QCOMPARE(
            child<widgets::LineChart>(page, QStringLiteral("edlChart"))->chart()->title(), EdlPage::tr("Training"));
        {
            auto s = store::Session::open(file.toStdString(), store::Session::Mode::ReadOnly);
            QCOMPARE(s.run(run).status, store::RunStatus::Running); // the job goes on
            QVERIFY(s.series(run, "loss").size() >= 10);
        }

        QVERIFY(w.openSession(file));
        page->showRun(run);
        QVERIFY(page->isAttached());
        QSignalSpy ended(page, &EdlPage::jobEnded);
        QTRY_VERIFY_WITH_TIMEOUT(page->currentStep() >= 30, 60000);
        QVERIFY(click(page, QStringLiteral("edlStop")));
        QVERIFY(ended.wait(120000));
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->run(run).status != store::RunStatus::Running, 10000);
    }

    // Closing the window while a job trains asks; Cancel keeps the window, Detach lets the job go
    // on (its run stays running, held by the leader, and the next opening attaches to it again),
    // Stop the Job stops it and records it. Every answer leaves the run record true.
    void closingWhileTrainingAsks()
    {
        qunsetenv("VANTAGE_NO_DIALOGS"); // the real question, answered by clicking its buttons
        const auto restore = qScopeGuard([] { qputenv("VANTAGE_NO_DIALOGS", "1"); });
        const QString file = m_dir.filePath(QStringLiteral("edl-close.vantage"));
        qint64 run = 0;
        std::string jobId;
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(file));
            auto* page = w.findChild<EdlPage*>();
            // An earlier job that finished: the session opens on the live one all the same.
            enterEdlJob(page, QStringLiteral("mlp"), 1, 1, 256, 64);
            QSignalSpy first(page, &EdlPage::jobEnded);
            QVERIFY(click(page, QStringLiteral("edlStart")));
            QVERIFY(first.wait(120000));
            trainLong(page, 1, 10);
            if (QTest::currentTestFailed())
                return;
            run = newestRun(*w.session(), store::RunKind::Train);
            jobId = edl::readJobFile(edlShownJobDir(page)).jobId;
            w.show();
            answerWhenAsked(QStringLiteral("Cancel"));
            QVERIFY(!w.close());
            QVERIFY(page->isAttached());
            answerWhenAsked(MainWindow::tr("Detach"));
            QVERIFY(w.close());
        }
        {
            auto s = store::Session::open(file.toStdString(), store::Session::Mode::ReadOnly);
            QCOMPARE(s.run(run).status, store::RunStatus::Running); // the job goes on without the window
        }
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(file));
        auto* page = w.findChild<EdlPage*>();
        QVERIFY(page->isAttached()); // taken up again
        const QString status = child<QLabel>(page, QStringLiteral("edlStatus"))->text();
        QVERIFY2(status.contains(QString::fromStdString(jobId)), qPrintable(status)); // the run's job
        QTRY_VERIFY_WITH_TIMEOUT(page->currentStep() >= 20, 60000);
        w.show();
        // Where the leader runs and how the workers start, from the job's status; a picture is kept.
        const QString live = child<QLabel>(page, QStringLiteral("edlStatus"))->text();
        QVERIFY2(live.contains(
                     EdlPage::tr("leader on %1 · %2")
                         .arg(QSysInfo::machineHostName().toHtmlEscaped(), EdlPage::tr("workers started locally"))),
            qPrintable(live));
        w.tabs()->setCurrentWidget(page);
        QDir().mkpath(QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots"));
        w.grab().save(QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots/edl-live.png"));
        answerWhenAsked(MainWindow::tr("Stop the Job"));
        QVERIFY(w.close());
        const auto r = w.session()->run(run);
        QCOMPARE(r.status, store::RunStatus::Done);
        QVERIFY2(r.summary.find("final loss") == 0, r.summary.c_str());
        QCOMPARE(r.result.value("state", std::string()), std::string("stopped"));
        QCOMPARE(r.result.value("source", std::string()), std::string("report"));
    }

    // A job that ends while no window follows it (detached, then stopped from outside) is recorded
    // from its report when the session is opened again, not as interrupted.
    void aJobThatEndedWhileDetachedIsRecordedFromItsReport()
    {
        const QString file = m_dir.filePath(QStringLiteral("edl-detached.vantage"));
        qint64 run = 0;
        std::string jobDir;
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(file));
            auto* page = w.findChild<EdlPage*>();
            trainLong(page, 2, 10);
            if (QTest::currentTestFailed())
                return;
            run = newestRun(*w.session(), store::RunKind::Train);
            jobDir = edlShownJobDir(page);
            QVERIFY(w.close()); // no dialogs: detached
        }
        const auto address = edl::readJobFile(jobDir);
        edl::JobClient(address).stop();
        const Json report = edl::waitForJobReport(jobDir, 120);
        QVERIFY(report.is_object());
        QTRY_VERIFY_WITH_TIMEOUT(::kill(static_cast<pid_t>(address.leaderPid), 0) != 0, 30000);
        {
            // The leader held the run (this process, which started it, lives on): a reader sees it
            // interrupted until a writer records it.
            auto s = store::Session::open(file.toStdString(), store::Session::Mode::ReadOnly);
            QVERIFY(s.run(run).interrupted());
        }

        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(file));
        const auto r = w.session()->run(run);
        QCOMPARE(r.status, store::RunStatus::Done);
        QVERIFY2(!r.interrupted(), r.error.c_str());
        QCOMPARE(r.result.value("final_loss", -1.0), report.value("final_loss", -2.0));
        QCOMPARE(r.result.value("steps", std::int64_t(0)), report["status"].value("step", std::int64_t(-1)));
        QCOMPARE(w.session()->series(run, "loss").size(), report["series"]["loss"].size());
        QVERIFY(!w.findChild<EdlPage*>()->isAttached());
    }

private:
    // Clicks the button of that text on the question the window is about to ask.
    static void answerWhenAsked(const QString& text)
    {
        whenShown<QMessageBox>([text](QMessageBox* box) {
            for (auto* b : box->buttons())
                if (b->text() == text)
                    QTest::mouseClick(b, Qt::LeftButton);
        });
    }
};

QTEST_MAIN(TestEdlPage)
#include "tst_edl_page.moc"
