#include "engine_page.h"

#include "phase_texts.h"

#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace vantage::gui {

EnginePage::EnginePage(QWidget* parent)
    : QWidget(parent)
    , m_runner(new TaskRunner(this))
{
    connect(m_runner, &TaskRunner::started, this, &EnginePage::taskStarted);
    // The engines' phases reach the window in its language.
    connect(m_runner, &TaskRunner::progressChanged, this,
        [this](double fraction, const QString& phase) { Q_EMIT taskProgress(fraction, phaseText(phase)); });
    connect(m_runner, &TaskRunner::finished, this, [this](const TaskOutcome& outcome) {
        QString message;
        switch (outcome.state) {
        case TaskOutcome::State::Done:
            message = tr("%1: done").arg(m_title);
            break;
        case TaskOutcome::State::Cancelled:
            message = tr("%1: cancelled").arg(m_title);
            break;
        case TaskOutcome::State::Failed:
            message = tr("%1: failed").arg(m_title);
            break;
        }
        Q_EMIT taskFinished(message);
        if (auto done = std::move(m_done))
            done(outcome);
        Q_EMIT runsChanged();
    });
}

bool EnginePage::claim(const QString& title, Done done, TaskKind kind)
{
    if (m_runner->isRunning())
        return false;
    m_title = title;
    m_kind = kind;
    m_done = std::move(done);
    return true;
}

bool EnginePage::startTask(const QString& title, TaskRunner::Work work, Done done, TaskKind kind)
{
    return claim(title, std::move(done), kind) && m_runner->start(title, std::move(work));
}

bool EnginePage::startAny(const QString& title, TaskRunner::TypedWork work, Done done, TaskKind kind)
{
    return claim(title, std::move(done), kind) && m_runner->startTyped(title, std::move(work));
}

namespace {

// `content` scrolls where the room is less than it needs (a small window, a long translation)
// instead of being cut or holding the window wide.
QScrollArea* scrolling(QWidget* content, int minimumWidth, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setMinimumWidth(minimumWidth);
    return area;
}

} // namespace

void EnginePage::setInputsAndViews(QWidget* inputs, QWidget* views)
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("pageSplitter"));
    // The inputs start as wide as they need, the views take the rest.
    const int inputsWidth = inputs->minimumSizeHint().width() + 2;
    // The inputs keep their width up to a point; the views give way first.
    split->addWidget(scrolling(inputs, std::min(inputsWidth, 340), this));
    split->addWidget(scrolling(views, 320, this));
    split->setStretchFactor(1, 1);
    split->setCollapsible(0, false);
    split->setCollapsible(1, false);
    split->setSizes({ std::max(inputsWidth, 240), 900 });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(split);
}

bool EnginePage::dropRestoring()
{
    if (!isBusy())
        return true;
    if (m_kind != TaskKind::Restores)
        return false;
    m_runner->cancel();
    m_runner->waitForFinished();
    return true;
}

} // namespace vantage::gui
