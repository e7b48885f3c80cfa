#pragma once
// The PPAC page: load a dataset (or the synthetic demo) and see its long tail, train a base model
// or PPAC with live loss and validation charts, move gamma and beta and see the re-ranked metrics,
// the exposure by popularity and the ARP / accuracy trade-off, and inspect one user before and after
// debiasing. Trainings and stored knobs are runs of the session.

#include "engine_page.h"

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QTabWidget;
class QTimer;

namespace vantage::widgets {
class LineChart;
}

namespace vantage::ppac {
struct DataRequest;
struct DatasetOverview;
struct ModelWeights;
} // namespace vantage::ppac

namespace vantage::gui {

class PpacPage : public EnginePage {
    Q_OBJECT
public:
    explicit PpacPage(QWidget* parent = nullptr);
    ~PpacPage() override;

    QString engineId() const override { return QStringLiteral("ppac"); }
    QString title() const override { return tr("Debiased Recommendation"); }
    void setSession(store::Session* session) override;
    void showRun(qint64 runId) override;

    // Used by the window (the demo's tour): what the data and training inputs and buttons do.
    void setSynthetic(int users, int items, int seed);
    void setTraining(const QString& architecture, bool ppac, int epochs);
    bool loadData();
    bool startTraining();

Q_SIGNALS:
    void dataLoaded(bool ok);
    void trainingFinished(bool ok);
    void reranked(bool ok);
    void tradeoffFinished(bool ok);

private Q_SLOTS:
    // The buttons' and knobs' actions.
    bool rerankNow();
    bool storeKnobs();
    bool computeTradeoff();
    void inspectUser(const QString& label);

private:
    struct State;

    void setDatasetPath(const QString& path);
    void setKnobs(double gamma, double beta); // re-ranks (debounced) like the sliders

    void buildUi();
    QWidget* buildDataBox();
    QWidget* buildTrainingBox();
    QWidget* buildDatasetTab();
    QWidget* buildTrainingTab();
    QWidget* buildDebiasingTab();
    QWidget* buildUserTab();
    void showOverview();
    QString readNote(const ppac::DatasetOverview& overview) const;
    void onEpoch(const Json& epoch);
    void showRerank();
    void showInspection();
    void scheduleRerank();
    void setControlsEnabled();
    ppac::DataRequest dataRequest() const;
    bool loadFromRequest(
        const ppac::DataRequest& request, std::function<void()> then, TaskKind kind = TaskKind::Records);
    void restoreModel(
        std::shared_ptr<const ppac::ModelWeights> weights, const Json& knobs, qint64 trainId, std::size_t modelStamp);

    std::unique_ptr<State> m_state;
    qint64 m_trainRun = 0;

    QComboBox* m_source;
    QSpinBox* m_users;
    QSpinBox* m_items;
    QSpinBox* m_seed;
    QLineEdit* m_path;
    QPushButton* m_load;
    QComboBox* m_architecture;
    QCheckBox* m_ppac;
    QSpinBox* m_epochs;
    QComboBox* m_validation;
    QPushButton* m_train;
    QPushButton* m_stop;
    QLabel* m_status;
    QTabWidget* m_tabs;
    QLabel* m_overview;
    widgets::LineChart* m_longTail;
    widgets::LineChart* m_training;
    QSlider* m_gamma;
    QSlider* m_beta;
    QDoubleSpinBox* m_gammaBox;
    QDoubleSpinBox* m_betaBox;
    QStandardItemModel* m_metrics;
    widgets::LineChart* m_exposure;
    widgets::LineChart* m_tradeoff;
    QPushButton* m_storeKnobs;
    QPushButton* m_tradeoffButton;
    QTimer* m_rerankTimer;
    QLineEdit* m_user;
    QLabel* m_userSummary;
    QStandardItemModel* m_similar;
    QStandardItemModel* m_ppTop;
    QStandardItemModel* m_gpTop;
    QStandardItemModel* m_before;
    QStandardItemModel* m_after;
};

} // namespace vantage::gui
