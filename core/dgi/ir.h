#pragma once
// The GNN IR: a small typed graph of ops (SSA, one value per op, ids in topological order) that the
// C++ model API (model.h) and the TorchScript importer (torchscript_import.h) both produce, the
// partitioner cuts into layers and the executor runs. Every value knows its space (per node, per
// edge, global) and its feature shape; the row dimension of node and edge values is implicit (the
// number of nodes or edges of whatever graph or batch it runs on).

#include "common/enum_names.h"
#include "common/json.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vantage::dgi {

enum class Space {
    Node, // one row per node; the partition refines it into source side and destination side
    Edge, // one row per edge (exists only inside a layer)
    Global, // parameters and constants
};

enum class OpKind {
    Input, // the node features x
    Parameter, // a learned tensor
    Constant, // a scalar
    InDegree, // graph query: in-degree of each node in the whole graph
    OutDegree, // graph query: out-degree of each node in the whole graph
    Linear, // x W^T + b (W: [out, in])
    MatMul, // x W (W: [in, out])
    Unary, // element-wise function
    Binary, // element-wise with broadcasting (PyTorch rules)
    Concat, // along a feature axis
    Reshape, // a new feature shape with the same number of elements
    Reduce, // sum / mean / max over a feature axis
    Softmax, // softmax or log-softmax over a feature axis
    GatherSrc, // node -> edge: the value of each edge's source
    GatherDst, // node -> edge: the value of each edge's destination
    EdgeSoftmax, // edge -> edge: softmax over the incoming edges of each destination
    Aggregate, // edge -> node: sum / mean / max of the incoming edges of each destination
    Where, // element-wise choice with broadcasting: inputs (condition, a, b), a where condition != 0
    Slice, // a range of one feature axis: `count` entries from `start`, every `step` (x[:, a:b], split, chunk)
};

enum class UnaryFn {
    Identity,
    Dropout,
    Neg,
    Relu,
    LeakyRelu,
    Elu,
    Sigmoid,
    Tanh,
    Exp,
    Log,
    Sqrt,
    Rsqrt,
    Abs,
    Reciprocal,
    Pow,
    Clamp
};
enum class BinaryFn {
    Add,
    Sub,
    Mul,
    Div,
    Maximum,
    Minimum,
    // Comparisons: 1 where true, 0 where false (PyTorch's bool masks, as numbers of the value's type)
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge
};
enum class Reduction {
    Sum,
    Mean,
    Max
};

// The names of the IR's enums, as the model reader's wire (ir_wire.h), the cut's JSON and errors write them.
inline constexpr EnumTable<OpKind, 19> kOpKinds{ .field = "kind",
    .entries = { { { OpKind::Input, "input" }, { OpKind::Parameter, "parameter" }, { OpKind::Constant, "constant" },
        { OpKind::InDegree, "in_degree" }, { OpKind::OutDegree, "out_degree" }, { OpKind::Linear, "linear" },
        { OpKind::MatMul, "matmul" }, { OpKind::Unary, "unary" }, { OpKind::Binary, "binary" },
        { OpKind::Concat, "concat" }, { OpKind::Reshape, "reshape" }, { OpKind::Reduce, "reduce" },
        { OpKind::Softmax, "softmax" }, { OpKind::GatherSrc, "gather_src" }, { OpKind::GatherDst, "gather_dst" },
        { OpKind::EdgeSoftmax, "edge_softmax" }, { OpKind::Aggregate, "aggregate" }, { OpKind::Where, "where" },
        { OpKind::Slice, "slice" } } },
    .what = "op kind" };
constexpr const auto& enumTable(OpKind)
{
    return kOpKinds;
}
inline constexpr EnumTable<Space, 3> kSpaces{ .field = "space",
    .entries = { { { Space::Node, "node" }, { Space::Edge, "edge" }, { Space::Global, "global" } } },
    .what = "space" };
constexpr const auto& enumTable(Space)
{
    return kSpaces;
}
inline constexpr EnumTable<UnaryFn, 16> kUnaryFns{ .field = "unary",
    .entries = { { { UnaryFn::Identity, "identity" }, { UnaryFn::Dropout, "dropout" }, { UnaryFn::Neg, "neg" },
        { UnaryFn::Relu, "relu" }, { UnaryFn::LeakyRelu, "leaky_relu" }, { UnaryFn::Elu, "elu" },
        { UnaryFn::Sigmoid, "sigmoid" }, { UnaryFn::Tanh, "tanh" }, { UnaryFn::Exp, "exp" }, { UnaryFn::Log, "log" },
        { UnaryFn::Sqrt, "sqrt" }, { UnaryFn::Rsqrt, "rsqrt" }, { UnaryFn::Abs, "abs" },
        { UnaryFn::Reciprocal, "reciprocal" }, { UnaryFn::Pow, "pow" }, { UnaryFn::Clamp, "clamp" } } },
    .what = "unary function" };
