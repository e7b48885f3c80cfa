// torch.export programs (.pt2): tests/core/dgi/pyg_export_models.py, run with the PyPI PyTorch and
// PyG of scripts/setup-pyenv.sh, exports PyG's own models unchanged on a graph with repeated edges,
// self-loops and isolated nodes, with each model's own output. Every one must be read (no LibTorch
// involved) and evaluate layer-wise (several batches), node-wise and full-graph equal to it (rtol
// 1e-4, atol 1e-5); archives a hostile sender could make are refused, saying why, before a byte of a
// tensor is used; an op the reader does not map is refused by name with the PyTorch that wrote it.

#include "common/error.h"
#include "dgi/evaluation.h"
#include "dgi/evaluation_run.h"
#include "dgi/export_import.h"
#include "dgi/graph_io.h"
#include "dgi/op_table.h"
#include "dgi/partition.h"
#include "dgi_test_support.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace vantage;
using namespace vantage::dgi;

using dgi_test::errorOf;

namespace {

// PyG's models, the layers of their cut where the count says something (0: not checked): SGConv's
// K hops and APPNP's K steps are a layer each, GCNII's three convolutions three; and the layer-wise
// aggregations whose edge weights factor into node values (gcn_norm's deg^-1/2[src] * ones *
// deg^-1/2[dst] in GCN, SGConv, APPNP and GCNII: one per propagation).
struct PygModel {
    const char* name;
    std::size_t layers;
    int factored = 0;
};
const PygModel kModels[] = { { "pyg_gcn", 2, 2 }, { "pyg_gat", 2 }, { "pyg_gatconv_concat", 1 },
    { "pyg_gatconv_mean", 1 }, { "pyg_graphsage", 2 }, { "pyg_gin", 2 }, { "pyg_sgconv", 3, 3 }, { "pyg_appnp", 4, 4 },
    { "pyg_gatv2conv", 1 }, { "pyg_transformerconv", 1 }, { "pyg_gcn2conv", 3, 3 }, { "pyg_edgeconv", 1 },
    { "pyg_resgatedgraphconv", 1 }, { "user_messagepassing", 1 } };

// Archives DGI must refuse (the script's "forged" entries: forged, or exported for one graph's sizes)
// and a word their refusal must say.
const std::pair<const char*, const char*> kForged[] = { { "sizes past the storage", "storage of" },
    { "strides past the storage", "elements" }, { "a negative stride", "whole number" },
    { "a tensor stored as a pickle", "pickle" }, { "a dtype DGI does not read", "dtype 10" },
    { "a storage that is not there", "not in the archive" }, { "schema version 9", "schema version 9" },
    { "no program", "no models/" }, { "big-endian tensors", "big-endian" },
    { "an op by a name DGI does not know", "aten::cumsum" }, { "exported for one graph's sizes", "dynamic_shapes" } };

} // namespace

