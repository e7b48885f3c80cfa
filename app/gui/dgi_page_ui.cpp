// The DGI page's widgets: the inputs (graph, edges, model, widths, reordering, budget, device)
// with Cut and Evaluate, and the tabs (the cut drawn, the results, a node's neighbourhood).
#include "dgi_page.h"
#include "dgi_page_p.h"

#include "param_widgets.h"
#include "table_helpers.h"

#include "dgi/evaluation.h"
#include "dgi/evaluation_run.h"
#include "dgi/models.h"
#include "widgets/flow_layout.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFont>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace vantage::gui {

namespace {

// A reordering as the window names it.
QString reorderingTitle(dgi::Reordering reordering)
{
    switch (reordering) {
    case dgi::Reordering::Bfs:
        return DgiPage::tr("Breadth-first");
    case dgi::Reordering::Rcm:
        return DgiPage::tr("Reverse Cuthill-McKee");
    case dgi::Reordering::None:
        break;
    }
    return DgiPage::tr("None");
}

} // namespace

void DgiPage::buildUi()
{
    QWidget* inputs = buildInputs();
    QWidget* cutSplit = buildCutTab();
    QWidget* resultsTab = buildResultsTab();
    QWidget* nodeTab = buildNodeTab();
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(cutSplit, tr("Layer Cut"));
    m_tabs->addTab(resultsTab, tr("Results"));
    m_tabs->addTab(nodeTab, tr("Node"));
    setNodeInspectorEnabled(false);

    setInputsAndViews(inputs, m_tabs);
}

// The inputs: graph, model, widths, reordering, memory budget; Cut and Evaluate.
// What is done to the graph's edges before the evaluation: nothing unless the user asks.
QLayout* DgiPage::buildEdgeOptions()
{
    // A model's own forward sums over repeated edges and sees the self-loops the graph has.
    m_symmetrize = new QCheckBox(tr("Symmetrise"), this);
    m_symmetrize->setObjectName(QStringLiteral("dgiSymmetrize"));
    m_symmetrize->setToolTip(tr("Add the reverse of every edge (repeated edges are then merged)"));
    m_selfLoops = new QCheckBox(tr("Self-loops"), this);
    m_selfLoops->setObjectName(QStringLiteral("dgiSelfLoops"));
    m_selfLoops->setToolTip(tr("Give every node exactly one self-loop"));
    m_mergeDuplicates = new QCheckBox(tr("Merge repeated edges"), this);
    m_mergeDuplicates->setObjectName(QStringLiteral("dgiMergeDuplicates"));
    m_mergeDuplicates->setToolTip(tr("Count an edge given twice once (the model itself would sum it twice)"));
    auto* buildRow = new QHBoxLayout;
    buildRow->addWidget(m_symmetrize);
    buildRow->addWidget(m_selfLoops);
    buildRow->addStretch(1);
    // Its own row: beside the other two it makes the inputs too wide in German at 1280 px.
    auto* mergeRow = new QHBoxLayout;
    mergeRow->addWidget(m_mergeDuplicates);
    mergeRow->addStretch(1);
    auto* rows = new QVBoxLayout;
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addLayout(buildRow);
    rows->addLayout(mergeRow);
    return rows;
}

// The device the evaluation runs on: the CPU and every GPU this build can use (none, and why not, in
// a build whose LibTorch is CPU-only or on a machine without a GPU).
void DgiPage::buildDeviceChoice()
{
    m_device = new QComboBox(this);
    m_device->setObjectName(QStringLiteral("dgiDevice"));
    m_device->addItem(tr("CPU"), QStringLiteral("cpu"));
    for (int i = 0; i < dgi::visibleGpus(); ++i)
        m_device->addItem(tr("GPU %1").arg(i), QStringLiteral("cuda:%1").arg(i));
    if (m_device->count() == 1) {
        m_device->setEnabled(false);
        m_device->setToolTip(dgi::gpuEvaluatorBuilt()
                ? tr("No GPU: CUDA sees none on this machine")
                : tr("No GPU path in this build: its LibTorch is CPU-only (build the CUDA flavour)"));
    } else {
        m_device->setToolTip(tr("Where the layer-wise evaluation runs; the node-by-node baseline runs on the CPU"));
    }
    configureInput(m_device, fieldOf(dgi::evalOptionsParams(), "device"));
}

