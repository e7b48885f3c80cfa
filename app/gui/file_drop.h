#pragma once
// Files dropped onto the window go where their engine reads them: a session (.vantage) is opened,
// an op graph (.json) becomes FT's model, a torch.export program (.pt2) DGI's model, a TorchScript
// model (.pt, .pth) DGI's model (or the elastic job's, when that page is in front), a training
// script (.py) the elastic job's script.

#include <QString>
#include <QStringList>

namespace vantage::gui {

class MainWindow;

// The suffixes a drop is accepted for (lower case, without the dot).
QStringList droppableSuffixes();
// Opens `path` as described above; false with `message` (for the status bar) when it cannot.
bool openDroppedFile(MainWindow& window, const QString& path, QString* message);

} // namespace vantage::gui
