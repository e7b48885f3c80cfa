// The FT page's Run tab as a user drives it, offscreen: an op graph exported from a real PyTorch
// module (tests/data/ft_run/models.py, PyPI's PyTorch 2.x) is searched, the fastest strategy is
// picked, its module comes from the graph, Run This Strategy trains it on 2 processes and the
// measurement appears in the tab's table and on the chart beside its prediction; Validate Frontier
// does the same for points of the frontier; both are runs of the session, shown again from it;
// without a module nothing starts and the tab says why.

#include "ft_page.h"
#include "main_window.h"
#include "modal_answer.h"
#include "page_driver.h"
#include "pages.h"
#include "store/session.h"
#include "widgets/pareto_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

namespace {

const QString kModels = QStringLiteral(VANTAGE_SOURCE_DIR "/tests/data/ft_run/models.py");

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

int measuredMarkers(FtPage* page)
{
    int n = 0;
    for (const auto& m : child<widgets::ParetoChart>(page, QStringLiteral("ftChart"))->markers())
        n += m.kind == FtPage::tr("Measured") ? 1 : 0;
    return n;
}

QString cell(const QStandardItemModel* model, int row, int column)
{
    const QStandardItem* item = model->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

class TestFtRunTab : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;
    QString m_graph;
    QString m_why;
    qint64 m_executeRun = 0;
    QString m_session;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestFtRun"));
        const QString python = QStringLiteral(VANTAGE_TORCH2_PYTHON);
        m_graph = m_dir.filePath(QStringLiteral("mlp.json"));
        QProcess exporter;
        exporter.start(python,
            { QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/export_ft_graph.py"), "--model", kModels + ":mlp", "--input",
                "long:8", "--batch", "8", "--out", m_graph });
        if (!exporter.waitForFinished(180000) || exporter.exitCode() != 0)
            m_why = "needs PyTorch 2.x at " + python
                + " (scripts/setup-pyenv.sh): " + QString::fromUtf8(exporter.readAllStandardError());
        else
            qputenv("VANTAGE_PYTHON", python.toUtf8());
    }

