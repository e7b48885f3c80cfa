#pragma once
// Private to the TorchScript import: torchscript_import.cpp (loading, freezing and the walk over
// the graph, what each value means) and torchscript_ops.cpp (one handler per op kind, in a table).

#include "dgi/torchscript_import.h"

#include "dgi/model_file.h"

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
#include <map>
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

class Importer {
public:
    // `in`: the file's bytes, opened before the sandbox was shut (nullptr: LibTorch opens `file`).
    Importer(std::filesystem::path file, TorchScriptImportOptions options, std::istream* in = nullptr);

    GnnIr run();

private:
    [[noreturn]] void refuse(const jit::Node* n, const std::string& why) const;

    Sym& sym(const jit::Node* n, const jit::Value* v);

    Sym in(const jit::Node* n, std::size_t i) { return sym(n, n->input(i)); }

    // An operand as an IR value: IR values as they are, Python numbers as constants.
    int value(const jit::Node* n, const Sym& s, const char* what = "operand");

    std::int64_t integer(const jit::Node* n, const Sym& s, const char* what);

    double number(const jit::Node* n, const Sym& s, const char* what);

    const IrOp& op(const Sym& s) const { return m_ir.op(s.ir); }

    // A full-tensor dim of a node or edge value -> its feature axis (dim 0 is the rows).
    int featureAxis(const jit::Node* n, const Sym& s, std::int64_t dim, bool insert = false);

    Sym irSym(int id);

    std::int64_t inferInputWidth(const jit::Graph& graph, const jit::Value* x);

    int parameter(const jit::Value* v, const at::Tensor& t);

    void setOut(const jit::Node* n, Sym s, std::size_t i = 0) { m_syms[n->output(i)] = std::move(s); }

    Sym constant(const jit::Node* n);

    // Shape entries of zeros / ones / view: the first must be the node count (or edge count).
    void rowsAndShape(
        const jit::Node* n, const Sym& list, Space& space, std::vector<std::int64_t>& shape, bool allowMinus);

    int aggregateInto(
        const jit::Node* n, const Sym& self, const Sym& index, const Sym& src, Reduction r, bool includeSelf);

    // An aggregation into a tensor filled with `fill` (torch.zeros, torch.full): what scatter_reduce and
    // index_add_ leave in rows without incoming edges, and what include_self adds to the others.
    int aggregateIntoFilled(const jit::Node* n, int agg, int messages, double fill, Reduction r, bool includeSelf);

    // A tensor filled with `fill` (torch.zeros_like(h), torch.ones(E)) used as a value: exact for every
    // fill, of its full feature shape, per node or per edge.
    int filledValue(Space space, const std::vector<std::int64_t>& shape, double fill);

    // Each node's in-degree with `rank` feature dims of size 1, to broadcast against a value of that rank.
    int inDegreeOfRank(std::size_t rank);

    // 1 for nodes with at least one incoming edge, 0 for the others, shaped to broadcast with `like`.
    int hasInEdges(int like);

    void map(jit::Node* n);

    static bool isNumber(const Sym& s) { return s.k == K::Int || s.k == K::Float; }
    static bool isScalar(const Sym& s) { return isNumber(s) || s.k == K::NumNodes || s.k == K::NumEdges; }

    void unary(jit::Node* n, UnaryFn fn, double a = 0.0, double b = 0.0);

    // One handler per op kind, found in a table (in-place variants arrive as their functional form).
    using Handler = void (Importer::*)(jit::Node*, const std::string&);
    static const std::unordered_map<std::string, Handler>& opTable();
    static std::unordered_map<std::string, Handler> coreOps(); // torchscript_ops.cpp
    static std::unordered_map<std::string, Handler> maskAndFillOps(); // torchscript_masks.cpp
    static std::unordered_map<std::string, Handler> layerOps(); // torchscript_layers.cpp

    // The numbers of a constant of the saved model (a buffer, a parameter, or a number repeated),
    // `count` of them.
    std::vector<float> constantValues(const jit::Node* n, const Sym& s, std::int64_t count, const char* what);
    // t[start:end:step] on the full-tensor dim `dim` (Python's bounds), as output `out` of n.
    void sliceOf(jit::Node* n, const Sym& t, std::int64_t dim, std::int64_t start, std::int64_t end, std::int64_t step,
        std::size_t out = 0);
    void selectFeature(jit::Node* n, const Sym& t, std::int64_t dim, std::int64_t index, std::size_t out = 0);
    void onTensorSlice(jit::Node* n);
    void onNarrow(jit::Node* n, const std::string&);
    void onSplit(jit::Node* n, const std::string& kind);
    void onAppend(jit::Node* n, const std::string&);
    void onStack(jit::Node* n, const std::string&);
    void onBatchNorm(jit::Node* n, const std::string&);
    void onLayerNorm(jit::Node* n, const std::string&);
    void onNorm(jit::Node* n, const std::string& kind);
    void onGruCell(jit::Node* n, const std::string&);
    void onScalarMinMax(jit::Node* n, const std::string& kind);
    void onRange(jit::Node* n, const std::string& kind);

