// The EDL page as a user drives it, offscreen: start a real local job of two CPU workers, watch
// steps arrive, add a worker and remove one while it trains, and find the job as a run of the
// session with its loss curve and scale events when it ends.

#include "edl_page.h"
#include "main_window.h"
#include "pages.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;

class TestEdlPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestEdl"));
        qputenv("VANTAGE_EDL_WORKER", VANTAGE_EDL_WORKER);
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

        page->setJob(QStringLiteral("mlp"), 2, 4, 4096, 64);
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
        QVERIFY(page->removeWorker(QStringLiteral("w0")));
        QTRY_COMPARE_WITH_TIMEOUT(page->activeWorkers(), 2, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(page->scaleEventCount() >= 2, 30000);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/edl_page.png")));

        QVERIFY(ended.wait(180000));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].engine, std::string("edl"));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QVERIFY(runs[0].result.value("scale_events", Json::array()).size() >= 2);
        QVERIFY(runs[0].summary.find("final loss") == 0);
        QVERIFY(w.session()->series(runs[0].id, "loss").size() >= 10);

        // An ended job is drawn again from the store.
        EdlPage again;
        again.setSession(w.session());
        again.showRun(runs[0].id);
        QVERIFY(!again.isAttached());
        QVERIFY(again.findChild<widgets::LineChart*>(QStringLiteral("edlChart"))->points(EdlPage::tr("loss")).size() >= 10);
        QCOMPARE(again.scaleEventCount(), page->scaleEventCount());
    }
};

QTEST_MAIN(TestEdlPage)
#include "tst_edl_page.moc"
