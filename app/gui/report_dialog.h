#pragma once
// Export Report: which runs, under what title, in which format, to which file. Every run is in by
// default; the browser's selection is one click away, never a silent choice.

#include <QDialog>

#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;

namespace vantage::store {
class Session;
}

namespace vantage::gui {

class ReportDialog : public QDialog {
    Q_OBJECT
public:
    ReportDialog(const store::Session& session, const std::vector<qint64>& browserSelection, const QString& folder,
        QWidget* parent = nullptr);

    QString title() const;
    std::vector<qint64> runIds() const; // the checked runs, in the session's order
    QString path() const; // with the suffix of the chosen format
    static QString filters();

    // As the controls do.
    void setTitle(const QString& title);
    void checkOnly(const std::vector<qint64>& runIds);
    void setFormat(int index); // 0 HTML, 1 PDF, 2 zip, 3 folder
    void setPath(const QString& path);

private:
    void browse();
    void update();
    QString chosenFilter() const;

    QLineEdit* m_title;
    QListWidget* m_runs;
    QLabel* m_count;
    QComboBox* m_format;
    QLineEdit* m_path;
    QDialogButtonBox* m_buttons;
};

} // namespace vantage::gui
