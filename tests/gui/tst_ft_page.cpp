// The FT page as a user drives it, offscreen: choose inputs, click Search, see the frontiers,
// pick a strategy, see its table, breakdown and drawing; the search and the pick are runs of the
// session, and a stored run is shown again without searching.

#include "ft_page.h"
#include "main_window.h"
#include "modal_answer.h"
#include "pages.h"
#include "session_runs_model.h"
#include "store/session.h"
#include "widgets/pareto_chart.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;

namespace {

// "From JSON…" through the real file dialog: the path typed into its name field, as a user does,
// then Open.
void openGraphFile(FtPage* page, const QString& path)
{
    whenShown<QFileDialog>([path](QFileDialog* dialog) {
        if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
            name->setText(path);
        else
            dialog->selectFile(path);
        QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
    });
    QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftModelFile")), Qt::LeftButton);
}

} // namespace

class TestFtPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestFt"));
    }

    void searchPickExportAndRestore()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        const QString path = m_dir.filePath(QStringLiteral("ft.vantage"));
        QVERIFY(w.createSession(path));
        auto* page = w.findChild<FtPage*>();
        QVERIFY(page);
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        page->setInputs(QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("4,8"), 0.0);
        QSignalSpy done(page, &FtPage::searchFinished);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(done.wait(120000));
        QCOMPARE(done.first().first().toBool(), true);
        QCOMPARE(page->frontierCount(), 2);
        QVERIFY(page->pointCount(0) >= 1);
        QVERIFY(page->pointCount(1) >= 1);

        // The chart shows one series per device count plus the baselines.
        auto* chart = page->findChild<widgets::ParetoChart*>();
        QCOMPARE(chart->frontiers().size(), 2);
        QCOMPARE(chart->frontiers()[1].points.size(), page->pointCount(1));

        // The search is a done run of the session, listed by the browser.
        auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].engine, store::Engine::Ft);
        QCOMPARE(runs[0].kind, store::RunKind::Search);
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(w.runsModel()->rowCount(), 1);

        // Click a point of the 8-device frontier that no 4-device point hides, once the chart is drawn.
        QTest::qWait(200);
        int last = -1;
        for (int i = page->pointCount(1) - 1; i >= 0 && last < 0; --i) {
            const QPoint at = chart->pointPosition(1, chart->frontiers()[1].points[i].id);
            bool clear = true;
            for (const auto& other : chart->frontiers()[0].points)
                clear = clear && (chart->pointPosition(0, other.id) - at).manhattanLength() > 16;
            if (clear)
                last = i;
        }
        QVERIFY(last >= 0);
        const int strategyId = chart->frontiers()[1].points[last].id;
        QSignalSpy picked(chart, &widgets::ParetoChart::pointPicked);
        QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, chart->pointPosition(1, strategyId));
        QVERIFY(picked.wait(2000));
        QCOMPARE(page->pickedFrontier(), 1);
        QCOMPARE(page->pickedStrategy(), strategyId);

        // Its details: one table row per op, a strategy JSON matching the point, a drawing.
        auto* table = page->findChild<QTableView*>(QStringLiteral("ftOpTable"));
        const auto doc = QJsonDocument::fromJson(page->strategyJson().toUtf8()).object();
        QCOMPARE(table->model()->rowCount(), doc[QStringLiteral("ops")].toArray().size());
        QVERIFY(table->model()->rowCount() > 10);
        QCOMPARE(doc[QStringLiteral("devices")].toInt(), 8);
        const auto& p = chart->frontiers()[1].points[last];
        QVERIFY(std::abs(doc[QStringLiteral("time")].toDouble() - p.x) <= 1e-9 * p.x);
        QVERIFY(std::abs(doc[QStringLiteral("memory")].toDouble() / (1024.0 * 1024.0 * 1024.0) - p.y) <= 1e-9 * p.y);
        QVERIFY(page->graphSvg().contains(QStringLiteral("<svg")));

        // The pick is a run with the exported strategy as an artifact.
        runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[1].kind, store::RunKind::Pick);
        const auto arts = w.session()->artifacts(runs[1].id);
        QCOMPARE(arts.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(w.session()->artifactData(arts[0].id)), page->strategyJson());

        // The budget slider marks the fastest strategy within the budget.
        auto* budget = page->findChild<QSlider*>(QStringLiteral("ftBudget"));
        budget->setValue(budget->maximum());
        const auto fits = chart->withinBudget();
        QCOMPARE(fits.size(), 2);
        QCOMPARE(fits[0], chart->frontiers()[0].points.first().id);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        budget->setValue(budget->maximum() / 2);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/ft_page.png")));

        // A fresh page shows the stored pick as it was, without searching again.
        FtPage again;
        again.setSession(w.session());
        again.showRun(runs[1].id);
        QVERIFY(again.hasResult());
        QCOMPARE(again.frontierCount(), 2);
        QCOMPARE(again.pointCount(1), page->pointCount(1));
        QCOMPARE(again.pickedStrategy(), strategyId);
        // Same strategy: the same configuration per op and the same totals (the cluster profile went
        // through JSON, so compare numbers to the last few bits).
        const auto restored = QJsonDocument::fromJson(again.strategyJson().toUtf8()).object();
        const auto ops = doc[QStringLiteral("ops")].toArray();
        const auto restoredOps = restored[QStringLiteral("ops")].toArray();
        QCOMPARE(restoredOps.size(), ops.size());
        for (int i = 0; i < ops.size(); ++i)
            QCOMPARE(restoredOps[i].toObject()[QStringLiteral("config")], ops[i].toObject()[QStringLiteral("config")]);
        for (const char* key : { "time", "memory" }) {
            const double x = doc[QLatin1String(key)].toDouble(), y = restored[QLatin1String(key)].toDouble();
            QVERIFY2(std::abs(x - y) <= 1e-12 * std::abs(x), key);
        }
        QCOMPARE(w.session()->runs().size(), std::size_t(2));

        // Another session: the page starts empty (no pick against a search the session lacks), and
        // coming back shows this session's latest finished run again.
        const QString first = w.session()->path().c_str();
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("other.vantage"))));
        QVERIFY(!page->hasResult());
        QCOMPARE(page->frontierCount(), 0);
        QVERIFY(page->strategyJson().isEmpty());
        QVERIFY(!page->findChild<QPushButton*>(QStringLiteral("ftExport"))->isEnabled());
        QVERIFY(w.openSession(first));
        QVERIFY(page->hasResult());
        QCOMPARE(page->pickedStrategy(), strategyId);
    }

    // A user's PyTorch model: torchvision's resnet50 exported by scripts/export_ft_graph.py, opened
    // with "From JSON…" through the real file dialog, searched, and its batch taken from the file.
    void opensAnExportedPyTorchModel()
    {
        const QString graph = m_dir.filePath(QStringLiteral("resnet50.json"));
        QProcess py;
        py.start(QStringLiteral(VANTAGE_TORCH2_PYTHON),
            { QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/export_ft_graph.py"), "--model",
                "torchvision.models:resnet50", "--input", "float:3,224,224", "--batch", "64", "--out", graph });
        QVERIFY(py.waitForFinished(300000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("ft-export.vantage"))));
        auto* page = w.findChild<FtPage*>();
        w.tabs()->setCurrentWidget(page);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openGraphFile(page, graph);
        auto* model = page->findChild<QComboBox*>(QStringLiteral("ftModel"));
        QTRY_COMPARE(model->currentData().toString(), QStringLiteral("file:") + graph);
        QVERIFY(model->currentText().contains(QStringLiteral("resnet50")));
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 64); // the file's batch
        page->findChild<QLineEdit*>(QStringLiteral("ftDevices"))->setText(QStringLiteral("8"));
        QSignalSpy done(page, &FtPage::searchFinished);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(done.wait(300000));
        QCOMPARE(done.first().first().toBool(), true);
        QCOMPARE(page->frontierCount(), 1);
        QVERIFY(page->pointCount(0) >= 1);
        auto runs = w.session()->runs();
        QCOMPARE(runs.back().result.value("parameters", 0LL), 25557032LL); // torchvision's count
        const qint64 resnetRun = runs.back().id;

        // A second file in the box: each item searches its own graph (one kept for all searched
        // the file loaded last, whichever item was picked).
        const QString small = m_dir.filePath(QStringLiteral("small.json"));
        {
            QFile f(small);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"name": "small", "ops": [{"name": "fc", "kind": "linear", "batch": 16, "features": 8, "out": 4},
 {"name": "loss", "kind": "loss", "inputs": ["fc"]}]})");
        }
        openGraphFile(page, small);
        QTRY_COMPARE(model->currentData().toString(), QStringLiteral("file:") + small);
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 16);
        model->setCurrentIndex(model->findData(QStringLiteral("file:") + graph));
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 64);
        done.clear();
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(done.wait(300000));
        runs = w.session()->runs();
        QCOMPARE(runs.back().result.value("parameters", 0LL), 25557032LL); // resnet50's, not small's 36

        // The stored run shows the file it read (not the zoo's first model) and searches its graph
        // again with the file gone.
        QVERIFY(QFile::remove(graph));
        FtPage again;
        again.setSession(w.session());
        again.showRun(resnetRun);
        auto* againModel = again.findChild<QComboBox*>(QStringLiteral("ftModel"));
        QCOMPARE(againModel->currentData().toString(), QStringLiteral("file:") + graph);
        QVERIFY(againModel->currentText().contains(QStringLiteral("resnet50")));
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 64);
        QSignalSpy againDone(&again, &FtPage::searchFinished);
        QVERIFY(again.startSearch());
        QVERIFY(againDone.wait(300000));
        QCOMPARE(againDone.first().first().toBool(), true);
        QCOMPARE(w.session()->runs().back().result.value("parameters", 0LL), 25557032LL);
    }

    void badDevicesAreReported()
    {
        FtPage page;
        page.setInputs(QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("8,zero"), 0.0);
        QVERIFY(!page.startSearch());
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("ftStatus"))->text().contains(QStringLiteral("zero")));
    }

    void cancelMarksRunCancelled()
    {
        const QString path = m_dir.filePath(QStringLiteral("cancel.vantage"));
        auto session = store::Session::create(path.toStdString());
        FtPage page;
        page.setSession(&session);
        page.setInputs(
            QStringLiteral("gpt3-175b"), 1536, QStringLiteral("h200x8"), QStringLiteral("64,128,256,512,1024"), 0.0);
        QSignalSpy done(&page, &FtPage::searchFinished);
        QVERIFY(page.startSearch());
        QVERIFY(page.isBusy());
        page.cancelJob();
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().first().toBool(), false);
        QCOMPARE(session.runs().size(), std::size_t(1));
        QCOMPARE(session.runs()[0].status, store::RunStatus::Cancelled);
    }

    // A window destroyed while its search runs (a quit from elsewhere than its close button, as
    // the start-up benchmark does) cancels the search and records it before its session closes;
    // the search's thread once wrote into the freed session and crashed.
    void destroyedWhileSearching()
    {
        const QString file = m_dir.filePath(QStringLiteral("ft-destroyed.vantage"));
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(file));
            auto* page = w.findChild<FtPage*>();
            page->setInputs(
                QStringLiteral("transformer-base"), 64, QStringLiteral("a100x8"), QStringLiteral("8,16,32,64"), 0.0);
            QVERIFY(page->startSearch());
            QVERIFY(page->isBusy());
            QTest::qWait(200);
        }
        auto s = store::Session::open(file.toStdString(), store::Session::Mode::ReadOnly);
        const auto runs = s.runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QVERIFY2(runs[0].status == store::RunStatus::Cancelled || runs[0].status == store::RunStatus::Done,
            runs[0].error.c_str());
    }
};

QTEST_MAIN(TestFtPage)
#include "tst_ft_page.moc"
