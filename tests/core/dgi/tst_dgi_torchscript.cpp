// TorchScript import (core/dgi/torchscript_import): the example model written by
// scripts/write_gnn_model.py, scripted and traced, evaluated layer-wise against PyTorch's own output
// (saved by the script); models the importer must refuse, with the op and the source line.
// Needs Debian's /usr/bin/python3 with torch (python3-torch); skipped with a message without it.

#include "common/error.h"
#include "dgi/evaluation.h"
#include "dgi/graph_io.h"
#include "dgi/torchscript_import.h"
#include "dgi_test_support.h"

#include "../cancel_mid_run.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vantage;
using namespace vantage::dgi;
using dgi_test::errorOf;
using dgi_test::importModel;

namespace {

bool runPython(const QStringList& args, QString* output)
{
    QProcess p;
    p.start(QStringLiteral(VANTAGE_PYTHON), args);
    if (!p.waitForFinished(120000)) {
        *output = "timed out";
        return false;
    }
    *output = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestDgiTorchScript : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_skip;
    QJsonObject m_meta;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    // Models the importer must refuse (op, message) or accept (empty op and message), written by
    // one Python process; body line numbers are counted as the file is written.
    struct Case {
        const char* name;
        const char* body;
        const char* op;
        const char* message;
        int line = 0; // the refused op's line within the body (0: its first)
    };
    static const std::vector<Case>& cases()
    {
        static const std::vector<Case> c = {
            { "control flow", "if x.size(0) > 5:\n            h = -h\n        return h", "prim::If", "control flow" },
            { "into source rows", "return torch.zeros(x.size(0), 4).index_add_(0, src, h[dst])", "aten::index_add_",
                "source rows" },
            { "node values aggregated", "return torch.zeros(x.size(0), 4).index_add_(0, dst, h)", "aten::index_add_",
                "per edge" },
            { "sum over nodes", "return h - h.sum()", "aten::sum", "rows" },
            { "edge output", "return h[src]", "", "per-node" },
            { "shape condition",
                "if h.size(1) == 4:\n            h = torch.relu(h)\n        "
                "return torch.zeros(x.size(0), h.size(1) * 2 // 2).index_add_(0, dst, h[src])",
                "", "" },
            { "rows sliced", "return h[2:]", "aten::slice", "slicing the rows" },
            { "empty feature slice", "return h[:, 3:1]", "aten::slice", "empty slice" },
            { "narrow past the end", "return h.narrow(1, 2, 4)", "aten::narrow", "does not lie on an axis of 4" },
            { "a weight's dim out of range", "return h * self.lin.bias.select(3, 0)", "aten::select", "out of range" },
            { "huge slice step",
                "return torch.zeros(x.size(0), 1).index_add_(0, dst, h[:, 0:4:9223372036854775807][src])", "", "" },
            { "narrow from the end", "return torch.zeros(x.size(0), 2).index_add_(0, dst, h.narrow(1, -2, 2)[src])", "",
                "" },
            { "batch norm in training",
                "return torch.nn.functional.batch_norm(h, torch.zeros(4), torch.ones(4), training=True)",
                "aten::batch_norm", "training mode" },
            { "batch norm without statistics", "return torch.nn.functional.batch_norm(h, None, None, training=False)",
                "aten::batch_norm", "running statistics" },
            { "norm over everything", "return h / h.norm()", "aten::norm", "over everything" },
            { "loop over the nodes", "for i in range(x.size(0)):\n            h = h * 0.5\n        return h",
                "prim::Loop", "depend on the graph" },
            { "a million iterations",
                "for i in range(1000):\n            for j in range(1000):\n                h = h * 1.0\n"
                "        return h",
                "prim::Loop", "iterations in all cannot be unrolled", 1 }, // the inner loop runs out
            { "constant loops",
                "for i in range(3):\n            h = h * 0.5 + float(i)\n        for w in [1.0, 2.0]:\n"
                "            h = h * w\n        return torch.zeros(x.size(0), 4).index_add_(0, dst, h[src])",
                "", "" },
            { "split and stack",
                "a, b = h.split(2, dim=1)\n        m = torch.stack([a, b], dim=-1)\n"
                "        return torch.zeros(x.size(0), 2).index_add_(0, dst, m.max(dim=-1)[0][src])",
                "", "" },
        };
        return c;
    }
    std::vector<int> m_bodyLines;

    void writeCaseModels()
    {
        QString code = "import torch\nfrom torch import Tensor\n";
        int line = 2;
        for (std::size_t i = 0; i < cases().size(); ++i) {
            code += QString("class M%1(torch.nn.Module):\n"
                            "    def __init__(self):\n"
                            "        super().__init__()\n"
                            "        self.lin = torch.nn.Linear(4, 4)\n"
                            "    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:\n"
                            "        src, dst = edge_index[0], edge_index[1]\n"
                            "        h = self.lin(x)\n")
                        .arg(i);
            line += 7;
            m_bodyLines.push_back(line + 1);
            const QString body = QString::fromLatin1(cases()[i].body);
            code += "        " + body + "\n";
            line += static_cast<int>(body.count('\n')) + 1;
        }
        for (std::size_t i = 0; i < cases().size(); ++i)
            code += QString("torch.jit.script(M%1()).save('%2')\n").arg(i).arg(path(QString("case%1.pt").arg(i)));
        QFile f(path("cases.py"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(code.toUtf8());
        f.close();
        QString out;
        QVERIFY2(runPython({ path("cases.py") }, &out), qPrintable(out));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString out;
        const QString script = QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/write_gnn_model.py");
        if (!runPython(
                { script, "--out", path("model.pt"), "--reference", path("ref"), "--unsupported", path("sort.pt") },
                &out)) {
            QVERIFY2(out.contains("No module named") || !QFile::exists(VANTAGE_PYTHON), qPrintable(out));
            m_skip = "/usr/bin/python3 cannot import torch (install python3-torch): " + out.left(200);
            return;
        }
        QVERIFY2(runPython({ script, "--out", path("traced.pt"), "--trace", "--reference", path("ref_traced"), "--seed",
                               "3" },
                     &out),
            qPrintable(out));
        m_meta = readJson(path("ref/meta.json"));
        QVERIFY(!m_meta.isEmpty());
        writeCaseModels();
    }

    void importMatchesPyTorch_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("reference");
        QTest::newRow("scripted") << "model.pt"
                                  << "ref";
        QTest::newRow("traced") << "traced.pt"
                                << "ref_traced";
    }
    void importMatchesPyTorch()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QFETCH(QString, model);
        QFETCH(QString, reference);
        const GnnIr ir = importModel(path(model).toStdString());
        QCOMPARE(ir.width(ir.inputValue()), std::int64_t{ 16 }); // read from the first linear layer
        GraphLoadOptions lo;
        lo.numNodes = m_meta["nodes"].toInt();
        lo.build.dedupe = false; // PyTorch sums repeated edges: keep them
        NullProgress quiet;
        const Graph g = loadEdgeList((path(reference) + "/edges.txt").toStdString(), lo, quiet, CancelToken{});
        const NodeMatrix x = loadFeaturesNpy((path(reference) + "/x.npy").toStdString());
        const NodeMatrix want = loadFeaturesNpy((path(reference) + "/out.npy").toStdString());
        NullProgress p;
        for (auto mode : { EvalMode::LayerWise, EvalMode::NodeWise, EvalMode::FullGraph }) {
            const EvalResult r = evaluate(
                g, x, ir, { .mode = mode, .nodeCap = 37, .edgeCap = 200, .nodeWiseBatch = 64 }, p, CancelToken());
            const QString diff = dgi_test::mismatch(r.output, want); // against PyTorch's own output
            QVERIFY2(diff.isEmpty(), qPrintable(QString::fromStdString(std::string(enumName(mode))) + " " + diff));
        }
    }

    void importedModelIsCutIntoThreeLayers()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const GnnIr ir = importModel(path("model.pt").toStdString());
        const LayerSchema s = partitionIntoLayers(ir);
        QCOMPARE(int(s.layers.size()), 3);
        for (const auto& t : s.tensors)
            QCOMPARE(int(ir.op(t.value).space), int(Space::Node));
        // The skip connection keeps the first layer's output until the last layer.
        const auto& h1 = s.tensors[static_cast<std::size_t>(s.layers[0].outputs.at(0))];
        QCOMPARE(h1.lastConsumer, 2);
        QCOMPARE(h1.width, std::int64_t{ 32 });
        // The attention layer's softmax (max, exp, sum over incoming edges) stays inside layer 1.
        QCOMPARE(s.layers[1].aggregations.size(), std::size_t{ 3 });
        // Ops remember their Python source line.
        bool located = false;
        for (const auto& op : ir.ops())
            located |= op.location.find("write_gnn_model.py:") != std::string::npos;
        QVERIFY(located);
    }

