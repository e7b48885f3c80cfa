#pragma once
// Runs of one engine side by side, from the store alone: FT frontiers overlaid on one chart, every
// series the runs share drawn with one line per run (loss, throughput, metrics), and a table of the
// runs' parameters and key numbers with a column per run.

#include <QWidget>

#include <vector>

class QStandardItemModel;
class QTabWidget;

namespace vantage::store {
class Session;
struct RunInfo;
} // namespace vantage::store

namespace vantage::gui {

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);

    // Throws vantage::Error::invalidInput for fewer than two runs or runs of different engines.
    void setRuns(const store::Session& session, const std::vector<qint64>& runIds);

    QTabWidget* tabs() const { return m_tabs; }
    QStandardItemModel* table() const { return m_table; }

private:
    void addFrontierTab(const std::vector<store::RunInfo>& runs);
    void addSeriesTabs(const store::Session& session, const std::vector<store::RunInfo>& runs);
    void fillTable(const std::vector<store::RunInfo>& runs);
    QTabWidget* m_tabs;
    QStandardItemModel* m_table;
};

} // namespace vantage::gui
