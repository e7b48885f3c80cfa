#pragma once
// Renders Graphviz DOT text to SVG through the Graphviz library (gvc/cgraph), in-process. Engines
// build DOT for what they draw (FT's op graph, DGI's layer cut); widgets show the SVG.

#include <string>
#include <string_view>

namespace vantage {

// layout: "dot" (layered, the default), "neato", "sfdp", ... A DOT syntax error or an unknown
// layout engine throws Error::invalidInput with Graphviz's message.
std::string renderDotToSvg(std::string_view dot, std::string_view layout = "dot");

// Quotes a string for use as a DOT identifier or label ("a \"b\"").
std::string dotQuote(std::string_view text);

} // namespace vantage
