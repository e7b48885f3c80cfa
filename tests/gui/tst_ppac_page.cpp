// The PPAC page as a user drives it, offscreen: the synthetic demo data and its long tail, a short
// PPAC training with live charts, the knobs re-ranking (beta < 0 lowers ARP), a user inspected
// before and after, the knobs stored, and the training shown again from the session.

#include "main_window.h"
#include "page_driver.h"
#include "pages.h"
#include "ppac_page.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

namespace {

// The status line of a page that shows training run `run` with its model back.
bool showsRun(const QString& status, qint64 run)
{
    return status == PpacPage::tr("Run %1 restored.").arg(run)
        || status == PpacPage::tr("Run %1, with the data and the model already loaded.").arg(run);
}

} // namespace

class TestPpacPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestPpac"));
    }

    void loadTrainRerankInspectRestore()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("ppac.vantage"))));
        auto* page = w.findChild<PpacPage*>();
        QVERIFY(page);
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QVERIFY(!child<QPushButton>(page, QStringLiteral("ppacTrain"))->isEnabled()); // no data yet
        enterPpacSynthetic(page, 600, 300, 11);
        QCOMPARE(clickAndWait(page, &PpacPage::dataLoaded, QStringLiteral("ppacLoad"), 60000), true);
        QVERIFY(child<QPushButton>(page, QStringLiteral("ppacTrain"))->isEnabled());
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("ppacOverview"))->text().contains(QStringLiteral("600")));

        enterPpacTraining(page, QStringLiteral("mf"), true, 4);
        QCOMPARE(clickAndWait(page, &PpacPage::trainingFinished, QStringLiteral("ppacTrain"), 180000), true);
        QVERIFY(ppacHasModel(page));
        auto* chart = page->findChild<widgets::LineChart*>(QStringLiteral("ppacTrainingChart"));
        QCOMPARE(chart->points(PpacPage::tr("loss")).size(), 4); // a point per epoch

        // The training is a run with its loss series and the model as an artifact.
        auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(w.session()->series(runs[0].id, "loss").size(), std::size_t(4));
        QCOMPARE(w.session()->artifacts(runs[0].id).size(), std::size_t(1));

        // beta < 0 penalises global popularity: ARP@20 goes down.
        bool read = false;
        const double arp0 = QLocale().toDouble(ppacMetric(page, QStringLiteral("ARP")), &read);
        QVERIFY(read && std::isfinite(arp0));
        QSignalSpy reranked(page, &PpacPage::reranked);
        enterPpacKnobs(page, 0.0, -0.5);
        QVERIFY(reranked.wait(60000));
        const QString arp1 = ppacMetric(page, QStringLiteral("ARP"));
        QVERIFY2(QLocale().toDouble(arp1) < arp0, qPrintable(QStringLiteral("%1 -> %2").arg(arp0).arg(arp1)));
        auto* exposure = child<widgets::LineChart>(page, QStringLiteral("ppacExposure"));
        QCOMPARE(exposure->points(PpacPage::tr("γ = %1, β = %2").arg(0.0).arg(-0.5)).size(), 10);

        auto* user = child<QLineEdit>(page, QStringLiteral("ppacUser"));
        type(user, QStringLiteral("5"));
        QTest::keyClick(user, Qt::Key_Return);
        QVERIFY(child<QLabel>(page, QStringLiteral("ppacUserSummary"))->text().contains(QStringLiteral("User 5")));
        auto* after = page->findChild<QTableView*>(QStringLiteral("ppacAfter"));
        QCOMPARE(after->model()->rowCount(), 20);

        QVERIFY(click(page, QStringLiteral("ppacStoreKnobs")));
        runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[1].kind, store::RunKind::Knobs);
        QCOMPARE(runs[1].params["beta"].get<double>(), -0.5);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        page->findChild<QTabWidget*>(QStringLiteral("ppacTabs"))->setCurrentIndex(2);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/ppac_page.png")));

        // Showing the stored knobs rebuilds the data and the model from the session, no training.
        PpacPage again;
        again.setSession(w.session());
        QSignalSpy againReranked(&again, &PpacPage::reranked);
        again.showRun(runs[1].id);
        QTRY_VERIFY_WITH_TIMEOUT(ppacHasModel(&again), 60000);
        QVERIFY(againReranked.wait(60000));
        QCOMPARE(ppacMetric(&again, QStringLiteral("ARP")), arp1);
        QCOMPARE(w.session()->runs().size(), std::size_t(2));
    }

    // Opening a session shows its last PPAC run by restoring the model in the background: work the
    // user did not start, which holds nothing up (Save As, another session, quitting).
    // A user's CSV as pandas writes one (the index first, the names MovieLens uses, a column more):
    // the page says which columns it read and how many rows repeated a pair, as the CLI does.
    void aUsersCsvSaysHowItWasRead()
    {
        const QString path = m_dir.filePath(QStringLiteral("ratings.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(",title,userId,movieId,rating,timestamp\n");
        int row = 0;
        for (int u = 0; u < 80; ++u)
            for (int k = 0; k < 12; ++k) {
                const int item = (u * 7 + k * 3) % 60;
                f.write(QStringLiteral("%1,\"Film %2, part %3\",%4,%5,%6,%7\n")
                            .arg(row++)
                            .arg(item)
                            .arg(k)
                            .arg(u + 1)
                            .arg(item + 100)
                            .arg(1 + (u + k) % 5)
                            .arg(1000000 + u * 100 + k)
                            .toUtf8());
            }
        for (int r = 0; r < 3; ++r) // the same (user, item) pairs, rated again later
            f.write(QStringLiteral("%1,again,%2,%3,5,%4\n")
                        .arg(row++)
                        .arg(r + 1)
                        .arg(r * 7 + 100)
                        .arg(2000000 + r)
                        .toUtf8());
        f.close();

        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("ppac-csv.vantage"))));
        auto* page = w.findChild<PpacPage*>();
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        enterPpacDataset(page, path);
        QVERIFY2(clickAndWait(page, &PpacPage::dataLoaded, QStringLiteral("ppacLoad"), 60000) == true,
            qPrintable(page->findChild<QLabel*>(QStringLiteral("ppacStatus"))->text()));
        const QString text = page->findChild<QLabel*>(QStringLiteral("ppacOverview"))->text();
        QVERIFY2(text.contains(QStringLiteral("80 users")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Columns read: user = userId, item = movieId, rating = rating, "
                                              "timestamp = timestamp")),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("3 rows repeat a (user, item) pair")), qPrintable(text));
        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/ppac_csv.png")));
    }

    void restoringAStoredRunHoldsNothingUp()
    {
        const QString file = m_dir.filePath(QStringLiteral("ppac-restore.vantage"));
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(file));
            auto* page = w.findChild<PpacPage*>();
            enterPpacSynthetic(page, 3000, 1500, 5);
            QVERIFY(clickAndWait(page, &PpacPage::dataLoaded, QStringLiteral("ppacLoad"), 60000).has_value());
            enterPpacTraining(page, QStringLiteral("mf"), true, 2);
            QSignalSpy trained(page, &PpacPage::trainingFinished);
            QVERIFY(click(page, QStringLiteral("ppacTrain")));
            QVERIFY(page->isRecording()); // the user's own work
            QVERIFY(trained.wait(180000));
        }
        const QString other = m_dir.filePath(QStringLiteral("ppac-other.vantage"));
        store::Session::create(other.toStdString());

        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.openSession(file));
        auto* page = w.findChild<PpacPage*>();
        QVERIFY(page->isBusy()); // restoring the stored run
        QVERIFY(!page->isRecording());
        QVERIFY2(w.openSession(other, true), qPrintable(w.lastError()));
        QVERIFY(!page->isBusy());
        QCOMPARE(w.session()->path().string(), other.toStdString());
        QVERIFY(w.openSession(file));
        QVERIFY(page->isBusy());
        QVERIFY(w.close()); // no question: nothing of the user's is running
    }

    // Reopening a session, or opening its copy (Save As), shows its run with the data the page
    // holds: no reload of the data (minutes on a large dataset), the model rebuilt once at most.
    void reopeningReusesTheLoadedData()
    {
        const QString file = m_dir.filePath(QStringLiteral("ppac-reuse.vantage"));
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(file));
        auto* page = w.findChild<PpacPage*>();
        loadAndTrain(page, 600, 13, 2);
        if (QTest::currentTestFailed())
            return;
        const qint64 run = newestRun(*w.session(), store::RunKind::Train);
        auto* status = child<QLabel>(page, QStringLiteral("ppacStatus"));

        // What the page started: a re-rank at the run's knobs is fine, loading or rebuilding is not.
        QSignalSpy jobs(page, &EnginePage::taskStarted);
        auto started = [&jobs] {
            QStringList titles;
            for (const auto& args : jobs)
                titles << args.first().toString();
            return titles;
        };
        QVERIFY(w.openSession(file));
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        QVERIFY(ppacHasModel(page));
        QVERIFY2(showsRun(status->text(), run), qPrintable(status->text()));
        QVERIFY2(!started().contains(PpacPage::tr("Load dataset")), qPrintable(started().join(QLatin1Char(','))));

        const QString copy = m_dir.filePath(QStringLiteral("ppac-reuse-copy.vantage"));
        w.session()->saveCopy(copy.toStdString());
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        jobs.clear();
        QVERIFY(w.openSession(copy));
        const QString copyStatus = status->text();
        QVERIFY2(copyStatus.contains(QStringLiteral("already loaded")) && copyStatus.contains(QString::number(run)),
            qPrintable(copyStatus));
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 60000);
        QVERIFY2(
            !started().contains(PpacPage::tr("Load dataset")) && !started().contains(PpacPage::tr("Restore model")),
            qPrintable(started().join(QLatin1Char(','))));
        QVERIFY(ppacHasModel(page));
        QVERIFY2(showsRun(status->text(), run), qPrintable(status->text()));
    }

    // Two trainings on other data, shown in turn: each time the data, the curves, the metrics and
    // the status of the run named, nothing of the other.
    void aPageShowsOnlyTheRunItNames()
    {
        const QString file = m_dir.filePath(QStringLiteral("ppac-two.vantage"));
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(file));
        auto* page = w.findChild<PpacPage*>();
        qint64 runs[2] = { 0, 0 };
        const int users[2] = { 600, 400 }, epochs[2] = { 3, 2 };
        for (int i = 0; i < 2; ++i) {
            loadAndTrain(page, users[i], 11 + i, epochs[i]);
            if (QTest::currentTestFailed())
                return;
            runs[i] = newestRun(*w.session(), store::RunKind::Train);
        }
        struct Shown {
            QString overview, status;
            QVector<QPointF> loss;
            QString recall;
            bool operator==(const Shown&) const = default;
        };
        auto show = [&](qint64 run) {
            // Shown once the run's model is back (restored, or found already loaded) and not busy.
            page->showRun(run);
            const QStringList shown{ PpacPage::tr("Run %1 restored.").arg(run),
                PpacPage::tr("Run %1, with the data and the model already loaded.").arg(run) };
            auto* status = page->findChild<QLabel*>(QStringLiteral("ppacStatus"));
            [&] { QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy() && shown.contains(status->text()), 120000); }();
            auto* chart = page->findChild<widgets::LineChart*>(QStringLiteral("ppacTrainingChart"));
            Shown s{ page->findChild<QLabel*>(QStringLiteral("ppacOverview"))->text(),
                page->findChild<QLabel*>(QStringLiteral("ppacStatus"))->text(),
                chart->seriesNames().isEmpty() ? QVector<QPointF>() : chart->points(chart->seriesNames().first()),
                ppacMetric(page, QStringLiteral("Recall")) };
            return s;
        };
        const Shown first = show(runs[0]);
        const Shown second = show(runs[1]);
        const Shown again = show(runs[0]);
        QVERIFY2(first.overview.contains(QLocale().toString(600)), qPrintable(first.overview));
        QVERIFY2(second.overview.contains(QLocale().toString(400)), qPrintable(second.overview));
        QVERIFY(!second.overview.contains(QLocale().toString(600)));
        QCOMPARE(first.loss.size(), qsizetype(epochs[0]));
        QCOMPARE(second.loss.size(), qsizetype(epochs[1]));
        QVERIFY(first.status.contains(QString::number(runs[0])) && second.status.contains(QString::number(runs[1])));
        QVERIFY(!first.recall.isEmpty() && !second.recall.isEmpty());
        QVERIFY(first.recall != second.recall);
        QVERIFY(again == first);
    }

private:
    // Synthetic data of `users` users (half as many items) loaded and MF with PPAC trained on it,
    // through the page's own actions.
    static void loadAndTrain(PpacPage* page, int users, int seed, int epochs)
    {
        enterPpacSynthetic(page, users, users / 2, seed);
        QVERIFY(clickAndWait(page, &PpacPage::dataLoaded, QStringLiteral("ppacLoad"), 60000).has_value());
        enterPpacTraining(page, QStringLiteral("mf"), true, epochs);
        QVERIFY(clickAndWait(page, &PpacPage::trainingFinished, QStringLiteral("ppacTrain"), 180000).has_value());
    }
};

QTEST_MAIN(TestPpacPage)
#include "tst_ppac_page.moc"
