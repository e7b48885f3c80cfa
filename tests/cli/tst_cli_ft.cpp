// vantage-cli ft as a script runs it: listings, the JSON keys of `ft search` and `ft frontier`,
// exit code 2 and a message naming file and line for bad inputs, `ft export` with a session.

#include "cli_harness.h"
#include "store/session.h"

#include <QFile>
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
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 120000);
}

// Two ops; by hand the Pareto set is (2, 6) with a=x, b=p and (5, 1) with a=y, b=q.
const char* kCosts = R"({"ops": [
  {"name": "a", "configs": [{"name": "x", "time": 1, "memory": 4}, {"name": "y", "time": 3, "memory": 1}]},
  {"name": "b", "configs": [{"name": "p", "time": 1, "memory": 2}, {"name": "q", "time": 2, "memory": 0}]}],
 "edges": [{"from": "a", "to": "b", "time": [[0, 5], [5, 0]], "memory": [[0, 0], [1, 0]]}]})";

} // namespace

class TestCliFt : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    QString write(const char* name, const QByteArray& bytes) const
    {
        QFile f(path(name));
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
        return path(name);
    }

private Q_SLOTS:
    void listings()
    {
        auto r = cli({ "--json", "ft", "models" });
        QCOMPARE(r.code, 0);
        const auto models = r.json()["models"].toArray();
        QCOMPARE(models.size(), 13);
        bool bert = false;
        for (const auto& m : models)
            bert = bert
                || (m.toObject()["name"].toString() == QStringLiteral("bert-large")
                    && m.toObject()["published_params"].toDouble() == 340e6);
        QVERIFY(bert);
        r = cli({ "--json", "ft", "clusters" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["clusters"].toArray().size(), 4);
        r = cli({ "ft", "clusters" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("h200x8"));
    }

    void searchJson()
    {
        const auto r = cli({ "--json", "ft", "search", "--model", "bert-base", "--batch", "32", "--seq", "128",
            "--devices", "4,8", "--cluster", "a100x8" });
        QCOMPARE(r.code, 0);
        const auto frontiers = r.json()["frontiers"].toArray();
        QCOMPARE(frontiers.size(), 2);
        QCOMPARE(frontiers[1].toObject()["devices"].toInt(), 8);
        for (const auto& fv : frontiers) {
            const auto f = fv.toObject();
            QVERIFY(f["search_s"].isDouble());
            const auto points = f["points"].toArray();
            QVERIFY(!points.isEmpty());
            QCOMPARE(f["frontier_size"].toInt(), points.size());
            for (int i = 0; i < points.size(); ++i) {
                const auto p = points[i].toObject();
                QVERIFY(p["time"].toDouble() > 0 && p["memory"].toDouble() > 0 && p.contains("strategy"));
                if (i > 0) {
                    QVERIFY(p["time"].toDouble() > points[i - 1].toObject()["time"].toDouble());
                    QVERIFY(p["memory"].toDouble() < points[i - 1].toObject()["memory"].toDouble());
                }
            }
            const auto baselines = f["baselines"].toArray();
            QVERIFY(baselines.size() >= 2);
            for (const auto& b : baselines)
                QVERIFY(b.toObject().contains("name") && b.toObject()["time"].toDouble() > 0);
        }
        // Without --json: a table per device count.
        const auto human = cli({ "ft", "search", "--model", "bert-base", "--batch", "32", "--devices", "4" });
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains("4 devices:"));
        QVERIFY(human.out.contains("data parallel"));
        QVERIFY(!human.err.contains("no strategy fits"));
        // A batch no strategy can hold: the table says nothing fits, and a note says by how much.
        const auto huge = cli({ "ft", "search", "--model", "bert-base", "--batch", "200000", "--devices", "2" });
        QCOMPARE(huge.code, 0);
        QVERIFY2(huge.err.contains("note: on 2 devices no strategy fits the"), huge.err.constData());
        QVERIFY2(!huge.out.contains(" fits\n"), huge.out.constData());
    }

    void frontierFromCosts()
    {
        const QString file = write("costs.json", kCosts);
        const auto r = cli({ "--json", "ft", "frontier", "--costs", file });
        QCOMPARE(r.code, 0);
        const auto points = r.json()["points"].toArray();
        QCOMPARE(points.size(), 2);
        QCOMPARE(points[0].toObject()["time"].toDouble(), 2.0);
        QCOMPARE(points[0].toObject()["memory"].toDouble(), 6.0);
        QCOMPARE(points[0].toObject()["assignment"].toObject()["a"].toString(), QStringLiteral("x"));
        QCOMPARE(points[1].toObject()["time"].toDouble(), 5.0);
        QCOMPARE(points[1].toObject()["assignment"].toObject()["b"].toString(), QStringLiteral("q"));
        const auto human = cli({ "ft", "frontier", "--costs", file });
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains("a=y b=q"));
    }

    void badInputsExitTwo_data()
    {
        QTest::addColumn<QByteArray>("costs");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown op") << QByteArray(
            R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]}],
