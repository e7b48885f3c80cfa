#include "ft_page.h"

#include "file_dialogs.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/units.h"
#include "ft/cluster.h"
#include "ft/model_zoo.h"
#include "ft/op_graph.h"
#include "ft/search.h"
#include "ft/search_run.h"
#include "ft/strategy.h"
#include "store/run_scope.h"
#include "store/session.h"
#include "widgets/pareto_chart.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <optional>

namespace vantage::gui {

namespace {

// The kind of a baseline, for its legend entry and marker shape ("megatron tp4 x dp2" is one of
// the Megatron kind).
QString baselineKind(const std::string& name)
{
    if (name == "data parallel")
        return FtPage::tr("Data parallel");
    if (name.rfind("megatron", 0) == 0)
        return FtPage::tr("Megatron TP×DP");
    if (name.rfind("min time", 0) == 0)
        return FtPage::tr("OptCNN (fastest)");
    if (name.rfind("min memory", 0) == 0)
        return FtPage::tr("Least memory");
    return QString::fromStdString(name);
}

} // namespace

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// Where the op graph comes from: a zoo model by name, or a user's JSON (kept whole, so that a
// stored run can be redrawn after the file has moved).
struct ModelSpec {
    QString zooName;
    Json graphJson;
    QString fileName;
    std::int64_t graphBatch = 0; // the batch an op graph file sets
};

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

// GiB, as on the chart axis (1024-based, IEC names).
QString bytesText(double bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 2, QLocale::DataSizeIecFormat);
}

QString secondsText(double s)
{
    if (s < 1.0)
        return FtPage::tr("%1 ms").arg(QLocale().toString(s * 1e3, 'f', 2));
    return FtPage::tr("%1 s").arg(QLocale().toString(s, 'f', 3));
}

} // namespace

struct FtPage::State {
    // The op graph files in the model box, by their item's data ("file:PATH"): each item searches
    // its own graph (one kept for all searched the last file loaded, whichever item was picked).
    QHash<QString, ModelSpec> files;
    std::optional<ft::ClusterProfile> customCluster;
    std::optional<ft::SearchResult> result;
    std::optional<ft::OpGraph> graph;
    ft::ClusterProfile cluster;
};

FtPage::FtPage(QWidget* parent)
    : EnginePage(parent)
    , m_state(std::make_unique<State>())
{
    setObjectName(QStringLiteral("ftPage"));
    buildUi();
}

FtPage::~FtPage() = default;

void FtPage::buildUi()
{
    QWidget* inputs = buildInputs();
    QWidget* chartBox = buildChart();
    QWidget* detailBox = buildDetails();
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(chartBox);
    right->addWidget(detailBox);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    setInputsAndViews(inputs, right); // as every page: each side scrolls when the window is small
}

