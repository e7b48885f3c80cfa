// core/ft/explicit_costs: the explicit-cost format is read as documented, bad files are refused
// with the file, the line and the field, and a small graph's frontier is the hand-computed one.

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"
#include "ft/explicit_costs.h"

#include <QTest>

using namespace vantage;
using namespace vantage::ft;

namespace {

// Two ops; all four assignments by hand:
//   (x, p): 1 + 1 + 0 = 2, 4 + 2 = 6      (x, q): 1 + 2 + 5 = 8, 4 + 0 = 4
//   (y, p): 3 + 1 + 5 = 9, 1 + 2 + 1 = 4  (y, q): 3 + 2 + 0 = 5, 1 + 0 = 1
// Pareto: (2, 6) and (5, 1).
const char* kTwoOps = R"({
  "ops": [
    {"name": "a", "configs": [{"name": "x", "time": 1, "memory": 4},
                              {"name": "y", "time": 3, "memory": 1}]},
    {"name": "b", "configs": [{"name": "p", "time": 1, "memory": 2},
                              {"name": "q", "time": 2, "memory": 0}]}
  ],
  "edges": [
    {"from": "a", "to": "b", "time": [[0, 5], [5, 0]], "memory": [[0, 0], [1, 0]]}
  ]
})";

} // namespace

