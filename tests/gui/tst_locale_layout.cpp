// The window in English, German and Chinese: numbers written in the UI locale (a German window
// never writes "1.061 s" beside "1.739.461"), mnemonics that are usable (no literal '&' shown, no
// two alike in one window or dialog), and nothing cut at 1024x700 (no page's views scrolling sideways).

#include "app_settings.h"
#include "compare_view.h"
#include "main_window.h"
#include "number_format.h"
#include "pages.h"
#include "report_dialog.h"
#include "session_browser.h"
#include "settings_dialog.h"
#include "store/session.h"
#include "translations.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace vantage;
using namespace vantage::gui;

namespace {

// The letter after a single '&' (lower case), or a null QChar when there is none.
QChar mnemonic(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text[i + 1].toLower();
    }
    return {};
}

bool shownOnScreen(const QWidget* w, const QWidget* top)
{
    return w->isVisibleTo(top) && w->isEnabled();
}

// Plain-text labels that show a '&' as it is (a mnemonic without a buddy), and mnemonics used
// twice among the widgets of `top` that are shown (plus `extra`, e.g. the menu bar's titles).
QStringList mnemonicProblems(QWidget* top, std::map<QChar, QString> used = {})
{
    QStringList problems;
    auto use = [&](QChar m, const QString& text) {
        if (m.isNull())
            return;
        if (auto it = used.find(m); it != used.end())
            problems << QStringLiteral("'%1' in \"%2\" and \"%3\"").arg(m).arg(it->second, text);
        else
            used[m] = text;
    };
    for (auto* label : top->findChildren<QLabel*>()) {
        if (!shownOnScreen(label, top) || label->textFormat() == Qt::RichText || Qt::mightBeRichText(label->text()))
            continue;
        if (!mnemonic(label->text()).isNull()) {
            if (!label->buddy())
                problems << QStringLiteral("literal '&' in \"%1\"").arg(label->text());
            else
                use(mnemonic(label->text()), label->text());
        }
    }
    for (auto* button : top->findChildren<QAbstractButton*>())
        if (shownOnScreen(button, top))
            use(mnemonic(button->text()), button->text());
    for (auto* box : top->findChildren<QGroupBox*>())
        if (shownOnScreen(box, top))
            use(mnemonic(box->title()), box->title());
    return problems;
}

std::map<QChar, QString> menuBarMnemonics(QMenuBar* bar, QStringList* problems)
{
    std::map<QChar, QString> used;
    for (auto* a : bar->actions()) {
        const QChar m = mnemonic(a->text());
        if (!m.isNull() && !used.emplace(m, a->text()).second)
            *problems << QStringLiteral("menu bar: '%1' twice").arg(m);
        if (auto* menu = a->menu()) {
            std::map<QChar, QString> inMenu;
            for (auto* item : menu->actions()) {
                const QChar im = mnemonic(item->text());
                if (!im.isNull() && !inMenu.emplace(im, item->text()).second)
                    *problems << QStringLiteral("menu %1: '%2' in \"%3\" and \"%4\"")
                                     .arg(a->text())
                                     .arg(im)
                                     .arg(inMenu[im], item->text());
            }
        }
    }
    return used;
}

// Header sections narrower than their title, and buttons narrower than their text.
QStringList clipped(QWidget* top)
{
    QStringList out;
    for (auto* view : top->findChildren<QAbstractItemView*>()) {
        if (!view->isVisibleTo(top) || !view->model())
            continue;
        auto* header = view->findChild<QHeaderView*>();
        if (!header || !header->isVisibleTo(top) || header->orientation() != Qt::Horizontal)
            continue;
        for (int i = 0; i < header->count(); ++i) {
            if (header->isSectionHidden(i))
                continue;
            const QString title = view->model()->headerData(i, Qt::Horizontal).toString();
            const bool elidedWithTip
                = !view->model()->headerData(i, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty();
            if (header->sectionSize(i) < header->sectionSizeHint(i) - 2 && !elidedWithTip)
                out << QStringLiteral("%1: header \"%2\" %3 < %4 px")
                           .arg(view->objectName(), title)
                           .arg(header->sectionSize(i))
                           .arg(header->sectionSizeHint(i));
        }
    }
    for (auto* button : top->findChildren<QAbstractButton*>())
        if (button->isVisibleTo(top) && !button->text().isEmpty()
            && button->width() < button->minimumSizeHint().width() - 1)
            out << QStringLiteral("button \"%1\" %2 < %3 px")
                       .arg(button->text())
                       .arg(button->width())
                       .arg(button->minimumSizeHint().width());
    return out;
}

// The widest widgets below `w` that ask for more than `width` pixels, deepest first: what holds a
// window wide.
void wideWidgets(QWidget* w, int width, QStringList* out)
{
    for (auto* child : w->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (child->isWindow() || child->isHidden())
            continue;
        const int min = qMax(child->minimumSizeHint().width(), child->minimumWidth());
        if (min > width) {
            const int before = out->size();
            wideWidgets(child, width, out);
            if (out->size() == before)
                *out << QStringLiteral("%1 (%2) wants %3 px")
                            .arg(QString::fromLatin1(child->metaObject()->className()), child->objectName())
                            .arg(min);
        }
    }
}

} // namespace