"edges": [{"from": "a", "to": "nope"}]})")
                                    << "2: field 'edges[0].to': unknown op 'nope'";
        QTest::newRow("negative") << QByteArray(
            R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": -1, "memory": 1}]}]})")
                                  << "1: field 'ops[0].configs[0].time': negative value";
        QTest::newRow("shape") << QByteArray(
            R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]},
{"name": "b", "configs": [{"name": "y", "time": 1, "memory": 1}]}],
"edges": [{"from": "a", "to": "b", "time": [[1, 2]]}]})")
                               << "3: field 'edges[0].time[0]': matrix of the wrong shape";
        QTest::newRow("cycle") << QByteArray(
            R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]},
{"name": "b", "configs": [{"name": "y", "time": 1, "memory": 1}]}],
"edges": [{"from": "a", "to": "b"}, {"from": "b", "to": "a"}]})")
                               << "cycle: a -> b -> a";
        QTest::newRow("syntax") << QByteArray("{\"ops\": [") << "invalid JSON";
    }
    void badInputsExitTwo()
    {
        QFETCH(QByteArray, costs);
        QFETCH(QString, message);
        const QString file = write("bad.json", costs);
        const auto r = cli({ "--json", "ft", "frontier", "--costs", file });
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(file.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }

    void badOptionsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown model") << QStringList{ "ft", "search", "--model", "alexnet" };
        QTest::newRow("model and graph") << QStringList{ "ft", "search", "--model", "vgg16", "--graph", "g.json" };
        QTest::newRow("bad devices") << QStringList{ "ft", "search", "--model", "vgg16", "--devices", "8,x" };
        QTest::newRow("unknown cluster") << QStringList{ "ft", "search", "--model", "vgg16", "--cluster", "tpu" };
        QTest::newRow("bad pick") << QStringList{ "ft", "export", "--model", "vgg16", "--pick", "cheapest", "--out",
            "s.json" };
        QTest::newRow("no costs") << QStringList{ "ft", "frontier", "--costs", "/nonexistent/costs.json" };
        QTest::newRow("no sub") << QStringList{ "ft" };
    }
    void badOptionsExitTwo()
    {
        QFETCH(QStringList, args);
        const auto r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY(!r.err.isEmpty());
    }

    void graphAndClusterFiles()
    {
        const QString graph = write("graph.json", R"({"name": "tiny-lm", "ops": [
  {"name": "embed", "kind": "embedding", "batch": 16, "seq": 64, "vocab": 1000, "out": 128},
  {"name": "ln", "kind": "layernorm", "inputs": ["embed"]},
  {"name": "fc1", "kind": "linear", "inputs": ["ln"], "out": 512, "activation": "gelu"},
  {"name": "fc2", "kind": "linear", "inputs": ["fc1"], "out": 128},
  {"name": "add", "kind": "elementwise", "function": "add", "inputs": ["embed", "fc2"]},
  {"name": "head", "kind": "linear", "inputs": ["add"], "out": 1000, "bias": false, "tied_to": "embed"},
  {"name": "loss", "kind": "loss", "inputs": ["head"]}]})");
        const QString cluster = write("cluster.json", R"({"name": "slow-net", "base": "a100x8", "devices_per_node": 2,
 "inter_node": {"bandwidth_gbs": 1, "latency_us": 50}})");
        auto r = cli({ "--json", "ft", "search", "--graph", graph, "--cluster", cluster, "--devices", "2,4" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["model"].toString(), QStringLiteral("tiny-lm"));
        QCOMPARE(r.json()["cluster"].toString(), QStringLiteral("slow-net"));
        QCOMPARE(r.json()["frontiers"].toArray().size(), 2);

        const QString bad = write("badgraph.json", R"({"ops": [
  {"name": "embed", "kind": "embedding", "batch": 16, "seq": 64, "vocab": 1000, "out": 128},
  {"name": "fc", "kind": "linear", "inputs": ["emb"], "out": 8}]})");
        r = cli({ "ft", "search", "--graph", bad });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(bad.toUtf8() + ":3: field 'ops[1].inputs[0]': unknown op 'emb'"), r.err.constData());
        r = cli({ "ft", "search", "--graph", graph, "--batch", "8" });
        QCOMPARE(r.code, 2);
    }

    void exportWithSession()
    {
        const QString session = path("ft.vantage");
        const QString out = path("strategy.json");
        auto r = cli({ "--json", "--session", session, "ft", "export", "--model", "bert-base", "--batch", "32", "--seq",
            "128", "--devices", "8", "--cluster", "a100x8", "--pick", "min-memory", "--out", out, "--svg",
            path("strategy.svg") });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["devices"].toInt(), 8);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto strategy = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(strategy["devices"].toInt(), 8);
        QVERIFY(strategy["ops"].toArray().size() > 100);
        QVERIFY(strategy["time_breakdown"].toObject().contains(QStringLiteral("all_reduce")));
        QCOMPARE(strategy["memory"].toDouble(), r.json()["memory"].toDouble());
        QFile svg(path("strategy.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));

        // Under a budget below the least memory: refused with the least it needs.
        r = cli({ "ft", "export", "--model", "bert-base", "--batch", "32", "--seq", "128", "--devices", "8", "--pick",
            "under-memory=0.001", "--out", path("none.json") });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("the least needs"));

        // A search recorded in the session, then a pick from it without searching again.
        r = cli({ "--json", "--session", session, "ft", "search", "--model", "bert-base", "--batch", "32", "--seq",
            "128", "--devices", "4,8", "--cluster", "a100x8" });
        QCOMPARE(r.code, 0);
        const double fastest8
            = r.json()["frontiers"].toArray()[1].toObject()["points"].toArray()[0].toObject()["time"].toDouble();
        {
            auto s = store::Session::open(session.toStdString(), store::Session::Mode::ReadOnly);
            const auto runs = s.runs();
            QCOMPARE(runs.size(), std::size_t(2));
            QCOMPARE(runs[0].kind, store::RunKind::Export);
            QCOMPARE(s.artifacts(runs[0].id).size(), std::size_t(2)); // strategy.json and .svg
            QCOMPARE(runs[1].kind, store::RunKind::Search);
            QVERIFY(QString::fromStdString(runs[1].summary).startsWith(QStringLiteral("BERT-Base x4/8: ")));
            QVERIFY(QString::fromStdString(runs[1].summary).contains(QStringLiteral("strategies, fastest")));
            QCOMPARE(s.seriesNames(runs[1].id).size(), std::size_t(2));
            QVERIFY(runs[1].result["frontiers"][0].contains("strategies"));
            QCOMPARE(runs[1].params["cluster"]["name"].get<std::string>(), std::string("a100x8"));
        }
        r = cli({ "--json", "--session", session, "ft", "export", "--run", "2", "--devices", "8", "--pick", "fastest",
            "--out", path("again.json") });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["time"].toDouble(), fastest8);
        r = cli({ "--session", session, "ft", "export", "--run", "2", "--devices", "16", "--out", path("x.json") });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no frontier for 16 devices"));
    }
};

QTEST_GUILESS_MAIN(TestCliFt)
#include "tst_cli_ft.moc"
