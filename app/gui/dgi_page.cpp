#include "dgi_page.h"

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

#include <optional>

namespace vantage::gui {

namespace {

QTableView* makeTable(QStandardItemModel* model, QWidget* parent, const QString& name)
{
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

QStandardItem* cell(const QString& text, bool right = false)
{
    auto* item = new QStandardItem(text);
    if (right)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString seconds(double s)
{
    return QString::fromStdString(formatSeconds(s));
}

} // namespace

struct DgiPage::State {
    std::optional<dgi::GnnIr> ir;
    std::optional<dgi::LayerSchema> schema;
    std::string svg;
    Json lastResult;
};

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
    auto* resultsSplit = new QSplitter(Qt::Vertical, this);
    resultsSplit->addWidget(makeTable(m_results, this, QStringLiteral("dgiResults")));
    resultsSplit->addWidget(m_times);
    resultsLayout->addWidget(resultsSplit, 1);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(cutSplit, tr("Layer Cut"));
    m_tabs->addTab(resultsTab, tr("Results"));

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(inputs);
    split->addWidget(m_tabs);
    split->setStretchFactor(1, 1);
    split->setSizes({320, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(split);
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
        m_state->svg = renderDotToSvg(dgi::layerCutDot(*m_state->ir, *m_state->schema));
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
    m_schema->clear();
    m_schema->setHorizontalHeaderLabels({tr("Tensor"), tr("Width"), tr("Written by layer"), tr("Last read by layer"),
                                         tr("Bytes per node")});
    if (!m_state->schema)
        return;
    for (const auto& t : m_state->schema->tensors)
        m_schema->appendRow({cell(QString::fromStdString(t.label)), cell(QString::number(t.width), true),
                             cell(t.isInput ? tr("input") : QString::number(t.producer + 1), true),
                             cell(t.isOutput ? tr("output") : QString::number(t.lastConsumer + 1), true),
                             cell(QString::fromStdString(formatBytes(static_cast<double>(t.bytes(1)))), true)});
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
    store::Session* session = this->session();
    m_evaluate->setEnabled(false);
    m_status->setText(tr("Evaluating…"));
    return startJob(tr("GNN evaluation"), [=](Progress& progress, const CancelToken& cancel) {
        return store::recordRun(session, run, [&](store::RunScope& scope) {
            SubProgress loading(progress, 0.0, 0.1, "graph");
            loading.report(0.0, "loading the graph");
            const dgi::Graph graph = dgi::loadGraph(graphSpec, load);
            const dgi::NodeMatrix x = dgi::randomFeatures(graph.numNodes(), features, 42);
            cancel.throwIfCancelled();
            SubProgress layerPart(progress, 0.1, nodeWise ? 0.4 : 1.0, "layer-wise");
            dgi::EvalOptions layerOptions = options;
            layerOptions.mode = dgi::EvalMode::LayerWise;
            const auto layer = dgi::evaluate(graph, x, *ir, layerOptions, layerPart, cancel);
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
                std::vector<store::SeriesPoint> perLayer;
                for (const auto& l : layer.layers)
                    perLayer.push_back({double(l.index + 1), l.timeS});
                scope.session()->appendSeries(scope.id(), "layer-wise time per layer (s)", perLayer);
            }
            const std::string summary = dgi::comparisonSummary(all);
            result["summary"] = summary;
            scope.succeed(result, summary);
            return Json{{"run", scope.id()}, {"result", result}};
        });
    }, [this](const JobOutcome& outcome) {
        m_evaluate->setEnabled(true);
        if (outcome.state == JobOutcome::State::Done) {
            m_lastRun = outcome.result.value("run", 0LL);
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
    return m_state->lastResult.value("speedup", 0.0);
}

void DgiPage::showResults(const Json& result)
{
    m_state->lastResult = result;
    m_results->clear();
    m_results->setHorizontalHeaderLabels({tr("Mode"), tr("Total"), tr("Setup"), tr("Peak memory"), tr("Rows computed"),
                                          tr("Note")});
    QStringList parts;
    QVector<widgets::StackedBar> bars;
    int maxLayers = 0;
    for (const char* key : {"layer_wise", "node_wise"}) {
        if (!result.contains(key))
            continue;
        const Json& r = result[key];
        const bool extrapolated = r.value("extrapolated", false);
        m_results->appendRow({cell(QString::fromStdString(r.value("mode", std::string(key)))),
                              cell(seconds(r.value("total_s", 0.0)), true), cell(seconds(r.value("setup_s", 0.0)), true),
                              cell(QString::fromStdString(formatBytes(r.value("peak_rss_bytes", 0.0))), true),
                              cell(QLocale().toString(r.value("touched_nodes", 0LL)), true),
                              cell(extrapolated ? tr("extrapolated from %1 of %2 batches")
                                                      .arg(r.value("batches_done", 0LL))
                                                      .arg(r.value("batches_total", 0LL))
                                                : QString())});
        widgets::StackedBar bar{QString::fromStdString(r.value("mode", std::string(key))) + tr(" (s)"), {}};
        for (const auto& l : r.value("layers", Json::array()))
            bar.values.push_back(l.value("time_s", 0.0));
        maxLayers = std::max(maxLayers, static_cast<int>(bar.values.size()));
        bars.push_back(bar);
    }
    for (int i = 0; i < maxLayers; ++i)
        parts << tr("layer %1").arg(i + 1);
    m_times->setData(parts, bars);
    m_times->chart()->setTitle(tr("Time per layer, as shares of each mode's total"));
    if (result.contains("speedup"))
        m_speedup->setText(tr("Layer-wise is %1× faster than node-wise (largest difference of outputs %2)")
                               .arg(result["speedup"].get<double>(), 0, 'f', 1)
                               .arg(result.value("max_abs_difference", 0.0), 0, 'g', 3));
    else
        m_speedup->setText(tr("Layer-wise: %1").arg(seconds(result["layer_wise"].value("total_s", 0.0))));
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
        setInputs(QString::fromStdString(p.value("graph", std::string())), QString::fromStdString(p.value("model", std::string())),
                  p.value("features", 64), p.value("hidden", 64), p.value("layers", 3));
        m_symmetrize->setChecked(p.value("symmetrize", true));
        m_selfLoops->setChecked(p.value("self_loops", true));
        m_reorder->setCurrentIndex(qMax(0, m_reorder->findData(QString::fromStdString(p.value("reorder", std::string("none"))))));
        m_budget->setText(QString::fromStdString(p.value("memory_budget", std::string())));
        m_nodeWise->setChecked(p.value("node_wise", true));
        m_state->svg.clear();
        for (const auto& a : s->artifacts(runId))
            if (a.name == "layer_cut.svg")
                m_state->svg = s->artifactData(a.id);
        m_state->schema.reset();
        m_state->ir.reset();
        m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
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

} // namespace vantage::gui
