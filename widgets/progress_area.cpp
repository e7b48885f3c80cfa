#include "progress_area.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace vantage::widgets {

ProgressArea::ProgressArea(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(true);
    m_bar->setFormat(QStringLiteral("%p%"));
    m_bar->setMinimumWidth(160);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("progressCancel"));
    layout->addWidget(m_label, 1);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        m_label->setText(tr("%1: cancelling…").arg(m_title));
        Q_EMIT cancelRequested();
    });
    m_bar->hide();
    m_cancel->hide();
}

void ProgressArea::start(const QString& title)
{
    m_title = title;
    m_busy = true;
    m_label->setText(title);
    m_bar->setValue(0);
    m_bar->setFormat(QStringLiteral("%p%"));
    m_clock.start();
    m_bar->show();
    m_cancel->setEnabled(true);
    m_cancel->show();
}

void ProgressArea::setProgress(double fraction, const QString& phase)
{
    m_bar->setValue(static_cast<int>(qBound(0.0, fraction, 1.0) * 1000.0));
    const QString left = timeLeft(fraction, m_clock.isValid() ? m_clock.elapsed() / 1000.0 : 0.0);
    m_bar->setFormat(left.isEmpty() ? QStringLiteral("%p%") : tr("%p% · %1").arg(left));
    if (m_cancel->isEnabled())
        m_label->setText(phase.isEmpty() ? m_title : tr("%1: %2").arg(m_title, phase));
}

QString ProgressArea::timeLeft(double fraction, double elapsedS)
{
    // Too early (under 2 s or 3 %) the rate says nothing; done, nothing is left.
    if (elapsedS < 2.0 || fraction < 0.03 || fraction >= 1.0)
        return {};
    const double left = elapsedS * (1.0 - fraction) / fraction;
    if (left < 60.0)
        return tr("about %1 s left").arg(std::max(1, static_cast<int>(std::lround(left))));
    if (left < 3600.0)
        return tr("about %1 min left").arg(static_cast<int>(std::lround(left / 60.0)));
    return tr("about %1 h left").arg(QLocale().toString(left / 3600.0, 'f', 1));
}

QString ProgressArea::barText() const
{
    return m_bar->text();
}

void ProgressArea::finish(const QString& message)
{
    m_busy = false;
    m_bar->hide();
    m_cancel->hide();
    m_label->setText(message);
}

} // namespace vantage::widgets
