#include "pages.h"

#include "main_window.h"

namespace vantage::gui {

void addEnginePages(MainWindow& window)
{
    // Each engine issue adds its page here.
    (void)window;
}

} // namespace vantage::gui
