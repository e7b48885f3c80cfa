#include "report_pdf.h"

#include "common/version.h"
#include "report/csv_export.h"
#include "report/html_report.h"
#include "report/zip_export.h"
#include "store/session.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>
#include <QXmlStreamReader>

#include <memory>
#include <set>

namespace vantage::gui {

namespace {

class ReportExport {
    Q_DECLARE_TR_FUNCTIONS(vantage::gui::ReportExport)
};

// Layout units are CSS pixels: the writer runs at 96 dpi, as the HTML's sizes assume.
constexpr int kDpi = 96;
constexpr double kMarginX = 60.0; // 16 mm
constexpr double kMarginTop = 60.0;
constexpr double kMarginBottom = 76.0; // room for the footer
constexpr int kObjectType = QTextFormat::UserObject + 17;
constexpr int kObjectIndex = QTextFormat::UserProperty + 1;
constexpr int kObjectWidth = QTextFormat::UserProperty + 2;
constexpr int kObjectHeight = QTextFormat::UserProperty + 3;
const QString kObjectScheme = QStringLiteral("vantage-object:");

// Qt's rich text knows a smaller part of CSS than browsers; this is the report's style for it.
const char* const kPdfStyle = R"css(
table.cover { margin-top: 40px; margin-bottom: 26px; border-width: 0px; }
td.cover-cell { padding: 90px 24px 22px 24px; }
p.cover-kicker { color: #a9d2f0; font-weight: bold; font-size: 9pt; margin-top: 0px; margin-bottom: 6px; }
h1.cover-title { font-size: 26pt; font-weight: bold; color: #ffffff; margin-top: 0px; margin-bottom: 0px; }
h2 { font-size: 14pt; font-weight: bold; color: #1d2330; margin-top: 22px; margin-bottom: 8px; }
h2.run-title { page-break-before: always; margin-top: 0px; color: #0b4f7c; }
h2.appendix-title { page-break-before: always; margin-top: 0px; color: #0b4f7c; }
h3 { font-size: 10.5pt; font-weight: bold; color: #0b4f7c; margin-top: 14px; margin-bottom: 5px; }
h4 { font-size: 9pt; font-weight: bold; color: #2c3445; margin-top: 8px; margin-bottom: 4px; }
p.lead { font-size: 10pt; margin-top: 4px; margin-bottom: 10px; }
table { border-collapse: collapse; margin-bottom: 8px; border-color: #d9dee7; }
th { font-weight: bold; text-align: left; background-color: #eef1f6; padding: 3px 6px 3px 6px; }
td { padding: 2px 6px 2px 6px; border-bottom: 1px solid #e3e7ee; }
td.num, th.num { text-align: right; }
td.key { font-family: "DejaVu Sans Mono"; font-size: 7.5pt; }
table.facts th { font-weight: normal; color: #5b6475; background-color: #ffffff; border-bottom: 1px solid #eceff4; }
table.facts td { border-bottom: 1px solid #eceff4; }
table.facts thead th { font-weight: bold; color: #1d2330; background-color: #eef1f6; }
table.metrics tbody th { background-color: #ffffff; }
p.note, p.caption { color: #5b6475; font-size: 7.5pt; margin-top: 2px; margin-bottom: 8px; }
td.note { color: #5b6475; }
span.error, p.error { color: #b34700; }
span.status-done { color: #00734f; font-weight: bold; }
span.status-failed { color: #b34700; font-weight: bold; }
span.status-cancelled, span.status-running, span.status-queued { color: #5b6475; font-weight: bold; }
a { color: #0061a0; text-decoration: none; }
p.footer { color: #5b6475; font-size: 7.5pt; margin-top: 24px; }
)css";

// A text of an inline SVG chart, drawn with QPainter::drawText so that the PDF holds it as text
// (QtSvg draws text as outlines, which no reader can search or copy).
struct SvgLabel {
    QString text;
    QPointF at; // in the SVG's user units, after `translate`
    QPointF translate; // the element's translate(x y)
    double rotate = 0; // degrees
    double size = 12; // pixels
    bool bold = false;
    QColor colour = Qt::black;
    int anchor = 0; // -1 start, 0 middle, 1 end
};

// A chart or an embedded image: QSvgRenderer for SVG (drawn as vectors), QImage otherwise.
struct Picture {
    std::unique_ptr<QSvgRenderer> svg;
    QImage image;
    QSizeF size; // CSS pixels
    QRectF viewBox;
    std::vector<SvgLabel> labels;
};

double number(QStringView text, double fallback)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok ? v : fallback;
}

// Takes the <text> elements out of a chart's SVG into `labels`. Returns the SVG without them, or
// the SVG unchanged (and no labels) when it is not the simple shape the report's charts have.
QString takeLabels(const QString& svg, std::vector<SvgLabel>& labels)
{
    QXmlStreamReader xml(svg);
    double rootSize = 12;
    bool rootSeen = false;
    std::vector<SvgLabel> found;
    std::vector<QColor> fills = { QColor(Qt::black) }; // inherited fill, per open element
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && fills.size() > 1)
            fills.pop_back();
        if (token != QXmlStreamReader::StartElement)
            continue;
        const auto a = xml.attributes();
        const QColor fill
            = a.hasAttribute(QLatin1String("fill")) ? QColor(a.value(QLatin1String("fill")).toString()) : fills.back();
        if (!rootSeen) {
            rootSeen = true;
            rootSize = number(a.value(QLatin1String("font-size")), 12);
        }
        if (xml.name() != QLatin1String("text")) {
            fills.push_back(fill);
            continue;
        }
        SvgLabel l;
        l.colour = fill;
        l.at = QPointF(number(a.value(QLatin1String("x")), 0), number(a.value(QLatin1String("y")), 0));
        l.size = number(a.value(QLatin1String("font-size")), rootSize);
        l.bold = a.value(QLatin1String("font-weight")) == QLatin1String("bold");
        const auto anchor = a.value(QLatin1String("text-anchor"));
        l.anchor = anchor == QLatin1String("middle") ? 0 : anchor == QLatin1String("end") ? 1 : -1;
        const QString transform = a.value(QLatin1String("transform")).toString();
        static const QRegularExpression translate(QStringLiteral("translate\\(\\s*([-0-9.]+)[\\s,]+([-0-9.]+)\\s*\\)"));
        static const QRegularExpression rotate(QStringLiteral("rotate\\(\\s*([-0-9.]+)\\s*\\)"));
        if (const auto m = translate.match(transform); m.hasMatch())
            l.translate = QPointF(m.captured(1).toDouble(), m.captured(2).toDouble());
        if (const auto m = rotate.match(transform); m.hasMatch())
            l.rotate = m.captured(1).toDouble();
        l.text = xml.readElementText(QXmlStreamReader::ErrorOnUnexpectedElement);
        found.push_back(std::move(l));
    }
    if (xml.hasError())
        return svg;
    static const QRegularExpression textElement(QStringLiteral("<text\\b[^>]*>[^<]*</text>"));
    QString rest = svg;
    rest.remove(textElement);
    labels = std::move(found);
    return rest;
}

void drawLabels(QPainter* painter, const QRectF& rect, const Picture& p)
{
    if (p.labels.empty() || p.viewBox.isEmpty())
        return;
    painter->save();
    painter->translate(rect.topLeft());
    painter->scale(rect.width() / p.viewBox.width(), rect.height() / p.viewBox.height());
    painter->translate(-p.viewBox.topLeft());
    for (const SvgLabel& l : p.labels) {
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPixelSize(std::max(1, qRound(l.size)));
        font.setBold(l.bold);
        painter->setFont(font);
        painter->setPen(l.colour);
        painter->save();
        painter->translate(l.translate);
        painter->rotate(l.rotate);
        const double width = QFontMetricsF(font, painter->device()).horizontalAdvance(l.text);
        const double x = l.at.x() - (l.anchor == 0 ? width / 2 : l.anchor == 1 ? width : 0.0);
        painter->drawText(QPointF(x, l.at.y()), l.text);
        painter->restore();
    }
    painter->restore();
}

class PictureHandler : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    std::vector<Picture> pictures;
    QSizeF maxSize;

    QSizeF intrinsicSize(QTextDocument*, int, const QTextFormat& format) override
    {
        QSizeF s(format.doubleProperty(kObjectWidth), format.doubleProperty(kObjectHeight));
        if (s.isEmpty())
            return { 1, 1 };
        const double scale = std::min({ 1.0, maxSize.width() / s.width(), maxSize.height() / s.height() });
        return s * scale;
    }

    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument*, int, const QTextFormat& format) override
    {
        const auto index = static_cast<std::size_t>(format.intProperty(kObjectIndex));
        if (index >= pictures.size())
            return;
        const Picture& p = pictures[index];
        // A picture at the edge of a page is drawn for both pages; only the one it is on gets it,
        // so that its labels are not in the text of the page before.
        if (painter->hasClipping() && !painter->clipBoundingRect().intersects(rect.adjusted(0, 1, 0, -1)))
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setRenderHint(QPainter::SmoothPixmapTransform);
        if (p.svg)
            p.svg->render(painter, rect);
        else
            painter->drawImage(rect, p.image);
        drawLabels(painter, rect, p);
        painter->restore();
    }
};

double lengthAttribute(const QString& tag, const QString& name)
{
    const QRegularExpression re(QStringLiteral("\\s%1=\"([0-9.]+)(px)?\"").arg(name));
    const auto m = re.match(tag);
    return m.hasMatch() ? m.captured(1).toDouble() : 0.0;
}

// Replaces inline <svg> elements and data: URL images by <img src="vantage-object:N"> and keeps
// what each one draws in `handler`. Returns the HTML for QTextDocument.
QString extractPictures(QString html, PictureHandler& handler)
{
    // Styles for browsers go; the document gets kPdfStyle instead.
    html.remove(
        QRegularExpression(QStringLiteral("<style[^>]*>.*?</style>"), QRegularExpression::DotMatchesEverythingOption));
    // The title on the title page sits on a coloured band.
    html.replace(
        QRegularExpression(QStringLiteral("<p class=\"kicker\">(.*?)</p><h1 class=\"report-title\">(.*?)</h1>"),
            QRegularExpression::DotMatchesEverythingOption),
        QStringLiteral(
            "<table class=\"cover\" width=\"100%\" cellspacing=\"0\" cellpadding=\"26\" "
            "bgcolor=\"#0b4f7c\"><tr><td class=\"cover-cell\" bgcolor=\"#0b4f7c\"><p class=\"cover-kicker\">\\1</p>"
            "<h1 class=\"cover-title\">\\2</h1></td></tr></table>"));

    QString out;
    out.reserve(html.size());
    qsizetype pos = 0;
    const QRegularExpression imgData(
        QStringLiteral("<img\\s[^>]*src=\"data:(image/[a-z+.-]+);base64,([A-Za-z0-9+/=]*)\"[^>]*>"));
    while (pos < html.size()) {
        const qsizetype svgAt = html.indexOf(QLatin1String("<svg"), pos);
        const auto imgMatch = imgData.match(html, pos);
        const qsizetype imgAt = imgMatch.hasMatch() ? imgMatch.capturedStart() : -1;
        if (svgAt < 0 && imgAt < 0)
            break;
        Picture picture;
        qsizetype start = 0, end = 0;
        if (svgAt >= 0 && (imgAt < 0 || svgAt < imgAt)) {
            // Inline SVG, nested <svg> elements included, up to the matching </svg>.
            int depth = 0;
            qsizetype i = svgAt;
            end = -1;
            while (i < html.size()) {
                const qsizetype open = html.indexOf(QLatin1String("<svg"), i);
                const qsizetype close = html.indexOf(QLatin1String("</svg>"), i);
                if (close < 0)
                    break;
                if (open >= 0 && open < close) {
                    ++depth;
                    i = open + 4;
                } else {
                    --depth;
                    i = close + 6;
                    if (depth == 0) {
                        end = i;
                        break;
                    }
                }
            }
            if (end < 0)
                break; // not well-formed: leave the rest as text
            start = svgAt;
            const QString svg = html.mid(start, end - start);
            const QString openTag = svg.left(svg.indexOf(QLatin1Char('>')) + 1);
            picture.svg = std::make_unique<QSvgRenderer>(takeLabels(svg, picture.labels).toUtf8());
            picture.viewBox = picture.svg->viewBoxF();
            picture.size = QSizeF(
                lengthAttribute(openTag, QStringLiteral("width")), lengthAttribute(openTag, QStringLiteral("height")));
            if (picture.size.isEmpty())
                picture.size = picture.svg->viewBoxF().size();
        } else {
            start = imgAt;
            end = imgMatch.capturedEnd();
            const QString mime = imgMatch.captured(1);
            const QByteArray data = QByteArray::fromBase64(imgMatch.captured(2).toLatin1());
            if (mime == QLatin1String("image/svg+xml")) {
                picture.svg = std::make_unique<QSvgRenderer>(data);
                picture.size = picture.svg->defaultSize();
            } else {
                picture.image.loadFromData(data);
                picture.size = picture.image.size();
            }
        }
        out += QStringView(html).mid(pos, start - pos);
        const bool valid = picture.svg ? picture.svg->isValid() : !picture.image.isNull();
        if (valid && !picture.size.isEmpty()) {
            out += QStringLiteral("<img src=\"%1%2\" width=\"%3\" height=\"%4\"/>")
                       .arg(kObjectScheme)
                       .arg(handler.pictures.size())
                       .arg(picture.size.width())
                       .arg(picture.size.height());
            handler.pictures.push_back(std::move(picture));
        } else {
            out += ReportExport::tr("[an image that cannot be drawn]");
        }
        pos = end;
    }
    out += QStringView(html).mid(pos);
    return out;
}

// Turns the placeholder images into objects that PictureHandler draws.
void attachPictures(QTextDocument& doc, PictureHandler& handler)
{
    struct Spot {
        int position;
        int index;
        QSizeF size;
    };
    std::vector<Spot> spots;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (!f.isValid() || !f.charFormat().isImageFormat())
                continue;
            const QTextImageFormat img = f.charFormat().toImageFormat();
            if (!img.name().startsWith(kObjectScheme))
                continue;
            const int index = img.name().mid(kObjectScheme.size()).toInt();
            if (index < 0 || static_cast<std::size_t>(index) >= handler.pictures.size())
                continue;
            for (int k = 0; k < f.length(); ++k)
                spots.push_back({ f.position() + k, index, handler.pictures[static_cast<std::size_t>(index)].size });
        }
    QTextCursor cursor(&doc);
    for (const Spot& s : spots) {
        QTextCharFormat format;
        format.setObjectType(kObjectType);
        format.setProperty(kObjectIndex, s.index);
        format.setProperty(kObjectWidth, s.size.width());
        format.setProperty(kObjectHeight, s.size.height());
        cursor.setPosition(s.position);
        cursor.setPosition(s.position + 1, QTextCursor::KeepAnchor);
        cursor.setCharFormat(format);
    }
}

// The top of a block's first line in document coordinates (after pagination moved it).
double firstLineTop(QTextDocument& doc, const QTextBlock& block)
{
    const QRectF rect = doc.documentLayout()->blockBoundingRect(block);
    const QTextLayout* layout = block.layout();
    return rect.top() + (layout && layout->lineCount() > 0 ? layout->lineAt(0).y() : 0.0);
}

// Headings (h2, h3) whose next block starts on a later page, at most one per stretch between
// forced page breaks (moving one heading shifts the rest of its stretch, not what follows a break).
std::vector<int> orphanHeadings(QTextDocument& doc)
{
    const double pageHeight = doc.pageSize().height();
    std::vector<int> out;
    bool stretchDone = false;
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        const QTextBlockFormat format = b.blockFormat();
        if (format.pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) {
            stretchDone = false;
            continue; // at the top of its page already
        }
        if (stretchDone || format.headingLevel() < 2 || !b.next().isValid())
            continue;
        const auto headingPage = static_cast<int>(firstLineTop(doc, b) / pageHeight);
        const auto nextPage = static_cast<int>(firstLineTop(doc, b.next()) / pageHeight);
        if (nextPage > headingPage) {
            out.push_back(b.blockNumber());
            stretchDone = true;
        }
    }
    return out;
}

// The report laid out on pages of `body` size, with page breaks before the blocks in `breaks`.
std::unique_ptr<QTextDocument> layOut(
    const QString& html, PictureHandler& handler, QPaintDevice& device, const QSizeF& body, const std::set<int>& breaks)
{
    auto doc = std::make_unique<QTextDocument>();
    doc->documentLayout()->setPaintDevice(&device);
    doc->documentLayout()->registerHandler(kObjectType, &handler);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(8.5);
    doc->setDefaultFont(font);
    doc->setDefaultStyleSheet(QString::fromLatin1(kPdfStyle));
    doc->setDocumentMargin(0);
    QImage blank(1, 1, QImage::Format_ARGB32);
    blank.fill(Qt::transparent);
    for (std::size_t i = 0; i < handler.pictures.size(); ++i)
        doc->addResource(QTextDocument::ImageResource, QUrl(kObjectScheme + QString::number(i)), blank);
    doc->setHtml(html);
    attachPictures(*doc, handler);
    for (int n : breaks) {
        QTextBlockFormat breakBefore;
        breakBefore.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(doc->findBlockByNumber(n)).mergeBlockFormat(breakBefore);
    }
    doc->setPageSize(body);
    return doc;
}

} // namespace

bool writePdfReport(const QString& html, const QString& pdfPath, QString* error, PdfReport* info)
{
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    QSaveFile file(pdfPath);
    if (!file.open(QIODevice::WriteOnly))
        return fail(ReportExport::tr("Cannot write %1: %2").arg(pdfPath, file.errorString()));

    QPdfWriter writer(&file);
    writer.setResolution(kDpi);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setCreator(QStringLiteral("Vantage " VANTAGE_VERSION));

    const QRectF page = writer.pageLayout().fullRectPixels(kDpi);
    const QSizeF body(page.width() - 2 * kMarginX, page.height() - kMarginTop - kMarginBottom);

    PictureHandler handler;
    handler.maxSize = QSizeF(body.width(), body.height() * 0.9);
    const QString prepared = extractPictures(html, handler);
    // Qt's rich text has no "keep with next": lay out, move the headings that end a page to the
    // next one, and lay out again until none is left (a few rounds; each fixes one per run).
    std::set<int> breaks;
    std::unique_ptr<QTextDocument> laidOut = layOut(prepared, handler, writer, body, breaks);
    for (int round = 0; round < 20; ++round) {
        const std::vector<int> orphans = orphanHeadings(*laidOut);
        if (orphans.empty())
            break;
        breaks.insert(orphans.begin(), orphans.end());
        laidOut = layOut(prepared, handler, writer, body, breaks);
    }
    QTextDocument& doc = *laidOut;

    const QString title = doc.metaInformation(QTextDocument::DocumentTitle);
    writer.setTitle(title);
    const int pages = doc.pageCount();

    QPainter painter;
    if (!painter.begin(&writer))
        return fail(ReportExport::tr("Cannot write %1: the PDF writer could not start").arg(pdfPath));
    QFont footerFont(QStringLiteral("DejaVu Sans"));
    footerFont.setPointSizeF(7.5);
    for (int p = 0; p < pages; ++p) {
        if (p > 0)
            writer.newPage();
        painter.save();
        painter.translate(kMarginX, kMarginTop - p * body.height());
        const QRectF view(0, p * body.height(), body.width(), body.height());
        painter.setClipRect(view);
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = view;
        context.palette.setColor(QPalette::Text, QColor(0x1d, 0x23, 0x30));
        doc.documentLayout()->draw(&painter, context);
        painter.restore();

        const double y = page.height() - kMarginBottom + 28;
        painter.setPen(QPen(QColor(0xcd, 0xd4, 0xdf), 0.8));
        painter.drawLine(QPointF(kMarginX, y), QPointF(page.width() - kMarginX, y));
        painter.setPen(QColor(0x5b, 0x64, 0x75));
        painter.setFont(footerFont);
        const QRectF footer(kMarginX, y + 4, body.width(), 20);
        painter.drawText(footer, Qt::AlignLeft | Qt::AlignTop, ReportExport::tr("Vantage report: %1").arg(title));
        painter.drawText(
            footer, Qt::AlignRight | Qt::AlignTop, ReportExport::tr("Page %1 of %2").arg(p + 1).arg(pages));
    }
    if (!painter.end())
        return fail(ReportExport::tr("Cannot write %1: the PDF could not be finished").arg(pdfPath));
    if (!file.commit())
        return fail(ReportExport::tr("Cannot write %1: %2").arg(pdfPath, file.errorString()));
    if (info)
        info->pages = pages;
    return true;
}

bool convertHtmlFileToPdf(const QString& htmlPath, const QString& pdfPath, QString* error, PdfReport* info)
{
    QFile in(htmlPath);
    if (!in.open(QIODevice::ReadOnly)) {
        if (error)
            *error = ReportExport::tr("Cannot read %1: %2").arg(htmlPath, in.errorString());
        return false;
    }
    return writePdfReport(QString::fromUtf8(in.readAll()), pdfPath, error, info);
}

report::ReportLanguage uiReportLanguage()
{
    report::ReportLanguage language;
    language.translator = [](const char* context, const char* source, int n) {
        QString text = QCoreApplication::translate(context, source, nullptr, n);
        // English plurals come from vantage_en.ts; until a phrase has its forms there, "(s)" reads right.
        if (n >= 0) {
            text.replace(QLatin1String("y(s)"), n == 1 ? QStringLiteral("y") : QStringLiteral("ies"));
            text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
        }
        return text.toStdString();
    };
    const QLocale locale;
    language.decimalPoint = locale.decimalPoint().toStdString();
    language.groupSeparator = locale.numberOptions().testFlag(QLocale::OmitGroupSeparator)
        ? std::string()
        : locale.groupSeparator().toStdString();
    return language;
}

bool exportReport(const store::Session& session, const std::vector<std::int64_t>& runs, const QString& path,
    QString* error, const QString& title)
{
    try {
        report::ReportOptions options;
        options.runs = runs;
        options.title = title.trimmed().toStdString();
        options.language = uiReportLanguage();
        const QString suffix = QFileInfo(path).suffix().toLower();
        const std::filesystem::path target(QFile::encodeName(path).toStdString());
        if (suffix == QLatin1String("html") || suffix == QLatin1String("htm")) {
            report::writeHtml(session, options, target);
            return true;
        }
        if (suffix == QLatin1String("pdf"))
            return writePdfReport(QString::fromStdString(report::renderHtml(session, options)), path, error);
        if (suffix == QLatin1String("zip")) {
            report::writeCsvZip(session, options, target);
            return true;
        }
        report::writeCsv(session, options, target);
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = ReportExport::tr("Cannot export the report: %1").arg(QString::fromUtf8(e.what()));
        return false;
    }
}

} // namespace vantage::gui

#include "report_pdf.moc"
