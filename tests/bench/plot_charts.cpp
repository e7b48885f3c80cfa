// plot_charts FILE.json OUTDIR: draws the charts a benchmark script wrote ({"charts": [...]}, each a
// report::chartFromJson object with an optional "file" stem) with Vantage's own chart code, as SVG
// and, where the build has Qt, as PNG (QtSvg renders the SVG at twice its size on white). The peer
// benchmarks (scripts/bench.sh --peers) plot with it; prints the files written, exits 2 on bad input.

#include "common/error.h"
#include "common/json.h"
#include "report/svg_chart.h"

#ifdef VANTAGE_PLOT_PNG
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#endif

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

std::string stemOf(const vantage::Json& chart, std::size_t index)
{
    std::string stem = chart.is_object() ? chart.value("file", std::string()) : std::string();
    if (stem.empty())
        stem = "chart-" + std::to_string(index + 1);
    for (char& c : stem)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            c = '_';
    return stem;
}

void writeText(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush())
        throw vantage::Error::failure("cannot write " + path.string());
}

} // namespace

int main(int argc, char** argv)
{
#ifdef VANTAGE_PLOT_PNG
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
#endif
    if (argc != 3) {
        std::cerr << "usage: plot_charts FILE.json OUTDIR\n";
        return 2;
    }
    try {
        std::ifstream in(argv[1], std::ios::binary);
        if (!in)
            throw vantage::Error::invalidInput(std::string("no such file: ") + argv[1]);
        std::stringstream text;
        text << in.rdbuf();
        const auto doc = vantage::parseJson(text.str(), argv[1]);
        const vantage::Json charts = doc.is_object() ? doc.value("charts", vantage::Json::array()) : doc;
        if (!charts.is_array())
            throw vantage::Error::invalidInput("'charts' is not a list").inFile(argv[1]);
        const std::filesystem::path outDir(argv[2]);
        std::filesystem::create_directories(outDir);
        for (std::size_t i = 0; i < charts.size(); ++i) {
            const auto chart = vantage::report::chartFromJson(charts[i]);
            const auto svg = vantage::report::renderSvg(chart);
            const auto base = outDir / stemOf(charts[i], i);
            writeText(base.string() + ".svg", svg);
            std::cout << base.string() << ".svg\n";
#ifdef VANTAGE_PLOT_PNG
            QSvgRenderer renderer(QByteArray::fromStdString(svg));
            if (!renderer.isValid())
                throw vantage::Error::failure("QtSvg cannot read the chart " + base.string() + ".svg");
            QImage image(renderer.defaultSize() * 2, QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            renderer.render(&painter);
            painter.end();
            if (!image.save(QString::fromStdString(base.string() + ".png")))
                throw vantage::Error::failure("cannot write " + base.string() + ".png");
            std::cout << base.string() << ".png\n";
#endif
        }
        return 0;
    } catch (const vantage::Error& e) {
        std::cerr << "plot_charts: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "plot_charts: " << e.what() << '\n';
        return 2;
    }
}
