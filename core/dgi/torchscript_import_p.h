#pragma once
// Private to the TorchScript import: torchscript_import.cpp (loading, freezing, the context and the
// walk over the graph, what each value means) and the op handlers, free functions over the context
// registered in the op table (torchscript_ops.cpp, torchscript_masks.cpp, torchscript_layers.cpp).

#include "dgi/torchscript_import.h"

#include "dgi/model_file.h"
#include "dgi/op_table.h"

#include "common/error.h"
#include "common/messages.h"
#include "common/torch_checks.h"

#include <torch/csrc/jit/passes/constant_propagation.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/script.h>
#include <torch/version.h>

#include <cmath>
#include <optional>
#include <set>
#include <unordered_map>

namespace vantage::dgi::detail {

namespace jit = torch::jit;

enum class K {
    Unknown,
    Value, // an IR value
    EdgeIndex, // the [2, E] input
    Index, // edge_index[0] (source) or [1] (destination), possibly unsqueezed or expanded
    Zeros, // torch.zeros(n, ...) or torch.full(n, ..., c) before it is aggregated into (c in f)
    Ones, // torch.ones(E, ...) (counting edges: degrees)
    NumNodes, // x.size(0)
    NumEdges, // edge_index.size(1)
    Int,
    Float,
    Bool,
    None,
    Str,
    List,
    Other, // devices, dtypes, layouts: accepted as arguments, meaningless otherwise
};

struct Sym {
    K k = K::Unknown;
    int ir = -1;
    bool dst = false; // Index: destination row
    Space space = Space::Node; // Zeros / Ones
    std::vector<std::int64_t> shape; // Zeros / Ones: feature shape
    std::int64_t i = 0;
    double f = 0.0;
    bool b = false;
    std::string s;
    std::vector<Sym> list;
};

inline bool isTorchLibraryFile(const std::string& file)
{
    return file.find("/torch/") != std::string::npos || file.find("code/__torch__") != std::string::npos;
}

inline std::optional<std::pair<std::string, std::int64_t>> fileLine(const jit::SourceRange& range)
{
    jit::SourceRange r = range;
    if (auto gen = range.findSourceRangeThatGenerated())
        r = *gen;
    auto flc = r.file_line_col();
    if (!flc)
        return std::nullopt;
    return std::make_pair(std::get<0>(*flc), static_cast<std::int64_t>(std::get<1>(*flc)));
}

// A node's own file and line when it is the user's code, else the innermost call site in user code
// (ops inside torch's library, F.linear), else its own range.
inline std::optional<std::pair<std::string, std::int64_t>> nodeLocation(const jit::Node* n)
{
    auto own = fileLine(n->sourceRange());
    if (own && !isTorchLibraryFile(own->first))
        return own;
    if (auto cs = n->callstack()) {
        const auto frames = (*cs)->vec();
        for (auto it = frames.rbegin(); it != frames.rend(); ++it)
            if (auto fl = fileLine(std::get<1>(*it)); fl && !isTorchLibraryFile(fl->first))
                return fl;
    }
    return own;
}

// The user's file and line for a node. Some nodes carry no range (properties such as x.is_cuda
// inlined from a library): then the nearest earlier node of the same block that has one, so a
// refusal still points near its line.
inline std::pair<std::string, std::int64_t> userLocation(const jit::Node* n)
{
    if (auto fl = nodeLocation(n))
        return *fl;
    int hops = 0;
    for (const jit::Node* p = n->prev(); p && p->kind() != c10::prim::Param && hops < 16; p = p->prev(), ++hops)
        if (auto fl = nodeLocation(p))
            return *fl;
    return { "", 0 };
}

inline std::string moduleScope(const jit::Node* n)
{
    std::string name;
    if (auto cs = n->callstack())
        for (const auto& frame : (*cs)->vec())
            // "SELF" is TorchScript's name for a method called on the module itself (PyG's propagate,
            // message, aggregate): it adds no module to the path.
            if (const auto& info = std::get<2>(frame);
                info && !info->instance_name().empty() && info->instance_name() != "SELF") {
                if (!name.empty())
                    name += ".";
                name += info->instance_name();
            }
    return name;
}

inline bool isNumber(const Sym& s)
{
    return s.k == K::Int || s.k == K::Float;
}

inline bool isScalar(const Sym& s)
{
    return isNumber(s) || s.k == K::NumNodes || s.k == K::NumEdges;
}

inline Sym irSym(int id)
{
    Sym s;
    s.k = K::Value;
    s.ir = id;
    return s;
}

class ImportContext;

// The TorchScript ops the import maps, each canonical op to its handler (torchscript_ops.cpp,
// torchscript_masks.cpp, torchscript_layers.cpp fill it).
using TorchScriptOpTable = OpTable<ImportContext, jit::Node>;
const TorchScriptOpTable& torchScriptOpTable();
void addCoreOps(TorchScriptOpTable& table); // torchscript_ops.cpp
void addMaskAndFillOps(TorchScriptOpTable& table); // torchscript_masks.cpp
void addLayerOps(TorchScriptOpTable& table); // torchscript_layers.cpp

// What an op handler works on: what each TorchScript value means (its Sym), the IR being built, and
// the diagnostics, which name the op and the user's source line. The walk over the graph
// (map) finds each node's handler by its canonical op name.
class ImportContext {
public:
    // `file`: named by errors that have no line of the user's source.
    explicit ImportContext(std::string file);

