#include "dgi_page.h"

#include "table_helpers.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/units.h"
#include "dgi/drawing.h"
#include "dgi/evaluation.h"
#include "dgi/evaluation_run.h"
#include "dgi/generators.h"
#include "dgi/graph_io.h"
#include "dgi/memory.h"
#include "dgi/models.h"
#include "dgi/partition.h"
#include "store/run_scope.h"
#include "store/session.h"
#include "widgets/stacked_bar_chart.h"
#include "widgets/svg_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <climits>
#include <cmath>
#include <memory>
#include <optional>

namespace vantage::gui {

namespace {

QString seconds(double s)
{
    return QString::fromStdString(formatSeconds(s));
}

} // namespace

struct DgiPage::State {
    std::optional<dgi::GnnIr> ir;
    std::optional<dgi::LayerSchema> schema;
    std::string dot; // the Graphviz source of the cut
    std::string svg;
    Json lastResult;
    // The graph and the layer-wise output of the last evaluation on this page, for the node
    // inspector (a run shown from the session has neither: they are not stored).
    std::shared_ptr<const dgi::Graph> graph;
    std::shared_ptr<const dgi::NodeMatrix> output;
    int layers = 0;
};

namespace {

// What an evaluation job hands back besides its JSON.
struct Kept {
    std::shared_ptr<const dgi::Graph> graph;
    std::shared_ptr<const dgi::NodeMatrix> output;
    std::string dot; // the cut, labelled with the graph's sizes
    std::string svg;
};

} // namespace

DgiPage::DgiPage(QWidget* parent)
    : EnginePage(parent)
    , m_state(std::make_unique<State>())
{
    setObjectName(QStringLiteral("dgiPage"));
    buildUi();
}

DgiPage::~DgiPage()
{
    cancelJob();
    runner()->waitForFinished();
}

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

    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("dgiModel"));
    m_model->setEditable(true);
    for (const auto& name : dgi::modelKindNames())
        m_model->addItem(QString::fromStdString(name));
    m_model->setToolTip(
        tr("A built-in model, or the path of a TorchScript model written by scripts/write_gnn_model.py"));
    auto* modelFile = new QPushButton(tr("TorchScript…"), this);
    connect(modelFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("TorchScript Model"), QString(), tr("TorchScript (*.pt *.pth);;All files (*)"));
        if (!path.isEmpty())
            m_model->setCurrentText(path);
    });
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(modelFile);
    m_features = new QSpinBox(this);
    m_features->setRange(1, 1 << 16);
    m_features->setValue(64);
    m_hidden = new QSpinBox(this);
    m_hidden->setRange(1, 1 << 16);
    m_hidden->setValue(64);
    m_layers = new QSpinBox(this);
    m_layers->setRange(1, 16);
    m_layers->setValue(3);
    m_reorder = new QComboBox(this);
    m_reorder->addItem(tr("None"), QStringLiteral("none"));
    m_reorder->addItem(tr("Reverse Cuthill-McKee"), QStringLiteral("rcm"));
    m_reorder->addItem(tr("Breadth-first"), QStringLiteral("bfs"));
    m_budget = new QLineEdit(this);
    m_budget->setPlaceholderText(tr("auto (half the free memory)"));
    m_budget->setToolTip(tr("Memory for node tensors, e.g. 512M or 4G; beyond it they go to memory-mapped files"));
    buildDeviceChoice();
    m_nodeWise = new QCheckBox(tr("Also node by node (the baseline)"), this);
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
    auto* nodeRow = new QHBoxLayout;
    nodeRow->addWidget(new QLabel(tr("Node:"), this));
    nodeRow->addWidget(m_node);
    nodeRow->addWidget(m_inspect);
    nodeRow->addWidget(hub);
    nodeRow->addStretch(1);
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

void DgiPage::setSession(store::Session* session)
{
    // Results shown from another session are not this one's: the page starts empty.
    if (this->session() && session != this->session()) {
        m_state->lastResult = Json();
        m_state->graph.reset();
        m_state->output.reset();
        m_lastRun = 0;
        m_results->clear();
        m_times->setData({}, {});
        m_times->chart()->setTitle(QString());
        m_speedup->clear();
        m_status->clear();
        setNodeInspectorEnabled(false);
    }
    EnginePage::setSession(session);
}

