// The op table of the TorchScript import: what each TorchScript op means for message passing,
// one handler per kind.

#include "dgi/torchscript_import_p.h"

#include <algorithm>

namespace vantage::dgi::detail {

void Importer::unary(jit::Node* n, UnaryFn fn, double a, double b)
{
    setOut(n, irSym(m_ir.unary(fn, value(n, in(n, 0)), a, b)));
}

const std::unordered_map<std::string, Importer::Handler>& Importer::opTable()
{
    static const std::unordered_map<std::string, Handler> table = [] {
        std::unordered_map<std::string, Handler> t = coreOps();
        for (const auto& [kind, handler] : maskAndFillOps())
            t.emplace(kind, handler);
        for (const auto& [kind, handler] : layerOps())
            t.emplace(kind, handler);
        return t;
    }();
    return table;
}

std::unordered_map<std::string, Importer::Handler> Importer::coreOps()
{
    return {
        { "prim::Constant", &Importer::onConstant },
        { "prim::ListConstruct", &Importer::onListConstruct },
        { "prim::TupleConstruct", &Importer::onListConstruct },
        { "prim::ListUnpack", &Importer::onListUnpack },
        { "prim::TupleUnpack", &Importer::onListUnpack },
        { "aten::__getitem__", &Importer::onGetitem },
        { "prim::If", &Importer::onIf },
        { "prim::Loop", &Importer::onLoop },
        { "aten::gt", &Importer::onCompare },
        { "aten::lt", &Importer::onCompare },
        { "aten::ge", &Importer::onCompare },
        { "aten::le", &Importer::onCompare },
        { "aten::eq", &Importer::onCompare },
        { "aten::ne", &Importer::onCompare },
        { "prim::RaiseException", &Importer::onRaiseException },
        { "prim::GetAttr", &Importer::onGetAttr },
        { "prim::CallMethod", &Importer::onGetAttr },
        { "prim::CallFunction", &Importer::onGetAttr },
        { "aten::select", &Importer::onSelect },
        { "aten::unbind", &Importer::onUnbind },
        { "aten::size", &Importer::onSize },
        { "aten::numel", &Importer::onNumel },
        { "aten::dim", &Importer::onDim },
        { "aten::Int", &Importer::onInt },
        { "aten::Float", &Importer::onInt },
        { "aten::ScalarImplicit", &Importer::onInt },
        { "prim::NumToTensor", &Importer::onInt },
        { "aten::index_select", &Importer::onIndexSelect },
        { "aten::index", &Importer::onIndex },
        { "aten::zeros", &Importer::onZeros },
        { "aten::ones", &Importer::onZeros },
        { "aten::new_zeros", &Importer::onZeros },
        { "aten::new_ones", &Importer::onZeros },
        { "aten::zeros_like", &Importer::onZerosLike },
        { "aten::ones_like", &Importer::onZerosLike },
        { "aten::index_add", &Importer::onIndexAdd },
        { "aten::scatter_add", &Importer::onScatterAdd },
        { "aten::scatter_reduce", &Importer::onScatterReduce },
        { "aten::index_reduce", &Importer::onScatterReduce },
        { "aten::bincount", &Importer::onBincount },
        { "aten::unsqueeze", &Importer::onUnsqueeze },
        { "aten::squeeze", &Importer::onSqueeze },
        { "aten::expand_as", &Importer::onExpandAs },
        { "aten::expand", &Importer::onExpandAs },
        { "aten::view", &Importer::onView },
        { "aten::reshape", &Importer::onView },
        { "aten::flatten", &Importer::onFlatten },
        { "aten::contiguous", &Importer::onIdentity },
        { "aten::clone", &Importer::onIdentity },
        { "aten::detach", &Importer::onIdentity },
        { "aten::to", &Importer::onIdentity },
        { "aten::type_as", &Importer::onIdentity },
        { "aten::float", &Importer::onIdentity },
        { "aten::type", &Importer::onIdentity },
        { "aten::double", &Importer::onIdentity },
        { "aten::dropout", &Importer::onDropout },
        { "aten::feature_dropout", &Importer::onDropout },
        { "aten::alpha_dropout", &Importer::onDropout },
        { "aten::linear", &Importer::onLinear },
        { "aten::matmul", &Importer::onMatmul },
        { "aten::mm", &Importer::onMatmul },
        { "aten::rsub", &Importer::onAddSub },
        { "aten::maximum", &Importer::onMulDiv },
        { "aten::minimum", &Importer::onMulDiv },
        { "aten::relu", &Importer::onUnary },
        { "aten::sigmoid", &Importer::onUnary },
        { "aten::tanh", &Importer::onUnary },
        { "aten::exp", &Importer::onUnary },
        { "aten::log", &Importer::onUnary },
        { "aten::sqrt", &Importer::onUnary },
        { "aten::rsqrt", &Importer::onUnary },
        { "aten::abs", &Importer::onUnary },
        { "aten::neg", &Importer::onUnary },
        { "aten::reciprocal", &Importer::onUnary },
        { "aten::leaky_relu", &Importer::onLeakyRelu },
        { "aten::elu", &Importer::onElu },
        { "aten::pow", &Importer::onPow },
        { "aten::clamp", &Importer::onClamp },
        { "aten::clamp_min", &Importer::onClamp },
        { "aten::clamp_max", &Importer::onClamp },
        { "aten::cat", &Importer::onCat },
        { "aten::sum", &Importer::onSum },
        { "aten::mean", &Importer::onSum },
        { "aten::amax", &Importer::onSum },
        { "aten::max", &Importer::onMaxWithIndices },
        { "aten::softmax", &Importer::onSoftmax },
        { "aten::log_softmax", &Importer::onSoftmax },
        { "aten::add", &Importer::onArithmetic },
        { "aten::sub", &Importer::onArithmetic },
        { "aten::mul", &Importer::onArithmetic },
        { "aten::div", &Importer::onArithmetic },
        { "aten::floordiv", &Importer::onArithmetic },
    };
}

const std::map<std::string, UnaryFn>& Importer::unaryFunctions()
{
    static const std::map<std::string, UnaryFn> functions = { { "aten::relu", UnaryFn::Relu },
        { "aten::sigmoid", UnaryFn::Sigmoid }, { "aten::tanh", UnaryFn::Tanh }, { "aten::exp", UnaryFn::Exp },
        { "aten::log", UnaryFn::Log }, { "aten::sqrt", UnaryFn::Sqrt }, { "aten::rsqrt", UnaryFn::Rsqrt },
        { "aten::abs", UnaryFn::Abs }, { "aten::neg", UnaryFn::Neg }, { "aten::reciprocal", UnaryFn::Reciprocal } };
    return functions;
}

void Importer::mapOp(jit::Node* n, const std::string& kind)
{
    const auto& table = opTable();
    const auto it = table.find(kind);
    if (it == table.end())
        return unmapped(n);
    (this->*(it->second))(n, kind);
}

void Importer::unmapped(const jit::Node* n) const
{
    refuse(n,
        "this op has no mapping (supported: message passing with index_select / index_add_ / "
        "scatter_add_ / scatter_reduce / bincount, linear, matmul, element-wise math, cat, stack, view, "
        "feature slices, sum, mean, softmax, batch and layer norm; see docs/dgi.md)");
}

void Importer::onConstant(jit::Node* n, const std::string&)
{
    setOut(n, constant(n));
}

void Importer::onListConstruct(jit::Node* n, const std::string&)
{
    Sym s;
    s.k = K::List;
    for (std::size_t i = 0; i < n->inputs().size(); ++i)
        s.list.push_back(in(n, i));
    setOut(n, s);
}

void Importer::onListUnpack(jit::Node* n, const std::string&)
{
    const Sym l = in(n, 0);
    if (l.k != K::List || l.list.size() != n->outputs().size())
        refuse(n, "unpacking something that is not a list of the right length");
    for (std::size_t i = 0; i < n->outputs().size(); ++i)
        setOut(n, l.list[i], i);
}

void Importer::onGetitem(jit::Node* n, const std::string&)
{
    const Sym l = in(n, 0);
    const std::int64_t i = integer(n, in(n, 1), "the index");
    if (l.k != K::List || i < -static_cast<std::int64_t>(l.list.size())
        || i >= static_cast<std::int64_t>(l.list.size()))
        refuse(n, "indexing something that is not a list");
    setOut(n, l.list[static_cast<std::size_t>(i < 0 ? i + static_cast<std::int64_t>(l.list.size()) : i)]);
}

void Importer::onIf(jit::Node* n, const std::string&)
{
    // A condition known from constants and feature sizes picks its branch; anything else
    // depends on the graph or the data, which a layer cut cannot.
    const Sym cond = in(n, 0);
    auto raises = [](const jit::Block* b) {
        return std::any_of(b->nodes().begin(), b->nodes().end(),
            [](const jit::Node* m) { return m->kind() == c10::prim::RaiseException; });
    };
    if (cond.k != K::Bool && raises(n->blocks()[0]) != raises(n->blocks()[1])) {
        // A check on the input's size that raises (torch's _verify_batch_size, PyG's index checks):
        // a valid input passes it, so the branch that does not raise is the one taken.
        jit::Block* block = n->blocks()[raises(n->blocks()[0]) ? 1 : 0];
        for (jit::Node* inner : block->nodes())
            map(inner);
        for (std::size_t i = 0; i < n->outputs().size(); ++i)
            setOut(n, sym(n, block->outputs()[i]), i);
        return;
    }
    if (cond.k != K::Bool)
        refuse(n,
            "control flow that depends on the graph or the features cannot be cut into layers; write "
            "the forward without if/while on them (loops over an nn.ModuleList are unrolled by "
            "TorchScript)");
    jit::Block* block = n->blocks()[cond.b ? 0 : 1];
    for (jit::Node* inner : block->nodes())
        map(inner);
    for (std::size_t i = 0; i < n->outputs().size(); ++i)
        setOut(n, sym(n, block->outputs()[i]), i);
}

void Importer::onRaiseException(jit::Node* n, const std::string&)
{
    refuse(n, "assertions are not supported in forward");
}

void Importer::onGetAttr(jit::Node* n, const std::string&)
{
    refuse(n, "a module attribute or call survived freezing (was the module saved with torch.jit.save?)");
}

void Importer::onSelect(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    if (t.k == K::Value)
        return selectFeature(n, t, integer(n, in(n, 1), "dim"), integer(n, in(n, 2), "index"));
    if (t.k != K::EdgeIndex)
        refuse(n, "selecting a slice is supported on edge_index (edge_index[0], edge_index[1]) and on feature axes");
    const std::int64_t dim = integer(n, in(n, 1), "dim");
    const std::int64_t idx = integer(n, in(n, 2), "index");
    if (dim != 0 || (idx != 0 && idx != 1))
        refuse(n, "edge_index has two rows: edge_index[0] (sources) and edge_index[1] (destinations)");
    Sym s;
    s.k = K::Index;
    s.dst = idx == 1;
    setOut(n, s);
}

void Importer::onUnbind(jit::Node* n, const std::string&)
{
    if (in(n, 0).k == K::Value) { // a, b = h.unbind(dim=1): one value per entry of a feature axis
        const Sym t = in(n, 0);
        const std::int64_t dim = integer(n, in(n, 1), "dim");
        const int axis = featureAxis(n, t, dim);
        Sym l;
        l.k = K::List;
        const std::int64_t size = op(t).shape[static_cast<std::size_t>(axis)];
        std::vector<std::int64_t> shape = op(t).shape;
        shape.erase(shape.begin() + axis);
        for (std::int64_t i = 0; i < size; ++i)
            l.list.push_back(irSym(m_ir.reshape(size == 1 ? t.ir : m_ir.slice(t.ir, axis, i, 1), shape)));
        setOut(n, l);
        return;
    }
    if (in(n, 0).k != K::EdgeIndex || integer(n, in(n, 1), "dim") != 0)
        refuse(n, "unbind is supported only as src, dst = edge_index");
    Sym l;
    l.k = K::List;
    for (int i = 0; i < 2; ++i) {
        Sym s;
        s.k = K::Index;
        s.dst = i == 1;
        l.list.push_back(s);
    }
    setOut(n, l);
}

void Importer::onSize(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    auto dimSize = [&](std::int64_t dim) {
        Sym s;
        if (t.k == K::EdgeIndex) {
            if (dim == 0 || dim == -2) {
                s.k = K::Int;
                s.i = 2;
            } else {
                s.k = K::NumEdges;
            }
        } else if (t.k == K::Index) {
            s.k = dim == 0 ? K::NumEdges : K::Int;
            s.i = 1;
        } else if (t.k == K::Value || t.k == K::Zeros || t.k == K::Ones) {
            const Space sp = t.k == K::Value ? op(t).space : t.space;
            const auto& shape = t.k == K::Value ? op(t).shape : t.shape;
            const std::int64_t rank = static_cast<std::int64_t>(shape.size()) + (sp == Space::Global ? 0 : 1);
            if (dim < 0)
                dim += rank;
            if (sp != Space::Global && dim == 0) {
                s.k = sp == Space::Node ? K::NumNodes : K::NumEdges;
            } else {
                const std::int64_t f = sp == Space::Global ? dim : dim - 1;
                if (f < 0 || f >= static_cast<std::int64_t>(shape.size()))
                    refuse(n, "dim out of range");
                s.k = K::Int;
                s.i = shape[static_cast<std::size_t>(f)];
            }
        } else {
            refuse(n, "size of something that is not a tensor");
        }
        return s;
    };
    if (n->inputs().size() >= 2) {
        setOut(n, dimSize(integer(n, in(n, 1), "dim")));
    } else {
        Sym l;
        l.k = K::List;
        // x.size(): every dimension (a per-edge torch.ones(E) has one; PyG's scatter builds its
        // output's size from src.size()[:dim] + (n,) + src.size()[dim + 1:]).
        std::int64_t rank = 2;
        if (t.k == K::Value || t.k == K::Zeros || t.k == K::Ones) {
            const Space sp = t.k == K::Value ? op(t).space : t.space;
            const auto& shape = t.k == K::Value ? op(t).shape : t.shape;
            rank = static_cast<std::int64_t>(shape.size()) + (sp == Space::Global ? 0 : 1);
        }
        for (std::int64_t d = 0; d < rank; ++d)
            l.list.push_back(dimSize(d));
        setOut(n, l);
    }
}

void Importer::onNumel(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    if (t.k != K::Index)
        refuse(n, "numel is supported only on a row of edge_index (the edge count)");
    Sym s;
    s.k = K::NumEdges;
    setOut(n, s);
}

void Importer::onDim(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    Sym s;
    s.k = K::Int;
    if (t.k == K::Value)
        s.i = static_cast<std::int64_t>(op(t).shape.size()) + (op(t).space == Space::Global ? 0 : 1);
    else if (t.k == K::Index) // a row of edge_index, and one more dim per unsqueeze / view
        s.i = 1 + static_cast<std::int64_t>(t.shape.size());
    else
        s.i = 2;
    setOut(n, s);
}

void Importer::onInt(jit::Node* n, const std::string&)
{
    const Sym s = in(n, 0);
    if (s.k == K::Int || s.k == K::Float || s.k == K::NumNodes || s.k == K::NumEdges)
        setOut(n, s);
    else
        refuse(n, "converting a tensor to a Python number depends on the data");
}

void Importer::onIndexSelect(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    const Sym idx = in(n, 2);
    if (idx.k != K::Index)
        refuse(n, "the index must be a row of edge_index");
    const int v = value(n, t, "the gathered tensor");
    // dim 0, or the same counted from the end (PyG's node_dim = -2 on [N, F])
    std::int64_t dim = integer(n, in(n, 1), "dim");
    if (dim < 0)
        dim += static_cast<std::int64_t>(m_ir.op(v).shape.size()) + 1;
    if (dim != 0)
        refuse(n, "index_select is message passing only along dim 0 (rows)");
    if (m_ir.op(v).space != Space::Node)
        refuse(n, "only per-node tensors can be gathered by edge_index");
    setOut(n, irSym(idx.dst ? m_ir.gatherDst(v) : m_ir.gatherSrc(v)));
}

void Importer::onIndex(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    const Sym l = in(n, 1);
    if (l.k != K::List || l.list.size() != 1 || l.list[0].k != K::Index)
        refuse(n, "indexing is supported only as x[src] or x[dst] with a row of edge_index");
    const int v = value(n, t, "the gathered tensor");
    if (m_ir.op(v).space != Space::Node)
        refuse(n, "only per-node tensors can be gathered by edge_index");
    setOut(n, irSym(l.list[0].dst ? m_ir.gatherDst(v) : m_ir.gatherSrc(v)));
}

void Importer::onZeros(jit::Node* n, const std::string& kind)
{
    const bool isNew = kind.find("new_") != std::string::npos;
    Sym s;
    s.k = kind.find("zeros") != std::string::npos ? K::Zeros : K::Ones;
    rowsAndShape(n, in(n, isNew ? 1 : 0), s.space, s.shape, false);
    if (s.space == Space::Global)
        s.space = s.k == K::Zeros ? Space::Node : Space::Edge; // a traced model's constant row count
    setOut(n, s);
}

void Importer::onZerosLike(jit::Node* n, const std::string& kind)
{
    const Sym t = in(n, 0);
    Sym s;
    s.k = kind == "aten::zeros_like" ? K::Zeros : K::Ones;
    if (t.k == K::Index) {
        s.space = Space::Edge;
    } else if (t.k == K::Value) {
        if (s.k == K::Ones) {
            setOut(n, irSym(m_ir.unary(UnaryFn::Pow, t.ir, 0.0)));
            return;
        }
        s.space = op(t).space;
        s.shape = op(t).shape;
    } else {
        refuse(n, "zeros_like / ones_like of something that is not a tensor");
    }
    setOut(n, s);
}

void Importer::onIndexAdd(jit::Node* n, const std::string&)
{
    if (integer(n, in(n, 1), "dim") != 0)
        refuse(n, "aggregation must be along dim 0");
    int r = aggregateInto(n, in(n, 0), in(n, 2), in(n, 3), Reduction::Sum, true);
    if (n->inputs().size() > 4) {
        const double alpha = number(n, in(n, 4), "alpha");
        if (alpha != 1.0)
            refuse(n, "index_add with alpha != 1");
    }
    setOut(n, irSym(r));
}

void Importer::onScatterAdd(jit::Node* n, const std::string&)
{
    if (integer(n, in(n, 1), "dim") != 0)
        refuse(n, "aggregation must be along dim 0");
    setOut(n, irSym(aggregateInto(n, in(n, 0), in(n, 2), in(n, 3), Reduction::Sum, true)));
}

void Importer::onScatterReduce(jit::Node* n, const std::string&)
{
    if (integer(n, in(n, 1), "dim") != 0)
        refuse(n, "aggregation must be along dim 0");
    const Sym how = in(n, 4);
    if (how.k != K::Str)
        refuse(n, "the reduction must be a constant string");
    Reduction r = Reduction::Sum;
    if (how.s == "sum")
        r = Reduction::Sum;
    else if (how.s == "mean")
        r = Reduction::Mean;
    else if (how.s == "amax" || how.s == "amin")
        r = Reduction::Max;
    else
        refuse(n, "reduction '" + how.s + "' is not supported (sum, mean, amax, amin)");
    const bool includeSelf = n->inputs().size() > 5 ? in(n, 5).k == K::Bool && in(n, 5).b : true;
    if (how.s == "amin") {
        // min(a, b) = -max(-a, -b): the messages and the fill are negated, then the result (PyG's
        // aggr="min", scatter(reduce="min")).
        Sym self = in(n, 0);
        if (self.k == K::Ones && self.space == Space::Node) {
            self.k = K::Zeros;
            self.f = 1.0;
        }
        if (self.k != K::Zeros)
            refuse(n, "a minimum is supported into torch.zeros / torch.full / new_zeros, not into other tensors");
        self.f = -self.f;
        const Sym src = in(n, 3);
        if (src.k == K::Ones)
            refuse(n, "a minimum of ones");
        const Sym negated = irSym(m_ir.unary(UnaryFn::Neg, value(n, src, "the aggregated source")));
        const int agg = aggregateInto(n, self, in(n, 2), negated, Reduction::Max, includeSelf);
        setOut(n, irSym(m_ir.unary(UnaryFn::Neg, agg)));
        return;
    }
    setOut(n, irSym(aggregateInto(n, in(n, 0), in(n, 2), in(n, 3), r, includeSelf)));
}

void Importer::onBincount(jit::Node* n, const std::string&)
{
    const Sym idx = in(n, 0);
    if (idx.k != K::Index)
        refuse(n, "bincount is supported on a row of edge_index (degrees)");
    if (n->inputs().size() > 1 && in(n, 1).k != K::None)
        refuse(n, "weighted bincount is not supported; aggregate the weights with index_add_");
    setOut(n, irSym(m_ir.graphQuery(idx.dst ? OpKind::InDegree : OpKind::OutDegree)));
}

void Importer::onUnsqueeze(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    const std::int64_t dim = integer(n, in(n, 1), "dim");
    if (t.k == K::Index) {
        Sym column = t; // an index column for scatter_add_: one more dim (its shape is the rank)
        column.shape.push_back(1);
        setOut(n, column);
        return;
    }
    const int v = value(n, t);
    const int axis = featureAxis(n, irSym(v), dim, true);
    std::vector<std::int64_t> shape = m_ir.op(v).shape;
    shape.insert(shape.begin() + axis, 1);
    setOut(n, irSym(m_ir.reshape(v, shape)));
}

void Importer::onSqueeze(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    const int v = value(n, t);
    if (n->inputs().size() < 2)
        refuse(n, "squeeze without a dim may remove the rows; give the dim");
    const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1), "dim"));
    std::vector<std::int64_t> shape = m_ir.op(v).shape;
    if (shape[static_cast<std::size_t>(axis)] == 1)
        shape.erase(shape.begin() + axis);
    setOut(n, irSym(m_ir.reshape(v, shape)));
}

