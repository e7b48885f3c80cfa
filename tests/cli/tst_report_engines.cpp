// Reports of real runs: one session filled by vantage-cli with an FT search, a PPAC training, a DGI
// evaluation and an EDL job, then exported as HTML, CSV and PDF. Every run's parameters, key numbers
// and series are read back from the files and checked against the store.

#include "../core/report/report_fixture.h"
#include "cli_harness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace report_fixture;

namespace {

using cli_harness::Result;

Result cli(const QStringList& args, int timeoutMs = 180000)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, timeoutMs);
}

// The value a flattened key ("a.b[2].c") names in `root`; nullptr when it names nothing.
const Json* resolve(const Json& root, const QString& key)
{
    const Json* cur = &root;
    static const QRegularExpression part(QStringLiteral("([^.\\[\\]]+)|\\[(\\d+)\\]"));
    auto it = part.globalMatch(key);
    while (it.hasNext()) {
        const auto m = it.next();
        if (m.capturedLength(1) > 0) {
            const std::string name = m.captured(1).toStdString();
            if (!cur->is_object() || !cur->contains(name))
                return nullptr;
            cur = &(*cur)[name];
        } else {
            const std::size_t i = m.captured(2).toULongLong();
            if (!cur->is_array() || i >= cur->size())
                return nullptr;
            cur = &(*cur)[i];
        }
    }
    return cur;
}

bool isElement(const Node& n, const char* name)
{
    return n.name == QLatin1String(name);
}

QString squeeze(QString s)
{
    return s.simplified();
}

} // namespace

