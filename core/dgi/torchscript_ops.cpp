// The op handlers of the TorchScript import: what each TorchScript op means for message passing,
// one handler per canonical op (torchscript_masks.cpp and torchscript_layers.cpp hold more).

#include "dgi/torchscript_import_p.h"

#include <algorithm>

namespace vantage::dgi::detail {

void unary(ImportContext& c, const jit::Node& n, UnaryFn fn, double a, double b)
{
    c.setOut(n, irSym(c.ir.unary(fn, c.value(n, c.in(n, 0)), a, b)));
}

void onConstant(ImportContext& c, const jit::Node& n)
{
    c.setOut(n, constant(c, n));
}

void onListConstruct(ImportContext& c, const jit::Node& n)
{
    Sym s;
    s.k = K::List;
    for (std::size_t i = 0; i < n.inputs().size(); ++i)
        s.list.push_back(c.in(n, i));
    c.setOut(n, s);
}

void onListUnpack(ImportContext& c, const jit::Node& n)
{
    const Sym l = c.in(n, 0);
    if (l.k != K::List || l.list.size() != n.outputs().size())
        c.refuse(n, "unpacking something that is not a list of the right length");
    for (std::size_t i = 0; i < n.outputs().size(); ++i)
        c.setOut(n, l.list[i], i);
}

void onGetitem(ImportContext& c, const jit::Node& n)
{
    const Sym l = c.in(n, 0);
    const std::int64_t i = c.integer(n, c.in(n, 1), "the index");
    if (l.k != K::List || i < -static_cast<std::int64_t>(l.list.size())
        || i >= static_cast<std::int64_t>(l.list.size()))
        c.refuse(n, "indexing something that is not a list");
    c.setOut(n, l.list[static_cast<std::size_t>(i < 0 ? i + static_cast<std::int64_t>(l.list.size()) : i)]);
}

void onIf(ImportContext& c, const jit::Node& n)
{
    // A condition known from constants and feature sizes picks its branch; anything else
    // depends on the graph or the data, which a layer cut cannot.
    const Sym cond = c.in(n, 0);
    auto raises = [](const jit::Block* b) {
        return std::any_of(b->nodes().begin(), b->nodes().end(),
            [](const jit::Node* m) { return m->kind() == c10::prim::RaiseException; });
    };
    if (cond.k != K::Bool && raises(n.blocks()[0]) != raises(n.blocks()[1])) {
        // A check on the input's size that raises (torch's _verify_batch_size, PyG's index checks):
        // a valid input passes it, so the branch that does not raise is the one taken.
        const jit::Block* block = n.blocks()[raises(n.blocks()[0]) ? 1 : 0];
        for (const jit::Node* inner : block->nodes())
            c.map(*inner);
        for (std::size_t i = 0; i < n.outputs().size(); ++i)
            c.setOut(n, c.sym(n, block->outputs()[i]), i);
        return;
    }
    if (cond.k != K::Bool)
        c.refuse(n,
            "control flow that depends on the graph or the features cannot be cut into layers; write "
            "the forward without if/while on them (loops over an nn.ModuleList are unrolled by "
            "TorchScript)");
    const jit::Block* block = n.blocks()[cond.b ? 0 : 1];
    for (const jit::Node* inner : block->nodes())
        c.map(*inner);
    for (std::size_t i = 0; i < n.outputs().size(); ++i)
        c.setOut(n, c.sym(n, block->outputs()[i]), i);
}

void onRaiseException(ImportContext& c, const jit::Node& n)
{
    c.refuse(n, "assertions are not supported in forward");
}

void onGetAttr(ImportContext& c, const jit::Node& n)
{
    c.refuse(n, "a module attribute or call survived freezing (was the module saved with torch.jit.save?)");
}

void onSelect(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    if (t.k == K::Value)
        return selectFeature(c, n, t, c.integer(n, c.in(n, 1), "dim"), c.integer(n, c.in(n, 2), "index"));
    if (t.k != K::EdgeIndex)
        c.refuse(n, "selecting a slice is supported on edge_index (edge_index[0], edge_index[1]) and on feature axes");
    const std::int64_t dim = c.integer(n, c.in(n, 1), "dim");
    const std::int64_t idx = c.integer(n, c.in(n, 2), "index");
    if (dim != 0 || (idx != 0 && idx != 1))
        c.refuse(n, "edge_index has two rows: edge_index[0] (sources) and edge_index[1] (destinations)");
    Sym s;
    s.k = K::Index;
    s.dst = idx == 1;
    c.setOut(n, s);
}

void onUnbind(ImportContext& c, const jit::Node& n)
{
    if (c.in(n, 0).k == K::Value) { // a, b = h.unbind(dim=1): one value per entry of a feature axis
        const Sym t = c.in(n, 0);
        const std::int64_t dim = c.integer(n, c.in(n, 1), "dim");
        const int axis = c.featureAxis(n, t, dim);
        Sym l;
        l.k = K::List;
        const std::int64_t size = c.op(t).shape[static_cast<std::size_t>(axis)];
        std::vector<std::int64_t> shape = c.op(t).shape;
        shape.erase(shape.begin() + axis);
        for (std::int64_t i = 0; i < size; ++i)
            l.list.push_back(irSym(c.ir.reshape(size == 1 ? t.ir : c.ir.slice(t.ir, axis, i, 1), shape)));
        c.setOut(n, l);
        return;
    }
    if (c.in(n, 0).k != K::EdgeIndex || c.integer(n, c.in(n, 1), "dim") != 0)
        c.refuse(n, "unbind is supported only as src, dst = edge_index");
    Sym l;
    l.k = K::List;
    for (int i = 0; i < 2; ++i) {
        Sym s;
        s.k = K::Index;
        s.dst = i == 1;
        l.list.push_back(s);
    }
    c.setOut(n, l);
}

void onSize(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
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
            const Space sp = t.k == K::Value ? c.op(t).space : t.space;
            const auto& shape = t.k == K::Value ? c.op(t).shape : t.shape;
            const std::int64_t rank = static_cast<std::int64_t>(shape.size()) + (sp == Space::Global ? 0 : 1);
            if (dim < 0)
                dim += rank;
            if (sp != Space::Global && dim == 0) {
                s.k = sp == Space::Node ? K::NumNodes : K::NumEdges;
            } else {
                const std::int64_t f = sp == Space::Global ? dim : dim - 1;
                if (f < 0 || f >= static_cast<std::int64_t>(shape.size()))
                    c.refuse(n, "dim out of range");
                s.k = K::Int;
                s.i = shape[static_cast<std::size_t>(f)];
            }
        } else {
            c.refuse(n, "size of something that is not a tensor");
        }
        return s;
    };
    if (n.inputs().size() >= 2) {
        c.setOut(n, dimSize(c.integer(n, c.in(n, 1), "dim")));
    } else {
        Sym l;
        l.k = K::List;
        // x.size(): every dimension (a per-edge torch.ones(E) has one; PyG's scatter builds its
        // output's size from src.size()[:dim] + (n,) + src.size()[dim + 1:]).
        std::int64_t rank = 2;
        if (t.k == K::Value || t.k == K::Zeros || t.k == K::Ones) {
            const Space sp = t.k == K::Value ? c.op(t).space : t.space;
            const auto& shape = t.k == K::Value ? c.op(t).shape : t.shape;
            rank = static_cast<std::int64_t>(shape.size()) + (sp == Space::Global ? 0 : 1);
        }
        for (std::int64_t d = 0; d < rank; ++d)
            l.list.push_back(dimSize(d));
        c.setOut(n, l);
    }
}