void DgiPage::setInputs(const QString& graph, const QString& model, int features, int hidden, int layers)
{
    m_graph->setCurrentText(graph);
    m_model->setCurrentText(model);
    m_features->setValue(features);
    m_hidden->setValue(hidden);
    m_layers->setValue(layers);
}

void DgiPage::setCompareNodeWise(bool on)
{
    m_nodeWise->setChecked(on);
}

bool DgiPage::partitionModel()
{
    try {
        m_state->ir = dgi::loadRequestModel(request());
        m_state->schema = dgi::partitionIntoLayers(*m_state->ir);
        m_state->dot = dgi::layerCutDot(*m_state->ir, *m_state->schema);
        m_state->svg = renderDotToSvg(m_state->dot);
        showSchema();
        m_status->setText(tr("%1 cut into %n layer(s).", nullptr, layerCount()).arg(m_model->currentText()));
        m_tabs->setCurrentIndex(0);
        return true;
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot cut the model: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void DgiPage::showSchema()
{
    m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
    m_cut->setDot(QByteArray::fromStdString(m_state->dot));
    m_schema->clear();
    m_schema->setHorizontalHeaderLabels(
        { tr("Tensor"), tr("Width"), tr("Written by layer"), tr("Last read by layer"), tr("Bytes per node") });
    if (!m_state->schema)
        return;
    for (const auto& t : m_state->schema->tensors)
        m_schema->appendRow({ textCell(QString::fromStdString(t.label)), textCell(QString::number(t.width), true),
            textCell(t.isInput ? tr("input") : QString::number(t.producer + 1), true),
            textCell(t.isOutput ? tr("output") : QString::number(t.lastConsumer + 1), true),
            textCell(QString::fromStdString(formatBytes(static_cast<double>(t.bytes(1)))), true) });
}

int DgiPage::layerCount() const
{
    return m_state->schema ? static_cast<int>(m_state->schema->layers.size()) : 0;
}

QString DgiPage::cutSvg() const
{
    return QString::fromStdString(m_state->svg);
}

dgi::EvaluationRequest DgiPage::request() const
{
    dgi::EvaluationRequest r;
    r.graph = m_graph->currentText().trimmed().toStdString();
    r.symmetrize = m_symmetrize->isChecked();
    r.selfLoops = m_selfLoops->isChecked() ? dgi::SelfLoops::Add : dgi::SelfLoops::Keep;
    r.mergeDuplicates = m_mergeDuplicates->isChecked();
    r.model = m_model->currentText().trimmed().toStdString();
    r.inDim = m_features->value();
    r.hidden = m_hidden->value();
    r.layers = m_layers->value();
    if (m_nodeWise->isChecked())
        r.modes = { dgi::EvalMode::LayerWise, dgi::EvalMode::NodeWise };
    const QString budget = m_budget->text().trimmed();
    if (!budget.isEmpty())
        r.options.memoryBudgetBytes = dgi::parseByteSize(budget.toStdString());
    r.options.reorder = dgi::parseReordering(m_reorder->currentData().toString().toStdString());
    r.options.device = m_device->currentData().toString().toStdString();
    // Beyond 15 s the node-wise baseline is extrapolated from the batches it ran: the default
    // graph's evaluation takes half a minute, not a minute and more.
    r.options.nodeWiseTimeLimitS = 15.0;
    return r;
}

bool DgiPage::startEvaluation()
{
    if (isBusy() || !partitionModel())
        return false;
    dgi::EvaluationRequest request;
    try {
        request = this->request();
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return false;
    }
    store::Session* session = this->session();
    m_evaluate->setEnabled(false);
    m_status->setText(tr("Evaluating…"));
    auto kept = std::make_shared<Kept>();
    return startJob(
        tr("GNN evaluation"),
        [=](Progress& progress, const CancelToken& cancel) {
            dgi::EvaluationRun run = dgi::runEvaluation(session, request, progress, cancel);
            kept->graph = run.graph;
            kept->output = std::make_shared<const dgi::NodeMatrix>(std::move(run.results.front().output));
            kept->dot = std::move(run.dot);
            kept->svg = std::move(run.svg);
            return Json{ { "run", run.runId }, { "result", run.result } };
        },
        [this, kept, request, layers = request.layers](const JobOutcome& outcome) {
            m_evaluate->setEnabled(true);
            if (outcome.state == JobOutcome::State::Done) {
                m_lastRun = outcome.result.value("run", 0LL);
                m_state->graph = kept->graph;
                m_state->output = kept->output;
                m_state->layers = layers;
                m_state->dot = kept->dot;
                m_state->svg = kept->svg;
                m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
                m_cut->setDot(QByteArray::fromStdString(m_state->dot));
                setNodeInspectorEnabled(m_state->graph && m_state->output);
                showResults(outcome.result["result"]);
                m_tabs->setCurrentIndex(1);
                m_status->setText(graphNote(outcome.result["result"], request));
                if (outcome.result["result"].contains("cancelled_modes"))
                    m_status->setText(tr("The node-wise baseline was cancelled; the layer-wise result is kept."));
            } else {
                m_status->setText(outcome.state == JobOutcome::State::Cancelled
                        ? tr("Evaluation cancelled.")
                        : tr("Evaluation failed: %1").arg(outcome.error));
            }
            Q_EMIT evaluationFinished(outcome.state == JobOutcome::State::Done);
        });
}

QString DgiPage::graphNote(const Json& result, const dgi::EvaluationRequest& request) const
{
    // The core's note (graphInputNote) in the window's language, from the loaded graph's counts.
    const Json graph = result.is_object() ? result.value("graph", Json::object()) : Json::object();
    const qint64 repeated = request.mergeDuplicates ? 0 : graph.value("repeated_edges", 0LL);
    const qint64 loops = request.selfLoops == dgi::SelfLoops::Keep ? graph.value("self_loops", 0LL) : 0;
    if (repeated > 0 && loops > 0)
        return tr("The graph's edges were used as given: %1 repeated edges and %2 self-loops (the model sums over "
                  "repeated edges). \"Merge repeated edges\" and \"Self-loops\" change that.")
            .arg(QLocale().toString(repeated), QLocale().toString(loops));
    if (repeated > 0)
        return tr("The graph's edges were used as given: %1 repeated edges (the model sums over them). \"Merge "
                  "repeated edges\" changes that.")
            .arg(QLocale().toString(repeated));
    if (loops > 0)
        return tr("The graph's self-loops were used as given: %1 of them. \"Self-loops\" gives every node exactly one.")
            .arg(QLocale().toString(loops));
    return {};
}

namespace {

// The node-wise entry of a result whose reference mode is layer-wise (the page's comparison), or null.
const Json* nodeWiseComparison(const Json& result)
{
    if (!result.is_object() || result.value("mode", std::string()) != "layerwise" || !result.contains("compare"))
        return nullptr;
    for (const auto& c : result["compare"])
        if (c.is_object() && c.value("mode", std::string()) == "nodewise")
            return &c;
    return nullptr;
}

} // namespace

double DgiPage::speedup() const
{
    const Json* node = nodeWiseComparison(m_state->lastResult);
    return node ? node->value("speedup", 0.0) : 0.0;
}

namespace {

// An evaluation mode as the window names it.
QString modeText(const std::string& mode)
{
    if (mode == "layerwise")
        return DgiPage::tr("layer-wise");
    if (mode == "nodewise")
        return DgiPage::tr("node-wise");
    return QString::fromStdString(mode);
}

} // namespace

void DgiPage::showResults(const Json& result)
{
    m_state->lastResult = result;
    m_results->clear();
    m_results->setHorizontalHeaderLabels(
        { tr("Mode"), tr("Total"), tr("Setup"), tr("Peak memory"), tr("Batches"), tr("Rows computed"), tr("Note") });
    std::vector<const Json*> modes;
    if (result.is_object() && result.contains("mode"))
        modes.push_back(&result);
    if (result.is_object() && result.contains("compare"))
        for (const auto& c : result["compare"])
            modes.push_back(&c);
    QStringList parts;
    QVector<widgets::StackedBar> bars;
    int maxLayers = 0;
    for (const Json* mode : modes) {
        const Json& r = *mode;
        const QString name = modeText(r.value("mode", std::string()));
        const bool extrapolated = r.value("extrapolated", false);
        qint64 batches = 0;
        for (const auto& l : r.value("layers", Json::array()))
            batches += l.value("batches", 0LL);
        m_results->appendRow({ textCell(name), textCell(seconds(r.value("total_s", 0.0)), true),
            textCell(seconds(r.value("setup_s", 0.0)), true),
            textCell(QString::fromStdString(formatBytes(r.value("peak_rss_bytes", 0.0))), true),
            textCell(QLocale().toString(batches), true),
            textCell(QLocale().toString(r.value("touched_nodes", 0LL)), true),
            textCell(extrapolated ? tr("extrapolated from %1 of %2 batches")
                                        .arg(r.value("batches_done", 0LL))
                                        .arg(r.value("batches_total", 0LL))
                                  : QString()) });
        widgets::StackedBar bar{ name, {} };
        for (const auto& l : r.value("layers", Json::array()))
            bar.values.push_back(l.value("time_s", 0.0));
        maxLayers = std::max(maxLayers, static_cast<int>(bar.values.size()));
        bars.push_back(bar);
    }
    for (int i = 0; i < maxLayers; ++i)
        parts << tr("layer %1").arg(i + 1);
    const bool shares = m_timeScale->currentIndex() == 1;
    m_times->setData(parts, bars,
        shares ? widgets::StackedBarChart::Scale::Shares : widgets::StackedBarChart::Scale::Absolute, tr("seconds"));
    m_times->chart()->setTitle(
        shares ? tr("Time per layer, as shares of each mode's total") : tr("Time per layer (s)"));
    if (const Json* node = nodeWiseComparison(result)) {
        const double speedup = node->value("speedup", 0.0);
        const double diff = node->value("max_abs_diff", 0.0);
        if (speedup > 0 && std::abs(std::log(speedup)) < std::log(1.05))
            m_speedup->setText(
                tr("Layer-wise and node-wise take about the same time on this graph (largest difference of outputs %1)")
                    .arg(diff, 0, 'g', 3));
        else if (speedup >= 1.0)
            m_speedup->setText(tr("Layer-wise is %1× faster than node-wise (largest difference of outputs %2)")
                                   .arg(speedup, 0, 'f', 1)
                                   .arg(diff, 0, 'g', 3));
        else // a small graph, a shallow model: too little neighbour explosion to pay for whole-graph passes
            m_speedup->setText(
                tr("Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)")
                    .arg(speedup > 0 ? 1.0 / speedup : 0.0, 0, 'f', 1)
                    .arg(diff, 0, 'g', 3));
    } else
        m_speedup->setText(
            tr("%1: %2").arg(modeText(result.value("mode", std::string())), seconds(result.value("total_s", 0.0))));
    // The times of the modes, in the window's words (the run's summary is the CLI's English).
    QStringList times;
    for (const Json* mode : modes)
        times << tr("%1 %2").arg(modeText(mode->value("mode", std::string())), seconds(mode->value("total_s", 0.0)));
    m_status->setText(times.join(QStringLiteral(" · ")));
}

void DgiPage::showRun(qint64 runId)
{
    store::Session* s = session();
    if (!s)
        return;
    try {
        const auto run = s->run(runId);
        const dgi::StoredEvaluation stored = dgi::readEvaluation(*s, runId);
        const dgi::EvaluationRequest& r = stored.request;
        setInputs(QString::fromStdString(r.graph), QString::fromStdString(r.model),
            static_cast<int>(r.inDim > 0 ? r.inDim : 64), static_cast<int>(r.hidden), r.layers);
        m_symmetrize->setChecked(r.symmetrize);
        m_selfLoops->setChecked(r.selfLoops == dgi::SelfLoops::Add);
        m_mergeDuplicates->setChecked(r.mergeDuplicates);
        m_reorder->setCurrentIndex(
            qMax(0, m_reorder->findData(QString::fromUtf8(dgi::reorderingName(r.options.reorder)))));
        m_budget->setText(r.options.memoryBudgetBytes > 0 ? QString::number(r.options.memoryBudgetBytes) : QString());
        // A run made on a GPU this machine lacks reopens on the CPU.
        m_device->setCurrentIndex(qMax(0, m_device->findData(QString::fromStdString(r.options.device))));
        m_nodeWise->setChecked(std::find(r.modes.begin(), r.modes.end(), dgi::EvalMode::NodeWise) != r.modes.end());
        m_state->svg = stored.svg;
        m_state->dot = stored.dot;
        m_state->schema.reset();
        m_state->ir.reset();
        m_state->graph.reset();
        m_state->output.reset();
        setNodeInspectorEnabled(false);
        m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
        m_cut->setDot(QByteArray::fromStdString(m_state->dot));
        m_schema->clear();
        if (run.status == store::RunStatus::Done && stored.result.is_object()) {
            m_lastRun = runId;
            showResults(stored.result);
            m_tabs->setCurrentIndex(1);
        } else {
            m_status->setText(
                tr("Run %1 %2: %3")
                    .arg(runId)
                    .arg(QString::fromUtf8(store::statusName(run.status).data()), QString::fromStdString(run.error)));
        }
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
}

void DgiPage::setNodeInspectorEnabled(bool on)
{
    m_node->setEnabled(on);
    m_inspect->setEnabled(on);
    if (auto* hub = findChild<QPushButton*>(QStringLiteral("dgiHub")))
        hub->setEnabled(on);
    m_hops->clear();
    m_embedding->clear();
    if (on) {
        m_node->setRange(0, static_cast<int>(std::min<std::int64_t>(m_state->graph->numNodes() - 1, INT_MAX)));
        m_nodeStatus->setText(tr("Pick a node of the last evaluated graph (%1 nodes).")
                                  .arg(QLocale().toString(static_cast<qint64>(m_state->graph->numNodes()))));
    } else {
        m_node->setRange(0, 0);
        m_nodeStatus->setText(tr("Evaluate to inspect nodes: the embeddings of the last evaluation are kept in memory, "
                                 "not in the session."));
    }
}

bool DgiPage::inspectNode(int node)
{
    if (!m_state->graph || !m_state->output || isBusy())
        return false;
    auto graph = m_state->graph;
    auto output = m_state->output;
    const int hops = m_state->layers;
    // A breadth-first walk over up to `hops` hops can cover the whole graph: off the GUI thread.
    return startJob(
        tr("Inspect node"),
        [=](Progress& progress, const CancelToken& cancel) {
            progress.report(0.0, "neighbourhood");
            const auto sizes = dgi::hopSizes(*graph, node, hops);
            cancel.throwIfCancelled();
            return Json{ { "node", node }, { "in_degree", graph->inDegree(node) },
                { "out_degree", graph->outDegrees()[node] }, { "hops", sizes }, { "embedding", output->row(node) } };
        },
        [this](const JobOutcome& outcome) {
            if (outcome.state != JobOutcome::State::Done) {
                m_nodeStatus->setText(tr("Cannot inspect the node: %1").arg(outcome.error));
                Q_EMIT nodeInspected(false);
                return;
            }
            const Json& j = outcome.result;
            const double n = static_cast<double>(m_state->graph ? m_state->graph->numNodes() : 1);
            m_hops->clear();
            m_hops->setHorizontalHeaderLabels({ tr("Hops"), tr("Nodes within"), tr("Share of the graph") });
            int h = 0;
            for (const auto& size : j["hops"]) {
                const auto v = size.get<std::int64_t>();
                m_hops->appendRow(
                    { textCell(QString::number(h++), true), textCell(QLocale().toString(static_cast<qint64>(v)), true),
                        textCell(QStringLiteral("%1 %").arg(100.0 * static_cast<double>(v) / n, 0, 'f', 2), true) });
            }
            m_embedding->clear();
            m_embedding->setHorizontalHeaderLabels({ tr("Dimension"), tr("Value") });
            double norm = 0;
            int d = 0;
            for (const auto& v : j["embedding"]) {
                const double x = v.get<double>();
                norm += x * x;
                m_embedding->appendRow({ textCell(QString::number(d++), true), numberCell(x, 6) });
            }
            m_nodeStatus->setText(
                tr("Node %1: in-degree %2, out-degree %3; embedding of %4 values, norm %5. Node-wise "
                   "evaluation of this node alone touches the %6 nodes within %7 hops.")
                    .arg(j["node"].get<int>())
                    .arg(j["in_degree"].get<qint64>())
                    .arg(j["out_degree"].get<qint64>())
                    .arg(d)
                    .arg(std::sqrt(norm), 0, 'g', 4)
                    .arg(QLocale().toString(static_cast<qint64>(j["hops"].back().get<std::int64_t>())))
                    .arg(j["hops"].size() - 1));
            Q_EMIT nodeInspected(true);
        });
}

} // namespace vantage::gui
