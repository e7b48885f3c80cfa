#include "dgi_page.h"
#include "dgi_page_p.h"
#include "session_runs_model.h"

#include "number_format.h"
#include "param_widgets.h"
#include "table_helpers.h"

#include "common/error.h"
#include "common/graphviz.h"
#include "common/units.h"
#include "dgi/drawing.h"
#include "dgi/evaluation.h"
#include "dgi/evaluation_run.h"
#include "dgi/generators.h"
#include "dgi/graph_io.h"
#include "dgi/graph_run.h"
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

#include <algorithm>
#include <climits>
#include <cmath>
#include <memory>
#include <optional>

namespace vantage::gui {

namespace {

QString seconds(double s)
{
    return gui::formatSeconds(s); // in the UI locale (core's formatSeconds writes C decimals)
}

// A model's widths and layers as a stored cut (dgi::toJson(LayerSchema)) holds them.
struct CutDims {
    std::int64_t inDim = 0;
    std::int64_t hidden = 0; // the widest tensor between layers (dgi::hiddenWidth); 0: none
    int layers = 0;
};

std::optional<CutDims> storedCutDims(const Json& cut)
{
    if (!cut.is_object() || !cut.contains("tensors") || !cut.contains("layers") || !cut["tensors"].is_array()
        || !cut["layers"].is_array())
        return std::nullopt;
    CutDims dims{ .layers = static_cast<int>(cut["layers"].size()) };
    for (const auto& t : cut["tensors"]) {
        const std::int64_t width = t.value("width", std::int64_t(0));
        if (t.value("input", false))
            dims.inDim = std::max(dims.inDim, width);
        else if (!t.value("output", false))
            dims.hidden = std::max(dims.hidden, width);
    }
    return dims;
}

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
    cancelTask();
    runner()->waitForFinished();
}

void DgiPage::setSession(store::Session* session)
{
    // Results shown from another session are not this one's: the page starts empty.
    if (this->session() && session != this->session()) {
        clearResults();
        m_status->clear();
    }
    EnginePage::setSession(session);
}

void DgiPage::clearResults()
{
    m_state->lastResult = Json();
    m_state->graph.reset();
    m_state->output.reset();
    m_results->clear();
    m_times->setData({}, {});
    m_times->chart()->setTitle(QString());
    m_speedup->clear();
    setNodeInspectorEnabled(false);
}

void DgiPage::clearCut()
{
    m_state->take({});
    m_cut->clear();
    m_schema->clear();
}

void DgiPage::setInputs(const QString& graph, const QString& model, int features, int hidden, int layers)
{
    m_graph->setCurrentText(graph);
    m_model->setCurrentText(model);
    m_features->setValue(features);
    if (isFileModel()) // its widths are its own, shown once it is read
        return;
    m_hidden->setValue(hidden);
    m_layers->setValue(layers);
}

bool DgiPage::isFileModel() const
{
    return !dgi::isBuiltinModel(m_model->currentText().trimmed().toStdString());
}

QString DgiPage::modelKey() const
{
    const QString name = m_model->currentText().trimmed();
    if (isFileModel())
        return name;
    // With the input width on auto, the features file gives it.
    const QString width = m_features->value() > 0 ? QString::number(m_features->value()) : m_featuresFile->text();
    return QStringLiteral("%1 %2/%3/%4").arg(name, width).arg(m_hidden->value()).arg(m_layers->value());
}

void DgiPage::onModelInputsChanged()
{
    if (m_state->settingDims)
        return;
    if (isFileModel() != m_state->fileModel)
        setFileModelBoxes(isFileModel());
    if (m_state->shownModel.isEmpty() || modelKey() == m_state->shownModel)
        return;
    // What is shown belongs to another model: a cut under way for it is not shown either.
    ++m_state->generation;
    m_state->shownModel.clear();
    clearCut();
    clearResults();
    m_status->clear();
}

// A model file's widths and layers are not inputs: the boxes are greyed and say "the
// model's" until it is read, then show its own (the input width stays editable: it is used when
// the model does not tell it).
void DgiPage::setFileModelBoxes(bool file)
{
    m_state->settingDims = true;
    m_state->fileModel = file;
    const QString own = tr("the model's");
    const auto& model = dgi::modelRequestParams();
    const auto fieldOfBox = [&](QSpinBox* box) -> const params::FieldInfo& {
        return fieldOf(model, box == m_hidden ? "hidden" : "layers");
    };
    for (QSpinBox* box : { m_hidden, m_layers }) {
        box->setEnabled(!file);
        box->setSpecialValueText(file ? own : QString());
        box->setToolTip(
            file ? tr("Set by the model file: shown once it is cut or evaluated") : helpText(fieldOfBox(box)));
    }
    if (file) {
        m_state->builtinFeatures = m_features->value();
        m_state->builtinHidden = m_hidden->value();
        m_state->builtinLayers = m_layers->value();
        m_hidden->setRange(0, 1 << 16);
        m_layers->setRange(0, 1 << 16);
        m_hidden->setValue(0);
        m_layers->setValue(0);
        m_features->setToolTip(tr("Used only when the TorchScript model does not tell the width of x (no linear "
                                  "layer reads it)"));
    } else {
        for (QSpinBox* box : { m_hidden, m_layers })
            configureInput(box, fieldOfBox(box)); // the declared range (and default, replaced below)
        m_features->setValue(m_state->builtinFeatures);
        m_hidden->setValue(m_state->builtinHidden);
        m_layers->setValue(m_state->builtinLayers);
        m_features->setToolTip(helpText(fieldOf(model, "in_dim")));
    }
    m_state->settingDims = false;
}

void DgiPage::showModelDims(std::int64_t inDim, std::int64_t hidden, int layers)
{
    if (!m_state->fileModel)
        return;
    m_state->settingDims = true;
    if (inDim > 0)
        m_features->setValue(static_cast<int>(std::min<std::int64_t>(inDim, m_features->maximum())));
    // A one-layer model hands no embedding from layer to layer; a run stored without it did not say.
    m_hidden->setSpecialValueText(hidden == 0 ? tr("none") : tr("the model's"));
    m_hidden->setValue(
        static_cast<int>(std::min<std::int64_t>(std::max<std::int64_t>(hidden, 0), m_hidden->maximum())));
    m_layers->setValue(std::min(std::max(layers, 0), m_layers->maximum()));
    m_state->settingDims = false;
}

void DgiPage::showModelDims()
{
    if (m_state->ir && m_state->schema)
        showModelDims(m_state->ir->width(m_state->ir->inputValue()), dgi::hiddenWidth(*m_state->schema),
            static_cast<int>(m_state->schema->layers.size()));
}

std::optional<dgi::EvaluationRequest> DgiPage::requestToStart()
{
    if (isBusy())
        return std::nullopt;
    try {
        return request();
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()));
        return std::nullopt;
    }
}

