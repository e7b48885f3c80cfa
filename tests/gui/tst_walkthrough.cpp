// Each page's main workflow, end to end, as a newcomer meets it: once, live, in German at 1024x700
// (the longest words on the smallest screen); then the session it recorded, every page showing its
// runs, in English, German and Chinese at 1024x700, 1280x800 and 1600x1000. After every step the
// window must still fit the screen (and be able to shrink back to it), no label may clip its text,
// and in German no English may remain; a screenshot of every step is saved under
// build/screenshots/walkthrough/ to be looked at.
//
// Nothing a user would not set is overridden: the elastic worker is found beside the program, as
// it is beside an installed vantage.

#include "dgi_page.h"
#include "edl_page.h"
#include "ft_page.h"
#include "main_window.h"
#include "modal_answer.h"
#include "page_driver.h"
#include "pages.h"
#include "ppac_page.h"
#include "session_runs_model.h"
#include "store/session.h"
#include "translations.h"
#include "widgets/pareto_chart.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QXmlStreamReader>

#include <map>
#include <set>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

namespace {

// The German catalogue: English source text -> its translation.
std::map<QString, QString> readCatalogue(const QString& path)
{
    std::map<QString, QString> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation"))
            out[source] = xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return out;
}

// The least width a layout gives the widget (Qt's qSmartMinSize): its minimum width where one is
// set, else its minimum size hint, or its size hint where its policy forbids shrinking.
int layoutMinWidth(const QWidget* w)
{
    if (w->minimumWidth() > 0)
        return w->minimumWidth();
    if (!(w->sizePolicy().horizontalPolicy() & QSizePolicy::ShrinkFlag))
        return std::max(w->sizeHint().width(), w->minimumSizeHint().width());
    return w->minimumSizeHint().width();
}

QString plain(const QString& text)
{
    QString t = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    t.remove(QLatin1Char('&')); // mnemonics
    return t.simplified();
}

// Words of English that German does not use: two of them in one text give it away.
bool looksEnglish(const QString& text)
{
    static const QRegularExpression words(
        QStringLiteral(
            "\\b(the|of|and|with|is|are|to|from|not|for|this|that|by|at|on|or|be|has|have|its|it|no|per|than|"
            "each|every|none|which|into|out|over|under|done|failed|running|cancelled|load|search)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    int n = 0;
    auto it = words.globalMatch(text);
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n >= 2 || (n == 1 && text.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() <= 2);
}

// What the user can read in the window now: labels, buttons, group and tab titles, table headers,
// menus, placeholders.
std::vector<std::pair<QString, QString>> visibleTexts(QWidget* root)
{
    std::vector<std::pair<QString, QString>> out; // (where, text)
    auto where = [](const QObject* o) {
        return QStringLiteral("%1 %2").arg(QString::fromLatin1(o->metaObject()->className()), o->objectName());
    };
    for (auto* w : root->findChildren<QWidget*>()) {
        if (!w->isVisible())
            continue;
        if (auto* l = qobject_cast<QLabel*>(w))
            out.emplace_back(where(l), plain(l->text()));
        else if (auto* b = qobject_cast<QAbstractButton*>(w))
            out.emplace_back(where(b), plain(b->text()));
        else if (auto* g = qobject_cast<QGroupBox*>(w))
            out.emplace_back(where(g), plain(g->title()));
        else if (auto* e = qobject_cast<QLineEdit*>(w))
            out.emplace_back(where(e), plain(e->placeholderText()));
        else if (auto* t = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < t->count(); ++i)
                out.emplace_back(where(t), plain(t->tabText(i)));
        else if (auto* list = qobject_cast<QListWidget*>(w))
            for (int i = 0; i < list->count(); ++i)
                out.emplace_back(where(list), plain(list->item(i)->text()));
        else if (auto* h = qobject_cast<QHeaderView*>(w); h && h->model())
            for (int i = 0; i < h->count(); ++i)
                out.emplace_back(where(h), plain(h->model()->headerData(i, h->orientation()).toString()));
    }
    // The session browser's words (engine, kind, status); names and results are the user's data.
    if (auto* runs = root->findChild<QAbstractItemView*>(QStringLiteral("runsView")); runs && runs->model())
        for (int r = 0; r < runs->model()->rowCount(); ++r)
            for (int c : { SessionRunsModel::Engine, SessionRunsModel::Kind, SessionRunsModel::Status })
                out.emplace_back(QStringLiteral("runsView"), plain(runs->model()->index(r, c).data().toString()));
    // The kinds of the elastic job's scale events.
    if (auto* events = root->findChild<QAbstractItemView*>(QStringLiteral("edlEvents")); events && events->model())
        for (int r = 0; r < events->model()->rowCount(); ++r)
            out.emplace_back(QStringLiteral("edlEvents"), plain(events->model()->index(r, 1).data().toString()));
    if (auto* mw = qobject_cast<QMainWindow*>(root))
        for (auto* a : mw->menuBar()->actions())
            out.emplace_back(QStringLiteral("menu"), plain(a->text()));
    return out;
}

// A label that neither wraps nor elides and whose text is wider than the label, or a wrapping one
// taller than it.
QStringList clippedLabels(QWidget* root)
{
    QStringList out;
    for (auto* l : root->findChildren<QLabel*>()) {
        if (!l->isVisible() || l->text().isEmpty() || l->width() <= 0)
            continue;
        const QString text = plain(l->text()).left(60);
        if (l->wordWrap()) {
            if (l->heightForWidth(l->width()) > l->height() + 2)
                out << QStringLiteral("“%1”: needs %2 px of height, has %3")
                           .arg(text)
                           .arg(l->heightForWidth(l->width()))
                           .arg(l->height());
        } else if (l->sizeHint().width() > l->width() + 2 && l->pixmap().isNull()) {
            out << QStringLiteral("“%1”: needs %2 px, has %3").arg(text).arg(l->sizeHint().width()).arg(l->width());
        }
    }
    return out;
}

} // namespace

// A failed check ends the walkthrough where it failed.
#define STEP(name)                                                                                                     \
    do {                                                                                                               \
        step(w, screen, language, ++n, name);                                                                          \
        if (QTest::currentTestFailed())                                                                                \
            return;                                                                                                    \
    } while (false)

class TestWalkthrough : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;
    std::map<QString, QString> m_german;
    QStringList m_problems;
    std::set<QString> m_englishSeen;
    QString m_recorded; // the session the live walkthrough recorded
    QString m_shotPrefix; // "live" for the workflow, "runs" for its session shown again

    // The checks every step passes, and its screenshot.
    void step(MainWindow& w, const QSize& screen, const QString& language, int n, const QString& name)
    {
        QTest::qWait(150); // the layout settles, charts draw
        QCoreApplication::processEvents();
        const QString shots = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots/walkthrough");
        QDir().mkpath(shots);
        const QString shot = QStringLiteral("%1/%2-%3-%4x%5-%6-%7.png")
                                 .arg(shots, m_shotPrefix, language)
                                 .arg(screen.width())
                                 .arg(screen.height())
                                 .arg(n, 2, 10, QLatin1Char('0'))
                                 .arg(name);
        QVERIFY(w.grab().save(shot));

        // What is wrong is gathered over the whole walkthrough and reported at its end.
        auto problem = [&](const QString& what) { m_problems << QStringLiteral("%1: %2").arg(name, what); };
        if (w.width() > screen.width() || w.height() > screen.height())
            problem(QStringLiteral("the window grew to %1x%2").arg(w.width()).arg(w.height()));
        const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
        if (least.width() > screen.width() || least.height() > screen.height()) {
            QStringList widest; // which page holds it wide: the chain of its widest children
            for (int i = 0; i < w.tabs()->count(); ++i) {
                QWidget* at = w.tabs()->widget(i);
                QStringList chain{
                    QStringLiteral("%1 %2").arg(w.tabs()->tabText(i)).arg(at->minimumSizeHint().width())
                };
                for (int depth = 0; depth < 12 && at; ++depth) {
                    QWidget* next = nullptr;
                    for (auto* c : at->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
                        if ((!next || layoutMinWidth(c) > layoutMinWidth(next)))
                            next = c;
                    if (next)
                        chain << QStringLiteral("%1(%2) %3")
                                     .arg(QString::fromLatin1(next->metaObject()->className()), next->objectName())
                                     .arg(layoutMinWidth(next));
                    at = next;
                }
                widest << chain.join(QStringLiteral(" > "));
            }
            problem(QStringLiteral("the window cannot shrink below %1x%2: %3")
                        .arg(least.width())
                        .arg(least.height())
                        .arg(widest.join(QStringLiteral("; "))));
        }
        for (const QString& c : clippedLabels(&w))
            problem(QStringLiteral("clipped label %1").arg(c));
        if (language != QLatin1String("de")) {
            // The same detector finds the English of the English window: it can fail.
            if (language == QLatin1String("en"))
                for (const auto& [where, text] : visibleTexts(&w))
                    if (looksEnglish(text))
                        m_englishSeen.insert(text);
            return;
        }
        QStringList english;
        for (const auto& [where, text] : visibleTexts(&w)) {
            if (text.isEmpty())
                continue;
            const auto known = m_german.find(text);
            const bool untranslated = known != m_german.end() && known->second != text && !known->second.isEmpty();
            if (untranslated || looksEnglish(text))
                english << QStringLiteral("%1: “%2”").arg(where, text.left(70));
        }
        english.removeDuplicates();
        for (const QString& e : english)
            problem(QStringLiteral("English left in %1").arg(e));
    }

    // This row's screenshots of an earlier run go: every file left is one this run took.
    void forgetShots(const QString& language, const QSize& screen) const
    {
        QDir shots(QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots/walkthrough"));
        for (const QString& old : shots.entryList({ QStringLiteral("%1-%2-%3x%4-*.png")
                                                        .arg(m_shotPrefix, language)
                                                        .arg(screen.width())
                                                        .arg(screen.height()) }))
            shots.remove(old);
    }

    // Fills in the save dialog the window is about to open, and accepts it.
    static void answerFileDialog(const QString& path)
    {
        whenShown<QFileDialog>([path](QFileDialog* dialog) {
            // Typed into its name field, as a user does, then Save.
            if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
                name->setText(path);
            else
                dialog->selectFile(path);
            QMetaObject::invokeMethod(dialog, "accept");
        });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestWalkthrough"));
        qputenv("XDG_RUNTIME_DIR", m_dir.path().toUtf8());
        m_german = readCatalogue(QStringLiteral(VANTAGE_SOURCE_DIR "/translations/vantage_de.ts"));
        QVERIFY(m_german.size() > 400);
    }

    void theWholeWorkflow()
    {
        const QString language = QStringLiteral("de");
        const QSize screen(1024, 700);
        m_shotPrefix = QStringLiteral("live");
        const auto translators = installTranslators(language);
        const auto restore = qScopeGuard([&] { removeTranslators(translators); });
        m_problems.clear();
        forgetShots(language, screen);
        if (language == QLatin1String("de"))
            QVERIFY(!translators.empty());

        MainWindow w(m_settings);
        addEnginePages(w);
        const QString file = m_dir.filePath(QStringLiteral("walk-%1-%2.vantage").arg(language).arg(screen.width()));
        QVERIFY(w.createSession(file));
        w.resize(screen);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        int n = 0;
        STEP(QStringLiteral("start"));

        // FT: search, pick, export.
        auto* ft = w.findChild<FtPage*>();
        w.tabs()->setCurrentWidget(ft);
        enterFtInputs(ft, QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("4,8"));
        QSignalSpy searched(ft, &FtPage::searchFinished);
        QTest::mouseClick(ft->findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(searched.wait(120000));
        QVERIFY(searched.first().first().toBool());
        STEP(QStringLiteral("ft-searched"));
        const int fast = clearFtPoint(ft, 1, 0, true); // the fastest strategy on 8 devices that shows
        QVERIFY(fast >= 0);
        QCOMPARE(clickFtPoint(ft, 1, fast).first, 1);
        const QByteArray picked = storedPickJson(*w.session());
        QVERIFY(!picked.isEmpty());
        STEP(QStringLiteral("ft-picked"));
        // Export Strategy through its real file dialog, a name typed without its suffix.
        const QString strategy = m_dir.filePath(QStringLiteral("strategy-%1-%2").arg(language).arg(screen.width()));
        answerFileDialog(strategy);
        QTest::mouseClick(ft->findChild<QPushButton*>(QStringLiteral("ftExport")), Qt::LeftButton);
        QFile strategyFile(strategy + QStringLiteral(".json"));
        QVERIFY2(strategyFile.open(QIODevice::ReadOnly), qPrintable(strategyFile.fileName()));
        QCOMPARE(strategyFile.readAll(), picked);

        // EDL: start, add, remove, stop; the run is recorded.
        auto* edl = w.findChild<EdlPage*>();
        w.tabs()->setCurrentWidget(edl);
        enterEdlJob(edl, QStringLiteral("mlp"), 2, 1, 2000000, 64);
        QSignalSpy attached(edl, &EdlPage::attached);
        QSignalSpy ended(edl, &EdlPage::jobEnded);
        QTest::mouseClick(edl->findChild<QPushButton*>(QStringLiteral("edlStart")), Qt::LeftButton);
        QVERIFY(attached.wait(60000));
        QVERIFY2(attached.first().first().toBool(), "the job did not start (is the worker beside the program?)");
        QTRY_COMPARE_WITH_TIMEOUT(edl->activeWorkers(), 2, 60000);
        STEP(QStringLiteral("edl-training"));
        QTest::mouseClick(edl->findChild<QPushButton*>(QStringLiteral("edlAdd")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(edl->activeWorkers(), 3, 90000);
        QVERIFY(removeEdlWorker(edl, QStringLiteral("w0")));
        QTRY_COMPARE_WITH_TIMEOUT(edl->activeWorkers(), 2, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(edlScaleEvents(edl) >= 2, 30000);
        STEP(QStringLiteral("edl-scaled"));
        // Detach, then attach again from the run in the session browser: the job trained on.
        const qint64 edlRun = newestRun(*w.session(), store::RunKind::Train);
        QTest::mouseClick(edl->findChild<QPushButton*>(QStringLiteral("edlDetach")), Qt::LeftButton);
        QVERIFY(!edl->isAttached());
        const qint64 stepAtDetach = edl->currentStep();
        auto* runs = w.findChild<QAbstractItemView*>(QStringLiteral("runsView"));
        QModelIndex row;
        for (int r = 0; r < runs->model()->rowCount(); ++r)
            if (runs->model()->index(r, 0).data(SessionRunsModel::RunIdRole).toLongLong() == edlRun)
                row = runs->model()->index(r, 0);
        QVERIFY(row.isValid());
        Q_EMIT runs->activated(row); // as a double click or Enter does
        QTRY_VERIFY_WITH_TIMEOUT(edl->isAttached(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(edl->currentStep() > stepAtDetach, 30000);
        STEP(QStringLiteral("edl-reattached"));
        QVERIFY(click(edl, QStringLiteral("edlStop")));
        QVERIFY(ended.wait(120000));
        STEP(QStringLiteral("edl-stopped"));

        // DGI: cut the model into layers, evaluate, view the cut.
        auto* dgi = w.findChild<DgiPage*>();
        w.tabs()->setCurrentWidget(dgi);
        enterDgiInputs(dgi, QStringLiteral("rmat:n=3000,deg=6,seed=3"), QStringLiteral("sage"), 16, 16, 2);
        QCOMPARE(clickAndWait(dgi, &DgiPage::partitionFinished, QStringLiteral("dgiPartition"), 60000), true);
        STEP(QStringLiteral("dgi-cut"));
        QCOMPARE(clickAndWait(dgi, &DgiPage::evaluationFinished, QStringLiteral("dgiEvaluate"), 180000), true);
        STEP(QStringLiteral("dgi-evaluated"));

        // PPAC: load, train, move the knobs, inspect a user.
        auto* ppac = w.findChild<PpacPage*>();
        w.tabs()->setCurrentWidget(ppac);
        enterPpacSynthetic(ppac, 600, 300, 11);
        QVERIFY(clickAndWait(ppac, &PpacPage::dataLoaded, QStringLiteral("ppacLoad"), 60000).has_value());
        STEP(QStringLiteral("ppac-loaded"));
        enterPpacTraining(ppac, QStringLiteral("mf"), true, 4);
        QCOMPARE(clickAndWait(ppac, &PpacPage::trainingFinished, QStringLiteral("ppacTrain"), 180000), true);
        STEP(QStringLiteral("ppac-trained"));
        QSignalSpy reranked(ppac, &PpacPage::reranked);
        showTab(ppac, QStringLiteral("ppacTabs"), 2);
        enterPpacKnobs(ppac, 0.0, -0.5);
        QVERIFY(reranked.wait(60000));
        STEP(QStringLiteral("ppac-debiased"));
        showTab(ppac, QStringLiteral("ppacTabs"), 3);
        auto* user = child<QLineEdit>(ppac, QStringLiteral("ppacUser"));
        type(user, QStringLiteral("5"));
        QTest::keyClick(user, Qt::Key_Return);
        STEP(QStringLiteral("ppac-inspected"));

        // The session's runs, then the report as HTML and as PDF.
        w.tabs()->setCurrentIndex(0);
        STEP(QStringLiteral("session"));
        QSignalSpy exported(&w, &MainWindow::reportExported);
        for (const char* suffix : { "html", "pdf" }) {
            const QString report = m_dir.filePath(
                QStringLiteral("walk-%1-%2.%3").arg(language).arg(screen.width()).arg(QLatin1String(suffix)));
            QVERIFY(w.exportReportTo(report, {}));
            QVERIFY(exported.wait(120000));
            QVERIFY2(exported.last().at(1).toBool(), qPrintable(report));
            QVERIFY(QFileInfo(report).size() > 1000);
        }
        STEP(QStringLiteral("exported"));
        for (const auto& r : w.session()->runs())
            QVERIFY2(r.status == store::RunStatus::Done, r.name.c_str());
        m_problems.removeDuplicates();
        QVERIFY2(m_problems.isEmpty(), qPrintable(m_problems.join(QStringLiteral("\n    "))));
        m_recorded = file;
    }

    void everyPageOfTheSession_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("screen");
        for (const char* language : { "en", "de", "zh_CN" })
            for (const QSize screen : { QSize(1024, 700), QSize(1280, 800), QSize(1600, 1000) })
                QTest::addRow("%s %dx%d", language, screen.width(), screen.height())
                    << QString::fromLatin1(language) << screen;
    }

    // The session the workflow recorded, opened again: every page shows each of its runs.
    void everyPageOfTheSession()
    {
        QFETCH(QString, language);
        QFETCH(QSize, screen);
        if (m_recorded.isEmpty())
            QSKIP("the workflow recorded no session");
        m_shotPrefix = QStringLiteral("runs");
        const auto translators = installTranslators(language);
        const auto restore = qScopeGuard([&] { removeTranslators(translators); });
        m_problems.clear();
        forgetShots(language, screen);
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(m_recorded));
        w.resize(screen);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        int n = 0;
        STEP(QStringLiteral("session"));
        const auto runs = w.session()->runs();
        std::set<store::Engine> engines;
        for (const auto& r : runs)
            engines.insert(r.engine);
        QCOMPARE(engines.size(), std::size_t(4)); // a run of every engine
        for (const auto& r : runs) {
            const QString engine = QString::fromUtf8(vantage::enumName(r.engine).data());
            w.showRun(r.id, engine);
            STEP(QStringLiteral("%1-%2-%3").arg(engine, QString::fromUtf8(vantage::enumName(r.kind).data())).arg(r.id));
        }
        if (language == QLatin1String("en"))
            QVERIFY2(m_englishSeen.size() >= 15, qPrintable(QStringLiteral("%1 texts").arg(m_englishSeen.size())));
        m_problems.removeDuplicates();
        QVERIFY2(m_problems.isEmpty(), qPrintable(m_problems.join(QStringLiteral("\n    "))));
    }

    // Help > Open Demo Session: a new demo session fills itself, run after run, with every engine:
    // a frontier search and a pick, a GNN evaluation with its cut, a PPAC training, and an elastic
    // job that scaled out and in. Opening it again adds nothing.
    void demoSessionHoldsEveryEngine()
    {
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("demo-data")).toUtf8());
        MainWindow w(m_settings);
        addEnginePages(w);
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* open = w.findChild<QAction*>(QStringLiteral("actionOpenDemo"));
        QVERIFY(open && open->isEnabled());
        open->trigger();
        QVERIFY(w.session());
        auto finished = [&](store::Engine engine, store::RunKind kind) {
            for (const auto& r : w.session()->runs())
                if (r.engine == engine && r.kind == kind && r.status == store::RunStatus::Done)
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(finished(store::Engine::Edl, store::RunKind::Train), 300000);
        QVERIFY(finished(store::Engine::Ft, store::RunKind::Search));
        QVERIFY(finished(store::Engine::Ft, store::RunKind::Pick));
        QVERIFY(finished(store::Engine::Dgi, store::RunKind::Evaluate));
        QVERIFY(finished(store::Engine::Ppac, store::RunKind::Train));
        for (const auto& r : w.session()->runs()) {
            QVERIFY2(r.status == store::RunStatus::Done, (r.name + ": " + r.error).c_str());
            if (r.engine == store::Engine::Edl)
                QVERIFY2(r.result.value("events", Json::array()).size() >= 2, r.result.dump().substr(0, 300).c_str());
        }
        const auto runs = w.session()->runs().size();
        QTest::qWait(300);
        QVERIFY(w.grab().save(QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots/walkthrough/demo.png")));
        open->trigger();
        QTest::qWait(500);
        QCOMPARE(w.session()->runs().size(), runs);
    }
};

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