// Inputs: model or op graph file, batch, cluster, device counts, epsilon; Search.
QWidget* FtPage::buildInputs()
{
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("ftModel"));
    for (const auto& m : ft::zooModels()) {
        m_model->addItem(QString::fromStdString(m.displayName), QString::fromStdString(m.name));
        m_model->setItemData(m_model->count() - 1, QString::fromStdString(m.description), Qt::ToolTipRole);
    }
    auto* modelFile = new QPushButton(tr("From JSON…"), this);
    modelFile->setObjectName(QStringLiteral("ftModelFile"));
    connect(modelFile, &QPushButton::clicked, this, &FtPage::loadModelFile);
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(modelFile);

    m_batch = new QSpinBox(this);
    m_batch->setObjectName(QStringLiteral("ftBatch"));
    m_batch->setRange(1, 1 << 20);
    m_batch->setValue(512);
    // A new zoo model brings its usual batch size; an op graph file sets its own, shown and fixed.
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        const QString name = m_model->currentData().toString();
        const bool file = name.startsWith(QLatin1String("file:"));
        m_batch->setEnabled(!file);
        m_batch->setToolTip(file ? tr("The op graph file sets its own shapes") : QString());
        if (file) {
            const auto it = m_state->files.constFind(name);
            if (it != m_state->files.constEnd() && it->graphBatch > 0)
                m_batch->setValue(static_cast<int>(std::min<std::int64_t>(it->graphBatch, m_batch->maximum())));
            return;
        }
        for (const auto& m : ft::zooModels())
            if (QString::fromStdString(m.name) == name && m.defaultBatch > 0)
                m_batch->setValue(static_cast<int>(m.defaultBatch));
    });

    m_cluster = new QComboBox(this);
    m_cluster->setObjectName(QStringLiteral("ftCluster"));
    for (const auto& c : ft::builtinClusters()) {
        m_cluster->addItem(QString::fromStdString(c.name), QString::fromStdString(c.name));
        m_cluster->setItemData(m_cluster->count() - 1, QString::fromStdString(c.description), Qt::ToolTipRole);
    }
    m_cluster->setCurrentIndex(qMax(0, m_cluster->findData(QStringLiteral("h200x8"))));
    auto* clusterFile = new QPushButton(tr("Load…"), this);
    connect(clusterFile, &QPushButton::clicked, this, &FtPage::loadClusterFile);
    auto* clusterRow = new QHBoxLayout;
    clusterRow->addWidget(m_cluster, 1);
    clusterRow->addWidget(clusterFile);

    m_devices = new QLineEdit(QStringLiteral("8,16,32"), this);
    m_devices->setObjectName(QStringLiteral("ftDevices"));
    m_devices->setToolTip(tr("Device counts, separated by commas: one frontier each"));
    m_epsilon = new QDoubleSpinBox(this);
    m_epsilon->setObjectName(QStringLiteral("ftEpsilon"));
    m_epsilon->setRange(0.0, 1.0);
    m_epsilon->setDecimals(3);
    m_epsilon->setSingleStep(0.01);
    m_epsilon->setSpecialValueText(tr("exact"));
    m_epsilon->setToolTip(
        tr("0 finds the exact frontier; ε > 0 merges points within a factor 1 + ε (for huge graphs)"));

    m_search = new QPushButton(tr("Search Frontier"), this);
    m_search->setObjectName(QStringLiteral("ftSearch"));
    m_search->setDefault(true);
    connect(m_search, &QPushButton::clicked, this, &FtPage::startSearch);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("ftStatus"));
    m_status->setWordWrap(true);

    // Labels with buddies, so that their mnemonics work for rows that hold a layout too.
    auto label = [this](const QString& text, QWidget* buddy) {
        auto* l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
    auto* form = new QFormLayout;
    form->addRow(label(tr("&Model:"), m_model), modelRow);
    form->addRow(label(tr("Batch &size:"), m_batch), m_batch);
    form->addRow(label(tr("&Cluster:"), m_cluster), clusterRow);
    form->addRow(label(tr("&Devices:"), m_devices), m_devices);
    form->addRow(label(tr("E&psilon:"), m_epsilon), m_epsilon);
    auto* inputs = new QGroupBox(tr("Search"), this);
    auto* inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->addLayout(form);
    inputsLayout->addWidget(m_search);
    inputsLayout->addWidget(m_status);
    inputsLayout->addStretch(1);
    return inputs;
}