bool DgiPage::partitionModel()
{
    const auto started = requestToStart();
    if (!started)
        return false;
    const dgi::EvaluationRequest& request = *started;
    // A user's TorchScript file is imported (its loops unrolled) and its cut laid out by Graphviz:
    // seconds for a large model, so off the GUI thread like every other long action.
    const QString model = m_model->currentText();
    const int generation = ++m_state->generation;
    setActionsEnabled(false);
    m_status->setText(tr("Cutting %1 into layers…").arg(model));
    // Recorded as a partition run, as `vantage-cli dgi partition` records it.
    store::Session* session = this->session();
    const bool ok = startTypedTask<dgi::PartitionRun>(
        tr("Cut into layers"),
        [request, session](Progress& progress, const CancelToken& cancel) {
            return dgi::PartitionRecipe::run(session, { .model = request, .drawSvg = true }, progress, cancel);
        },
        [this, model, generation](const TypedOutcome<dgi::PartitionRun>& outcome) {
            setActionsEnabled(true);
            if (generation != m_state->generation) { // a stored run was shown meanwhile: it stays
                Q_EMIT partitionFinished(false);
                return;
            }
            if (outcome.state == TaskOutcome::State::Failed) {
                // The drawing of an earlier cut is not this model's: the page shows nothing but why.
                m_state->shownModel.clear();
                clearCut();
                m_status->setText(tr("Cannot cut the model: %1").arg(outcome.error));
                Q_EMIT partitionFinished(false);
                return;
            }
            if (outcome.state == TaskOutcome::State::Cancelled) {
                m_status->setText(tr("Cutting the model cancelled."));
                Q_EMIT partitionFinished(false);
                return;
            }
            dgi::PartitionRun& run = *outcome.value;
            m_state->take({ std::move(run.ir), std::move(run.schema), std::move(run.dot), std::move(run.svg) });
            showModelDims();
            m_state->shownModel = modelKey();
            showSchema();
            m_status->setText(tr("%1 cut into %n layer(s).", nullptr, layerCount()).arg(model));
            m_tabs->setCurrentIndex(0);
            if (run.runId != 0)
                Q_EMIT runsChanged();
            Q_EMIT partitionFinished(true);
        },
        session ? TaskKind::Records : TaskKind::Restores);
    if (!ok)
        setActionsEnabled(true);
    return ok;
}

