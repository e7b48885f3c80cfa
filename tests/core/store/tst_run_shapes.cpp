// core/store/run_shapes: runs recorded by earlier versions, read through the upgraders. The
// fixtures (tests/data/run_shapes/*.json) are runs as the page and vantage-cli recorded them before
// there was one recipe per engine, reconstructed from the history of the recording code, each with
// the run the upgraders must make of it. A session of schema 3 holding the old run is opened; the
// run must read back as the fixture's upgraded run, and the engines' readers must read it as the
// request the recipe records. New runs carry their shape's version; a newer one is refused.

#include "common/error.h"
#include "dgi/evaluation_run.h"
#include "dgi/reorder.h"
#include "edl/job.h"
#include "edl/job_run.h"
#include "ft/search_run.h"
#include "ppac/training_run.h"
#include "store/run_shapes.h"
#include "store/session.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace vantage;
using namespace vantage::store;
namespace fs = std::filesystem;

namespace {

const QString kFixtures = QStringLiteral(VANTAGE_SOURCE_DIR "/tests/data/run_shapes");

Json fixture(const QString& name)
{
    QFile f(kFixtures + QLatin1Char('/') + name);
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error("no fixture " + name.toStdString());
    return Json::parse(f.readAll().toStdString());
}

// A statement on a raw SQLite handle, for files laid out as an earlier version wrote them.
class Raw {
public:
    explicit Raw(const fs::path& p) { sqlite3_open(p.c_str(), &m_db); }
    ~Raw() { sqlite3_close(m_db); }
    Raw(const Raw&) = delete;
    Raw& operator=(const Raw&) = delete;

    void exec(const std::string& sql)
    {
        char* err = nullptr;
        if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            const std::string msg = err ? err : "?";
            sqlite3_free(err);
            throw std::runtime_error(msg + " in " + sql);
        }
    }
    // Runs `sql` with text parameters; returns the last row id.
    std::int64_t insert(const std::string& sql, const std::vector<std::string>& texts)
    {
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(m_db, sql.c_str(), -1, &s, nullptr);
        for (std::size_t i = 0; i < texts.size(); ++i)
            sqlite3_bind_text(s, static_cast<int>(i + 1), texts[i].c_str(), -1, SQLITE_TRANSIENT);
        const int rc = sqlite3_step(s);
        sqlite3_finalize(s);
        if (rc != SQLITE_DONE)
            throw std::runtime_error(std::string(sqlite3_errmsg(m_db)) + " in " + sql);
        return sqlite3_last_insert_rowid(m_db);
    }
    std::string text(const std::string& sql)
    {
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(m_db, sql.c_str(), -1, &s, nullptr);
        std::string out;
        if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0))
            out = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        sqlite3_finalize(s);
        return out;
    }

private:
    sqlite3* m_db = nullptr;
};

// The fixture's stored run inserted as an earlier version laid it out (the columns of schema 3,
// which later schemas keep); returns its id.
std::int64_t insertStoredRun(Raw& db, const Json& f)
{
    const Json& stored = f["stored"];
    const auto id = db.insert("INSERT INTO runs(engine, kind, name, params, status, created_at, started_at, "
                              "finished_at, summary, result) VALUES (?, ?, ?, ?, 'done', '2026-11-20T10:00:00Z', "
                              "'2026-11-20T10:00:00Z', '2026-11-20T10:00:05Z', 'earlier', ?)",
        { f["engine"].get<std::string>(), f["kind"].get<std::string>(), f["name"].get<std::string>(),
            stored["params"].dump(), stored["result"].dump() });
    for (const Json& series : stored["series"]) {
        const auto sid = db.insert("INSERT INTO series(run_id, name) VALUES (?, ?)",
            { std::to_string(id), series["name"].get<std::string>() });
        for (const Json& point : series["points"])
            db.insert("INSERT INTO series_points(series_id, step, value) VALUES (?, CAST(? AS REAL), CAST(? AS "
                      "REAL))",
                { std::to_string(sid), point[0].dump(), point[1].dump() });
    }
    for (const Json& a : stored["artifacts"])
        db.insert("INSERT INTO artifacts(run_id, name, mime_type, data, created_at) VALUES (?, ?, ?, CAST(? AS "
                  "BLOB), '2026-11-20T10:00:05Z')",
            { std::to_string(id), a["name"].get<std::string>(), a["mime_type"].get<std::string>(),
                a["data"].get<std::string>() });
    return id;
}

