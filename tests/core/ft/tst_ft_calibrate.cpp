// FT's calibration on this machine's devices (ft/calibrate_run.h, edl/calibration.h): a small real
// calibration of 2 processes gives a profile that FT reads and searches with, whose figures are
// positive and consistent, whose fit reproduces its own samples, whose measured collectives the
// cost model prices as measured (and the built-ins as before); bad input, a dying worker and a
// Cancel mid-run end it with a clear error and nothing left running; vantage-cli does the same.

#include "../../cli/cli_harness.h"
#include "../cancel_mid_run.h"
#include "edl/calibration.h"
#include "ft/calibrate_run.h"
#include "ft/cost_model.h"
#include "ft/search.h"
#include "ft/search_run.h"
#include "store/session.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <optional>
#include <unistd.h>

using namespace vantage;

namespace {

CalibrationPlan smallPlan()
{
    CalibrationPlan p;
    p.devices = 2;
    p.threads = 1;
    p.gemmMax = 128;
    p.copyBytes = std::int64_t{ 1 } << 20;
    p.collectiveMaxBytes = std::int64_t{ 1 } << 20;
    p.repeats = 7;
    return p;
}

ft::CalibrateRequest request(const QString& out, const QString& worker = QStringLiteral(VANTAGE_EDL_WORKER_BIN))
{
    ft::CalibrateRequest r;
    r.plan = smallPlan();
    r.out = out.toStdString();
    r.measure = [w = worker.toStdString()](const CalibrationPlan& plan, Progress& p, const CancelToken& c) {
        return edl::measureDevices(plan, w, p, c);
    };
    return r;
}

std::vector<CollectiveSample> samplesOf(const DeviceSamples& s, Collective kind)
{
    std::vector<CollectiveSample> out;
    for (const auto& c : s.collectives)
        if (c.kind == kind && c.group == 2)
            out.push_back(c);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
    return out;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

void addCollectiveRows()
{
    QTest::addColumn<int>("kind");
    for (const auto& e : kCollectives.entries)
        QTest::newRow(std::string(e.name).c_str()) << int(e.value);
}

} // namespace

class TestFtCalibrate : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::optional<store::Session> m_session;
    std::optional<ft::CalibrateRun> m_run;
    QString m_out;

    const ft::ClusterProfile& cluster() const { return m_run->fit.cluster; }

private Q_SLOTS:
    void initTestCase()
    {
        m_out = m_dir.filePath(QStringLiteral("cluster.json"));
        m_session.emplace(store::Session::create(m_dir.filePath(QStringLiteral("c.vantage")).toStdString()));
        NullProgress progress;
        m_run = ft::CalibrateRecipe::run(&*m_session, request(m_out), progress, CancelToken());
        QVERIFY(m_run->runId > 0);
    }

    // `ft search --cluster FILE` reads what was written, and searches with it.
    void profileIsReadAndSearched()
    {
        const ft::ClusterProfile read = ft::resolveCluster(m_out.toStdString());
        QVERIFY(readJsonFile(m_out.toStdString()) == ft::toJson(cluster()));
        QCOMPARE(read.device.peakFlops32, cluster().device.peakFlops32);
        QCOMPARE(read.intraNode.bandwidth, cluster().intraNode.bandwidth);
        QCOMPARE(read.collectives.size(), std::size_t(4)); // every collective over the one group of 2
        QCOMPARE(read.measuredOn.hostname, thisMachine().hostname);
        QCOMPARE(read.measuredOn.backend, std::string("gloo"));
        ft::SearchRequest r;
        r.model = "transformer-base";
        r.cluster = read;
        r.options.deviceCounts = { 2 };
        r.options.baselines = false;
        NullProgress progress;
        const ft::SearchRun run = ft::runSearch(nullptr, r, progress, CancelToken());
        QCOMPARE(run.result.frontiers.size(), std::size_t(1));
        QVERIFY(!run.result.frontiers[0].points.empty());
        for (const auto& p : run.result.frontiers[0].points)
            QVERIFY(p.time > 0.0 && std::isfinite(p.time));
    }