void Importer::onExpandAs(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    if (t.k == K::Value && in(n, 1).k == K::Value && op(in(n, 1)).space != Space::Global) {
        // A per-row value broadcast to another's shape (PyG's broadcast(count, out, dim)): times ones.
        const Sym ref = in(n, 1);
        setOut(n, irSym(m_ir.binary(BinaryFn::Mul, t.ir, m_ir.constant(1.0, op(ref).shape))));
        return;
    }
    if (t.k != K::Index)
        refuse(n, "expand is supported only on an index column for scatter_add_ / scatter_reduce");
    // The rank of what it is expanded to: a list of sizes, or another tensor.
    Sym expanded = t;
    const Sym to = in(n, 1);
    std::size_t rank = 1 + t.shape.size();
    if (to.k == K::List)
        rank = to.list.size();
    else if (to.k == K::Value)
        rank = op(to).shape.size() + (op(to).space == Space::Global ? 0 : 1);
    expanded.shape.assign(rank > 0 ? rank - 1 : 0, 1);
    setOut(n, expanded);
}

void Importer::onView(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    if (t.k == K::Index) {
        Sym viewed = t; // view(-1, 1): the rank is the number of sizes
        const Sym sizes = in(n, 1);
        if (sizes.k == K::List)
            viewed.shape.assign(sizes.list.empty() ? 0 : sizes.list.size() - 1, 1);
        setOut(n, viewed);
        return;
    }
    const int v = value(n, t);
    const Sym sizes = in(n, 1);
    if (sizes.k != K::List || sizes.list.empty())
        refuse(n, "view / reshape needs the sizes as a list");
    const Sym& first = sizes.list.front();
    const Space sp = m_ir.op(v).space;
    const bool rowsOk
        = first.k == (sp == Space::Node ? K::NumNodes : K::NumEdges) || (first.k == K::Int && first.i == -1);
    if (sp == Space::Global || !rowsOk)
        refuse(n, "the first size must keep the rows (x.size(0) or -1)");
    std::vector<std::int64_t> shape;
    for (std::size_t i = 1; i < sizes.list.size(); ++i)
        shape.push_back(integer(n, sizes.list[i], "a feature size"));
    if (first.k == K::Int)
        for (auto d : shape)
            if (d == -1)
                refuse(n, "only one size may be -1");
    setOut(n, irSym(m_ir.reshape(v, shape)));
}

