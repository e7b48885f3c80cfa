// core/store: the session file. Schema and round trips, migrations from an old file, refusal of
// files that are not sessions (untouched), and crash safety: a writer killed with SIGKILL.

#include "common/error.h"
#include "store/run_scope.h"
#include "store/session.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <csignal>
#include <cstdio>
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

void rawExec(const fs::path& p, const std::string& sql)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(p.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    const QString msg = err ? QString::fromUtf8(err) : QString();
    sqlite3_free(err);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, qPrintable(msg));
}

std::vector<SeriesPoint> ramp(int n, double offset = 0)
{
    std::vector<SeriesPoint> v;
    for (int i = 0; i < n; ++i)
        v.push_back({ static_cast<double>(i), offset + i * 0.5 });
    return v;
}

// Expects open() to refuse the file with an input error mentioning `needle`, and the file unchanged.
void expectRefused(const fs::path& p, const char* needle)
{
    const QByteArray before = fileHash(p);
    try {
        Session::open(p);
        QFAIL("opened a file that should be refused");
    } catch (const Error& e) {
        QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        QVERIFY2(std::string(e.what()).find(needle) != std::string::npos, e.what());
        QVERIFY2(std::string(e.what()).find(p.string()) != std::string::npos, "message names the file");
    }
    QCOMPARE(fileHash(p), before);
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path file(const char* name) const { return fs::path(m_dir.path().toStdString()) / name; }

private Q_SLOTS:
    void createSetsSchemaAndMeta()
    {
        auto s = Session::create(file("a.vantage"), "My study");
        QCOMPARE(s.schemaVersion(), Session::kSchemaVersion);
        QCOMPARE(QString::fromStdString(s.title()), QStringLiteral("My study"));
        QVERIFY(s.meta("created_at").has_value());
        QVERIFY(s.meta("created_with")->find("Vantage") == 0);
        s.setMeta("title", "Renamed");
        QCOMPARE(QString::fromStdString(s.title()), QStringLiteral("Renamed"));
        QVERIFY_THROWS_EXCEPTION(Error, Session::create(file("a.vantage")));
    }

    void runLifecycleRoundTrip()
    {
        auto s = Session::create(file("runs.vantage"));
        const auto id = s.createRun({ .engine = store::Engine::Ft,
            .kind = store::RunKind::Search,
            .name = "bert",
            .params = { { "devices", { 8, 16 } } } });
        QCOMPARE(s.run(id).status, RunStatus::Queued);
        s.startRun(id);
        QCOMPARE(s.run(id).status, RunStatus::Running);
        QVERIFY(!s.run(id).startedAt.empty());
        s.finishRun(id, RunStatus::Done, Json{ { "points", 12 } }, "12 strategies");
        const auto r = s.run(id);
        QCOMPARE(r.status, RunStatus::Done);
        QCOMPARE(r.engine, store::Engine::Ft);
        QCOMPARE(r.params["devices"][1].get<int>(), 16);
        QCOMPARE(r.result["points"].get<int>(), 12);
        QCOMPARE(r.summary, std::string("12 strategies"));
        QVERIFY(!r.finishedAt.empty());
        QVERIFY(r.durationS >= 0.0);

        s.renameRun(id, "BERT 8/16");
        s.setRunTags(id, { "baseline", "h200" });
        QCOMPARE(s.run(id).name, std::string("BERT 8/16"));
        QCOMPARE(s.run(id).tags, (std::vector<std::string>{ "baseline", "h200" }));

        QVERIFY_THROWS_EXCEPTION(Error, s.finishRun(id, RunStatus::Running));
        QVERIFY_THROWS_EXCEPTION(Error, s.run(9999));
        QVERIFY_THROWS_EXCEPTION(Error, s.appendSeries(9999, "x", ramp(3)));
        // Engines and kinds are closed sets, stored by name; a name this build does not know reads as Unknown.
        for (auto e : { Engine::Ft, Engine::Edl, Engine::Dgi, Engine::Ppac })
            QCOMPARE(enumFromName<Engine>(enumName(e)), e);
        QCOMPARE(enumFromName<Engine>("quantum"), Engine::Unknown);
        QCOMPARE(enumFromName<RunKind>(enumName(RunKind::Knobs)), RunKind::Knobs);
        QCOMPARE(enumFromName<RunKind>(""), RunKind::Unknown);
    }

    void seriesAndArtifactsRoundTrip()
    {
        auto s = Session::create(file("series.vantage"));
        const auto id = s.beginRun({ .engine = store::Engine::Edl, .kind = store::RunKind::Train });
        s.appendSeries(id, "loss", ramp(500));
        s.appendSeries(id, "loss", ramp(10, 1000)); // appends, keeps order
        s.appendSeries(id, "throughput", ramp(3));
        const auto loss = s.series(id, "loss");
        QCOMPARE(loss.size(), std::size_t(510));
        QCOMPARE(loss[499].value, 249.5);
        QCOMPARE(loss[500].value, 1000.0);
        QCOMPARE(s.seriesNames(id), (std::vector<std::string>{ "loss", "throughput" }));
        QVERIFY(s.series(id, "nope").empty());

        const std::string blob("\x00\x01svg\xff", 6);
        const auto a = s.addArtifact(id, "graph.svg", "image/svg+xml", blob);
        const auto arts = s.artifacts(id);
        QCOMPARE(arts.size(), std::size_t(1));
        QCOMPARE(arts[0].size, std::int64_t(6));
        QCOMPARE(arts[0].mimeType, std::string("image/svg+xml"));
        QCOMPARE(s.artifactData(a), blob);

        // Deleting the run removes its series and artifacts (foreign keys with cascade).
        s.deleteRun(id);
        QVERIFY(s.runs().empty());
        QVERIFY(s.series(id, "loss").empty());
        QVERIFY_THROWS_EXCEPTION(Error, s.artifactData(a));
    }

    void trashAndRestore()
    {
        const auto p = file("trash.vantage");
        std::int64_t kept = 0, gone = 0;
        {
            auto s = Session::create(p);
            kept = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search });
            gone = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search });
            s.appendSeries(gone, "x", ramp(5));
            s.trashRun(kept);
            QCOMPARE(s.runs().size(), std::size_t(1));
            s.restoreRun(kept); // undo
            QCOMPARE(s.runs().size(), std::size_t(2));
            s.trashRun(gone);
            QCOMPARE(s.runs().front().id, kept);
            QCOMPARE(s.series(gone, "x").size(), std::size_t(5)); // still there until reopened
        }
        // While the trashing process lives (this one), reopening keeps the run for its undo; once
        // it has ended, the next open removes the run for good. A forked child plays the ender.
        {
            auto s = Session::open(p);
            QCOMPARE(s.series(gone, "x").size(), std::size_t(5));
            QVERIFY_THROWS_EXCEPTION(Error, s.restoreRun(424242));
        }
        const pid_t child = ::fork();
        if (child == 0) {
            try {
                auto s = Session::open(p);
                s.restoreRun(gone);
                s.trashRun(gone);
            } catch (...) {
                ::_exit(1);
            }
            ::_exit(0);
        }
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        auto s = Session::open(p);
        QCOMPARE(s.runs().size(), std::size_t(1));
        QVERIFY_THROWS_EXCEPTION(Error, s.run(gone));
        QVERIFY(s.series(gone, "x").empty());
    }

    void reopenKeepsEverything()
    {
        const auto p = file("reopen.vantage");
        std::int64_t id = 0;
        {
            auto s = Session::create(p);
            id = s.beginRun({ .engine = store::Engine::Ppac, .kind = store::RunKind::Train });
            s.appendSeries(id, "recall@20", ramp(100));
            s.finishRun(id, RunStatus::Done, Json{ { "recall@20", 0.17 } }, "R@20 0.170");
        }
        auto s = Session::open(p, Session::Mode::ReadOnly);
        QVERIFY(s.isReadOnly());
        QCOMPARE(s.runs().size(), std::size_t(1));
        QCOMPARE(s.series(id, "recall@20").size(), std::size_t(100));
        QVERIFY_THROWS_EXCEPTION(Error, s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search }));
    }

    void saveCopyAndExternalChanges()
    {
        const auto p = file("copy-src.vantage");
        auto s = Session::create(p);
        const auto id = s.beginRun({ .engine = store::Engine::Dgi, .kind = store::RunKind::Evaluate });
        s.appendSeries(id, "time", ramp(50));
        s.saveCopy(file("copy-dst.vantage"));
        QVERIFY_THROWS_EXCEPTION(Error, s.saveCopy(file("copy-dst.vantage")));
        auto copy = Session::open(file("copy-dst.vantage"));
        QCOMPARE(copy.series(id, "time").size(), std::size_t(50));

        const auto before = s.externalChangeCounter();
        {
            auto other = Session::open(p);
            other.renameRun(id, "written elsewhere");
        }
        QVERIFY(s.externalChangeCounter() != before);
        QCOMPARE(s.run(id).name, std::string("written elsewhere"));
    }

    void runScopeRecordsOutcome()
    {
        auto s = Session::create(file("scope.vantage"));
        std::int64_t ok = 0, failed = 0, cancelled = 0;
        recordRun(&s, { .engine = store::Engine::Ft, .kind = store::RunKind::Search }, [&](RunScope& scope) {
            ok = scope.id();
            scope.succeed(Json{ { "n", 1 } }, "one");
        });
        try {
            recordRun(&s, { .engine = store::Engine::Ft, .kind = store::RunKind::Search }, [&](RunScope& scope) {
                failed = scope.id();
                throw Error::invalidInput("bad model");
            });
        } catch (const Error&) { }
        try {
            recordRun(&s, { .engine = store::Engine::Ft, .kind = store::RunKind::Search }, [&](RunScope& scope) {
                cancelled = scope.id();
                throw Cancelled();
            });
        } catch (const Cancelled&) { }
        QCOMPARE(s.run(ok).status, RunStatus::Done);
        QCOMPARE(s.run(failed).status, RunStatus::Failed);
        QCOMPARE(s.run(failed).error, std::string("bad model"));
        QCOMPARE(s.run(cancelled).status, RunStatus::Cancelled);
        // Without a session the scope records nothing and still runs the body.
        int ran = 0;
        recordRun(nullptr, { .engine = store::Engine::Ft }, [&](RunScope& scope) {
            ++ran;
            scope.succeed(nullptr, "");
        });
        QCOMPARE(ran, 1);
    }

    void migratesVersionOneFile()
    {
        const auto p = file("old.vantage");
        rawExec(p,
            std::string(store::detail::migrationScript(1))
                + "PRAGMA user_version = 1; PRAGMA application_id = " + std::to_string(Session::kApplicationId)
                + "; INSERT INTO meta VALUES ('title', 'from v1');"
                  "INSERT INTO runs(engine, kind, name, params, status, created_at, summary)"
                  " VALUES ('ft', 'search', 'old run', '{\"devices\": 8}', 'done', '2026-01-01T00:00:00Z', 'kept');");
        const QByteArray oldHash = fileHash(p);
        auto s = Session::open(p);
        QCOMPARE(s.schemaVersion(), Session::kSchemaVersion);
        QVERIFY(s.migrationBackup().has_value());
        QCOMPARE(fileHash(*s.migrationBackup()), oldHash);
        const auto runs = s.runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].name, std::string("old run"));
        QCOMPARE(runs[0].summary, std::string("kept"));
        QCOMPARE(runs[0].params["devices"].get<int>(), 8);
        QVERIFY(runs[0].tags.empty());
        s.setRunTags(runs[0].id, { "migrated" }); // the new columns work
        s.trashRun(runs[0].id);
        s.restoreRun(runs[0].id);
        QCOMPARE(QString::fromStdString(s.title()), QStringLiteral("from v1"));
        // An old file cannot be opened read-only (it would need the upgrade).
        const auto p2 = file("old2.vantage");
        rawExec(p2,
            std::string(store::detail::migrationScript(1))
                + "PRAGMA user_version = 1; PRAGMA application_id = " + std::to_string(Session::kApplicationId) + ";");
        QVERIFY_THROWS_EXCEPTION(Error, Session::open(p2, Session::Mode::ReadOnly));
    }

    void refusesTextFile()
    {
        const auto p = file("notes.vantage");
        QFile f(QString::fromStdString(p.string()));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("this is not a database, just some notes\n");
        f.close();
        expectRefused(p, "not an SQLite database");
    }

    void refusesEmptyFile()
    {
        const auto p = file("empty.vantage");
        QFile f(QString::fromStdString(p.string()));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        expectRefused(p, "not an SQLite database");
    }

    void refusesOtherSqliteDatabase()
    {
        const auto p = file("other.db");
        rawExec(p, "CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('x');");
        expectRefused(p, "another application");
    }

    void refusesNewerSchema()
    {
        const auto p = file("newer.vantage");
        {
            auto s = Session::create(p);
        }
        rawExec(p, "PRAGMA user_version = 99;");
        expectRefused(p, "newer Vantage");
    }

    void refusesCorruptFile()
    {
        const auto p = file("corrupt.vantage");
        {
            auto s = Session::create(p);
            for (int i = 0; i < 40; ++i) {
                const auto id = s.beginRun({ .engine = store::Engine::Ft,
                    .kind = store::RunKind::Search,
                    .params = { { "pad", std::string(2000, 'x') } } });
                s.appendSeries(id, "s", ramp(200));
            }
        }
        rawExec(p, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
        QFile f(QString::fromStdString(p.string()));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.size() > 8 * 4096);
        // Scribble over pages 3..6 (b-tree pages of the tables).
        f.seek(2 * 4096);
        f.write(QByteArray(4 * 4096, '\x5a'));
        f.close();
        expectRefused(p, "damaged");
    }

    void refusesMissingAndFolder()
    {
        QVERIFY_THROWS_EXCEPTION(Error, Session::open(file("missing.vantage")));
        QVERIFY_THROWS_EXCEPTION(Error, Session::open(fs::path(m_dir.path().toStdString())));
    }

    void crashSafetyUnderSigkill()
    {
        // A child process writes runs (each: begin, 10 transactions of 1,000 points, finish) and
        // reports over a pipe; the parent kills it while a run is half-written and reopens.
        const auto p = file("crash.vantage");
        {
            auto s = Session::create(p);
        }
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            try {
                auto s = Session::open(p);
                for (int run = 0;; ++run) {
                    const auto id = s.beginRun(
                        { .engine = store::Engine::Edl, .kind = store::RunKind::Train, .params = { { "run", run } } });
                    dprintf(fds[1], "B %lld\n", static_cast<long long>(id));
                    for (int b = 0; b < 10; ++b)
                        s.appendSeries(id, "loss", ramp(1000, b));
                    s.finishRun(id, RunStatus::Done, Json{ { "points", 10000 } }, "ok");
                    dprintf(fds[1], "D %lld\n", static_cast<long long>(id));
                }
            } catch (...) { }
            ::_exit(1);
        }
        ::close(fds[1]);
        FILE* in = ::fdopen(fds[0], "r");
        std::vector<std::int64_t> committed;
        std::int64_t interrupted = 0;
        char kind = 0;
        long long id = 0;
        while (std::fscanf(in, " %c %lld", &kind, &id) == 2) {
            if (kind == 'D')
                committed.push_back(id);
            if (kind == 'B' && committed.size() >= 5) {
                interrupted = id;
                ::usleep(3000); // let it get into the series writes
                ::kill(child, SIGKILL);
                break;
            }
        }
        std::fclose(in);
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(WIFSIGNALED(status));
        QVERIFY(interrupted > 0);

        auto s = Session::open(p);
        QVERIFY(std::find(s.recoveredRuns().begin(), s.recoveredRuns().end(), interrupted) != s.recoveredRuns().end());
        for (auto cid : committed) {
            const auto r = s.run(cid);
            QCOMPARE(r.status, RunStatus::Done);
            QCOMPARE(r.result["points"].get<int>(), 10000);
            const auto pts = s.series(cid, "loss");
            QCOMPARE(pts.size(), std::size_t(10000));
            QCOMPARE(pts.back().value, 9.0 + 999 * 0.5);
        }
        const auto r = s.run(interrupted);
        QCOMPARE(r.status, RunStatus::Failed);
        QVERIFY(r.error.find("interrupted") != std::string::npos);
        // Each batch is one transaction: a partial run holds whole batches only.
        QCOMPARE(s.series(interrupted, "loss").size() % 1000, std::size_t(0));
        // Nothing else is left running.
        for (const auto& run : s.runs())
            QVERIFY(run.status == RunStatus::Done || run.status == RunStatus::Failed);
    }

    // A writer killed while its run is running: every reader, read-only ones (session list, show,
    // report) and a viewer that opened the file before the writer died, sees the run as failed at
    // once; the file itself is corrected by the next writer.
    void readersSeeARunWhoseWriterDiedAsFailed()
    {
        const auto p = file("dead-writer.vantage");
        {
            auto s = Session::create(p);
        }
        auto viewer = Session::open(p);
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            try {
                auto s = Session::open(p);
                const auto id = s.beginRun({ .engine = store::Engine::Dgi, .kind = store::RunKind::Evaluate });
                dprintf(fds[1], "%lld\n", static_cast<long long>(id));
                ::pause();
            } catch (...) { }
            ::_exit(1);
        }
        ::close(fds[1]);
        FILE* in = ::fdopen(fds[0], "r");
        long long id = 0;
        QCOMPARE(std::fscanf(in, "%lld", &id), 1);
        std::fclose(in);
        QCOMPARE(viewer.run(id).status, RunStatus::Running); // alive: running
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);

        const QByteArray before = fileHash(p);
        auto reader = Session::open(p, Session::Mode::ReadOnly);
        for (const Session* s : { &reader, &viewer }) {
            const auto r = s->run(id);
            QCOMPARE(r.status, RunStatus::Failed);
            QVERIFY(r.error.find("interrupted") != std::string::npos);
            QCOMPARE(s->runs().front().status, RunStatus::Failed);
        }
        QCOMPARE(fileHash(p), before); // readers change nothing
        auto writer = Session::open(p);
        QCOMPARE(writer.recoveredRuns(), std::vector<std::int64_t>{ id });
    }

    // A file whose tables are not all there is damaged, not a failure of ours (exit 2 in the CLI).
    void refusesSessionWithoutItsTables_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("message");
        QTest::newRow("no runs table")
            << "DROP TABLE series_points; DROP TABLE series; DROP TABLE artifacts; DROP TABLE runs;"
            << "table 'runs' is missing";
        QTest::newRow("no artifacts table") << "DROP TABLE artifacts;"
                                            << "table 'artifacts' is missing";
        QTest::newRow("runs without its tags") << "ALTER TABLE runs DROP COLUMN tags;"
                                               << "column 'runs.tags' is missing";
    }
    void refusesSessionWithoutItsTables()
    {
        QFETCH(QString, sql);
        QFETCH(QString, message);
        const auto p = file(("tables-" + QString::number(qHash(sql))).toUtf8().constData());
        {
            auto s = Session::create(p);
        }
        rawExec(p, sql.toStdString());
        expectRefused(p, message.toUtf8().constData());
        try {
            Session::open(p, Session::Mode::ReadOnly);
            QFAIL("opened read-only");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        }
    }

    void liveRunOfAnotherProcessIsNotRecovered()
    {
        // A run owned by a live process (this one, via a second connection) stays running.
        const auto p = file("live.vantage");
        auto writer = Session::create(p);
        const auto id = writer.beginRun({ .engine = store::Engine::Edl, .kind = store::RunKind::Train });
        auto viewer = Session::open(p);
        QVERIFY(viewer.recoveredRuns().empty());
        QCOMPARE(viewer.run(id).status, RunStatus::Running);
    }

    // A run handed over to another process (an elastic job's leader after the window detached)
    // outlives the process that started it, and reads as interrupted once its holder is gone.
    void handedOverRunLivesWithItsHolder()
    {
        const auto p = file("handed-over.vantage");
        std::int64_t id = 0;
        const pid_t holder = ::fork();
        QVERIFY(holder >= 0);
        if (holder == 0) {
            ::pause();
            ::_exit(0);
        }
        const pid_t starter = ::fork(); // the window: starts the run, hands it over, dies
        QVERIFY(starter >= 0);
        if (starter == 0) {
            int rc = 1;
            try {
                auto s = Session::create(p);
                const auto run = s.beginRun({ .engine = store::Engine::Edl, .kind = store::RunKind::Train });
                s.handOverRun(run, holder);
                rc = 0;
            } catch (...) { }
            ::_exit(rc);
        }
        int status = 0;
        ::waitpid(starter, &status, 0);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        {
            auto s = Session::open(p);
            QVERIFY(s.recoveredRuns().empty());
            id = s.runs().front().id;
            QCOMPARE(s.run(id).status, RunStatus::Running); // its holder lives
            QVERIFY_THROWS_EXCEPTION(Error, s.handOverRun(id, 0));
            QVERIFY_THROWS_EXCEPTION(Error, s.handOverRun(id + 1, holder));
        }
        ::kill(holder, SIGKILL);
        ::waitpid(holder, &status, 0);
        auto s = Session::open(p);
        QCOMPARE(s.recoveredRuns(), std::vector<std::int64_t>{ id });
        QCOMPARE(s.run(id).status, RunStatus::Failed);
        // A run that has ended cannot be handed over.
        QVERIFY_THROWS_EXCEPTION(Error, s.handOverRun(id, ::getpid()));
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
