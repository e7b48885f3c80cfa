#include "ft_page.h"
#include "ft_page_p.h"
#include "session_runs_model.h"

#include "file_dialogs.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/progress.h"
#include "common/units.h"
#include "ft/cluster.h"
#include "ft/search.h"
#include "ft/search_run.h"
#include "ft/strategy.h"
#include "ft/strategy_run.h"
#include "store/session.h"
#include "widgets/pareto_chart.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFontMetrics>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>

#include <optional>

namespace vantage::gui {

namespace {

// The kind of a baseline, for its legend entry and marker shape ("megatron tp4 x dp2" is one of
// the Megatron kind; "megatron tp4 x dp2, distributed optimizer" of the tuned one).
QString baselineKind(const std::string& name)
{
    if (name == "data parallel")
        return FtPage::tr("Data parallel");
    if (name.rfind("zero-", 0) == 0)
        return FtPage::tr("ZeRO-DP");
    if (name.rfind("fsdp", 0) == 0)
        return FtPage::tr("FSDP (ZeRO-3)");
    if (name.rfind("megatron", 0) == 0 && name.find(',') != std::string::npos) // tuned as Megatron-LM is run
        return FtPage::tr("Megatron + ZeRO-1 / recomputation");
    if (name.rfind("megatron", 0) == 0)
        return FtPage::tr("Megatron TP×DP");
    if (name.rfind("min time", 0) == 0)
        return FtPage::tr("OptCNN (fastest)");
    if (name.rfind("min memory", 0) == 0)
        return FtPage::tr("Least memory");
    return QString::fromStdString(name);
}

// The kind of a frontier point's plan, for its legend entry and marker shape; empty for a plain one.
QString planKindTitle(const ft::PlanDecisions& d)
{
    if (d.zeroOps > 0 && d.recomputeOps > 0)
        return FtPage::tr("ZeRO + recomputation");
    if (d.zeroOps > 0)
        return FtPage::tr("ZeRO");
    return d.recomputeOps > 0 ? FtPage::tr("Recomputation") : QString();
}

// "ZeRO-3 on 24 ops · recomputation on 24 ops", for a point's tooltip.
QString planText(const ft::PlanDecisions& d)
{
    QStringList parts;
    if (d.zeroOps > 0)
        parts << FtPage::tr("ZeRO-%1 on %n op(s)", nullptr, d.zeroOps).arg(d.zero);
    if (d.recomputeOps > 0)
        parts << FtPage::tr("recomputation on %n op(s)", nullptr, d.recomputeOps);
    return parts.join(QStringLiteral(" · "));
}

std::vector<int> parseDevices(const QString& text)
{
    std::vector<int> out;
    for (const auto& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n <= 0)
            throw Error::invalidInput(
                FtPage::tr("device counts must be positive integers separated by commas, got “%1”")
                    .arg(text)
                    .toStdString())
                .forField("devices");
        out.push_back(n);
    }
    if (out.empty())
        throw Error::invalidInput(FtPage::tr("give at least one device count").toStdString()).forField("devices");
    return out;
}

} // namespace

QString ftBytesText(double bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 2, QLocale::DataSizeIecFormat);
}

QString ftSecondsText(double s)
{
    if (s < 1.0)
        return FtPage::tr("%1 ms").arg(QLocale().toString(s * 1e3, 'f', 2));
    return FtPage::tr("%1 s").arg(QLocale().toString(s, 'f', 3));
}

FtPoint fastestThatFits(const ft::SearchResult& result)
{
    FtPoint best;
    for (std::size_t f = 0; f < result.frontiers.size(); ++f) {
        const auto& fr = result.frontiers[f];
        const int i = fr.fastestWithin(result.deviceMemory);
        if (i < 0)
            continue;
        if (best.valid()) {
            const auto& b = result.frontiers[static_cast<std::size_t>(best.frontier)];
            const double bestTime = b.points[static_cast<std::size_t>(best.index)].time;
            const double time = fr.points[static_cast<std::size_t>(i)].time;
            if (time > bestTime || (time == bestTime && fr.devices >= b.devices))
                continue;
        }
        best = { static_cast<int>(f), i };
    }
    return best;
}