void Importer::onFlatten(jit::Node* n, const std::string&)
{
    const int v = value(n, in(n, 0));
    const std::int64_t startDim = integer(n, in(n, 1), "start_dim");
    const std::int64_t endDim = integer(n, in(n, 2), "end_dim");
    const auto& shape = m_ir.op(v).shape;
    const std::int64_t rank = static_cast<std::int64_t>(shape.size()) + 1;
    const std::int64_t s0 = startDim < 0 ? startDim + rank : startDim;
    const std::int64_t s1 = endDim < 0 ? endDim + rank : endDim;
    if (s0 < 1 || s1 < s0 || s1 >= rank)
        refuse(n, "flatten must keep the rows (start_dim >= 1)");
    std::vector<std::int64_t> out;
    std::int64_t merged = 1;
    for (std::int64_t d = 1; d < rank; ++d) {
        if (d < s0 || d > s1)
            out.push_back(shape[static_cast<std::size_t>(d - 1)]);
        else
            merged *= shape[static_cast<std::size_t>(d - 1)];
        if (d == s1)
            out.push_back(merged);
    }
    setOut(n, irSym(m_ir.reshape(v, out)));
}

void Importer::onIdentity(jit::Node* n, const std::string&)
{
    const Sym t = in(n, 0);
    if (t.k == K::Index || t.k == K::Zeros || t.k == K::Ones) {
        setOut(n, t);
        return;
    }
    setOut(n, irSym(value(n, t)));
}