// A session of schema 3 (the last before shape versions) holding the fixtures' stored runs, as
// that version laid it out; returns the runs' ids.
std::vector<std::int64_t> writeSchema3Session(const fs::path& p, const std::vector<Json>& runs)
{
    Raw db(p);
    for (int v = 1; v <= 3; ++v)
        db.exec(std::string(store::detail::migrationScript(v)));
    db.exec("PRAGMA user_version = 3; PRAGMA application_id = " + std::to_string(Session::kApplicationId)
        + "; INSERT INTO meta VALUES ('title', 'earlier runs');");
    std::vector<std::int64_t> ids;
    for (const Json& f : runs)
        ids.push_back(insertStoredRun(db, f));
    return ids;
}

// A session of this build's schema holding the fixture's stored run with its "shape_version" (a
// version this build upgrades); returns the run's id.
std::int64_t writeVersionedRun(const fs::path& p, const Json& f)
{
    Session::create(p);
    Raw db(p);
    const auto id = insertStoredRun(db, f);
    db.exec("UPDATE runs SET shape_version = " + std::to_string(f["shape_version"].get<int>())
        + " WHERE id = " + std::to_string(id));
    return id;
}

QByteArray dump(const Json& j)
{
    return QByteArray::fromStdString(j.dump(2));
}

// `run` as stored in `s` is `expected` ({"params", "result", "series", "artifacts"}) in the
// current shape.
void compareRun(const Session& s, std::int64_t id, const Json& expected)
{
    const RunInfo run = s.run(id);
    QCOMPARE(run.shapeVersion, currentShapeVersion(run.engine, run.kind));
    QVERIFY(run.shapeVersion >= 1);
    QCOMPARE(dump(run.params), dump(expected["params"]));
    QCOMPARE(dump(run.result), dump(expected["result"]));
    std::vector<std::string> names;
    for (const Json& series : expected["series"]) {
        names.push_back(series["name"].get<std::string>());
        Json points = Json::array();
        for (const auto& p : s.series(id, names.back()))
            points.push_back({ p.step, p.value });
        Json expectedPoints = Json::array();
        for (const auto& p : series["points"])
            expectedPoints.push_back({ p[0].get<double>(), p[1].get<double>() });
        QCOMPARE(dump(points), dump(expectedPoints));
    }
    QCOMPARE(s.seriesNames(id), names);
    const auto artifacts = s.artifacts(id);
    QCOMPARE(artifacts.size(), expected["artifacts"].size());
    for (std::size_t i = 0; i < artifacts.size(); ++i) {
        const Json& a = expected["artifacts"][i];
        QCOMPARE(artifacts[i].name, a["name"].get<std::string>());
        QCOMPARE(artifacts[i].mimeType, a["mime_type"].get<std::string>());
        QCOMPARE(s.artifactData(artifacts[i].id), a["data"].get<std::string>());
    }
}

// Expects `f` to throw vantage::Error mentioning every one of `needles`.
template <typename F> void expectError(F&& f, const std::vector<std::string>& needles)
{
    try {
        f();
        QFAIL("no error");
    } catch (const Error& e) {
        for (const auto& n : needles)
            QVERIFY2(std::string(e.what()).find(n) != std::string::npos, e.what());
    }
}

std::vector<QString> fixtureNames(const QString& prefix)
{
    std::vector<QString> out;
    for (const auto& name : QDir(kFixtures).entryList({ prefix + QStringLiteral("*.json") }, QDir::Files, QDir::Name))
        out.push_back(name);
    return out;
}

} // namespace

class TestRunShapes : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    fs::path file(const char* name) const { return fs::path(m_dir.path().toStdString()) / name; }

    // The fixture's run, opened (and so upgraded) by this build: of shape version 0, in a session
    // of schema 3; of a later version, in a session of this build's schema.
    std::pair<Session, std::int64_t> openOld(const QString& name)
    {
        const Json f = fixture(name);
        const fs::path p = file("old.vantage");
        for (const char* suffix : { "", "-wal", "-shm", ".v3.bak" })
            fs::remove(p.string() + suffix);
        if (f["shape_version"].get<int>() > 0) {
            const auto id = writeVersionedRun(p, f);
            return { Session::open(p), id };
        }
        const auto ids = writeSchema3Session(p, { f });
        return { Session::open(p), ids[0] };
    }