FtPoint leastMemory(const ft::SearchResult& result)
{
    FtPoint best;
    for (std::size_t f = 0; f < result.frontiers.size(); ++f) {
        const int i = result.frontiers[f].leastMemory();
        if (i < 0)
            continue;
        if (best.valid()) {
            const auto& b = result.frontiers[static_cast<std::size_t>(best.frontier)]
                                .points[static_cast<std::size_t>(best.index)];
            const auto& p = result.frontiers[f].points[static_cast<std::size_t>(i)];
            if (p.memory > b.memory || (p.memory == b.memory && p.time >= b.time))
                continue;
        }
        best = { static_cast<int>(f), i };
    }
    return best;
}

FtPage::FtPage(QWidget* parent)
    : EnginePage(parent)
    , m_state(std::make_unique<State>())
{
    setObjectName(QStringLiteral("ftPage"));
    buildUi();
}

FtPage::~FtPage() = default;

void FtPage::setSession(store::Session* session)
{
    // A search shown from another session is not this one's: the page starts empty (picks would be
    // recorded against a search the new session does not have).
    if (this->session() && session != this->session())
        clearResult();
    EnginePage::setSession(session);
    if (!session)
        m_searchRun = 0;
}

void FtPage::clearResult()
{
    m_state->result.reset();
    m_state->graph.reset();
    m_searchRun = 0;
    m_chart->setFrontiers({});
    m_state->baselines.clear();
    m_state->measured.clear();
    m_state->planKinds.clear();
    m_chart->setMarkers({});
    m_chart->setLimit(0, QString());
    m_chart->chart()->setTitle(tr("No frontier yet: choose a model, a cluster and device counts, then Search"));
    m_budget->setValue(0);
    m_budget->setEnabled(false);
    clearPick();
    m_status->clear();
}

// Nothing picked: no point marked, no details, nothing to export.
void FtPage::clearPick()
{
    m_pickedFrontier = m_pickedStrategy = -1;
    m_chart->setPicked(-1, -1);
    m_opModel->clear();
    m_breakdown->setData({}, {});
    m_breakdown->chart()->setTitle(QString());
    m_graph->clear();
    m_summary->clear();
    m_export->setEnabled(false);
    showFit();
}

QString FtPage::currentModelLabel() const
{
    return m_model->currentText();
}

bool FtPage::startSearch()
{
    if (isBusy())
        return false;
    const QString data = m_model->currentData().toString();
    const FtModelSpec spec
        = data.startsWith(QLatin1String("file:")) ? m_state->files.value(data) : FtModelSpec{ data, {}, {} };
    ft::ClusterProfile cluster;
    std::vector<int> devices;
    try {
        devices = parseDevices(m_devices->text());
        const QString key = m_cluster->currentData().toString();
        cluster = m_state->customClusters.contains(key) ? m_state->customClusters.value(key)
                                                        : ft::builtinCluster(key.toStdString());
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return false;
    }
    ft::SearchRequest request;
    request.model = spec.zooName.toStdString();
    if (spec.zooName.isEmpty()) {
        request.graph = spec.graphJson;
        request.graphFile = spec.fileName.toStdString();
    } else {
        request.batch = m_batch->value();
    }
    request.cluster = cluster;
    request.options.deviceCounts = devices;
    request.options.epsilon = m_epsilon->value();
    request.options.configs.zeroStages = m_zeroStages->value();
    request.options.configs.recompute = m_recompute->isChecked();
    store::Session* session = this->session();
    m_search->setEnabled(false);
    m_status->setText(tr("Searching…"));
    return startTypedTask<ft::SearchRun>(
        tr("Frontier search"),
        [=](Progress& progress, const CancelToken& cancel) {
            return ft::runSearch(session, request, progress, cancel);
        },
        [this, cluster](const TypedOutcome<ft::SearchRun>& outcome) {
            if (outcome.done()) {
                m_state->result = std::move(outcome.value->result);
                m_state->graph = std::move(outcome.value->graph);
                m_state->cluster = cluster;
                m_searchRun = outcome.value->runId;
            }
            onSearchDone(outcome.state, outcome.error);
        });
}