void onNumel(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    if (t.k != K::Index)
        c.refuse(n, "numel is supported only on a row of edge_index (the edge count)");
    Sym s;
    s.k = K::NumEdges;
    c.setOut(n, s);
}

void onDim(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    Sym s;
    s.k = K::Int;
    if (t.k == K::Value)
        s.i = static_cast<std::int64_t>(c.op(t).shape.size()) + (c.op(t).space == Space::Global ? 0 : 1);
    else if (t.k == K::Index) // a row of edge_index, and one more dim per unsqueeze / view
        s.i = 1 + static_cast<std::int64_t>(t.shape.size());
    else
        s.i = 2;
    c.setOut(n, s);
}

void onInt(ImportContext& c, const jit::Node& n)
{
    const Sym s = c.in(n, 0);
    if (s.k == K::Int || s.k == K::Float || s.k == K::NumNodes || s.k == K::NumEdges)
        c.setOut(n, s);
    else
        c.refuse(n, "converting a tensor to a Python number depends on the data");
}

void onIndexSelect(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    const Sym idx = c.in(n, 2);
    if (idx.k != K::Index)
        c.refuse(n, "the index must be a row of edge_index");
    const int v = c.value(n, t, "the gathered tensor");
    // dim 0, or the same counted from the end (PyG's node_dim = -2 on [N, F])
    std::int64_t dim = c.integer(n, c.in(n, 1), "dim");
    if (dim < 0)
        dim += static_cast<std::int64_t>(c.ir.op(v).shape.size()) + 1;
    if (dim != 0)
        c.refuse(n, "index_select is message passing only along dim 0 (rows)");
    if (c.ir.op(v).space != Space::Node)
        c.refuse(n, "only per-node tensors can be gathered by edge_index");
    c.setOut(n, irSym(idx.dst ? c.ir.gatherDst(v) : c.ir.gatherSrc(v)));
}