void Importer::onDropout(jit::Node* n, const std::string&)
{
    const Sym train = in(n, 2);
    if (train.k != K::Bool || train.b)
        refuse(n, "dropout in training mode; call model.eval() or pass training=False");
    setOut(n, irSym(m_ir.unary(UnaryFn::Dropout, value(n, in(n, 0)), number(n, in(n, 1), "p"))));
}

void Importer::onLinear(jit::Node* n, const std::string&)
{
    const int x = value(n, in(n, 0));
    const int w = value(n, in(n, 1), "the weight");
    const Sym b = in(n, 2);
    setOut(n, irSym(m_ir.linear(x, w, b.k == K::None ? -1 : value(n, b, "the bias"))));
}

void Importer::onMatmul(jit::Node* n, const std::string&)
{
    const int x = value(n, in(n, 0));
    const int w = value(n, in(n, 1), "the right operand");
    if (m_ir.op(w).space != Space::Global)
        refuse(n, "the right operand must be a weight");
    setOut(n, irSym(m_ir.matmul(x, w)));
}

void Importer::onAddSub(jit::Node* n, const std::string& kind)
{
    const int a = value(n, in(n, 0));
    int b = value(n, in(n, 1));
    if (n->inputs().size() > 2) {
        const double alpha = number(n, in(n, 2), "alpha");
        if (alpha != 1.0)
            b = m_ir.binary(BinaryFn::Mul, b, m_ir.constant(alpha));
    }
    if (kind == "aten::add")
        setOut(n, irSym(m_ir.binary(BinaryFn::Add, a, b)));
    else if (kind == "aten::sub")
        setOut(n, irSym(m_ir.binary(BinaryFn::Sub, a, b)));
    else
        setOut(n, irSym(m_ir.binary(BinaryFn::Sub, b, a)));
}

