// vantage-cli ppac as a script runs it: a synthetic dataset generated, overviewed, its similar
// users written and compared, a model trained, saved, evaluated and re-ranked without retraining,
// one user inspected; the JSON keys of the issue; runs, series and the model in the session; bad
// input as exit code 2 naming file and line.

#include "cli_harness.h"
#include "store/session.h"

#include <QDir>
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
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 240000);
}

double metric(const QJsonObject& result, const char* part, const char* name)
{
    return result["metrics"].toObject()[QLatin1String(part)].toObject()[QLatin1String(name)].toDouble(-1.0);
}

} // namespace

class TestCliPpac : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const auto r = cli({ "--json", "ppac", "generate", "--out", path("data"), "--users", "300", "--items", "150",
            "--communities", "5", "--mean-interactions", "15", "--seed", "3" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["users"].toInt(), 300);
        QCOMPARE(r.json()["items"].toInt(), 150);
        for (const char* f : { "data/train.txt", "data/test.txt", "data/balance_test.txt" })
            QVERIFY(QFile::exists(path(f)));
    }

    void overview()
    {
        const auto r = cli({ "--json", "ppac", "overview", "--dataset", path("data") });
        QCOMPARE(r.code, 0);
        const auto j = r.json();
        QCOMPARE(j["users"].toInt(), 300);
        QVERIFY(j["train_interactions"].toInt() > 2500);
        QVERIFY(j["long_tail"].toArray().size() > 10);
        const auto human = cli({ "ppac", "info", "--dataset", path("data") });
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains("balanced test"));
    }

    void similarWritesAndCompares()
    {
        auto r = cli({ "--json", "ppac", "similar", "--dataset", path("data"), "--k", "30", "--out", path("sim.txt"),
            "--threads", "2" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.json().contains("time_s"));
        QCOMPARE(r.json()["users"].toInt(), 300);
        QFile f(path("sim.txt"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 301); // 300 lines and the final newline
        QCOMPARE(lines[0].split(' ').size(), 31);
        r = cli({ "--json", "ppac", "similar", "--dataset", path("data"), "--k", "30", "--compare", path("sim.txt") });
        QCOMPARE(r.code, 0);
        QVERIFY(r.json()["compare"].toObject()["all_identical"].toBool());
        r = cli({ "--json", "ppac", "similar", "--dataset", path("data"), "--k", "29", "--compare", path("sim.txt") });
        QCOMPARE(r.code, 0);
        QVERIFY(!r.json()["compare"].toObject()["all_identical"].toBool());
    }

    void trainEvalRerankInspect()
    {
        const QString session = path("runs.vantage");
        const QString model = path("ppac-mf.vppac");
        auto r = cli({ "--json", "--session", session, "ppac", "train", "--dataset", path("data"), "--architecture",
            "mf", "--ppac", "--epochs", "4", "--dim", "16", "--batch-size", "1024", "--lr", "0.005", "--threads", "1",
            "--save", model });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto t = r.json();
        const auto epochs = t["epochs"].toArray();
        QCOMPARE(epochs.size(), 4);
        for (const auto& e : epochs) {
            const auto o = e.toObject();
            QVERIFY(o.contains("epoch") && o.contains("loss") && o.contains("time_s") && o.contains("validation"));
        }
        QVERIFY(epochs[3].toObject()["loss"].toDouble() < epochs[0].toObject()["loss"].toDouble());
        for (const char* part : { "full", "balanced" })
            for (const char* name :
                { "recall@20", "ndcg@20", "arp@20", "precision@50", "gini@100", "coverage@20", "tail@20" })
                QVERIFY2(metric(t, part, name) >= 0.0, name);
        QCOMPARE(t["model"].toString(), QStringLiteral("PPAC-MF"));
        QVERIFY(QFile::exists(model));

        {
            auto s = store::Session::open(session.toStdString(), store::Session::Mode::ReadOnly);
            const auto runs = s.runs();
            QCOMPARE(runs.size(), std::size_t(1));
            QCOMPARE(runs[0].engine, store::Engine::Ppac);
            QCOMPARE(runs[0].kind, store::RunKind::Train);
            QCOMPARE(runs[0].status, store::RunStatus::Done);
            QVERIFY2(runs[0].summary.starts_with("Recall@20 "), runs[0].summary.c_str());
            QVERIFY(runs[0].summary.find("NDCG@20") != std::string::npos
                && runs[0].summary.find("ARP") != std::string::npos);
            QCOMPARE(s.series(runs[0].id, "loss").size(), std::size_t(4));
            QCOMPARE(s.series(runs[0].id, "validation/ndcg@20").size(), std::size_t(4));
            QCOMPARE(s.artifacts(runs[0].id).size(), std::size_t(1));
            QCOMPARE(runs[0].result["metrics"]["full"]["recall@20"].get<double>(), metric(t, "full", "recall@20"));
        }

        // The saved model re-ranks without retraining: the same metrics at gamma = beta = 0.
        r = cli({ "--json", "ppac", "eval", "--model", model });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto e0 = r.json();
        QCOMPARE(metric(e0, "full", "recall@20"), metric(t, "full", "recall@20"));
        QCOMPARE(e0["epochs"].toArray().size(), 4);
        r = cli({ "--json", "ppac", "evaluate", "--model", model, "--gamma", "0", "--beta", "-0.5" });
        QCOMPARE(r.code, 0);
        QVERIFY(metric(r.json(), "full", "arp@20") < metric(e0, "full", "arp@20"));

        r = cli({ "--json", "--session", session, "ppac", "rerank", "--model", model, "--gamma", "0,0.5", "--beta",
            "0,-0.5" });
        QCOMPARE(r.code, 0);
        const auto points = r.json()["points"].toArray();
        QCOMPARE(points.size(), 4);
        QCOMPARE(points[1].toObject()["beta"].toDouble(), -0.5);
        QVERIFY(points[1].toObject()["metrics"].toObject()["full"].toObject()["arp@20"].toDouble()
            < points[0].toObject()["metrics"].toObject()["full"].toObject()["arp@20"].toDouble());

        r = cli({ "--json", "ppac", "inspect", "--dataset", path("data"), "--user", "5", "--model", model, "--beta",
            "-0.5" });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto v = r.json();
        QCOMPARE(v["user"].toInt(), 5);
        QCOMPARE(v["similar_users"].toArray().size(), 30);
        const auto pp = v["pp_items"].toArray();
        QVERIFY(!pp.isEmpty());
        QVERIFY(
            pp[0].toObject().contains("item") && pp[0].toObject().contains("count") && pp[0].toObject().contains("pp"));
        QVERIFY(pp[0].toObject()["count"].toInt() >= pp[pp.size() - 1].toObject()["count"].toInt());
        const auto gp = v["gp_items"].toArray();
        QVERIFY(gp[0].toObject().contains("item") && gp[0].toObject().contains("count"));
        QCOMPARE(v["recommendations"].toArray().size(), 20);
        // Without a model: the data side only.
        r = cli({ "--json", "ppac", "inspect", "--dataset", path("data"), "--user", "5" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["recommendations"].toArray().size(), 0);
    }

    void lightgcnBaseTrains()
    {
        const auto r = cli({ "--json", "ppac", "train", "--dataset", path("data"), "--architecture", "lightgcn",
            "--base", "--epochs", "1", "--dim", "16", "--validation", "none", "--threads", "1" });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["model"].toString(), QStringLiteral("LightGCN"));
        QCOMPARE(r.json()["epochs"].toArray().size(), 1);
    }

    // --test-every: the full and balanced tests ranked at the epochs asked (and the last), the last
    // epoch's figures equal to the final evaluation's (another code path: Recommender::rank).
    void learningCurvesOnTheTests_data()
    {
        QTest::addColumn<QString>("architecture");
        QTest::addColumn<int>("every");
        QTest::addColumn<QList<int>>("tested");
        QTest::newRow("mf, every epoch") << "mf" << 1 << QList<int>{ 1, 2, 3 };
        QTest::newRow("mf, every 2 (and the last)") << "mf" << 2 << QList<int>{ 2, 3 };
        QTest::newRow("lightgcn, every epoch") << "lightgcn" << 1 << QList<int>{ 1, 2, 3 };
    }
    void learningCurvesOnTheTests()
    {
        QFETCH(QString, architecture);
        QFETCH(int, every);
        QFETCH(QList<int>, tested);
        const auto r = cli({ "--json", "ppac", "train", "--dataset", path("data"), "--architecture", architecture,
            "--base", "--epochs", "3", "--dim", "16", "--validation", "none", "--threads", "1", "--l2", "0",
            "--test-every", QString::number(every) });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto j = r.json();
        const auto epochs = j["epochs"].toArray();
        QCOMPARE(epochs.size(), 3);
        QList<int> seen;
        for (const auto& e : epochs) {
            const auto o = e.toObject();
            QCOMPARE(o.contains("test"), o.contains("balanced_test"));
            if (o.contains("test"))
                seen << o["epoch"].toInt();
        }
        QCOMPARE(seen, tested);
        const auto last = epochs.last().toObject();
        for (const char* m : { "recall@20", "ndcg@20" }) {
            const double test = last["test"].toObject()[QLatin1String(m)].toDouble(-1.0);
            const double balanced = last["balanced_test"].toObject()[QLatin1String(m)].toDouble(-1.0);
            QVERIFY2(test > 0.0 && balanced > 0.0, m);
            QVERIFY2(qAbs(test - metric(j, "full", m)) < 1e-9, m);
            QVERIFY2(qAbs(balanced - metric(j, "balanced", m)) < 1e-9, m);
        }
    }

    // --l2 reaches the loss: the penalty is part of the reported loss, so a strong one raises it.
    void l2WeightReachesTheLoss()
    {
        double loss[2] = {};
        for (int i = 0; i < 2; ++i) {
            const auto r = cli({ "--json", "ppac", "train", "--dataset", path("data"), "--base", "--epochs", "1",
                "--dim", "16", "--validation", "none", "--threads", "1", "--l2", i == 0 ? "0" : "1" });
            QVERIFY2(r.code == 0, r.err.constData());
            loss[i] = r.json()["epochs"].toArray().first().toObject()["loss"].toDouble();
        }
        QVERIFY2(loss[1] > loss[0] + 0.01, qPrintable(QStringLiteral("%1 vs %2").arg(loss[1]).arg(loss[0])));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expect");
        QTest::newRow("malformed train file")
            << QStringList{ "ppac", "overview", "--dataset", "BAD" } << "train.txt:2: field 'item'";
        QTest::newRow("no dataset") << QStringList{ "ppac", "overview", "--dataset", "/nonexistent/x" }
                                    << "no such file";
        QTest::newRow("ppac and base") << QStringList{ "ppac", "train", "--dataset", "DATA", "--ppac", "--base" }
                                       << "exclude";
        QTest::newRow("unknown architecture") << QStringList{ "ppac", "train", "--dataset", "DATA", "--architecture",
            "svd" } << "--architecture: must be one of mf, lightgcn, got 'svd'";
        // --model is a model file in the other commands: train names the option it meant.
        QTest::newRow("train --model") << QStringList{ "ppac", "train", "--dataset", "DATA", "--model", "mf" }
                                       << "the architecture is --architecture mf|lightgcn";
        QTest::newRow("train --model, no dataset")
            << QStringList{ "ppac", "train", "--model", "lightgcn" } << "--model is a model file in the other commands";
        QTest::newRow("missing model file")
            << QStringList{ "ppac", "eval", "--model", "/nonexistent/m.vppac" } << "no such file";
        QTest::newRow("bad beta list") << QStringList{ "ppac", "rerank", "--model", "/nonexistent/m.vppac", "--beta",
            "x" } << "beta";
        QTest::newRow("unknown user") << QStringList{ "ppac", "inspect", "--dataset", "DATA", "--user", "99999" }
                                      << "no user";
        QTest::newRow("unknown device") << QStringList{ "ppac", "train", "--dataset", "DATA", "--device", "tpu" }
                                        << "unknown device 'tpu'";
        QTest::newRow("no such GPU") << QStringList{ "ppac", "train", "--dataset", "DATA", "--device", "cuda:99" }
                                     << "cuda:99";
        QTest::newRow("negative l2") << QStringList{ "ppac", "train", "--dataset", "DATA", "--l2", "-1" }
                                     << "--l2: must be a finite number from 0";
        QTest::newRow("negative test-every")
            << QStringList{ "ppac", "train", "--dataset", "DATA", "--test-every", "-1" } << "--test-every: must be";
        QTest::newRow("bad stop metric") << QStringList{ "ppac", "train", "--dataset", "DATA", "--stop-metric",
            "hits@20" } << "hits@20";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expect);
        QDir().mkpath(path("bad"));
        QFile train(path("bad/train.txt")), test(path("bad/test.txt"));
        QVERIFY(train.open(QIODevice::WriteOnly) && test.open(QIODevice::WriteOnly));
        train.write("0 1 2\n1 2 x3\n");
        test.write("0 3\n");
        train.close();
        test.close();
        for (auto& a : args) {
            if (a == "BAD")
                a = path("bad");
            if (a == "DATA")
                a = path("data");
        }
        const auto r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(expect.toUtf8()), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliPpac)
#include "tst_cli_ppac.moc"
