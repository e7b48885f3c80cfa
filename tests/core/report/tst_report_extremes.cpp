// core/report with what a shared session may hold (issue 31): series of +-1e308, only inf, NaN,
// denormals; axes over such data (a bounded handful of ticks, finite coordinates); damaged rows in
// the report; and a session of many runs, whose report lists and details a bounded number of them
// and says so.

#include "report/html_report.h"
#include "report/svg_chart.h"
#include "report_fixture.h"
#include "store/session.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>
#include <limits>

using namespace vantage;
using namespace report_fixture;
namespace fs = std::filesystem;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kDenorm = std::numeric_limits<double>::denorm_min();

// Every number in an SVG's coordinates and sizes, which must all be finite and of page size.
std::vector<double> svgNumbers(const std::string& svg)
{
    std::vector<double> out;
    // Plain string literals: moc does not read raw strings that hold parentheses.
    static const QRegularExpression attr(
        QStringLiteral("\\b(?:x|y|x1|x2|y1|y2|cx|cy|r|width|height|points|d)=\"([^\"]*)\""));
    static const QRegularExpression number(QStringLiteral("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?|nan|inf"),
        QRegularExpression::CaseInsensitiveOption);
    auto it = attr.globalMatch(QString::fromStdString(svg));
    while (it.hasNext()) {
        const QString value = it.next().captured(1);
        auto n = number.globalMatch(value);
        while (n.hasNext()) {
            const QString text = n.next().captured(0);
            out.push_back(text.compare(QStringLiteral("nan"), Qt::CaseInsensitive) == 0 ? kNaN
                    : text.compare(QStringLiteral("inf"), Qt::CaseInsensitive) == 0     ? kInf
                                                                                        : text.toDouble());
        }
    }
    return out;
}

double dataValue(const Node* n)
{
    bool ok = false;
    const double v = n ? n->attr("data-value").toDouble(&ok) : 0.0;
    return ok ? v : std::nan("");
}

std::vector<const Node*> cells(const Node& row)
{
    std::vector<const Node*> out;
    for (const auto& c : row.children)
        if (c->name == QLatin1String("td") || c->name == QLatin1String("th"))
            out.push_back(c.get());
    return out;
}

// The values a hostile series may hold, by name.
std::vector<std::pair<const char*, QList<double>>> extremeSeries()
{
    return {
        { "+-1e308", { -1e308, 1e308, -1e308, 1e308 } },
        { "largest doubles", { -kMax, kMax } },
        { "only +inf", { kInf, kInf, kInf } },
        { "only -inf", { -kInf } },
        { "only NaN", { kNaN, kNaN } },
        { "inf and NaN", { kInf, kNaN, -kInf } },
        { "denormals", { kDenorm, 2 * kDenorm, kDenorm } },
        { "one denormal", { kDenorm } },
        { "zero and a denormal", { 0.0, kDenorm } },
        { "1e308 and a denormal", { 1e308, kDenorm } },
        { "near overflow, flat", { kMax, kMax, kMax } },
        { "tiny spread at 1e300", { 1e300, 1e300 * (1 + 1e-15) } },
        { "mixed", { 1.0, kNaN, 1e308, -kInf, kDenorm, -1e-300 } },
    };
}

} // namespace

class TestReportExtremes : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path path(const std::string& name) const { return fs::path(m_dir.path().toStdString()) / name; }