class TestReportEngines : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_session;
    std::vector<store::RunInfo> m_runs;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    const store::RunInfo& run(const char* engine) const
    {
        for (const auto& r : m_runs)
            if (vantage::enumName(r.engine) == engine)
                return r;
        qFatal("no %s run", engine);
    }

    // Every key-value row of `table` (params or results) holds the stored value at its key.
    void checkKeyValues(const Node& runDiv, const char* cls, const Json& stored, int minRows)
    {
        const Node* table = runDiv.first([&](const Node& n) { return isElement(n, "table") && n.hasClass(cls); });
        QVERIFY2(table, cls);
        const auto rows = table->all([](const Node& n) { return isElement(n, "tr") && n.hasAttr("data-key"); });
        QVERIFY2(static_cast<int>(rows.size()) >= minRows,
            qPrintable(QStringLiteral("%1: %2 rows").arg(cls).arg(rows.size())));
        for (const Node* row : rows) {
            const QString key = row->attr("data-key");
            const Json* value = resolve(stored, key);
            QVERIFY2(value, qPrintable(QStringLiteral("%1 names nothing in the store").arg(key)));
            const Node* cell = row->first([](const Node& n) { return isElement(n, "td") && n.hasAttr("data-json"); });
            if (!cell) // summarised (a large array) or truncated text: shown, not compared
                continue;
            const Json shown = Json::parse(cell->attr("data-json").toStdString());
            QVERIFY2(shown == *value,
                qPrintable(QStringLiteral("%1: report %2, store %3")
                               .arg(key, cell->attr("data-json"), QString::fromStdString(value->dump()))));
        }
    }

    static double cellValue(const Node& td) { return td.attr("data-value").toDouble(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_session = path(QStringLiteral("engines.vantage"));
        auto r = cli({ "--session", m_session, "ft", "search", "--model", "bert-base", "--batch", "32", "--seq", "128",
            "--devices", "4,8", "--cluster", "a100x8" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "ppac", "generate", "--out", path("data"), "--users", "300", "--items", "150", "--communities", "5",
            "--mean-interactions", "15", "--seed", "3" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "--session", m_session, "ppac", "train", "--dataset", path("data"), "--architecture", "mf", "--ppac",
            "--epochs", "3", "--dim", "16", "--batch-size", "1024", "--lr", "0.005", "--threads", "1" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "--session", m_session, "dgi", "eval", "--graph", "rmat:n=1500,deg=4,seed=5", "--model", "gcn",
            "--in-dim", "8", "--hidden", "16", "--layers", "2", "--mode", "layerwise,nodewise", "--node-batch",
            "100" });
        QVERIFY2(r.code == 0, r.err.constData());
        // Worker 0 is slowed by 100 ms a step so that the job (96 steps, about 10 s) outlasts the
        // joiner's start-up (it loads LibTorch first) even on a loaded machine.
        r = cli({ "--session", m_session, "edl", "run", "--workers", "2", "--samples", "3072", "--batch", "32",
            "--hidden", "16", "--schedule", "step=2:+1", "--kill", "step=0:worker=0:slow=100", "--job-dir", path("job"),
            "--worker-binary", QStringLiteral(VANTAGE_EDL_WORKER_BIN), "--failure-timeout", "5", "--collective-timeout",
            "20" });
        QVERIFY2(r.code == 0, r.err.constData());

        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        m_runs = s.runs();
        QCOMPARE(m_runs.size(), std::size_t(4));
        for (const auto& run : m_runs) {
            QCOMPARE(int(run.status), int(store::RunStatus::Done));
            QVERIFY2(!run.summary.empty(), vantage::enumName(run.engine).data());
        }
    }

    // The session list shows each engine's key result in its summary.
    void summariesHoldTheKeyResults()
    {
        // FT: the frontier size and the fastest strategy's time.
        const QString ft = QString::fromStdString(run("ft").summary);
        QVERIFY2(
            ft.contains(QRegularExpression(QStringLiteral("\\d+ strategies, fastest [0-9.]+ \\S*s"))), qPrintable(ft));
        const QString ppac = QString::fromStdString(run("ppac").summary);
        QVERIFY2(ppac.contains("Recall@20") && ppac.contains("NDCG@20") && ppac.contains("ARP"), qPrintable(ppac));
        const QString dgi = QString::fromStdString(run("dgi").summary);
        QVERIFY2(dgi.contains("layer-wise") && dgi.contains("node-wise"), qPrintable(dgi));
        const QString edl = QString::fromStdString(run("edl").summary);
        QVERIFY2(edl.contains("loss") && edl.contains("scale"), qPrintable(edl));
    }

    void html()
    {
        const QString out = path(QStringLiteral("report.html"));
        const auto r = cli({ "--json", "report", m_session, "--out", out });
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString error;
        const auto doc = parseHtml(f.readAll(), &error);
        QVERIFY2(doc, qPrintable(error));
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);

        for (const auto& stored : m_runs) {
            const QString id = QStringLiteral("run-%1").arg(stored.id);
            const Node* div = doc->first([&](const Node& n) { return isElement(n, "div") && n.attr("id") == id; });
            QVERIFY2(div, qPrintable(id));
            const Node* summary
                = div->first([](const Node& n) { return isElement(n, "span") && n.hasClass("summary"); });
            QVERIFY(summary);
            QCOMPARE(summary->text(), QString::fromStdString(stored.summary));
            // Words and figures first; the stored JSON only in the appendix.
            const Node* lead = div->first([](const Node& n) { return n.hasClass("lead"); });
            QVERIFY2(lead && lead->text().size() > 60, qPrintable(id));
            QVERIFY2(div->all([](const Node& n) { return n.hasAttr("data-key"); }).empty(), qPrintable(id));
            const QString rawId = QStringLiteral("appendix-run-%1").arg(stored.id);
            const Node* raw = doc->first([&](const Node& n) { return isElement(n, "div") && n.attr("id") == rawId; });
            QVERIFY2(raw, qPrintable(rawId));
            checkKeyValues(*raw, "params", stored.params, 3);
            if (QTest::currentTestFailed())
                return;
            checkKeyValues(*raw, "results", stored.result, 1);
            if (QTest::currentTestFailed())
                return;

            // Every series: its point count and last value (the FT frontiers are in their own tables).
            for (const auto& name : s.seriesNames(stored.id)) {
                if (stored.engine == store::Engine::Ft && name.rfind("frontier/", 0) == 0)
                    continue;
                const auto points = s.series(stored.id, name);
                const QString qname = QString::fromStdString(name);
                const Node* row
                    = div->first([&](const Node& n) { return isElement(n, "tr") && n.attr("data-series") == qname; });
                QVERIFY2(row, qPrintable(qname));
                const auto cells
                    = row->all([](const Node& n) { return isElement(n, "td") && n.hasAttr("data-value"); });
                QVERIFY(cells.size() >= 4);
                QCOMPARE(cellValue(*cells[0]), double(points.size()));
                const Node* last
                    = row->first([](const Node& n) { return n.attr("data-field") == QLatin1String("last"); });
                QVERIFY(last);
                QCOMPARE(cellValue(*last), points.back().value);
            }
        }

        // FT: each frontier's fastest strategy, as the store has it.
        const auto& ft = run("ft");
        const Node* ftDiv
            = doc->first([&](const Node& n) { return n.attr("id") == QStringLiteral("run-%1").arg(ft.id); });
        QVERIFY(ft.result.contains("frontiers"));
        QCOMPARE(ft.result["frontiers"].size(), std::size_t(2));
        for (const auto& fr : ft.result["frontiers"]) {
            double fastest = std::numeric_limits<double>::infinity();
            for (const auto& p : fr["points"])
                fastest = std::min(fastest, p["time"].get<double>());
            const QString devices = QString::number(fr["devices"].get<int>());
            const Node* row
                = ftDiv->first([&](const Node& n) { return isElement(n, "tr") && n.attr("data-devices") == devices; });
            QVERIFY(row);
            const Node* cell
                = row->first([](const Node& n) { return n.attr("data-field") == QLatin1String("fastest_time"); });
            QVERIFY(cell);
            QCOMPARE(cellValue(*cell), fastest);
        }

        // PPAC: Recall, NDCG and ARP at 20 on both test splits.
        const auto& ppac = run("ppac");
        const Node* ppacDiv
            = doc->first([&](const Node& n) { return n.attr("id") == QStringLiteral("run-%1").arg(ppac.id); });
        for (const char* metric : { "recall", "ndcg", "arp" })
            for (const char* split : { "full", "balanced" }) {
                const Node* row = ppacDiv->first([&](const Node& n) {
                    return isElement(n, "tr") && n.attr("data-metric") == QLatin1String(metric);
                });
                QVERIFY2(row, metric);
                const Node* cell = row->first([&](const Node& n) {
                    return n.attr("data-split") == QLatin1String(split) && n.attr("data-k") == QLatin1String("20");
                });
                QVERIFY2(cell, split);
                const Json* stored = resolve(ppac.result, QStringLiteral("metrics.%1.%2@20").arg(split, metric));
                QVERIFY(stored && stored->is_number());
                QCOMPARE(cellValue(*cell), stored->get<double>());
            }

        // DGI: the speedup over node-wise; EDL: the final loss and the scale-out event.
        const auto& dgi = run("dgi");
        QVERIFY(dgi.result.contains("speedup") && dgi.result["speedup"].contains("nodewise"));
        const Node* dgiDiv
            = doc->first([&](const Node& n) { return n.attr("id") == QStringLiteral("run-%1").arg(dgi.id); });
        const Node* speedup
            = dgiDiv->first([](const Node& n) { return n.attr("data-field") == QLatin1String("speedup"); });
        QVERIFY(speedup);
        QCOMPARE(speedup->first([](const Node& n) { return n.hasAttr("data-value"); })->attr("data-value").toDouble(),
            dgi.result["speedup"]["nodewise"].get<double>());
        QCOMPARE(cellValue(*dgiDiv->first([](const Node& n) { return n.attr("data-field") == QLatin1String("layers"); })
                                ->first([](const Node& n) { return n.hasAttr("data-value"); })),
            dgi.result["model"]["layers"].get<double>());
        const auto& edl = run("edl");
        const Node* edlDiv
            = doc->first([&](const Node& n) { return n.attr("id") == QStringLiteral("run-%1").arg(edl.id); });
        auto edlFigure = [&](const char* field) {
            const Node* row
                = edlDiv->first([&](const Node& n) { return n.attr("data-field") == QLatin1String(field); });
            const Node* cell = row ? row->first([](const Node& n) { return n.hasAttr("data-value"); }) : nullptr;
            return cell ? cellValue(*cell) : std::numeric_limits<double>::quiet_NaN();
        };
        QCOMPARE(edlFigure("final_loss"), edl.result["final_loss"].get<double>());
        QVERIFY(edl.result.contains("events") && !edl.result["events"].empty());
        QCOMPARE(edl.result["events"][0]["kind"].get<std::string>(), std::string("scale_out"));
        // Workers over time from the scale events, counted here: 2 at the start, one joins.
        double most = 0;
        for (const auto& e : edl.result["events"])
            most = std::max({ most, e["workers_before"].get<double>(), e["workers_after"].get<double>() });
        QCOMPARE(edlFigure("workers_start"), edl.result["events"][0]["workers_before"].get<double>());
        QCOMPARE(edlFigure("workers_end"), edl.result["events"].back()["workers_after"].get<double>());
        QCOMPARE(edlFigure("workers_max"), most);
        QCOMPARE(edlFigure("scale_events"), double(edl.result["events"].size()));
        const Node* scaleTable = edlDiv->first([](const Node& n) { return n.hasClass("scale-events"); });
        QVERIFY(scaleTable);
        QCOMPARE(
            scaleTable->all([](const Node& n) { return isElement(n, "tr"); }).size(), edl.result["events"].size() + 1);
    }

    void csv()
    {
        const QString out = path(QStringLiteral("data-export"));
        const auto r = cli({ "--json", "report", m_session, "--format", "csv", "--out", out });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto rows = parseCsv(readAll((out + QStringLiteral("/runs.csv")).toStdString()));
        QCOMPARE(rows.size(), m_runs.size() + 1);
        const QStringList header = rows[0];
        const int summaryCol = header.indexOf(QStringLiteral("summary"));
        QVERIFY(summaryCol > 0);
        auto s = store::Session::open(m_session.toStdString(), store::Session::Mode::ReadOnly);
        for (std::size_t i = 0; i < m_runs.size(); ++i) {
            const auto& stored = m_runs[i];
            QCOMPARE(rows[i + 1][0].toLongLong(), stored.id);
            QCOMPARE(rows[i + 1][1], QString::fromUtf8(vantage::enumName(stored.engine).data()));
            QCOMPARE(rows[i + 1][summaryCol], QString::fromStdString(stored.summary));
            const QString dir = out + QStringLiteral("/run-%1/").arg(stored.id);
            QVERIFY(Json::parse(readAll((dir + "params.json").toStdString()).toStdString()) == stored.params);
            QVERIFY(Json::parse(readAll((dir + "result.json").toStdString()).toStdString()) == stored.result);
        }
        // Every series file holds the stored points exactly.
        const Json index = Json::parse(readAll((out + QStringLiteral("/index.json")).toStdString()).toStdString());
        std::size_t seriesFiles = 0;
        for (const auto& entry : index["runs"]) {
            for (const auto& sf : entry["series"]) {
                const auto points = s.series(entry["id"].get<std::int64_t>(), sf["name"].get<std::string>());
                const auto csv = parseCsv(
                    readAll((out + "/" + QString::fromStdString(sf["file"].get<std::string>())).toStdString()));
                QCOMPARE(csv.size(), points.size() + 1);
                for (std::size_t i = 0; i < points.size(); ++i) {
                    QCOMPARE(csv[i + 1][0].toDouble(), points[i].step);
                    QCOMPARE(csv[i + 1][1].toDouble(), points[i].value);
                }
                ++seriesFiles;
            }
        }
        QVERIFY(seriesFiles >= 4); // PPAC loss and validation, DGI layer times, EDL loss and throughput
        QVERIFY(QFile::exists(out + QStringLiteral("/run-%1/frontier.csv").arg(run("ft").id)));
        QVERIFY(QFile::exists(out + QStringLiteral("/run-%1/metrics.csv").arg(run("ppac").id)));
    }

