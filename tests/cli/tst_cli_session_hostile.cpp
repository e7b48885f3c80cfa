// Shared session files through vantage-cli (issue 31). A session whose schema holds objects of
// another program (triggers of every kind, views, tables) is refused with exit code 2 and a message
// naming the file, by readers and by a command that records a run, which loses nothing and ends;
// `session clean` copies it into a session that opens and records. Rows another program wrote
// mark their run damaged while `session list/show` and reports go on; readers leave no -wal/-shm.

#include "cli_harness.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <filesystem>

namespace fs = std::filesystem;
using cli_harness::Result;

namespace {

constexpr int kLimitMs = 60000;

Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, kLimitMs);
}

bool rawExec(const QString& file, const QString& sql)
{
    sqlite3* db = nullptr;
    sqlite3_open(file.toUtf8().constData(), &db);
    const int rc = sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return rc == SQLITE_OK;
}

qint64 rawCount(const QString& file, const char* table)
{
    sqlite3* db = nullptr;
    // Immutable while nobody writes: a plain read-only handle would itself leave -wal and -shm
    // behind. With a writer's -wal there, the files exist anyway and the -wal holds data.
    const std::string path = file.toStdString();
    const bool wal = std::filesystem::exists(path + "-wal");
    sqlite3_open_v2(
        ("file:" + path + (wal ? "" : "?immutable=1")).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, (std::string("SELECT count(*) FROM ") + table).c_str(), -1, &st, nullptr);
    const qint64 n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

bool leftovers(const QString& file)
{
    return fs::exists(file.toStdString() + "-wal") || fs::exists(file.toStdString() + "-shm");
}

QStringList recordARun(const QString& file)
{
    return { "-q", "--session", file, "ft", "search", "--model", "bert-large", "--devices", "8" };
}

} // namespace

