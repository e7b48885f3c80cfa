#include "ppac_page.h"

#include "table_helpers.h"

#include "common/error.h"
#include "ppac/ppac.h"
#include "ppac/training_run.h"
#include "store/run_scope.h"
#include "store/session.h"
#include "widgets/line_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
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

constexpr double kGammaScale = 1000.0; // slider steps per unit
constexpr double kBetaScale = 1000.0;

void fillItems(QStandardItemModel* model, const std::vector<ppac::InspectedItem>& items, bool withScores)
{
    model->clear();
    QStringList headers{PpacPage::tr("Item"), PpacPage::tr("GP"), PpacPage::tr("Interactions"), PpacPage::tr("PP"),
                        PpacPage::tr("Similar users")};
    if (withScores)
        headers << PpacPage::tr("Score");
    headers << PpacPage::tr("In test");
    model->setHorizontalHeaderLabels(headers);
    for (const auto& it : items) {
        QList<QStandardItem*> row;
        row << new QStandardItem(QString::fromStdString(it.label)) << numberCell(it.global) << numberCell(it.globalCount, 0)
            << numberCell(it.personal) << numberCell(it.personalCount, 0);
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

struct PpacPage::State {
    std::shared_ptr<const ppac::PreparedDataset> data;
    std::optional<ppac::DatasetOverview> overview;
    std::shared_ptr<const ppac::Recommender> recommender;
    std::optional<ppac::RerankResult> baseline; // gamma = beta = 0
    std::optional<ppac::RerankResult> last;
    std::optional<ppac::UserInspection> inspection;
    std::vector<ppac::TradeoffPoint> tradeoff;
    ppac::DataRequest dataRequest; // how the loaded data was made
    Json trainResult;   // of the last training
    int epochs = 0;
    bool rerankPending = false;
    CancelToken stop;   // "Stop training": ends after the current epoch, keeping the best weights
    qint64 rerankTrainRun = 0;
};

PpacPage::PpacPage(QWidget* parent) : EnginePage(parent), m_state(std::make_unique<State>())
{
    setObjectName(QStringLiteral("ppacPage"));
    buildUi();
    setControlsEnabled();
}

PpacPage::~PpacPage()
{
    // The job's lambdas hold shared state only, but its callbacks must not outlive the widgets.
    cancelJob();
    runner()->waitForFinished();
}

void PpacPage::buildUi()
{
    // Data.
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("ppacSource"));
    m_source->addItem(tr("Synthetic (communities, long tail)"), QStringLiteral("synthetic"));
    m_source->addItem(tr("Folder or file…"), QStringLiteral("path"));
    m_users = new QSpinBox(this);
    m_users->setRange(50, 1000000);
    m_users->setValue(2000);
    m_items = new QSpinBox(this);
    m_items->setRange(20, 1000000);
    m_items->setValue(1000);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1 << 30);
    m_seed->setValue(7);
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("ppacPath"));
    m_path->setPlaceholderText(tr("train.txt folder, .inter, ratings.dat, u.data or .csv"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Dataset Folder"));
        if (!dir.isEmpty())
            setDatasetPath(dir);
    });
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_load = new QPushButton(tr("Load Data"), this);
    m_load->setObjectName(QStringLiteral("ppacLoad"));
    connect(m_load, &QPushButton::clicked, this, &PpacPage::loadData);
    auto syncSource = [this, browse] {
        const bool synthetic = m_source->currentData().toString() == QLatin1String("synthetic");
        m_users->setEnabled(synthetic);
        m_items->setEnabled(synthetic);
        m_seed->setEnabled(synthetic);
        m_path->setEnabled(!synthetic);
        browse->setEnabled(!synthetic);
    };
    connect(m_source, &QComboBox::currentIndexChanged, this, syncSource);
    syncSource();
    auto* dataForm = new QFormLayout;
    dataForm->addRow(tr("Source:"), m_source);
    dataForm->addRow(tr("Users:"), m_users);
    dataForm->addRow(tr("Items:"), m_items);
    dataForm->addRow(tr("Seed:"), m_seed);
    dataForm->addRow(tr("Path:"), pathRow);
    dataForm->addRow(m_load);
    auto* dataBox = new QGroupBox(tr("Data"), this);
    dataBox->setLayout(dataForm);

    // Training.
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("ppacModel"));
    m_model->addItem(tr("BPR-MF"), QStringLiteral("mf"));
    m_model->addItem(tr("LightGCN"), QStringLiteral("lightgcn"));
    m_ppac = new QCheckBox(tr("PPAC (personal and global popularity branches)"), this);
    m_ppac->setChecked(true);
    m_epochs = new QSpinBox(this);
    m_epochs->setRange(1, 10000);
    m_epochs->setValue(30);
    m_validation = new QComboBox(this);
    m_validation->addItem(tr("Held out from training"), QStringLiteral("holdout"));
    m_validation->addItem(tr("Balanced test (authors' protocol)"), QStringLiteral("balanced-test"));
    m_validation->addItem(tr("None (keep last epoch)"), QStringLiteral("none"));
    m_train = new QPushButton(tr("Train"), this);
    m_train->setObjectName(QStringLiteral("ppacTrain"));
    connect(m_train, &QPushButton::clicked, this, &PpacPage::startTraining);
    m_stop = new QPushButton(tr("Stop After Epoch"), this);
    m_stop->setToolTip(tr("Ends training after the current epoch and keeps the best weights so far"));
    connect(m_stop, &QPushButton::clicked, this, [this] { m_state->stop.cancel(); });
    auto* trainButtons = new QHBoxLayout;
    trainButtons->addWidget(m_train);
    trainButtons->addWidget(m_stop);
    auto* trainForm = new QFormLayout;
    trainForm->addRow(tr("Model:"), m_model);
    trainForm->addRow(m_ppac);
    trainForm->addRow(tr("Epochs:"), m_epochs);
    trainForm->addRow(tr("Validation:"), m_validation);
    trainForm->addRow(trainButtons);
    auto* trainBox = new QGroupBox(tr("Training"), this);
    trainBox->setLayout(trainForm);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("ppacStatus"));
    m_status->setWordWrap(true);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(dataBox);
    leftLayout->addWidget(trainBox);
    leftLayout->addWidget(m_status);
    leftLayout->addStretch(1);

    // Tab: dataset.
    m_overview = new QLabel(this);
    m_overview->setObjectName(QStringLiteral("ppacOverview"));
    m_overview->setTextFormat(Qt::RichText);
    m_overview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_longTail = new widgets::LineChart(this);
    m_longTail->setAxisTitles(tr("Item rank (most popular first)"), tr("Training interactions"));
    m_longTail->chart()->setTitle(tr("Long tail of item popularity"));
    auto* dataTab = new QWidget(this);
    auto* dataTabLayout = new QVBoxLayout(dataTab);
    dataTabLayout->addWidget(m_overview);
    dataTabLayout->addWidget(m_longTail, 1);

    // Tab: training.
    m_training = new widgets::LineChart(this);
    m_training->setObjectName(QStringLiteral("ppacTrainingChart"));
    m_training->setAxisTitles(tr("Epoch"), tr("Loss"), tr("Validation metric"));
    m_training->chart()->setTitle(tr("Training"));

    // Tab: debiasing.
    m_gamma = new QSlider(Qt::Horizontal, this);
    m_gamma->setObjectName(QStringLiteral("ppacGamma"));
    m_gamma->setRange(0, static_cast<int>(2 * kGammaScale));
    m_beta = new QSlider(Qt::Horizontal, this);
    m_beta->setObjectName(QStringLiteral("ppacBeta"));
    m_beta->setRange(static_cast<int>(-2 * kBetaScale), static_cast<int>(2 * kBetaScale));
    m_gammaBox = new QDoubleSpinBox(this);
    m_gammaBox->setRange(0, 100);
    m_gammaBox->setDecimals(3);
    m_gammaBox->setSingleStep(0.01);
    m_betaBox = new QDoubleSpinBox(this);
    m_betaBox->setRange(-100, 100);
    m_betaBox->setDecimals(3);
    m_betaBox->setSingleStep(0.01);
    connect(m_gamma, &QSlider::valueChanged, this, [this](int v) {
        if (!qFuzzyCompare(1.0 + m_gammaBox->value(), 1.0 + v / kGammaScale))
            m_gammaBox->setValue(v / kGammaScale);
    });
    connect(m_beta, &QSlider::valueChanged, this, [this](int v) {
        if (!qFuzzyCompare(1.0 + m_betaBox->value(), 1.0 + v / kBetaScale))
            m_betaBox->setValue(v / kBetaScale);
    });
    connect(m_gammaBox, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const QSignalBlocker block(m_gamma);
        m_gamma->setValue(static_cast<int>(std::lround(v * kGammaScale)));
        scheduleRerank();
    });
    connect(m_betaBox, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const QSignalBlocker block(m_beta);
        m_beta->setValue(static_cast<int>(std::lround(v * kBetaScale)));
        scheduleRerank();
    });
    m_rerankTimer = new QTimer(this);
    m_rerankTimer->setSingleShot(true);
    m_rerankTimer->setInterval(120);
    connect(m_rerankTimer, &QTimer::timeout, this, &PpacPage::rerankNow);
    m_storeKnobs = new QPushButton(tr("Store Knobs in Session"), this);
    m_storeKnobs->setObjectName(QStringLiteral("ppacStoreKnobs"));
    connect(m_storeKnobs, &QPushButton::clicked, this, &PpacPage::storeKnobs);
    m_tradeoffButton = new QPushButton(tr("Trade-off Curve"), this);
    m_tradeoffButton->setToolTip(tr("Re-ranks for a range of β at the current γ and plots ARP against NDCG"));
    connect(m_tradeoffButton, &QPushButton::clicked, this, &PpacPage::computeTradeoff);
    auto* knobs = new QGridLayout;
    knobs->addWidget(new QLabel(tr("γ (personal popularity):"), this), 0, 0);
    knobs->addWidget(m_gamma, 0, 1);
    knobs->addWidget(m_gammaBox, 0, 2);
    knobs->addWidget(new QLabel(tr("β (global popularity):"), this), 1, 0);
    knobs->addWidget(m_beta, 1, 1);
    knobs->addWidget(m_betaBox, 1, 2);
    auto* knobButtons = new QHBoxLayout;
    knobButtons->addWidget(m_storeKnobs);
    knobButtons->addWidget(m_tradeoffButton);
    knobButtons->addStretch(1);
    knobs->addLayout(knobButtons, 2, 0, 1, 3);
    m_metrics = new QStandardItemModel(this);
    auto* metricsView = makeTable(m_metrics, this, QStringLiteral("ppacMetrics"));
    m_exposure = new widgets::LineChart(this);
    m_exposure->setAxisTitles(tr("Item popularity group (1 = most popular tenth)"), tr("Share of recommendations"));
    m_exposure->chart()->setTitle(tr("Popularity of recommended items"));
    m_tradeoff = new widgets::LineChart(this);
    m_tradeoff->setAxisTitles(tr("ARP@20 (lower: less popularity bias)"), tr("NDCG@20"));
    m_tradeoff->chart()->setTitle(tr("ARP / accuracy trade-off (press Trade-off Curve)"));
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_exposure);
    charts->addWidget(m_tradeoff);
    auto* biasTab = new QWidget(this);
    auto* biasLayout = new QVBoxLayout(biasTab);
    biasLayout->addLayout(knobs);
    auto* biasSplit = new QSplitter(Qt::Vertical, this);
    biasSplit->addWidget(metricsView);
    biasSplit->addWidget(charts);
    biasLayout->addWidget(biasSplit, 1);

    // Tab: user inspector.
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("ppacUser"));
    m_user->setPlaceholderText(tr("User id"));
    auto* showUser = new QPushButton(tr("Inspect"), this);
    auto* prev = new QPushButton(tr("◀"), this);
    auto* next = new QPushButton(tr("▶"), this);
    prev->setToolTip(tr("Previous user"));
    next->setToolTip(tr("Next user"));
    connect(showUser, &QPushButton::clicked, this, [this] { inspectUser(m_user->text()); });
    connect(m_user, &QLineEdit::returnPressed, this, [this] { inspectUser(m_user->text()); });
    auto step = [this](int d) {
        if (!m_state->data)
            return;
        const int n = m_state->data->dataset.numUsers();
        const int current = m_state->inspection ? m_state->inspection->user : -d;
        const int u = ((current + d) % n + n) % n;
        inspectUser(QString::fromStdString(m_state->data->dataset.userLabel(u)));
    };
    connect(prev, &QPushButton::clicked, this, [step] { step(-1); });
    connect(next, &QPushButton::clicked, this, [step] { step(1); });
    auto* userRow = new QHBoxLayout;
    userRow->addWidget(new QLabel(tr("User:"), this));
    userRow->addWidget(m_user);
    userRow->addWidget(showUser);
    userRow->addWidget(prev);
    userRow->addWidget(next);
    userRow->addStretch(1);
    m_userSummary = new QLabel(this);
    m_userSummary->setObjectName(QStringLiteral("ppacUserSummary"));
    m_userSummary->setWordWrap(true);
    m_similar = new QStandardItemModel(this);
    m_ppTop = new QStandardItemModel(this);
    m_gpTop = new QStandardItemModel(this);
    m_before = new QStandardItemModel(this);
    m_after = new QStandardItemModel(this);
    auto titled = [this](const QString& title, QWidget* w) {
        auto* box = new QGroupBox(title, this);
        auto* l = new QVBoxLayout(box);
        l->setContentsMargins(4, 4, 4, 4);
        l->addWidget(w);
        return box;
    };
    auto* lists = new QSplitter(Qt::Horizontal, this);
    lists->addWidget(titled(tr("Base model top-K (γ = β = 0)"), makeTable(m_before, this, QStringLiteral("ppacBefore"))));
    lists->addWidget(titled(tr("With the knobs"), makeTable(m_after, this, QStringLiteral("ppacAfter"))));
    auto* sources = new QSplitter(Qt::Horizontal, this);
    sources->addWidget(titled(tr("Similar users"), makeTable(m_similar, this, QStringLiteral("ppacSimilar"))));
    sources->addWidget(titled(tr("Ranked by personal popularity"), makeTable(m_ppTop, this, QStringLiteral("ppacPpTop"))));
    sources->addWidget(titled(tr("Ranked by global popularity"), makeTable(m_gpTop, this, QStringLiteral("ppacGpTop"))));
    auto* userSplit = new QSplitter(Qt::Vertical, this);
    userSplit->addWidget(lists);
    userSplit->addWidget(sources);
    auto* userTab = new QWidget(this);
    auto* userLayout = new QVBoxLayout(userTab);
    userLayout->addLayout(userRow);
    userLayout->addWidget(m_userSummary);
    userLayout->addWidget(userSplit, 1);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("ppacTabs"));
    m_tabs->addTab(dataTab, tr("Dataset"));
    m_tabs->addTab(m_training, tr("Training"));
    m_tabs->addTab(biasTab, tr("Debiasing"));
    m_tabs->addTab(userTab, tr("User Inspector"));

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_tabs);
    split->setStretchFactor(1, 1);
    split->setSizes({320, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(split);
}

void PpacPage::setControlsEnabled()
{
    const bool busy = isBusy();
    m_load->setEnabled(!busy);
    m_train->setEnabled(!busy && m_state->data != nullptr);
    m_stop->setEnabled(busy);
    const bool model = m_state->recommender != nullptr;
    for (QWidget* w : {static_cast<QWidget*>(m_gamma), static_cast<QWidget*>(m_beta), static_cast<QWidget*>(m_gammaBox),
                       static_cast<QWidget*>(m_betaBox)})
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

void PpacPage::setTraining(const QString& model, bool ppacOn, int epochs)
{
    m_model->setCurrentIndex(qMax(0, m_model->findData(model)));
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
        o.validationFraction = 0.1;
        r.synthetic = o;
    } else {
        r.load.path = m_path->text().trimmed().toStdString();
        r.load.validationFraction = 0.1;
    }
    return r;
}

bool PpacPage::loadFromRequest(const ppac::DataRequest& request, std::function<void()> then)
{
    if (isBusy())
        return false;
    auto loaded = std::make_shared<ppac::LoadedData>();
    m_status->setText(tr("Loading data…"));
    const bool ok = startJob(tr("Load dataset"), [request, loaded](Progress& progress, const CancelToken& cancel) {
        *loaded = ppac::loadData(request, progress, cancel);
        return Json::object();
    }, [this, request, loaded, then](const JobOutcome& outcome) {
        if (outcome.state == JobOutcome::State::Done) {
            m_state->data = loaded->prepared;
            m_state->overview = loaded->overview;
            m_state->dataRequest = request;
            m_state->recommender.reset();
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
            m_status->setText(outcome.state == JobOutcome::State::Cancelled ? tr("Loading cancelled.")
                                                                            : tr("Cannot load the data: %1").arg(outcome.error));
            setControlsEnabled();
            Q_EMIT dataLoaded(false);
        }
    });
    setControlsEnabled();
    return ok;
}

bool PpacPage::loadData()
{
    return loadFromRequest(dataRequest(), {});
}

void PpacPage::showOverview()
{
    const auto& o = *m_state->overview;
    const QLocale l;
    m_overview->setText(tr("<b>%1</b><br>%2 users · %3 items · %4 training interactions (density %5%)<br>"
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
                            .arg(l.toString(o.coldItems)));
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
    options.model = ppac::baseModelFromName(m_model->currentData().toString().toStdString());
    options.ppac = m_ppac->isChecked();
    options.epochs = m_epochs->value();
    options.validation = ppac::validationSourceFromName(m_validation->currentData().toString().toStdString());
    options.patience = 0;
    const ppac::TrainingRequest request{.data = m_state->dataRequest, .training = options};
    auto data = m_state->data;
    store::Session* session = this->session();
    auto weak = QPointer<PpacPage>(this);
    auto recommender = std::make_shared<std::shared_ptr<const ppac::Recommender>>();
    auto baseline = std::make_shared<std::optional<ppac::RerankResult>>();
    m_state->stop = CancelToken();
    const CancelToken stop = m_state->stop;
    m_training->clearSeries();
    m_state->epochs = 0;
    const QString metricName = QString::fromStdString(options.stopMetric);
    m_status->setText(tr("Training…"));
    const bool ok = startJob(tr("Train %1").arg(QString::fromStdString(ppac::trainingName(request))),
                             [=](Progress& progress, const CancelToken& cancel) {
        auto onEpoch = [&](const ppac::EpochReport& e) {
            Json j = {{"epoch", e.epoch}, {"loss", e.loss}};
            if (e.validation)
                if (auto v = e.validation->value(options.stopMetric))
                    j["metric"] = *v;
            QMetaObject::invokeMethod(weak, [weak, j] {
                if (weak)
                    weak->onEpoch(j);
            }, Qt::QueuedConnection);
        };
        ppac::TrainingRun run = ppac::runTraining(session, request, data, progress, cancel, onEpoch, stop);
        *baseline = std::move(run.evaluation);
        *recommender = run.recommender;
        return Json{{"run", run.runId}, {"result", run.result}};
    }, [this, recommender, baseline, metricName](const JobOutcome& outcome) {
        if (outcome.state == JobOutcome::State::Done) {
            m_state->recommender = *recommender;
            m_state->baseline = *baseline;
            m_state->last = *baseline;
            m_state->trainResult = outcome.result["result"];
            m_trainRun = outcome.result.value("run", 0LL);
            {
                const QSignalBlocker a(m_gammaBox), b(m_betaBox), c(m_gamma), d(m_beta);
                m_gammaBox->setValue(0);
                m_betaBox->setValue(0);
                m_gamma->setValue(0);
                m_beta->setValue(0);
            }
            showRerank();
            m_status->setText(tr("Trained: %1").arg(QString::fromStdString(m_state->recommender->weights().displayName())));
            Q_EMIT trainingFinished(true);
        } else {
            m_status->setText(outcome.state == JobOutcome::State::Cancelled ? tr("Training cancelled.")
                                                                            : tr("Training failed: %1").arg(outcome.error));
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

int PpacPage::trainedEpochs() const
{
    return m_state->epochs;
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
        // Re-rank again when the running job ends, with the knobs as they are then.
        m_state->rerankPending = true;
        return false;
    }
    const ppac::Knobs knobs{m_gammaBox->value(), m_betaBox->value()};
    auto rec = m_state->recommender;
    auto out = std::make_shared<std::optional<ppac::RerankResult>>();
    return startJob(tr("Re-rank"), [rec, knobs, out](Progress& progress, const CancelToken& cancel) {
        *out = ppac::rerank(*rec, knobs, {}, progress, cancel);
        return Json::object();
    }, [this, out](const JobOutcome& outcome) {
        if (outcome.state == JobOutcome::State::Done) {
            m_state->last = *out;
            showRerank();
            if (m_state->inspection)
                showInspection();
        }
        Q_EMIT reranked(outcome.state == JobOutcome::State::Done);
        setControlsEnabled();
        if (std::exchange(m_state->rerankPending, false))
            rerankNow();
    });
}

double PpacPage::metric(const QString& name, bool balanced) const
{
    if (!m_state->last)
        return std::nan("");
    const auto& m = balanced ? m_state->last->evaluation.balanced : m_state->last->evaluation.full;
    return m.value(name.toStdString()).value_or(std::nan(""));
}

QVector<double> PpacPage::exposureAfter() const
{
    QVector<double> v;
    if (m_state->last)
        for (double x : m_state->last->exposureByGroup)
            v << x;
    return v;
}

void PpacPage::showRerank()
{
    const auto& r = *m_state->last;
    m_metrics->clear();
    QStringList headers{tr("Metric")};
    const std::vector<std::pair<const ppac::Metrics*, QString>> sets = {{&r.evaluation.full, tr("Test")},
                                                                         {&r.evaluation.balanced, tr("Balanced")}};
    for (const auto& [m, name] : sets)
        for (const auto& at : m->atK)
            headers << QStringLiteral("%1 @%2").arg(name).arg(at.k);
    m_metrics->setHorizontalHeaderLabels(headers);
    const std::vector<std::pair<QString, double ppac::MetricsAtK::*>> rows = {
        {tr("Recall"), &ppac::MetricsAtK::recall},     {tr("Precision"), &ppac::MetricsAtK::precision},
        {tr("NDCG"), &ppac::MetricsAtK::ndcg},         {tr("ARP"), &ppac::MetricsAtK::arp},
        {tr("Coverage"), &ppac::MetricsAtK::coverage}, {tr("Gini"), &ppac::MetricsAtK::gini},
        {tr("Tail %"), &ppac::MetricsAtK::tailPercentage}};
    for (const auto& [label, field] : rows) {
        QList<QStandardItem*> row{new QStandardItem(label)};
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
                          .arg(r.evaluation.full.value("recall@20").value_or(0), 0, 'f', 4)
                          .arg(r.evaluation.full.value("ndcg@20").value_or(0), 0, 'f', 4)
                          .arg(r.evaluation.full.value("arp@20").value_or(0), 0, 'f', 4));
}

bool PpacPage::storeKnobs()
{
    store::Session* s = session();
    if (!s || !m_state->last)
        return false;
    try {
        const auto& r = *m_state->last;
        store::NewRun run{.engine = "ppac", .kind = "knobs",
                          .name = QStringLiteral("γ %1, β %2").arg(r.knobs.gamma).arg(r.knobs.beta).toStdString()};
        run.params = {{"train_run", m_trainRun}, {"gamma", r.knobs.gamma}, {"beta", r.knobs.beta}};
        store::recordRun(s, run, [&](store::RunScope& scope) {
            Json res = {{"metrics", ppac::toJson(r.evaluation)}, {"knobs", {{"gamma", r.knobs.gamma}, {"beta", r.knobs.beta}}},
                        {"exposure_by_popularity_group", r.exposureByGroup}};
            scope.succeed(res, ppac::evaluationSummary(r.evaluation));
        });
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
        grid.push_back({gamma, -0.1 * i});
    auto rec = m_state->recommender;
    auto out = std::make_shared<std::vector<ppac::TradeoffPoint>>();
    return startJob(tr("Trade-off curve"), [rec, grid, out](Progress& progress, const CancelToken& cancel) {
        *out = ppac::tradeoffCurve(*rec, grid, {}, progress, cancel);
        return Json::object();
    }, [this, out, gamma](const JobOutcome& outcome) {
        if (outcome.state == JobOutcome::State::Done) {
            m_state->tradeoff = *out;
            QVector<QPointF> full, balanced;
            for (const auto& p : *out) {
                full.push_back(QPointF(p.evaluation.full.value("arp@20").value_or(0), p.evaluation.full.value("ndcg@20").value_or(0)));
                balanced.push_back(QPointF(p.evaluation.balanced.value("arp@20").value_or(0),
                                           p.evaluation.balanced.value("ndcg@20").value_or(0)));
            }
            m_tradeoff->clearSeries();
            m_tradeoff->setSeries(tr("test, γ = %1, β from 0 to −1").arg(gamma), full);
            m_tradeoff->setSeries(tr("balanced test"), balanced);
            m_tradeoff->chart()->setTitle(tr("ARP / accuracy trade-off"));
        }
        Q_EMIT tradeoffFinished(outcome.state == JobOutcome::State::Done);
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
        && (m_state->inspection->knobs.gamma != m_state->last->knobs.gamma || m_state->inspection->knobs.beta != m_state->last->knobs.beta)) {
        ppac::InspectOptions options;
        options.knobs = m_state->last->knobs;
        m_state->inspection = ppac::inspectUser(*m_state->data, m_state->recommender.get(), m_state->inspection->user, options);
    }
    const auto& u = *m_state->inspection;
    if (u.hasModel)
        m_userSummary->setText(tr("User %1: %2 training items, %3 test items. %4: ARP of the top-%5 %6 → %7, mean PP %8 → %9, "
                                  "test hits %10 → %11.")
                                   .arg(QString::fromStdString(u.label))
                                   .arg(u.history.size())
                                   .arg(u.test.size())
                                   .arg(QString::fromStdString(u.model))
                                   .arg(u.before.size())
                                   .arg(u.arpBefore, 0, 'f', 4)
                                   .arg(u.arpAfter, 0, 'f', 4)
                                   .arg(u.ppBefore, 0, 'f', 4)
                                   .arg(u.ppAfter, 0, 'f', 4)
                                   .arg(u.hitsBefore)
                                   .arg(u.hitsAfter));
    else
        m_userSummary->setText(tr("User %1: %2 training items, %3 test items. Train a model to see recommendations.")
                                   .arg(QString::fromStdString(u.label))
                                   .arg(u.history.size())
                                   .arg(u.test.size()));
    m_similar->clear();
    m_similar->setHorizontalHeaderLabels({tr("User"), tr("Jaccard"), tr("Shared items")});
    for (const auto& s : u.similarUsers)
        m_similar->appendRow({new QStandardItem(QString::fromStdString(s.label)), numberCell(s.jaccard), numberCell(s.common, 0)});
    fillItems(m_ppTop, u.personalTop, false);
    fillItems(m_gpTop, u.globalTop, false);
    fillItems(m_before, u.before, true);
    fillItems(m_after, u.after, true);
}

QString PpacPage::inspectedSummary() const
{
    return m_userSummary->text();
}

bool PpacPage::hasData() const
{
    return m_state->data != nullptr;
}

bool PpacPage::hasModel() const
{
    return m_state->recommender != nullptr;
}

void PpacPage::showRun(qint64 runId)
{
    store::Session* s = session();
    if (!s || isBusy())
        return;
    try {
        const auto run = s->run(runId);
        Json knobs = {{"gamma", 0.0}, {"beta", 0.0}};
        if (run.kind == "knobs")
            knobs = {{"gamma", run.params.value("gamma", 0.0)}, {"beta", run.params.value("beta", 0.0)}};
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
        // Charts of the training as stored: the loss and the validation metric training stopped on
        // ("validation <metric>" in runs of earlier versions).
        const std::string metric = stored.request.training.stopMetric;
        m_training->clearSeries();
        for (const auto& name : s->seriesNames(stored.runId)) {
            const bool loss = name == "loss";
            if (!loss && name != "validation/" + metric && name != "validation " + metric)
                continue;
            QVector<QPointF> pts;
            for (const auto& p : s->series(stored.runId, name))
                pts.push_back(QPointF(p.step, p.value));
            m_training->setSeries(loss ? tr("loss") : tr("validation NDCG@20"), pts, !loss);
        }
        const ppac::DataRequest data = stored.request.data;
        const qint64 trainId = stored.runId;
        m_trainRun = trainId;
        // Restore the data, then the model, then the knobs.
        if (data.synthetic)
            setSynthetic(data.synthetic->users, data.synthetic->items, static_cast<int>(data.synthetic->seed));
        else
            setDatasetPath(QString::fromStdString(data.load.path.string()));
        loadFromRequest(data, [this, weights, knobs, trainId] {
            auto rec = std::make_shared<std::shared_ptr<const ppac::Recommender>>();
            auto base = std::make_shared<std::optional<ppac::RerankResult>>();
            auto data = m_state->data;
            startJob(tr("Restore model"), [weights, data, rec, base](Progress& progress, const CancelToken& cancel) {
                auto r = std::make_shared<const ppac::Recommender>(*weights, data, ppac::RecommenderOptions{}, progress, cancel);
                *base = ppac::rerank(*r, {}, {}, progress, cancel);
                *rec = r;
                return Json::object();
            }, [this, rec, base, knobs, trainId](const JobOutcome& outcome) {
                if (outcome.state != JobOutcome::State::Done) {
                    m_status->setText(tr("Cannot restore the model: %1").arg(outcome.error));
                    return;
                }
                m_state->recommender = *rec;
                m_state->baseline = *base;
                m_state->last = *base;
                m_trainRun = trainId;
                showRerank();
                setControlsEnabled();
                setKnobs(knobs.value("gamma", 0.0), knobs.value("beta", 0.0));
                m_tabs->setCurrentIndex(2);
            });
        });
    } catch (const std::exception& e) {
        m_status->setText(tr("Cannot show run %1: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }
}

} // namespace vantage::gui
