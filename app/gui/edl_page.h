#pragma once
// The EDL page: start an elastic data-parallel job (its leader runs as its own process, so the job
// outlives the window), watch it live (loss, throughput, workers, scale events), add and remove
// workers while it trains, migrate it, stop it; detach and re-attach by its job folder. The job is a
// run of the session, its curves series of that run.

#include "engine_page.h"

#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;
class QTableView;

namespace vantage::widgets {
class LineChart;
}

namespace vantage::edl {
class JobClient;
struct JobEvent;
struct StepEvent;
struct MembershipEvent;
struct GenerationEvent;
struct ScaleEvent;
struct FailureEvent;
struct EpochEvent;
struct JobStateEvent;
struct LogEvent;
struct LeaderOptions;
struct StoredJob;
} // namespace vantage::edl

namespace vantage::gui {

class TaskGroup;

class EdlPage : public EnginePage {
    Q_OBJECT
public:
    explicit EdlPage(QWidget* parent = nullptr);
    ~EdlPage() override;

    QString engineId() const override { return QStringLiteral("edl"); }
    QString title() const override { return tr("Elastic Training"); }
    void showRun(qint64 runId) override;
    // Switching sessions detaches from a job recorded in the old one (the job goes on).
    void setSession(store::Session* session) override;

    // Used by the window (the demo's tour starts a job, scales it out and back in as it trains):
    // what the job's fields and buttons do, and the job as the status line shows it.
    void setJob(const QString& trainer, int workers, int epochs, int samples, int globalBatch);
    bool startTraining();
    bool addWorkers(int count);
    bool removeWorker(const QString& id);
    bool isAttached() const;
    int activeWorkers() const;
    qint64 currentStep() const;
    QString jobState() const; // the state's name ("running")

    QString liveWork() const override;
    void detachLiveWork() override;
    bool stopLiveWork(int timeoutMs) override;

Q_SIGNALS:
    void attached(bool ok);
    void stepSeen(qint64 step);
    void jobEnded(const QString& state);
    void migrationFinished(bool ok);
    void profileFinished(bool ok);
    // A scale or stop request was answered (or failed: the status line says why).
    void requestFinished(bool ok);

private Q_SLOTS:
    // The buttons' actions. Attach follows a job by its folder; Detach lets it go on alone.
    bool attach(const QString& jobDir);
    void detach();
    bool stopJob();
    // Policies, off the GUI thread (migrationFinished / profileFinished follow): move the workers
    // `from` (all when empty) to the devices of the Devices field; run the job at 1..maxWorkers
    // workers for `steps` steps each and draw the scaling curve.
    bool migrateWorkers(const QStringList& from);
    bool profileThroughput(int maxWorkers, int steps);

private:
    struct State;
    void buildUi();
    QWidget* buildJobBox();
    void buildTrainerInputs(); // the trainer, and the user's model, data or script
    QWidget* withChooser(QLineEdit* field, const std::function<QString()>& choose);
    // The model and data fields are for the user's model; the samples field is for the built-in ones.
    void updateTrainerFields();
    QLayout* buildScaleButtons();
    QWidget* buildCharts();
    QWidget* buildTables();
    struct StreamSnapshot;
    struct StreamLost;
    struct StreamReport;
    struct Incoming;
    // What the stream's thread posts: the attached job's snapshot, events, end. Taken in a few
    // milliseconds at a time, between which the window paints and answers the user: a history of
    // 10^6 steps never stalls it.
    void deliver(std::vector<Incoming> items);
    void drainInbox();
    // One handler per kind of what the stream delivers, each taken in its turn.
    void take(const Incoming& incoming);
    void onSnapshot(const StreamSnapshot& snapshot);
    void onStreamLost(const StreamLost& lost);
    void onReport(const StreamReport& report);
    void onJobEvent(const edl::JobEvent& e); // kept in the timeline and the run, then one of:
    void onStep(const edl::StepEvent& step);
    void onMembership(const edl::MembershipEvent& membership);
    void onGeneration(const edl::GenerationEvent& generation);
    void onScale(const edl::ScaleEvent& scale);
    void onFailure(const edl::FailureEvent& failure);
    void onEpoch(const edl::EpochEvent& epoch);
    void onJobState(const edl::JobStateEvent& state);
    void onLog(const edl::LogEvent& log);
    void startStreaming();
    // The workers' counters (step time, chunks, samples) from the leader's status, every few
    // seconds while a job trains: the events carry membership, not counters.
    void pollWorkers();
    // The job is over as far as its folder and its leader's process tell (ended, killed, gone),
    // whatever events are still on their way.
    bool jobIsOver() const;
    void showStatus();
    void showInputs(const edl::LeaderOptions& options);
    void showStoredSeries(const edl::StoredJob& job);
    // Finishes the job's run from its report (null: from the events seen), once.
    void recordEnd(const Json& report);
    // Sends a request to the job from one of the page's tasks; the log shows the answer.
    void request(const QString& what, std::function<Json(const edl::JobClient&)> call);
    enum class LogWeight {
        Normal,
        Strong,
        Quiet
    };
    void logLine(const QString& text, LogWeight weight = LogWeight::Normal);
    void flushCurves();
    void showScaleMarkers();
    void drawPending();
    // Runs of jobs this page no longer follows: ended ones are finished from their reports, the
    // newest one still training is attached again.
    void takeUpRuns();
    // Forgets what the page shows (curves, log, tables, status) for another run or session.
    void clearShown();

    std::unique_ptr<State> m_state;
    TaskGroup* m_tasks; // every background call but the one long job: cancelled and awaited on destruction
    qint64 m_run = 0;
    bool m_statusDirty = false; // events arrived since the status was last drawn

    QComboBox* m_trainer;
    QLineEdit* m_model;
    QLineEdit* m_data;
    QWidget* m_modelRow; // m_model and its button
    QWidget* m_dataRow;
    QLineEdit* m_script; // trainer "python": the user's script, its arguments and its Python
    QWidget* m_scriptRow;
    QLineEdit* m_scriptArgs;
    QLineEdit* m_python;
    QFormLayout* m_jobForm = nullptr;
    QSpinBox* m_workers;
    QSpinBox* m_epochs;
    QSpinBox* m_samples;
    QSpinBox* m_batch;
    QLineEdit* m_devices;
    QLineEdit* m_hosts;
    QCheckBox* m_straggler;
    QPushButton* m_start;
    QPushButton* m_attach;
    QPushButton* m_detach;
    QPushButton* m_add;
    QPushButton* m_remove;
    QPushButton* m_stop;
    QPushButton* m_migrate;
    QPushButton* m_profile;
    QLabel* m_status;
    QTabWidget* m_chartTabs;
    widgets::LineChart* m_chart;
    widgets::LineChart* m_stepChart;
    widgets::LineChart* m_sizeChart;
    widgets::LineChart* m_profileChart;
    QStandardItemModel* m_workersModel;
    QTableView* m_workersView;
    QStandardItemModel* m_events;
    QListWidget* m_log;
};

} // namespace vantage::gui
