#pragma once
// Private to the torch.export reader: the archive (export_archive.cpp), the context and the walk
// over the program's nodes (export_import.cpp), and the op handlers registered in its op table
// (export_ops.cpp, export_messages.cpp).

#include "dgi/export_import.h"
#include "dgi/op_table.h"

#include "common/error.h"
#include "common/json.h"

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace vantage::dgi::detail::pt2 {

// The program, its weights and who wrote it, read from the archive and checked.
struct Tensor {
    std::vector<std::int64_t> shape;
    std::vector<float> values; // row-major, whatever the archive's dtype and strides
};
struct Program {
    Json graph; // graph_module.graph
    Json signature; // graph_module.signature
    std::string torchVersion; // "2.15.0+cu132"
    std::string schema; // "8.20"
    std::unordered_map<std::string, Tensor> tensors; // parameters, buffers, constants by their names
};

Program readProgram(const ReadAt& read, std::uint64_t size, const std::string& source);

// How the edges are used: as given, with self-loops removed (edge_index[:, src != dst]), or with
// them replaced by one per node (PyG's remove_self_loops + add_self_loops).
enum class EdgeSet {
    AsGiven,
    NoLoops,
    OneLoopPerNode
};

enum class K {
    Unknown,
    Value, // an IR value
    EdgeIndex, // a [2, E] edge index of `set`
    Index, // a row of an edge index: the source (dst false) or destination of each edge of `set`
    SelfLoopMask, // edge_index[0] != edge_index[1]
    Arange, // torch.arange(num_nodes), possibly viewed as [1, N] (`rows` 1) or repeated to [2, N] (`rows` 2)
    Count, // the number of rows of `space` (nodes, or edges of `set`)
    Filled, // a tensor of `space` rows (Global: none) and feature `shape`, every element `fill`
    Int,
    Float,
    Bool,
    Str,
    None,
    List,
    Other, // devices, dtypes, layouts: accepted as arguments, meaningless otherwise
};

struct Sym {
    K k = K::Unknown;
    int ir = -1;
    EdgeSet set = EdgeSet::AsGiven;
    bool dst = false;
    int rows = 0;
    Space space = Space::Node;
    std::vector<std::int64_t> shape;
    double fill = 0.0;
    std::int64_t i = 0;
    double f = 0.0;
    bool b = false;
    std::string s;
    std::vector<Sym> list;
};

inline Sym irSym(int id)
{
    Sym s;
    s.k = K::Value;
    s.ir = id;
    return s;
}
inline Sym intSym(std::int64_t v)
{
    Sym s;
    s.k = K::Int;
    s.i = v;
    return s;
}

// One node of the program: its op, named arguments (JSON "arg" objects) and outputs.
struct Node {
    std::string target; // "torch.ops.aten.scatter_add_.default"
    std::string op; // canonical: "aten::scatter_add"
    bool inPlace = false;
    std::vector<std::pair<std::string, const Json*>> args;
    std::vector<std::string> outputs;
    std::string location; // "gcn_conv.py:241", from the node's stack trace
};

class Context;
using ExportOpTable = OpTable<Context, Node>;
const ExportOpTable& exportOpTable();
void addTensorOps(ExportOpTable& table); // export_ops.cpp
void addMessageOps(ExportOpTable& table); // export_messages.cpp

class Context {
public:
    Context(const Program& program, std::string source);

    GnnIr ir;
    const Program& program;
    EdgeSet edges = EdgeSet::AsGiven; // the edges messages run over, once `edgesChosen`
    bool edgesChosen = false;

    void map(const Node& n);
    [[noreturn]] void refuse(const Node& n, const std::string& why) const;

    // The argument `name`, or std::nullopt when the program leaves it to its default.
    std::optional<Sym> arg(const Node& n, const std::string& name);
    Sym need(const Node& n, const std::string& name); // refused when absent
    void setOut(const Node& n, Sym s, std::size_t i = 0);
    void bind(const std::string& value, Sym s) { m_syms[value] = std::move(s); }

    int value(const Node& n, const Sym& s, const char* what = "operand");
    std::int64_t integer(const Node& n, const Sym& s, const char* what);
    double number(const Node& n, const Sym& s, const char* what);
    const IrOp& op(const Sym& s) const { return ir.op(s.ir); }
    // A full-tensor dim of a value -> its feature axis (dim 0 of a node or edge value is the rows).
    int featureAxis(const Node& n, int value, std::int64_t dim, bool insert = false);
    // Messages run over `set`: the first use fixes it; another later is refused.
    void useEdges(const Node& n, EdgeSet set);
    // A parameter, buffer or constant of the program as an IR parameter, once per name.
    int parameter(const std::string& name, const std::string& tensor);

    std::string writer() const; // "PyTorch 2.15.0+cu132, schema 8.20"

private:
    Sym decode(const Node& n, const Json& arg);

    std::string m_source;
    const ExportOpTable& m_ops;
    std::unordered_map<std::string, Sym> m_syms;
    std::unordered_map<std::string, int> m_params;
    std::string m_location; // of the node being mapped
};

// Value helpers the handlers share.
int filledValue(Context& c, Space space, const std::vector<std::int64_t>& shape, double fill);
// `shape` when each size is at most 2^31 (or -1) and its elements are too; else refused.
std::vector<std::int64_t> checkedShape(Context& c, const Node& n, std::vector<std::int64_t> shape);
// The feature shape `size` (a list whose first entry is the rows: -1 or a Count) gives, with -1 resolved
// against `elements` (-1: none allowed).
std::vector<std::int64_t> featureShape(
    Context& c, const Node& n, const Sym& size, Space& space, EdgeSet& set, std::int64_t elements = -1);

} // namespace vantage::dgi::detail::pt2
