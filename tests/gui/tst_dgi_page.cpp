// The DGI page as a user drives it, offscreen: cut a model into layers and see the drawing, evaluate
// layer-wise against node-wise on a generated graph, and see the stored run again.

#include "dgi_page.h"
#include "main_window.h"
#include "pages.h"
#include "store/session.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;

class TestDgiPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestDgi"));
    }

    void cutEvaluateAndRestore()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("dgi.vantage"))));
        auto* page = w.findChild<DgiPage*>();
        QVERIFY(page);
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        page->setInputs(QStringLiteral("rmat:n=3000,deg=6,seed=3"), QStringLiteral("sage"), 16, 16, 2);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("dgiPartition")), Qt::LeftButton);
        QCOMPARE(page->layerCount(), 2); // one layer per aggregation
        QVERIFY(page->cutSvg().contains(QStringLiteral("<svg")));
        auto* schema = page->findChild<QTableView*>(QStringLiteral("dgiSchema"));
        QVERIFY(schema->model()->rowCount() >= 3); // input, the cut embedding, output

        QSignalSpy done(page, &DgiPage::evaluationFinished);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("dgiEvaluate")), Qt::LeftButton);
        QVERIFY(done.wait(180000));
        QCOMPARE(done.first().first().toBool(), true);
        QVERIFY(page->speedup() > 0.0);
        auto* results = page->findChild<QTableView*>(QStringLiteral("dgiResults"));
        QCOMPARE(results->model()->rowCount(), 2);

        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QVERIFY(runs[0].result.contains("layer_wise"));
        // Layer-wise and node-wise outputs agree.
        QVERIFY(runs[0].result.value("max_abs_difference", 1.0) < 1e-4);
        const auto arts = w.session()->artifacts(runs[0].id);
        QCOMPARE(arts.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(w.session()->artifactData(arts[0].id)), page->cutSvg());

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/dgi_page.png")));

        DgiPage again;
        again.setSession(w.session());
        again.showRun(runs[0].id);
        QCOMPARE(again.speedup(), page->speedup());
        QCOMPARE(again.cutSvg(), page->cutSvg());
        QCOMPARE(w.session()->runs().size(), std::size_t(1));
    }

    void badInputsAreReported()
    {
        DgiPage page;
        page.setInputs(QStringLiteral("rmat:n=100,deg=4,seed=1"), QStringLiteral("no-such-model"), 8, 8, 2);
        QVERIFY(!page.partitionModel());
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("dgiStatus"))->text().contains(QStringLiteral("no-such-model")));
    }
};

QTEST_MAIN(TestDgiPage)
#include "tst_dgi_page.moc"