void FtPage::onSearchDone(TaskOutcome::State state, const QString& error)
{
    m_search->setEnabled(true);
    switch (state) {
    case TaskOutcome::State::Done:
        showResult();
        Q_EMIT searchFinished(true);
        return;
    case TaskOutcome::State::Cancelled:
        m_status->setText(tr("Search cancelled."));
        break;
    case TaskOutcome::State::Failed:
        m_status->setText(tr("Search failed: %1").arg(error));
        break;
    }
    Q_EMIT searchFinished(false);
}

bool FtPage::hasResult() const
{
    return m_state->result.has_value();
}

int FtPage::frontierCount() const
{
    return m_state->result ? static_cast<int>(m_state->result->frontiers.size()) : 0;
}

int FtPage::pointCount(int frontier) const
{
    if (!m_state->result || frontier < 0 || frontier >= frontierCount())
        return 0;
    return static_cast<int>(m_state->result->frontiers[static_cast<std::size_t>(frontier)].points.size());
}

void FtPage::showMarkers()
{
    m_chart->setMarkers(m_state->baselines + m_state->measured + m_state->planKinds); // the baselines keep their shapes
}

void FtPage::showResult()
{
    const auto& r = *m_state->result;
    QVector<widgets::ParetoSeriesData> series;
    QVector<widgets::ParetoMarker> markers;
    QVector<widgets::ParetoMarker> planKinds;
    double maxMemory = 0;
    QStringList lines;
    // Times in ms on the chart, as in the tables below it.
    for (std::size_t f = 0; f < r.frontiers.size(); ++f) {
        const auto& fr = r.frontiers[f];
        widgets::ParetoSeriesData s;
        s.name = tr("%n device(s)", nullptr, fr.devices);
        for (const auto& p : fr.points) {
            // Points that use ZeRO or recomputation are drawn again in their kind's shape.
            const auto plan = ft::planDecisions(fr.configNames, fr.strategies.at(static_cast<std::size_t>(p.strategy)));
            QStringList label;
            if (!plan.plain()) {
                label << planText(plan);
                planKinds.push_back({ tr("%1, %n device(s)", nullptr, fr.devices).arg(planText(plan)), p.time * 1e3,
                    p.memory / kGiB, static_cast<int>(f), planKindTitle(plan) });
            }
            if (p.memory > r.deviceMemory)
                label << tr("does not fit in device memory");
            s.points.push_back({ p.time * 1e3, p.memory / kGiB, p.strategy, label.join(QLatin1Char('\n')) });
            maxMemory = std::max(maxMemory, p.memory);
        }
        series.push_back(s);
        for (const auto& b : fr.baselines)
            markers.push_back({ tr("%1, %n device(s)", nullptr, fr.devices).arg(QString::fromStdString(b.name)),
                b.time * 1e3, b.memory / kGiB, static_cast<int>(f), baselineKind(b.name) });
        lines << searchLines(fr);
    }
    m_chart->setFrontiers(series);
    m_state->measured.clear(); // measurements belong to the search they were made for
    m_state->baselines = markers;
    m_state->planKinds = planKinds;
    showMarkers();
    m_chart->setLimit(r.deviceMemory / kGiB, tr("Device memory (%1)").arg(ftBytesText(r.deviceMemory)));
    m_chart->chart()->setTitle(tr("%1, batch %2, %3")
                                   .arg(QString::fromStdString(r.model))
                                   .arg(r.batch)
                                   .arg(QString::fromStdString(r.cluster)));
    m_status->setText(lines.join(QLatin1Char('\n')));
    m_budget->setEnabled(maxMemory > 0);
    m_budget->setProperty("maxBytes", std::max(maxMemory, r.deviceMemory));
    m_budget->setValue(0);
    applyBudget(0);
    // The label as wide as its longest text for this search, so that the slider keeps its place.
    const QFontMetrics metrics(m_budgetLabel->font());
    const int n = static_cast<int>(r.frontiers.size());
    m_budgetLabel->setFixedWidth(std::max(metrics.horizontalAdvance(tr("off")),
                                     metrics.horizontalAdvance(budgetText(std::max(maxMemory, r.deviceMemory), n, n)))
        + metrics.horizontalAdvance(QStringLiteral("00")));
    // Start with the fastest strategy that fits in device memory, over every device count; none
    // when nothing fits (showFit says why and what would help).
    const FtPoint first = fastestThatFits(r);
    if (first.valid())
        onPicked(first.frontier, pointAt(first).strategy, false);
    else
        clearPick();
}

