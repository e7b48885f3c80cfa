// Exploring the charts as a user does, offscreen: a million-point curve drawn decimated with its
// spikes (checked against a direct scan of the data), wheel zoom about the cursor, a rubber band,
// panning and reset through real mouse events, live points that do not move a zoomed view, hover
// details naming the curves' values at the step under the cursor, round ticks, and numbers in the
// UI's locale.

#include "widgets/line_chart.h"
#include "widgets/pareto_chart.h"

#include <QAbstractScrollArea>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>

#include <cmath>

using namespace vantage::widgets;

namespace {

QValueAxis* axis(LineChart& c, Qt::Orientation o)
{
    return qobject_cast<QValueAxis*>(c.chart()->axes(o).first());
}

void wheel(QAbstractScrollArea* w, QPoint at, int delta)
{
    QWheelEvent e(
        at, w->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(w->viewport(), &e);
}

QPoint plotPoint(const LineChart& c, double fx, double fy) // fractions of the plot, from its top-left
{
    const QRectF p = c.chart()->plotArea();
    return QPoint(int(p.left() + fx * p.width()), int(p.top() + fy * p.height()));
}

} // namespace

class TestChartExplore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void decimationKeepsEverySpike_data()
    {
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("width");
        QTest::newRow("1e6 points, 1280 px") << 1000000 << 1280;
        QTest::newRow("1e5 points, 400 px") << 100000 << 400;
        QTest::newRow("5000 points, 1600 px") << 5000 << 1600;
    }