void Importer::onMulDiv(jit::Node* n, const std::string& kind)
{
    if (kind == "aten::div" && n->inputs().size() > 2 && in(n, 2).k != K::None)
        refuse(n, "division with a rounding mode");
    const int a = value(n, in(n, 0));
    const int b = value(n, in(n, 1));
    const BinaryFn fn = kind == "aten::mul" ? BinaryFn::Mul
        : kind == "aten::div"               ? BinaryFn::Div
        : kind == "aten::maximum"           ? BinaryFn::Maximum
                                            : BinaryFn::Minimum;
    setOut(n, irSym(m_ir.binary(fn, a, b)));
}

void Importer::onUnary(jit::Node* n, const std::string& kind)
{
    unary(n, unaryFunctions().at(kind));
}

void Importer::onLeakyRelu(jit::Node* n, const std::string&)
{
    unary(n, UnaryFn::LeakyRelu, n->inputs().size() > 1 ? number(n, in(n, 1), "negative_slope") : 0.01);
}

void Importer::onElu(jit::Node* n, const std::string&)
{
    const double alpha = n->inputs().size() > 1 ? number(n, in(n, 1), "alpha") : 1.0;
    if ((n->inputs().size() > 2 && number(n, in(n, 2), "scale") != 1.0)
        || (n->inputs().size() > 3 && number(n, in(n, 3), "input_scale") != 1.0))
        refuse(n, "elu with a scale");
    unary(n, UnaryFn::Elu, alpha);
}

