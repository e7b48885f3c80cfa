#pragma once
// The one place of a window where long work shows: a phase label, a progress bar and a Cancel
// button. It shows state and emits the user's wish to cancel; it runs nothing itself.

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace vantage::widgets {

class ProgressArea : public QWidget {
    Q_OBJECT
public:
    explicit ProgressArea(QWidget* parent = nullptr);

    bool isBusy() const { return m_busy; }
    // What the bar says: the share done and, once there is enough to go by, the time left.
    QString barText() const;
    // The time left at `fraction` done after `elapsedS` seconds; empty while too early to tell.
    static QString timeLeft(double fraction, double elapsedS);

public Q_SLOTS:
    void start(const QString& title);
    void setProgress(double fraction, const QString& phase);
    void finish(const QString& message = {});

Q_SIGNALS:
    void cancelRequested();

private:
    QLabel* m_label;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
    QString m_title;
    bool m_busy = false;
    QElapsedTimer m_clock;
};

} // namespace vantage::widgets