    GnnIr ir;
    std::int64_t unrolled = 0; // loop iterations run so far, nested ones included

    // Maps one node (and the blocks of the branch or loop it runs) through the op table.
    void map(const jit::Node& n);

    [[noreturn]] void refuse(const jit::Node& n, const std::string& why) const;
    [[noreturn]] void unmapped(const jit::Node& n) const;

    Sym& sym(const jit::Node& n, const jit::Value* v);
    Sym in(const jit::Node& n, std::size_t i) { return sym(n, n.input(i)); }
    void setOut(const jit::Node& n, Sym s, std::size_t i = 0) { m_syms[n.output(i)] = std::move(s); }
    void bind(const jit::Value* v, Sym s) { m_syms[v] = std::move(s); }

    // An operand as an IR value: IR values as they are, Python numbers as constants.
    int value(const jit::Node& n, const Sym& s, const char* what = "operand");
    std::int64_t integer(const jit::Node& n, const Sym& s, const char* what);
    double number(const jit::Node& n, const Sym& s, const char* what);
    const IrOp& op(const Sym& s) const { return ir.op(s.ir); }

    // A full-tensor dim of a node or edge value -> its feature axis (dim 0 is the rows).
    int featureAxis(const jit::Node& n, const Sym& s, std::int64_t dim, bool insert = false);

    // A tensor constant of the frozen model as an IR parameter, once per TorchScript value.
    int parameter(const jit::Value* v, const at::Tensor& t);

private:
    // An error the IR raised, or a refusal, gets the user's file and line of `n` (else the model file).
    void locate(Error& e, const jit::Node& n) const;

    std::string m_file;
    const TorchScriptOpTable& m_ops;
    std::unordered_map<const jit::Value*, Sym> m_syms;
    std::unordered_map<const jit::Value*, int> m_params;
};

// What prim::Constant holds, as a Sym.
Sym constant(ImportContext& c, const jit::Node& n);

// Shape entries of zeros / ones / view: the first must be the node count (or edge count).
void rowsAndShape(ImportContext& c, const jit::Node& n, const Sym& list, Space& space, std::vector<std::int64_t>& shape,
    bool allowMinus);

int aggregateInto(ImportContext& c, const jit::Node& n, const Sym& self, const Sym& index, const Sym& src, Reduction r,
    bool includeSelf);

// A tensor filled with `fill` (torch.zeros_like(h), torch.ones(E)) used as a value: exact for every
// fill, of its full feature shape, per node or per edge.
int filledValue(ImportContext& c, Space space, const std::vector<std::int64_t>& shape, double fill);

void unary(ImportContext& c, const jit::Node& n, UnaryFn fn, double a = 0.0, double b = 0.0);

template <UnaryFn F> void onUnary(ImportContext& c, const jit::Node& n)
{
    unary(c, n, F);
}

// The handler of one op of a family that differs in an argument (a reduction, a fill, a flag):
// with<onReduce, Reduction::Mean> is aten::mean's.
template <auto Handler, auto... Args> void with(ImportContext& c, const jit::Node& n)
{
    Handler(c, n, Args...);
}

// Handlers that others fall back on (numbers compared and computed now, placeholders, tensor slices).
void scalarCompare(ImportContext& c, const jit::Node& n, BinaryFn fn);
enum class Arithmetic {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv
};
void scalarArithmetic(ImportContext& c, const jit::Node& n, Arithmetic a);
void onPlaceholder(ImportContext& c, const jit::Node& n);
void onTensorSlice(ImportContext& c, const jit::Node& n);
void onGetitem(ImportContext& c, const jit::Node& n);
void selectFeature(
    ImportContext& c, const jit::Node& n, const Sym& t, std::int64_t dim, std::int64_t index, std::size_t out = 0);

} // namespace vantage::dgi::detail
