// core/store: a session file as an untrusted document (issue 31). Objects another program put in
// the schema (triggers of every timing, event and action, views, tables, indexes) are refused
// before anything runs, untouched; triggers added behind an open session's back do not fire; rows
// Vantage would not write are read as damaged runs while the rest opens; readers leave no -wal or
// -shm behind, also as a user who may not write the file.

#include "common/error.h"
#include "store/session.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>
#include <limits>
#include <optional>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace vantage;
using namespace vantage::store;
namespace fs = std::filesystem;

namespace {

QByteArray fileHash(const fs::path& p)
{
    QFile f(QString::fromStdString(p.string()));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Runs SQL on the file as another program would: plain SQLite, no defensive settings.
bool rawExec(const fs::path& p, const std::string& sql, QString* error = nullptr)
{
    sqlite3* db = nullptr;
    sqlite3_open(p.c_str(), &db);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    if (error)
        *error = err ? QString::fromUtf8(err) : QString();
    sqlite3_free(err);
    sqlite3_close(db);
    return rc == SQLITE_OK;
}

std::int64_t rawCount(const fs::path& p, const char* table)
{
    sqlite3* db = nullptr;
    // Immutable while nobody writes: a plain read-only handle would itself leave -wal and -shm
    // behind. With a writer's -wal there, the files exist anyway and the -wal holds data.
    const std::string path = p.string();
    const bool wal = std::filesystem::exists(path + "-wal");
    sqlite3_open_v2(
        ("file:" + path + (wal ? "" : "?immutable=1")).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, (std::string("SELECT count(*) FROM ") + table).c_str(), -1, &st, nullptr);
    const std::int64_t n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

bool leftovers(const fs::path& p)
{
    return fs::exists(p.string() + "-wal") || fs::exists(p.string() + "-shm");
}

// A closed session of three finished FT runs, each with a short series and an artifact.
void makeSession(const fs::path& p)
{
    auto s = Session::create(p, "shared");
    for (int i = 0; i < 3; ++i) {
        const auto id = s.beginRun({ Engine::Ft, RunKind::Search, "run " + std::to_string(i), Json{ { "batch", i } } });
        const std::vector<SeriesPoint> pts = { { 0, 1.0 }, { 1, 0.5 } };
        s.appendSeries(id, "loss", pts);
        s.addArtifact(id, "plan.json", "application/json", "{}");
        s.finishRun(id, RunStatus::Done, Json{ { "strategies", 3 } }, "3 strategies");
    }
}

struct Outcome {
    bool refused = false;
    Error::Kind kind = Error::Kind::Failure;
    std::string message;
};

template <typename F> Outcome attempt(F&& f)
{
    try {
        f();
    } catch (const Error& e) {
        return { true, e.kind(), e.what() };
    }
    return {};
}

// The triggers another program could leave in a session: every timing and event on every table
// Vantage writes, each with an action that loses data, aborts the write or loops.
std::vector<std::pair<std::string, std::string>> hostileTriggers()
{
    std::vector<std::pair<std::string, std::string>> out;
    const char* timings[] = { "BEFORE", "AFTER" };
    const char* events[] = { "INSERT", "UPDATE", "DELETE" };
    const char* tables[] = { "runs", "series_points", "meta", "artifacts" };
    const std::pair<const char*, const char*> actions[] = {
        { "deletes", "DELETE FROM runs; DELETE FROM series_points;" },
        { "aborts", "SELECT RAISE(ABORT, 'hostile trigger');" },
        { "loops", "INSERT INTO meta(key, value) VALUES (hex(randomblob(8)), 'x');" },
    };
    for (const char* timing : timings)
        for (const char* event : events)
            for (const char* table : tables)
                for (const auto& [what, action] : actions) {
                    const std::string name = std::string("t_") + timing + "_" + event + "_" + table + "_" + what;
                    // The loop re-enters itself through meta (with recursive triggers on).
                    const std::string on = std::string(what) == "loops" ? "meta" : table;
                    out.emplace_back(std::string(timing) + " " + event + " " + table + " " + what,
                        "PRAGMA recursive_triggers = ON; CREATE TRIGGER " + name + " " + timing + " " + event + " ON "
                            + on + " BEGIN " + action + " END;");
                }
    return out;
}

} // namespace

class TestSessionHostile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_n = 0;
    fs::path fresh()
    {
        const auto p = fs::path(m_dir.path().toStdString()) / ("s" + std::to_string(++m_n) + ".vantage");
        makeSession(p);
        return p;
    }

private Q_SLOTS:
    void foreignSchemaObjectsAreRefusedUntouched_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("needle");
        for (const auto& [tag, sql] : hostileTriggers())
            QTest::newRow(tag.c_str()) << QString::fromStdString(sql) << "trigger";
        QTest::newRow("view") << "CREATE VIEW v AS SELECT * FROM runs;"
                              << "view 'v'";
        QTest::newRow("view over a view")
            << "CREATE VIEW a AS SELECT * FROM runs; CREATE VIEW b AS SELECT * FROM a, a AS a2;"
            << "view";
        QTest::newRow("unknown table") << "CREATE TABLE notes(x);"
                                       << "table 'notes' that Vantage does not make";
        QTest::newRow("unique index that refuses a second run") << "CREATE UNIQUE INDEX one_per_name ON runs(name);"
                                                                << "index 'one_per_name'";
        QTest::newRow("expression index") << "CREATE INDEX by_len ON runs(length(params) * 2);"
                                          << "index 'by_len'";
        QTest::newRow("table defined otherwise") << "ALTER TABLE runs ADD COLUMN extra TEXT CHECK (extra IS NULL);"
                                                 << "table 'runs' defined otherwise";
        QTest::newRow("series table defined otherwise") << "ALTER TABLE series_points ADD COLUMN note TEXT;"
                                                        << "table 'series_points' defined otherwise";
    }
    void foreignSchemaObjectsAreRefusedUntouched()
    {
        QFETCH(QString, sql);
        QFETCH(QString, needle);
        const auto p = fresh();
        QString err;
        QVERIFY2(rawExec(p, sql.toStdString(), &err), qPrintable(err));
        const QByteArray before = fileHash(p);
        for (auto mode : { Session::Mode::ReadWrite, Session::Mode::ReadOnly }) {
            const Outcome o = attempt([&] { Session::open(p, mode); });
            QVERIFY2(o.refused, "a session with a foreign schema object was opened");
            QCOMPARE(o.kind, Error::Kind::InvalidInput);
            QVERIFY2(o.message.find(needle.toStdString()) != std::string::npos, o.message.c_str());
            QVERIFY2(o.message.find(p.string()) != std::string::npos, o.message.c_str());
            QVERIFY2(o.message.find("session clean") != std::string::npos, o.message.c_str());
        }
        QCOMPARE(fileHash(p), before);
        QVERIFY(!leftovers(p));
        QCOMPARE(rawCount(p, "runs"), 3);
        QCOMPARE(rawCount(p, "series_points"), 6);
    }

