// Op names normalised before an op table is read: PyTorch's own aliases (the normalize_ops pass,
// torch/csrc/jit/passes/normalize_ops.cpp) of the ops DGI maps, and the in-place forms.

#include "dgi/op_table.h"

namespace vantage::dgi {

const std::map<std::string, std::string, std::less<>>& opAliases()
{
    static const std::map<std::string, std::string, std::less<>> aliases = {
        { "aten::absolute", "aten::abs" },
        { "aten::clip", "aten::clamp" },
        { "aten::concat", "aten::cat" },
        { "aten::concatenate", "aten::cat" },
        { "aten::divide", "aten::div" },
        { "aten::greater", "aten::gt" },
        { "aten::greater_equal", "aten::ge" },
        { "aten::less", "aten::lt" },
        { "aten::less_equal", "aten::le" },
        { "aten::multiply", "aten::mul" },
        { "aten::negative", "aten::neg" },
        { "aten::not_equal", "aten::ne" },
        { "aten::subtract", "aten::sub" },
        { "aten::true_divide", "aten::div" },
        // The unsafe_ forms differ only in autograd's view tracking, which an import never sees.
        { "aten::unsafe_chunk", "aten::chunk" },
        { "aten::unsafe_split", "aten::split" },
    };
    return aliases;
}

CanonicalOp canonicalOp(std::string_view name)
{
    constexpr std::string_view aten = "aten::";
    CanonicalOp out;
    if (!name.starts_with(aten)) {
        out.name = name;
        return out;
    }
    // An overload name (torch.export writes "aten::add.Tensor"): the op is the same.
    if (const auto dot = name.find('.', aten.size()); dot != std::string_view::npos)
        name = name.substr(0, dot);
    // add_ is add in place; dunder methods (__and__, __getitem__) end in '_' too and are not.
    out.inPlace = name.size() > aten.size() + 1 && name.back() == '_' && !name.ends_with("__");
    if (out.inPlace)
        name.remove_suffix(1);
    const auto& aliases = opAliases();
    const auto it = aliases.find(name);
    out.name = it == aliases.end() ? std::string(name) : it->second;
    return out;
}

} // namespace vantage::dgi
