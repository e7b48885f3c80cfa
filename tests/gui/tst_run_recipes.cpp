// One recipe per engine: the same run recorded through the page (driven as a user would, into one
// session) and through vantage-cli (into another) must leave the same rows: engine, kind, name,
// status, parameters, result, summary, series (names and points) and artifacts (names, types and,
// where deterministic, bytes), field by field. Only what cannot be equal is left out: wall-clock
// times, memory peaks, the session files' own paths and ids, and the job folder.

#include "../cli/cli_harness.h"
#include "dgi_page.h"
#include "edl_page.h"
#include "ft_page.h"
#include "main_window.h"
#include "pages.h"
#include "ppac_page.h"
#include "store/session.h"

#include <QDir>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>
#include <set>

using namespace vantage;
using namespace vantage::gui;

namespace {

cli_harness::Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 300000);
}

// What may differ between two recordings of the same run.
struct Differs {
    std::set<std::string> keys; // any value under these keys (timings, paths)
    double relative = 0.0; // numbers: equal within this relative tolerance (0: exactly)
};

bool isTiming(const std::string& key)
{
    return key.ends_with("_s") || key == "seconds" || key == "peak_rss_bytes";
}

void compareJson(const Json& a, const Json& b, const std::string& path, const Differs& d, QStringList& out)
{
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        if (x != y && !(std::abs(x - y) <= d.relative * std::max(std::abs(x), std::abs(y))))
            out << QString::fromStdString(path + ": " + a.dump() + " vs " + b.dump());
        return;
    }
    if (a.type() != b.type()) {
        out << QString::fromStdString(path + ": " + a.dump().substr(0, 80) + " vs " + b.dump().substr(0, 80));
        return;
    }
    if (a.is_object()) {
        for (const auto& [k, v] : a.items()) {
            if (d.keys.contains(k) || isTiming(k))
                continue;
            if (!b.contains(k))
                out << QString::fromStdString(path + "." + k + ": only in the page's run");
            else
                compareJson(v, b[k], path + "." + k, d, out);
        }
        for (const auto& [k, v] : b.items())
            if (!a.contains(k) && !d.keys.contains(k) && !isTiming(k))
                out << QString::fromStdString(path + "." + k + ": only in the CLI's run");
        return;
    }
    if (a.is_array()) {
        if (a.size() != b.size()) {
            out << QString::fromStdString(
                path + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " entries");
            return;
        }
        for (std::size_t i = 0; i < a.size(); ++i)
            compareJson(a[i], b[i], path + "[" + std::to_string(i) + "]", d, out);
        return;
    }
    if (a != b)
        out << QString::fromStdString(path + ": " + a.dump().substr(0, 80) + " vs " + b.dump().substr(0, 80));
}

// Numbers in a summary stand for times where the test cannot fix them: compared as "#".
QString shape(const std::string& summary)
{
    return QString::fromStdString(summary).replace(
        QRegularExpression(QStringLiteral("[0-9][0-9.,]*")), QStringLiteral("#"));
}

struct Compare {
    Differs differs;
    bool summaryNumbers = true; // false: numbers in the summary are times
    std::set<std::string> seriesValuesDiffer; // series whose y values are times
    std::set<std::string> artifactBytesDiffer; // artifacts compared by name and type only
};

