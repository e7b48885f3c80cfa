#pragma once
// The engine pages this build has, added to the window in tab order.

namespace vantage::gui {
class MainWindow;
void addEnginePages(MainWindow& window);
// Fills the demo session, one run after the other once the window shows: a BERT-Large frontier
// search and a pick, a GNN evaluation with its layer cut, a PPAC training, and a short elastic job
// that scales out and in.
void startDemoRuns(MainWindow& window);
} // namespace vantage::gui
