#pragma once
// For the GUI suites: a page driven as a user drives it. Widgets are found by their objectName;
// text is typed into fields, spin boxes and combo boxes are set from the keyboard, check boxes
// toggled and buttons clicked with real key and mouse events; what a page did is read from what it
// shows (its labels, tables, charts and drawings) or from the session's runs.

#include "store/session.h"
#include "widgets/pareto_chart.h"
#include "widgets/svg_view.h"
#ifdef VANTAGE_GUI_EDL
#include "edl/client.h"
#endif

#include <QAbstractItemModel>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <filesystem>
#include <optional>
#include <string>

namespace vantage::gui::testing {

// The child of `parent` named `name`: a suite that does not find it stops (a widget was renamed).
template <typename W> W* child(const QObject* parent, const QString& name)
{
    auto* w = parent->findChild<W*>(name);
    if (!w)
        qFatal("no %s named %s", W::staticMetaObject.className(), qPrintable(name));
    return w;
}

// Replaces a field's text as typed: all of it selected, deleted, the new text keyed in.
inline void type(QLineEdit* field, const QString& text)
{
    field->selectAll();
    QTest::keyClick(field, Qt::Key_Delete);
    QTest::keyClicks(field, text);
    QCOMPARE(field->text(), text);
}

inline void type(const QObject* page, const QString& name, const QString& text)
{
    type(child<QLineEdit>(page, name), text);
}

// Sets a spin box as typed (without group separators): its text selected and typed over; the
// boxes take each valid value as it is typed.
inline void enter(QSpinBox* box, int value)
{
    box->selectAll();
    QTest::keyClicks(box, QString::number(value));
    QCOMPARE(box->value(), value);
}

inline void enter(QDoubleSpinBox* box, double value)
{
    box->selectAll();
    QString text = QString::number(value, 'f', box->decimals());
    text.replace(QLatin1Char('.'), box->locale().decimalPoint());
    QTest::keyClicks(box, text);
    QCOMPARE(box->value(), value);
}

inline void enter(const QObject* page, const QString& name, int value)
{
    if (auto* box = page->findChild<QSpinBox*>(name))
        enter(box, value);
    else
        enter(child<QDoubleSpinBox>(page, name), double(value));
}

// Picks the item whose data or text is `item` with the arrow keys, as a user does from the
// keyboard (the box emits what a pick emits). An editable box takes the text typed instead.
inline void choose(QComboBox* box, const QString& item)
{
    if (box->isEditable()) {
        QLineEdit* field = box->lineEdit();
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Delete);
        QTest::keyClicks(field, item);
        if (field->hasSelectedText()) // what the box completed the text with
            QTest::keyClick(field, Qt::Key_Delete);
        QCOMPARE(box->currentText(), item);
        return;
    }
    int index = box->findData(item);
    if (index < 0)
        index = box->findText(item);
    QVERIFY2(index >= 0, qPrintable(QStringLiteral("%1 lists no %2").arg(box->objectName(), item)));
    for (int guard = box->count(); box->currentIndex() != index && guard > 0; --guard)
        QTest::keyClick(box, box->currentIndex() < index ? Qt::Key_Down : Qt::Key_Up);
    QCOMPARE(box->currentIndex(), index);
}

inline void choose(const QObject* page, const QString& name, const QString& item)
{
    choose(child<QComboBox>(page, name), item);
}

// Checks or unchecks a box with the space bar.
inline void setChecked(QCheckBox* box, bool on)
{
    if (box->isChecked() != on)
        QTest::keyClick(box, Qt::Key_Space);
    QCOMPARE(box->isChecked(), on);
}

inline void setChecked(const QObject* page, const QString& name, bool on)
{
    setChecked(child<QCheckBox>(page, name), on);
}

// Clicks a button; false when it is greyed (a user's click does nothing then).
inline bool click(const QObject* page, const QString& name)
{
    auto* button = child<QAbstractButton>(page, name);
    if (!button->isEnabled())
        return false;
    QTest::mouseClick(button, Qt::LeftButton);
    return true;
}

// Clicks a button and waits for `signal` of `sender`; its first argument when it came (the page's
// "finished" signals carry whether the work went well), nothing when the click started nothing.
template <typename Sender, typename Signal>
std::optional<bool> clickAndWait(Sender* sender, Signal signal, const QString& button, int timeoutMs = 120000)
{
    QSignalSpy done(sender, signal);
    if (!click(sender, button))
        return std::nullopt;
    if (done.isEmpty() && !done.wait(timeoutMs))
        return std::nullopt;
    return done.first().isEmpty() ? true : done.first().first().toBool();
}

// Shows tab `index` of the tab widget named `name` by clicking its tab; a tab scrolled out of a
// narrow tab bar is scrolled to first, as its arrow buttons would.
inline void showTab(const QObject* page, const QString& name, int index)
{
    auto* tabs = child<QTabWidget>(page, name);
    QTabBar* bar = tabs->tabBar();
    if (!bar->rect().contains(bar->tabRect(index).center()))
        bar->setCurrentIndex(index);
    else
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
    QCOMPARE(tabs->currentIndex(), index);
}

