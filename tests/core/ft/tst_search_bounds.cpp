// core/ft/elimination and the bounds of searchFrontier: long chains, wide fans and long graphs of a
// small frontier finish (their planning is near-linear in the graph) and equal an oracle computed
// here without FT; graphs whose search cannot fit (dense, bipartite, wide grids, many
// configurations) are refused from the plan, before any step of the sweep, with a message naming
// the knobs that help; cancellation reaches the planner. Every graph is generated here.

#include "common/error.h"
#include "common/progress.h"
#include "ft/elimination.h"
#include "ft/search.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace vantage;
using namespace vantage::ft;

namespace {

// Costs that differ from op to op, reproducible, with no common structure for FT to exploit.
double costOf(std::uint64_t i, std::uint64_t salt)
{
    std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ (salt * 0xBF58476D1CE4E5B9ull);
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    return double(x % 1000 + 1) / 8.0; // multiples of 1/8: every sum below is exact in a double
}

CostGraph::Edge edgeBetween(const CostGraph& g, int from, int to, std::uint64_t salt)
{
    const auto cells = static_cast<std::size_t>(g.configCount(from) * g.configCount(to));
    CostGraph::Edge e{ from, to, std::vector<double>(cells), std::vector<double>(cells) };
    for (std::size_t k = 0; k < cells; ++k) {
        e.time[k] = costOf(k + 7 * static_cast<std::uint64_t>(from), salt + static_cast<std::uint64_t>(to));
        e.memory[k] = costOf(k + 11 * static_cast<std::uint64_t>(to), salt ^ static_cast<std::uint64_t>(from));
    }
    return e;
}

CostGraph::Node nodeWith(int index, int configs)
{
    CostGraph::Node n{ "op" + std::to_string(index), {} };
    for (int c = 0; c < configs; ++c)
        n.configs.push_back({ "c" + std::to_string(c), costOf(std::uint64_t(index) * 64 + std::uint64_t(c), 1),
            costOf(std::uint64_t(index) * 64 + std::uint64_t(c), 2) });
    return n;
}

CostGraph chain(int ops, int configs)
{
    CostGraph g;
    for (int i = 0; i < ops; ++i)
        g.nodes.push_back(nodeWith(i, configs));
    for (int i = 0; i + 1 < ops; ++i)
        g.edges.push_back(edgeBetween(g, i, i + 1, 3));
    return g;
}

// A hub with `width` one-configuration leaves (edges hub -> leaf, or leaf -> hub for a fan-in).
CostGraph fan(int width, int hubConfigs, bool in)
{
    CostGraph g;
    g.nodes.push_back(nodeWith(0, hubConfigs));
    for (int i = 1; i <= width; ++i) {
        g.nodes.push_back(nodeWith(i, 1));
        g.edges.push_back(in ? edgeBetween(g, i, 0, 5) : edgeBetween(g, 0, i, 5));
    }
    return g;
}

FrontierResult run(const CostGraph& g, const FrontierOptions& o = {})
{
    NullProgress progress;
    return searchFrontier(g, o, progress, CancelToken());
}

using Point = std::pair<double, double>;

// The Pareto set of `points` by plain sorting: the oracle's last step.
std::vector<Point> pareto(std::vector<Point> points)
{
    std::sort(points.begin(), points.end());
    std::vector<Point> out;
    for (const auto& p : points)
        if (out.empty() || p.second < out.back().second)
            out.push_back(p);
    return out;
}

void compareWith(const FrontierResult& r, const std::vector<Point>& expected)
{
    QCOMPARE(r.points.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(r.points[i].time, expected[i].first);
        QCOMPARE(r.points[i].memory, expected[i].second);
    }
}

} // namespace

