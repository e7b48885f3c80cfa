// The torch.export reader's tensor ops: sizes and numbers, views, element-wise arithmetic and
// activations, reductions, softmax, linear layers (export_messages.cpp has the edges, gathers and
// aggregations).

#include "dgi/export_import_p.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vantage::dgi::detail::pt2 {

namespace {

bool isNumber(const Sym& s)
{
    return s.k == K::Int || s.k == K::Float || s.k == K::Bool;
}

// _operator.add / sub / mul / floordiv / comparisons of sizes: numbers now; the edges without
// self-loops plus one per node are the edges with one self-loop per node.
void onScalar(Context& c, const Node& n, char how)
{
    if (n.args.size() != 2)
        c.refuse(n, "an operator of two operands");
    const Sym a = c.need(n, n.args[0].first), b = c.need(n, n.args[1].first);
    if (how == '+' && a.k == K::Count && b.k == K::Count) {
        const bool loops = (a.space == Space::Edge && a.set == EdgeSet::NoLoops && b.space == Space::Node)
            || (b.space == Space::Edge && b.set == EdgeSet::NoLoops && a.space == Space::Node);
        if (!loops)
            c.refuse(n, "adding numbers of nodes or edges");
        Sym s = a;
        s.space = Space::Edge;
        s.set = EdgeSet::OneLoopPerNode;
        return c.setOut(n, s);
    }
    if (how == '>' || how == '<' || how == 'g' || how == 'l' || how == '=' || how == '!') {
        Sym s; // runtime checks of sizes (u0 >= 0): true for every graph the program takes
        s.k = K::Bool;
        s.b = true;
        if (isNumber(a) && isNumber(b)) {
            const double x = c.number(n, a, "a"), y = c.number(n, b, "b");
            s.b = how == '>' ? x > y
                : how == '<' ? x < y
                : how == 'g' ? x >= y
                : how == 'l' ? x <= y
                : how == '=' ? x == y
                             : x != y;
        }
        return c.setOut(n, s);
    }
    if (a.k != K::Int || b.k != K::Int)
        c.refuse(n, "arithmetic on sizes of the graph");
    std::int64_t r = 0;
    switch (how) {
    case '+':
        r = a.i + b.i;
        break;
    case '-':
        r = a.i - b.i;
        break;
    case '*':
        r = a.i * b.i;
        break;
    default:
        if (b.i == 0)
            c.refuse(n, "a division by zero");
        r = a.i / b.i;
    }
    c.setOut(n, intSym(r));
}

template <char How> void onScalarOp(Context& c, const Node& n)
{
    onScalar(c, n, How);
}

void onIgnored(Context& c, const Node& n)
{
    for (std::size_t i = 0; i < n.outputs.size(); ++i) {
        Sym s;
        s.k = K::Other;
        c.setOut(n, s, i);
    }
}

// aten.sym_size.int(t, dim): the rows of x or a value are the nodes (or edges), an edge index's
// second dim its edges; feature dims are numbers.
void onSymSize(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    const std::int64_t dim = c.integer(n, c.need(n, "dim"), "dim");
    Sym s;
    s.k = K::Count;
    if (t.k == K::EdgeIndex && (dim == 1 || dim == -1)) {
        s.space = Space::Edge;
        s.set = t.set;
    } else if ((t.k == K::Index && (dim == 0 || dim == -1))
        || (t.k == K::Filled && t.space == Space::Edge && dim == 0)) {
        s.space = Space::Edge;
        s.set = t.set;
    } else if (t.k == K::Value) {
        const IrOp& o = c.op(t);
        if (o.space == Space::Global || dim != 0) {
            const int axis = c.featureAxis(n, t.ir, dim);
            return c.setOut(n, intSym(o.shape[static_cast<std::size_t>(axis)]));
        }
        s.space = o.space;
        s.set = c.edges;
    } else {
        c.refuse(n, "the size of something that is not a tensor of the graph");
    }
    c.setOut(n, s);
}

void unary(Context& c, const Node& n, UnaryFn fn, double a = 0.0, double b = 0.0)
{
    c.setOut(n, irSym(c.ir.unary(fn, c.value(n, c.need(n, "self")), a, b)));
}
template <UnaryFn F> void onUnary(Context& c, const Node& n)
{
    unary(c, n, F);
}

void onPassThrough(Context& c, const Node& n)
{
    c.setOut(n, c.need(n, "self"));
}

void onDropout(Context& c, const Node& n)
{
    const std::optional<Sym> train = c.arg(n, "train");
    if (train && train->k == K::Bool && train->b)
        c.refuse(n, "dropout in training mode: call model.eval() before torch.export");
    c.setOut(n, c.need(n, "input"));
}

void onLeakyRelu(Context& c, const Node& n)
{
    const auto slope = c.arg(n, "negative_slope");
    unary(c, n, UnaryFn::LeakyRelu, slope ? c.number(n, *slope, "negative_slope") : 0.01);
}

void onElu(Context& c, const Node& n)
{
    const auto alpha = c.arg(n, "alpha");
    unary(c, n, UnaryFn::Elu, alpha ? c.number(n, *alpha, "alpha") : 1.0);
}

void onClamp(Context& c, const Node& n)
{
    const auto bound = [&](const char* name) {
        const auto s = c.arg(n, name);
        return !s || s->k == K::None ? std::numeric_limits<double>::quiet_NaN() : c.number(n, *s, name);
    };
    unary(c, n, UnaryFn::Clamp, bound("min"), bound("max"));
}

void onPow(Context& c, const Node& n)
{
    const auto self = c.arg(n, "self");
    if (!self || !isNumber(c.need(n, "exponent")))
        c.refuse(n, "a power whose exponent is a tensor");
    unary(c, n, UnaryFn::Pow, c.number(n, c.need(n, "exponent"), "exponent"));
}

// x * ones and x / ones, where the ones add no rows and no feature dims to x: x itself. PyG's
// gcn_norm weighs each edge deg^-1/2[src] * ones(E) * deg^-1/2[dst]; without the ones the weight is a
// product of node values, which the evaluation applies per node (docs/dgi.md, "Edge weights that
// factor") rather than forming per edge. -1 when it is not such a product.
int timesOne(Context& c, const Node& n, BinaryFn fn, const Sym& a, const Sym& b)
{
    if ((fn != BinaryFn::Mul && fn != BinaryFn::Div) || c.arg(n, "alpha"))
        return -1;
    const auto isOnes = [](const Sym& s) { return s.k == K::Filled && s.fill == 1.0; };
    const Sym* ones = isOnes(b) ? &b : fn == BinaryFn::Mul && isOnes(a) ? &a : nullptr;
    const Sym& other = ones == &b ? a : b;
    if (!ones || other.k != K::Value)
        return -1;
    const IrOp& o = c.ir.op(other.ir);
    if (ones->space != Space::Global && ones->space != o.space)
        return -1;
    // numpy broadcasting of the ones' feature shape into x's, leaving x's shape as it is
    if (ones->shape.size() > o.shape.size())
        return -1;
    const std::size_t skip = o.shape.size() - ones->shape.size();
    for (std::size_t i = 0; i < ones->shape.size(); ++i)
        if (ones->shape[i] != 1 && ones->shape[i] != o.shape[skip + i])
            return -1;
    return other.ir;
}

// add, sub (with alpha), mul, div (without rounding), maximum, minimum, comparisons.
void binary(Context& c, const Node& n, BinaryFn fn)
{
    const Sym a = c.need(n, "self"), b = c.need(n, "other");
    if (const auto mode = c.arg(n, "rounding_mode"); mode && mode->k != K::None)
        c.refuse(n, "a division with rounding_mode '" + mode->s + "'");
    if (const int same = timesOne(c, n, fn, a, b); same >= 0)
        return c.setOut(n, irSym(same));
    int rhs = c.value(n, b);
    if (const auto alpha = c.arg(n, "alpha")) {
        const double v = c.number(n, *alpha, "alpha");
        if (v != 1.0)
            rhs = c.ir.binary(BinaryFn::Mul, rhs, c.ir.constant(v));
    }
    c.setOut(n, irSym(c.ir.binary(fn, c.value(n, a), rhs)));
}
template <BinaryFn F> void onBinary(Context& c, const Node& n)
{
    binary(c, n, F);
}

void onRsub(Context& c, const Node& n)
{
    const int a = c.value(n, c.need(n, "self")), b = c.value(n, c.need(n, "other"));
    c.setOut(n, irSym(c.ir.binary(BinaryFn::Sub, b, a)));
}

void onMaskedFill(Context& c, const Node& n)
{
    const int x = c.value(n, c.need(n, "self"));
    const int mask = c.value(n, c.need(n, "mask"), "the mask");
    c.setOut(n, irSym(c.ir.where(mask, c.value(n, c.need(n, "value"), "the fill value"), x)));
}

void onWhere(Context& c, const Node& n)
{
    const int cond = c.value(n, c.need(n, "condition"), "the condition");
    c.setOut(n, irSym(c.ir.where(cond, c.value(n, c.need(n, "self")), c.value(n, c.need(n, "other")))));
}

void onLinear(Context& c, const Node& n)
{
    const int x = c.value(n, c.need(n, "input"));
    const int w = c.value(n, c.need(n, "weight"), "the weight");
    const auto bias = c.arg(n, "bias");
    const int b = bias && bias->k != K::None ? c.value(n, *bias, "the bias") : -1;
    c.setOut(n, irSym(c.ir.linear(x, w, b)));
}

void onMatmul(Context& c, const Node& n)
{
    const int x = c.value(n, c.need(n, "self"));
    const int w = c.value(n, c.need(n, "other"), "the weight");
    if (c.ir.op(w).space != Space::Global)
        c.refuse(n, "a product of two per-node or per-edge values");
    c.setOut(n, irSym(c.ir.matmul(x, w)));
}

// addmm(self, mat1, mat2, beta, alpha) = beta self + alpha (mat1 @ mat2), mat2 a weight (GCN2Conv).
void onAddmm(Context& c, const Node& n)
{
    const int x = c.value(n, c.need(n, "mat1"));
    const int w = c.value(n, c.need(n, "mat2"), "the weight");
    if (c.ir.op(w).space != Space::Global)
        c.refuse(n, "a product of two per-node or per-edge values");
    const auto scale = [&](const char* name, int v) {
        const auto k = c.arg(n, name);
        const double f = k ? c.number(n, *k, name) : 1.0;
        return f == 1.0 ? v : c.ir.binary(BinaryFn::Mul, v, c.ir.constant(f));
    };
    const int product = scale("alpha", c.ir.matmul(x, w));
    const int self = scale("beta", c.value(n, c.need(n, "self")));
    c.setOut(n, irSym(c.ir.binary(BinaryFn::Add, self, product)));
}

// sum, mean, amax over a list of dims (or one), keepdim.
void reduce(Context& c, const Node& n, Reduction r)
{
    int x = c.value(n, c.need(n, "self"));
    const auto dims = c.arg(n, "dim");
    if (!dims || dims->k == K::None)
        c.refuse(n, "a reduction over every dim, rows included");
    std::vector<int> axes;
    for (const Sym& d : dims->k == K::List ? dims->list : std::vector<Sym>{ *dims })
        axes.push_back(c.featureAxis(n, x, c.integer(n, d, "dim")));
    std::sort(axes.rbegin(), axes.rend());
    const auto keep = c.arg(n, "keepdim");
    const bool keepDim = keep && c.integer(n, *keep, "keepdim") != 0;
    for (int axis : axes)
        x = c.ir.reduce(r, x, axis, keepDim);
    c.setOut(n, irSym(x));
}
template <Reduction R> void onReduce(Context& c, const Node& n)
{
    reduce(c, n, R);
}

void softmax(Context& c, const Node& n, bool log)
{
    const int x = c.value(n, c.need(n, "self"));
    const int axis = c.featureAxis(n, x, c.integer(n, c.need(n, "dim"), "dim"));
    c.setOut(n, irSym(c.ir.softmax(x, axis, log)));
}
template <bool Log> void onSoftmax(Context& c, const Node& n)
{
    softmax(c, n, Log);
}

void onConcat(Context& c, const Node& n)
{
    const Sym list = c.need(n, "tensors");
    const auto dimArg = c.arg(n, "dim");
    const std::int64_t dim = dimArg ? c.integer(n, *dimArg, "dim") : 0;
    if (list.list.size() == 2 && list.list[0].k == K::EdgeIndex && list.list[0].set == EdgeSet::NoLoops
        && list.list[1].k == K::Arange && list.list[1].rows == 2 && (dim == 1 || dim == -1)) {
        Sym e; // PyG's add_self_loops: the edges without self-loops, then (v, v) for every node
        e.k = K::EdgeIndex;
        e.set = EdgeSet::OneLoopPerNode;
        return c.setOut(n, e);
    }
    std::vector<int> xs;
    for (const Sym& s : list.list)
        xs.push_back(c.value(n, s));
    if (xs.empty())
        c.refuse(n, "a concatenation of nothing");
    c.setOut(n, irSym(c.ir.concat(xs, c.featureAxis(n, xs.front(), dim))));
}

// view / reshape / _unsafe_view.
void onView(Context& c, const Node& n)
{
    Sym t = c.need(n, "self");
    const Sym size = c.need(n, "size");
    if (t.k == K::Index)
        return c.setOut(n, t);
    if (t.k == K::Arange && size.list.size() == 2 && c.integer(n, size.list[0], "a size") == 1) {
        t.rows = 1;
        return c.setOut(n, t);
    }
    if (t.k == K::Filled) {
        Space space = t.space;
        EdgeSet set = t.set;
        t.shape = featureShape(c, n, size, space, set);
        return c.setOut(n, t);
    }
    const int x = c.value(n, t);
    const IrOp& o = c.ir.op(x);
    std::int64_t width = 1;
    for (auto d : o.shape)
        width *= d;
    if (o.space == Space::Global) {
        std::vector<std::int64_t> shape;
        for (const Sym& d : size.list)
            shape.push_back(c.integer(n, d, "a size"));
        shape = checkedShape(c, n, std::move(shape));
        std::int64_t known = 1, unknown = -1;
        for (std::size_t i = 0; i < shape.size(); ++i) {
            if (shape[i] == -1)
                unknown = static_cast<std::int64_t>(i);
            else
                known *= shape[i];
        }
        if (unknown >= 0 && known > 0)
            shape[static_cast<std::size_t>(unknown)] = width / known;
        return c.setOut(n, irSym(c.ir.reshape(x, shape)));
    }
    Space space = o.space;
    EdgeSet set = c.edges;
    c.setOut(n, irSym(c.ir.reshape(x, featureShape(c, n, size, space, set, width))));
}

void onUnsqueeze(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    if (t.k == K::Index)
        return c.setOut(n, t);
    const int x = c.value(n, t);
    const int axis = c.featureAxis(n, x, c.integer(n, c.need(n, "dim"), "dim"), true);
    std::vector<std::int64_t> shape = c.ir.op(x).shape;
    shape.insert(shape.begin() + axis, 1);
    c.setOut(n, irSym(c.ir.reshape(x, shape)));
}

void onSqueeze(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    if (t.k == K::Index)
        return c.setOut(n, t);
    const int x = c.value(n, t);
    std::vector<std::int64_t> shape = c.ir.op(x).shape;
    const auto dims = c.need(n, "dim");
    std::vector<int> axes;
    for (const Sym& d : dims.k == K::List ? dims.list : std::vector<Sym>{ dims })
        axes.push_back(c.featureAxis(n, x, c.integer(n, d, "dim")));
    std::sort(axes.rbegin(), axes.rend());
    for (int a : axes)
        if (shape[static_cast<std::size_t>(a)] == 1)
            shape.erase(shape.begin() + a);
    c.setOut(n, irSym(c.ir.reshape(x, shape)));
}

// select(t, dim, i): a row of an edge index, or one entry of a feature axis.
void onSelect(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    const std::int64_t dim = c.integer(n, c.need(n, "dim"), "dim");
    const std::int64_t index = c.integer(n, c.need(n, "index"), "index");
    if (t.k == K::EdgeIndex) {
        if (dim != 0 || (index != 0 && index != 1 && index != -1 && index != -2))
            c.refuse(n, "edge_index is read as its rows edge_index[0] and edge_index[1]");
        Sym s;
        s.k = K::Index;
        s.set = t.set;
        s.dst = index == 1 || index == -1;
        return c.setOut(n, s);
    }
    const int x = c.value(n, t);
    const int axis = c.featureAxis(n, x, dim);
    std::vector<std::int64_t> shape = c.ir.op(x).shape;
    const std::int64_t size = shape[static_cast<std::size_t>(axis)];
    const std::int64_t at = index < 0 ? index + size : index;
    if (at < 0 || at >= size)
        c.refuse(n, "index " + std::to_string(index) + " is out of range");
    shape.erase(shape.begin() + axis);
    c.setOut(n, irSym(c.ir.reshape(c.ir.slice(x, axis, at, 1), shape)));
}

void onSlice(Context& c, const Node& n)
{
    const Sym t = c.need(n, "self");
    const auto dimArg = c.arg(n, "dim");
    const std::int64_t dim = dimArg ? c.integer(n, *dimArg, "dim") : 0;
    const int x = c.value(n, t);
    if (c.ir.op(x).space != Space::Global
        && (dim == 0 || dim == -1 - static_cast<std::int64_t>(c.ir.op(x).shape.size()))) {
        // x[:n] with n the number of rows (GCN2Conv's x_0[:x.size(0)]): every row.
        const auto start = c.arg(n, "start"), end = c.arg(n, "end");
        const bool fromFirst = !start || start->k == K::None || (start->k == K::Int && start->i == 0);
        const bool toLast = !end || end->k == K::None || end->k == K::Count
            || (end->k == K::Int && end->i >= std::numeric_limits<std::int32_t>::max());
        if (!fromFirst || !toLast)
            c.refuse(n, "a slice of some of the rows (nodes or edges), which is not a per-node operation");
        return c.setOut(n, t);
    }
    const int axis = c.featureAxis(n, x, dim);
    const std::int64_t size = c.ir.op(x).shape[static_cast<std::size_t>(axis)];
    const auto bound = [&](const char* name, std::int64_t dflt) {
        const auto s = c.arg(n, name);
        if (!s || s->k == K::None)
            return dflt;
        std::int64_t v = c.integer(n, *s, name);
        if (v < 0)
            v += size;
        return std::clamp<std::int64_t>(v, 0, size);
    };
    const std::int64_t start = bound("start", 0), end = bound("end", size);
    const auto stepArg = c.arg(n, "step");
    const std::int64_t step = stepArg ? c.integer(n, *stepArg, "step") : 1;
    if (step < 1)
        c.refuse(n, "a slice step below 1");
    const std::int64_t count = end > start ? (end - start + step - 1) / step : 0;
    c.setOut(n, irSym(c.ir.slice(x, axis, start, count, step)));
}

} // namespace

