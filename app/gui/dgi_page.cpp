#include "dgi_page.h"

#include "table_helpers.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/units.h"
#include "dgi/drawing.h"
#include "dgi/evaluation.h"
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

// The page's shape of a result: {"layer_wise": .., "node_wise": .., "speedup": x,
// "max_abs_difference": d}. Runs recorded by `vantage-cli dgi eval` hold the first mode's result at
// the top, the other modes under "compare" (each with its speedup and max_abs_diff) and "speedup"
// as an object by mode; they are shown the same way.
Json pageResult(const Json& r)
{
    if (!r.is_object() || r.contains("layer_wise") || !r.contains("mode"))
        return r;
    Json out = {{"summary", r.value("summary", std::string())}};
    auto place = [&](const Json& mode) {
        const std::string name = mode.value("mode", std::string());
        if (name == "layerwise")
            out["layer_wise"] = mode;
        else if (name == "nodewise")
            out["node_wise"] = mode;
    };
    place(r);
    for (const auto& c : r.value("compare", Json::array())) {
        place(c);
        if (c.value("mode", std::string()) == "nodewise" && r.value("mode", std::string()) == "layerwise") {
            out["speedup"] = c.value("speedup", 0.0);
            out["max_abs_difference"] = c.value("max_abs_diff", 0.0);
        }
    }
    return out;
}

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
};

} // namespace