class TestDgiPt2 : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QJsonObject m_meta;
    Graph m_asGiven; // the edges as given
    Graph m_oneLoop; // with exactly one self-loop per node
    NodeMatrix m_x;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    std::string modelFile(const char* name) const
    {
        return m_meta["models"].toObject()[name].toObject()["file"].toString().toStdString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString python = QStringLiteral(VANTAGE_TORCH2_PYTHON);
        QVERIFY2(QFile::exists(python),
            qPrintable("no PyTorch 2.x environment at " + python + ": run scripts/setup-deps.sh (or setup-pyenv.sh)"));
        QProcess p;
        p.start(python, { QStringLiteral(VANTAGE_SOURCE_DIR "/tests/core/dgi/pyg_export_models.py"), m_dir.path() });
        QVERIFY(p.waitForFinished(300000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, qPrintable(out));
        QFile f(path("meta.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_meta = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(m_meta["torch"].toString().startsWith(QLatin1String(kExportTestedTorch)));
        GraphLoadOptions lo;
        lo.numNodes = m_meta["nodes"].toInt(); // the last nodes are isolated: no edge names them
        NullProgress quiet;
        m_asGiven = loadEdgeList(path("edges.txt").toStdString(), lo, quiet, CancelToken{});
        const GraphStats s = graphStats(m_asGiven);
        QVERIFY(s.repeatedEdges > 0);
        QVERIFY(s.selfLoops > 0);
        QVERIFY(s.isolatedNodes >= 5);
        lo.build.selfLoops = SelfLoops::Add;
        m_oneLoop = loadEdgeList(path("edges.txt").toStdString(), lo, quiet, CancelToken{});
        m_x = loadFeaturesNpy(path("x.npy").toStdString());
    }

    void pygModelsMatchTheirForward_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("factored");
        for (const PygModel& m : kModels)
            QTest::newRow(m.name) << QString::fromLatin1(m.name) << int(m.layers) << m.factored;
    }
    void pygModelsMatchTheirForward()
    {
        QFETCH(QString, name);
        QFETCH(int, layers);
        QFETCH(int, factored);
        const QJsonObject m = m_meta["models"].toObject()[name].toObject();
        QVERIFY2(!m.isEmpty(),
            qPrintable("PyTorch could not export " + name + ": " + m_meta["failed"].toObject()[name].toString()));
        const std::string file = m["file"].toString().toStdString();
        GnnIr ir;
        try {
            ir = importExportedProgram(file, { .inputWidth = m_x.cols() });
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QCOMPARE(ir.width(ir.inputValue()), m_x.cols());
        QCOMPARE(importExportedProgram(file).width(ir.inputValue()), m_x.cols()); // the program's own width
        QCOMPARE(partitionIntoLayers(ir).layers.size(), std::size_t(layers));
        const NodeMatrix want = loadFeaturesNpy(m["out"].toString().toStdString());
        // PyG's GCNConv, GATConv, SGConv, APPNP and GCN2Conv replace the self-loops by one per node.
        const Graph& graph = modelSelfLoops(ir) == SelfLoops::Add ? m_oneLoop : m_asGiven;
        NullProgress p;
        for (auto mode : { EvalMode::LayerWise, EvalMode::NodeWise, EvalMode::FullGraph }) {
            EvalResult r;
            try { // small caps: the layer-wise run cuts every layer into several batches
                r = evaluate(graph, m_x, ir, { .mode = mode, .nodeCap = 41, .edgeCap = 300, .nodeWiseBatch = 50 }, p,
                    CancelToken());
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("%1: %2").arg(QString::fromStdString(std::string(enumName(mode))), e.what())));
            }
            const QString diff = dgi_test::mismatch(r.output, want);
            QVERIFY2(diff.isEmpty(), qPrintable(QString::fromStdString(std::string(enumName(mode))) + " " + diff));
            if (mode == EvalMode::LayerWise) // gcn_norm's weights applied per node, never formed per edge
                QCOMPARE(int(r.factoredAggregations), factored);
        }
    }

    void selfLoopsFollowTheModel_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("addsLoops");
        QTest::newRow("GCN adds them") << "pyg_gcn" << true;
        QTest::newRow("GAT adds them") << "pyg_gat" << true;
        QTest::newRow("GraphSAGE keeps the graph's") << "pyg_graphsage" << false;
        QTest::newRow("GIN keeps the graph's") << "pyg_gin" << false;
    }
    void selfLoopsFollowTheModel()
    {
        // The run itself builds the graph the model's message passing runs over: a GCN on the edges
        // as given (self-loops, some repeated) gives PyG's answer, with a note that says why.
        QFETCH(QString, name);
        QFETCH(bool, addsLoops);
        const QJsonObject m = m_meta["models"].toObject()[name].toObject();
        EvaluationRequest r;
        r.graph = path("edges.txt").toStdString();
        r.numNodes = m_meta["nodes"].toInt();
        r.features = path("x.npy").toStdString();
        r.model = m["file"].toString().toStdString();
        NullProgress quiet;
        const EvaluationRun run = runEvaluation(nullptr, r, quiet, CancelToken());
        const NodeMatrix want = loadFeaturesNpy(m["out"].toString().toStdString());
        const QString diff = dgi_test::mismatch(run.results.front().output, want);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        const bool noted = std::any_of(run.notes.begin(), run.notes.end(),
            [](const std::string& n) { return n.find("one self-loop per node") != std::string::npos; });
        QCOMPARE(noted, addsLoops);
        QCOMPARE(run.graph->numEdges(), addsLoops ? m_oneLoop.numEdges() : m_asGiven.numEdges());
    }

    void forgedArchivesAreRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("word");
        const QJsonObject forged = m_meta["forged"].toObject();
        for (const auto& [why, word] : kForged)
            QTest::newRow(why) << forged[why].toObject()["file"].toString() << QString::fromLatin1(word);
        // Cut short: the zip directory is gone.
        QFile whole(QString::fromStdString(modelFile("pyg_gcn")));
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        QFile half(path("half.pt2"));
        QVERIFY(half.open(QIODevice::WriteOnly));
        half.write(bytes.left(bytes.size() / 2));
        half.close();
        QTest::newRow("cut short") << half.fileName() << "truncated";
        QTest::newRow("not a zip") << QStringLiteral(VANTAGE_SOURCE_DIR "/tests/core/dgi/pyg_export_models.py")
                                   << "not a zip archive";
    }
    void forgedArchivesAreRefused()
    {
        QFETCH(QString, file);
        QFETCH(QString, word);
        QVERIFY2(QFile::exists(file), qPrintable(file));
        const Error e = errorOf([&] { importExportedProgram(file.toStdString()); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QVERIFY2(QString(e.what()).contains(word), e.what());
        QCOMPARE(QString::fromStdString(e.file().value_or("")), file);
    }

    void unmappedOpIsNamedWithItsWriterAndLine()
    {
        const QJsonObject u = m_meta["unsupported"].toObject();
        const Error e = errorOf([&] { importExportedProgram(u["file"].toString().toStdString()); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(QString::fromStdString(e.op().value_or("")), u["op"].toString());
        QVERIFY2(QString(e.what()).contains("PyTorch " + m_meta["torch"].toString()), e.what());
        QVERIFY2(QString(e.what()).contains(u["at"].toString()), e.what());
    }

    void exportedOps_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<bool>("mapped");
        // The ATen ops PyG's models export to (the names torch.export writes, normalised).
        for (const char* op : { "aten::index_select", "aten::scatter_add", "aten::scatter_reduce", "aten::index_add",
                 "aten::linear", "aten::leaky_relu", "aten::exp", "aten::sum", "aten::masked_fill", "aten::pow",
                 "aten::sym_size", "aten::new_zeros", "aten::addmm", "aten::index", "_operator.add" })
            QTest::newRow(op) << op << true;
        // Not message passing, or in-place forms that only their canonical op stands for.
        for (const char* op : { "aten::cumsum", "aten::sort", "aten::nonzero", "aten::scatter_add_" })
            QTest::newRow(op) << op << false;
    }
    void exportedOps()
    {
        QFETCH(QString, op);
        QFETCH(bool, mapped);
        const std::vector<std::string> ops = exportedProgramOps();
        QVERIFY(std::is_sorted(ops.begin(), ops.end()));
        for (const std::string& o : ops)
            QVERIFY2(canonicalOp(o).name == o, o.c_str());
        QCOMPARE(std::binary_search(ops.begin(), ops.end(), op.toStdString()), mapped);
    }

    void anotherWidthIsRefused()
    {
        const Error e = errorOf([&] { importExportedProgram(modelFile("pyg_gcn"), { .inputWidth = 5 }); });
        QVERIFY2(QString(e.what()).contains("exported for " + QString::number(m_x.cols())), e.what());
    }
};

QTEST_GUILESS_MAIN(TestDgiPt2)
#include "tst_dgi_pt2.moc"