    // Cancel while the sandboxed reader works: the import ends with Cancelled, no IR; without a
    // Cancel the same call reports "preparing the model" from 0 to 1 and returns the model.
    void importIsCancelledWhileTheReaderRuns()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const std::filesystem::path file = path("model.pt").toStdString();
        const auto r = testing::cancelMidRun(
            [&](Progress& p, const CancelToken& c) { (void)importTorchScript(file, {}, p, c); }, 1);
        VERIFY_CANCELLED_MID_RUN(r);
        QCOMPARE(QString::fromStdString(r.phase), QStringLiteral("preparing the model"));

        std::vector<double> seen;
        CallbackProgress progress([&](double f, std::string_view) { seen.push_back(f); });
        const GnnIr ir = importTorchScript(file, {}, progress, CancelToken());
        QVERIFY(!ir.ops().empty());
        QVERIFY(seen.size() >= 2);
        QCOMPARE(seen.front(), 0.0);
        QCOMPARE(seen.back(), 1.0);
    }

    void unsupportedOpIsNamedWithItsLine()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const Error e = errorOf([&] { importModel(path("sort.pt").toStdString()); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(QString::fromStdString(e.op().value_or("")), m_meta["unsupported_op"].toString());
        QCOMPARE(e.line().value_or(-1), std::int64_t(m_meta["unsupported_line"].toInt()));
        QVERIFY2(QString::fromStdString(e.file().value_or("")).endsWith("write_gnn_model.py"), e.what());
    }

    void refusalsAndAcceptances_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << int(i);
    }
    void refusalsAndAcceptances()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QFETCH(int, index);
        const Case& c = cases()[static_cast<std::size_t>(index)];
        const std::string pt = path(QString("case%1.pt").arg(index)).toStdString();
        if (QString(c.message).isEmpty()) {
            const GnnIr ir = importModel(pt);
            QCOMPARE(partitionIntoLayers(ir).layers.size(), std::size_t{ 1 });
            return;
        }
        const Error e = errorOf([&] { importModel(pt); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QVERIFY2(QString(e.what()).contains(c.message), e.what());
        if (!QString(c.op).isEmpty()) {
            QCOMPARE(QString::fromStdString(e.op().value_or("")), QString(c.op));
            QCOMPARE(e.line().value_or(-1), std::int64_t(m_bodyLines[static_cast<std::size_t>(index)] + c.line));
            QCOMPARE(QString::fromStdString(e.file().value_or("")), path("cases.py"));
        }
    }

    void notAModel()
    {
        QFile f(path("notes.pt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("just some text\n");
        f.close();
        const Error e = errorOf([&] { importModel(path("notes.pt").toStdString()); });
        QCOMPARE(int(e.kind()), int(Error::Kind::InvalidInput));
        QCOMPARE(QString::fromStdString(e.file().value_or("")), path("notes.pt"));
        const Error missing = errorOf([&] { importModel(path("absent.pt").toStdString()); });
        QVERIFY(QString(missing.what()).contains("no such file"));
    }
};

QTEST_GUILESS_MAIN(TestDgiTorchScript)
#include "tst_dgi_torchscript.moc"
