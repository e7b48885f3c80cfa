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
    connect(&m_watcher, &QFutureWatcher<JobOutcome>::finished, this, [this] { Q_EMIT finished(m_watcher.result()); });
}

JobRunner::~JobRunner()
{
    cancel();
    m_watcher.disconnect();
    m_watcher.waitForFinished();
}

bool JobRunner::isRunning() const
{
    return m_watcher.isRunning();
}

bool JobRunner::start(const QString& title, Work work)
{
    if (isRunning())
        return false;
    m_cancel = CancelToken();
    Q_EMIT started(title);
    m_watcher.setFuture(QtConcurrent::run([this, work = std::move(work), cancel = m_cancel]() {
        SignalProgress progress(this);
        return runForOutcome([&] { return work(progress, cancel); });
    }));
    return true;
}

JobOutcome runForOutcome(const std::function<Json()>& work)
{
    JobOutcome out;
    try {
        out.result = work();
        out.state = JobOutcome::State::Done;
    } catch (const Cancelled&) {
        out.state = JobOutcome::State::Cancelled;
    } catch (const std::exception& e) {
        out.state = JobOutcome::State::Failed;
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

void JobRunner::cancel()
{
    m_cancel.cancel();
}

void JobRunner::waitForFinished()
{
    m_watcher.waitForFinished();
}

} // namespace vantage::gui