void DgiPage::setActionsEnabled(bool on)
{
    m_partition->setEnabled(on);
    m_evaluate->setEnabled(on);
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
            textCell(formatBytes(static_cast<double>(t.bytes(1))), true) });
}

int DgiPage::layerCount() const
{
    return m_state->schema ? static_cast<int>(m_state->schema->layers.size()) : 0;
}

dgi::EvaluationRequest DgiPage::request() const
{
    dgi::EvaluationRequest r;
    const auto& options = dgi::evalOptionsParams();
    r.graph = m_graph->currentText().trimmed().toStdString();
    r.symmetrize = m_symmetrize->isChecked();
    r.selfLoops = m_selfLoops->isChecked() ? dgi::SelfLoops::Add : dgi::SelfLoops::Keep;
    r.mergeDuplicates = m_mergeDuplicates->isChecked();
    r.model = m_model->currentText().trimmed().toStdString();
    r.inDim = m_features->value(); // 0: auto, as vantage-cli's --in-dim 0
    readInput(m_featuresFile, options, "features", r);
    if (!isFileModel()) { // a TorchScript model's are its own
        r.hidden = m_hidden->value();
        r.layers = m_layers->value();
    }
    if (m_nodeWise->isChecked())
        r.modes = { dgi::EvalMode::LayerWise, dgi::EvalMode::NodeWise };
    readInput(m_budget, options, "memory_budget", r);
    r.options.reorder = enumFromName<dgi::Reordering>(m_reorder->currentData().toString().toStdString());
    r.options.device = m_device->currentData().toString().toStdString();
    // Beyond 15 s the node-wise baseline is extrapolated from the batches it ran: the default
    // graph's evaluation takes half a minute, not a minute and more.
    r.options.nodeWiseTimeLimitS = 15.0;
    r.drawWords = drawWords();
    return r;
}

// The cut drawing's words in the window's language.
dgi::DrawWords DgiPage::drawWords()
{
    auto s = [](const QString& t) { return t.toStdString(); };
    dgi::DrawWords w;
    w.layerOne = s(tr("{n} layer")), w.layerMany = s(tr("{n} layers"));
    w.opOne = s(tr("{n} op")), w.opMany = s(tr("{n} ops"));
    w.tensorOne = s(tr("{n} tensor")), w.tensorMany = s(tr("{n} tensors"));
    w.aggregationOne = s(tr("{n} aggregation")), w.aggregationMany = s(tr("{n} aggregations"));
    w.dense = s(tr("{n} dense")), w.perEdge = s(tr("{n} per edge")), w.perNode = s(tr("{n} per node"));
    w.boxPerLayer = s(tr("a box per layer")), w.boxPerLayers = s(tr("a box per {n} layers"));
    w.layerBox = s(tr("layer {n}")), w.layersBox = s(tr("layers {a}-{b}"));
    w.sourcePass = s(tr("source pass (all nodes)")), w.blocks = s(tr("blocks (per batch of destinations)"));
    w.output = s(tr("output"));
    w.bytesPerNode = s(tr("{w} x {s} B per node"));
    return w;
}

