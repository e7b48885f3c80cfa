// core/ft/search and baselines: FT returns exactly the Pareto set a brute-force enumeration of all
// assignments finds, on random chains, diamonds, residual blocks and DAGs (up to 12 ops, 2-5
// configurations) given as explicit costs, and on small op graphs priced by the cost model; the
// epsilon mode keeps its promise; the min-time end equals the single-objective search; the answer
// depends neither on the order nor on the thread count; cancellation and the result JSON work.

#include "../cancel_mid_run.h"
#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "ft/baselines.h"
#include "ft/cluster.h"
#include "ft/cost_model.h"
#include "ft/elimination.h"
#include "ft/model_zoo.h"
#include "ft/op_graph.h"
#include "ft/search.h"
#include "ft/strategy.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace vantage;
using namespace vantage::ft;

namespace {

using Value = std::pair<double, double>;

enum class Shape {
    Chain,
    Diamonds,
    Residual,
    Dag
};

// A random explicit-cost graph; integer costs keep every sum exact, so the oracle and FT must agree
// to the last bit. The product of the configuration counts is kept small enough to enumerate.
CostGraph randomGraph(std::mt19937& rng, Shape shape, int n, bool integer)
{
    std::uniform_int_distribution<int> configs(2, 5), cost(0, 20), coin(0, 3);
    std::uniform_real_distribution<double> real(0.0, 10.0);
    auto value = [&] { return integer ? double(cost(rng)) : real(rng); };
    CostGraph g;
    double space = 1.0;
    for (int i = 0; i < n; ++i) {
        CostGraph::Node node;
        node.name = "op" + std::to_string(i);
        int c = configs(rng);
        while (c > 2 && space * c > 4e5)
            --c;
        space *= c;
        for (int k = 0; k < c; ++k)
            node.configs.push_back({ "c" + std::to_string(k), value(), value() });
        g.nodes.push_back(std::move(node));
    }
    auto edge = [&](int from, int to) {
        CostGraph::Edge e;
        e.from = from;
        e.to = to;
        const std::size_t cells = std::size_t(g.configCount(from)) * std::size_t(g.configCount(to));
        for (std::size_t k = 0; k < cells; ++k) {
            // Zero on some cells, as when layouts match.
            e.time.push_back(coin(rng) == 0 ? 0.0 : value());
            e.memory.push_back(coin(rng) == 0 ? value() : 0.0);
        }
        g.edges.push_back(std::move(e));
    };
    switch (shape) {
    case Shape::Chain:
        for (int i = 0; i + 1 < n; ++i)
            edge(i, i + 1);
        break;
    case Shape::Diamonds:
        // a -> {b, c} -> d, chained: d is the next diamond's a.
        for (int a = 0; a + 3 < n; a += 3) {
            edge(a, a + 1);
            edge(a, a + 2);
            edge(a + 1, a + 3);
            edge(a + 2, a + 3);
        }
        for (int i = (n - 1) / 3 * 3; i + 1 < n; ++i)
            edge(i, i + 1);
        break;
    case Shape::Residual:
        // x -> f -> g -> add, x -> add; add is the next block's x.
        for (int x = 0; x + 3 < n; x += 3) {
            edge(x, x + 1);
            edge(x + 1, x + 2);
            edge(x + 2, x + 3);
            edge(x, x + 3);
        }
        for (int i = (n - 1) / 3 * 3; i + 1 < n; ++i)
            edge(i, i + 1);
        break;
    case Shape::Dag: {
        std::uniform_int_distribution<int> fanIn(1, 3);
        for (int j = 1; j < n; ++j) {
            std::vector<int> from;
            const int k = std::min(j, fanIn(rng));
            while (static_cast<int>(from.size()) < k) {
                const int i = std::uniform_int_distribution<int>(0, j - 1)(rng);
                if (std::find(from.begin(), from.end(), i) == from.end())
                    from.push_back(i);
            }
            for (int i : from)
                edge(i, j);
        }
        break;
    }
    }
    return g;
}

// Every assignment, by mixed-radix counting, from per-node and per-edge cost tables.
template <typename Cost> std::vector<Value> enumerate(const std::vector<int>& counts, Cost&& cost)
{
    std::vector<Value> all;
    std::vector<int> a(counts.size(), 0);
    for (;;) {
        all.push_back(cost(a));
        std::size_t i = 0;
        while (i < a.size() && ++a[i] == counts[i])
            a[i++] = 0;
        if (i == a.size())
            break;
    }
    return all;
}

// The Pareto set of values, sorted by time; values within 1e-9 relative count as equal.
std::vector<Value> pareto(std::vector<Value> all)
{
    std::sort(all.begin(), all.end());
    std::vector<Value> out;
    for (const auto& v : all) {
        if (!out.empty() && out.back().second <= v.second * (1 + 1e-9) + 1e-300)
            continue;
        while (!out.empty() && out.back().first >= v.first * (1 - 1e-9) && out.back().second >= v.second)
            out.pop_back();
        out.push_back(v);
    }
    return out;
}

std::vector<Value> bruteForce(const CostGraph& g)
{
    std::vector<int> counts;
    for (const auto& n : g.nodes)
        counts.push_back(static_cast<int>(n.configs.size()));
    return pareto(enumerate(counts, [&](const std::vector<int>& a) {
        Value v{ 0.0, 0.0 };
        for (std::size_t i = 0; i < a.size(); ++i) {
            v.first += g.nodes[i].configs[static_cast<std::size_t>(a[i])].time;
            v.second += g.nodes[i].configs[static_cast<std::size_t>(a[i])].memory;
        }
        for (const auto& e : g.edges) {
            const auto k = static_cast<std::size_t>(
                a[static_cast<std::size_t>(e.from)] * g.configCount(e.to) + a[static_cast<std::size_t>(e.to)]);
            v.first += e.time[k];
            v.second += e.memory[k];
        }
        return v;
    }));
}

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)) + 1e-12;
}

