// The FT page's Run tab: the picked strategy run on the user's own PyTorch module (Run This
// Strategy: ft::ExecuteRecipe, the run `vantage-cli ft run` records) and points of the picked
// frontier run and compared (Validate Frontier: ft::ValidateRecipe, `vantage-cli ft validate`),
// off the GUI thread with progress and Cancel. Each measurement is a row of the tab's table and a
// "Measured" marker on the chart beside the point it was predicted as.
#include "ft_page.h"
#include "ft_page_p.h"

#include "param_widgets.h"
#include "widgets/pareto_chart.h"

#include "ft/execute_run.h"
#include "ft/search_run.h"
#include "ft/strategy.h"
#include "store/session.h"
#ifdef VANTAGE_GUI_EDL
#include "edl/python_ranks.h"
#endif

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace vantage::gui {

RunPythonRanks pythonRanks()
{
#ifdef VANTAGE_GUI_EDL
    return edl::runPythonRanks;
#else
    return {};
#endif
}

namespace {

QString percentText(double fraction)
{
    return QLocale().toString(100.0 * fraction, 'f', 1) + QLatin1Char('%');
}

} // namespace

QWidget* FtPage::buildRunTab()
{
    auto* tab = new QWidget(this);
    m_runModule = new QLineEdit(tab);
    m_runModule->setObjectName(QStringLiteral("ftRunModule"));
    m_runModule->setPlaceholderText(tr("my_model.py:build"));
    m_runModule->setToolTip(tr("The callable that returns your nn.Module: FILE.py:NAME or MODULE:NAME, as the "
                               "exporter takes it (filled in when the op graph records it)"));
    m_runInputs = new QLineEdit(tab);
    m_runInputs->setObjectName(QStringLiteral("ftRunInputs"));
    m_runInputs->setPlaceholderText(QStringLiteral("long:128"));
    m_runInputs->setToolTip(tr("One sample per argument of forward, separated by spaces: long:SEQ for tokens, "
                               "float:C,H,W for an image"));
    m_runSteps = new QSpinBox(tab);
    m_runSteps->setObjectName(QStringLiteral("ftRunSteps"));
    configureInput(m_runSteps, fieldOf(ft::runnerOptionsParams(), "steps"));
    m_runPoints = new QSpinBox(tab);
    m_runPoints->setObjectName(QStringLiteral("ftRunPoints"));
    m_runPoints->setRange(0, 1000);
    m_runPoints->setValue(4);
    m_runPoints->setSpecialValueText(tr("every point"));
    m_runPoints->setToolTip(tr("Validate Frontier runs this many points, spread over the picked frontier"));

    m_runStrategy = new QPushButton(tr("Run This Strategy"), tab);
    m_runStrategy->setObjectName(QStringLiteral("ftRunStrategy"));
    m_runStrategy->setToolTip(tr("Train the picked strategy on your module for a few steps, one process per "
                                 "device, and measure its time and memory against the prediction"));
    connect(m_runStrategy, &QPushButton::clicked, this, &FtPage::startStrategyRun);
    m_validate = new QPushButton(tr("Validate Frontier"), tab);
    m_validate->setObjectName(QStringLiteral("ftValidate"));
    m_validate->setToolTip(tr("Run points of the picked frontier and compare each with its prediction"));
    connect(m_validate, &QPushButton::clicked, this, &FtPage::startValidation);
    m_runStatus = new QLabel(tab);
    m_runStatus->setObjectName(QStringLiteral("ftRunStatus"));
    m_runStatus->setWordWrap(true);
    m_runStatus->setTextFormat(Qt::PlainText);
    m_runStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_runModel = new QStandardItemModel(0, 8, tab);
    m_runModel->setHorizontalHeaderLabels({ tr("Strategy"), tr("Configurations"), tr("Predicted"), tr("Measured"),
        tr("Time Error"), tr("Predicted Memory"), tr("Measured Memory"), tr("Losses") });
    auto* table = new QTableView(tab);
    table->setObjectName(QStringLiteral("ftRunTable"));
    table->setModel(m_runModel);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Module:"), m_runModule);
    form->addRow(tr("Inputs:"), m_runInputs);
    auto* counts = new QHBoxLayout;
    counts->addWidget(m_runSteps);
    counts->addWidget(new QLabel(tr("Points:"), tab));
    counts->addWidget(m_runPoints);
    counts->addStretch(1);
    form->addRow(tr("Steps:"), counts);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runStrategy);
    buttons->addWidget(m_validate);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(tab);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_runStatus);
    layout->addWidget(table, 1);
    return tab;
}

