// The evaluator's one out-of-memory policy (runOrHalve, core/dgi/evaluation_p.h): a batch that runs
// out of memory, as std::bad_alloc or as LibTorch's allocation error, is halved and retried; a
// single row that does not fit is vantage::Error naming what; any other error is not swallowed.

#include "common/error.h"
#include "dgi/evaluation_p.h"

#include <QTest>

#include <new>

using namespace vantage;
using namespace vantage::dgi::detail;

namespace {

[[noreturn]] void throwTorchOutOfMemory()
{
    // What LibTorch's CPU allocator throws when malloc fails: "DefaultCPUAllocator: can't allocate
    // memory: you tried to allocate 4398046511104 bytes" (4 TiB: more than any machine here has).
    (void)torch::empty({ std::int64_t{ 1 } << 40 }, torch::kFloat32);
    throw std::logic_error("LibTorch allocated 4 TiB");
}

} // namespace

class TestDgiOutOfMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aBatchThatFitsRunsOnce()
    {
        int retries = 0, calls = 0;
        QVERIFY(runOrHalve(64, "layer 1", retries, [&] { ++calls; }));
        QCOMPARE(calls, 1);
        QCOMPARE(retries, 0);
    }

    void outOfMemoryAsksForHalf_data()
    {
        QTest::addColumn<bool>("torch");
        QTest::newRow("std::bad_alloc") << false;
        QTest::newRow("LibTorch allocation") << true;
    }

    void outOfMemoryAsksForHalf()
    {
        QFETCH(bool, torch);
        int retries = 0;
        const bool ran = runOrHalve(64, "layer 1", retries, [&] {
            if (torch)
                throwTorchOutOfMemory();
            throw std::bad_alloc();
        });
        QVERIFY(!ran);
        QCOMPARE(retries, 1);
    }

    void oneRowThatDoesNotFitIsAnError_data() { outOfMemoryAsksForHalf_data(); }

    void oneRowThatDoesNotFitIsAnError()
    {
        QFETCH(bool, torch);
        int retries = 0;
        try {
            runOrHalve(1, "layer 2", retries, [&] {
                if (torch)
                    throwTorchOutOfMemory();
                throw std::bad_alloc();
            });
            QFAIL("no error");
        } catch (const Error& e) {
            QCOMPARE(int(e.kind()), int(Error::Kind::Failure));
            QVERIFY2(QString::fromUtf8(e.what()).contains("single node of layer 2"), e.what());
        }
        QCOMPARE(retries, 0);
    }

    void otherErrorsGoOn()
    {
        int retries = 0;
        QVERIFY_THROWS_EXCEPTION(c10::Error, runOrHalve(64, "layer 1", retries, [] {
            (void)torch::zeros({ 2, 3 }).matmul(torch::zeros({ 4, 5 })); // shapes that do not multiply
        }));
        QVERIFY_THROWS_EXCEPTION(
            Error, runOrHalve(64, "layer 1", retries, [] { throw Error::invalidInput("a user's mistake"); }));
        QCOMPARE(retries, 0);
    }
};

QTEST_MAIN(TestDgiOutOfMemory)
#include "tst_dgi_out_of_memory.moc"
