// app/gui/report_pdf: the report as a paged PDF. Page count and page starts are read back with
// poppler's pdfinfo and pdftotext, the numbers of every engine's run are found in the text, the
// charts are drawn (their axis titles are text in the PDF), and page 1 is rendered with pdftoppm to
// screenshots/ in the build folder for a look.

#include "../core/report/report_fixture.h"
#include "common/units.h"
#include "common/version.h"
#include "report/html_report.h"
#include "report/text.h"
#include "report_pdf.h"

#include <QDir>
#include <QImage>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace vantage;
using namespace report_fixture;
namespace fs = std::filesystem;

namespace {

QString tool(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QStringLiteral("<%1 failed: %2>").arg(program, QString::fromUtf8(p.readAllStandardError()));
    return QString::fromUtf8(p.readAllStandardOutput());
}

int pdfPages(const QString& pdf)
{
    const auto m
        = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(tool(QStringLiteral("pdfinfo"), { pdf }));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// The PDF sets "fi", "fl", "ff", "ffi", "ffl" as ligatures and pdftotext gives them back as
// U+FB00..U+FB04; compatibility normalisation turns them into their letters (a temporary folder
// named "tst_report_pdf-fiOLso" once made the session's path "not on the title page").
QString pageText(const QString& pdf, int page)
{
    return tool(QStringLiteral("pdftotext"),
        { QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"), QString::number(page),
            QStringLiteral("-layout"), pdf, QStringLiteral("-") })
        .normalized(QString::NormalizationForm_KC);
}

// Whether one of the first two lines of a page's text starts with `heading`. The last line of the
// page before may come first: a block at a page's foot is drawn, clipped, on both pages, and
// pdftotext reads clipped text too.
bool opensWith(const QString& page, const QString& heading)
{
    const QStringList lines = page.trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (int i = 0; i < std::min<int>(2, lines.size()); ++i)
        if (lines[i].trimmed().startsWith(heading))
            return true;
    return false;
}

// Whitespace of any kind and length as one space, so that text wrapped in a table cell still matches.
QString flat(const QString& text)
{
    return text.simplified();
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// Renders one page at 60 dpi into the build folder's screenshots/ and returns the image.
QImage renderPage(const QString& pdf, int page, const QString& name)
{
    const QString dir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
    QDir().mkpath(dir);
    const QString base = dir + QLatin1Char('/') + name;
    tool(QStringLiteral("pdftoppm"),
        { QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("60"), QStringLiteral("-f"),
            QString::number(page), QStringLiteral("-l"), QString::number(page), QStringLiteral("-singlefile"), pdf,
            base });
    return QImage(base + QStringLiteral(".png"));
}

// Share of pixels that are not near-white.
double inkShare(const QImage& image)
{
    qint64 ink = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 200)
                ++ink;
    return static_cast<double>(ink) / std::max<qint64>(1, qint64(image.width()) * image.height());
}

// A filled area of `colour`: hundreds of pixels, not the few that antialiased lines blend into it.
bool hasColour(const QImage& image, const QColor& colour)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - colour.red()) <= 3 && std::abs(qGreen(p) - colour.green()) <= 3
                && std::abs(qBlue(p) - colour.blue()) <= 3)
                ++n;
        }
    return n >= 400;
}

} // namespace

