#include "job_runner.h"

#include "common/error.h"

#include <QtConcurrent/QtConcurrentRun>

namespace vantage::gui {

namespace {

// Forwards core progress to the runner's signal; emitted from the worker thread, so the
// connection to widgets is queued by Qt.
class SignalProgress final : public Progress {
public:
    explicit SignalProgress(JobRunner* runner)
        : m_forward([runner](double f, std::string_view phase) {
            Q_EMIT runner->progressChanged(f, QString::fromUtf8(phase.data(), static_cast<qsizetype>(phase.size())));
        })
    { }
    void report(double fraction, std::string_view phase) override { m_forward.report(fraction, phase); }

private:
    CallbackProgress m_forward;
};

} // namespace

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<JobOutcome>();
}

JobRunner::~JobRunner()
{
    cancel();
    m_future.waitForFinished(); // its outcome, posted to this runner, goes with it
}

bool JobRunner::isRunning() const
{
    return m_active;
}

bool JobRunner::start(const QString& title, Work work)
{
    return launch(title, [work = std::move(work)](Progress& progress, const CancelToken& cancel) {
        return runForOutcome([&] { return work(progress, cancel); });
    });
}

bool JobRunner::startTyped(const QString& title, TypedWork work)
{
    return launch(title, [work = std::move(work)](Progress& progress, const CancelToken& cancel) {
        return runForTypedOutcome([&] { return work(progress, cancel); });
    });
}

bool JobRunner::launch(const QString& title, std::function<JobOutcome(Progress&, const CancelToken&)> work)
{
    if (isRunning())
        return false;
    m_cancel = CancelToken();
    m_active = true;
    const quint64 job = ++m_job;
    Q_EMIT started(title);
    // The job counts as running until its outcome is delivered on the GUI thread (the work ends on
    // its own thread before what it made reaches the page); an outcome of a job let go of
    // (waitForFinished) is dropped.
    m_future = QtConcurrent::run([this, job, work = std::move(work), cancel = m_cancel]() {
        SignalProgress progress(this);
        JobOutcome outcome = work(progress, cancel);
        QMetaObject::invokeMethod(
            this,
            [this, job, outcome = std::move(outcome)] {
                if (job != m_job || !m_active)
                    return;
                m_active = false;
                Q_EMIT finished(outcome);
            },
            Qt::QueuedConnection);
    });
    return true;
}

namespace {

// Runs `work`, which keeps what it made in `out`, and tells how it ended.
JobOutcome outcomeOf(const std::function<void(JobOutcome& out)>& work)
{
    JobOutcome out;
    try {
        work(out);
        out.state = JobOutcome::State::Done;
    } catch (const Cancelled&) {
        out.state = JobOutcome::State::Cancelled;
    } catch (const Error& e) {
        out.state = JobOutcome::State::Failed;
        out.error = QString::fromUtf8(e.what());
        out.errorKind = e.kind();
    } catch (const std::exception& e) {
        out.state = JobOutcome::State::Failed;
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

} // namespace

JobOutcome runForOutcome(const std::function<Json()>& work)
{
    return outcomeOf([&](JobOutcome& out) { out.result = work(); });
}

JobOutcome runForTypedOutcome(const std::function<std::any()>& work)
{
    return outcomeOf([&](JobOutcome& out) { out.value = work(); });
}

void JobRunner::cancel()
{
    m_cancel.cancel();
}

void JobRunner::waitForFinished()
{
    m_future.waitForFinished();
    m_active = false;
}

} // namespace vantage::gui
