// The torch.export reader's message passing: edge_index and its rows, PyG's remove_self_loops and
// add_self_loops, gathers (index_select, x[src]), tensors of ones and zeros sized by the graph, and
// aggregations (scatter_add_, scatter_reduce_, index_add_) into destination rows, with degrees.

#include "dgi/aggregation_lowering_p.h"
#include "dgi/export_import_p.h"

#include <cmath>

namespace vantage::dgi::detail::pt2 {

int filledValue(Context& c, Space space, const std::vector<std::int64_t>& shape, double fill)
{
    return space == Space::Global ? c.ir.constant(fill, shape) : filledRows(c.ir, space, shape, fill);
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

int aggregate(
    Context& c, const Node& n, const Sym& self, const Sym& index, const Sym& src, Reduction r, bool includeSelf)
{
    if (c.integer(n, c.need(n, "dim"), "dim") != 0)
        c.refuse(n, "aggregation must be along dim 0");
    if (index.k != K::Index)
        c.refuse(n, "the index must be a row of edge_index (possibly viewed or expanded)");
    c.useEdges(n, index.set);
    Aggregation a;
    a.reduction = r;
    a.includeSelf = includeSelf;
    a.intoDestinations = index.dst;
    a.countsEdges = src.k == K::Filled && src.space == Space::Edge && src.fill == 1.0;
    a.sourceShape = src.shape;
    a.intoFilled = self.k == K::Filled && self.space == Space::Node;
    a.fill = self.fill;
    a.fillShape = self.shape;
    a.messages = [&] { return c.value(n, src, "the aggregated source"); };
    a.destination = [&] { return c.value(n, self, "the tensor aggregated into"); };
    return lowerAggregation(c.ir, a, [&](const std::string& why) { c.refuse(n, why); });
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
