#pragma once
// The first tab: what the open session holds (title, file, runs per engine and status) and the
// document actions, so that an empty window always says what to do next.

#include <QWidget>

class QLabel;
class QPushButton;

namespace vantage::store {
class Session;
}

namespace vantage::gui {

class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);
    void setSession(store::Session* session);
    void refresh();

Q_SIGNALS:
    void newRequested();
    void openRequested();

private:
    store::Session* m_session = nullptr;
    QLabel* m_title;
    QLabel* m_details;
};

} // namespace vantage::gui