class TestSearchBounds : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneConfigurationChainIsTheSumOfItsCosts_data()
    {
        QTest::addColumn<int>("ops");
        for (int ops : { 1, 2, 3, 1000, 20000, 100000 })
            QTest::newRow(qPrintable(QString::number(ops) + " ops")) << ops;
    }
    void oneConfigurationChainIsTheSumOfItsCosts()
    {
        QFETCH(int, ops);
        const CostGraph g = chain(ops, 1);
        double time = 0.0, memory = 0.0;
        for (const auto& n : g.nodes) {
            time += n.configs[0].time;
            memory += n.configs[0].memory;
        }
        for (const auto& e : g.edges) {
            time += e.time[0];
            memory += e.memory[0];
        }
        const FrontierResult r = run(g);
        compareWith(r, { { time, memory } });
        QCOMPARE(r.points[0].assignment.size(), std::size_t(ops));
        QCOMPARE(r.stats.maxFrontierOps, ops > 1 ? 1 : 0);
    }

    void fansFinishAndEqualTheirOracle_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("hubConfigs");
        QTest::addColumn<bool>("in");
        for (int width : { 1, 10, 300, 3000 })
            for (int configs : { 1, 4, 16 })
                for (bool in : { false, true })
                    QTest::newRow(qPrintable(
                        QString("%1 wide, hub of %2, %3").arg(width).arg(configs).arg(in ? "fan-in" : "fan-out")))
                        << width << configs << in;
    }
    void fansFinishAndEqualTheirOracle()
    {
        // With one configuration per leaf, the hub's configuration decides everything: the
        // frontier is the Pareto set of one total per hub configuration.
        QFETCH(int, width);
        QFETCH(int, hubConfigs);
        QFETCH(bool, in);
        const CostGraph g = fan(width, hubConfigs, in);
        std::vector<Point> totals;
        for (int h = 0; h < hubConfigs; ++h) {
            double t = g.nodes[0].configs[static_cast<std::size_t>(h)].time;
            double m = g.nodes[0].configs[static_cast<std::size_t>(h)].memory;
            for (std::size_t i = 1; i < g.nodes.size(); ++i) {
                t += g.nodes[i].configs[0].time;
                m += g.nodes[i].configs[0].memory;
            }
            for (const auto& e : g.edges) {
                t += e.time[static_cast<std::size_t>(h)];
                m += e.memory[static_cast<std::size_t>(h)];
            }
            totals.emplace_back(t, m);
        }
        compareWith(run(g), pareto(totals));
    }

    void longNarrowGraphsFinish_data()
    {
        QTest::addColumn<int>("ops");
        QTest::addColumn<int>("configs");
        for (int ops : { 2000, 20000 })
            for (int configs : { 2, 3 })
                QTest::newRow(qPrintable(QString("%1 ops x %2").arg(ops).arg(configs))) << ops << configs;
    }
    void longNarrowGraphsFinish()
    {
        // A chain whose edges, not its ops, tell the configurations apart: the exact frontier is one
        // point (every op's configuration 0 costs nothing; any other costs more on both axes).
        QFETCH(int, ops);
        QFETCH(int, configs);
        CostGraph g;
        for (int i = 0; i < ops; ++i) {
            CostGraph::Node n{ "op" + std::to_string(i), {} };
            for (int c = 0; c < configs; ++c)
                n.configs.push_back({ "c" + std::to_string(c), double(c), double(c) });
            g.nodes.push_back(std::move(n));
        }
        for (int i = 0; i + 1 < ops; ++i) {
            auto e = edgeBetween(g, i, i + 1, 9);
            e.time[0] = e.memory[0] = 0.0;
            g.edges.push_back(std::move(e));
            if (i + 2 < ops && i % 3 == 0) // skip connections keep two ops live now and then
                g.edges.push_back({ i, i + 2, std::vector<double>(std::size_t(configs * configs), 1.0),
                    std::vector<double>(std::size_t(configs * configs), 1.0) });
        }
        double base = 0.0;
        for (const auto& e : g.edges)
            base += e.time[0];
        const FrontierResult r = run(g);
        compareWith(r, { { base, base } });
        QVERIFY(
            std::all_of(r.points[0].assignment.begin(), r.points[0].assignment.end(), [](int c) { return c == 0; }));
        QVERIFY(r.stats.maxFrontierOps <= 2);
    }

    void searchesThatCannotFitAreRefusedBeforeTheWork_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("configs");
        for (int size : { 12, 24, 40 })
            for (int configs : { 8, 16 }) {
                QTest::newRow(qPrintable(QString("bipartite %1 x %2").arg(size).arg(configs)))
                    << "bipartite" << size << configs;
                QTest::newRow(qPrintable(QString("dense %1 x %2").arg(size).arg(configs)))
                    << "dense" << size << configs;
                QTest::newRow(qPrintable(QString("grid %1 wide x %2").arg(size).arg(configs)))
                    << "grid" << size << configs;
            }
        // Two ops of many configurations live at once: few states per op, too many pairs per step.
        for (int ops : { 4, 8 })
            for (int configs : { 600, 900 })
                QTest::newRow(qPrintable(QString("skip chain %1 x %2").arg(ops).arg(configs)))
                    << "skip" << ops << configs;
    }
    void searchesThatCannotFitAreRefusedBeforeTheWork()
    {
        QFETCH(QString, shape);
        QFETCH(int, size);
        QFETCH(int, configs);
        CostGraph g;
        const int ops = shape == "grid" ? size * 8 : shape == "bipartite" ? 2 * size : size;
        for (int i = 0; i < ops; ++i)
            g.nodes.push_back(nodeWith(i, configs));
        auto connect = [&](int a, int b) { g.edges.push_back(edgeBetween(g, a, b, 13)); };
        if (shape == "bipartite")
            for (int a = 0; a < size; ++a)
                for (int b = size; b < 2 * size; ++b)
                    connect(a, b);
        else if (shape == "dense")
            for (int a = 0; a < size; ++a)
                for (int b = a + 1; b < size; ++b)
                    connect(a, b);
        else if (shape == "grid") // `size` rows of 8 columns: every order keeps a row live
            for (int r = 0; r < size; ++r)
                for (int c = 0; c < 8; ++c) {
                    if (r + 1 < size)
                        connect(r * 8 + c, (r + 1) * 8 + c);
                    if (c + 1 < 8)
                        connect(r * 8 + c, r * 8 + c + 1);
                }
        else // a chain with an edge over every op
            for (int i = 0; i + 1 < ops; ++i) {
                connect(i, i + 1);
                if (i + 2 < ops)
                    connect(i, i + 2);
            }
        bool swept = false;
        CallbackProgress progress(
            [&](double f, std::string_view phase) { swept = swept || (phase == "frontier search" && f > 0.0); });
        try {
            searchFrontier(g, {}, progress, CancelToken());
            QFAIL("an unbounded search was accepted");
        } catch (const Error& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(e.kind() == Error::Kind::InvalidInput, qPrintable(what));
            QVERIFY2(what.contains("--devices") && what.contains("coarser graph"), qPrintable(what));
        }
        QVERIFY2(!swept, "the refusal came after the sweep had started");
    }

    void cancellationReachesThePlanner_data()
    {
        QTest::addColumn<int>("ops");
        QTest::addColumn<bool>("fanShape");
        QTest::newRow("chain") << 200000 << false;
        QTest::newRow("fan") << 200000 << true;
    }
    void cancellationReachesThePlanner()
    {
        // Cancelled as planning starts: the planner stops at its next check, before any step.
        QFETCH(int, ops);
        QFETCH(bool, fanShape);
        const CostGraph g = fanShape ? fan(ops, 4, false) : chain(ops, 1);
        CancelToken cancel;
        bool swept = false;
        CallbackProgress progress([&](double f, std::string_view phase) {
            if (phase == "planning the search")
                cancel.cancel();
            swept = swept || (phase == "frontier search" && f > 0.0);
        });
        QVERIFY_THROWS_EXCEPTION(Cancelled, searchFrontier(g, {}, progress, cancel));
        QVERIFY(!swept);
        QVERIFY_THROWS_EXCEPTION(Cancelled,
            ft::detail::planElimination(g, ft::detail::EliminationOrder::Greedy, ft::detail::PlanLimits{}, cancel));
    }

    void greedyOrdersAreOrdersOfEveryOp_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 0; seed < 20; ++seed)
            QTest::newRow(qPrintable("seed " + QString::number(seed))) << seed;
    }
    void greedyOrdersAreOrdersOfEveryOp()
    {
        // Random graphs with several components, cycles and parallel edges: the plan visits every op
        // once, its frontiers hold exactly the processed ops with edges still pending, and the
        // search equals the search in the given order.
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed));
        const int ops = std::uniform_int_distribution<int>(2, 14)(rng);
        CostGraph g;
        for (int i = 0; i < ops; ++i)
            g.nodes.push_back(nodeWith(i + 100 * seed, std::uniform_int_distribution<int>(1, 3)(rng)));
        std::uniform_int_distribution<int> pick(0, ops - 1);
        for (int k = std::uniform_int_distribution<int>(0, 2 * ops)(rng); k > 0; --k) {
            const int a = pick(rng), b = pick(rng);
            if (a != b)
                g.edges.push_back(edgeBetween(g, a, b, static_cast<std::uint64_t>(k)));
        }
        const auto plan = ft::detail::planElimination(g, ft::detail::EliminationOrder::Greedy, {}, CancelToken());
        std::vector<int> sorted = plan.order;
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < ops; ++i)
            QCOMPARE(sorted[static_cast<std::size_t>(i)], i);
        std::vector<char> done(static_cast<std::size_t>(ops), 0);
        for (const auto& st : plan.steps) {
            done[static_cast<std::size_t>(st.op)] = 1;
            std::vector<int> live;
            for (int u = 0; u < ops; ++u)
                if (done[static_cast<std::size_t>(u)]
                    && std::any_of(g.edges.begin(), g.edges.end(), [&](const CostGraph::Edge& e) {
                           return (e.from == u && !done[static_cast<std::size_t>(e.to)])
                               || (e.to == u && !done[static_cast<std::size_t>(e.from)]);
                       }))
                    live.push_back(u);
            std::vector<int> frontier = st.frontier;
            std::sort(frontier.begin(), frontier.end());
            QCOMPARE(frontier, live);
        }
        const FrontierResult greedy = run(g), given = run(g, { .order = SearchOrder::Given });
        QCOMPARE(greedy.points.size(), given.points.size());
        for (std::size_t i = 0; i < greedy.points.size(); ++i) {
            QCOMPARE(greedy.points[i].time, given.points[i].time);
            QCOMPARE(greedy.points[i].memory, given.points[i].memory);
            const auto [t, m] = g.evaluate(greedy.points[i].assignment);
            QCOMPARE(t, greedy.points[i].time);
            QCOMPARE(m, greedy.points[i].memory);
        }
    }
};

QTEST_GUILESS_MAIN(TestSearchBounds)
#include "tst_search_bounds.moc"
