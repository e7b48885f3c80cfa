// One recipe per kind of run: the same run recorded through the page (driven as a user would, into
// one session) and through vantage-cli (into another) must leave the same rows: engine, kind, name,
// status, parameters, result, summary, series (names and points) and artifacts (names, types and,
// where deterministic, bytes), field by field. Only what cannot be equal is left out: wall-clock
// times, memory peaks, the session files' own paths and ids, and the job folder. A kind that only
// one front end records (the CLI's exports and sweeps, the page's pick) is compared with the core
// recipe called here on the same inputs: the row a front end leaves is the recipe's, nothing added.

#include "../cli/cli_harness.h"
#include "dgi/graph_run.h"
#include "dgi_page.h"
#include "edl/client.h"
#include "edl_page.h"
#include "ft/strategy_run.h"
#include "ft_page.h"
#include "main_window.h"
#include "page_driver.h"
#include "pages.h"
#include "ppac/model_runs.h"
#include "ppac_page.h"
#include "store/session.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <thread>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

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

// Numbers in a summary stand for times where the test cannot fix them: compared as "#", with their
// unit (a time may be written in µs by one run and in ms by the other).
QString shape(const std::string& summary)
{
    return QString::fromStdString(summary).replace(
        QRegularExpression(QStringLiteral("[0-9][0-9.,]*( ?(µs|us|ms|ns|s|min|h)\\b)?")), QStringLiteral("#"));
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
    field("engine", std::string(vantage::enumName(page.engine)), std::string(vantage::enumName(cliRun.engine)));
    field("kind", std::string(vantage::enumName(page.kind)), std::string(vantage::enumName(cliRun.kind)));
    field("name", page.name, cliRun.name);
    field("status", std::string(vantage::enumName(page.status)), std::string(vantage::enumName(cliRun.status)));
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

// A window with every engine page and a new session in `file`, shown on its page of type Page:
// where each case records its page's run as a user would. The window (and its session) closes
// when this goes.
template <typename Page> struct PageSession {
    std::unique_ptr<MainWindow> window;
    Page* page = nullptr; // null when the session could not be created
};

template <typename Page> PageSession<Page> openPageSession(AppSettings& settings, const QString& file)
{
    PageSession<Page> s{ std::make_unique<MainWindow>(settings), nullptr };
    addEnginePages(*s.window);
    if (!s.window->createSession(file))
        return s;
    s.page = s.window->template findChild<Page*>();
    s.window->tabs()->setCurrentWidget(s.page);
    s.window->resize(1280, 800);
    s.window->show();
    if (!QTest::qWaitForWindowExposed(s.window.get()))
        s.page = nullptr;
    return s;
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
            if (vantage::enumName(r.kind) == kind)
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
            const auto s = openPageSession<FtPage>(m_settings, pageFile);
            QVERIFY(s.page);
            enterFtInputs(s.page, QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("4,8"));
            QCOMPARE(clickAndWait(s.page, &FtPage::searchFinished, QStringLiteral("ftSearch")), true);
            QTest::qWait(200); // the chart drawn
            const int point = clearFtPoint(s.page, 1);
            QVERIFY(point >= 0);
            QCOMPARE(clickFtPoint(s.page, 1, point).first, 1); // recorded as a "pick" run
        }
        const auto r = cli({ "--session", cliFile, "ft", "search", "--model", "bert-base", "--batch", "64", "--cluster",
            "a100x8", "--devices", "4,8" });
        QVERIFY2(r.code == 0, r.err.constData());
        check(pageFile, cliFile, "search", {});

        // The pick: the CLI has none, so the recipe picks the same point of the CLI's stored search
        // (read back from the session, where the page had the search in memory).
        const store::RunInfo picked
            = onlyRun(store::Session::open(pageFile.toStdString(), store::Session::Mode::ReadOnly), "pick");
        {
            auto s = store::Session::open(cliFile.toStdString());
            NullProgress progress;
            const auto run = ft::PickRecipe::run(&s,
                { .searchRun = onlyRun(s, "search").id,
                    .name = picked.name,
                    .frontier = 1,
                    .strategy = picked.params.value("strategy", -1) },
                progress, CancelToken());
            QVERIFY(run.runId > 0);
        }
        // The search read back from JSON prices the strategy to the last bit or so of a double.
        Compare c;
        c.differs.relative = 1e-12;
        c.artifactBytesDiffer = { "strategy.json" }; // the result, compared above within that
        check(pageFile, cliFile, "pick", c);
    }

    // FT's kinds that only vantage-cli records, against the recipe called here: an explicit-cost
    // frontier, and an export from the stored search of ftSearch (the same search in both files).
    void ftFrontierAndExport()
    {
        const QString pageFile = path(QStringLiteral("ft-page.vantage")),
                      cliFile = path(QStringLiteral("ft-cli.vantage"));
        const QString costs = path(QStringLiteral("two_ops.json"));
        {
            QFile f(costs);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"ops": [{"name": "a", "configs": [{"name": "dp", "time": 1.0, "memory": 4.0},
                {"name": "tp", "time": 2.0, "memory": 2.0}]}, {"name": "b", "configs": [{"name": "dp",
                "time": 1.5, "memory": 3.0}, {"name": "tp", "time": 0.5, "memory": 6.0}]}], "edges": [{"from":
                "a", "to": "b", "time": [[0, 0.5], [0.7, 0]], "memory": [[0, 0], [0, 1]]}]})");
        }
        auto r = cli({ "--session", cliFile, "ft", "frontier", "--costs", costs });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "--session", cliFile, "ft", "export", "--run", "1", "--devices", "8", "--pick", "min-memory", "--out",
            path(QStringLiteral("cli-strategy.json")), "--svg", path(QStringLiteral("cli-strategy.svg")) });
        QVERIFY2(r.code == 0, r.err.constData());
        {
            auto s = store::Session::open(pageFile.toStdString());
            NullProgress progress;
            QVERIFY(ft::FrontierRecipe::run(&s, { .costs = costs.toStdString() }, progress, CancelToken()).runId > 0);
            const auto run = ft::ExportRecipe::run(&s,
                { .searchRun = onlyRun(s, "search").id,
                    .devices = 8,
                    .pick = "min-memory",
                    .out = path(QStringLiteral("recipe-strategy.json")).toStdString(),
                    .svg = path(QStringLiteral("recipe-strategy.svg")).toStdString() },
                progress, CancelToken());
            QVERIFY(run.runId > 0);
        }
        check(pageFile, cliFile, "frontier", {});
        check(pageFile, cliFile, "export", {});
        // The files written are the recipe's too.
        QFile a(path(QStringLiteral("cli-strategy.json"))), b(path(QStringLiteral("recipe-strategy.json")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
    }

    void dgiEvaluation()
    {
        const QString pageFile = path(QStringLiteral("dgi-page.vantage")),
                      cliFile = path(QStringLiteral("dgi-cli.vantage"));
        const QString graph = QStringLiteral("rmat:n=3000,deg=6,seed=3");
        {
            const auto s = openPageSession<DgiPage>(m_settings, pageFile);
            QVERIFY(s.page);
            enterDgiInputs(s.page, graph, QStringLiteral("sage"), 16, 16, 2);
            setChecked(s.page, QStringLiteral("dgiNodeWise"), true);
            QCOMPARE(clickAndWait(s.page, &DgiPage::evaluationFinished, QStringLiteral("dgiEvaluate"), 180000), true);
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

    // The page's Cut into layers and `dgi partition` record the same run.
    void dgiPartition()
    {
        const QString pageFile = path(QStringLiteral("dgi-cut-page.vantage")),
                      cliFile = path(QStringLiteral("dgi-cut-cli.vantage"));
        {
            const auto s = openPageSession<DgiPage>(m_settings, pageFile);
            QVERIFY(s.page);
            enterDgiInputs(s.page, QStringLiteral("rmat:n=3000,deg=6,seed=3"), QStringLiteral("gat"), 16, 16, 2);
            QCOMPARE(clickAndWait(s.page, &DgiPage::partitionFinished, QStringLiteral("dgiPartition"), 60000), true);
        }
        const auto r = cli({ "--session", cliFile, "dgi", "partition", "--model", "gat", "--in-dim", "16", "--hidden",
            "16", "--layers", "2" });
        QVERIFY2(r.code == 0, r.err.constData());
        Compare c;
        c.artifactBytesDiffer = { "layer_cut.svg" }; // Graphviz numbers clusters differently per process
        check(pageFile, cliFile, "partition", c);
    }

    // `dgi generate` against the recipe called here, into the same folder (its path is in the run).
    void dgiGenerate()
    {
        const QString recipeFile = path(QStringLiteral("dgi-gen-recipe.vantage")),
                      cliFile = path(QStringLiteral("dgi-gen-cli.vantage"));
        const QString out = path(QStringLiteral("dgi-graph"));
        const QString graph = QStringLiteral("chunglu:n=2000,deg=5,seed=4");
        const auto r = cli({ "--session", cliFile, "dgi", "generate", "--graph", graph, "--symmetrize", "--self-loops",
            "add", "--out", out });
        QVERIFY2(r.code == 0, r.err.constData());
        {
            auto s = store::Session::create(recipeFile.toStdString());
            dgi::GenerateRequest request{ .out = out.toStdString() };
            request.graph.graph = graph.toStdString();
            request.graph.symmetrize = true;
            request.graph.selfLoops = dgi::SelfLoops::Add;
            NullProgress progress;
            QVERIFY(dgi::GenerateRecipe::run(&s, request, progress, CancelToken()).runId > 0);
        }
        check(recipeFile, cliFile, "generate", {});
    }

    void ppacTraining()
    {
        const QString data = path(QStringLiteral("ppac-data"));
        auto r = cli({ "ppac", "generate", "--out", data, "--users", "300", "--items", "150" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QString pageFile = path(QStringLiteral("ppac-page.vantage")),
                      cliFile = path(QStringLiteral("ppac-cli.vantage"));
        {
            const auto s = openPageSession<PpacPage>(m_settings, pageFile);
            QVERIFY(s.page);
            enterPpacDataset(s.page, data);
            QCOMPARE(clickAndWait(s.page, &PpacPage::dataLoaded, QStringLiteral("ppacLoad")), true);
            enterPpacTraining(s.page, QStringLiteral("mf"), true, 3);
            QCOMPARE(clickAndWait(s.page, &PpacPage::trainingFinished, QStringLiteral("ppacTrain"), 180000), true);
            QSignalSpy reranked(s.page, &PpacPage::reranked);
            enterPpacKnobs(s.page, 0.0, -0.5);
            QVERIFY(reranked.wait(60000));
            QVERIFY(click(s.page, QStringLiteral("ppacStoreKnobs")));
        }
        r = cli({ "--session", cliFile, "ppac", "train", "--dataset", data, "--architecture", "mf", "--ppac",
            "--epochs", "3", "--patience", "0" });
        QVERIFY2(r.code == 0, r.err.constData());
        Compare c;
        c.seriesValuesDiffer = { "epoch_time_s" };
        c.artifactBytesDiffer = { "model.vppac" }; // the model notes when it was trained
        check(pageFile, cliFile, "train", c);

        // The knobs: the CLI has none, so the recipe stores the same knobs over the CLI's training
        // (trained again here from its stored request: the same model, as the check above shows).
        {
            auto s = store::Session::open(cliFile.toStdString());
            const ppac::StoredTraining stored = ppac::readTraining(s, onlyRun(s, "train").id);
            NullProgress progress;
            const ppac::TrainingRun trained
                = ppac::runTraining(nullptr, stored.request, nullptr, progress, CancelToken());
            const ppac::RerankResult e = ppac::rerank(*trained.recommender, { 0.0, -0.5 }, {}, progress, CancelToken());
            const auto run = ppac::KnobsRecipe::run(&s,
                { .trainRun = stored.runId,
                    .knobs = e.knobs,
                    .evaluation = e.evaluation,
                    .exposureByGroup = e.exposureByGroup },
                progress, CancelToken());
            QVERIFY(run.runId > 0);
        }
        check(pageFile, cliFile, "knobs", {});
    }

    // PPAC's kinds that only vantage-cli records, against the recipe called here on the same inputs.
    void ppacModelKinds()
    {
        const QString recipeFile = path(QStringLiteral("ppac-kinds-recipe.vantage")),
                      cliFile = path(QStringLiteral("ppac-kinds-cli.vantage"));
        const QString data = path(QStringLiteral("ppac-kinds-data"));
        const QString model = path(QStringLiteral("ppac-kinds.vppac"));
        auto r = cli({ "--session", cliFile, "ppac", "generate", "--out", data, "--users", "200", "--items", "100" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "--session", cliFile, "ppac", "similar", "--dataset", data, "--k", "10" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli(
            { "ppac", "train", "--dataset", data, "--architecture", "mf", "--ppac", "--epochs", "2", "--save", model });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "--session", cliFile, "ppac", "eval", "--model", model, "--gamma", "0", "--beta", "-0.5" });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ "--session", cliFile, "ppac", "rerank", "--model", model, "--gamma", "0", "--beta", "0,-0.5" });
        QVERIFY2(r.code == 0, r.err.constData());
        {
            auto s = store::Session::create(recipeFile.toStdString());
            const auto cliSession = store::Session::open(cliFile.toStdString(), store::Session::Mode::ReadOnly);
            NullProgress progress;
            const CancelToken cancel;
            ppac::SyntheticOptions synthetic;
            synthetic.users = 200;
            synthetic.items = 100;
            ppac::GenerateRecipe::run(&s, { .out = data.toStdString(), .options = synthetic }, progress, cancel);
            // The similar users' data as the CLI's run stored it: the request read back.
            const Json similar = onlyRun(cliSession, "similar").params;
            ppac::SimilarRecipe::run(&s, { .data = ppac::dataRequestFromJson(similar.at("data")) }, progress, cancel);
            const ppac::ModelRequest m{ .model = model.toStdString() };
            ppac::EvaluateRecipe::run(&s, { .model = m, .knobs = { 0.0, -0.5 } }, progress, cancel);
            ppac::RerankRecipe::run(&s, { .model = m, .gammas = { 0.0 }, .betas = { 0.0, -0.5 } }, progress, cancel);
        }
        check(recipeFile, cliFile, "generate", {});
        Compare timed;
        timed.summaryNumbers = false; // "200 users in 3.00 ms"
        check(recipeFile, cliFile, "similar", timed);
        check(recipeFile, cliFile, "evaluate", {});
        check(recipeFile, cliFile, "rerank", {});
    }

    void edlJob()
    {
        const QString pageFile = path(QStringLiteral("edl-page.vantage")),
                      cliFile = path(QStringLiteral("edl-cli.vantage"));
        {
            const auto s = openPageSession<EdlPage>(m_settings, pageFile);
            QVERIFY(s.page);
            enterEdlJob(s.page, QStringLiteral("mlp"), 2, 1, 1024, 64);
            QSignalSpy ended(s.page, &EdlPage::jobEnded);
            QVERIFY(click(s.page, QStringLiteral("edlStart")));
            QVERIFY(ended.wait(180000));
        }
        const auto r = cli({ "--session", cliFile, "edl", "run", "--trainer", "mlp", "--workers", "2", "--epochs", "1",
            "--samples", "1024", "--batch", "64", "--devices", "cpu" });
        QVERIFY2(r.code == 0, r.err.constData());
        Compare c;
        // The folder, the job's id, the leader's endpoint, the workers' processes and when things
        // happened are new for every job; throughput and step times are measured. Losses, steps,
        // events, the ledger and the replicas' parameter hashes must agree.
        c.differs.keys = { "job_dir", "job", "endpoint", "pid", "port", "when", "throughput" };
        c.seriesValuesDiffer = { "throughput" };
        c.differs.relative = 1e-9;
        check(pageFile, cliFile, "train", c);
    }

    // A detached job's run (begun by the page's Start or `edl start --session`, handed over to its
    // leader, finished by the page or `edl attach --session`) and its throughput profile (the page's
    // Profile or `edl profile --session`): the same parameters and the same profile series. Where
    // the job was stopped, its steps, losses and workers differ; the profile's sizes do not.
    void edlProfile()
    {
        const QString pageFile = path(QStringLiteral("edl-profile-page.vantage")),
                      cliFile = path(QStringLiteral("edl-profile-cli.vantage"));
        {
            const auto s = openPageSession<EdlPage>(m_settings, pageFile);
            QVERIFY(s.page);
            // Far longer than the profile: stopped below.
            enterEdlJob(s.page, QStringLiteral("mlp"), 2, 1, 2000000, 64);
            QSignalSpy ended(s.page, &EdlPage::jobEnded);
            QCOMPARE(clickAndWait(s.page, &EdlPage::attached, QStringLiteral("edlStart"), 60000), true);
            QTRY_VERIFY_WITH_TIMEOUT(s.page->currentStep() >= 3, 60000);
            QTRY_COMPARE_WITH_TIMEOUT(s.page->activeWorkers(), 2, 30000);
            // At 1 to 2 workers (the Workers field).
            QCOMPARE(clickAndWait(s.page, &EdlPage::profileFinished, QStringLiteral("edlProfile"), 180000), true);
            QVERIFY(click(s.page, QStringLiteral("edlStop")));
            QVERIFY(ended.wait(120000));
        }
        const QString jobDir = path(QStringLiteral("edl-profile-job"));
        auto r = cli({ "--session", cliFile, "edl", "start", "--trainer", "mlp", "--workers", "2", "--epochs", "1",
            "--samples", "2000000", "--batch", "64", "--devices", "cpu", "--job-dir", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        const edl::JobClient job(edl::readJobFile(jobDir.toStdString()));
        QTRY_VERIFY_WITH_TIMEOUT(job.status().step >= 3 && job.status().activeWorkers() == 2, 60000);
        r = cli({ "--session", cliFile, "edl", "profile", "--job", jobDir, "--max-workers", "2", "--steps", "3" });
        QVERIFY2(r.code == 0, r.err.constData());
        QProcess attach;
        attach.start(QStringLiteral(VANTAGE_CLI), { "--json", "--session", cliFile, "edl", "attach", "--job", jobDir });
        QVERIFY(attach.waitForStarted());
        QVERIFY(attach.waitForReadyRead(30000)); // attached: it prints the job's events
        r = cli({ "edl", "stop", "--job", jobDir });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(attach.waitForFinished(120000));
        QCOMPARE(attach.exitCode(), 0);

        const auto pageSession = store::Session::open(pageFile.toStdString(), store::Session::Mode::ReadOnly);
        const auto cliSession = store::Session::open(cliFile.toStdString(), store::Session::Mode::ReadOnly);
        const auto a = onlyRun(pageSession, "train"), b = onlyRun(cliSession, "train");
        QCOMPARE(a.status, store::RunStatus::Done);
        QCOMPARE(b.status, store::RunStatus::Done);
        QCOMPARE(a.name, b.name);
        QStringList differences;
        compareJson(a.params, b.params, "params", { .keys = { "job_dir", "port" } }, differences);
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join(QLatin1Char('\n'))));
        const auto pageProfile = pageSession.series(a.id, "profile/samples_per_s");
        const auto cliProfile = cliSession.series(b.id, "profile/samples_per_s");
        QCOMPARE(pageProfile.size(), std::size_t(2));
        QCOMPARE(cliProfile.size(), pageProfile.size());
        for (std::size_t i = 0; i < pageProfile.size(); ++i) {
            QCOMPARE(pageProfile[i].step, double(i + 1));
            QCOMPARE(cliProfile[i].step, pageProfile[i].step);
            QVERIFY(pageProfile[i].value > 0.0 && cliProfile[i].value > 0.0);
        }
        // The rest of each run is its job's, recorded the same way: the same series, from the report.
        auto names = [](const store::Session& s, std::int64_t id) {
            std::set<std::string> out;
            for (const auto& n : s.seriesNames(id))
                if (n.rfind("step_time_s/", 0) != 0) // which workers the scaling left differs
                    out.insert(n);
            return out;
        };
        QCOMPARE(names(pageSession, a.id), names(cliSession, b.id));
        QCOMPARE(a.result.value("source", std::string()), std::string("report"));
        QCOMPARE(b.result.value("source", std::string()), std::string("report"));
    }
};

QTEST_MAIN(TestRunRecipes)
#include "tst_run_recipes.moc"
