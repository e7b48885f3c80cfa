#pragma once
// The phases the engines report as they work ("8 devices: baselines", "layer 2 of 3",
// "epoch 3/10"), in the window's language. Parts the window does not know are shown as they are.

#include <QString>

namespace vantage::gui {

QString phaseText(const QString& phase);

} // namespace vantage::gui
