#pragma once
// The session browser: the runs of the open session in a sortable table, filtered by engine,
// status and free text. Activating a run asks the window to show it on its engine's page.

#include <QWidget>

#include <vector>

class QComboBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QLabel;

namespace vantage::gui {

class SessionRunsModel;

class SessionBrowser : public QWidget {
    Q_OBJECT
public:
    explicit SessionBrowser(SessionRunsModel* model, QWidget* parent = nullptr);

    QTableView* view() const { return m_view; }
    std::int64_t selectedRunId() const;
    std::vector<qint64> selectedRunIds() const;

Q_SIGNALS:
    void runActivated(qint64 runId, const QString& engine);
    void renameRequested(qint64 runId);
    void tagsRequested(qint64 runId);
    void deleteRequested(const std::vector<qint64>& runIds);
    void compareRequested(const std::vector<qint64>& runIds);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showContextMenu(const QPoint& pos);
    void applyFilter();
    void updateCount();

    SessionRunsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QComboBox* m_engine;
    QComboBox* m_status;
    QLineEdit* m_search;
    QLabel* m_count;
};

} // namespace vantage::gui
