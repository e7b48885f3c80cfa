#include "run_commands.h"

#include "store/session.h"

#include <QCoreApplication>

namespace vantage::gui {

namespace {
std::vector<std::string> toStd(const QStringList& l)
{
    std::vector<std::string> out;
    for (const auto& s : l)
        out.push_back(s.toStdString());
    return out;
}
QStringList fromStd(const std::vector<std::string>& l)
{
    QStringList out;
    for (const auto& s : l)
        out << QString::fromStdString(s);
    return out;
}
} // namespace

RenameRunCommand::RenameRunCommand(store::Session& session, qint64 runId, QString name, Reload reload)
    : m_session(session)
    , m_runId(runId)
    , m_old(QString::fromStdString(session.run(runId).name))
    , m_new(std::move(name))
    , m_reload(std::move(reload))
{
    setText(QCoreApplication::translate("RunCommands", "Rename Run"));
}

void RenameRunCommand::redo()
{
    m_session.renameRun(m_runId, m_new.toStdString());
    m_reload();
}

void RenameRunCommand::undo()
{
    m_session.renameRun(m_runId, m_old.toStdString());
    m_reload();
}

TagRunCommand::TagRunCommand(store::Session& session, qint64 runId, QStringList tags, Reload reload)
    : m_session(session)
    , m_runId(runId)
    , m_old(fromStd(session.run(runId).tags))
    , m_new(std::move(tags))
    , m_reload(std::move(reload))
{
    setText(QCoreApplication::translate("RunCommands", "Tag Run"));
}

void TagRunCommand::redo()
{
    m_session.setRunTags(m_runId, toStd(m_new));
    m_reload();
}

void TagRunCommand::undo()
{
    m_session.setRunTags(m_runId, toStd(m_old));
    m_reload();
}

DeleteRunsCommand::DeleteRunsCommand(store::Session& session, std::vector<qint64> runIds, Reload reload)
    : m_session(session)
    , m_runIds(std::move(runIds))
    , m_reload(std::move(reload))
{
    setText(QCoreApplication::translate("RunCommands", "Delete %n Run(s)", nullptr, static_cast<int>(m_runIds.size())));
}

void DeleteRunsCommand::redo()
{
    for (auto id : m_runIds)
        m_session.trashRun(id);
    m_reload();
}

void DeleteRunsCommand::undo()
{
    for (auto id : m_runIds)
        m_session.restoreRun(id);
    m_reload();
}

} // namespace vantage::gui
