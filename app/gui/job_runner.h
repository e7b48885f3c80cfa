#pragma once
// Runs one core call off the GUI thread and turns its progress into queued signals. The call gets
// a Progress& and a CancelToken like every long core call; cancel() sets the token. The result (or
// the error message) arrives through finished() on the GUI thread.

#include "common/json.h"
#include "common/progress.h"

#include <QFuture>
#include <QObject>

#include <functional>

namespace vantage::gui {

struct JobOutcome {
    enum class State {
        Done,
        Failed,
        Cancelled
    } state = State::Done;
    Json result; // what the job returned, when Done
    QString error; // the message, when Failed
};

// Runs `work` and tells how it ended: its result, a cancel (vantage::Cancelled) or the message of
// what it threw. For every thread that runs a page's work.
JobOutcome runForOutcome(const std::function<Json()>& work);

class JobRunner : public QObject {
    Q_OBJECT
public:
    using Work = std::function<Json(Progress&, const CancelToken&)>;

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override; // cancels and waits: a job never outlives its page

    // From start() until its outcome is delivered (the finished signal) or let go of.
    bool isRunning() const;
    // Starts `work` on the global thread pool. Refused (returns false) while a job runs.
    bool start(const QString& title, Work work);
    void cancel();
    // Blocks until the current job ends and lets go of it: its outcome is not delivered. For
    // shutdown, and a restore given up for a session switch.
    void waitForFinished();

Q_SIGNALS:
    void started(const QString& title);
    void progressChanged(double fraction, const QString& phase);
    void finished(const vantage::gui::JobOutcome& outcome);

private:
    QFuture<void> m_future;
    CancelToken m_cancel;
    quint64 m_job = 0; // the latest job started
    bool m_active = false;
};

} // namespace vantage::gui

Q_DECLARE_METATYPE(vantage::gui::JobOutcome)