bool DgiPage::startEvaluation()
{
    const auto started = requestToStart();
    if (!started)
        return false;
    const dgi::EvaluationRequest& request = *started;
    store::Session* session = this->session();
    setActionsEnabled(false);
    m_status->setText(tr("Evaluating…"));
    const bool ok = startTypedTask<dgi::EvaluationRun>(
        tr("GNN evaluation"),
        [=](Progress& progress, const CancelToken& cancel) {
            return dgi::runEvaluation(session, request, progress, cancel);
        },
        [this, request](const TypedOutcome<dgi::EvaluationRun>& outcome) {
            setActionsEnabled(true);
            if (outcome.done()) {
                dgi::EvaluationRun& run = *outcome.value;
                // The cut of the model evaluated, shown below.
                m_state->take({ std::move(run.ir), std::move(run.schema), std::move(run.dot), std::move(run.svg) });
                m_state->graph = run.graph;
                m_state->output = std::make_shared<const dgi::NodeMatrix>(std::move(run.results.front().output));
                // Hops of the node inspector: the aggregation rounds of the model evaluated (a
                // TorchScript model's own, not the layer box's).
                m_state->layers = 0;
                for (const auto& layer : m_state->schema ? m_state->schema->layers : std::vector<dgi::LayerPlan>())
                    m_state->layers += !layer.aggregations.empty();
                showModelDims();
                m_state->shownModel = modelKey();
                showSchema();
                setNodeInspectorEnabled(m_state->graph && m_state->output);
                showResults(run.result);
                m_tabs->setCurrentIndex(1);
                m_status->setText(graphNote(run.result, request));
                if (run.result.contains("cancelled_modes"))
                    m_status->setText(tr("The node-wise baseline was cancelled; the layer-wise result is kept."));
            } else if (outcome.state == TaskOutcome::State::Cancelled) {
                m_status->setText(tr("Evaluation cancelled."));
            } else {
                // An earlier run's results and cut are not this one's: nothing but why it failed.
                m_state->shownModel.clear();
                clearCut();
                clearResults();
                m_status->setText(tr("Evaluation failed: %1").arg(outcome.error));
            }
            Q_EMIT evaluationFinished(outcome.done());
        });
    if (!ok)
        setActionsEnabled(true);
    return ok;
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
    const auto modeOf = [](const Json& r) { return dgi::kEvalModes.find(r.value("mode", std::string())); };
    if (!result.is_object() || modeOf(result) != dgi::EvalMode::LayerWise || !result.contains("compare"))
        return nullptr;
    for (const auto& c : result["compare"])
        if (c.is_object() && modeOf(c) == dgi::EvalMode::NodeWise)
            return &c;
    return nullptr;
}

// An evaluation mode as the window names it.
QString modeText(const std::string& mode)
{
    const auto known = dgi::kEvalModes.find(mode);
    if (known == dgi::EvalMode::LayerWise)
        return DgiPage::tr("layer-wise");
    if (known == dgi::EvalMode::NodeWise)
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
            textCell(formatBytes(r.value("peak_rss_bytes", 0.0)), true), textCell(QLocale().toString(batches), true),
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
                    .arg(formatSignificant(diff, 3)));
        else if (speedup >= 1.0)
            m_speedup->setText(tr("Layer-wise is %1× faster than node-wise (largest difference of outputs %2)")
                                   .arg(QLocale().toString(speedup, 'f', 1))
                                   .arg(formatSignificant(diff, 3)));
        else // a small graph, a shallow model: too little neighbour explosion to pay for whole-graph passes
            m_speedup->setText(
                tr("Node-wise is %1× faster than layer-wise on this graph (largest difference of outputs %2)")
                    .arg(QLocale().toString(speedup > 0 ? 1.0 / speedup : 0.0, 'f', 1))
                    .arg(formatSignificant(diff, 3)));
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
        if (run.engine == store::Engine::Dgi && run.kind == store::RunKind::Partition) {
            showStoredCut(run);
            return;
        }
        const dgi::StoredEvaluation stored = dgi::readEvaluation(*s, runId);
        const dgi::EvaluationRequest& r = stored.request;
        setInputs(QString::fromStdString(r.graph), QString::fromStdString(r.model), static_cast<int>(r.inDim),
            static_cast<int>(r.hidden), r.layers);
        m_featuresFile->setText(QString::fromStdString(r.features));
        m_symmetrize->setChecked(r.symmetrize);
        m_selfLoops->setChecked(r.selfLoops == dgi::SelfLoops::Add);
        m_mergeDuplicates->setChecked(r.mergeDuplicates);
        m_reorder->setCurrentIndex(
            qMax(0, m_reorder->findData(QString::fromStdString(std::string(enumName(r.options.reorder))))));
        m_budget->setText(r.options.memoryBudgetBytes > 0 ? QString::number(r.options.memoryBudgetBytes) : QString());
        // A run made on a GPU this machine lacks reopens on the CPU.
        m_device->setCurrentIndex(qMax(0, m_device->findData(QString::fromStdString(r.options.device))));
        m_nodeWise->setChecked(std::find(r.modes.begin(), r.modes.end(), dgi::EvalMode::NodeWise) != r.modes.end());
        // Only this run's: its cut as stored, its results or why it has none.
        ++m_state->generation;
        clearResults();
        clearCut();
        m_state->svg = stored.svg;
        m_state->dot = stored.dot;
        m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
        m_cut->setDot(QByteArray::fromStdString(m_state->dot));
        const Json model = stored.result.is_object() ? stored.result.value("model", Json::object()) : Json::object();
        if (model.is_object() && model.contains("layers"))
            showModelDims(model.value("in_dim", std::int64_t(0)), model.value("hidden", std::int64_t(-1)),
                model.value("layers", 0));
        m_state->shownModel = modelKey();
        if (run.status == store::RunStatus::Done && stored.result.is_object()) {
            showResults(stored.result);
            m_tabs->setCurrentIndex(1);
        } else {
            m_status->setText(tr("Run %1 %2: %3")
                                  .arg(runId)
                                  .arg(SessionRunsModel::statusTitle(run.status), QString::fromStdString(run.error)));
        }
    } catch (const std::exception& e) {
        m_state->shownModel.clear();
        clearResults();
        clearCut();
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
}

