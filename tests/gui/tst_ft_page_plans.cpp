// The FT page's decisions beyond splits, as a user drives them offscreen: ZeRO stages and selective
// recomputation switched on, searched, stored in the run, drawn on the chart in their kind's shape,
// named per op in the operator table, and restored with the run.

#include "ft/search_run.h"
#include "ft/strategy.h"
#include "ft_page.h"
#include "main_window.h"
#include "page_driver.h"
#include "pages.h"
#include "store/session.h"
#include "translations.h"
#include "widgets/pareto_chart.h"

#include <QCheckBox>
#include <QDir>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace vantage;
using namespace vantage::gui;
using namespace vantage::gui::testing;

namespace {

// The column of `table` headed `title`; -1 when none is.
int column(const QAbstractItemModel* table, const QString& title)
{
    for (int c = 0; c < table->columnCount(); ++c)
        if (table->headerData(c, Qt::Horizontal).toString() == title)
            return c;
    return -1;
}

} // namespace

class TestFtPagePlans : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AppSettings m_settings;

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("VantageTest"));
        QCoreApplication::setApplicationName(QStringLiteral("VantageTestFtPlans"));
    }

    // Off by default (the frontier as before: every point plain, no kind drawn); on, the run stores
    // the switches, the points that use them are drawn again under their kind's legend entry, and
    // the table names each op's ZeRO stage and recomputation as its configuration does.
    void zeroAndRecomputation_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<bool>("recompute");
        QTest::newRow("off") << 0 << false;
        QTest::newRow("zero 3, recompute") << 3 << true;
    }
    void zeroAndRecomputation()
    {
        QFETCH(int, zero);
        QFETCH(bool, recompute);
        MainWindow w(m_settings);
        addEnginePages(w);
        QVERIFY(w.createSession(m_dir.filePath(QStringLiteral("plans-%1.vantage").arg(zero))));
        auto* page = w.findChild<FtPage*>();
        w.tabs()->setCurrentWidget(page);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* zeroBox = child<QSpinBox>(page, QStringLiteral("ftZeroStages"));
        auto* recomputeBox = child<QCheckBox>(page, QStringLiteral("ftRecompute"));
        QCOMPARE(zeroBox->value(), 0);
        QVERIFY(!recomputeBox->isChecked());
        if (zero > 0)
            enter(zeroBox, zero);
        if (recompute)
            QTest::mouseClick(recomputeBox, Qt::LeftButton, {}, QPoint(8, recomputeBox->height() / 2));
        QCOMPARE(recomputeBox->isChecked(), recompute);

        enterFtInputs(page, QStringLiteral("bert-base"), 32, QStringLiteral("a100x8"), QStringLiteral("8"));
        QVERIFY(clickAndWait(page, &FtPage::searchFinished, QStringLiteral("ftSearch")).value_or(false));
        const auto run = w.session()->runs().at(0);
        QCOMPARE(run.params["zero_stages"].get<int>(), zero);
        QCOMPARE(run.params["recompute"].get<bool>(), recompute);

        const ft::StoredSearch stored = ft::readSearch(*w.session(), run.id);
        const auto& f = stored.result.frontiers.at(0);
        QStringList kinds; // of the points, as the chart's legend names them
        for (const auto& p : f.points) {
            const auto d = ft::planDecisions(f.configNames, f.strategies.at(static_cast<std::size_t>(p.strategy)));
            if (!d.plain())
                kinds << (d.zeroOps > 0 && d.recomputeOps > 0 ? FtPage::tr("ZeRO + recomputation")
                        : d.zeroOps > 0                       ? FtPage::tr("ZeRO")
                                                              : FtPage::tr("Recomputation"));
        }
        QCOMPARE(kinds.isEmpty(), zero == 0 && !recompute);
        auto* chart = child<widgets::ParetoChart>(page, QStringLiteral("ftChart"));
        for (const QString& kind :
            { FtPage::tr("ZeRO"), FtPage::tr("Recomputation"), FtPage::tr("ZeRO + recomputation") }) {
            int drawn = 0;
            for (auto* s : chart->chart()->series())
                if (s->name() == kind)
                    drawn += static_cast<int>(qobject_cast<QScatterSeries*>(s)->count());
            QCOMPARE(drawn, int(kinds.count(kind)));
        }
        // The baselines grow with the switches: ZeRO-DP and FSDP over data parallelism, Megatron with
        // its distributed optimizer and recomputation; each drawn under its own legend entry.
        using IsKind = bool (*)(const std::string&);
        const std::pair<QString, IsKind> tuned[] = {
            { FtPage::tr("ZeRO-DP"), [](const std::string& n) { return n.rfind("zero-", 0) == 0; } },
            { FtPage::tr("FSDP (ZeRO-3)"), [](const std::string& n) { return n.rfind("fsdp", 0) == 0; } },
            { FtPage::tr("Megatron + ZeRO-1 / recomputation"),
                [](const std::string& n) { return n.rfind("megatron", 0) == 0 && n.find(',') != std::string::npos; } },
        };
        for (const auto& [kind, isKind] : tuned) {
            int stored = 0, drawn = 0;
            for (const auto& b : f.baselines)
                stored += isKind(b.name);
            for (auto* s : chart->chart()->series())
                if (s->name() == kind)
                    drawn += static_cast<int>(qobject_cast<QScatterSeries*>(s)->count());
            QCOMPARE(stored > 0, zero > 0);
            QCOMPARE(drawn, stored);
        }

        // The least-memory point: its table says each op's decisions as its configuration names them.
        page->pick(0, f.leastMemory());
        const auto* table = child<QTableView>(page, QStringLiteral("ftOpTable"))->model();
        const int config = column(table, FtPage::tr("Configuration")), zeroColumn = column(table, FtPage::tr("ZeRO")),
                  recomputeColumn = column(table, FtPage::tr("Recompute"));
        QVERIFY(config >= 0 && zeroColumn >= 0 && recomputeColumn >= 0);
        int zeroOps = 0, recomputeOps = 0;
        for (int r = 0; r < table->rowCount(); ++r) {
            const ft::OpConfig c = ft::parseConfigName(table->index(r, config).data().toString().toStdString());
            QCOMPARE(table->index(r, zeroColumn).data().toString(),
                c.zero > 0 ? FtPage::tr("stage %1").arg(c.zero) : QString());
            QCOMPARE(
                table->index(r, recomputeColumn).data().toString(), c.recompute ? FtPage::tr("selective") : QString());
            zeroOps += c.zero > 0;
            recomputeOps += c.recompute;
        }
        QCOMPARE(zeroOps > 0, zero > 0); // the least memory shards what it can
        QCOMPARE(recomputeOps > 0, recompute);

        // A fresh page shows the stored search with the switches it was made with.
        FtPage again;
        again.setSession(w.session());
        again.showRun(run.id);
        QCOMPARE(child<QSpinBox>(&again, QStringLiteral("ftZeroStages"))->value(), zero);
        QCOMPARE(child<QCheckBox>(&again, QStringLiteral("ftRecompute"))->isChecked(), recompute);
    }

    // With the switches on and a search shown, the page's views fit a 1024-pixel window in English
    // and German (its inputs and legend entries are longer there); a picture of each is kept.
    void fitsTheWindow_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const char* language : { "en", "de" })
            for (const QSize size : { QSize(1280, 800), QSize(1024, 700) })
                QTest::addRow("%s %dx%d", language, size.width(), size.height())
                    << QString::fromLatin1(language) << size;
    }
    void fitsTheWindow()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        const auto installed = installTranslators(language);
        {
            MainWindow w(m_settings);
            addEnginePages(w);
            QVERIFY(
                w.createSession(m_dir.filePath(QStringLiteral("fits-%1-%2.vantage").arg(language).arg(size.width()))));
            auto* page = w.findChild<FtPage*>();
            w.tabs()->setCurrentWidget(page);
            w.show();
            w.resize(size);
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            page->setPlanOptions(3, true);
            enterFtInputs(page, QStringLiteral("bert-base"), 32, QStringLiteral("a100x8"), QStringLiteral("4,8"));
            QVERIFY(clickAndWait(page, &FtPage::searchFinished, QStringLiteral("ftSearch")).value_or(false));
            page->pick(1,
                int(child<widgets::ParetoChart>(page, QStringLiteral("ftChart"))->frontiers()[1].points.size())
                    - 1); // the least memory on 8 devices: ZeRO-3 and recomputation
            QTest::qWait(200);
            QCOMPARE(w.size(), size);
            for (auto* split : page->findChildren<QSplitter*>(QStringLiteral("pageSplitter"))) {
                auto* views = qobject_cast<QScrollArea*>(split->widget(1));
                QVERIFY(views);
                QVERIFY2(!views->horizontalScrollBar()->isVisible(),
                    qPrintable(QStringLiteral("the views scroll sideways: %1 px of %2")
                                   .arg(views->widget()->minimumSizeHint().width())
                                   .arg(views->viewport()->width())));
            }
            const QString shots = QStringLiteral(VANTAGE_TEST_BINARY_DIR "/screenshots");
            QDir().mkpath(shots);
            QVERIFY(w.grab().save(
                shots + QStringLiteral("/ft_plans_%1_%2x%3.png").arg(language).arg(size.width()).arg(size.height())));
        }
        removeTranslators(installed);
    }
};

QTEST_MAIN(TestFtPagePlans)
#include "tst_ft_page_plans.moc"
