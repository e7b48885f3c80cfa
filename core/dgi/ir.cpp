#include "dgi/ir.h"

#include "common/error.h"

#include <cmath>
#include <numeric>

namespace vantage::dgi {

namespace {

std::string shapeText(Space space, const std::vector<std::int64_t>& shape)
{
    std::string s = "[";
    if (space == Space::Node)
        s += "N";
    else if (space == Space::Edge)
        s += "E";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0 || space != Space::Global)
            s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

std::int64_t product(const std::vector<std::int64_t>& shape)
{
    return std::accumulate(shape.begin(), shape.end(), std::int64_t{ 1 }, std::multiplies<>());
}

} // namespace

const IrOp& GnnIr::op(int id) const
{
    if (id < 0 || id >= size())
        throw Error::failure("IR value " + std::to_string(id) + " does not exist");
    return m_ops[static_cast<std::size_t>(id)];
}

std::int64_t GnnIr::width(int value) const
{
    return product(op(value).shape);
}

std::int64_t GnnIr::parameterCount() const
{
    std::int64_t n = 0;
    for (const auto& p : m_params)
        n += static_cast<std::int64_t>(p.values.size());
    return n;
}

void GnnIr::setScope(std::string name, std::string location)
{
    m_scopeName = std::move(name);
    m_scopeLocation = std::move(location);
}

void GnnIr::fail(const IrOp& o, const std::string& why) const
{
    std::string where
        = o.name.empty() ? std::string(enumName(o.kind)) : o.name + " (" + std::string(enumName(o.kind)) + ")";
    if (!o.location.empty())
        where += " at " + o.location;
    throw Error::invalidInput(why).inOp(where);
}

int GnnIr::add(IrOp o)
{
    if (o.name.empty())
        o.name = m_scopeName;
    if (o.location.empty())
        o.location = m_scopeLocation;
    for (int in : o.inputs)
        if (in < 0 || in >= size())
            fail(o, "operand " + std::to_string(in) + " does not exist");
    m_ops.push_back(std::move(o));
    return size() - 1;
}

int GnnIr::input(std::int64_t width, std::string name)
{
    if (m_input >= 0)
        throw Error::failure("the IR already has an input");
    IrOp o{ .kind = OpKind::Input, .space = Space::Node, .shape = { width }, .name = std::move(name) };
    if (width <= 0)
        fail(o, "input width must be positive, not " + std::to_string(width));
    m_input = add(std::move(o));
    return m_input;
}

int GnnIr::parameter(std::string name, std::vector<std::int64_t> shape, std::vector<float> values)
{
    IrOp o{ .kind = OpKind::Parameter, .space = Space::Global, .shape = shape, .name = name };
    if (static_cast<std::int64_t>(values.size()) != product(shape))
        fail(o,
            "parameter has " + std::to_string(values.size()) + " values for shape " + shapeText(Space::Global, shape));
    o.param = static_cast<int>(m_params.size());
    m_params.push_back({ std::move(name), std::move(shape), std::move(values) });
    const int id = add(std::move(o));
    m_ops[static_cast<std::size_t>(id)].name = m_params.back().name;
    return id;
}

int GnnIr::constant(double value, std::vector<std::int64_t> shape)
{
    IrOp o{ .kind = OpKind::Constant, .space = Space::Global, .shape = std::move(shape), .alpha = value };
    for (auto d : o.shape)
        if (d <= 0)
            fail(o, "a constant's sizes must be positive");
    return add(std::move(o));
}

int GnnIr::graphQuery(OpKind query)
{
    IrOp o{ .kind = query, .space = Space::Node, .shape = {} };
    if (query != OpKind::InDegree && query != OpKind::OutDegree)
        fail(o, "not a graph query");
    return add(std::move(o));
}

int GnnIr::unary(UnaryFn fn, int x, double alpha, double beta)
{
    IrOp o{ .kind = OpKind::Unary, .inputs = { x }, .unary = fn, .alpha = alpha, .beta = beta };
    if (x < 0 || x >= size())
        fail(o, "operand does not exist");
    o.space = op(x).space;
    o.shape = op(x).shape;
    if (fn == UnaryFn::Clamp && std::isnan(alpha) && std::isnan(beta))
        fail(o, "clamp needs a minimum or a maximum");
    return add(std::move(o));
}

int GnnIr::binary(BinaryFn fn, int a, int b)
{
    IrOp o{ .kind = OpKind::Binary, .inputs = { a, b }, .binary = fn };
    if (a < 0 || a >= size() || b < 0 || b >= size())
        fail(o, "operand does not exist");
    broadcast(o, op(a).space, op(a).shape, op(b).space, op(b).shape);
    return add(std::move(o));
}

int GnnIr::where(int condition, int a, int b)
{
    IrOp o{ .kind = OpKind::Where, .inputs = { condition, a, b } };
    for (int in : o.inputs)
        if (in < 0 || in >= size())
            fail(o, "operand does not exist");
    broadcast(o, op(a).space, op(a).shape, op(b).space, op(b).shape);
    broadcast(o, op(condition).space, op(condition).shape, o.space, o.shape);
    return add(std::move(o));
}

void GnnIr::broadcast(
    IrOp& o, Space spaceA, std::vector<std::int64_t> sa, Space spaceB, std::vector<std::int64_t> sb) const
{
    const std::string textA = shapeText(spaceA, sa);
    const std::string textB = shapeText(spaceB, sb);
    if ((spaceA == Space::Node && spaceB == Space::Edge) || (spaceA == Space::Edge && spaceB == Space::Node))
        fail(o,
            std::string("cannot combine a per-node value ") + (spaceA == Space::Node ? textA : textB)
                + " with a per-edge value " + (spaceA == Space::Node ? textB : textA)
                + "; gather the node value by source or destination first");
    const bool rowsA = spaceA != Space::Global;
    const bool rowsB = spaceB != Space::Global;
    o.space = rowsA ? spaceA : spaceB;
    // PyTorch aligns shapes from the right; the implicit row dimension sits to the left of the
    // feature shape. Two row-carrying operands must have the same feature rank, otherwise the row
    // dimension of one would align with a feature dimension of the other.
    if (rowsA && rowsB && sa.size() != sb.size())
        fail(o,
            "shapes " + textA + " and " + textB
                + " do not broadcast (the row dimensions do not line up; unsqueeze(-1) the narrower one)");
    auto stripGlobal = [&](std::vector<std::int64_t>& g, const std::vector<std::int64_t>& other, bool otherRows) {
        // A global operand with more dimensions than a row-carrying one lines up with the rows: only 1s may.
        while (otherRows && g.size() > other.size()) {
            if (g.front() != 1)
                fail(o,
                    "shapes " + textA + " and " + textB + " do not broadcast (a global operand would span the rows)");
            g.erase(g.begin());
        }
    };
    if (!rowsA)
        stripGlobal(sa, sb, rowsB);
    if (!rowsB)
        stripGlobal(sb, sa, rowsA);
    const std::size_t rank = std::max(sa.size(), sb.size());
    std::vector<std::int64_t> out(rank, 1);
    for (std::size_t i = 0; i < rank; ++i) {
        const std::int64_t da = i < rank - sa.size() ? 1 : sa[i - (rank - sa.size())];
        const std::int64_t db = i < rank - sb.size() ? 1 : sb[i - (rank - sb.size())];
        if (da != db && da != 1 && db != 1)
            fail(o, "shapes " + textA + " and " + textB + " do not broadcast");
        out[i] = da == 1 ? db : da;
    }
    o.shape = out;
}

int GnnIr::linear(int x, int weight, int bias)
{
    IrOp o{ .kind = OpKind::Linear, .inputs = { x, weight } };
    if (bias >= 0)
        o.inputs.push_back(bias);
    for (int in : o.inputs)
        if (in < 0 || in >= size())
            fail(o, "operand does not exist");
    const IrOp& xi = op(x);
    const IrOp& w = op(weight);
    if (w.space != Space::Global || w.shape.size() != 2)
        fail(o, "the weight must be a global 2-d tensor, not " + shapeText(w.space, w.shape));
    if (xi.shape.empty() || xi.shape.back() != w.shape[1])
        fail(o,
            "input " + shapeText(xi.space, xi.shape) + " does not match a weight of shape "
                + shapeText(Space::Global, w.shape) + " (in = " + std::to_string(w.shape[1]) + ")");
    if (bias >= 0) {
        const IrOp& b = op(bias);
        if (b.space != Space::Global || b.shape != std::vector<std::int64_t>{ w.shape[0] })
            fail(o,
                "bias of shape " + shapeText(b.space, b.shape) + " does not match " + std::to_string(w.shape[0])
                    + " outputs");
    }
    o.space = xi.space;
    o.shape = xi.shape;
    o.shape.back() = w.shape[0];
    return add(std::move(o));
}

int GnnIr::matmul(int x, int weight)
{
    IrOp o{ .kind = OpKind::MatMul, .inputs = { x, weight } };
    if (x < 0 || x >= size() || weight < 0 || weight >= size())
        fail(o, "operand does not exist");
    const IrOp& xi = op(x);
    const IrOp& w = op(weight);
    if (w.space != Space::Global || w.shape.size() != 2)
        fail(o, "the right operand must be a global 2-d tensor (a weight), not " + shapeText(w.space, w.shape));
    if (xi.shape.empty() || xi.shape.back() != w.shape[0])
        fail(o,
            "shapes " + shapeText(xi.space, xi.shape) + " and " + shapeText(w.space, w.shape)
                + " cannot be multiplied");
    o.space = xi.space;
    o.shape = xi.shape;
    o.shape.back() = w.shape[1];
    return add(std::move(o));
}

int GnnIr::concat(const std::vector<int>& xs, int axis)
{
    IrOp o{ .kind = OpKind::Concat, .inputs = xs };
    if (xs.empty())
        fail(o, "concat of nothing");
    for (int in : xs)
        if (in < 0 || in >= size())
            fail(o, "operand does not exist");
    const IrOp& first = op(xs[0]);
    const int rank = static_cast<int>(first.shape.size());
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis >= rank)
        fail(o,
            "axis out of range for " + shapeText(first.space, first.shape)
                + " (concatenating over rows is not a "
                  "per-node operation)");
    o.space = first.space;
    o.shape = first.shape;
    o.shape[static_cast<std::size_t>(axis)] = 0;
    for (int in : xs) {
        const IrOp& v = op(in);
        if (v.space != first.space || v.shape.size() != first.shape.size())
            fail(
                o, "cannot concatenate " + shapeText(first.space, first.shape) + " and " + shapeText(v.space, v.shape));
        for (int d = 0; d < rank; ++d)
            if (d != axis && v.shape[static_cast<std::size_t>(d)] != first.shape[static_cast<std::size_t>(d)])
                fail(o,
                    "cannot concatenate " + shapeText(first.space, first.shape) + " and "
                        + shapeText(v.space, v.shape));
        o.shape[static_cast<std::size_t>(axis)] += v.shape[static_cast<std::size_t>(axis)];
    }
    o.axis = axis;
    return add(std::move(o));
}

