// First steps, offscreen, as a new user takes them: the welcome page's recent sessions and links,
// work started before any session is kept in an untitled one and offered for saving on quit,
// files dropped onto the window go where their engine reads them.

#include "app_settings.h"
#include "engine_page.h"
#include "main_window.h"
#include "modal_answer.h"
#include "pages.h"
#include "store/session.h"
#include "untitled_session.h"
#include "welcome_page.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace vantage;
using namespace vantage::gui;

namespace {

// Drops `files` onto the window as a file manager does (a drag enter, then the drop).
void dropFiles(QWidget* target, const QStringList& files)
{
    QMimeData data;
    QList<QUrl> urls;
    for (const QString& f : files)
        urls << QUrl::fromLocalFile(f);
    data.setUrls(urls);
    const QPoint at = target->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    QVERIFY(drop.isAccepted());
}

qint64 addRun(store::Session& s)
{
    const auto id = s.beginRun({ .engine = store::Engine::Ft, .kind = store::RunKind::Search, .name = "kept" });
    s.finishRun(id, store::RunStatus::Done, nullptr, "1 strategy");
    return id;
}

} // namespace

class TestWelcome : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

    QString makeSession(const QString& name, int runs)
    {
        const QString path = m_dir.filePath(name);
        auto s = store::Session::create(path.toStdString(), name.toStdString());
        for (int i = 0; i < runs; ++i)
            addRun(s);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageWelcomeTest"));
        m_settings.setSessionFolder(m_dir.path());
        m_settings.clearRecentFiles();
        QDir(UntitledSession::folder()).removeRecursively(); // what an earlier run of the suite left
    }
    void cleanupTestCase() { QDir(UntitledSession::folder()).removeRecursively(); }

    // The welcome page lists the recent sessions (newest first) and opens one on activation; its
    // links lead to the engine pages; the guides are found in the source tree.
    void recentSessionsOpenFromTheWelcomePage()
    {
        const QString first = makeSession(QStringLiteral("first.vantage"), 1);
        const QString second = makeSession(QStringLiteral("second.vantage"), 2);
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(first));
        QVERIFY(w.openSession(second));
        w.closeSession();
        QVERIFY(!w.session());
        auto* welcome = w.findChild<WelcomePage*>();
        QListWidget* recent = welcome->recentList();
        QVERIFY(recent->count() >= 2);
        QCOMPARE(recent->item(0)->data(Qt::UserRole).toString(), QFileInfo(second).absoluteFilePath());
        QCOMPARE(recent->item(1)->data(Qt::UserRole).toString(), QFileInfo(first).absoluteFilePath());
        Q_EMIT recent->itemActivated(recent->item(1));
        QVERIFY(w.session());
        QCOMPARE(QString::fromStdString(w.session()->path().string()), QFileInfo(first).absoluteFilePath());

        auto* steps = welcome->findChild<QLabel*>(QStringLiteral("welcomeSteps"));
        for (auto* page : w.pages())
            QVERIFY2(steps->text().contains(QStringLiteral("page:") + page->engineId()), qPrintable(steps->text()));
        Q_EMIT steps->linkActivated(QStringLiteral("page:") + w.pages().back()->engineId());
        QCOMPARE(w.tabs()->currentWidget(), w.pages().back());
        QVERIFY(QFileInfo::exists(WelcomePage::docsFolder() + QStringLiteral("/ft.md")));
    }

    // An engine's tab with no session open starts an untitled one; leaving it with runs asks
    // Save / Discard / Cancel: Cancel stays, Save writes the runs to the file named.
    void untitledWorkIsOfferedForSavingOnQuit()
    {
        qunsetenv("VANTAGE_NO_DIALOGS"); // the real question, answered by clicking its buttons
        const auto restore = qScopeGuard([] { qputenv("VANTAGE_NO_DIALOGS", "1"); });
        MainWindow w(m_settings);
        addEnginePages(w);
        w.show();
        QVERIFY(!w.session());
        w.tabs()->setCurrentWidget(w.pages().front());
        QVERIFY(w.session());
        QVERIFY(w.isUntitled());
        const QString untitled = QString::fromStdString(w.session()->path().string());
        QVERIFY(UntitledSession::isUntitled(untitled));
        addRun(*w.session());

        // Cancel: the window stays, with its work.
        whenShown<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Cancel)->click(); });
        QVERIFY(!w.close());
        QVERIFY(w.isVisible());
        QCOMPARE(w.session()->runs().size(), std::size_t(1));

        // Save: named through the file dialog, the runs go to that file; the untitled one goes.
        const QString saved = m_dir.filePath(QStringLiteral("kept.vantage"));
        whenShown<QMessageBox>([saved](QMessageBox* box) {
            QCOMPARE(box->objectName(), QStringLiteral("unsavedQuestion"));
            whenShown<QFileDialog>([saved](QFileDialog* dialog) {
                if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
                    name->setText(saved);
                else
                    dialog->selectFile(saved);
                QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
            });
            box->button(QMessageBox::Save)->click();
        });
        QVERIFY(w.close());
        QCOMPARE(store::Session::open(saved.toStdString()).runs().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(store::Session::open(saved.toStdString()).title()), QStringLiteral("kept"));
    }

    // An untitled session left by a start that did not end (here: a window that never closed) is
    // offered by the next one, and one without runs is removed.
    void leftOverUntitledWorkIsOffered()
    {
        QString kept, empty;
        {
            auto a = UntitledSession::create();
            kept = a->path();
            auto s = store::Session::open(kept.toStdString());
            addRun(s);
            auto b = UntitledSession::create();
            empty = b->path();
        } // both unlocked, as when their process is gone
        MainWindow w(m_settings);
        auto* recent = w.findChild<WelcomePage*>()->recentList();
        QStringList offered;
        for (int i = 0; i < recent->count(); ++i)
            offered << recent->item(i)->data(Qt::UserRole).toString();
        QVERIFY(offered.contains(kept));
        QVERIFY(!offered.contains(empty));
        QVERIFY(!QFileInfo::exists(empty));
        QVERIFY(w.openSession(kept));
        QVERIFY(w.isUntitled());
        QCOMPARE(w.session()->runs().size(), std::size_t(1));
    }

    // A dropped session opens; a dropped op graph becomes FT's model; a .pt2 becomes DGI's model.
    void droppedFilesGoWhereTheirEngineReadsThem()
    {
        const QString session = makeSession(QStringLiteral("dropped.vantage"), 3);
        MainWindow w(m_settings);
        addEnginePages(w);
        w.show();
        dropFiles(&w, { session });
        QTRY_VERIFY(w.session());
        QCOMPARE(QString::fromStdString(w.session()->path().string()), QFileInfo(session).absoluteFilePath());
        QCOMPARE(w.session()->runs().size(), std::size_t(3));

        EnginePage* ft = nullptr;
        for (auto* p : w.pages())
            if (p->engineId() == QLatin1String("ft"))
                ft = p;
        if (ft) {
            const QString graph = m_dir.filePath(QStringLiteral("tiny.json"));
            QFile f(graph);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"name": "tiny", "ops": [{"name": "fc", "kind": "linear", "batch": 16, "features": 8, "out": 4},
 {"name": "loss", "kind": "loss", "inputs": ["fc"]}]})");
            f.close();
            dropFiles(&w, { graph });
            QTRY_COMPARE(w.tabs()->currentWidget(), ft);
            auto* model = ft->findChild<QComboBox*>(QStringLiteral("ftModel"));
            QTRY_COMPARE(model->currentData().toString(), QStringLiteral("file:") + graph);
        }

        const QString exported = m_dir.filePath(QStringLiteral("model.pt2"));
        QFile pt2(exported);
        QVERIFY(pt2.open(QIODevice::WriteOnly));
        pt2.write("PK");
        pt2.close();
        dropFiles(&w, { exported });
        EnginePage* dgi = nullptr;
        for (auto* p : w.pages())
            if (p->engineId() == QLatin1String("dgi"))
                dgi = p;
        if (dgi) {
            // DGI's model: the page cuts it, and says what the file is when it is not a program.
            QTRY_COMPARE(w.tabs()->currentWidget(), dgi);
            QCOMPARE(dgi->findChild<QComboBox*>(QStringLiteral("dgiModel"))->currentText(), exported);
            auto* status = dgi->findChild<QLabel*>(QStringLiteral("dgiStatus"));
            QTRY_VERIFY2(
                status->text().contains(QStringLiteral("not a torch.export program")), qPrintable(status->text()));
        } else {
            QTRY_VERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("this build has no DGI")));
        }
        QCOMPARE(QString::fromStdString(w.session()->path().string()), QFileInfo(session).absoluteFilePath());
    }
};

QTEST_MAIN(TestWelcome)
#include "tst_welcome.moc"