bool FtPage::runInputs(ft::ModuleSource& module, ft::RunnerOptions& runner, int& devices)
{
    const ft::StrategyPoint* picked = pickedPoint();
    if (!picked || !m_state->result) {
        m_runStatus->setText(tr("Pick a strategy on the chart first."));
        return false;
    }
    if (m_runModule->text().trimmed().isEmpty()) {
        m_runStatus->setText(tr("Give the module that builds your model (FILE.py:NAME)."));
        return false;
    }
    module.model = m_runModule->text().trimmed().toStdString();
    module.inputs.clear();
    for (const QString& input : m_runInputs->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        module.inputs.push_back(input.toStdString());
    module.batch = m_state->result->batch;
    module.kwargs = m_runKwargs;
    runner.steps = m_runSteps->value();
    runner.warmup = runner.steps > 1 ? 1 : 0;
    devices = m_state->result->frontiers.at(std::size_t(m_pickedFrontier)).devices;
    return true;
}

bool FtPage::startStrategyRun()
{
    if (isBusy())
        return false;
    ft::ExecuteRequest request;
    if (!runInputs(request.module, request.runner, request.devices))
        return false;
    // The pick as the runner trains it: fp32, Adam, its configurations priced again on the page's
    // cluster (the page searches in mixed precision).
    const ft::Strategy picked = ft::strategyFor(*m_state->graph, m_state->cluster, *m_state->result,
        static_cast<std::size_t>(m_pickedFrontier), m_pickedStrategy);
    std::vector<ft::OpConfig> configs;
    for (const ft::OpChoice& op : picked.ops)
        configs.push_back(ft::parseConfigName(op.config));
    request.strategy
        = ft::strategyJson(ft::makeStrategy(*m_state->graph, m_state->cluster, request.devices, configs,
                               { .precision = ft::Precision::Fp32, .optimizer = m_state->result->cost.optimizer }),
            m_pickedStrategy);
    request.runRanks = pythonRanks();
    store::Session* session = this->session();
    const int frontier = m_pickedFrontier;
    m_runStatus->setText(tr("Running the strategy…"));
    return startTypedTask<ft::ExecuteRun>(
        tr("Run Strategy"),
        [=](Progress& progress, const CancelToken& cancel) {
            return ft::ExecuteRecipe::run(session, request, progress, cancel);
        },
        [this, frontier](const TypedOutcome<ft::ExecuteRun>& outcome) {
            if (outcome.state == TaskOutcome::State::Done) {
                addMeasurements({ outcome.value->measurement }, frontier);
                m_runStatus->setText(QString::fromStdString(outcome.value->summary));
            } else
                m_runStatus->setText(outcome.state == TaskOutcome::State::Cancelled
                        ? tr("Run cancelled.")
                        : tr("The run failed: %1").arg(outcome.error));
            Q_EMIT strategyRunFinished(outcome.done());
        });
}

bool FtPage::startValidation()
{
    if (isBusy())
        return false;
    ft::ValidateRequest request;
    if (!runInputs(request.module, request.runner, request.devices))
        return false;
    request.cluster = m_state->cluster;
    request.points = m_runPoints->value();
    request.runRanks = pythonRanks();
    store::Session* session = this->session();
    // The module's frontier on the picked device count is searched again in fp32 as the runner
    // trains: its points are not the shown frontier's, so their markers take no frontier's colour.
    const int frontier = -1;
    m_runStatus->setText(tr("Validating the frontier…"));
    return startTypedTask<ft::ValidateRun>(
        tr("Validate Frontier"),
        [=](Progress& progress, const CancelToken& cancel) {
            return ft::ValidateRecipe::run(session, request, progress, cancel);
        },
        [this, frontier](const TypedOutcome<ft::ValidateRun>& outcome) {
            if (outcome.state == TaskOutcome::State::Done) {
                addMeasurements(outcome.value->rows, frontier);
                m_runStatus->setText(QString::fromStdString(outcome.value->summary));
            } else
                m_runStatus->setText(outcome.state == TaskOutcome::State::Cancelled
                        ? tr("Validation cancelled.")
                        : tr("The validation failed: %1").arg(outcome.error));
            Q_EMIT strategyRunFinished(outcome.done());
        });
}

void FtPage::addMeasurements(const std::vector<ft::Measurement>& rows, int frontier)
{
    for (const ft::Measurement& m : rows) {
        QList<QStandardItem*> items{ new QStandardItem(QString::fromStdString(m.label)),
            new QStandardItem(QString::fromStdString(m.configs)), new QStandardItem(ftSecondsText(m.predictedTime)) };
        if (m.measured()) {
            items << new QStandardItem(ftSecondsText(m.measuredTime)) << new QStandardItem(percentText(m.timeError()))
                  << new QStandardItem(ftBytesText(m.predictedMemory))
                  << new QStandardItem(ftBytesText(m.measuredMemory))
                  << new QStandardItem(m.lossError < 0 ? QStringLiteral("–")
                             : m.lossesMatch()         ? tr("equal")
                                                       : tr("differ by %1").arg(percentText(m.lossError)));
            m_state->measured.push_back({ tr("%1, measured").arg(QString::fromStdString(m.label)), m.measuredTime * 1e3,
                m.measuredMemory / kGiB, frontier, tr("Measured") });
        } else {
            items << new QStandardItem(m.refused.empty() ? tr("failed") : tr("refused")) << new QStandardItem
                  << new QStandardItem(ftBytesText(m.predictedMemory)) << new QStandardItem
                  << new QStandardItem(QString::fromStdString(m.refused.empty() ? m.failed : m.refused));
        }
        m_runModel->appendRow(items);
    }
    if (m_state->result) {
        showMarkers();
        // What was measured lies far from a prediction made for another cluster: the axes take it in.
        if (auto* zoom = findChild<QCheckBox*>(QStringLiteral("ftFitFrontiers")); zoom && !m_state->measured.isEmpty())
            zoom->setChecked(false);
    }
    m_details->setCurrentWidget(m_runTab);
}

void FtPage::showMeasuredRun(const store::RunInfo& run)
{
    m_runModel->removeRows(0, m_runModel->rowCount());
    m_state->measured.clear();
    if (run.status != store::RunStatus::Done || run.result.is_null()) {
        m_runStatus->setText(tr("Run %1 has no measurement (%2).").arg(run.id).arg(QString::fromStdString(run.error)));
        m_details->setCurrentWidget(m_runTab);
        return;
    }
    std::vector<ft::Measurement> rows;
    const Json list = run.kind == store::RunKind::Execute ? Json::array({ run.result.at("measurement") })
                                                          : run.result.at("strategies");
    for (const Json& j : list) {
        ft::Measurement m;
        m.label = j.value("label", "");
        m.configs = j.value("configs", "");
        m.predictedTime = j.value("predicted_time_s", 0.0);
        m.predictedMemory = j.value("predicted_memory_bytes", 0.0);
        m.measuredTime = j.value("measured_time_s", 0.0);
        m.measuredMemory = j.value("measured_memory_bytes", 0.0);
        m.lossError = j.value("loss_max_relative_error", -1.0);
        m.refused = j.value("refused", "");
        m.failed = j.value("failed", "");
        rows.push_back(std::move(m));
    }
    const Json module = run.params.value("module", Json::object());
    m_runModule->setText(QString::fromStdString(module.value("model", "")));
    QStringList inputs;
    for (const auto& input : module.value("inputs", std::vector<std::string>{}))
        inputs << QString::fromStdString(input);
    m_runInputs->setText(inputs.join(QLatin1Char(' ')));
    m_runKwargs = module.value("kwargs", "");
    addMeasurements(rows, -1);
    m_runStatus->setText(QString::fromStdString(run.summary));
}

void FtPage::fillModuleFromGraph(const Json& graph)
{
    // The exporter records the module it traced (python/vantage/ft/cli.py): run it as exported.
    const Json source = graph.is_object() ? graph.value("source", Json::object()) : Json::object();
    const Json module = source.is_object() ? source.value("module", Json::object()) : Json::object();
    m_runKwargs.clear();
    if (!module.is_object() || !module.contains("model"))
        return;
    m_runModule->setText(QString::fromStdString(module.value("model", "")));
    QStringList inputs;
    for (const auto& input : module.value("inputs", std::vector<std::string>{}))
        inputs << QString::fromStdString(input);
    m_runInputs->setText(inputs.join(QLatin1Char(' ')));
    m_runKwargs = module.value("kwargs", "");
}

} // namespace vantage::gui
