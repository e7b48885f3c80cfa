// The FT page's widgets: the inputs (model or op graph file, batch, cluster, device counts,
// epsilon) with Search, the frontier chart with its controls, and the picked strategy's details
// with what it needs of device memory; the files a user opens for the inputs.
#include "ft_page.h"
#include "ft_page_p.h"
#include "param_widgets.h"

#include "common/error.h"
#include "ft/cluster.h"
#include "ft/model_zoo.h"
#include "ft/op_graph.h"
#include "ft/search_run.h"
#include "widgets/flow_layout.h"
#include "widgets/pareto_chart.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
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

namespace vantage::gui {

namespace {

// The highest ZeRO stage the search may choose ("off", "up to stage 3").
QSpinBox* zeroStagesInput(QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(QStringLiteral("ftZeroStages"));
    box->setSpecialValueText(FtPage::tr("off"));
    box->setPrefix(FtPage::tr("up to stage "));
    configureInput(box, fieldOf(ft::searchRequestParams(), "zero_stages"));
    return box;
}

} // namespace

void FtPage::buildUi()
{
    auto* inputs = new QWidget(this);
    auto* column = new QVBoxLayout(inputs);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(buildInputs());
    column->addWidget(buildCalibration());
    column->addStretch(1);
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
    modelFile->setToolTip(tr("Open an op graph (JSON).") + QLatin1Char('\n') + ftExportHint());
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
    m_epsilon->setDecimals(3);
    m_epsilon->setSingleStep(0.01);
    m_epsilon->setSpecialValueText(tr("exact"));
    m_epsilon->setToolTip(
        tr("0 finds the exact frontier; ε > 0 merges points within a factor 1 + ε (for huge graphs)"));
    configureInput(m_epsilon, fieldOf(ft::searchRequestParams(), "epsilon"));

    m_zeroStages = zeroStagesInput(this);
    m_recompute = new QCheckBox(tr("Selective recomputation"), this);
    m_recompute->setObjectName(QStringLiteral("ftRecompute"));
    configureInput(m_recompute, fieldOf(ft::searchRequestParams(), "recompute"));
    m_search = new QPushButton(tr("Search Frontier"), this);
    m_search->setObjectName(QStringLiteral("ftSearch"));
    m_search->setDefault(true);
    connect(m_search, &QPushButton::clicked, this, &FtPage::startSearch);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("ftStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // errors quote files and ops: never read as HTML

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
    form->addRow(label(tr("&ZeRO:"), m_zeroStages), m_zeroStages);
    form->addRow(QString(), m_recompute);
    auto* inputs = new QGroupBox(tr("Search"), this);
    auto* inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->addLayout(form);
    inputsLayout->addWidget(m_search);
    inputsLayout->addWidget(m_status);
    return inputs;
}

// The frontier chart and its controls (log axes, zoom, memory budget).
QWidget* FtPage::buildChart()
{
    m_chart = new widgets::ParetoChart(this);
    m_chart->setObjectName(QStringLiteral("ftChart"));
    m_chart->setAxisTitles(tr("Time per iteration (ms)"), tr("Memory per device (GiB)"));
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
    // The budget applies when the slider is let go (or a key moves it): while it is dragged only
    // its label follows, and the label keeps its width, so that nothing moves under the pointer.
    m_budget = new QSlider(Qt::Horizontal, this);
    m_budget->setObjectName(QStringLiteral("ftBudget"));
    m_budget->setRange(0, 1000);
    m_budget->setEnabled(false);
    m_budget->setTracking(false);
    m_budget->setToolTip(tr("Marks on each frontier the fastest strategy within this memory per device"));
    m_budgetLabel = new QLabel(tr("off"), this);
    m_budgetLabel->setObjectName(QStringLiteral("ftBudgetLabel"));
    connect(m_budget, &QSlider::valueChanged, this, &FtPage::applyBudget);
    connect(m_budget, &QSlider::sliderMoved, this, &FtPage::showBudget);
    auto* budgetCaption = new QLabel(tr("Memory &budget:"), this);
    budgetCaption->setBuddy(m_budget);
    // Two rows, so that the budget slider keeps its length whatever the language of the boxes.
    auto* chartControls = new QVBoxLayout;
    // The check boxes wrap onto a second row where the page is narrow (German at 1024 px).
    auto* axisRow = new widgets::FlowLayout;
    axisRow->addWidget(m_logTime);
    axisRow->addWidget(m_logMemory);
    axisRow->addWidget(fit);
    auto* budgetRow = new QHBoxLayout;
    budgetRow->addWidget(budgetCaption);
    m_budget->setMinimumWidth(120);
    budgetRow->addWidget(m_budget, 1);
    chartControls->addLayout(axisRow);
    chartControls->addLayout(budgetRow);
    // Under the slider, not beside it: as wide as its longest text ("131.32 GiB (fits 3 of 3
    // frontiers)"), beside the slider it held the views wider than a 1024-pixel window leaves them.
    chartControls->addWidget(m_budgetLabel, 0, Qt::AlignRight);
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
    m_details->setObjectName(QStringLiteral("ftDetails"));
    m_details->addTab(m_opTable, tr("Operators"));
    m_details->addTab(m_breakdown, tr("Breakdown"));
    m_details->addTab(m_graph, tr("Op Graph"));
    m_details->addTab(m_summary, tr("Summary"));
    m_runTab = buildRunTab();
    m_details->addTab(m_runTab, tr("Run"));
    m_export = new QPushButton(tr("Export Strategy…"), this);
    m_export->setObjectName(QStringLiteral("ftExport"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &FtPage::exportStrategy);

    auto* detailBox = new QWidget(this);
    auto* detailLayout = new QVBoxLayout(detailBox);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_details, 1);
    // Beside Export, what the pick needs of device memory (or why nothing is picked).
    m_fit = new QLabel(this);
    m_fit->setObjectName(QStringLiteral("ftFit"));
    m_fit->setWordWrap(true);
    m_fit->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fit->hide();
    auto* exportRow = new QHBoxLayout;
    exportRow->addWidget(m_fit, 1);
    exportRow->addWidget(m_export, 0, Qt::AlignTop);
    detailLayout->addLayout(exportRow);
    return detailBox;
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

void FtPage::setPlanOptions(int zeroStages, bool recompute)
{
    m_zeroStages->setValue(zeroStages);
    m_recompute->setChecked(recompute);
}

// How to get an op graph from a PyTorch model (the FT page reads JSON only).
QString ftExportHint()
{
    return FtPage::tr("To get one from a PyTorch model, run the exporter on the callable that builds it "
                      "(MODULE:NAME or FILE.py:NAME), with one sample's input and the batch:\n"
                      "python3 scripts/export_ft_graph.py --model torchvision.models:resnet50 --input "
                      "float:3,224,224 --batch 64 --out resnet50.json");
}

void FtPage::loadModelFile()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Op Graph"), QString(), tr("JSON op graph (*.json);;All files (*)"));
    if (!path.isEmpty())
        openOpGraph(path);
}

bool FtPage::openOpGraph(const QString& path, bool quiet)
{
    // A model file itself is not an op graph: say how to make one from it, not that JSON is malformed.
    static const QStringList modelSuffixes{ QStringLiteral("pt2"), QStringLiteral("pt"), QStringLiteral("pth"),
        QStringLiteral("ts"), QStringLiteral("onnx") };
    if (modelSuffixes.contains(QFileInfo(path).suffix().toLower())) {
        const QString text = tr("%1 is a model file; FT reads op graphs (JSON).").arg(QFileInfo(path).fileName())
            + QLatin1Char('\n') + ftExportHint();
        if (!quiet)
            QMessageBox::warning(this, tr("Op Graph"), text);
        m_status->setText(text);
        return false;
    }
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
    fillModuleFromGraph(m_state->files.value(key).graphJson);
}

void FtPage::loadClusterFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Cluster Profile"), QString(), tr("Cluster profiles (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    try {
        const auto profile = ft::loadClusterProfile(path.toStdString());
        m_state->customClusters.insert(QStringLiteral("file:") + path, profile);
        m_cluster->addItem(tr("%1 (file)").arg(QString::fromStdString(profile.name)), QStringLiteral("file:") + path);
        m_cluster->setCurrentIndex(m_cluster->count() - 1);
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Cluster Profile"), QString::fromUtf8(e.what()));
    }
}

} // namespace vantage::gui
