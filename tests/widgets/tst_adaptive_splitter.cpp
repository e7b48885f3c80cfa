// widgets::AdaptiveSplitter: panes side by side where the width allows, stacked where it does not,
// and a least width that is the widest pane's in either orientation.

#include "widgets/adaptive_splitter.h"

#include <QLabel>
#include <QTest>

using vantage::widgets::AdaptiveSplitter;

class TestAdaptiveSplitter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void orientationFollowsTheWidth_data()
    {
        QTest::addColumn<QList<int>>("panes"); // least widths; a negative one is a hidden pane
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("sideBySide");
        QTest::newRow("two fit") << QList<int>{ 200, 200 } << 600 << true;
        QTest::newRow("two just fit") << QList<int>{ 200, 200 } << -1 << true; // exactly sideBySideWidth
        QTest::newRow("two one pixel short") << QList<int>{ 200, 200 } << -2 << false;
        QTest::newRow("two too narrow") << QList<int>{ 260, 260 } << 390 << false;
        QTest::newRow("three too narrow") << QList<int>{ 150, 150, 150 } << 400 << false;
        QTest::newRow("three fit") << QList<int>{ 150, 150, 150 } << 700 << true;
        QTest::newRow("a hidden pane needs no room") << QList<int>{ 260, -260 } << 390 << true;
        QTest::newRow("one pane") << QList<int>{ 300 } << 300 << true;
    }

    // Resized to `width` (-1: just the room side by side, -2: one pixel less), the splitter lays
    // its panes out side by side or stacked; its least width is the widest shown pane's either way.
    void orientationFollowsTheWidth()
    {
        QFETCH(QList<int>, panes);
        QFETCH(int, width);
        QFETCH(bool, sideBySide);
        AdaptiveSplitter split;
        int widest = 0;
        for (int least : panes) {
            auto* pane = new QLabel(QStringLiteral("pane"));
            pane->setMinimumWidth(std::abs(least));
            split.addWidget(pane);
            if (least < 0)
                pane->hide();
            else
                widest = std::max(widest, least);
        }
        const int room = split.sideBySideWidth();
        int shownTotal = 0;
        for (int least : panes)
            shownTotal += std::max(least, 0);
        const int shown = static_cast<int>(std::count_if(panes.begin(), panes.end(), [](int l) { return l > 0; }));
        QCOMPARE(room, shownTotal + (shown - 1) * split.handleWidth());
        const int w = width == -1 ? room : width == -2 ? room - 1 : width;
        split.resize(w, 300);
        split.show();
        QVERIFY(QTest::qWaitForWindowExposed(&split));
        QCOMPARE(split.width(), std::max(w, widest));
        QCOMPARE(split.orientation(), sideBySide ? Qt::Horizontal : Qt::Vertical);
        QCOMPARE(split.minimumSizeHint().width(), widest);
        // Every shown pane gets at least its least width, so nothing is cut.
        for (int i = 0; i < split.count(); ++i)
            if (!split.widget(i)->isHidden())
                QVERIFY2(split.widget(i)->width() >= split.widget(i)->minimumWidth(), qPrintable(QString::number(i)));
        // Widened again, the panes go back side by side.
        split.resize(room + 50, 300);
        QTRY_COMPARE(split.orientation(), Qt::Horizontal);
        QCOMPARE(split.minimumSizeHint().width(), widest);
    }
};

QTEST_MAIN(TestAdaptiveSplitter)
#include "tst_adaptive_splitter.moc"