// A frontier's lines of the status: its size and search time, and its fastest strategy against
// plain data parallelism (which may lie off a zoomed chart).
QStringList FtPage::searchLines(const ft::DeviceFrontier& fr) const
{
    QStringList lines;
    lines << tr("%1: %2 in %3")
                 .arg(tr("%n device(s)", nullptr, fr.devices),
                     tr("%n Pareto point(s)", nullptr, static_cast<int>(fr.points.size())),
                     ftSecondsText(fr.searchSeconds));
    const ft::StrategyPoint* fastest = nullptr;
    for (const auto& p : fr.points)
        if (!fastest || p.time < fastest->time)
            fastest = &p;
    const ft::BaselinePoint* dp = nullptr;
    for (const auto& b : fr.baselines)
        if (b.name == "data parallel")
            dp = &b;
    if (fastest && dp && fastest->time > 0)
        lines << tr("    fastest %1 at %2; data parallel %3 at %4 (%5× the time)")
                     .arg(ftSecondsText(fastest->time), ftBytesText(fastest->memory), ftSecondsText(dp->time),
                         ftBytesText(dp->memory))
                     .arg(QLocale().toString(dp->time / fastest->time, 'f', 2));
    return lines;
}

const ft::StrategyPoint& FtPage::pointAt(const FtPoint& at) const
{
    return m_state->result->frontiers[static_cast<std::size_t>(at.frontier)].points[static_cast<std::size_t>(at.index)];
}

const ft::StrategyPoint* FtPage::pickedPoint() const
{
    if (!m_state->result || m_pickedFrontier < 0 || m_pickedFrontier >= frontierCount())
        return nullptr;
    for (const auto& p : m_state->result->frontiers[static_cast<std::size_t>(m_pickedFrontier)].points)
        if (p.strategy == m_pickedStrategy)
            return &p;
    return nullptr;
}

// While the slider is dragged only its label follows (the chart is redrawn on release, so that
// nothing moves under the pointer).
void FtPage::showBudget(int value)
{
    const double maxBytes = m_budget->property("maxBytes").toDouble();
    if (value <= 0 || maxBytes <= 0 || !m_state->result) {
        m_budgetLabel->setText(tr("off"));
        return;
    }
    const double budget = maxBytes * value / 1000.0;
    const auto& frontiers = m_state->result->frontiers;
    int fitting = 0;
    for (const auto& fr : frontiers)
        fitting += fr.fastestWithin(budget) >= 0;
    m_budgetLabel->setText(budgetText(budget, fitting, static_cast<int>(frontiers.size())));
}

QString FtPage::budgetText(double budget, int fitting, int frontiers) const
{
    return tr("%1 (fits %2 of %n frontier(s))", nullptr, frontiers).arg(ftBytesText(budget)).arg(fitting);
}