void onIndex(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    const Sym l = c.in(n, 1);
    if (l.k != K::List || l.list.size() != 1 || l.list[0].k != K::Index)
        c.refuse(n, "indexing is supported only as x[src] or x[dst] with a row of edge_index");
    const int v = c.value(n, t, "the gathered tensor");
    if (c.ir.op(v).space != Space::Node)
        c.refuse(n, "only per-node tensors can be gathered by edge_index");
    c.setOut(n, irSym(l.list[0].dst ? c.ir.gatherDst(v) : c.ir.gatherSrc(v)));
}

// torch.zeros / ones(size) (`isNew`: x.new_zeros / new_ones(size)).
void onZeros(ImportContext& c, const jit::Node& n, K zerosOrOnes, bool isNew)
{
    Sym s;
    s.k = zerosOrOnes;
    rowsAndShape(c, n, c.in(n, isNew ? 1 : 0), s.space, s.shape, false);
    if (s.space == Space::Global)
        s.space = s.k == K::Zeros ? Space::Node : Space::Edge; // a traced model's constant row count
    c.setOut(n, s);
}

void onZerosLike(ImportContext& c, const jit::Node& n, K zerosOrOnes)
{
    const Sym t = c.in(n, 0);
    Sym s;
    s.k = zerosOrOnes;
    if (t.k == K::Index) {
        s.space = Space::Edge;
    } else if (t.k == K::Value) {
        if (s.k == K::Ones) {
            c.setOut(n, irSym(c.ir.unary(UnaryFn::Pow, t.ir, 0.0)));
            return;
        }
        s.space = c.op(t).space;
        s.shape = c.op(t).shape;
    } else {
        c.refuse(n, "zeros_like / ones_like of something that is not a tensor");
    }
    c.setOut(n, s);
}

void onIndexAdd(ImportContext& c, const jit::Node& n)
{
    if (c.integer(n, c.in(n, 1), "dim") != 0)
        c.refuse(n, "aggregation must be along dim 0");
    int r = aggregateInto(c, n, c.in(n, 0), c.in(n, 2), c.in(n, 3), Reduction::Sum, true);
    if (n.inputs().size() > 4) {
        const double alpha = c.number(n, c.in(n, 4), "alpha");
        if (alpha != 1.0)
            c.refuse(n, "index_add with alpha != 1");
    }
    c.setOut(n, irSym(r));
}

void onScatterAdd(ImportContext& c, const jit::Node& n)
{
    if (c.integer(n, c.in(n, 1), "dim") != 0)
        c.refuse(n, "aggregation must be along dim 0");
    c.setOut(n, irSym(aggregateInto(c, n, c.in(n, 0), c.in(n, 2), c.in(n, 3), Reduction::Sum, true)));
}

