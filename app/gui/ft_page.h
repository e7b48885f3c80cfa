#pragma once
// The FT page: choose a model, a cluster and device counts, search the Pareto frontiers of
// parallelization strategies (off the GUI thread, with progress and Cancel), see them with the
// baselines, pick a strategy (click or memory budget) and inspect it: per-op table, time and memory
// breakdown, the op graph coloured by split dimension; export it. Searches and picks are runs. The
// page starts with the fastest strategy that fits in device memory and says so, or picks nothing
// and says why; a strategy that does not fit is marked, and exported only when the user confirms.
// Calibrate measures this machine's devices (a task with progress and Cancel) and adds the fitted
// profile to the cluster box. The Run tab runs the picked strategy (or points of its frontier) on
// the user's own PyTorch module and marks what was measured beside what was predicted.

#include "engine_page.h"

#include <QPointer>

#include <memory>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QTabWidget;

namespace vantage::widgets {
class ParetoChart;
class StackedBarChart;
class SvgView;
} // namespace vantage::widgets

namespace vantage::store {
struct RunInfo;
} // namespace vantage::store

namespace vantage::ft {
struct ClusterProfile;
struct DeviceFrontier;
struct Measurement;
struct ModuleSource;
struct RunnerOptions;
struct StrategyPoint;
} // namespace vantage::ft

namespace vantage::gui {

struct FtPoint;

class FtPage : public EnginePage {
    Q_OBJECT
public:
    explicit FtPage(QWidget* parent = nullptr);
    ~FtPage() override;

    QString engineId() const override { return QStringLiteral("ft"); }
    QString title() const override { return tr("Parallelization Frontier"); }
    void setSession(store::Session* session) override;
    void showRun(qint64 runId) override;

    // Used by the window (the demo's tour, a dropped op graph file): what the inputs, the Search
    // button and a click on the chart do.
    void setInputs(const QString& model, int batch, const QString& cluster, const QString& devices, double epsilon);
    // What the search may choose beyond splits: ZeRO stages 1 to `zeroStages`, selective recomputation.
    void setPlanOptions(int zeroStages, bool recompute);
    bool startSearch();
    bool hasResult() const;
    int frontierCount() const;
    // Picks point `index` (by time ascending) of frontier `frontier`, as a click does.
    void pick(int frontier, int index);
    // Reads an op graph file (.json, as scripts/export_ft_graph.py writes) and selects it as the
    // model; false (and a message box unless quiet) when it is not one.
    bool openOpGraph(const QString& path, bool quiet = false);

Q_SIGNALS:
    void searchFinished(bool ok);
    void calibrationFinished(bool ok);
    void strategyRunFinished(bool ok); // Run This Strategy or Validate Frontier ended

private:
    struct State;

    int pointCount(int frontier) const;
    QString strategyJson() const; // the export of the picked strategy, empty when none

    void buildUi();
    QWidget* buildInputs();
    QWidget* buildChart();
    QWidget* buildDetails();
    void loadModelFile();
    // Puts the op graph file State::files holds under `key` ("file:PATH") into the model box (once)
    // and picks it; `name` is the graph's.
    void selectModelFile(const QString& key, const QString& name);
    void loadClusterFile();
    QWidget* buildCalibration();
    bool startCalibration();
    // Puts a calibrated profile into the cluster box (once per run) and selects it.
    void addCalibratedCluster(qint64 runId, const ft::ClusterProfile& cluster);
    void showCalibration(const store::RunInfo& run);
    // The Run tab (ft_page_run.cpp): the picked strategy, or points of its frontier, run on the
    // user's module and measured.
    QWidget* buildRunTab();
    // The module, inputs and steps of the tab and the picked frontier's devices; false (and why in
    // the tab) when something is missing.
    bool runInputs(ft::ModuleSource& module, ft::RunnerOptions& runner, int& devices);
    bool startStrategyRun();
    bool startValidation();
    // Rows of the tab's table, and "Measured" markers on the chart in frontier `frontier`'s colour.
    void addMeasurements(const std::vector<ft::Measurement>& rows, int frontier);
    void showMeasuredRun(const store::RunInfo& run);
    // The module an op graph's exporter recorded, into the tab.
    void fillModuleFromGraph(const Json& graph);
    void showMarkers(); // the baselines and the measurements
    void onSearchDone(TaskOutcome::State state, const QString& error);
    void showResult();
    void clearResult();
    QStringList searchLines(const ft::DeviceFrontier& frontier) const;
    void onPicked(int frontier, int strategy, bool record);
    void clearPick();
    const ft::StrategyPoint& pointAt(const FtPoint& at) const;
    const ft::StrategyPoint* pickedPoint() const; // null when nothing is picked
    void showFit();
    QString nothingFitsText() const;
    void showBudget(int value); // the label only (while the slider is dragged)
    void applyBudget(int value); // the label and the chart
    QString budgetText(double budget, int fitting, int frontiers) const;
    void exportStrategy();
    void recordPick();
    QString currentModelLabel() const;

    std::unique_ptr<State> m_state;
    qint64 m_searchRun = 0;
    int m_pickedFrontier = -1;
    int m_pickedStrategy = -1;

    QComboBox* m_model;
    QSpinBox* m_batch;
    QComboBox* m_cluster;
    QLineEdit* m_devices;
    QDoubleSpinBox* m_epsilon;
    QSpinBox* m_zeroStages; // the search also offers ZeRO stages 1 to this (0: none)
    QCheckBox* m_recompute; // the search also offers selective recomputation
    QPushButton* m_search;
    QLabel* m_status;
    widgets::ParetoChart* m_chart;
    QCheckBox* m_logTime;
    QCheckBox* m_logMemory;
    QSlider* m_budget;
    QLabel* m_budgetLabel;
    QLabel* m_fit; // whether the pick fits in device memory; why nothing is picked
    QTabWidget* m_details;
    QStandardItemModel* m_opModel;
    QTableView* m_opTable;
    widgets::StackedBarChart* m_breakdown;
    widgets::SvgView* m_graph;
    QPlainTextEdit* m_summary;
    QPushButton* m_export;
    QSpinBox* m_calDevices;
    QSpinBox* m_calThreads;
    QSpinBox* m_calGemm;
    QCheckBox* m_calRunner = nullptr; // also the strategy runner's overhead per ATen op
    QPushButton* m_calibrate;
    QLabel* m_calStatus;
    QWidget* m_runTab;
    QLineEdit* m_runModule;
    QLineEdit* m_runInputs;
    QSpinBox* m_runSteps;
    QSpinBox* m_runPoints;
    QPushButton* m_runStrategy;
    QPushButton* m_validate;
    QLabel* m_runStatus;
    QStandardItemModel* m_runModel;
    std::string m_runKwargs; // the recorded module's keyword arguments (JSON)
};

} // namespace vantage::gui
