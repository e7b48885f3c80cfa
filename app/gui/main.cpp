// vantage: the desktop workbench. `vantage [FILE.vantage]` opens a session; `--demo` opens the demo
// session; `--screenshot PNG` writes a picture of the window once it is shown, then quits
// (`--language de` and `--window-size 1024x700` set what the picture shows);
// `--export-pdf IN.html OUT.pdf` turns a report into a paged PDF without a window (vantage-cli report).

#include "app_settings.h"
#include "common/version.h"
#include "demo_session.h"
#include "main_window.h"
#include "pages.h"
#include "report_pdf.h"
#include "translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QTabWidget>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>

namespace {

bool haveDisplay()
{
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (!platform.isEmpty() && !platform.startsWith("xcb") && !platform.startsWith("wayland"))
        return true; // offscreen, vnc, eglfs...: the platform plugin needs no display server
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY");
}

// Prints when the window is first painted, then quits (scripts/bench-startup.sh).
class FirstPaint : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (event->type() == QEvent::Paint && !m_seen && widget && widget->window() == parent()) {
            m_seen = true;
            std::printf("first-paint-ms %lld\n", static_cast<long long>(QDateTime::currentMSecsSinceEpoch()));
            std::fflush(stdout);
            QTimer::singleShot(0, qApp, [] { QApplication::exit(0); });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_seen = false;
};

// The language is known before the options are parsed (their help is translated too): a
// `--language` given on the command line wins over the setting, for this start only.
QString languageOf(int argc, char** argv, const QString& setting)
{
    QString language = setting;
    for (int i = 1; i + 1 < argc; ++i)
        if (qstrcmp(argv[i], "--language") == 0)
            language = QString::fromLocal8Bit(argv[i + 1]);
    return language;
}

// `--window-size WxH`.
void resizeTo(QWidget& window, const QString& size)
{
    const QStringList wh = size.split(QLatin1Char('x'));
    if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
        window.resize(wh[0].toInt(), wh[1].toInt());
}

// `--export-pdf IN.html OUT.pdf`: the report as a paged PDF, without a window.
int writePdf(const QString& html, const QString& pdf)
{
    if (pdf.isEmpty()) {
        std::fprintf(stderr, "vantage: --export-pdf IN.html needs the PDF file to write after it\n");
        return 2;
    }
    QString error;
    vantage::gui::PdfReport info;
    if (!vantage::gui::convertHtmlFileToPdf(html, pdf, &error, &info)) {
        std::fprintf(stderr, "vantage: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("%s: %d pages\n", qPrintable(pdf), info.pages);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (!haveDisplay()) {
        std::fprintf(stderr,
            "vantage: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
            "Run it inside a desktop session, or under a virtual X server:\n"
            "    xvfb-run -a -s '-screen 0 1600x1000x24' vantage [FILE.vantage]\n"
            "or headless without windows: QT_QPA_PLATFORM=offscreen vantage ...\n"
            "The command-line tool needs no display: vantage-cli --help\n");
        return 3;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Vantage"));
    QApplication::setApplicationName(QStringLiteral("Vantage"));
    QApplication::setApplicationVersion(QStringLiteral(VANTAGE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.vantage.Vantage"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/vantage.svg")));

    vantage::gui::AppSettings settings;
    vantage::gui::installTranslators(languageOf(argc, argv, settings.language()));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Vantage workbench"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"), QApplication::translate("main", "Session file to open (*.vantage)"));
    QCommandLineOption demo(QStringLiteral("demo"), QApplication::translate("main", "Open the demo session"));
    QCommandLineOption shot(QStringLiteral("screenshot"),
        QApplication::translate("main", "Write a PNG of the window after start-up, then quit"), QStringLiteral("png"));
    QCommandLineOption tab(QStringLiteral("tab"), QApplication::translate("main", "Tab to show first (by index)"),
        QStringLiteral("index"));
    QCommandLineOption exportPdf(QStringLiteral("export-pdf"),
        QApplication::translate("main",
            "Write the report HTML file as a paged PDF to the file "
            "given after it, then quit (used by vantage-cli report)"),
        QStringLiteral("html"));
    QCommandLineOption firstPaint(QStringLiteral("print-first-paint"),
        QApplication::translate("main",
            "Print the wall-clock time of the window's first paint (ms since 1970) and quit (for the start-up "
            "benchmark)"));
    QCommandLineOption languageOption(QStringLiteral("language"),
        QApplication::translate("main", "Language of the window for this start (en, de, zh_CN)"),
        QStringLiteral("name"));
    QCommandLineOption windowSize(QStringLiteral("window-size"),
        QApplication::translate("main", "Size of the window, e.g. 1024x700"), QStringLiteral("WxH"));
    parser.addOptions({ demo, shot, tab, exportPdf, firstPaint, languageOption, windowSize });
    parser.process(app);

    if (parser.isSet(exportPdf))
        return writePdf(parser.value(exportPdf), parser.positionalArguments().value(0));

    vantage::gui::MainWindow window(settings);
    vantage::gui::addEnginePages(window);

    QString file = parser.positionalArguments().value(0);
    bool demoCreated = false;
    if (file.isEmpty() && parser.isSet(demo)) {
        try {
            file = vantage::gui::ensureDemoSession(&demoCreated);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "vantage: cannot create the demo session: %s\n", e.what());
        }
    }
    if (!file.isEmpty() && !window.openSession(file, parser.isSet(shot))) {
        if (parser.isSet(shot)) {
            std::fprintf(stderr, "vantage: %s\n", qPrintable(window.lastError()));
            return 2;
        }
    }
    if (parser.isSet(tab))
        window.tabs()->setCurrentIndex(parser.value(tab).toInt());
    if (parser.isSet(windowSize))
        resizeTo(window, parser.value(windowSize));
    // The first paint of any widget of the window is the moment a user sees it (the main window
    // itself has nothing of its own to paint).
    if (parser.isSet(firstPaint))
        qApp->installEventFilter(new FirstPaint(&window));
    window.show();
    // A new demo session starts with a frontier search, so the first start shows real work.
    if (demoCreated && window.session())
        vantage::gui::startDemoRuns(window);

    if (parser.isSet(shot)) {
        const QString out = parser.value(shot);
        QTimer::singleShot(1500, &window, [&window, out] {
            const bool ok = window.grab().save(out);
            std::fprintf(stderr, ok ? "vantage: wrote %s\n" : "vantage: cannot write %s\n", qPrintable(out));
            QApplication::exit(ok ? 0 : 1);
        });
    }
    return app.exec();
}