    // A trigger added by another connection while Vantage holds the session open: it does not
    // fire inside Vantage's writes (SQLite's triggers are off on Vantage's handles), so recording,
    // deleting and appending lose nothing, abort nothing and end.
    void triggersAddedBehindAnOpenSessionDoNotFire_data()
    {
        QTest::addColumn<QString>("sql");
        for (const auto& [tag, sql] : hostileTriggers())
            QTest::newRow(tag.c_str()) << QString::fromStdString(sql);
    }
    void triggersAddedBehindAnOpenSessionDoNotFire()
    {
        QFETCH(QString, sql);
        const auto p = fresh();
        auto s = Session::open(p);
        QString err;
        QVERIFY2(rawExec(p, sql.toStdString(), &err), qPrintable(err));
        const auto metaBefore = rawCount(p, "meta");
        const auto id = s.beginRun({ Engine::Ft, RunKind::Search, "after", Json::object() });
        const std::vector<SeriesPoint> pts = { { 0, 2.0 } };
        s.appendSeries(id, "loss", pts);
        s.addArtifact(id, "a", "text/plain", "x");
        s.setMeta("note", "kept");
        s.finishRun(id, RunStatus::Done, Json{ { "ok", true } }, "done");
        s.deleteRun(1);
        QCOMPARE(s.runs().size(), std::size_t(3));
        QCOMPARE(s.series(id, "loss").size(), std::size_t(1));
        QCOMPARE(s.series(2, "loss").size(), std::size_t(2));
        QCOMPARE(rawCount(p, "meta"), metaBefore + 1);
        QCOMPARE(rawCount(p, "series_points"), 5); // run 1's two went with it (a foreign key, not a trigger)
    }