int GnnIr::reshape(int x, std::vector<std::int64_t> shape)
{
    IrOp o{ .kind = OpKind::Reshape, .inputs = { x } };
    if (x < 0 || x >= size())
        fail(o, "operand does not exist");
    const IrOp& xi = op(x);
    const std::int64_t n = product(xi.shape);
    int unknown = -1;
    std::int64_t known = 1;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            if (unknown >= 0)
                fail(o, "only one dimension may be -1");
            unknown = static_cast<int>(i);
        } else if (shape[i] <= 0) {
            fail(o, "dimension " + std::to_string(shape[i]) + " is not positive");
        } else {
            known *= shape[i];
        }
    }
    if (unknown >= 0) {
        if (known == 0 || n % known != 0)
            fail(o, "cannot reshape " + shapeText(xi.space, xi.shape) + " to that shape");
        shape[static_cast<std::size_t>(unknown)] = n / known;
    }
    if (product(shape) != n)
        fail(o,
            "cannot reshape " + shapeText(xi.space, xi.shape) + " into " + shapeText(xi.space, shape)
                + " (the number of elements per row differs)");
    o.space = xi.space;
    o.shape = std::move(shape);
    return add(std::move(o));
}

const IrOp& GnnIr::axisOperand(IrOp& o, int x, int axis, const char* rows) const
{
    if (x < 0 || x >= size())
        fail(o, "operand does not exist");
    const IrOp& xi = op(x);
    const int rank = static_cast<int>(xi.shape.size());
    if (axis < 0)
        axis += rank;
    if (axis < 0 || axis >= rank)
        fail(o,
            "axis out of range for " + shapeText(xi.space, xi.shape) + (*rows ? " (" + std::string(rows) + ")" : ""));
    o.axis = axis;
    o.space = xi.space;
    o.shape = xi.shape;
    return xi;
}