    void figuresArePositive_data()
    {
        QTest::addColumn<QString>("what");
        for (const char* what : { "peak", "efficiency", "bandwidth", "overhead", "memory", "link", "terms" })
            QTest::newRow(what) << QString::fromLatin1(what);
    }
    void figuresArePositive()
    {
        QFETCH(QString, what);
        const auto& c = cluster();
        const auto& d = c.device;
        if (what == QLatin1String("peak"))
            QVERIFY(d.peakFlops32 > 1e6 && d.peakFlops32 >= m_run->fit.fittedFlops * 0.999);
        else if (what == QLatin1String("efficiency"))
            QVERIFY(d.efficiency > 0.0 && d.efficiency <= 1.0);
        else if (what == QLatin1String("bandwidth"))
            QVERIFY(d.memoryBandwidth * d.efficiency > 1e6);
        else if (what == QLatin1String("overhead"))
            QVERIFY(d.kernelOverhead > 0.0 && d.kernelOverhead < 1e-2);
        else if (what == QLatin1String("memory"))
            QVERIFY(d.memoryBytes > 0.0);
        else if (what == QLatin1String("link"))
            QVERIFY(c.intraNode.bandwidth > 0.0 && c.intraNode.latency >= 0.0 && c.devicesPerNode == 2);
        else
            for (const auto& t : c.collectives)
                QVERIFY(t.latency >= 0.0 && t.bandwidth > 0.0 && t.group == 2);
    }

    // A larger collective takes longer, measured and fitted (4 KiB against 1 MiB).
    void collectiveTimeGrowsWithBytes_data() { addCollectiveRows(); }
    void collectiveTimeGrowsWithBytes()
    {
        QFETCH(int, kind);
        const auto samples = samplesOf(m_run->samples, Collective(kind));
        QVERIFY(samples.size() >= 3);
        QVERIFY(samples.back().bytes >= 200 * samples.front().bytes);
        QVERIFY2(samples.back().seconds > samples.front().seconds,
            qPrintable(QStringLiteral("%1 s for %2 B, %3 s for %4 B")
                           .arg(samples.front().seconds)
                           .arg(samples.front().bytes)
                           .arg(samples.back().seconds)
                           .arg(samples.back().bytes)));
        const ft::CollectiveTerm* term = cluster().collective(Collective(kind), 2);
        QVERIFY(term);
        QVERIFY(term->time(samples.back().bytes) > term->time(samples.front().bytes));
    }

    // The profile's alpha + bytes / beta, recomputed here, lands near each sample it was fitted to.
    void fitReproducesItsSamples_data() { addCollectiveRows(); }
    void fitReproducesItsSamples()
    {
        QFETCH(int, kind);
        const ft::CollectiveTerm* term = cluster().collective(Collective(kind), 2);
        QVERIFY(term);
        std::vector<double> errors;
        for (const auto& s : samplesOf(m_run->samples, Collective(kind)))
            errors.push_back(std::abs(term->time(s.bytes) - s.seconds) / s.seconds);
        QVERIFY2(median(errors) < 0.35, qPrintable(QStringLiteral("median relative error %1").arg(median(errors))));
    }

    void matmulFitReproducesItsSamples()
    {
        std::vector<double> errors;
        for (const auto& g : m_run->samples.gemms)
            errors.push_back(std::abs(g.flops() / m_run->fit.fittedFlops - g.seconds) / g.seconds);
        QVERIFY2(median(errors) < 0.35, qPrintable(QStringLiteral("median relative error %1").arg(median(errors))));
    }

    // Collectives are priced as measured where the profile has a term; built-ins as the formulas.
    void costModelPricesMeasuredCollectives_data() { addCollectiveRows(); }
    void costModelPricesMeasuredCollectives()
    {
        QFETCH(int, kind);
        const ft::CostModel measured(cluster(), 2);
        const double bytes = 3e5;
        QCOMPARE(measured.collectiveTime(Collective(kind), bytes, 2, measured.link(1)),
            cluster().collective(Collective(kind), 2)->time(bytes));
        // No term for 4 devices: the formulas over the fitted link.
        const ft::CostModel four(cluster(), 4);
        QVERIFY(four.collectiveTime(Collective(kind), bytes, 4, four.link(1)) > 0.0);
        const ft::CostModel builtin(ft::builtinCluster("a100x8"), 8);
        const ft::LinkProfile& l = builtin.link(1);
        const double formula = Collective(kind) == Collective::AllReduce ? ft::collective::allReduce(bytes, 4, l)
                                                                         : ft::collective::allGather(bytes, 4, l);
        QCOMPARE(builtin.collectiveTime(Collective(kind), bytes, 4, l), formula);
    }

    void runIsRecorded()
    {
        const auto run = m_session->run(m_run->runId);
        QCOMPARE(run.kind, store::RunKind::Calibrate);
        QCOMPARE(run.status, store::RunStatus::Done);
        QCOMPARE(run.params.value("devices", 0), 2);
        QCOMPARE(run.params.value("gemm_max", 0), 128);
        QCOMPARE(run.result["machine"]["hostname"].get<std::string>(), thisMachine().hostname);
        QCOMPARE(run.result["machine"]["backend"].get<std::string>(), std::string("gloo"));
        QVERIFY(!run.result["machine"]["torch_version"].get<std::string>().empty());
        QCOMPARE(ft::clusterFromJson(run.result["cluster"]).collectives.size(), std::size_t(4));
        const auto artifacts = m_session->artifacts(run.id);
        QCOMPARE(artifacts.size(), std::size_t(1));
        QCOMPARE(artifacts[0].name, std::string("cluster.json"));
    }

