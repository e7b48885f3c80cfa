#include "edl_page_p.h"
#include "number_format.h"
#include "session_runs_model.h"

#include "edl_texts.h"
#include "task_group.h"

#include "common/error.h"
#include "edl/client.h"
#include "edl/job_run.h"
#include "edl/launcher.h"
#include "edl/leader.h"
#include "edl/policies.h"
#include "edl/user_data.h"
#include "store/run_shapes.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

namespace vantage::gui {

EdlPage::EdlPage(QWidget* parent)
    : EnginePage(parent)
    , m_state(std::make_unique<State>())
    , m_tasks(new TaskGroup(this))
{
    setObjectName(QStringLiteral("edlPage"));
    buildUi();
    showStatus();
    auto* flush = new QTimer(this);
    flush->setInterval(1000);
    connect(flush, &QTimer::timeout, this, &EdlPage::flushCurves);
    flush->start();
    auto* draw = new QTimer(this);
    draw->setInterval(200);
    connect(draw, &QTimer::timeout, this, &EdlPage::drawPending);
    draw->start();
    auto* poll = new QTimer(this);
    poll->setInterval(2000);
    connect(poll, &QTimer::timeout, this, &EdlPage::pollWorkers);
    poll->start();
}

EdlPage::~EdlPage()
{
    // The job goes on without the window: only the event stream stops.
    m_state->stopStreaming();
    flushCurves();
    cancelTask();
    m_tasks->cancelAll();
    m_tasks->waitForAll();
    runner()->waitForFinished();
}

void EdlPage::setSession(store::Session* session)
{
    if (session == this->session())
        return;
    // The job's run belongs to the session that recorded it: its last points go there, and the page
    // lets go of the job (which goes on; re-attach from its run in that session).
    if (this->session() && m_run != 0) {
        drawPending();
        flushCurves();
        m_state->recorder.reset();
        m_state->stopStreaming();
        m_state->client.reset();
        m_state->address.reset();
        m_run = 0;
    }
    EnginePage::setSession(session);
    // Nothing of the other session stays on show; a job of this one is taken up again below.
    if (!isAttached())
        clearShown();
    showStatus();
    takeUpRuns();
}

void EdlPage::clearShown()
{
    m_run = m_run && isAttached() ? m_run : 0;
    m_state->pending.clear();
    m_state->inbox.clear();
    m_state->scaleEvents.clear();
    m_state->status = {};
    m_state->timeline = {};
    for (auto* c : { m_chart, m_stepChart, m_sizeChart, m_profileChart })
        c->clearSeries();
    m_log->clear();
    m_status->clear();
}

void EdlPage::setJob(const QString& trainer, int workers, int epochs, int samples, int globalBatch)
{
    m_trainer->setCurrentIndex(qMax(0, m_trainer->findData(trainer)));
    m_workers->setValue(workers);
    m_epochs->setValue(epochs);
    m_samples->setValue(samples);
    m_batch->setValue(globalBatch);
}

bool EdlPage::startTraining()
{
    // A job that has ended does not hold the page: a new one replaces it (attach() detaches it).
    if (isBusy() || (isAttached() && !m_state->ended))
        return false;
    edl::LeaderOptions options;
    try {
        options.spec.trainer = enumFromName<edl::Trainer>(m_trainer->currentData().toString().toStdString());
        options.spec.epochs = m_epochs->value();
        options.spec.samples = m_samples->value();
        if (options.spec.trainer == edl::Trainer::TorchScript) {
            const QString model = m_model->text().trimmed();
            const QString data = m_data->text().trimmed();
            if (model.isEmpty() || data.isEmpty()) {
                m_status->setText(model.isEmpty()
                        ? tr("Choose the model: a TorchScript file saved with torch.jit.save.")
                        : tr("Choose the data: a folder with inputs.npy and targets.npy."));
                return false;
            }
            edl::useUserModel(options.spec, model.toStdString(), data.toStdString(), edl::LossFunction::Auto, false);
            m_samples->setValue(static_cast<int>(std::min<std::int64_t>(options.spec.samples, m_samples->maximum())));
        }
        const bool script = options.spec.trainer == edl::Trainer::Python;
        options.spec.globalBatch = m_batch->value();
        options.spec.initialWorkers = m_workers->value();
        options.workers = m_workers->value();
        for (const auto& d : m_devices->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
            options.devices.push_back(d.trimmed().toStdString());
        if (!m_hosts->text().trimmed().isEmpty())
            options.hosts = edl::parseHostFile(m_hosts->text().trimmed().toStdString());
        options.straggler.enabled = m_straggler->isChecked();
        options.workerBinary = edl::findWorkerBinary(QCoreApplication::applicationFilePath().toStdString());
        if (script) {
            const QString file = m_script->text().trimmed();
            if (file.isEmpty()) {
                m_status->setText(tr("Choose the script: a Python file that trains with the vantage_edl module."));
                return false;
            }
            std::vector<std::string> args;
            for (const QString& a : QProcess::splitCommand(m_scriptArgs->text()))
                args.push_back(a.toStdString());
            edl::useScript(options, file.toStdString(), m_python->text().trimmed().toStdString(), args);
        }
        options.jobDir = edl::newJobDir();
        options.validate();
    } catch (const std::exception& e) {
        m_status->setText(QString::fromUtf8(e.what()).toHtmlEscaped());
        return false;
    }
    store::Session* session = this->session();
    m_start->setEnabled(false);
    m_status->setText(tr("Starting the job…"));
    return startTypedTask<edl::JobAddress>(
        tr("Start elastic job"),
        [options](Progress& progress, const CancelToken&) {
            progress.report(0.1, "starting the leader");
            return edl::startJob(options);
        },
        [this, options, session](const TypedOutcome<edl::JobAddress>& outcome) {
            m_start->setEnabled(true);
            if (!outcome.done()) {
                m_status->setText(tr("Cannot start the job: %1").arg(outcome.error).toHtmlEscaped());
                Q_EMIT attached(false);
                return;
            }
            const edl::JobAddress address = *outcome.value;
            if (session == this->session() && session) {
                try {
                    m_run = edl::beginJobRun(*session, options, address);
                    Q_EMIT runsChanged();
                } catch (const std::exception& e) {
                    m_status->setText(tr("The job runs, but cannot be recorded: %1")
                                          .arg(QString::fromUtf8(e.what()))
                                          .toHtmlEscaped());
                }
            }
            attach(QString::fromStdString(address.jobDir));
        });
}

bool EdlPage::attach(const QString& jobDir)
{
    detach();
    try {
        const auto address = edl::readJobFile(jobDir.toStdString());
        m_state->address = address;
        m_state->client = std::make_shared<const edl::JobClient>(address, edl::ClientOptions{ .name = "gui" });
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot attach: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
        Q_EMIT attached(false);
        return false;
    }
    // Re-attaching to a job this session already records continues its run.
    if (m_run == 0 && session())
        m_run = edl::findJobRun(*session(), m_state->address->jobDir);
    // Nothing of a job attached before stays on show (its loss, workers, events).
    m_state->status = {};
    m_state->status.jobId = m_state->address->jobId;
    m_state->scaleEvents.clear();
    m_state->ended = false;
    m_state->recorded = false;
    m_state->timeline = {};
    m_state->recorder.reset();
    if (session() && m_run != 0) {
        try {
            m_state->recorder = std::make_unique<edl::JobRecorder>(*session(), m_run);
        } catch (const std::exception& e) {
            m_status->setText(tr("The job runs, but its curves cannot be recorded: %1")
                                  .arg(QString::fromUtf8(e.what()))
                                  .toHtmlEscaped());
        }
    }
    m_state->pending.clear();
    m_state->inbox.clear();
    m_state->scaleEvents.clear();
    for (auto* c : { m_chart, m_stepChart, m_sizeChart, m_profileChart })
        c->clearSeries();
    m_events->clear();
    m_log->clear();
    startStreaming();
    showStatus();
    Q_EMIT attached(true);
    return true;
}

void EdlPage::detach()
{
    m_state->stopStreaming();
    drawPending();
    flushCurves();
    m_state->recorder.reset();
    m_state->client.reset();
    m_state->address.reset();
    showStatus();
}

bool EdlPage::isAttached() const
{
    return m_state->client != nullptr;
}

bool EdlPage::addWorkers(int count)
{
    if (!m_state->client)
        return false;
    request(tr("Scale-out"), [count](const edl::JobClient& job) {
        const auto ids = job.scaleOut(count);
        return Json{ { "ids", ids } };
    });
    return true;
}

bool EdlPage::removeWorker(const QString& id)
{
    if (!m_state->client)
        return false;
    request(tr("Scale-in"), [worker = id.toStdString()](const edl::JobClient& job) {
        return Json{ { "ids", job.scaleIn({ worker }) } };
    });
    return true;
}

bool EdlPage::stopJob()
{
    if (!m_state->client)
        return false;
    request(tr("Stop"), [](const edl::JobClient& job) {
        job.stop();
        return Json{ { "ids", Json::array() } };
    });
    return true;
}

int EdlPage::activeWorkers() const
{
    return static_cast<int>(m_state->status.activeWorkers());
}

qint64 EdlPage::currentStep() const
{
    return m_state->status.step;
}

QString EdlPage::jobState() const
{
    return QString::fromUtf8(vantage::enumName(m_state->status.state).data()); // the state's name
}

void EdlPage::logLine(const QString& text, LogWeight weight)
{
    auto* item = new QListWidgetItem(text, m_log);
    if (weight == LogWeight::Strong) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
    } else if (weight == LogWeight::Quiet) {
        item->setForeground(m_log->palette().color(QPalette::Disabled, QPalette::Text));
    }
}

void EdlPage::flushCurves()
{
    if (!m_state->recorder)
        return;
    try {
        m_state->recorder->flush();
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot record the curves: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
}

void EdlPage::recordEnd(const Json& report)
{
    if (m_state->recorded || !m_state->address)
        return;
    m_state->recorded = true;
    m_state->ended = true;
    drawPending();
    const std::string dir = m_state->address->jobDir;
    Json result;
    try {
        // The workers' final states and counters are the report's, not the last step's.
        if (report.is_object() && report.contains("status"))
            m_state->status = edl::jobStatusFromJson(report["status"]);
        if (store::Session* s = session(); s && m_run != 0) {
            if (!m_state->recorder)
                m_state->recorder = std::make_unique<edl::JobRecorder>(*s, m_run);
            result = m_state->recorder->finish(report, m_state->timeline, dir);
            Q_EMIT runsChanged();
        } else {
            result = report.is_null() ? edl::jobResultFromTimeline(m_state->timeline, dir)
                                      : edl::jobResultFromReport(report, dir);
        }
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot record the end of the job: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
    showStatus();
    Q_EMIT jobEnded(QString::fromStdString(
        result.is_object() ? result.value("state", std::string("failed")) : std::string("failed")));
}

void EdlPage::showStatus()
{
    const bool attachedNow = isAttached();
    m_start->setEnabled((!attachedNow || m_state->ended) && !isBusy());
    m_detach->setEnabled(attachedNow);
    m_add->setEnabled(attachedNow && !m_state->ended);
    m_remove->setEnabled(attachedNow && !m_state->ended);
    m_stop->setEnabled(attachedNow && !m_state->ended);
    m_migrate->setEnabled(attachedNow && !m_state->ended && !isBusy());
    m_profile->setEnabled(attachedNow && !m_state->ended && !isBusy());
    const auto& st = m_state->status;
    const QLocale locale;
    if (attachedNow) {
        QString text
            = tr("<b>%1</b> — %2<br>generation %3 · step %4 · epoch %5/%6<br>loss %7 · %8 samples/s · %9 workers")
                  .arg(QString::fromStdString(m_state->address->jobId).toHtmlEscaped())
                  .arg(jobStateText(st.state))
                  .arg(st.generation)
                  .arg(locale.toString(qlonglong(st.step)))
                  .arg(std::min(st.epoch + 1, std::max<std::int64_t>(st.epochs, 1)))
                  .arg(st.epochs)
                  .arg(locale.toString(st.loss, 'f', 4))
                  .arg(locale.toString(st.throughput, 'f', 0))
                  .arg(st.activeWorkers());
        if (!st.leaderHost.empty()) { // where the job is steered from, and how its workers start
            const QString how = st.launcher == "local" ? tr("workers started locally")
                : st.launcher == "ssh"                 ? tr("workers started over ssh")
                : st.launcher == "slurm"               ? tr("workers started as Slurm job steps")
                                                       : QString::fromStdString(st.launcher).toHtmlEscaped();
            text += QStringLiteral("<br>")
                + tr("leader on %1 · %2").arg(QString::fromStdString(st.leaderHost).toHtmlEscaped(), how);
        }
        m_status->setText(text);
    }
    // The chart says whether it follows a job or shows a run that has ended.
    m_chart->chart()->setTitle(attachedNow && !m_state->ended ? tr("Training, live")
            : m_run != 0                                      ? tr("Training of run %1").arg(m_run)
                                                              : tr("Training"));
    // The table is rebuilt on every status; the user's selection (for Remove Selected) survives it.
    QSet<QString> selected;
    for (const QModelIndex& i : m_workersView->selectionModel()->selectedRows())
        selected.insert(m_workersModel->item(i.row(), 0)->text());
    m_workersModel->clear();
    m_workersModel->setHorizontalHeaderLabels({ tr("Worker"), tr("Host"), tr("Device"), tr("State"), tr("Rank"),
        tr("Step time (ms)"), tr("Chunks (epoch)"), tr("Samples") });
    auto number = [](const QString& text) {
        auto* item = new QStandardItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    };
    for (const auto& w : st.workers)
        m_workersModel->appendRow({ new QStandardItem(QString::fromStdString(w.id)),
            new QStandardItem(QString::fromStdString(w.host)), new QStandardItem(QString::fromStdString(w.device)),
            new QStandardItem(workerStateText(w.state, m_state->ended)),
            number(w.rank >= 0 ? QString::number(w.rank) : QString()),
            number(w.stepTimeS > 0 ? locale.toString(w.stepTimeS * 1e3, 'f', 1) : QStringLiteral("–")),
            number(locale.toString(qlonglong(w.chunksDone))), number(locale.toString(qlonglong(w.samplesDone))) });
    for (int r = 0; r < m_workersModel->rowCount(); ++r)
        if (selected.contains(m_workersModel->item(r, 0)->text()))
            m_workersView->selectionModel()->select(
                m_workersModel->index(r, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_events->clear();
    m_events->setHorizontalHeaderLabels({ tr("Step"), tr("Change"), tr("Workers"), tr("Pause (ms)") });
    for (const auto& e : m_state->scaleEvents)
        m_events->appendRow({ number(locale.toString(qlonglong(e.step))), new QStandardItem(scaleKindText(e.kind)),
            new QStandardItem(QStringLiteral("%1 → %2").arg(e.workersBefore).arg(e.workersAfter)),
            number(locale.toString(e.pauseS * 1e3, 'f', 0)) });
}

// A stored run's job, back in the fields: what it ran is what Start runs again.
void EdlPage::showInputs(const edl::LeaderOptions& o)
{
    setJob(QString::fromUtf8(enumName(o.spec.trainer).data()), static_cast<int>(o.workers),
        static_cast<int>(o.spec.epochs), static_cast<int>(o.spec.samples), static_cast<int>(o.spec.globalBatch));
    m_model->setText(QString::fromStdString(o.spec.model));
    m_data->setText(QString::fromStdString(o.spec.data));
    m_script->setText(QString::fromStdString(o.spec.script));
    if (o.workerCommand.size() >= 2) { // {python, script, args...}
        m_python->setText(QString::fromStdString(o.workerCommand[0]));
        QStringList args;
        for (std::size_t i = 2; i < o.workerCommand.size(); ++i) {
            const QString a = QString::fromStdString(o.workerCommand[i]);
            args << (a.contains(QLatin1Char(' ')) || a.isEmpty() ? QLatin1Char('"') + a + QLatin1Char('"') : a);
        }
        m_scriptArgs->setText(args.join(QLatin1Char(' ')));
    }
    QStringList devices;
    for (const auto& d : o.devices)
        devices << QString::fromStdString(d);
    if (!devices.isEmpty())
        m_devices->setText(devices.join(QStringLiteral(",")));
    m_straggler->setChecked(o.straggler.enabled);
}

void EdlPage::showRun(qint64 runId)
{
    store::Session* s = session();
    if (!s)
        return;
    try {
        const edl::StoredJob job = edl::readJob(*s, runId);
        if (job.options)
            showInputs(*job.options); // a run of another version: the fields stay as they are
        // A job still running is re-attached; an ended one is drawn from the store.
        if (job.status == store::RunStatus::Running && !job.jobDir.empty()) {
            m_run = runId;
            if (attach(QString::fromStdString(job.jobDir)))
                return;
        }
        detach();
        clearShown(); // the log, tables and curves of the run shown before go
        m_run = runId;
        showStoredSeries(job);
        m_state->scaleEvents = job.events;
        showScaleMarkers();
        // The log of a run that has ended: its scale events, as they were logged live (each is
        // taken in again).
        for (const auto& e : std::exchange(m_state->scaleEvents, {}))
            onScale(e);
        if (job.finalStatus)
            m_state->status = *job.finalStatus;
        m_state->ended = true;
        showStatus();
        m_status->setText(
            tr("Run %1 (%2): %3")
                .arg(runId)
                .arg(SessionRunsModel::statusTitle(job.status),
                    localizeNumbers(QString::fromStdString(job.summary.empty() ? job.error : job.summary)))
                .toHtmlEscaped());
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
}

void EdlPage::showStoredSeries(const edl::StoredJob& job)
{
    auto points = [&](const std::string& name, double scale = 1.0) {
        QVector<QPointF> pts;
        const auto it = job.series.find(name);
        if (it != job.series.end())
            for (const auto& p : it->second)
                pts.push_back(QPointF(p.step, p.value * scale));
        return pts;
    };
    m_chart->setSeries(tr("loss"), points("loss"), false);
    m_chart->setSeries(tr("samples/s"), points("throughput"), true);
    for (const auto& [name, stored] : job.series) {
        if (name.rfind("step_time_s/", 0) == 0)
            m_stepChart->setSeries(QString::fromStdString(name.substr(12)), points(name, 1e3));
        else if (name == "workers")
            m_sizeChart->setSeries(tr("workers"), points(name));
        else if (name == "profile/samples_per_s")
            m_profileChart->setSeries(tr("samples/s"), points(name));
    }
}

void EdlPage::showScaleMarkers()
{
    QVector<QPointF> pts;
    for (const auto& e : m_state->scaleEvents)
        pts.push_back(QPointF(double(e.step), double(e.workersAfter)));
    m_sizeChart->setMarkers(tr("scale events"), pts);
}

bool EdlPage::migrateWorkers(const QStringList& from)
{
    if (!m_state->address || m_state->ended || isBusy())
        return false;
    edl::MigrationOptions options;
    for (const auto& id : from)
        options.from.push_back(id.toStdString());
    for (const auto& d : m_devices->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        options.devices.push_back(d.trimmed().toStdString());
    const edl::JobAddress address = *m_state->address;
    m_log->addItem(from.isEmpty() ? tr("Migration of every worker requested")
                                  : tr("Migration requested: %1").arg(from.join(QLatin1Char(' '))));
    // Waits for the joiners to train and the old workers to leave: off the GUI thread, with its own
    // connection (the page's client belongs to the GUI thread).
    using Events = std::vector<edl::ScaleEvent>;
    const bool started = startTypedTask<Events>(
        tr("Migrate workers"),
        [address, options](Progress& progress, const CancelToken& cancel) {
            edl::JobClient client(address, edl::ClientOptions{ .name = "gui-migrate" });
            return edl::migrate(client, options, progress, cancel);
        },
        [this](const TypedOutcome<Events>& outcome) {
            if (outcome.done()) {
                double pause = 0;
                for (const auto& e : *outcome.value)
                    pause += e.pauseS;
                m_log->addItem(tr("Migration done: %n scale event(s), %1 ms of pause in all", nullptr,
                    static_cast<int>(outcome.value->size()))
                                   .arg(QLocale().toString(pause * 1e3, 'f', 0)));
            } else {
                m_log->addItem(tr("Migration did not finish: %1").arg(outcome.error));
            }
            showStatus();
            Q_EMIT migrationFinished(outcome.done());
        });
    showStatus();
    return started;
}

bool EdlPage::profileThroughput(int maxWorkers, int steps)
{
    if (!m_state->address || m_state->ended || isBusy())
        return false;
    const edl::JobAddress address = *m_state->address;
    const edl::ProfileOptions options{ .maxWorkers = std::max(1, maxWorkers), .steps = std::max(1, steps) };
    m_log->addItem(tr("Profiling throughput at 1 to %1 workers").arg(options.maxWorkers));
    using Curve = std::vector<edl::ProfilePoint>;
    const bool started = startTypedTask<Curve>(
        tr("Profile throughput"),
        [address, options, session = session(), run = m_run](Progress& progress, const CancelToken& cancel) {
            // Stored in the job's run by the recipe, as `vantage-cli edl profile` stores it.
            return edl::runProfile(run != 0 ? session : nullptr, address, options, progress, cancel, run).curve;
        },
        [this](const TypedOutcome<Curve>& outcome) {
            if (outcome.done()) {
                QVector<QPointF> pts;
                QStringList text;
                for (const auto& p : *outcome.value) {
                    const double w = p.workers, sps = p.samplesPerS;
                    pts.push_back(QPointF(w, sps));
                    text << tr("%1: %2/s").arg(w).arg(QLocale().toString(sps, 'f', 0));
                }
                m_profileChart->setSeries(tr("samples/s"), pts);
                m_chartTabs->setCurrentWidget(m_profileChart);
                m_log->addItem(tr("Scaling curve: %1").arg(text.join(QStringLiteral(", "))));
            } else {
                m_log->addItem(tr("Profiling did not finish: %1").arg(outcome.error));
            }
            showStatus();
            Q_EMIT profileFinished(outcome.done());
        });
    showStatus();
    return started;
}

} // namespace vantage::gui
