// The EDL page's widgets: the job box and the scaling buttons on the left, charts, the worker and
// event tables and the log on the right.

#include "edl_page.h"
#include "param_widgets.h"

#include "edl/client.h"
#include "edl/leader.h"
#include "widgets/line_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace vantage::gui {

void EdlPage::buildUi()
{
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("edlStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(buildJobBox());
    leftLayout->addLayout(buildScaleButtons());
    leftLayout->addWidget(m_status);
    leftLayout->addStretch(1);

    QWidget* charts = buildCharts();
    QWidget* tables = buildTables();
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(charts);
    right->addWidget(tables);
    right->addWidget(m_log);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setStretchFactor(2, 1);
    right->setSizes({ 420, 260, 140 });

    setInputsAndViews(left, right);
}

// The trainer, and the user's model and data (trainer "torchscript") or script (trainer "python"),
// with their defaults and tooltips from the fields EDL declares (edl::jobSpecParams).
void EdlPage::buildTrainerInputs()
{
    const auto& spec = edl::jobSpecParams();
    const std::map<edl::Trainer, QString> trainerLabels = { { edl::Trainer::Mlp, tr("MLP") },
        { edl::Trainer::Cnn, tr("Small CNN") }, { edl::Trainer::TorchScript, tr("Your TorchScript model") },
        { edl::Trainer::Python, tr("Your Python script") } };
    m_trainer = new QComboBox(this);
    m_trainer->setObjectName(QStringLiteral("edlTrainer"));
    for (const auto& name : enumNames<edl::Trainer>())
        m_trainer->addItem(trainerLabels.at(enumFromName<edl::Trainer>(name)), QString::fromStdString(name));
    configureInput(m_trainer, fieldOf(spec, "trainer"));
    // The user's model (trainer "torchscript"): a TorchScript file saved by torch.jit.save, and its
    // data: a folder with inputs.npy and targets.npy (or the two files, comma-separated).
    m_model = new QLineEdit(this);
    m_model->setObjectName(QStringLiteral("edlModel"));
    m_model->setPlaceholderText(tr("model.pt, saved by torch.jit.save"));
    configureInput(m_model, fieldOf(spec, "model"));
    m_modelRow = withChooser(m_model, [this] {
        return QFileDialog::getOpenFileName(
            this, tr("TorchScript Model"), QString(), tr("TorchScript (*.pt *.pth);;All files (*)"));
    });
    m_data = new QLineEdit(this);
    m_data->setObjectName(QStringLiteral("edlData"));
    m_data->setPlaceholderText(tr("a folder with inputs.npy and targets.npy"));
    configureInput(m_data, fieldOf(spec, "data"));
    m_dataRow = withChooser(m_data, [this] { return QFileDialog::getExistingDirectory(this, tr("Data Folder")); });
    // The user's training script (trainer "python"): workers run `PYTHON SCRIPT ARGUMENTS` and use
    // the vantage_edl module (docs/edl.md, "From Python").
    m_script = new QLineEdit(this);
    m_script->setObjectName(QStringLiteral("edlScript"));
    m_script->setPlaceholderText(tr("train.py, written with the vantage_edl module"));
    configureInput(m_script, fieldOf(spec, "script"));
    m_scriptRow = withChooser(m_script, [this] {
        return QFileDialog::getOpenFileName(this, tr("Training Script"), QString(), tr("Python (*.py);;All files (*)"));
    });
    m_scriptArgs = new QLineEdit(this);
    m_scriptArgs->setObjectName(QStringLiteral("edlScriptArgs"));
    m_scriptArgs->setPlaceholderText(tr("the script's own arguments, e.g. --data images.pt"));
    m_python = new QLineEdit(this);
    m_python->setObjectName(QStringLiteral("edlPython"));
    m_python->setPlaceholderText(qEnvironmentVariable("VANTAGE_PYTHON", QStringLiteral("python3")));
    m_python->setToolTip(tr("The Python that runs the script on every worker; it must have torch and vantage_edl"));
}

// The job: trainer, workers, epochs, samples, batch, devices, hosts; Start, Attach, Detach.
QWidget* EdlPage::buildJobBox()
{
    buildTrainerInputs();
    connect(m_trainer, &QComboBox::currentIndexChanged, this, &EdlPage::updateTrainerFields);
    // Ranges, defaults and tooltips from the fields EDL declares (edl::jobSpecParams,
    // edl::leaderOptionsParams), as vantage-cli edl start offers them.
    const auto& spec = edl::jobSpecParams();
    const auto& leader = edl::leaderOptionsParams();
    m_workers = new QSpinBox(this);
    m_workers->setObjectName(QStringLiteral("edlWorkerCount"));
    configureInput(m_workers, fieldOf(leader, "workers"));
    m_epochs = new QSpinBox(this);
    m_epochs->setObjectName(QStringLiteral("edlEpochs"));
    configureInput(m_epochs, fieldOf(spec, "epochs"));
    m_samples = new QSpinBox(this);
    m_samples->setObjectName(QStringLiteral("edlSamples"));
    configureInput(m_samples, fieldOf(spec, "samples"));
    m_batch = new QSpinBox(this);
    m_batch->setObjectName(QStringLiteral("edlBatch"));
    configureInput(m_batch, fieldOf(spec, "batch"));
    m_devices = new QLineEdit(QStringLiteral("cpu"), this);
    m_devices->setObjectName(QStringLiteral("edlDevices"));
    m_devices->setToolTip(tr("Devices of local workers, round robin: cpu, cuda:0, cuda:1, …"));
    m_hosts = new QLineEdit(this);
    m_hosts->setObjectName(QStringLiteral("edlHosts"));
    m_hosts->setPlaceholderText(tr("local (or a host file for ssh)"));
    configureInput(m_hosts, fieldOf(leader, "hosts"));
    QWidget* hostsRow = withChooser(m_hosts, [this] { return QFileDialog::getOpenFileName(this, tr("Host File")); });
    m_straggler = new QCheckBox(tr("Replace stragglers automatically"), this);
    m_start = new QPushButton(tr("Start Job"), this);
    m_start->setObjectName(QStringLiteral("edlStart"));
    connect(m_start, &QPushButton::clicked, this, &EdlPage::startTraining);
    m_attach = new QPushButton(tr("Attach…"), this);
    m_attach->setObjectName(QStringLiteral("edlAttach"));
    connect(m_attach, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("Job Folder"), QString::fromStdString(edl::defaultJobRoot().string()));
        if (!dir.isEmpty())
            attach(dir);
    });
    m_detach = new QPushButton(tr("Detach"), this);
    m_detach->setObjectName(QStringLiteral("edlDetach"));
    connect(m_detach, &QPushButton::clicked, this, &EdlPage::detach);
    auto* startRow = new QHBoxLayout;
    startRow->addWidget(m_start);
    startRow->addWidget(m_attach);
    startRow->addWidget(m_detach);

    auto* form = m_jobForm = new QFormLayout;
    form->addRow(tr("Trainer:"), m_trainer);
    form->addRow(tr("Model:"), m_modelRow);
    form->addRow(tr("Data:"), m_dataRow);
    form->addRow(tr("Script:"), m_scriptRow);
    form->addRow(tr("Arguments:"), m_scriptArgs);
    form->addRow(tr("Python:"), m_python);
    form->addRow(tr("Workers:"), m_workers);
    form->addRow(tr("Epochs:"), m_epochs);
    form->addRow(tr("Samples:"), m_samples);
    form->addRow(tr("Global batch:"), m_batch);
    form->addRow(tr("Devices:"), m_devices);
    form->addRow(tr("Hosts:"), hostsRow);
    form->addRow(m_straggler);
    auto* jobBox = new QGroupBox(tr("Job"), this);
    auto* jobLayout = new QVBoxLayout(jobBox);
    jobLayout->addLayout(form);
    jobLayout->addLayout(startRow);
    updateTrainerFields();
    return jobBox;
}