void Importer::onPow(jit::Node* n, const std::string&)
{
    const Sym e = in(n, 1);
    if (e.k != K::Int && e.k != K::Float)
        refuse(n, "pow with a tensor exponent");
    unary(n, UnaryFn::Pow, number(n, e, "exponent"));
}

void Importer::onClamp(jit::Node* n, const std::string& kind)
{
    double lo = std::nan("");
    double hi = std::nan("");
    if (kind == "aten::clamp") {
        if (in(n, 1).k != K::None)
            lo = number(n, in(n, 1), "min");
        if (n->inputs().size() > 2 && in(n, 2).k != K::None)
            hi = number(n, in(n, 2), "max");
    } else if (kind == "aten::clamp_min") {
        lo = number(n, in(n, 1), "min");
    } else {
        hi = number(n, in(n, 1), "max");
    }
    unary(n, UnaryFn::Clamp, lo, hi);
}

void Importer::onCat(jit::Node* n, const std::string&)
{
    const Sym l = in(n, 0);
    if (l.k != K::List || l.list.empty())
        refuse(n, "cat needs a list of tensors");
    std::vector<int> xs;
    for (const auto& s : l.list)
        xs.push_back(value(n, s));
    const int axis = featureAxis(n, irSym(xs.front()), integer(n, in(n, 1), "dim"));
    setOut(n, irSym(m_ir.concat(xs, axis)));
}

