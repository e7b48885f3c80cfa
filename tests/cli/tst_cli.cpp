// vantage-cli as a user (or a script) runs it: exit codes, JSON shape, errors on stderr.

#include "cli_harness.h"
#include "store/session.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;

namespace {

using cli_harness::Result;

Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 60000);
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::newRow("version") << QStringList{ "--version" } << 0;
        QTest::newRow("help") << QStringList{ "--help" } << 0;
        QTest::newRow("no command") << QStringList{} << 2;
        QTest::newRow("unknown option") << QStringList{ "--frobnicate", "devices" } << 2;
        QTest::newRow("unknown command") << QStringList{ "teleport" } << 2;
        QTest::newRow("missing file") << QStringList{ "session", "list", "/nonexistent/x.vantage" } << 2;
        QTest::newRow("session without sub") << QStringList{ "session" } << 2;
    }
    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        const auto r = cli(args);
        QCOMPARE(r.code, code);
        if (code == 2)
            QVERIFY(!r.err.isEmpty());
    }

    void newListShowJson()
    {
        const QString file = path("s.vantage");
        auto r = cli({ "--json", "session", "new", file, "--title", "CLI test" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["title"].toString(), QStringLiteral("CLI test"));
        QCOMPARE(r.json()["schema_version"].toInt(), store::Session::kSchemaVersion);

        std::int64_t id = 0;
        std::int64_t art = 0;
        {
            auto s = store::Session::open(file.toStdString());
            id = s.beginRun({ .engine = store::Engine::Ft,
                .kind = store::RunKind::Search,
                .name = "bert",
                .params = { { "devices", 8 } } });
            s.appendSeries(id, "frontier", { { { 0, 1.0 }, { 1, 2.0 } } });
            art = s.addArtifact(id, "strategy.json", "application/json", R"({"ops": []})");
            s.finishRun(id, store::RunStatus::Done, Json{ { "points", 2 } }, "2 strategies");
            const auto bad = s.beginRun({ .engine = store::Engine::Ppac, .kind = store::RunKind::Train });
            s.finishRun(bad, store::RunStatus::Failed, nullptr, {}, "dataset missing");
        }

        r = cli({ "--json", "session", "list", file });
        QCOMPARE(r.code, 0);
        const auto runs = r.json()["runs"].toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].toObject()["engine"].toString(), QStringLiteral("ft"));
        QCOMPARE(runs[0].toObject()["status"].toString(), QStringLiteral("done"));
        QCOMPARE(runs[0].toObject()["summary"].toString(), QStringLiteral("2 strategies"));
        QCOMPARE(runs[1].toObject()["status"].toString(), QStringLiteral("failed"));
        QCOMPARE(runs[1].toObject()["error"].toString(), QStringLiteral("dataset missing"));

        r = cli({ "--json", "session", "show", file, "--run", QString::number(id) });
        QCOMPARE(r.code, 0);
        const auto run = r.json();
        QCOMPARE(run["params"].toObject()["devices"].toInt(), 8);
        QCOMPARE(run["result"].toObject()["points"].toInt(), 2);
        QCOMPARE(run["series"].toArray()[0].toObject()["points"].toInt(), 2);
        QCOMPARE(run["artifacts"].toArray()[0].toObject()["name"].toString(), QStringLiteral("strategy.json"));

        // Human output is a table with the run.
        r = cli({ "session", "list", file });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("2 strategies"));
        QVERIFY(r.out.contains("dataset missing"));

        const QString out = path("strategy.json");
        r = cli({ "session", "artifact", file, "--id", QString::number(art), "--out", out });
        QCOMPARE(r.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray(R"({"ops": []})"));

        r = cli({ "session", "show", file, "--run", "999" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no run with id 999"));
        r = cli({ "session", "new", file });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("exists already"));
    }

    void badSessionFileIsInputError()
    {
        const QString file = path("junk.vantage");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("garbage garbage garbage garbage");
        f.close();
        const auto r = cli({ "session", "list", file });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("not a Vantage session"));
        QVERIFY(r.err.contains(file.toUtf8()));
        QVERIFY(r.out.isEmpty());
    }

    void devicesReport()
    {
        const auto r = cli({ "--json", "devices" });
        QCOMPARE(r.code, 0);
        const auto j = r.json();
        QVERIFY(j["cpu_threads"].toInt() >= 1);
        QVERIFY(j.contains("gpu_path_built"));
        QVERIFY(j["gpus"].isArray());
        // Without a GPU the reason is reported, not crashed on.
        if (j["gpus"].toArray().isEmpty())
            QVERIFY(!j["cuda_error"].toString().isEmpty());
        // The LibTorch the engines compute with, and whether it can use a GPU at all: a build whose
        // LibTorch is CPU-only never claims a GPU path, whatever CUDA toolkit it found.
        if (!j["libtorch_version"].toString().isEmpty()) // empty in a build without the LibTorch engines
            QVERIFY(j["libtorch_version"].toString().count('.') >= 2);
        QVERIFY(j["libtorch_cuda"].isBool());
        if (j["gpu_path_built"].toBool())
            QVERIFY(j["libtorch_cuda"].toBool());
        else
            QVERIFY(!j["cuda_error"].toString().isEmpty());
        if (!j["libtorch_cuda"].toBool())
            QVERIFY(j["cudnn_version"].toString().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
