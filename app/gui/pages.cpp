#include "pages.h"

#include "built_pages.h"
#include "main_window.h"
#include "store/session.h"

#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <filesystem>
#include <functional>
#include <vector>

namespace vantage::gui {

void addEnginePages(MainWindow& window)
{
#ifdef VANTAGE_GUI_FT
    window.addPage(new FtPage(&window));
#endif
#ifdef VANTAGE_GUI_EDL
    window.addPage(new EdlPage(&window));
#endif
#ifdef VANTAGE_GUI_DGI
    window.addPage(new DgiPage(&window));
#endif
#ifdef VANTAGE_GUI_PPAC
    window.addPage(new PpacPage(&window));
#endif
    (void)window; // a build without engines has the session page only
}

namespace {

// The demo's runs, one after the other once the window shows: each step starts work on a page and
// calls next() when that work has ended (well or not: the tour goes on with the next engine).
class DemoTour : public QObject {
public:
    explicit DemoTour(MainWindow& window)
        : QObject(&window)
        , m_window(window)
        , m_session(window.session() ? window.session()->path() : std::filesystem::path())
    { }

    void add(std::function<void(DemoTour&)> step) { m_steps.push_back(std::move(step)); }

    void next()
    {
        if (!m_window.session() || m_window.session()->path() != m_session) { // another session now: it ends
            deleteLater();
            return;
        }
        if (m_at >= m_steps.size()) {
            m_window.statusBar()->showMessage(MainWindow::tr("The demo session holds a run of every engine."), 10000);
            deleteLater();
            return;
        }
        m_window.statusBar()->showMessage(MainWindow::tr("Demo: run %1 of %2").arg(m_at + 1).arg(m_steps.size()));
        auto step = m_steps[m_at++];
        step(*this);
    }

    // Calls next() once `signal` of `sender` has fired (queued: after the page is done with it).
    // A step that could not start and went on by itself leaves its connection stale: it then does
    // nothing.
    template <typename Sender, typename Signal> void after(Sender* sender, Signal signal)
    {
        auto* once = new QObject(this);
        const std::size_t at = m_at;
        connect(sender, signal, once, [this, once, at] {
            once->deleteLater();
            QTimer::singleShot(0, this, [this, at] {
                if (m_at == at)
                    next();
            });
        });
    }

    MainWindow& window() { return m_window; }

private:
    MainWindow& m_window;
    std::filesystem::path m_session; // the demo session it fills
    std::vector<std::function<void(DemoTour&)>> m_steps;
    std::size_t m_at = 0;
};

} // namespace

void startDemoRuns(MainWindow& window)
{
    auto* tour = new DemoTour(window);
#ifdef VANTAGE_GUI_FT
    // Batch 64: activations no longer dwarf the weights, so each frontier holds hundreds of
    // strategies and data parallelism is visibly beaten at 16 and 32 devices. Then one picked.
    tour->add([](DemoTour& t) {
        auto* ft = t.window().findChild<FtPage*>();
        ft->setInputs(QStringLiteral("bert-large"), 64, QStringLiteral("h200x8"), QStringLiteral("8,16,32"), 0.0);
        t.window().tabs()->setCurrentWidget(ft);
        t.after(ft, &FtPage::searchFinished);
        if (!ft->startSearch())
            t.next();
    });
    tour->add([](DemoTour& t) {
        auto* ft = t.window().findChild<FtPage*>();
        if (ft->hasResult())
            ft->pick(ft->frontierCount() - 1, 0);
        t.next();
    });
#endif
#ifdef VANTAGE_GUI_DGI
    tour->add([](DemoTour& t) {
        auto* dgi = t.window().findChild<DgiPage*>();
        dgi->setInputs(QStringLiteral("rmat:n=20000,deg=8,seed=1"), QStringLiteral("sage"), 32, 32, 2);
        t.after(dgi, &DgiPage::evaluationFinished); // the evaluation cuts the model and draws the cut
        if (!dgi->startEvaluation())
            t.next();
    });
#endif
#ifdef VANTAGE_GUI_PPAC
    tour->add([](DemoTour& t) {
        auto* ppac = t.window().findChild<PpacPage*>();
        ppac->setSynthetic(2000, 800, 7);
        t.after(ppac, &PpacPage::dataLoaded);
        if (!ppac->loadData())
            t.next();
    });
    tour->add([](DemoTour& t) {
        auto* ppac = t.window().findChild<PpacPage*>();
        ppac->setTraining(QStringLiteral("mf"), true, 5);
        t.after(ppac, &PpacPage::trainingFinished);
        if (!ppac->startTraining())
            t.next();
    });
#endif
#ifdef VANTAGE_GUI_EDL
    // A short elastic job that scales out and back in while it trains, then ends by itself.
    tour->add([](DemoTour& t) {
        auto* edl = t.window().findChild<EdlPage*>();
        t.window().tabs()->setCurrentWidget(edl);
        edl->setJob(QStringLiteral("mlp"), 2, 1, 131072, 64);
        t.after(edl, &EdlPage::jobEnded);
        auto* scaler = new QTimer(&t);
        scaler->setInterval(250);
        QObject::connect(scaler, &QTimer::timeout, &t, [edl, scaler, phase = 0]() mutable {
            if (!edl->isAttached() || edl->jobState() != QLatin1String("running")) {
                if (phase > 0 && !edl->isAttached())
                    scaler->stop();
                return;
            }
            if (phase == 0 && edl->activeWorkers() == 2 && edl->currentStep() >= 20) {
                edl->addWorkers(1);
                phase = 1;
            } else if (phase == 1 && edl->activeWorkers() == 3) {
                edl->removeWorker(QStringLiteral("w0"));
                phase = 2;
                scaler->stop();
            }
        });
        // A job that cannot start ends the tour's step too (no jobEnded follows).
        auto* once = new QObject(&t);
        QObject::connect(edl, &EdlPage::attached, once, [&t, once](bool ok) {
            once->deleteLater();
            if (!ok)
                QTimer::singleShot(0, &t, [&t] { t.next(); });
        });
        // (the EDL step is the last: a stale jobEnded after it finds the tour gone)
        if (edl->startTraining())
            scaler->start();
        else
            t.next();
    });
#endif
    QTimer::singleShot(0, tour, [tour] { tour->next(); });
}

} // namespace vantage::gui
