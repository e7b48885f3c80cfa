// The EDL page on long jobs: a 10^5-step stream (generated, sent by a stand-in leader) is taken in while
// the window keeps answering, everything it shows is the stream's; requests to a job are answered
// from its real state, also while a long backlog is being taken in; a page shows only the run it
// names, and a new session shows nothing of the last one.

#include "long_job_stream.h"
#include "recorded_leader.h"

#include "edl/client.h"
#include "edl/job_run.h"
#include "edl/timeline.h"
#include "edl_page.h"
#include "edl_test_job.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QAbstractItemModel>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <signal.h>

using namespace vantage;
using namespace vantage::gui;
using vantage::gui::testing::trainLong;

namespace {

struct Shown {
    QMap<QString, QVector<QPointF>> curves; // every chart's curves and markers, by chart and name
    QStringList workers; // the worker table, row by row
    QStringList events; // the scale-event table, row by row
    QStringList log;
    QString status;
    QString title;
};

QStringList rowsOf(const QAbstractItemModel* m)
{
    QStringList rows;
    for (int r = 0; r < m->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m->columnCount(); ++c)
            cells << m->index(r, c).data().toString();
        rows << cells.join(QLatin1Char('|'));
    }
    return rows;
}

Shown shownBy(EdlPage& page)
{
    Shown s;
    for (auto* chart : page.findChildren<widgets::LineChart*>())
        for (const QString& name : chart->seriesNames())
            s.curves.insert(chart->objectName() + QLatin1Char('/') + name, chart->points(name));
    s.workers = rowsOf(page.findChild<QTableView*>(QStringLiteral("edlWorkers"))->model());
    s.events = rowsOf(page.findChild<QTableView*>(QStringLiteral("edlEvents"))->model());
    auto* log = page.findChild<QListWidget*>(QStringLiteral("edlLog"));
    for (int i = 0; i < log->count(); ++i)
        s.log << log->item(i)->text();
    s.status = page.findChild<QLabel*>(QStringLiteral("edlStatus"))->text();
    s.title = page.findChild<widgets::LineChart*>(QStringLiteral("edlChart"))->chart()->title();
    return s;
}

// With VANTAGE_TEST_SHOTS=DIR, what the page shows is written there as PNG, to be looked at.
void shoot(QWidget& w, const QString& name)
{
    const QString dir = qEnvironmentVariable("VANTAGE_TEST_SHOTS");
    QCoreApplication::processEvents(); // the charts draw on the next pass of the event loop
    if (!dir.isEmpty())
        w.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

// Records a finished job of this shape as a run, as the page records one: the timeline and the
// recorder of the job's events.
qint64 recordJob(store::Session& s, const testing::LongJobShape& shape)
{
    const qint64 run = s.beginRun({ .engine = store::Engine::Edl,
        .kind = store::RunKind::Train,
        .name = "mlp",
        .params = Json{ { "trainer", "mlp" }, { "workers", shape.workers } } });
    edl::JobTimeline timeline;
    edl::JobRecorder recorder(s, run);
    for (const auto& e : testing::longJobStream(shape)) {
        timeline.add(e);
        recorder.add(e);
    }
    recorder.flush();
    Json result = timeline.result();
    edl::JobStatus status;
    status.workers = testing::membersOf(shape.workers);
    result["status"] = edl::toJson(status);
    edl::finishJobRun(s, run, result);
    return run;
}

} // namespace