QString describe(const std::vector<Value>& v)
{
    QStringList s;
    for (const auto& [t, m] : v)
        s << QStringLiteral("(%1, %2)").arg(t).arg(m);
    return s.join(QLatin1Char(' '));
}

void compareExact(const CostGraph& g, const FrontierResult& r, const std::vector<Value>& expected)
{
    std::vector<Value> got;
    for (const auto& p : r.points)
        got.push_back({ p.time, p.memory });
    QVERIFY2(
        got.size() == expected.size(), qPrintable("FT: " + describe(got) + "\nbrute force: " + describe(expected)));
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(close(got[i].first, expected[i].first) && close(got[i].second, expected[i].second),
            qPrintable("FT: " + describe(got) + "\nbrute force: " + describe(expected)));
    // Each point's strategy costs what the point says.
    for (const auto& p : r.points) {
        const auto [t, m] = g.evaluate(p.assignment);
        QVERIFY(close(t, p.time) && close(m, p.memory));
    }
}

FrontierResult run(const CostGraph& g, FrontierOptions o = {})
{
    NullProgress progress;
    return searchFrontier(g, o, progress, CancelToken());
}

// A small op graph of a random template and random sizes, for the op-graph route.
OpGraph randomOpGraph(std::mt19937& rng, int kind)
{
    auto pick = [&](std::initializer_list<std::int64_t> v) {
        return *(v.begin() + std::uniform_int_distribution<int>(0, static_cast<int>(v.size()) - 1)(rng));
    };
    OpGraph g;
    g.name = "random " + std::to_string(kind);
    auto linear = [&](const std::string& name, int in, std::int64_t out, Activation act = Activation::None) {
        Op o;
        o.name = name;
        o.kind = OpKind::Linear;
        o.outFeatures = out;
        o.bias = true;
        o.activation = act;
        o.inputs = { in };
        return g.add(o);
    };
    auto unary = [&](const std::string& name, OpKind kind, std::vector<int> ins, const std::string& fn = {}) {
        Op o;
        o.name = name;
        o.kind = kind;
        o.function = fn;
        o.inputs = std::move(ins);
        return g.add(o);
    };
    const std::int64_t batch = pick({ 4, 8, 16 }), seq = pick({ 8, 64, 512 }), hidden = pick({ 64, 256, 1024 });
    switch (kind % 4) {
    case 0: { // MLP chain
        Op in;
        in.name = "fc0";
        in.kind = OpKind::Linear;
        in.outFeatures = hidden;
        in.input = { batch, pick({ 32, 512 }), seq, 1, false };
        int x = g.add(in);
        x = linear("fc1", x, hidden * 4, Activation::Gelu);
        x = linear("fc2", x, hidden);
        unary("loss", OpKind::Loss, { x });
        break;
    }
    case 1: { // residual block with a norm
        Op in;
        in.name = "embed";
        in.kind = OpKind::Embedding;
        in.vocab = pick({ 1000, 30000 });
        in.outFeatures = hidden;
        in.input = { batch, 1, seq, 1, false };
        const int x = g.add(in);
        const int n = unary("ln", OpKind::LayerNorm, { x });
        int y = linear("fc1", n, hidden * 2, Activation::Relu);
        y = linear("fc2", y, hidden);
        unary("add", OpKind::Elementwise, { x, y }, "add");
        break;
    }
    case 2: { // attention block
        Op in;
        in.name = "embed";
        in.kind = OpKind::Embedding;
        in.vocab = 5000;
        in.outFeatures = hidden;
        in.input = { batch, 1, seq, 1, false };
        const int x = g.add(in);
        int y = linear("qkv", x, 3 * hidden);
        Op a;
        a.name = "attention";
        a.kind = OpKind::Attention;
        a.heads = static_cast<int>(pick({ 2, 4, 8 }));
        a.inputs = { y };
        y = g.add(a);
        y = linear("proj", y, hidden);
        unary("add", OpKind::Elementwise, { x, y }, "add");
        break;
    }
    default: { // convolutions with two branches joined by concat
        Op in;
        in.name = "conv0";
        in.kind = OpKind::Conv2d;
        in.outFeatures = pick({ 16, 64 });
        in.kernelH = in.kernelW = 3;
        in.padH = in.padW = 1;
        in.batchNorm = true;
        in.activation = Activation::Relu;
        in.input = { batch, 3, 16, 16, true };
        const int x = g.add(in);
        Op b = in;
        b.name = "conv1";
        b.inputs = { x };
        b.input = {};
        const int c1 = g.add(b);
        Op p;
        p.name = "pool";
        p.kind = OpKind::Pool;
        p.function = "max";
        p.kernelH = p.kernelW = 3;
        p.padH = p.padW = 1;
        p.inputs = { x };
        const int c2 = g.add(p);
        const int cat = unary("concat", OpKind::Concat, { c1, c2 });
        linear("fc", cat, 10);
        break;
    }
    }
    return g;
}

} // namespace