class TestLocaleLayout : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_session;
    AppSettings m_settings;
    qint64 m_first = 0, m_second = 0;

    void languages()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << "en";
        QTest::newRow("de") << "de";
        QTest::newRow("zh_CN") << "zh_CN";
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageLocaleTest"));
        m_settings.setSessionFolder(m_dir.path());
        m_session = m_dir.filePath(QStringLiteral("locale.vantage"));
        auto s = store::Session::create(m_session.toStdString(), "Locale study");
        m_first = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "BERT-Large" });
        s.finishRun(m_first, store::RunStatus::Done, Json{ { "points", 2098 }, { "fastest_s", 1.061 } },
            "BERT-Large x8/16/32: 2098 strategies, fastest 1.061 s");
        m_second = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "GPT-2 1.5B" });
        s.finishRun(m_second, store::RunStatus::Done, Json{ { "points", 1739461 }, { "fastest_s", 32.36e-3 } },
            "GPT-2 1.5B x8: 1739461 strategies, fastest 32.36 ms (2.5x)");
        s.setRunTags(m_first, { "baseline" });
    }

    void cleanup()
    {
        removeTranslators(m_installed);
        m_installed.clear();
    }

    // Counted texts read as English writes them where Vantage has no catalogue for the language (the
    // C locale of a bare system, Klingon): "1 run", "2 runs", not "1 run(s)".
    void pluralsWithoutACatalogue_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("C") << "C";
        QTest::newRow("no catalogue") << "tlh";
        QTest::newRow("en") << "en";
    }
    void pluralsWithoutACatalogue()
    {
        QFETCH(QString, language);
        m_installed = installTranslators(language);
        QCOMPARE(QCoreApplication::translate("vantage::gui::SessionBrowser", "%n run(s)", nullptr, 1),
            QStringLiteral("1 run"));
        QCOMPARE(QCoreApplication::translate("vantage::gui::SessionBrowser", "%n run(s)", nullptr, 2),
            QStringLiteral("2 runs"));
    }

    // Hand-written expectations per locale: the oracle is what a reader of each language writes.
    void numbersFollowTheLocale_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("seconds");
        QTest::addColumn<QString>("count");
        QTest::addColumn<QString>("bytes");
        QTest::addColumn<QString>("summary");
        QTest::newRow("en") << "en"
                            << "1.061 s"
                            << "1,739,461"
                            << "1.50 GiB"
                            << "GPT-2 1.5B x8: 2098 strategies, fastest 32.36 ms (2.5x), v1.13.1 in /a/b-1.5/c";
        QTest::newRow("de") << "de"
                            << "1,061 s"
                            << "1.739.461"
                            << "1,50 GiB"
                            << "GPT-2 1.5B x8: 2098 strategies, fastest 32,36 ms (2,5x), v1.13.1 in /a/b-1.5/c";
        QTest::newRow("zh_CN") << "zh_CN"
                               << "1.061 s"
                               << "1,739,461"
                               << "1.50 GiB"
                               << "GPT-2 1.5B x8: 2098 strategies, fastest 32.36 ms (2.5x), v1.13.1 in /a/b-1.5/c";
    }
    void numbersFollowTheLocale()
    {
        QFETCH(QString, language);
        m_installed = installTranslators(language);
        QFETCH(QString, seconds);
        QCOMPARE(formatSeconds(1.061), seconds);
        QFETCH(QString, count);
        QCOMPARE(formatCount(1739461), count);
        QFETCH(QString, bytes);
        QCOMPARE(formatBytes(1.5 * 1024 * 1024 * 1024), bytes);
        QFETCH(QString, summary);
        QCOMPARE(localizeNumbers(
                     QStringLiteral("GPT-2 1.5B x8: 2098 strategies, fastest 32.36 ms (2.5x), v1.13.1 in /a/b-1.5/c")),
            summary);
    }

    // What the window writes of the runs (the browser's columns, the welcome page, a comparison)
    // uses the locale's decimal mark: German "1,061 s", never "1.061 s".
    void windowTextsUseTheLocalesDecimalMark_data() { languages(); }
    void windowTextsUseTheLocalesDecimalMark()
    {
        QFETCH(QString, language);
        m_installed = installTranslators(language);
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(m_session, true));
        CompareView* compare = w.compareRuns({ m_first, m_second });
        QVERIFY(compare);
        QStringList texts;
        for (auto* view : w.findChildren<QAbstractItemView*>()) {
            if (!view->model())
                continue;
            for (int r = 0; r < view->model()->rowCount(); ++r)
                for (int c = 0; c < view->model()->columnCount(); ++c)
                    texts << view->model()->index(r, c).data().toString();
        }
        for (auto* label : w.findChildren<QLabel*>())
            texts << label->text();
        const QString all = texts.join(QLatin1Char('\n'));
        const QString point = QLocale().decimalPoint();
        const QString other = point == QLatin1String(".") ? QStringLiteral(",") : QStringLiteral(".");
        // A decimal before a unit of time: with the locale's mark, never with the other one.
        const QRegularExpression wrong(
            QStringLiteral(R"((?<![\w.,])\d+%1\d+ (s|ms|µs)\b)").arg(QRegularExpression::escape(other)));
        const QRegularExpression right(
            QStringLiteral(R"((?<![\w.,])\d+%1\d+ (s|ms|µs)\b)").arg(QRegularExpression::escape(point)));
        const auto bad = wrong.match(all);
        QVERIFY2(!bad.hasMatch(), qPrintable(QStringLiteral("\"%1\" in %2").arg(bad.captured(0), language)));
        QVERIFY2(all.contains(right), qPrintable(all.left(2000)));
        QVERIFY(all.contains(language == QLatin1String("de") ? QStringLiteral("1,061 s") : QStringLiteral("1.061 s")));
        QVERIFY(all.contains(formatCount(1739461)));
    }

    // No label shows a literal '&'; no two shown widgets of one window or dialog share a mnemonic.
    void mnemonicsAreUsable_data() { languages(); }
    void mnemonicsAreUsable()
    {
        QFETCH(QString, language);
        m_installed = installTranslators(language);
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(m_session, true));
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList problems;
        const auto bar = menuBarMnemonics(w.menuBar(), &problems);
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            for (const QString& p : mnemonicProblems(w.tabs()->widget(i), bar))
                problems << QStringLiteral("tab %1: %2").arg(w.tabs()->tabText(i), p);
        }
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("sessionBrowserDock"));
        problems << mnemonicProblems(dock, bar);
        auto session = store::Session::open(m_session.toStdString());
        ReportDialog report(session, { m_first }, m_dir.path(), &w);
        report.show();
        problems << mnemonicProblems(&report);
        SettingsDialog settings(m_settings, &w);
        settings.show();
        problems << mnemonicProblems(&settings);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // At 1024x700 the window is that size (nothing holds it wider), and no header title or button
    // text of any tab is cut.
    void nothingClippedAt1024x700_data() { languages(); }
    void nothingClippedAt1024x700()
    {
        QFETCH(QString, language);
        m_installed = installTranslators(language);
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(m_session, true));
        w.show();
        w.resize(1024, 700);
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList problems;
        for (int i = 0; i < w.tabs()->count(); ++i) {
            w.tabs()->setCurrentIndex(i);
            QTest::qWait(20);
            if (w.width() > 1024 || w.height() > 700) {
                QStringList wide;
                wideWidgets(&w, 1024 * 3 / 5, &wide);
                problems << QStringLiteral("tab %1: window %2x%3; %4")
                                .arg(w.tabs()->tabText(i))
                                .arg(w.width())
                                .arg(w.height())
                                .arg(wide.join(QStringLiteral("; ")));
            }
            for (const QString& p : clipped(&w))
                problems << QStringLiteral("tab %1: %2").arg(w.tabs()->tabText(i), p);
            // A page's views fit the room the window leaves them (the inputs may scroll in a long
            // translation; the charts and tables beside them should not).
            for (auto* split : w.tabs()->currentWidget()->findChildren<QSplitter*>(QStringLiteral("pageSplitter"))) {
                auto* views = qobject_cast<QScrollArea*>(split->widget(1));
                if (views == nullptr || !views->horizontalScrollBar()->isVisible())
                    continue;
                QStringList wide;
                wideWidgets(views->widget(), views->viewport()->width(), &wide);
                problems << QStringLiteral("tab %1: the views scroll sideways (%2 px of %3); %4")
                                .arg(w.tabs()->tabText(i))
                                .arg(views->widget()->minimumSizeHint().width())
                                .arg(views->viewport()->width())
                                .arg(wide.join(QStringLiteral("; ")));
            }
        }
        problems.removeDuplicates();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

private:
    std::vector<QTranslator*> m_installed;
};

QTEST_MAIN(TestLocaleLayout)
#include "tst_locale_layout.moc"