QStringList compareRuns(const store::Session& pageSession, const store::RunInfo& page, const store::Session& cliSession,
    const store::RunInfo& cliRun, const Compare& c)
{
    QStringList out;
    auto field = [&](const char* name, const std::string& a, const std::string& b) {
        if (a != b)
            out << QStringLiteral("%1: %2 vs %3")
                       .arg(QLatin1String(name), QString::fromStdString(a), QString::fromStdString(b));
    };
    field("engine", std::string(store::engineName(page.engine)), std::string(store::engineName(cliRun.engine)));
    field("kind", std::string(store::runKindName(page.kind)), std::string(store::runKindName(cliRun.kind)));
    field("name", page.name, cliRun.name);
    field("status", std::string(store::statusName(page.status)), std::string(store::statusName(cliRun.status)));
    field("error", page.error, cliRun.error);
    if (c.summaryNumbers)
        field("summary", page.summary, cliRun.summary);
    else if (shape(page.summary) != shape(cliRun.summary))
        field("summary", page.summary, cliRun.summary);
    compareJson(page.params, cliRun.params, "params", c.differs, out);
    compareJson(page.result, cliRun.result, "result", c.differs, out);

    auto names = [](const store::Session& s, std::int64_t id) {
        auto n = s.seriesNames(id);
        std::sort(n.begin(), n.end());
        return n;
    };
    const auto pageSeries = names(pageSession, page.id), cliSeries = names(cliSession, cliRun.id);
    if (pageSeries != cliSeries) {
        QStringList a, b;
        for (const auto& n : pageSeries)
            a << QString::fromStdString(n);
        for (const auto& n : cliSeries)
            b << QString::fromStdString(n);
        out << QStringLiteral("series: %1 vs %2").arg(a.join(QLatin1Char(',')), b.join(QLatin1Char(',')));
    } else {
        for (const auto& n : pageSeries) {
            const auto p = pageSession.series(page.id, n), q = cliSession.series(cliRun.id, n);
            if (p.size() != q.size()) {
                out << QStringLiteral("series %1: %2 vs %3 points")
                           .arg(QString::fromStdString(n))
                           .arg(p.size())
                           .arg(q.size());
                continue;
            }
            const bool times = c.seriesValuesDiffer.contains(n) || n.rfind("step_time_s/", 0) == 0;
            for (std::size_t i = 0; i < p.size(); ++i) {
                const bool yDiffers = !times
                    && std::abs(p[i].value - q[i].value)
                        > c.differs.relative * std::max(std::abs(p[i].value), std::abs(q[i].value));
                if (p[i].step != q[i].step || yDiffers) {
                    out << QStringLiteral("series %1[%2]: (%3, %4) vs (%5, %6)")
                               .arg(QString::fromStdString(n))
                               .arg(i)
                               .arg(p[i].step)
                               .arg(p[i].value)
                               .arg(q[i].step)
                               .arg(q[i].value);
                    break;
                }
            }
        }
    }

    const auto pa = pageSession.artifacts(page.id), qa = cliSession.artifacts(cliRun.id);
    if (pa.size() != qa.size()) {
        out << QStringLiteral("artifacts: %1 vs %2").arg(pa.size()).arg(qa.size());
    } else {
        for (std::size_t i = 0; i < pa.size(); ++i) {
            field("artifact name", pa[i].name, qa[i].name);
            field("artifact type", pa[i].mimeType, qa[i].mimeType);
            const std::string x = pageSession.artifactData(pa[i].id), y = cliSession.artifactData(qa[i].id);
            if (!c.artifactBytesDiffer.contains(pa[i].name) && x != y) {
                std::size_t at = 0;
                while (at < x.size() && at < y.size() && x[at] == y[at])
                    ++at;
                out << QStringLiteral("artifact %1: the bytes differ from byte %2: \"%3\" vs \"%4\"")
                           .arg(QString::fromStdString(pa[i].name))
                           .arg(at)
                           .arg(QString::fromStdString(x.substr(at, 60)), QString::fromStdString(y.substr(at, 60)));
            }
        }
    }
    return out;
}

} // namespace