// The frontier chart and its controls (log axes, zoom, memory budget).
QWidget* FtPage::buildChart()
{
    m_chart = new widgets::ParetoChart(this);
    m_chart->setAxisTitles(tr("Time per iteration (s)"), tr("Memory per device (GiB)"));
    m_chart->setMinimumHeight(300);
    connect(m_chart, &widgets::ParetoChart::pointPicked, this,
        [this](int frontier, int strategy) { onPicked(frontier, strategy, true); });
    m_logTime = new QCheckBox(tr("Log time axis"), this);
    m_logMemory = new QCheckBox(tr("Log memory axis"), this);
    auto* fit = new QCheckBox(tr("Zoom to frontiers"), this);
    fit->setObjectName(QStringLiteral("ftFitFrontiers"));
    fit->setToolTip(tr("Axes over the frontiers only; baselines far from them fall outside the plot (data "
                       "parallel is compared with the fastest strategy under the search). Click a device count "
                       "in the legend to hide or show it."));
    fit->setChecked(true);
    m_chart->setFitToFrontiers(true);
    connect(fit, &QCheckBox::toggled, m_chart, &widgets::ParetoChart::setFitToFrontiers);
    auto applyLog = [this] { m_chart->setLogAxes(m_logTime->isChecked(), m_logMemory->isChecked()); };
    connect(m_logTime, &QCheckBox::toggled, this, applyLog);
    connect(m_logMemory, &QCheckBox::toggled, this, applyLog);
    m_budget = new QSlider(Qt::Horizontal, this);
    m_budget->setObjectName(QStringLiteral("ftBudget"));
    m_budget->setRange(0, 1000);
    m_budget->setEnabled(false);
    m_budgetLabel = new QLabel(tr("Memory budget: off"), this);
    m_budgetLabel->setMinimumWidth(220);
    connect(m_budget, &QSlider::valueChanged, this, &FtPage::onBudgetChanged);
    // Two rows, so that the budget slider keeps its length whatever the language of the boxes.
    auto* chartControls = new QVBoxLayout;
    auto* axisRow = new QHBoxLayout;
    axisRow->addWidget(m_logTime);
    axisRow->addWidget(m_logMemory);
    axisRow->addWidget(fit);
    axisRow->addStretch(1);
    auto* budgetRow = new QHBoxLayout;
    budgetRow->addWidget(m_budgetLabel);
    m_budget->setMinimumWidth(240);
    budgetRow->addWidget(m_budget, 1);
    chartControls->addLayout(axisRow);
    chartControls->addLayout(budgetRow);
    auto* chartBox = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(m_chart, 1);
    chartLayout->addLayout(chartControls);
    return chartBox;
}

// The picked strategy: operators, breakdown, op graph, summary; Export.
QWidget* FtPage::buildDetails()
{
    m_opModel = new QStandardItemModel(this);
    m_opTable = new QTableView(this);
    m_opTable->setObjectName(QStringLiteral("ftOpTable"));
    m_opTable->setModel(m_opModel);
    m_opTable->setSortingEnabled(true);
    m_opTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_opTable->setAlternatingRowColors(true);
    m_opTable->verticalHeader()->hide();
    m_opTable->horizontalHeader()->setStretchLastSection(true);
    m_breakdown = new widgets::StackedBarChart(this);
    m_graph = new widgets::SvgView(this);
    m_graph->setObjectName(QStringLiteral("ftGraph"));
    m_summary = new QPlainTextEdit(this);
    m_summary->setReadOnly(true);
    m_summary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details = new QTabWidget(this);
    m_details->addTab(m_opTable, tr("Operators"));
    m_details->addTab(m_breakdown, tr("Breakdown"));
    m_details->addTab(m_graph, tr("Op Graph"));
    m_details->addTab(m_summary, tr("Summary"));
    m_export = new QPushButton(tr("Export Strategy…"), this);
    m_export->setObjectName(QStringLiteral("ftExport"));
    m_export->setObjectName(QStringLiteral("ftExport"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &FtPage::exportStrategy);

    auto* detailBox = new QWidget(this);
    auto* detailLayout = new QVBoxLayout(detailBox);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_details, 1);
    auto* exportRow = new QHBoxLayout;
    exportRow->addStretch(1);
    exportRow->addWidget(m_export);
    detailLayout->addLayout(exportRow);
    return detailBox;
}

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
    m_pickedFrontier = m_pickedStrategy = -1;
    m_chart->setFrontiers({});
    m_chart->setMarkers({});
    m_chart->setLimit(0, QString());
    m_chart->chart()->setTitle(tr("No frontier yet: choose a model, a cluster and device counts, then Search"));
    m_budget->setValue(0);
    m_budget->setEnabled(false);
    m_opModel->clear();
    m_breakdown->setData({}, {});
    m_graph->clear();
    m_summary->clear();
    m_status->clear();
    m_export->setEnabled(false);
}

