// EDL trains the user's own model: a CNN and a regressor written in PyTorch (tests/core/edl/
// user_model.py, scripted by PyPI's PyTorch 2.x), on .npy data, through `vantage-cli edl run --model
// --data`: elastic exactly as the built-in trainers (2 -> 3 workers, a worker killed, every sample
// once per epoch, identical replicas), the loss step by step equal to a static single-worker run
// with the same global batch, the module's own loss method, and clear refusals of bad input.

#include "cli_harness.h"
#include "store/session.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vantage;

namespace {

using cli_harness::Result;

Result cli(const QStringList& args)
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 300000);
}

} // namespace

class TestCliEdlModel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QStringList common(const QString& job) const
    {
        return { "--job-dir", path(job), "--worker-binary", QStringLiteral(VANTAGE_EDL_WORKER_BIN), "--failure-timeout",
            "2", "--collective-timeout", "5", "--batch", "32", "--lr", "0.05" };
    }

    std::vector<store::SeriesPoint> lossOf(const QString& session)
    {
        auto s = store::Session::open(session.toStdString(), store::Session::Mode::ReadOnly);
        const auto runs = s.runs();
        return runs.empty() ? std::vector<store::SeriesPoint>{} : s.series(runs.back().id, "loss");
    }

private Q_SLOTS:
    void initTestCase()
    {
        const Result r = cli_harness::run(QStringLiteral(VANTAGE_TORCH2_PYTHON),
            { QStringLiteral(VANTAGE_SOURCE_DIR "/tests/core/edl/user_model.py"), m_dir.path() }, 300000);
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void userCnnTrainsElastically()
    {
        const QString staticSession = path("static.vantage");
        Result r = cli(QStringList{ "--json", "--session", staticSession, "edl", "run", "--model", path("cnn.pt"),
                           "--data", path("bars"), "--workers", "1", "--epochs", "2" }
            + common("static"));
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["ledger"].toObject()["epochs"].toArray()[0].toObject()["samples"].toInt(), 512);
        const auto base = lossOf(staticSession);
        QCOMPARE(base.size(), std::size_t(2 * 512 / 32));
        QVERIFY2(base.back().value < 0.7 * base.front().value, "the user's CNN does not learn");

        // 2 workers, a third joins at step 3, the second is killed at step 12: 3 -> 2. Worker 0 takes
        // 200 ms a step, so the joiner (a process that loads LibTorch and the user's model: seconds on
        // a busy machine) is ready well before the 32 steps end (at 60 ms it once was not, under ctest -j2).
        const QString elasticSession = path("elastic.vantage");
        r = cli(QStringList{ "--json", "--session", elasticSession, "edl", "run", "--model", path("cnn.pt"), "--data",
                    path("bars"), "--workers", "2", "--epochs", "2", "--schedule", "step=3:+1", "--kill",
                    "step=12:worker=1,step=0:worker=0:slow=200" }
            + common("elastic"));
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = r.json();
        QVERIFY(j["ledger"].toObject()["exactly_once"].toBool());
        for (const auto& e : j["ledger"].toObject()["epochs"].toArray())
            QCOMPARE(e.toObject()["seen_once"].toInt(), 512);
        QVERIFY(j["replicas_equal"].toBool());
        QStringList kinds;
        for (const auto& e : j["events"].toArray())
            kinds << e.toObject()["kind"].toString();
        QVERIFY2(kinds.contains("scale_out") && kinds.contains("failure"), qPrintable(kinds.join(',')));
        // The same global batch: the same steps, the same losses as one worker.
        const auto el = lossOf(elasticSession);
        QCOMPARE(el.size(), base.size());
        for (std::size_t i = 0; i < base.size(); ++i)
            QVERIFY2(std::abs(el[i].value - base[i].value) <= 1e-4 * std::abs(base[i].value),
                qPrintable(QString("step %1: %2, one worker %3").arg(i).arg(el[i].value).arg(base[i].value)));
        auto s = store::Session::open(elasticSession.toStdString(), store::Session::Mode::ReadOnly);
        const auto params = s.runs().back().params;
        QCOMPARE(params["spec"]["trainer"].get<std::string>(), std::string("torchscript"));
        QVERIFY(QString::fromStdString(params["spec"]["model"].get<std::string>()).endsWith("cnn.pt"));
    }

    void theModulesOwnLoss()
    {
        // regressor.pt defines loss(output, target) (Huber, summed); "auto" uses it.
        const Result r
            = cli(QStringList{ "--json", "edl", "run", "--model", path("regressor.pt"), "--data",
                      path("regression/x.npy") + "," + path("regression/y.npy"), "--workers", "2", "--epochs", "1" }
                + common("regression"));
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.json()["ledger"].toObject()["exactly_once"].toBool());
        QVERIFY(r.json()["replicas_equal"].toBool());
        const double loss = r.json()["final_loss"].toDouble();
        QVERIFY2(loss > 0 && loss < 0.5, qPrintable(QString::number(loss)));
    }

    // A model whose output does not fit the targets fails in the workers; the job says why.
    void aTrainingErrorIsNamed()
    {
        const Result r
            = cli(QStringList{ "--json", "edl", "run", "--model", path("cnn.pt"), "--data",
                      path("bars/inputs.npy") + "," + path("regression/y.npy"), "--workers", "2", "--epochs", "1" }
                + common("mismatch"));
        QCOMPARE(r.code, 1);
        QCOMPARE(r.json()["state"].toString(), QStringLiteral("failed"));
        const QString message = r.json()["message"].toString();
        QVERIFY2(message.contains("is invalid for input of size"), qPrintable(message)); // LibTorch's own words
        QVERIFY2(message.contains(path("mismatch")), qPrintable(message)); // where the logs are
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no data") << QStringList{ "--model", "cnn.pt" } << "--model needs its data";
        QTest::newRow("data without model") << QStringList{ "--data", "bars" } << "--data trains a model";
        QTest::newRow("missing folder") << QStringList{ "--model", "cnn.pt", "--data", "nowhere" } << "nowhere";
        QTest::newRow("rows differ") << QStringList{ "--model", "cnn.pt", "--data",
            "bars/inputs.npy,short_targets.npy" }
                                     << "targets have 256 rows, the inputs 512";
        QTest::newRow("float labels for cross-entropy") << QStringList{ "--model", "cnn.pt", "--data",
            "bars/inputs.npy,regression/y.npy", "--loss", "cross-entropy" }
                                                        << "cross-entropy needs integer class labels";
        QTest::newRow("not a model") << QStringList{ "--model", "bars/inputs.npy", "--data", "bars" } << "inputs.npy";
        QTest::newRow("with a built-in trainer")
            << QStringList{ "--trainer", "cnn", "--model", "cnn.pt", "--data", "bars" } << "excludes";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        for (QString& a : args)
            if (a.contains(".pt") || a.contains(".npy") || a == "bars" || a == "nowhere")
                a = a.split(',').replaceInStrings(QRegularExpression("^"), m_dir.path() + "/").join(',');
        const Result r = cli(QStringList{ "edl", "run", "--workers", "1" } + args + common("bad"));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliEdlModel)
#include "tst_cli_edl_model.moc"
