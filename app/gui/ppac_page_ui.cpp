// The PPAC page's widgets: the data and training boxes on the left, four tabs on the right.

#include "ppac_page.h"
#include "ppac_page_p.h"

#include "param_widgets.h"
#include "table_helpers.h"

#include "widgets/adaptive_splitter.h"
#include "widgets/line_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace vantage::gui {

void PpacPage::buildUi()
{
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(buildDataBox());
    leftLayout->addWidget(buildTrainingBox());
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("ppacStatus"));
    m_status->setWordWrap(true);
    leftLayout->addWidget(m_status);
    leftLayout->addStretch(1);

    QWidget* dataTab = buildDatasetTab();
    QWidget* trainingTab = buildTrainingTab();
    QWidget* biasTab = buildDebiasingTab();
    QWidget* userTab = buildUserTab();
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("ppacTabs"));
    m_tabs->addTab(dataTab, tr("Dataset"));
    m_tabs->addTab(trainingTab, tr("Training"));
    m_tabs->addTab(biasTab, tr("Debiasing"));
    m_tabs->addTab(userTab, tr("User Inspector"));

    setInputsAndViews(left, m_tabs);
}

// Data: a synthetic dataset or a folder / file, and Load Data.
QWidget* PpacPage::buildDataBox()
{
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("ppacSource"));
    m_source->addItem(tr("Synthetic (communities, long tail)"), QStringLiteral("synthetic"));
    m_source->addItem(tr("Folder or file…"), QStringLiteral("path"));
    m_users = new QSpinBox(this);
    m_users->setObjectName(QStringLiteral("ppacUsers"));
    m_users->setRange(50, 1000000);
    m_users->setValue(2000);
    m_items = new QSpinBox(this);
    m_items->setObjectName(QStringLiteral("ppacItems"));
    m_items->setRange(20, 1000000);
    m_items->setValue(1000);
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("ppacSeed"));
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
    return dataBox;
}

// Training: architecture, PPAC branches, epochs, validation, Train and Stop.
QWidget* PpacPage::buildTrainingBox()
{
    m_architecture = new QComboBox(this);
    m_architecture->setObjectName(QStringLiteral("ppacArchitecture"));
    m_architecture->addItem(tr("BPR-MF"), QStringLiteral("mf"));
    m_architecture->addItem(tr("LightGCN"), QStringLiteral("lightgcn"));
    m_ppac = new QCheckBox(tr("PPAC (personal and global popularity branches)"), this);
    m_ppac->setObjectName(QStringLiteral("ppacPpac"));
    m_epochs = new QSpinBox(this);
    m_epochs->setObjectName(QStringLiteral("ppacEpochs"));
    m_validation = new QComboBox(this);
    m_validation->addItem(tr("Held out from training"), QStringLiteral("holdout"));
    m_validation->addItem(tr("Balanced test (authors' protocol)"), QStringLiteral("balanced-test"));
    m_validation->addItem(tr("None (keep last epoch)"), QStringLiteral("none"));
    const auto& fields = ppac::trainOptionsParams();
    configureInput(m_architecture, fieldOf(fields, "architecture"));
    configureInput(m_ppac, fieldOf(fields, "ppac"));
    configureInput(m_epochs, fieldOf(fields, "epochs"));
    configureInput(m_validation, fieldOf(fields, "validation"));
    m_train = new QPushButton(tr("Train"), this);
    m_train->setObjectName(QStringLiteral("ppacTrain"));
    connect(m_train, &QPushButton::clicked, this, &PpacPage::startTraining);
    m_stop = new QPushButton(tr("Stop After Epoch"), this);
    m_stop->setObjectName(QStringLiteral("ppacStop"));
    m_stop->setToolTip(tr("Ends training after the current epoch and keeps the best weights so far"));
    connect(m_stop, &QPushButton::clicked, this, [this] { m_state->stop.cancel(); });
    auto* trainButtons = new QHBoxLayout;
    trainButtons->addWidget(m_train);
    trainButtons->addWidget(m_stop);
    auto* trainForm = new QFormLayout;
    trainForm->addRow(tr("Architecture:"), m_architecture);
    trainForm->addRow(m_ppac);
    trainForm->addRow(tr("Epochs:"), m_epochs);
    trainForm->addRow(tr("Validation:"), m_validation);
    trainForm->addRow(trainButtons);
    auto* trainBox = new QGroupBox(tr("Training"), this);
    trainBox->setLayout(trainForm);
    return trainBox;
}

// Tab: the dataset's overview and its long tail.
QWidget* PpacPage::buildDatasetTab()
{
    m_overview = new QLabel(this);
    m_overview->setObjectName(QStringLiteral("ppacOverview"));
    m_overview->setTextFormat(Qt::RichText);
    m_overview->setWordWrap(true);
    m_overview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_longTail = new widgets::LineChart(this);
    m_longTail->setAxisTitles(tr("Item rank (most popular first)"), tr("Training interactions"));
    m_longTail->chart()->setTitle(tr("Long tail of item popularity"));
    auto* dataTab = new QWidget(this);
    auto* dataTabLayout = new QVBoxLayout(dataTab);
    dataTabLayout->addWidget(m_overview);
    dataTabLayout->addWidget(m_longTail, 1);
    return dataTab;
}

// Tab: loss and validation metric per epoch.
QWidget* PpacPage::buildTrainingTab()
{
    m_training = new widgets::LineChart(this);
    m_training->setObjectName(QStringLiteral("ppacTrainingChart"));
    m_training->setAxisTitles(tr("Epoch"), tr("Loss"), tr("Validation metric"));
    m_training->chart()->setTitle(tr("Training"));
    return m_training;
}