    // --runner-overhead: the runner's measurement (here a stand-in child that prints given figures)
    // becomes the profile's runtime_overhead, as written, stored and read back; figures a profile
    // would refuse fail the run naming the field; without the flag no child starts.
    void runnerOverheadIsStored_data()
    {
        QTest::addColumn<bool>("asked");
        QTest::addColumn<double>("forwardUs");
        QTest::addColumn<double>("backwardUs");
        QTest::addColumn<QString>("error"); // empty: the run succeeds
        QTest::newRow("measured") << true << 120.5 << 150.25 << QString();
        QTest::newRow("not asked") << false << 120.5 << 150.25 << QString();
        QTest::newRow("negative forward") << true << -3.0 << 150.25 << "forward_us_per_aten_op";
        QTest::newRow("absurd backward") << true << 120.5 << 5e7 << "more than 1 s";
    }
    void runnerOverheadIsStored()
    {
        QFETCH(bool, asked);
        QFETCH(double, forwardUs);
        QFETCH(double, backwardUs);
        QFETCH(QString, error);
        const QString out = m_dir.filePath(QStringLiteral("runner.json"));
        QFile::remove(out);
        ft::CalibrateRequest r = request(out);
        r.measure = [this](const CalibrationPlan&, Progress&, const CancelToken&) { return m_run->samples; };
        r.runnerOverhead = asked;
        std::vector<std::string> args;
        r.runPython = [&](const PythonRanks& ranks, const CancelToken&) {
            args = ranks.args;
            const auto at = std::find(args.begin(), args.end(), std::string("--out"));
            QVERIFY(at != args.end() && at + 1 != args.end());
            writeJsonFile(*(at + 1),
                Json{ { "forward_us_per_aten_op", forwardUs }, { "backward_us_per_aten_op", backwardUs },
                    { "aten_ops", 15 }, { "runtime", "stand-in" } });
        };
        const QString file = QStringLiteral("runner-%1.vantage").arg(QString::fromLatin1(QTest::currentDataTag()));
        store::Session session = store::Session::create(m_dir.filePath(file).toStdString());
        NullProgress progress;
        try {
            const ft::CalibrateRun run = ft::CalibrateRecipe::run(&session, r, progress, CancelToken());
            QVERIFY2(error.isEmpty(), "accepted figures a profile refuses");
            const ft::ClusterProfile read = ft::loadClusterProfile(out.toStdString());
            QCOMPARE(read.runtime.measured(), asked);
            QCOMPARE(run.result.contains("runner_overhead"), asked);
            QCOMPARE(session.runs().at(0).params.contains("runner_overhead"), asked);
            if (!asked) {
                QVERIFY(args.empty());
                QVERIFY(!readJsonFile(out.toStdString()).contains("runtime_overhead"));
                return;
            }
            const std::vector<std::string> want{ "-m", "vantage.ft.overhead", "--devices", "2" };
            QVERIFY(std::equal(want.begin(), want.end(), args.begin()));
            QVERIFY(std::fabs(read.runtime.forward - forwardUs * 1e-6) < 1e-15);
            QVERIFY(std::fabs(read.runtime.backward - backwardUs * 1e-6) < 1e-15);
            QCOMPARE(read.runtime.runtime, std::string("stand-in"));
            QVERIFY(QString::fromStdString(run.summary).contains(QLatin1String("runner 120 + 150 us per ATen op")));
        } catch (const Error& e) {
            QVERIFY2(!error.isEmpty(), e.what());
            QCOMPARE(e.kind(), Error::Kind::Failure);
            QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
            QCOMPARE(session.runs().at(0).status, store::RunStatus::Failed);
        }
    }