// The node features: a float .npy file, or random ones of the model's input width.
QLayout* DgiPage::buildFeaturesFile()
{
    m_featuresFile = new QLineEdit(this);
    m_featuresFile->setObjectName(QStringLiteral("dgiFeaturesFile"));
    m_featuresFile->setPlaceholderText(tr("random, seeded"));
    configureInput(m_featuresFile, fieldOf(dgi::evalOptionsParams(), "features"));
    auto* file = new QPushButton(tr("File…"), this);
    connect(file, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Node Features"), QString(), tr("NumPy arrays (*.npy);;All files (*)"));
        if (!path.isEmpty())
            m_featuresFile->setText(path);
    });
    // With the input width on auto, a built-in model's width is the file's: the cut shown is another.
    connect(m_featuresFile, &QLineEdit::textChanged, this, &DgiPage::onModelInputsChanged);
    auto* row = new QHBoxLayout;
    row->addWidget(m_featuresFile, 1);
    row->addWidget(file);
    return row;
}

// The model's widths and layers: a built-in model's inputs, a TorchScript model's own (shown).
void DgiPage::buildWidthBoxes()
{
    m_features = new QSpinBox(this);
    m_features->setObjectName(QStringLiteral("dgiFeatures"));
    // 0 is "auto", as vantage-cli's --in-dim 0: a built-in model takes the features file's width,
    // else 64; a TorchScript model's own width is shown once it is read.
    configureInput(m_features, fieldOf(dgi::modelRequestParams(), "in_dim"));
    m_features->setSpecialValueText(tr("auto"));
    m_hidden = new QSpinBox(this);
    m_hidden->setObjectName(QStringLiteral("dgiHidden"));
    configureInput(m_hidden, fieldOf(dgi::modelRequestParams(), "hidden"));
    m_layers = new QSpinBox(this);
    m_layers->setObjectName(QStringLiteral("dgiLayers"));
    configureInput(m_layers, fieldOf(dgi::modelRequestParams(), "layers"));
    // Another model (or other widths of a built-in one) makes the cut and results shown another's.
    connect(m_model, &QComboBox::currentTextChanged, this, &DgiPage::onModelInputsChanged);
    for (QSpinBox* box : { m_features, m_hidden, m_layers })
        connect(box, &QSpinBox::valueChanged, this, &DgiPage::onModelInputsChanged);
}