// Tab: the knobs, the metrics at them, exposure by popularity and the trade-off curve.
QWidget* PpacPage::buildDebiasingTab()
{
    m_gamma = new QSlider(Qt::Horizontal, this);
    m_gamma->setObjectName(QStringLiteral("ppacGamma"));
    m_gamma->setRange(0, static_cast<int>(2 * kGammaScale));
    m_beta = new QSlider(Qt::Horizontal, this);
    m_beta->setObjectName(QStringLiteral("ppacBeta"));
    m_beta->setRange(static_cast<int>(-2 * kBetaScale), static_cast<int>(2 * kBetaScale));
    // The boxes span the knobs' declared ranges (ppac::knobsParams), the sliders the usual part.
    m_gammaBox = new QDoubleSpinBox(this);
    m_gammaBox->setObjectName(QStringLiteral("ppacGammaBox"));
    m_gammaBox->setDecimals(3);
    m_gammaBox->setSingleStep(0.01);
    configureInput(m_gammaBox, fieldOf(ppac::knobsParams(), "gamma"));
    m_betaBox = new QDoubleSpinBox(this);
    m_betaBox->setObjectName(QStringLiteral("ppacBetaBox"));
    m_betaBox->setDecimals(3);
    m_betaBox->setSingleStep(0.01);
    configureInput(m_betaBox, fieldOf(ppac::knobsParams(), "beta"));
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
    m_tradeoffButton->setObjectName(QStringLiteral("ppacTradeoff"));
    m_tradeoffButton->setToolTip(tr("Re-ranks for a range of β at the current γ and plots ARP against NDCG"));
    connect(m_tradeoffButton, &QPushButton::clicked, this, &PpacPage::computeTradeoff);
    auto* knobs = new QGridLayout;
    // The knobs' names wrap where the views are narrow (German at 1024 px).
    auto wrapped = [this](const QString& text) {
        auto* label = new QLabel(text, this);
        label->setWordWrap(true);
        return label;
    };
    knobs->addWidget(wrapped(tr("γ (personal popularity):")), 0, 0);
    knobs->addWidget(m_gamma, 0, 1);
    knobs->addWidget(m_gammaBox, 0, 2);
    knobs->addWidget(wrapped(tr("β (global popularity):")), 1, 0);
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
    m_exposure->setObjectName(QStringLiteral("ppacExposure"));
    m_exposure->setAxisTitles(tr("Item popularity group (1 = most popular tenth)"), tr("Share of recommendations"));
    m_exposure->chart()->setTitle(tr("Popularity of recommended items"));
    m_tradeoff = new widgets::LineChart(this);
    m_tradeoff->setAxisTitles(tr("ARP@20 (lower: less popularity bias)"), tr("NDCG@20"));
    m_tradeoff->chart()->setTitle(tr("ARP / accuracy trade-off (press Trade-off Curve)"));
    // Side by side where the views have the room, stacked in a narrow window.
    auto* charts = new widgets::AdaptiveSplitter(this);
    charts->setObjectName(QStringLiteral("ppacDebiasingCharts"));
    charts->addWidget(m_exposure);
    charts->addWidget(m_tradeoff);
    auto* biasTab = new QWidget(this);
    auto* biasLayout = new QVBoxLayout(biasTab);
    biasLayout->addLayout(knobs);
    auto* biasSplit = new QSplitter(Qt::Vertical, this);
    biasSplit->addWidget(metricsView);
    biasSplit->addWidget(charts);
    biasLayout->addWidget(biasSplit, 1);
    return biasTab;
}

// Tab: one user's history, similar users and top-K before and after the knobs.
QWidget* PpacPage::buildUserTab()
{
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("ppacUser"));
    m_user->setPlaceholderText(tr("User id"));
    auto* showUser = new QPushButton(tr("Inspect"), this);
    // Arrows as tool buttons: a push button's least width would hold the row wide for one glyph.
    auto* prev = new QToolButton(this);
    prev->setText(tr("◀"));
    prev->setObjectName(QStringLiteral("ppacPreviousUser"));
    auto* next = new QToolButton(this);
    next->setText(tr("▶"));
    next->setObjectName(QStringLiteral("ppacNextUser"));
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
    connect(prev, &QToolButton::clicked, this, [step] { step(-1); });
    connect(next, &QToolButton::clicked, this, [step] { step(1); });
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
    auto titled = [this](const QString& title, QWidget* w) { return titledPane(title, w, this); };
    auto* lists = new QSplitter(Qt::Horizontal, this);
    lists->addWidget(
        titled(tr("Base model top-K (γ = β = 0)"), makeTable(m_before, this, QStringLiteral("ppacBefore"))));
    lists->addWidget(titled(tr("With the knobs"), makeTable(m_after, this, QStringLiteral("ppacAfter"))));
    auto* sources = new QSplitter(Qt::Horizontal, this);
    sources->addWidget(titled(tr("Similar users"), makeTable(m_similar, this, QStringLiteral("ppacSimilar"))));
    sources->addWidget(
        titled(tr("Ranked by personal popularity"), makeTable(m_ppTop, this, QStringLiteral("ppacPpTop"))));
    sources->addWidget(
        titled(tr("Ranked by global popularity"), makeTable(m_gpTop, this, QStringLiteral("ppacGpTop"))));
    auto* userSplit = new QSplitter(Qt::Vertical, this);
    userSplit->addWidget(lists);
    userSplit->addWidget(sources);
    auto* userTab = new QWidget(this);
    auto* userLayout = new QVBoxLayout(userTab);
    userLayout->addLayout(userRow);
    userLayout->addWidget(m_userSummary);
    userLayout->addWidget(userSplit, 1);
    return userTab;
}

} // namespace vantage::gui