// A table's cells, row by row.
inline QStringList cells(const QAbstractItemModel* model)
{
    QStringList out;
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c)
            out << model->index(r, c).data().toString();
    return out;
}

inline QAbstractItemModel* tableModel(const QObject* page, const QString& name)
{
    return child<QTableView>(page, name)->model();
}

// The newest run of `kind` in the session (the one a page just recorded); 0 when there is none.
inline qint64 newestRun(const store::Session& session, store::RunKind kind)
{
    qint64 id = 0;
    for (const auto& r : session.runs())
        if (r.kind == kind)
            id = std::max<qint64>(id, r.id);
    return id;
}

// The DGI page's inputs as a user enters them; a box greyed for a model file (its widths are the
// model's own) is left as it is.
inline void enterDgiInputs(
    const QObject* page, const QString& graph, const QString& model, int features, int hidden, int layers)
{
    choose(page, QStringLiteral("dgiGraph"), graph);
    choose(page, QStringLiteral("dgiModel"), model);
    for (const auto& [name, value] : { std::pair(QStringLiteral("dgiFeatures"), features),
             std::pair(QStringLiteral("dgiHidden"), hidden), std::pair(QStringLiteral("dgiLayers"), layers) })
        if (auto* box = child<QSpinBox>(page, name); box->isEnabled())
            enter(box, value);
}

// The layers of the cut the DGI page shows: the last layer its tensor table says writes a tensor
// (0 when it shows no cut).
inline int dgiCutLayers(const QObject* page)
{
    const QAbstractItemModel* schema = tableModel(page, QStringLiteral("dgiSchema"));
    int layers = 0;
    for (int r = 0; r < schema->rowCount(); ++r)
        layers = std::max(layers, schema->index(r, 2).data().toString().toInt()); // "input": 0
    return layers;
}

// The drawing of the cut the DGI page shows.
inline QByteArray dgiCutSvg(const QObject* page)
{
    return child<widgets::SvgView>(page, QStringLiteral("dgiCut"))->svg();
}

// The FT page's inputs as a user enters them.
inline void enterFtInputs(
    const QObject* page, const QString& model, int batch, const QString& cluster, const QString& devices)
{
    choose(page, QStringLiteral("ftModel"), model);
    enter(page, QStringLiteral("ftBatch"), batch); // after the model: its default batch must not win
    choose(page, QStringLiteral("ftCluster"), cluster);
    type(page, QStringLiteral("ftDevices"), devices);
}

// Clicks point `index` (by time ascending) of frontier `frontier` where the FT page's chart draws
// it; the frontier and strategy the chart then picked ({-1, -1}: none). Points closer than a pixel
// are one spot on screen: the click picks one of them, as a user's does.
inline std::pair<int, int> clickFtPoint(const QObject* page, int frontier, int index)
{
    auto* chart = child<widgets::ParetoChart>(page, QStringLiteral("ftChart"));
    if (frontier >= chart->frontiers().size() || index >= chart->frontiers()[frontier].points.size())
        return { -1, -1 };
    const int id = chart->frontiers()[frontier].points[index].id;
    QSignalSpy picked(chart, &widgets::ParetoChart::pointPicked);
    QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, chart->pointPosition(frontier, id));
    if (!picked.wait(5000))
        return { -1, -1 };
    return { picked.first().at(0).toInt(), picked.first().at(1).toInt() };
}

// The strategy stored with the session's newest pick run (what the FT page's Export writes).
inline QByteArray storedPickJson(const store::Session& session)
{
    const auto arts = session.artifacts(newestRun(session, store::RunKind::Pick));
    return arts.empty() ? QByteArray() : QByteArray::fromStdString(session.artifactData(arts[0].id));
}

// An index of a point of the FT chart's frontier `frontier` that no point of another frontier
// hides on screen (the chart drawn): the first from `from` (-1: the slowest) towards the slower
// points when `slower`, else towards the faster; -1 when there is none.
inline int clearFtPoint(const QObject* page, int frontier, int from = -1, bool slower = false)
{
    auto* chart = child<widgets::ParetoChart>(page, QStringLiteral("ftChart"));
    const auto& all = chart->frontiers();
    const int count = int(all[frontier].points.size());
    if (from < 0)
        from = count - 1;
    for (int i = from; i >= 0 && i < count; i += slower ? 1 : -1) {
        const QPoint at = chart->pointPosition(frontier, all[frontier].points[i].id);
        bool clear = true;
        for (int f = 0; f < all.size(); ++f)
            for (const auto& other : all[f].points)
                clear = clear && (f == frontier || (chart->pointPosition(f, other.id) - at).manhattanLength() > 16);
        if (clear)
            return i;
    }
    return -1;
}

// The frontier and strategy the FT page's chart marks as picked ({-1, -1}: none).
inline std::pair<int, int> ftPicked(const QObject* page)
{
    const auto* chart = child<widgets::ParetoChart>(page, QStringLiteral("ftChart"));
    return { chart->pickedSeries(), chart->pickedSeries() < 0 ? -1 : chart->pickedId() };
}