int GnnIr::slice(int x, int axis, std::int64_t start, std::int64_t count, std::int64_t step)
{
    IrOp o{ .kind = OpKind::Slice, .inputs = { x }, .start = start, .step = step };
    const IrOp& xi = axisOperand(o, x, axis, "");
    axis = o.axis;
    const std::int64_t size = xi.shape[static_cast<std::size_t>(axis)];
    if (step <= 0)
        fail(o, "a slice step must be positive");
    if (count == -1 && step == 1 && start >= 0 && start <= size)
        count = size - start;
    // The last entry read, start + (count - 1) * step, must lie on the axis (no overflow: each term is
    // checked against the axis size first).
    if (start < 0 || start >= size || count <= 0 || count > size || (count - 1) > (size - 1 - start) / step)
        fail(o,
            "entries " + std::to_string(start) + ", +" + std::to_string(step) + " (" + std::to_string(count)
                + " of them) do not lie on axis " + std::to_string(axis) + " of " + shapeText(xi.space, xi.shape)
                + " (an empty slice is not supported)");
    o.shape[static_cast<std::size_t>(axis)] = count;
    return add(std::move(o));
}

int GnnIr::reduce(Reduction r, int x, int axis, bool keepDim)
{
    IrOp o{ .kind = OpKind::Reduce, .inputs = { x }, .reduction = r, .keepDim = keepDim };
    axisOperand(o, x, axis, "reducing over rows is not a per-node operation");
    axis = o.axis;
    if (keepDim)
        o.shape[static_cast<std::size_t>(axis)] = 1;
    else
        o.shape.erase(o.shape.begin() + axis);
    return add(std::move(o));
}

