#pragma once
// Runs one core call off the GUI thread and turns its progress into queued signals. The call gets
// a Progress& and a CancelToken like every long core call; cancel() sets the token. The result (or
// the error message) arrives through finished() on the GUI thread.

#include "common/error.h"
#include "common/json.h"
#include "common/progress.h"

#include <QFuture>
#include <QObject>

#include <any>
#include <functional>
#include <memory>
#include <optional>

namespace vantage::gui {

struct TaskOutcome {
    enum class State {
        Done,
        Failed,
        Cancelled
    } state = State::Done;
    Json result; // what the task returned, when Done (tasks returning Json)
    std::any value; // what a typed task returned, when Done (EnginePage::startTypedTask)
    QString error; // the message, when Failed
    // Failed with a vantage::Error: what a user can fix (InvalidInput) or not (Failure); nullopt for
    // any other exception.
    std::optional<Error::Kind> errorKind;
};

// How a typed task ended: its value (when Done; the page may move from it) and, when Failed, the
// message and the error's kind. The value is made once on the task's thread and never copied.
template <typename T> struct TypedOutcome {
    TaskOutcome::State state = TaskOutcome::State::Done;
    std::shared_ptr<T> value;
    QString error;
    std::optional<Error::Kind> errorKind;
    bool done() const { return state == TaskOutcome::State::Done; }
    bool cancelled() const { return state == TaskOutcome::State::Cancelled; }
    bool userCanFix() const { return errorKind == Error::Kind::InvalidInput; }

    static TypedOutcome from(const TaskOutcome& o)
    {
        TypedOutcome t;
        t.state = o.state;
        t.error = o.error;
        t.errorKind = o.errorKind;
        if (o.state == TaskOutcome::State::Done)
            t.value = std::any_cast<std::shared_ptr<T>>(o.value);
        return t;
    }
};

// Runs `work` and tells how it ended: its result, a cancel (vantage::Cancelled) or the message of
// what it threw. For every thread that runs a page's work.
TaskOutcome runForOutcome(const std::function<Json()>& work);
// The same for a typed task: its value in TaskOutcome::value.
TaskOutcome runForTypedOutcome(const std::function<std::any()>& work);

class TaskRunner : public QObject {
    Q_OBJECT
public:
    using Work = std::function<Json(Progress&, const CancelToken&)>;
    using TypedWork = std::function<std::any(Progress&, const CancelToken&)>;

    explicit TaskRunner(QObject* parent = nullptr);
    ~TaskRunner() override; // cancels and waits: a task never outlives its page

    // From start() until its outcome is delivered (the finished signal) or let go of.
    bool isRunning() const;
    // Starts `work` on the global thread pool. Refused (returns false) while a task runs.
    bool start(const QString& title, Work work);
    bool startTyped(const QString& title, TypedWork work);
    void cancel();
    // Blocks until the current task ends and lets go of it: its outcome is not delivered. For
    // shutdown, and a restore given up for a session switch.
    void waitForFinished();

Q_SIGNALS:
    void started(const QString& title);
    void progressChanged(double fraction, const QString& phase);
    void finished(const vantage::gui::TaskOutcome& outcome);

private:
    bool launch(const QString& title, std::function<TaskOutcome(Progress&, const CancelToken&)> work);

    QFuture<void> m_future;
    CancelToken m_cancel;
    quint64 m_task = 0; // the latest task started
    bool m_active = false;
};

} // namespace vantage::gui

Q_DECLARE_METATYPE(vantage::gui::TaskOutcome)
