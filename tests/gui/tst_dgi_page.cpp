// The DGI page as a user drives it, offscreen: cut a model into layers and see the drawing, evaluate
// layer-wise against node-wise on a generated graph, and see the stored run again.

#include "dgi/graph_io.h"
#include "dgi/node_matrix.h"
#include "dgi_page.h"
#include "main_window.h"
#include "page_driver.h"
#include "pages.h"
#include "store/session.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProcess>
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
using namespace vantage::gui::testing;

namespace {

// Cuts the page's model with its button and waits for the job: true when the cut is shown.
bool cut(DgiPage* page)
{
    return clickAndWait(page, &DgiPage::partitionFinished, QStringLiteral("dgiPartition"), 60000).value_or(false);
}

// The evaluation runs of a session: a cut of the page is recorded beside them as a partition run.
std::vector<store::RunInfo> evaluations(const store::Session& session)
{
    std::vector<store::RunInfo> out;
    for (const auto& r : session.runs())
        if (r.kind == store::RunKind::Evaluate)
            out.push_back(r);
    return out;
}

// Evaluates the page's inputs with its button; true when the run is shown.
bool evaluate(DgiPage* page)
{
    return clickAndWait(page, &DgiPage::evaluationFinished, QStringLiteral("dgiEvaluate")).value_or(false);
}

// The node inspector's button is there to click: an evaluation's embeddings are held.
bool inspectable(DgiPage* page)
{
    return child<QPushButton>(page, QStringLiteral("dgiInspect"))->isEnabled();
}

QString speedupLine(DgiPage* page)
{
    return child<QLabel>(page, QStringLiteral("dgiSpeedup"))->text();
}

// The page shows a layer-wise evaluation against the node-wise baseline (how much faster, or the same).
bool showsSpeedup(DgiPage* page)
{
    return speedupLine(page).contains(QStringLiteral("node-wise"), Qt::CaseInsensitive);
}

// Everything the page shows of its inputs, cut and results.
struct Shown {
    QString graph, model, features, hidden, layers, status, speedup;
    QByteArray svg, dot;
    QStringList schema, results;
    int bars = 0;
    bool inspectable = false;
    bool operator==(const Shown&) const = default;
};

Shown shown(DgiPage* page)
{
    Shown s;
    s.graph = page->findChild<QComboBox*>(QStringLiteral("dgiGraph"))->currentText();
    s.model = page->findChild<QComboBox*>(QStringLiteral("dgiModel"))->currentText();
    s.features = page->findChild<QSpinBox*>(QStringLiteral("dgiFeatures"))->text();
    s.hidden = page->findChild<QSpinBox*>(QStringLiteral("dgiHidden"))->text();
    s.layers = page->findChild<QSpinBox*>(QStringLiteral("dgiLayers"))->text();
    s.status = page->findChild<QLabel*>(QStringLiteral("dgiStatus"))->text();
    s.speedup = page->findChild<QLabel*>(QStringLiteral("dgiSpeedup"))->text();
    const auto* cut = page->findChild<widgets::SvgView*>(QStringLiteral("dgiCut"));
    s.svg = cut->svg();
    s.dot = cut->dot();
    s.schema = cells(page->findChild<QTableView*>(QStringLiteral("dgiSchema"))->model());
    s.results = cells(page->findChild<QTableView*>(QStringLiteral("dgiResults"))->model());
    s.bars = int(page->findChild<widgets::StackedBarChart*>()->bars().size());
    s.inspectable = page->findChild<QPushButton*>(QStringLiteral("dgiInspect"))->isEnabled();
    return s;
}

// Writes scripts/write_gnn_model.py's example GNN (GCN, attention, SAGE-mean, a skip connection) with
// input width 16 and hidden width 32; empty with the reason in `why` when Python cannot.
QString writeTorchScriptModel(const QString& path, QString* why)
{
    QProcess py;
    py.start(QStringLiteral(VANTAGE_PYTHON),
        { QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/write_gnn_model.py"), QStringLiteral("--out"), path,
            QStringLiteral("--in-dim"), QStringLiteral("16"), QStringLiteral("--hidden"), QStringLiteral("32") });
    if (!py.waitForFinished(120000) || py.exitCode() != 0) {
        *why = QStringLiteral("/usr/bin/python3 cannot write a TorchScript model (python3-torch): ")
            + QString::fromUtf8(py.readAllStandardError()).left(200);
        return {};
    }
    return path;
}

// With VANTAGE_TEST_SHOTS=DIR, what the page shows is written there as PNG, to be looked at.
void shoot(QWidget& page, const QString& name)
{
    const QString dir = qEnvironmentVariable("VANTAGE_TEST_SHOTS");
    if (dir.isEmpty())
        return;
    page.resize(1280, 800);
    page.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
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

        enterDgiInputs(page, QStringLiteral("rmat:n=3000,deg=6,seed=3"), QStringLiteral("sage"), 16, 16, 2);
        // The cut is a job (a user's TorchScript file takes seconds to import and draw): the click
        // returns at once, with Cut and Evaluate greyed until it is shown.
        auto* cutButton = page->findChild<QPushButton*>(QStringLiteral("dgiPartition"));
        auto* evaluateButton = page->findChild<QPushButton*>(QStringLiteral("dgiEvaluate"));
        QSignalSpy cutDone(page, &DgiPage::partitionFinished);
        QTest::mouseClick(cutButton, Qt::LeftButton);
        QCOMPARE(dgiCutLayers(page), 0);
        QVERIFY(!cutButton->isEnabled());
        QVERIFY(!evaluateButton->isEnabled());
        QVERIFY(cutDone.wait(60000));
        QCOMPARE(cutDone.first().first().toBool(), true);
        QVERIFY(cutButton->isEnabled());
        QVERIFY(evaluateButton->isEnabled());
        QCOMPARE(dgiCutLayers(page), 2); // one layer per aggregation
        QVERIFY(dgiCutSvg(page).contains("<svg"));
        auto* schema = page->findChild<QTableView*>(QStringLiteral("dgiSchema"));
        QVERIFY(schema->model()->rowCount() >= 3); // input, the cut embedding, output

        QCOMPARE(clickAndWait(page, &DgiPage::evaluationFinished, QStringLiteral("dgiEvaluate"), 180000), true);
        QVERIFY2(showsSpeedup(page), qPrintable(speedupLine(page)));
        auto* results = page->findChild<QTableView*>(QStringLiteral("dgiResults"));
        QCOMPARE(results->model()->rowCount(), 2);

        // The cut is recorded as `dgi partition` records it, the evaluation after it.
        QCOMPARE(w.session()->runs().size(), std::size_t(2));
        const auto partition = w.session()->runs().front();
        QCOMPARE(partition.kind, store::RunKind::Partition);
        QCOMPARE(partition.status, store::RunStatus::Done);
        QCOMPARE(partition.params.value("model", std::string()), std::string("sage"));
        QCOMPARE(partition.result.value("layers", Json::array()).size(), std::size_t(2));
        const auto runs = evaluations(*w.session());
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
        QCOMPARE(QByteArray::fromStdString(w.session()->artifactData(arts[0].id)), dgiCutSvg(page));
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
        NullProgress quiet;
        const dgi::Graph graph
            = dgi::loadGraph("rmat:n=3000,deg=6,seed=3", {}, quiet, CancelToken{}); // the page's defaults: as given
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
        QVERIFY(speedupLine(page).isEmpty());
        QCOMPARE(page->findChild<QTableView*>(QStringLiteral("dgiResults"))->model()->rowCount(), 0);
        QVERIFY(!inspectable(page));
        QVERIFY(w.openSession(m_dir.filePath(QStringLiteral("dgi.vantage"))));
        // The latest finished run, shown again on opening.
        QVERIFY2(showsSpeedup(page), qPrintable(speedupLine(page)));

        DgiPage again;
        again.setSession(w.session());
        again.showRun(runs[0].id);
        QCOMPARE(speedupLine(&again), speedupLine(page));
        QCOMPARE(dgiCutSvg(&again), dgiCutSvg(page));
        QCOMPARE(w.session()->runs().size(), std::size_t(2)); // showing records nothing
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
        QVERIFY(!inspectable(&again));
    }

