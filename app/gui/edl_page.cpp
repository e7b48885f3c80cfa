#include "edl_page_p.h"

#include "edl_texts.h"
#include "task_group.h"

#include "common/error.h"
#include "edl/client.h"
#include "edl/job_run.h"
#include "edl/launcher.h"
#include "edl/leader.h"
#include "edl/policies.h"
#include "edl/user_data.h"
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
}

EdlPage::~EdlPage()
{
    // The job goes on without the window: only the event stream stops.
    m_state->stopStreaming();
    flushCurves();
    cancelJob();
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
    showStatus();
    takeUpRuns();
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
        options.spec.trainer = m_trainer->currentData().toString().toStdString();
        options.spec.epochs = m_epochs->value();
        options.spec.samples = m_samples->value();
        if (options.spec.trainer == "torchscript") {
            const QString model = m_model->text().trimmed();
            const QString data = m_data->text().trimmed();
            if (model.isEmpty() || data.isEmpty()) {
                m_status->setText(model.isEmpty()
                        ? tr("Choose the model: a TorchScript file saved with torch.jit.save.")
                        : tr("Choose the data: a folder with inputs.npy and targets.npy."));
                return false;
            }
            edl::useUserModel(options.spec, model.toStdString(), data.toStdString(), "auto", false);
            m_samples->setValue(static_cast<int>(std::min<std::int64_t>(options.spec.samples, m_samples->maximum())));
        }
        const bool script = options.spec.trainer == "python";
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
    const store::NewRun run = edl::jobRun(options);
    store::Session* session = this->session();
    m_start->setEnabled(false);
    m_status->setText(tr("Starting the job…"));
    return startJob(
        tr("Start elastic job"),
        [options](Progress& progress, const CancelToken&) {
            progress.report(0.1, "starting the leader");
            const auto address = edl::startJob(options);
            return Json(edl::toJson(address));
        },
        [this, run, session](const JobOutcome& outcome) {
            m_start->setEnabled(true);
            if (outcome.state != JobOutcome::State::Done) {
                m_status->setText(tr("Cannot start the job: %1").arg(outcome.error).toHtmlEscaped());
                Q_EMIT attached(false);
                return;
            }
            const auto address = edl::jobAddressFromJson(outcome.result);
            if (session == this->session() && session) {
                try {
                    m_run = session->beginRun(run);
                    // The leader holds the run: it outlives this window (closed, detached or
                    // crashed) for as long as the job trains.
                    if (address.leaderPid > 0)
                        session->handOverRun(m_run, address.leaderPid);
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
    if (m_run == 0 && session()) {
        for (const auto& r : session()->runs())
            if (r.engine == store::Engine::Edl && r.params.value("job_dir", std::string()) == m_state->address->jobDir
                && r.status == store::RunStatus::Running)
                m_run = r.id;
    }
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
    m_state->scaleEvents.clear();
    m_chart->clearSeries();
    m_stepChart->clearSeries();
    m_sizeChart->clearSeries();
    m_events->clear();
    m_log->clear();
    const edl::JobAddress address = *m_state->address;
    QPointer<EdlPage> self(this);
    // The event stream runs as one of the page's tasks for as long as the page is attached; events
    // reach the GUI thread as queued calls.
    m_state->streamer = m_tasks->run([address, self](const CancelToken& stop) {
        auto post = [self](Json j) {
            QMetaObject::invokeMethod(
                self,
                [self, j = std::move(j)] {
                    if (self)
                        self->onEvent(j);
                },
                Qt::QueuedConnection);
        };
        try {
            edl::EventStream stream(address, edl::ClientOptions{ .name = "gui" });
            post({ { "kind", "snapshot" }, { "status", edl::toJson(stream.snapshot()) } });
            for (const auto& e : stream.history())
                post(edl::toJson(e));
            while (!stop.isCancelled() && !stream.jobEnded())
                if (auto e = stream.next(0.25))
                    post(edl::toJson(*e));
            while (auto e = stream.next(0.0))
                post(edl::toJson(*e));
        } catch (const std::exception& e) {
            post({ { "kind", "lost" }, { "message", e.what() } });
        }
        // The leader writes its report as it exits, after the last event: the run is recorded from
        // it (a few seconds at most; none from a leader on another machine).
        Json report;
        for (int i = 0; i < 40 && !stop.isCancelled() && report.is_null(); ++i)
            report = edl::waitForJobReport(address.jobDir, 0.25);
        if (!stop.isCancelled())
            post({ { "kind", "report" }, { "report", report } });
        return Json();
    });
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

QString EdlPage::jobDir() const
{
    return m_state->address ? QString::fromStdString(m_state->address->jobDir) : QString();
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

void EdlPage::request(const QString& what, std::function<Json(const edl::JobClient&)> call)
{
    // The leader answers within its request timeout (5 s) or not at all: never on the GUI thread.
    auto client = m_state->client;
    m_log->addItem(tr("%1 requested…").arg(what));
    m_tasks->run([client, call = std::move(call)](const CancelToken&) { return call(*client); },
        [this, what](const JobOutcome& outcome) {
            if (outcome.state == JobOutcome::State::Done) {
                QStringList ids;
                for (const auto& id : outcome.result.value("ids", Json::array()))
                    ids << QString::fromStdString(id.get<std::string>());
                m_log->addItem(ids.isEmpty() ? tr("%1: accepted").arg(what)
                                             : tr("%1: accepted (%2)").arg(what, ids.join(QLatin1Char(' '))));
            } else {
                m_log->addItem(tr("%1 failed: %2").arg(what, outcome.error));
                m_status->setText(tr("%1 failed: %2").arg(what, outcome.error).toHtmlEscaped());
            }
            m_log->scrollToBottom();
            Q_EMIT requestFinished(outcome.state == JobOutcome::State::Done);
        });
}

int EdlPage::activeWorkers() const
{
    return static_cast<int>(m_state->status.activeWorkers());
}

qint64 EdlPage::currentStep() const
{
    return m_state->status.step;
}

int EdlPage::scaleEventCount() const
{
    return static_cast<int>(m_state->scaleEvents.size());
}

QString EdlPage::jobState() const
{
    return QString::fromUtf8(edl::jobStateName(m_state->status.state).data()); // for tests: the name
}

void EdlPage::onEvent(const Json& j)
{
    const std::string kind = j.value("kind", std::string());
    if (kind == "snapshot") {
        m_state->status = edl::jobStatusFromJson(j["status"]);
        m_state->scaleEvents = m_state->status.scaleEvents;
        showScaleMarkers();
        showStatus();
        return;
    }
    if (kind == "lost") {
        m_log->addItem(tr("Lost the job: %1").arg(QString::fromStdString(j.value("message", std::string()))));
        m_state->ended = true;
        showStatus();
        return;
    }
    if (kind == "report") {
        recordEnd(j.value("report", Json()));
        return;
    }
    const edl::JobEvent e = edl::jobEventFromJson(j);
    m_state->timeline.add(e);
    if (m_state->recorder)
        m_state->recorder->add(e);
    auto& st = m_state->status;
    if (const auto* s = std::get_if<edl::StepEvent>(&e.payload)) {
        st.step = s->step;
        st.epoch = s->epoch;
        st.generation = s->generation;
        st.loss = s->loss;
        st.throughput = s->throughput;
        m_state->queue(m_chart, tr("loss"), double(s->step), s->loss);
        m_state->queue(m_chart, tr("samples/s"), double(s->step), s->throughput, true);
        m_state->queue(m_sizeChart, tr("workers"), double(s->step), double(s->workers));
        for (const auto& [worker, seconds] : s->workerStepS) {
            m_state->queue(m_stepChart, QString::fromStdString(worker), double(s->step), seconds * 1e3);
        }
        Q_EMIT stepSeen(s->step);
    } else if (const auto* m = std::get_if<edl::MembershipEvent>(&e.payload)) {
        st.workers = m->workers;
    } else if (const auto* g = std::get_if<edl::GenerationEvent>(&e.payload)) {
        st.generation = g->generation;
        logLine(
            tr("Generation %1 (%2): %3").arg(g->generation).arg(generationReasonText(g->reason), joinIds(g->members)),
            LogWeight::Quiet);
    } else if (const auto* sc = std::get_if<edl::ScaleEvent>(&e.payload)) {
        m_state->scaleEvents.push_back(*sc);
        showScaleMarkers();
        // Joins and leaves stand out of the routine lines.
        QString who;
        if (!sc->joined.empty())
            who += tr(" · joined: %1").arg(joinIds(sc->joined));
        if (!sc->left.empty())
            who += tr(" · left: %1").arg(joinIds(sc->left));
        logLine(tr("Step %1: %2, %3 → %4 workers, %5 ms of pause%6")
                    .arg(sc->step)
                    .arg(scaleKindText(sc->kind))
                    .arg(sc->workersBefore)
                    .arg(sc->workersAfter)
                    .arg(sc->pauseS * 1e3, 0, 'f', 0)
                    .arg(who),
            LogWeight::Strong);
    } else if (const auto* f = std::get_if<edl::FailureEvent>(&e.payload)) {
        logLine(tr("Worker %1 failed at step %2: %3 (silent %4 s)")
                    .arg(QString::fromStdString(f->worker))
                    .arg(f->step)
                    .arg(QString::fromStdString(f->reason))
                    .arg(f->silentS, 0, 'f', 1),
            LogWeight::Strong);
    } else if (const auto* ep = std::get_if<edl::EpochEvent>(&e.payload)) {
        logLine(tr("Epoch %1 done: %2 of %3 samples trained exactly once")
                    .arg(ep->epoch + 1) // counted from 1, as the status line counts them
                    .arg(ep->seenOnce)
                    .arg(ep->samples),
            LogWeight::Quiet);
    } else if (const auto* js = std::get_if<edl::JobStateEvent>(&e.payload)) {
        st.state = js->state;
        st.message = js->message;
        if (edl::isFinal(js->state)) {
            m_state->ended = true;
            drawPending();
        }
    } else if (const auto* l = std::get_if<edl::LogEvent>(&e.payload)) {
        // The leader's own notes: what it did on a request is shown above in the window's words;
        // its warnings and errors are shown as it wrote them.
        if (l->level != edl::LogLevel::Info)
            logLine(tr("Leader: %1").arg(QString::fromStdString(l->text)), LogWeight::Strong);
    }
    while (m_log->count() > 500)
        delete m_log->takeItem(0);
    // After a step the status, worker table and events are redrawn with the charts, a few times a
    // second: a re-attach replays the whole history of a long job, one event per step.
    if (std::holds_alternative<edl::StepEvent>(e.payload)) {
        m_statusDirty = true;
    } else {
        m_log->scrollToBottom();
        showStatus();
    }
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
        result = report.is_null() ? edl::jobResultFromTimeline(m_state->timeline, dir)
                                  : edl::jobResultFromReport(report, dir);
        // The workers' final states and counters are the report's, not the last step's.
        if (report.is_object() && report.contains("status"))
            m_state->status = edl::jobStatusFromJson(report["status"]);
        if (store::Session* s = session(); s && m_run != 0) {
            if (!m_state->recorder)
                m_state->recorder = std::make_unique<edl::JobRecorder>(*s, m_run);
            m_state->recorder->storeRest(report, m_state->timeline);
            edl::finishJobRun(*s, m_run, result);
            Q_EMIT runsChanged();
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
    if (attachedNow)
        m_status->setText(
            tr("<b>%1</b> — %2<br>generation %3 · step %4 · epoch %5/%6<br>loss %7 · %8 samples/s · %9 workers")
                .arg(QString::fromStdString(m_state->address->jobId).toHtmlEscaped())
                .arg(jobStateText(st.state))
                .arg(st.generation)
                .arg(st.step)
                .arg(std::min(st.epoch + 1, std::max<std::int64_t>(st.epochs, 1)))
                .arg(st.epochs)
                .arg(st.loss, 0, 'f', 4)
                .arg(st.throughput, 0, 'f', 0)
                .arg(st.activeWorkers()));
    // The table is rebuilt on every status; the user's selection (for Remove Selected) survives it.
    QSet<QString> selected;
    for (const QModelIndex& i : m_workersView->selectionModel()->selectedRows())
        selected.insert(m_workersModel->item(i.row(), 0)->text());
    m_workersModel->clear();
    m_workersModel->setHorizontalHeaderLabels({ tr("Worker"), tr("Host"), tr("Device"), tr("State"), tr("Rank"),
        tr("Step time (ms)"), tr("Chunks (epoch)"), tr("Samples") });
    for (const auto& w : st.workers)
        m_workersModel->appendRow({ new QStandardItem(QString::fromStdString(w.id)),
            new QStandardItem(QString::fromStdString(w.host)), new QStandardItem(QString::fromStdString(w.device)),
            new QStandardItem(workerStateText(w.state, m_state->ended)),
            new QStandardItem(w.rank >= 0 ? QString::number(w.rank) : QString()),
            new QStandardItem(QString::number(w.stepTimeS * 1e3, 'f', 1)),
            new QStandardItem(QString::number(w.chunksDone)), new QStandardItem(QString::number(w.samplesDone)) });
    for (int r = 0; r < m_workersModel->rowCount(); ++r)
        if (selected.contains(m_workersModel->item(r, 0)->text()))
            m_workersView->selectionModel()->select(
                m_workersModel->index(r, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_events->clear();
    m_events->setHorizontalHeaderLabels({ tr("Step"), tr("Change"), tr("Workers"), tr("Pause (ms)") });
    for (const auto& e : m_state->scaleEvents)
        m_events->appendRow({ new QStandardItem(QString::number(e.step)), new QStandardItem(scaleKindText(e.kind)),
            new QStandardItem(QStringLiteral("%1 → %2").arg(e.workersBefore).arg(e.workersAfter)),
            new QStandardItem(QString::number(e.pauseS * 1e3, 'f', 0)) });
}

// A stored run's job, back in the fields: what it ran is what Start runs again.
void EdlPage::showInputs(const Json& params)
{
    edl::LeaderOptions o;
    try {
        Json p = params;
        if (p.is_object() && !p.contains("worker_binary"))
            p["worker_binary"] = "vantage-edl-worker"; // a run does not keep it: found again on Start
        o = edl::leaderOptionsFromJson(p);
    } catch (const std::exception&) {
        return; // a run of another version: the fields stay as they are
    }
    setJob(QString::fromStdString(o.spec.trainer), static_cast<int>(o.workers), static_cast<int>(o.spec.epochs),
        static_cast<int>(o.spec.samples), static_cast<int>(o.spec.globalBatch));
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
        const auto run = s->run(runId);
        const std::string dir = run.params.value("job_dir", std::string());
        showInputs(run.params);
        // A job still running is re-attached; an ended one is drawn from the store.
        if (run.status == store::RunStatus::Running && !dir.empty()) {
            m_run = runId;
            if (attach(QString::fromStdString(dir)))
                return;
        }
        detach();
        m_run = runId;
        m_state->pending.clear();
        m_chart->clearSeries();
        for (const auto& [name, right] : { std::pair<std::string, bool>{ "loss", false }, { "throughput", true } }) {
            QVector<QPointF> pts;
            for (const auto& p : s->series(runId, name))
                pts.push_back(QPointF(p.step, p.value));
            m_chart->setSeries(right ? tr("samples/s") : tr("loss"), pts, right);
        }
        m_stepChart->clearSeries();
        m_sizeChart->clearSeries();
        m_profileChart->clearSeries();
        for (const auto& name : s->seriesNames(runId)) {
            QVector<QPointF> pts;
            const bool stepTime = name.rfind("step_time_s/", 0) == 0;
            for (const auto& p : s->series(runId, name))
                pts.push_back(QPointF(p.step, stepTime ? p.value * 1e3 : p.value));
            if (stepTime)
                m_stepChart->setSeries(QString::fromStdString(name.substr(12)), pts);
            else if (name == "workers")
                m_sizeChart->setSeries(tr("workers"), pts);
            else if (name == "profile/samples_per_s")
                m_profileChart->setSeries(tr("samples/s"), pts);
        }
        // The result holds the report's "events" and "status" (runs of earlier versions:
        // "scale_events" and "report": {"status"}).
        m_state->scaleEvents.clear();
        if (run.result.is_object())
            for (const auto& e : run.result.value("events", run.result.value("scale_events", Json::array())))
                m_state->scaleEvents.push_back(edl::scaleEventFromJson(e));
        showScaleMarkers();
        m_state->status = {};
        if (run.result.is_object() && run.result.contains("status") && run.result["status"].is_object())
            m_state->status = edl::jobStatusFromJson(run.result["status"]);
        else if (run.result.is_object() && run.result.contains("report") && run.result["report"].contains("status"))
            m_state->status = edl::jobStatusFromJson(run.result["report"]["status"]);
        m_state->ended = true;
        showStatus();
        m_status->setText(tr("Run %1 (%2): %3")
                              .arg(runId)
                              .arg(QString::fromUtf8(store::statusName(run.status).data()),
                                  QString::fromStdString(run.summary.empty() ? run.error : run.summary))
                              .toHtmlEscaped());
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())).toHtmlEscaped());
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
    const bool started = startJob(
        tr("Migrate workers"),
        [address, options](Progress& progress, const CancelToken& cancel) {
            progress.report(0.1, "starting the new workers");
            edl::JobClient client(address, edl::ClientOptions{ .name = "gui-migrate" });
            const auto events = edl::migrate(client, options, cancel);
            Json j = Json::array();
            for (const auto& e : events)
                j.push_back(edl::toJson(e));
            return Json{ { "events", j } };
        },
        [this](const JobOutcome& outcome) {
            if (outcome.state == JobOutcome::State::Done) {
                double pause = 0;
                for (const auto& e : outcome.result["events"])
                    pause += e.value("pause_s", 0.0);
                m_log->addItem(tr("Migration done: %n scale event(s), %1 ms of pause in all", nullptr,
                    static_cast<int>(outcome.result["events"].size()))
                                   .arg(pause * 1e3, 0, 'f', 0));
            } else {
                m_log->addItem(tr("Migration did not finish: %1").arg(outcome.error));
            }
            showStatus();
            Q_EMIT migrationFinished(outcome.state == JobOutcome::State::Done);
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
    const bool started = startJob(
        tr("Profile throughput"),
        [address, options](Progress& progress, const CancelToken& cancel) {
            edl::JobClient client(address, edl::ClientOptions{ .name = "gui-profile" });
            const auto points = edl::profileThroughput(client, options, cancel, &progress);
            Json j = Json::array();
            for (const auto& p : points)
                j.push_back({ { "workers", p.workers }, { "samples_per_s", p.samplesPerS }, { "step_s", p.stepS } });
            return Json{ { "points", j } };
        },
        [this](const JobOutcome& outcome) {
            if (outcome.state == JobOutcome::State::Done) {
                QVector<QPointF> pts;
                std::vector<store::SeriesPoint> stored;
                QStringList text;
                for (const auto& p : outcome.result["points"]) {
                    const double w = p.value("workers", 0), sps = p.value("samples_per_s", 0.0);
                    pts.push_back(QPointF(w, sps));
                    stored.push_back({ w, sps });
                    text << tr("%1: %2/s").arg(w).arg(sps, 0, 'f', 0);
                }
                m_profileChart->setSeries(tr("samples/s"), pts);
                m_chartTabs->setCurrentWidget(m_profileChart);
                m_log->addItem(tr("Scaling curve: %1").arg(text.join(QStringLiteral(", "))));
                if (session() && m_run != 0) {
                    try {
                        session()->appendSeries(m_run, "profile/samples_per_s", stored);
                    } catch (const std::exception& e) {
                        m_status->setText(
                            tr("Cannot record the curves: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
                    }
                }
            } else {
                m_log->addItem(tr("Profiling did not finish: %1").arg(outcome.error));
            }
            showStatus();
            Q_EMIT profileFinished(outcome.state == JobOutcome::State::Done);
        });
    showStatus();
    return started;
}

void EdlPage::drawPending()
{
    for (auto& p : m_state->pending)
        p.chart->appendPoints(p.name, p.points, p.right);
    m_state->pending.clear();
    if (m_statusDirty) {
        m_statusDirty = false;
        m_log->scrollToBottom();
        showStatus();
    }
}

} // namespace vantage::gui
