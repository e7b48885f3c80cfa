#pragma once
// The runs of a session as a table (engine, kind, name, status, started, duration, key result),
// read from the store. reload() re-reads; refreshIfChanged() does so only when the file changed,
// so a run written by vantage-cli or an elastic job shows up while the GUI is open.

#include "store/session.h"

#include <QAbstractTableModel>

#include <vector>

namespace vantage::gui {

class SessionRunsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Id,
        Engine,
        Kind,
        Name,
        Tags,
        Status,
        Started,
        Duration,
        Result,
        ColumnCount
    };
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        EngineRole,
        StatusRole
    };

    explicit SessionRunsModel(QObject* parent = nullptr);

    void setSession(store::Session* session); // not owned; nullptr clears
    void reload();
    void refreshIfChanged();

    const store::RunInfo* runAt(int row) const;
    int rowOfRun(std::int64_t runId) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString engineTitle(const QString& engine);
    static QString statusTitle(store::RunStatus status);
    static QString kindTitle(store::RunKind kind);

Q_SIGNALS:
    void loadFailed(const QString& message);

private:
    store::Session* m_session = nullptr;
    std::vector<store::RunInfo> m_runs;
    std::int64_t m_seenVersion = -1;
};

} // namespace vantage::gui