// A recorded cut: its model back in the fields and its drawing (the layer table needs the model
// itself: Cut into layers again).
void DgiPage::showStoredCut(const store::RunInfo& run)
{
    const dgi::EvaluationRequest m = dgi::evaluationRequestFromJson(run.params); // its model's fields
    setInputs(m_graph->currentText(), QString::fromStdString(m.model), static_cast<int>(m.inDim),
        static_cast<int>(m.hidden), m.layers);
    ++m_state->generation;
    clearResults();
    clearCut();
    if (const auto dims = storedCutDims(run.result))
        showModelDims(dims->inDim, dims->hidden, dims->layers); // a TorchScript model's own
    for (const auto& a : session()->artifacts(run.id)) {
        if (a.name == "layer_cut.svg")
            m_state->svg = session()->artifactData(a.id);
        else if (a.name == "layer_cut.dot")
            m_state->dot = session()->artifactData(a.id);
    }
    m_cut->setSvg(QByteArray::fromStdString(m_state->svg));
    m_cut->setDot(QByteArray::fromStdString(m_state->dot));
    m_state->shownModel = modelKey();
    m_tabs->setCurrentIndex(0);
    m_status->setText(tr("Run %1 %2: %3")
                          .arg(run.id)
                          .arg(SessionRunsModel::statusTitle(run.status),
                              QString::fromStdString(run.summary.empty() ? run.error : run.summary)));
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
    return startTask(
        tr("Inspect node"),
        [=](Progress& progress, const CancelToken& cancel) {
            progress.report(0.0, "neighbourhood");
            const auto sizes = dgi::hopSizes(*graph, node, hops);
            cancel.throwIfCancelled();
            return Json{ { "node", node }, { "in_degree", graph->inDegree(node) },
                { "out_degree", graph->outDegrees()[node] }, { "hops", sizes }, { "embedding", output->row(node) } };
        },
        [this](const TaskOutcome& outcome) {
            if (outcome.state != TaskOutcome::State::Done) {
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
                m_hops->appendRow({ textCell(QString::number(h++), true),
                    textCell(QLocale().toString(static_cast<qint64>(v)), true),
                    textCell(QStringLiteral("%1 %").arg(QLocale().toString(100.0 * static_cast<double>(v) / n, 'f', 2)),
                        true) });
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
                    .arg(formatSignificant(std::sqrt(norm), 4))
                    .arg(QLocale().toString(static_cast<qint64>(j["hops"].back().get<std::int64_t>())))
                    .arg(j["hops"].size() - 1));
            Q_EMIT nodeInspected(true);
        });
}

} // namespace vantage::gui
