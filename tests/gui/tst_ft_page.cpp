// The FT page as a user drives it, offscreen: choose inputs, click Search, see the frontiers,
// pick a strategy, see its table, breakdown and drawing; the search and the pick are runs of the
// session, and a stored run is shown again without searching.

#include "ft/search_run.h"
#include "ft/strategy.h"
#include "ft_page.h"
#include "main_window.h"
#include "modal_answer.h"
#include "page_driver.h"
#include "pages.h"
#include "session_runs_model.h"
#include "store/session.h"
#include "widgets/pareto_chart.h"

#include <QAbstractAxis>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

namespace {

// "From JSON…" through the real file dialog: the path typed into its name field, as a user does,
// then Open.
void openGraphFile(FtPage* page, const QString& path)
{
    whenShown<QFileDialog>([path](QFileDialog* dialog) {
        if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
            name->setText(path);
        else
            dialog->selectFile(path);
        QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
    });
    QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftModelFile")), Qt::LeftButton);
}

// Export Strategy through the real file dialog into `path`; the bytes written (empty when none).
QByteArray exported(FtPage* page, const QString& path)
{
    whenShown<QFileDialog>([path](QFileDialog* dialog) {
        dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(path);
        QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
    });
    QTest::mouseClick(child<QPushButton>(page, QStringLiteral("ftExport")), Qt::LeftButton);
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

const QVector<widgets::ParetoSeriesData>& frontiers(FtPage* page)
{
    return child<widgets::ParetoChart>(page, QStringLiteral("ftChart"))->frontiers();
}

// What the page shows of a search and its pick, everything a user reads.
struct Shown {
    QString model, devices, title, status, fit;
    QVector<QVector<QPointF>> points; // per frontier: (time, memory) as drawn
    QVector<QVector<int>> ids;
    int pickedFrontier = -1, pickedStrategy = -1;
    QStringList table; // every cell, row by row
    bool exportable = false;
    bool drawn = false;
    bool operator==(const Shown&) const = default;
};

Shown shown(FtPage* page)
{
    Shown s;
    s.model = page->findChild<QComboBox*>(QStringLiteral("ftModel"))->currentData().toString();
    s.devices = page->findChild<QLineEdit*>(QStringLiteral("ftDevices"))->text();
    auto* chart = page->findChild<widgets::ParetoChart*>();
    s.title = chart->chart()->title();
    s.status = page->findChild<QLabel*>(QStringLiteral("ftStatus"))->text();
    s.fit = page->findChild<QLabel*>(QStringLiteral("ftFit"))->text();
    for (const auto& f : chart->frontiers()) {
        s.points.push_back({});
        s.ids.push_back({});
        for (const auto& p : f.points) {
            s.points.back().push_back({ p.x, p.y });
            s.ids.back().push_back(p.id);
        }
    }
    std::tie(s.pickedFrontier, s.pickedStrategy) = ftPicked(page);
    const auto* table = page->findChild<QTableView*>(QStringLiteral("ftOpTable"))->model();
    for (int r = 0; r < table->rowCount(); ++r)
        for (int c = 0; c < table->columnCount(); ++c)
            s.table << table->index(r, c).data().toString();
    s.exportable = page->findChild<QPushButton*>(QStringLiteral("ftExport"))->isEnabled();
    s.drawn = child<widgets::SvgView>(page, QStringLiteral("ftGraph"))->svg().contains("<svg");
    return s;
}

// The oracle of the first pick: over every frontier of the stored search, the fastest point whose
// memory per device is at most the device's (at equal time the fewer devices); {-1, -1} if none.
std::pair<int, int> fastestFitting(const ft::SearchResult& r)
{
    std::pair<int, int> best{ -1, -1 };
    double bestTime = 0;
    for (std::size_t f = 0; f < r.frontiers.size(); ++f)
        for (const auto& p : r.frontiers[f].points)
            if (p.memory <= r.deviceMemory && (best.first < 0 || p.time < bestTime)) {
                best = { int(f), p.strategy };
                bestTime = p.time;
            }
    return best;
}

// Checks that the page shows stored search `runId` and nothing else: its points in ms and GiB, its
// model, its first pick (or none, and why) with that strategy's table.
void checkShowsSearch(FtPage* page, const store::Session& session, qint64 runId)
{
    const ft::StoredSearch stored = ft::readSearch(session, runId);
    const ft::SearchResult& r = stored.result;
    const Shown s = shown(page);
    QCOMPARE(s.model, QString::fromStdString(stored.request.model));
    QVERIFY2(s.title.contains(QString::fromStdString(r.model)), qPrintable(s.title));
    QCOMPARE(s.points.size(), qsizetype(r.frontiers.size()));
    for (std::size_t f = 0; f < r.frontiers.size(); ++f) {
        const auto& points = r.frontiers[f].points;
        QCOMPARE(s.points[int(f)].size(), qsizetype(points.size()));
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(s.ids[int(f)][int(i)], points[i].strategy);
            QVERIFY(std::abs(s.points[int(f)][int(i)].x() - points[i].time * 1e3) <= 1e-9 * points[i].time * 1e3);
            QVERIFY(std::abs(s.points[int(f)][int(i)].y() * (1 << 30) - points[i].memory) <= 1e-6 * points[i].memory);
        }
        // "8 devices: 72 Pareto points in 1.20 ms" (plural forms from the catalogue).
        const QString line = FtPage::tr("%n device(s)", nullptr, r.frontiers[f].devices) + QStringLiteral(": ")
            + FtPage::tr("%n Pareto point(s)", nullptr, int(points.size())) + QStringLiteral(" in ");
        QVERIFY2(s.status.contains(line), qPrintable(s.status + QStringLiteral(" lacks ") + line));
    }
    const auto [frontier, strategy] = fastestFitting(r);
    QCOMPARE(s.pickedFrontier, frontier);
    QCOMPARE(s.pickedStrategy, strategy);
    QCOMPARE(s.exportable, frontier >= 0);
    QCOMPARE(s.drawn, frontier >= 0);
    if (frontier < 0) {
        QVERIFY(s.table.isEmpty());
        // What comes nearest, and what would make something fit.
        double least = 1e300;
        for (const auto& f : r.frontiers)
            for (const auto& p : f.points)
                least = std::min(least, p.memory);
        const auto gib
            = [](double bytes) { return QLocale().formattedDataSize(qint64(bytes), 2, QLocale::DataSizeIecFormat); };
        QVERIFY2(s.fit.startsWith(QStringLiteral("Nothing fits in device memory: the leanest strategy needs %1 per "
                                                 "device")
                                      .arg(gib(least)))
                && s.fit.contains(QStringLiteral("a device has %1.").arg(gib(r.deviceMemory)))
                && s.fit.contains(QStringLiteral("smaller batch")) && s.fit.contains(QStringLiteral("more devices")),
            qPrintable(s.fit));
        return;
    }
    QVERIFY2(
        s.fit.contains(QStringLiteral("the fastest strategy that fits, over every device count")), qPrintable(s.fit));
    const auto report = ft::strategyFor(stored.graph, stored.request.cluster, r, std::size_t(frontier), strategy);
    constexpr int kColumns = 8; // operator, kind, configuration, split, ZeRO, recompute, time, memory
    QCOMPARE(s.table.size(), qsizetype(report.ops.size() * kColumns));
    for (std::size_t i = 0; i < report.ops.size(); ++i) {
        QCOMPARE(s.table[int(i * kColumns)], QString::fromStdString(report.ops[i].op));
        QCOMPARE(s.table[int(i * kColumns + 2)], QString::fromStdString(report.ops[i].config));
    }
}

// Searches with the page's inputs as a click does; true when it finished.
bool search(FtPage* page, const QString& model, int batch, const QString& cluster, const QString& devices)
{
    enterFtInputs(page, model, batch, cluster, devices);
    return clickAndWait(page, &FtPage::searchFinished, QStringLiteral("ftSearch")).value_or(false);
}

} // namespace

class TestFtPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestFt"));
    }

    void searchPickExportAndRestore()
    {
        MainWindow w(m_settings);
        addEnginePages(w);
        const QString path = m_dir.filePath(QStringLiteral("ft.vantage"));
        QVERIFY(w.createSession(path));
        auto* page = w.findChild<FtPage*>();
        QVERIFY(page);
        w.tabs()->setCurrentWidget(page);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QVERIFY(search(page, QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("4,8")));

        // The chart shows one series per device count (the search's frontiers) plus the baselines.
        auto* chart = page->findChild<widgets::ParetoChart*>();
        const ft::SearchResult searched = ft::readSearch(*w.session(), w.session()->runs().at(0).id).result;
        QCOMPARE(chart->frontiers().size(), 2);
        QVERIFY(!chart->frontiers()[0].points.isEmpty());
        QCOMPARE(chart->frontiers()[1].points.size(), qsizetype(searched.frontiers[1].points.size()));

        // The search is a done run of the session, listed by the browser.
        auto runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].engine, store::Engine::Ft);
        QCOMPARE(runs[0].kind, store::RunKind::Search);
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(w.runsModel()->rowCount(), 1);

        // Click a point of the 8-device frontier that no 4-device point hides, once the chart is drawn.
        QTest::qWait(200);
        const int last = clearFtPoint(page, 1);
        QVERIFY(last >= 0);
        const auto [pickedFrontier, strategyId] = clickFtPoint(page, 1, last);
        QCOMPARE(pickedFrontier, 1);
        // The point clicked, or one of its frontier drawn on the same spot.
        const int clicked = chart->frontiers()[1].points[last].id;
        QVERIFY2((chart->pointPosition(1, strategyId) - chart->pointPosition(1, clicked)).manhattanLength() <= 1,
            qPrintable(QStringLiteral("clicked %1, picked %2").arg(clicked).arg(strategyId)));
        QCOMPARE(ftPicked(page), std::pair(1, strategyId));

        // The pick is a run with the exported strategy as an artifact.
        runs = w.session()->runs();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[1].kind, store::RunKind::Pick);
        const auto arts = w.session()->artifacts(runs[1].id);
        QCOMPARE(arts.size(), std::size_t(1));
        // Export writes it as stored.
        const QByteArray json = storedPickJson(*w.session());
        QCOMPARE(exported(page, m_dir.filePath(QStringLiteral("picked.json"))), json);

        // Its details: one table row per op, a strategy JSON matching the point, a drawing.
        auto* table = page->findChild<QTableView*>(QStringLiteral("ftOpTable"));
        const auto doc = QJsonDocument::fromJson(json).object();
        QCOMPARE(table->model()->rowCount(), doc[QStringLiteral("ops")].toArray().size());
        QVERIFY(table->model()->rowCount() > 10);
        QCOMPARE(doc[QStringLiteral("devices")].toInt(), 8);
        const auto& p = *std::find_if(chart->frontiers()[1].points.cbegin(), chart->frontiers()[1].points.cend(),
            [id = strategyId](const widgets::ParetoPoint& q) { return q.id == id; });
        QVERIFY(std::abs(doc[QStringLiteral("time")].toDouble() * 1e3 - p.x) <= 1e-9 * p.x); // the chart in ms
        QVERIFY(std::abs(doc[QStringLiteral("memory")].toDouble() / (1024.0 * 1024.0 * 1024.0) - p.y) <= 1e-9 * p.y);
        QVERIFY(shown(page).drawn);

        // The budget slider marks the fastest strategy within the budget.
        auto* budget = page->findChild<QSlider*>(QStringLiteral("ftBudget"));
        budget->setValue(budget->maximum());
        const auto fits = chart->withinBudget();
        QCOMPARE(fits.size(), 2);
        QCOMPARE(fits[0], chart->frontiers()[0].points.first().id);

        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        budget->setValue(budget->maximum() / 2);
        QTest::qWait(100);
        QVERIFY(w.grab().save(shotDir + QStringLiteral("/ft_page.png")));

        // A fresh page shows the stored pick as it was, without searching again.
        FtPage again;
        again.setSession(w.session());
        again.showRun(runs[1].id);
        QCOMPARE(frontiers(&again).size(), 2);
        QCOMPARE(frontiers(&again)[1].points.size(), chart->frontiers()[1].points.size());
        QCOMPARE(ftPicked(&again), std::pair(1, strategyId));
        // Same strategy: the same configuration per op and the same totals (the cluster profile went
        // through JSON, so compare numbers to the last few bits).
        const auto restored
            = QJsonDocument::fromJson(exported(&again, m_dir.filePath(QStringLiteral("restored.json")))).object();
        const auto ops = doc[QStringLiteral("ops")].toArray();
        const auto restoredOps = restored[QStringLiteral("ops")].toArray();
        QCOMPARE(restoredOps.size(), ops.size());
        for (int i = 0; i < ops.size(); ++i)
            QCOMPARE(restoredOps[i].toObject()[QStringLiteral("config")], ops[i].toObject()[QStringLiteral("config")]);
        for (const char* key : { "time", "memory" }) {
            const double x = doc[QLatin1String(key)].toDouble(), y = restored[QLatin1String(key)].toDouble();
            QVERIFY2(std::abs(x - y) <= 1e-12 * std::abs(x), key);
        }
        QCOMPARE(w.session()->runs().size(), std::size_t(2));

        // Another session: the page starts empty (no pick against a search the session lacks), and
        // coming back shows this session's latest finished run again.
        const QString first = w.session()->path().c_str();
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("other.vantage"))));
        QVERIFY(frontiers(page).isEmpty());
        QCOMPARE(ftPicked(page), std::pair(-1, -1));
        QVERIFY(!page->findChild<QPushButton*>(QStringLiteral("ftExport"))->isEnabled());
        QVERIFY(w.openSession(first));
        QCOMPARE(frontiers(page).size(), 2);
        QCOMPARE(ftPicked(page), std::pair(1, strategyId));
    }

    // The first pick is the fastest strategy that fits in device memory over every device count, or
    // none (and the page says why); the data: each way the old first pick (the fastest of the first
    // device count) went wrong.
    void firstPickFitsDeviceMemory_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("batch");
        QTest::addColumn<QString>("cluster");
        QTest::addColumn<QString>("devices");
        // The page's first pick before: the fastest point of the first device count, fitting or not.
        QTest::addColumn<bool>("oldPickFits");
        QTest::newRow("every point fits") << "bert-base" << 64 << "a100x8"
                                          << "4,8" << true;
        QTest::newRow("only the larger device count fits") << "transformer-big" << 256 << "v100x8"
                                                           << "4,8" << false;
        QTest::newRow("the fastest points do not fit") << "bert-large" << 116 << "v100x8"
                                                       << "8" << false;
        QTest::newRow("nothing fits: Llama-2 7B") << "llama2-7b" << 1024 << "h200x8"
                                                  << "8,16,32" << false;
    }
    void firstPickFitsDeviceMemory()
    {
        QFETCH(QString, model);
        QFETCH(int, batch);
        QFETCH(QString, cluster);
        QFETCH(QString, devices);
        QFETCH(bool, oldPickFits);
        auto session = store::Session::create(m_dir.filePath(model + QStringLiteral("-fit.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        QVERIFY(search(&page, model, batch, cluster, devices));
        const qint64 run = newestRun(session, store::RunKind::Search);
        const ft::StoredSearch stored = ft::readSearch(session, run);
        // The row is the case it names.
        QCOMPARE(stored.result.frontiers[0].points[0].memory <= stored.result.deviceMemory, oldPickFits);
        checkShowsSearch(&page, session, run);
        QCOMPARE(session.runs().size(), std::size_t(1)); // the first pick is not a user's pick: no run
    }

    // A user's pick that does not fit is shown with what it needs; Export asks first.
    void pickThatDoesNotFitIsMarkedAndExportAsks()
    {
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("nofit.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(search(&page, QStringLiteral("bert-large"), 116, QStringLiteral("v100x8"), QStringLiteral("8")));
        const ft::SearchResult r = ft::readSearch(session, newestRun(session, store::RunKind::Search)).result;
        const auto& points = r.frontiers[0].points;
        QVERIFY(points[0].memory > r.deviceMemory);
        // The fastest point, or one drawn on the same spot (as fast, as large).
        const auto [pickedFrontier, pickedId] = clickFtPoint(&page, 0, 0);
        QCOMPARE(pickedFrontier, 0);
        QCOMPARE(ftPicked(&page), std::pair(0, pickedId));
        const auto picked = std::find_if(
            points.cbegin(), points.cend(), [id = pickedId](const ft::StrategyPoint& q) { return q.strategy == id; });
        QVERIFY(picked != points.cend());
        QVERIFY(picked->memory > r.deviceMemory);
        auto* fit = page.findChild<QLabel*>(QStringLiteral("ftFit"));
        const auto gib
            = [](double bytes) { return QLocale().formattedDataSize(qint64(bytes), 2, QLocale::DataSizeIecFormat); };
        const QString needs
            = QStringLiteral("needs %1 per device, a device has %2").arg(gib(picked->memory), gib(r.deviceMemory));
        QVERIFY(fit->isVisible());
        QVERIFY2(fit->text().startsWith(QStringLiteral("Does not fit")) && fit->text().contains(needs),
            qPrintable(fit->text()));
        const QString shotDir = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
        QDir().mkpath(shotDir);
        QVERIFY(page.grab().save(shotDir + QStringLiteral("/ft_page_no_fit.png")));

        // Export, answered No: no file dialog, nothing written.
        auto* exportButton = page.findChild<QPushButton*>(QStringLiteral("ftExport"));
        QVERIFY(exportButton->isEnabled());
        const QString file = m_dir.filePath(QStringLiteral("nofit.json"));
        QString asked;
        whenShown<QMessageBox>([&](QMessageBox* box) {
            asked = box->text();
            box->button(QMessageBox::No)->click();
        });
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QVERIFY2(asked.contains(needs) && asked.contains(QStringLiteral("Export it anyway?")), qPrintable(asked));
        QVERIFY(!QFile::exists(file));
        // Answered Yes: the file dialog, and the strategy as it is, marked as not fitting.
        whenShown<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Yes)->click(); });
        whenShown<QFileDialog>([file](QFileDialog* dialog) {
            dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(file);
            QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
        });
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QFile written(file);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray json = written.readAll();
        QCOMPARE(json, storedPickJson(session));
        QCOMPARE(QJsonDocument::fromJson(json).object()[QStringLiteral("fits_device_memory")].toBool(true), false);

        // A pick that fits says so, without "the fastest".
        const int fitting = r.frontiers[0].fastestWithin(r.deviceMemory);
        QVERIFY(fitting > 0);
        // Clicked below the device's memory line, through the lines and markers drawn over the points
        // (the chart takes the click itself, not the series item on top).
        QCOMPARE(clickFtPoint(&page, 0, fitting + 1 < int(points.size()) ? fitting + 1 : fitting).first, 0);
        QCOMPARE(ftPicked(&page).first, 0);
        QVERIFY2(fit->text().startsWith(QStringLiteral("Fits:")), qPrintable(fit->text()));
    }

    // The memory budget applies when the slider is let go: while it is dragged only its label
    // follows, and nothing moves under the pointer.
    void budgetAppliesOnRelease()
    {
        FtPage page;
        page.resize(1024, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("budget.vantage")).toStdString());
        page.setSession(&session);
        QVERIFY(search(&page, QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("4,8")));
        auto* slider = page.findChild<QSlider*>(QStringLiteral("ftBudget"));
        auto* label = page.findChild<QLabel*>(QStringLiteral("ftBudgetLabel"));
        auto* chart = page.findChild<widgets::ParetoChart*>();
        const auto before = chart->withinBudget();
        const QString off = label->text();
        const QRect sliderAt = slider->geometry();
        QStyleOptionSlider option;
        option.initFrom(slider);
        option.orientation = slider->orientation();
        option.minimum = slider->minimum();
        option.maximum = slider->maximum();
        option.sliderPosition = option.sliderValue = slider->value();
        const QRect handle
            = slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider);
        QTest::mousePress(slider, Qt::LeftButton, {}, handle.center());
        QVERIFY(slider->isSliderDown());
        for (int x : { slider->width() / 2, slider->width() * 3 / 4, slider->width() * 2 / 3 }) {
            QTest::mouseMove(slider, QPoint(x, handle.center().y()));
            QVERIFY(slider->sliderPosition() > 0);
            QCOMPARE(slider->value(), 0); // not applied yet
            QCOMPARE(chart->withinBudget(), before);
            QVERIFY(label->text() != off); // the label follows
            QCOMPARE(slider->geometry(), sliderAt);
        }
        QTest::mouseRelease(slider, Qt::LeftButton, {}, QPoint(slider->width() * 2 / 3, handle.center().y()));
        QVERIFY(slider->value() > 0);
        QCOMPARE(slider->geometry(), sliderAt);
        // Applied: per frontier, the fastest point within the budget (its memory in bytes from the store).
        const ft::SearchResult r = ft::readSearch(session, newestRun(session, store::RunKind::Search)).result;
        double maxBytes = r.deviceMemory;
        for (const auto& f : r.frontiers)
            for (const auto& p : f.points)
                maxBytes = std::max(maxBytes, p.memory);
        const double budget = maxBytes * slider->value() / 1000.0;
        QVector<int> expected;
        for (const auto& f : r.frontiers) {
            expected << -1;
            for (const auto& p : f.points)
                if (p.memory <= budget * (1 + 1e-12)) {
                    expected.back() = p.strategy;
                    break;
                }
        }
        QCOMPARE(chart->withinBudget(), expected);
    }

    // A page shows only the run it names: switching between two recorded searches of different
    // models (one with something that fits, one with nothing) shows each one's points, status, pick
    // and table, and nothing of the other.
    void showsOnlyTheRunItNames()
    {
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("two-runs.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(search(&page, QStringLiteral("transformer-big"), 256, QStringLiteral("v100x8"), QStringLiteral("4,8")));
        const qint64 fits = newestRun(session, store::RunKind::Search);
        QTest::qWait(200); // the chart drawn
        const int clear = clearFtPoint(&page, 1);
        QVERIFY(clear >= 0);
        QCOMPARE(clickFtPoint(&page, 1, clear).first, 1); // a user's pick: a run
        const int userPick = ftPicked(&page).second;
        const qint64 pickRun = session.runs().back().id;
        QCOMPARE(pickRun, newestRun(session, store::RunKind::Pick));
        QVERIFY(search(&page, QStringLiteral("llama2-7b"), 1024, QStringLiteral("h200x8"), QStringLiteral("8,16,32")));
        const qint64 nothing = newestRun(session, store::RunKind::Search);
        QCOMPARE(session.runs().size(), std::size_t(3));

        page.showRun(fits);
        checkShowsSearch(&page, session, fits);
        const Shown first = shown(&page);
        QCOMPARE(first.devices, QStringLiteral("4,8"));
        page.showRun(nothing);
        checkShowsSearch(&page, session, nothing);
        QCOMPARE(shown(&page).devices, QStringLiteral("8,16,32"));
        page.showRun(fits);
        QVERIFY(shown(&page) == first);
        // The pick run: its search, with the user's strategy and its table.
        page.showRun(nothing);
        page.showRun(pickRun);
        QCOMPARE(ftPicked(&page), std::pair(1, userPick));
        const ft::StoredSearch stored = ft::readSearch(session, fits);
        const auto report = ft::strategyFor(stored.graph, stored.request.cluster, stored.result, 1, userPick);
        QCOMPARE(shown(&page).table.size(), qsizetype(report.ops.size() * 8)); // eight columns
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("ftFit"))->text().startsWith(QStringLiteral("Fits:")));
        // A fresh page, the other way round.
        FtPage other;
        other.setSession(&session);
        other.showRun(nothing);
        other.showRun(fits);
        QVERIFY(shown(&other) == first);
    }

    // Words: plurals from the count, the chart in the tables' ms, and how to get an op graph from a
    // PyTorch model where it is opened.
    void textsSayWhatIsTrue()
    {
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("texts.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* open = page.findChild<QPushButton*>(QStringLiteral("ftModelFile"));
        QVERIFY(open->toolTip().contains(QStringLiteral("scripts/export_ft_graph.py --model")));
        // A PyTorch model file picked where an op graph is asked for: how to export one.
        const QString pt2 = m_dir.filePath(QStringLiteral("model.pt2"));
        {
            QFile f(pt2);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("PK\x03\x04");
        }
        QString warning;
        whenShown<QMessageBox>([&](QMessageBox* box) {
            warning = box->text();
            box->accept();
        });
        openGraphFile(&page, pt2);
        QTRY_VERIFY(!warning.isEmpty());
        QVERIFY2(
            warning.contains(QStringLiteral("model.pt2")) && warning.contains(QStringLiteral("export_ft_graph.py")),
            qPrintable(warning));
        // One device and a two-op graph: one Pareto point, in words that count it.
        const QString small = m_dir.filePath(QStringLiteral("one-point.json"));
        {
            QFile f(small);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"name": "tiny", "ops": [{"name": "fc", "kind": "linear", "batch": 16, "features": 8, "out": 4},
 {"name": "loss", "kind": "loss", "inputs": ["fc"]}]})");
        }
        openGraphFile(&page, small);
        auto* model = page.findChild<QComboBox*>(QStringLiteral("ftModel"));
        QTRY_COMPARE(model->currentData().toString(), QStringLiteral("file:") + small);
        page.findChild<QLineEdit*>(QStringLiteral("ftDevices"))->setText(QStringLiteral("1"));
        QSignalSpy done(&page, &FtPage::searchFinished);
        QTest::mouseClick(page.findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(done.wait(60000));
        QCOMPARE(frontiers(&page).size(), 1);
        QCOMPARE(frontiers(&page)[0].points.size(), 1);
        const QString status = page.findChild<QLabel*>(QStringLiteral("ftStatus"))->text();
        QVERIFY2(status.contains(FtPage::tr("%n Pareto point(s)", nullptr, 1))
                && !status.contains(QStringLiteral("strategies")),
            qPrintable(status));
        auto* chart = page.findChild<widgets::ParetoChart*>();
        QVERIFY(chart->chart()->axes(Qt::Horizontal).first()->titleText().endsWith(QStringLiteral("(ms)")));
        const auto r = ft::readSearch(session, newestRun(session, store::RunKind::Search)).result;
        QCOMPARE(chart->frontiers()[0].points[0].x, r.frontiers[0].points[0].time * 1e3);
    }

    // A user's PyTorch model: torchvision's resnet50 exported by scripts/export_ft_graph.py, opened
    // with "From JSON…" through the real file dialog, searched, and its batch taken from the file.
    void opensAnExportedPyTorchModel()
    {
        const QString graph = m_dir.filePath(QStringLiteral("resnet50.json"));
        QProcess py;
        py.start(QStringLiteral(VANTAGE_TORCH2_PYTHON),
            { QStringLiteral(VANTAGE_SOURCE_DIR "/scripts/export_ft_graph.py"), "--model",
                "torchvision.models:resnet50", "--input", "float:3,224,224", "--batch", "64", "--out", graph });
        QVERIFY(py.waitForFinished(300000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("ft-export.vantage"))));
        auto* page = w.findChild<FtPage*>();
        w.tabs()->setCurrentWidget(page);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openGraphFile(page, graph);
        auto* model = page->findChild<QComboBox*>(QStringLiteral("ftModel"));
        QTRY_COMPARE(model->currentData().toString(), QStringLiteral("file:") + graph);
        QVERIFY(model->currentText().contains(QStringLiteral("resnet50")));
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 64); // the file's batch
        page->findChild<QLineEdit*>(QStringLiteral("ftDevices"))->setText(QStringLiteral("8"));
        QSignalSpy done(page, &FtPage::searchFinished);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(done.wait(300000));
        QCOMPARE(done.first().first().toBool(), true);
        QCOMPARE(frontiers(page).size(), 1);
        QVERIFY(!frontiers(page)[0].points.isEmpty());
        auto runs = w.session()->runs();
        QCOMPARE(runs.back().result.value("parameters", 0LL), 25557032LL); // torchvision's count
        const qint64 resnetRun = runs.back().id;

        // A second file in the box: each item searches its own graph (one kept for all searched
        // the file loaded last, whichever item was picked).
        const QString small = m_dir.filePath(QStringLiteral("small.json"));
        {
            QFile f(small);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"name": "small", "ops": [{"name": "fc", "kind": "linear", "batch": 16, "features": 8, "out": 4},
 {"name": "loss", "kind": "loss", "inputs": ["fc"]}]})");
        }
        openGraphFile(page, small);
        QTRY_COMPARE(model->currentData().toString(), QStringLiteral("file:") + small);
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 16);
        model->setCurrentIndex(model->findData(QStringLiteral("file:") + graph));
        QCOMPARE(page->findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 64);
        done.clear();
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("ftSearch")), Qt::LeftButton);
        QVERIFY(done.wait(300000));
        runs = w.session()->runs();
        QCOMPARE(runs.back().result.value("parameters", 0LL), 25557032LL); // resnet50's, not small's 36

        // The stored run shows the file it read (not the zoo's first model) and searches its graph
        // again with the file gone.
        QVERIFY(QFile::remove(graph));
        FtPage again;
        again.setSession(w.session());
        again.showRun(resnetRun);
        auto* againModel = again.findChild<QComboBox*>(QStringLiteral("ftModel"));
        QCOMPARE(againModel->currentData().toString(), QStringLiteral("file:") + graph);
        QVERIFY(againModel->currentText().contains(QStringLiteral("resnet50")));
        QCOMPARE(again.findChild<QSpinBox*>(QStringLiteral("ftBatch"))->value(), 64);
        QCOMPARE(clickAndWait(&again, &FtPage::searchFinished, QStringLiteral("ftSearch"), 300000), true);
        QCOMPARE(w.session()->runs().back().result.value("parameters", 0LL), 25557032LL);
    }

    void badDevicesAreReported()
    {
        FtPage page;
        enterFtInputs(&page, QStringLiteral("bert-base"), 64, QStringLiteral("a100x8"), QStringLiteral("8,zero"));
        QVERIFY(click(&page, QStringLiteral("ftSearch")));
        QVERIFY(!page.isBusy()); // nothing started
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("ftStatus"))->text().contains(QStringLiteral("zero")));
    }

    void cancelMarksRunCancelled()
    {
        const QString path = m_dir.filePath(QStringLiteral("cancel.vantage"));
        auto session = store::Session::create(path.toStdString());
        FtPage page;
        page.setSession(&session);
        enterFtInputs(
            &page, QStringLiteral("gpt3-175b"), 1536, QStringLiteral("h200x8"), QStringLiteral("64,128,256,512,1024"));
        QSignalSpy done(&page, &FtPage::searchFinished);
        QVERIFY(click(&page, QStringLiteral("ftSearch")));
        QVERIFY(page.isBusy());
        page.cancelTask();
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().first().toBool(), false);
        QCOMPARE(session.runs().size(), std::size_t(1));
        QCOMPARE(session.runs()[0].status, store::RunStatus::Cancelled);
    }

