#include "task_group.h"

#include "common/error.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace vantage::gui {

TaskGroup::TaskGroup(QObject* parent, int maxThreads)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(maxThreads);
}

TaskGroup::~TaskGroup()
{
    cancelAll();
    waitForAll();
}

TaskGroup::Task TaskGroup::run(Work work, Done done)
{
    m_tasks.remove_if([](const Task& t) { return !t.isRunning(); });
    Task task;
    QPointer<TaskGroup> self(this);
    task.m_future
        = QtConcurrent::run(&m_pool, [self, work = std::move(work), done = std::move(done), cancel = task.m_cancel] {
              const TaskOutcome out = runForOutcome([&] { return work(cancel); });
              if (done && !cancel.isCancelled())
                  QMetaObject::invokeMethod(
                      self,
                      [self, done, out] {
                          if (self)
                              done(out);
                      },
                      Qt::QueuedConnection);
          });
    m_tasks.push_back(task);
    return task;
}

void TaskGroup::cancelAll()
{
    for (auto& t : m_tasks)
        t.cancel();
}

void TaskGroup::waitForAll()
{
    m_pool.waitForDone();
}

int TaskGroup::runningCount() const
{
    int n = 0;
    for (const auto& t : m_tasks)
        n += t.isRunning() ? 1 : 0;
    return n;
}

} // namespace vantage::gui
