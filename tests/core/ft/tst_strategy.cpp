// core/ft/strategy: an exported strategy adds up (per-op and per-edge costs sum to the point the
// search reported, breakdowns sum to the totals), its JSON has the documented keys, the summary
// reads, and the DOT graph colours every op by its split and renders with Graphviz.

#include "common/error.h"
#include "common/graphviz.h"
#include "common/json.h"
#include "common/progress.h"
#include "ft/cluster.h"
#include "ft/model_zoo.h"
#include "ft/search.h"
#include "ft/strategy.h"

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

using namespace vantage;
using namespace vantage::ft;

namespace {

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

struct Fixture {
    OpGraph graph = buildZooModel("bert-base", 32, 128);
    ClusterProfile cluster = builtinCluster("a100x8");
    SearchResult result;
    Fixture()
    {
        NullProgress progress;
        result = search(graph, cluster, { .deviceCounts = { 16 } }, progress, CancelToken());
    }
};

const Fixture& fixture()
{
    static const Fixture f;
    return f;
}

} // namespace

class TestStrategy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void strategiesAddUp()
    {
        const auto& fx = fixture();
        const auto& f = fx.result.frontiers[0];
        QVERIFY(f.points.size() >= 2);
        for (const auto& p : f.points) {
            const Strategy s = strategyFor(fx.graph, fx.cluster, fx.result, 0, p.strategy);
            QVERIFY(close(s.time, p.time));
            QVERIFY(close(s.memory, p.memory));
            double t = 0.0, m = 0.0;
            for (const auto& o : s.ops) {
                t += o.time;
                m += o.memory;
                QVERIFY(close(o.time, o.compute + o.gradientSync + o.collectives) || o.time == 0.0);
                QVERIFY(close(o.memory, o.memoryBreakdown.total()) || o.memory == 0.0);
            }
            for (const auto& e : s.edges) {
                t += e.time;
                m += e.memory;
            }
            QVERIFY(close(t, s.time));
            QVERIFY(close(m, s.memory));
            QVERIFY(close(s.timeBreakdown.total(), s.time));
            QVERIFY(close(s.memoryBreakdown.total(), s.memory));
            QCOMPARE(s.ops.size(), std::size_t(fx.graph.size()));
            QCOMPARE(s.devices, 16);
        }
        for (std::size_t b = 0; b < f.baselines.size(); ++b) {
            const Strategy s = baselineStrategyFor(fx.graph, fx.cluster, fx.result, 0, static_cast<int>(b));
            QVERIFY(close(s.time, f.baselines[b].time));
            QVERIFY(close(s.memory, f.baselines[b].memory));
        }
    }

    void dataParallelIsAllBatch()
    {
        const auto& fx = fixture();
        const auto& f = fx.result.frontiers[0];
        int dp = -1;
        for (std::size_t b = 0; b < f.baselines.size(); ++b)
            if (f.baselines[b].name == "data parallel")
                dp = static_cast<int>(b);
        QVERIFY(dp >= 0);
        const Strategy s = baselineStrategyFor(fx.graph, fx.cluster, fx.result, 0, dp);
        for (const auto& o : s.ops) {
            QCOMPARE(o.config, std::string("b16"));
            QCOMPARE(o.split, std::string("batch"));
        }
        QCOMPARE(s.timeBreakdown.repartition, 0.0); // nothing changes layout
        QVERIFY(s.timeBreakdown.allReduce > 0.0); // gradients are all-reduced
        QVERIFY(s.memoryBreakdown.optimizerState > s.memoryBreakdown.weights); // Adam: 12 vs 2 bytes
    }

    void jsonKeys()
    {
        const auto& fx = fixture();
        const Strategy s = strategyFor(fx.graph, fx.cluster, fx.result, 0, 0);
        const Json j = toJson(s);
        for (const char* key : { "model", "cluster", "devices", "batch", "time", "memory", "time_breakdown",
                 "memory_breakdown", "ops", "edges", "fits_device_memory" })
            QVERIFY2(j.contains(key), key);
        for (const char* key : { "compute", "all_reduce", "repartition" })
            QVERIFY2(j["time_breakdown"].contains(key), key);
        for (const char* key : { "weights", "gradients", "optimizer_state", "activations", "repartition" })
            QVERIFY2(j["memory_breakdown"].contains(key), key);
        QCOMPARE(j["ops"].size(), std::size_t(fx.graph.size()));
        QVERIFY(j["ops"][0].contains("config"));
        QCOMPARE(j["ops"][0]["name"].get<std::string>(), fx.graph.op(0).name);
    }

    void summaryAndDot()
    {
        const auto& fx = fixture();
        const Strategy s = strategyFor(fx.graph, fx.cluster, fx.result, 0, fx.result.frontiers[0].leastMemory());
        const QString summary = QString::fromStdString(strategySummary(s));
        QVERIFY(summary.contains(QStringLiteral("BERT-Base on 16 devices")));
        QVERIFY(summary.contains(QStringLiteral("time per iteration")));
        QVERIFY(summary.contains(QStringLiteral("memory per device")));

        const std::string dot = strategyToDot(fx.graph, s);
        const QString q = QString::fromStdString(dot);
        QVERIFY(q.startsWith(QStringLiteral("digraph")));
        QVERIFY(q.contains(QStringLiteral("cluster_legend")));
        for (const auto& o : s.ops)
            QVERIFY(q.contains(QString::fromStdString(o.op)));
        QCOMPARE(q.count(QStringLiteral(" -> ")), int(fx.graph.edges().size()));
        const std::string svg = renderDotToSvg(dot);
        QVERIFY(svg.find("<svg") != std::string::npos);
    }

    // The decisions beyond splits a strategy carries (its configurations' ZeRO stage and
    // recomputation) are in its JSON, its summary and its kind; off, every point is plain; on, the
    // least-memory point uses them.
    void planDecisions_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("recompute");
        QTest::addColumn<QString>("leastMemoryKind");
        QTest::newRow("plain") << 0 << false << "plain";
        QTest::newRow("zero") << 3 << false << "zero";
        QTest::newRow("recompute") << 0 << true << "recompute";
        QTest::newRow("both") << 3 << true << "zero+recompute";
    }
    void planDecisions()
    {
        QFETCH(int, zero);
        QFETCH(bool, recompute);
        QFETCH(QString, leastMemoryKind);
        const OpGraph graph = buildZooModel("bert-base", 8, 64);
        const ClusterProfile& cluster = fixture().cluster;
        SearchOptions options{ .deviceCounts = { 4 } };
        options.configs.zeroStages = zero;
        options.configs.recompute = recompute;
        NullProgress progress;
        const SearchResult r = search(graph, cluster, options, progress, CancelToken());
        const auto& f = r.frontiers[0];
        // Some 16 points spread over the frontier, both ends included.
        std::vector<std::size_t> checked;
        for (std::size_t at = 0; at < f.points.size(); at += std::max<std::size_t>(1, f.points.size() / 16))
            checked.push_back(at);
        checked.push_back(f.points.size() - 1);
        for (std::size_t at : checked) {
            const auto& p = f.points[at];
            const Strategy s = strategyFor(graph, cluster, r, 0, p.strategy);
            const PlanDecisions d = ft::planDecisions(s);
            const PlanDecisions fromFrontier
                = ft::planDecisions(f.configNames, f.strategies[static_cast<std::size_t>(p.strategy)]);
            QCOMPARE(fromFrontier.kind(), d.kind());
            QCOMPARE(fromFrontier.zeroOps, d.zeroOps);
            QCOMPARE(fromFrontier.recomputeOps, d.recomputeOps);
            QVERIFY(d.zero <= zero && (recompute || d.recomputeOps == 0));
            const Json j = toJson(s);
            QCOMPARE(j["plan_kind"].get<std::string>(), d.kind());
            int zeroOps = 0, recomputeOps = 0;
            for (std::size_t i = 0; i < s.ops.size(); ++i) {
                const OpConfig c = parseConfigName(s.ops[i].config);
                QCOMPARE(j["ops"][i]["zero_stage"].get<int>(), c.zero);
                QCOMPARE(j["ops"][i]["recompute"].get<bool>(), c.recompute);
                zeroOps += c.zero > 0;
                recomputeOps += c.recompute;
            }
            QCOMPARE(zeroOps, d.zeroOps);
            QCOMPARE(recomputeOps, d.recomputeOps);
            QVERIFY(strategySummary(s).find("ZeRO, recomputation " + d.describe()) != std::string::npos);
        }
        const Strategy least = strategyFor(graph, cluster, r, 0, f.points[f.leastMemory()].strategy);
        QCOMPARE(QString::fromStdString(ft::planDecisions(least).kind()), leastMemoryKind);
    }

    void refusesMismatches()
    {
        const auto& fx = fixture();
        const OpGraph other = buildZooModel("bert-large", 8, 128);
        QVERIFY_THROWS_EXCEPTION(Error, strategyFor(other, fx.cluster, fx.result, 0, 0));
        QVERIFY_THROWS_EXCEPTION(Error, strategyFor(fx.graph, builtinCluster("v100x8"), fx.result, 0, 0));
        QVERIFY_THROWS_EXCEPTION(Error, strategyFor(fx.graph, fx.cluster, fx.result, 0, 100000));
        std::vector<OpConfig> wrong(static_cast<std::size_t>(fx.graph.size()), OpConfig{ .batch = 8 });
        QVERIFY_THROWS_EXCEPTION(Error, makeStrategy(fx.graph, fx.cluster, 16, wrong));
        QVERIFY_THROWS_EXCEPTION(Error, makeStrategy(fx.graph, fx.cluster, 16, {}));
    }
};

QTEST_GUILESS_MAIN(TestStrategy)
#include "tst_strategy.moc"