QWidget* DgiPage::buildInputs()
{
    m_graph = new QComboBox(this);
    m_graph->setObjectName(QStringLiteral("dgiGraph"));
    m_graph->setEditable(true);
    m_graph->addItems({ QStringLiteral("rmat:n=100000,deg=10,seed=1"),
        QStringLiteral("chunglu:n=100000,deg=10,gamma=2.5,seed=1"), QStringLiteral("er:n=100000,deg=10,seed=1") });
    m_graph->setToolTip(
        tr("A generator (rmat:…, chunglu:…, er:…), an edge list, an OGB edge.csv(.gz), csr:INDPTR.npy,INDICES.npy "
           "or a saved graph folder"));
    auto* graphFile = new QPushButton(tr("File…"), this);
    connect(graphFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Graph"), QString(), tr("Graphs (*.txt *.el *.csv *.gz *.json);;All files (*)"));
        if (!path.isEmpty())
            m_graph->setCurrentText(path);
    });
    auto* graphRow = new QHBoxLayout;
    graphRow->addWidget(m_graph, 1);
    graphRow->addWidget(graphFile);
    QLayout* edgeOptions = buildEdgeOptions();

    QLayout* featuresRow = buildFeaturesFile();

    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("dgiModel"));
    m_model->setEditable(true);
    for (const auto& name : enumNames<dgi::ModelKind>())
        m_model->addItem(QString::fromStdString(name));
    m_model->setToolTip(tr("A built-in model, or the path of a model file: a torch.export program (.pt2), or a "
                           "TorchScript model written by scripts/write_gnn_model.py"));
    auto* modelFile = new QPushButton(tr("Model file…"), this);
    modelFile->setObjectName(QStringLiteral("dgiModelFile"));
    connect(modelFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("GNN Model"), QString(),
            tr("PyTorch models (*.pt2 *.pt *.pth);;torch.export (*.pt2);;TorchScript (*.pt *.pth);;All files (*)"));
        if (!path.isEmpty())
            m_model->setCurrentText(path);
    });
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(modelFile);
    buildWidthBoxes();
    const auto& options = dgi::evalOptionsParams();
    m_reorder = new QComboBox(this);
    m_reorder->setObjectName(QStringLiteral("dgiReorder"));
    for (const auto& name : enumNames<dgi::Reordering>())
        m_reorder->addItem(reorderingTitle(enumFromName<dgi::Reordering>(name)), QString::fromStdString(name));
    configureInput(m_reorder, fieldOf(options, "reorder"));
    m_budget = new QLineEdit(this);
    m_budget->setObjectName(QStringLiteral("dgiBudget"));
    m_budget->setPlaceholderText(tr("auto (half the free memory)"));
    m_budget->setToolTip(tr("Memory for node tensors, e.g. 512M or 4G; beyond it they go to memory-mapped files"));
    configureInput(m_budget, fieldOf(options, "memory_budget"));
    buildDeviceChoice();
    m_nodeWise = new QCheckBox(tr("Also node by node (the baseline)"), this);
    m_nodeWise->setObjectName(QStringLiteral("dgiNodeWise"));
    m_nodeWise->setToolTip(tr("Evaluates every node on its own as well, for comparison; after 15 s the rest is "
                              "extrapolated from the batches done. Cancel during it keeps the layer-wise result."));
    m_nodeWise->setChecked(true);

    m_partition = new QPushButton(tr("Cut into Layers"), this);
    m_partition->setObjectName(QStringLiteral("dgiPartition"));
    connect(m_partition, &QPushButton::clicked, this, &DgiPage::partitionModel);
    m_evaluate = new QPushButton(tr("Evaluate"), this);
    m_evaluate->setObjectName(QStringLiteral("dgiEvaluate"));
    m_evaluate->setDefault(true);
    connect(m_evaluate, &QPushButton::clicked, this, &DgiPage::startEvaluation);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_partition);
    buttons->addWidget(m_evaluate);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("dgiStatus"));
    m_status->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Graph:"), graphRow);
    form->addRow(QString(), edgeOptions);
    form->addRow(tr("Node features:"), featuresRow);
    form->addRow(tr("Model:"), modelRow);
    form->addRow(tr("Input features:"), m_features);
    form->addRow(tr("Hidden width:"), m_hidden);
    form->addRow(tr("Layers:"), m_layers);
    form->addRow(tr("Reordering:"), m_reorder);
    form->addRow(tr("Memory budget:"), m_budget);
    form->addRow(tr("Device:"), m_device);
    form->addRow(m_nodeWise);
    auto* inputs = new QGroupBox(tr("Evaluation"), this);
    auto* inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->addLayout(form);
    inputsLayout->addLayout(buttons);
    inputsLayout->addWidget(m_status);
    inputsLayout->addStretch(1);
    return inputs;
}

// The layer cut as drawn, and the tensors that cross it.
QWidget* DgiPage::buildCutTab()
{
    m_cut = new widgets::SvgView(this);
    m_cut->setObjectName(QStringLiteral("dgiCut"));
    m_schema = new QStandardItemModel(this);
    auto* cutSplit = new QSplitter(Qt::Vertical, this);
    cutSplit->addWidget(m_cut);
    cutSplit->addWidget(makeTable(m_schema, this, QStringLiteral("dgiSchema")));
    cutSplit->setStretchFactor(0, 3);
    return cutSplit;
}

