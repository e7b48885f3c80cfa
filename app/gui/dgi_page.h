#pragma once
// The DGI page: a graph (generated or loaded) and a GNN (built-in or TorchScript), the model cut
// into layers automatically and drawn, then evaluated over the whole graph layer by layer and,
// for comparison, node by node; times per layer, speedup and memory; a node's neighbourhood per
// hop and its embedding. Evaluations are runs.

#include "engine_page.h"

#include <memory>
#include <optional>

class QCheckBox;
class QLayout;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;

namespace vantage::widgets {
class StackedBarChart;
class SvgView;
} // namespace vantage::widgets

namespace vantage::store {
struct RunInfo;
}

namespace vantage::dgi {
struct EvaluationRequest;
struct DrawWords;
} // namespace vantage::dgi

namespace vantage::gui {

class DgiPage : public EnginePage {
    Q_OBJECT
public:
    explicit DgiPage(QWidget* parent = nullptr);
    ~DgiPage() override;

    QString engineId() const override { return QStringLiteral("dgi"); }
    QString title() const override { return tr("GNN Evaluation"); }
    void showRun(qint64 runId) override;
    // Switching sessions clears the results shown (the cut drawn for the inputs stays).
    void setSession(store::Session* session) override;

    // Used by the window (the demo's tour, a dropped model file): what the inputs and buttons do.
    void setInputs(const QString& graph, const QString& model, int features, int hidden, int layers);
    // Imports and cuts the model and draws the cut, off the GUI thread (a user's TorchScript file
    // can take seconds, its drawing longer); partitionFinished follows. False when it cannot start
    // (another task of the page runs, or the inputs are wrong: the status line says which).
    bool partitionModel();
    bool startEvaluation(); // off the GUI thread; the cut is made and drawn on the way

Q_SIGNALS:
    void partitionFinished(bool ok);
    void evaluationFinished(bool ok);
    void nodeInspected(bool ok);

private:
    int layerCount() const; // of the cut held, 0 if none
    // Neighbourhood per hop and embedding of `node` of the last evaluated graph (off the GUI
    // thread; nodeInspected follows). False when there is no evaluation to inspect.
    bool inspectNode(int node);
    static dgi::DrawWords drawWords();
    struct State;
    void buildUi();
    QWidget* buildInputs();
    void buildDeviceChoice();
    QLayout* buildFeaturesFile();
    void buildWidthBoxes();
    QLayout* buildEdgeOptions();
    QWidget* buildCutTab();
    QWidget* buildResultsTab();
    QWidget* buildNodeTab();
    // The request the controls describe; Error::invalidInput for a bad memory budget.
    dgi::EvaluationRequest request() const;
    // The request to start a task with; nothing while another task of the page runs or when the
    // inputs are wrong (the status line then says why).
    std::optional<dgi::EvaluationRequest> requestToStart();
    void showSchema();
    void showResults(const Json& result);
    // What the user should know about the edges of the graph just evaluated (repeated edges and
    // self-loops used as given), or nothing.
    QString graphNote(const Json& result, const dgi::EvaluationRequest& request) const;
    void setNodeInspectorEnabled(bool on);
    // The model the boxes describe: a TorchScript file by its path, a built-in one with its widths.
    QString modelKey() const;
    bool isFileModel() const;
    // The model's name or widths changed: the boxes follow (a file's widths are its own) and the
    // cut and results of another model are cleared.
    void onModelInputsChanged();
    void setFileModelBoxes(bool file);
    // A TorchScript model's own input width, hidden width (0: none, -1: not known) and layers.
    void showModelDims(std::int64_t inDim, std::int64_t hidden, int layers);
    void showModelDims(); // from the cut held
    void showStoredCut(const store::RunInfo& run);
    void clearCut();
    void clearResults();
    void setActionsEnabled(bool on); // Cut and Evaluate

    std::unique_ptr<State> m_state;

    QComboBox* m_graph;
    QCheckBox* m_symmetrize;
    QCheckBox* m_selfLoops;
    QCheckBox* m_mergeDuplicates;
    QLineEdit* m_featuresFile;
    QComboBox* m_model;
    QSpinBox* m_features;
    QSpinBox* m_hidden;
    QSpinBox* m_layers;
    QComboBox* m_reorder;
    QLineEdit* m_budget;
    QComboBox* m_device;
    QCheckBox* m_nodeWise;
    QPushButton* m_partition;
    QPushButton* m_evaluate;
    QLabel* m_status;
    QTabWidget* m_tabs;
    widgets::SvgView* m_cut;
    QStandardItemModel* m_schema;
    QStandardItemModel* m_results;
    widgets::StackedBarChart* m_times;
    QComboBox* m_timeScale;
    QLabel* m_speedup;
    QSpinBox* m_node;
    QPushButton* m_inspect;
    QLabel* m_nodeStatus;
    QStandardItemModel* m_hops;
    QStandardItemModel* m_embedding;
};

} // namespace vantage::gui