std::vector<std::int64_t> checkedShape(Context& c, const Node& n, std::vector<std::int64_t> shape)
{
    constexpr std::int64_t kMax = std::int64_t(1) << 31;
    std::int64_t elements = 1;
    for (std::int64_t d : shape)
        if (d < -1 || d > kMax || (d > 0 && (elements *= d) > kMax))
            c.refuse(n, "a feature shape of more than 2^31 elements");
    return shape;
}

std::vector<std::int64_t> featureShape(
    Context& c, const Node& n, const Sym& size, Space& space, EdgeSet& set, std::int64_t elements)
{
    if (size.k != K::List || size.list.empty())
        c.refuse(n, "a size that is not a list");
    const Sym& rows = size.list.front();
    if (rows.k == K::Count) {
        space = rows.space;
        set = rows.set;
    } else if (rows.k != K::Int || rows.i != -1) {
        c.refuse(n, "the first size must be the number of nodes or edges (or -1)");
    }
    std::vector<std::int64_t> shape;
    std::int64_t known = 1, unknown = -1;
    for (std::size_t i = 1; i < size.list.size(); ++i) {
        shape.push_back(c.integer(n, size.list[i], "a feature size"));
        checkedShape(c, n, shape);
        if (shape.back() == -1 && elements >= 0 && unknown < 0)
            unknown = static_cast<std::int64_t>(i - 1);
        else if (shape.back() < 0)
            c.refuse(n, "a negative feature size");
        else
            known *= shape.back();
    }
    if (unknown >= 0)
        shape[static_cast<std::size_t>(unknown)] = known > 0 ? elements / known : 0;
    return checkedShape(c, n, std::move(shape));
}

