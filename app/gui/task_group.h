#pragma once
// A page's short background calls that may overlap each other and its one long task (a scale-out
// request while a throughput profile runs, the event stream of an attached job): each task runs on
// the group's own threads with its own CancelToken, and its `done` runs on the GUI thread. The
// destructor cancels every task and waits for all of them, so no task outlives its page and no
// callback reaches a page that is gone (as Utils::Async in Qt Creator).

#include "task_runner.h"

#include <QFuture>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <list>

namespace vantage::gui {

class TaskGroup : public QObject {
    Q_OBJECT
public:
    using Work = std::function<Json(const CancelToken&)>;
    using Done = std::function<void(const TaskOutcome&)>;

    // One handle per task: cancel() sets its token, wait() blocks until it has ended.
    class Task {
    public:
        Task() = default;
        void cancel() { m_cancel.cancel(); }
        void wait() { m_future.waitForFinished(); }
        bool isRunning() const { return m_future.isRunning(); }

    private:
        friend class TaskGroup;
        CancelToken m_cancel;
        QFuture<void> m_future;
    };

    explicit TaskGroup(QObject* parent = nullptr, int maxThreads = 4);
    ~TaskGroup() override; // cancels every task and waits

    // Starts `work` now (or when a thread is free); `done` (optional) follows on the GUI thread.
    Task run(Work work, Done done = {});
    void cancelAll();
    void waitForAll();
    int runningCount() const;

private:
    QThreadPool m_pool;
    std::list<Task> m_tasks; // for cancelAll(); ended ones are dropped as new ones start
};

} // namespace vantage::gui
