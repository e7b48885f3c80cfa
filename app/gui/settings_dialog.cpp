#include "settings_dialog.h"

#include "app_settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>

namespace vantage::gui {

QString SettingsDialog::languageName(const QString& locale)
{
    if (locale == QLatin1String("en"))
        return QStringLiteral("English");
    if (locale == QLatin1String("de"))
        return QStringLiteral("Deutsch");
    if (locale == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return locale;
}

SettingsDialog::SettingsDialog(AppSettings& settings, QWidget* parent)
    : QDialog(parent)
    , m_settings(settings)
{
    setWindowTitle(tr("Settings"));
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_language->addItem(tr("System language"), QString());
    for (const auto& l : AppSettings::availableLanguages())
        m_language->addItem(languageName(l), l);
    m_language->setCurrentIndex(qMax(0, m_language->findData(settings.language())));

    m_folder = new QLineEdit(QDir::toNativeSeparators(settings.sessionFolder()), this);
    m_folder->setObjectName(QStringLiteral("sessionFolderEdit"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Default Session Folder"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(QDir::toNativeSeparators(dir));
    });
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);

    auto* theme = new QLabel(tr("Follows the system (colours and style of your desktop)"), this);
    theme->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), new QLabel(tr("A new language applies the next time Vantage starts."), this));
    auto* folderLabel = new QLabel(tr("Default session &folder:"), this);
    folderLabel->setBuddy(m_folder); // the row holds a layout: without a buddy "&" would show
    form->addRow(folderLabel, folderRow);
    form->addRow(tr("Theme:"), theme);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void SettingsDialog::accept()
{
    const QString folder = QDir::fromNativeSeparators(m_folder->text().trimmed());
    if (folder.isEmpty() || !QDir(folder).exists()) {
        QMessageBox::warning(this, tr("Settings"), tr("The session folder “%1” does not exist.").arg(m_folder->text()));
        return;
    }
    m_settings.setSessionFolder(folder);
    m_settings.setLanguage(m_language->currentData().toString());
    QDialog::accept();
}

} // namespace vantage::gui