void addTensorOps(ExportOpTable& t)
{
    t.add("_operator.add", onScalarOp<'+'>);
    t.add("_operator.sub", onScalarOp<'-'>);
    t.add("_operator.mul", onScalarOp<'*'>);
    t.add("_operator.floordiv", onScalarOp<'/'>);
    t.add("_operator.ge", onScalarOp<'g'>);
    t.add("_operator.gt", onScalarOp<'>'>);
    t.add("_operator.le", onScalarOp<'l'>);
    t.add("_operator.lt", onScalarOp<'<'>);
    t.add("_operator.eq", onScalarOp<'='>);
    t.add("_operator.ne", onScalarOp<'!'>);
    for (const char* op : { "aten::_assert_scalar", "aten::sym_constrain_range_for_size",
             "aten::_assert_tensor_metadata", "aten::sym_constrain_range" })
        t.add(op, onIgnored);
    t.add("aten::sym_size", onSymSize);
    for (const char* op : { "aten::detach", "aten::clone", "aten::contiguous", "aten::alias", "aten::_to_copy",
             "aten::to", "aten::type_as", "aten::lift_fresh_copy" })
        t.add(op, onPassThrough);
    t.add("aten::dropout", onDropout);
    t.add("aten::feature_dropout", onDropout);
    t.add("aten::relu", onUnary<UnaryFn::Relu>);
    t.add("aten::sigmoid", onUnary<UnaryFn::Sigmoid>);
    t.add("aten::tanh", onUnary<UnaryFn::Tanh>);
    t.add("aten::exp", onUnary<UnaryFn::Exp>);
    t.add("aten::log", onUnary<UnaryFn::Log>);
    t.add("aten::sqrt", onUnary<UnaryFn::Sqrt>);
    t.add("aten::rsqrt", onUnary<UnaryFn::Rsqrt>);
    t.add("aten::abs", onUnary<UnaryFn::Abs>);
    t.add("aten::neg", onUnary<UnaryFn::Neg>);
    t.add("aten::reciprocal", onUnary<UnaryFn::Reciprocal>);
    t.add("aten::leaky_relu", onLeakyRelu);
    t.add("aten::elu", onElu);
    t.add("aten::clamp", onClamp);
    t.add("aten::pow", onPow);
    t.add("aten::add", onBinary<BinaryFn::Add>);
    t.add("aten::sub", onBinary<BinaryFn::Sub>);
    t.add("aten::rsub", onRsub);
    t.add("aten::mul", onBinary<BinaryFn::Mul>);
    t.add("aten::div", onBinary<BinaryFn::Div>);
    t.add("aten::maximum", onBinary<BinaryFn::Maximum>);
    t.add("aten::minimum", onBinary<BinaryFn::Minimum>);
    t.add("aten::eq", onBinary<BinaryFn::Eq>);
    t.add("aten::lt", onBinary<BinaryFn::Lt>);
    t.add("aten::le", onBinary<BinaryFn::Le>);
    t.add("aten::gt", onBinary<BinaryFn::Gt>);
    t.add("aten::ge", onBinary<BinaryFn::Ge>);
    t.add("aten::masked_fill", onMaskedFill);
    t.add("aten::where", onWhere);
    t.add("aten::linear", onLinear);
    t.add("aten::matmul", onMatmul);
    t.add("aten::mm", onMatmul);
    t.add("aten::addmm", onAddmm);
    t.add("aten::sum", onReduce<Reduction::Sum>);
    t.add("aten::mean", onReduce<Reduction::Mean>);
    t.add("aten::amax", onReduce<Reduction::Max>);
    t.add("aten::softmax", onSoftmax<false>);
    t.add("aten::_softmax", onSoftmax<false>);
    t.add("aten::log_softmax", onSoftmax<true>);
    t.add("aten::_log_softmax", onSoftmax<true>);
    t.add("aten::cat", onConcat);
    t.add("aten::view", onView);
    t.add("aten::reshape", onView);
    t.add("aten::_unsafe_view", onView);
    t.add("aten::unsqueeze", onUnsqueeze);
    t.add("aten::squeeze", onSqueeze);
    t.add("aten::select", onSelect);
    t.add("aten::slice", onSlice);
}

} // namespace vantage::dgi::detail::pt2