void onScatterReduce(ImportContext& c, const jit::Node& n)
{
    if (c.integer(n, c.in(n, 1), "dim") != 0)
        c.refuse(n, "aggregation must be along dim 0");
    const Sym how = c.in(n, 4);
    if (how.k != K::Str)
        c.refuse(n, "the reduction must be a constant string");
    Reduction r = Reduction::Sum;
    if (how.s == "sum")
        r = Reduction::Sum;
    else if (how.s == "mean")
        r = Reduction::Mean;
    else if (how.s == "amax" || how.s == "amin")
        r = Reduction::Max;
    else
        c.refuse(n, "reduction '" + how.s + "' is not supported (sum, mean, amax, amin)");
    const bool includeSelf = n.inputs().size() > 5 ? c.in(n, 5).k == K::Bool && c.in(n, 5).b : true;
    if (how.s == "amin") {
        // min(a, b) = -max(-a, -b): the messages and the fill are negated, then the result (PyG's
        // aggr="min", scatter(reduce="min")).
        Sym self = c.in(n, 0);
        if (self.k == K::Ones && self.space == Space::Node) {
            self.k = K::Zeros;
            self.f = 1.0;
        }
        if (self.k != K::Zeros)
            c.refuse(n, "a minimum is supported into torch.zeros / torch.full / new_zeros, not into other tensors");
        self.f = -self.f;
        const Sym src = c.in(n, 3);
        if (src.k == K::Ones)
            c.refuse(n, "a minimum of ones");
        const Sym negated = irSym(c.ir.unary(UnaryFn::Neg, c.value(n, src, "the aggregated source")));
        const int agg = aggregateInto(c, n, self, c.in(n, 2), negated, Reduction::Max, includeSelf);
        c.setOut(n, irSym(c.ir.unary(UnaryFn::Neg, agg)));
        return;
    }
    c.setOut(n, irSym(aggregateInto(c, n, c.in(n, 0), c.in(n, 2), c.in(n, 3), r, includeSelf)));
}

void onBincount(ImportContext& c, const jit::Node& n)
{
    const Sym idx = c.in(n, 0);
    if (idx.k != K::Index)
        c.refuse(n, "bincount is supported on a row of edge_index (degrees)");
    if (n.inputs().size() > 1 && c.in(n, 1).k != K::None)
        c.refuse(n, "weighted bincount is not supported; aggregate the weights with index_add_");
    c.setOut(n, irSym(c.ir.graphQuery(idx.dst ? OpKind::InDegree : OpKind::OutDegree)));
}

void onUnsqueeze(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    const std::int64_t dim = c.integer(n, c.in(n, 1), "dim");
    if (t.k == K::Index) {
        Sym column = t; // an index column for scatter_add_: one more dim (its shape is the rank)
        column.shape.push_back(1);
        c.setOut(n, column);
        return;
    }
    const int v = c.value(n, t);
    const int axis = c.featureAxis(n, irSym(v), dim, true);
    std::vector<std::int64_t> shape = c.ir.op(v).shape;
    shape.insert(shape.begin() + axis, 1);
    c.setOut(n, irSym(c.ir.reshape(v, shape)));
}

void onSqueeze(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    const int v = c.value(n, t);
    if (n.inputs().size() < 2)
        c.refuse(n, "squeeze without a dim may remove the rows; give the dim");
    const int axis = c.featureAxis(n, irSym(v), c.integer(n, c.in(n, 1), "dim"));
    std::vector<std::int64_t> shape = c.ir.op(v).shape;
    if (shape[static_cast<std::size_t>(axis)] == 1)
        shape.erase(shape.begin() + axis);
    c.setOut(n, irSym(c.ir.reshape(v, shape)));
}

void onExpandAs(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    if (t.k == K::Value && c.in(n, 1).k == K::Value && c.op(c.in(n, 1)).space != Space::Global) {
        // A per-row value broadcast to another's shape (PyG's broadcast(count, out, dim)): times ones.
        const Sym ref = c.in(n, 1);
        c.setOut(n, irSym(c.ir.binary(BinaryFn::Mul, t.ir, c.ir.constant(1.0, c.op(ref).shape))));
        return;
    }
    if (t.k != K::Index)
        c.refuse(n, "expand is supported only on an index column for scatter_add_ / scatter_reduce");
    // The rank of what it is expanded to: a list of sizes, or another tensor.
    Sym expanded = t;
    const Sym to = c.in(n, 1);
    std::size_t rank = 1 + t.shape.size();
    if (to.k == K::List)
        rank = to.list.size();
    else if (to.k == K::Value)
        rank = c.op(to).shape.size() + (c.op(to).space == Space::Global ? 0 : 1);
    expanded.shape.assign(rank > 0 ? rank - 1 : 0, 1);
    c.setOut(n, expanded);
}

