#pragma once
// What the main window knows of an engine page: its id and title, the session it records into,
// and how to show a stored run. Pages are the only place where an engine meets widgets.

#include <QWidget>

namespace vantage::store {
class Session;
}

namespace vantage::gui {

class EnginePage : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString engineId() const = 0; // "ft", "edl", "dgi", "ppac"
    virtual QString title() const = 0;    // translated tab title
    // The session runs are recorded into; nullptr while none is open.
    virtual void setSession(store::Session* session) = 0;
    // Shows a stored run of this engine as it was, from the store, without recomputing.
    virtual void showRun(qint64 runId) = 0;
    // True while a long action of the page is running.
    virtual bool isBusy() const = 0;
    // Asks the running long action to stop (its run is recorded as cancelled).
    virtual void cancelJob() = 0;

Q_SIGNALS:
    // A run was added or finished: the session browser reloads.
    void runsChanged();
    // Long work started / progressed / ended, for the window's progress area.
    void jobStarted(const QString& title);
    void jobProgress(double fraction, const QString& phase);
    void jobFinished(const QString& message);
};

} // namespace vantage::gui
