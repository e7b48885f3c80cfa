#pragma once
// The op tables of DGI's model readers: which handler maps an ATen-level op to the GNN IR. Op names
// are normalised first, in one pass, as PyTorch's normalize_ops pass does (an overload dropped, an
// in-place form read as its functional one, an alias read as its canonical op), so that each
// handler handles one canonical op. The TorchScript import (torchscript_import_p.h) has a table of
// its own; the torch.export reader (export_import_p.h) another, with its own handlers.

#include "common/assert.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::dgi {

struct CanonicalOp {
    std::string name; // "aten::add"
    bool inPlace = false; // the op was written as its in-place form ("aten::add_")
};

// "aten::add_" -> { "aten::add", in place }, "aten::absolute" -> "aten::abs",
// "aten::scatter_reduce.two" -> "aten::scatter_reduce"; other names as they are.
CanonicalOp canonicalOp(std::string_view name);

// Alias -> canonical op, for the aliases canonicalOp() reads (its in-place forms included).
const std::map<std::string, std::string, std::less<>>& opAliases();

// Handlers keyed by canonical op name. `Context` is the reader's state (the values, the IR being
// built, diagnostics), `Node` one op of the reader's graph.
template <class Context, class Node> class OpTable {
public:
    using Handler = void (*)(Context&, const Node&);

    // `op` must be canonical (an alias would never be looked up) and new to the table.
    void add(std::string_view op, Handler handler)
    {
        VANTAGE_ASSERT(canonicalOp(op).name == op, "an op table is keyed by canonical op names");
        VANTAGE_ASSERT(handler != nullptr, "an op needs a handler");
        const bool added = m_handlers.emplace(std::string(op), handler).second;
        VANTAGE_ASSERT(added, "an op is registered twice");
        static_cast<void>(added);
    }

    // The handler of a canonical op, or nullptr.
    Handler find(std::string_view op) const
    {
        const auto it = m_handlers.find(op);
        return it == m_handlers.end() ? nullptr : it->second;
    }

    // The canonical ops the table maps, sorted.
    std::vector<std::string> ops() const
    {
        std::vector<std::string> names;
        names.reserve(m_handlers.size());
        for (const auto& entry : m_handlers)
            names.push_back(entry.first);
        return names;
    }

private:
    std::map<std::string, Handler, std::less<>> m_handlers;
};

} // namespace vantage::dgi