DgiPage::DgiPage(QWidget* parent) : EnginePage(parent), m_state(std::make_unique<State>())
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
    m_graph = new QComboBox(this);
    m_graph->setObjectName(QStringLiteral("dgiGraph"));
    m_graph->setEditable(true);
    m_graph->addItems({QStringLiteral("rmat:n=100000,deg=10,seed=1"), QStringLiteral("chunglu:n=100000,deg=10,gamma=2.5,seed=1"),
                       QStringLiteral("er:n=100000,deg=10,seed=1")});
    m_graph->setToolTip(tr("A generator (rmat:…, chunglu:…, er:…), an edge list, an OGB edge.csv(.gz), csr:INDPTR.npy,INDICES.npy "
                           "or a saved graph folder"));
    auto* graphFile = new QPushButton(tr("File…"), this);
    connect(graphFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Graph"), QString(),
                                                          tr("Graphs (*.txt *.el *.csv *.gz *.json);;All files (*)"));
        if (!path.isEmpty())
            m_graph->setCurrentText(path);
    });
    auto* graphRow = new QHBoxLayout;
    graphRow->addWidget(m_graph, 1);
    graphRow->addWidget(graphFile);
    m_symmetrize = new QCheckBox(tr("Symmetrise"), this);
    m_symmetrize->setChecked(true);
    m_selfLoops = new QCheckBox(tr("Self-loops"), this);
    m_selfLoops->setChecked(true);
    auto* buildRow = new QHBoxLayout;
    buildRow->addWidget(m_symmetrize);
    buildRow->addWidget(m_selfLoops);
    buildRow->addStretch(1);

    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("dgiModel"));
    m_model->setEditable(true);
    for (const auto& name : dgi::modelKindNames())
        m_model->addItem(QString::fromStdString(name));
    m_model->setToolTip(tr("A built-in model, or the path of a TorchScript model written by scripts/write_gnn_model.py"));
    auto* modelFile = new QPushButton(tr("TorchScript…"), this);
    connect(modelFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("TorchScript Model"), QString(), tr("TorchScript (*.pt *.pth);;All files (*)"));
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
    m_nodeWise = new QCheckBox(tr("Also node by node (the baseline)"), this);
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
    form->addRow(QString(), buildRow);
    form->addRow(tr("Model:"), modelRow);
    form->addRow(tr("Input features:"), m_features);
    form->addRow(tr("Hidden width:"), m_hidden);
    form->addRow(tr("Layers:"), m_layers);
    form->addRow(tr("Reordering:"), m_reorder);
    form->addRow(tr("Memory budget:"), m_budget);
    form->addRow(m_nodeWise);
    auto* inputs = new QGroupBox(tr("Evaluation"), this);
    auto* inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->addLayout(form);
    inputsLayout->addLayout(buttons);
    inputsLayout->addWidget(m_status);
    inputsLayout->addStretch(1);

    m_cut = new widgets::SvgView(this);
    m_cut->setObjectName(QStringLiteral("dgiCut"));
    m_schema = new QStandardItemModel(this);
    auto* cutSplit = new QSplitter(Qt::Vertical, this);
    cutSplit->addWidget(m_cut);
    cutSplit->addWidget(makeTable(m_schema, this, QStringLiteral("dgiSchema")));
    cutSplit->setStretchFactor(0, 3);
    m_results = new QStandardItemModel(this);
    m_times = new widgets::StackedBarChart(this);
    m_speedup = new QLabel(this);
    m_speedup->setObjectName(QStringLiteral("dgiSpeedup"));
    QFont f = m_speedup->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    f.setBold(true);
    m_speedup->setFont(f);
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
    resultsSplit->setSizes({220, 360});
    resultsLayout->addWidget(resultsSplit, 1);

    // A node: its neighbourhood per hop (what node-wise evaluation has to touch) and its embedding.
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

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(cutSplit, tr("Layer Cut"));
    m_tabs->addTab(resultsTab, tr("Results"));
    m_tabs->addTab(nodeTab, tr("Node"));
    setNodeInspectorEnabled(false);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(inputs);
    split->addWidget(m_tabs);
    split->setStretchFactor(1, 1);
    split->setSizes({320, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(split);
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
        dgi::ModelSpec spec;
        spec.inputWidth = m_features->value();
        spec.hidden = m_hidden->value();
        spec.layers = m_layers->value();
        m_state->ir = dgi::loadModel(m_model->currentText().trimmed().toStdString(), spec);
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
    m_schema->setHorizontalHeaderLabels({tr("Tensor"), tr("Width"), tr("Written by layer"), tr("Last read by layer"),
                                         tr("Bytes per node")});
    if (!m_state->schema)
        return;
    for (const auto& t : m_state->schema->tensors)
        m_schema->appendRow({textCell(QString::fromStdString(t.label)), textCell(QString::number(t.width), true),
                             textCell(t.isInput ? tr("input") : QString::number(t.producer + 1), true),
                             textCell(t.isOutput ? tr("output") : QString::number(t.lastConsumer + 1), true),
                             textCell(QString::fromStdString(formatBytes(static_cast<double>(t.bytes(1)))), true)});
}

int DgiPage::layerCount() const
{
    return m_state->schema ? static_cast<int>(m_state->schema->layers.size()) : 0;
}

QString DgiPage::cutSvg() const
{
    return QString::fromStdString(m_state->svg);
}

bool DgiPage::startEvaluation()
{
    if (isBusy() || !partitionModel())
        return false;
    Json params;
    dgi::EvalOptions options;
    try {
        const QString budget = m_budget->text().trimmed();
        if (!budget.isEmpty())
            options.memoryBudgetBytes = dgi::parseByteSize(budget.toStdString());
        options.reorder = dgi::parseReordering(m_reorder->currentData().toString().toStdString());
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return false;
    }
    const std::string graphSpec = m_graph->currentText().trimmed().toStdString();
    dgi::GraphLoadOptions load;
    load.build.symmetrize = m_symmetrize->isChecked();
    load.build.selfLoops = m_selfLoops->isChecked() ? dgi::SelfLoops::Add : dgi::SelfLoops::Keep;
    const bool nodeWise = m_nodeWise->isChecked();
    const std::int64_t features = m_features->value();
    params = {{"graph", graphSpec}, {"symmetrize", load.build.symmetrize}, {"self_loops", m_selfLoops->isChecked()},
              {"model", m_model->currentText().trimmed().toStdString()}, {"features", features},
              {"hidden", m_hidden->value()}, {"layers", m_layers->value()},
              {"reorder", m_reorder->currentData().toString().toStdString()},
              {"memory_budget", m_budget->text().trimmed().toStdString()}, {"node_wise", nodeWise}};
    store::NewRun run{.engine = "dgi", .kind = "evaluate", .name = params["model"].get<std::string>() + " on " + graphSpec, .params = params};
    auto ir = std::make_shared<dgi::GnnIr>(*m_state->ir);
    const std::string svg = m_state->svg;
    const std::string dot = m_state->dot;
    store::Session* session = this->session();
    m_evaluate->setEnabled(false);
    m_status->setText(tr("Evaluating…"));
    auto kept = std::make_shared<Kept>();
    return startJob(tr("GNN evaluation"), [=](Progress& progress, const CancelToken& cancel) {
        return store::recordRun(session, run, [&](store::RunScope& scope) {
            SubProgress loading(progress, 0.0, 0.1, "graph");
            loading.report(0.0, "loading the graph");
            auto graphPtr = std::make_shared<const dgi::Graph>(dgi::loadGraph(graphSpec, load));
            const dgi::Graph& graph = *graphPtr;
            const dgi::NodeMatrix x = dgi::randomFeatures(graph.numNodes(), features, 42);
            cancel.throwIfCancelled();
            SubProgress layerPart(progress, 0.1, nodeWise ? 0.4 : 1.0, "layer-wise");
            dgi::EvalOptions layerOptions = options;
            layerOptions.mode = dgi::EvalMode::LayerWise;
            auto layer = dgi::evaluate(graph, x, *ir, layerOptions, layerPart, cancel);
            Json result = {{"graph", {{"nodes", graph.numNodes()}, {"edges", graph.numEdges()}, {"origin", graph.origin()}}},
                           {"layer_wise", dgi::toJson(layer)}};
            std::vector<const dgi::EvalResult*> all{&layer};
            std::optional<dgi::EvalResult> node;
            if (nodeWise) {
                SubProgress nodePart(progress, 0.4, 1.0, "node-wise");
                dgi::EvalOptions nodeOptions = options;
                nodeOptions.mode = dgi::EvalMode::NodeWise;
                nodeOptions.nodeWiseTimeLimitS = 60.0; // beyond a minute the baseline is extrapolated
                node = dgi::evaluate(graph, x, *ir, nodeOptions, nodePart, cancel);
                result["node_wise"] = dgi::toJson(*node);
                result["speedup"] = layer.totalS > 0 ? node->totalS / layer.totalS : 0.0;
                result["max_abs_difference"] = dgi::maxAbsDifference(layer.output, node->output, node->filledRows);
                all.push_back(&*node);
            }
            if (scope.session()) {
                scope.session()->addArtifact(scope.id(), "layer_cut.svg", "image/svg+xml", svg);
                scope.session()->addArtifact(scope.id(), "layer_cut.dot", "text/vnd.graphviz", dot);
                std::vector<store::SeriesPoint> perLayer;
                for (const auto& l : layer.layers)
                    perLayer.push_back({double(l.index + 1), l.timeS});
                scope.session()->appendSeries(scope.id(), "layer-wise time per layer (s)", perLayer);
            }
            const std::string summary = dgi::comparisonSummary(all);
            result["summary"] = summary;
            scope.succeed(result, summary);
            kept->graph = graphPtr;
            kept->output = std::make_shared<const dgi::NodeMatrix>(std::move(layer.output));
            return Json{{"run", scope.id()}, {"result", result}};
        });
    }, [this, kept, layers = m_layers->value()](const JobOutcome& outcome) {
        m_evaluate->setEnabled(true);
        if (outcome.state == JobOutcome::State::Done) {
            m_lastRun = outcome.result.value("run", 0LL);
            m_state->graph = kept->graph;
            m_state->output = kept->output;
            m_state->layers = layers;
            setNodeInspectorEnabled(m_state->graph && m_state->output);
            showResults(outcome.result["result"]);
            m_tabs->setCurrentIndex(1);
        } else {
            m_status->setText(outcome.state == JobOutcome::State::Cancelled ? tr("Evaluation cancelled.")
                                                                            : tr("Evaluation failed: %1").arg(outcome.error));
        }
        Q_EMIT evaluationFinished(outcome.state == JobOutcome::State::Done);
    });
}

double DgiPage::speedup() const
{
    return m_state->lastResult.is_object() ? m_state->lastResult.value("speedup", 0.0) : 0.0;
}

void DgiPage::showResults(const Json& stored)
{
    const Json result = pageResult(stored);
    m_state->lastResult = result;
    m_results->clear();
    m_results->setHorizontalHeaderLabels({tr("Mode"), tr("Total"), tr("Setup"), tr("Peak memory"), tr("Batches"),
                                          tr("Rows computed"), tr("Note")});
    QStringList parts;
    QVector<widgets::StackedBar> bars;
    int maxLayers = 0;
    for (const char* key : {"layer_wise", "node_wise"}) {
        if (!result.contains(key))
            continue;
        const Json& r = result[key];
        const bool extrapolated = r.value("extrapolated", false);
        qint64 batches = 0;
        for (const auto& l : r.value("layers", Json::array()))
            batches += l.value("batches", 0LL);
        m_results->appendRow({textCell(QString::fromStdString(r.value("mode", std::string(key)))),
                              textCell(seconds(r.value("total_s", 0.0)), true), textCell(seconds(r.value("setup_s", 0.0)), true),
                              textCell(QString::fromStdString(formatBytes(r.value("peak_rss_bytes", 0.0))), true),
                              textCell(QLocale().toString(batches), true),
                              textCell(QLocale().toString(r.value("touched_nodes", 0LL)), true),
                              textCell(extrapolated ? tr("extrapolated from %1 of %2 batches")
                                                      .arg(r.value("batches_done", 0LL))
                                                      .arg(r.value("batches_total", 0LL))
                                                : QString())});
        widgets::StackedBar bar{QString::fromStdString(r.value("mode", std::string(key))), {}};
        for (const auto& l : r.value("layers", Json::array()))
            bar.values.push_back(l.value("time_s", 0.0));
        maxLayers = std::max(maxLayers, static_cast<int>(bar.values.size()));
        bars.push_back(bar);
    }
    for (int i = 0; i < maxLayers; ++i)
        parts << tr("layer %1").arg(i + 1);
    const bool shares = m_timeScale->currentIndex() == 1;
    m_times->setData(parts, bars, shares ? widgets::StackedBarChart::Scale::Shares : widgets::StackedBarChart::Scale::Absolute,
                     tr("seconds"));
    m_times->chart()->setTitle(shares ? tr("Time per layer, as shares of each mode's total") : tr("Time per layer (s)"));
    if (result.contains("speedup")) {
        const double speedup = result["speedup"].get<double>();
        const double diff = result.value("max_abs_difference", 0.0);
        if (speedup > 0 && std::abs(std::log(speedup)) < std::log(1.05))
            m_speedup->setText(tr("Layer-wise and node-wise take about the same time on this graph (largest difference of outputs %1)")
                                   .arg(diff, 0, 'g', 3));
        else if (speedup >= 1.0)
            m_speedup->setText(tr("Layer-wise is %1× faster than node-wise (largest difference of outputs %2)")
                                   .arg(speedup, 0, 'f', 1)
                                   .arg(diff, 0, 'g', 3));
        else // a small graph, a shallow model: too little neighbour explosion to pay for whole-graph passes
            m_speedup->setText(tr("Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)")
                                   .arg(speedup > 0 ? 1.0 / speedup : 0.0, 0, 'f', 1)
                                   .arg(diff, 0, 'g', 3));
    } else
        m_speedup->setText(tr("Layer-wise: %1").arg(seconds(result.value("layer_wise", Json::object()).value("total_s", 0.0))));
    m_status->setText(QString::fromStdString(result.value("summary", std::string())));
}

void DgiPage::showRun(qint64 runId)
{
    store::Session* s = session();
    if (!s)
        return;
    try {
        const auto run = s->run(runId);
        const Json& p = run.params;
        // The page's parameters, or those of `vantage-cli dgi eval` (in_dim, self_loops as
        // keep/add/remove, modes as a list).
        auto number = [&](const char* key, const char* cliKey, int fallback) {
            if (p.contains(key) && p[key].is_number())
                return p[key].get<int>();
            return p.contains(cliKey) && p[cliKey].is_number() ? p[cliKey].get<int>() : fallback;
        };
        auto text = [&](const char* key) {
            return p.contains(key) && p[key].is_string() ? QString::fromStdString(p[key].get<std::string>()) : QString();
        };
        setInputs(text("graph"), text("model"), number("features", "in_dim", 64), number("hidden", "hidden", 64),
                  number("layers", "layers", 3));
        m_symmetrize->setChecked(p.contains("symmetrize") && p["symmetrize"].is_boolean() ? p["symmetrize"].get<bool>() : true);
        const Json selfLoops = p.value("self_loops", Json(true));
        m_selfLoops->setChecked(selfLoops.is_boolean() ? selfLoops.get<bool>() : selfLoops == "add");
        const QString reorder = text("reorder");
        m_reorder->setCurrentIndex(qMax(0, m_reorder->findData(reorder.isEmpty() ? QStringLiteral("none") : reorder)));
        m_budget->setText(text("memory_budget"));
        bool nodeWise = true;
        if (p.contains("node_wise") && p["node_wise"].is_boolean())
            nodeWise = p["node_wise"].get<bool>();
        else if (p.contains("modes"))
            nodeWise = p["modes"].dump().find("nodewise") != std::string::npos;
        m_nodeWise->setChecked(nodeWise);
        m_state->svg.clear();
        m_state->dot.clear();
        for (const auto& a : s->artifacts(runId)) {
            if (a.name == "layer_cut.svg")
                m_state->svg = s->artifactData(a.id);
            else if (a.name == "layer_cut.dot")
                m_state->dot = s->artifactData(a.id);
        }
        m_state->schema.reset();
        m_state->ir.reset();
        m_state->graph.reset();
        m_state->output.reset();
        setNodeInspectorEnabled(false);
        m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
        m_cut->setDot(QByteArray::fromStdString(m_state->dot));
        m_schema->clear();
        if (run.status == store::RunStatus::Done && run.result.is_object()) {
            m_lastRun = runId;
            showResults(run.result);
            m_tabs->setCurrentIndex(1);
        } else {
            m_status->setText(tr("Run %1 %2: %3").arg(runId).arg(QString::fromUtf8(store::statusName(run.status).data()),
                                                                QString::fromStdString(run.error)));
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
    return startJob(tr("Inspect node"), [=](Progress& progress, const CancelToken& cancel) {
        progress.report(0.0, "neighbourhood");
        const auto sizes = dgi::hopSizes(*graph, node, hops);
        cancel.throwIfCancelled();
        return Json{{"node", node}, {"in_degree", graph->inDegree(node)}, {"out_degree", graph->outDegrees()[node]},
                    {"hops", sizes}, {"embedding", output->row(node)}};
    }, [this](const JobOutcome& outcome) {
        if (outcome.state != JobOutcome::State::Done) {
            m_nodeStatus->setText(tr("Cannot inspect the node: %1").arg(outcome.error));
            Q_EMIT nodeInspected(false);
            return;
        }
        const Json& j = outcome.result;
        const double n = static_cast<double>(m_state->graph ? m_state->graph->numNodes() : 1);
        m_hops->clear();
        m_hops->setHorizontalHeaderLabels({tr("Hops"), tr("Nodes within"), tr("Share of the graph")});
        int h = 0;
        for (const auto& size : j["hops"]) {
            const auto v = size.get<std::int64_t>();
            m_hops->appendRow({textCell(QString::number(h++), true), textCell(QLocale().toString(static_cast<qint64>(v)), true),
                               textCell(QStringLiteral("%1 %").arg(100.0 * static_cast<double>(v) / n, 0, 'f', 2), true)});
        }
        m_embedding->clear();
        m_embedding->setHorizontalHeaderLabels({tr("Dimension"), tr("Value")});
        double norm = 0;
        int d = 0;
        for (const auto& v : j["embedding"]) {
            const double x = v.get<double>();
            norm += x * x;
            m_embedding->appendRow({textCell(QString::number(d++), true), numberCell(x, 6)});
        }
        m_nodeStatus->setText(tr("Node %1: in-degree %2, out-degree %3; embedding of %4 values, norm %5. Node-wise "
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
