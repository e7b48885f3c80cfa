// The DGI page as a user drives it, offscreen: cut a model into layers and see the drawing, evaluate
// layer-wise against node-wise on a generated graph, and see the stored run again.

#include "dgi/graph_io.h"
#include "dgi_page.h"
#include "main_window.h"
#include "pages.h"
#include "store/session.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;

namespace {

// Cuts the page's model as the button does and waits for the job: true when the cut is shown.
bool cut(DgiPage* page)
{
    QSignalSpy done(page, &DgiPage::partitionFinished);
    if (!page->partitionModel())
        return false;
    return done.wait(60000) && done.first().first().toBool();
}

} // namespace

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
        // The cut is a job (a user's TorchScript file takes seconds to import and draw): the click
        // returns at once, with Cut and Evaluate greyed until it is shown.
        auto* cutButton = page->findChild<QPushButton*>(QStringLiteral("dgiPartition"));
        auto* evaluateButton = page->findChild<QPushButton*>(QStringLiteral("dgiEvaluate"));
        QSignalSpy cutDone(page, &DgiPage::partitionFinished);
        QTest::mouseClick(cutButton, Qt::LeftButton);
        QCOMPARE(page->layerCount(), 0);
        QVERIFY(!cutButton->isEnabled());
        QVERIFY(!evaluateButton->isEnabled());
        QVERIFY(cutDone.wait(60000));
        QCOMPARE(cutDone.first().first().toBool(), true);
        QVERIFY(cutButton->isEnabled());
        QVERIFY(evaluateButton->isEnabled());
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
        // The recipe's shape: the reference mode at the top, the others under "compare".
        QCOMPARE(runs[0].result.value("mode", std::string()), std::string("layerwise"));
        QCOMPARE(runs[0].result["compare"].size(), std::size_t(1));
        QCOMPARE(runs[0].result["compare"][0].value("mode", std::string()), std::string("nodewise"));
        // Layer-wise and node-wise outputs agree.
        QVERIFY(runs[0].result["compare"][0].value("max_abs_diff", 1.0) < 1e-4);
        // The cut is stored as drawn and as its Graphviz source.
        const auto arts = w.session()->artifacts(runs[0].id);
        QCOMPARE(arts.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(w.session()->artifactData(arts[0].id)), page->cutSvg());
        QCOMPARE(arts[1].name, std::string("layer_cut.dot"));
        const QByteArray dot = page->findChild<widgets::SvgView*>(QStringLiteral("dgiCut"))->dot();
        QVERIFY(dot.startsWith("digraph"));
        QCOMPARE(QByteArray::fromStdString(w.session()->artifactData(arts[1].id)), dot);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/dgi_page.png")));

        // Layer-wise computes each of the 3000 rows once per layer; node-wise recomputes many.
        auto* resultModel = results->model();
        QCOMPARE(resultModel->headerData(5, Qt::Horizontal).toString(), QStringLiteral("Rows computed"));
        QCOMPARE(QLocale().toLongLong(resultModel->index(0, 5).data().toString()), 6000LL);
        QVERIFY(QLocale().toLongLong(resultModel->index(1, 5).data().toString()) > 6000LL);
        QVERIFY(
            QLocale().toLongLong(resultModel->index(0, 4).data().toString()) >= 2); // batches: one per layer at least
        // The time chart in seconds, then as shares.
        auto* scale = page->findChild<QComboBox*>(QStringLiteral("dgiTimeScale"));
        auto* times = page->findChild<widgets::StackedBarChart*>();
        QCOMPARE(times->scale(), widgets::StackedBarChart::Scale::Absolute);
        scale->setCurrentIndex(1);
        QCOMPARE(times->scale(), widgets::StackedBarChart::Scale::Shares);
        QCOMPARE(times->bars().size(), 2);

        // The node inspector: the hub's neighbourhood per hop, as the graph has it, and its embedding.
        const dgi::Graph graph = dgi::loadGraph("rmat:n=3000,deg=6,seed=3"); // the page's defaults: as given
        std::int64_t hub = 0;
        for (std::int64_t v = 0; v < graph.numNodes(); ++v)
            if (graph.inDegree(v) > graph.inDegree(hub))
                hub = v;
        page->findChild<QTabWidget*>()->setCurrentIndex(2);
        auto* hubButton = page->findChild<QPushButton*>(QStringLiteral("dgiHub"));
        QVERIFY(hubButton->isEnabled());
        QSignalSpy inspected(page, &DgiPage::nodeInspected);
        QTest::mouseClick(hubButton, Qt::LeftButton);
        QVERIFY(inspected.wait(60000));
        QCOMPARE(inspected.first().first().toBool(), true);
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("dgiNode"))->value(), int(hub));
        const auto expected = dgi::hopSizes(graph, hub, 2);
        auto* hops = page->findChild<QTableView*>(QStringLiteral("dgiHops"))->model();
        QCOMPARE(hops->rowCount(), 3);
        for (int h = 0; h < 3; ++h)
            QCOMPARE(QLocale().toLongLong(hops->index(h, 1).data().toString()), expected[std::size_t(h)]);
        auto* embedding = page->findChild<QTableView*>(QStringLiteral("dgiEmbedding"))->model();
        QCOMPARE(embedding->rowCount(), 16);
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("dgiNodeStatus"))
                    ->text()
                    .contains(QStringLiteral("in-degree %1").arg(graph.inDegree(hub))));
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/dgi_node.png")));

        // Another session: no results of this one shown, nothing to inspect.
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("other.vantage"))));
        QCOMPARE(page->speedup(), 0.0);
        QCOMPARE(page->findChild<QTableView*>(QStringLiteral("dgiResults"))->model()->rowCount(), 0);
        QVERIFY(!page->inspectNode(0));
        QVERIFY(w.openSession(m_dir.filePath(QStringLiteral("dgi.vantage"))));
        QVERIFY(page->speedup() > 0.0); // the latest finished run, shown again on opening

        DgiPage again;
        again.setSession(w.session());
        again.showRun(runs[0].id);
        QCOMPARE(again.speedup(), page->speedup());
        QCOMPARE(again.cutSvg(), page->cutSvg());
        QCOMPARE(w.session()->runs().size(), std::size_t(1));
        // The inputs and the results table come back from the store; the inspector has nothing to show.
        QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("dgiGraph"))->currentText(),
            QStringLiteral("rmat:n=3000,deg=6,seed=3"));
        QCOMPARE(again.findChild<QComboBox*>(QStringLiteral("dgiModel"))->currentText(), QStringLiteral("sage"));
        auto* againResults = again.findChild<QTableView*>(QStringLiteral("dgiResults"))->model();
        QCOMPARE(againResults->rowCount(), 2);
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < againResults->columnCount(); ++c)
                QCOMPARE(againResults->index(r, c).data(), resultModel->index(r, c).data());
        QCOMPARE(again.findChild<widgets::SvgView*>(QStringLiteral("dgiCut"))->dot(), dot);
        QVERIFY(!again.inspectNode(0));
        QVERIFY(!again.findChild<QPushButton*>(QStringLiteral("dgiInspect"))->isEnabled());
    }

    // Cancel while the node-wise baseline runs keeps the layer-wise result that had finished: the
    // run is recorded done with it, and says the baseline was cancelled.
    void cancellingTheBaselineKeepsTheResult()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("dgi-cancel.vantage"))));
        auto* page = w.findChild<DgiPage*>();
        page->setInputs(QStringLiteral("rmat:n=60000,deg=8,seed=2"), QStringLiteral("sage"), 16, 16, 2);
        page->setCompareNodeWise(true);
        QVERIFY(cut(page));
        bool cancelled = false;
        connect(page, &EnginePage::jobProgress, this, [&](double, const QString& phase) {
            if (!cancelled && phase.contains(QLatin1String("node-wise"))) { // as the window names it
                cancelled = true;
                page->cancelJob();
            }
        });
        QSignalSpy done(page, &DgiPage::evaluationFinished);
        QVERIFY(page->startEvaluation());
        QVERIFY(done.wait(180000));
        QVERIFY2(cancelled, "the node-wise phase was never reported");
        QCOMPARE(done.first().first().toBool(), true);
        const auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QVERIFY2(runs[0].result.value("cancelled_modes", Json::array()) == Json::array({ "nodewise" }),
            runs[0].result.dump().substr(0, 300).c_str());
        QCOMPARE(runs[0].result.value("mode", std::string()), std::string("layerwise"));
        QVERIFY(runs[0].summary.find("cancelled") != std::string::npos);
        QVERIFY(page->inspectNode(0)); // the layer-wise embeddings are there to inspect
    }

    void edgesAreUsedAsGivenUnlessAsked()
    {
        // A user's edge list with (0, 1) three times and (2, 2) twice.
        const QString edges = m_dir.filePath(QStringLiteral("repeats.txt"));
        QFile f(edges);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("0 1\n0 1\n1 2\n0 1\n2 2\n2 2\n3 0\n2 3\n");
        f.close();
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("repeats.vantage"))));
        auto* page = w.findChild<DgiPage*>();
        w.tabs()->setCurrentWidget(page);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* merge = page->findChild<QCheckBox*>(QStringLiteral("dgiMergeDuplicates"));
        auto* loops = page->findChild<QCheckBox*>(QStringLiteral("dgiSelfLoops"));
        auto* symmetrize = page->findChild<QCheckBox*>(QStringLiteral("dgiSymmetrize"));
        auto* status = page->findChild<QLabel*>(QStringLiteral("dgiStatus"));
        // Nothing is changed by default.
        QVERIFY(!merge->isChecked() && !loops->isChecked() && !symmetrize->isChecked());
        page->setInputs(edges, QStringLiteral("gcn"), 4, 4, 1);
        auto evaluate = [&] {
            QSignalSpy done(page, &DgiPage::evaluationFinished);
            QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("dgiEvaluate")), Qt::LeftButton);
            QVERIFY(done.wait(60000));
            QCOMPARE(done.first().first().toBool(), true);
        };
        evaluate();
        QVERIFY2(
            status->text().contains(QStringLiteral("3 repeated edges and 2 self-loops")), qPrintable(status->text()));
        auto runs = w.session()->runs();
        QCOMPARE(runs.back().result["graph"].value("edges", 0), 8);
        QCOMPARE(runs.back().params.value("merge_duplicates", true), false);
        // Asked: merged, and the note is left with the self-loops.
        QTest::mouseClick(merge, Qt::LeftButton);
        QVERIFY(merge->isChecked());
        evaluate();
        QVERIFY2(
            status->text().contains(QStringLiteral("self-loops were used as given: 1")), qPrintable(status->text()));
        runs = w.session()->runs();
        QCOMPARE(runs.back().result["graph"].value("edges", 0), 5);
        QCOMPARE(runs.back().params.value("merge_duplicates", false), true);
        // Showing the first run again puts its choice back in the box.
        page->showRun(runs.front().id);
        QVERIFY(!merge->isChecked());
    }

    void badInputsAreReported()
    {
        DgiPage page;
        page.setInputs(QStringLiteral("rmat:n=100,deg=4,seed=1"), QStringLiteral("no-such-model"), 8, 8, 2);
        QVERIFY(!cut(&page));
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("dgiStatus"))->text().contains(QStringLiteral("no-such-model")));
        QCOMPARE(page.layerCount(), 0);
        QVERIFY(page.findChild<QPushButton*>(QStringLiteral("dgiPartition"))->isEnabled());
    }
};

QTEST_MAIN(TestDgiPage)
#include "tst_dgi_page.moc"