private Q_SLOTS:
    void upgradesEveryOldShape_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& name : fixtureNames({}))
            QTest::newRow(qPrintable(name)) << name;
        QVERIFY(fixtureNames({}).size() >= 10);
    }

    // Each old run reads back as the fixture's upgraded run: params, result, series (names and
    // points) and artifacts, with its kind's current shape version; the file before is the backup.
    void upgradesEveryOldShape()
    {
        QFETCH(QString, name);
        const Json f = fixture(name);
        auto [s, id] = openOld(name);
        QCOMPARE(s.schemaVersion(), Session::kSchemaVersion);
        QCOMPARE(s.migrationBackup().has_value(), f["shape_version"].get<int>() == 0);
        compareRun(s, id, f["upgraded"]);
        if (f["stored"] == f["upgraded"]) { // already the current shape: kept byte for byte
            Raw raw(s.path());
            QCOMPARE(
                raw.text("SELECT params FROM runs WHERE id = " + std::to_string(id)), f["stored"]["params"].dump());
            QCOMPARE(
                raw.text("SELECT result FROM runs WHERE id = " + std::to_string(id)), f["stored"]["result"].dump());
        }
        // Opening the upgraded session again changes nothing more.
        const fs::path path = s.path();
        s = Session::open(path);
        compareRun(s, id, f["upgraded"]);
    }

    void readsOldTrainingsAsRecorded_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("data"); // ppac::toJson(DataRequest) of what the run trained on
        QTest::addColumn<double>("gamma");
        QTest::addColumn<double>("beta");
        QTest::addColumn<QString>("save");
        ppac::DataRequest synthetic;
        synthetic.synthetic = ppac::SyntheticOptions{};
        synthetic.synthetic->users = 300;
        synthetic.synthetic->items = 200;
        synthetic.synthetic->seed = 7;
        synthetic.synthetic->validationFraction = 0.1;
        QTest::newRow("page, synthetic") << "ppac_train_page_synthetic.json" << dump(ppac::toJson(synthetic)) << 0.0
                                         << 0.0 << QString();
        ppac::DataRequest folder;
        folder.load.path = "/data/gowalla";
        folder.load.validationFraction = 0.1;
        QTest::newRow("page, folder") << "ppac_train_page_path.json" << dump(ppac::toJson(folder)) << 0.0 << 0.0
                                      << QString();
        ppac::DataRequest cli;
        cli.load.path = "/data/ml-100k/u.data";
        cli.load.minRating = 4.0;
        cli.load.split.method = ppac::SplitMethod::LeaveLastByTime;
        cli.load.split.testFraction = 0.2;
        cli.load.split.leaveLast = 1;
        cli.load.split.seed = 3;
        cli.load.balancedPerItem = 5;
        cli.load.validationFraction = 0.1;
        cli.prepare.similarUsers = 30;
        QTest::newRow("cli") << "ppac_train_cli.json" << dump(ppac::toJson(cli)) << 0.2 << 0.5
                             << QStringLiteral("/tmp/m.vppac");
    }

    // readTraining reads the upgraded run as the request the recipe records for the same inputs,
    // with the options as stored and the model found.
    void readsOldTrainingsAsRecorded()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, data);
        QFETCH(double, gamma);
        QFETCH(double, beta);
        QFETCH(QString, save);
        const Json f = fixture(name);
        auto [s, id] = openOld(name);
        const ppac::StoredTraining stored = ppac::readTraining(s, id);
        QCOMPARE(dump(ppac::toJson(stored.request.data)), data);
        QCOMPARE(stored.request.knobs.gamma, gamma);
        QCOMPARE(stored.request.knobs.beta, beta);
        QCOMPARE(QString::fromStdString(stored.request.save), save);
        const Json training = ppac::toJson(stored.request.training);
        const Json& params = f["stored"]["params"];
        // The base architecture was stored as "model" (shape version 2 renamed it).
        for (const auto& [key, value] : params.contains("train") ? params["train"].items() : params["training"].items())
            QVERIFY2(training[key == "model" ? "architecture" : key] == value, key.c_str());
        QCOMPARE(stored.model, std::string("VPPAC model bytes"));
        // The chart the page draws: the validation metric training stopped on.
        const auto names = s.seriesNames(id);
        QVERIFY(
            std::find(names.begin(), names.end(), "validation/" + stored.request.training.stopMetric) != names.end());
    }

    // `ppac similar` keeps the data as the training does: the same reader reads it.
    void readsOldSimilarUsersAsRecorded()
    {
        auto [s, id] = openOld(QStringLiteral("ppac_similar_cli.json"));
        const RunInfo run = s.run(id);
        ppac::DataRequest expected;
        expected.load.path = "/data/ml-100k";
        expected.load.split.seed = 42;
        expected.load.balancedPerItem = 0;
        expected.load.validationFraction = 0.0;
        expected.prepare.similarUsers = 50;
        QCOMPARE(dump(ppac::toJson(ppac::dataRequestFromJson(run.params["data"]))), dump(ppac::toJson(expected)));
        QCOMPARE(run.params["out"].get<std::string>(), std::string("/tmp/similar.txt"));
    }

    void readsOldEvaluationsAsRecorded_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("request"); // dgi::toJson(EvaluationRequest) of what the run did
        QTest::addColumn<int>("compared"); // modes after the first in the result
        dgi::EvaluationRequest page;
        page.graph = "rmat:n=1000";
        page.symmetrize = true;
        page.selfLoops = dgi::SelfLoops::Add;
        page.model = "gcn";
        page.inDim = 32;
        page.layers = 2;
        page.modes = { dgi::EvalMode::LayerWise, dgi::EvalMode::NodeWise };
        page.options.memoryBudgetBytes = std::int64_t{ 64 } << 20;
        QTest::newRow("page") << "dgi_evaluate_page.json" << dump(dgi::toJson(page)) << 1;
        dgi::EvaluationRequest cli;
        cli.graph = "/data/cora.txt";
        cli.selfLoops = dgi::SelfLoops::Remove;
        cli.mergeDuplicates = true;
        cli.model = "sage";
        cli.hidden = 32;
        cli.layers = 2;
        cli.options.memoryBudgetBytes = std::int64_t{ 3 } << 29;
        cli.options.reorder = dgi::Reordering::Rcm;
        cli.options.threads = 2;
        cli.options.targets = { 3, 14, 15 };
        cli.options.nodeWiseBatch = 1024;
        cli.options.nodeWiseTimeLimitS = 120.0;
        QTest::newRow("cli") << "dgi_evaluate_cli.json" << dump(dgi::toJson(cli)) << 0;
    }

    void readsOldEvaluationsAsRecorded()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, request);
        QFETCH(int, compared);
        auto [s, id] = openOld(name);
        const dgi::StoredEvaluation stored = dgi::readEvaluation(s, id);
        QCOMPARE(dump(dgi::toJson(stored.request)), request);
        QCOMPARE(stored.result["mode"].get<std::string>(), std::string("layerwise"));
        QCOMPARE(int(stored.result.value("compare", Json::array()).size()), compared);
        QVERIFY(!stored.svg.empty());
        QVERIFY(!stored.dot.empty());
        QVERIFY(!s.series(id, "layer_time_s/layerwise").empty());
        QCOMPARE(s.series(id, "layer_time_s/layerwise").front().step, 0.0); // layers from 0, as recorded now
    }

    void readsOldSearchesAsRecorded_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("devices");
        QTest::newRow("page: the batch box beside an op graph") << "ft_search_page_graph.json" << 2;
        QTest::newRow("cli: the graph's own batch") << "ft_search_cli_graph.json" << 4;
    }

    // The recipe refuses a batch beside an op graph: the old run reads (and can be searched again)
    // only because the upgrade records it as the recipe does.
    void readsOldSearchesAsRecorded()
    {
        QFETCH(QString, name);
        QFETCH(int, devices);
        auto [s, id] = openOld(name);
        const ft::StoredSearch stored = ft::readSearch(s, id);
        QCOMPARE(stored.request.batch, std::int64_t(0));
        QCOMPARE(stored.graph.name, std::string("tiny"));
        QCOMPARE(stored.graph.batch(), std::int64_t(8));
        QCOMPARE(stored.request.options.deviceCounts.front(), devices);
        // Recorded before the search offered ZeRO and recomputation: an absent switch is off, its
        // default, so the shape's version stays (the run searches again as it did).
        QVERIFY(!s.run(id).params.contains("zero_stages"));
        QCOMPARE(stored.request.options.configs.zeroStages, 0);
        QVERIFY(!stored.request.options.configs.recompute);
        QCOMPARE(
            dump(ft::toJson(ft::searchRequestFromJson(ft::toJson(stored.request)))), dump(ft::toJson(stored.request)));
    }

    void readsOldJobsAsRecorded_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("events");
        QTest::addColumn<QString>("state"); // of the job's status; empty: the run has none
        QTest::newRow("with its report") << "edl_train_page_report.json" << 2 << "finished";
        QTest::newRow("timeline only") << "edl_train_page_timeline.json" << 1 << QString();
    }

    // What the EDL page reads of an ended run (edl::readJob): the scale events and the job's status.
    void readsOldJobsAsRecorded()
    {
        QFETCH(QString, name);
        QFETCH(int, events);
        QFETCH(QString, state);
        auto [s, id] = openOld(name);
        const RunInfo run = s.run(id);
        const edl::StoredJob job = edl::readJob(s, id);
        QCOMPARE(int(job.events.size()), events);
        QCOMPARE(job.events.front().workersAfter, 3);
        QCOMPARE(job.finalStatus.has_value(), !state.isEmpty());
        if (!state.isEmpty())
            QCOMPARE(QString::fromStdString(std::string(vantage::enumName(job.finalStatus->state))), state);
        QVERIFY(!run.result.contains("scale_events"));
        QVERIFY(!run.result.contains("report"));
    }

    void currentVersionPerKind_data()
    {
        QTest::addColumn<int>("engine");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("version");
        QTest::newRow("ppac train: architecture renamed") << int(Engine::Ppac) << int(RunKind::Train) << 2;
        QTest::newRow("ppac similar") << int(Engine::Ppac) << int(RunKind::Similar) << 1;
        QTest::newRow("edl train") << int(Engine::Edl) << int(RunKind::Train) << 1;
        QTest::newRow("dgi evaluate") << int(Engine::Dgi) << int(RunKind::Evaluate) << 1;
        QTest::newRow("ft search") << int(Engine::Ft) << int(RunKind::Search) << 1;
        QTest::newRow("unknown engine") << int(Engine::Unknown) << int(RunKind::Train) << 0;
        QTest::newRow("unknown kind") << int(Engine::Ppac) << int(RunKind::Unknown) << 0;
    }

    // A kind's current version is one past its last upgrader's, else 1.
    void currentVersionPerKind()
    {
        QFETCH(int, engine);
        QFETCH(int, kind);
        QFETCH(int, version);
        QCOMPARE(currentShapeVersion(static_cast<Engine>(engine), static_cast<RunKind>(kind)), version);
    }

    // The upgrader from version 1 alone: the training options' "model" becomes "architecture";
    // the result's "model" (the trained model's name) and everything else stay.
    void upgradesPpacTrainFromVersion1()
    {
        const Json f = fixture("ppac_train_recipe_v1.json");
        RunShape shape{ f["stored"]["params"], f["stored"]["result"], {}, {} };
        upgradeRunShape(Engine::Ppac, RunKind::Train, 1, shape);
        QCOMPARE(dump(shape.params), dump(f["upgraded"]["params"]));
        QCOMPARE(dump(shape.result), dump(f["stored"]["result"]));
        QCOMPARE(shape.params["training"]["architecture"].get<std::string>(), std::string("lightgcn"));
        QVERIFY(!shape.params["training"].contains("model"));
        QCOMPARE(shape.result["model"].get<std::string>(), std::string("PPAC-LightGCN"));
        // A run of the current version is left as it is.
        RunShape current = shape;
        upgradeRunShape(Engine::Ppac, RunKind::Train, 2, current);
        QCOMPARE(dump(current.params), dump(shape.params));
    }

    void upgradersFromVersion1KeepSeriesAndArtifacts_data()
    {
        QTest::addColumn<int>("engine");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("from");
        int rows = 0;
        for (const auto& u : shapeUpgrades()) {
            if (u.from < 1)
                continue;
            const std::string row = std::string(enumName(u.engine)) + " " + std::string(enumName(u.kind)) + " from "
                + std::to_string(u.from);
            QTest::newRow(row.c_str()) << static_cast<int>(u.engine) << static_cast<int>(u.kind) << u.from;
            ++rows;
        }
        QVERIFY(rows >= 1); // PPAC train's "model" -> "architecture"
    }

    // The rule read-only sessions rely on (run_shapes.h): an upgrader from version 1 on changes a
    // run's params and result only. Each one must come with a fixture of the shape it reads,
    // <engine>_<kind>_recipe_v<from>.json, holding series and artifacts; after the upgrader, they
    // are as stored (upgradeRunShape asserts it too), and the params and result are the fixture's
    // upgraded ones (the current shape: any later upgraders run as well).
    void upgradersFromVersion1KeepSeriesAndArtifacts()
    {
        QFETCH(int, engine);
        QFETCH(int, kind);
        QFETCH(int, from);
        const auto e = static_cast<Engine>(engine);
        const auto k = static_cast<RunKind>(kind);
        const QString name = QString::fromStdString(
            std::string(enumName(e)) + "_" + std::string(enumName(k)) + "_recipe_v" + std::to_string(from) + ".json");
        QVERIFY2(QFile::exists(kFixtures + QLatin1Char('/') + name), qPrintable(name + QStringLiteral(" is missing")));
        const Json f = fixture(name);
        QCOMPARE(f["shape_version"].get<int>(), from);
        RunShape shape{ f["stored"]["params"], f["stored"]["result"], {}, {} };
        for (const Json& series : f["stored"]["series"])
            shape.series.push_back({ series["name"].get<std::string>(), 0.0 });
        for (const Json& a : f["stored"]["artifacts"])
            shape.artifacts.push_back({ a["name"].get<std::string>(), a["mime_type"].get<std::string>() });
        QVERIFY(!shape.series.empty());
        QVERIFY(!shape.artifacts.empty());
        const RunShape stored = shape;
        upgradeRunShape(e, k, from, shape);
        QCOMPARE(shape.series.size(), stored.series.size());
        for (std::size_t i = 0; i < shape.series.size(); ++i) {
            QCOMPARE(shape.series[i].name, stored.series[i].name);
            QCOMPARE(shape.series[i].stepShift, 0.0);
        }
        QCOMPARE(shape.artifacts.size(), stored.artifacts.size());
        for (std::size_t i = 0; i < shape.artifacts.size(); ++i) {
            QCOMPARE(shape.artifacts[i].name, stored.artifacts[i].name);
            QCOMPARE(shape.artifacts[i].mimeType, stored.artifacts[i].mimeType);
        }
        QCOMPARE(dump(shape.params), dump(f["upgraded"]["params"]));
        QCOMPARE(dump(shape.result), dump(f["upgraded"]["result"]));
    }

    // A session opened read-only is never written: its runs of version 1 read through the upgraders
    // in memory (the reader sees the current shape), and the file keeps what it holds.
    void readOnlySessionUpgradesInMemory()
    {
        const Json f = fixture("ppac_train_recipe_v1.json");
        const fs::path path = file("read-only.vantage");
        std::int64_t id = 0;
        {
            auto s = Session::create(path);
            id = s.beginRun(
                { .engine = Engine::Ppac, .kind = RunKind::Train, .name = "t", .params = f["stored"]["params"] });
            s.finishRun(id, RunStatus::Done, f["stored"]["result"], "done");
        }
        const std::string where = " FROM runs WHERE id = " + std::to_string(id);
        Raw(path).exec(
            "UPDATE runs SET shape_version = 1 WHERE id = " + std::to_string(id)); // as version 1 recorded it
        auto s = Session::open(path, Session::Mode::ReadOnly);
        const RunInfo run = s.run(id);
        QCOMPARE(run.shapeVersion, currentShapeVersion(Engine::Ppac, RunKind::Train));
        QCOMPARE(dump(run.params), dump(f["upgraded"]["params"]));
        requireCurrentShape(run);
        QCOMPARE(s.runs().at(0).shapeVersion, run.shapeVersion);
        Raw raw(path);
        QCOMPARE(raw.text("SELECT shape_version" + where), std::string("1"));
        QCOMPARE(raw.text("SELECT params" + where), f["stored"]["params"].dump());
    }

    // A new run is stored with its kind's current version and its params and result byte for byte.
    void newRunsCarryTheirShape()
    {
        auto s = Session::create(file("new.vantage"));
        const Json params = fixture("ppac_train_recipe.json")["stored"]["params"];
        const Json result = fixture("ppac_train_recipe.json")["stored"]["result"];
        const auto id = s.beginRun({ .engine = Engine::Ppac, .kind = RunKind::Train, .name = "t", .params = params });
        s.finishRun(id, RunStatus::Done, result, "done");
        QCOMPARE(s.run(id).shapeVersion, currentShapeVersion(Engine::Ppac, RunKind::Train));
        Raw raw(s.path());
        const std::string where = " FROM runs WHERE id = " + std::to_string(id);
        QCOMPARE(raw.text("SELECT params" + where), params.dump());
        QCOMPARE(raw.text("SELECT result" + where), result.dump());
        QCOMPARE(raw.text("SELECT shape_version" + where),
            std::to_string(currentShapeVersion(Engine::Ppac, RunKind::Train)));
    }

    // A clean copy of an old session holds its runs upgraded.
    void cleanCopyUpgrades()
    {
        const Json f = fixture("dgi_evaluate_page.json");
        const fs::path source = file("copy-source.vantage");
        const auto ids = writeSchema3Session(source, { f });
        Session::cleanCopy(source, file("copy.vantage"));
        const auto s = Session::open(file("copy.vantage"), Session::Mode::ReadOnly);
        compareRun(s, ids[0], f["upgraded"]);
    }

    void refusesNewerShapes_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("reader"); // 0 readTraining, 1 readEvaluation, 2 readSearch, 3 readJob
        QTest::newRow("ppac train") << "ppac_train_recipe.json" << 0;
        QTest::newRow("dgi evaluate") << "dgi_evaluate_cli.json" << 1;
        QTest::newRow("ft search") << "ft_search_cli_graph.json" << 2;
        QTest::newRow("edl train") << "edl_train_page_timeline.json" << 3;
    }

    // A run recorded by a later Vantage in a shape this build does not know is listed, kept as it
    // is when the session is opened for writing, and refused by its reader naming its version.
    void refusesNewerShapes()
    {
        QFETCH(QString, name);
        QFETCH(int, reader);
        const Json f = fixture(name);
        const fs::path p = file("newer.vantage");
        for (const char* suffix : { "", "-wal", "-shm" })
            fs::remove(p.string() + suffix);
        {
            auto s = Session::create(p);
            const Json& up = f["upgraded"];
            const auto id = s.beginRun({ .engine = enumFromName<Engine>(f["engine"].get<std::string>()),
                .kind = enumFromName<RunKind>(f["kind"].get<std::string>()),
                .name = "from later",
                .params = up["params"] });
            s.finishRun(id, RunStatus::Done, up["result"], "later");
        }
        Raw(p).exec("UPDATE runs SET shape_version = 7");
        auto s = Session::open(p);
        const RunInfo run = s.runs().at(0);
        QCOMPARE(run.shapeVersion, 7);
        QCOMPARE(dump(run.params), dump(f["upgraded"]["params"]));
        const std::vector<std::string> needles = { "run " + std::to_string(run.id), "version 7", "newer Vantage",
            "up to version " + std::to_string(currentShapeVersion(run.engine, run.kind)) };
        switch (reader) {
        case 0:
            expectError([&] { ppac::readTraining(s, run.id); }, needles);
            break;
        case 1:
            expectError([&] { dgi::readEvaluation(s, run.id); }, needles);
            break;
        case 2:
            expectError([&] { ft::readSearch(s, run.id); }, needles);
            break;
        default:
            expectError([&] { edl::readJob(s, run.id); }, needles);
        }
        RunShape shape{ run.params, run.result, {}, {} };
        expectError([&] { upgradeRunShape(run.engine, run.kind, 7, shape); }, { "version 7", "newer Vantage" });
    }

    // An old run an upgrader cannot read (its data names no path) keeps its shape and is refused
    // by its reader, saying so; the session's other runs are upgraded.
    void damagedOldRunKeepsItsShape()
    {
        Json damaged = fixture("ppac_train_page_path.json");
        damaged["stored"]["params"]["dataset"].erase("path");
        const Json sound = fixture("dgi_evaluate_page.json");
        const fs::path p = file("damaged.vantage");
        const auto ids = writeSchema3Session(p, { damaged, sound });
        auto s = Session::open(p);
        const RunInfo run = s.run(ids[0]);
        QCOMPARE(run.shapeVersion, 0);
        QCOMPARE(dump(run.params), dump(damaged["stored"]["params"]));
        QCOMPARE(s.seriesNames(ids[0]).back(), std::string("validation ndcg@20"));
        expectError([&] { ppac::readTraining(s, ids[0]); }, { "shape version 0", "not upgraded" });
        compareRun(s, ids[1], sound["upgraded"]);
    }
};

QTEST_GUILESS_MAIN(TestRunShapes)
#include "tst_run_shapes.moc"
