#include "phase_texts.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QStringList>

namespace vantage::gui {

namespace {

// What the core's progress reports say without numbers (core/*: progress.report, SubProgress).
const char* const kPhases[] = {
    QT_TRANSLATE_NOOP("Phase", "done"),
    QT_TRANSLATE_NOOP("Phase", "baselines"),
    QT_TRANSLATE_NOOP("Phase", "frontier search"),
    QT_TRANSLATE_NOOP("Phase", "loading"),
    QT_TRANSLATE_NOOP("Phase", "loading the graph"),
    QT_TRANSLATE_NOOP("Phase", "loaded"),
    QT_TRANSLATE_NOOP("Phase", "reordering nodes"),
    QT_TRANSLATE_NOOP("Phase", "preparing the model"),
    QT_TRANSLATE_NOOP("Phase", "model ready"),
    QT_TRANSLATE_NOOP("Phase", "cutting into layers"),
    QT_TRANSLATE_NOOP("Phase", "drawing the cut"),
    QT_TRANSLATE_NOOP("Phase", "full-graph forward"),
    QT_TRANSLATE_NOOP("Phase", "evaluating"),
    QT_TRANSLATE_NOOP("Phase", "evaluated"),
    QT_TRANSLATE_NOOP("Phase", "partial request"),
    QT_TRANSLATE_NOOP("Phase", "neighbourhood"),
    QT_TRANSLATE_NOOP("Phase", "generating"),
    QT_TRANSLATE_NOOP("Phase", "reading"),
    QT_TRANSLATE_NOOP("Phase", "building"),
    QT_TRANSLATE_NOOP("Phase", "splitting"),
    QT_TRANSLATE_NOOP("Phase", "prepared"),
    QT_TRANSLATE_NOOP("Phase", "data"),
    QT_TRANSLATE_NOOP("Phase", "training"),
    QT_TRANSLATE_NOOP("Phase", "trained"),
    QT_TRANSLATE_NOOP("Phase", "precomputing scores"),
    QT_TRANSLATE_NOOP("Phase", "similar users"),
    QT_TRANSLATE_NOOP("Phase", "reading similar users"),
    QT_TRANSLATE_NOOP("Phase", "personal popularity"),
    QT_TRANSLATE_NOOP("Phase", "similar users and popularity"),
    QT_TRANSLATE_NOOP("Phase", "ranking"),
    QT_TRANSLATE_NOOP("Phase", "exhaustive ranking"),
    QT_TRANSLATE_NOOP("Phase", "re-ranking"),
    QT_TRANSLATE_NOOP("Phase", "re-ranked"),
    QT_TRANSLATE_NOOP("Phase", "starting the leader"),
    QT_TRANSLATE_NOOP("Phase", "starting the new workers"),
    QT_TRANSLATE_NOOP("Phase", "removing the old workers"),
    QT_TRANSLATE_NOOP("Phase", "moved"),
    QT_TRANSLATE_NOOP("Phase", "layer-wise"),
    QT_TRANSLATE_NOOP("Phase", "node-wise"),
    QT_TRANSLATE_NOOP("Phase", "starting workers"),
    QT_TRANSLATE_NOOP("Phase", "calibration"),
    QT_TRANSLATE_NOOP("Phase", "fitting"),
};

// And with numbers or names: the pattern, its translatable text with %1, %2.
struct Pattern {
    QRegularExpression re;
    const char* text;
};

const std::vector<Pattern>& patterns()
{
    static const std::vector<Pattern> p = {
        { QRegularExpression(QStringLiteral("^(\\d+) devices$")), QT_TRANSLATE_NOOP("Phase", "%1 devices") },
        { QRegularExpression(QStringLiteral("^layer (\\d+) of (\\d+)$")),
            QT_TRANSLATE_NOOP("Phase", "layer %1 of %2") },
        { QRegularExpression(QStringLiteral("^node-wise batch (\\d+) of (\\d+)$")),
            QT_TRANSLATE_NOOP("Phase", "node-wise batch %1 of %2") },
        { QRegularExpression(QStringLiteral("^hand-written GCN, layer (\\d+)$")),
            QT_TRANSLATE_NOOP("Phase", "hand-written GCN, layer %1") },
        { QRegularExpression(QStringLiteral("^epoch (\\d+)/(\\d+)$")), QT_TRANSLATE_NOOP("Phase", "epoch %1/%2") },
        { QRegularExpression(QStringLiteral("^reading (.+)$")), QT_TRANSLATE_NOOP("Phase", "reading %1") },
    };
    return p;
}

QString partText(const QString& part)
{
    // The evaluation modes by the names the core gives them.
    if (part == QLatin1String("layerwise"))
        return QCoreApplication::translate("Phase", "layer-wise");
    if (part == QLatin1String("nodewise"))
        return QCoreApplication::translate("Phase", "node-wise");
    static const QHash<QString, const char*> known = [] {
        QHash<QString, const char*> h;
        for (const char* p : kPhases)
            h.insert(QString::fromLatin1(p), p);
        return h;
    }();
    if (const auto it = known.find(part); it != known.end())
        return QCoreApplication::translate("Phase", it.value());
    for (const auto& p : patterns()) {
        const auto m = p.re.match(part);
        if (!m.hasMatch())
            continue;
        QString out = QCoreApplication::translate("Phase", p.text);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            out = out.arg(m.captured(i));
        return out;
    }
    return part;
}

} // namespace

QString phaseText(const QString& phase)
{
    QStringList parts = phase.split(QStringLiteral(": "));
    for (auto& p : parts)
        p = partText(p);
    return parts.join(QStringLiteral(": "));
}

} // namespace vantage::gui
