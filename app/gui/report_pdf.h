#pragma once
// Reports as files from the GUI: the HTML of core/report turned into a paged A4 PDF with Qt's PDF
// writer (a title page, page numbers in the footer, the charts drawn as vectors), and the one entry
// point behind File > Export Report that picks HTML, PDF or a CSV folder by the path.

#include "report/report_language.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace vantage::store {
class Session;
}

namespace vantage::gui {

// The report's words and numbers in the UI's language and locale (QLocale(), the loaded
// translations), for the reports File > Export Report writes.
report::ReportLanguage uiReportLanguage();

struct PdfReport {
    int pages = 0;
};

// Lays out `html` (from report::renderHtml) on A4 pages and writes the PDF atomically to `pdfPath`.
// Inline <svg> charts and data: URL images (SVG, PNG, JPEG) are drawn at their size, shrunk to fit
// the page. Returns false with a message in *error when the file cannot be written.
bool writePdfReport(const QString& html, const QString& pdfPath, QString* error, PdfReport* info = nullptr);

// writePdfReport for an HTML file on disk (the `vantage --export-pdf IN OUT` path of vantage-cli).
bool convertHtmlFileToPdf(const QString& htmlPath, const QString& pdfPath, QString* error, PdfReport* info = nullptr);

// Writes a report of `runs` (all runs when empty) of `session`: "*.html" a self-contained page,
// "*.pdf" a paged PDF, "*.zip" the CSV and JSON files in a zip archive, any other path a folder
// of them, titled `title` (empty: the session's title), in the UI's language (uiReportLanguage).
// False with *error on failure.
bool exportReport(const store::Session& session, const std::vector<std::int64_t>& runs, const QString& path,
    QString* error, const QString& title = {});

} // namespace vantage::gui
