// FT's strategies run for real (ft/execute_run.h): the user's module (tests/data/ft_run/models.py,
// PyTorch 2.x from PyPI) runs a strategy FT picked on 2 processes through the vantage package's
// runner, its losses equal the one-process run's, its time and memory are measured beside the
// prediction and stored; vantage-cli ft validate runs points of the module's frontier; bad
// input is refused before any process starts, an op the runner cannot run is named before the
// ranks start, a dying rank is named with its log, a Cancel ends every process; vantage-cli does
// the same with exit 2 for bad input.

#include "../../cli/cli_harness.h"
#include "../cancel_mid_run.h"
#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "edl/python_ranks.h"
#include "ft/cluster.h"
#include "ft/execute_run.h"
#include "store/session.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <optional>

using namespace vantage;

namespace {

Progress& progress()
{
    static NullProgress none;
    return none;
}

const QString kModels = QStringLiteral(VANTAGE_SOURCE_DIR "/tests/data/ft_run/models.py");

// Runs ranks as the CLI does, counting the runs of more than one process (the strategy's ranks).
struct CountingRanks {
    std::shared_ptr<int> multi = std::make_shared<int>(0);
    std::shared_ptr<int> all = std::make_shared<int>(0);
    RunPythonRanks fn() const
    {
        return [multi = multi, all = all](const PythonRanks& r, const CancelToken& c) {
            ++*all;
            if (r.processes > 1)
                ++*multi;
            edl::runPythonRanks(r, c);
        };
    }
};

ft::ModuleSource module(const char* callable, const char* input = "long:8", std::int64_t batch = 8)
{
    return { .model = (kModels + ':' + QLatin1String(callable)).toStdString(),
        .kwargs = {},
        .inputs = { input },
        .batch = batch };
}

ft::RunnerOptions quick()
{
    ft::RunnerOptions o;
    o.steps = 3;
    o.warmup = 1;
    o.stallS = 240;
    return o;
}

ft::ExecuteRequest execute(const ft::ModuleSource& m, const CountingRanks& ranks)
{
    return { .module = m,
        .devices = 2,
        .strategyFile = {},
        .cluster = ft::resolveCluster("h200x8"),
        .pick = "fastest",
        .runner = quick(),
        .runRanks = ranks.fn() };
}

QString errorOf(const std::function<void()>& call, Error::Kind* kind = nullptr)
{
    try {
        call();
    } catch (const Error& e) {
        if (kind)
            *kind = e.kind();
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestFtExecute : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::optional<store::Session> m_session;
    bool m_python = false;
    QString m_why;
    std::optional<ft::ExecuteRun> m_mlp; // the MLP's fastest strategy, run once

    void requirePython()
    {
        if (!m_python)
            QSKIP(qPrintable(m_why));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_session.emplace(store::Session::create((m_dir.path() + "/s.vantage").toStdString()));
        const QString python = QStringLiteral(VANTAGE_TORCH2_PYTHON);
        QProcess probe;
        probe.start(python, { "-c", "import torch.distributed.tensor" });
        m_python = probe.waitForFinished(120000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0;
        m_why = "needs PyTorch 2.x at " + python + " (scripts/setup-pyenv.sh)";
        if (m_python)
            qputenv("VANTAGE_PYTHON", python.toUtf8());
    }

    void spreadsPoints_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("wanted");
        QTest::addColumn<std::vector<int>>("expected");
        QTest::newRow("every point") << 4 << 0 << std::vector<int>{ 0, 1, 2, 3 };
        QTest::newRow("more wanted than there are") << 3 << 9 << std::vector<int>{ 0, 1, 2 };
        QTest::newRow("one: the fastest") << 7 << 1 << std::vector<int>{ 0 };
        QTest::newRow("two: both ends") << 7 << 2 << std::vector<int>{ 0, 6 };
        QTest::newRow("three of nine") << 9 << 3 << std::vector<int>{ 0, 4, 8 };
        QTest::newRow("four of ten") << 10 << 4 << std::vector<int>{ 0, 3, 6, 9 };
        QTest::newRow("empty frontier") << 0 << 3 << std::vector<int>{};
    }
    void spreadsPoints()
    {
        QFETCH(int, count);
        QFETCH(int, wanted);
        QFETCH(std::vector<int>, expected);
        QCOMPARE(ft::spreadPoints(count, wanted), expected);
    }

    void rankCorrelation_data()
    {
        QTest::addColumn<std::vector<double>>("a");
        QTest::addColumn<std::vector<double>>("b");
        QTest::addColumn<double>("rho");
        QTest::newRow("same order") << std::vector<double>{ 1, 2, 3, 4 } << std::vector<double>{ 10, 20, 35, 90 }
                                    << 1.0;
        QTest::newRow("reversed") << std::vector<double>{ 1, 2, 3 } << std::vector<double>{ 3, 2, 1 } << -1.0;
        // ranks (1,2,3,4) against (2,1,4,3): 1 - 6 * 4 / (4 * 15) = 0.6
        QTest::newRow("two swaps") << std::vector<double>{ 1, 2, 3, 4 } << std::vector<double>{ 2, 1, 4, 3 } << 0.6;
        // ties share their mean rank: (1, 2.5, 2.5, 4) against (1, 2, 3, 4): Pearson of the ranks
        QTest::newRow("a tie") << std::vector<double>{ 1, 5, 5, 9 } << std::vector<double>{ 1, 2, 3, 4 }
                               << 4.5 / std::sqrt(4.5 * 5.0);
        QTest::newRow("one value") << std::vector<double>{ 1 } << std::vector<double>{ 2 } << 0.0;
        QTest::newRow("no spread") << std::vector<double>{ 2, 2, 2 } << std::vector<double>{ 1, 2, 3 } << 0.0;
    }
    void rankCorrelation()
    {
        QFETCH(std::vector<double>, a);
        QFETCH(std::vector<double>, b);
        QFETCH(double, rho);
        QVERIFY2(std::abs(ft::spearman(a, b) - rho) < 1e-12, qPrintable(QString::number(ft::spearman(a, b))));
    }

    // Refused before any process starts, naming what is wrong.
    void refusesBadInput_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("words");
        QTest::newRow("no callable") << 0 << "module"
                                     << "names no callable";
        QTest::newRow("no input") << 1 << "input"
                                  << "--input";
        QTest::newRow("unknown pick") << 7 << "pick"
                                      << "slowest";
        QTest::newRow("kwargs not an object") << 2 << "kwargs"
                                              << "JSON object";
        QTest::newRow("device") << 3 << "device"
                                << "cpu or cuda";
        QTest::newRow("strategy for other devices") << 4 << ""
                                                    << "for 4 devices";
        QTest::newRow("not a strategy") << 5 << ""
                                        << "not a strategy";
        QTest::newRow("steps out of range") << 6 << "steps"
                                            << "steps";
    }
    void refusesBadInput()
    {
        QFETCH(int, which);
        QFETCH(QString, field);
        QFETCH(QString, words);
        CountingRanks ranks;
        ft::ExecuteRequest r = execute(module("mlp"), ranks);
        const QString other = m_dir.path() + "/other.json";
        switch (which) {
        case 0:
            r.module.model = "models.py";
            break;
        case 1:
            r.module.inputs.clear();
            break;
        case 7:
            r.pick = "slowest";
            break;
        case 2:
            r.module.kwargs = "[1, 2]";
            break;
        case 3:
            r.runner.device = "tpu";
            break;
        case 4:
            writeJsonFile(other.toStdString(),
                Json{ { "devices", 4 }, { "ops", Json::array() }, { "time", 1.0 }, { "memory", 1.0 } });
            r.strategyFile = other.toStdString();
            break;
        case 5:
            writeJsonFile(other.toStdString(), Json{ { "devices", 2 }, { "nodes", Json::array() } });
            r.strategyFile = other.toStdString();
            break;
        default:
            r.runner.steps = 0;
            break;
        }
        Error::Kind kind = Error::Kind::Failure;
        const QString error = errorOf([&] { ft::ExecuteRecipe::run(nullptr, r, progress(), CancelToken{}); }, &kind);
        QVERIFY2(kind == Error::Kind::InvalidInput, qPrintable(error));
        QVERIFY2(error.contains(words), qPrintable(error));
        if (!field.isEmpty())
            QVERIFY2(error.contains(field), qPrintable(error));
        QCOMPARE(*ranks.all, 0);
    }

    // The MLP's fastest strategy on 2 processes: the losses of the one-process run, measured and
    // stored beside its prediction.
    void runsTheFastestStrategy()
    {
        requirePython();
        CountingRanks ranks;
        const ft::ExecuteRequest r = execute(module("mlp"), ranks);
        m_mlp = ft::ExecuteRecipe::run(&*m_session, r, progress(), CancelToken{});
        const ft::Measurement& m = m_mlp->measurement;
        QVERIFY2(m.lossesMatch(), qPrintable(QString::number(m.lossError)));
        QCOMPARE(m_mlp->referenceLosses.size(), std::size_t(3));
        QCOMPARE(m.runner.at("losses").size(), std::size_t(3));
        QVERIFY(m.measuredTime > 0.0);
        QVERIFY(m.predictedTime > 0.0);
        // the peak holds at least the weights, gradients and Adam's two moments of the MLP
        const double params = 64 * 32 + 32 * 128 + 128 + 128 * 16 + 16;
        QVERIFY2(m.measuredMemory >= 4 * 4 * params / 2, qPrintable(QString::number(m.measuredMemory)));
        QCOMPARE(m.runner.at("memory").at("peak_bytes").size(), std::size_t(2));
        QCOMPARE(*ranks.multi, 1);
        QCOMPARE(m_mlp->strategy.at("devices").get<int>(), 2);

        const store::RunInfo info = ft::ExecuteRecipe::read(*m_session, m_mlp->runId);
        QCOMPARE(info.status, store::RunStatus::Done);
        QCOMPARE(info.result.at("measurement").at("losses_match").get<bool>(), true);
        QCOMPARE(info.params.at("module").at("inputs").at(0).get<std::string>(), std::string("long:8"));
        QStringList artifacts;
        for (const auto& a : m_session->artifacts(m_mlp->runId))
            artifacts << QString::fromStdString(a.name);
        QVERIFY2(
            artifacts.contains("strategy.json") && artifacts.contains("runner.json"), qPrintable(artifacts.join(',')));
    }

    // A strategy file whose op the module does not have: named by the one-process check, and the
    // ranks never start.
    void namesAnOpItCannotRun()
    {
        requirePython();
        QVERIFY(m_mlp);
        Json strategy = m_mlp->strategy;
        strategy["ops"][1]["name"] = "ghost_layer";
        const QString file = m_dir.path() + "/ghost.json";
        writeJsonFile(file.toStdString(), strategy);
        CountingRanks ranks;
        ft::ExecuteRequest r = execute(module("mlp"), ranks);
        r.strategyFile = file.toStdString();
        Error::Kind kind = Error::Kind::Failure;
        const QString error = errorOf([&] { ft::ExecuteRecipe::run(nullptr, r, progress(), CancelToken{}); }, &kind);
        QVERIFY2(kind == Error::Kind::InvalidInput, qPrintable(error));
        QVERIFY2(error.contains("ghost_layer"), qPrintable(error));
        QCOMPARE(*ranks.multi, 0);
    }

    void namesTheRankThatDied()
    {
        requirePython();
        QVERIFY(m_mlp);
        CountingRanks ranks;
        ft::ExecuteRequest r = execute(module("dies_on_rank1"), ranks);
        r.strategy = m_mlp->strategy; // its ops are the MLP's
        Error::Kind kind = Error::Kind::InvalidInput;
        const QString error = errorOf([&] { ft::ExecuteRecipe::run(nullptr, r, progress(), CancelToken{}); }, &kind);
        QVERIFY2(kind == Error::Kind::Failure, qPrintable(error));
        QVERIFY2(error.contains("rank 1") && error.contains("exit code 3"), qPrintable(error));
    }

    void cancelsMidRun()
    {
        requirePython();
        QVERIFY(m_mlp);
        CountingRanks ranks;
        ft::ExecuteRequest r = execute(module("mlp"), ranks);
        r.strategy = m_mlp->strategy;
        const auto result = testing::cancelMidRun(
            [&](Progress& p, const CancelToken& c) { ft::ExecuteRecipe::run(nullptr, r, p, c); }, 3);
        VERIFY_CANCELLED_MID_RUN(result);
    }

    // A validation starts Python four times whatever the points: the exporter, the one-process
    // reference, one check of every strategy, and one launch that runs them in turn. A strategy that
    // fails in the launch is its row's failure, and those after it run in a launch of their own: a
    // module whose rank 1 dies fails every row, one launch each, each naming the rank.
    void validatesInOneLaunch_data()
    {
        QTest::addColumn<QString>("callable");
        QTest::newRow("every strategy runs") << QStringLiteral("mlp");
        QTest::newRow("every strategy fails") << QStringLiteral("dies_on_rank1");
    }
    void validatesInOneLaunch()
    {
        requirePython();
        QFETCH(QString, callable);
        CountingRanks ranks;
        const ft::ValidateRequest r{ .module = module(callable.toUtf8().constData()),
            .devices = 2,
            .cluster = ft::resolveCluster("h200x8"),
            .points = 3,
            .runner = quick(),
            .runRanks = ranks.fn() };
        const ft::ValidateRun v = ft::ValidateRecipe::run(nullptr, r, progress(), CancelToken{});
        const int rows = int(v.rows.size());
        QCOMPARE(rows, std::min(3, v.frontierPoints));
        QVERIFY(rows >= 2); // else nothing runs after a failure
        if (callable == QLatin1String("mlp")) {
            QCOMPARE(*ranks.multi, 1);
            QCOMPARE(*ranks.all, 4);
            for (const ft::Measurement& m : v.rows) {
                QVERIFY2(m.measured() && m.lossesMatch(), (m.label + ": " + m.refused + m.failed).c_str());
                // Each row holds its own strategy's result: the configurations the runner placed.
                std::map<QString, int> ran;
                for (const Json& op : m.runner.at("ops"))
                    ++ran[QString::fromStdString(op.at("config").get<std::string>())];
                std::map<QString, int> planned; // "b2 x20, c2 x2"
                for (const QString& part : QString::fromStdString(m.configs).split(QStringLiteral(", ")))
                    planned[part.section(QLatin1String(" x"), 0, 0)] = part.section(QLatin1String(" x"), 1).toInt();
                QCOMPARE(ran, planned);
            }
        } else {
            QCOMPARE(*ranks.multi, rows);
            for (const ft::Measurement& m : v.rows)
                QVERIFY2(QString::fromStdString(m.failed).contains("rank 1")
                        && QString::fromStdString(m.failed).contains("exit code 3"),
                    (m.label + ": " + m.failed).c_str());
        }
    }

    // Two points of the MLP's frontier through vantage-cli ft validate: each run and compared, the
    // figures printed and stored in the session with their series.
    void validatesAFrontier()
    {
        requirePython();
        const QString file = m_dir.path() + "/validate.vantage";
        const auto r = cli_harness::run(QStringLiteral(VANTAGE_CLI),
            { "--json", "--session", file, "ft", "validate", "--model", kModels + ":mlp", "--input", "long:8",
                "--batch", "8", "--devices", "2", "--points", "2", "--steps", "3", "--cluster", "h200x8" },
            500000);
        QVERIFY2(r.code == 0, r.err.constData());
        const Json out = Json::parse(r.out.toStdString());
        const int points = out.at("frontier_points").get<int>();
        QVERIFY(points >= 1);
        const Json& rows = out.at("strategies");
        QCOMPARE(int(rows.size()), std::min(2, points));
        int measured = 0;
        for (const Json& row : rows) {
            if (row.contains("refused")) {
                QVERIFY2(row["refused"].get<std::string>().find("op '") != std::string::npos, row.dump().c_str());
                continue;
            }
            ++measured;
            for (const char* key : { "predicted_time_s", "measured_time_s", "predicted_memory_bytes",
                     "measured_memory_bytes", "time_error", "memory_error" })
                QVERIFY2(row.contains(key), key);
            QVERIFY2(row.at("losses_match").get<bool>(), row.dump().c_str());
            QVERIFY(row.at("measured_time_s").get<double>() > 0.0);
        }
        QVERIFY(measured >= 1);
        for (const char* key : { "median_time_error", "median_memory_error", "spearman_time", "fastest_gap" })
            QVERIFY2(out.contains(key), key);

        const store::Session stored = store::Session::open(file.toStdString(), store::Session::Mode::ReadOnly);
        const store::RunInfo info = ft::ValidateRecipe::read(stored, out.at("run").get<std::int64_t>());
        QCOMPARE(info.status, store::RunStatus::Done);
        QCOMPARE(info.result.at("strategies").size(), rows.size());
        QCOMPARE(int(stored.series(info.id, "validate/time").size()), measured);
        QCOMPARE(int(stored.series(info.id, "validate/memory").size()), measured);
    }

    void cliExitsTwoOnBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("words");
        QTest::newRow("warm-up") << QStringList{ "ft", "run", "--model", kModels + ":mlp", "--input", "long:8",
            "--batch", "8", "--warmup", "-1" }
                                 << "warmup";
        QTest::newRow("pick") << QStringList{ "ft", "run", "--model", kModels + ":mlp", "--input", "long:8", "--batch",
            "8", "--pick", "slowest" }
                              << "slowest";
        QTest::newRow("no such strategy file") << QStringList{ "ft", "run", "--model", kModels + ":mlp", "--batch", "8",
            "--strategy", m_dir.path() + "/none.json" }
                                               << "none.json";
        QTest::newRow("points below 0") << QStringList{ "ft", "validate", "--model", kModels + ":mlp", "--batch", "8",
            "--points", "-1" } << "points";
        QTest::newRow("devices 0") << QStringList{ "ft", "validate", "--model", kModels + ":mlp", "--batch", "8",
            "--devices", "0" } << "devices";
    }
    void cliExitsTwoOnBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, words);
        const auto r = cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 60000);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(words), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestFtExecute)
#include "tst_ft_execute.moc"