// A field with a "…" button beside it that fills it from a dialog (`choose` returns the path, or
// nothing when the dialog is cancelled). One widget, so that the pair is enabled as one.
QWidget* EdlPage::withChooser(QLineEdit* field, const std::function<QString()>& choose)
{
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* button = new QPushButton(tr("…"), row);
    connect(button, &QPushButton::clicked, this, [field, choose] {
        const QString path = choose();
        if (!path.isEmpty())
            field->setText(path);
    });
    layout->addWidget(field, 1);
    layout->addWidget(button);
    return row;
}

void EdlPage::updateTrainerFields()
{
    const auto trainer = enumFromName<edl::Trainer>(m_trainer->currentData().toString().toStdString());
    const bool user = trainer == edl::Trainer::TorchScript;
    const bool script = trainer == edl::Trainer::Python;
    m_modelRow->setEnabled(user);
    m_dataRow->setEnabled(user);
    // Only the fields of the chosen kind of trainer are shown (the model's with a built-in one, as
    // disabled examples of what can be trained).
    if (m_jobForm) {
        m_jobForm->setRowVisible(m_modelRow, !script);
        m_jobForm->setRowVisible(m_dataRow, !script);
        m_jobForm->setRowVisible(m_scriptRow, script);
        m_jobForm->setRowVisible(m_scriptArgs, script);
        m_jobForm->setRowVisible(m_python, script);
    }
    m_samples->setEnabled(!user);
    m_samples->setToolTip(user ? tr("The data decides: one sample per row")
            : script           ? tr("The size of the script's data set: sample ids 0 to N-1")
                               : helpText(fieldOf(edl::jobSpecParams(), "samples")));
}

