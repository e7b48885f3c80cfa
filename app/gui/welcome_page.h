#pragma once
// The first tab: where to start (new, open, recent sessions, the demo), first steps per engine,
// the documentation, and what the open session holds (runs per engine and status), so that an
// empty window always says what to do next.

#include <QWidget>

#include <utility>
#include <vector>

class QLabel;
class QListWidget;
class QListWidgetItem;

namespace vantage::store {
class Session;
}

namespace vantage::gui {

class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);
    // `untitled`: the session has no name yet (its runs are lost unless saved).
    void setSession(store::Session* session, bool untitled = false);
    // The engines of this build, as (id, page title), for the first steps.
    void setEngines(const std::vector<std::pair<QString, QString>>& engines);
    // Recent session files, newest first, and untitled sessions left by an earlier start.
    void setRecentFiles(const QStringList& recent, const QStringList& leftOver = {});
    QListWidget* recentList() const { return m_recent; }
    void refresh();

    // Where the documentation (docs/*.md) is: beside the source or installed; empty if nowhere.
    static QString docsFolder();

Q_SIGNALS:
    void newRequested();
    void openRequested();
    void demoRequested();
    void sessionRequested(const QString& path);
    void pageRequested(const QString& engineId);

private:
    void openLink(const QString& link);
    void updateSteps();
    QString sessionSummary() const;

    store::Session* m_session = nullptr;
    bool m_untitled = false;
    std::vector<std::pair<QString, QString>> m_engines;
    QLabel* m_title;
    QLabel* m_details;
    QLabel* m_recentEmpty;
    QListWidget* m_recent;
    QLabel* m_steps;
    QLabel* m_docs;
};

} // namespace vantage::gui
