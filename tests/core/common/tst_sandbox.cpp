// core/common/sandbox.h, the parent's side: children that answer, crash, abort, hang (with their
// pipes open or closed, with a grandchild), flood their answer, burn CPU, answer with an Error or run
// out of memory, and Cancel; each is an Error naming the file, never this process's hang or crash.
// The children are /bin/sh scripts, so the cases exercise the parent alone; the model reader's own
// walls are tried by tst_cli_hostile_models.

#include "common/error.h"
#include "common/sandbox.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <thread>

using namespace vantage;

namespace {

// Processes whose command line holds `marker` (the grandchildren a script leaves).
int processesWith(const QByteArray& marker)
{
    int n = 0;
    for (const QString& pid : QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f("/proc/" + pid + "/cmdline");
        if (f.open(QIODevice::ReadOnly) && f.readAll().replace('\0', ' ').contains(marker))
            ++n;
    }
    return n;
}

SandboxAnswer runShell(const QString& script, SandboxLimits limits, const CancelToken& cancel = CancelToken())
{
    limits.timeoutKnob = "--the-timeout";
    limits.memoryKnob = "--the-memory";
    return runSandboxed("/bin/sh", { "-c", script.toStdString() }, limits, "model.pt", "loading the model", cancel);
}

} // namespace

class TestSandbox : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void childOutcomes_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<double>("wall");
        QTest::addColumn<double>("cpu");
        QTest::addColumn<qint64>("answerBytes");
        QTest::addColumn<int>("kind"); // -1: answers; else Error::Kind
        QTest::addColumn<QString>("says");
        const int invalid = static_cast<int>(Error::Kind::InvalidInput);
        const int failure = static_cast<int>(Error::Kind::Failure);
        QTest::newRow("answers") << "printf 'hello'" << 30.0 << 30.0 << qint64(1 << 20) << -1 << "hello";
        QTest::newRow("answers after its stderr")
            << "echo noise >&2; printf 'x%.0s' $(seq 1 5000)" << 30.0 << 30.0 << qint64(1 << 20) << -1 << "xxxxx";
        for (const char* sig : { "SEGV", "BUS", "ILL", "FPE", "ABRT", "TERM" })
            QTest::newRow(qPrintable(QString("killed by SIG%1").arg(sig)))
                << QString("echo 'about to die' >&2; kill -%1 $$").arg(sig) << 30.0 << 30.0 << qint64(1 << 20)
                << invalid << QString("about to die");
        QTest::newRow("hangs") << "exec sleep 30" << 0.5 << 30.0 << qint64(1 << 20) << invalid << "did not finish";
        QTest::newRow("hangs with its pipes closed")
            << "exec sleep 30 >&- 2>&-" << 0.5 << 30.0 << qint64(1 << 20) << invalid << "--the-timeout";
        QTest::newRow("floods its answer")
            << "exec yes" << 30.0 << 30.0 << qint64(1 << 20) << invalid << "answered more than";
        QTest::newRow("burns CPU") << "while :; do :; done" << 60.0 << 1.0 << qint64(1 << 20) << invalid << "CPU time";
        QTest::newRow("answers an Error")
            << R"(printf '{"kind":"invalid_input","message":"bad op","file":"m.pt","line":7,"op":"aten::sort"}'; exit 3)"
            << 30.0 << 30.0 << qint64(1 << 20) << invalid << "m.pt:7";
        QTest::newRow("answers a failure") << R"(printf '{"kind":"failure","message":"disk on fire"}'; exit 3)" << 30.0
                                           << 30.0 << qint64(1 << 20) << failure << "disk on fire";
        QTest::newRow("runs out of memory") << R"(printf '{"kind":"memory","message":"std::bad_alloc"}'; exit 3)"
                                            << 30.0 << 30.0 << qint64(1 << 20) << invalid << "--the-memory";
        QTest::newRow("answers garbage as an Error")
            << "printf 'not json'; exit 3" << 30.0 << 30.0 << qint64(1 << 20) << invalid << "unreadable";
        QTest::newRow("exits 9") << "exit 9" << 30.0 << 30.0 << qint64(1 << 20) << failure << "exited with 9";
        QTest::newRow("not found") << "exec /nonexistent/vantage-model-reader" << 30.0 << 30.0 << qint64(1 << 20)
                                   << failure << "exited with 127";
    }
    void childOutcomes()
    {
        QFETCH(QString, script);
        QFETCH(double, wall);
        QFETCH(double, cpu);
        QFETCH(qint64, answerBytes);
        QFETCH(int, kind);
        QFETCH(QString, says);
        SandboxLimits limits;
        limits.wallSeconds = wall;
        limits.cpuSeconds = cpu;
        limits.answerBytes = answerBytes;
        try {
            const SandboxAnswer a = runShell(script, limits);
            QVERIFY2(kind == -1, "the child's failure was taken as an answer");
            QVERIFY(QString::fromStdString(a.bytes).contains(says));
        } catch (const Error& e) {
            QVERIFY2(kind != -1, e.what());
            QCOMPARE(static_cast<int>(e.kind()), kind);
            QVERIFY2(QString(e.what()).contains(says), e.what());
            QVERIFY2(e.file().has_value(), e.what());
        }
    }

    // A child that started children of its own: all of them end with it (its process group).
    void grandchildrenEndWithTheChild()
    {
        const QByteArray marker = "37.25" + QByteArray::number(::getpid() % 1000);
        SandboxLimits limits;
        limits.wallSeconds = 0.5;
        QVERIFY_THROWS_EXCEPTION(Error, runShell("sleep " + marker + " & sleep " + marker + " & wait", limits));
        for (int i = 0; i < 50 && processesWith("sleep " + marker) > 0; ++i)
            QTest::qWait(100);
        QCOMPARE(processesWith("sleep " + marker), 0);
    }

    // Cancel ends a child that would run for a minute, at once.
    void cancelEndsTheChild()
    {
        CancelToken cancel;
        std::thread later([cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel.cancel();
        });
        QElapsedTimer t;
        t.start();
        SandboxLimits limits;
        limits.wallSeconds = 60;
        QVERIFY_THROWS_EXCEPTION(Cancelled, runShell("exec sleep 60", limits, cancel));
        later.join();
        QVERIFY2(t.elapsed() < 55000, "Cancel waited for the wall-clock limit"); // a bound of logic, not speed
    }
};

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
