#pragma once
// What the main window knows of an engine page: its id and title, the session it records into,
// how to show a stored run, and its one long action at a time (run off the GUI thread by a
// TaskRunner, with progress and Cancel in the window's progress area). Pages are the only place
// where an engine meets widgets.

#include "task_runner.h"

#include <QWidget>

#include <functional>

namespace vantage::store {
class Session;
}

namespace vantage::gui {

class EnginePage : public QWidget {
    Q_OBJECT
public:
    explicit EnginePage(QWidget* parent = nullptr);

    virtual QString engineId() const = 0; // "ft", "edl", "dgi", "ppac"
    virtual QString title() const = 0; // translated tab title
    // The session runs are recorded into; nullptr while none is open.
    virtual void setSession(store::Session* session) { m_session = session; }
    store::Session* session() const { return m_session; }
    // Shows a stored run of this engine as it was, from the store, without recomputing.
    virtual void showRun(qint64 runId) = 0;

    // Work of this page that goes on outside the window (an elastic job's processes): a line
    // naming it, empty when there is none. The window asks, on closing, whether to let it go on
    // (detachLiveWork: it is taken up again when the session is opened next) or to stop it
    // (stopLiveWork: true once it ended and its run is recorded, within timeoutMs).
    virtual QString liveWork() const { return {}; }
    virtual void detachLiveWork() { }
    virtual bool stopLiveWork(int timeoutMs)
    {
        Q_UNUSED(timeoutMs);
        return true;
    }

    bool isBusy() const { return m_runner->isRunning(); }
    // What a page's task is: work the user started, which records a run, or the page restoring what
    // a stored run showed (its model, its data), which writes nothing and need not hold anything up.
    enum class TaskKind {
        Records,
        Restores
    };
    bool isRecording() const { return isBusy() && m_kind == TaskKind::Records; }
    // Cancels a restoring task and waits for it (a session switch lets go of it); false while a
    // recording one runs.
    bool dropRestoring();
    void cancelTask() { m_runner->cancel(); }
    TaskRunner* runner() const { return m_runner; }

Q_SIGNALS:
    // A run was added or finished: the session browser reloads.
    void runsChanged();
    // Long work started / progressed / ended, for the window's progress area.
    void taskStarted(const QString& title);
    void taskProgress(double fraction, const QString& phase);
    void taskFinished(const QString& message);

protected:
    using Done = std::function<void(const TaskOutcome&)>;
    // Runs `work` off the GUI thread; `done` runs on the GUI thread afterwards. Returns false while
    // another task of this page runs.
    bool startTask(const QString& title, TaskRunner::Work work, Done done, TaskKind kind = TaskKind::Records);
    // The same with a typed result: `work` returns a T (what the page needs, the engine's own
    // structs), `done` gets it with the error's kind, and nothing crosses threads through shared state.
    template <typename T>
    bool startTypedTask(const QString& title, std::function<T(Progress&, const CancelToken&)> work,
        std::function<void(const TypedOutcome<T>&)> done, TaskKind kind = TaskKind::Records)
    {
        return startAny(
            title,
            [work = std::move(work)](Progress& progress, const CancelToken& cancel) -> std::any {
                return std::any(std::make_shared<T>(work(progress, cancel)));
            },
            [done = std::move(done)](const TaskOutcome& outcome) { done(TypedOutcome<T>::from(outcome)); }, kind);
    }
    // The page's layout: its inputs on the left, what it shows on the right (which takes the room).
    void setInputsAndViews(QWidget* inputs, QWidget* views);

private:
    bool startAny(const QString& title, TaskRunner::TypedWork work, Done done, TaskKind kind);
    // Takes the page's one task slot for a task titled `title`; false while a task runs.
    bool claim(const QString& title, Done done, TaskKind kind);

    store::Session* m_session = nullptr;
    TaskRunner* m_runner;
    Done m_done;
    QString m_title;
    TaskKind m_kind = TaskKind::Records;
};

} // namespace vantage::gui