void Importer::onSum(jit::Node* n, const std::string& kind)
{
    const int v = value(n, in(n, 0));
    if (n->inputs().size() < 2 || in(n, 1).k != K::List || in(n, 1).list.size() != 1)
        refuse(n, "a reduction over everything (or several dims) sums over the rows; give one feature dim");
    const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1).list[0], "dim"));
    const bool keep = n->inputs().size() > 2 && in(n, 2).k == K::Bool && in(n, 2).b;
    const Reduction r = kind == "aten::sum" ? Reduction::Sum : kind == "aten::mean" ? Reduction::Mean : Reduction::Max;
    setOut(n, irSym(m_ir.reduce(r, v, axis, keep)));
}

void Importer::onMaxWithIndices(jit::Node* n, const std::string&)
{
    if (n->outputs().size() != 2)
        return unmapped(n);
    const int v = value(n, in(n, 0));
    const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1), "dim"));
    const bool keep = n->inputs().size() > 2 && in(n, 2).k == K::Bool && in(n, 2).b;
    setOut(n, irSym(m_ir.reduce(Reduction::Max, v, axis, keep)), 0);
    if (n->output(1)->hasUses())
        refuse(n, "the indices of max are not supported");
}

void Importer::onSoftmax(jit::Node* n, const std::string& kind)
{
    const int v = value(n, in(n, 0));
    const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1), "dim"));
    setOut(n, irSym(m_ir.softmax(v, axis, kind == "aten::log_softmax")));
}

