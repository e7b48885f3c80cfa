#include "task_runner.h"

#include "common/error.h"

#include <QtConcurrent/QtConcurrentRun>

namespace vantage::gui {

namespace {

// Forwards core progress to the runner's signal; emitted from the worker thread, so the
// connection to widgets is queued by Qt.
class SignalProgress final : public Progress {
public:
    explicit SignalProgress(TaskRunner* runner)
        : m_forward([runner](double f, std::string_view phase) {
            Q_EMIT runner->progressChanged(f, QString::fromUtf8(phase.data(), static_cast<qsizetype>(phase.size())));
        })
    { }
    void report(double fraction, std::string_view phase) override { m_forward.report(fraction, phase); }

private:
    CallbackProgress m_forward;
};

} // namespace

TaskRunner::TaskRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<TaskOutcome>();
}

TaskRunner::~TaskRunner()
{
    cancel();
    m_future.waitForFinished(); // its outcome, posted to this runner, goes with it
}

bool TaskRunner::isRunning() const
{
    return m_active;
}

bool TaskRunner::start(const QString& title, Work work)
{
    return launch(title, [work = std::move(work)](Progress& progress, const CancelToken& cancel) {
        return runForOutcome([&] { return work(progress, cancel); });
    });
}

bool TaskRunner::startTyped(const QString& title, TypedWork work)
{
    return launch(title, [work = std::move(work)](Progress& progress, const CancelToken& cancel) {
        return runForTypedOutcome([&] { return work(progress, cancel); });
    });
}

bool TaskRunner::launch(const QString& title, std::function<TaskOutcome(Progress&, const CancelToken&)> work)
{
    if (isRunning())
        return false;
    m_cancel = CancelToken();
    m_active = true;
    const quint64 task = ++m_task;
    Q_EMIT started(title);
    // The task counts as running until its outcome is delivered on the GUI thread (the work ends on
    // its own thread before what it made reaches the page); an outcome of a task let go of
    // (waitForFinished) is dropped.
    m_future = QtConcurrent::run([this, task, work = std::move(work), cancel = m_cancel]() {
        SignalProgress progress(this);
        TaskOutcome outcome = work(progress, cancel);
        QMetaObject::invokeMethod(
            this,
            [this, task, outcome = std::move(outcome)] {
                if (task != m_task || !m_active)
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
TaskOutcome outcomeOf(const std::function<void(TaskOutcome& out)>& work)
{
    TaskOutcome out;
    try {
        work(out);
        out.state = TaskOutcome::State::Done;
    } catch (const Cancelled&) {
        out.state = TaskOutcome::State::Cancelled;
    } catch (const Error& e) {
        out.state = TaskOutcome::State::Failed;
        out.error = QString::fromUtf8(e.what());
        out.errorKind = e.kind();
    } catch (const std::exception& e) {
        out.state = TaskOutcome::State::Failed;
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

} // namespace

TaskOutcome runForOutcome(const std::function<Json()>& work)
{
    return outcomeOf([&](TaskOutcome& out) { out.result = work(); });
}

TaskOutcome runForTypedOutcome(const std::function<std::any()>& work)
{
    return outcomeOf([&](TaskOutcome& out) { out.value = work(); });
}

void TaskRunner::cancel()
{
    m_cancel.cancel();
}

void TaskRunner::waitForFinished()
{
    m_future.waitForFinished();
    m_active = false;
}

} // namespace vantage::gui
