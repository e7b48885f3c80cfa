#include "ppac_page.h"
#include "ppac_page_p.h"

#include "table_helpers.h"

#include "common/error.h"
#include "common/progress.h"
#include "ppac/model_runs.h"
#include "ppac/ppac.h"
#include "ppac/training_run.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <optional>

namespace vantage::gui {

namespace {

// The request, and for a file or folder each file's size and time: equal stamps, equal data.
std::string dataStamp(const ppac::DataRequest& request)
{
    std::string stamp = ppac::toJson(request).dump();
    if (request.synthetic)
        return stamp;
    const QFileInfo path(QString::fromStdString(request.load.path.string()));
    const QFileInfoList files = path.isDir() ? QDir(path.filePath()).entryInfoList(QDir::Files) : QFileInfoList{ path };
    for (const QFileInfo& f : files)
        stamp += '|' + f.fileName().toStdString() + ':' + std::to_string(f.size()) + ':'
            + std::to_string(f.lastModified().toMSecsSinceEpoch());
    return stamp;
}

void fillItems(QStandardItemModel* model, const std::vector<ppac::InspectedItem>& items, bool withScores)
{
    model->clear();
    QStringList headers{ PpacPage::tr("Item"), PpacPage::tr("GP"), PpacPage::tr("Interactions"), PpacPage::tr("PP"),
        PpacPage::tr("Similar users") };
    if (withScores)
        headers << PpacPage::tr("Score");
    headers << PpacPage::tr("In test");
    model->setHorizontalHeaderLabels(headers);
    for (const auto& it : items) {
        QList<QStandardItem*> row;
        row << new QStandardItem(QString::fromStdString(it.label)) << numberCell(it.global)
            << numberCell(it.globalCount, 0) << numberCell(it.personal) << numberCell(it.personalCount, 0);
        if (withScores)
            row << numberCell(it.score);
        auto* test = new QStandardItem(it.inTest ? PpacPage::tr("yes") : QString());
        if (it.inTest)
            test->setBackground(QColor(0x27, 0xAE, 0x60, 60));
        row << test;
        model->appendRow(row);
    }
}

} // namespace

PpacPage::PpacPage(QWidget* parent)
    : EnginePage(parent)
    , m_state(std::make_unique<State>())
{
    setObjectName(QStringLiteral("ppacPage"));
    buildUi();
    setControlsEnabled();
}

PpacPage::~PpacPage()
{
    // The task's lambdas hold shared state only, but its callbacks must not outlive the widgets.
    cancelTask();
    runner()->waitForFinished();
}

void PpacPage::setControlsEnabled()
{
    const bool busy = isBusy();
    m_load->setEnabled(!busy);
    m_train->setEnabled(!busy && m_state->data != nullptr);
    m_stop->setEnabled(busy);
    const bool model = m_state->recommender != nullptr;
    for (QWidget* w : { static_cast<QWidget*>(m_gamma), static_cast<QWidget*>(m_beta),
             static_cast<QWidget*>(m_gammaBox), static_cast<QWidget*>(m_betaBox) })
        w->setEnabled(model);
    m_storeKnobs->setEnabled(model && !busy && session());
    m_tradeoffButton->setEnabled(model && !busy);
}

void PpacPage::setSession(store::Session* session)
{
    EnginePage::setSession(session);
    if (!session)
        m_trainRun = 0;
    setControlsEnabled();
}

void PpacPage::setSynthetic(int users, int items, int seed)
{
    m_source->setCurrentIndex(m_source->findData(QStringLiteral("synthetic")));
    m_users->setValue(users);
    m_items->setValue(items);
    m_seed->setValue(seed);
}

void PpacPage::setDatasetPath(const QString& path)
{
    m_source->setCurrentIndex(m_source->findData(QStringLiteral("path")));
    m_path->setText(path);
}

void PpacPage::setTraining(const QString& architecture, bool ppacOn, int epochs)
{
    m_architecture->setCurrentIndex(qMax(0, m_architecture->findData(architecture)));
    m_ppac->setChecked(ppacOn);
    m_epochs->setValue(epochs);
}

ppac::DataRequest PpacPage::dataRequest() const
{
    ppac::DataRequest r;
    if (m_source->currentData().toString() == QLatin1String("synthetic")) {
        ppac::SyntheticOptions o;
        o.users = m_users->value();
        o.items = m_items->value();
        o.seed = static_cast<std::uint64_t>(m_seed->value());
        o.validationFraction = ppac::HoldOut{}.fraction;
        r.synthetic = o;
    } else {
        r.load.path = m_path->text().trimmed().toStdString();
        r.load.validationFraction = ppac::HoldOut{}.fraction;
    }
    return r;
}

bool PpacPage::loadFromRequest(const ppac::DataRequest& request, std::function<void()> then, TaskKind kind)
{
    if (isBusy())
        return false;
    m_status->setText(tr("Loading data…"));
    const bool ok = startTypedTask<ppac::LoadedData>(
        tr("Load dataset"),
        [request](Progress& progress, const CancelToken& cancel) { return ppac::loadData(request, progress, cancel); },
        [this, request, then](const TypedOutcome<ppac::LoadedData>& outcome) {
            if (outcome.done()) {
                m_state->data = outcome.value->prepared;
                m_state->overview = outcome.value->overview;
                m_state->dataRequest = request;
                m_state->dataStamp = dataStamp(request);
                m_state->recommender.reset();
                m_state->modelStamp = 0;
                m_state->baseline.reset();
                m_state->last.reset();
                m_state->inspection.reset();
                m_state->tradeoff.clear();
                m_tradeoff->clearSeries();
                m_tradeoff->chart()->setTitle(tr("ARP / accuracy trade-off (press Trade-off Curve)"));
                m_exposure->clearSeries();
                m_metrics->clear();
                showOverview();
                m_status->setText(tr("Data ready: %1 users, %2 items.")
                                      .arg(QLocale().toString(m_state->overview->users))
                                      .arg(QLocale().toString(m_state->overview->items)));
                setControlsEnabled();
                Q_EMIT dataLoaded(true);
                if (then)
                    then();
            } else {
                m_status->setText(outcome.state == TaskOutcome::State::Cancelled
                        ? tr("Loading cancelled.")
                        : tr("Cannot load the data: %1").arg(outcome.error));
                setControlsEnabled();
                Q_EMIT dataLoaded(false);
            }
        },
        kind);
    setControlsEnabled();
    return ok;
}

bool PpacPage::loadData()
{
    return loadFromRequest(dataRequest(), {});
}

// How a user's file was read: the CSV header's columns taken for each role, and the rows that
// repeat a (user, item) pair (merged into one interaction): what the CLI prints as notes.
QString PpacPage::readNote(const ppac::DatasetOverview& o) const
{
    QString note;
    QStringList read;
    const std::pair<const char*, QString> roles[] = { { "user", tr("user") }, { "item", tr("item") },
        { "rating", tr("rating") }, { "timestamp", tr("timestamp") } };
    for (const auto& [role, text] : roles)
        if (o.columns.is_object() && o.columns.contains(role) && o.columns[role].is_string())
            read << tr("%1 = %2").arg(text, QString::fromStdString(o.columns[role].get<std::string>()).toHtmlEscaped());
    if (!read.isEmpty())
        note += QStringLiteral("<br>") + tr("Columns read: %1").arg(read.join(QStringLiteral(", ")));
    if (o.repeatedRows > 0)
        note += QStringLiteral("<br>")
            + tr("%1 rows repeat a (user, item) pair seen before: each pair is one interaction, at its latest "
                 "timestamp.")
                  .arg(QLocale().toString(static_cast<qlonglong>(o.repeatedRows)));
    return note;
}

void PpacPage::showOverview()
{
    const auto& o = *m_state->overview;
    const QLocale l;
    m_overview->setText(
        tr("<b>%1</b><br>%2 users · %3 items · %4 training interactions (density %5%)<br>"
           "validation %6 · test %7 (%8 users) · balanced test %9 (%10 users)<br>"
           "%11 items per user on average · the most popular 20% of items get %12% of the interactions · "
           "%13 items without training interactions")
            .arg(QString::fromStdString(o.name).toHtmlEscaped())
            .arg(l.toString(o.users))
            .arg(l.toString(o.items))
            .arg(l.toString(static_cast<qlonglong>(o.trainInteractions)))
            .arg(l.toString(o.density * 100.0, 'f', 3))
            .arg(l.toString(static_cast<qlonglong>(o.validationInteractions)))
            .arg(l.toString(static_cast<qlonglong>(o.testInteractions)))
            .arg(l.toString(o.testUsers))
            .arg(l.toString(static_cast<qlonglong>(o.balancedTestInteractions)))
            .arg(l.toString(o.balancedTestUsers))
            .arg(l.toString(o.meanItemsPerUser, 'f', 1))
            .arg(l.toString(o.headShare * 100.0, 'f', 1))
            .arg(l.toString(o.coldItems))
        + readNote(o));
    QVector<QPointF> curve;
    const auto& pop = o.itemPopularity;
    const std::size_t stride = std::max<std::size_t>(1, pop.size() / 400);
    for (std::size_t i = 0; i < pop.size(); i += stride)
        curve.push_back(QPointF(static_cast<double>(i + 1), pop[i]));
    if (!pop.empty())
        curve.push_back(QPointF(static_cast<double>(pop.size()), pop.back()));
    m_longTail->clearSeries();
    m_longTail->setSeries(tr("interactions per item"), curve);
}

bool PpacPage::startTraining()
{
    if (isBusy() || !m_state->data)
        return false;
    ppac::TrainOptions options;
    options.architecture = ppac::kBaseModels.fromName(m_architecture->currentData().toString().toStdString());
    options.ppac = m_ppac->isChecked();
    options.epochs = m_epochs->value();
    options.validation = ppac::kValidationSources.fromName(m_validation->currentData().toString().toStdString());
    options.patience = 0;
    const ppac::TrainingRequest request{ .data = m_state->dataRequest, .training = options };
    auto data = m_state->data;
    store::Session* session = this->session();
    auto weak = QPointer<PpacPage>(this);
    m_state->stop = CancelToken();
    const CancelToken stop = m_state->stop;
    m_training->clearSeries();
    m_state->epochs = 0;
    const QString metricName = QString::fromStdString(options.stopMetric);
    m_status->setText(tr("Training…"));
    const bool ok = startTypedTask<ppac::TrainingRun>(
        tr("Train %1").arg(QString::fromStdString(ppac::trainingName(request))),
        [=](Progress& progress, const CancelToken& cancel) {
            auto onEpoch = [&](const ppac::EpochReport& e) {
                Json j = { { "epoch", e.epoch }, { "loss", e.loss } };
                if (e.validation)
                    if (auto v = e.validation->value(options.stopMetric))
                        j["metric"] = *v;
                QMetaObject::invokeMethod(
                    weak,
                    [weak, j] {
                        if (weak)
                            weak->onEpoch(j);
                    },
                    Qt::QueuedConnection);
            };
            return ppac::runTraining(session, request, data, progress, cancel, onEpoch, stop);
        },
        [this](const TypedOutcome<ppac::TrainingRun>& outcome) {
            if (outcome.done()) {
                ppac::TrainingRun& run = *outcome.value;
                m_state->recommender = run.recommender;
                m_state->modelStamp = 0;
                m_state->baseline = run.evaluation;
                m_state->last = std::move(run.evaluation);
                m_state->trainResult = std::move(run.result);
                m_trainRun = run.runId;
                {
                    const QSignalBlocker a(m_gammaBox), b(m_betaBox), c(m_gamma), d(m_beta);
                    m_gammaBox->setValue(0);
                    m_betaBox->setValue(0);
                    m_gamma->setValue(0);
                    m_beta->setValue(0);
                }
                showRerank();
                m_status->setText(
                    tr("Trained: %1").arg(QString::fromStdString(m_state->recommender->weights().displayName())));
                Q_EMIT trainingFinished(true);
            } else {
                m_status->setText(
                    outcome.cancelled() ? tr("Training cancelled.") : tr("Training failed: %1").arg(outcome.error));
                Q_EMIT trainingFinished(false);
            }
            setControlsEnabled();
        });
    setControlsEnabled();
    return ok;
}

void PpacPage::onEpoch(const Json& epoch)
{
    m_state->epochs = epoch.value("epoch", 0);
    m_training->appendPoint(tr("loss"), m_state->epochs, epoch.value("loss", 0.0));
    if (epoch.contains("metric"))
        m_training->appendPoint(tr("validation NDCG@20"), m_state->epochs, epoch["metric"].get<double>(), true);
}

void PpacPage::setKnobs(double gamma, double beta)
{
    m_gammaBox->setValue(gamma);
    m_betaBox->setValue(beta);
}

void PpacPage::scheduleRerank()
{
    if (m_state->recommender)
        m_rerankTimer->start();
}

bool PpacPage::rerankNow()
{
    if (!m_state->recommender)
        return false;
    if (isBusy()) {
        // Re-rank again when the running task ends, with the knobs as they are then.
        m_state->rerankPending = true;
        return false;
    }
    const ppac::Knobs knobs{ m_gammaBox->value(), m_betaBox->value() };
    auto rec = m_state->recommender;
    return startTypedTask<ppac::RerankResult>(
        tr("Re-rank"),
        [rec, knobs](
            Progress& progress, const CancelToken& cancel) { return ppac::rerank(*rec, knobs, {}, progress, cancel); },
        [this](const TypedOutcome<ppac::RerankResult>& outcome) {
            if (outcome.done()) {
                m_state->last = std::move(*outcome.value);
                showRerank();
                if (m_state->inspection)
                    showInspection();
            }
            Q_EMIT reranked(outcome.done());
            setControlsEnabled();
            if (std::exchange(m_state->rerankPending, false))
                rerankNow();
        });
}

void PpacPage::showRerank()
{
    const auto& r = *m_state->last;
    m_metrics->clear();
    QStringList headers{ tr("Metric") };
    const std::vector<std::pair<const ppac::Metrics*, QString>> sets
        = { { &r.evaluation.full, tr("Test") }, { &r.evaluation.balanced, tr("Balanced") } };
    for (const auto& [m, name] : sets)
        for (const auto& at : m->atK)
            headers << QStringLiteral("%1 @%2").arg(name).arg(at.k);
    m_metrics->setHorizontalHeaderLabels(headers);
    const std::vector<std::pair<QString, double ppac::MetricsAtK::*>> rows
        = { { tr("Recall"), &ppac::MetricsAtK::recall }, { tr("Precision"), &ppac::MetricsAtK::precision },
              { tr("NDCG"), &ppac::MetricsAtK::ndcg }, { tr("ARP"), &ppac::MetricsAtK::arp },
              { tr("Coverage"), &ppac::MetricsAtK::coverage }, { tr("Gini"), &ppac::MetricsAtK::gini },
              { tr("Tail %"), &ppac::MetricsAtK::tailPercentage } };
    for (const auto& [label, field] : rows) {
        QList<QStandardItem*> row{ new QStandardItem(label) };
        for (const auto& [m, name] : sets)
            for (const auto& at : m->atK)
                row << numberCell(at.*field);
        m_metrics->appendRow(row);
    }
    m_exposure->clearSeries();
    auto groups = [](const std::vector<double>& v) {
        QVector<QPointF> pts;
        for (std::size_t i = 0; i < v.size(); ++i)
            pts.push_back(QPointF(static_cast<double>(i + 1), v[i]));
        return pts;
    };
    if (m_state->baseline)
        m_exposure->setSeries(tr("base (γ = β = 0)"), groups(m_state->baseline->exposureByGroup));
    m_exposure->setSeries(tr("γ = %1, β = %2").arg(r.knobs.gamma).arg(r.knobs.beta), groups(r.exposureByGroup));
    m_status->setText(tr("Re-ranked %1 users in %2 ms: Recall@20 %3, NDCG@20 %4, ARP@20 %5")
                          .arg(QLocale().toString(r.evaluation.full.users))
                          .arg(QLocale().toString(r.seconds * 1e3, 'f', 0))
                          .arg(QLocale().toString(r.evaluation.full.value("recall@20").value_or(0), 'f', 4))
                          .arg(QLocale().toString(r.evaluation.full.value("ndcg@20").value_or(0), 'f', 4))
                          .arg(QLocale().toString(r.evaluation.full.value("arp@20").value_or(0), 'f', 4)));
}

bool PpacPage::storeKnobs()
{
    store::Session* s = session();
    if (!s || !m_state->last)
        return false;
    try {
        NullProgress progress;
        const auto& r = *m_state->last;
        ppac::KnobsRecipe::run(s,
            { .trainRun = m_trainRun,
                .knobs = r.knobs,
                .evaluation = r.evaluation,
                .exposureByGroup = r.exposureByGroup },
            progress, CancelToken());
        Q_EMIT runsChanged();
        return true;
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot store the knobs: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

bool PpacPage::computeTradeoff()
{
    if (!m_state->recommender || isBusy())
        return false;
    std::vector<ppac::Knobs> grid;
    const double gamma = m_gammaBox->value();
    for (int i = 0; i <= 10; ++i)
        grid.push_back({ gamma, -0.1 * i });
    auto rec = m_state->recommender;
    using Curve = std::vector<ppac::TradeoffPoint>;
    return startTypedTask<Curve>(
        tr("Trade-off curve"),
        [rec, grid](Progress& progress, const CancelToken& cancel) {
            return ppac::tradeoffCurve(*rec, grid, {}, progress, cancel);
        },
        [this, gamma](const TypedOutcome<Curve>& outcome) {
            if (outcome.done()) {
                m_state->tradeoff = std::move(*outcome.value);
                QVector<QPointF> full, balanced;
                for (const auto& p : m_state->tradeoff) {
                    full.push_back(QPointF(
                        p.evaluation.full.value("arp@20").value_or(0), p.evaluation.full.value("ndcg@20").value_or(0)));
                    balanced.push_back(QPointF(p.evaluation.balanced.value("arp@20").value_or(0),
                        p.evaluation.balanced.value("ndcg@20").value_or(0)));
                }
                m_tradeoff->clearSeries();
                m_tradeoff->setSeries(tr("test, γ = %1, β from 0 to −1").arg(gamma), full);
                m_tradeoff->setSeries(tr("balanced test"), balanced);
                m_tradeoff->chart()->setTitle(tr("ARP / accuracy trade-off"));
            }
            Q_EMIT tradeoffFinished(outcome.done());
            setControlsEnabled();
        });
}

void PpacPage::inspectUser(const QString& label)
{
    if (!m_state->data)
        return;
    const auto user = m_state->data->dataset.findUser(label.trimmed().toStdString());
    if (!user) {
        m_userSummary->setText(tr("No user “%1” in this dataset.").arg(label));
        return;
    }
    ppac::InspectOptions options;
    if (m_state->last)
        options.knobs = m_state->last->knobs;
    try {
        m_state->inspection = ppac::inspectUser(*m_state->data, m_state->recommender.get(), *user, options);
        m_user->setText(QString::fromStdString(m_state->inspection->label));
        showInspection();
    } catch (const std::exception& e) {
        m_userSummary->setText(QString::fromUtf8(e.what()));
    }
}

void PpacPage::showInspection()
{
    // Recompute with the current knobs so the "after" list follows the sliders.
    if (m_state->last && m_state->inspection && m_state->inspection->hasModel
        && (m_state->inspection->knobs.gamma != m_state->last->knobs.gamma
            || m_state->inspection->knobs.beta != m_state->last->knobs.beta)) {
        ppac::InspectOptions options;
        options.knobs = m_state->last->knobs;
        m_state->inspection
            = ppac::inspectUser(*m_state->data, m_state->recommender.get(), m_state->inspection->user, options);
    }
    const auto& u = *m_state->inspection;
    if (u.hasModel)
        m_userSummary->setText(
            tr("User %1: %2 training items, %3 test items. %4: ARP of the top-%5 %6 → %7, mean PP %8 → %9, "
               "test hits %10 → %11.")
                .arg(QString::fromStdString(u.label))
                .arg(u.history.size())
                .arg(u.test.size())
                .arg(QString::fromStdString(u.model))
                .arg(u.before.size())
                .arg(QLocale().toString(u.arpBefore, 'f', 4))
                .arg(QLocale().toString(u.arpAfter, 'f', 4))
                .arg(QLocale().toString(u.ppBefore, 'f', 4))
                .arg(QLocale().toString(u.ppAfter, 'f', 4))
                .arg(u.hitsBefore)
                .arg(u.hitsAfter));
    else
        m_userSummary->setText(tr("User %1: %2 training items, %3 test items. Train a model to see recommendations.")
                                   .arg(QString::fromStdString(u.label))
                                   .arg(u.history.size())
                                   .arg(u.test.size()));
    m_similar->clear();
    m_similar->setHorizontalHeaderLabels({ tr("User"), tr("Jaccard"), tr("Shared items") });
    for (const auto& s : u.similarUsers)
        m_similar->appendRow(
            { new QStandardItem(QString::fromStdString(s.label)), numberCell(s.jaccard), numberCell(s.common, 0) });
    fillItems(m_ppTop, u.personalTop, false);
    fillItems(m_gpTop, u.globalTop, false);
    fillItems(m_before, u.before, true);
    fillItems(m_after, u.after, true);
}

void PpacPage::showRun(qint64 runId)
{
    store::Session* s = session();
    if (!s || isBusy())
        return;
    try {
        const auto run = s->run(runId);
        Json knobs = { { "gamma", 0.0 }, { "beta", 0.0 } };
        if (run.kind == store::RunKind::Knobs)
            knobs = { { "gamma", run.params.value("gamma", 0.0) }, { "beta", run.params.value("beta", 0.0) } };
        const ppac::StoredTraining stored = ppac::readTraining(*s, runId);
        if (s->run(stored.runId).status != store::RunStatus::Done) {
            m_status->setText(tr("Run %1 has no trained model to show.").arg(runId));
            return;
        }
        if (stored.model.empty()) {
            m_status->setText(tr("Run %1 kept no model.").arg(stored.runId));
            return;
        }
        auto weights = std::make_shared<ppac::ModelWeights>(
            ppac::deserializeModel(stored.model, "run " + std::to_string(stored.runId)));
        // Charts of the training as stored: the loss and the validation metric training stopped on.
        const std::string metric = stored.request.training.stopMetric;
        m_training->clearSeries();
        for (const auto& name : s->seriesNames(stored.runId)) {
            const bool loss = name == "loss";
            if (!loss && name != "validation/" + metric)
                continue;
            QVector<QPointF> pts;
            for (const auto& p : s->series(stored.runId, name))
                pts.push_back(QPointF(p.step, p.value));
            m_training->setSeries(loss ? tr("loss") : tr("validation NDCG@20"), pts, !loss);
        }
        const ppac::DataRequest data = stored.request.data;
        const qint64 trainId = stored.runId;
        const std::size_t modelStamp = std::hash<std::string>{}(stored.model);
        m_trainRun = trainId;
        // The data and the model this page holds are reused when they are the run's (the same run
        // shown again, or its session saved under another name); otherwise loaded, with progress.
        if (m_state->data && m_state->dataStamp == dataStamp(data)) {
            if (m_state->recommender && m_state->modelStamp == modelStamp) {
                showRerank();
                setControlsEnabled();
                setKnobs(knobs.value("gamma", 0.0), knobs.value("beta", 0.0));
                m_tabs->setCurrentIndex(2);
                m_status->setText(tr("Run %1, with the data and the model already loaded.").arg(trainId));
                return;
            }
            restoreModel(weights, knobs, trainId, modelStamp);
            return;
        }
        if (data.synthetic)
            setSynthetic(data.synthetic->users, data.synthetic->items, static_cast<int>(data.synthetic->seed));
        else
            setDatasetPath(QString::fromStdString(data.load.path.string()));
        loadFromRequest(
            data, [this, weights, knobs, trainId, modelStamp] { restoreModel(weights, knobs, trainId, modelStamp); },
            TaskKind::Restores);
        m_status->setText(tr("Loading the data run %1 was trained on…").arg(trainId));
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
}

// Builds the recommender of a stored model over the loaded data, then shows it at the run's knobs.
void PpacPage::restoreModel(
    std::shared_ptr<const ppac::ModelWeights> weights, const Json& knobs, qint64 trainId, std::size_t modelStamp)
{
    struct Restored {
        std::shared_ptr<const ppac::Recommender> recommender;
        ppac::RerankResult baseline; // at no knobs
    };
    auto data = m_state->data;
    m_status->setText(tr("Restoring the model of run %1…").arg(trainId));
    startTypedTask<Restored>(
        tr("Restore model"),
        [weights, data](Progress& progress, const CancelToken& cancel) {
            auto r = std::make_shared<const ppac::Recommender>(
                *weights, data, ppac::RecommenderOptions{}, progress, cancel);
            ppac::RerankResult base = ppac::rerank(*r, {}, {}, progress, cancel);
            return Restored{ std::move(r), std::move(base) };
        },
        [this, knobs, trainId, modelStamp](const TypedOutcome<Restored>& outcome) {
            if (outcome.cancelled())
                return; // let go of for a session switch
            if (!outcome.done()) {
                m_status->setText(tr("Cannot restore the model: %1").arg(outcome.error));
                return;
            }
            m_state->recommender = outcome.value->recommender;
            m_state->modelStamp = modelStamp;
            m_state->baseline = outcome.value->baseline;
            m_state->last = std::move(outcome.value->baseline);
            m_trainRun = trainId;
            showRerank();
            setControlsEnabled();
            setKnobs(knobs.value("gamma", 0.0), knobs.value("beta", 0.0));
            m_tabs->setCurrentIndex(2);
            m_status->setText(tr("Run %1 restored.").arg(trainId));
        },
        TaskKind::Restores);
}

} // namespace vantage::gui
