// The elastic page's job beyond the window: taken up again when a session opens, let go on or
// stopped when the window closes (main_window.cpp asks which).

#include "edl_page_p.h"

#include "edl/job_run.h"
#include "store/session.h"

#include <QEventLoop>
#include <QLabel>
#include <QTimer>

namespace vantage::gui {

void EdlPage::takeUpRuns()
{
    store::Session* s = session();
    if (!s || s->isReadOnly() || isAttached())
        return;
    bool finished = false;
    qint64 live = 0;
    try {
        for (const auto& r : s->runs()) {
            const std::string dir = r.params.value("job_dir", std::string());
            if (r.engine != store::Engine::Edl || dir.empty())
                continue;
            if (r.interrupted())
                finished = edl::finishJobRunFromReport(*s, r.id, dir) || finished;
            else if (r.status == store::RunStatus::Running)
                live = r.id;
        }
    } catch (const std::exception& e) {
        m_status->setText(
            tr("Cannot record a job that ended meanwhile: %1").arg(QString::fromUtf8(e.what())).toHtmlEscaped());
    }
    if (finished)
        Q_EMIT runsChanged();
    if (live != 0)
        showRun(live);
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

} // namespace vantage::gui
