#include "engine_page.h"

#include "phase_texts.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace vantage::gui {

EnginePage::EnginePage(QWidget* parent)
    : QWidget(parent)
    , m_runner(new JobRunner(this))
{
    connect(m_runner, &JobRunner::started, this, &EnginePage::jobStarted);
    // The engines' phases reach the window in its language.
    connect(m_runner, &JobRunner::progressChanged, this,
        [this](double fraction, const QString& phase) { Q_EMIT jobProgress(fraction, phaseText(phase)); });
    connect(m_runner, &JobRunner::finished, this, [this](const JobOutcome& outcome) {
        QString message;
        switch (outcome.state) {
        case JobOutcome::State::Done:
            message = tr("%1: done").arg(m_title);
            break;
        case JobOutcome::State::Cancelled:
            message = tr("%1: cancelled").arg(m_title);
            break;
        case JobOutcome::State::Failed:
            message = tr("%1: failed").arg(m_title);
            break;
        }
        Q_EMIT jobFinished(message);
        if (auto done = std::move(m_done))
            done(outcome);
        Q_EMIT runsChanged();
    });
}

bool EnginePage::startJob(const QString& title, JobRunner::Work work, Done done, JobKind kind)
{
    if (m_runner->isRunning())
        return false;
    m_title = title;
    m_kind = kind;
    m_done = std::move(done);
    return m_runner->start(title, std::move(work));
}

void EnginePage::setInputsAndViews(QWidget* inputs, QWidget* views)
{
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(inputs);
    split->addWidget(views);
    split->setStretchFactor(1, 1);
    split->setSizes({ 320, 900 });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(split);
}

bool EnginePage::dropRestoring()
{
    if (!isBusy())
        return true;
    if (m_kind != JobKind::Restores)
        return false;
    m_runner->cancel();
    m_runner->waitForFinished();
    return true;
}

} // namespace vantage::gui
