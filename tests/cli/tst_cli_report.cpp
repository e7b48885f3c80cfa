// vantage-cli report as a user runs it: HTML, CSV and PDF files, the format taken from --out,
// --runs, --json output, exit codes and messages for bad input, and a clear error when the GUI
// program that lays out PDFs is missing.

#include "../core/report/report_fixture.h"
#include "cli_harness.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace report_fixture;

namespace {

using cli_harness::Result;

Result cli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    return cli_harness::run(QStringLiteral(VANTAGE_CLI), args, 120000, env);
}

QByteArray head(const QString& file, int n)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.read(n) : QByteArray();
}

} // namespace

class TestCliReport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_session;
    Ids m_ids;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        m_session = path("s.vantage");
        m_ids = makeSession(m_session.toStdString());
    }

    void html()
    {
        const QString out = path("report.html");
        const auto r = cli({ "--json", "report", m_session, "--out", out }); // format from the suffix
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["format"].toString(), QStringLiteral("html"));
        QCOMPARE(r.json()["runs"].toArray().size(), 5);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString error;
        auto doc = parseHtml(f.readAll(), &error);
        QVERIFY2(doc, qPrintable(error));
        QCOMPARE(doc->all([](const Node& n) { return n.name == QLatin1String("div") && n.hasClass("run"); }).size(),
            std::size_t(5));

        const QString some = path("some.html");
        const auto r2 = cli({ "report", m_session, "--format", "html", "--out", some, "--runs",
            QStringLiteral("%1,%2").arg(m_ids.ppac).arg(m_ids.ft), "--title", "Two of them" });
        QCOMPARE(r2.code, 0);
        QVERIFY(r2.out.contains("with 2 runs"));
        QFile g(some);
        QVERIFY(g.open(QIODevice::ReadOnly));
        auto doc2 = parseHtml(g.readAll(), &error);
        QVERIFY2(doc2, qPrintable(error));
        const auto runs = doc2->all([](const Node& n) { return n.name == QLatin1String("div") && n.hasClass("run"); });
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0]->attr("id"), QStringLiteral("run-%1").arg(m_ids.ppac));
        QCOMPARE(doc2->first([](const Node& n) { return n.name == QLatin1String("title"); })->text(),
            QStringLiteral("Two of them"));
    }

    void csv()
    {
        const QString out = path("data");
        const auto r = cli({ "--json", "report", m_session, "--format", "csv", "--out", out });
        QCOMPARE(r.code, 0);
        const auto files = r.json()["files"].toArray();
        QVERIFY(files.size() > 10);
        for (const auto& f : files)
            QVERIFY2(QFile::exists(f.toString()), qPrintable(f.toString()));
        const auto rows = parseCsv(readAll((out + QStringLiteral("/runs.csv")).toStdString()));
        QCOMPARE(rows.size(), std::size_t(6));
        QCOMPARE(rows[1][0].toLongLong(), m_ids.ft);
        QVERIFY(QFile::exists(out + QStringLiteral("/run-%1/frontier.csv").arg(m_ids.ft)));
        QVERIFY(QFile::exists(out + QStringLiteral("/run-%1/metrics.csv").arg(m_ids.ppac)));
    }

    // The zip holds the files of the folder export, byte for byte but for the generation time.
    void zip()
    {
        const QString out = path("raw.zip");
        const auto r = cli({ "--json", "report", m_session, "--out", out });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["format"].toString(), QStringLiteral("zip"));
        const auto entries = r.json()["entries"].toArray();
        QVERIFY(entries.size() > 10);
        QCOMPARE(entries.last().toString(), QStringLiteral("raw/index.json"));
        QCOMPARE(head(out, 4), QByteArray("PK\x03\x04", 4));

        const QString unpacked = path("unpacked");
        QProcess unzip;
        unzip.start(QStringLiteral("/usr/bin/python3"), { "-m", "zipfile", "-e", out, unpacked });
        QVERIFY(unzip.waitForFinished(60000));
        QCOMPARE(unzip.exitCode(), 0);
        const QString folder = path("folder-export");
        QCOMPARE(cli({ "report", m_session, "--format", "csv", "--out", folder }).code, 0);
        QStringList inZip, inFolder;
        for (const auto& e : entries)
            inZip << e.toString().mid(4); // without "raw/"
        QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            inFolder << QDir(folder).relativeFilePath(it.next());
        inZip.sort();
        inFolder.sort();
        QCOMPARE(inZip, inFolder);
        for (const QString& f : inFolder)
            if (f != QLatin1String("index.json"))
                QVERIFY2(readAll((unpacked + "/raw/" + f).toStdString()) == readAll((folder + "/" + f).toStdString()),
                    qPrintable(f));
        // Nothing of the work is left beside the archive.
        QVERIFY(
            QDir(m_dir.path()).entryList({ ".vantage-zip-*", "*.partial" }, QDir::Hidden | QDir::AllEntries).isEmpty());

        // A folder that does not exist: bad input (exit 2), the error names it, no file.
        const QString nowhere = path("no-such-dir/raw.zip");
        const auto bad = cli({ "report", m_session, "--out", nowhere });
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(path("no-such-dir").toUtf8()), bad.err.constData());
        QVERIFY(!QFile::exists(nowhere));
    }

    void pdf()
    {
        const QString out = path("report.pdf");
        // A temporary folder of its own, so that other suites running at the same time do not count.
        const QString tmp = path("tmp");
        QVERIFY(QDir().mkpath(tmp));
        auto tmpEnv = QProcessEnvironment::systemEnvironment();
        tmpEnv.insert(QStringLiteral("TMPDIR"), tmp);
        const auto temps
            = [tmp] { return QDir(tmp).entryList({ QStringLiteral("vantage-report-*") }, QDir::Dirs | QDir::Hidden); };
        const QStringList tempsBefore = temps();
        QVERIFY(tempsBefore.isEmpty());
        const auto r = cli({ "--json", "report", m_session, "--out", out }, tmpEnv);
#ifdef VANTAGE_HAVE_GUI
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(head(out, 5), QByteArray("%PDF-"));
        QProcess info;
        info.start(QStringLiteral("pdfinfo"), { out });
        QVERIFY(info.waitForFinished(30000));
        const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
                           .match(QString::fromUtf8(info.readAllStandardOutput()));
        QVERIFY(m.hasMatch());
        QCOMPARE(r.json()["pages"].toInt(), m.captured(1).toInt());
        QVERIFY(r.json()["pages"].toInt() >= 6); // the title page and one or more per run
        // No temporary HTML is left behind.
        QCOMPARE(temps(), tempsBefore);
#else
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("GUI program"), r.err.constData());
        QVERIFY(head(out, 5).isEmpty()); // nothing written
