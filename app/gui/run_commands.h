#pragma once
// Undoable edits of a session's runs (rename, tag, delete) for the window's QUndoStack. Each
// command writes through the store and asks the runs model to reload.

#include <QString>
#include <QStringList>
#include <QUndoCommand>

#include <functional>
#include <vector>

namespace vantage::store {
class Session;
}

namespace vantage::gui {

using Reload = std::function<void()>;

class RenameRunCommand : public QUndoCommand {
public:
    RenameRunCommand(store::Session& session, qint64 runId, QString name, Reload reload);
    void undo() override;
    void redo() override;

private:
    store::Session& m_session;
    qint64 m_runId;
    QString m_old;
    QString m_new;
    Reload m_reload;
};

class TagRunCommand : public QUndoCommand {
public:
    TagRunCommand(store::Session& session, qint64 runId, QStringList tags, Reload reload);
    void undo() override;
    void redo() override;

private:
    store::Session& m_session;
    qint64 m_runId;
    QStringList m_old;
    QStringList m_new;
    Reload m_reload;
};

// Moves runs to the session's trash; undo restores them with their series and artifacts.
class DeleteRunsCommand : public QUndoCommand {
public:
    DeleteRunsCommand(store::Session& session, std::vector<qint64> runIds, Reload reload);
    void undo() override;
    void redo() override;

private:
    store::Session& m_session;
    std::vector<qint64> m_runIds;
    Reload m_reload;
};

} // namespace vantage::gui