class TestExplicitCosts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsTheFormat()
    {
        const CostGraph g = explicitCostsFromText(kTwoOps, "two.json");
        QCOMPARE(g.nodes.size(), std::size_t(2));
        QCOMPARE(g.nodes[1].configs[1].name, std::string("q"));
        QCOMPARE(g.edges.size(), std::size_t(1));
        QCOMPARE(g.edges[0].time, (std::vector<double>{ 0, 5, 5, 0 }));
        QCOMPARE(g.edges[0].memory, (std::vector<double>{ 0, 0, 1, 0 }));
        QCOMPARE(g.evaluate({ 1, 0 }), (std::pair<double, double>{ 9.0, 4.0 }));
    }

    void handComputedFrontier()
    {
        const CostGraph g = explicitCostsFromText(kTwoOps, "two.json");
        NullProgress progress;
        const auto r = searchFrontier(g, {}, progress, CancelToken());
        QCOMPARE(r.points.size(), std::size_t(2));
        QCOMPARE(r.points[0].time, 2.0);
        QCOMPARE(r.points[0].memory, 6.0);
        QCOMPARE(r.points[0].assignment, (std::vector<int>{ 0, 0 }));
        QCOMPARE(r.points[1].time, 5.0);
        QCOMPARE(r.points[1].memory, 1.0);
        QCOMPARE(r.points[1].assignment, (std::vector<int>{ 1, 1 }));
        const Json j = frontierToJson(g, r);
        QCOMPARE(j["points"].size(), std::size_t(2));
        QCOMPARE(j["points"][1]["assignment"]["a"].get<std::string>(), std::string("y"));
        QCOMPARE(j["points"][1]["assignment"]["b"].get<std::string>(), std::string("q"));
        QCOMPARE(j["points"][0]["time"].get<double>(), 2.0);
    }

    void missingMatricesAreZero()
    {
        const CostGraph g = explicitCostsFromText(
            R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]},
                        {"name": "b", "configs": [{"name": "y", "time": 1, "memory": 1}]}],
                "edges": [{"from": "a", "to": "b", "time": [[2]]}]})",
            "m.json");
        QCOMPARE(g.evaluate({ 0, 0 }), (std::pair<double, double>{ 4.0, 2.0 }));
    }

    void roundTrip()
    {
        const CostGraph g = explicitCostsFromText(kTwoOps, "two.json");
        const CostGraph h = explicitCostsFromJson(toJson(g), "again");
        QCOMPARE(h.nodes.size(), g.nodes.size());
        QCOMPARE(h.edges[0].time, g.edges[0].time);
        QCOMPARE(h.edges[0].memory, g.edges[0].memory);
        QCOMPARE(h.nodes[0].configs[1].time, 3.0);
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        const QString ops = R"("ops": [
  {"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}, {"name": "y", "time": 2, "memory": 0}]},
  {"name": "b", "configs": [{"name": "p", "time": 1, "memory": 1}]},
  {"name": "c", "configs": [{"name": "q", "time": 1, "memory": 1}]}
])";
        auto file = [&](const QString& edges) { return "{" + ops + ",\n\"edges\": [\n" + edges + "\n]}"; };
        QTest::newRow("unknown op in an edge") << file(R"({"from": "a", "to": "b", "time": [[0], [0]]},
{"from": "a", "to": "zz", "time": [[0], [0]]})")
                                               << "unknown op 'zz' in edge 1" << 8;
        QTest::newRow("too few rows") << file(R"({"from": "a", "to": "b", "time": [[0]]})")
                                      << "wrong shape: 1 rows, expected 2x1" << 7;
        QTest::newRow("row too long") << file(R"({"from": "a", "to": "b",
  "memory": [[0],
             [0, 1]]})") << "row 1 has 2 entries, expected 2x1"
                                      << 9;
        QTest::newRow("negative edge cost")
            << file(R"({"from": "a", "to": "b", "time": [[0], [-1]]})") << "negative cost -1" << 7;
        QTest::newRow("cycle") << file(R"({"from": "a", "to": "b"},
{"from": "b", "to": "c"},
{"from": "c", "to": "a"})") << "cycle: a -> b -> c -> a"
                               << 9;
        QTest::newRow("self edge") << file(R"({"from": "b", "to": "b"})") << "to itself" << 7;
        QTest::newRow("negative op cost") << R"({"ops": [{"name": "a",
  "configs": [{"name": "x", "time": -2, "memory": 1}]}]})"
                                          << "negative value -2" << 2;
        QTest::newRow("duplicate op") << R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]},
{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]}]})"
                                      << "duplicate op name 'a'" << 2;
        QTest::newRow("duplicate configuration")
            << R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1},
{"name": "x", "time": 1, "memory": 1}]}]})"
            << "duplicate configuration name 'x'" << 2;
        QTest::newRow("no configurations") << R"({"ops": [{"name": "a", "configs": []}]})"
                                           << "no configurations" << 1;
        QTest::newRow("no ops") << R"({"ops": []})"
                                << "there are no ops" << 1;
        QTest::newRow("missing memory") << R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1}]}]})"
                                        << "missing field 'memory'" << 1;
        QTest::newRow("string cost") << R"({"ops": [{"name": "a", "configs": [
{"name": "x", "time": "1", "memory": 1}]}]})"
                                     << "expected a number" << 2;
        QTest::newRow("unknown field") << R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}],
 "colour": "red"}]})"
                                       << "unknown field 'colour'" << 2;
        QTest::newRow("syntax") << "{\"ops\": [\n{\"name\": \"a\",, }]}"
                                << "invalid JSON" << 2;
    }
    void refusesBadFiles()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        try {
            explicitCostsFromText(text.toStdString(), "bad.json");
            QFAIL("accepted a bad file");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.contains(message), qPrintable(what));
            QVERIFY2(what.startsWith(QStringLiteral("bad.json:%1:").arg(line)), qPrintable(what));
        }
    }

    void fieldNamesInErrors()
    {
        try {
            explicitCostsFromText(R"({"ops": [{"name": "a", "configs": [{"name": "x", "time": 1, "memory": 1}]},
{"name": "b", "configs": [{"name": "y", "time": 1, "memory": -3}]}]})",
                "f.json");
            QFAIL("accepted a negative memory");
        } catch (const Error& e) {
            QCOMPARE(*e.field(), std::string("ops[1].configs[0].memory"));
            QCOMPARE(*e.line(), std::int64_t(2));
        }
    }
};

QTEST_GUILESS_MAIN(TestExplicitCosts)
#include "tst_explicit_costs.moc"
