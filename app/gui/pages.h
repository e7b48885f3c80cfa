#pragma once
// The engine pages this build has, added to the window in tab order.

namespace vantage::gui {
class MainWindow;
void addEnginePages(MainWindow& window);
} // namespace vantage::gui
