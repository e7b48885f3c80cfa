// TaskRunner: work runs off the GUI thread, progress arrives as queued signals, Cancel reaches
// the work through its token, and failures come back as messages.

#include "task_runner.h"

#include "common/error.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

using namespace vantage;
using namespace vantage::gui;

class TestTaskRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runsOffGuiThreadWithProgress()
    {
        TaskRunner runner;
        QSignalSpy progress(&runner, &TaskRunner::progressChanged);
        QSignalSpy finished(&runner, &TaskRunner::finished);
        std::atomic<QThread*> workThread{ nullptr };
        QVERIFY(runner.start(QStringLiteral("sum"), [&](Progress& p, const CancelToken&) {
            workThread = QThread::currentThread();
            long long s = 0;
            for (int i = 1; i <= 100; ++i) {
                s += i;
                p.report(i / 100.0, "adding");
            }
            return Json{ { "sum", s } };
        }));
        QVERIFY(finished.wait(10000));
        QVERIFY(workThread.load() != QThread::currentThread());
        const auto outcome = finished.first().first().value<TaskOutcome>();
        QCOMPARE(outcome.state, TaskOutcome::State::Done);
        QCOMPARE(outcome.result["sum"].get<long long>(), 5050LL);
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);
        QCOMPARE(progress.last().at(1).toString(), QStringLiteral("adding"));
    }

    void cancelReachesWork()
    {
        TaskRunner runner;
        QSignalSpy finished(&runner, &TaskRunner::finished);
        std::atomic<bool> started{ false };
        runner.start(QStringLiteral("spin"), [&](Progress&, const CancelToken& cancel) {
            started = true;
            for (;;) {
                cancel.throwIfCancelled();
                QThread::msleep(1);
            }
            return Json();
        });
        QTRY_VERIFY(started.load());
        QVERIFY(runner.isRunning());
        runner.cancel();
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().first().value<TaskOutcome>().state, TaskOutcome::State::Cancelled);
    }

    void failureCarriesMessage()
    {
        TaskRunner runner;
        QSignalSpy finished(&runner, &TaskRunner::finished);
        runner.start(QStringLiteral("bad"), [](Progress&, const CancelToken&) -> Json {
            throw Error::invalidInput("batch must be positive").forField("batch");
        });
        QVERIFY(finished.wait(10000));
        const auto outcome = finished.first().first().value<TaskOutcome>();
        QCOMPARE(outcome.state, TaskOutcome::State::Failed);
        QCOMPARE(outcome.error, QStringLiteral("field 'batch': batch must be positive"));
    }

    void oneJobAtATime()
    {
        TaskRunner runner;
        QSignalSpy finished(&runner, &TaskRunner::finished);
        std::atomic<bool> release{ false };
        QVERIFY(runner.start(QStringLiteral("first"), [&](Progress&, const CancelToken&) {
            while (!release)
                QThread::msleep(1);
            return Json(1);
        }));
        QVERIFY(!runner.start(QStringLiteral("second"), [](Progress&, const CancelToken&) { return Json(2); }));
        release = true;
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().value<TaskOutcome>().result.get<int>(), 1);
    }

    void destructorCancelsAndWaits()
    {
        std::atomic<bool> ended{ false };
        {
            TaskRunner runner;
            runner.start(QStringLiteral("long"), [&](Progress&, const CancelToken& cancel) {
                while (!cancel.isCancelled())
                    QThread::msleep(1);
                ended = true;
                return Json();
            });
        }
        QVERIFY(ended.load());
    }

    // A task is running until what it made reaches the GUI thread: a page that asks in between
    // (the work's thread has ended, the outcome is still queued) must not see itself idle and then
    // act on the state the outcome is about to replace.
    void busyUntilTheOutcomeIsDelivered()
    {
        TaskRunner runner;
        QSignalSpy finished(&runner, &TaskRunner::finished);
        std::atomic<bool> returning{ false };
        QVERIFY(runner.start(QStringLiteral("quick"), [&](Progress&, const CancelToken&) {
            returning = true;
            return Json(7);
        }));
        while (!returning)
            QThread::msleep(1);
        QThread::msleep(50); // the work's thread has returned; no event has been processed here
        QVERIFY(runner.isRunning());
        QVERIFY(!runner.start(QStringLiteral("second"), [](Progress&, const CancelToken&) { return Json(8); }));
        QVERIFY(finished.wait(10000));
        QVERIFY(!runner.isRunning());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().value<TaskOutcome>().result.get<int>(), 7);
    }

    // A task waited for and let go of (a restore dropped for a session switch) delivers nothing;
    // the next task's outcome arrives once, its own.
    void aJobLetGoOfDeliversNothing()
    {
        TaskRunner runner;
        QSignalSpy finished(&runner, &TaskRunner::finished);
        QVERIFY(runner.start(QStringLiteral("dropped"), [](Progress&, const CancelToken& cancel) {
            while (!cancel.isCancelled())
                QThread::msleep(1);
            cancel.throwIfCancelled();
            return Json(1);
        }));
        runner.cancel();
        runner.waitForFinished();
        QVERIFY(!runner.isRunning());
        QVERIFY(runner.start(QStringLiteral("next"), [](Progress&, const CancelToken&) { return Json(2); }));
        QVERIFY(finished.wait(10000));
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().value<TaskOutcome>().result.get<int>(), 2);
        QVERIFY(!runner.isRunning());
    }

    // A typed task hands back its own struct (no Json, no shared state), and a failure says whether
    // the user can fix it (vantage::Error's kind) or not (another exception: no kind).
    void typedJobs_data()
    {
        QTest::addColumn<int>("throws"); // 0: returns, 1: Error::invalidInput, 2: Error::failure, 3: std::runtime_error
        QTest::addColumn<int>("state");
        QTest::addColumn<int>("kind"); // -1: none
        QTest::newRow("value") << 0 << int(TaskOutcome::State::Done) << -1;
        QTest::newRow("user's error") << 1 << int(TaskOutcome::State::Failed) << int(Error::Kind::InvalidInput);
        QTest::newRow("failure") << 2 << int(TaskOutcome::State::Failed) << int(Error::Kind::Failure);
        QTest::newRow("other exception") << 3 << int(TaskOutcome::State::Failed) << -1;
    }
    void typedJobs()
    {
        QFETCH(int, throws);
        QFETCH(int, state);
        QFETCH(int, kind);
        struct Made {
            std::vector<int> numbers;
            std::string name;
        };
        TaskRunner runner;
        QSignalSpy finished(&runner, &TaskRunner::finished);
        QVERIFY(runner.startTyped(QStringLiteral("typed"), [throws](Progress&, const CancelToken&) -> std::any {
            if (throws == 1)
                throw Error::invalidInput("seed must be >= 0").forField("seed");
            if (throws == 2)
                throw Error::failure("the disk is full");
            if (throws == 3)
                throw std::runtime_error("bad_alloc, say");
            return std::make_shared<Made>(Made{ { 1, 2, 3 }, "three" });
        }));
        QVERIFY(finished.wait(10000));
        const auto outcome = TypedOutcome<Made>::from(finished.first().first().value<TaskOutcome>());
        QCOMPARE(int(outcome.state), state);
        QCOMPARE(outcome.errorKind ? int(*outcome.errorKind) : -1, kind);
        QCOMPARE(outcome.userCanFix(), throws == 1);
        if (throws == 0) {
            QVERIFY(outcome.value != nullptr);
            QCOMPARE(outcome.value->numbers, (std::vector<int>{ 1, 2, 3 }));
            QCOMPARE(outcome.value->name, std::string("three"));
        } else {
            QVERIFY(outcome.value == nullptr);
            QVERIFY(!outcome.error.isEmpty());
        }
    }
};

QTEST_MAIN(TestTaskRunner)
#include "tst_task_runner.moc"
