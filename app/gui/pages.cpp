#include "pages.h"

#include "main_window.h"

#include <QTabWidget>

#ifdef VANTAGE_GUI_FT
#include "ft_page.h"
#endif
#ifdef VANTAGE_GUI_PPAC
#include "ppac_page.h"
#endif
#ifdef VANTAGE_GUI_DGI
#include "dgi_page.h"
#endif
#ifdef VANTAGE_GUI_EDL
#include "edl_page.h"
#endif

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

void startDemoRuns(MainWindow& window)
{
#ifdef VANTAGE_GUI_FT
    if (auto* ft = window.findChild<FtPage*>()) {
        // Batch 64: activations no longer dwarf the weights, so each frontier holds hundreds of
        // strategies and data parallelism is visibly beaten at 16 and 32 devices.
        ft->setInputs(QStringLiteral("bert-large"), 64, QStringLiteral("h200x8"), QStringLiteral("8,16,32"), 0.0);
        window.tabs()->setCurrentWidget(ft);
        ft->startSearch();
    }
#endif
    (void)window;
}

} // namespace vantage::gui
