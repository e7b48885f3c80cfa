#pragma once
// Private to the DGI page's files: what the page holds besides its widgets.

#include "dgi_page.h"

#include "common/json.h"
#include "dgi/graph.h"
#include "dgi/ir.h"
#include "dgi/node_matrix.h"
#include "dgi/partition.h"

#include <memory>
#include <optional>
#include <string>

namespace vantage::gui {

// A model cut into layers and drawn: what a cut task, or an evaluation on its way, hands back.
struct DgiCut {
    std::optional<dgi::GnnIr> ir;
    std::optional<dgi::LayerSchema> schema;
    std::string dot; // the Graphviz source of the cut
    std::string svg;
};

struct DgiPage::State {
    // Counts the cuts started and the stored runs shown: a cut that finishes after a run was
    // shown (or after another cut began) is not the page's any more.
    int generation = 0;
    std::optional<dgi::GnnIr> ir;
    std::optional<dgi::LayerSchema> schema;
    std::string dot; // the Graphviz source of the cut
    std::string svg;
    Json lastResult;
    // The graph and the layer-wise output of the last evaluation on this page, for the node
    // inspector (a run shown from the session has neither: they are not stored).
    std::shared_ptr<const dgi::Graph> graph;
    std::shared_ptr<const dgi::NodeMatrix> output;
    int layers = 0;
    // What the cut and the results on show were made of (DgiPage::modelKey()); empty when nothing
    // is shown. Another model in the boxes clears them.
    QString shownModel;
    // The width and layer boxes show a TorchScript model's own (once it is read); a built-in
    // model's values, kept meanwhile, come back when a built-in model is chosen again.
    bool fileModel = false;
    int builtinFeatures = 0; // "auto"
    int builtinHidden = 64;
    int builtinLayers = 3;
    bool settingDims = false; // the page itself is writing the boxes

    void take(DgiCut&& cut)
    {
        ir = std::move(cut.ir);
        schema = std::move(cut.schema);
        dot = std::move(cut.dot);
        svg = std::move(cut.svg);
    }
};

} // namespace vantage::gui