    // Refused before any worker starts, naming the field.
    void badInputIsRefused_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("field");
        QTest::newRow("gemm too small") << "gemm_max=32"
                                        << "gemm_max";
        QTest::newRow("no repeats") << "repeats=0"
                                    << "repeats";
        QTest::newRow("too many devices") << "devices=300"
                                          << "devices";
        QTest::newRow("collective too large") << "collective_max_bytes=4294967296"
                                              << "collective_max_bytes";
        QTest::newRow("out is a folder") << "out=."
                                         << "out";
        QTest::newRow("out in no folder") << "out=missing/c.json"
                                          << "out";
        if (::geteuid() != 0) // root writes anywhere
            QTest::newRow("out not writable") << "out=locked/c.json"
                                              << "out";
    }
    void badInputIsRefused()
    {
        QFETCH(QString, change);
        QFETCH(QString, field);
        QDir(m_dir.path()).mkdir(QStringLiteral("locked"));
        QFile::setPermissions(m_dir.filePath(QStringLiteral("locked")), QFile::ReadOwner | QFile::ExeOwner);
        ft::CalibrateRequest r = request(m_dir.filePath(QStringLiteral("bad.json")));
        int measured = 0;
        r.measure = [&measured](const CalibrationPlan&, Progress&, const CancelToken&) {
            ++measured;
            return DeviceSamples{};
        };
        const QString key = change.section(QLatin1Char('='), 0, 0), value = change.section(QLatin1Char('='), 1);
        if (key == QLatin1String("out"))
            r.out = m_dir.filePath(value).toStdString();
        else if (key == QLatin1String("gemm_max"))
            r.plan.gemmMax = value.toLongLong();
        else if (key == QLatin1String("repeats"))
            r.plan.repeats = value.toInt();
        else if (key == QLatin1String("devices"))
            r.plan.devices = value.toInt();
        else
            r.plan.collectiveMaxBytes = value.toLongLong();
        try {
            NullProgress progress;
            ft::CalibrateRecipe::run(nullptr, r, progress, CancelToken());
            QFAIL("accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QCOMPARE(QString::fromStdString(e.field().value_or("")), field);
        }
        QCOMPARE(measured, 0);
    }

    // Worker 1 ends at once while worker 0 waits for it: the error names it, nothing waits on.
    void dyingWorkerIsReported()
    {
        const QString script = m_dir.filePath(QStringLiteral("dying-worker.sh"));
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\nif [ \"$5\" = 1 ]; then echo 'worker 1 gives up' >&2; exit 3; fi\nexec '%1' "
                               "\"$@\"\n")
                    .arg(QStringLiteral(VANTAGE_EDL_WORKER_BIN))
                    .toUtf8());
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        store::Session session = store::Session::create(m_dir.filePath(QStringLiteral("dies.vantage")).toStdString());
        try {
            NullProgress progress;
            ft::CalibrateRecipe::run(&session, request(QString(), script), progress, CancelToken());
            QFAIL("a dead worker went unnoticed");
        } catch (const Error& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QLatin1String("calibration worker 1 ended (exit code 3)")), qPrintable(what));
            QVERIFY2(what.contains(QLatin1String("worker 1 gives up")), qPrintable(what));
        }
        QCOMPARE(session.runs().at(0).status, store::RunStatus::Failed);
    }

    void cancelMidRun()
    {
        const auto r = testing::cancelMidRun(
            [&](Progress& p, const CancelToken& c) { ft::CalibrateRecipe::run(nullptr, request(QString()), p, c); });
        VERIFY_CANCELLED_MID_RUN(r);
    }

    // vantage-cli: the command writes a profile `ft search --cluster` reads; bad input exits 2.
    void cli_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        const QStringList small{ "--devices", "2", "--gemm-max", "64", "--collective-max-bytes", "65536",
            "--copy-bytes", "1048576", "--repeats", "2" };
        QTest::newRow("calibrate") << (small + QStringList{ "--out", "cli.json" }) << 0;
        QTest::newRow("gemm out of range") << (QStringList{ "--gemm-max", "16", "--out", "x.json" }) << 2;
        QTest::newRow("out in no folder") << (small + QStringList{ "--out", "missing/x.json" }) << 2;
    }
    void cli()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        for (QString& a : args)
            if (a.endsWith(QLatin1String(".json")))
                a = m_dir.filePath(a);
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("VANTAGE_EDL_WORKER"), QStringLiteral(VANTAGE_EDL_WORKER_BIN));
        const auto r
            = cli_harness::run(QStringLiteral(VANTAGE_CLI), QStringList{ "-q", "ft", "calibrate" } + args, 120000, env);
        QVERIFY2(r.code == code, r.err.constData());
        if (code != 0)
            return;
        QVERIFY(r.out.contains("all_reduce"));
        QVERIFY(r.out.contains("GFLOP/S"));
        const auto search = cli_harness::run(QStringLiteral(VANTAGE_CLI),
            { "-q", "--json", "ft", "search", "--model", "transformer-base", "--devices", "2", "--cluster",
                m_dir.filePath(QStringLiteral("cli.json")) },
            120000);
        QVERIFY2(search.code == 0, search.err.constData());
        QVERIFY(!search.json().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFtCalibrate)
#include "tst_ft_calibrate.moc"