private Q_SLOTS:
    void ticksAreFewAndFiniteForAnyRange_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("target");
        const double ends[] = { -kInf, -kMax, -1e308, -1e300, -1.0, -kDenorm, 0.0, kDenorm, 1e-300, 1e-12, 1.0, 1e12,
            1e300, 1e308, kMax, kInf, kNaN };
        for (double lo : ends)
            for (double hi : ends)
                for (int target : { 2, 6, 1000000 })
                    QTest::newRow(qPrintable(QStringLiteral("%1..%2 /%3").arg(lo).arg(hi).arg(target)))
                        << lo << hi << target;
    }
    void ticksAreFewAndFiniteForAnyRange()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, target);
        const report::Ticks t = report::niceTicks(lo, hi, target);
        QVERIFY(std::isfinite(t.lo) && std::isfinite(t.hi) && std::isfinite(t.step));
        QVERIFY(t.step > 0 && t.lo < t.hi);
        QVERIFY2(t.values.size() >= 2 && t.values.size() <= 201, qPrintable(QString::number(t.values.size())));
        for (std::size_t i = 0; i < t.values.size(); ++i) {
            QVERIFY(std::isfinite(t.values[i]));
            QVERIFY(t.values[i] >= t.lo - t.step * 1e-6 && t.values[i] <= t.hi + t.step * 1e-6);
            if (i > 0)
                QVERIFY(t.values[i] > t.values[i - 1]);
        }
        // Finite data is covered by the axis (to a millionth of a step).
        if (std::isfinite(lo) && std::isfinite(hi)) {
            QVERIFY(t.lo <= std::min(lo, hi) + t.step * 1e-6);
            QVERIFY(t.hi >= std::max(lo, hi) - t.step * 1e-6);
        }
        QVERIFY(!report::formatTick(t.values.front(), t.step).empty());
    }

    void chartsOfExtremeSeriesStayDrawable_data()
    {
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<bool>("markers");
        for (const auto& [name, values] : extremeSeries())
            for (bool markers : { false, true })
                QTest::newRow(qPrintable(QString("%1%2").arg(name, markers ? ", markers" : ""))) << values << markers;
    }
    void chartsOfExtremeSeriesStayDrawable()
    {
        QFETCH(QList<double>, values);
        QFETCH(bool, markers);
        report::Chart chart;
        chart.title = "extreme";
        chart.xLabel = "step";
        chart.yLabel = "value";
        report::ChartSeries s{ .name = "s", .markers = markers };
        for (std::size_t i = 0; i < static_cast<std::size_t>(values.size()); ++i)
            s.points.push_back({ static_cast<double>(i), values[static_cast<qsizetype>(i)] });
        report::ChartSeries steps{ .name = "x too", .step = true };
        for (std::size_t i = 0; i < static_cast<std::size_t>(values.size()); ++i)
            steps.points.push_back({ values[static_cast<qsizetype>(i)], static_cast<double>(i) });
        chart.series = { s, steps };
        chart.references.push_back({ true, values.front(), "reference" });
        const std::string svg = report::renderSvg(chart);
        QVERIFY(svg.size() < 200000);
        const auto numbers = svgNumbers(svg);
        QVERIFY(!numbers.empty());
        for (double v : numbers)
            QVERIFY2(std::isfinite(v) && std::abs(v) < 1e5, qPrintable(QString::number(v)));
    }

    // A session whose one run holds every extreme series: the HTML report is written, well-formed,
    // with finite chart coordinates, and the statistics table names what it can.
    void reportOfExtremeSeries()
    {
        const fs::path file = path("extreme.vantage");
        {
            auto s = store::Session::create(file);
            const auto id = s.beginRun({ store::Engine::Edl, store::RunKind::Train, "extreme", Json::object() });
            for (const auto& [name, values] : extremeSeries()) {
                std::vector<store::SeriesPoint> pts;
                for (qsizetype i = 0; i < values.size(); ++i)
                    pts.push_back({ static_cast<double>(i), values[i] });
                s.appendSeries(id, name, pts);
            }
            s.finishRun(id, store::RunStatus::Done, Json{ { "loss", 1e308 } }, "done");
        }
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        report::writeHtml(s, {}, path("extreme.html"));
        const QByteArray html = readAll(path("extreme.html"));
        QString error;
        auto doc = parseHtml(html, &error);
        QVERIFY2(doc, qPrintable(error));
        for (double v : svgNumbers(html.toStdString()))
            QVERIFY2(std::isfinite(v) && std::abs(v) < 1e5, qPrintable(QString::number(v)));
        const auto rows = doc->all([](const Node& n) { return n.hasAttr("data-series"); });
        QCOMPARE(rows.size(), extremeSeries().size());
        // The mean of +-1e308 is 0, not an overflow.
        for (const Node* row : rows)
            if (row->attr("data-series") == QLatin1String("+-1e308"))
                QCOMPARE(dataValue(cells(*row)[5]), 0.0); // Series, Points, Last, Lowest, Highest, Mean
    }

    // Runs whose rows another program wrote are reported as what they are: listed with their
    // damage, the others as usual.
    void reportOfDamagedRows()
    {
        const fs::path file = path("damaged.vantage");
        makeSession(file);
        sqlite3* db = nullptr;
        sqlite3_open(file.c_str(), &db);
        QCOMPARE(sqlite3_exec(db,
                     "PRAGMA ignore_check_constraints = ON; UPDATE runs SET status = 'exploded', params = '{x' "
                     "WHERE id = (SELECT min(id) FROM runs); UPDATE series_points SET value = 1e999;",
                     nullptr, nullptr, nullptr),
            SQLITE_OK);
        sqlite3_close(db);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        const std::string html = report::renderHtml(s);
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(html), &error);
        QVERIFY2(doc, qPrintable(error));
        QVERIFY(html.find("is not a run status") != std::string::npos);
        QCOMPARE(
            doc->all([](const Node& n) { return n.hasAttr("data-run") && n.name == "div"; }).size(), s.runs().size());
    }

    // Many runs: the contents list maxListedRuns, maxDetailedRuns get a section, and notes say how
    // many more there are; the sizes do not grow with the session.
    void manyRunsAreCapped_data()
    {
        QTest::addColumn<int>("runs");
        QTest::addColumn<int>("listed");
        QTest::addColumn<int>("detailed");
        QTest::newRow("under both") << 5 << 10 << 8;
        QTest::newRow("equal to the caps") << 8 << 8 << 8;
        QTest::newRow("over detail") << 30 << 40 << 7;
        QTest::newRow("over both") << 300 << 50 << 10;
        QTest::newRow("detail 0") << 20 << 5 << 0;
    }
    void manyRunsAreCapped()
    {
        QFETCH(int, runs);
        QFETCH(int, listed);
        QFETCH(int, detailed);
        const fs::path file = path("many-" + std::to_string(runs) + "-" + std::to_string(listed) + "-"
            + std::to_string(detailed) + ".vantage");
        {
            auto s = store::Session::create(file);
            for (int i = 0; i < runs; ++i) {
                const auto id = s.beginRun({ store::Engine::Ft, store::RunKind::Search, "r", Json{ { "i", i } } });
                const std::vector<store::SeriesPoint> pts = { { 0, 1.0 * i }, { 1, 2.0 } };
                s.appendSeries(id, "loss", pts);
                s.finishRun(id, store::RunStatus::Done, Json{ { "i", i } }, "ok");
            }
        }
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        report::ReportOptions options;
        options.maxListedRuns = static_cast<std::size_t>(listed);
        options.maxDetailedRuns = static_cast<std::size_t>(detailed);
        for (bool explicitRuns : { false, true }) {
            options.runs.clear();
            if (explicitRuns)
                for (const auto& r : s.runs())
                    options.runs.push_back(r.id);
            report::writeHtml(s, options, path("many.html"));
            QString error;
            auto doc = parseHtml(readAll(path("many.html")), &error);
            QVERIFY2(doc, qPrintable(error));
            const int expectListed = std::min(runs, listed);
            const int expectDetailed = std::min(expectListed, detailed);
            QCOMPARE(static_cast<int>(
                         doc->all([](const Node& n) { return n.name == "tr" && n.hasAttr("data-run"); }).size()),
                expectListed);
            QCOMPARE(static_cast<int>(
                         doc->all([](const Node& n) { return n.name == "div" && n.hasAttr("data-run"); }).size()),
                expectDetailed);
            auto note = [&](const char* cls) -> int {
                const auto found = doc->all([&](const Node& n) { return n.attr("class").contains(cls); });
                return found.empty() ? 0 : found.front()->attr("data-count").toInt();
            };
            QCOMPARE(note("runs-not-listed"), runs - expectListed);
            QCOMPARE(note("runs-not-detailed"), runs - expectDetailed);
        }
    }
};

QTEST_GUILESS_MAIN(TestReportExtremes)
#include "tst_report_extremes.moc"
