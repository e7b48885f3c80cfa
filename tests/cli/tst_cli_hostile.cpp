// Hostile and broken input through vantage-cli, as a hostile but fair user gives it (issue 14):
// every command that reads a file, and option strings that cannot be. Each case must end in
// seconds with exit code 2 and a message naming what was wrong: never a crash, a hang, unbounded
// memory or a raw library exception. The files are the classes the fuzzers start from: NUL bytes
// (a sparse 2 GB file, nothing on disk), nesting 100,000 deep, numbers beyond a double, node ids
// near INT64_MAX, shapes whose product overflows, sessions missing their tables.

#include "cli_harness.h"
#include "dgi/npy.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

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

QByteArray opGraph(const char* vocab, const char* batch)
{
    return QByteArray("{\"name\": \"tiny\", \"ops\": [{\"name\": \"embed\", \"kind\": \"embedding\", \"batch\": ")
        + batch + ", \"seq\": 16, \"vocab\": " + vocab
        + ", \"out\": 64}, {\"name\": \"head\", \"kind\": \"linear\", \"inputs\": [\"embed\"], \"out\": 100}, "
          "{\"name\": \"loss\", \"kind\": \"loss\", \"inputs\": [\"head\"]}]}";
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

        // FIFOs nobody writes to: formats read by seeking refuse them at once.
        for (const char* name : { "fifo.vantage", "fifo.npy", "fifo.pt", "fifo.txt" })
            QCOMPARE(::mkfifo(path(name).toUtf8().constData(), 0600), 0);
        // An edge list whose gzip stream is cut in the middle (the ids before the cut are valid).
        QByteArray edges;
        for (int i = 0; i < 20000; ++i)
            edges += QByteArray::number(i) + " " + QByteArray::number(i + 1) + "\n";
        write(path("whole.txt"), edges);
        QProcess gz;
        gz.start("gzip", { "-c", path("whole.txt") });
        QVERIFY(gz.waitForFinished(30000));
        const QByteArray packed = gz.readAllStandardOutput();
        QVERIFY(packed.size() > 1000);
        write(path("cut.txt.gz"), packed.left(packed.size() / 2));
        // Sizes whose products overflow 64 bits (2^54 x 1024 wrapped to the size of a small vocabulary).
        write(path("vocab-2e54.json"), opGraph("18014398509513984", "8"));
        write(path("batch-2e62.json"), opGraph("1000", "4611686018427387904"));
        // 8,201 ops of 2^50 parameters each (the most one op may have): their sum passes int64.
        QByteArray wide = "{\"name\": \"wide\", \"ops\": [{\"name\": \"h0\", \"kind\": \"embedding\", \"batch\": 1, "
                          "\"seq\": 1, \"vocab\": 33554432, \"out\": 33554432}";
        for (int i = 1; i <= 8200; ++i)
            wide += ", {\"name\": \"h" + QByteArray::number(i) + "\", \"kind\": \"linear\", \"inputs\": [\"h"
                + QByteArray::number(i - 1) + "\"], \"out\": 33554432}";
        write(path("params-2e63.json"), wide + ", {\"name\": \"loss\", \"kind\": \"loss\", \"inputs\": [\"h8200\"]}]}");
        // Features holding a NaN, and an infinity.
        for (const auto& [name, bad] : { std::pair{ "nan.npy", std::nanf("") }, std::pair{ "inf.npy", INFINITY } }) {
            std::vector<float> x(3 * 4, 0.5f);
            x[7] = bad;
            vantage::dgi::writeNpy(path(name).toStdString(), vantage::dgi::NpyType::Float32, { 3, 4 }, x.data());
        }
        write(path("a-file"), "not a folder");
        QCOMPARE(
            cli_harness::run(QStringLiteral(VANTAGE_CLI), { "session", "new", path("empty.vantage") }, kLimitMs).code,
            0);
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
                                        << "--num-nodes: must be a whole number of at least 0";
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
        QTest::newRow("FIFO: session list") << QStringList{ "session", "list", d + "fifo.vantage" } << "FIFO";
        QTest::newRow("FIFO: --session") << QStringList{ "--session", d + "fifo.vantage", "ft", "search", "--model",
            "bert-large", "--devices", "8" }
                                         << "FIFO";
        QTest::newRow("FIFO: dgi csr .npy")
            << QStringList{ "dgi", "info", "--graph", "csr:" + d + "fifo.npy," + d + "indptr.npy" } << "FIFO";
        QTest::newRow("FIFO: dgi features") << QStringList{ "dgi", "eval", "--graph", d + "small.txt", "--model", "gcn",
            "--features", d + "fifo.npy" } << "FIFO";
        QTest::newRow("FIFO: dgi TorchScript model")
            << QStringList{ "dgi", "partition", "--model", d + "fifo.pt" } << "FIFO";
        QTest::newRow("gzip cut short") << QStringList{ "dgi", "info", "--graph", d + "cut.txt.gz" } << "truncated";
        QTest::newRow("vocab 2^54 (its product wrapped)") << QStringList{ "ft", "search", "--graph",
            d + "vocab-2e54.json", "--devices", "4" } << "at most 2147483647";
        QTest::newRow("batch 2^62 in an op graph") << QStringList{ "ft", "search", "--graph", d + "batch-2e62.json",
            "--devices", "4" } << "at most 2147483647";
        QTest::newRow("--batch INT64_MAX for a zoo model") << QStringList{ "ft", "search", "--model", "bert-large",
            "--batch", "9223372036854775807", "--devices", "8" }
                                                           << "--batch: must be a whole number from 0 to";
        QTest::newRow("NaN in the features")
            << QStringList{ "dgi", "eval", "--graph", d + "small.txt", "--model", "gcn", "--features", d + "nan.npy" }
            << "row 1, column 3 is NaN";
        QTest::newRow("infinity in the features") << QStringList{ "dgi", "eval", "--graph", d + "small.txt", "--model",
            "gcn", "--features", d + "inf.npy" } << "is infinite";
        QTest::newRow("dgi --hidden 2^31 - 1") << QStringList{ "dgi", "eval", "--graph", d + "small.txt", "--model",
            "gcn", "--hidden", "2147483647" } << "--hidden: must be a whole number from 1 to 65536";
        QTest::newRow("--memory-budget beyond int64") << QStringList{ "dgi", "eval", "--graph", d + "small.txt",
            "--model", "gcn", "--memory-budget", "99999999999999999999G" }
                                                      << "--memory-budget: must be a size from 0 B to 1.00 PiB";
        QTest::newRow("ppac generate 2e9 users") << QStringList{ "ppac", "generate", "--out", d + "gen-huge", "--users",
            "2000000000", "--items", "2000000000" }
                                                 << "500 million";
        QTest::newRow("--out in a folder that does not exist") << QStringList{ "ft", "export", "--model", "bert-large",
            "--devices", "8", "--out", d + "no-such-folder/s.json" }
                                                               << "does not exist";
        QTest::newRow("--out a directory")
            << QStringList{ "ft", "export", "--model", "bert-large", "--devices", "8", "--out", d } << "is a directory";
        QTest::newRow("dgi partition --nodes 2^62 (bytes past int64)") << QStringList{ "dgi", "partition", "--model",
            "gcn", "--nodes", "4611686018427387904" } << "more than 2^63 bytes";
        QTest::newRow("parameters adding up past int64")
            << QStringList{ "ft", "search", "--graph", d + "params-2e63.json", "--devices", "4" } << "more than 2^63";
        QTest::newRow("report --format csv onto a file")
            << QStringList{ "report", d + "empty.vantage", "--format", "csv", "--out", d + "a-file" } << "not a folder";
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

    // Valid files as other tools write them: a UTF-8 byte order mark (Windows editors, Excel's
    // "CSV UTF-8"), RFC 4180 quoted CSV fields holding the delimiter, a gzip-compressed CSV named
    // .csv.gz. Each is read to the same figures as its plain twin.
    void unusualButValidFilesAreRead()
    {
        const QByteArray bom = "\xEF\xBB\xBF";
        write(path("bom-edges.txt"), bom + "0 1\n1 2\n2 0\n");
        const Result g = cli_harness::run(
            QStringLiteral(VANTAGE_CLI), { "--json", "-q", "dgi", "info", "--graph", path("bom-edges.txt") }, kLimitMs);
        QVERIFY2(g.code == 0, g.err.constData());
        QCOMPARE(g.json().value("edges").toInt(), 3);

        QDir().mkpath(path("bom-lines"));
        QByteArray train, test;
        for (int u = 0; u < 30; ++u) {
            train += QByteArray::number(u);
            for (int k = 0; k < 6; ++k)
                train += " " + QByteArray::number((u + 3 * k) % 40);
            train += "\n";
            test += QByteArray::number(u) + " " + QByteArray::number((u + 1) % 40) + "\n";
        }
        write(path("bom-lines/train.txt"), bom + train);
        write(path("bom-lines/test.txt"), bom + test);
        QByteArray quoted = bom + "user,item\n", plain = "user,item\n";
        for (int u = 0; u < 30; ++u)
            for (int k = 0; k < 8; ++k) {
                quoted += "\"u" + QByteArray::number(u) + "\",\"it,em" + QByteArray::number((u + 5 * k) % 40) + "\"\n";
                plain += "u" + QByteArray::number(u) + ",item" + QByteArray::number((u + 5 * k) % 40) + "\n";
            }
        write(path("quoted.csv"), quoted);
        write(path("plain.csv"), plain);
        // A quote inside an unquoted field is an ordinary character; "" inside a quoted one is a
        // quote: half the rows write item it"emK one way, half the other, so both ways must name
        // the same 40 items.
        QByteArray escaped = "user,item\n";
        for (int u = 0; u < 30; ++u)
            for (int k = 0; k < 8; ++k) {
                const QByteArray item = QByteArray::number((u + 5 * k) % 40);
                escaped += "u" + QByteArray::number(u) + ","
                    + (k % 2 == 0 ? "it\"em" + item : "\"it\"\"em" + item + "\"") + "\n";
            }
        write(path("escaped.csv"), escaped);
        QProcess gz;
        gz.start("gzip", { "-k", "-f", path("plain.csv") });
        QVERIFY(gz.waitForFinished(30000));
        QCOMPARE(gz.exitCode(), 0);
        const auto overview = [&](const QString& dataset) {
            const Result r = cli_harness::run(
                QStringLiteral(VANTAGE_CLI), { "--json", "-q", "ppac", "overview", "--dataset", dataset }, kLimitMs);
            if (r.code != 0)
                qWarning("%s", r.err.constData());
            return r.code == 0 ? r.json() : QJsonObject();
        };
        const QJsonObject lines = overview(path("bom-lines"));
        QCOMPARE(lines.value("users").toInt(), 30);
        QCOMPARE(lines.value("train_interactions").toInt(), 30 * 6);
        const QJsonObject q = overview(path("quoted.csv")), p = overview(path("plain.csv")),
                          z = overview(path("plain.csv.gz")), e = overview(path("escaped.csv"));
        QCOMPARE(q.value("items").toInt(), 40);
        QCOMPARE(e.value("items").toInt(), 40);
        QCOMPARE(e.value("train_interactions").toInt(), p.value("train_interactions").toInt());
        for (const char* key : { "users", "items", "train_interactions", "test_interactions" }) {
            QCOMPARE(q.value(key).toInt(), p.value(key).toInt());
            QCOMPARE(z.value(key).toInt(), p.value(key).toInt());
        }
    }

    // A command that cannot write its last output writes none: ft export's --svg goes to a missing
    // folder, the strategy JSON already there stays as it was.
    void failedCommandLeavesItsOutputsAlone()
    {
        write(path("kept.json"), "PRECIOUS\n");
        const Result r = cli_harness::run(QStringLiteral(VANTAGE_CLI),
            { "ft", "export", "--model", "bert-large", "--devices", "8", "--out", path("kept.json"), "--svg",
                path("no-such-folder/x.svg") },
            kLimitMs);
        QCOMPARE(r.code, 2);
        QFile f(path("kept.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("PRECIOUS\n"));
    }

    // --out through a symbolic link writes the file it points to (the link stays a link); a
    // dangling link creates its target; /dev/stdout is written through.
    void outputsFollowLinks()
    {
        write(path("target.json"), "old\n");
        const fs::path link = path("link.json").toStdString(), dangling = path("dangling.json").toStdString();
        fs::create_symlink("target.json", link);
        fs::create_symlink("created.json", dangling);
        for (const fs::path& out : { link, dangling }) {
            const Result r = cli_harness::run(QStringLiteral(VANTAGE_CLI),
                { "-q", "ft", "export", "--model", "bert-large", "--devices", "8", "--out",
                    QString::fromStdString(out) },
                kLimitMs);
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY(fs::is_symlink(fs::symlink_status(out)));
        }
        for (const char* name : { "target.json", "created.json" }) {
            QFile f(path(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(f.readAll().contains("\"devices\": 8"), name);
        }
        const Result r = cli_harness::run(QStringLiteral(VANTAGE_CLI),
            { "-q", "ft", "export", "--model", "bert-large", "--devices", "8", "--out", "/dev/stdout" }, kLimitMs);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("\"devices\": 8"));
    }

    // A file replaced by --out keeps its permissions (a private file stays private, an executable
    // bit stays); a new file gets the umask's; '-' is standard output, as in other tools, not a
    // file named '-'.
    void outputsKeepPermissionsAndDashIsStdout()
    {
        const QStringList exportArgs{ "-q", "ft", "export", "--model", "bert-large", "--devices", "8", "--out" };
        for (const mode_t mode : { mode_t(0600), mode_t(0640), mode_t(0755) }) {
            const QString file = path(QString("mode-%1.json").arg(mode, 0, 8));
            write(file, "old\n");
            QCOMPARE(::chmod(file.toUtf8().constData(), mode), 0);
            const Result r = cli_harness::run(QStringLiteral(VANTAGE_CLI), exportArgs + QStringList{ file }, kLimitMs);
            QVERIFY2(r.code == 0, r.err.constData());
            struct stat st { };
            QCOMPARE(::stat(file.toUtf8().constData(), &st), 0);
            QCOMPARE(st.st_mode & 07777, mode);
            QVERIFY(st.st_size > 100);
        }
        const mode_t mask = ::umask(0);
        ::umask(mask);
        const QString fresh = path("fresh.json");
        QCOMPARE(cli_harness::run(QStringLiteral(VANTAGE_CLI), exportArgs + QStringList{ fresh }, kLimitMs).code, 0);
        struct stat st { };
        QCOMPARE(::stat(fresh.toUtf8().constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0666 & ~mask);

        QProcess p;
        p.setWorkingDirectory(m_dir.path());
        p.start(QStringLiteral(VANTAGE_CLI), exportArgs + QStringList{ "-" });
        QVERIFY(p.waitForFinished(kLimitMs));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject strategy = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(strategy.value("devices").toInt(), 8);
        QVERIFY(!QFile::exists(path("-")));

        // The same for DGI's output, which a layer-wise run writes straight into its file: a
        // private file stays private, and '-' gets the whole .npy.
        const QStringList evalArgs{ "-q", "dgi", "eval", "--graph", "rmat:n=1000,deg=4,seed=1", "--model", "gcn",
            "--hidden", "16", "--out" };
        const QString emb = path("private-emb.npy");
        write(emb, "old\n");
        QCOMPARE(::chmod(emb.toUtf8().constData(), 0600), 0);
        QCOMPARE(cli_harness::run(QStringLiteral(VANTAGE_CLI), evalArgs + QStringList{ emb }, kLimitMs).code, 0);
        QCOMPARE(::stat(emb.toUtf8().constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QCOMPARE(st.st_size, off_t(128 + 1000 * 16 * 4));
        QProcess d;
        d.setWorkingDirectory(m_dir.path());
        d.start(QStringLiteral(VANTAGE_CLI), evalArgs + QStringList{ "-" });
        QVERIFY(d.waitForFinished(kLimitMs));
        QCOMPARE(d.exitCode(), 0);
        const QByteArray npy = d.readAllStandardOutput();
        QVERIFY2(npy.startsWith("\x93NUMPY") && npy.contains("'shape': (1000, 16)"), npy.left(128).constData());
        QCOMPARE(npy.size(), 128 + 1000 * 16 * 4);
        QVERIFY(!QFile::exists(path("-")));
    }

    // A signal cancels the command at its next check: the run is stored as cancelled and the exit
    // code is 128 + the signal, as a shell reports a command the signal ended (130 for Ctrl-C, 143
    // for SIGTERM, which a scheduler or `timeout` sends).
    void signalCancelsWithItsExitCode_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("busy"); // the progress that says the long part is under way
        QTest::addColumn<QString>("output"); // what --out names: an earlier file there stays as it was
        const QString kept = path("kept-emb.npy");
        const QStringList eval{ "dgi", "eval", "--graph", "rmat:n=300000,deg=8,seed=1", "--model", "gcn", "--layers",
            "4", "--hidden", "512", "--in-dim", "64", "--threads", "1", "--out", kept };
        QTest::newRow("SIGINT (Ctrl-C) while the layers run") << int(SIGINT) << eval << QByteArray("layerwise") << kept;
        QTest::newRow("SIGTERM while the layers run") << int(SIGTERM) << eval << QByteArray("layerwise") << kept;
        // 10^8 edges: seconds of drawing, which stop at the next chunk of edges.
        QTest::newRow("SIGINT while a graph is generated")
            << int(SIGINT)
            << QStringList{ "dgi", "generate", "--graph", "rmat:n=4000000,deg=25,seed=3", "--out", path("big-graph") }
            << QByteArray("generating") << QString();
    }
    void signalCancelsWithItsExitCode()
    {
        QFETCH(int, signal);
        QFETCH(QStringList, args);
        QFETCH(QByteArray, busy);
        QFETCH(QString, output);
        if (!output.isEmpty())
            write(output, "an earlier output\n");
        const QString session = path(QString("cancelled-%1.vantage").arg(qHash(QByteArray(QTest::currentDataTag()))));
        QProcess p;
        p.start(QStringLiteral(VANTAGE_CLI), QStringList{ "--session", session } + args);
        QVERIFY(p.waitForStarted());
        QByteArray err;
        QElapsedTimer waited;
        waited.start();
        while (!err.contains(busy) && waited.elapsed() < 60000 && p.state() == QProcess::Running) {
            p.waitForReadyRead(100);
            err += p.readAllStandardError();
        }
        QVERIFY2(err.contains(busy), qPrintable("no '" + busy + "' progress from the command: " + err));
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(p.processId()), signal);
        QVERIFY2(p.waitForFinished(30000), "still running 30 s after the signal");
        err += p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 128 + signal);
        QVERIFY2(err.contains("cancelled") && !err.contains("did not stop"), err.constData());
        const Result shown
            = cli_harness::run(QStringLiteral(VANTAGE_CLI), { "--json", "session", "show", session }, kLimitMs);
        QCOMPARE(shown.code, 0);
        const QJsonArray runs = shown.json().value("runs").toArray();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().toObject().value("status").toString(), QString("cancelled"));
        if (!output.isEmpty()) {
            QFile earlier(output);
            QVERIFY(earlier.open(QIODevice::ReadOnly));
            QCOMPARE(earlier.readAll(), QByteArray("an earlier output\n"));
        }
        QVERIFY(QDir(m_dir.path()).entryList({ "*.vantage-partial-*" }, QDir::Files | QDir::Hidden).isEmpty());
        QVERIFY(!QFile::exists(path("big-graph")));
    }

    // JSON stored in a session is read with the limits of every JSON input: a run whose parameters
    // nest 100,000 deep (the report's writers overflowed the stack on it) is shown as its text.
    void deeplyNestedJsonInASession()
    {
        const QString file = path("deep.vantage");
        QCOMPARE(cli_harness::run(QStringLiteral(VANTAGE_CLI),
                     { "-q", "--session", file, "ft", "search", "--model", "bert-large", "--devices", "8" }, kLimitMs)
                     .code,
            0);
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
        sqlite3_stmt* st = nullptr;
        QCOMPARE(sqlite3_prepare_v2(db, "UPDATE runs SET params = ?, result = ?", -1, &st, nullptr), SQLITE_OK);
        const QByteArray deep = QByteArray(100000, '[') + QByteArray(100000, ']');
        sqlite3_bind_text(st, 1, deep.constData(), static_cast<int>(deep.size()), SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, deep.constData(), static_cast<int>(deep.size()), SQLITE_TRANSIENT);
        QCOMPARE(sqlite3_step(st), SQLITE_DONE);
        sqlite3_finalize(st);
        sqlite3_close(db);
        for (const QStringList& args : { QStringList{ "report", file, "--out", path("deep.html") },
                 QStringList{ "report", file, "--format", "csv", "--out", path("deep-csv") },
                 QStringList{ "session", "show", file, "--run", "1" } }) {
            const Result r = cli_harness::run(QStringLiteral(VANTAGE_CLI), args, kLimitMs);
            QVERIFY2(r.code == 0, qPrintable(args.join(' ') + ": " + QString::fromUtf8(r.err)));
        }
    }

    // A FIFO nobody writes to, given where a text file may be a pipe (an edge list): opening it
    // blocks, and SIGTERM still ends the command (within its 10 s grace), not only SIGKILL.
    void sigtermEndsACommandBlockedOnAFifo()
    {
        QProcess p;
        p.start(QStringLiteral(VANTAGE_CLI), { "dgi", "info", "--graph", path("fifo.txt") });
        QVERIFY(p.waitForStarted());
        // Wait until the command is in open(): a writer's non-blocking open succeeds only then.
        // The write end stays open (nothing written), so the command then blocks in its read.
        int writer = -1;
        for (int i = 0; i < 600 && writer < 0; ++i) {
            writer = ::open(path("fifo.txt").toUtf8().constData(), O_WRONLY | O_NONBLOCK);
            if (writer < 0)
                QTest::qWait(50);
        }
        QVERIFY2(writer >= 0, "the command never opened the FIFO");
        QTest::qWait(200);
        QElapsedTimer t;
        t.start();
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY2(p.waitForFinished(30000), "still running 30 s after SIGTERM");
        QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 128 + SIGTERM);
        QVERIFY(p.readAllStandardError().contains("did not stop"));
        ::close(writer);
    }

    // The worker's own reader of checkpoints (vantage-edl-worker inspect).
    void workerInspectRefusesNul()
    {
        const Result r
            = cli_harness::run(QStringLiteral(VANTAGE_EDL_WORKER_BIN), { "inspect", path("nul.pt") }, kLimitMs);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("not an elastic-job checkpoint"), r.err.constData());
        // A FIFO as a checkpoint: refused at once (its size is checked against the header), no hang.
        const Result f
            = cli_harness::run(QStringLiteral(VANTAGE_EDL_WORKER_BIN), { "inspect", path("fifo.pt") }, kLimitMs);
        QCOMPARE(f.code, 2);
        QVERIFY2(f.err.contains("FIFO"), f.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "tst_cli_hostile.moc"
