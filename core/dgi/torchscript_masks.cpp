// The TorchScript import's masks and filled tensors: comparisons, logical ops, torch.where,
// masked_fill and x[mask] = v, torch.full / new_full / full_like, x.dtype and x.device, numbers
// made tensors. What PyG-style code writes around message passing (torchscript_ops.cpp has the rest).

#include "dgi/torchscript_import_p.h"

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
    // x[mask] = v (a mask of x's shape) and out[dst] += m (index_put_ with accumulate=True, a sum
    // into destination rows).
    const Sym self = in(n, 0);
    const Sym indices = in(n, 1);
    if (indices.k != K::List || indices.list.size() != 1)
        refuse(n, "indexed assignment is supported as x[mask] = v or out[dst] += messages");
    const Sym& index = indices.list[0];
    const bool accumulate = n->inputs().size() > 3 && in(n, 3).k == K::Bool && in(n, 3).b;
    if (index.k == K::Index) {
        if (!accumulate)
            refuse(n,
                "out[dst] = messages keeps one message per node, whichever came last; aggregate with "
                "index_add_, scatter_add_ or out[dst] += messages (accumulate)");
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

void Importer::onMeta(jit::Node* n, const std::string&)
{
    // x.dtype, x.device, x.layout: arguments of zeros / ones / to, meaningless to the IR.
    Sym s;
    s.k = K::Other;
    setOut(n, s);
}

void Importer::onSquare(jit::Node* n, const std::string&)
{
    unary(n, UnaryFn::Pow, 2.0);
}

} // namespace vantage::dgi::detail
