// core/report: the HTML report and the CSV export of a session with one run of every engine shape.
// The HTML is parsed as XML and every parameter, key number, frontier point, metric, series and
// artifact is checked against the session store; the CSV files are parsed and checked the same way.
// Also: the chart writer (ticks, thinning, escaping), the text helpers, a large session's export
// time, and errors for bad input.

#include "common/error.h"
#include "common/units.h"
#include "common/version.h"
#include "report/csv_export.h"
#include "report/html_report.h"
#include "report/svg_chart.h"
#include "report/text.h"
#include "report_fixture.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <numbers>
#include <set>

using namespace vantage;
using namespace report_fixture;
namespace fs = std::filesystem;

namespace {

// Scalar leaves and arrays of scalars, as "a.b" paths, outside arrays of objects (those are
// shown as engine views or summarised). An independent walk, not the report's flattening.
void leaves(const Json& j, const std::string& path, const std::set<std::string>& skip,
    std::vector<std::pair<std::string, Json>>& out)
{
    if (path.empty() && j.is_null())
        return; // no result (a failed run)
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (path.empty() && skip.count(it.key()))
                continue;
            leaves(it.value(), path.empty() ? it.key() : path + "." + it.key(), skip, out);
        }
        return;
    }
    if (j.is_array()) {
        if (std::all_of(j.begin(), j.end(), [](const Json& e) { return !e.is_structured(); }))
            out.emplace_back(path, j);
        return;
    }
    out.emplace_back(path, j);
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

const Node* byAttr(const Node& scope, const char* element, const char* key, const QString& value)
{
    return scope.first([&](const Node& n) { return n.name == QLatin1String(element) && n.attr(key) == value; });
}

std::vector<const Node*> elements(const Node& scope, const char* element)
{
    return scope.all([&](const Node& n) { return n.name == QLatin1String(element); });
}

double dataValue(const Node* n)
{
    bool ok = false;
    const double v = n ? n->attr("data-value").toDouble(&ok) : 0.0;
    return ok ? v : std::nan("");
}

// Cells of a row: td and th elements, in order.
std::vector<const Node*> cells(const Node& row)
{
    std::vector<const Node*> out;
    for (const auto& c : row.children)
        if (c->name == QLatin1String("td") || c->name == QLatin1String("th"))
            out.push_back(c.get());
    return out;
}