void onView(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    if (t.k == K::Index) {
        Sym viewed = t; // view(-1, 1): the rank is the number of sizes
        const Sym sizes = c.in(n, 1);
        if (sizes.k == K::List)
            viewed.shape.assign(sizes.list.empty() ? 0 : sizes.list.size() - 1, 1);
        c.setOut(n, viewed);
        return;
    }
    const int v = c.value(n, t);
    const Sym sizes = c.in(n, 1);
    if (sizes.k != K::List || sizes.list.empty())
        c.refuse(n, "view / reshape needs the sizes as a list");
    const Sym& first = sizes.list.front();
    const Space sp = c.ir.op(v).space;
    const bool rowsOk
        = first.k == (sp == Space::Node ? K::NumNodes : K::NumEdges) || (first.k == K::Int && first.i == -1);
    if (sp == Space::Global || !rowsOk)
        c.refuse(n, "the first size must keep the rows (x.size(0) or -1)");
    std::vector<std::int64_t> shape;
    for (std::size_t i = 1; i < sizes.list.size(); ++i)
        shape.push_back(c.integer(n, sizes.list[i], "a feature size"));
    if (first.k == K::Int)
        for (auto d : shape)
            if (d == -1)
                c.refuse(n, "only one size may be -1");
    c.setOut(n, irSym(c.ir.reshape(v, shape)));
}

void onFlatten(ImportContext& c, const jit::Node& n)
{
    const int v = c.value(n, c.in(n, 0));
    const std::int64_t startDim = c.integer(n, c.in(n, 1), "start_dim");
    const std::int64_t endDim = c.integer(n, c.in(n, 2), "end_dim");
    const auto& shape = c.ir.op(v).shape;
    const std::int64_t rank = static_cast<std::int64_t>(shape.size()) + 1;
    const std::int64_t s0 = startDim < 0 ? startDim + rank : startDim;
    const std::int64_t s1 = endDim < 0 ? endDim + rank : endDim;
    if (s0 < 1 || s1 < s0 || s1 >= rank)
        c.refuse(n, "flatten must keep the rows (start_dim >= 1)");
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
    c.setOut(n, irSym(c.ir.reshape(v, out)));
}

void onIdentity(ImportContext& c, const jit::Node& n)
{
    const Sym t = c.in(n, 0);
    if (t.k == K::Index || t.k == K::Zeros || t.k == K::Ones) {
        c.setOut(n, t);
        return;
    }
    c.setOut(n, irSym(c.value(n, t)));
}

void onDropout(ImportContext& c, const jit::Node& n)
{
    const Sym train = c.in(n, 2);
    if (train.k != K::Bool || train.b)
        c.refuse(n, "dropout in training mode; call model.eval() or pass training=False");
    c.setOut(n, irSym(c.ir.unary(UnaryFn::Dropout, c.value(n, c.in(n, 0)), c.number(n, c.in(n, 1), "p"))));
}

void onLinear(ImportContext& c, const jit::Node& n)
{
    const int x = c.value(n, c.in(n, 0));
    const int w = c.value(n, c.in(n, 1), "the weight");
    const Sym b = c.in(n, 2);
    c.setOut(n, irSym(c.ir.linear(x, w, b.k == K::None ? -1 : c.value(n, b, "the bias"))));
}

void onMatmul(ImportContext& c, const jit::Node& n)
{
    const int x = c.value(n, c.in(n, 0));
    const int w = c.value(n, c.in(n, 1), "the right operand");
    if (c.ir.op(w).space != Space::Global)
        c.refuse(n, "the right operand must be a weight");
    c.setOut(n, irSym(c.ir.matmul(x, w)));
}

