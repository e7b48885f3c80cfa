// Hostile and broken input through vantage-cli, as a hostile but fair user gives it (issue 14):
// every command that reads a file, and option strings that cannot be. Each case must end in
// seconds with exit code 2 and a message naming what was wrong: never a crash, a hang, unbounded
// memory or a raw library exception. The files are the classes the fuzzers start from: NUL bytes
// (a sparse 2 GB file, nothing on disk), nesting 100,000 deep, numbers beyond a double, node ids
// near INT64_MAX, shapes whose product overflows, sessions missing their tables.

#include "cli_harness.h"
#include "dgi/npy.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>

namespace {

using cli_harness::Result;
namespace fs = std::filesystem;

constexpr int kLimitMs = 60000; // far above what any case takes (a hang shows as exit -1)

void write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QByteArray nested(int depth)
{
    QByteArray b;
    b.reserve(depth * 6);
    for (int i = 0; i < depth; ++i)
        b += "{\"a\":";
    b += "1";
    b += QByteArray(depth, '}');
    return b;
}

} // namespace

class TestCliHostile : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    void sparseNul(const QString& name)
    {
        const fs::path p = path(name).toStdString();
        std::ofstream{ p };
        fs::resize_file(p, 2ull << 30);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const char* name : { "nul.json", "nul.txt", "nul.csv", "nul.csv.gz", "nul.vppac", "nul.pt", "nul.vantage",
                 "nul.hosts", "nul-job.json" })
            sparseNul(QString::fromLatin1(name));
        write(path("deep.json"), nested(100000));
        write(path("overflow.json"),
            "{\"ops\": [{\"name\": \"a\", \"configs\": [{\"name\": \"x\", \"time\": 1e999, \"memory\": 1}]}]}");
        // Two ops whose times are each finite but add up beyond a double.
        write(path("sum.json"),
            "{\"ops\": [{\"name\": \"a\", \"configs\": [{\"name\": \"x\", \"time\": 1e308, \"memory\": 1}]},\n         "
            "               {\"name\": \"b\", \"configs\": [{\"name\": \"x\", \"time\": 1e308, \"memory\": 1}]}],\n    "
            "            \"edges\": [{\"from\": \"a\", \"to\": \"b\"}]}");
        write(path("int64max.txt"), "0 1\n1 9223372036854775807\n");
        write(path("beyond.txt"), "0 1\n1 99999999999999999999999\n");
        write(path("ids4e9.txt"), "0 1\n1 4000000000\n");
        write(path("small.txt"), "0 1\n1 2\n2 0\n");
        // .npy: a shape whose product overflows int64, and indices out of range beside a good indptr.
        const std::int64_t indptr[] = { 0, 1, 2, 2 };
        const std::int64_t badIndices[] = { 5, 1 };
        vantage::dgi::writeNpy(path("indptr.npy").toStdString(), vantage::dgi::NpyType::Int64, { 4 }, indptr);
        vantage::dgi::writeNpy(path("bad_indices.npy").toStdString(), vantage::dgi::NpyType::Int64, { 2 }, badIndices);
        QByteArray npy("\x93NUMPY\x01\x00", 8);
        QByteArray dict = "{'descr': '<i8', 'fortran_order': False, 'shape': (4294967296, 4294967296, 16), }";
        dict += QByteArray(63 - (10 + dict.size()) % 64, ' ') + "\n";
        npy += char(dict.size() & 0xff);
        npy += char(dict.size() >> 8);
        write(path("overflow.npy"), npy + dict);
        // A graph directory whose graph.json disagrees with its arrays, and one nested deep.
        for (const char* d : { "graph-counts", "graph-deep" }) {
            QDir().mkpath(path(d));
            QFile::copy(path("indptr.npy"), path(d) + "/indptr.npy");
            vantage::dgi::writeNpy(
                (path(d) + "/indices.npy").toStdString(), vantage::dgi::NpyType::Int64, { 2 }, indptr);
        }
        write(path("graph-counts/graph.json"),
            "{\"format\": \"vantage-dgi-graph\", \"version\": 1, \"nodes\": 7, \"edges\": 2}");
        write(path("graph-deep/graph.json"), nested(100000));
        // A session without its runs table.
        QCOMPARE(
            cli_harness::run(QStringLiteral(VANTAGE_CLI), { "session", "new", path("noruns.vantage") }, kLimitMs).code,
            0);
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(path("noruns.vantage").toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "DROP TABLE series_points; DROP TABLE series; DROP TABLE artifacts; DROP TABLE runs;",
                     nullptr, nullptr, nullptr),
            SQLITE_OK);
        sqlite3_close(db);
    }

    void refusedWithExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString d = m_dir.path() + "/";
        // A 2 GB file of NUL bytes, to every command that reads a file.
        QTest::newRow("NUL: ft frontier --costs")
            << QStringList{ "ft", "frontier", "--costs", d + "nul.json" } << "256.00 MiB";
        QTest::newRow("NUL: ft search --graph")
            << QStringList{ "ft", "search", "--graph", d + "nul.json" } << "256.00 MiB";
        QTest::newRow("NUL: ft search --cluster")
            << QStringList{ "ft", "search", "--model", "bert-large", "--cluster", d + "nul.json" } << "256.00 MiB";
        QTest::newRow("NUL: dgi edge list") << QStringList{ "dgi", "info", "--graph", d + "nul.txt" } << "NUL byte";
        QTest::newRow("NUL: dgi OGB csv") << QStringList{ "dgi", "info", "--graph", d + "nul.csv" } << "NUL byte";
        QTest::newRow("NUL: dgi OGB csv.gz") << QStringList{ "dgi", "info", "--graph", d + "nul.csv.gz" } << "NUL byte";
        QTest::newRow("NUL: dgi TorchScript model")
            << QStringList{ "dgi", "eval", "--graph", "er:n=50", "--model", d + "nul.pt" } << "not a zip archive";
        QTest::newRow("NUL: ppac dataset") << QStringList{ "ppac", "overview", "--dataset", d + "nul.txt", "--format",
            "lines", "--test", d + "small.txt" }
                                           << "NUL byte";
        QTest::newRow("NUL: ppac .vppac") << QStringList{ "ppac", "eval", "--model", d + "nul.vppac" } << "VPPACMDL";
        QTest::newRow("NUL: edl --hosts")
            << QStringList{ "edl", "run", "--workers", "1", "--hosts", d + "nul.hosts" } << "1.00 MiB";
        QTest::newRow("NUL: edl --resume") << QStringList{ "edl", "run", "--workers", "1", "--resume", d + "nul.pt" }
                                           << "not an elastic-job checkpoint";
        QTest::newRow("NUL: edl status --job")
            << QStringList{ "edl", "status", "--job", d + "nul-job.json" } << "256.00 MiB";
        QTest::newRow("NUL: session list") << QStringList{ "session", "list", d + "nul.vantage" } << "not an SQLite";
        // Nesting 100,000 deep (it crashed every FT reader after 20-50 s).
        QTest::newRow("deep: ft frontier --costs")
            << QStringList{ "ft", "frontier", "--costs", d + "deep.json" } << "nested deeper than 200";
        QTest::newRow("deep: ft search --graph")
            << QStringList{ "ft", "search", "--graph", d + "deep.json" } << "nested deeper than 200";
        QTest::newRow("deep: ft --cluster")
            << QStringList{ "ft", "search", "--model", "bert-large", "--cluster", d + "deep.json" } << "nested deeper";
        QTest::newRow("deep: dgi graph.json")
            << QStringList{ "dgi", "info", "--graph", d + "graph-deep" } << "nested deeper";
        QTest::newRow("deep: edl status --job")
            << QStringList{ "edl", "status", "--job", d + "deep.json" } << "nested deeper";
        // Numbers beyond a double, or whose sum is.
        QTest::newRow("1e999 in a cost file")
            << QStringList{ "ft", "frontier", "--costs", d + "overflow.json" } << "1e999";
        QTest::newRow("costs adding up to infinity")
            << QStringList{ "ft", "frontier", "--costs", d + "sum.json" } << "beyond the range of a double";
        // Node ids and counts that cannot be.
        QTest::newRow("node id INT64_MAX")
            << QStringList{ "dgi", "info", "--graph", d + "int64max.txt" } << "beyond the limit";
        QTest::newRow("node id beyond int64")
            << QStringList{ "dgi", "info", "--graph", d + "beyond.txt" } << "out of range";
        QTest::newRow("node id 4e9") << QStringList{ "dgi", "info", "--graph", d + "ids4e9.txt" } << "renumber";
        QTest::newRow("--num-nodes -5") << QStringList{ "dgi", "info", "--graph", d + "small.txt", "--num-nodes", "-5" }
                                        << "cannot be negative";
        QTest::newRow("--num-nodes huge") << QStringList{ "dgi", "info", "--graph", d + "small.txt", "--num-nodes",
            "9223372036854775807" } << "nodes";
        QTest::newRow("npy shape overflow")
            << QStringList{ "dgi", "info", "--graph", "csr:" + d + "overflow.npy," + d + "bad_indices.npy" } << "shape";
        QTest::newRow("bad indices blamed on indices.npy")
            << QStringList{ "dgi", "info", "--graph", "csr:" + d + "indptr.npy," + d + "bad_indices.npy" }
            << "bad_indices.npy: inconsistent CSC graph";
        QTest::newRow("graph.json counts")
            << QStringList{ "dgi", "info", "--graph", d + "graph-counts" } << "says 7 nodes";
        // Bounds on work.
        QTest::newRow("dgi --threads 100000")
            << QStringList{ "dgi", "eval", "--graph", "er:n=50", "--model", "gcn", "--threads", "100000" } << "threads";
        QTest::newRow("ft --threads 100000") << QStringList{ "ft", "search", "--model", "bert-large", "--devices", "8",
            "--threads", "100000" } << "threads";
        // Sessions.
        QTest::newRow("session without its runs table")
            << QStringList{ "session", "list", d + "noruns.vantage" } << "table 'runs' is missing";
        // Option strings.
        QTest::newRow("--kill a worker that never exists")
            << QStringList{ "edl", "run", "--workers", "2", "--kill", "step=1:worker=9" } << "never exists";
        QTest::newRow("--straggler nan:5")
            << QStringList{ "edl", "run", "--workers", "2", "--straggler", "nan:5" } << "straggler";
        QTest::newRow("--straggler 2x:5")
            << QStringList{ "edl", "run", "--workers", "2", "--straggler", "2x:5" } << "FACTOR:STEPS";
        QTest::newRow("ppac overview ignores no option")
            << QStringList{ "ppac", "overview", "--dataset", d + "small.txt", "--similar-users", d + "small.txt" }
            << "similar-users";
    }
    void refusedWithExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = cli_harness::run(QStringLiteral(VANTAGE_CLI), args, kLimitMs);
        QVERIFY2(r.code != -1, "crashed or hung");
        QVERIFY2(r.code == 2, qPrintable(QString("exit %1: %2").arg(r.code).arg(QString::fromUtf8(r.err))));
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(!r.err.contains("json.exception"), r.err.constData());
    }

    // The worker's own reader of checkpoints (vantage-edl-worker inspect).
    void workerInspectRefusesNul()
    {
        const Result r
            = cli_harness::run(QStringLiteral(VANTAGE_EDL_WORKER_BIN), { "inspect", path("nul.pt") }, kLimitMs);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("not an elastic-job checkpoint"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
