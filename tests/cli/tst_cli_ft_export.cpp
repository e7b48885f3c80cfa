// FT on the user's own PyTorch model: scripts/export_ft_graph.py (torch.export's ATen program, with
// PyPI's PyTorch 2.x of scripts/setup-pyenv.sh) writes the op graph of torchvision's resnet50 and of
// a GPT-2 written as nanoGPT users write it (tests/core/ft/gpt2_style.py); `vantage-cli ft search
// --graph` on it must give the zoo model's parameter count, and its frontier once the exporter's
// measurements (saved, traffic) are taken out of the graph. Models FT has no cost for,
// and models torch.export cannot trace, are refused with exit 2, the op and the user's line.

#include "cli_harness.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

using cli_harness::Result;

Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 600000);
}

Result exporter(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_TORCH2_PYTHON),
        QStringList{ QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/export_ft_graph.py") } + args, 300000);
}

const QString kModels = QStringLiteral(VANTAGE_SOURCE_DIR "/tests/core/ft/gpt2_style.py");

// The line of `text` in the test models' file, counted from 1.
int lineOf(const QString& text)
{
    QFile f(kModels);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n');
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(text))
            return i + 1;
    return -1;
}

} // namespace

class TestCliFtExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(QStringLiteral(VANTAGE_TORCH2_PYTHON)),
            "no PyTorch 2.x environment at " VANTAGE_TORCH2_PYTHON ": run scripts/setup-deps.sh");
    }

    void exportedGraphGivesTheZoosFrontier_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("batch");
        QTest::addColumn<QString>("zoo");
        QTest::addColumn<QString>("devices");
        QTest::newRow("torchvision resnet50") << "torchvision.models:resnet50"
                                              << "float:3,224,224"
                                              << "256"
                                              << "resnet50"
                                              << "4,8";
        QTest::newRow("GPT-2 XL, nanoGPT style") << kModels + ":gpt2"
                                                 << "long:1024"
                                                 << "512"
                                                 << "gpt2-1.5b"
                                                 << "8";
        QTest::newRow("GPT-2 XL, C // heads from x.size(2)") << kModels + ":gpt2_read_sizes"
                                                             << "long:1024"
                                                             << "512"
                                                             << "gpt2-1.5b"
                                                             << "8";
    }
    void exportedGraphGivesTheZoosFrontier()
    {
        QFETCH(QString, model);
        QFETCH(QString, input);
        QFETCH(QString, batch);
        QFETCH(QString, zoo);
        QFETCH(QString, devices);
        const QString measured = path(zoo + "-measured.json");
        const Result e = exporter({ "--model", model, "--input", input, "--batch", batch, "--out", measured });
        QVERIFY2(e.code == 0, e.err.constData());
        // The exporter's measurements of what PyTorch keeps and moves (saved, traffic) price the graph
        // as PyTorch runs it; without them FT prices the graph by its own formulas, the zoo's.
        const Result priced = cli({ "--json", "ft", "search", "--graph", measured, "--devices", devices });
        QVERIFY2(priced.code == 0, priced.err.constData());
        for (const QJsonValue f : priced.json()["frontiers"].toArray())
            QVERIFY(!f.toObject()["points"].toArray().isEmpty());
        const QString out = path(zoo + ".json");
        {
            QFile in(measured), stripped(out);
            QVERIFY(in.open(QIODevice::ReadOnly) && stripped.open(QIODevice::WriteOnly));
            QJsonObject graph = QJsonDocument::fromJson(in.readAll()).object();
            QJsonArray ops = graph["ops"].toArray();
            int measuredOps = 0;
            for (QJsonValueRef op : ops) {
                QJsonObject o = op.toObject();
                measuredOps += o.contains("saved") && o.contains("traffic") ? 1 : 0;
                for (const char* key : { "saved", "saved_inputs", "traffic", "special", "special_backward" })
                    o.remove(key);
                op = o;
            }
            QCOMPARE(measuredOps, ops.size() - 1); // every op but the loss
            graph["ops"] = ops;
            stripped.write(QJsonDocument(graph).toJson());
        }
        const Result mine = cli({ "--json", "ft", "search", "--graph", out, "--devices", devices });
        QVERIFY2(mine.code == 0, mine.err.constData());
        const Result want = cli({ "--json", "ft", "search", "--model", zoo, "--devices", devices });
        QVERIFY2(want.code == 0, want.err.constData());
        // The exporter counts PyTorch's parameters (a tied weight once); FT counts its op graph's.
        QCOMPARE(e.json()["parameters"].toDouble(), mine.json()["parameters"].toDouble());
        QCOMPARE(mine.json()["parameters"].toDouble(), want.json()["parameters"].toDouble());
        const QJsonArray a = mine.json()["frontiers"].toArray();
        const QJsonArray b = want.json()["frontiers"].toArray();
        QCOMPARE(a.size(), b.size());
        for (int f = 0; f < a.size(); ++f) {
            const QJsonArray pa = a[f].toObject()["points"].toArray();
            const QJsonArray pb = b[f].toObject()["points"].toArray();
            QCOMPARE(pa.size(), pb.size());
            QVERIFY(!pa.isEmpty());
            for (int i = 0; i < pa.size(); ++i)
                for (const char* key : { "time", "memory" }) {
                    const double x = pa[i].toObject()[key].toDouble();
                    const double y = pb[i].toObject()[key].toDouble();
                    QVERIFY2(std::abs(x - y) <= 1e-9 * std::abs(y),
                        qPrintable(QString("frontier %1 point %2 %3: exported %4, zoo %5")
                                       .arg(f)
                                       .arg(i)
                                       .arg(key)
                                       .arg(x, 0, 'g', 12)
                                       .arg(y, 0, 'g', 12)));
                }
        }
    }

    void multiheadAttentionIsOneProjectionAnAttentionAndAnother()
    {
        const QString out = path("mha.json");
        const Result e
            = exporter({ "--model", kModels + ":tiny_mha", "--input", "long:16", "--batch", "8", "--out", out });
        QVERIFY2(e.code == 0, e.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QStringList kinds;
        for (const auto& op : QJsonDocument::fromJson(f.readAll()).object()["ops"].toArray())
            kinds << op.toObject()["name"].toString() + ":" + op.toObject()["kind"].toString();
        QCOMPARE(kinds.join(' '),
            QStringLiteral("emb:embedding att.in_proj:linear att.attention:attention att.out_proj:linear "
                           "add:elementwise fc:linear loss:loss"));
        const Result r = cli({ "--json", "ft", "search", "--graph", out, "--devices", "2" });
        QVERIFY2(r.code == 0, r.err.constData());
        // PyTorch's count (in_proj 3 x 32 x 32 + 96, out_proj 32 x 32 + 32, ...) is FT's.
        QCOMPARE(r.json()["parameters"].toDouble(), e.json()["parameters"].toDouble());
        QVERIFY(!r.json()["frontiers"].toArray()[0].toObject()["points"].toArray().isEmpty());
    }

    // Models whose exports FT once planned wrongly or refused: a pool with ceil_mode=True (its output
    // was rounded down, so a residual add of the pooled and a strided branch was refused as two shapes),
    // a head forward never calls in evaluation (its parameters were counted by the exporter, not by
    // FT, without a word), a constructor that reads values (it failed on the meta device with exit 1).
    void modelsUsersBring()
    {
        const QString ceil = path("ceil.json");
        Result e = exporter(
            { "--model", kModels + ":ceil_pools", "--input", "float:3,7,7", "--batch", "32", "--out", ceil });
        QVERIFY2(e.code == 0, e.err.constData());
        Result r = cli({ "--json", "ft", "search", "--graph", ceil, "--devices", "2" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["parameters"].toDouble(), e.json()["parameters"].toDouble());

        const QString aux = path("aux.json");
        e = exporter({ "--model", kModels + ":with_auxiliary", "--input", "float:16", "--batch", "8", "--out", aux });
        QVERIFY2(e.code == 0, e.err.constData());
        QVERIFY2(e.err.contains("132 parameters (aux) are not used by forward"), e.err.constData());
        r = cli({ "--json", "ft", "search", "--graph", aux, "--devices", "2" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["parameters"].toDouble(), e.json()["parameters"].toDouble() - 132);

        const QString one = path("cat_one.json");
        e = exporter({ "--model", kModels + ":cat_one", "--input", "float:8", "--batch", "8", "--out", one });
        QVERIFY2(e.code == 0, e.err.constData());
        r = cli({ "--json", "ft", "search", "--graph", one, "--devices", "2" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["parameters"].toDouble(), double(8 * 16 + 16 + 16 * 4 + 4));

        // A [CLS] head, x[:, 0] of the sequence: FT's first-position pool, not the whole sequence
        // through the head (planned 16x too large before).
        const QString cls = path("cls.json");
        e = exporter({ "--model", kModels + ":cls_head", "--input", "long:16", "--batch", "8", "--out", cls });
        QVERIFY2(e.code == 0, e.err.constData());
        QFile clsFile(cls);
        QVERIFY(clsFile.open(QIODevice::ReadOnly));
        QStringList kinds;
        for (const auto& op : QJsonDocument::fromJson(clsFile.readAll()).object()["ops"].toArray())
            kinds << op.toObject()["kind"].toString()
                    + (op.toObject().contains("function") ? ":" + op.toObject()["function"].toString() : QString());
        QCOMPARE(kinds.join(' '), QStringLiteral("embedding layernorm pool:first linear loss"));
        r = cli({ "--json", "ft", "search", "--graph", cls, "--devices", "2" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["parameters"].toDouble(), double(100 * 32 + 2 * 32 + 32 * 3 + 3));

        e = exporter({ "--model", kModels + ":reads_values", "--input", "float:8", "--batch", "8", "--out",
            path("values.json") });
        QVERIFY2(e.code == 0, e.err.constData());
        QCOMPARE(e.json()["parameters"].toDouble(), double(8 * 16 + 16 + 16 * 24 + 24));
    }

    // Grouped and depthwise convolutions (ResNeXt, MobileNetV2 with ReLU6 and a functional adaptive
    // pool, MNASNet's x.mean([2, 3])), VGG's adaptive pool to the size it has, and squeeze-and-
    // excitation (EfficientNet with stochastic depth, MobileNetV3 with Hardswish), against
    // torchvision's own numbers for each model (its weights' meta: num_params, and _ops, multiply-adds
    // in G): FT's parameters are those, its multiply-adds a few percent more (it also costs batch norm
    // and activations). Planned as dense convolutions, MobileNetV2 would cost 17.5x its multiply-adds.
    void groupedConvolutionsAgainstTorchvision()
    {
        const QStringList models{ "resnext50_32x4d", "mobilenet_v2", "mnasnet0_5", "vgg11", "efficientnet_b0",
            "mobilenet_v3_small" };
        const QList<double> tolerance{ 0.02, 0.07, 0.10, 0.01, 0.10, 0.10 };
        const QStringList script{ "-c",
            "import json, sys, torchvision.models as m\n"
            "print(json.dumps({n: m.get_model_weights(n).DEFAULT.meta for n in sys.argv[1:]}, default=str))" };
        const Result meta = cli_harness::run(QStringLiteral(VANTAGE_TORCH2_PYTHON), script + models, 120000);
        QVERIFY2(meta.code == 0, meta.err.constData());
        const QJsonObject published = QJsonDocument::fromJson(meta.out).object();
        for (int i = 0; i < models.size(); ++i) {
            const QString& model = models[i];
            const QString out = path(model + ".json");
            const Result e = exporter({ "--model", "torchvision.models:" + model, "--input", "float:3,224,224",
                "--batch", "32", "--out", out });
            QVERIFY2(e.code == 0, qPrintable(model + ": " + e.err));
            const Result r = cli({ "--json", "ft", "search", "--graph", out, "--devices", "2,4" });
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonObject want = published[model].toObject();
            QCOMPARE(r.json()["parameters"].toDouble(), want["num_params"].toDouble());
            const double macs = r.json()["forward_flops"].toDouble() / 32 / 2 / 1e9;
            const double ops = want["_ops"].toDouble();
            QVERIFY2(ops > 0 && macs >= ops && macs <= ops * (1 + tolerance[i]),
                qPrintable(QString("%1: FT %2 G multiply-adds, torchvision %3").arg(model).arg(macs).arg(ops)));
            for (const auto& f : r.json()["frontiers"].toArray())
                QVERIFY(!f.toObject()["points"].toArray().isEmpty());
        }
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line"); // of the user's source named in the message; 0: none
        QTest::newRow("no FT cost") << QStringList{ "--model", kModels + ":unsupported", "--input", "float:3,8,8,8" }
                                    << "Conv3d 'conv' has no FT cost" << lineOf("self.fc(self.conv(x)");
        QTest::newRow("not traceable") << QStringList{ "--model", kModels + ":untraceable", "--input", "float:8" }
                                       << "torch.export cannot trace the model" << 0;
        QTest::newRow("no such callable")
            << QStringList{ "--model", kModels + ":nothing", "--input", "float:8" } << "has no 'nothing'" << 0;
        QTest::newRow("bad input") << QStringList{ "--model", kModels + ":gpt2", "--input", "long:-3" }
                                   << "every size must be positive" << 0;
        QTest::newRow("one tensor concatenated twice")
            << QStringList{ "--model", kModels + ":cat_twice", "--input", "float:8" }
            << "torch.cat of one tensor more than once" << lineOf("self.fc2(torch.cat([h, h]");
        QTest::newRow("a chunk of a tensor")
            << QStringList{ "--model", kModels + ":reads_a_chunk", "--input", "float:8,4,4" }
            << "reads [4, 4, 4], a part of what 'conv' writes (128 values a sample)" << lineOf("self.head(a)");
        QTest::newRow("input of the wrong type")
            << QStringList{ "--model", kModels + ":ceil_pools", "--input", "long:3,7,7" }
            << "does not run on the --input sample" << 0;
        QTest::newRow("unknown keyword") << QStringList{ "--model", kModels + ":ceil_pools", "--kwargs",
            "{\"nope\": 1}", "--input", "float:3,7,7" }
                                         << "unexpected keyword argument 'nope'" << 0;
    }
    void refusals()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QFETCH(int, line);
        const Result r = exporter(args + QStringList{ "--batch", "4", "--out", path("refused.json") });
        QCOMPARE(r.code, 2);
        QVERIFY2(!r.err.contains("Traceback"), r.err.constData());
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        if (line > 0)
            QVERIFY2(r.err.contains(QString("%1:%2").arg(kModels).arg(line).toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(path("refused.json")));
    }

    void outputFolderIsCheckedFirst()
    {
        const Result r = exporter({ "--model", kModels + ":ceil_pools", "--input", "float:3,7,7", "--batch", "4",
            "--out", path("no/such/folder/g.json") });
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("no folder"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliFtExport)
#include "tst_cli_ft_export.moc"