// Times per mode and per layer, and the speedup.
QWidget* DgiPage::buildResultsTab()
{
    m_results = new QStandardItemModel(this);
    m_times = new widgets::StackedBarChart(this);
    m_speedup = new QLabel(this);
    m_speedup->setObjectName(QStringLiteral("dgiSpeedup"));
    QFont f = m_speedup->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    m_speedup->setFont(f);
    m_speedup->setWordWrap(true); // a headline of any length in any language: it wraps, the window keeps its size
    auto* resultsTab = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(resultsTab);
    resultsLayout->addWidget(m_speedup);
    m_timeScale = new QComboBox(this);
    m_timeScale->setObjectName(QStringLiteral("dgiTimeScale"));
    m_timeScale->addItem(tr("Seconds (bar length is the time)"));
    m_timeScale->addItem(tr("Shares of each mode's total"));
    connect(m_timeScale, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_state->lastResult.is_null())
            showResults(m_state->lastResult);
    });
    auto* chartBox = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    auto* scaleRow = new QHBoxLayout;
    scaleRow->addWidget(new QLabel(tr("Time per layer:"), this));
    scaleRow->addWidget(m_timeScale);
    scaleRow->addStretch(1);
    chartLayout->addLayout(scaleRow);
    chartLayout->addWidget(m_times, 1);
    auto* resultsSplit = new QSplitter(Qt::Vertical, this);
    resultsSplit->addWidget(makeTable(m_results, this, QStringLiteral("dgiResults")));
    resultsSplit->addWidget(chartBox);
    resultsSplit->setSizes({ 220, 360 });
    resultsLayout->addWidget(resultsSplit, 1);
    return resultsTab;
}

// A node: its neighbourhood per hop (what node-wise evaluation has to touch) and its embedding.
QWidget* DgiPage::buildNodeTab()
{
    m_node = new QSpinBox(this);
    m_node->setObjectName(QStringLiteral("dgiNode"));
    m_node->setRange(0, 0);
    m_inspect = new QPushButton(tr("Inspect"), this);
    m_inspect->setObjectName(QStringLiteral("dgiInspect"));
    connect(m_inspect, &QPushButton::clicked, this, [this] { inspectNode(m_node->value()); });
    auto* hub = new QPushButton(tr("Largest In-degree"), this);
    hub->setObjectName(QStringLiteral("dgiHub"));
    hub->setToolTip(tr("Picks the node with the most in-edges, the costliest for node-wise evaluation"));
    connect(hub, &QPushButton::clicked, this, [this] {
        if (!m_state->graph)
            return;
        const auto offsets = m_state->graph->offsets();
        std::int64_t best = 0, bestDegree = -1;
        for (std::int64_t v = 0; v < m_state->graph->numNodes(); ++v)
            if (offsets[v + 1] - offsets[v] > bestDegree)
                best = v, bestDegree = offsets[v + 1] - offsets[v];
        m_node->setValue(static_cast<int>(best));
        inspectNode(static_cast<int>(best));
    });
    // The buttons wrap under the node where the views are narrow (German at 1024 px).
    auto* nodeField = new QWidget(this);
    auto* nodeFieldLayout = new QHBoxLayout(nodeField);
    nodeFieldLayout->setContentsMargins(0, 0, 0, 0);
    nodeFieldLayout->addWidget(new QLabel(tr("Node:"), this));
    nodeFieldLayout->addWidget(m_node);
    auto* nodeRow = new widgets::FlowLayout(nullptr, 6);
    nodeRow->addWidget(nodeField);
    nodeRow->addWidget(m_inspect);
    nodeRow->addWidget(hub);
    m_nodeStatus = new QLabel(tr("Evaluate to inspect nodes: the embeddings of the last evaluation are kept in memory, "
                                 "not in the session."),
        this);
    m_nodeStatus->setObjectName(QStringLiteral("dgiNodeStatus"));
    m_nodeStatus->setWordWrap(true);
    m_hops = new QStandardItemModel(this);
    m_embedding = new QStandardItemModel(this);
    auto* nodeTables = new QSplitter(Qt::Horizontal, this);
    nodeTables->addWidget(makeTable(m_hops, this, QStringLiteral("dgiHops")));
    nodeTables->addWidget(makeTable(m_embedding, this, QStringLiteral("dgiEmbedding")));
    auto* nodeTab = new QWidget(this);
    auto* nodeLayout = new QVBoxLayout(nodeTab);
    nodeLayout->addLayout(nodeRow);
    nodeLayout->addWidget(m_nodeStatus);
    nodeLayout->addWidget(nodeTables, 1);
    return nodeTab;
}

} // namespace vantage::gui