#ifdef VANTAGE_EDL_WORKER_BIN
    // Calibrate, clicked: the devices of this machine measured off the GUI thread, the fitted
    // profile added to the cluster box and selected, the run recorded; a search then prices with it.
    void calibrateAddsTheMeasuredProfile()
    {
        qputenv("VANTAGE_EDL_WORKER", VANTAGE_EDL_WORKER_BIN);
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("calibrate.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        enter(&page, QStringLiteral("ftCalDevices"), 2);
        enter(&page, QStringLiteral("ftCalThreads"), 1);
        enter(&page, QStringLiteral("ftCalGemm"), 64);
        QSignalSpy done(&page, &FtPage::calibrationFinished);
        QVERIFY(click(&page, QStringLiteral("ftCalibrate")));
        QVERIFY(page.isBusy());
        QVERIFY(!child<QPushButton>(&page, QStringLiteral("ftCalibrate"))->isEnabled());
        QVERIFY(done.wait(120000));
        const QString status = child<QLabel>(&page, QStringLiteral("ftCalStatus"))->text();
        QVERIFY2(done.first().first().toBool(), qPrintable(status));
        const auto runs = session.runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QCOMPARE(runs[0].kind, store::RunKind::Calibrate);
        QCOMPARE(runs[0].status, store::RunStatus::Done);
        QCOMPARE(runs[0].params.value("devices", 0), 2);
        QCOMPARE(runs[0].params.value("gemm_max", 0), 64);
        QCOMPARE(status, QString::fromStdString(runs[0].summary));
        auto* cluster = child<QComboBox>(&page, QStringLiteral("ftCluster"));
        QCOMPARE(cluster->currentData().toString(), QStringLiteral("calibrated:%1").arg(runs[0].id));
        QVERIFY(cluster->currentText().startsWith(QString::fromStdString(runs[0].result["cluster"]["name"])));

        type(&page, QStringLiteral("ftDevices"), QStringLiteral("2"));
        QCOMPARE(clickAndWait(&page, &FtPage::searchFinished, QStringLiteral("ftSearch")), std::optional<bool>(true));
        const auto search = session.run(session.runs().back().id);
        QCOMPARE(search.kind, store::RunKind::Search);
        QVERIFY(search.params["cluster"] == runs[0].result["cluster"]); // with its measured collectives
    }

    void calibrationCancelled()
    {
        qputenv("VANTAGE_EDL_WORKER", VANTAGE_EDL_WORKER_BIN);
        auto session = store::Session::create(m_dir.filePath(QStringLiteral("cal-cancel.vantage")).toStdString());
        FtPage page;
        page.setSession(&session);
        enter(&page, QStringLiteral("ftCalDevices"), 2);
        QSignalSpy done(&page, &FtPage::calibrationFinished);
        const int items = child<QComboBox>(&page, QStringLiteral("ftCluster"))->count();
        QVERIFY(click(&page, QStringLiteral("ftCalibrate")));
        page.cancelTask();
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().first().toBool(), false);
        QCOMPARE(child<QLabel>(&page, QStringLiteral("ftCalStatus"))->text(), FtPage::tr("Calibration cancelled."));
        QCOMPARE(child<QComboBox>(&page, QStringLiteral("ftCluster"))->count(), items);
        QCOMPARE(session.runs().size(), std::size_t(1));
        QCOMPARE(session.runs()[0].status, store::RunStatus::Cancelled);
    }
#endif

    // A window destroyed while its search runs (a quit from elsewhere than its close button, as
    // the start-up benchmark does) cancels the search and records it before its session closes;
    // the search's thread once wrote into the freed session and crashed.
    void destroyedWhileSearching()
    {
        const QString file = m_dir.filePath(QStringLiteral("ft-destroyed.vantage"));
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(w.createSession(file));
            auto* page = w.findChild<FtPage*>();
            enterFtInputs(
                page, QStringLiteral("transformer-base"), 64, QStringLiteral("a100x8"), QStringLiteral("8,16,32,64"));
            QVERIFY(click(page, QStringLiteral("ftSearch")));
            QVERIFY(page->isBusy());
            QTest::qWait(200);
        }
        auto s = store::Session::open(file.toStdString(), store::Session::Mode::ReadOnly);
        const auto runs = s.runs();
        QCOMPARE(runs.size(), std::size_t(1));
        QVERIFY2(runs[0].status == store::RunStatus::Cancelled || runs[0].status == store::RunStatus::Done,
            runs[0].error.c_str());
    }
};

QTEST_MAIN(TestFtPage)
#include "tst_ft_page.moc"
