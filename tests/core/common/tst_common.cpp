// core/common: error messages carry their context, JSON errors name file/line/field, progress
// composes and cancellation is observed by every copy of a token.

#include "common/assert.h"
#include "common/error.h"
#include "common/graphviz.h"
#include "common/json.h"
#include "common/progress.h"
#include "common/text_input.h"
#include "common/threads.h"
#include "common/units.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace vantage;

class TestCommon : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A broken invariant stops the process with the condition, the message and where (the tests
    // are built with assertions on); a kept one costs nothing.
    void assertionAbortsWithTheMessage()
    {
        VANTAGE_ASSERT(1 + 1 == 2, "arithmetic holds");
        int pipeFds[2];
        QCOMPARE(::pipe(pipeFds), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::dup2(pipeFds[1], 2);
            const int planned = 3;
            VANTAGE_ASSERT(planned == 4, "the evaluator planned a store it does not have");
            ::_exit(0); // not reached
        }
        ::close(pipeFds[1]);
        std::string err;
        char buf[256];
        for (ssize_t n; (n = ::read(pipeFds[0], buf, sizeof buf)) > 0;)
            err.append(buf, static_cast<std::size_t>(n));
        ::close(pipeFds[0]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status));
        QCOMPARE(WTERMSIG(status), SIGABRT);
        QVERIFY2(err.find("internal error: the evaluator planned a store it does not have (planned == 4 is false)")
                != std::string::npos,
            err.c_str());
        QVERIFY2(err.find("tst_common.cpp:") != std::string::npos, err.c_str());
    }

    void errorFormatsContext_data()
    {
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("parts");
        QTest::newRow("message only") << "bad thing" << 0;
        QTest::newRow("file") << "a.json: bad thing" << 1;
        QTest::newRow("file line") << "a.json:7: bad thing" << 2;
        QTest::newRow("file line field") << "a.json:7: field 'time': bad thing" << 3;
        QTest::newRow("all") << "a.json:7: field 'time': bad thing (in conv1)" << 4;
    }
    void errorFormatsContext()
    {
        QFETCH(QString, expected);
        QFETCH(int, parts);
        Error e = Error::invalidInput("bad thing");
        if (parts >= 1)
            e.inFile("a.json");
        if (parts >= 2)
            e.atLine(7);
        if (parts >= 3)
            e.forField("time");
        if (parts >= 4)
            e.inOp("conv1");
        QCOMPARE(QString::fromStdString(e.what()), expected);
        QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        QCOMPARE(QString::fromStdString(e.message()), QStringLiteral("bad thing"));
    }

    void errorChainsOnTemporaries()
    {
        try {
            throw Error::invalidInput("negative").inFile("x.json").atLine(3).forField("memory");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("x.json:3: field 'memory': negative"));
            QCOMPARE(*e.line(), std::int64_t(3));
            return;
        }
        QFAIL("no exception");
    }

    void jsonSyntaxErrorNamesLine()
    {
        const std::string text = "{\n  \"a\": 1,\n  \"b\": [1, 2,,]\n}\n";
        try {
            parseJson(text, "model.json");
            QFAIL("parsed invalid JSON");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QCOMPARE(*e.file(), std::string("model.json"));
            QCOMPARE(*e.line(), std::int64_t(3));
        }
    }

    // The one JSON reader bounds what it takes: nesting, NUL bytes, numbers beyond a double, the
    // size of a file; each refusal names the source and the line.
    void jsonRefusesHostileText_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QByteArray deep;
        for (int i = 0; i < 100000; ++i)
            deep += "[";
        QTest::newRow("100,000 levels of arrays") << deep << "nested deeper than 200" << 1;
        QByteArray objects = "{\n";
        for (int i = 0; i < 201; ++i)
            objects += "{\"a\":";
        QTest::newRow("201 levels of objects") << objects << "nested deeper than 200" << 2;
        QTest::newRow("number overflow") << QByteArray("{\n\"time\": 1e999}") << "1e999" << 2;
        QTest::newRow("negative overflow") << QByteArray("[\n\n-1e400]") << "-1e400" << 3;
        QTest::newRow("NUL byte") << QByteArray("{\"a\":\n1\0}", 10) << "NUL byte" << 2;
        QTest::newRow("brackets inside strings are not nesting")
            << QByteArray("[\"" + QByteArray(500, '[') + "\", ") << "parse error" << 1;
    }
    void jsonRefusesHostileText()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        try {
            (void)parseJson(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), "x.json");
            QFAIL("accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
            QVERIFY2(std::string(e.what()).find(message.toStdString()) != std::string::npos, e.what());
            QCOMPARE(e.file().value_or(""), std::string("x.json"));
            QCOMPARE(e.line().value_or(0), std::int64_t(line));
        }
    }

    void jsonAtTheDepthLimitParses()
    {
        const std::string text = std::string(200, '[') + std::string(200, ']');
        QCOMPARE(parseJson(text).size(), std::size_t(1));
        QVERIFY(parseJson("[\"[[[[\", \"}}}}\\\"{{\"]").is_array());
    }

    // Files: refused on the size before reading, and on the first block that shows binary data,
    // so a 2 GB file of NUL bytes costs one block (a sparse file: nothing on disk).
    void textFilesRefusedEarly()
    {
        QTemporaryDir dir;
        const std::filesystem::path nul = dir.filePath("nul.json").toStdString();
        std::filesystem::resize_file((std::ofstream(nul), nul), 2ull << 30);
        try {
            (void)readJsonFile(nul);
            QFAIL("accepted");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("256.00 MiB") != std::string::npos, e.what());
        }
        try {
            (void)readTextFile(nul, { .what = "an edge list" });
            QFAIL("accepted");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("NUL byte at byte 0), expected an edge list") != std::string::npos,
                e.what());
        }
        LineReader lines(nul, { .what = "an edge list" });
        std::string_view line;
        QVERIFY_THROWS_EXCEPTION(Error, lines.next(line));
        // One endless line.
        const std::filesystem::path endless = dir.filePath("endless.txt").toStdString();
        std::ofstream(endless) << "0 1\n" << std::string(3u << 20, '7');
        LineReader l2(endless, { .what = "an edge list" });
        QVERIFY(l2.next(line));
        QCOMPARE(line, std::string_view("0 1"));
        try {
            l2.next(line);
            QFAIL("accepted");
        } catch (const Error& e) {
            QCOMPARE(e.line().value_or(0), 2);
            QVERIFY2(std::string(e.what()).find("longer than 1.00 MiB") != std::string::npos, e.what());
        }
        // CRLF and a last line without a newline.
        const std::filesystem::path crlf = dir.filePath("crlf.txt").toStdString();
        std::ofstream(crlf) << "a\r\nbb\r\n\nccc";
        LineReader l3(crlf, {});
        std::vector<std::string> got;
        while (l3.next(line))
            got.emplace_back(line);
        QCOMPARE(got, (std::vector<std::string>{ "a", "bb", "", "ccc" }));
        QCOMPARE(l3.lineNumber(), 4);
        QCOMPARE(readTextFile(crlf, {}), std::string("a\r\nbb\r\n\nccc"));
    }

    void threadCountsAreBounded()
    {
        QVERIFY(resolveThreadCount(0) >= 1);
        QCOMPARE(resolveThreadCount(3), 3);
        for (int bad : { -1, maxThreadCount() + 1, 100000 })
            QVERIFY_THROWS_EXCEPTION(Error, resolveThreadCount(bad, "threads"));
    }

    // Integer fields take integers in the field's range, however the text writes them.
    void jsonIntegerFieldsInRange()
    {
        const Json j = parseJson("{\"a\": 3.0, \"b\": 18446744073709551637, \"c\": 4294967296, \"d\": -1, "
                                 "\"e\": 2.5, \"f\": 18446744073709551615, \"g\": 1e300}");
        QCOMPARE(jsonField<int>(j, "a", "t"), 3);
        QCOMPARE(jsonField<std::uint64_t>(j, "f", "t"), std::uint64_t(18446744073709551615ull));
        QCOMPARE(jsonField<std::int64_t>(j, "c", "t"), std::int64_t(4294967296));
        const std::vector<std::pair<const char*, int>> bad
            = { { "b", 64 }, { "c", 32 }, { "d", 0 }, { "e", 32 }, { "f", 63 }, { "g", 64 } };
        for (const auto& [key, bits] : bad) {
            try {
                if (bits == 64)
                    (void)jsonField<std::uint64_t>(j, key, "t");
                else if (bits == 63)
                    (void)jsonField<std::int64_t>(j, key, "t");
                else if (bits == 32)
                    (void)jsonField<int>(j, key, "t");
                else
                    (void)jsonField<unsigned>(j, key, "t");
                QFAIL(key);
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::InvalidInput);
                QCOMPARE(e.field().value_or(""), std::string(key));
            }
        }
    }

    void jsonFieldErrors()
    {
        const Json j = parseJson("{\"batch\": 32, \"name\": \"bert\", \"list\": [1,2]}");
        QCOMPARE(jsonField<int>(j, "batch", "model"), 32);
        QCOMPARE(jsonFieldOr<int>(j, "missing", 5, "model"), 5);
        try {
            jsonField<int>(j, "name", "model 'x'");
            QFAIL("wrong type accepted");
        } catch (const Error& e) {
            QCOMPARE(*e.field(), std::string("name"));
            QVERIFY(std::string(e.what()).find("wrong type") != std::string::npos);
            QVERIFY(std::string(e.what()).find("model 'x'") != std::string::npos);
        }
        try {
            jsonField<int>(j, "nope", "model");
            QFAIL("missing accepted");
        } catch (const Error& e) {
            QVERIFY(std::string(e.what()).find("is missing") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(Error, jsonFieldOr<int>(j, "name", 1, "m"));
        QVERIFY_THROWS_EXCEPTION(Error, jsonField<int>(Json::array(), "a", "m"));
    }

    void jsonFileRoundTripIsAtomic()
    {
        QTemporaryDir dir;
        const auto path = std::filesystem::path(dir.path().toStdString()) / "out.json";
        writeJsonFile(path, Json{ { "k", 1 } });
        writeJsonFile(path, Json{ { "k", 2 } });
        QCOMPARE(readJsonFile(path)["k"].get<int>(), 2);
        // No temporary left behind.
        int files = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
            ++files;
        QCOMPARE(files, 1);
        QVERIFY_THROWS_EXCEPTION(Error, readJsonFile(path.parent_path() / "missing.json"));
        QVERIFY_THROWS_EXCEPTION(Error, writeJsonFile("/nonexistent-dir/x.json", Json::object()));
    }

    void subProgressMapsRanges()
    {
        std::vector<std::pair<double, std::string>> seen;
        CallbackProgress root([&](double f, std::string_view p) { seen.emplace_back(f, std::string(p)); });
        {
            SubProgress a(root, 0.0, 0.25, "load");
            a.report(0.0, "");
            a.report(1.0, "file 2");
        }
        SubProgress b(root, 0.25, 1.0);
        b.report(0.5, "train");
        QCOMPARE(seen.size(), std::size_t(3));
        QCOMPARE(seen[0].second, std::string("load"));
        QCOMPARE(seen[1].first, 0.25);
        QCOMPARE(seen[1].second, std::string("load: file 2"));
        QCOMPARE(seen[2].first, 0.625);
        QCOMPARE(seen[2].second, std::string("train"));
    }

    void callbackProgressThrottles()
    {
        int calls = 0;
        CallbackProgress p([&](double, std::string_view) { ++calls; });
        for (int i = 0; i <= 100000; ++i)
            p.report(i / 100000.0, "x");
        QVERIFY(calls <= 202);
        QVERIFY(calls >= 100);
    }

    void cancelTokenSharedAcrossCopiesAndThreads()
    {
        CancelToken t;
        const CancelToken copy = t;
        QVERIFY(!copy.isCancelled());
        std::thread th([t] { t.cancel(); });
        th.join();
        QVERIFY(copy.isCancelled());
        QVERIFY_THROWS_EXCEPTION(Cancelled, copy.throwIfCancelled());
        try {
            copy.throwIfCancelled();
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Cancelled);
        }
        CancelToken fresh;
        fresh.throwIfCancelled();
    }

    void graphvizRendersSvg()
    {
        const std::string svg = renderDotToSvg("digraph { a -> b; b -> c; a [label=" + dotQuote("conv \"1\"") + "]; }");
        QVERIFY(svg.find("<svg") != std::string::npos);
        QVERIFY(svg.find("conv &quot;1&quot;") != std::string::npos);
        // Three nodes, two edges.
        QCOMPARE(QString::fromStdString(svg).count(QStringLiteral("class=\"node\"")), 3);
        QCOMPARE(QString::fromStdString(svg).count(QStringLiteral("class=\"edge\"")), 2);
        try {
            renderDotToSvg("digraph { a -> ; }");
            QFAIL("bad DOT accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::InvalidInput);
        }
        QVERIFY_THROWS_EXCEPTION(Error, renderDotToSvg("digraph { a; }", "no-such-layout"));
    }

    void unitsReadable()
    {
        QCOMPARE(QString::fromStdString(formatBytes(512)), QStringLiteral("512 B"));
        QCOMPARE(QString::fromStdString(formatBytes(1.5 * 1024 * 1024 * 1024)), QStringLiteral("1.50 GiB"));
        QCOMPARE(QString::fromStdString(formatSeconds(0.0125)), QStringLiteral("12.50 ms"));
        QCOMPARE(QString::fromStdString(formatSeconds(200)), QStringLiteral("3 min 20 s"));
        QCOMPARE(QString::fromStdString(formatCount(340e6)), QStringLiteral("340.00 M"));
    }
};

QTEST_GUILESS_MAIN(TestCommon)
#include "tst_common.moc"