void FtPage::setInputs(const QString& model, int batch, const QString& cluster, const QString& devices, double epsilon)
{
    const int m = m_model->findData(model);
    if (m >= 0)
        m_model->setCurrentIndex(m);
    m_batch->setValue(batch); // after the model: its default batch must not win
    const int c = m_cluster->findData(cluster);
    if (c >= 0)
        m_cluster->setCurrentIndex(c);
    m_devices->setText(devices);
    m_epsilon->setValue(epsilon);
}

void FtPage::loadModelFile()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Op Graph"), QString(), tr("Op graphs (*.json);;All files (*)"));
    if (!path.isEmpty())
        openOpGraph(path);
}

bool FtPage::openOpGraph(const QString& path, bool quiet)
{
    try {
        const Json j = readJsonFile(path.toStdString());
        const ft::OpGraph g = ft::opGraphFromJson(j, path.toStdString()); // validate now, not at search time
        const QString key = QStringLiteral("file:") + path;
        m_state->files.insert(key, { {}, j, path, g.batch() });
        selectModelFile(
            key, QString::fromStdString(g.name.empty() ? QFileInfo(path).baseName().toStdString() : g.name));
        return true;
    } catch (const std::exception& e) {
        if (!quiet)
            QMessageBox::warning(this, tr("Op Graph"), QString::fromUtf8(e.what()));
        m_status->setText(QString::fromUtf8(e.what()));
        return false;
    }
}

void FtPage::selectModelFile(const QString& key, const QString& name)
{
    int item = m_model->findData(key);
    if (item < 0) {
        m_model->addItem(tr("%1 (file)").arg(name), key);
        item = m_model->count() - 1;
    }
    if (item == m_model->currentIndex()) // the same file again: its batch may have changed
        m_batch->setValue(
            static_cast<int>(std::min<std::int64_t>(m_state->files.value(key).graphBatch, m_batch->maximum())));
    m_model->setCurrentIndex(item);
}