class TestRunRecipes : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // The one run of `kind` in a session file.
    static store::RunInfo onlyRun(const store::Session& s, const std::string& kind)
    {
        std::vector<store::RunInfo> found;
        for (const auto& r : s.runs())
            if (store::runKindName(r.kind) == kind)
                found.push_back(r);
        if (found.size() != 1)
            qWarning("expected one %s run, found %zu", kind.c_str(), found.size());
        return found.empty() ? store::RunInfo{} : found.front();
    }

    void check(const QString& pageFile, const QString& cliFile, const std::string& kind, const Compare& c)
    {
        const auto pageSession = store::Session::open(pageFile.toStdString(), store::Session::Mode::ReadOnly);
        const auto cliSession = store::Session::open(cliFile.toStdString(), store::Session::Mode::ReadOnly);
        const auto a = onlyRun(pageSession, kind), b = onlyRun(cliSession, kind);
        QVERIFY(a.id > 0 && b.id > 0);
        QCOMPARE(a.status, store::RunStatus::Done);
        const QStringList differences = compareRuns(pageSession, a, cliSession, b, c);
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join(QLatin1Char('\n'))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestRecipes"));
        qunsetenv("VANTAGE_EDL_WORKER"); // page and CLI find the worker as a user's do
        qputenv("XDG_RUNTIME_DIR", m_dir.path().toUtf8());
    }

    void ftSearch()
    {
        const QString pageFile = path(QStringLiteral("ft-page.vantage")),
                      cliFile = path(QStringLiteral("ft-cli.vantage"));
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(pageFile));
            auto* page = w.findChild<FtPage*>();
            page->setInputs(QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("4,8"), 0.0);
            QSignalSpy done(page, &FtPage::searchFinished);
            QVERIFY(page->startSearch());
            QVERIFY(done.wait(120000));
            QCOMPARE(done.first().first().toBool(), true);
        }
        const auto r = cli({ "--session", cliFile, "ft", "search", "--model", "bert-base", "--batch", "64", "--cluster",
            "a100x8", "--devices", "4,8" });
        QVERIFY2(r.code == 0, r.err.constData());
        check(pageFile, cliFile, "search", {});
    }

    void dgiEvaluation()
    {
        const QString pageFile = path(QStringLiteral("dgi-page.vantage")),
                      cliFile = path(QStringLiteral("dgi-cli.vantage"));
        const QString graph = QStringLiteral("rmat:n=3000,deg=6,seed=3");
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(pageFile));
            auto* page = w.findChild<DgiPage*>();
            page->setInputs(graph, QStringLiteral("sage"), 16, 16, 2);
            page->setCompareNodeWise(true);
            QSignalSpy done(page, &DgiPage::evaluationFinished);
            QVERIFY(page->startEvaluation());
            QVERIFY(done.wait(180000));
            QCOMPARE(done.first().first().toBool(), true);
        }
        // The page's inputs as options: the edges as given (its defaults), node-wise compared and
        // extrapolated after a minute.
        const auto r = cli({ "--session", cliFile, "dgi", "eval", "--graph", graph, "--model", "sage", "--in-dim", "16",
            "--hidden", "16", "--layers", "2", "--mode", "both", "--node-time-limit", "60" });
        QVERIFY2(r.code == 0, r.err.constData());
        Compare c;
        // Caps and budgets follow the memory free when each run starts; the graph's bytes are the same.
        c.differs.keys = { "memory_budget_bytes", "node_cap", "edge_cap", "batches", "peak_store_bytes_in_memory",
            "fresh_store_bytes", "speedup", "summary" };
        c.summaryNumbers = false;
        c.seriesValuesDiffer = { "layer_time_s/layerwise", "layer_time_s/nodewise" };
        c.differs.relative = 1e-6; // max_abs_diff: the same sums, in batches cut from the free memory
        // Graphviz numbers the clusters of the same DOT in an order that varies between processes;
        // the DOT (the cut itself) is compared byte for byte.
        c.artifactBytesDiffer = { "layer_cut.svg" };
        check(pageFile, cliFile, "evaluate", c);
    }

    void ppacTraining()
    {
        const QString data = path(QStringLiteral("ppac-data"));
        auto r = cli({ "ppac", "generate", "--out", data, "--users", "300", "--items", "150" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QString pageFile = path(QStringLiteral("ppac-page.vantage")),
                      cliFile = path(QStringLiteral("ppac-cli.vantage"));
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(pageFile));
            auto* page = w.findChild<PpacPage*>();
            page->setDatasetPath(data);
            QSignalSpy loaded(page, &PpacPage::dataLoaded);
            QVERIFY(page->loadData());
            QVERIFY(loaded.wait(120000));
            QCOMPARE(loaded.first().first().toBool(), true);
            page->setTraining(QStringLiteral("mf"), true, 3);
            QSignalSpy trained(page, &PpacPage::trainingFinished);
            QVERIFY(page->startTraining());
            QVERIFY(trained.wait(180000));
            QCOMPARE(trained.first().first().toBool(), true);
        }
        r = cli({ "--session", cliFile, "ppac", "train", "--dataset", data, "--model", "mf", "--ppac", "--epochs", "3",
            "--patience", "0" });
        QVERIFY2(r.code == 0, r.err.constData());
        Compare c;
        c.seriesValuesDiffer = { "epoch_time_s" };
        c.artifactBytesDiffer = { "model.vppac" }; // the model notes when it was trained
        check(pageFile, cliFile, "train", c);
    }

    void edlJob()
    {
        const QString pageFile = path(QStringLiteral("edl-page.vantage")),
                      cliFile = path(QStringLiteral("edl-cli.vantage"));
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(pageFile));
            auto* page = w.findChild<EdlPage*>();
            page->setJob(QStringLiteral("mlp"), 2, 1, 1024, 64);
            QSignalSpy ended(page, &EdlPage::jobEnded);
            QVERIFY(page->startTraining());
            QVERIFY(ended.wait(180000));
        }
        const auto r = cli({ "--session", cliFile, "edl", "run", "--trainer", "mlp", "--workers", "2", "--epochs", "1",
            "--samples", "1024", "--batch", "64", "--devices", "cpu" });
        QVERIFY2(r.code == 0, r.err.constData());
        Compare c;
        // The folder, the job's id, the workers' processes and when things happened are new for
        // every job; throughput and step times are measured. Losses, steps, events, the ledger and
        // the replicas' parameter hashes must agree.
        c.differs.keys = { "job_dir", "job", "pid", "port", "when", "throughput" };
        c.seriesValuesDiffer = { "throughput" };
        c.differs.relative = 1e-9;
        check(pageFile, cliFile, "train", c);
    }
};

QTEST_MAIN(TestRunRecipes)
#include "tst_run_recipes.moc"