class TestReportPdf : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    fs::path m_session;
    Ids m_ids;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    int m_n = 0;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_session = fs::path(m_dir.path().toStdString()) / "engines.vantage";
        m_ids = makeSession(m_session);
    }

    void pagesTextAndPicture()
    {
        auto s = store::Session::open(m_session, store::Session::Mode::ReadOnly);
        const std::string html = report::renderHtml(s, { .generatedAt = "2024-05-01T12:00:00Z" });
        const QString pdf = path("report.pdf");
        QString error;
        gui::PdfReport info;
        QVERIFY2(gui::writePdfReport(q(html), pdf, &error, &info), qPrintable(error));
        const int pages = pdfPages(pdf);
        QCOMPARE(pages, info.pages);
        const auto runs = s.runs();
        QVERIFY2(pages >= 1 + static_cast<int>(runs.size()), qPrintable(QString::number(pages)));

        // Every page has its number in the footer; page 1 is the title page.
        QStringList text;
        for (int p = 1; p <= pages; ++p) {
            text << pageText(pdf, p);
            QVERIFY2(
                flat(text.back()).contains(QStringLiteral("Page %1 of %2").arg(p).arg(pages)), qPrintable(text.back()));
        }
        const QString first = flat(text[0]);
        for (const QString& expected : { q(s.title()), QStringLiteral("Contents"), q(m_session.string()),
                 QStringLiteral("2024-05-01 12:00:00 UTC"), QStringLiteral(VANTAGE_VERSION) })
            QVERIFY2(
                first.contains(expected), qPrintable(expected + QStringLiteral(" not on the title page:\n") + text[0]));

        // Each run starts a page of its own, in order, with its heading first.
        std::vector<int> starts;
        for (const auto& r : runs) {
            const QString heading = QStringLiteral("Run %1 ·").arg(r.id);
            const int previous = starts.empty() ? 1 : starts.back();
            int page = -1;
            for (int p = previous + 1; p <= pages && page < 0; ++p)
                if (opensWith(text[p - 1], heading))
                    page = p;
            QVERIFY2(page > previous, qPrintable(heading));
            starts.push_back(page);
        }
        // The appendix follows the last run, on pages of its own.
        int appendix = -1;
        for (int p = starts.back() + 1; p <= pages && appendix < 0; ++p)
            if (opensWith(text[p - 1], QStringLiteral("Appendix: parameters and results as stored")))
                appendix = p;
        QVERIFY2(appendix > starts.back(), qPrintable(text.join(QStringLiteral("\n---\n")).right(3000)));
        QVERIFY2(pages <= 16, qPrintable(QString::number(pages))); // 5 runs: a report, not a dump
        QString body, rawText;
        for (int p = 1; p <= pages; ++p)
            (p < appendix ? body : rawText) += text[p - 1] + QLatin1Char('\n');
        // Keys of stored JSON ("edges[0].bytes", "cluster.nodes") only in the appendix.
        static const QRegularExpression key(QStringLiteral("\\b[a-z_]+(\\[\\d+\\])?\\.[a-z_]+\\b"));
        for (const QString& line : body.split(QLatin1Char('\n'))) {
            const auto m = key.match(line);
            QVERIFY2(!m.hasMatch() || line.contains(QLatin1String(".vantage")) || line.contains(QLatin1String(".svg"))
                    || line.contains(QLatin1String(".dot")) || line.contains(QLatin1String(".csv")),
                qPrintable(line));
        }
        QVERIFY(flat(rawText).contains(QStringLiteral("cluster.nodes")) && key.match(rawText).hasMatch());
        QVERIFY(flat(rawText).contains(
            q(report::formatNumber(s.run(m_ids.dgi).result["speedup"]["nodewise"].get<double>()))));

        std::map<std::int64_t, QString> runText; // the text of each run's pages
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const int end = i + 1 < runs.size() ? starts[i + 1] : appendix;
            for (int p = starts[i]; p < end; ++p)
                runText[runs[i].id] += text[p - 1] + QLatin1Char('\n');
        }

        // The numbers, on the pages of their runs.
        for (const auto& r : runs) {
            const QString t = flat(runText[r.id]);
            if (!r.summary.empty())
                QVERIFY2(t.contains(q(r.summary)), qPrintable(q(r.summary) + QStringLiteral(" missing in\n") + t));
            if (!r.error.empty())
                QVERIFY2(t.contains(q(r.error)), qPrintable(q(r.error)));
        }
        {
            const auto r = s.run(m_ids.ft);
            const QString t = flat(runText[r.id]);
            // The chart, drawn as vectors, names its axes with the tables' units; the summary comes first.
            for (const char* words : { "Time per iteration (ms)", "Memory per device (GiB)", "Figure Value",
                     "The fastest strategy that fits in device memory" })
                QVERIFY2(t.contains(QLatin1String(words)), words);
            for (const auto& f : r.result["frontiers"]) {
                double fastest = 1e300;
                for (const auto& p : f["points"])
                    fastest = std::min(fastest, p["time"].get<double>());
                QVERIFY2(t.contains(q(formatSeconds(fastest))), qPrintable(q(formatSeconds(fastest))));
                for (const auto& b : f["baselines"])
                    QVERIFY(t.contains(q(formatBytes(b["memory"].get<double>()))));
            }
        }
        {
            const auto r = s.run(m_ids.ppac);
            const QString t = flat(runText[r.id]);
            int found = 0;
            for (const char* split : { "full", "balanced" })
                for (auto it = r.result["metrics"][split].begin(); it != r.result["metrics"][split].end(); ++it) {
                    if (it.key() == "users")
                        continue;
                    const double v = it.value().get<double>();
                    const QString shown = QString::number(v, 'f', 4);
                    QVERIFY2(t.contains(shown),
                        qPrintable(q(it.key()) + QLatin1Char(' ') + split + QLatin1Char(' ') + shown));
                    ++found;
                }
            QCOMPARE(found, 42);
            QVERIFY(t.contains(QStringLiteral("loss")));
        }
        {
            const auto r = s.run(m_ids.dgi);
            const QString t = flat(runText[r.id]);
            QVERIFY(t.contains(q(formatSeconds(r.result["total_s"].get<double>()))));
            QVERIFY(t.contains(QStringLiteral("Time per layer")) && t.contains(QStringLiteral("Time (ms)")));
            QVERIFY(t.contains(QStringLiteral("layer_cut.svg")));
            // The SVG artifact is drawn: its box colours are on one of the run's pages.
            bool drawn = false;
            for (std::size_t i = 0; i < runs.size(); ++i)
                if (runs[i].id == m_ids.dgi) {
                    const int end = i + 1 < runs.size() ? starts[i + 1] : pages + 1;
                    for (int p = starts[i]; p < end && !drawn; ++p) {
                        const QImage image = renderPage(pdf, p, QStringLiteral("report_dgi_%1").arg(p));
                        drawn
                            = hasColour(image, QColor(0xcf, 0xe3, 0xf3)) && hasColour(image, QColor(0xf9, 0xdf, 0xc9));
                    }
                }
            QVERIFY(drawn);
        }
        {
            const auto r = s.run(m_ids.edl);
            const QString t = flat(runText[r.id]);
            QVERIFY(t.contains(
                QStringLiteral("Final loss: %1.").arg(q(report::formatNumber(r.result["final_loss"].get<double>())))));
            QVERIFY(
                t.contains(QStringLiteral("Samples per second")) && t.contains(QStringLiteral("Workers over time")));
            QVERIFY(t.contains(q(r.name)));
        }

        // A look at the title page and at the FT run's first page.
        const QImage page1 = renderPage(pdf, 1, QStringLiteral("report_page1"));
        QVERIFY(!page1.isNull());
        QVERIFY(std::abs(page1.width() - 496) <= 2 && std::abs(page1.height() - 702) <= 2); // A4 at 60 dpi
        QVERIFY(inkShare(page1) > 0.01);
        int ftPage = 0;
        for (int p = 1; p <= pages && !ftPage; ++p)
            if (opensWith(text[p - 1], QStringLiteral("Run %1 ·").arg(m_ids.ft)))
                ftPage = p;
        const QImage ft = renderPage(pdf, ftPage, QStringLiteral("report_ft"));
        QVERIFY(inkShare(ft) > 0.03);
    }

    void exactPageCount()
    {
        // The title page, one page for a failed run that has only a few lines, and the appendix.
        auto s = store::Session::open(m_session, store::Session::Mode::ReadOnly);
        const QString pdf = path("failed.pdf");
        QString error;
        gui::PdfReport info;
        QVERIFY2(gui::writePdfReport(q(report::renderHtml(s, { .runs = { m_ids.failed } })), pdf, &error, &info),
            qPrintable(error));
        QCOMPARE(pdfPages(pdf), 3);
        QCOMPARE(info.pages, 3);
        QVERIFY(flat(pageText(pdf, 2)).startsWith(QStringLiteral("Run %1 ·").arg(m_ids.failed)));
        QVERIFY(flat(pageText(pdf, 2)).contains(QStringLiteral("The run failed: worker 2 lost")));
        QVERIFY(flat(pageText(pdf, 3)).startsWith(QStringLiteral("Appendix: parameters and results as stored")));
    }

    // File > Export Report writes numbers in the UI's locale: German decimal commas and thousands
    // dots in the figures, the tables and the chart-free summary; the CLI's reports stay in C.
    void exportInTheUiLocale_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::newRow("German") << QLocale(QLocale::German, QLocale::Germany);
        QTest::newRow("English") << QLocale(QLocale::English, QLocale::UnitedStates);
    }
    void exportInTheUiLocale()
    {
        QFETCH(QLocale, locale);
        const QLocale before;
        QLocale::setDefault(locale);
        auto s = store::Session::open(m_session, store::Session::Mode::ReadOnly);
        const QString pdf = path(QStringLiteral("locale-%1.pdf").arg(locale.name()));
        QString error;
        const bool written = gui::exportReport(s, { m_ids.ft, m_ids.dgi }, pdf, &error);
        QLocale::setDefault(before);
        QVERIFY2(written, qPrintable(error));
        const auto language = [&] {
            QLocale::setDefault(locale);
            auto l = gui::uiReportLanguage();
            QLocale::setDefault(before);
            return l;
        }();
        QCOMPARE(q(language.decimalPoint), QString(locale.decimalPoint()));
        QString all;
        for (int p = 1; p <= pdfPages(pdf); ++p)
            all += flat(pageText(pdf, p)) + QLatin1Char(' ');
        const auto r = s.run(m_ids.ft);
        double fastest = 1e300;
        for (const auto& f : r.result["frontiers"])
            for (const auto& p : f["points"])
                fastest = std::min(fastest, p["time"].get<double>());
        const QString ms = locale.toString(fastest * 1e3, 'f', 2) + QStringLiteral(" ms");
        QVERIFY2(all.contains(ms), qPrintable(ms));
        const auto edges = s.run(m_ids.dgi).result["graph"]["edges"].get<qint64>();
        QVERIFY2(all.contains(locale.toString(edges) + QStringLiteral(" edges")), qPrintable(locale.toString(edges)));
    }

    void exportBySuffix()
    {
        auto s = store::Session::open(m_session, store::Session::Mode::ReadOnly);
        QString error;
        QVERIFY2(gui::exportReport(s, { m_ids.ft, m_ids.ppac }, path("r.html"), &error), qPrintable(error));
        QFile html(path("r.html"));
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QByteArray page = html.readAll();
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QVERIFY(page.contains(QStringLiteral("id=\"run-%1\"").arg(m_ids.ppac).toUtf8()));
        QVERIFY(!page.contains(QStringLiteral("id=\"run-%1\"").arg(m_ids.dgi).toUtf8()));

        QVERIFY2(gui::exportReport(s, {}, path("r.pdf"), &error), qPrintable(error));
        QFile pdf(path("r.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");

        QVERIFY2(gui::exportReport(s, {}, path("r-data"), &error), qPrintable(error));
        QVERIFY(QFile::exists(path("r-data/runs.csv")));
        QVERIFY(QFile::exists(path("r-data/index.json")));

        QVERIFY(!gui::exportReport(s, { 999 }, path("never.pdf"), &error));
        QVERIFY2(error.contains(QStringLiteral("999")), qPrintable(error));
        QVERIFY(!QFile::exists(path("never.pdf")));
    }

    void unwritableAndUndrawable()
    {
        auto s = store::Session::open(m_session, store::Session::Mode::ReadOnly);
        const QString html = q(report::renderHtml(s, { .runs = { m_ids.failed } }));
        const QString bad = path("no-such-folder/x.pdf");
        QString error;
        QVERIFY(!gui::writePdfReport(html, bad, &error));
        QVERIFY2(error.contains(bad), qPrintable(error));
        QVERIFY(!gui::exportReport(s, {}, path("no-such-folder/x.html"), &error));
        QVERIFY2(error.contains(path("no-such-folder/x.html")), qPrintable(error));
        QVERIFY(!gui::convertHtmlFileToPdf(path("missing.html"), path("y.pdf"), &error));
        QVERIFY2(error.contains(path("missing.html")), qPrintable(error));

        // An artifact that is not SVG at all still gives a PDF, with a note where it would be.
        const fs::path file = fs::path(m_dir.path().toStdString()) / "broken.vantage";
        auto b = store::Session::create(file, "broken");
        const auto id = b.beginRun({ .engine = store::Engine::Dgi, .kind = store::RunKind::Partition });
        b.finishRun(id, store::RunStatus::Done, Json{ { "layers", 2 } }, "2 layers");
        b.addArtifact(id, "layer_cut.svg", "image/svg+xml", "<svg this is not xml");
        QVERIFY2(gui::exportReport(b, {}, path("broken.pdf"), &error), qPrintable(error));
        QVERIFY(flat(pageText(path("broken.pdf"), 2)).contains(QStringLiteral("an image that cannot be drawn")));
    }

    // What a shared session may hold (issue 31): series of +-1e308, only inf, NaN and denormals
    // give a PDF with their charts; a session of many runs gives one of bounded pages, with the
    // note that says how many runs it leaves to the CSV export.
    void extremeAndManyRuns_data()
    {
        QTest::addColumn<int>("runs");
        QTest::addColumn<QList<double>>("values");
        const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
        const double tiny = std::numeric_limits<double>::denorm_min();
        QTest::newRow("+-1e308") << 1 << QList<double>{ -1e308, 1e308, 0 };
        QTest::newRow("only inf") << 1 << QList<double>{ inf, -inf };
        QTest::newRow("only NaN") << 1 << QList<double>{ nan };
        QTest::newRow("denormals") << 1 << QList<double>{ tiny, 2 * tiny };
        QTest::newRow("many runs") << 40 << QList<double>{ 1, 2 };
    }
    void extremeAndManyRuns()
    {
        QFETCH(int, runs);
        QFETCH(QList<double>, values);
        const fs::path file = fs::path(m_dir.path().toStdString()) / ("x" + std::to_string(m_n++) + ".vantage");
        {
            auto s = store::Session::create(file, "extreme");
            for (int i = 0; i < runs; ++i) {
                const auto id = s.beginRun({ .engine = store::Engine::Edl, .kind = store::RunKind::Train });
                std::vector<store::SeriesPoint> pts;
                for (qsizetype k = 0; k < values.size(); ++k)
                    pts.push_back({ static_cast<double>(k), values[k] });
                s.appendSeries(id, "loss", pts);
                s.finishRun(id, store::RunStatus::Done, Json{ { "loss", values.front() } }, "done");
            }
        }
        auto s = store::Session::open(file, store::Session::Mode::ReadOnly);
        report::ReportOptions options;
        options.maxListedRuns = 30;
        options.maxDetailedRuns = 3;
        const QString pdf = path(QString::fromStdString(file.stem().string()) + ".pdf");
        QString error;
        gui::PdfReport info;
        QVERIFY2(gui::writePdfReport(q(report::renderHtml(s, options)), pdf, &error, &info), qPrintable(error));
        QCOMPARE(pdfPages(pdf), info.pages);
        QVERIFY(info.pages >= 3 && info.pages <= 3 + std::min(runs, 3) * 2);
        QString all;
        for (int page = 1; page <= info.pages; ++page)
            all += flat(pageText(pdf, page)) + QLatin1Char(' ');
        // The chart's axis titles.
        QVERIFY2(
            all.contains(QStringLiteral("Step")) && all.contains(QStringLiteral("Loss")), qPrintable(all.left(400)));
        if (runs > 30)
            QVERIFY2(all.contains(QStringLiteral("10 more runs are not listed")), qPrintable(all.right(800)));
        if (runs > 3)
            QVERIFY(all.contains(QStringLiteral("details the first 3 of %1 runs").arg(runs)));
    }
};

QTEST_MAIN(TestReportPdf)
#include "tst_report_pdf.moc"
