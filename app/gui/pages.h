#pragma once
// The engine pages this build has, added to the window in tab order.

namespace vantage::gui {
class MainWindow;
void addEnginePages(MainWindow& window);
// Starts small first runs on the pages (the demo session): a BERT-Large frontier search.
void startDemoRuns(MainWindow& window);
} // namespace vantage::gui
