#pragma once
// Preferences: language (applied at next start), default session folder. The theme follows the
// system's palette and style; nothing here overrides it.

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace vantage::gui {

class AppSettings;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    SettingsDialog(AppSettings& settings, QWidget* parent = nullptr);
    void accept() override;

    static QString languageName(const QString& locale);

private:
    AppSettings& m_settings;
    QComboBox* m_language;
    QLineEdit* m_folder;
};

} // namespace vantage::gui
