#include "pages.h"

#include "main_window.h"

#ifdef VANTAGE_GUI_FT
#include "ft_page.h"
#endif
#ifdef VANTAGE_GUI_PPAC
#include "ppac_page.h"
#endif

namespace vantage::gui {

void addEnginePages(MainWindow& window)
{
#ifdef VANTAGE_GUI_FT
    window.addPage(new FtPage(&window));
#endif
#ifdef VANTAGE_GUI_PPAC
    window.addPage(new PpacPage(&window));
#endif
    (void)window; // a build without engines has the session page only
}

} // namespace vantage::gui