std::vector<std::pair<double, double>> polylinePoints(const Node& polyline)
{
    std::vector<std::pair<double, double>> pts;
    for (const QString& pair : polyline.attr("points").split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const auto xy = pair.split(QLatin1Char(','));
        pts.emplace_back(xy.value(0).toDouble(), xy.value(1).toDouble());
    }
    return pts;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path path(const char* name) const { return fs::path(m_dir.path().toStdString()) / name; }

private Q_SLOTS:
    // --- text helpers --------------------------------------------------------------------------
    void formatNumber_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << "0";
        QTest::newRow("negative zero") << -0.0 << "0";
        QTest::newRow("integer") << 42.0 << "42";
        QTest::newRow("large integer") << 2.5e9 << "2500000000";
        QTest::newRow("4 significant") << 0.082341 << "0.08234";
        QTest::newRow("rounds") << 12.3456 << "12.35";
        QTest::newRow("no trailing zeros") << 0.1 << "0.1";
        QTest::newRow("negative") << -0.5 << "-0.5";
        QTest::newRow("hundreds") << 1234.56 << "1235";
        QTest::newRow("million") << 1234567.8 << "1.235e6";
        QTest::newRow("tiny") << 1.5e-5 << "1.5e-5";
        QTest::newRow("huge") << 2.5e15 << "2.5e15";
        QTest::newRow("nan") << std::nan("") << "NaN";
    }
    void formatNumber()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(q(report::formatNumber(value)), text);
    }

    void exactNumberRoundTrips()
    {
        for (double v : { 0.1, 1.0 / 3.0, 6.02214076e23, -2.5e-300, 123456789.123456789, 5e-324 }) {
            const std::string s = report::exactNumber(v);
            double back = 0.0;
            const auto r = std::from_chars(s.data(), s.data() + s.size(), back);
            QVERIFY(r.ec == std::errc() && r.ptr == s.data() + s.size());
            QCOMPARE(back, v);
        }
        QCOMPARE(q(report::exactNumber(0.1)), QStringLiteral("0.1"));
    }

    void escape_data()
    {
        QTest::addColumn<QByteArray>("in");
        QTest::addColumn<QByteArray>("out");
        QTest::newRow("markup") << QByteArray("a<b>&\"'") << QByteArray("a&lt;b&gt;&amp;&quot;&#39;");
        QTest::newRow("utf-8 kept") << QByteArray("µs → 2×") << QByteArray("µs → 2×");
        QTest::newRow("invalid utf-8") << QByteArray("a\xff"
                                                     "b")
                                       << QByteArray("a\xEF\xBF\xBD"
                                                     "b");
        QTest::newRow("truncated sequence") << QByteArray("x\xE2\x82") << QByteArray("x\xEF\xBF\xBD\xEF\xBF\xBD");
        QTest::newRow("control dropped") << QByteArray("a\x01\x7f"
                                                       "b\tc\n")
                                         << QByteArray("ab\tc\n");
        QTest::newRow("overlong") << QByteArray("\xC0\xAF") << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD");
    }
    void escape()
    {
        QFETCH(QByteArray, in);
        QFETCH(QByteArray, out);
        QCOMPARE(QByteArray::fromStdString(report::escapeHtml(in.toStdString())), out);
    }

    void csvAndBase64()
    {
        QCOMPARE(q(report::csvField("plain")), QStringLiteral("plain"));
        QCOMPARE(q(report::csvField("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(q(report::csvField("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
        QCOMPARE(q(report::csvField("two\nlines")), QStringLiteral("\"two\nlines\""));
        // RFC 4648, section 10.
        const std::vector<std::pair<std::string, std::string>> vectors
            = { { "", "" }, { "f", "Zg==" }, { "fo", "Zm8=" }, { "foo", "Zm9v" }, { "foob", "Zm9vYg==" },
                  { "fooba", "Zm9vYmE=" }, { "foobar", "Zm9vYmFy" } };
        for (const auto& [in, out] : vectors)
            QCOMPARE(q(report::base64(in)), q(out));
        const std::string binary("\x00\xff\x10\x80", 4);
        QCOMPARE(QByteArray::fromBase64(QByteArray::fromStdString(report::base64(binary))),
            QByteArray::fromStdString(binary));
    }

    // --- chart writer --------------------------------------------------------------------------
    void niceTicks_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("tickLo");
        QTest::addColumn<double>("tickHi");
        QTest::addColumn<double>("step");
        // Heckbert by hand: range = nice(hi - lo), step = nice(range / 5, rounded).
        QTest::newRow("unit") << 0.0 << 1.0 << 0.0 << 1.0 << 0.2;
        QTest::newRow("to ten") << 0.13 << 9.7 << 0.0 << 10.0 << 2.0;
        QTest::newRow("negative") << -3.2 << 47.0 << -20.0 << 60.0 << 20.0;
        QTest::newRow("bytes") << 1e9 << 3.4e10 << 0.0 << 4e10 << 1e10;
        QTest::newRow("reversed") << 1.0 << 0.0 << 0.0 << 1.0 << 0.2;
        QTest::newRow("flat") << 5.0 << 5.0 << 4.4 << 5.6 << 0.2;
    }
    void niceTicks()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, tickLo);
        QFETCH(double, tickHi);
        QFETCH(double, step);
        const auto t = report::niceTicks(lo, hi, 6);
        QVERIFY(std::abs(t.lo - tickLo) < 1e-9 * std::max(1.0, std::abs(tickLo)));
        QVERIFY(std::abs(t.hi - tickHi) < 1e-9 * std::max(1.0, std::abs(tickHi)));
        QVERIFY(std::abs(t.step - step) < 1e-9 * step);
        QCOMPARE(t.values.size(), static_cast<std::size_t>(std::llround((tickHi - tickLo) / step)) + 1);
    }
    void niceTicksProperties()
    {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> exponent(-6, 9), u(0, 1);
        for (int i = 0; i < 2000; ++i) {
            const double scale = std::pow(10.0, exponent(rng));
            const double a = (u(rng) - 0.3) * scale, b = a + u(rng) * scale + 1e-9 * scale;
            const auto t = report::niceTicks(a, b, 6);
            QVERIFY(t.lo <= a + 1e-12 * scale && t.hi >= b - 1e-12 * scale);
            const double mantissa = t.step / std::pow(10.0, std::floor(std::log10(t.step)));
            QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 5) < 1e-9,
                qPrintable(QString::number(t.step)));
            QVERIFY(t.values.size() >= 3 && t.values.size() <= 12);
        }
        QCOMPARE(q(report::formatTick(0.25, 0.05)), QStringLiteral("0.25"));
        QCOMPARE(q(report::formatTick(1500, 500)), QStringLiteral("1500"));
        QCOMPARE(q(report::formatTick(-1e-17, 0.2)), QStringLiteral("0.0"));
    }

    void chartStructure()
    {
        report::Chart c;
        c.title = "Loss <&> \"quoted\"";
        c.xLabel = "step";
        c.yLabel = "loss";
        report::ChartSeries a{ .name = "train", .points = { { 0, 1 }, { 1, 0.5 }, { 2, 0.25 } }, .markers = true };
        report::ChartSeries b{
            .name = "valid", .points = { { 0, 1.2 }, { 1, std::nan("") }, { 2, 0.4 }, { 3, 0.3 } }, .dashed = true
        };
        c.series = { a, b };
        c.references = { { true, 0.75, "target" } };
        const std::string svg = report::renderSvg(c);
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(svg), &error);
        QVERIFY2(doc, qPrintable(error));
        const Node* root = doc->first([](const Node& n) { return n.name == QLatin1String("svg"); });
        QVERIFY(root);
        QCOMPARE(root->first([](const Node& n) { return n.name == QLatin1String("title"); })->text(), q(c.title));
        const Node* train = byAttr(*root, "g", "data-name", QStringLiteral("train"));
        const Node* valid = byAttr(*root, "g", "data-name", QStringLiteral("valid"));
        QVERIFY(train && valid);
        QCOMPARE(elements(*train, "circle").size(), a.points.size());
        QCOMPARE(elements(*train, "polyline").size(), std::size_t(1));
        // Hovering a marker tells its values, hovering a line its series (titles, as browsers show them).
        QStringList hovers;
        for (const Node* t : elements(*train, "title"))
            hovers << t->text();
        QVERIFY2(hovers.contains(QStringLiteral("train: step 1, loss 0.5")), qPrintable(hovers.join(QLatin1Char('|'))));
        QVERIFY(hovers.contains(QStringLiteral("train")));
        // The NaN splits "valid" into a lone point (no line) and a line of two points.
        const auto validLines = elements(*valid, "polyline");
        QCOMPARE(validLines.size(), std::size_t(1));
        QCOMPARE(polylinePoints(*validLines[0]).size(), std::size_t(2));
        const QString all = root->text();
        QVERIFY(all.contains(QStringLiteral("train")) && all.contains(QStringLiteral("valid"))
            && all.contains(QStringLiteral("target")));

        report::Chart empty;
        empty.title = "nothing";
        auto emptyDoc = parseHtml(QByteArray::fromStdString(report::renderSvg(empty)), &error);
        QVERIFY2(emptyDoc, qPrintable(error));
        QVERIFY(emptyDoc->text().contains(QStringLiteral("no data")));
    }

    // A chart read from JSON (the peer benchmarks plot through it) draws what a Chart built in
    // C++ draws; a malformed one is refused naming the field.
    void chartFromJson()
    {
        const auto j = parseJson(R"({"title": "t", "x_label": "nodes", "y_label": "s", "include_zero_y": true,
            "series": [{"name": "Vantage", "points": [[1, 2], [2, null], [3, 4]], "markers": true, "shape": "square"},
                       {"name": "PyG", "points": [[1, 3], [3, 5]], "dashed": true, "colour": 1}],
            "references": [{"value": 2.5, "label": "target"}]})");
        const auto c = report::chartFromJson(j);
        QCOMPARE(c.series.size(), std::size_t(2));
        QCOMPARE(c.series[0].points.size(), std::size_t(3));
        QVERIFY(std::isnan(c.series[0].points[1].y));
        QVERIFY(c.series[0].markers && c.series[0].shape == report::MarkerShape::Square);
        QVERIFY(c.series[1].dashed && c.series[1].colour == 1);
        QCOMPARE(c.references.size(), std::size_t(1));
        QCOMPARE(c.references[0].value, 2.5);
        QVERIFY(c.includeZeroY);
        report::Chart same;
        same.title = "t";
        same.xLabel = "nodes";
        same.yLabel = "s";
        same.includeZeroY = true;
        same.series = { { .name = "Vantage",
                            .points = { { 1, 2 }, { 2, std::nan("") }, { 3, 4 } },
                            .markers = true,
                            .shape = report::MarkerShape::Square },
            { .name = "PyG", .points = { { 1, 3 }, { 3, 5 } }, .colour = 1, .dashed = true } };
        same.references = { { true, 2.5, "target" } };
        QCOMPARE(report::renderSvg(c), report::renderSvg(same));

        const char* bad[][2] = { { R"({"series": [{"points": [[1]]}]})", "[x, y]" },
            { R"({"series": [{"points": [[1, "a"]]}]})", "not a number" },
            { R"({"series": {"points": []}})", "not a list" }, { R"({"series": [{"shape": "star"}]})", "star" },
            { R"({"references": [{"label": "x"}]})", "value" }, { R"({"width": 1e9})", "size" }, { "[1]", "object" } };
        for (const auto& [text, expect] : bad) {
            try {
                report::chartFromJson(parseJson(text));
                QFAIL(text);
            } catch (const Error& e) {
                QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String(expect)), e.what());
            }
        }
    }

    // A device memory far above the frontiers neither squashes them into the bottom of the plot
    // nor vanishes: the axis follows the data, and the legend names the line off the chart. A line
    // near the data is drawn, and widens the axis to reach it.
    void farReferenceLinesLeaveTheAxesAlone_data()
    {
        QTest::addColumn<double>("reference");
        QTest::addColumn<bool>("drawn");
        QTest::newRow("150 GiB over 3-7 GiB") << 150.0 << false;
        QTest::newRow("just above the data") << 9.0 << true;
        QTest::newRow("far below the data") << -100.0 << false;
    }
    void farReferenceLinesLeaveTheAxesAlone()
    {
        QFETCH(double, reference);
        QFETCH(bool, drawn);
        report::Chart c;
        c.series = { report::ChartSeries{ .name = "8 devices", .points = { { 1, 7 }, { 2, 5 }, { 3, 3 } } } };
        c.references = { { true, reference, "device memory" } };
        const std::string svg = report::renderSvg(c);
        const bool line = svg.find("<line class=\"reference\"") != std::string::npos;
        QCOMPARE(line, drawn);
        const bool namedOff = svg.find("device memory, above the chart") != std::string::npos
            || svg.find("device memory, below the chart") != std::string::npos;
        QCOMPARE(namedOff, !drawn);
        // The y axis: up to the line when it is drawn, else about the data (3..7).
        const auto labelled
            = [&](const std::string& text) { return svg.find(">" + text + "</text>") != std::string::npos; };
        if (!drawn)
            QVERIFY(!labelled("20") && !labelled("150") && !labelled("-100"));
        else
            QVERIFY(labelled("9") || labelled("10"));
    }

    void chartThinsDenseLines()
    {
        // 100 000 points of a sine that reaches exactly -1 and +1: the y axis is [-1, 1], so the
        // thinned line must still touch the top and bottom grid lines.
        report::Chart c;
        c.width = 720;
        report::ChartSeries s{ .name = "sine" };
        const int n = 100000;
        for (int i = 0; i <= n; ++i)
            s.points.push_back(
                { static_cast<double>(i), std::sin(static_cast<double>(i) * (std::numbers::pi / 2) / 1000.0) });
        s.points[1000].y = 1.0;
        s.points[3000].y = -1.0;
        c.series = { s };
        const std::string svg = report::renderSvg(c);
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(svg), &error);
        QVERIFY2(doc, qPrintable(error));
        const auto lines = elements(*doc, "polyline");
        QCOMPARE(lines.size(), std::size_t(1));
        const auto pts = polylinePoints(*lines[0]);
        QVERIFY2(pts.size() <= 4 * 720, qPrintable(QString::number(pts.size())));
        QVERIFY(pts.size() > 700);
        double gridTop = 1e9, gridBottom = -1e9;
        for (const Node* l : elements(*doc, "line"))
            if (l->attr("y1") == l->attr("y2")) {
                gridTop = std::min(gridTop, l->attr("y1").toDouble());
                gridBottom = std::max(gridBottom, l->attr("y1").toDouble());
            }
        double top = 1e9, bottom = -1e9;
        for (const auto& [x, y] : pts)
            top = std::min(top, y), bottom = std::max(bottom, y);
        QCOMPARE(top, gridTop);
        QCOMPARE(bottom, gridBottom);
        QVERIFY(svg.size() < 200000);
    }

    // --- the HTML report -----------------------------------------------------------------------
    void htmlHoldsEveryRun()
    {
        const fs::path file = path("engines.vantage");
        const Ids ids = makeSession(file);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        const std::string html = report::renderHtml(s, { .generatedAt = "2024-05-01T12:00:00Z" });
        QVERIFY(html.rfind("<!DOCTYPE html>", 0) == 0);
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(html), &error);
        QVERIFY2(doc, qPrintable(error));

        // Title block: title, session file, date, versions, contents.
        QCOMPARE(doc->first([](const Node& n) { return n.hasClass("report-title"); })->text(), q(s.title()));
        QCOMPARE(doc->first([](const Node& n) { return n.hasClass("session-file"); })->text(), q(file.string()));
        QCOMPARE(doc->first([](const Node& n) { return n.hasClass("report-date"); })->text(),
            QStringLiteral("2024-05-01 12:00:00 UTC"));
        const Node* generator = byAttr(*doc, "meta", "name", QStringLiteral("generator"));
        QVERIFY(generator && generator->attr("content").contains(QStringLiteral(VANTAGE_VERSION)));
        const Node* toc
            = doc->first([](const Node& n) { return n.name == QLatin1String("table") && n.hasClass("toc"); });
        QVERIFY(toc);
        const auto runs = s.runs();
        QCOMPARE(toc->all([](const Node& n) { return n.name == QLatin1String("tr") && n.hasAttr("data-run"); }).size(),
            runs.size());
        QVERIFY(html.find("<script>") == std::string::npos);

        for (const auto& r : runs) {
            const QString where = QStringLiteral("run %1").arg(r.id);
            const Node* sec = byAttr(*doc, "div", "id", QStringLiteral("run-%1").arg(r.id));
            QVERIFY2(sec, qPrintable(where));
            const Node* title = sec->first([](const Node& n) { return n.name == QLatin1String("h2"); });
            QVERIFY(title->text().contains(q(r.name))); // escaped markup comes back as the same text
            if (!r.summary.empty())
                QCOMPARE(sec->first([](const Node& n) { return n.hasClass("summary"); })->text(), q(r.summary));
            if (!r.error.empty())
                QCOMPARE(
                    sec->first([](const Node& n) { return n.name == QLatin1String("span") && n.hasClass("error"); })
                        ->text(),
                    q(r.error));

            // Parameters and the result's key numbers, each against the store.
            std::set<std::string> skip;
            if (r.engine == store::Engine::Ft)
                skip = { "frontiers", "ops" };
            if (r.engine == store::Engine::Ppac)
                skip = { "metrics" };
            std::vector<std::pair<std::string, Json>> params, results;
            leaves(r.params, "", {}, params);
            leaves(r.result, "", skip, results);
            QVERIFY(!params.empty());
            // The stored JSON is in the appendix only: the run's section reads as words and tables.
            QVERIFY2(sec->all([](const Node& n) { return n.hasAttr("data-key"); }).empty(), qPrintable(where));
            const Node* raw = byAttr(*doc, "div", "id", QStringLiteral("appendix-run-%1").arg(r.id));
            QVERIFY2(raw, qPrintable(where));
            for (const char* cls : { "params", "results" }) {
                const Node* table
                    = raw->first([cls](const Node& n) { return n.name == QLatin1String("table") && n.hasClass(cls); });
                const auto& expected = std::string(cls) == "params" ? params : results;
                if (expected.empty()) {
                    QVERIFY(!table);
                    continue;
                }
                QVERIFY2(table, qPrintable(where + " " + cls));
                for (const auto& [key, value] : expected) {
                    const Node* row = byAttr(*table, "tr", "data-key", q(key));
                    QVERIFY2(row, qPrintable(where + ": no row for " + q(key)));
                    const auto cs = cells(*row);
                    QCOMPARE(cs.size(), std::size_t(2));
                    const Json shown = Json::parse(cs[1]->attr("data-json").toStdString());
                    QVERIFY2(shown == value,
                        qPrintable(where + " " + q(key) + ": " + q(shown.dump()) + " != " + q(value.dump())));
                    if (value.is_number()) {
                        QCOMPARE(dataValue(cs[1]), value.get<double>());
                        bool ok = false;
                        const double display = cs[1]->text().toDouble(&ok);
                        QVERIFY2(ok, qPrintable(cs[1]->text()));
                        QVERIFY2(std::abs(display - value.get<double>()) <= 5e-4 * std::abs(value.get<double>()),
                            qPrintable(where + " " + q(key) + ": " + cs[1]->text()));
                    } else if (value.is_string()) {
                        QCOMPARE(cs[1]->text(), q(value.get<std::string>()));
                    }
                }
            }

            // Series: a chart for each (grouped by prefix), and their numbers.
            for (const auto& name : s.seriesNames(r.id)) {
                const auto pts = s.series(r.id, name);
                const Node* row = byAttr(*sec, "tr", "data-series", q(name));
                QVERIFY2(row, qPrintable(where + " series " + q(name)));
                QCOMPARE(dataValue(cells(*row)[1]), static_cast<double>(pts.size()));
                QCOMPARE(
                    dataValue(row->first([](const Node& n) { return n.attr("data-field") == QLatin1String("last"); })),
                    pts.back().value);
            }
            // Artifacts: images embedded byte for byte.
            for (const auto& a : s.artifacts(r.id)) {
                const Node* img = byAttr(*sec, "img", "data-artifact", QString::number(a.id));
                if (a.mimeType != "image/svg+xml") {
                    QVERIFY(!img);
                    continue;
                }
                QVERIFY2(img, qPrintable(where + " artifact " + q(a.name)));
                const QString prefix = QStringLiteral("data:image/svg+xml;base64,");
                QVERIFY(img->attr("src").startsWith(prefix));
                QCOMPARE(QByteArray::fromBase64(img->attr("src").mid(prefix.size()).toLatin1()),
                    QByteArray::fromStdString(s.artifactData(a.id)));
            }
        }

        // FT: every frontier point and baseline, the chart's markers, the fastest strategy.
        {
            const auto r = s.run(ids.ft);
            const Node* sec = byAttr(*doc, "div", "id", QStringLiteral("run-%1").arg(r.id));
            const Node* pointsTable = sec->first([](const Node& n) { return n.hasClass("frontier-points"); });
            const Node* summary = sec->first([](const Node& n) { return n.hasClass("frontiers"); });
            const Node* baselines = sec->first([](const Node& n) { return n.hasClass("baselines"); });
            QVERIFY(pointsTable && summary && baselines);
            std::size_t baselineRows = 0;
            for (const auto& f : r.result["frontiers"]) {
                const QString devices = QString::number(f["devices"].get<int>());
                double fastest = 1e300;
                for (std::size_t i = 0; i < f["points"].size(); ++i) {
                    const Json& p = f["points"][i];
                    fastest = std::min(fastest, p["time"].get<double>());
                    const Node* row = pointsTable->first([&](const Node& n) {
                        return n.name == QLatin1String("tr") && n.attr("data-devices") == devices
                            && n.attr("data-index") == QString::number(i);
                    });
                    QVERIFY2(row, qPrintable(devices + " devices, point " + QString::number(i)));
                    const auto cs = cells(*row);
                    QCOMPARE(dataValue(cs[2]), p["time"].get<double>());
                    QCOMPARE(dataValue(cs[3]), p["memory"].get<double>());
                    QCOMPARE(dataValue(cs[4]), p["strategy"].get<double>());
                }
                const Node* srow = byAttr(*summary, "tr", "data-devices", devices);
                QCOMPARE(dataValue(srow->first(
                             [](const Node& n) { return n.attr("data-field") == QLatin1String("fastest_time"); })),
                    fastest);
                QCOMPARE(dataValue(cells(*srow)[1]), static_cast<double>(f["points"].size()));
                const Node* series = byAttr(*sec, "g", "data-name", devices + QStringLiteral(" devices"));
                QVERIFY(series);
                QCOMPARE(elements(*series, "circle").size(), f["points"].size());
                for (const auto& b : f["baselines"]) {
                    ++baselineRows;
                    const Node* brow = baselines->first([&](const Node& n) {
                        return n.name == QLatin1String("tr") && n.attr("data-devices") == devices
                            && !n.all([&](const Node& c) {
                                     return c.ownText == q(b["name"].get<std::string>());
                                 }).empty();
                    });
                    QVERIFY(brow);
                    QCOMPARE(dataValue(cells(*brow)[2]), b["time"].get<double>());
                    QCOMPARE(dataValue(cells(*brow)[3]), b["memory"].get<double>());
                    // One legend entry per baseline, whatever the device count.
                    QVERIFY(byAttr(*sec, "g", "data-name", q(b["name"].get<std::string>())));
                }
            }
            QCOMPARE(
                baselines->all([](const Node& n) { return n.name == QLatin1String("tr") && n.hasAttr("data-devices"); })
                    .size(),
                baselineRows);
        }

        // PPAC: the metric table, full and balanced at every K.
        {
            const auto r = s.run(ids.ppac);
            const Node* table = byAttr(*doc, "div", "id", QStringLiteral("run-%1").arg(r.id))->first([](const Node& n) {
                return n.hasClass("metrics");
            });
            QVERIFY(table);
            std::size_t expected = 0;
            for (const char* split : { "full", "balanced" })
                for (auto it = r.result["metrics"][split].begin(); it != r.result["metrics"][split].end(); ++it) {
                    const auto at = it.key().find('@');
                    if (at == std::string::npos)
                        continue;
                    ++expected;
                    const Node* row = byAttr(*table, "tr", "data-metric", q(it.key().substr(0, at)));
                    QVERIFY2(row, qPrintable(q(it.key())));
                    const Node* cell = row->first([&](const Node& n) {
                        return n.attr("data-split") == QLatin1String(split)
                            && n.attr("data-k") == q(it.key().substr(at + 1));
                    });
                    QVERIFY2(cell, qPrintable(q(it.key()) + " " + split));
                    QCOMPARE(dataValue(cell), it.value().get<double>());
                }
            QCOMPARE(expected, std::size_t(42));
            QCOMPARE(table->all([](const Node& n) { return n.hasAttr("data-split"); }).size(), expected);
        }

        // DGI: the two layer-time series share one chart.
        {
            const Node* sec = byAttr(*doc, "div", "id", QStringLiteral("run-%1").arg(ids.dgi));
            QCOMPARE(sec->all([](const Node& n) { return n.name == QLatin1String("svg"); }).size(), std::size_t(1));
            QVERIFY(byAttr(*sec, "g", "data-name", QStringLiteral("layer by layer")));
            QVERIFY(byAttr(*sec, "g", "data-name", QStringLiteral("node by node")));
        }
    }

    // The report reads as a report: each run opens with sentences and a table of figures (the
    // numbers checked against an oracle computed here from the stored result), every table has a
    // header row, no row has an empty key, charts name their axes after what the series mean, and
    // the stored JSON comes last, in the appendix.
    void readsLikeAReport()
    {
        const fs::path file = path("words.vantage");
        const Ids ids = makeSession(file);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(report::renderHtml(s)), &error);
        QVERIFY2(doc, qPrintable(error));
        for (const Node* table : elements(*doc, "table")) {
            const Node* head = table->first([](const Node& n) { return n.name == QLatin1String("thead"); });
            QVERIFY2(head && !head->text().trimmed().isEmpty(), qPrintable(table->attr("class")));
        }
        QVERIFY(doc->all([](const Node& n) { return n.hasAttr("data-key") && n.attr("data-key").isEmpty(); }).empty());

        auto section = [&](std::int64_t id) { return byAttr(*doc, "div", "id", QStringLiteral("run-%1").arg(id)); };
        auto lead = [&](std::int64_t id) {
            const Node* p = section(id)->first([](const Node& n) { return n.hasClass("lead"); });
            return p ? p->text().simplified() : QString();
        };
        auto figure = [&](std::int64_t id, const char* field) {
            const Node* row = byAttr(*section(id), "tr", "data-field", QLatin1String(field));
            return row ? dataValue(cells(*row)[1]) : std::numeric_limits<double>::quiet_NaN();
        };

        // FT: the fastest strategy that fits in device memory, over every device count.
        const auto ft = s.run(ids.ft);
        double fastest = std::numeric_limits<double>::infinity(), itsMemory = 0;
        std::size_t strategies = 0;
        for (const auto& f : ft.result["frontiers"])
            for (const auto& p : f["points"]) {
                ++strategies;
                if (p["memory"].get<double>() <= ft.result["device_memory"].get<double>()
                    && p["time"].get<double>() < fastest)
                    fastest = p["time"].get<double>(), itsMemory = p["memory"].get<double>();
            }
        QCOMPARE(figure(ids.ft, "fastest_fitting_time"), fastest);
        QCOMPARE(figure(ids.ft, "fastest_fitting_memory"), itsMemory);
        QCOMPARE(figure(ids.ft, "strategies"), static_cast<double>(strategies));
        QVERIFY2(lead(ids.ft).contains(QStringLiteral("%1 strategies").arg(strategies)), qPrintable(lead(ids.ft)));
        QVERIFY2(lead(ids.ft).contains(QStringLiteral("fastest strategy that fits in device memory")),
            qPrintable(lead(ids.ft)));
        QVERIFY(lead(ids.ft).contains(QString::number(fastest * 1e3, 'f', 2) + QStringLiteral(" ms")));

        // PPAC: Recall and NDCG at the smallest K on both test sets, four decimals.
        const auto ppac = s.run(ids.ppac);
        for (const char* split : { "full", "balanced" })
            for (const char* metric : { "recall@20", "ndcg@20" })
                QVERIFY2(lead(ids.ppac).contains(
                             QString::number(ppac.result["metrics"][split][metric].get<double>(), 'f', 4)),
                    qPrintable(lead(ids.ppac)));
        // EDL and DGI: the final loss, the evaluation time; the failed run: its error.
        QVERIFY2(lead(ids.edl).contains(
                     QStringLiteral("Final loss: %1.")
                         .arg(q(report::formatNumber(s.run(ids.edl).result["final_loss"].get<double>())))),
            qPrintable(lead(ids.edl)));
        QVERIFY2(lead(ids.dgi).contains(q(formatSeconds(s.run(ids.dgi).result["total_s"].get<double>()))),
            qPrintable(lead(ids.dgi)));
        QVERIFY(lead(ids.failed).contains(q(s.run(ids.failed).error)));

        // Axis titles say what the series are, never the placeholders "step" or a series' key.
        auto axisTexts = [&](std::int64_t id) {
            QStringList out;
            for (const Node* t : elements(*section(id), "text"))
                out << t->text();
            return out;
        };
        const QStringList edlAxes = axisTexts(ids.edl);
        for (const char* title : { "Step", "Loss", "Samples per second", "Workers" })
            QVERIFY2(edlAxes.contains(QLatin1String(title)), title);
        QVERIFY(!edlAxes.contains(QStringLiteral("step")) && !edlAxes.contains(QStringLiteral("throughput")));
        QVERIFY(axisTexts(ids.ft).contains(QStringLiteral("Time per iteration (ms)")));
        QVERIFY(axisTexts(ids.dgi).contains(QStringLiteral("Time (ms)")));
        QVERIFY(axisTexts(ids.ppac).contains(QStringLiteral("Epoch")));

        // The appendix follows every run's section.
        std::vector<QString> order;
        for (const Node* d : elements(*doc, "div"))
            if (d->hasClass("run") || d->hasClass("appendix"))
                order.push_back(d->attr("class"));
        QCOMPARE(order.back(), QStringLiteral("appendix"));
        QCOMPARE(std::count(order.begin(), order.end(), QStringLiteral("appendix")), 1);
    }

    // Numbers in the reader's locale, plurals in English without a translator.
    void language_data()
    {
        QTest::addColumn<QString>("decimal");
        QTest::addColumn<QString>("group");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("number");
        QTest::addColumn<QString>("seconds");
        QTest::newRow("C") << "."
                           << "" << 1739461.0 << "1739461"
                           << "14 min 31 s";
        QTest::newRow("English") << "."
                                 << "," << 1739461.0 << "1,739,461"
                                 << "14 min 31 s";
        QTest::newRow("German") << ","
                                << "." << 1739461.0 << "1.739.461"
                                << "14 min 31 s";
        QTest::newRow("German, decimals") << ","
                                          << "." << 1.0614 << "1,061"
                                          << "1,061 s";
        QTest::newRow("German, ms") << ","
                                    << "." << 0.03236 << "0,03236"
                                    << "32,36 ms";
        QTest::newRow("German, negative") << ","
                                          << "." << -12345.25 << "-12.345"
                                          << "";
        QTest::newRow("exponent stays") << ","
                                        << "." << 1.25e-7 << "1,25e-7"
                                        << "0,1 µs";
    }
    void language()
    {
        QFETCH(QString, decimal);
        QFETCH(QString, group);
        QFETCH(double, value);
        QFETCH(QString, number);
        QFETCH(QString, seconds);
        report::ReportLanguage l;
        l.decimalPoint = decimal.toStdString();
        l.groupSeparator = group.toStdString();
        QCOMPARE(q(l.number(value)), number);
        if (std::abs(value) < 1000)
            QCOMPARE(q(l.seconds(value)), seconds);
        QCOMPARE(q(l.translate("vantage::report", "%Ln strategy(s)", nullptr, 1)), QStringLiteral("1 strategy"));
        QCOMPARE(q(l.translate("vantage::report", "%n layer(s)", nullptr, 2)), QStringLiteral("2 layers"));
        QCOMPARE(q(l.translate("vantage::report", "%Ln strategy(s)", nullptr, 2098)),
            QString::fromStdString(l.integer(2098)) + QStringLiteral(" strategies"));
        QCOMPARE(q(report::ReportLanguage::arg("%2 of %1 (%3)", { "a", "%1", "c" })), QStringLiteral("%1 of a (c)"));
    }

    void htmlOfSomeRuns()
    {
        const fs::path file = path("some.vantage");
        const Ids ids = makeSession(file);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        const std::string html = report::renderHtml(s, { .runs = { ids.dgi, ids.ft, ids.dgi }, .title = "Two runs" });
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(html), &error);
        QVERIFY2(doc, qPrintable(error));
        const auto sections
            = doc->all([](const Node& n) { return n.name == QLatin1String("div") && n.hasClass("run"); });
        QCOMPARE(sections.size(), std::size_t(2));
        QCOMPARE(sections[0]->attr("id"), QStringLiteral("run-%1").arg(ids.dgi));
        QCOMPARE(sections[1]->attr("id"), QStringLiteral("run-%1").arg(ids.ft));
        QCOMPARE(doc->first([](const Node& n) { return n.name == QLatin1String("title"); })->text(),
            QStringLiteral("Two runs"));
        QVERIFY(doc->text().contains(QStringLiteral("2 of 5")));
    }

    // --- CSV ------------------------------------------------------------------------------------
    void csvHoldsTheNumbers()
    {
        const fs::path file = path("csv.vantage");
        const Ids ids = makeSession(file);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        const fs::path out = path("csv-out");
        const auto written = report::writeCsv(s, {}, out);
        for (const auto& f : written.files)
            QVERIFY2(fs::is_regular_file(f), qPrintable(q(f.string())));

        const auto runsCsv = parseCsv(readAll(out / "runs.csv"));
        const auto runs = s.runs();
        QCOMPARE(runsCsv.size(), runs.size() + 1);
        const QStringList header = runsCsv[0];
        auto col = [&](const char* name) { return header.indexOf(QLatin1String(name)); };
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const QStringList& row = runsCsv[i + 1];
            QCOMPARE(row.size(), header.size());
            QCOMPARE(row[col("id")].toLongLong(), runs[i].id);
            QCOMPARE(row[col("engine")], q(std::string(vantage::enumName(runs[i].engine))));
            QCOMPARE(row[col("name")], q(runs[i].name));
            QCOMPARE(row[col("status")], q(std::string(vantage::enumName(runs[i].status))));
            QCOMPARE(row[col("summary")], q(runs[i].summary));
            QCOMPARE(row[col("error")], q(runs[i].error));
            QCOMPARE(row[col("duration_s")].toDouble(), runs[i].durationS);
            QCOMPARE(row[col("series")].toULongLong(), static_cast<qulonglong>(s.seriesNames(runs[i].id).size()));
        }

        const Json index = Json::parse(readAll(out / "index.json").toStdString());
        QCOMPARE(index["runs"].size(), runs.size());
        for (const auto& entry : index["runs"]) {
            const auto r = s.run(entry["id"].get<std::int64_t>());
            QVERIFY(Json::parse(readAll(out / entry["params"].get<std::string>()).toStdString()) == r.params);
            QVERIFY(Json::parse(readAll(out / entry["result"].get<std::string>()).toStdString()) == r.result);
            QCOMPARE(entry["series"].size(), s.seriesNames(r.id).size());
            for (const auto& se : entry["series"]) {
                const auto pts = s.series(r.id, se["name"].get<std::string>());
                const auto rows = parseCsv(readAll(out / se["file"].get<std::string>()));
                QCOMPARE(rows.size(), pts.size() + 1);
                QCOMPARE(rows[0], (QStringList{ "step", "value" }));
                for (std::size_t i = 0; i < pts.size(); ++i) {
                    QCOMPARE(rows[i + 1][0].toDouble(), pts[i].step);
                    QCOMPARE(rows[i + 1][1].toDouble(), pts[i].value); // exact: shortest round-trip text
                }
            }
        }

        // FT frontier points and baselines.
        {
            const auto r = s.run(ids.ft);
            const auto rows = parseCsv(readAll(out / ("run-" + std::to_string(ids.ft)) / "frontier.csv"));
            QCOMPARE(rows[0], (QStringList{ "devices", "index", "time_s", "memory_bytes", "strategy" }));
            std::size_t k = 1;
            for (const auto& f : r.result["frontiers"])
                for (std::size_t i = 0; i < f["points"].size(); ++i, ++k) {
                    QCOMPARE(rows.at(k)[0].toInt(), f["devices"].get<int>());
                    QCOMPARE(rows.at(k)[1].toULongLong(), static_cast<qulonglong>(i));
                    QCOMPARE(rows.at(k)[2].toDouble(), f["points"][i]["time"].get<double>());
                    QCOMPARE(rows.at(k)[3].toDouble(), f["points"][i]["memory"].get<double>());
                }
            QCOMPARE(rows.size(), k);
            const auto brows = parseCsv(readAll(out / ("run-" + std::to_string(ids.ft)) / "baselines.csv"));
            QCOMPARE(brows.size(), std::size_t(1 + 4));
            QCOMPARE(brows[1][1], QStringLiteral("data parallel"));
            QCOMPARE(brows[1][2].toDouble(), r.result["frontiers"][0]["baselines"][0]["time"].get<double>());
        }
        // PPAC metrics.
        {
            const auto r = s.run(ids.ppac);
            const auto rows = parseCsv(readAll(out / ("run-" + std::to_string(ids.ppac)) / "metrics.csv"));
            QCOMPARE(rows[0], (QStringList{ "metric", "k", "split", "value" }));
            QCOMPARE(rows.size(), std::size_t(1 + 42));
            for (std::size_t i = 1; i < rows.size(); ++i) {
                const std::string key = rows[i][0].toStdString() + "@" + rows[i][1].toStdString();
                QCOMPARE(rows[i][3].toDouble(), r.result["metrics"][rows[i][2].toStdString()][key].get<double>());
            }
        }
        // An export over an earlier one replaces its files.
        const auto again = report::writeCsv(s, { .runs = { ids.edl } }, out);
        QCOMPARE(parseCsv(readAll(out / "runs.csv")).size(), std::size_t(2));
        QVERIFY(std::find(again.files.begin(), again.files.end(), out / "index.json") != again.files.end());
    }

    // --- scale and errors ----------------------------------------------------------------------
    void largeSessionExportsQuickly()
    {
        const fs::path file = path("large.vantage");
        makeSession(file, 10000);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        QElapsedTimer timer;
        timer.start();
        const std::string html = report::renderHtml(s);
        const qint64 htmlMs = timer.restart();
        const auto written = report::writeCsv(s, {}, path("large-csv"));
        const qint64 csvMs = timer.elapsed();
        std::size_t points = 0;
        for (const auto& r : s.runs())
            for (const auto& n : s.seriesNames(r.id))
                points += s.series(r.id, n).size();
        qInfo("large session: %zu series points in %zu runs; HTML %.1f MB in %lld ms, CSV (%zu files) in %lld ms",
            points, s.runs().size(), static_cast<double>(html.size()) / 1e6, static_cast<long long>(htmlMs),
            written.files.size(), static_cast<long long>(csvMs));
        QCOMPARE(points, std::size_t(7 * 10000));
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(html), &error);
        QVERIFY2(doc, qPrintable(error));
        // The charts are thinned to their pixels; the tables still count every point.
        for (const Node* line : elements(*doc, "polyline"))
            QVERIFY(polylinePoints(*line).size() <= 4 * 720);
        for (const Node* row : doc->all([](const Node& n) { return n.hasAttr("data-series"); }))
            QCOMPARE(dataValue(cells(*row)[1]), 10000.0);
    }

    void badInput()
    {
        const fs::path file = path("bad.vantage");
        makeSession(file);
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        try {
            report::renderHtml(s, { .runs = { 1, 999 } });
            QFAIL("an unknown run id was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(QString::fromUtf8(e.what()).contains(q(file.string())), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("999")), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(Error, report::writeCsv(s, { .runs = { 999 } }, path("never")));
        QVERIFY(!fs::exists(path("never"))); // nothing written for bad input

        // A folder under a regular file cannot be created (as root too).
        {
            std::ofstream(path("plain-file")) << "x";
        }
        const fs::path under = path("plain-file") / "csv";
        try {
            report::writeCsv(s, {}, under);
            QFAIL("a CSV folder under a file was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(q(under.string())), e.what());
        }
        try {
            report::writeCsv(s, {}, path("plain-file"));
            QFAIL("a file was taken for the CSV folder");
        } catch (const Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(q(path("plain-file").string())), e.what());
        }
        const fs::path html = path("no-such-folder") / "report.html";
        try {
            report::writeHtml(s, {}, html);
            QFAIL("an HTML file in a missing folder was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(q(html.string())), e.what());
        }
    }

    void edgeCases()
    {
        // A session without runs.
        const fs::path emptyFile = path("empty.vantage");
        auto empty = store::Session::create(emptyFile, "");
        QString error;
        auto emptyDoc = parseHtml(QByteArray::fromStdString(report::renderHtml(empty)), &error);
        QVERIFY2(emptyDoc, qPrintable(error));
        QVERIFY(emptyDoc->text().contains(QStringLiteral("no runs")));
        QCOMPARE(emptyDoc->first([](const Node& n) { return n.name == QLatin1String("title"); })->text(),
            QStringLiteral("empty")); // no title: the file's name
        report::writeCsv(empty, {}, path("empty-csv"));
        QCOMPARE(parseCsv(readAll(path("empty-csv") / "runs.csv")).size(), std::size_t(1));

        // A large parameter is one summary row; series names that make the same file name get
        // files of their own.
        const fs::path file = path("edges.vantage");
        auto s = store::Session::create(file, "edges");
        Json ops = Json::array();
        for (int i = 0; i < 200; ++i)
            ops.push_back({ { "name", "op" + std::to_string(i) }, { "flops", i * 1e9 } });
        const auto id = s.beginRun({ .engine = store::Engine::Ft,
            .kind = store::RunKind::Search,
            .params = { { "graph", { { "ops", ops }, { "name", "custom" } } }, { "batch", 4 } } });
        s.appendSeries(id, "a/b", std::vector<store::SeriesPoint>{ { 0, 1 }, { 1, 2 } });
        s.appendSeries(id, "a b", std::vector<store::SeriesPoint>{ { 0, 3 } });
        s.finishRun(id, store::RunStatus::Done, nullptr, {});
        auto doc = parseHtml(QByteArray::fromStdString(report::renderHtml(s)), &error);
        QVERIFY2(doc, qPrintable(error));
        const Node* graph = byAttr(*doc, "tr", "data-key", QStringLiteral("graph"));
        QVERIFY(graph);
        QCOMPARE(cells(*graph)[1]->text(), QStringLiteral("object with 2 keys"));
        QVERIFY(doc->all([](const Node& n) { return n.attr("data-key").startsWith(QLatin1String("graph.")); }).empty());
        QVERIFY(byAttr(*doc, "tr", "data-key", QStringLiteral("batch")));

        report::writeCsv(s, {}, path("edges-csv"));
        const Json index = Json::parse(readAll(path("edges-csv") / "index.json").toStdString());
        std::set<std::string> files;
        for (const auto& se : index["runs"][0]["series"]) {
            files.insert(se["file"].get<std::string>());
            const auto rows = parseCsv(readAll(path("edges-csv") / se["file"].get<std::string>()));
            QCOMPARE(rows.size(), s.series(id, se["name"].get<std::string>()).size() + 1);
        }
        QCOMPARE(files.size(), std::size_t(2));
    }

    void malformedFrontiersFallBack()
    {
        const fs::path file = path("malformed.vantage");
        auto s = store::Session::create(file, "malformed");
        const auto id
            = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .params = { { "batch", 8 } } });
        Json result = { { "model", "m" } };
        result["frontiers"] = Json::array({ Json{ { "devices", "eight" } } });
        s.finishRun(id, store::RunStatus::Done, result, "odd");
        const std::string html = report::renderHtml(s);
        QString error;
        auto doc = parseHtml(QByteArray::fromStdString(html), &error);
        QVERIFY2(doc, qPrintable(error));
        QVERIFY(doc->text().contains(QStringLiteral("cannot be read")));
        QVERIFY(byAttr(*doc, "tr", "data-key", QStringLiteral("model")));
        const auto written = report::writeCsv(s, {}, path("malformed-csv"));
        const Json index = Json::parse(readAll(path("malformed-csv") / "index.json").toStdString());
        QVERIFY(index["runs"][0].contains("frontier_error"));
        QVERIFY(!fs::exists(path("malformed-csv") / ("run-" + std::to_string(id)) / "frontier.csv"));
        QVERIFY(!written.files.empty());
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