    static const std::map<std::string, UnaryFn>& unaryFunctions();

    void mapOp(jit::Node* n, const std::string& kind);

    [[noreturn]] void unmapped(const jit::Node* n) const;

    void onConstant(jit::Node* n, const std::string&);

    void onListConstruct(jit::Node* n, const std::string&);

    void onListUnpack(jit::Node* n, const std::string&);

    void onGetitem(jit::Node* n, const std::string&);

    void onIf(jit::Node* n, const std::string&);

    void onLoop(jit::Node* n, const std::string&);

    void onScalarCompare(jit::Node* n, const std::string& kind);

    void onCompare(jit::Node* n, const std::string& kind);

    void onLogical(jit::Node* n, const std::string& kind);

    void onIsInfNan(jit::Node* n, const std::string& kind);

    void onWhere(jit::Node* n, const std::string&);

    void onMaskedFill(jit::Node* n, const std::string&);

    void onIndexPut(jit::Node* n, const std::string&);

    void onFull(jit::Node* n, const std::string& kind);

    void onTensorLiteral(jit::Node* n, const std::string&);

    void onMeta(jit::Node* n, const std::string& kind);

    void onIsInstance(jit::Node* n, const std::string&);

    void onPassThrough(jit::Node* n, const std::string&);

    void onFormat(jit::Node* n, const std::string& kind);
    void onPlaceholder(jit::Node* n, const std::string&);

    void onContains(jit::Node* n, const std::string&);

    void onNot(jit::Node* n, const std::string&);

    void onIsNone(jit::Node* n, const std::string& kind);

    void onLen(jit::Node* n, const std::string&);

    void onSetItem(jit::Node* n, const std::string&);

    void onListSlice(jit::Node* n, const std::string&);

    void onSquare(jit::Node* n, const std::string&);

    void onScalarArithmetic(jit::Node* n, const std::string& kind);

    void onRaiseException(jit::Node* n, const std::string&);

    void onGetAttr(jit::Node* n, const std::string&);

    void onSelect(jit::Node* n, const std::string&);

    void onUnbind(jit::Node* n, const std::string&);

    void onSize(jit::Node* n, const std::string&);

    void onNumel(jit::Node* n, const std::string&);

    void onDim(jit::Node* n, const std::string&);

    void onInt(jit::Node* n, const std::string&);

    void onIndexSelect(jit::Node* n, const std::string&);

    void onIndex(jit::Node* n, const std::string&);

    void onZeros(jit::Node* n, const std::string& kind);

    void onZerosLike(jit::Node* n, const std::string& kind);

    void onIndexAdd(jit::Node* n, const std::string&);

    void onScatterAdd(jit::Node* n, const std::string&);

    void onScatterReduce(jit::Node* n, const std::string&);

    void onBincount(jit::Node* n, const std::string&);

    void onUnsqueeze(jit::Node* n, const std::string&);

    void onSqueeze(jit::Node* n, const std::string&);

    void onExpandAs(jit::Node* n, const std::string&);

    void onView(jit::Node* n, const std::string&);

    void onFlatten(jit::Node* n, const std::string&);

    void onIdentity(jit::Node* n, const std::string&);

    void onDropout(jit::Node* n, const std::string&);

    void onLinear(jit::Node* n, const std::string&);

    void onMatmul(jit::Node* n, const std::string&);

    void onAddSub(jit::Node* n, const std::string& kind);

    void onMulDiv(jit::Node* n, const std::string& kind);

    void onUnary(jit::Node* n, const std::string& kind);

    void onLeakyRelu(jit::Node* n, const std::string&);

    void onElu(jit::Node* n, const std::string&);

    void onPow(jit::Node* n, const std::string&);

    void onClamp(jit::Node* n, const std::string& kind);

    void onCat(jit::Node* n, const std::string&);

    void onSum(jit::Node* n, const std::string& kind);

    void onMaxWithIndices(jit::Node* n, const std::string&);

    void onSoftmax(jit::Node* n, const std::string& kind);

    void onArithmetic(jit::Node* n, const std::string& kind);

    std::filesystem::path m_file;
    TorchScriptImportOptions m_options;
    std::istream* m_in = nullptr;
    jit::Module m_module{ c10::QualifiedName("__empty__") };
    GnnIr m_ir;
    std::unordered_map<const jit::Value*, Sym> m_syms;
    std::unordered_map<const jit::Value*, int> m_params;
    std::int64_t m_unrolled = 0; // loop iterations run so far, nested ones included
};

} // namespace vantage::dgi::detail
