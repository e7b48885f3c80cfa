// The IR as the sandboxed model reader hands it back (ir.h, irToWire): the parent trusts none of it
// and builds its own IR op by op through the checking builders, so a reader that was subverted by
// the file it read can at worst describe a wrong model, never reach past a buffer.

#include "dgi/ir_wire.h"
#include "dgi/ir_wire_p.h"

#include "common/error.h"

#include <bit>
#include <cstring>
#include <limits>

namespace vantage::dgi {

namespace {

constexpr std::string_view kMagic = "VIR1";
constexpr std::size_t kMaxOps = 1'000'000;
constexpr std::size_t kMaxRank = 8;

// The value named under `key` (its enum's table, common/enum_names.h); a name is never longer than
// 40 characters, and an error quotes no more of what a subverted reader sent.
template <typename E> E nameAt(const Json& j, const char* key)
{
    const std::string text = j.at(key).get<std::string>();
    return enumFromName<E>(std::string_view(text).substr(0, 40));
}

std::uint64_t bitsOf(double v)
{
    return std::bit_cast<std::uint64_t>(v);
}
double doubleOf(const Json& j)
{
    return std::bit_cast<double>(j.get<std::uint64_t>());
}

std::vector<std::int64_t> shapeOf(const Json& j)
{
    auto shape = j.get<std::vector<std::int64_t>>();
    if (shape.size() > kMaxRank)
        throw Error::invalidInput("a shape of rank " + std::to_string(shape.size()));
    return shape;
}

// Elements of `shape`, refusing negative sizes and more than `limit`.
std::uint64_t elementsOf(const std::vector<std::int64_t>& shape, std::uint64_t limit)
{
    std::uint64_t n = 1;
    for (std::int64_t d : shape) {
        if (d < 0 || (d > 0 && n > limit / static_cast<std::uint64_t>(d)))
            throw Error::invalidInput("a parameter's shape holds more values than were sent");
        n *= static_cast<std::uint64_t>(d);
    }
    return n;
}

} // namespace

namespace detail {

int Rebuild::in(const Json& op, std::size_t i, int self) const
{
    const auto& inputs = op.at("inputs");
    if (i >= inputs.size())
        throw Error::invalidInput("op " + std::to_string(self) + " lacks operand " + std::to_string(i));
    const int v = inputs[i].get<int>();
    if (v < 0 || v >= self)
        throw Error::invalidInput(
            "op " + std::to_string(self) + " reads op " + std::to_string(v) + ", which does not come before it");
    return v;
}

int Rebuild::parameter(const Json& op)
{
    const int p = op.at("param").get<int>();
    if (p < 0 || static_cast<std::size_t>(p) >= params.size())
        throw Error::invalidInput(
            "a parameter op names parameter " + std::to_string(p) + " of " + std::to_string(params.size()));
    const Json& meta = params[static_cast<std::size_t>(p)];
    auto shape = shapeOf(meta.at("shape"));
    const std::uint64_t n = elementsOf(shape, values.size() / sizeof(float));
    const std::size_t at = paramStart[static_cast<std::size_t>(p)];
    std::vector<float> v(n);
    if (n > 0)
        std::memcpy(v.data(), values.data() + at, n * sizeof(float));
    return ir.parameter(meta.at("name").get<std::string>(), std::move(shape), std::move(v));
}

int Rebuild::op(const Json& o, int self)
{
    const auto kind = nameAt<OpKind>(o, "kind");
    ir.setScope(o.value("name", ""), o.value("location", ""));
    const auto shape = shapeOf(o.at("shape"));
    const int axis = o.value("axis", 0);
    auto unaryFn = [&] { return nameAt<UnaryFn>(o, "unary"); };
    auto binaryFn = [&] { return nameAt<BinaryFn>(o, "binary"); };
    auto reduction = [&] { return nameAt<Reduction>(o, "reduction"); };
    const std::size_t inputs = o.at("inputs").size();
    switch (kind) {
    case OpKind::Input:
        if (shape.size() != 1)
            throw Error::invalidInput("the input's shape is not [width]");
        return ir.input(shape[0], o.value("name", "x"));
    case OpKind::Parameter:
        return parameter(o);
    case OpKind::Constant:
        return ir.constant(doubleOf(o.at("alpha")), shape);
    case OpKind::InDegree:
    case OpKind::OutDegree:
        return ir.graphQuery(kind);
    case OpKind::Linear:
        return ir.linear(in(o, 0, self), in(o, 1, self), inputs > 2 ? in(o, 2, self) : -1);
    case OpKind::MatMul:
        return ir.matmul(in(o, 0, self), in(o, 1, self));
    case OpKind::Unary:
        return ir.unary(unaryFn(), in(o, 0, self), doubleOf(o.at("alpha")), doubleOf(o.at("beta")));
    case OpKind::Binary:
        return ir.binary(binaryFn(), in(o, 0, self), in(o, 1, self));
    case OpKind::Concat: {
        std::vector<int> xs;
        for (std::size_t i = 0; i < inputs; ++i)
            xs.push_back(in(o, i, self));
        return ir.concat(xs, axis);
    }
    case OpKind::Reshape:
        return ir.reshape(in(o, 0, self), shape);
    case OpKind::Reduce:
        return ir.reduce(reduction(), in(o, 0, self), axis, o.value("keep_dim", false));
    case OpKind::Softmax:
        return ir.softmax(in(o, 0, self), axis, o.value("log_softmax", false));
    case OpKind::GatherSrc:
        return ir.gatherSrc(in(o, 0, self));
    case OpKind::GatherDst:
        return ir.gatherDst(in(o, 0, self));
    case OpKind::EdgeSoftmax:
        return ir.edgeSoftmax(in(o, 0, self));
    case OpKind::Aggregate:
        return ir.aggregate(reduction(), in(o, 0, self));
    case OpKind::Where:
        return ir.where(in(o, 0, self), in(o, 1, self), in(o, 2, self));
    case OpKind::Slice:
        if (axis < 0 || static_cast<std::size_t>(axis) >= shape.size())
            throw Error::invalidInput("a slice's axis is not an axis of its shape");
        return ir.slice(in(o, 0, self), axis, o.value("start", std::int64_t{ 0 }),
            shape[static_cast<std::size_t>(axis)], o.value("step", std::int64_t{ 1 }));
    }
    throw Error::invalidInput("unknown op kind");
}

} // namespace detail

std::string irToWire(const GnnIr& ir)
{
    Json params = Json::array();
    std::string values;
    for (const IrParameter& p : ir.parameters()) {
        params.push_back({ { "name", p.name }, { "shape", p.shape } });
        values.append(reinterpret_cast<const char*>(p.values.data()), p.values.size() * sizeof(float));
    }
    Json ops = Json::array();
    for (const IrOp& o : ir.ops()) {
        Json j = { { "kind", enumName(o.kind) }, { "inputs", o.inputs }, { "shape", o.shape }, { "name", o.name },
            { "location", o.location }, { "alpha", bitsOf(o.alpha) }, { "beta", bitsOf(o.beta) }, { "axis", o.axis },
            { "keep_dim", o.keepDim }, { "log_softmax", o.logSoftmax }, { "param", o.param }, { "start", o.start },
            { "step", o.step }, { "unary", enumName(o.unary) }, { "binary", enumName(o.binary) },
            { "reduction", enumName(o.reduction) } };
        ops.push_back(std::move(j));
    }
    const Json head = { { "model", ir.modelName }, { "hyper_parameters", ir.hyperParameters },
        { "output", ir.output() }, { "parameters", params }, { "ops", ops } };
    const std::string text = head.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::string out(kMagic);
    const std::uint64_t n = text.size();
    out.append(reinterpret_cast<const char*>(&n), sizeof n);
    out += text;
    out += values;
    return out;
}

GnnIr irFromWire(std::string_view bytes, const std::string& source)
{
    try {
        if (bytes.size() < kMagic.size() + 8 || bytes.substr(0, kMagic.size()) != kMagic)
            throw Error::invalidInput("not an IR answer");
        std::uint64_t n = 0;
        std::memcpy(&n, bytes.data() + kMagic.size(), sizeof n);
        const std::size_t headAt = kMagic.size() + sizeof n;
        if (n > bytes.size() - headAt)
            throw Error::invalidInput("the answer is cut short");
        const Json head = parseJson(bytes.substr(headAt, n), source, { .maxDepth = 64 });
        const Json& ops = head.at("ops");
        const Json& params = head.at("parameters");
        if (!ops.is_array() || !params.is_array() || ops.size() > kMaxOps || params.size() > ops.size())
            throw Error::invalidInput("the op and parameter lists are malformed");
        detail::Rebuild r{ .ops = ops, .params = params, .values = bytes.substr(headAt + n) };
        // Each parameter's place in the values, checked to fit before any is read.
        std::uint64_t at = 0;
        for (const Json& p : params) {
            r.paramStart.push_back(at);
            const std::uint64_t count = elementsOf(shapeOf(p.at("shape")), r.values.size() / sizeof(float));
            at += count * sizeof(float);
            if (at > r.values.size())
                throw Error::invalidInput("the parameters' values are cut short");
        }
        if (at != r.values.size())
            throw Error::invalidInput("the answer has bytes after the parameters' values");
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const int id = r.op(ops[i], static_cast<int>(i));
            const IrOp& built = r.ir.op(id);
            if (id != static_cast<int>(i) || built.shape != shapeOf(ops[i].at("shape")))
                throw Error::invalidInput("op " + std::to_string(i) + " (" + std::string(enumName(built.kind))
                    + ") does not have the shape the reader stated");
        }
        if (r.ir.inputValue() < 0)
            throw Error::invalidInput("the model has no input op");
        const int output = head.at("output").get<int>();
        if (output < 0 || static_cast<std::size_t>(output) >= ops.size())
            throw Error::invalidInput("the output is not one of the ops");
        r.ir.setOutput(output);
        r.ir.modelName = head.value("model", "");
        r.ir.hyperParameters = head.value("hyper_parameters", Json::object());
        return std::move(r.ir);
    } catch (const Json::exception& e) {
        throw Error::invalidInput(std::string("the model reader's answer is malformed: ") + e.what()).inFile(source);
    } catch (Error& e) {
        if (!e.file())
            e.inFile(source);
        throw;
    }
}

} // namespace vantage::dgi