int GnnIr::softmax(int x, int axis, bool log)
{
    IrOp o{ .kind = OpKind::Softmax, .inputs = { x }, .logSoftmax = log };
    axisOperand(o, x, axis, "a softmax over rows is not per-node; for a softmax over incoming edges use edge softmax");
    return add(std::move(o));
}

int GnnIr::gatherSrc(int x)
{
    return gather(OpKind::GatherSrc, x, "source");
}

int GnnIr::gatherDst(int x)
{
    return gather(OpKind::GatherDst, x, "destination");
}

int GnnIr::gather(OpKind kind, int x, const char* endpoint)
{
    IrOp o{ .kind = kind, .inputs = { x } };
    if (x < 0 || x >= size())
        fail(o, "operand does not exist");
    if (op(x).space != Space::Node)
        fail(o,
            std::string("only per-node values can be gathered by edge ") + endpoint + ", not a "
                + std::string(enumName(op(x).space)) + " value");
    o.space = Space::Edge;
    o.shape = op(x).shape;
    return add(std::move(o));
}

int GnnIr::edgeSoftmax(int x)
{
    IrOp o{ .kind = OpKind::EdgeSoftmax, .inputs = { x } };
    if (x < 0 || x >= size())
        fail(o, "operand does not exist");
    if (op(x).space != Space::Edge)
        fail(o,
            std::string("edge softmax needs a per-edge value, not a ") + std::string(enumName(op(x).space)) + " value");
    o.space = Space::Edge;
    o.shape = op(x).shape;
    return add(std::move(o));
}

int GnnIr::aggregate(Reduction r, int edges)
{
    IrOp o{ .kind = OpKind::Aggregate, .inputs = { edges }, .reduction = r };
    if (edges < 0 || edges >= size())
        fail(o, "operand does not exist");
    if (op(edges).space != Space::Edge)
        fail(o,
            std::string("aggregation needs a per-edge value (messages), not a ")
                + std::string(enumName(op(edges).space)) + " value");
    o.space = Space::Node;
    o.shape = op(edges).shape;
    return add(std::move(o));
}

