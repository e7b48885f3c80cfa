// vantage-cli dgi as a user (or a script) runs it: the JSON keys scripts rely on, files written,
// the run recorded in a session with the drawing of the cut, and errors with exit code 2.

#include "cli_harness.h"
#include "dgi/node_matrix.h"
#include "store/session.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vantage;

namespace {

using cli_harness::Result;

Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 120000);
}

} // namespace

class TestCliDgi : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void generateAndInfo()
    {
        auto r = cli(
            { "--json", "dgi", "generate", "--graph", "rmat:n=3000,deg=5,seed=2", "--symmetrize", "--out", path("g") });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto nodes = r.json()["nodes"].toInteger();
        const auto edges = r.json()["edges"].toInteger();
        QCOMPARE(nodes, 3000);
        QVERIFY(edges > 3000);
        r = cli({ "--json", "dgi", "info", "--graph", path("g") });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["edges"].toInteger(), edges);
        QVERIFY(r.json()["memory_mapped"].toBool());
    }

    void partitionPrintsAndDraws()
    {
        auto r = cli({ "--json", "dgi", "partition", "--model", "jknet", "--layers", "3", "--nodes", "1000000", "--svg",
            path("cut.svg"), "--dot", path("cut.dot") });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto layers = r.json()["layers"].toArray();
        QCOMPARE(layers.size(), 3);
        const auto tensors = r.json()["tensors"].toArray();
        QCOMPARE(tensors.size(), 4);
        QCOMPARE(tensors[1].toObject()["bytes"].toInteger(), qint64(1000000) * 64 * 4);
        QCOMPARE(tensors[1].toObject()["last_consumer"].toInt(), 2);
        QFile svg(path("cut.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QFile dot(path("cut.dot"));
        QVERIFY(dot.open(QIODevice::ReadOnly));
        QVERIFY(dot.readAll().contains("1000000 x 64 x 4 B = 256 MB"));
        r = cli({ "dgi", "partition", "--model", "gat", "--layers", "2" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("2 layers"));
        // Layers counted from 1 in the text, as the drawing and the page count them ("layer -1 -> 0"
        // for the input before); the JSON above keeps its indices from 0.
        r = cli({ "dgi", "partition", "--model", "jknet", "--layers", "3" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("input x: input -> layer 1,"), r.out.constData());
        QVERIFY2(r.out.contains("conv1: relu: layer 1 -> layer 3,"), r.out.constData()); // JK's skip
        QVERIFY2(r.out.contains(": layer 3 -> output,"), r.out.constData());
        QVERIFY(!r.out.contains("layer 0") && !r.out.contains("layer -1"));
    }

    // A deep model's per-layer times: the first and last three and the slowest, not 64 in a cell.
    void evalTextOfADeepModel()
    {
        auto r = cli({ "dgi", "eval", "--model", "gcn", "--layers", "12", "--hidden", "8", "--in-dim", "8", "--graph",
            "rmat:n=500,deg=4,seed=1" });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains(" / … / "), r.out.constData());
        QVERIFY2(r.out.contains("(12 layers, the slowest layer "), r.out.constData());
        QVERIFY(r.out.count(" / ") == 6); // three, the gap, and three
        r = cli({ "dgi", "eval", "--model", "gcn", "--layers", "3", "--hidden", "8", "--in-dim", "8", "--graph",
            "rmat:n=500,deg=4,seed=1" });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!r.out.contains("…") && r.out.count(" / ") == 2);
    }

    void evalBothModesJson()
    {
        auto r = cli({ "--json", "dgi", "eval", "--graph", "rmat:n=2000,deg=4,seed=1", "--symmetrize", "--self-loops",
            "add", "--model", "gcn", "--in-dim", "16", "--hidden", "16", "--layers", "3", "--mode", "both",
            "--node-batch", "256", "--node-cap", "300" });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = r.json();
        QCOMPARE(j["mode"].toString(), QString("layerwise"));
        QVERIFY(j["total_s"].toDouble() > 0);
        QVERIFY(j["peak_rss_bytes"].toInteger() > 0);
        QCOMPARE(j["extrapolated"].toBool(), false);
        const auto layers = j["layers"].toArray();
        QCOMPARE(layers.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const auto l = layers[i].toObject();
            QCOMPARE(l["index"].toInt(), i);
            QVERIFY(l["time_s"].toDouble() > 0);
            QCOMPARE(l["batches"].toInt(), 7); // 2000 nodes / 300 per batch
        }
        const auto compare = j["compare"].toArray();
        QCOMPARE(compare.size(), 1);
        const auto node = compare[0].toObject();
        QCOMPARE(node["mode"].toString(), QString("nodewise"));
        QVERIFY(node["max_abs_diff"].toDouble() < 1e-4);
        QVERIFY(j["speedup"].toObject()["nodewise"].toDouble() > 0);
        QVERIFY(j["summary"].toString().startsWith("layer-wise"));
    }

    void evalWritesEmbeddingsOutOfCore()
    {
        auto r = cli({ "--json", "dgi", "eval", "--graph", "er:n=3000,deg=6,seed=3", "--model", "sage", "--in-dim", "8",
            "--hidden", "16", "--out-dim", "4", "--mode", "layerwise,nodewise", "--memory-budget", "64K", "--spill",
            m_dir.path(), "--out", path("emb.npy"), "--reorder", "rcm" });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = r.json();
        QVERIFY(j["peak_store_bytes_on_disk"].toInteger() > 0);
        QVERIFY(j["compare"].toArray()[0].toObject()["max_abs_diff"].toDouble() < 1e-4);
        const dgi::NodeMatrix emb = dgi::loadFeaturesNpy(path("emb.npy").toStdString());
        QCOMPARE(emb.rows(), std::int64_t{ 3000 });
        QCOMPARE(emb.cols(), std::int64_t{ 4 });
        // The same run without reordering writes the same rows (original node order).
        r = cli({ "--json", "dgi", "eval", "--graph", "er:n=3000,deg=6,seed=3", "--model", "sage", "--in-dim", "8",
            "--hidden", "16", "--out-dim", "4", "--out", path("emb2.npy") });
        QCOMPARE(r.code, 0);
        QVERIFY(dgi::maxAbsDifference(emb, dgi::loadFeaturesNpy(path("emb2.npy").toStdString())) < 1e-4);
    }

    void sessionRecordsTheRunAndTheCut()
    {
        const QString session = path("s.vantage");
        auto r = cli({ "--session", session, "dgi", "eval", "--graph", "rmat:n=1500,deg=4,seed=5", "--model", "gat",
            "--in-dim", "8", "--hidden", "16", "--layers", "2", "--mode", "handwritten" });
        // The hand-written baseline exists for GCN only: bad input, run recorded as failed.
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("gcn"));
        r = cli({ "--session", session, "dgi", "eval", "--graph", "rmat:n=1500,deg=4,seed=5", "--model", "gcn",
            "--in-dim", "8", "--hidden", "16", "--layers", "2", "--mode", "layerwise,nodewise,handwritten",
            "--node-max-batches", "2", "--node-batch", "100" });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("layer-wise"));
        auto s = store::Session::open(session.toStdString(), store::Session::Mode::ReadOnly);
        const auto runs = s.runs();
        QCOMPARE(runs.size(), std::size_t{ 2 });
        QCOMPARE(int(runs[0].status), int(store::RunStatus::Failed));
        const auto& run = runs[1];
        QCOMPARE(run.engine, store::Engine::Dgi);
        QCOMPARE(run.kind, store::RunKind::Evaluate);
        QCOMPARE(int(run.status), int(store::RunStatus::Done));
        const QString summary = QString::fromStdString(run.summary);
        QVERIFY2(summary.startsWith("layer-wise ") && summary.contains(" vs node-wise ")
                && summary.contains("extrapolated") && summary.contains("hand-written GCN"),
            qPrintable(summary));
        QCOMPARE(run.result["compare"][0]["extrapolated"].get<bool>(), true);
        QCOMPARE(run.params["model"].get<std::string>(), std::string("gcn"));
        const auto arts = s.artifacts(run.id);
        QCOMPARE(arts.size(), std::size_t{ 2 });
        QCOMPARE(QString::fromStdString(arts[0].mimeType), QString("image/svg+xml"));
        QVERIFY(s.artifactData(arts[0].id).find("<svg") != std::string::npos);
        QCOMPARE(s.series(run.id, "layer_time_s/layerwise").size(), std::size_t{ 2 });
    }

    void torchScriptModelThroughTheCli()
    {
        QProcess p;
        p.start(QStringLiteral(VANTAGE_PYTHON),
            { QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/write_gnn_model.py"), "--out", path("m.pt"), "--reference",
                path("ref") });
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        if (p.exitCode() != 0 && (err.contains("No module named") || p.error() == QProcess::FailedToStart))
            QSKIP("/usr/bin/python3 cannot import torch (install python3-torch)");
        QVERIFY2(p.exitCode() == 0, err.constData());
        // PyTorch sums repeated edges, and Vantage uses them as given without being asked.
        auto r = cli({ "--json", "dgi", "eval", "--graph", path("ref") + "/edges.txt", "--num-nodes", "300", "--model",
            path("m.pt"), "--features", path("ref") + "/x.npy", "--out", path("ts.npy"), "--node-cap", "50" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["layers"].toArray().size(), 3);
        const dgi::NodeMatrix got = dgi::loadFeaturesNpy(path("ts.npy").toStdString());
        const dgi::NodeMatrix want = dgi::loadFeaturesNpy((path("ref") + "/out.npy").toStdString());
        QCOMPARE(got.rows(), want.rows());
        for (std::int64_t v = 0; v < want.rows(); ++v)
            for (std::int64_t c = 0; c < want.cols(); ++c)
                QVERIFY(std::abs(got.at(v, c) - want.at(v, c)) <= 1e-5 + 1e-4 * std::abs(want.at(v, c)));
        r = cli({ "--json", "dgi", "partition", "--torchscript", path("m.pt"), "--svg", path("m.svg") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["layers"].toArray().size(), 3);
    }

    void exportedProgramFromTheCommandLine()
    {
        // PyG's GCNConv(3, 2) as torch.export saved it (the fuzz corpus's seed): cut, and evaluated on
        // the graph with one self-loop per node, as its own forward replaces the self-loops.
        const QString model = QStringLiteral(VANTAGE_SOURCE_DIR "/tests/fuzz/corpus/dgi_pt2/gcnconv.pt2");
        auto r = cli({ "--json", "dgi", "partition", "--model", model });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["layers"].toArray().size(), 1);
        QFile f(path("loops.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("0 1\n0 1\n1 2\n2 2\n2 2\n1 1\n3 0\n2 3\n"); // 8 edges, 3 of them self-loops
        f.close();
        r = cli({ "--json", "dgi", "eval", "--graph", path("loops.txt"), "--model", model, "--in-dim", "64" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["graph"].toObject()["edges"].toInt(), 5 + 4); // the loops replaced by one per node
        QCOMPARE(r.json()["model"].toObject()["in_dim"].toInt(), 3); // the program's own x width
        QVERIFY2(r.err.contains("one self-loop per node"), r.err.constData());
        // A .pt2 that is not there is refused, naming it.
        r = cli({ "dgi", "partition", "--model", path("loops.txt") + ".pt2" });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("no such file") || r.err.contains("not a built-in model"), r.err.constData());
    }

    void edgesAreUsedAsGiven_data()
    {
        // An edge list with (0, 1) three times, (2, 2) twice and (1, 1) once: 9 lines.
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("edges");
        QTest::addColumn<int>("repeated");
        QTest::addColumn<int>("loops");
        QTest::addColumn<QString>("note");
        QTest::newRow("as given") << QStringList{} << 9 << 3 << 3 << "3 repeated edges and 3 self-loops, used as given";
        QTest::newRow("keep-duplicates (the default)")
            << QStringList{ "--keep-duplicates" } << 9 << 3 << 3 << "--merge-duplicates merges them";
        QTest::newRow("merged") << QStringList{ "--merge-duplicates" } << 6 << 0 << 2
                                << "has 2 self-loops, used as given";
        QTest::newRow("loops removed") << QStringList{ "--self-loops", "remove" } << 6 << 2 << 0
                                       << "has 2 repeated edges, used as given";
        QTest::newRow("both asked") << QStringList{ "--merge-duplicates", "--self-loops", "remove" } << 4 << 0 << 0
                                    << "";
    }
    void edgesAreUsedAsGiven()
    {
        QFETCH(QStringList, options);
        QFETCH(int, edges);
        QFETCH(int, repeated);
        QFETCH(int, loops);
        QFETCH(QString, note);
        QFile f(path("repeats.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("0 1\n0 1\n1 2\n0 1\n2 2\n2 2\n1 1\n3 0\n2 3\n");
        f.close();
        for (const QString& command : { QStringLiteral("info"), QStringLiteral("eval") }) {
            QStringList args = { "--json", "dgi", command, "--graph", path("repeats.txt") };
            args << options;
            if (command == "eval")
                args << QStringList{ "--model", "gcn", "--in-dim", "4", "--hidden", "4", "--layers", "1" };
            const auto r = cli(args);
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonObject g = command == "eval" ? r.json()["graph"].toObject() : r.json();
            QCOMPARE(g["edges"].toInt(), edges);
            QCOMPARE(g["repeated_edges"].toInt(), repeated);
            QCOMPARE(g["self_loops"].toInt(), loops);
            // One line on stderr when the graph is loaded, and in the run's result.
            const QStringList noteLines = QString::fromUtf8(r.err).split('\n').filter("note: ");
            if (note.isEmpty()) {
                QVERIFY2(noteLines.isEmpty(), r.err.constData());
                QVERIFY(!r.json().contains("notes"));
                continue;
            }
            QCOMPARE(noteLines.size(), 1);
            QVERIFY2(noteLines.front().contains(note), r.err.constData());
            QVERIFY2(noteLines.front().contains("repeats.txt"), r.err.constData());
            if (command == "eval")
                QVERIFY(r.json()["notes"].toArray().first().toString().contains(note));
        }
        // -q silences the note.
        QStringList quiet = { "-q", "dgi", "info", "--graph", path("repeats.txt") };
        quiet << options;
        QVERIFY(!cli(quiet).err.contains("note: "));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown model") << QStringList{ "dgi", "eval", "--graph", "er:n=100", "--model", "transformer" }
                                       << "transformer";
        QTest::newRow("missing graph") << QStringList{ "dgi", "info", "--graph", "/nonexistent/graph.txt" }
                                       << "/nonexistent/graph.txt";
        QTest::newRow("bad budget") << QStringList{ "dgi", "eval", "--graph", "er:n=100", "--model", "gcn",
            "--memory-budget", "lots" }
                                    << "memory-budget";
        QTest::newRow("no model") << QStringList{ "dgi", "partition" } << "--model";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }

    void malformedFilesNameFileAndLine()
    {
        QFile f(path("bad.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("0 1\n1 2\n2 two\n");
        f.close();
        auto r = cli({ "dgi", "info", "--graph", path("bad.txt") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains((path("bad.txt") + ":3").toUtf8()), r.err.constData());
        // Features of the wrong width for the model.
        QFile g(path("good.txt"));
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("0 1\n1 2\n2 0\n");
        g.close();
        const auto x = dgi::randomFeatures(3, 5, 1);
        x.saveNpy(path("x5.npy").toStdString());
        r = cli({ "dgi", "eval", "--graph", path("good.txt"), "--model", "gcn", "--in-dim", "8", "--features",
            path("x5.npy") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("columns"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliDgi)
#include "tst_cli_dgi.moc"