    void decimationKeepsEverySpike()
    {
        QFETCH(int, points);
        QFETCH(int, width);
        LineChart chart;
        chart.resize(width, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVector<QPointF> data;
        data.reserve(points);
        for (int i = 0; i < points; ++i)
            data.push_back(QPointF(i, std::sin(i * 1e-3)));
        data[points / 3].setY(50.0); // one spike up, one down, each a single point
        data[2 * points / 3].setY(-40.0);
        for (int i = 0; i < points; i += 10000) // live, in batches
            chart.appendPoints(QStringLiteral("loss"), data.mid(i, 10000));
        QCOMPARE(chart.points(QStringLiteral("loss")).size(), qsizetype(points));
        const auto drawn = chart.drawnPoints(QStringLiteral("loss"));
        QVERIFY2(drawn.size() <= qMax<qsizetype>(points, 4 * qsizetype(chart.chart()->plotArea().width()) + 4),
            qPrintable(QString::number(drawn.size())));
        QVERIFY(drawn.contains(data[points / 3]));
        QVERIFY(drawn.contains(data[2 * points / 3]));
        QCOMPARE(drawn.front(), data.front());
        QCOMPARE(drawn.back(), data.back());
        // In order, and every drawn point is a point of the data.
        for (qsizetype i = 1; i < drawn.size(); ++i)
            QVERIFY(drawn[i - 1].x() < drawn[i].x());
        for (const QPointF& p : drawn)
            QCOMPARE(data[qsizetype(p.x())], p);
        // The axes span all of it: the range's ends hold the extremes.
        QVERIFY(axis(chart, Qt::Vertical)->max() >= 50.0 && axis(chart, Qt::Vertical)->min() <= -40.0);
        QVERIFY(axis(chart, Qt::Horizontal)->max() >= points - 1);
    }

    // Wheel, band, pan, reset through real events; live points keep a zoomed view where it is.
    void zoomPanAndReset()
    {
        LineChart chart;
        chart.resize(800, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVector<QPointF> data;
        for (int i = 0; i <= 1000; ++i)
            data.push_back(QPointF(i, i % 100));
        chart.setSeries(QStringLiteral("loss"), data);
        chart.drawNow();
        QCoreApplication::processEvents();
        auto* x = axis(chart, Qt::Horizontal);
        const double x0 = x->min(), x1 = x->max();
        QSignalSpy changed(&chart, &ChartView::viewChanged);

        // The wheel zooms about the cursor: the value under it stays.
        const QPoint at = plotPoint(chart, 0.25, 0.5);
        const double before = x0 + 0.25 * (x1 - x0);
        wheel(&chart, at, 240);
        QVERIFY(chart.isZoomed());
        QCOMPARE(changed.count(), 1);
        QVERIFY(x->max() - x->min() < (x1 - x0) * 0.7);
        const double underCursor = x->min() + 0.25 * (x->max() - x->min());
        QVERIFY2(std::abs(underCursor - before) < (x1 - x0) * 0.01, qPrintable(QString::number(underCursor)));
        // Fewer points drawn than the whole data: only what the view holds (and one beyond each end).
        QVERIFY(chart.drawnPoints(QStringLiteral("loss")).size() < data.size());

        // Live points outside the view do not move it.
        const double zl = x->min(), zh = x->max();
        chart.appendPoints(QStringLiteral("loss"), { { 5000, 10 }, { 6000, 20 } });
        QCOMPARE(x->min(), zl);
        QCOMPARE(x->max(), zh);

        // A rubber band from 40 % to 60 % of the plot, drawn with the mouse.
        const QPoint a = plotPoint(chart, 0.4, 0.1), b = plotPoint(chart, 0.6, 0.9);
        const double bandLo = zl + 0.4 * (zh - zl), bandHi = zl + 0.6 * (zh - zl);
        QTest::mousePress(chart.viewport(), Qt::LeftButton, {}, a);
        QTest::mouseMove(chart.viewport(), a + QPoint(10, 10));
        QTest::mouseMove(chart.viewport(), b);
        QTest::mouseRelease(chart.viewport(), Qt::LeftButton, {}, b);
        QVERIFY2(std::abs(x->min() - bandLo) < (zh - zl) * 0.02 && std::abs(x->max() - bandHi) < (zh - zl) * 0.02,
            qPrintable(QStringLiteral("%1..%2, wanted %3..%4").arg(x->min()).arg(x->max()).arg(bandLo).arg(bandHi)));

        // Panning by half the plot's width moves the range by half its span.
        const double span = x->max() - x->min(), lo = x->min();
        chart.panBy(QPointF(-chart.chart()->plotArea().width() / 2, 0));
        QVERIFY(std::abs(x->min() - (lo + span / 2)) < span * 0.01);

        // Home resets to the whole data, including what was appended meanwhile.
        chart.setFocus();
        QTest::keyClick(&chart, Qt::Key_Home);
        QVERIFY(!chart.isZoomed());
        QVERIFY(x->max() >= 6000);
        QCOMPARE(chart.drawnPoints(QStringLiteral("loss")).back(), QPointF(6000, 20));
    }

    // Hovering names the step and each curve's value there, in the UI's locale.
    void hoverDescribesTheCurves_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("value");
        QTest::newRow("en") << "en_US"
                            << "1,235"; // four significant digits
        QTest::newRow("de") << "de_DE"
                            << "1.235";
    }

    void hoverDescribesTheCurves()
    {
        QFETCH(QString, locale);
        QFETCH(QString, value);
        QLocale::setDefault(QLocale(locale));
        LineChart chart;
        chart.setAxisTitles(QStringLiteral("Step"), QStringLiteral("Loss"), QStringLiteral("Samples/s"));
        chart.resize(800, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVector<QPointF> loss, speed;
        for (int i = 0; i <= 2000; ++i) {
            loss.push_back(QPointF(i, 0.5));
            speed.push_back(QPointF(i, 1234.5));
        }
        chart.setSeries(QStringLiteral("loss"), loss);
        chart.setSeries(QStringLiteral("samples/s"), speed, true);
        chart.drawNow();
        QCoreApplication::processEvents();
        const QPointF at = chart.chart()->mapToPosition(QPointF(1500, 0.5), chart.chart()->series().first());
        const QString text = chart.describeAt(at);
        QVERIFY2(text.contains(QStringLiteral("Step ") + QLocale().toString(1500)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("loss: <b>") + QLocale().toString(0.5)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("samples/s: <b>") + value), qPrintable(text));
        QVERIFY(chart.describeAt(QPointF(2, 2)).isEmpty()); // outside the plot: nothing
        QLocale::setDefault(QLocale::c());
    }

    // Ticks at round values with the decimals they need: 0.05 steps read 0.05, 0.1; thousands read
    // 5,000 and not 5e+03; never 306.25 or 11519.3.
    void ticksAreRound_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<QString>("format");
        QTest::newRow("0..0.23") << 0.0 << 0.23 << "%.2f";
        QTest::newRow("0..11519") << 0.0 << 11519.3 << "%.0f";
        QTest::newRow("300..312") << 300.0 << 312.0 << "%.0f";
        QTest::newRow("0..3.7") << 0.0 << 3.7 << "%.0f";
        QTest::newRow("1e-6..3e-6") << 1e-6 << 3e-6 << "%.3g";
    }

    void ticksAreRound()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(QString, format);
        QValueAxis a;
        setRangeWithRoundTicks(&a, lo, hi);
        QCOMPARE(a.labelFormat(), format);
        const double interval = a.tickInterval();
        const double mantissa = interval / std::pow(10.0, std::floor(std::log10(interval)));
        QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 5) < 1e-9,
            qPrintable(QString::number(interval)));
        QCOMPARE(a.tickAnchor(), 0.0);
    }

    void valuesInTheLocale_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("en integer") << "en_US" << 1739461.0 << "1,739,461";
        QTest::newRow("de integer") << "de_DE" << 1739461.0 << "1.739.461";
        QTest::newRow("de decimal") << "de_DE" << 1.0613 << "1,061";
        QTest::newRow("en small") << "en_US" << 0.00041234 << "0.0004123";
        QTest::newRow("en half") << "en_US" << 0.5 << "0.5";
        QTest::newRow("de fraction") << "de_DE" << 12.25 << "12,25";
        QTest::newRow("en huge") << "en_US" << 3.5e20 << "3.5E+20";
    }

    void valuesInTheLocale()
    {
        QFETCH(QString, locale);
        QFETCH(double, value);
        QFETCH(QString, text);
        QLocale::setDefault(QLocale(locale));
        QCOMPARE(formatChartValue(value), text);
        QLocale::setDefault(QLocale::c());
    }

    // The Pareto chart zooms too, and a new frontier (new axes) starts from the whole view.
    void paretoZoomsAndForgets()
    {
        ParetoChart chart;
        chart.resize(800, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setFrontiers(
            { { QStringLiteral("8 devices"), { { 1, 40, 0, {} }, { 2, 20, 1, {} }, { 4, 10, 2, {} } } } });
        QCoreApplication::processEvents();
        chart.zoomBy(2.0, chart.chart()->plotArea().center());
        QVERIFY(chart.isZoomed());
        chart.setFrontiers({ { QStringLiteral("16 devices"), { { 1, 30, 0, {} }, { 3, 5, 1, {} } } } });
        QVERIFY(!chart.isZoomed());
    }
};

QTEST_MAIN(TestChartExplore)
#include "tst_chart_explore.moc"
