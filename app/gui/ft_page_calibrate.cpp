// The FT page's Calibrate action: measures this machine's devices through ft::CalibrateRecipe (the
// same run `vantage-cli ft calibrate` records), off the GUI thread with progress and Cancel, and
// puts the fitted profile into the cluster box.
#include "ft_page.h"
#include "ft_page_p.h"

#include "param_widgets.h"

#include "ft/calibrate_run.h"
#include "store/session.h"
#ifdef VANTAGE_GUI_EDL
#include "edl/calibration.h"
#include "edl/client.h"
#endif

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace vantage::gui {

namespace {

MeasureDevices deviceMeasure()
{
#ifdef VANTAGE_GUI_EDL
    const std::string self = QCoreApplication::applicationFilePath().toStdString();
    return [self](const CalibrationPlan& plan, Progress& progress, const CancelToken& cancel) {
        return edl::measureDevices(plan, edl::findWorkerBinary(self), progress, cancel);
    };
#else
    return {};
#endif
}

} // namespace

QWidget* FtPage::buildCalibration()
{
    const auto& table = calibrationPlanParams();
    auto spin = [&](const char* name, std::string_view key) {
        auto* box = new QSpinBox(this);
        box->setObjectName(QString::fromLatin1(name));
        configureInput(box, fieldOf(table, key));
        return box;
    };
    m_calDevices = spin("ftCalDevices", "devices");
    m_calDevices->setSpecialValueText(tr("all cores"));
    m_calThreads = spin("ftCalThreads", "threads_per_device");
    m_calGemm = spin("ftCalGemm", "gemm_max");
    m_calRunner = new QCheckBox(tr("Strategy runner's overhead"), this);
    m_calRunner->setObjectName(QStringLiteral("ftCalRunner"));
    m_calRunner->setToolTip(tr("Also measure what the strategy runner (PyTorch's DTensor, in Python) adds to each "
                               "ATen op, forward and backward, so that predictions of strategies run by "
                               "Run This Strategy and Validate Frontier include it (Python with PyTorch: "
                               "$VANTAGE_PYTHON, else python3)"));
    m_calibrate = new QPushButton(tr("Calibrate"), this);
    m_calibrate->setObjectName(QStringLiteral("ftCalibrate"));
    m_calibrate->setToolTip(tr("Measure matmuls, memory bandwidth, op overhead and the collectives of this "
                               "machine's devices, and add the fitted profile to the cluster box"));
    connect(m_calibrate, &QPushButton::clicked, this, &FtPage::startCalibration);
    m_calStatus = new QLabel(this);
    m_calStatus->setObjectName(QStringLiteral("ftCalStatus"));
    m_calStatus->setWordWrap(true);
    m_calStatus->setTextFormat(Qt::PlainText);

    auto* form = new QFormLayout;
    form->addRow(tr("Processes:"), m_calDevices);
    form->addRow(tr("Threads each:"), m_calThreads);
    form->addRow(tr("Largest matmul:"), m_calGemm);
    form->addRow(QString(), m_calRunner);
    auto* box = new QGroupBox(tr("Calibrate This Machine"), this);
    auto* layout = new QVBoxLayout(box);
    layout->addLayout(form);
    layout->addWidget(m_calibrate);
    layout->addWidget(m_calStatus);
    return box;
}

bool FtPage::startCalibration()
{
    if (isBusy())
        return false;
    ft::CalibrateRequest request;
    request.plan.devices = m_calDevices->value();
    request.plan.threads = m_calThreads->value();
    request.plan.gemmMax = m_calGemm->value();
    request.measure = deviceMeasure();
    request.runnerOverhead = m_calRunner->isChecked();
    request.runPython = pythonRanks();
    store::Session* session = this->session();
    m_calibrate->setEnabled(false);
    m_calStatus->setText(tr("Calibrating…"));
    return startTypedTask<ft::CalibrateRun>(
        tr("Calibration"),
        [=](Progress& progress, const CancelToken& cancel) {
            return ft::CalibrateRecipe::run(session, request, progress, cancel);
        },
        [this](const TypedOutcome<ft::CalibrateRun>& outcome) {
            m_calibrate->setEnabled(true);
            switch (outcome.state) {
            case TaskOutcome::State::Done:
                addCalibratedCluster(outcome.value->runId, outcome.value->fit.cluster);
                m_calStatus->setText(QString::fromStdString(outcome.value->summary));
                break;
            case TaskOutcome::State::Cancelled:
                m_calStatus->setText(tr("Calibration cancelled."));
                break;
            case TaskOutcome::State::Failed:
                m_calStatus->setText(tr("Calibration failed: %1").arg(outcome.error));
                break;
            }
            Q_EMIT calibrationFinished(outcome.done());
        });
}

void FtPage::addCalibratedCluster(qint64 runId, const ft::ClusterProfile& cluster)
{
    const QString key = QStringLiteral("calibrated:%1").arg(runId > 0 ? runId : m_cluster->count());
    m_state->customClusters.insert(key, cluster);
    int item = m_cluster->findData(key);
    if (item < 0) {
        m_cluster->addItem(tr("%1 (calibrated)").arg(QString::fromStdString(cluster.name)), key);
        item = m_cluster->count() - 1;
        m_cluster->setItemData(item, QString::fromStdString(cluster.description), Qt::ToolTipRole);
    }
    m_cluster->setCurrentIndex(item);
}

void FtPage::showCalibration(const store::RunInfo& run)
{
    if (run.status != store::RunStatus::Done || !run.result.contains("cluster")) {
        m_calStatus->setText(
            tr("Calibration %1 has no profile (%2).").arg(run.id).arg(QString::fromStdString(run.error)));
        return;
    }
    try {
        addCalibratedCluster(run.id, ft::clusterFromJson(run.result.at("cluster"), "run " + std::to_string(run.id)));
        m_calStatus->setText(QString::fromStdString(run.summary));
    } catch (const std::exception& e) {
        m_calStatus->setText(tr("Cannot show run %1: %2").arg(run.id).arg(QString::fromUtf8(e.what())));
    }
}

} // namespace vantage::gui
