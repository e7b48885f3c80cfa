// The torch.export reader's message passing: edge_index and its rows, PyG's remove_self_loops and
// add_self_loops, gathers (index_select, x[src]), tensors of ones and zeros sized by the graph, and
// aggregations (scatter_add_, scatter_reduce_, index_add_) into destination rows, with degrees.

#include "dgi/export_import_p.h"

#include <cmath>

namespace vantage::dgi::detail::pt2 {

int inDegreeOfRank(Context& c, std::size_t rank)
{
    const int deg = c.ir.graphQuery(OpKind::InDegree);
    return rank == 0 ? deg : c.ir.reshape(deg, std::vector<std::int64_t>(rank, 1));
}

int filledValue(Context& c, Space space, const std::vector<std::int64_t>& shape, double fill)
{
    if (space == Space::Global)
        return c.ir.constant(fill, shape);
    // 0 * in-degree (finite, so exactly 0) carries the rows; the constant carries the fill and shape.
    int zero = c.ir.binary(BinaryFn::Mul, inDegreeOfRank(c, shape.size()), c.ir.constant(0.0));
    if (space == Space::Edge)
        zero = c.ir.gatherSrc(zero);
    return c.ir.binary(BinaryFn::Add, zero, c.ir.constant(fill, shape));
}

namespace {

// ne(edge_index[0], edge_index[1]): PyG's mask of the edges that are not self-loops.
void onNe(Context& c, const Node& n)
{
    const Sym a = c.need(n, "self"), b = c.need(n, "other");
    if (a.k == K::Index && b.k == K::Index && a.set == EdgeSet::AsGiven && b.set == EdgeSet::AsGiven
        && a.dst != b.dst) {
        Sym s;
        s.k = K::SelfLoopMask;
        return c.setOut(n, s);
    }
    if (a.k == K::Index || b.k == K::Index)
        c.refuse(n, "comparing rows of edge_index other than edge_index[0] != edge_index[1]");
    c.setOut(n, irSym(c.ir.binary(BinaryFn::Ne, c.value(n, a), c.value(n, b))));
}

void onArange(Context& c, const Node& n)
{
    const auto start = c.arg(n, "start");
    if (start && c.integer(n, *start, "start") != 0)
        c.refuse(n, "an arange that does not start at 0");
    if (const auto step = c.arg(n, "step"); step && c.integer(n, *step, "step") != 1)
        c.refuse(n, "an arange with a step");
    const Sym end = c.need(n, "end");
    if (end.k != K::Count || end.space != Space::Node)
        c.refuse(n, "an arange of anything but the node ids (torch.arange(num_nodes))");
    Sym s;
    s.k = K::Arange;
    c.setOut(n, s);
}

void onRepeat(Context& c, const Node& n)
{
    Sym t = c.need(n, "self");
    const Sym r = c.need(n, "repeats");
    if (t.k != K::Arange || t.rows != 1 || r.list.size() != 2 || c.integer(n, r.list[0], "repeats") != 2
        || c.integer(n, r.list[1], "repeats") != 1)
        c.refuse(n, "a repeat other than the self-loops' arange(N).view(1, -1).repeat(2, 1)");
    t.rows = 2;
    c.setOut(n, t);
}

Sym gather(Context& c, const Node& n, const Sym& t, const Sym& index)
{
    c.useEdges(n, index.set);
    if (t.k == K::Filled && t.space == Space::Node) {
        Sym s = t;
        s.space = Space::Edge;
        s.set = index.set;
        return s;
    }
    const int x = c.value(n, t, "the gathered tensor");
    if (c.ir.op(x).space != Space::Node)
        c.refuse(n, "gathering from a tensor that is not one row per node");
    return irSym(index.dst ? c.ir.gatherDst(x) : c.ir.gatherSrc(x));
}

// x[src] or edge_index[:, mask].
void onIndex(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    const Sym indices = c.need(n, "indices");
    if (t.k == K::EdgeIndex && t.set == EdgeSet::AsGiven && indices.list.size() == 2 && indices.list[0].k == K::None
        && indices.list[1].k == K::SelfLoopMask) {
        Sym e; // PyG's remove_self_loops
        e.k = K::EdgeIndex;
        e.set = EdgeSet::NoLoops;
        return c.setOut(n, e);
    }
    if (indices.list.size() != 1 || indices.list[0].k != K::Index)
        c.refuse(n, "indexing other than x[edge_index[0]] or edge_index[:, edge_index[0] != edge_index[1]]");
    c.setOut(n, gather(c, n, t, indices.list[0]));
}

void onIndexSelect(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    const Sym index = c.need(n, "index");
    if (index.k != K::Index)
        c.refuse(n, "index_select with an index that is not a row of edge_index");
    const std::int64_t dim = c.integer(n, c.need(n, "dim"), "dim");
    const std::size_t rank = t.k == K::Value ? c.op(t).shape.size() + 1 : t.shape.size() + 1;
    if (dim != 0 && dim != -static_cast<std::int64_t>(rank))
        c.refuse(n, "index_select along a feature dim");
    c.setOut(n, gather(c, n, t, index));
}

void onExpand(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    if (t.k == K::Index)
        return c.setOut(n, t);
    const int x = c.value(n, t);
    if (const auto other = c.arg(n, "other")) {
        const int o = c.value(n, *other);
        if (c.ir.op(o).shape == c.ir.op(x).shape && c.ir.op(o).space == c.ir.op(x).space)
            return c.setOut(n, t);
        // Broadcast by adding zeros of the other's shape.
        return c.setOut(n, irSym(c.ir.binary(BinaryFn::Add, x, c.ir.binary(BinaryFn::Mul, o, c.ir.constant(0.0)))));
    }
    c.refuse(n, "expanding a tensor to a size (use broadcasting)");
}

// ones / zeros / full / new_* / *_like.
void filled(Context& c, const Node& n, double fill, const char* sizeArg, bool like)
{
    Sym s;
    s.k = K::Filled;
    s.fill = fill;
    if (const auto v = c.arg(n, "fill_value"))
        s.fill = c.number(n, *v, "fill_value");
    if (like) {
        const Sym t = c.need(n, "self");
        if (t.k == K::Filled) {
            s.space = t.space;
            s.set = t.set;
            s.shape = t.shape;
        } else {
            const IrOp& o = c.ir.op(c.value(n, t));
            s.space = o.space;
            s.set = c.edges;
            s.shape = o.shape;
        }
        return c.setOut(n, s);
    }
    const Sym size = c.need(n, sizeArg);
    if (!size.list.empty() && size.list.front().k == K::Count) {
        s.shape = featureShape(c, n, size, s.space, s.set);
    } else {
        s.space = Space::Global;
        for (const Sym& d : size.list)
            s.shape.push_back(c.integer(n, d, "a size"));
        s.shape = checkedShape(c, n, std::move(s.shape));
    }
    c.setOut(n, s);
}
template <int Fill, bool Like> void onFilled(Context& c, const Node& n)
{
    filled(c, n, Fill, "size", Like);
}

// What scatter_* / index_add_ leave: rows without incoming edges keep the fill; include_self makes
// the fill one more element of the reduction in the others.
int intoFilled(Context& c, const Node& n, int agg, int messages, double fill, Reduction r, bool includeSelf)
{
    const auto keepFillWhereEmpty = [&](int v) {
        const int has = c.ir.binary(BinaryFn::Gt, inDegreeOfRank(c, c.ir.op(v).shape.size()), c.ir.constant(0.0));
        return c.ir.where(has, v, c.ir.constant(fill));
    };
    switch (r) {
    case Reduction::Sum:
        if (fill == 0.0)
            return agg;
        return includeSelf ? c.ir.binary(BinaryFn::Add, agg, c.ir.constant(fill)) : keepFillWhereEmpty(agg);
    case Reduction::Max:
        if (!includeSelf)
            return fill == 0.0 ? agg : keepFillWhereEmpty(agg);
        return fill == 0.0 ? c.ir.binary(BinaryFn::Maximum, agg, c.ir.constant(0.0))
                           : keepFillWhereEmpty(c.ir.binary(BinaryFn::Maximum, agg, c.ir.constant(fill)));
    case Reduction::Mean: {
        if (!includeSelf)
            return fill == 0.0 ? agg : keepFillWhereEmpty(agg);
        if (messages < 0)
            c.refuse(n, "a mean of ones is always one; count edges with a sum");
        const int sum = c.ir.binary(BinaryFn::Add, c.ir.aggregate(Reduction::Sum, messages), c.ir.constant(fill));
        const int deg = inDegreeOfRank(c, c.ir.op(sum).shape.size());
        return c.ir.binary(BinaryFn::Div, sum, c.ir.binary(BinaryFn::Add, deg, c.ir.constant(1.0)));
    }
    }
    c.refuse(n, "unknown reduction");
}

int aggregate(
    Context& c, const Node& n, const Sym& self, const Sym& index, const Sym& src, Reduction r, bool includeSelf)
{
    if (c.integer(n, c.need(n, "dim"), "dim") != 0)
        c.refuse(n, "aggregation must be along dim 0");
    if (index.k != K::Index)
        c.refuse(n, "the index must be a row of edge_index (possibly viewed or expanded)");
    c.useEdges(n, index.set);
    const bool filledSelf = self.k == K::Filled && self.space == Space::Node;
    const bool countsEdges = src.k == K::Filled && src.space == Space::Edge && src.fill == 1.0;
    if (!index.dst) {
        if (countsEdges && r == Reduction::Sum && filledSelf && (self.fill == 0.0 || includeSelf)) {
            int agg = c.ir.graphQuery(OpKind::OutDegree);
            if (!src.shape.empty())
                agg = c.ir.reshape(agg, src.shape);
            return self.fill == 0.0 ? agg : c.ir.binary(BinaryFn::Add, agg, c.ir.constant(self.fill));
        }
        c.refuse(n,
            "aggregating into source rows (edge_index[0]) runs messages backwards (flow='target_to_source'); "
            "give the graph reversed instead");
    }
    int agg = -1, messages = -1;
    if (countsEdges) {
        if (r != Reduction::Sum)
            c.refuse(n, "only a sum of ones (a degree) is supported");
        agg = c.ir.graphQuery(OpKind::InDegree);
        if (!src.shape.empty())
            agg = c.ir.reshape(agg, src.shape);
    } else {
        messages = c.value(n, src, "the aggregated source");
        if (c.ir.op(messages).space != Space::Edge)
            c.refuse(n, "the aggregated values must be per edge (gathered with index_select first)");
        agg = c.ir.aggregate(r, messages);
    }
    if (filledSelf) {
        if (self.shape != c.ir.op(agg).shape)
            c.refuse(n, "the filled tensor's feature shape does not match the aggregated values");
        return intoFilled(c, n, agg, messages, self.fill, r, includeSelf);
    }
    if (r != Reduction::Sum || !includeSelf)
        c.refuse(n, "aggregating into a tensor computed from the features is only supported as a sum");
    return c.ir.binary(BinaryFn::Add, c.value(n, self, "the tensor aggregated into"), agg);
}

void onScatterAdd(Context& c, const Node& n)
{
    c.setOut(n, irSym(aggregate(c, n, c.need(n, "self"), c.need(n, "index"), c.need(n, "src"), Reduction::Sum, true)));
}

void onIndexAdd(Context& c, const Node& n)
{
    if (const auto alpha = c.arg(n, "alpha"); alpha && c.number(n, *alpha, "alpha") != 1.0)
        c.refuse(n, "index_add with alpha != 1");
    c.setOut(
        n, irSym(aggregate(c, n, c.need(n, "self"), c.need(n, "index"), c.need(n, "source"), Reduction::Sum, true)));
}

void onScatterReduce(Context& c, const Node& n)
{
    const Sym how = c.need(n, "reduce");
    const auto inc = c.arg(n, "include_self");
    const bool includeSelf = !inc || c.integer(n, *inc, "include_self") != 0;
    Reduction r = Reduction::Sum;
    if (how.s == "mean")
        r = Reduction::Mean;
    else if (how.s == "amax" || how.s == "amin")
        r = Reduction::Max;
    else if (how.s != "sum")
        c.refuse(n, "reduction '" + how.s.substr(0, 20) + "' is not supported (sum, mean, amax, amin)");
    Sym self = c.need(n, "self"), src = c.need(n, "src");
    if (how.s != "amin")
        return c.setOut(n, irSym(aggregate(c, n, self, c.need(n, "index"), src, r, includeSelf)));
    // min(a, b) = -max(-a, -b): the messages and the fill are negated, then the result.
    if (self.k != K::Filled)
        c.refuse(n, "a minimum is supported into new_zeros / full, not into other tensors");
    self.fill = -self.fill;
    const Sym neg = irSym(c.ir.unary(UnaryFn::Neg, c.value(n, src)));
    c.setOut(n, irSym(c.ir.unary(UnaryFn::Neg, aggregate(c, n, self, c.need(n, "index"), neg, r, includeSelf))));
}

} // namespace

void addMessageOps(ExportOpTable& t)
{
    t.add("aten::ne", onNe);
    t.add("aten::arange", onArange);
    t.add("aten::repeat", onRepeat);
    t.add("aten::index", onIndex);
    t.add("aten::index_select", onIndexSelect);
    t.add("aten::expand_as", onExpand);
    t.add("aten::expand", onExpand);
    t.add("aten::ones", onFilled<1, false>);
    t.add("aten::zeros", onFilled<0, false>);
    t.add("aten::full", onFilled<0, false>);
    t.add("aten::new_ones", onFilled<1, false>);
    t.add("aten::new_zeros", onFilled<0, false>);
    t.add("aten::new_full", onFilled<0, false>);
    t.add("aten::ones_like", onFilled<1, true>);
    t.add("aten::zeros_like", onFilled<0, true>);
    t.add("aten::full_like", onFilled<0, true>);
    t.add("aten::scatter_add", onScatterAdd);
    t.add("aten::index_add", onIndexAdd);
    t.add("aten::scatter_reduce", onScatterReduce);
}

const ExportOpTable& exportOpTable()
{
    static const ExportOpTable table = [] {
        ExportOpTable t;
        addTensorOps(t);
        addMessageOps(t);
        return t;
    }();
    return table;
}

} // namespace vantage::dgi::detail::pt2