    void damagedRowsMarkTheirRunOnly_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("damage"); // empty: the row reads as sound
        const char* bad = "PRAGMA ignore_check_constraints = ON; UPDATE runs SET ";
        for (const char* status : { "exploded", "", "DONE", "done ", "running\n" })
            QTest::newRow(qPrintable(QString("status '%1'").arg(status).simplified()))
                << QString("%1status = '%2' WHERE id = 2").arg(bad, status) << "is not a run status";
        QTest::newRow("status a number") << QString(bad) + "status = 7 WHERE id = 2"
                                         << "is not a run status";
        QTest::newRow("status a blob") << QString(bad) + "status = x'00ff' WHERE id = 2"
                                       << "is not a run status";
        QTest::newRow("params not JSON") << QString(bad) + "params = '{\"batch\": ' WHERE id = 2"
                                         << "parameters are not JSON";
        QTest::newRow("params a number") << QString(bad) + "params = 42 WHERE id = 2"
                                         << "parameters are not a JSON object";
        QTest::newRow("params invalid UTF-8") << QString(bad) + "params = x'7b22ff223a317d' WHERE id = 2"
                                              << "parameters is not UTF-8";
        QTest::newRow("params nested deep")
            << QString(bad) + "params = '" + QString(5000, '[') + QString(5000, ']') + "' WHERE id = 2"
            << "parameters are not JSON";
        QTest::newRow("result not JSON") << QString(bad) + "result = 'nan' WHERE id = 2"
                                         << "result is not JSON";
        QTest::newRow("tags not a list") << QString(bad) + "tags = '{\"a\":1}' WHERE id = 2"
                                         << "tags are not";
        QTest::newRow("tags of numbers") << QString(bad) + "tags = '[1, 2]' WHERE id = 2"
                                         << "tags are not";
        QTest::newRow("name invalid UTF-8") << QString(bad) + "name = x'ff80c0' WHERE id = 2"
                                            << "name is not UTF-8";
        QTest::newRow("error overlong UTF-8") << QString(bad) + "error = x'c0afe080af' WHERE id = 2"
                                              << "error is not UTF-8";
        QTest::newRow("created_at a number") << QString(bad) + "created_at = 1e308 WHERE id = 2"
                                             << "";
        QTest::newRow("dates that are no dates") << QString(bad) + "started_at = 'x', finished_at = -1e308 WHERE id = 2"
                                                 << "";
        QTest::newRow("trashed as text") << QString(bad) + "trashed = 'soon' WHERE id = 2"
                                         << "";
        QTest::newRow("owner_pid as text") << QString(bad) + "owner_pid = 'me', status = 'running' WHERE id = 2"
                                           << "";
    }
    void damagedRowsMarkTheirRunOnly()
    {
        QFETCH(QString, sql);
        QFETCH(QString, damage);
        const auto p = fresh();
        QString err;
        QVERIFY2(rawExec(p, sql.toStdString(), &err), qPrintable(err));
        for (auto mode : { Session::Mode::ReadOnly, Session::Mode::ReadWrite }) {
            auto s = Session::open(p, mode);
            const auto runs = s.runs();
            QCOMPARE(runs.size(), std::size_t(3));
            QCOMPARE(s.runCount(), std::size_t(3));
            QVERIFY(!runs[0].damaged() && !runs[2].damaged());
            QCOMPARE(runs[0].status, RunStatus::Done);
            QVERIFY(runs[0].params == (Json{ { "batch", 0 } }));
            if (damage.isEmpty()) {
                QVERIFY2(!runs[1].damaged(), runs[1].damage.c_str());
            } else {
                QVERIFY(runs[1].damaged());
                QVERIFY2(runs[1].damage.find(damage.toStdString()) != std::string::npos, runs[1].damage.c_str());
                QCOMPARE(s.run(2).damage, runs[1].damage);
            }
            // Everything read goes on into JSON (the CLI's output) without an exception.
            for (const auto& r : runs) {
                const Json j = { { "name", r.name }, { "params", r.params }, { "result", r.result },
                    { "error", r.error }, { "created", r.createdAt }, { "duration", r.durationS } };
                QVERIFY(!j.dump().empty());
                QVERIFY(std::isfinite(r.durationS));
            }
        }
    }

    void seriesValuesOfEveryKindAreRead_data()
    {
        QTest::addColumn<QString>("stored"); // an SQL value
        QTest::addColumn<double>("expected"); // NaN: a gap
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("1e308") << "1e308" << 1e308;
        QTest::newRow("-1e308") << "-1e308" << -1e308;
        QTest::newRow("largest double") << "1.7976931348623157e308" << std::numeric_limits<double>::max();
        QTest::newRow("inf") << "1e999" << std::numeric_limits<double>::infinity();
        QTest::newRow("-inf") << "-1e999" << -std::numeric_limits<double>::infinity();
        QTest::newRow("smallest denormal") << "4.9406564584124654e-324" << std::numeric_limits<double>::denorm_min();
        QTest::newRow("text") << "'abc'" << nan;
        QTest::newRow("blob") << "x'0102'" << nan;
        QTest::newRow("integer") << "12" << 12.0;
    }
    void seriesValuesOfEveryKindAreRead()
    {
        QFETCH(QString, stored);
        QFETCH(double, expected);
        const auto p = fresh();
        QString err;
        QVERIFY2(
            rawExec(p, "UPDATE series_points SET value = " + stored.toStdString() + ", step = " + stored.toStdString(),
                &err),
            qPrintable(err));
        auto s = Session::open(p, Session::Mode::ReadOnly);
        const auto pts = s.series(2, "loss");
        QCOMPARE(pts.size(), std::size_t(2));
        for (const auto& pt : pts) {
            if (std::isnan(expected)) {
                QVERIFY(std::isnan(pt.value) && std::isnan(pt.step));
            } else {
                QCOMPARE(pt.value, expected);
                QCOMPARE(pt.step, expected);
            }
        }
    }

    // A run whose values are not finite (a diverged loss) is recorded and read back as it was.
    void nonFiniteValuesRoundTrip()
    {
        const auto p = fresh();
        auto s = Session::open(p);
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        const std::vector<SeriesPoint> pts = { { 0, nan }, { nan, 1 }, { 2, inf }, { 3, -inf }, { 4, 1e308 },
            { 5, std::numeric_limits<double>::denorm_min() } };
        const auto id = s.beginRun({ Engine::Edl, RunKind::Train, "diverged", Json::object() });
        s.appendSeries(id, "loss", pts);
        const auto back = s.series(id, "loss");
        QCOMPARE(back.size(), pts.size());
        for (std::size_t i = 0; i < pts.size(); ++i)
            for (auto [a, b] : { std::pair{ pts[i].step, back[i].step }, std::pair{ pts[i].value, back[i].value } })
                QVERIFY2(std::isnan(a) ? std::isnan(b) : a == b, qPrintable(QString::number(i)));
    }

    // A reader leaves no -wal or -shm beside the file: whether it opens read-only, opens for
    // writing a file it then refuses, or reads a file it may not write (as another user).
    void readersLeaveNothingBehind_data()
    {
        QTest::addColumn<int>("how");
        QTest::newRow("read-only, owner") << 0;
        QTest::newRow("read-only while the owner writes") << 1;
        QTest::newRow("refused file, read-write") << 2;
        QTest::newRow("read-only twice at once") << 3;
    }
    void readersLeaveNothingBehind()
    {
        QFETCH(int, how);
        const auto p = fresh();
        QVERIFY(!leftovers(p));
        if (how == 0) {
            auto s = Session::open(p, Session::Mode::ReadOnly);
            QCOMPARE(s.runs().size(), std::size_t(3));
            QVERIFY(s.isReadOnly());
            const Outcome o = attempt([&] { s.setMeta("x", "y"); });
            QVERIFY(o.refused);
        } else if (how == 1) {
            auto w = Session::open(p);
            {
                auto r = Session::open(p, Session::Mode::ReadOnly);
                w.beginRun({ Engine::Ft, RunKind::Search, "live", Json::object() });
                QCOMPARE(r.runs().size(), std::size_t(4)); // the reader sees the writer's commit
            }
        } else if (how == 2) {
            QVERIFY(rawExec(p, "CREATE VIEW v AS SELECT 1;"));
            QVERIFY(attempt([&] { Session::open(p); }).refused);
            QVERIFY(attempt([&] { Session::open(p, Session::Mode::ReadOnly); }).refused);
            QVERIFY2(!leftovers(p), "a refused open left -wal or -shm behind");
            QVERIFY(rawExec(p, "DROP VIEW v;"));
        } else {
            auto a = Session::open(p, Session::Mode::ReadOnly);
            auto b = Session::open(p, Session::Mode::ReadOnly);
            QCOMPARE(a.runs().size(), b.runs().size());
        }
        QVERIFY2(!leftovers(p), "a reader left -wal or -shm behind");
        auto owner = Session::open(p);
        owner.setMeta("after", "the reader");
    }

    // As a user who may read the file but not write it (nobody, in a folder anyone may write): the
    // reader opens it read-only by itself, writes nothing, leaves nothing, and the owner goes on.
    void aStrangerReadsWithoutLockingTheOwnerOut_data()
    {
        QTest::addColumn<bool>("ownerHasItOpen");
        QTest::newRow("closed") << false;
        QTest::newRow("owner writing") << true;
    }
    void aStrangerReadsWithoutLockingTheOwnerOut()
    {
        QFETCH(bool, ownerHasItOpen);
        if (::geteuid() != 0)
            QSKIP("needs root to read the file as another user");
        const fs::path dir = fs::path(m_dir.path().toStdString()) / ("shared" + std::to_string(++m_n));
        fs::create_directory(dir);
        const auto p = dir / "s.vantage";
        makeSession(p);
        ::chmod(dir.c_str(), 01777);
        ::chmod(m_dir.path().toUtf8().constData(), 0755);
        ::chmod(p.c_str(), 0644);
        std::optional<Session> owner;
        if (ownerHasItOpen) {
            owner.emplace(Session::open(p));
            owner->beginRun({ Engine::Ft, RunKind::Search, "live", Json::object() });
        }
        const pid_t pid = ::fork();
        if (pid == 0) {
            int code = 0;
            if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(90);
            try {
                if (!attempt([&] { Session::open(p); }).refused)
                    code = 91; // it may not write: read-write must be refused
                auto s = Session::open(p, Session::Mode::ReadOnly);
                if (s.runs().size() != (ownerHasItOpen ? 4u : 3u))
                    code = 92;
            } catch (const std::exception& e) {
                std::fprintf(stderr, "stranger: %s\n", e.what());
                code = 93;
            }
            ::_exit(code);
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0);
        if (!ownerHasItOpen)
            QVERIFY2(!leftovers(p), "the stranger left -wal or -shm behind");
        for (const char* suffix : { "-wal", "-shm" }) {
            struct stat st { };
            if (::stat((p.string() + suffix).c_str(), &st) == 0)
                QCOMPARE(st.st_uid, 0u); // whatever is there is the owner's
        }
        if (!owner)
            owner.emplace(Session::open(p));
        owner->setMeta("owner", "still writes");
        QCOMPARE(owner->meta("owner").value_or(""), std::string("still writes"));
    }
};

QTEST_GUILESS_MAIN(TestSessionHostile)
#include "tst_session_hostile.moc"