#ifdef VANTAGE_HAVE_GUI
    // The PDF's text holds every run's summary.
    void pdf()
    {
        const QString out = path(QStringLiteral("report.pdf"));
        const auto r = cli({ "--json", "report", m_session, "--out", out });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["pages"].toInt() >= 5);
        QProcess text;
        text.start(QStringLiteral("pdftotext"), { QStringLiteral("-layout"), out, QStringLiteral("-") });
        QVERIFY(text.waitForFinished(60000));
        // The PDF sets "fi", "fl", "ff", "ffi", "ffl" as ligatures; pdftotext gives them back as
        // U+FB00..U+FB04, which compatibility normalisation turns back into their letters.
        const QString all
            = squeeze(QString::fromUtf8(text.readAllStandardOutput()).normalized(QString::NormalizationForm_KC));
        // A report of four runs: a few pages each, headings and axis titles in words, stored keys
        // ("status.workers[0]...", "edges[0].bytes") only after the appendix's heading.
        QVERIFY2(r.json()["pages"].toInt() <= 20, qPrintable(QString::number(r.json()["pages"].toInt())));
        const qsizetype appendix = all.indexOf(QStringLiteral("Appendix: parameters and results as stored"));
        QVERIFY(appendix > 0);
        const QString body = all.left(appendix);
        for (const char* words : { "Elastic data-parallel job", "Workers: 2 at the start", "Scale events",
                 "The fastest strategy that fits in device memory", "Time per iteration (ms)",
                 "evaluated layer by layer", "Time per layer", "At K = 20 on the full test set", "Validation metrics",
                 "Figure Value" })
            QVERIFY2(body.contains(QLatin1String(words)), words);
        static const QRegularExpression key(QStringLiteral("\\b[a-z_]+\\[\\d+\\]\\.[a-z_]+|\\bstatus\\.[a-z_]+"));
        QVERIFY2(!key.match(body).hasMatch(), qPrintable(key.match(body).captured()));
        QVERIFY(key.match(all.mid(appendix)).hasMatch());
        for (const auto& stored : m_runs) {
            // Long summaries wrap inside their table cell; compare their first words.
            const QString summary = squeeze(QString::fromStdString(stored.summary));
            const QString head = summary.section(QLatin1Char(' '), 0, 2);
            QVERIFY2(all.contains(head), qPrintable(head));
        }
    }
#endif
};

QTEST_GUILESS_MAIN(TestReportEngines)
#include "tst_report_engines.moc"