    // Cancel while the node-wise baseline runs keeps the layer-wise result that had finished: the
    // run is recorded done with it, and says the baseline was cancelled.
    void cancellingTheBaselineKeepsTheResult()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("dgi-cancel.vantage"))));
        auto* page = w.findChild<DgiPage*>();
        enterDgiInputs(page, QStringLiteral("rmat:n=60000,deg=8,seed=2"), QStringLiteral("sage"), 16, 16, 2);
        setChecked(page, QStringLiteral("dgiNodeWise"), true);
        QVERIFY(cut(page));
        bool cancelled = false;
        connect(page, &EnginePage::taskProgress, this, [&](double, const QString& phase) {
            if (!cancelled && phase.contains(QLatin1String("node-wise"))) { // as the window names it
                cancelled = true;
                page->cancelTask();
            }
        });
        const auto done = clickAndWait(page, &DgiPage::evaluationFinished, QStringLiteral("dgiEvaluate"), 180000);
        QVERIFY2(cancelled, "the node-wise phase was never reported");
        QCOMPARE(done, true);
        const auto runs = evaluations(*w.session());
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QVERIFY2(runs[0].result.value("cancelled_modes", Json::array()) == Json::array({ "nodewise" }),
            runs[0].result.dump().substr(0, 300).c_str());
        QCOMPARE(runs[0].result.value("mode", std::string()), std::string("layerwise"));
        QVERIFY(runs[0].summary.find("cancelled") != std::string::npos);
        // The layer-wise embeddings are there to inspect.
        QCOMPARE(clickAndWait(page, &DgiPage::nodeInspected, QStringLiteral("dgiInspect"), 60000), true);
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
        enterDgiInputs(page, edges, QStringLiteral("gcn"), 4, 4, 1);
        QVERIFY(evaluate(page));
        QVERIFY2(
            status->text().contains(QStringLiteral("3 repeated edges and 2 self-loops")), qPrintable(status->text()));
        auto runs = w.session()->runs();
        QCOMPARE(runs.back().result["graph"].value("edges", 0), 8);
        QCOMPARE(runs.back().params.value("merge_duplicates", true), false);
        // Asked: merged, and the note is left with the self-loops.
        QTest::mouseClick(merge, Qt::LeftButton);
        QVERIFY(merge->isChecked());
        QVERIFY(evaluate(page));
        QVERIFY2(
            status->text().contains(QStringLiteral("self-loops were used as given: 1")), qPrintable(status->text()));
        runs = w.session()->runs();
        QCOMPARE(runs.back().result["graph"].value("edges", 0), 5);
        QCOMPARE(runs.back().params.value("merge_duplicates", false), true);
        // Showing the first run again puts its choice back in the box.
        page->showRun(runs.front().id);
        QVERIFY(!merge->isChecked());
    }

    // A torch.export program (PyG's GCNConv(3, 2), the fuzz corpus's seed) is cut and evaluated from
    // the page as it comes: its own widths, its self-loops added by the run (a note in the status).
    void exportedProgramIsCutAndEvaluated()
    {
        const QString file = QStringLiteral(VANTAGE_SOURCE_DIR "/tests/fuzz/corpus/dgi_pt2/gcnconv.pt2");
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("pt2.vantage")).toStdString());
        DgiPage page;
        page.setSession(&session);
        enterDgiInputs(&page, QStringLiteral("rmat:n=300,deg=4,seed=1"), QStringLiteral("gcn"), 24, 48, 2);
        setChecked(&page, QStringLiteral("dgiNodeWise"), false);
        choose(&page, QStringLiteral("dgiModel"), file);
        QVERIFY(cut(&page));
        QCOMPARE(page.findChild<QSpinBox*>(QStringLiteral("dgiFeatures"))->value(), 3);
        QCOMPARE(dgiCutLayers(&page), 1);
        QVERIFY(evaluate(&page));
        const auto runs = evaluations(session);
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs.front().status, store::RunStatus::Done);
        const QString notes = QString::fromStdString(session.run(runs.front().id).result.value("notes", Json()).dump());
        QVERIFY2(notes.contains(QStringLiteral("one self-loop per node")), qPrintable(notes));
    }

    // A TorchScript model's widths and layers are its own: greyed "the model's" until it is read,
    // then the model's (16 and 32 as written), never the built-in defaults; a built-in model gets
    // its own values back; a stored run shows them again.
    void torchScriptModelShowsItsOwnWidths()
    {
        QString why;
        const QString file = writeTorchScriptModel(m_dir.filePath(QStringLiteral("example.pt")), &why);
        if (file.isEmpty())
            QSKIP(qPrintable(why));
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("widths.vantage")).toStdString());
        DgiPage page;
        page.setSession(&session);
        auto* features = page.findChild<QSpinBox*>(QStringLiteral("dgiFeatures"));
        auto* hidden = page.findChild<QSpinBox*>(QStringLiteral("dgiHidden"));
        auto* layers = page.findChild<QSpinBox*>(QStringLiteral("dgiLayers"));
        enterDgiInputs(&page, QStringLiteral("rmat:n=500,deg=4,seed=1"), QStringLiteral("gcn"), 24, 48, 2);
        setChecked(&page, QStringLiteral("dgiNodeWise"), false);
        choose(&page, QStringLiteral("dgiModel"), file);
        QVERIFY(!hidden->isEnabled() && !layers->isEnabled());
        QCOMPARE(hidden->text(), QStringLiteral("the model's"));
        QCOMPARE(layers->text(), QStringLiteral("the model's"));
        QVERIFY(cut(&page));
        QCOMPARE(features->value(), 16);
        QCOMPARE(hidden->value(), 32);
        QCOMPARE(layers->value(), dgiCutLayers(&page));
        QVERIFY(dgiCutLayers(&page) >= 3); // GCN, attention, SAGE: one layer per aggregation at least
        // A built-in model again: its own values come back, editable.
        choose(&page, QStringLiteral("dgiModel"), QStringLiteral("gcn"));
        QVERIFY(hidden->isEnabled() && layers->isEnabled());
        QCOMPARE(features->value(), 24);
        QCOMPARE(hidden->value(), 48);
        QCOMPARE(layers->value(), 2);
        // Evaluated and shown again from the session: the model's widths, not the request's defaults.
        choose(&page, QStringLiteral("dgiModel"), file);
        QVERIFY(evaluate(&page));
        const qint64 run = newestRun(session, store::RunKind::Evaluate);
        const int modelLayers = dgiCutLayers(&page);
        DgiPage again;
        again.setSession(&session);
        again.showRun(run);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("dgiFeatures"))->value(), 16);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("dgiHidden"))->value(), 32);
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("dgiLayers"))->value(), modelLayers);
        QVERIFY(!again.findChild<QSpinBox*>(QStringLiteral("dgiHidden"))->isEnabled());
    }

    // The input width follows the model and the features, as vantage-cli's --in-dim 0 does: a
    // stored cut of a TorchScript model whose x is 16 wide shows 16 (not 64); a built-in model's
    // width is "auto" and, evaluated with a features file 16 columns wide, is the file's.
    void inputWidthFollowsTheModel()
    {
        QString why;
        const QString file = writeTorchScriptModel(m_dir.filePath(QStringLiteral("narrow.pt")), &why);
        if (file.isEmpty())
            QSKIP(qPrintable(why));
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("in-dim.vantage")).toStdString());
        DgiPage page;
        page.setSession(&session);
        auto* features = child<QSpinBox>(&page, QStringLiteral("dgiFeatures"));
        QCOMPARE(features->value(), 0);
        QCOMPARE(features->text(), QStringLiteral("auto"));
        choose(&page, QStringLiteral("dgiModel"), file);
        QVERIFY(cut(&page));
        const qint64 cutRun = newestRun(session, store::RunKind::Partition);
        QCOMPARE(session.run(cutRun).params.value("in_dim", std::int64_t(-1)), std::int64_t(0)); // the page sent "auto"

        DgiPage stored;
        stored.setSession(&session);
        stored.showRun(cutRun);
        QCOMPARE(child<QComboBox>(&stored, QStringLiteral("dgiModel"))->currentText(), file);
        QCOMPARE(child<QSpinBox>(&stored, QStringLiteral("dgiFeatures"))->text(), QStringLiteral("16"));
        QCOMPARE(child<QSpinBox>(&stored, QStringLiteral("dgiHidden"))->value(), 32);
        shoot(stored, QStringLiteral("dgi-stored-cut-in-dim-16"));

        // A built-in model with features 16 wide: the run's model reads 16 columns.
        const QString npy = m_dir.filePath(QStringLiteral("x16.npy"));
        dgi::randomFeatures(300, 16, 7).saveNpy(npy.toStdString());
        choose(&page, QStringLiteral("dgiModel"), QStringLiteral("gcn"));
        QCOMPARE(features->text(), QStringLiteral("auto"));
        choose(&page, QStringLiteral("dgiGraph"), QStringLiteral("er:n=300,deg=4,seed=2"));
        auto* featuresFile = child<QLineEdit>(&page, QStringLiteral("dgiFeaturesFile"));
        QTest::keyClicks(featuresFile, npy);
        setChecked(&page, QStringLiteral("dgiNodeWise"), false);
        QVERIFY2(evaluate(&page), qPrintable(shown(&page).status));
        const store::RunInfo evaluation = session.run(newestRun(session, store::RunKind::Evaluate));
        QCOMPARE(evaluation.params.value("in_dim", std::int64_t(-1)), std::int64_t(0));
        QCOMPARE(QString::fromStdString(evaluation.params.value("features", std::string())), npy);
        QCOMPARE(evaluation.result["model"].value("in_dim", std::int64_t(0)), std::int64_t(16));
        DgiPage again;
        again.setSession(&session);
        again.showRun(evaluation.id);
        QCOMPARE(child<QSpinBox>(&again, QStringLiteral("dgiFeatures"))->text(), QStringLiteral("auto"));
        QCOMPARE(child<QLineEdit>(&again, QStringLiteral("dgiFeaturesFile"))->text(), npy);
        shoot(again, QStringLiteral("dgi-features-file-auto"));
    }

    // A cut that fails leaves no earlier drawing behind: the model's file, cut once, is replaced by
    // something that is not a model, and cut again.
    void failedCutClearsTheDrawing()
    {
        QString why;
        const QString file = writeTorchScriptModel(m_dir.filePath(QStringLiteral("replaced.pt")), &why);
        if (file.isEmpty())
            QSKIP(qPrintable(why));
        DgiPage page;
        enterDgiInputs(&page, QStringLiteral("rmat:n=500,deg=4,seed=1"), file, 16, 16, 2);
        QVERIFY2(cut(&page), qPrintable(shown(&page).status + QStringLiteral(" / ") + shown(&page).model));
        QVERIFY(dgiCutSvg(&page).contains("<svg"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write("not a model any more");
        }
        QVERIFY(!cut(&page));
        const Shown s = shown(&page);
        QVERIFY(s.svg.isEmpty() && s.dot.isEmpty() && s.schema.isEmpty());
        QCOMPARE(dgiCutLayers(&page), 0);
        QVERIFY2(s.status.startsWith(QStringLiteral("Cannot cut the model: "))
                && s.status.contains(QStringLiteral("replaced.pt")),
            qPrintable(s.status));
    }

    // A page shows only the run it names: two evaluations of different models and graphs and a
    // failed one, shown in turn; each shows its inputs, cut and results, and nothing of another.
    void showsOnlyTheRunItNames()
    {
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("dgi-runs.vantage")).toStdString());
        DgiPage page;
        page.setSession(&session);
        enterDgiInputs(&page, QStringLiteral("rmat:n=2000,deg=5,seed=4"), QStringLiteral("sage"), 8, 16, 2);
        setChecked(&page, QStringLiteral("dgiNodeWise"), true);
        QVERIFY(evaluate(&page));
        const qint64 first = newestRun(session, store::RunKind::Evaluate);
        enterDgiInputs(&page, QStringLiteral("er:n=1500,deg=4,seed=2"), QStringLiteral("gcn"), 12, 8, 1);
        setChecked(&page, QStringLiteral("dgiNodeWise"), false);
        QVERIFY(evaluate(&page));
        const qint64 second = newestRun(session, store::RunKind::Evaluate);
        // A failed evaluation: nothing of the run before stays, and the page says why.
        enterDgiInputs(&page, m_dir.filePath(QStringLiteral("missing.txt")), QStringLiteral("gcn"), 12, 8, 1);
        QCOMPARE(clickAndWait(&page, &DgiPage::evaluationFinished, QStringLiteral("dgiEvaluate"), 60000), false);
        Shown s = shown(&page);
        QVERIFY(s.svg.isEmpty() && s.results.isEmpty() && s.bars == 0 && s.speedup.isEmpty() && !s.inspectable);
        QVERIFY2(s.status.startsWith(QStringLiteral("Evaluation failed: ")), qPrintable(s.status));
        const qint64 failed = session.runs().back().id;
        QCOMPARE(session.runs().back().status, store::RunStatus::Failed);

        // Each run against what the session holds of it.
        auto check = [&](qint64 id, const QString& graph, const QString& model, const QString& features,
                         const QString& hidden, const QString& layers, int modes, Shown& s) {
            page.showRun(id);
            s = shown(&page);
            QCOMPARE(s.graph, graph);
            QCOMPARE(s.model, model);
            QCOMPARE(s.features, features);
            QCOMPARE(s.hidden, hidden);
            QCOMPARE(s.layers, layers);
            const auto arts = session.artifacts(id);
            QByteArray svg, dot;
            for (const auto& a : arts)
                (a.name == "layer_cut.dot" ? dot : svg) = QByteArray::fromStdString(session.artifactData(a.id));
            QCOMPARE(s.svg, svg);
            QCOMPARE(s.dot, dot);
            QCOMPARE(s.results.size() / 7, modes);
            QCOMPARE(s.bars, modes);
            const Json result = session.run(id).result;
            QCOMPARE(s.results.value(0), QStringLiteral("layer-wise"));
            QCOMPARE(QLocale().toLongLong(s.results.value(5)), result.value("touched_nodes", 0LL));
            QCOMPARE(s.speedup.contains(QStringLiteral("node-wise"), Qt::CaseInsensitive), modes == 2);
        };
        Shown one, two;
        check(first, QStringLiteral("rmat:n=2000,deg=5,seed=4"), QStringLiteral("sage"), "8", "16", "2", 2, one);
        check(second, QStringLiteral("er:n=1500,deg=4,seed=2"), QStringLiteral("gcn"), "12", "8", "1", 1, two);
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY(one.svg != two.svg);
        page.showRun(failed);
        s = shown(&page);
        QVERIFY(s.svg.isEmpty() && s.results.isEmpty() && s.bars == 0 && s.speedup.isEmpty());
        QVERIFY2(s.status.startsWith(QStringLiteral("Run %1 failed").arg(failed)), qPrintable(s.status));
        page.showRun(first);
        QVERIFY(shown(&page) == one);
        page.showRun(second);
        QVERIFY(shown(&page) == two);
        // Another model typed in: the cut and results of the one before are not shown for it.
        choose(&page, QStringLiteral("dgiModel"), QStringLiteral("gat"));
        s = shown(&page);
        QVERIFY(s.svg.isEmpty() && s.results.isEmpty() && s.speedup.isEmpty());
    }

    void badInputsAreReported()
    {
        DgiPage page;
        enterDgiInputs(&page, QStringLiteral("rmat:n=100,deg=4,seed=1"), QStringLiteral("no-such-model"), 8, 8, 2);
        QVERIFY(!cut(&page));
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("dgiStatus"))->text().contains(QStringLiteral("no-such-model")));
        QCOMPARE(dgiCutLayers(&page), 0);
        QVERIFY(page.findChild<QPushButton*>(QStringLiteral("dgiPartition"))->isEnabled());
    }
};

QTEST_MAIN(TestDgiPage)
#include "tst_dgi_page.moc"
