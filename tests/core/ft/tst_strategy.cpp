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