// Add, remove, stop, migrate and profile, for the attached job.
QLayout* EdlPage::buildScaleButtons()
{
    m_add = new QPushButton(tr("Add Worker"), this);
    m_add->setObjectName(QStringLiteral("edlAdd"));
    connect(m_add, &QPushButton::clicked, this, [this] { addWorkers(1); });
    m_remove = new QPushButton(tr("Remove Selected"), this);
    m_remove->setObjectName(QStringLiteral("edlRemove"));
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const auto rows = m_workersView->selectionModel()->selectedRows();
        for (const auto& r : rows)
            removeWorker(r.data().toString());
    });
    m_stop = new QPushButton(tr("Stop Job"), this);
    m_stop->setObjectName(QStringLiteral("edlStop"));
    connect(m_stop, &QPushButton::clicked, this, &EdlPage::stopJob);
    m_migrate = new QPushButton(tr("Migrate Selected"), this);
    m_migrate->setObjectName(QStringLiteral("edlMigrate"));
    m_migrate->setToolTip(tr("Starts workers on the devices of the Devices field, waits until they train, then "
                             "removes the selected workers (all of them when none is selected)"));
    connect(m_migrate, &QPushButton::clicked, this, [this] {
        QStringList ids;
        for (const auto& r : m_workersView->selectionModel()->selectedRows())
            ids << r.data().toString();
        migrateWorkers(ids);
    });
    m_profile = new QPushButton(tr("Profile Throughput"), this);
    m_profile->setObjectName(QStringLiteral("edlProfile"));
    m_profile->setToolTip(tr("Runs the job briefly at 1 to N workers (N from the Workers field) and draws samples/s "
                             "against workers; the job returns to its size afterwards"));
    connect(m_profile, &QPushButton::clicked, this, [this] { profileThroughput(m_workers->value(), 10); });
    auto* scaleRow = new QGridLayout;
    scaleRow->addWidget(m_add, 0, 0);
    scaleRow->addWidget(m_remove, 0, 1);
    scaleRow->addWidget(m_stop, 0, 2);
    scaleRow->addWidget(m_migrate, 1, 0, 1, 2);
    scaleRow->addWidget(m_profile, 1, 2);
    return scaleRow;
}

// Loss and throughput, step time per worker, workers over time, the scaling curve.
QWidget* EdlPage::buildCharts()
{
    m_chart = new widgets::LineChart(this);
    m_chart->setObjectName(QStringLiteral("edlChart"));
    m_chart->setAxisTitles(tr("Step"), tr("Loss"), tr("Samples/s"));
    m_chart->chart()->setTitle(tr("Training, live"));
    m_stepChart = new widgets::LineChart(this);
    m_stepChart->setObjectName(QStringLiteral("edlStepChart"));
    m_stepChart->setAxisTitles(tr("Step"), tr("Step time (ms)"));
    m_stepChart->chart()->setTitle(tr("Compute time of each worker's step"));
    m_sizeChart = new widgets::LineChart(this);
    m_sizeChart->setObjectName(QStringLiteral("edlSizeChart"));
    m_sizeChart->setAxisTitles(tr("Step"), tr("Workers"));
    m_sizeChart->chart()->setTitle(tr("Workers over time; squares mark scale events"));
    m_profileChart = new widgets::LineChart(this);
    m_profileChart->setObjectName(QStringLiteral("edlProfileChart"));
    m_profileChart->setAxisTitles(tr("Workers"), tr("Samples/s"));
    m_profileChart->chart()->setTitle(tr("Scaling curve (Profile Throughput)"));
    for (auto* c : { m_chart, m_stepChart, m_sizeChart })
        c->setMaxPoints(2000); // a job of 100,000 steps still redraws in a blink
    m_chartTabs = new QTabWidget(this);
    m_chartTabs->setObjectName(QStringLiteral("edlChartTabs"));
    m_chartTabs->addTab(m_chart, tr("Loss and Throughput"));
    m_chartTabs->addTab(m_stepChart, tr("Step Time per Worker"));
    m_chartTabs->addTab(m_sizeChart, tr("Workers"));
    m_chartTabs->addTab(m_profileChart, tr("Scaling"));
    return m_chartTabs;
}

// The workers and the scale events side by side.
QWidget* EdlPage::buildTables()
{
    m_workersModel = new QStandardItemModel(this);
    m_workersView = new QTableView(this);
    m_workersView->setObjectName(QStringLiteral("edlWorkers"));
    m_workersView->setModel(m_workersModel);
    m_workersView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_workersView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_workersView->verticalHeader()->hide();
    m_workersView->horizontalHeader()->setStretchLastSection(true);
    m_workersView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_events = new QStandardItemModel(this);
    auto* eventsView = new QTableView(this);
    eventsView->setObjectName(QStringLiteral("edlEvents"));
    eventsView->setModel(m_events);
    eventsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    eventsView->verticalHeader()->hide();
    eventsView->horizontalHeader()->setStretchLastSection(true);
    eventsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_log = new QListWidget(this);
    m_log->setObjectName(QStringLiteral("edlLog"));
    auto* tables = new QSplitter(Qt::Horizontal, this);
    tables->addWidget(m_workersView);
    tables->addWidget(eventsView);
    tables->setStretchFactor(0, 3);
    tables->setStretchFactor(1, 2);
    tables->setSizes({ 540, 360 });
    return tables;
}

} // namespace vantage::gui