void FtPage::loadClusterFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Cluster Profile"), QString(), tr("Cluster profiles (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    try {
        const auto profile = ft::loadClusterProfile(path.toStdString());
        m_state->customCluster = profile;
        m_cluster->addItem(tr("%1 (file)").arg(QString::fromStdString(profile.name)), QStringLiteral("file:") + path);
        m_cluster->setCurrentIndex(m_cluster->count() - 1);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Cluster Profile"), QString::fromUtf8(e.what()));
    }
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
    const ModelSpec spec
        = data.startsWith(QLatin1String("file:")) ? m_state->files.value(data) : ModelSpec{ data, {}, {} };
    ft::ClusterProfile cluster;
    std::vector<int> devices;
    try {
        devices = parseDevices(m_devices->text());
        cluster = m_cluster->currentData().toString().startsWith(QLatin1String("file:")) && m_state->customCluster
            ? *m_state->customCluster
            : ft::builtinCluster(m_cluster->currentData().toString().toStdString());
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
    auto result = std::make_shared<std::optional<ft::SearchResult>>();
    auto graph = std::make_shared<std::optional<ft::OpGraph>>();
    store::Session* session = this->session();
    m_search->setEnabled(false);
    m_status->setText(tr("Searching…"));
    return startJob(
        tr("Frontier search"),
        [=](Progress& progress, const CancelToken& cancel) {
            ft::SearchRun run = ft::runSearch(session, request, progress, cancel);
            *graph = std::move(run.graph);
            *result = std::move(run.result);
            return Json{ { "run", run.runId } };
        },
        [this, result, graph, cluster](const JobOutcome& outcome) {
            if (outcome.state == JobOutcome::State::Done) {
                m_state->result = std::move(*result);
                m_state->graph = std::move(*graph);
                m_state->cluster = cluster;
                m_searchRun = outcome.result.value("run", 0LL);
            }
            onSearchDone(outcome);
        });
}

void FtPage::onSearchDone(const JobOutcome& outcome)
{
    m_search->setEnabled(true);
    switch (outcome.state) {
    case JobOutcome::State::Done:
        showResult();
        Q_EMIT searchFinished(true);
        return;
    case JobOutcome::State::Cancelled:
        m_status->setText(tr("Search cancelled."));
        break;
    case JobOutcome::State::Failed:
        m_status->setText(tr("Search failed: %1").arg(outcome.error));
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

void FtPage::showResult()
{
    const auto& r = *m_state->result;
    QVector<widgets::ParetoSeriesData> series;
    QVector<widgets::ParetoMarker> markers;
    double maxMemory = 0;
    QStringList lines;
    for (std::size_t f = 0; f < r.frontiers.size(); ++f) {
        const auto& fr = r.frontiers[f];
        widgets::ParetoSeriesData s;
        s.name = tr("%n device(s)", nullptr, fr.devices);
        for (const auto& p : fr.points) {
            s.points.push_back({ p.time, p.memory / kGiB, p.strategy, {} });
            maxMemory = std::max(maxMemory, p.memory);
        }
        series.push_back(s);
        for (const auto& b : fr.baselines)
            markers.push_back({ tr("%1, %n device(s)", nullptr, fr.devices).arg(QString::fromStdString(b.name)), b.time,
                b.memory / kGiB, static_cast<int>(f), baselineKind(b.name) });
        lines << tr("%n device(s): %1 strategies in %2", nullptr, fr.devices)
                     .arg(fr.points.size())
                     .arg(secondsText(fr.searchSeconds));
        // The fastest strategy against plain data parallelism (which may lie off a zoomed chart).
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
                         .arg(secondsText(fastest->time), bytesText(fastest->memory), secondsText(dp->time),
                             bytesText(dp->memory))
                         .arg(dp->time / fastest->time, 0, 'f', 2);
    }
    m_chart->setFrontiers(series);
    m_chart->setMarkers(markers);
    m_chart->setLimit(r.deviceMemory / kGiB, tr("Device memory (%1)").arg(bytesText(r.deviceMemory)));
    m_chart->chart()->setTitle(tr("%1, batch %2, %3")
                                   .arg(QString::fromStdString(r.model))
                                   .arg(r.batch)
                                   .arg(QString::fromStdString(r.cluster)));
    m_status->setText(lines.join(QLatin1Char('\n')));
    m_budget->setEnabled(maxMemory > 0);
    m_budget->setProperty("maxBytes", std::max(maxMemory, r.deviceMemory));
    m_budget->setValue(0);
    onBudgetChanged(0);
    // Start with the fastest strategy of the first frontier that fits in device memory.
    if (!r.frontiers.empty() && !r.frontiers.front().points.empty()) {
        const int fits = r.frontiers.front().fastestWithin(r.deviceMemory);
        const int index = fits >= 0 ? fits : 0;
        onPicked(0, r.frontiers.front().points[static_cast<std::size_t>(index)].strategy, false);
    }
}

void FtPage::onBudgetChanged(int value)
{
    const double maxBytes = m_budget->property("maxBytes").toDouble();
    if (value <= 0 || maxBytes <= 0) {
        m_budgetLabel->setText(tr("Memory budget: off"));
        m_chart->setBudget(0);
        return;
    }
    const double budget = maxBytes * value / 1000.0;
    m_chart->setBudget(budget / kGiB);
    QStringList fits;
    const auto ids = m_chart->withinBudget();
    int fitting = 0;
    for (int id : ids)
        fitting += id >= 0;
    m_budgetLabel->setText(
        tr("Memory budget: %1 (%2 of %3 frontiers fit)").arg(bytesText(budget)).arg(fitting).arg(ids.size()));
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
    if (!m_state->result || !m_state->graph)
        return;
    m_pickedFrontier = frontier;
    m_pickedStrategy = strategy;
    m_chart->setPicked(frontier, strategy);
    const auto& r = *m_state->result;
    const auto f = static_cast<std::size_t>(frontier);
    try {
        const auto report = ft::strategyFor(*m_state->graph, m_state->cluster, r, f, strategy);
        m_opModel->clear();
        m_opModel->setHorizontalHeaderLabels(
            { tr("Operator"), tr("Kind"), tr("Configuration"), tr("Split"), tr("Time (ms)"), tr("Memory (MiB)") });
        for (const auto& op : report.ops) {
            QList<QStandardItem*> row;
            row << new QStandardItem(QString::fromStdString(op.op))
                << new QStandardItem(QString::fromStdString(op.kind))
                << new QStandardItem(QString::fromStdString(op.config))
                << new QStandardItem(QString::fromStdString(op.split));
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
            tr("Time %1 · memory %2 per device").arg(secondsText(report.time)).arg(bytesText(report.memory)));
        m_summary->setPlainText(QString::fromStdString(ft::strategySummary(report)));
        m_graph->setSvg(QByteArray::fromStdString(renderDotToSvg(ft::strategyToDot(*m_state->graph, report))));
        m_export->setEnabled(true);
        if (record)
            recordPick();
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show the strategy: %1").arg(QString::fromUtf8(e.what())));
    }
}

QString FtPage::strategyJson() const
{
    if (!m_state->result || !m_state->graph || m_pickedFrontier < 0)
        return {};
    const auto report = ft::strategyFor(*m_state->graph, m_state->cluster, *m_state->result,
        static_cast<std::size_t>(m_pickedFrontier), m_pickedStrategy);
    return QString::fromStdString(ft::strategyJson(report, m_pickedStrategy).dump(2));
}

QString FtPage::graphSvg() const
{
    return QString::fromUtf8(m_graph->svg());
}

void FtPage::recordPick()
{
    store::Session* s = session();
    if (!s || !m_state->result)
        return;
    const auto& fr = m_state->result->frontiers[static_cast<std::size_t>(m_pickedFrontier)];
    try {
        store::NewRun run{
            .engine = store::Engine::Ft, .kind = store::RunKind::Pick, .name = currentModelLabel().toStdString()
        };
        run.params = { { "search_run", m_searchRun }, { "devices", fr.devices }, { "frontier", m_pickedFrontier },
            { "strategy", m_pickedStrategy } };
        const auto strategy = ft::strategyFor(*m_state->graph, m_state->cluster, *m_state->result,
            static_cast<std::size_t>(m_pickedFrontier), m_pickedStrategy);
        store::recordRun(s, run, [&](store::RunScope& scope) {
            ft::recordStrategy(scope, *m_state->graph, strategy, ft::strategyJson(strategy, m_pickedStrategy));
        });
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
        int pickFrontier = -1, pickStrategy = -1;
        if (run.kind == store::RunKind::Pick) {
            pickFrontier = run.params.value("frontier", -1);
            pickStrategy = run.params.value("strategy", -1);
            run = s->run(run.params.value("search_run", 0LL));
        }
        if (run.kind != store::RunKind::Search || run.status != store::RunStatus::Done || run.result.is_null()) {
            m_status->setText(tr("Run %1 has no frontier to show (%2).")
                                  .arg(runId)
                                  .arg(QString::fromStdString(
                                      run.error.empty() ? std::string(store::statusName(run.status)) : run.error)));
            return;
        }
        ft::StoredSearch stored = ft::readSearch(*s, run.id);
        const ft::SearchRequest& request = stored.request;
        ModelSpec spec{ QString::fromStdString(request.model), request.graph, QString::fromStdString(request.graphFile),
            request.model.empty() ? stored.graph.batch() : 0 };
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
        showResult();
        if (pickFrontier >= 0)
            onPicked(pickFrontier, pickStrategy, false);
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
}

} // namespace vantage::gui