// a + alpha * b, a - alpha * b, or (`reversed`, aten::rsub) alpha * b - a.
void onAddSub(ImportContext& c, const jit::Node& n, BinaryFn fn, bool reversed)
{
    const int a = c.value(n, c.in(n, 0));
    int b = c.value(n, c.in(n, 1));
    if (n.inputs().size() > 2) {
        const double alpha = c.number(n, c.in(n, 2), "alpha");
        if (alpha != 1.0)
            b = c.ir.binary(BinaryFn::Mul, b, c.ir.constant(alpha));
    }
    c.setOut(n, irSym(reversed ? c.ir.binary(fn, b, a) : c.ir.binary(fn, a, b)));
}

// a * b, a / b, maximum(a, b), minimum(a, b).
void onMulDiv(ImportContext& c, const jit::Node& n, BinaryFn fn)
{
    if (fn == BinaryFn::Div && n.inputs().size() > 2 && c.in(n, 2).k != K::None)
        c.refuse(n, "division with a rounding mode");
    const int a = c.value(n, c.in(n, 0));
    const int b = c.value(n, c.in(n, 1));
    c.setOut(n, irSym(c.ir.binary(fn, a, b)));
}

void onLeakyRelu(ImportContext& c, const jit::Node& n)
{
    unary(c, n, UnaryFn::LeakyRelu, n.inputs().size() > 1 ? c.number(n, c.in(n, 1), "negative_slope") : 0.01);
}

void onElu(ImportContext& c, const jit::Node& n)
{
    const double alpha = n.inputs().size() > 1 ? c.number(n, c.in(n, 1), "alpha") : 1.0;
    if ((n.inputs().size() > 2 && c.number(n, c.in(n, 2), "scale") != 1.0)
        || (n.inputs().size() > 3 && c.number(n, c.in(n, 3), "input_scale") != 1.0))
        c.refuse(n, "elu with a scale");
    unary(c, n, UnaryFn::Elu, alpha);
}

void onPow(ImportContext& c, const jit::Node& n)
{
    const Sym e = c.in(n, 1);
    if (e.k != K::Int && e.k != K::Float)
        c.refuse(n, "pow with a tensor exponent");
    unary(c, n, UnaryFn::Pow, c.number(n, e, "exponent"));
}

void onClamp(ImportContext& c, const jit::Node& n)
{
    double lo = std::nan("");
    double hi = std::nan("");
    if (c.in(n, 1).k != K::None)
        lo = c.number(n, c.in(n, 1), "min");
    if (n.inputs().size() > 2 && c.in(n, 2).k != K::None)
        hi = c.number(n, c.in(n, 2), "max");
    unary(c, n, UnaryFn::Clamp, lo, hi);
}

void onClampMin(ImportContext& c, const jit::Node& n)
{
    unary(c, n, UnaryFn::Clamp, c.number(n, c.in(n, 1), "min"), std::nan(""));
}

void onClampMax(ImportContext& c, const jit::Node& n)
{
    unary(c, n, UnaryFn::Clamp, std::nan(""), c.number(n, c.in(n, 1), "max"));
}

void onCat(ImportContext& c, const jit::Node& n)
{
    const Sym l = c.in(n, 0);
    if (l.k != K::List || l.list.empty())
        c.refuse(n, "cat needs a list of tensors");
    std::vector<int> xs;
    for (const auto& s : l.list)
        xs.push_back(c.value(n, s));
    const int axis = c.featureAxis(n, irSym(xs.front()), c.integer(n, c.in(n, 1), "dim"));
    c.setOut(n, irSym(c.ir.concat(xs, axis)));
}

// sum, mean, amax over one feature dim.
void onReduce(ImportContext& c, const jit::Node& n, Reduction r)
{
    const int v = c.value(n, c.in(n, 0));
    if (n.inputs().size() < 2 || c.in(n, 1).k != K::List || c.in(n, 1).list.size() != 1)
        c.refuse(n, "a reduction over everything (or several dims) sums over the rows; give one feature dim");
    const int axis = c.featureAxis(n, irSym(v), c.integer(n, c.in(n, 1).list[0], "dim"));
    const bool keep = n.inputs().size() > 2 && c.in(n, 2).k == K::Bool && c.in(n, 2).b;
    c.setOut(n, irSym(c.ir.reduce(r, v, axis, keep)));
}