void FtPage::applyBudget(int value)
{
    showBudget(value);
    const double maxBytes = m_budget->property("maxBytes").toDouble();
    m_chart->setBudget(value <= 0 || maxBytes <= 0 ? 0.0 : maxBytes * value / 1000.0 / kGiB);
}

void FtPage::pick(int frontier, int index)
{
    if (frontier < 0 || frontier >= frontierCount() || index < 0 || index >= pointCount(frontier))
        return;
    const auto& fr = m_state->result->frontiers[static_cast<std::size_t>(frontier)];
    onPicked(frontier, fr.points[static_cast<std::size_t>(index)].strategy, true);
}

void FtPage::onPicked(int frontier, int strategy, bool record)
{
    if (!m_state->result || !m_state->graph || frontier < 0 || frontier >= frontierCount())
        return;
    m_pickedFrontier = frontier;
    m_pickedStrategy = strategy;
    m_chart->setPicked(frontier, strategy);
    const auto& r = *m_state->result;
    const auto f = static_cast<std::size_t>(frontier);
    try {
        const auto report = ft::strategyFor(*m_state->graph, m_state->cluster, r, f, strategy);
        m_opModel->clear();
        m_opModel->setHorizontalHeaderLabels({ tr("Operator"), tr("Kind"), tr("Configuration"), tr("Split"), tr("ZeRO"),
            tr("Recompute"), tr("Time (ms)"), tr("Memory (MiB)") });
        for (const auto& op : report.ops) {
            QList<QStandardItem*> row;
            row << new QStandardItem(QString::fromStdString(op.op))
                << new QStandardItem(QString::fromStdString(op.kind))
                << new QStandardItem(QString::fromStdString(op.config))
                << new QStandardItem(QString::fromStdString(op.split))
                << new QStandardItem(op.zero > 0 ? tr("stage %1").arg(op.zero) : QString())
                << new QStandardItem(op.recompute ? tr("selective") : QString());
            auto* t = new QStandardItem;
            t->setData(op.time * 1e3, Qt::DisplayRole);
            auto* m = new QStandardItem;
            m->setData(op.memory / (1024.0 * 1024.0), Qt::DisplayRole);
            row << t << m;
            m_opModel->appendRow(row);
        }
        m_opTable->resizeColumnsToContents();
        // One bar for time, one for memory; each shows its own parts as shares.
        const double mib = 1024.0 * 1024.0;
        const auto& t = report.timeBreakdown;
        const auto& m = report.memoryBreakdown;
        m_breakdown->setData({ tr("Compute"), tr("All-reduce"), tr("Re-partition"), tr("Weights"), tr("Gradients"),
                                 tr("Optimizer state"), tr("Activations"), tr("Re-partition copies") },
            { { tr("Time (ms)"), { t.compute * 1e3, t.allReduce * 1e3, t.repartition * 1e3, 0, 0, 0, 0, 0 } },
                { tr("Memory (MiB)"),
                    { 0, 0, 0, m.weights / mib, m.gradients / mib, m.optimizerState / mib, m.activations / mib,
                        m.repartition / mib } } });
        m_breakdown->chart()->setTitle(
            tr("Time %1 · memory %2 per device").arg(ftSecondsText(report.time)).arg(ftBytesText(report.memory)));
        m_summary->setPlainText(QString::fromStdString(ft::strategySummary(report)));
        m_graph->setSvg(QByteArray::fromStdString(renderDotToSvg(ft::strategyToDot(*m_state->graph, report))));
        m_export->setEnabled(true);
        showFit();
        if (record)
            recordPick();
    } catch (const std::exception& e) {
        clearPick();
        m_status->setText(tr("Cannot show the strategy: %1").arg(QString::fromUtf8(e.what())));
    }
}