void GnnIr::setOutput(int value)
{
    const IrOp& o = op(value);
    if (o.space != Space::Node)
        throw Error::invalidInput(
            std::string("the model must return a per-node value, not a ") + std::string(enumName(o.space)) + " value")
            .inOp(o.name.empty() ? std::string(enumName(o.kind)) : o.name);
    if (o.kind == OpKind::Input)
        throw Error::invalidInput("the model returns its input unchanged");
    m_output = value;
}

std::vector<std::vector<int>> GnnIr::consumers() const
{
    std::vector<std::vector<int>> c(m_ops.size());
    for (int i = 0; i < size(); ++i)
        for (int in : m_ops[static_cast<std::size_t>(i)].inputs)
            c[static_cast<std::size_t>(in)].push_back(i);
    return c;
}

std::vector<char> GnnIr::live() const
{
    std::vector<char> l(m_ops.size(), 0);
    if (m_output < 0)
        return l;
    l[static_cast<std::size_t>(m_output)] = 1;
    for (int i = m_output; i >= 0; --i)
        if (l[static_cast<std::size_t>(i)])
            for (int in : m_ops[static_cast<std::size_t>(i)].inputs)
                l[static_cast<std::size_t>(in)] = 1;
    return l;
}

std::string GnnIr::label(int value) const
{
    const IrOp& o = op(value);
    switch (o.kind) {
    case OpKind::Input:
        return "input " + o.name + " " + shapeText(o.space, o.shape);
    case OpKind::Parameter:
        return o.name + " " + shapeText(o.space, o.shape);
    case OpKind::Constant: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", o.alpha);
        return buf;
    }
    case OpKind::InDegree:
        return "in-degree";
    case OpKind::OutDegree:
        return "out-degree";
    case OpKind::Linear:
    case OpKind::MatMul: {
        const IrOp& w = op(o.inputs[1]);
        const auto in = o.kind == OpKind::Linear ? w.shape[1] : w.shape[0];
        const auto out = o.kind == OpKind::Linear ? w.shape[0] : w.shape[1];
        return std::string(enumName(o.kind)) + " " + std::to_string(in) + "→" + std::to_string(out);
    }
    case OpKind::Unary:
        return std::string(enumName(o.unary));
    case OpKind::Binary:
        return std::string(enumName(o.binary));
    case OpKind::Reduce:
        return std::string(enumName(o.reduction)) + " over axis " + std::to_string(o.axis);
    case OpKind::Softmax:
        return o.logSoftmax ? "log_softmax" : "softmax";
    case OpKind::GatherSrc:
        return "gather src";
    case OpKind::GatherDst:
        return "gather dst";
    case OpKind::EdgeSoftmax:
        return "edge softmax";
    case OpKind::Aggregate:
        return "aggregate " + std::string(enumName(o.reduction));
    case OpKind::Concat:
        return "concat";
    case OpKind::Reshape:
        return "reshape " + shapeText(o.space, o.shape);
    case OpKind::Where:
        return "where";
    case OpKind::Slice: {
        const auto end = o.start + (o.shape[static_cast<std::size_t>(o.axis)] - 1) * o.step + 1;
        return "slice " + std::to_string(o.start) + ":" + std::to_string(end)
            + (o.step != 1 ? ":" + std::to_string(o.step) : "") + " of axis " + std::to_string(o.axis);
    }
    }
    return std::string(enumName(o.kind));
}

Json toJson(const GnnIr& ir)
{
    Json ops = Json::array();
    for (int i = 0; i < ir.size(); ++i) {
        const IrOp& o = ir.op(i);
        Json j = { { "id", i }, { "kind", enumName(o.kind) }, { "label", ir.label(i) }, { "space", enumName(o.space) },
            { "shape", o.shape }, { "inputs", o.inputs } };
        if (!o.name.empty())
            j["name"] = o.name;
        if (!o.location.empty())
            j["location"] = o.location;
        ops.push_back(std::move(j));
    }
    return { { "model", ir.modelName }, { "hyper_parameters", ir.hyperParameters }, { "input", ir.inputValue() },
        { "output", ir.output() }, { "parameters", ir.parameterCount() }, { "ops", ops } };
}

} // namespace vantage::dgi
