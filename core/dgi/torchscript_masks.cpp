// The TorchScript import's masks and filled tensors: comparisons, logical ops, torch.where,
// masked_fill and x[mask] = v, torch.full / new_full / full_like, x.dtype and x.device, numbers
// made tensors, arithmetic and comparisons of scalars. What PyG-style code writes around message
// passing (torchscript_ops.cpp has the rest).

#include "dgi/torchscript_import_p.h"

#include <algorithm>
#include <limits>

namespace vantage::dgi::detail {

// gt, lt, ge, le, eq, ne.
void onCompare(ImportContext& c, const jit::Node& n, BinaryFn fn)
{
    // Numbers and sizes are compared now; a tensor compared with a tensor or a number is a mask
    // (1 where true, 0 where false), for masked_fill, torch.where and arithmetic.
    const Sym a = c.in(n, 0);
    const Sym b = c.in(n, 1);
    if (isScalar(a) && isScalar(b))
        return scalarCompare(c, n, fn);
    if (a.k == K::Bool && b.k == K::Bool && (fn == BinaryFn::Eq || fn == BinaryFn::Ne)) {
        // Checks of optional arguments: (edge_attr is not None) == (self.edge_dim is not None).
        Sym r;
        r.k = K::Bool;
        r.b = (a.b == b.b) == (fn == BinaryFn::Eq);
        c.setOut(n, r);
        return;
    }
    if (a.k == K::Index || b.k == K::Index)
        c.refuse(n, "comparing rows of edge_index (a mask over edges) is not supported");
    c.setOut(n, irSym(c.ir.binary(fn, c.value(n, a), c.value(n, b))));
}

// Masks are 0 / 1: not is == 0, and is a product of the two "!= 0", or their maximum.
int nonZero(ImportContext& c, const jit::Node& n, std::size_t input)
{
    return c.ir.binary(BinaryFn::Ne, c.value(n, c.in(n, input), "a mask"), c.ir.constant(0.0));
}

void onLogicalNot(ImportContext& c, const jit::Node& n)
{
    c.setOut(n, irSym(c.ir.binary(BinaryFn::Eq, nonZero(c, n, 0), c.ir.constant(0.0))));
}

// and (`fn` Mul) or or (`fn` Maximum) of two masks.
void onLogical(ImportContext& c, const jit::Node& n, BinaryFn fn)
{
    const int a = nonZero(c, n, 0);
    c.setOut(n, irSym(c.ir.binary(fn, a, nonZero(c, n, 1))));
}

void onIsNan(ImportContext& c, const jit::Node& n)
{
    const int x = c.value(n, c.in(n, 0));
    c.setOut(n, irSym(c.ir.binary(BinaryFn::Ne, x, x)));
}

void onIsInf(ImportContext& c, const jit::Node& n)
{
    const int x = c.value(n, c.in(n, 0));
    c.setOut(n,
        irSym(c.ir.binary(
            BinaryFn::Eq, c.ir.unary(UnaryFn::Abs, x), c.ir.constant(std::numeric_limits<double>::infinity()))));
}

void onWhere(ImportContext& c, const jit::Node& n)
{
    if (n.inputs().size() != 3)
        c.refuse(n, "torch.where(condition) gives indices, which depend on the data; use torch.where(condition, a, b)");
    c.setOut(
        n, irSym(c.ir.where(c.value(n, c.in(n, 0), "the condition"), c.value(n, c.in(n, 1)), c.value(n, c.in(n, 2)))));
}

void onMaskedFill(ImportContext& c, const jit::Node& n)
{
    const int x = c.value(n, c.in(n, 0));
    const int mask = c.value(n, c.in(n, 1), "the mask");
    c.setOut(n, irSym(c.ir.where(mask, c.value(n, c.in(n, 2), "the fill value"), x)));
}

void onIndexPut(ImportContext& c, const jit::Node& n)
{
    // x[mask] = v (a mask of x's shape) and out.index_put_((dst,), m, accumulate=True) (a sum into
    // destination rows; out[dst] += m is compiled without accumulate, and refused).
    const Sym self = c.in(n, 0);
    const Sym indices = c.in(n, 1);
    if (indices.k != K::List || indices.list.size() != 1)
        c.refuse(
            n, "indexed assignment is supported as x[mask] = v or out.index_put_((dst,), messages, accumulate=True)");
    const Sym& index = indices.list[0];
    const bool accumulate = n.inputs().size() > 3 && c.in(n, 3).k == K::Bool && c.in(n, 3).b;
    if (index.k == K::Index) {
        if (!accumulate)
            c.refuse(n,
                "out[dst] = messages (and out[dst] += messages, which TorchScript compiles to the same "
                "index_put_ without accumulate) keeps one message per node, whichever came last; aggregate "
                "with out.index_add_(0, dst, messages), scatter_add_ or index_put_((dst,), messages, "
                "accumulate=True)");
        c.setOut(n, irSym(aggregateInto(c, n, self, index, c.in(n, 2), Reduction::Sum, true)));
        return;
    }
    if (accumulate)
        c.refuse(n, "x[mask] += v is not supported; write x + mask * v");
    const int x = c.value(n, self);
    const int mask = c.value(n, index, "the mask");
    if (c.ir.op(mask).space != c.ir.op(x).space || c.ir.op(mask).shape != c.ir.op(x).shape)
        c.refuse(n, "a mask must have the shape of the tensor it selects from");
    const int v = c.value(n, c.in(n, 2), "the assigned value");
    if (c.ir.op(v).space != Space::Global || c.ir.width(v) != 1)
        c.refuse(n, "x[mask] = v is supported with a number v");
    c.setOut(n, irSym(c.ir.where(mask, v, x)));
}

// torch.full(size, c), x.new_full(size, c), torch.full_like(x, c): a tensor to aggregate into.
void setFilled(ImportContext& c, const jit::Node& n, const Sym& s)
{
    if (s.space == Space::Edge)
        c.refuse(n, "a filled per-edge tensor is not supported; compute edge values from gathered node values");
    c.setOut(n, s);
}

// torch.full(size, c) (`isNew`: x.new_full(size, c)).
void onFull(ImportContext& c, const jit::Node& n, bool isNew)
{
    Sym s;
    s.k = K::Zeros;
    rowsAndShape(c, n, c.in(n, isNew ? 1 : 0), s.space, s.shape, false);
    if (s.space == Space::Global)
        s.space = Space::Node; // a traced model's constant row count
    s.f = c.number(n, c.in(n, isNew ? 2 : 1), "the fill value");
    setFilled(c, n, s);
}

void onFullLike(ImportContext& c, const jit::Node& n)
{
    Sym s;
    s.k = K::Zeros;
    const Sym t = c.in(n, 0);
    if (t.k != K::Value)
        c.refuse(n, "full_like of something that is not a tensor");
    s.space = c.op(t).space;
    s.shape = c.op(t).shape;
    s.f = c.number(n, c.in(n, 1), "the fill value");
    setFilled(c, n, s);
}

void onTensorLiteral(ImportContext& c, const jit::Node& n)
{
    const Sym v = c.in(n, 0);
    if (!isNumber(v) && v.k != K::Bool)
        c.refuse(n, "torch.tensor of something that is not a number");
    if (v.k == K::Bool) {
        Sym s;
        s.k = K::Int;
        s.i = v.b ? 1 : 0;
        c.setOut(n, s);
        return;
    }
    c.setOut(n, v);
}

// x.dtype, x.device, x.layout, x.requires_grad: arguments of zeros / ones / to, and what library
// code (PyG) checks before message passing. Known for what the importer sees: edge_index is int64
// and strided, the features are float and strided, nothing requires grad.
void onDtype(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    const c10::ScalarType dtype
        = t.k == K::EdgeIndex || t.k == K::Index ? c10::ScalarType::Long : c10::ScalarType::Float;
    c.setOut(n, Sym{ .k = K::Int, .i = static_cast<std::int64_t>(dtype) });
}

void onLayout(ImportContext& c, const jit::Node& n)
{
    c.setOut(n, Sym{ .k = K::Int, .i = static_cast<std::int64_t>(c10::Layout::Strided) });
}

void onDevice(ImportContext& c, const jit::Node& n)
{
    c.setOut(n, Sym{ .k = K::Other });
}

// x.requires_grad, and x.is_cuda and the like (`cpu` for is_cpu): the importer maps the model as it
// runs on the CPU (PyG's scatter then takes its scatter_reduce path, the one it takes on the CPU);
// Vantage runs the mapped layers on a GPU with the same results (--device cuda).
void onTensorFlag(ImportContext& c, const jit::Node& n, bool value)
{
    c.setOut(n, Sym{ .k = K::Bool, .b = value });
}

void onIsInstance(ImportContext& c, const jit::Node& n)
{
    // isinstance(v, (Tensor, ...)) on what the importer knows: x and edge_index are tensors, the
    // optional arguments None; anything else (PyG's SparseTensor, tuples) is not.
    const Sym v = c.in(n, 0);
    const bool tensor = v.k == K::Value || v.k == K::EdgeIndex || v.k == K::Index || v.k == K::Zeros || v.k == K::Ones;
    bool result = false;
    for (const c10::TypePtr& t : n.tys(c10::Symbol::attr("types"))) {
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
    c.setOut(n, s);
}

void onPassThrough(ImportContext& c, const jit::Node& n)
{
    c.setOut(n, c.in(n, 0));
}

void onPlaceholder(ImportContext& c, const jit::Node& n)
{
    // Uninitialized values of branches not taken, messages of warnings: nothing to map.
    for (std::size_t i = 0; i < n.outputs().size(); ++i) {
        Sym s;
        s.k = K::Other;
        c.setOut(n, s, i);
    }
}

void onFormat(ImportContext& c, const jit::Node& n)
{
    // f-strings of constants ("a" + the reduction name in PyG's scatter) are computed; others
    // (messages of warnings and errors) are placeholders, as nothing reads them.
    const Sym f = c.in(n, 0);
    std::string out;
    std::size_t arg = 1;
    bool known = f.k == K::Str;
    for (std::size_t i = 0; known && i < f.s.size(); ++i) {
        if (f.s.compare(i, 2, "{}") != 0) {
            out += f.s[i];
            continue;
        }
        if (arg >= n.inputs().size()) {
            known = false;
            break;
        }
        const Sym a = c.in(n, arg++);
        if (a.k == K::Str)
            out += a.s;
        else if (a.k == K::Int)
            out += std::to_string(a.i);
        else
            known = false;
        ++i;
    }
    if (!known)
        return onPlaceholder(c, n);
    Sym s;
    s.k = K::Str;
    s.s = out;
    c.setOut(n, s);
}

void onContains(ImportContext& c, const jit::Node& n)
{
    const Sym l = c.in(n, 0);
    const Sym item = c.in(n, 1);
    if (l.k != K::List || !isNumber(item))
        c.refuse(n, "'in' is supported on a constant list of numbers");
    Sym s;
    s.k = K::Bool;
    for (const Sym& e : l.list)
        s.b = s.b || (isNumber(e) && c.number(n, e, "an element") == c.number(n, item, "the item"));
    c.setOut(n, s);
}

void onNot(ImportContext& c, const jit::Node& n)
{
    const Sym v = c.in(n, 0);
    if (v.k != K::Bool)
        c.refuse(n, "'not' of something that is not known when the model is imported");
    Sym s;
    s.k = K::Bool;
    s.b = !v.b;
    c.setOut(n, s);
}

// a is None (`is`), a is not None.
void onIsNone(ImportContext& c, const jit::Node& n, bool is)
{
    const Sym a = c.in(n, 0);
    const Sym b = c.in(n, 1);
    if (a.k != K::None && b.k != K::None)
        c.refuse(n, "'is' is supported as a comparison with None");
    const bool same = a.k == K::None && b.k == K::None;
    Sym s;
    s.k = K::Bool;
    s.b = is ? same : !same;
    c.setOut(n, s);
}

void onLen(ImportContext& c, const jit::Node& n)
{
    const Sym l = c.in(n, 0);
    if (l.k != K::List)
        c.refuse(n, "len of something that is not a list");
    Sym s;
    s.k = K::Int;
    s.i = static_cast<std::int64_t>(l.list.size());
    c.setOut(n, s);
}

void onListSlice(ImportContext& c, const jit::Node& n)
{
    // l[start:end:step] of a list of sizes; slicing a tensor is not message passing.
    // A string is sliced the same way (PyG's scatter writes f'a{reduce[-3:]}').
    const Sym l = c.in(n, 0);
    if (l.k == K::Value)
        return onTensorSlice(c, n); // x[:, a:b]
    if (l.k != K::List && l.k != K::Str)
        c.refuse(n, "slicing is supported on feature axes and on lists of sizes (x.size()[:1])");
    const auto size = static_cast<std::int64_t>(l.k == K::Str ? l.s.size() : l.list.size());
    auto bound = [&](std::size_t i, std::int64_t fallback) {
        if (n.inputs().size() <= i || c.in(n, i).k == K::None)
            return fallback;
        std::int64_t b = c.integer(n, c.in(n, i), "a slice bound");
        if (b < 0)
            b += size;
        return std::clamp<std::int64_t>(b, 0, size);
    };
    const std::int64_t begin = bound(1, 0);
    const std::int64_t end = bound(2, size);
    const std::int64_t step = n.inputs().size() > 3 ? c.integer(n, c.in(n, 3), "the step") : 1;
    if (step <= 0)
        c.refuse(n, "a slice step must be positive");
    Sym out;
    out.k = l.k;
    for (std::int64_t i = begin; i < end; i += step)
        if (l.k == K::Str)
            out.s += l.s[static_cast<std::size_t>(i)];
        else
            out.list.push_back(l.list[static_cast<std::size_t>(i)]);
    c.setOut(n, out);
}

void onSetItem(ImportContext& c, const jit::Node& n)
{
    // l[i] = v on a list the importer holds (PyG's mutable sizes): the list changes in place.
    Sym& l = c.sym(n, n.input(0));
    const std::int64_t i = c.integer(n, c.in(n, 1), "the index");
    const auto size = static_cast<std::int64_t>(l.list.size());
    if (l.k != K::List || i < -size || i >= size)
        c.refuse(n, "assigning into something that is not a list");
    l.list[static_cast<std::size_t>(i < 0 ? i + size : i)] = c.in(n, 2);
    if (!n.outputs().empty())
        c.setOut(n, l);
}

void onSquare(ImportContext& c, const jit::Node& n)
{
    unary(c, n, UnaryFn::Pow, 2.0);
}

void scalarCompare(ImportContext& c, const jit::Node& n, BinaryFn fn)
{
    if (!isScalar(c.in(n, 0)) || !isScalar(c.in(n, 1)))
        return c.unmapped(n);
    const Sym a = c.in(n, 0);
    const Sym b = c.in(n, 1);
    Sym r;
    if (a.k == b.k && (a.k == K::NumNodes || a.k == K::NumEdges)) {
        // Two sizes of the one graph (PyG's _set_size checks that every node tensor has N rows).
        r.k = K::Bool;
        r.b = fn == BinaryFn::Eq || fn == BinaryFn::Ge || fn == BinaryFn::Le;
    } else if (!isNumber(a) || !isNumber(b)) {
        r.k = K::Other; // depends on the graph's size
    } else {
        const double x = c.number(n, a, "operand");
        const double y = c.number(n, b, "operand");
        r.k = K::Bool;
        r.b = fn == BinaryFn::Gt ? x > y
            : fn == BinaryFn::Lt ? x < y
            : fn == BinaryFn::Ge ? x >= y
            : fn == BinaryFn::Le ? x <= y
            : fn == BinaryFn::Eq ? x == y
                                 : x != y;
    }
    c.setOut(n, r);
}

void scalarArithmetic(ImportContext& c, const jit::Node& n, Arithmetic op)
{
    const Sym a = c.in(n, 0);
    const Sym b = c.in(n, 1);
    Sym r;
    if (a.k == K::Int && b.k == K::Int && op != Arithmetic::Div) {
        r.k = K::Int;
        r.i = op == Arithmetic::Add ? a.i + b.i
            : op == Arithmetic::Sub ? a.i - b.i
            : op == Arithmetic::Mul ? a.i * b.i
            : b.i != 0              ? a.i / b.i
                                    : 0;
    } else {
        const double x = c.number(n, a, "operand");
        const double y = c.number(n, b, "operand");
        r.k = K::Float;
        r.f = op == Arithmetic::Add      ? x + y
            : op == Arithmetic::Sub      ? x - y
            : op == Arithmetic::Mul      ? x * y
            : op == Arithmetic::FloorDiv ? std::floor(x / y)
                                         : x / y;
    }
    c.setOut(n, r);
}

void addMaskAndFillOps(TorchScriptOpTable& table)
{
    table.add("aten::gt", with<onCompare, BinaryFn::Gt>);
    table.add("aten::lt", with<onCompare, BinaryFn::Lt>);
    table.add("aten::ge", with<onCompare, BinaryFn::Ge>);
    table.add("aten::le", with<onCompare, BinaryFn::Le>);
    table.add("aten::eq", with<onCompare, BinaryFn::Eq>);
    table.add("aten::ne", with<onCompare, BinaryFn::Ne>);
    table.add("aten::logical_not", onLogicalNot);
    table.add("aten::bitwise_not", onLogicalNot);
    for (const char* op : { "aten::logical_and", "aten::bitwise_and", "aten::__and__" })
        table.add(op, with<onLogical, BinaryFn::Mul>);
    for (const char* op : { "aten::logical_or", "aten::bitwise_or", "aten::__or__" })
        table.add(op, with<onLogical, BinaryFn::Maximum>);
    table.add("aten::isinf", onIsInf);
    table.add("aten::isnan", onIsNan);
    table.add("aten::where", onWhere);
    table.add("aten::masked_fill", onMaskedFill);
    table.add("aten::index_put", onIndexPut);
    table.add("aten::full", with<onFull, false>);
    table.add("aten::new_full", with<onFull, true>);
    table.add("aten::full_like", onFullLike);
    table.add("aten::tensor", onTensorLiteral);
    table.add("aten::scalar_tensor", onTensorLiteral);
    table.add("prim::dtype", onDtype);
    table.add("prim::device", onDevice);
    table.add("prim::layout", onLayout);
    table.add("prim::requires_grad", with<onTensorFlag, false>);
    table.add("prim::is_cpu", with<onTensorFlag, true>);
    for (const char* op : { "prim::is_cuda", "prim::is_sparse", "prim::is_sparse_csr", "prim::is_mkldnn",
             "prim::is_quantized", "prim::is_meta", "prim::is_xpu", "prim::is_mps", "prim::is_nested" })
        table.add(op, with<onTensorFlag, false>);
    table.add("prim::isinstance", onIsInstance);
    table.add("prim::unchecked_cast", onPassThrough);
    table.add("prim::Uninitialized", onPlaceholder);
    table.add("aten::format", onFormat);
    table.add("aten::warn", onPlaceholder);
    table.add("prim::TupleIndex", onGetitem);
    table.add("aten::__contains__", onContains);
    table.add("aten::__not__", onNot);
    table.add("aten::__is__", with<onIsNone, true>);
    table.add("aten::__isnot__", with<onIsNone, false>);
    table.add("aten::len", onLen);
    table.add("aten::_set_item", onSetItem);
    table.add("aten::slice", onListSlice);
    table.add("aten::square", onSquare);
}

} // namespace vantage::dgi::detail
