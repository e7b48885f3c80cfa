// Comparing real runs of each LibTorch engine, written by vantage-cli into one session: PPAC
// trainings (loss curves, metric tables) and re-rankings (the bias curves over the knobs), DGI
// evaluations (times, speedups, per-layer time), EDL jobs (throughput curves, final losses). Every
// line drawn and every table cell is checked against the store.

#include "../cli/cli_harness.h"
#include "compare_view.h"
#include "dgi_page.h"
#include "edl_page.h"
#include "number_format.h"
#include "page_driver.h"
#include "ppac_page.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QLabel>
#include <QLocale>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace vantage;
using namespace vantage::gui;

namespace {

cli_harness::Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 240000);
}

// The table as field -> (value per run column, bold).
struct Row {
    QStringList values;
    bool bold = false;
};

std::map<QString, Row> tableOf(const CompareView& view)
{
    std::map<QString, Row> rows;
    const QStandardItemModel* m = view.table();
    for (int r = 0; r < m->rowCount(); ++r) {
        Row row;
        for (int c = 1; c < m->columnCount(); ++c)
            row.values << m->item(r, c)->text();
        row.bold = m->item(r, 0)->font().bold();
        rows[m->item(r, 0)->text()] = row;
    }
    return rows;
}

} // namespace

class TestCompareEngines : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_session;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    std::vector<qint64> runsOf(const std::string& engine, const std::string& kind) const
    {
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        std::vector<qint64> ids;
        for (const auto& r : s.runs())
            if (vantage::enumName(r.engine) == engine && vantage::enumName(r.kind) == kind
                && r.status == store::RunStatus::Done)
                ids.push_back(r.id);
        return ids;
    }

    // Every run's series `name` is drawn as one line with exactly the stored points.
    void checkSeriesTab(
        const CompareView& view, const store::Session& s, const std::vector<qint64>& ids, const std::string& name)
    {
        auto* chart
            = view.findChild<widgets::LineChart*>(QStringLiteral("compareSeries_") + QString::fromStdString(name));
        QVERIFY2(chart, name.c_str());
        const QStringList lines = chart->seriesNames();
        QCOMPARE(lines.size(), qsizetype(ids.size()));
        for (qint64 id : ids) {
            const auto stored = s.series(id, name);
            QString line;
            for (const auto& l : lines)
                if (l.startsWith(QStringLiteral("#%1 ").arg(id)))
                    line = l;
            QVERIFY2(!line.isEmpty(), qPrintable(lines.join(QLatin1Char('|'))));
            const auto drawn = chart->points(line);
            QCOMPARE(drawn.size(), qsizetype(stored.size()));
            for (std::size_t i = 0; i < stored.size(); ++i) {
                QCOMPARE(drawn[qsizetype(i)].x(), stored[i].step);
                QCOMPARE(drawn[qsizetype(i)].y(), stored[i].value);
            }
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_session = path(QStringLiteral("compare.vantage"));
        auto r = cli({ "ppac", "generate", "--out", path("data"), "--users", "300", "--items", "150", "--communities",
            "5", "--mean-interactions", "15", "--seed", "3" });
        QVERIFY2(r.code == 0, r.err.constData());
        for (const bool ppac : { false, true }) {
            QStringList args{ "--session", m_session, "ppac", "train", "--dataset", path("data"), "--architecture",
                "mf", "--epochs", "3", "--dim", "16", "--batch-size", "1024", "--lr", "0.005", "--threads", "1" };
            if (ppac)
                args << "--ppac"
                     << "--save" << path("ppac.vppac");
            else
                args << "--base";
            r = cli(args);
            QVERIFY2(r.code == 0, r.err.constData());
        }
        for (const char* betas : { "0,-0.5", "0,-1,-2" }) {
            r = cli({ "--session", m_session, "ppac", "rerank", "--model", path("ppac.vppac"), "--gamma", "0", "--beta",
                betas });
            QVERIFY2(r.code == 0, r.err.constData());
        }
        for (const char* model : { "gcn", "sage" }) {
            r = cli({ "--session", m_session, "dgi", "eval", "--graph", "rmat:n=1500,deg=4,seed=5", "--model", model,
                "--in-dim", "8", "--hidden", "16", "--layers", "2", "--mode", "layerwise,nodewise", "--node-batch",
                "100" });
            QVERIFY2(r.code == 0, r.err.constData());
        }
        for (const char* workers : { "1", "2" }) {
            r = cli({ "--session", m_session, "edl", "run", "--workers", workers, "--epochs", "1", "--samples", "1024",
                "--batch", "32", "--hidden", "16", "--job-dir", path(QStringLiteral("job-") + workers),
                "--worker-binary", QStringLiteral(VANTAGE_EDL_WORKER_BIN) });
            QVERIFY2(r.code == 0, r.err.constData());
        }
    }

    void ppacTrainings()
    {
        const auto ids = runsOf("ppac", "train");
        QCOMPARE(ids.size(), std::size_t(2));
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        CompareView view;
        view.setRuns(s, ids);
        checkSeriesTab(view, s, ids, "loss");
        const auto table = tableOf(view);
        const std::vector<std::pair<const char*, const char*>> metrics{ { "full", "recall@20" }, { "full", "ndcg@20" },
            { "balanced", "arp@20" } };
        for (const auto& [split, metric] : metrics) {
            const QString key = QStringLiteral("result.metrics.%1.%2").arg(split, metric);
            QVERIFY2(table.count(key), qPrintable(key));
            for (std::size_t c = 0; c < ids.size(); ++c)
                QCOMPARE(table.at(key).values[qsizetype(c)],
                    QString::number(s.run(ids[c]).result["metrics"][split][metric].get<double>(), 'g', 6));
        }
        // The models differ (plain MF against PPAC-MF): in bold.
        QVERIFY(table.at(QStringLiteral("result.model")).bold);

        // The PPAC page rebuilds a CLI training from the session (data from its dataset folder, the
        // model from its artifact) and re-ranks to the metrics the CLI recorded.
        PpacPage page;
        page.setSession(&s);
        page.showRun(ids[1]);
        QTRY_VERIFY_WITH_TIMEOUT(testing::ppacHasModel(&page), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!testing::ppacMetric(&page, QStringLiteral("Recall")).isEmpty(), 60000);
        const Json full = s.run(ids[1]).result["metrics"]["full"];
        // As the table shows them (four decimals).
        QCOMPARE(
            testing::ppacMetric(&page, QStringLiteral("Recall")), formatNumber(full["recall@20"].get<double>(), 4));
        QCOMPARE(testing::ppacMetric(&page, QStringLiteral("ARP")), formatNumber(full["arp@20"].get<double>(), 4));
    }

    void ppacBiasCurves()
    {
        const auto ids = runsOf("ppac", "rerank");
        QCOMPARE(ids.size(), std::size_t(2));
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        CompareView view;
        view.setRuns(s, ids);
        checkSeriesTab(view, s, ids, "arp@20");
        checkSeriesTab(view, s, ids, "recall@20");
        // Lowering beta lowers ARP along each curve.
        const auto arp = s.series(ids[1], "arp@20");
        QVERIFY(arp.back().value < arp.front().value);
    }

    void dgiEvaluations()
    {
        const auto ids = runsOf("dgi", "evaluate");
        QCOMPARE(ids.size(), std::size_t(2));
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        CompareView view;
        view.setRuns(s, ids);
        checkSeriesTab(view, s, ids, "layer_time_s/layerwise");
        const auto table = tableOf(view);
        for (const char* key : { "result.total_s", "result.speedup.nodewise" })
            QVERIFY2(table.count(QString::fromLatin1(key)), key);
        for (std::size_t c = 0; c < ids.size(); ++c) {
            const Json r = s.run(ids[c]).result;
            QCOMPARE(table.at(QStringLiteral("result.total_s")).values[qsizetype(c)],
                QString::number(r["total_s"].get<double>(), 'g', 6));
            QCOMPARE(table.at(QStringLiteral("result.speedup.nodewise")).values[qsizetype(c)],
                QString::number(r["speedup"]["nodewise"].get<double>(), 'g', 6));
        }
        QVERIFY(table.at(QStringLiteral("params.model")).bold);

        // The DGI page shows runs that vantage-cli recorded as it shows its own.
        DgiPage page;
        page.setSession(&s);
        for (qint64 id : ids) {
            page.showRun(id);
            // The speedup as the page words it, from the stored value.
            const QString line = page.findChild<QLabel*>(QStringLiteral("dgiSpeedup"))->text();
            const double speedup = s.run(id).result["speedup"]["nodewise"].get<double>();
            const QString factor = std::abs(std::log(speedup)) < std::log(1.05)
                ? QStringLiteral("about the same time")
                : QLocale().toString(speedup >= 1.0 ? speedup : 1.0 / speedup, 'f', 1) + QStringLiteral("×");
            QVERIFY2(line.contains(factor), qPrintable(line));
            auto* results = page.findChild<QTableView*>(QStringLiteral("dgiResults"))->model();
            QCOMPARE(results->rowCount(), 2);
            QCOMPARE(results->index(0, 0).data().toString(), DgiPage::tr("layer-wise")); // the window's words
            QCOMPARE(results->index(1, 0).data().toString(), DgiPage::tr("node-wise"));
        }
    }

    void edlJobs()
    {
        const auto ids = runsOf("edl", "train");
        QCOMPARE(ids.size(), std::size_t(2));
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        CompareView view;
        view.setRuns(s, ids);
        checkSeriesTab(view, s, ids, "throughput");
        checkSeriesTab(view, s, ids, "loss");
        const auto table = tableOf(view);
        QVERIFY(table.count(QStringLiteral("result.final_loss")));
        for (std::size_t c = 0; c < ids.size(); ++c)
            QCOMPARE(table.at(QStringLiteral("result.final_loss")).values[qsizetype(c)],
                QString::number(s.run(ids[c]).result["final_loss"].get<double>(), 'g', 6));

        // The EDL page draws a job that vantage-cli ran from the store.
        EdlPage page;
        page.setSession(&s);
        page.showRun(ids[1]);
        QVERIFY(!page.isAttached());
        const auto loss = s.series(ids[1], "loss");
        const auto drawn = page.findChild<widgets::LineChart*>(QStringLiteral("edlChart"))->points(EdlPage::tr("loss"));
        QCOMPARE(drawn.size(), qsizetype(loss.size()));
        QCOMPARE(drawn.back().y(), loss.back().value);
        QCOMPARE(
            page.findChild<widgets::LineChart*>(QStringLiteral("edlSizeChart"))->points(EdlPage::tr("workers")).size(),
            qsizetype(s.series(ids[1], "workers").size()));
    }
};

QTEST_MAIN(TestCompareEngines)
#include "tst_compare_engines.moc"
