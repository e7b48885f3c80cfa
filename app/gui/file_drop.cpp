#include "file_drop.h"

#include "built_pages.h"
#include "engine_page.h"
#include "main_window.h"

#include <QComboBox>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLineEdit>
#include <QTabWidget>

namespace vantage::gui {

namespace {

bool quiet()
{
    return QGuiApplication::platformName() == QLatin1String("offscreen")
        && qEnvironmentVariableIsSet("VANTAGE_NO_DIALOGS");
}

template <typename Page> Page* showPage(MainWindow& window)
{
    auto* page = window.findChild<Page*>();
    if (page)
        window.tabs()->setCurrentWidget(page);
    return page;
}

#ifdef VANTAGE_GUI_EDL
// The elastic job trains the user's TorchScript model or runs the user's script.
bool giveToElasticJob(MainWindow& window, const QString& path, bool script)
{
    auto* page = showPage<EdlPage>(window);
    auto* trainer = page->findChild<QComboBox*>(QStringLiteral("edlTrainer"));
    auto* field = page->findChild<QLineEdit*>(script ? QStringLiteral("edlScript") : QStringLiteral("edlModel"));
    if (!trainer || !field)
        return false;
    trainer->setCurrentIndex(
        qMax(0, trainer->findData(script ? QStringLiteral("python") : QStringLiteral("torchscript"))));
    field->setText(path);
    return true;
}
#endif

// A model file: DGI's model (a torch.export program always; TorchScript unless the elastic job's
// page is in front, which trains TorchScript models).
bool openModelFile(MainWindow& window, const QString& path, bool exported, QString* message)
{
#ifdef VANTAGE_GUI_EDL
    if (!exported && qobject_cast<EdlPage*>(window.tabs()->currentWidget()))
        return giveToElasticJob(window, path, false);
#endif
#ifdef VANTAGE_GUI_DGI
    auto* dgi = showPage<DgiPage>(window);
    if (auto* model = dgi->findChild<QComboBox*>(QStringLiteral("dgiModel"))) {
        model->setCurrentText(path);
        dgi->partitionModel(); // shows the cut, or says in its status line what the file is
        return true;
    }
#endif
    if (exported) {
        *message = MainWindow::tr("%1 is a torch.export program (.pt2), which DGI reads; this build has no DGI.")
                       .arg(QFileInfo(path).fileName());
        return false;
    }
#ifdef VANTAGE_GUI_EDL
    Q_UNUSED(message);
    return giveToElasticJob(window, path, false);
#else
    *message = MainWindow::tr("No engine of this build reads TorchScript models.");
    return false;
#endif
}

} // namespace

QStringList droppableSuffixes()
{
    return { QStringLiteral("vantage"), QStringLiteral("json"), QStringLiteral("pt"), QStringLiteral("pth"),
        QStringLiteral("pt2"), QStringLiteral("py") };
}

bool openDroppedFile(MainWindow& window, const QString& path, QString* message)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString name = QFileInfo(path).fileName();
    if (suffix == QLatin1String("vantage")) {
        if (window.openSession(path, quiet()))
            return true;
        *message = window.lastError();
        return false;
    }
    // The engine pages record into a session: an untitled one when none is open.
    window.ensureSession();
#ifdef VANTAGE_GUI_FT
    if (suffix == QLatin1String("json")) {
        auto* ft = showPage<FtPage>(window);
        if (ft->openOpGraph(path, quiet()))
            return true;
        *message = MainWindow::tr("%1 is not an op graph FT can read.").arg(name);
        return false;
    }
#endif
    if (suffix == QLatin1String("pt") || suffix == QLatin1String("pth") || suffix == QLatin1String("pt2"))
        return openModelFile(window, path, suffix == QLatin1String("pt2"), message);
#ifdef VANTAGE_GUI_EDL
    if (suffix == QLatin1String("py"))
        return giveToElasticJob(window, path, true);
#endif
    *message = MainWindow::tr("Vantage does not open %1 files here (%2).").arg(suffix, name);
    return false;
}

} // namespace vantage::gui