void onMaxWithIndices(ImportContext& c, const jit::Node& n)
{
    if (n.outputs().size() != 2)
        return c.unmapped(n);
    const int v = c.value(n, c.in(n, 0));
    const int axis = c.featureAxis(n, irSym(v), c.integer(n, c.in(n, 1), "dim"));
    const bool keep = n.inputs().size() > 2 && c.in(n, 2).k == K::Bool && c.in(n, 2).b;
    c.setOut(n, irSym(c.ir.reduce(Reduction::Max, v, axis, keep)), 0);
    if (n.output(1)->hasUses())
        c.refuse(n, "the indices of max are not supported");
}

void onSoftmax(ImportContext& c, const jit::Node& n, bool log)
{
    const int v = c.value(n, c.in(n, 0));
    const int axis = c.featureAxis(n, irSym(v), c.integer(n, c.in(n, 1), "dim"));
    c.setOut(n, irSym(c.ir.softmax(v, axis, log)));
}

// Numbers (sizes, constants) are computed now, lists of sizes joined or repeated: whether the op
// was one of those.
bool onNumbersOrLists(ImportContext& c, const jit::Node& n, Arithmetic a)
{
    if (n.inputs().size() == 2 && isNumber(c.in(n, 0)) && isNumber(c.in(n, 1))) {
        scalarArithmetic(c, n, a);
        return true;
    }
    if (a == Arithmetic::Add && n.inputs().size() == 2 && c.in(n, 0).k == K::List && c.in(n, 1).k == K::List) {
        Sym joined = c.in(n, 0); // sizes joined: src.size()[:dim] + (dim_size,) + ...
        for (const Sym& e : c.in(n, 1).list)
            joined.list.push_back(e);
        c.setOut(n, joined);
        return true;
    }
    if (a == Arithmetic::Mul && n.inputs().size() == 2 && c.in(n, 0).k == K::List && c.in(n, 1).k == K::Int) {
        Sym repeated; // (1,) * dim: a list of sizes repeated
        repeated.k = K::List;
        for (std::int64_t r = 0; r < c.in(n, 1).i; ++r)
            for (const Sym& e : c.in(n, 0).list)
                repeated.list.push_back(e);
        c.setOut(n, repeated);
        return true;
    }
    return false;
}

void onAdd(ImportContext& c, const jit::Node& n)
{
    if (!onNumbersOrLists(c, n, Arithmetic::Add))
        onAddSub(c, n, BinaryFn::Add, false);
}

void onSub(ImportContext& c, const jit::Node& n)
{
    if (!onNumbersOrLists(c, n, Arithmetic::Sub))
        onAddSub(c, n, BinaryFn::Sub, false);
}

void onMul(ImportContext& c, const jit::Node& n)
{
    if (!onNumbersOrLists(c, n, Arithmetic::Mul))
        onMulDiv(c, n, BinaryFn::Mul);
}

void onDiv(ImportContext& c, const jit::Node& n)
{
    if (!onNumbersOrLists(c, n, Arithmetic::Div))
        onMulDiv(c, n, BinaryFn::Div);
}

void onFloorDiv(ImportContext& c, const jit::Node& n)
{
    if (!onNumbersOrLists(c, n, Arithmetic::FloorDiv))
        c.unmapped(n);
}

