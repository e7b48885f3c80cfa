#pragma once
// Answers a modal dialog the code under test is about to open: polls until a `Dialog` is the
// active modal widget, then hands it to `answer` once (as a user's clicks would).

#include <QApplication>
#include <QTimer>

template <typename Dialog, typename Answer> void whenShown(Answer answer)
{
    auto* poll = new QTimer(qApp);
    poll->setInterval(50);
    QObject::connect(poll, &QTimer::timeout, [poll, answer] {
        auto* dialog = qobject_cast<Dialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        poll->stop();
        poll->deleteLater();
        answer(dialog);
    });
    poll->start();
}
