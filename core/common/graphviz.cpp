#include "common/graphviz.h"

#include "common/error.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <cstdio>
#include <mutex>

namespace vantage {

namespace {

// Graphviz keeps global state (its error buffer, the layout plugins): one render at a time.
std::mutex& graphvizMutex()
{
    static std::mutex m;
    return m;
}

std::string g_lastError;

int collectError(char* message)
{
    g_lastError += message;
    return 0;
}

} // namespace

std::string renderDotToSvg(std::string_view dot, std::string_view layout)
{
    std::lock_guard lock(graphvizMutex());
    g_lastError.clear();
    agseterrf(collectError);
    GVC_t* gvc = gvContext();
    if (!gvc)
        throw Error::failure("Graphviz could not be initialised");
    const std::string text(dot);
    Agraph_t* g = agmemread(text.c_str());
    if (!g) {
        gvFreeContext(gvc);
        throw Error::invalidInput(
            "Graphviz cannot read the graph: " + (g_lastError.empty() ? std::string("syntax error") : g_lastError));
    }
    const std::string engine(layout);
    if (gvLayout(gvc, g, engine.c_str()) != 0) {
        agclose(g);
        gvFreeContext(gvc);
        throw Error::invalidInput("Graphviz layout '" + engine + "' failed: " + g_lastError);
    }
    char* data = nullptr;
    unsigned int length = 0;
    const int rc = gvRenderData(gvc, g, "svg", &data, &length);
    std::string svg;
    if (rc == 0 && data)
        svg.assign(data, length);
    gvFreeRenderData(data);
    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    if (rc != 0 || svg.empty())
        throw Error::failure("Graphviz could not render SVG: " + g_lastError);
    return svg;
}

std::string dotQuote(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    out += '"';
    return out;
}

} // namespace vantage