void addCoreOps(TorchScriptOpTable& table)
{
    table.add("prim::Constant", onConstant);
    table.add("prim::ListConstruct", onListConstruct);
    table.add("prim::TupleConstruct", onListConstruct);
    table.add("prim::ListUnpack", onListUnpack);
    table.add("prim::TupleUnpack", onListUnpack);
    table.add("aten::__getitem__", onGetitem);
    table.add("prim::If", onIf);
    table.add("prim::RaiseException", onRaiseException);
    table.add("prim::GetAttr", onGetAttr);
    table.add("prim::CallMethod", onGetAttr);
    table.add("prim::CallFunction", onGetAttr);
    table.add("aten::select", onSelect);
    table.add("aten::unbind", onUnbind);
    table.add("aten::size", onSize);
    table.add("aten::numel", onNumel);
    table.add("aten::dim", onDim);
    table.add("aten::Int", onInt);
    table.add("aten::Float", onInt);
    table.add("aten::ScalarImplicit", onInt);
    table.add("prim::NumToTensor", onInt);
    table.add("aten::index_select", onIndexSelect);
    table.add("aten::index", onIndex);
    table.add("aten::zeros", with<onZeros, K::Zeros, false>);
    table.add("aten::ones", with<onZeros, K::Ones, false>);
    table.add("aten::new_zeros", with<onZeros, K::Zeros, true>);
    table.add("aten::new_ones", with<onZeros, K::Ones, true>);
    table.add("aten::zeros_like", with<onZerosLike, K::Zeros>);
    table.add("aten::ones_like", with<onZerosLike, K::Ones>);
    table.add("aten::index_add", onIndexAdd);
    table.add("aten::scatter_add", onScatterAdd);
    table.add("aten::scatter_reduce", onScatterReduce);
    table.add("aten::index_reduce", onScatterReduce);
    table.add("aten::bincount", onBincount);
    table.add("aten::unsqueeze", onUnsqueeze);
    table.add("aten::squeeze", onSqueeze);
    table.add("aten::expand_as", onExpandAs);
    table.add("aten::expand", onExpandAs);
    table.add("aten::view", onView);
    table.add("aten::reshape", onView);
    table.add("aten::flatten", onFlatten);
    for (const char* op : { "aten::contiguous", "aten::clone", "aten::detach", "aten::to", "aten::type_as",
             "aten::float", "aten::type", "aten::double" })
        table.add(op, onIdentity);
    for (const char* op : { "aten::dropout", "aten::feature_dropout", "aten::alpha_dropout" })
        table.add(op, onDropout);
    table.add("aten::linear", onLinear);
    table.add("aten::matmul", onMatmul);
    table.add("aten::mm", onMatmul);
    table.add("aten::rsub", with<onAddSub, BinaryFn::Sub, true>);
    table.add("aten::maximum", with<onMulDiv, BinaryFn::Maximum>);
    table.add("aten::minimum", with<onMulDiv, BinaryFn::Minimum>);
    table.add("aten::relu", onUnary<UnaryFn::Relu>);
    table.add("aten::sigmoid", onUnary<UnaryFn::Sigmoid>);
    table.add("aten::tanh", onUnary<UnaryFn::Tanh>);
    table.add("aten::exp", onUnary<UnaryFn::Exp>);
    table.add("aten::log", onUnary<UnaryFn::Log>);
    table.add("aten::sqrt", onUnary<UnaryFn::Sqrt>);
    table.add("aten::rsqrt", onUnary<UnaryFn::Rsqrt>);
    table.add("aten::abs", onUnary<UnaryFn::Abs>);
    table.add("aten::neg", onUnary<UnaryFn::Neg>);
    table.add("aten::reciprocal", onUnary<UnaryFn::Reciprocal>);
    table.add("aten::leaky_relu", onLeakyRelu);
    table.add("aten::elu", onElu);
    table.add("aten::pow", onPow);
    table.add("aten::clamp", onClamp);
    table.add("aten::clamp_min", onClampMin);
    table.add("aten::clamp_max", onClampMax);
    table.add("aten::cat", onCat);
    table.add("aten::sum", with<onReduce, Reduction::Sum>);
    table.add("aten::mean", with<onReduce, Reduction::Mean>);
    table.add("aten::amax", with<onReduce, Reduction::Max>);
    table.add("aten::max", onMaxWithIndices);
    table.add("aten::softmax", with<onSoftmax, false>);
    table.add("aten::log_softmax", with<onSoftmax, true>);
    table.add("aten::add", onAdd);
    table.add("aten::sub", onSub);
    table.add("aten::mul", onMul);
    table.add("aten::div", onDiv);
    table.add("aten::floordiv", onFloorDiv);
}

} // namespace vantage::dgi::detail