#endif
        // Without the GUI program: a clear error, no file.
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("VANTAGE_GUI"), path("no-such-dir/vantage"));
        const QString never = path("never.pdf");
        const auto missing = cli({ "report", m_session, "--format", "pdf", "--out", never }, env);
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains("VANTAGE_GUI") && missing.err.contains(path("no-such-dir/vantage").toUtf8()),
            missing.err.constData());
        QVERIFY(!QFile::exists(never));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown run") << QStringList{ "report", "SESSION", "--out", "OUT/x.html", "--runs", "1,999" }
                                     << 2 << "no run with id 999";
        QTest::newRow("bad run list") << QStringList{ "report", "SESSION", "--out", "OUT/x.html", "--runs", "1,x" } << 2
                                      << "--runs";
        QTest::newRow("unknown format") << QStringList{ "report", "SESSION", "--format", "docx", "--out", "OUT/x.docx" }
                                        << 2 << "docx";
        QTest::newRow("no --out") << QStringList{ "report", "SESSION" } << 2 << "--out";
        QTest::newRow("missing session") << QStringList{ "report", "OUT/none.vantage", "--out", "OUT/x.html" } << 2
                                         << "none.vantage";
        QTest::newRow("unwritable html") << QStringList{ "report", "SESSION", "--out", "OUT/no-such-dir/x.html" } << 2
                                         << "OUT/no-such-dir/x.html";
        QTest::newRow("csv under a file")
            << QStringList{ "report", "SESSION", "--format", "csv", "--out", "SESSION/data" } << 1 << "SESSION/data";
        // Refused before the PDF printer (the GUI program) is looked for.
        QTest::newRow("unwritable pdf") << QStringList{ "report", "SESSION", "--out", "OUT/no-such-dir/x.pdf" } << 2
                                        << "OUT/no-such-dir/x.pdf";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        for (QString& a : args)
            a.replace(QStringLiteral("SESSION"), m_session).replace(QStringLiteral("OUT"), m_dir.path());
        message.replace(QStringLiteral("SESSION"), m_session).replace(QStringLiteral("OUT"), m_dir.path());
        const auto r = cli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.html"))));
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_cli_report.moc"