// What the pick needs of device memory, in the words of the fit line above the details: whether it
// fits, or, when nothing does, what comes nearest and what would make something fit.
void FtPage::showFit()
{
    const ft::StrategyPoint* picked = pickedPoint();
    QString text;
    bool fits = true;
    if (m_state->result && picked) {
        const auto& r = *m_state->result;
        const int devices = r.frontiers[static_cast<std::size_t>(m_pickedFrontier)].devices;
        fits = picked->memory <= r.deviceMemory;
        const FtPoint first = fastestThatFits(r);
        if (!fits)
            text = tr("Does not fit in device memory: this strategy needs %1 per device, a device has %2.")
                       .arg(ftBytesText(picked->memory), ftBytesText(r.deviceMemory));
        else if (first.valid() && first.frontier == m_pickedFrontier && &pointAt(first) == picked)
            text = tr("Fits: %1 of the %2 of a device, on %n device(s): the fastest strategy that fits, over every "
                      "device count searched.",
                nullptr, devices)
                       .arg(ftBytesText(picked->memory), ftBytesText(r.deviceMemory));
        else
            text = tr("Fits: %1 of the %2 of a device, on %n device(s).", nullptr, devices)
                       .arg(ftBytesText(picked->memory), ftBytesText(r.deviceMemory));
    } else if (m_state->result && !fastestThatFits(*m_state->result).valid()) {
        fits = false;
        text = nothingFitsText();
    }
    m_fit->setText(text);
    m_fit->setVisible(!text.isEmpty());
    m_fit->setProperty("fits", fits);
    // Red and bold when it does not fit: it is what the user must not miss before exporting.
    m_fit->setStyleSheet(fits ? QString() : QStringLiteral("QLabel { color: #b3261e; font-weight: bold; }"));
}

// Nothing fits at any device count: the leanest strategy, and what lowers memory per device (true
// of FT's cost model today: it has no ZeRO sharding and no activation recomputation).
QString FtPage::nothingFitsText() const
{
    const auto& r = *m_state->result;
    const FtPoint lean = leastMemory(r);
    if (!lean.valid())
        return tr("No strategy found at any device count searched.");
    const int devices = r.frontiers[static_cast<std::size_t>(lean.frontier)].devices;
    const QString needs = tr("Nothing fits in device memory: the leanest strategy needs %1 per device (on %n "
                             "device(s)), a device has %2.",
        nullptr, devices)
                              .arg(ftBytesText(pointAt(lean).memory), ftBytesText(r.deviceMemory));
    // An op graph file fixes its batch: a smaller one means exporting it again.
    const bool file = m_model->currentData().toString().startsWith(QLatin1String("file:"));
    return needs + QLatin1Char(' ')
        + (file ? tr("Fewer samples per device (export the op graph again with a smaller --batch) or more devices "
                     "lower it; FT does not model ZeRO sharding or activation recomputation yet.")
                : tr("Fewer samples per device (a smaller batch) or more devices lower it; FT does not model ZeRO "
                     "sharding or activation recomputation yet."));
}

QString FtPage::strategyJson() const
{
    if (!m_state->result || !m_state->graph || m_pickedFrontier < 0)
        return {};
    const auto report = ft::strategyFor(*m_state->graph, m_state->cluster, *m_state->result,
        static_cast<std::size_t>(m_pickedFrontier), m_pickedStrategy);
    return QString::fromStdString(ft::strategyJson(report, m_pickedStrategy).dump(2));
}

void FtPage::recordPick()
{
    store::Session* s = session();
    if (!s || !m_state->result)
        return;
    try {
        NullProgress progress;
        ft::PickRecipe::run(s,
            { .searchRun = m_searchRun,
                .name = currentModelLabel().toStdString(),
                .frontier = static_cast<std::size_t>(m_pickedFrontier),
                .strategy = m_pickedStrategy,
                .graph = &*m_state->graph,
                .cluster = &m_state->cluster,
                .result = &*m_state->result },
            progress, CancelToken());
        Q_EMIT runsChanged();
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot record the pick: %1").arg(QString::fromUtf8(e.what())));
    }
}