    void runsThePickedStrategyAndValidates()
    {
        if (!m_why.isEmpty())
            QSKIP(qPrintable(m_why));
        MainWindow w(m_settings);
        addEnginePages(w);
        m_session = m_dir.filePath(QStringLiteral("run.vantage"));
        QVERIFY(w.createSession(m_session));
        auto* page = w.findChild<FtPage*>();
        w.tabs()->setCurrentWidget(page);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openGraphFile(page, m_graph);
        QTRY_COMPARE(child<QComboBox>(page, QStringLiteral("ftModel"))->currentData().toString(),
            QStringLiteral("file:") + m_graph);
        type(page, QStringLiteral("ftDevices"), QStringLiteral("2"));
        QCOMPARE(clickAndWait(page, &FtPage::searchFinished, QStringLiteral("ftSearch"), 300000), true);

        // The module the exporter recorded, into the tab; the fastest that fits is picked.
        showTab(page, QStringLiteral("ftDetails"), 4);
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("ftRunModule"))->text(), kModels + ":mlp");
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("ftRunInputs"))->text(), QStringLiteral("long:8"));
        child<QSpinBox>(page, QStringLiteral("ftRunSteps"))->setValue(3);
        QCOMPARE(clickAndWait(page, &FtPage::strategyRunFinished, QStringLiteral("ftRunStrategy"), 300000), true);
        auto* rows = qobject_cast<QStandardItemModel*>(child<QTableView>(page, QStringLiteral("ftRunTable"))->model());
        QCOMPARE(rows->rowCount(), 1);
        QCOMPARE(cell(rows, 0, 7), FtPage::tr("equal")); // the losses of the one-process run
        QVERIFY(!cell(rows, 0, 3).isEmpty());
        QCOMPARE(measuredMarkers(page), 1);
        QVERIFY2(child<QLabel>(page, QStringLiteral("ftRunStatus"))->text().contains(QStringLiteral("losses equal")),
            qPrintable(child<QLabel>(page, QStringLiteral("ftRunStatus"))->text()));
        const auto runs = w.session()->runs();
        QCOMPARE(runs.back().kind, store::RunKind::Execute);
        QCOMPARE(runs.back().status, store::RunStatus::Done);
        m_executeRun = runs.back().id;

        child<QSpinBox>(page, QStringLiteral("ftRunPoints"))->setValue(2);
        QCOMPARE(clickAndWait(page, &FtPage::strategyRunFinished, QStringLiteral("ftValidate"), 400000), true);
        QVERIFY(rows->rowCount() >= 2 && rows->rowCount() <= 3);
        QVERIFY(measuredMarkers(page) >= 2);
        QCOMPARE(w.session()->runs().back().kind, store::RunKind::Validate);
        QDir().mkpath(QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots"));
        w.grab().save(QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots/ft-run-tab.png"));
    }

    // Calibrate with "Strategy runner's overhead" checked: the devices and the runner's cost per ATen op
    // measured off the GUI thread, stored with the run and in the profile the cluster box gets, so
    // that the Run tab's predictions include it.
    void calibratesTheRunnersOverhead()
    {
        if (!m_why.isEmpty())
            QSKIP(qPrintable(m_why));
        qputenv("VANTAGE_EDL_WORKER", VANTAGE_EDL_WORKER_BIN);
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("calibrate.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        child<QSpinBox>(&page, QStringLiteral("ftCalDevices"))->setValue(2);
        child<QSpinBox>(&page, QStringLiteral("ftCalThreads"))->setValue(1);
        child<QSpinBox>(&page, QStringLiteral("ftCalGemm"))->setValue(64);
        auto* runner = child<QCheckBox>(&page, QStringLiteral("ftCalRunner"));
        QVERIFY(!runner->isChecked()); // off by default: no Python needed to calibrate
        runner->setChecked(true);
        QCOMPARE(clickAndWait(&page, &FtPage::calibrationFinished, QStringLiteral("ftCalibrate"), 300000), true);
        const auto runs = session.runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(runs[0].params.value("runner_overhead", false), true);
        const Json& overhead = runs[0].result.at("cluster").at("runtime_overhead");
        QVERIFY2(overhead.at("forward_us_per_aten_op").get<double>() > 0.0, overhead.dump().c_str());
        QVERIFY2(overhead.at("backward_us_per_aten_op").get<double>() > 0.0, overhead.dump().c_str());
        const QString status = child<QLabel>(&page, QStringLiteral("ftCalStatus"))->text();
        QVERIFY2(status.contains(QStringLiteral("per ATen op")), qPrintable(status));
        QCOMPARE(child<QComboBox>(&page, QStringLiteral("ftCluster"))->currentData().toString(),
            QStringLiteral("calibrated:%1").arg(runs[0].id));
    }

    void showsAStoredRun()
    {
        if (m_executeRun == 0)
            QSKIP("needs the run of runsThePickedStrategyAndValidates");
        auto session = store::Session::open(m_session.toStdString());
        FtPage page;
        page.setSession(&session);
        page.showRun(m_executeRun);
        auto* rows = qobject_cast<QStandardItemModel*>(child<QTableView>(&page, QStringLiteral("ftRunTable"))->model());
        QCOMPARE(rows->rowCount(), 1);
        QCOMPARE(cell(rows, 0, 7), FtPage::tr("equal"));
        QCOMPARE(child<QLineEdit>(&page, QStringLiteral("ftRunModule"))->text(), kModels + ":mlp");
    }

    void saysWhatIsMissing()
    {
        FtPage page;
        QVERIFY(click(&page, QStringLiteral("ftRunStrategy")));
        QVERIFY(!page.isBusy());
        QVERIFY(child<QLabel>(&page, QStringLiteral("ftRunStatus"))->text().contains(FtPage::tr("Pick a strategy")));
    }
};

QTEST_MAIN(TestFtRunTab)
#include "tst_ft_run_tab.moc"