// The PPAC page's data and training inputs as a user enters them.
inline void enterPpacSynthetic(const QObject* page, int users, int items, int seed)
{
    choose(page, QStringLiteral("ppacSource"), QStringLiteral("synthetic"));
    enter(page, QStringLiteral("ppacUsers"), users);
    enter(page, QStringLiteral("ppacItems"), items);
    enter(page, QStringLiteral("ppacSeed"), seed);
}

inline void enterPpacDataset(const QObject* page, const QString& path)
{
    choose(page, QStringLiteral("ppacSource"), QStringLiteral("path"));
    type(page, QStringLiteral("ppacPath"), path);
}

inline void enterPpacTraining(const QObject* page, const QString& architecture, bool ppac, int epochs)
{
    choose(page, QStringLiteral("ppacArchitecture"), architecture);
    setChecked(page, QStringLiteral("ppacPpac"), ppac);
    enter(page, QStringLiteral("ppacEpochs"), epochs);
}

// γ and β typed into their boxes (the page re-ranks a moment later, as when the sliders move).
inline void enterPpacKnobs(const QObject* page, double gamma, double beta)
{
    enter(child<QDoubleSpinBox>(page, QStringLiteral("ppacGammaBox")), gamma);
    enter(child<QDoubleSpinBox>(page, QStringLiteral("ppacBetaBox")), beta);
}

// A cell of the PPAC page's metrics table: `metric` as its rows name it ("ARP"), in the column of
// `set` ("Test" or "Balanced") at cut-off `k`; empty when the table has none (nothing re-ranked).
inline QString ppacMetric(
    const QObject* page, const QString& metric, const QString& set = QStringLiteral("Test"), int k = 20)
{
    const QAbstractItemModel* table = tableModel(page, QStringLiteral("ppacMetrics"));
    const QString column = QStringLiteral("%1 @%2").arg(set).arg(k);
    for (int c = 1; c < table->columnCount(); ++c)
        if (table->headerData(c, Qt::Horizontal).toString() == column)
            for (int r = 0; r < table->rowCount(); ++r)
                if (table->index(r, 0).data().toString() == metric)
                    return table->index(r, c).data().toString();
    return {};
}

// The PPAC page holds a trained model: its knobs are there to move.
inline bool ppacHasModel(const QObject* page)
{
    return child<QWidget>(page, QStringLiteral("ppacGamma"))->isEnabled();
}

#ifdef VANTAGE_GUI_EDL
// The EDL page's job fields as a user fills them (the samples field is greyed for a user's model).
inline void enterEdlJob(const QObject* page, const QString& trainer, int workers, int epochs, int samples, int batch)
{
    choose(page, QStringLiteral("edlTrainer"), trainer);
    enter(page, QStringLiteral("edlWorkerCount"), workers);
    enter(page, QStringLiteral("edlEpochs"), epochs);
    if (auto* box = child<QSpinBox>(page, QStringLiteral("edlSamples")); box->isEnabled())
        enter(box, samples);
    enter(page, QStringLiteral("edlBatch"), batch);
}

// Selects worker `id` in the EDL page's worker table with a click on its row; false when the table
// does not list it.
inline bool selectEdlWorker(const QObject* page, const QString& id)
{
    auto* view = child<QTableView>(page, QStringLiteral("edlWorkers"));
    for (int r = 0; r < view->model()->rowCount(); ++r) {
        const QModelIndex index = view->model()->index(r, 0);
        if (index.data().toString() != id)
            continue;
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        const auto rows = view->selectionModel()->selectedRows();
        return rows.size() == 1 && rows.first().data().toString() == id;
    }
    return false;
}

// Removes worker `id` as a user does: its row selected, then Remove Selected clicked. False when
// the table does not list it or the button is greyed.
inline bool removeEdlWorker(const QObject* page, const QString& id)
{
    return selectEdlWorker(page, id) && click(page, QStringLiteral("edlRemove"));
}

// The scale events the EDL page lists in its events table.
inline int edlScaleEvents(const QObject* page)
{
    return tableModel(page, QStringLiteral("edlEvents"))->rowCount();
}

// The folder of the job the EDL page follows: the one under the job root whose job its status line
// names; empty when there is none.
inline std::string edlShownJobDir(const QObject* page)
{
    const QString status = child<QLabel>(page, QStringLiteral("edlStatus"))->text();
    std::error_code ec;
    for (const auto& dir : std::filesystem::directory_iterator(edl::defaultJobRoot(), ec)) {
        try {
            const edl::JobAddress address = edl::readJobFile(dir.path());
            if (status.contains(QStringLiteral("<b>%1</b>").arg(QString::fromStdString(address.jobId))))
                return address.jobDir;
        } catch (const std::exception&) {
            // not a job folder
        }
    }
    return {};
}
#endif

} // namespace vantage::gui::testing