constexpr const auto& enumTable(UnaryFn)
{
    return kUnaryFns;
}
inline constexpr EnumTable<BinaryFn, 12> kBinaryFns{ .field = "binary",
    .entries = { { { BinaryFn::Add, "add" }, { BinaryFn::Sub, "sub" }, { BinaryFn::Mul, "mul" },
        { BinaryFn::Div, "div" }, { BinaryFn::Maximum, "maximum" }, { BinaryFn::Minimum, "minimum" },
        { BinaryFn::Eq, "eq" }, { BinaryFn::Ne, "ne" }, { BinaryFn::Lt, "lt" }, { BinaryFn::Le, "le" },
        { BinaryFn::Gt, "gt" }, { BinaryFn::Ge, "ge" } } },
    .what = "binary function" };
constexpr const auto& enumTable(BinaryFn)
{
    return kBinaryFns;
}
inline constexpr EnumTable<Reduction, 3> kReductions{ .field = "reduction",
    .entries = { { { Reduction::Sum, "sum" }, { Reduction::Mean, "mean" }, { Reduction::Max, "max" } } },
    .what = "reduction" };
constexpr const auto& enumTable(Reduction)
{
    return kReductions;
}

struct IrOp {
    OpKind kind = OpKind::Input;
    std::vector<int> inputs;
    Space space = Space::Global;
    std::vector<std::int64_t> shape; // feature shape (per row for node and edge values)
    std::string name; // "conv1.linear"; shown in the drawing and in errors
    std::string location; // where it came from, for imported models: "model.py:27"
    UnaryFn unary = UnaryFn::Identity;
    BinaryFn binary = BinaryFn::Add;
    Reduction reduction = Reduction::Sum;
    // Unary: LeakyRelu slope, Elu alpha, Pow exponent, Clamp min (alpha) and max (beta) with NaN for
    // "none", Dropout p. Constant: the value.
    double alpha = 0.0;
    double beta = 0.0;
    int axis = 0; // feature axis, >= 0 (Concat, Reduce, Softmax)
    bool keepDim = false; // Reduce
    bool logSoftmax = false; // Softmax
    int param = -1; // Parameter: index into GnnIr::parameters()
    std::int64_t start = 0; // Slice: first entry on `axis`, then every `step`
    std::int64_t step = 1;
};

struct IrParameter {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values; // row-major
};

class GnnIr {
public:
    // Builders: each checks its operands (spaces, shapes, broadcasting) and throws
    // Error::invalidInput naming the op and its location when they do not fit. Feature axes may be
    // negative (from the end).
    int input(std::int64_t width, std::string name = "x");
    int parameter(std::string name, std::vector<std::int64_t> shape, std::vector<float> values);
    int constant(double value, std::vector<std::int64_t> shape = {}); // every element `value`
    int graphQuery(OpKind query); // InDegree or OutDegree
    int unary(UnaryFn fn, int x, double alpha = 0.0, double beta = 0.0);
    int binary(BinaryFn fn, int a, int b);
    int linear(int x, int weight, int bias = -1);
    int matmul(int x, int weight);
    int concat(const std::vector<int>& xs, int axis);
    int reshape(int x, std::vector<std::int64_t> shape);
    int reduce(Reduction r, int x, int axis, bool keepDim = false);
    int softmax(int x, int axis, bool log = false);
    int gatherSrc(int x);
    int gatherDst(int x);
    int edgeSoftmax(int x);
    int aggregate(Reduction r, int edges);
    int where(int condition, int a, int b);
    // Entries start, start + step, ... of a feature axis, `count` of them (count = shape[axis] when -1 and
    // step 1 reaches the end): x[:, start:start + count * step:step].
    int slice(int x, int axis, std::int64_t start, std::int64_t count, std::int64_t step = 1);
    void setOutput(int value);

    // Name and source location given to the ops added next (the tracer and the importer set them).
    void setScope(std::string name, std::string location = {});

    const std::vector<IrOp>& ops() const { return m_ops; }
    const IrOp& op(int id) const;
    int size() const { return static_cast<int>(m_ops.size()); }
    int inputValue() const { return m_input; }
    int output() const { return m_output; }
    const std::vector<IrParameter>& parameters() const { return m_params; }
    std::int64_t parameterCount() const; // scalars
    std::int64_t width(int value) const; // product of the feature shape

    std::vector<std::vector<int>> consumers() const;
    std::vector<char> live() const; // ops the output depends on
    // A short label: "linear 64→16", "aggregate sum", "gather src".
    std::string label(int value) const;

    std::string modelName; // "gcn", "model.pt"
    Json hyperParameters = Json::object(); // what built it (layers, hidden, heads, ...)

private:
    int add(IrOp op);
    // Space and feature shape of `a` and `b` broadcast together (PyTorch's rules, rows implicit).
    void broadcast(IrOp& o, Space sa, std::vector<std::int64_t> a, Space sb, std::vector<std::int64_t> b) const;
    // The operand `x` of an op over one of its feature axes: checks both, and gives `o` the normalised
    // axis and x's space and shape. `rows` follows the range error ("reducing over rows is ...").
    const IrOp& axisOperand(IrOp& o, int x, int axis, const char* rows) const;
    // An edge value read from the node value `x` at each edge's source or destination.
    int gather(OpKind kind, int x, const char* endpoint);
    [[noreturn]] void fail(const IrOp& op, const std::string& why) const;

    std::vector<IrOp> m_ops;
    std::vector<IrParameter> m_params;
    int m_input = -1;
    int m_output = -1;
    std::string m_scopeName;
    std::string m_scopeLocation;
};

Json toJson(const GnnIr& ir);

} // namespace vantage::dgi
