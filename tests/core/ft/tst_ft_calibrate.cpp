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
#include <cmath>
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
        for (const char* what : { "peak", "efficiency", "bandwidth", "overhead", "special", "memory", "link", "terms" })
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
        else if (what == QLatin1String("special")) // tanh and exp cost a CPU more than a copy
            QVERIFY2(d.specialRate > 0.0 && m_run->samples.specialSPerElement > 0.0
                    && std::fabs(d.specialRate * m_run->samples.specialSPerElement - 1.0) < 1e-12,
                qPrintable(QString::number(m_run->samples.specialSPerElement * 1e9) + " ns an element"));
        else if (what == QLatin1String("memory"))
            QVERIFY(d.memoryBytes > 0.0);
        else if (what == QLatin1String("link"))
            QVERIFY(c.intraNode.bandwidth > 0.0 && c.intraNode.latency >= 0.0 && c.devicesPerNode == 2);
        else
            for (const auto& t : c.collectives)
                QVERIFY(t.latency >= 0.0 && t.bandwidth > 0.0 && t.group == 2);
    }

    // The collectives were measured from 4 KiB to 1 MiB, and the fitted term prices the larger one
    // higher (the samples' own times are not compared: a busy machine can stall the small one).
    void collectiveTimeGrowsWithBytes_data() { addCollectiveRows(); }
    void collectiveTimeGrowsWithBytes()
    {
        QFETCH(int, kind);
        const auto samples = samplesOf(m_run->samples, Collective(kind));
        QVERIFY(samples.size() >= 3);
        QVERIFY(samples.back().bytes >= 200 * samples.front().bytes);
        const ft::CollectiveTerm* term = cluster().collective(Collective(kind), 2);
        QVERIFY(term);
        QVERIFY(term->time(samples.back().bytes) > term->time(samples.front().bytes));
    }

    // The profile's alpha + bytes / beta, recomputed here from the stored term, is the fit whose quality
    // the run reports (how close it lands depends on how busy the machine was: fitRecoversKnownTerms
    // holds the fitting's accuracy on samples with known answers).
    void fitReproducesItsSamples_data() { addCollectiveRows(); }
    void fitReproducesItsSamples()
    {
        QFETCH(int, kind);
        const auto& terms = cluster().collectives;
        const auto at = std::find_if(terms.begin(), terms.end(),
            [&](const ft::CollectiveTerm& t) { return t.kind == Collective(kind) && t.group == 2; });
        QVERIFY(at != terms.end());
        QCOMPARE(m_run->fit.collectives.size(), terms.size());
        std::vector<double> errors;
        for (const auto& s : samplesOf(m_run->samples, Collective(kind)))
            errors.push_back(std::abs(at->time(s.bytes) - s.seconds) / s.seconds);
        const ft::FitQuality& q = m_run->fit.collectives[std::size_t(at - terms.begin())];
        QVERIFY(std::isfinite(median(errors)));
        QCOMPARE(median(errors), q.medianRelativeError);
        QCOMPARE(*std::max_element(errors.begin(), errors.end()), q.maxRelativeError);
    }

    // The fitted matmul rate is a weighted mean of the measured rates, so it lies among them, and the
    // median error the run reports is the one recomputed here.
    void matmulFitReproducesItsSamples()
    {
        const auto& rates = m_run->fit.gemmFlops;
        QCOMPARE(rates.size(), m_run->samples.gemms.size());
        const double fitted = m_run->fit.fittedFlops;
        QVERIFY2(fitted >= *std::min_element(rates.begin(), rates.end()) * (1 - 1e-9)
                && fitted <= *std::max_element(rates.begin(), rates.end()) * (1 + 1e-9),
            qPrintable(QStringLiteral("fitted %1 FLOP/s").arg(fitted)));
        std::vector<double> errors;
        for (const auto& g : m_run->samples.gemms)
            errors.push_back(std::abs(g.flops() / fitted - g.seconds) / g.seconds);
        QCOMPARE(median(errors), m_run->fit.gemm.medianRelativeError);
    }

    // The fitting itself, on samples whose answer is known: a matmul rate and an alpha + bytes / beta
    // per collective, measured exactly, with a busy machine's +-9% spread, and with a third of the
    // samples slowed 2-5x by something else running; the fit finds the answer within the spread.
    void fitRecoversKnownTerms_data()
    {
        QTest::addColumn<double>("spread");
        QTest::addColumn<bool>("outliers");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("exact") << 0.0 << false << 1e-9;
        QTest::newRow("spread") << 0.09 << false << 0.10;
        QTest::newRow("spread and outliers") << 0.09 << true << 0.12;
    }
    void fitRecoversKnownTerms()
    {
        QFETCH(double, spread);
        QFETCH(bool, outliers);
        QFETCH(double, tolerance);
        const double rate = 40e9, alpha = 30e-6, beta = 2e9;
        // A fixed pattern in [-1, 1] for the spread; every third sample slowed when outliers are on.
        const double pattern[] = { 0.9, -0.7, 0.2, -1.0, 0.6, -0.3, 1.0, -0.5, 0.1, -0.8, 0.4, -0.2 };
        const double slow[] = { 2.0, 3.5, 5.0, 2.5 };
        const auto noisy = [&](double seconds, int i) {
            double t = seconds * (1.0 + spread * pattern[i % 12]);
            if (outliers && i % 3 == 1)
                t *= slow[(i / 3) % 4];
            return t;
        };
        DeviceSamples s;
        s.machine.hostname = "known";
        s.devices = 2;
        int i = 0;
        for (std::int64_t m = 16; m <= 512; m *= 2, ++i)
            s.gemms.push_back({ m, m, m, 0.0 }), s.gemms.back().seconds = noisy(s.gemms.back().flops() / rate, i);
        s.copies.push_back({ 1 << 20, (2.0 * (1 << 20)) / 10e9 });
        for (const Collective kind : { Collective::AllReduce, Collective::AllGather }) {
            i = 0;
            for (double bytes = 4096; bytes <= (1 << 22); bytes *= 2, ++i)
                s.collectives.push_back({ kind, 2, bytes, noisy(alpha + bytes / beta, i) });
        }
        const ft::CalibrationFit fit = ft::fitCluster(s, "known");
        const auto near = [&](double got, double want) { return std::abs(got - want) <= tolerance * want; };
        QVERIFY2(near(fit.fittedFlops, rate), qPrintable(QStringLiteral("rate %1").arg(fit.fittedFlops)));
        for (const Collective kind : { Collective::AllReduce, Collective::AllGather }) {
            const ft::CollectiveTerm* term = fit.cluster.collective(kind, 2);
            QVERIFY(term);
            QVERIFY2(near(term->bandwidth, beta), qPrintable(QStringLiteral("beta %1").arg(term->bandwidth)));
            // The latency is a small part of every sample but the smallest: held to the time it adds there.
            QVERIFY2(std::abs(term->latency - alpha) <= tolerance * (alpha + 4096 / beta) + 1e-15,
                qPrintable(QStringLiteral("alpha %1").arg(term->latency)));
        }
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