class TestEdlPageStream : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("VANTAGE_EDL_WORKER");
        qputenv("XDG_RUNTIME_DIR", m_dir.path().toUtf8());
    }

    void aLongStreamIsTakenInWhileTheWindowAnswers_data()
    {
        QTest::addColumn<qint64>("steps");
        QTest::addColumn<int>("workers");
        QTest::addColumn<qint64>("scaleEvery");
        QTest::addColumn<bool>("finish");
        QTest::newRow("1e5 steps, 4 workers, 10 scale events") << qint64(100000) << 4 << qint64(10000) << true;
        QTest::newRow("2e4 steps, 16 workers, still running") << qint64(20000) << 16 << qint64(2500) << false;
        QTest::newRow("1e5 steps, 1 worker, no scaling") << qint64(100000) << 1 << qint64(0) << true;
    }

    // The whole stream as a job's history, replayed at once on attaching (the worst case), its end
    // after it as the leader sends it.
    void aLongStreamIsTakenInWhileTheWindowAnswers()
    {
        QFETCH(qint64, steps);
        QFETCH(int, workers);
        QFETCH(qint64, scaleEvery);
        QFETCH(bool, finish);
        const testing::LongJobShape shape{
            .steps = steps, .workers = workers, .scaleEvery = scaleEvery, .finish = finish
        };
        const auto stream = testing::longJobStream(shape);
        QTemporaryDir jobDir;
        testing::RecordedLeader leader(jobDir.path().toStdString(), {},
            std::vector<edl::JobEvent>(stream.begin(), finish ? stream.end() - 1 : stream.end()));
        if (finish)
            leader.end(std::get<edl::JobStateEvent>(stream.back().payload));
        EdlPage page;
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        // While the steps come in, the event loop turns; a click of the user's, made once the first
        // ones are shown, does not wait for the rest.
        int ticksDuringBacklog = 0;
        QTimer probe;
        probe.setInterval(1);
        connect(&probe, &QTimer::timeout,
            [&] { ticksDuringBacklog += page.currentStep() > 0 && page.currentStep() < steps ? 1 : 0; });
        probe.start();
        auto* tabs = page.findChild<QTabWidget*>(QStringLiteral("edlChartTabs"));
        qint64 stepAtClick = -1;
        bool clickMade = false;
        connect(&page, &EdlPage::stepSeen, &page, [&] {
            if (std::exchange(clickMade, true))
                return;
            QTimer::singleShot(0, &page, [&] {
                QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(1).center());
                stepAtClick = tabs->currentIndex() == 1 ? page.currentStep() : -1;
            });
        });
        QVERIFY(testing::attachEdlJob(&page, jobDir.path()));
        QVERIFY(page.isAttached());
        QTRY_COMPARE_WITH_TIMEOUT(page.currentStep(), steps, 120000);
        probe.stop();
        QVERIFY2(stepAtClick > 0 && stepAtClick < steps, "the click waited for the whole backlog");
        QVERIFY2(ticksDuringBacklog > 1, "the event loop did not turn while the backlog was taken in");
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(0).center());
        QCOMPARE(tabs->currentIndex(), 0);
        if (finish)
            QTRY_COMPARE_WITH_TIMEOUT(page.jobState(), QStringLiteral("finished"), 30000);

        QTest::qWait(250); // the charts' next draw
        auto* loss = page.findChild<widgets::LineChart*>(QStringLiteral("edlChart"));
        const auto lossPoints = loss->points(EdlPage::tr("loss"));
        QCOMPARE(lossPoints.size(), qsizetype(steps));
        // Every value as the stream had it.
        for (const auto& e : stream)
            if (const auto* s = std::get_if<edl::StepEvent>(&e.payload); s && s->step % 9973 == 0)
                QCOMPARE(lossPoints[qsizetype(s->step - 1)], QPointF(double(s->step), s->loss));
        // Drawn decimated: a few points per pixel column, the ends kept.
        const auto drawn = loss->drawnPoints(EdlPage::tr("loss"));
        QVERIFY2(drawn.size() <= 4 * loss->width() + 4, qPrintable(QString::number(drawn.size())));
        QCOMPARE(drawn.front(), lossPoints.front());
        QCOMPARE(drawn.back(), lossPoints.back());
        const qint64 scaleEvents = scaleEvery > 0 ? steps / scaleEvery : 0;
        auto* size = page.findChild<widgets::LineChart*>(QStringLiteral("edlSizeChart"));
        QCOMPARE(size->points(EdlPage::tr("scale events")).size(), qsizetype(scaleEvents));
        QCOMPARE(page.findChild<QTableView*>(QStringLiteral("edlEvents"))->model()->rowCount(), int(scaleEvents));
        auto* step = page.findChild<widgets::LineChart*>(QStringLiteral("edlStepChart"));
        QCOMPARE(step->seriesNames().size(), workers);
        QCOMPARE(page.jobState(), finish ? QStringLiteral("finished") : QStringLiteral("starting"));
        shoot(page,
            QStringLiteral("edl-long-stream-%1")
                .arg(QTest::currentDataTag())
                .replace(QLatin1Char(' '), QLatin1Char('_')));
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(1).center()); // step times
        shoot(page, QStringLiteral("edl-step-times-%1").arg(workers));
        // The worker table shows each member's step time, not zero.
        const Shown shown = shownBy(page);
        QCOMPARE(shown.workers.size(), scaleEvents % 2 == 1 ? workers - 1 : workers);
        for (const QString& row : shown.workers)
            QVERIFY2(!row.split(QLatin1Char('|')).at(5).isEmpty()
                    && row.split(QLatin1Char('|')).at(5) != QStringLiteral("–"),
                qPrintable(row));
    }

    // A job whose leader is gone is not asked (no 5-s wait for an answer that cannot come): the
    // request is answered at once from the job's state, in the same pass of the event loop.
    void requestsToAJobThatEndedAreAnsweredFromItsState()
    {
        EdlPage page;
        trainLong(&page, 1, 3);
        const auto address = edl::readJobFile(testing::edlShownJobDir(&page));
        QCOMPARE(::kill(static_cast<pid_t>(address.leaderPid), SIGKILL), 0);
        QTRY_VERIFY_WITH_TIMEOUT(::kill(static_cast<pid_t>(address.leaderPid), 0) != 0, 30000);
        QSignalSpy answered(&page, &EdlPage::requestFinished);
        QVERIFY(testing::removeEdlWorker(&page, QStringLiteral("w0")));
        QCoreApplication::processEvents();
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.first().first().toBool(), false);
        QVERIFY(shownBy(page).log.last().contains(EdlPage::tr("the job has ended")));
    }

    // Scale-out, scale-in and stop sent to a real job while the page takes in a 10^5-event backlog
    // are answered right, and the job does what they asked. The backlog is a replayed history
    // ahead of the job's own, its live events after both (a stand-in leader passes the job on).
    void requestsAreAnsweredWhileABacklogIsTakenIn()
    {
        EdlPage starter;
        trainLong(&starter, 1, 3);
        const auto real = edl::readJobFile(testing::edlShownJobDir(&starter));
        QVERIFY(testing::click(&starter, QStringLiteral("edlDetach"))); // the job goes on
        QTemporaryDir jobDir;
        testing::RecordedLeader leader(jobDir.path().toStdString(), {},
            testing::longJobStream({ .steps = 100000, .workers = 1, .scaleEvery = 0, .finish = false }), real);
        EdlPage page;
        QSignalSpy answered(&page, &EdlPage::requestFinished);
        QSignalSpy ended(&page, &EdlPage::jobEnded);
        QVERIFY(testing::attachEdlJob(&page, jobDir.path()));
        QTRY_VERIFY_WITH_TIMEOUT(page.currentStep() > 0, 30000); // the backlog is coming in
        QVERIFY(testing::click(&page, QStringLiteral("edlAdd")));
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 30000);
        QCOMPARE(answered.takeFirst().first().toBool(), true);
        QVERIFY(shownBy(page).log.contains(
            EdlPage::tr("%1: accepted (%2)").arg(EdlPage::tr("Scale-out"), QStringLiteral("w1"))));
        QTRY_COMPARE_WITH_TIMEOUT(page.activeWorkers(), 2, 120000); // the backlog's member, then the job's two
        QVERIFY(testing::removeEdlWorker(&page, QStringLiteral("w1")));
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 30000);
        QCOMPARE(answered.takeFirst().first().toBool(), true);
        QTRY_COMPARE_WITH_TIMEOUT(page.activeWorkers(), 1, 60000);
        QVERIFY(testing::click(&page, QStringLiteral("edlStop")));
        QTRY_COMPARE_WITH_TIMEOUT(answered.count(), 1, 30000);
        QCOMPARE(answered.takeFirst().first().toBool(), true);
        QVERIFY(ended.wait(120000) || !ended.isEmpty());
        QCOMPARE(ended.first().first().toString(), QStringLiteral("stopped"));
    }

    // Two runs shown in turn: each time exactly what belongs to the run named, and nothing of the
    // other; a new session shows nothing of the last one.
    void aPageShowsOnlyTheRunItNames()
    {
        const QString file = m_dir.filePath(QStringLiteral("two-runs.vantage"));
        auto s = store::Session::create(file.toStdString());
        const qint64 a = recordJob(s, { .steps = 300, .workers = 2, .scaleEvery = 100 });
        const qint64 b = recordJob(s, { .steps = 700, .workers = 5, .scaleEvery = 0 });
        EdlPage page;
        page.setSession(&s);
        page.resize(1280, 800);
        page.show();
        page.showRun(a);
        const Shown first = shownBy(page);
        shoot(page, QStringLiteral("edl-run-a"));
        page.showRun(b);
        const Shown second = shownBy(page);
        page.showRun(a);
        const Shown again = shownBy(page);

        QCOMPARE(first.curves.value(QStringLiteral("edlChart/") + EdlPage::tr("loss")).size(), 300);
        QCOMPARE(second.curves.value(QStringLiteral("edlChart/") + EdlPage::tr("loss")).size(), 700);
        QCOMPARE(first.events.size(), 3);
        QVERIFY(second.events.isEmpty());
        QCOMPARE(first.workers.size(), 2);
        QCOMPARE(second.workers.size(), 5);
        QCOMPARE(first.log.size(), 3); // its three scale events
        QVERIFY(second.log.isEmpty());
        QVERIFY(first.status.contains(QString::number(a)) && second.status.contains(QString::number(b)));
        QVERIFY(!first.title.contains(QStringLiteral("live")) && second.title.contains(QString::number(b)));
        QCOMPARE(again.curves, first.curves);
        QCOMPARE(again.events, first.events);
        QCOMPARE(again.workers, first.workers);
        QCOMPARE(again.log, first.log);
        QCOMPARE(again.status, first.status);
        for (auto it = second.curves.cbegin(); it != second.curves.cend(); ++it)
            if (!first.curves.contains(it.key()))
                QVERIFY2(it.key().startsWith(QStringLiteral("edlStepChart/")), qPrintable(it.key()));

        auto other = store::Session::create(m_dir.filePath(QStringLiteral("empty.vantage")).toStdString());
        page.setSession(&other);
        const Shown empty = shownBy(page);
        QVERIFY(empty.curves.isEmpty());
        QVERIFY(empty.workers.isEmpty() && empty.events.isEmpty() && empty.log.isEmpty());
        QVERIFY(empty.status.isEmpty());
        page.setSession(nullptr);
    }
};

QTEST_MAIN(TestEdlPageStream)
#include "tst_edl_page_stream.moc"