class TestCliSessionHostile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_template;
    int m_n = 0;

    // A copy of a session of two recorded FT runs.
    QString fresh()
    {
        const QString file = m_dir.filePath(QString("s%1.vantage").arg(++m_n));
        if (!QFile::copy(m_template, file))
            return {};
        return file;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_template = m_dir.filePath("template.vantage");
        for (int i = 0; i < 2; ++i)
            QCOMPARE(cli(recordARun(m_template)).code, 0);
        QCOMPARE(rawCount(m_template, "runs"), 2);
        QVERIFY(!leftovers(m_template));
    }

    void foreignObjectsAreRefusedWithExitTwo_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("needle");
        const std::pair<const char*, const char*> actions[]
            = { { "deletes", "DELETE FROM runs;" }, { "aborts", "SELECT RAISE(ABORT, 'hostile trigger');" },
                  { "loops", "UPDATE runs SET name = name || 'x';" } };
        for (const char* timing : { "BEFORE", "AFTER" })
            for (const char* event : { "INSERT", "UPDATE", "DELETE" })
                for (const auto& [what, action] : actions)
                    QTest::newRow(qPrintable(QString("%1 %2 %3").arg(timing, event, what)))
                        << QString("PRAGMA recursive_triggers = ON; CREATE TRIGGER t %1 %2 ON runs BEGIN %3 END;")
                               .arg(timing, event, action)
                        << "trigger 't'";
        QTest::newRow("view") << "CREATE VIEW recent AS SELECT * FROM runs;"
                              << "view 'recent'";
        QTest::newRow("table") << "CREATE TABLE extra(x);"
                               << "table 'extra'";
        QTest::newRow("index") << "CREATE INDEX one ON runs(name);"
                               << "index 'one'";
    }
    void foreignObjectsAreRefusedWithExitTwo()
    {
        QFETCH(QString, sql);
        QFETCH(QString, needle);
        const QString file = fresh();
        QVERIFY(rawExec(file, sql));
        for (const QStringList& args : { QStringList{ "session", "list", file }, QStringList{ "session", "show", file },
                 QStringList{ "report", file, "--out", m_dir.filePath("r.html") }, recordARun(file) }) {
            const Result r = cli(args);
            QVERIFY2(r.code == 2, qPrintable(args.join(' ') + QString(" -> %1: ").arg(r.code) + r.err));
            QVERIFY2(r.err.contains(needle.toUtf8()), r.err.constData());
            QVERIFY2(r.err.contains(file.toUtf8()), r.err.constData());
        }
        QCOMPARE(rawCount(file, "runs"), 2); // nothing lost
        QVERIFY(!leftovers(file));
        QVERIFY(!QFile::exists(m_dir.filePath("r.html")));

        // A copy without them opens and records.
        const QString copy = file + ".clean.vantage";
        const Result c = cli({ "--json", "session", "clean", file, "--out", copy });
        QVERIFY2(c.code == 0, c.err.constData());
        QCOMPARE(c.json().value("runs").toInt(), 2);
        QVERIFY(c.json().value("left_out").toString().contains(needle));
        QCOMPARE(cli({ "session", "list", copy }).code, 0);
        QCOMPARE(cli(recordARun(copy)).code, 0);
        QCOMPARE(rawCount(copy, "runs"), 3);
        QCOMPARE(rawCount(file, "runs"), 2);
        QCOMPARE(cli({ "session", "clean", file, "--out", copy }).code, 2); // never over a file
    }

    void damagedRowsAreListed_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("damage");
        const QString bad = "PRAGMA ignore_check_constraints = ON; UPDATE runs SET %1 WHERE id = 1;";
        QTest::newRow("status exploded") << bad.arg("status = 'exploded'") << "is not a run status";
        QTest::newRow("status a blob") << bad.arg("status = x'ff00'") << "is not a run status";
        QTest::newRow("params not JSON") << bad.arg("params = 'devices: 8'") << "parameters are not JSON";
        QTest::newRow("params invalid UTF-8") << bad.arg("params = x'c328'") << "parameters are not JSON";
        QTest::newRow("result not JSON") << bad.arg("result = '{'") << "result is not JSON";
        QTest::newRow("tags of numbers") << bad.arg("tags = '[1]'") << "tags are not";
        for (const char* v : { "1e308", "-1e308", "1e999", "-1e999", "4.9e-324", "'text'" })
            QTest::newRow(qPrintable(QString("series value %1").arg(v)))
                << QString("UPDATE series_points SET value = %1; UPDATE series_points SET step = %1;").arg(v) << "";
    }
    void damagedRowsAreListed()
    {
        QFETCH(QString, sql);
        QFETCH(QString, damage);
        const QString file = fresh();
        QVERIFY(rawExec(file, sql));
        const Result list = cli({ "--json", "session", "list", file });
        QVERIFY2(list.code == 0, list.err.constData());
        const QJsonArray runs = list.json().value("runs").toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[1].toObject().value("status").toString(), QStringLiteral("done"));
        QVERIFY(!runs[1].toObject().contains("damage"));
        if (!damage.isEmpty()) {
            QVERIFY(runs[0].toObject().value("damage").toString().contains(damage));
            const Result text = cli({ "session", "list", file });
            QCOMPARE(text.code, 0);
            QVERIFY2(text.out.contains("run 1 is damaged: "), text.out.constData());
        }
        for (const QStringList& args :
            { QStringList{ "session", "show", file }, QStringList{ "--json", "session", "show", file, "--run", "1" },
                QStringList{ "session", "show", file, "--run", "1" },
                QStringList{ "report", file, "--out", m_dir.filePath("d.html") },
                QStringList{ "report", file, "--format", "csv", "--out", file + "-csv" } }) {
            const Result r = cli(args);
            QVERIFY2(r.code == 0, qPrintable(args.join(' ') + ": " + r.err));
        }
        QVERIFY(!leftovers(file));
        // The owner records on.
        QCOMPARE(cli(recordARun(file)).code, 0);
        QCOMPARE(rawCount(file, "runs"), 3);
    }
};

QTEST_GUILESS_MAIN(TestCliSessionHostile)
#include "tst_cli_session_hostile.moc"
