// The elastic page's live side: the job's event stream taken in without stalling the window,
// requests to the job answered from its real state, the workers' counters polled; and the job
// beyond the window: taken up again when a session opens, let go on or stopped when the window
// closes (main_window.cpp asks which).

#include "edl_page_p.h"

#include "edl_texts.h"

#include "edl/job_run.h"
#include "store/session.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTimer>

#include <signal.h>

#include <cerrno>
#include <filesystem>

namespace vantage::gui {

namespace {
constexpr int kDrainSliceMs = 8; // events taken in per pass of the event loop, at most this long
constexpr std::size_t kDeliveryEvents = 4096; // events per delivery from the stream's thread
constexpr double kDeliveryWindowS = 0.05; // a delivery waits at most this long for more events
constexpr int kLogLines = 500;

// One callable of overloads for std::visit: a handler per alternative.
template <typename... Handlers> struct Overloaded : Handlers... {
    using Handlers::operator()...;
};
} // namespace

void EdlPage::startStreaming()
{
    const edl::JobAddress address = *m_state->address;
    const int id = ++m_state->streamId;
    QPointer<EdlPage> self(this);
    // The event stream runs as one of the page's tasks for as long as the page is attached; events
    // reach the GUI thread in deliveries of up to a few thousand (one queued call each, not one
    // per event: a queue of a million calls kept the window from answering for minutes).
    m_state->streamer = m_tasks->run([address, self, id](const CancelToken& stop) {
        std::vector<Incoming> batch;
        auto post = [&] {
            if (batch.empty())
                return;
            QMetaObject::invokeMethod(
                self,
                [self, id, items = std::move(batch)]() mutable {
                    if (self && self->m_state->streamId == id)
                        self->deliver(std::move(items));
                },
                Qt::QueuedConnection);
            batch = {};
        };
        auto control = [&](Incoming item) {
            batch.push_back(std::move(item));
            post();
        };
        try {
            edl::EventStream stream(address, edl::ClientOptions{ .name = "gui" });
            control({ StreamSnapshot{ stream.snapshot() } });
            for (const auto& e : stream.history()) {
                batch.push_back({ e });
                if (batch.size() >= kDeliveryEvents)
                    post();
            }
            post();
            while (!stop.isCancelled() && !stream.jobEnded()) {
                auto e = stream.next(0.25);
                if (!e)
                    continue;
                batch.push_back({ std::move(*e) });
                QElapsedTimer window;
                window.start();
                while (batch.size() < kDeliveryEvents && window.elapsed() < kDeliveryWindowS * 1e3)
                    if (auto more = stream.next(0.0))
                        batch.push_back({ std::move(*more) });
                    else
                        break;
                post();
            }
            while (auto e = stream.next(0.0))
                batch.push_back({ std::move(*e) });
            post();
        } catch (const std::exception& e) {
            control({ StreamLost{ QString::fromStdString(e.what()) } });
        }
        // The leader writes its report as it exits, after the last event: the run is recorded from
        // it (a few seconds at most; none from a leader on another machine).
        Json report;
        for (int i = 0; i < 40 && !stop.isCancelled() && report.is_null(); ++i)
            report = edl::waitForJobReport(address.jobDir, 0.25);
        if (!stop.isCancelled())
            control({ StreamReport{ std::move(report) } });
        return Json();
    });
}

void EdlPage::deliver(std::vector<Incoming> items)
{
    for (auto& item : items)
        m_state->inbox.push_back(std::move(item));
    if (!m_state->drainScheduled && !m_state->inbox.empty()) {
        m_state->drainScheduled = true;
        QTimer::singleShot(0, this, &EdlPage::drainInbox);
    }
}

void EdlPage::drainInbox()
{
    m_state->drainScheduled = false;
    QElapsedTimer slice;
    slice.start();
    // The snapshot, a lost stream and the report change what the page shows as a whole: taken in
    // their turn, like any event.
    while (!m_state->inbox.empty() && slice.elapsed() < kDrainSliceMs) {
        const Incoming item = std::move(m_state->inbox.front());
        m_state->inbox.pop_front();
        take(item);
    }
    while (m_log->count() > kLogLines)
        delete m_log->takeItem(0);
    if (!m_state->inbox.empty()) {
        m_state->drainScheduled = true;
        QTimer::singleShot(0, this, &EdlPage::drainInbox); // after what waits: paints, clicks, close
    }
}

void EdlPage::take(const Incoming& incoming)
{
    std::visit(Overloaded{ [this](const edl::JobEvent& e) { onJobEvent(e); },
                   [this](const StreamSnapshot& snapshot) { onSnapshot(snapshot); },
                   [this](const StreamLost& lost) { onStreamLost(lost); },
                   [this](const StreamReport& report) { onReport(report); } },
        incoming.item);
}

void EdlPage::onSnapshot(const StreamSnapshot& snapshot)
{
    m_state->status = snapshot.status;
    m_state->scaleEvents = m_state->status.scaleEvents;
    showScaleMarkers();
    showStatus();
}

void EdlPage::onStreamLost(const StreamLost& lost)
{
    m_log->addItem(tr("Lost the job: %1").arg(lost.message));
    m_state->ended = true;
    showStatus();
}

void EdlPage::onReport(const StreamReport& report)
{
    recordEnd(report.report);
}

void EdlPage::takeUpRuns()
{
    store::Session* s = session();
    if (!s || s->isReadOnly() || isAttached())
        return;
    edl::JobTakeUp takeUp;
    try {
        takeUp = edl::takeUpJobRuns(*s);
    } catch (const std::exception& e) {
        m_status->setText(
            tr("Cannot record a job that ended meanwhile: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
    if (takeUp.finished)
        Q_EMIT runsChanged();
    if (takeUp.live != 0)
        showRun(takeUp.live);
}

QString EdlPage::liveWork() const
{
    if (!isAttached() || m_state->ended)
        return {};
    return tr("The elastic job %1 is training (step %2, %n worker(s)).", nullptr, int(m_state->status.activeWorkers()))
        .arg(QString::fromStdString(m_state->address->jobId))
        .arg(m_state->status.step);
}

void EdlPage::detachLiveWork()
{
    // The run is held by the job's leader already (see startTraining): it stays running in the
    // session for as long as the job does, and is recorded from the job's report afterwards.
    detach();
    m_run = 0;
}

bool EdlPage::stopLiveWork(int timeoutMs)
{
    if (!isAttached() || m_state->ended)
        return true;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(this, &EdlPage::jobEnded, &loop, &QEventLoop::quit);
    if (!stopJob())
        return false;
    timer.start(timeoutMs);
    loop.exec(); // the window keeps painting while the workers save and leave
    return m_state->recorded;
}

void EdlPage::onJobEvent(const edl::JobEvent& e)
{
    m_state->timeline.add(e);
    if (m_state->recorder)
        m_state->recorder->add(e);
    std::visit(Overloaded{ [this](const edl::StepEvent& step) { onStep(step); },
                   [this](const edl::MembershipEvent& membership) { onMembership(membership); },
                   [this](const edl::GenerationEvent& generation) { onGeneration(generation); },
                   [this](const edl::ScaleEvent& scale) { onScale(scale); },
                   [this](const edl::FailureEvent& failure) { onFailure(failure); },
                   [this](const edl::EpochEvent& epoch) { onEpoch(epoch); },
                   [this](const edl::JobStateEvent& state) { onJobState(state); },
                   [this](const edl::LogEvent& log) { onLog(log); } },
        e.payload);
    // The status, worker table and events are redrawn with the charts, a few times a second; the
    // end of the job at once.
    m_statusDirty = true;
    if (m_state->ended)
        drawPending();
}

void EdlPage::onStep(const edl::StepEvent& s)
{
    auto& st = m_state->status;
    st.step = s.step;
    st.epoch = s.epoch;
    st.generation = s.generation;
    st.loss = s.loss;
    st.throughput = s.throughput;
    m_state->queue(m_chart, tr("loss"), double(s.step), s.loss);
    m_state->queue(m_chart, tr("samples/s"), double(s.step), s.throughput, true);
    m_state->queue(m_sizeChart, tr("workers"), double(s.step), double(s.workers));
    for (const auto& [worker, seconds] : s.workerStepS) {
        m_state->queue(m_stepChart, QString::fromStdString(worker), double(s.step), seconds * 1e3);
        // The table's step time is the last step's, as the chart's.
        for (auto& w : st.workers)
            if (w.id == worker)
                w.stepTimeS = seconds;
    }
    Q_EMIT stepSeen(s.step);
}

void EdlPage::onMembership(const edl::MembershipEvent& m)
{
    m_state->status.workers = m.workers;
}

void EdlPage::onGeneration(const edl::GenerationEvent& g)
{
    m_state->status.generation = g.generation;
    logLine(tr("Generation %1 (%2): %3").arg(g.generation).arg(generationReasonText(g.reason), joinIds(g.members)),
        LogWeight::Quiet);
}

void EdlPage::onScale(const edl::ScaleEvent& sc)
{
    const QLocale locale;
    m_state->scaleEvents.push_back(sc);
    showScaleMarkers();
    // Joins and leaves stand out of the routine lines.
    QString who;
    if (!sc.joined.empty())
        who += tr(" · joined: %1").arg(joinIds(sc.joined));
    if (!sc.left.empty())
        who += tr(" · left: %1").arg(joinIds(sc.left));
    logLine(tr("Step %1: %2, %3 → %4 workers, %5 ms of pause%6")
                .arg(locale.toString(qlonglong(sc.step)))
                .arg(scaleKindText(sc.kind))
                .arg(sc.workersBefore)
                .arg(sc.workersAfter)
                .arg(locale.toString(sc.pauseS * 1e3, 'f', 0))
                .arg(who),
        LogWeight::Strong);
}

void EdlPage::onFailure(const edl::FailureEvent& f)
{
    const QLocale locale;
    logLine(tr("Worker %1 failed at step %2: %3 (silent %4 s)")
                .arg(QString::fromStdString(f.worker))
                .arg(locale.toString(qlonglong(f.step)))
                .arg(QString::fromStdString(f.reason))
                .arg(locale.toString(f.silentS, 'f', 1)),
        LogWeight::Strong);
}

void EdlPage::onEpoch(const edl::EpochEvent& ep)
{
    const QLocale locale;
    logLine(tr("Epoch %1 done: %2 of %3 samples trained exactly once")
                .arg(ep.epoch + 1) // counted from 1, as the status line counts them
                .arg(locale.toString(qlonglong(ep.seenOnce)))
                .arg(locale.toString(qlonglong(ep.samples))),
        LogWeight::Quiet);
}

void EdlPage::onJobState(const edl::JobStateEvent& js)
{
    m_state->status.state = js.state;
    m_state->status.message = js.message;
    if (edl::isFinal(js.state)) {
        m_state->ended = true;
        drawPending();
    }
}

void EdlPage::onLog(const edl::LogEvent& l)
{
    // The leader's own notes: what it did on a request is shown above in the window's words;
    // its warnings and errors are shown as it wrote them.
    if (l.level != edl::LogLevel::Info)
        logLine(tr("Leader: %1").arg(QString::fromStdString(l.text)), LogWeight::Strong);
}

void EdlPage::drawPending()
{
    for (auto& p : m_state->pending)
        p.chart->appendPoints(p.name, p.points, p.right);
    m_state->pending.clear();
    if (m_state->ended) // no room ahead for steps that will not come
        for (auto* c : { m_chart, m_stepChart, m_sizeChart })
            c->fitToData();
    if (m_statusDirty) {
        m_statusDirty = false;
        m_log->scrollToBottom();
        showStatus();
    }
}

bool EdlPage::jobIsOver() const
{
    if (!m_state->address)
        return true;
    for (const auto& incoming : m_state->inbox) // the end may be delivered and not yet taken in
        if (const auto* e = std::get_if<edl::JobEvent>(&incoming.item))
            if (const auto* js = std::get_if<edl::JobStateEvent>(&e->payload); js && edl::isFinal(js->state))
                return true;
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::path(m_state->address->jobDir) / "report.json", ec))
        return true;
    // A leader of this host that is gone (a remote one is known by its report only).
    const auto pid = static_cast<pid_t>(m_state->address->leaderPid);
    return pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH;
}

void EdlPage::request(const QString& what, std::function<Json(const edl::JobClient&)> call)
{
    // Answered from the job's real state: a job that has ended (though its last events may still
    // be on their way) is not asked, and is not waited for.
    if (m_state->ended || jobIsOver()) {
        const QString text = tr("%1 not sent: the job has ended.").arg(what);
        m_log->addItem(text);
        m_log->scrollToBottom();
        m_status->setText(text.toHtmlEscaped());
        QTimer::singleShot(0, this, [this] { Q_EMIT requestFinished(false); });
        return;
    }
    // The leader answers within its request timeout (5 s) or not at all: never on the GUI thread.
    auto client = m_state->client;
    m_log->addItem(tr("%1 requested…").arg(what));
    m_tasks->run([client, call = std::move(call)](const CancelToken&) { return call(*client); },
        [this, what](const TaskOutcome& outcome) {
            if (outcome.state == TaskOutcome::State::Done) {
                QStringList ids;
                for (const auto& id : outcome.result.value("ids", Json::array()))
                    ids << QString::fromStdString(id.get<std::string>());
                m_log->addItem(ids.isEmpty() ? tr("%1: accepted").arg(what)
                                             : tr("%1: accepted (%2)").arg(what, ids.join(QLatin1Char(' '))));
            } else {
                // No answer from a job that ended meanwhile is that, not a time-out.
                const QString why = jobIsOver() ? tr("the job ended before it answered") : outcome.error;
                m_log->addItem(tr("%1 failed: %2").arg(what, why));
                m_status->setText(tr("%1 failed: %2").arg(what, why).toHtmlEscaped());
            }
            m_log->scrollToBottom();
            Q_EMIT requestFinished(outcome.state == TaskOutcome::State::Done);
        });
}

void EdlPage::pollWorkers()
{
    if (!m_state->client || m_state->ended || m_state->pollInFlight)
        return;
    m_state->pollInFlight = true;
    auto client = m_state->client;
    const int id = m_state->streamId;
    m_tasks->run([client](const CancelToken&) { return edl::toJson(client->status()); },
        [this, id](const TaskOutcome& outcome) {
            m_state->pollInFlight = false;
            if (outcome.state != TaskOutcome::State::Done || id != m_state->streamId || m_state->ended)
                return;
            // Counters only: who is a member is the events' to say, in their order.
            const edl::JobStatus now = edl::jobStatusFromJson(outcome.result);
            for (auto& w : m_state->status.workers)
                for (const auto& n : now.workers)
                    if (n.id == w.id) {
                        w.stepTimeS = n.stepTimeS;
                        w.chunksDone = n.chunksDone;
                        w.samplesDone = n.samplesDone;
                    }
            m_statusDirty = true;
        });
}

} // namespace vantage::gui
