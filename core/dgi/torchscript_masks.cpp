// The TorchScript import's masks and filled tensors: comparisons, logical ops, torch.where,
// masked_fill and x[mask] = v, torch.full / new_full / full_like, x.dtype and x.device, numbers
// made tensors, arithmetic and comparisons of scalars. What PyG-style code writes around message
// passing (torchscript_ops.cpp has the rest).

#include "dgi/torchscript_import_p.h"

#include <algorithm>
#include <limits>

namespace vantage::dgi::detail {

std::unordered_map<std::string, Importer::Handler> Importer::maskAndFillOps()
{
    return {
        { "aten::logical_not", &Importer::onLogical },
        { "aten::bitwise_not", &Importer::onLogical },
        { "aten::logical_and", &Importer::onLogical },
        { "aten::bitwise_and", &Importer::onLogical },
        { "aten::__and__", &Importer::onLogical },
        { "aten::logical_or", &Importer::onLogical },
        { "aten::bitwise_or", &Importer::onLogical },
        { "aten::__or__", &Importer::onLogical },
        { "aten::isinf", &Importer::onIsInfNan },
        { "aten::isnan", &Importer::onIsInfNan },
        { "aten::where", &Importer::onWhere },
        { "aten::masked_fill", &Importer::onMaskedFill },
        { "aten::index_put", &Importer::onIndexPut },
        { "aten::full", &Importer::onFull },
        { "aten::new_full", &Importer::onFull },
        { "aten::full_like", &Importer::onFull },
        { "aten::tensor", &Importer::onTensorLiteral },
        { "aten::scalar_tensor", &Importer::onTensorLiteral },
        { "prim::dtype", &Importer::onMeta },
        { "prim::device", &Importer::onMeta },
        { "prim::layout", &Importer::onMeta },
        { "prim::requires_grad", &Importer::onMeta },
        { "prim::is_cuda", &Importer::onMeta },
        { "prim::is_cpu", &Importer::onMeta },
        { "prim::is_sparse", &Importer::onMeta },
        { "prim::is_sparse_csr", &Importer::onMeta },
        { "prim::is_mkldnn", &Importer::onMeta },
        { "prim::is_quantized", &Importer::onMeta },
        { "prim::is_meta", &Importer::onMeta },
        { "prim::is_xpu", &Importer::onMeta },
        { "prim::is_mps", &Importer::onMeta },
        { "prim::is_nested", &Importer::onMeta },
        { "prim::isinstance", &Importer::onIsInstance },
        { "prim::unchecked_cast", &Importer::onPassThrough },
        { "prim::Uninitialized", &Importer::onPlaceholder },
        { "aten::format", &Importer::onFormat },
        { "aten::warn", &Importer::onPlaceholder },
        { "prim::TupleIndex", &Importer::onGetitem },
        { "aten::__contains__", &Importer::onContains },
        { "aten::__not__", &Importer::onNot },
        { "aten::__is__", &Importer::onIsNone },
        { "aten::__isnot__", &Importer::onIsNone },
        { "aten::len", &Importer::onLen },
        { "aten::_set_item", &Importer::onSetItem },
        { "aten::slice", &Importer::onListSlice },
        { "aten::square", &Importer::onSquare },
    };
}

void Importer::onCompare(jit::Node* n, const std::string& kind)
{
    // Numbers and sizes are compared now; a tensor compared with a tensor or a number is a mask
    // (1 where true, 0 where false), for masked_fill, torch.where and arithmetic.
    const Sym a = in(n, 0);
    const Sym b = in(n, 1);
    if (isScalar(a) && isScalar(b))
        return onScalarCompare(n, kind);
    if (a.k == K::Bool && b.k == K::Bool && (kind == "aten::eq" || kind == "aten::ne")) {
        // Checks of optional arguments: (edge_attr is not None) == (self.edge_dim is not None).
        Sym r;
        r.k = K::Bool;
        r.b = (a.b == b.b) == (kind == "aten::eq");
        setOut(n, r);
        return;
    }
    if (a.k == K::Index || b.k == K::Index)
        refuse(n, "comparing rows of edge_index (a mask over edges) is not supported");
    const BinaryFn fn = kind == "aten::gt" ? BinaryFn::Gt
        : kind == "aten::lt"               ? BinaryFn::Lt
        : kind == "aten::ge"               ? BinaryFn::Ge
        : kind == "aten::le"               ? BinaryFn::Le
        : kind == "aten::eq"               ? BinaryFn::Eq
                                           : BinaryFn::Ne;
    setOut(n, irSym(m_ir.binary(fn, value(n, a), value(n, b))));
}

void Importer::onLogical(jit::Node* n, const std::string& kind)
{
    // Masks are 0 / 1: not is == 0, and is a product of the two "!= 0", or their maximum.
    const int a = m_ir.binary(BinaryFn::Ne, value(n, in(n, 0), "a mask"), m_ir.constant(0.0));
    if (kind == "aten::logical_not" || kind == "aten::bitwise_not") {
        setOut(n, irSym(m_ir.binary(BinaryFn::Eq, a, m_ir.constant(0.0))));
        return;
    }
    const int b = m_ir.binary(BinaryFn::Ne, value(n, in(n, 1), "a mask"), m_ir.constant(0.0));
    const bool isAnd = kind.find("and") != std::string::npos;
    setOut(n, irSym(m_ir.binary(isAnd ? BinaryFn::Mul : BinaryFn::Maximum, a, b)));
}

void Importer::onIsInfNan(jit::Node* n, const std::string& kind)
{
    const int x = value(n, in(n, 0));
    if (kind == "aten::isnan")
        setOut(n, irSym(m_ir.binary(BinaryFn::Ne, x, x)));
    else
        setOut(n,
            irSym(m_ir.binary(
                BinaryFn::Eq, m_ir.unary(UnaryFn::Abs, x), m_ir.constant(std::numeric_limits<double>::infinity()))));
}

void Importer::onWhere(jit::Node* n, const std::string&)
{
    if (n->inputs().size() != 3)
        refuse(n, "torch.where(condition) gives indices, which depend on the data; use torch.where(condition, a, b)");
    setOut(n, irSym(m_ir.where(value(n, in(n, 0), "the condition"), value(n, in(n, 1)), value(n, in(n, 2)))));
}

void Importer::onMaskedFill(jit::Node* n, const std::string&)
{
    const int x = value(n, in(n, 0));
    const int mask = value(n, in(n, 1), "the mask");
    setOut(n, irSym(m_ir.where(mask, value(n, in(n, 2), "the fill value"), x)));
}

void Importer::onIndexPut(jit::Node* n, const std::string&)
{
    // x[mask] = v (a mask of x's shape) and out.index_put_((dst,), m, accumulate=True) (a sum into
    // destination rows; out[dst] += m is compiled without accumulate, and refused).
    const Sym self = in(n, 0);
    const Sym indices = in(n, 1);
    if (indices.k != K::List || indices.list.size() != 1)
        refuse(
            n, "indexed assignment is supported as x[mask] = v or out.index_put_((dst,), messages, accumulate=True)");
    const Sym& index = indices.list[0];
    const bool accumulate = n->inputs().size() > 3 && in(n, 3).k == K::Bool && in(n, 3).b;
    if (index.k == K::Index) {
        if (!accumulate)
            refuse(n,
                "out[dst] = messages (and out[dst] += messages, which TorchScript compiles to the same "
                "index_put_ without accumulate) keeps one message per node, whichever came last; aggregate "
                "with out.index_add_(0, dst, messages), scatter_add_ or index_put_((dst,), messages, "
                "accumulate=True)");
        setOut(n, irSym(aggregateInto(n, self, index, in(n, 2), Reduction::Sum, true)));
        return;
    }
    if (accumulate)
        refuse(n, "x[mask] += v is not supported; write x + mask * v");
    const int x = value(n, self);
    const int mask = value(n, index, "the mask");
    if (m_ir.op(mask).space != m_ir.op(x).space || m_ir.op(mask).shape != m_ir.op(x).shape)
        refuse(n, "a mask must have the shape of the tensor it selects from");
    const int v = value(n, in(n, 2), "the assigned value");
    if (m_ir.op(v).space != Space::Global || m_ir.width(v) != 1)
        refuse(n, "x[mask] = v is supported with a number v");
    setOut(n, irSym(m_ir.where(mask, v, x)));
}

void Importer::onFull(jit::Node* n, const std::string& kind)
{
    // torch.full(size, c), x.new_full(size, c), torch.full_like(x, c): a tensor to aggregate into.
    Sym s;
    s.k = K::Zeros;
    if (kind == "aten::full_like") {
        const Sym t = in(n, 0);
        if (t.k != K::Value)
            refuse(n, "full_like of something that is not a tensor");
        s.space = op(t).space;
        s.shape = op(t).shape;
        s.f = number(n, in(n, 1), "the fill value");
    } else {
        const bool isNew = kind == "aten::new_full";
        rowsAndShape(n, in(n, isNew ? 1 : 0), s.space, s.shape, false);
        if (s.space == Space::Global)
            s.space = Space::Node; // a traced model's constant row count
        s.f = number(n, in(n, isNew ? 2 : 1), "the fill value");
    }
    if (s.space == Space::Edge)
        refuse(n, "a filled per-edge tensor is not supported; compute edge values from gathered node values");
    setOut(n, s);
}

void Importer::onTensorLiteral(jit::Node* n, const std::string&)
{
    const Sym v = in(n, 0);
    if (!isNumber(v) && v.k != K::Bool)
        refuse(n, "torch.tensor of something that is not a number");
    if (v.k == K::Bool) {
        Sym s;
        s.k = K::Int;
        s.i = v.b ? 1 : 0;
        setOut(n, s);
        return;
    }
    setOut(n, v);
}

void Importer::onMeta(jit::Node* n, const std::string& kind)
{
    // x.dtype, x.device, x.layout, x.requires_grad: arguments of zeros / ones / to, and what
    // library code (PyG) checks before message passing. Known for what the importer sees: edge_index
    // is int64 and strided, the features are float and strided, nothing requires grad.
    const Sym t = in(n, 0);
    Sym s;
    s.k = K::Int;
    if (kind == "prim::dtype")
        s.i = t.k == K::EdgeIndex || t.k == K::Index ? static_cast<std::int64_t>(c10::ScalarType::Long)
                                                     : static_cast<std::int64_t>(c10::ScalarType::Float);
    else if (kind == "prim::layout")
        s.i = static_cast<std::int64_t>(c10::Layout::Strided);
    else if (kind == "prim::requires_grad")
        s = Sym{ .k = K::Bool };
    else if (kind.starts_with("prim::is_"))
        // x.is_cuda and the like: the importer maps the model as it runs on the CPU (PyG's
        // scatter then takes its scatter_reduce path, the one it takes on the CPU); Vantage runs
        // the mapped layers on a GPU with the same results (--device cuda).
        s = Sym{ .k = K::Bool, .b = kind == "prim::is_cpu" };
    else
        s.k = K::Other;
    setOut(n, s);
}

void Importer::onIsInstance(jit::Node* n, const std::string&)
{
    // isinstance(v, (Tensor, ...)) on what the importer knows: x and edge_index are tensors, the
    // optional arguments None; anything else (PyG's SparseTensor, tuples) is not.
    const Sym v = in(n, 0);
    const bool tensor = v.k == K::Value || v.k == K::EdgeIndex || v.k == K::Index || v.k == K::Zeros || v.k == K::Ones;
    bool result = false;
    for (const c10::TypePtr& t : n->tys(c10::Symbol::attr("types"))) {
        if (tensor && t->kind() == c10::TypeKind::TensorType)
            result = true;
        if (v.k == K::None && t->kind() == c10::TypeKind::NoneType)
            result = true;
        if (v.k == K::List && (t->kind() == c10::TypeKind::TupleType || t->kind() == c10::TypeKind::ListType))
            result = true;
    }
    Sym s;
    s.k = K::Bool;
    s.b = result;
    setOut(n, s);
}

void Importer::onPassThrough(jit::Node* n, const std::string&)
{
    setOut(n, in(n, 0));
}

void Importer::onPlaceholder(jit::Node* n, const std::string&)
{
    // Uninitialized values of branches not taken, messages of warnings: nothing to map.
    for (std::size_t i = 0; i < n->outputs().size(); ++i) {
        Sym s;
        s.k = K::Other;
        setOut(n, s, i);
    }
}

void Importer::onFormat(jit::Node* n, const std::string& kind)
{
    // f-strings of constants ("a" + the reduction name in PyG's scatter) are computed; others
    // (messages of warnings and errors) are placeholders, as nothing reads them.
    const Sym f = in(n, 0);
    std::string out;
    std::size_t arg = 1;
    bool known = f.k == K::Str;
    for (std::size_t i = 0; known && i < f.s.size(); ++i) {
        if (f.s.compare(i, 2, "{}") != 0) {
            out += f.s[i];
            continue;
        }
        if (arg >= n->inputs().size()) {
            known = false;
            break;
        }
        const Sym a = in(n, arg++);
        if (a.k == K::Str)
            out += a.s;
        else if (a.k == K::Int)
            out += std::to_string(a.i);
        else
            known = false;
        ++i;
    }
    if (!known)
        return onPlaceholder(n, kind);
    Sym s;
    s.k = K::Str;
    s.s = out;
    setOut(n, s);
}

void Importer::onContains(jit::Node* n, const std::string&)
{
    const Sym l = in(n, 0);
    const Sym item = in(n, 1);
    if (l.k != K::List || !isNumber(item))
        refuse(n, "'in' is supported on a constant list of numbers");
    Sym s;
    s.k = K::Bool;
    for (const Sym& e : l.list)
        s.b = s.b || (isNumber(e) && number(n, e, "an element") == number(n, item, "the item"));
    setOut(n, s);
}

void Importer::onNot(jit::Node* n, const std::string&)
{
    const Sym v = in(n, 0);
    if (v.k != K::Bool)
        refuse(n, "'not' of something that is not known when the model is imported");
    Sym s;
    s.k = K::Bool;
    s.b = !v.b;
    setOut(n, s);
}

void Importer::onIsNone(jit::Node* n, const std::string& kind)
{
    const Sym a = in(n, 0);
    const Sym b = in(n, 1);
    if (a.k != K::None && b.k != K::None)
        refuse(n, "'is' is supported as a comparison with None");
    const bool same = a.k == K::None && b.k == K::None;
    Sym s;
    s.k = K::Bool;
    s.b = kind == "aten::__is__" ? same : !same;
    setOut(n, s);
}

void Importer::onLen(jit::Node* n, const std::string&)
{
    const Sym l = in(n, 0);
    if (l.k != K::List)
        refuse(n, "len of something that is not a list");
    Sym s;
    s.k = K::Int;
    s.i = static_cast<std::int64_t>(l.list.size());
    setOut(n, s);
}

void Importer::onListSlice(jit::Node* n, const std::string&)
{
    // l[start:end:step] of a list of sizes; slicing a tensor is not message passing.
    // A string is sliced the same way (PyG's scatter writes f'a{reduce[-3:]}').
    const Sym l = in(n, 0);
    if (l.k == K::Value)
        return onTensorSlice(n); // x[:, a:b]
    if (l.k != K::List && l.k != K::Str)
        refuse(n, "slicing is supported on feature axes and on lists of sizes (x.size()[:1])");
    const auto size = static_cast<std::int64_t>(l.k == K::Str ? l.s.size() : l.list.size());
    auto bound = [&](std::size_t i, std::int64_t fallback) {
        if (n->inputs().size() <= i || in(n, i).k == K::None)
            return fallback;
        std::int64_t b = integer(n, in(n, i), "a slice bound");
        if (b < 0)
            b += size;
        return std::clamp<std::int64_t>(b, 0, size);
    };
    const std::int64_t begin = bound(1, 0);
    const std::int64_t end = bound(2, size);
    const std::int64_t step = n->inputs().size() > 3 ? integer(n, in(n, 3), "the step") : 1;
    if (step <= 0)
        refuse(n, "a slice step must be positive");
    Sym out;
    out.k = l.k;
    for (std::int64_t i = begin; i < end; i += step)
        if (l.k == K::Str)
            out.s += l.s[static_cast<std::size_t>(i)];
        else
            out.list.push_back(l.list[static_cast<std::size_t>(i)]);
    setOut(n, out);
}

void Importer::onSetItem(jit::Node* n, const std::string&)
{
    // l[i] = v on a list the importer holds (PyG's mutable sizes): the list changes in place.
    Sym& l = sym(n, n->input(0));
    const std::int64_t i = integer(n, in(n, 1), "the index");
    const auto size = static_cast<std::int64_t>(l.list.size());
    if (l.k != K::List || i < -size || i >= size)
        refuse(n, "assigning into something that is not a list");
    l.list[static_cast<std::size_t>(i < 0 ? i + size : i)] = in(n, 2);
    if (!n->outputs().empty())
        setOut(n, l);
}

void Importer::onSquare(jit::Node* n, const std::string&)
{
    unary(n, UnaryFn::Pow, 2.0);
}

void Importer::onScalarCompare(jit::Node* n, const std::string& kind)
{
    if (!isScalar(in(n, 0)) || !isScalar(in(n, 1)))
        return unmapped(n);
    const Sym a = in(n, 0);
    const Sym b = in(n, 1);
    Sym r;
    if (a.k == b.k && (a.k == K::NumNodes || a.k == K::NumEdges)) {
        // Two sizes of the one graph (PyG's _set_size checks that every node tensor has N rows).
        r.k = K::Bool;
        r.b = kind == "aten::eq" || kind == "aten::ge" || kind == "aten::le";
    } else if (!isNumber(a) || !isNumber(b)) {
        r.k = K::Other; // depends on the graph's size
    } else {
        const double x = number(n, a, "operand");
        const double y = number(n, b, "operand");
        r.k = K::Bool;
        r.b = kind == "aten::gt" ? x > y
            : kind == "aten::lt" ? x < y
            : kind == "aten::ge" ? x >= y
            : kind == "aten::le" ? x <= y
            : kind == "aten::eq" ? x == y
                                 : x != y;
    }
    setOut(n, r);
}

void Importer::onScalarArithmetic(jit::Node* n, const std::string& kind)
{
    const Sym a = in(n, 0);
    const Sym b = in(n, 1);
    Sym r;
    if (a.k == K::Int && b.k == K::Int && kind != "aten::div") {
        r.k = K::Int;
        r.i = kind == "aten::add" ? a.i + b.i
            : kind == "aten::sub" ? a.i - b.i
            : kind == "aten::mul" ? a.i * b.i
            : b.i != 0            ? a.i / b.i
                                  : 0;
    } else {
        const double x = number(n, a, "operand");
        const double y = number(n, b, "operand");
        r.k = K::Float;
        r.f = kind == "aten::add"      ? x + y
            : kind == "aten::sub"      ? x - y
            : kind == "aten::mul"      ? x * y
            : kind == "aten::floordiv" ? std::floor(x / y)
                                       : x / y;
    }
    setOut(n, r);
}

} // namespace vantage::dgi::detail
