// The chart widgets, offscreen: data in, intent out. A click on a Pareto point emits its id; the
// budget picks the fastest point that fits (checked against a direct scan); images are written.

#include "widgets/line_chart.h"
#include "widgets/pareto_chart.h"
#include "widgets/progress_area.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QColor>
#include <QFile>
#include <QHorizontalPercentBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

using namespace vantage::widgets;

namespace {

QVector<ParetoSeriesData> twoFrontiers()
{
    ParetoSeriesData a{ QStringLiteral("8 devices"),
        { { 1.0, 40.0, 0, {} }, { 2.0, 20.0, 1, {} }, { 4.0, 10.0, 2, {} } } };
    ParetoSeriesData b{ QStringLiteral("16 devices"),
        { { 0.6, 30.0, 10, {} }, { 1.5, 12.0, 11, {} }, { 3.0, 5.0, 12, QStringLiteral("zero-3 like") } } };
    return { a, b };
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void budgetPicksFastestThatFits_data()
    {
        QTest::addColumn<double>("budget");
        QTest::addColumn<QVector<int>>("expected");
        QTest::newRow("none") << 0.0 << QVector<int>{ -1, -1 };
        QTest::newRow("loose") << 100.0 << QVector<int>{ 0, 10 };
        QTest::newRow("mid") << 25.0 << QVector<int>{ 1, 11 };
        QTest::newRow("tight") << 11.0 << QVector<int>{ 2, 12 };
        QTest::newRow("impossible") << 1.0 << QVector<int>{ -1, -1 };
    }
    void budgetPicksFastestThatFits()
    {
        QFETCH(double, budget);
        QFETCH(QVector<int>, expected);
        ParetoChart chart;
        chart.setFrontiers(twoFrontiers());
        QSignalSpy spy(&chart, &ParetoChart::budgetMatchesChanged);
        chart.setBudget(budget);
        QCOMPARE(spy.count(), 1);
        if (budget > 0)
            QCOMPARE(chart.withinBudget(), expected);
        // Oracle: direct scan for the lowest time with memory <= budget.
        for (int s = 0; s < chart.frontiers().size() && budget > 0; ++s) {
            int best = -1;
            double bestX = 1e300;
            for (const auto& p : chart.frontiers()[s].points)
                if (p.y <= budget && p.x < bestX)
                    bestX = p.x, best = p.id;
            QCOMPARE(chart.withinBudget()[s], best);
        }
    }

    void clickPicksPoint()
    {
        ParetoChart chart;
        chart.resize(800, 500);
        chart.setAxisTitles(QStringLiteral("Time per iteration (s)"), QStringLiteral("Memory per device (GiB)"));
        chart.setFrontiers(twoFrontiers());
        chart.setMarkers({ { QStringLiteral("Data parallel"), 2.5, 45.0, 0 } });
        chart.setLimit(80.0, QStringLiteral("Device memory"));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QSignalSpy picked(&chart, &ParetoChart::pointPicked);
        const QPoint pos = chart.pointPosition(1, 11);
        QVERIFY(chart.rect().contains(pos));
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, pos);
        QVERIFY(picked.wait(2000));
        QCOMPARE(picked.count(), 1);
        QCOMPARE(picked.first().at(0).toInt(), 1);
        QCOMPARE(picked.first().at(1).toInt(), 11);
        // A click on the baseline marker drawn over a frontier point picks that point.
        chart.setMarkers({ { QStringLiteral("Data parallel"), 3.0, 5.0, 1 } });
        QTest::qWait(50);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, chart.pointPosition(1, 12));
        QVERIFY(picked.wait(2000));
        QCOMPARE(picked.last().at(1).toInt(), 12);
        // The device memory and budget lines drawn through a point (and the budget's ring around
        // it) do not swallow a click on it.
        chart.setLimit(20.0, QStringLiteral("Device memory"));
        chart.setBudget(20.0);
        QTest::qWait(50);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, chart.pointPosition(0, 1));
        QVERIFY(picked.wait(2000));
        QCOMPARE(picked.last().at(0).toInt(), 0);
        QCOMPARE(picked.last().at(1).toInt(), 1);
        QCOMPARE(chart.pickedId(), 1);
        // A click where no point is picks nothing; a drag is a zoom, not a pick.
        const int before = int(picked.count());
        const QPoint empty = (chart.pointPosition(0, 0) + chart.pointPosition(1, 10)) / 2 + QPoint(0, 60);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, empty);
        QTest::qWait(100);
        QCOMPARE(int(picked.count()), before);
        const QPoint from = chart.pointPosition(0, 2);
        QTest::mousePress(chart.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(chart.viewport(), from + QPoint(40, 40));
        QTest::mouseRelease(chart.viewport(), Qt::LeftButton, {}, from + QPoint(40, 40));
        QTest::qWait(100);
        QCOMPARE(int(picked.count()), before);
    }

    void logAxesSwitch()
    {
        ParetoChart chart;
        chart.setFrontiers(twoFrontiers());
        chart.setLogAxes(true, false);
        const auto horizontal = chart.chart()->axes(Qt::Horizontal);
        QCOMPARE(horizontal.size(), 1);
        QVERIFY(qobject_cast<QLogValueAxis*>(horizontal.first()));
        QVERIFY(qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).first()));
        auto* log = qobject_cast<QLogValueAxis*>(horizontal.first());
        QVERIFY(log->min() <= 0.6 && log->max() >= 4.0);
    }

    // A log axis spans whole decades, so that its labels (on powers of ten) show: data between
    // 0.6 and 4 gets 0.1..10, data within one decade still two labelled ticks.
    void logAxesAreLabelled_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::newRow("two decades") << 0.6 << 4.0 << 0.1 << 10.0;
        QTest::newRow("inside one decade") << 0.022 << 0.048 << 0.01 << 0.1;
        QTest::newRow("one point") << 3.0 << 3.0 << 1.0 << 10.0;
    }
    void logAxesAreLabelled()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, from);
        QFETCH(double, to);
        ParetoChart chart;
        chart.setFrontiers({ { QStringLiteral("8 devices"), { { lo, 10.0, 0, {} }, { hi, 5.0, 1, {} } } } });
        chart.setLogAxes(true, false);
        auto* log = qobject_cast<QLogValueAxis*>(chart.chart()->axes(Qt::Horizontal).first());
        QVERIFY(log);
        QVERIFY2(std::abs(log->min() - from) <= 1e-9 * from && std::abs(log->max() - to) <= 1e-9 * to,
            qPrintable(QStringLiteral("%1..%2").arg(log->min()).arg(log->max())));
        QVERIFY(log->min() <= lo && log->max() >= hi);
    }

    // Baselines: one legend entry and marker shape per kind; each marker in its frontier's colour.
    void baselinesByKind()
    {
        ParetoChart chart;
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setFrontiers(twoFrontiers());
        chart.setMarkers(
            { { QStringLiteral("data parallel, 8 devices"), 5.0, 45.0, 0, QStringLiteral("Data parallel") },
                { QStringLiteral("data parallel, 16 devices"), 3.5, 35.0, 1, QStringLiteral("Data parallel") },
                { QStringLiteral("megatron tp2 x dp4, 8 devices"), 4.5, 20.0, 0, QStringLiteral("Megatron") } });
        QStringList legend;
        QTest::qWait(50); // the legend lays its markers out
        for (auto* m : chart.chart()->legend()->markers()) {
            if (m->isVisible())
                legend << m->label();
        }
        QCOMPARE(legend,
            QStringList({ QStringLiteral("8 devices"), QStringLiteral("16 devices"), QStringLiteral("Data parallel"),
                QStringLiteral("Megatron") }));
        std::map<QString, std::set<int>> shapes; // kind -> marker shapes
        std::map<std::pair<double, double>, QColor> colours;
        for (auto* series : chart.chart()->series())
            if (auto* sc = qobject_cast<QScatterSeries*>(series);
                sc && !sc->name().contains(QLatin1String("devices"))) {
                shapes[sc->name()].insert(int(sc->markerShape()));
                for (const QPointF& p : sc->points())
                    colours[{ p.x(), p.y() }] = sc->color();
            }
        QCOMPARE(shapes.size(), std::size_t(2));
        QCOMPARE(shapes[QStringLiteral("Data parallel")].size(), std::size_t(1));
        QVERIFY(shapes[QStringLiteral("Data parallel")] != shapes[QStringLiteral("Megatron")]);
        QCOMPARE(colours.size(), std::size_t(3));
        const QColor dp8 = colours[std::pair(5.0, 45.0)], dp16 = colours[std::pair(3.5, 35.0)],
                     megatron8 = colours[std::pair(4.5, 20.0)];
        QVERIFY(dp8 != dp16); // 8 and 16 devices
        QCOMPARE(dp8, megatron8); // both of 8 devices
    }

    // Eight kinds (baselines grown with ZeRO and recomputation, the plan kinds of frontier points):
    // each drawn in a style of its own, a shape filled or hollow, and in its frontier's colour either
    // way (the fill, or a hollow marker's border); none a star, which is the picked point's.
    void eightKindsApart()
    {
        ParetoChart chart;
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setFrontiers(twoFrontiers());
        QVector<ParetoMarker> markers;
        for (int k = 0; k < 8; ++k)
            markers.push_back(
                { QStringLiteral("m%1").arg(k), 4.0 + 0.1 * k, 20.0 + k, k % 2, QStringLiteral("kind %1").arg(k) });
        chart.setMarkers(markers);
        std::map<QString, std::pair<int, bool>> style; // kind -> (shape, hollow)
        for (auto* series : chart.chart()->series()) {
            auto* sc = qobject_cast<QScatterSeries*>(series);
            if (!sc || !sc->name().startsWith(QLatin1String("kind ")) || sc->count() == 0)
                continue;
            const bool hollow = sc->color() == QColor(Qt::white);
            style[sc->name()] = { int(sc->markerShape()), hollow };
            QVERIFY(sc->markerShape() != QScatterSeries::MarkerShapeStar);
            const int k = sc->name().mid(5).toInt();
            QColor frontier; // the colour the frontier itself is drawn in
            for (auto* f : chart.chart()->series())
                if (auto* xy = qobject_cast<QXYSeries*>(f); xy && !frontier.isValid()
                    && xy->name() == (k % 2 == 0 ? QLatin1String("8 devices") : QLatin1String("16 devices")))
                    frontier = xy->color();
            QVERIFY(frontier.isValid());
            QCOMPARE(hollow ? sc->pen().color() : sc->color(), frontier);
        }
        QCOMPARE(style.size(), std::size_t(8));
        std::set<std::pair<int, bool>> distinct;
        for (const auto& [kind, s] : style)
            distinct.insert(s);
        QCOMPARE(distinct.size(), std::size_t(8));
    }

    // With nothing to draw, no made-up scale.
    // What a shared session may hold (issue 31): the axes of every chart stay finite, ordered and
    // ticked a handful of times, and the chart paints, whatever the values.
    void extremeValuesKeepAxesDrawable_data()
    {
        QTest::addColumn<QList<double>>("values");
        const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
        const double big = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
        QTest::newRow("+-1e308") << QList<double>{ -1e308, 1e308 };
        QTest::newRow("largest doubles") << QList<double>{ -big, big };
        QTest::newRow("only inf") << QList<double>{ inf, inf };
        QTest::newRow("only -inf") << QList<double>{ -inf };
        QTest::newRow("only NaN") << QList<double>{ nan, nan };
        QTest::newRow("denormals") << QList<double>{ tiny, 3 * tiny };
        QTest::newRow("one denormal") << QList<double>{ tiny };
        QTest::newRow("1e308 and a denormal") << QList<double>{ 1e308, tiny };
        QTest::newRow("flat at the largest double") << QList<double>{ big, big };
        QTest::newRow("mixed") << QList<double>{ 1, nan, 1e308, -inf, tiny, -1e-300 };
    }
    void extremeValuesKeepAxesDrawable()
    {
        QFETCH(QList<double>, values);
        // A line chart's axes are set from its data; a Pareto chart's may be QtCharts' own fit to
        // one point (min == max), which it draws without ticks. Both stay finite and bounded.
        auto checkAxis = [](QAbstractAxis* a, bool strict) {
            if (auto* v = qobject_cast<QValueAxis*>(a)) {
                QVERIFY(std::isfinite(v->min()) && std::isfinite(v->max()));
                QVERIFY(strict ? v->min() < v->max() : v->min() <= v->max());
                // Nice numbers round the ends outward by up to a step.
                QVERIFY(std::abs(v->min()) <= 10 * kAxisLimit && std::abs(v->max()) <= 10 * kAxisLimit);
                if (v->tickType() == QValueAxis::TicksDynamic)
                    QVERIFY((v->max() - v->min()) / v->tickInterval() <= 12);
            } else if (auto* l = qobject_cast<QLogValueAxis*>(a)) {
                QVERIFY(std::isfinite(l->min()) && std::isfinite(l->max()) && l->min() > 0 && l->min() <= l->max());
            }
        };
        LineChart line;
        line.resize(400, 300);
        QVector<QPointF> pts;
        for (qsizetype i = 0; i < values.size(); ++i)
            pts.append(QPointF(static_cast<double>(i), values[i]));
        line.setSeries(QStringLiteral("s"), pts);
        line.appendPoints(QStringLiteral("live"), { QPointF(values.front(), values.back()) });
        for (auto* a : line.chart()->axes())
            checkAxis(a, true);
        QVERIFY(!line.toImage(1.0).isNull());

        for (bool log : { false, true }) {
            ParetoChart pareto;
            pareto.resize(400, 300);
            ParetoSeriesData f{ QStringLiteral("f"), {} };
            for (qsizetype i = 0; i < values.size(); ++i)
                f.points.append(
                    { std::abs(values[i]), std::abs(values[values.size() - 1 - i]), static_cast<int>(i), {} });
            pareto.setLogAxes(log, log);
            pareto.setFrontiers({ f });
            pareto.setLimit(values.front(), QStringLiteral("limit"));
            for (auto* a : pareto.chart()->axes())
                checkAxis(a, false);
            QVERIFY(!pareto.toImage(1.0).isNull());
        }

        for (double lo : values)
            for (double hi : values) {
                const auto [from, to] = drawableRange(lo, hi);
                QVERIFY(std::isfinite(from) && std::isfinite(to) && from < to);
                QVERIFY(std::isfinite(to - from));
            }
    }

    void emptyChartHasNoAxes()
    {
        ParetoChart chart;
        chart.setFrontiers({});
        for (auto* a : chart.chart()->axes())
            QVERIFY(!a->isVisible());
        chart.setFrontiers(twoFrontiers());
        for (auto* a : chart.chart()->axes())
            QVERIFY(a->isVisible());
    }

    // A long drawing fills the width at a readable size and scrolls, instead of a line of pixels.
    void svgFitsReadably_data()
    {
        QTest::addColumn<QSizeF>("drawing");
        QTest::addColumn<QSizeF>("viewport");
        QTest::addColumn<double>("scale");
        QTest::newRow("small: natural size") << QSizeF(200, 100) << QSizeF(800, 600) << 1.0;
        QTest::newRow("larger: the whole of it") << QSizeF(1600, 900) << QSizeF(800, 600) << 0.5;
        QTest::newRow("a long chain: the width") << QSizeF(600, 40000) << QSizeF(800, 600) << 1.0;
        QTest::newRow("long and wide: the width") << QSizeF(1200, 40000) << QSizeF(800, 600) << 800.0 / 1200.0;
        QTest::newRow("very wide: readable") << QSizeF(40000, 300) << QSizeF(800, 600) << SvgView::kReadableScale;
    }
    void svgFitsReadably()
    {
        QFETCH(QSizeF, drawing);
        QFETCH(QSizeF, viewport);
        QFETCH(double, scale);
        QCOMPARE(SvgView::fittingScale(drawing, viewport), scale);
    }

    // Zoomed to the frontiers, a far baseline leaves the axes alone; a hidden frontier leaves them
    // too, and its legend entry brings it back.
    void zoomAndHideFrontiers()
    {
        ParetoChart chart;
        chart.setFrontiers(twoFrontiers());
        chart.setMarkers({ { QStringLiteral("Data parallel"), 40.0, 400.0, 0 } });
        auto xMax = [&] { return qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first())->max(); };
        auto yMax = [&] { return qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).first())->max(); };
        QVERIFY(xMax() >= 40.0);
        chart.setFitToFrontiers(true);
        QVERIFY(xMax() < 10.0 && xMax() >= 4.0);
        QVERIFY(yMax() < 100.0 && yMax() >= 40.0);
        const double bothMax = yMax();
        chart.setFrontierVisible(0, false);
        QVERIFY(!chart.isFrontierVisible(0));
        QVERIFY(yMax() < bothMax && yMax() >= 30.0); // only the 16-device frontier: 5..30
        QLegendMarker* marker = nullptr;
        for (auto* m : chart.chart()->legend()->markers())
            if (m->label() == QLatin1String("8 devices"))
                marker = m;
        QVERIFY(marker); // greyed, still there to click
        Q_EMIT marker->clicked();
        QTRY_VERIFY(chart.isFrontierVisible(0));
        QVERIFY(yMax() >= 40.0);
        chart.setFrontiers(twoFrontiers()); // new data: everything shown
        QVERIFY(chart.isFrontierVisible(0) && chart.isFrontierVisible(1));
    }

    void imagesAreWritten()
    {
        QTemporaryDir dir;
        ParetoChart chart;
        chart.resize(640, 400);
        chart.setFrontiers(twoFrontiers());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QString png = dir.filePath(QStringLiteral("c.png"));
        const QString svg = dir.filePath(QStringLiteral("c.svg"));
        QVERIFY(chart.saveImage(png));
        QVERIFY(chart.saveImage(svg));
        QImage img(png);
        QVERIFY(!img.isNull());
        QVERIFY(img.width() >= 640);
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("16 devices"));
        QString err;
        QVERIFY(!chart.saveImage(QStringLiteral("/no/such/dir/c.png"), &err));
        QVERIFY(err.contains(QStringLiteral("/no/such/dir")));
    }

    void lineChartAppendsAndRanges()
    {
        LineChart chart;
        chart.setAxisTitles(QStringLiteral("step"), QStringLiteral("loss"), QStringLiteral("samples/s"));
        for (int i = 0; i < 10; ++i)
            chart.appendPoint(QStringLiteral("loss"), i, 1.0 / (1 + i));
        chart.appendPoint(QStringLiteral("throughput"), 0, 500, true);
        QCOMPARE(chart.points(QStringLiteral("loss")).size(), 10);
        QCOMPARE(chart.seriesNames(), (QStringList{ "loss", "throughput" }));
        auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first());
        QCOMPARE(x->min(), 0.0);
        // Live, the step axis keeps room ahead (it grows a few times, not at every step) ...
        QVERIFY(x->max() >= 9.0 && x->max() <= 9.0 * 1.25 + 1e-9);
        // ... and fits the data once the curve has ended.
        chart.fitToData();
        QCOMPARE(x->max(), 9.0);
        chart.setSeries(QStringLiteral("loss"), { { 0, 2.0 }, { 20, 1.0 } });
        QCOMPARE(x->max(), 20.0);
        chart.clearSeries();
        QVERIFY(chart.seriesNames().isEmpty());

        // A long live curve is thinned, in batches or point by point; its axis still spans it all.
        chart.setMaxPoints(100);
        QVector<QPointF> batch;
        for (int i = 0; i < 500; ++i)
            batch.push_back(QPointF(i, std::sin(i * 0.01)));
        chart.appendPoints(QStringLiteral("loss"), batch);
        for (int i = 500; i < 1000; ++i)
            chart.appendPoint(QStringLiteral("loss"), i, std::sin(i * 0.01));
        QCOMPARE(chart.points(QStringLiteral("loss")).size(), 1000); // every point is kept
        const auto thin = chart.drawnPoints(QStringLiteral("loss"));
        QVERIFY2(thin.size() <= 101 && thin.size() >= 50, qPrintable(QString::number(thin.size())));
        QVERIFY(
            std::is_sorted(thin.begin(), thin.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); }));
        QCOMPARE(thin.front().x(), 0.0);
        chart.fitToData();
        QCOMPARE(x->max(), 999.0);
        QVector<QPointF> many;
        for (int i = 0; i < 1001; ++i)
            many.push_back(QPointF(i, i));
        chart.setSeries(QStringLiteral("loss"), many);
        QVERIFY(chart.drawnPoints(QStringLiteral("loss")).size() <= 101);
        QCOMPARE(chart.drawnPoints(QStringLiteral("loss")).back(), QPointF(1000, 1000)); // the latest stays
    }

    void rangeGrowingByMillionsKeepsFewTicks()
    {
        // A live curve that starts tiny and then jumps (a step time of a stalled worker, a loss that
        // diverges): the axes used to lay out ticks at the old interval over the new range first,
        // millions of tick items on the GUI thread, and a page froze for minutes.
        LineChart chart;
        chart.resize(400, 300);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        for (int i = 0; i < 5; ++i)
            chart.appendPoint(QStringLiteral("t"), i * 1e-3, i * 1e-4);
        QCoreApplication::processEvents();
        chart.appendPoint(QStringLiteral("t"), 1e7, 1e6);
        QCoreApplication::processEvents();
        for (auto orientation : { Qt::Horizontal, Qt::Vertical }) {
            auto* axis = qobject_cast<QValueAxis*>(chart.chart()->axes(orientation).first());
            QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
            const double span = axis->max() - axis->min();
            QVERIFY2(span / axis->tickInterval() <= 12,
                qPrintable(QStringLiteral("%1 ticks").arg(span / axis->tickInterval())));
        }
        // And back down.
        chart.setSeries(QStringLiteral("t"), { { 0, 0 }, { 1e-6, 1e-6 } });
        QCoreApplication::processEvents();
        auto* x = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first());
        QVERIFY((x->max() - x->min()) / x->tickInterval() <= 12);
    }

    void svgViewLoadsAndRefuses()
    {
        SvgView view;
        QVERIFY(!view.setSvg("not svg at all"));
        QVERIFY(view.isEmpty());
        const QByteArray svg
            = R"(<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="red"/></svg>)";
        QVERIFY(view.setSvg(svg));
        QCOMPARE(view.scene()->items().size(), 1);
        QCOMPARE(view.svg(), svg);

        // Saved as SVG, PNG (twice the size) and, once its source is given, DOT.
        QTemporaryDir dir;
        QString err;
        QVERIFY(!view.saveAs(dir.filePath(QStringLiteral("g.dot")), &err));
        QVERIFY2(err.contains(QStringLiteral("DOT")), qPrintable(err));
        view.setDot("digraph { a -> b }");
        QVERIFY(view.saveAs(dir.filePath(QStringLiteral("g.dot")), &err));
        QVERIFY(view.saveAs(dir.filePath(QStringLiteral("g.svg")), &err));
        QVERIFY(view.saveAs(dir.filePath(QStringLiteral("g.png")), &err));
        QFile dot(dir.filePath(QStringLiteral("g.dot")));
        QVERIFY(dot.open(QIODevice::ReadOnly));
        QCOMPARE(dot.readAll(), QByteArray("digraph { a -> b }"));
        QFile svgFile(dir.filePath(QStringLiteral("g.svg")));
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QCOMPARE(svgFile.readAll(), svg);
        const QImage png(dir.filePath(QStringLiteral("g.png")));
        QCOMPARE(png.size(), QSize(200, 100));
        QCOMPARE(QColor(png.pixel(100, 50)), QColor(Qt::red));
        QVERIFY(!view.saveAs(QStringLiteral("/no/such/dir/g.svg"), &err));
        QVERIFY2(err.contains(QStringLiteral("/no/such/dir/g.svg")), qPrintable(err));
        view.clear();
        QVERIFY(!view.saveAs(dir.filePath(QStringLiteral("h.svg")), &err));
    }

    void stackedBars()
    {
        StackedBarChart chart;
        chart.setData({ QStringLiteral("compute"), QStringLiteral("all-reduce") },
            { { QStringLiteral("Time"), { 3.0, 1.0 } }, { QStringLiteral("Memory"), { 10.0, 0.0 } } });
        QCOMPARE(chart.bars().size(), 2);
        QCOMPARE(chart.chart()->series().size(), 1);
        QVERIFY(qobject_cast<QHorizontalPercentBarSeries*>(chart.chart()->series().first()));
        // The same data on one absolute axis: long enough for the longest bar, titled with the unit.
        chart.setData({ QStringLiteral("layer 1"), QStringLiteral("layer 2") },
            { { QStringLiteral("layer-wise"), { 0.5, 0.25 } }, { QStringLiteral("node-wise"), { 40.0, 20.0 } } },
            StackedBarChart::Scale::Absolute, QStringLiteral("seconds"));
        QVERIFY(qobject_cast<QHorizontalStackedBarSeries*>(chart.chart()->series().first()));
        auto* axis = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis);
        QVERIFY(axis->max() >= 60.0);
        QCOMPARE(axis->titleText(), QStringLiteral("seconds"));
        chart.setScale(StackedBarChart::Scale::Shares);
        QVERIFY(qobject_cast<QHorizontalPercentBarSeries*>(chart.chart()->series().first()));
        QCOMPARE(chart.bars().size(), 2);
        QVERIFY(chart.chart()->legend()->isVisible());
        // A 200-layer model: no legend of 200 squares (the tooltip names the layer), and back.
        QStringList layers;
        QVector<double> times;
        for (int i = 0; i < 200; ++i) {
            layers << QStringLiteral("layer %1").arg(i + 1);
            times << 0.01;
        }
        chart.setData(layers, { { QStringLiteral("layer-wise"), times } }, StackedBarChart::Scale::Absolute);
        QVERIFY(!chart.chart()->legend()->isVisible());
        QCOMPARE(qobject_cast<QAbstractBarSeries*>(chart.chart()->series().first())->count(), 200);
        chart.setData(layers.mid(0, 3), { { QStringLiteral("layer-wise"), times.mid(0, 3) } });
        QVERIFY(chart.chart()->legend()->isVisible());
    }

    void progressAreaCancel()
    {
        ProgressArea area;
        area.show();
        QSignalSpy cancel(&area, &ProgressArea::cancelRequested);
        area.start(QStringLiteral("Searching"));
        QVERIFY(area.isBusy());
        area.setProgress(0.5, QStringLiteral("8 devices"));
        auto* button = area.findChild<QPushButton*>(QStringLiteral("progressCancel"));
        QVERIFY(button->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(cancel.count(), 1);
        QVERIFY(!button->isEnabled());
        area.finish(QStringLiteral("Cancelled"));
        QVERIFY(!area.isBusy());
        QVERIFY(!button->isVisible());
    }

    // The time left, from the rate so far; nothing while it is too early to tell.
    void progressTimeLeft_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<double>("elapsed");
        QTest::addColumn<QString>("left");
        QTest::newRow("too early in time") << 0.5 << 1.0 << QString();
        QTest::newRow("too early in work") << 0.02 << 30.0 << QString();
        QTest::newRow("half way") << 0.5 << 10.0 << QStringLiteral("about 10 s left");
        QTest::newRow("a quarter") << 0.25 << 60.0 << QStringLiteral("about 3 min left");
        QTest::newRow("hours") << 0.1 << 1800.0 << QStringLiteral("about 4.5 h left");
        QTest::newRow("done") << 1.0 << 60.0 << QString();
        QTest::newRow("nearly done") << 0.999 << 10.0 << QStringLiteral("about 1 s left");
    }
    void progressTimeLeft()
    {
        QFETCH(double, fraction);
        QFETCH(double, elapsed);
        QFETCH(QString, left);
        QCOMPARE(ProgressArea::timeLeft(fraction, elapsed), left);
    }

    void progressBarShowsTimeLeft()
    {
        ProgressArea area;
        area.show();
        area.start(QStringLiteral("Evaluating"));
        area.setProgress(0.1, {});
        QCOMPARE(area.barText(), QStringLiteral("10%"));
        QTest::qWait(2200);
        area.setProgress(0.5, {});
        QVERIFY2(area.barText().startsWith(QStringLiteral("50% · about ")), qPrintable(area.barText()));
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