void Importer::onArithmetic(jit::Node* n, const std::string& kind)
{
    // Numbers (sizes, constants) are computed now; tensors become IR ops.
    if (n->inputs().size() == 2 && isNumber(in(n, 0)) && isNumber(in(n, 1)))
        return onScalarArithmetic(n, kind);
    if (kind == "aten::add" && n->inputs().size() == 2 && in(n, 0).k == K::List && in(n, 1).k == K::List) {
        Sym joined = in(n, 0); // sizes joined: src.size()[:dim] + (dim_size,) + ...
        for (const Sym& e : in(n, 1).list)
            joined.list.push_back(e);
        setOut(n, joined);
        return;
    }
    if (kind == "aten::mul" && n->inputs().size() == 2 && in(n, 0).k == K::List && in(n, 1).k == K::Int) {
        Sym repeated; // (1,) * dim: a list of sizes repeated
        repeated.k = K::List;
        for (std::int64_t r = 0; r < in(n, 1).i; ++r)
            for (const Sym& e : in(n, 0).list)
                repeated.list.push_back(e);
        setOut(n, repeated);
        return;
    }
    if (kind == "aten::add" || kind == "aten::sub")
        return onAddSub(n, kind);
    if (kind == "aten::mul" || kind == "aten::div")
        return onMulDiv(n, kind);
    unmapped(n);
}

} // namespace vantage::dgi::detail