class TestSearch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exactOnRandomGraphs_data()
    {
        QTest::addColumn<int>("shape");
        QTest::addColumn<int>("ops");
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("integer");
        const char* names[] = { "chain", "diamonds", "residual", "dag" };
        for (int shape = 0; shape < 4; ++shape)
            for (int seed = 1; seed <= 8; ++seed) {
                const int ops = 3 + (seed * 5 + shape) % 10; // 3..12
                QTest::addRow("%s %d ops seed %d", names[shape], ops, seed) << shape << ops << seed << (seed % 4 != 0);
            }
    }
    void exactOnRandomGraphs()
    {
        QFETCH(int, shape);
        QFETCH(int, ops);
        QFETCH(int, seed);
        QFETCH(bool, integer);
        std::mt19937 rng(static_cast<unsigned>(seed * 1000 + shape));
        const CostGraph g = randomGraph(rng, static_cast<Shape>(shape), ops, integer);
        const auto expected = bruteForce(g);
        compareExact(g, run(g), expected);
        // The order only changes the work, never the answer.
        compareExact(g, run(g, { .order = SearchOrder::Given }), expected);
    }

    void exactOnOpGraphs_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("seed");
        for (int kind = 0; kind < 4; ++kind)
            for (int devices : { 2, 4 })
                for (int seed = 1; seed <= 2; ++seed)
                    QTest::addRow("template %d, %d devices, seed %d", kind, devices, seed) << kind << devices << seed;
    }
    void exactOnOpGraphs()
    {
        QFETCH(int, kind);
        QFETCH(int, devices);
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed * 31 + kind));
        const OpGraph graph = randomOpGraph(rng, kind);
        const ClusterProfile& cluster = builtinCluster(seed % 2 ? "a100x8" : "v100x8");
        const CostModel model(cluster, devices);

        // The oracle prices every op and edge with the cost model directly and enumerates.
        std::vector<std::vector<OpConfig>> configs;
        std::vector<int> counts;
        for (const Op& op : graph.ops()) {
            configs.push_back(enumerateConfigs(op, devices));
            counts.push_back(static_cast<int>(configs.back().size()));
        }
        std::vector<std::vector<OpCost>> opCosts(configs.size());
        for (std::size_t i = 0; i < configs.size(); ++i)
            for (const auto& c : configs[i])
                opCosts[i].push_back(model.opCost(graph.op(static_cast<int>(i)), c));
        std::vector<std::vector<EdgeCost>> edgeCosts;
        for (const Edge& e : graph.edges()) {
            auto& table = edgeCosts.emplace_back();
            for (const auto& a : configs[static_cast<std::size_t>(e.from)])
                for (const auto& b : configs[static_cast<std::size_t>(e.to)])
                    table.push_back(model.edgeCost(graph, e, a, b));
        }
        const auto expected = pareto(enumerate(counts, [&](const std::vector<int>& a) {
            Value v{ 0.0, 0.0 };
            for (std::size_t i = 0; i < a.size(); ++i) {
                v.first += opCosts[i][static_cast<std::size_t>(a[i])].time();
                v.second += opCosts[i][static_cast<std::size_t>(a[i])].memory();
            }
            for (std::size_t k = 0; k < graph.edges().size(); ++k) {
                const Edge& e = graph.edges()[k];
                const auto& c = edgeCosts[k][static_cast<std::size_t>(
                    a[static_cast<std::size_t>(e.from)] * counts[static_cast<std::size_t>(e.to)]
                    + a[static_cast<std::size_t>(e.to)])];
                v.first += c.time;
                v.second += c.memory;
            }
            return v;
        }));

        NullProgress progress;
        const SearchResult r = search(graph, cluster, { .deviceCounts = { devices } }, progress, CancelToken());
        QCOMPARE(r.frontiers.size(), std::size_t(1));
        const auto& f = r.frontiers[0];
        std::vector<Value> got;
        for (const auto& p : f.points)
            got.push_back({ p.time, p.memory });
        QVERIFY2(got.size() == expected.size(), qPrintable("FT: " + describe(got) + "\noracle: " + describe(expected)));
        for (std::size_t i = 0; i < got.size(); ++i)
            QVERIFY2(close(got[i].first, expected[i].first) && close(got[i].second, expected[i].second),
                qPrintable("FT: " + describe(got) + "\noracle: " + describe(expected)));
        // The exported strategy of every point costs what the point says.
        for (const auto& p : f.points) {
            const Strategy s = strategyFor(graph, cluster, r, 0, p.strategy);
            QVERIFY(close(s.time, p.time));
            QVERIFY(close(s.memory, p.memory));
        }
        // The min-time baseline is the frontier's fastest end.
        const auto it = std::find_if(f.baselines.begin(), f.baselines.end(),
            [](const BaselinePoint& b) { return b.name == "min time (OptCNN)"; });
        QVERIFY(it != f.baselines.end());
        QVERIFY(close(it->time, f.points.front().time));
        QVERIFY(close(it->memory, f.points.front().memory));
        // No baseline is below the frontier.
        for (const auto& b : f.baselines) {
            const int i = f.fastestWithin(b.memory * (1 + 1e-9));
            QVERIFY2(i >= 0 && f.points[static_cast<std::size_t>(i)].time <= b.time * (1 + 1e-9),
                qPrintable(QString::fromStdString(b.name)));
        }
    }

    void epsilonKeepsThePromise_data()
    {
        QTest::addColumn<double>("eps");
        QTest::addColumn<int>("seed");
        for (double eps : { 0.01, 0.1, 0.5 })
            for (int seed = 1; seed <= 4; ++seed)
                QTest::addRow("eps %g seed %d", eps, seed) << eps << seed;
    }
    void epsilonKeepsThePromise()
    {
        QFETCH(double, eps);
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed + 77));
        // Real-valued costs and a long residual chain: many distinct Pareto points to merge.
        const CostGraph g = randomGraph(rng, seed % 2 ? Shape::Residual : Shape::Dag, 11, false);
        const auto exact = bruteForce(g);
        const FrontierResult r = run(g, { .epsilon = eps });
        QVERIFY(!r.points.empty());
        // The promise: every exact point has a returned one no slower and within 1 + eps in memory.
        for (const auto& [t, m] : exact) {
            bool covered = false;
            for (const auto& q : r.points)
                covered = covered || (q.time <= t * (1 + 1e-9) && q.memory <= (1 + eps) * m * (1 + 1e-9));
            QVERIFY2(
                covered, qPrintable(QStringLiteral("exact point (%1, %2) not within 1 + %3").arg(t).arg(m).arg(eps)));
        }
        // Every returned point is a real strategy, and none dominates another.
        for (const auto& p : r.points) {
            const auto [t, m] = g.evaluate(p.assignment);
            QVERIFY(close(t, p.time) && close(m, p.memory));
        }
        for (std::size_t i = 1; i < r.points.size(); ++i)
            QVERIFY(r.points[i].time > r.points[i - 1].time && r.points[i].memory < r.points[i - 1].memory);
        // The fastest end stays exact.
        QVERIFY(close(r.points.front().time, exact.front().first));
    }

    void epsilonThins()
    {
        // Twelve ops, each trading 1 time unit for 1 memory unit in 6 steps: the exact frontier has
        // every sum (61 points); within 10% far fewer remain.
        CostGraph g;
        for (int i = 0; i < 12; ++i) {
            CostGraph::Node n{ "op" + std::to_string(i), {} };
            for (int k = 0; k < 6; ++k)
                n.configs.push_back({ "c" + std::to_string(k), 10.0 + k, 20.0 - k });
            g.nodes.push_back(n);
            if (i > 0)
                g.edges.push_back({ i - 1, i, std::vector<double>(36, 0.0), std::vector<double>(36, 0.0) });
        }
        const FrontierResult exact = run(g);
        QCOMPARE(exact.points.size(), std::size_t(61));
        const FrontierResult thin = run(g, { .epsilon = 0.1 });
        QVERIFY2(thin.points.size() < 15, qPrintable(QString::number(thin.points.size())));
        for (const auto& p : exact.points) {
            bool covered = false;
            for (const auto& q : thin.points)
                covered = covered || (q.time <= p.time && q.memory <= 1.1 * p.memory * (1 + 1e-12));
            QVERIFY(covered);
        }
    }

    void minMemoryEqualsFrontierEnd()
    {
        for (int seed = 1; seed <= 8; ++seed) {
            std::mt19937 rng(static_cast<unsigned>(seed * 104729));
            const CostGraph g = randomGraph(rng, static_cast<Shape>(seed % 4), 5 + seed, true);
            const auto exact = bruteForce(g);
            const Baseline b = minMemorySearch(g, CancelToken());
            QVERIFY(close(b.memory, exact.back().second));
            QVERIFY(close(b.time, exact.back().first)); // ties in memory go to less time
            const auto [t, m] = g.evaluate(b.assignment);
            QVERIFY(close(t, b.time) && close(m, b.memory));
        }
    }

    void minTimeEqualsFrontierEnd_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 16; ++seed)
            QTest::addRow("seed %d", seed) << seed;
    }
    void minTimeEqualsFrontierEnd()
    {
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed * 7919));
        const CostGraph g = randomGraph(rng, static_cast<Shape>(seed % 4), 4 + seed % 9, seed % 2 == 0);
        const auto exact = bruteForce(g);
        const FrontierResult r = run(g);
        const Baseline b = minTimeSearch(g, CancelToken());
        QVERIFY(close(b.time, exact.front().first));
        QVERIFY(close(b.memory, exact.front().second)); // ties in time go to less memory
        QVERIFY(close(b.time, r.points.front().time));
        QVERIFY(close(b.memory, r.points.front().memory));
        const auto [t, m] = g.evaluate(b.assignment);
        QVERIFY(close(t, b.time) && close(m, b.memory));
        const Baseline given = minTimeSearch(g, CancelToken(), SearchOrder::Given);
        QVERIFY(close(given.time, b.time) && close(given.memory, b.memory));
    }

    void threadsDoNotChangeTheAnswer()
    {
        const OpGraph graph = buildZooModel("bert-base", 32, 128);
        const CostModel model(builtinCluster("h100x8"), 16);
        const PricedGraph priced = priceGraph(graph, model);
        const FrontierResult one = run(priced.costs, { .threads = 1 });
        const FrontierResult four = run(priced.costs, { .threads = 4 });
        QVERIFY(one.points.size() > 1);
        QCOMPARE(four.points.size(), one.points.size());
        for (std::size_t i = 0; i < one.points.size(); ++i) {
            QCOMPARE(four.points[i].time, one.points[i].time);
            QCOMPARE(four.points[i].memory, one.points[i].memory);
            QCOMPARE(four.points[i].assignment, one.points[i].assignment);
        }
        QCOMPARE(one.stats.maxFrontierOps, 2); // residual blocks keep two ops live
    }

    void droppingDeadBackPointersKeepsStrategies()
    {
        const OpGraph graph = buildZooModel("bert-base", 32, 128);
        const CostModel model(builtinCluster("h100x8"), 16);
        const PricedGraph priced = priceGraph(graph, model);
        const FrontierResult keep = run(priced.costs);
        const FrontierResult compact = run(priced.costs, { .compactAfter = 64 });
        QVERIFY(compact.stats.storedPoints < keep.stats.storedPoints);
        QCOMPARE(compact.points.size(), keep.points.size());
        for (std::size_t i = 0; i < keep.points.size(); ++i) {
            QCOMPARE(compact.points[i].time, keep.points[i].time);
            QCOMPARE(compact.points[i].assignment, keep.points[i].assignment);
            const auto [t, m] = priced.costs.evaluate(compact.points[i].assignment);
            QVERIFY(close(t, compact.points[i].time) && close(m, compact.points[i].memory));
        }
    }

    void everyZooModelHasANarrowOrder_data()
    {
        QTest::addColumn<QString>("name");
        for (const auto& m : zooModels())
            QTest::newRow(m.name.c_str()) << QString::fromStdString(m.name);
    }
    void everyZooModelHasANarrowOrder()
    {
        // Chains and residual blocks keep two ops live, Inception's fork-join blocks three, the
        // encoder-decoder Transformer four (the encoder's output stays live through the decoder).
        QFETCH(QString, name);
        const OpGraph graph = buildZooModel(name.toStdString(), 64);
        for (int devices : { 8, 64 }) {
            const PricedGraph priced = priceGraph(graph, CostModel(builtinCluster("h100x8"), devices));
            const auto plan = ft::detail::planElimination(
                priced.costs, ft::detail::EliminationOrder::Greedy, ft::detail::PlanLimits{}, CancelToken());
            QVERIFY2(plan.maxFrontier <= 4, qPrintable(QString::number(plan.maxFrontier)));
            QVERIFY(plan.maxStates <= 1 << 20);
        }
    }

    void cancellationStopsTheSearch()
    {
        const OpGraph graph = buildZooModel("bert-base", 32, 128);
        const CostModel model(builtinCluster("h100x8"), 8);
        const PricedGraph priced = priceGraph(graph, model);
        VERIFY_CANCELLED_MID_RUN(testing::cancelMidRun(
            [&](Progress& progress, const CancelToken& cancel) { searchFrontier(priced.costs, {}, progress, cancel); },
            10));
        CancelToken before;
        before.cancel();
        NullProgress quiet;
        QVERIFY_THROWS_EXCEPTION(Cancelled, searchFrontier(priced.costs, {}, quiet, before));
        QVERIFY_THROWS_EXCEPTION(Cancelled, minTimeSearch(priced.costs, before));
    }

    void progressReachesTheEnd()
    {
        const OpGraph graph = buildZooModel("resnet50", 64);
        double last = 0.0;
        CallbackProgress progress([&](double f, std::string_view) { last = std::max(last, f); });
        search(graph, builtinCluster("v100x8"), { .deviceCounts = { 4, 8 } }, progress, CancelToken());
        QCOMPARE(last, 1.0);
    }

    void tooWideIsRefused()
    {
        // A complete bipartite graph keeps many ops live at once.
        CostGraph g;
        for (int i = 0; i < 16; ++i)
            g.nodes.push_back(
                { "n" + std::to_string(i), { { "a", 1, 1 }, { "b", 2, 0 }, { "c", 0, 2 }, { "d", 1, 0 } } });
        for (int i = 0; i < 8; ++i)
            for (int j = 8; j < 16; ++j)
                g.edges.push_back({ i, j, std::vector<double>(16, 0.0), std::vector<double>(16, 1.0) });
        for (auto& e : g.edges)
            for (std::size_t k = 0; k < 16; ++k)
                e.time[k] = double((k * 7 + static_cast<std::size_t>(e.from)) % 5);
        try {
            run(g, { .maxStates = 1000 });
            QFAIL("accepted a frontier with more than 1000 states");
        } catch (const Error& e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("too wide")));
        }
    }

    void invalidCostGraphsAreRefused()
    {
        CostGraph g;
        g.nodes.push_back({ "a", { { "x", 1, 1 } } });
        g.nodes.push_back({ "b", {} });
        QVERIFY_THROWS_EXCEPTION(Error, run(g));
        g.nodes[1].configs.push_back({ "y", -1, 0 });
        QVERIFY_THROWS_EXCEPTION(Error, run(g));
        QVERIFY_THROWS_EXCEPTION(Error, run(CostGraph{ { { "a", { { "x", 1, 1 } } } }, {} }, { .epsilon = -1 }));
    }

    void resultJsonRoundTrip()
    {
        const OpGraph graph = buildZooModel("bert-base", 16, 128);
        NullProgress progress;
        const SearchResult r
            = search(graph, builtinCluster("a100x8"), { .deviceCounts = { 4, 8 } }, progress, CancelToken());
        QCOMPARE(r.frontiers.size(), std::size_t(2));
        const Json j = toJson(r, true);
        // The keys scripts rely on.
        QCOMPARE(j["frontiers"][1]["devices"].get<int>(), 8);
        QVERIFY(j["frontiers"][0]["search_s"].is_number());
        QVERIFY(j["frontiers"][0]["points"][0].contains("time"));
        QVERIFY(j["frontiers"][0]["points"][0].contains("memory"));
        QVERIFY(j["frontiers"][0]["points"][0].contains("strategy"));
        QVERIFY(j["frontiers"][0]["baselines"][0].contains("name"));
        QVERIFY(!toJson(r, false)["frontiers"][0].contains("strategies"));

        const SearchResult back = searchResultFromJson(parseJson(j.dump()));
        QCOMPARE(back.model, r.model);
        QCOMPARE(back.ops, r.ops);
        QCOMPARE(back.frontiers.size(), r.frontiers.size());
        for (std::size_t f = 0; f < r.frontiers.size(); ++f) {
            QCOMPARE(back.frontiers[f].points.size(), r.frontiers[f].points.size());
            QCOMPARE(back.frontiers[f].baselines.size(), r.frontiers[f].baselines.size());
            for (std::size_t p = 0; p < r.frontiers[f].points.size(); ++p) {
                QCOMPARE(back.frontiers[f].points[p].time, r.frontiers[f].points[p].time);
                const int s = r.frontiers[f].points[p].strategy;
                QCOMPARE(strategyConfigs(back, f, s), strategyConfigs(r, f, s));
            }
        }
        // A redraw from the stored result gives the same strategy report.
        const Strategy a = strategyFor(graph, builtinCluster("a100x8"), r, 1, r.frontiers[1].leastMemory());
        const Strategy b = strategyFor(graph, builtinCluster("a100x8"), back, 1, back.frontiers[1].leastMemory());
        QCOMPARE(a.time, b.time);
        QCOMPARE(a.memory, b.memory);

        Json bad = j;
        bad["frontiers"][0]["strategies"][0][0] = 60000;
        QVERIFY_THROWS_EXCEPTION(Error, searchResultFromJson(bad));
        bad = j;
        bad.erase("ops");
        QVERIFY_THROWS_EXCEPTION(Error, searchResultFromJson(bad));
    }

    void memoryBudgetPicksTheFastestThatFits()
    {
        DeviceFrontier f;
        f.points = { { 1.0, 30.0, 0 }, { 2.0, 20.0, 1 }, { 3.0, 10.0, 2 } };
        QCOMPARE(f.fastestWithin(100.0), 0);
        QCOMPARE(f.fastestWithin(25.0), 1);
        QCOMPARE(f.fastestWithin(10.0), 2);
        QCOMPARE(f.fastestWithin(9.0), -1);
        QCOMPARE(f.leastMemory(), 2);
    }

    void badSearchOptions()
    {
        const OpGraph graph = buildZooModel("vgg16", 8);
        NullProgress progress;
        QVERIFY_THROWS_EXCEPTION(
            Error, search(graph, builtinCluster("a100x8"), { .deviceCounts = {} }, progress, CancelToken()));
        QVERIFY_THROWS_EXCEPTION(
            Error, search(graph, builtinCluster("a100x8"), { .deviceCounts = { 0 } }, progress, CancelToken()));
    }
};

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