void FtPage::exportStrategy()
{
    const QString json = strategyJson();
    if (json.isEmpty())
        return;
    // A strategy that does not fit is exported only when the user says so.
    const ft::StrategyPoint* picked = pickedPoint();
    if (picked && picked->memory > m_state->result->deviceMemory
        && QMessageBox::question(this, tr("Export Strategy"),
               tr("This strategy does not fit in device memory: it needs %1 per device, a device has %2. Export "
                  "it anyway?")
                   .arg(ftBytesText(picked->memory), ftBytesText(m_state->result->deviceMemory)),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            != QMessageBox::Yes)
        return;
    const QString path = getSaveFileName(
        this, tr("Export Strategy"), QStringLiteral("strategy.json"), tr("JSON (*.json);;Text summary (*.txt)"));
    if (path.isEmpty())
        return;
    try {
        if (path.endsWith(QLatin1String(".txt")))
            writeFileAtomic(path.toStdString(), m_summary->toPlainText().toStdString());
        else
            writeFileAtomic(path.toStdString(), json.toStdString());
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Export Strategy"), QString::fromUtf8(e.what()));
    }
}

void FtPage::showRun(qint64 runId)
{
    store::Session* s = session();
    if (!s)
        return;
    try {
        auto run = s->run(runId);
        if (run.kind == store::RunKind::Calibrate) {
            showCalibration(run);
            return;
        }
        if (run.kind == store::RunKind::Execute || run.kind == store::RunKind::Validate) {
            showMeasuredRun(run);
            return;
        }
        int pickFrontier = -1, pickStrategy = -1;
        if (run.kind == store::RunKind::Pick) {
            pickFrontier = run.params.value("frontier", -1);
            pickStrategy = run.params.value("strategy", -1);
            run = s->run(run.params.value("search_run", 0LL));
        }
        if (run.kind != store::RunKind::Search || run.status != store::RunStatus::Done || run.result.is_null()) {
            clearResult();
            m_status->setText(tr("Run %1 has no frontier to show (%2).")
                                  .arg(runId)
                                  .arg(run.error.empty() ? SessionRunsModel::statusTitle(run.status)
                                                         : QString::fromStdString(run.error)));
            return;
        }
        ft::StoredSearch stored = ft::readSearch(*s, run.id);
        const ft::SearchRequest& request = stored.request;
        FtModelSpec spec{ QString::fromStdString(request.model), request.graph,
            QString::fromStdString(request.graphFile), request.model.empty() ? stored.graph.batch() : 0 };
        m_state->cluster = request.cluster;
        m_state->graph = std::move(stored.graph);
        m_state->result = std::move(stored.result);
        m_searchRun = stored.runId;
        // The inputs as they were: a zoo model, or the op graph file the run read (its graph is in
        // the run, so searching again needs no file).
        if (!spec.zooName.isEmpty())
            m_model->setCurrentIndex(qMax(0, m_model->findData(spec.zooName)));
        else {
            // A graph given without a file name (from a script) is the run's own.
            const QString key = QStringLiteral("file:")
                + (spec.fileName.isEmpty() ? QStringLiteral("run %1").arg(stored.runId) : spec.fileName);
            m_state->files.insert(key, spec);
            selectModelFile(key, QString::fromStdString(m_state->graph->name));
        }
        m_batch->setValue(static_cast<int>(std::min<std::int64_t>(m_state->result->batch, m_batch->maximum())));
        const int c = m_cluster->findData(QString::fromStdString(m_state->cluster.name));
        if (c >= 0)
            m_cluster->setCurrentIndex(c);
        QStringList devs;
        for (int d : request.options.deviceCounts)
            devs << QString::number(d);
        m_devices->setText(devs.join(QLatin1Char(',')));
        m_epsilon->setValue(request.options.epsilon);
        setPlanOptions(request.options.configs.zeroStages, request.options.configs.recompute);
        showResult();
        if (pickFrontier >= 0)
            onPicked(pickFrontier, pickStrategy, false);
    } catch (const std::exception& e) {
        clearResult();
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
}

} // namespace vantage::gui
