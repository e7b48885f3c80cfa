// TorchScript -> GNN IR: an abstract interpretation of the frozen, inlined forward graph in which
// every TorchScript value is known as what it means to message passing (a per-node or per-edge
// IR value, edge_index, its source or destination row, the node count, a zero tensor waiting to
// be aggregated into, ...).

#include "dgi/torchscript_import.h"

#include "dgi/model_file.h"

#include "common/error.h"

#include <torch/csrc/jit/passes/constant_propagation.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/script.h>

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace vantage::dgi {

namespace {

namespace jit = torch::jit;

enum class K {
    Unknown,
    Value, // an IR value
    EdgeIndex, // the [2, E] input
    Index, // edge_index[0] (source) or [1] (destination), possibly unsqueezed or expanded
    Zeros, // torch.zeros(n, ...) before it is aggregated into
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

bool isTorchLibraryFile(const std::string& file)
{
    return file.find("/torch/") != std::string::npos || file.find("code/__torch__") != std::string::npos;
}

std::optional<std::pair<std::string, std::int64_t>> fileLine(const jit::SourceRange& range)
{
    jit::SourceRange r = range;
    if (auto gen = range.findSourceRangeThatGenerated())
        r = *gen;
    auto flc = r.file_line_col();
    if (!flc)
        return std::nullopt;
    return std::make_pair(std::get<0>(*flc), static_cast<std::int64_t>(std::get<1>(*flc)));
}

// The user's file and line for a node: its own range, or for ops inside torch's library (F.linear)
// the innermost call site in user code.
std::pair<std::string, std::int64_t> userLocation(const jit::Node* n)
{
    auto own = fileLine(n->sourceRange());
    if (own && !isTorchLibraryFile(own->first))
        return *own;
    if (auto cs = n->callstack()) {
        const auto frames = (*cs)->vec();
        for (auto it = frames.rbegin(); it != frames.rend(); ++it)
            if (auto fl = fileLine(std::get<1>(*it)); fl && !isTorchLibraryFile(fl->first))
                return *fl;
    }
    if (own)
        return *own;
    return { "", 0 };
}

std::string moduleScope(const jit::Node* n)
{
    std::string name;
    if (auto cs = n->callstack())
        for (const auto& frame : (*cs)->vec())
            if (const auto& info = std::get<2>(frame); info && !info->instance_name().empty()) {
                if (!name.empty())
                    name += ".";
                name += info->instance_name();
            }
    return name;
}

class Importer {
public:
    Importer(std::filesystem::path file, TorchScriptImportOptions options)
        : m_file(std::move(file))
        , m_options(options)
    {
    }

    GnnIr run()
    {
        checkTorchScriptFile(m_file);
        jit::Module module;
        try {
            module = torch::jit::load(m_file.string());
        } catch (const c10::Error& e) {
            throw Error::invalidInput(std::string("not a TorchScript model (save it with torch.jit.save): ")
                + firstLine(e.what_without_backtrace()))
                .inFile(m_file.string());
        }
        std::shared_ptr<jit::Graph> graph;
        try {
            module.eval();
            jit::Module frozen = jit::freeze_module(module);
            auto method = frozen.find_method("forward");
            if (!method)
                throw Error::invalidInput("the module has no forward method").inFile(m_file.string());
            graph = method->graph()->copy();
            jit::Inline(*graph);
            jit::ConstantPropagation(graph);
            jit::EliminateDeadCode(graph);
            m_module = std::move(frozen);
        } catch (const c10::Error& e) {
            throw Error::invalidInput(std::string("cannot freeze the module: ") + firstLine(e.what_without_backtrace()))
                .inFile(m_file.string());
        }
        const auto inputs = graph->inputs();
        if (inputs.size() != 3)
            throw Error::invalidInput(
                "forward must take (x, edge_index), it takes " + std::to_string(inputs.size() - 1) + " arguments")
                .inFile(m_file.string());
        const jit::Value* x = inputs[1];
        std::int64_t width = m_options.inputWidth > 0 ? m_options.inputWidth : inferInputWidth(*graph, x);
        m_ir.modelName = m_file.filename().string();
        m_ir.hyperParameters
            = { { "model", m_file.filename().string() }, { "in", width }, { "source", "torchscript" } };
        m_ir.setScope("", "");
        Sym xs;
        xs.k = K::Value;
        xs.ir = m_ir.input(width);
        m_syms[x] = xs;
        Sym ei;
        ei.k = K::EdgeIndex;
        m_syms[inputs[2]] = ei;

        try {
            for (jit::Node* n : graph->nodes())
                map(n);
        } catch (const c10::Error& e) {
            throw Error::failure(
                std::string("LibTorch failed while importing: ") + firstLine(e.what_without_backtrace()))
                .inFile(m_file.string());
        }
        const auto outputs = graph->outputs();
        if (outputs.size() != 1)
            throw Error::invalidInput("forward must return one tensor").inFile(m_file.string());
        const Sym& out = sym(graph->return_node(), outputs[0]);
        if (out.k != K::Value)
            throw Error::invalidInput("forward must return a per-node tensor computed from x").inFile(m_file.string());
        m_ir.setScope("", "");
        m_ir.setOutput(out.ir);
        return std::move(m_ir);
    }

private:
    static std::string firstLine(const std::string& s)
    {
        const auto nl = s.find('\n');
        return nl == std::string::npos ? s : s.substr(0, nl);
    }

    [[noreturn]] void refuse(const jit::Node* n, const std::string& why) const
    {
        const std::string kind = n->kind().toQualString();
        const auto [file, line] = userLocation(n);
        Error e = Error::invalidInput("cannot map " + kind + " to the GNN IR: " + why);
        if (!file.empty())
            e.inFile(file).atLine(line);
        else
            e.inFile(m_file.string());
        e.inOp(kind);
        throw e;
    }

    Sym& sym(const jit::Node* n, const jit::Value* v)
    {
        auto it = m_syms.find(v);
        if (it == m_syms.end())
            refuse(n, "operand %" + v->debugName() + " was not produced by a mapped op");
        return it->second;
    }

    Sym in(const jit::Node* n, std::size_t i) { return sym(n, n->input(i)); }

    // An operand as an IR value: IR values as they are, Python numbers as constants.
    int value(const jit::Node* n, const Sym& s, const char* what = "operand")
    {
        switch (s.k) {
        case K::Value:
            return s.ir;
        case K::Int:
            return m_ir.constant(static_cast<double>(s.i));
        case K::Float:
            return m_ir.constant(s.f);
        case K::Ones:
            if (s.space == Space::Global)
                return m_ir.constant(1.0);
            break;
        case K::NumNodes:
            refuse(n, std::string(what) + " is the node count; use it only as a size");
        case K::Index:
            refuse(n,
                std::string(what)
                    + " is a row of edge_index; use it only to index (index_select, x[src]) or "
                      "to aggregate (index_add_, scatter_add_, scatter_reduce, bincount)");
        case K::Zeros:
            refuse(n, std::string(what) + " is a zero tensor that has not been aggregated into");
        default:
            break;
        }
        refuse(n, std::string(what) + " is not a tensor computed from x, the graph or the weights");
    }

    std::int64_t integer(const jit::Node* n, const Sym& s, const char* what)
    {
        if (s.k == K::Int)
            return s.i;
        if (s.k == K::Bool)
            return s.b ? 1 : 0;
        refuse(n, std::string(what) + " must be a constant integer");
    }

    double number(const jit::Node* n, const Sym& s, const char* what)
    {
        if (s.k == K::Int)
            return static_cast<double>(s.i);
        if (s.k == K::Float)
            return s.f;
        refuse(n, std::string(what) + " must be a constant number");
    }

    const IrOp& op(const Sym& s) const { return m_ir.op(s.ir); }

    // A full-tensor dim of a node or edge value -> its feature axis (dim 0 is the rows).
    int featureAxis(const jit::Node* n, const Sym& s, std::int64_t dim, bool insert = false)
    {
        const int rank
            = static_cast<int>(op(s).shape.size()) + (op(s).space == Space::Global ? 0 : 1) + (insert ? 1 : 0);
        if (dim < 0)
            dim += rank;
        if (op(s).space == Space::Global)
            return static_cast<int>(dim);
        if (dim == 0)
            refuse(n, "works over dim 0, the rows (nodes or edges), which is not a per-node operation");
        if (dim < 0 || dim >= rank)
            refuse(n, "dim " + std::to_string(dim) + " is out of range");
        return static_cast<int>(dim - 1);
    }

    Sym irSym(int id)
    {
        Sym s;
        s.k = K::Value;
        s.ir = id;
        return s;
    }

    std::int64_t inferInputWidth(const jit::Graph& graph, const jit::Value* x)
    {
        static const std::set<std::string> passThrough = { "aten::dropout", "aten::feature_dropout", "aten::contiguous",
            "aten::clone", "aten::detach", "aten::to", "aten::index_select", "aten::index", "aten::relu", "aten::elu",
            "aten::leaky_relu", "aten::tanh", "aten::sigmoid", "aten::type_as", "aten::float" };
        for (const jit::Node* n : graph.nodes()) {
            const std::string kind = n->kind().toQualString();
            if (kind != "aten::linear" && kind != "aten::matmul" && kind != "aten::mm")
                continue;
            const jit::Value* v = n->input(0);
            for (int steps = 0; steps < 8 && v != x; ++steps) {
                const jit::Node* p = v->node();
                if (!passThrough.count(p->kind().toQualString()) || p->inputs().empty())
                    break;
                v = p->input(0);
            }
            if (v != x)
                continue;
            auto w = jit::toIValue(n->input(1));
            if (!w || !w->isTensor() || w->toTensor().dim() != 2)
                continue;
            return kind == "aten::linear" ? w->toTensor().size(1) : w->toTensor().size(0);
        }
        throw Error::invalidInput("cannot tell the width of x from the model (no linear layer reads it); pass it "
                                  "(--in-dim)")
            .inFile(m_file.string());
    }

    int parameter(const jit::Value* v, const at::Tensor& t)
    {
        if (auto it = m_params.find(v); it != m_params.end())
            return it->second;
        const at::Tensor c = t.detach().to(torch::kFloat32).contiguous();
        std::vector<float> values(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
        std::string name = v->hasDebugName() ? v->debugName() : "param" + std::to_string(m_params.size());
        const int id = m_ir.parameter(name, c.sizes().vec(), std::move(values));
        m_params.emplace(v, id);
        return id;
    }

    void setOut(const jit::Node* n, Sym s, std::size_t i = 0) { m_syms[n->output(i)] = std::move(s); }

    Sym constant(const jit::Node* n)
    {
        const jit::Value* v = n->output();
        auto iv = jit::toIValue(v);
        Sym s;
        if (!iv || iv->isNone()) {
            s.k = K::None;
        } else if (iv->isTensor()) {
            const at::Tensor t = iv->toTensor();
            if (!t.is_floating_point() && t.dim() == 0) {
                s.k = K::Int;
                s.i = t.item<std::int64_t>();
            } else {
                s = irSym(parameter(v, t));
            }
        } else if (iv->isInt()) {
            s.k = K::Int;
            s.i = iv->toInt();
        } else if (iv->isDouble()) {
            s.k = K::Float;
            s.f = iv->toDouble();
        } else if (iv->isBool()) {
            s.k = K::Bool;
            s.b = iv->toBool();
        } else if (iv->isString()) {
            s.k = K::Str;
            s.s = iv->toStringRef();
        } else if (iv->isIntList()) {
            s.k = K::List;
            for (auto x : iv->toIntVector()) {
                Sym e;
                e.k = K::Int;
                e.i = x;
                s.list.push_back(e);
            }
        } else {
            s.k = K::Other;
        }
        return s;
    }

    // Shape entries of zeros / ones / view: the first must be the node count (or edge count).
    void rowsAndShape(
        const jit::Node* n, const Sym& list, Space& space, std::vector<std::int64_t>& shape, bool allowMinus)
    {
        std::vector<Sym> items = list.k == K::List ? list.list : std::vector<Sym>{ list };
        if (items.empty())
            refuse(n, "a tensor without rows is not per-node");
        const Sym& first = items.front();
        if (first.k == K::NumNodes)
            space = Space::Node;
        else if (first.k == K::NumEdges)
            space = Space::Edge;
        else if (first.k == K::Int && (first.i > 0 || (allowMinus && first.i == -1)))
            space = Space::Global; // resolved by the caller: rows of a traced model, or -1
        else
            refuse(n, "the first size must be the number of nodes (x.size(0)) or edges");
        shape.clear();
        for (std::size_t i = 1; i < items.size(); ++i)
            shape.push_back(integer(n, items[i], "a feature size"));
    }

    int aggregateInto(
        const jit::Node* n, const Sym& self, const Sym& index, const Sym& src, Reduction r, bool includeSelf)
    {
        if (index.k != K::Index)
            refuse(n, "the index must be a row of edge_index (possibly unsqueezed or expanded)");
        if (!index.dst)
            refuse(n,
                "aggregating into source rows (edge_index[0]) runs messages backwards; aggregate into "
                "edge_index[1] (flip edge_index for the reverse direction)");
        int agg = -1;
        if (src.k == K::Ones && src.space == Space::Edge) {
            if (r != Reduction::Sum)
                refuse(n, "only a sum of ones (a degree) is supported");
            agg = m_ir.graphQuery(OpKind::InDegree);
            if (!src.shape.empty())
                agg = m_ir.reshape(agg, src.shape);
        } else {
            const int m = value(n, src, "the aggregated source");
            if (m_ir.op(m).space != Space::Edge)
                refuse(n, "the aggregated values must be per edge (gathered with index_select first)");
            agg = m_ir.aggregate(r, m);
        }
        if (self.k == K::Zeros) {
            if (self.space == Space::Edge)
                refuse(n, "aggregating into a per-edge tensor");
            if (self.shape != m_ir.op(agg).shape)
                refuse(n, "the zero tensor's feature shape does not match the aggregated values");
            if (includeSelf && r == Reduction::Max)
                refuse(n, "amax with include_self=True also takes the zeros; pass include_self=False");
            if (includeSelf && r == Reduction::Mean)
                refuse(n, "mean with include_self=True counts the zero; pass include_self=False");
            return agg;
        }
        const int base = value(n, self, "the tensor aggregated into");
        if (r != Reduction::Sum || !includeSelf)
            refuse(n, "aggregating into a non-zero tensor is only supported as a sum with include_self");
        return m_ir.binary(BinaryFn::Add, base, agg);
    }

    void map(jit::Node* n)
    {
        const std::string kind = n->kind().toQualString();
        const auto [file, line] = userLocation(n);
        const std::string loc
            = file.empty() ? "" : std::filesystem::path(file).filename().string() + ":" + std::to_string(line);
        m_ir.setScope(moduleScope(n), loc);
        // In-place variants map like their functional forms; the mutated operand then means the result.
        std::string base = kind;
        const bool inPlace = base.size() > 1 && base.back() == '_' && base.compare(0, 6, "aten::") == 0
            && base.rfind("__") != base.size() - 2;
        if (inPlace)
            base.pop_back();
        mapOp(n, base);
        if (inPlace && n->outputs().size() == 1) {
            auto it = m_syms.find(n->output());
            if (it != m_syms.end())
                m_syms[n->input(0)] = it->second;
        }
    }

    static bool scalarCompare(const std::string& kind)
    {
        return kind == "aten::gt" || kind == "aten::lt" || kind == "aten::ge" || kind == "aten::le"
            || kind == "aten::eq" || kind == "aten::ne";
    }
    static bool isNumber(const Sym& s) { return s.k == K::Int || s.k == K::Float; }
    static bool isScalar(const Sym& s) { return isNumber(s) || s.k == K::NumNodes || s.k == K::NumEdges; }

    void unary(jit::Node* n, UnaryFn fn, double a = 0.0, double b = 0.0)
    {
        setOut(n, irSym(m_ir.unary(fn, value(n, in(n, 0)), a, b)));
    }

    void mapOp(jit::Node* n, const std::string& kind)
    {
        static const std::map<std::string, UnaryFn> unaries = { { "aten::relu", UnaryFn::Relu },
            { "aten::sigmoid", UnaryFn::Sigmoid }, { "aten::tanh", UnaryFn::Tanh }, { "aten::exp", UnaryFn::Exp },
            { "aten::log", UnaryFn::Log }, { "aten::sqrt", UnaryFn::Sqrt }, { "aten::rsqrt", UnaryFn::Rsqrt },
            { "aten::abs", UnaryFn::Abs }, { "aten::neg", UnaryFn::Neg }, { "aten::reciprocal", UnaryFn::Reciprocal } };
        static const std::set<std::string> identities = { "aten::contiguous", "aten::clone", "aten::detach", "aten::to",
            "aten::type_as", "aten::float", "aten::double" };
        if (kind == "prim::Constant") {
            setOut(n, constant(n));
        } else if (kind == "prim::ListConstruct" || kind == "prim::TupleConstruct") {
            Sym s;
            s.k = K::List;
            for (std::size_t i = 0; i < n->inputs().size(); ++i)
                s.list.push_back(in(n, i));
            setOut(n, s);
        } else if (kind == "prim::ListUnpack" || kind == "prim::TupleUnpack") {
            const Sym l = in(n, 0);
            if (l.k != K::List || l.list.size() != n->outputs().size())
                refuse(n, "unpacking something that is not a list of the right length");
            for (std::size_t i = 0; i < n->outputs().size(); ++i)
                setOut(n, l.list[i], i);
        } else if (kind == "aten::__getitem__") {
            const Sym l = in(n, 0);
            const std::int64_t i = integer(n, in(n, 1), "the index");
            if (l.k != K::List || i < -static_cast<std::int64_t>(l.list.size())
                || i >= static_cast<std::int64_t>(l.list.size()))
                refuse(n, "indexing something that is not a list");
            setOut(n, l.list[static_cast<std::size_t>(i < 0 ? i + static_cast<std::int64_t>(l.list.size()) : i)]);
        } else if (kind == "prim::If") {
            // A condition known from constants and feature sizes picks its branch; anything else
            // depends on the graph or the data, which a layer cut cannot.
            const Sym cond = in(n, 0);
            if (cond.k != K::Bool)
                refuse(n,
                    "control flow that depends on the graph or the features cannot be cut into layers; write "
                    "the forward without if/while on them (loops over an nn.ModuleList are unrolled by "
                    "TorchScript)");
            jit::Block* block = n->blocks()[cond.b ? 0 : 1];
            for (jit::Node* inner : block->nodes())
                map(inner);
            for (std::size_t i = 0; i < n->outputs().size(); ++i)
                setOut(n, sym(n, block->outputs()[i]), i);
        } else if (kind == "prim::Loop") {
            refuse(n,
                "loops that TorchScript could not unroll cannot be cut into layers (loops over an "
                "nn.ModuleList are unrolled; a while loop or a loop over a tensor is not)");
        } else if (scalarCompare(kind) && isScalar(in(n, 0)) && isScalar(in(n, 1))) {
            const Sym a = in(n, 0);
            const Sym b = in(n, 1);
            Sym r;
            if (!isNumber(a) || !isNumber(b)) {
                r.k = K::Other; // depends on the graph's size
            } else {
                const double x = number(n, a, "operand");
                const double y = number(n, b, "operand");
                r.k = K::Bool;
                r.b = kind == "aten::gt" ? x > y
                    : kind == "aten::lt" ? x < y
                    : kind == "aten::ge" ? x >= y
                    : kind == "aten::le" ? x <= y
                    : kind == "aten::eq" ? x == y
                                         : x != y;
            }
            setOut(n, r);
        } else if ((kind == "aten::add" || kind == "aten::sub" || kind == "aten::mul" || kind == "aten::floordiv"
                       || kind == "aten::div")
            && n->inputs().size() == 2 && isNumber(in(n, 0)) && isNumber(in(n, 1))) {
            const Sym a = in(n, 0);
            const Sym b = in(n, 1);
            Sym r;
            if (a.k == K::Int && b.k == K::Int && kind != "aten::div") {
                r.k = K::Int;
                r.i = kind == "aten::add" ? a.i + b.i
                    : kind == "aten::sub" ? a.i - b.i
                    : kind == "aten::mul" ? a.i * b.i
                    : b.i != 0            ? a.i / b.i
                                          : 0;
            } else {
                const double x = number(n, a, "operand");
                const double y = number(n, b, "operand");
                r.k = K::Float;
                r.f = kind == "aten::add"      ? x + y
                    : kind == "aten::sub"      ? x - y
                    : kind == "aten::mul"      ? x * y
                    : kind == "aten::floordiv" ? std::floor(x / y)
                                               : x / y;
            }
            setOut(n, r);
        } else if (kind == "prim::RaiseException") {
            refuse(n, "assertions are not supported in forward");
        } else if (kind == "prim::GetAttr" || kind == "prim::CallMethod" || kind == "prim::CallFunction") {
            refuse(n, "a module attribute or call survived freezing (was the module saved with torch.jit.save?)");
        } else if (kind == "aten::select") {
            const Sym t = in(n, 0);
            if (t.k != K::EdgeIndex)
                refuse(n, "selecting a slice is supported only on edge_index (edge_index[0], edge_index[1])");
            const std::int64_t dim = integer(n, in(n, 1), "dim");
            const std::int64_t idx = integer(n, in(n, 2), "index");
            if (dim != 0 || (idx != 0 && idx != 1))
                refuse(n, "edge_index has two rows: edge_index[0] (sources) and edge_index[1] (destinations)");
            Sym s;
            s.k = K::Index;
            s.dst = idx == 1;
            setOut(n, s);
        } else if (kind == "aten::unbind") {
            if (in(n, 0).k != K::EdgeIndex || integer(n, in(n, 1), "dim") != 0)
                refuse(n, "unbind is supported only as src, dst = edge_index");
            Sym l;
            l.k = K::List;
            for (int i = 0; i < 2; ++i) {
                Sym s;
                s.k = K::Index;
                s.dst = i == 1;
                l.list.push_back(s);
            }
            setOut(n, l);
        } else if (kind == "aten::size") {
            const Sym t = in(n, 0);
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
                    const Space sp = t.k == K::Value ? op(t).space : t.space;
                    const auto& shape = t.k == K::Value ? op(t).shape : t.shape;
                    const std::int64_t rank = static_cast<std::int64_t>(shape.size()) + (sp == Space::Global ? 0 : 1);
                    if (dim < 0)
                        dim += rank;
                    if (sp != Space::Global && dim == 0) {
                        s.k = sp == Space::Node ? K::NumNodes : K::NumEdges;
                    } else {
                        const std::int64_t f = sp == Space::Global ? dim : dim - 1;
                        if (f < 0 || f >= static_cast<std::int64_t>(shape.size()))
                            refuse(n, "dim out of range");
                        s.k = K::Int;
                        s.i = shape[static_cast<std::size_t>(f)];
                    }
                } else {
                    refuse(n, "size of something that is not a tensor");
                }
                return s;
            };
            if (n->inputs().size() >= 2) {
                setOut(n, dimSize(integer(n, in(n, 1), "dim")));
            } else {
                Sym l;
                l.k = K::List;
                const std::int64_t rank = t.k == K::Value ? static_cast<std::int64_t>(op(t).shape.size()) + 1 : 2;
                for (std::int64_t d = 0; d < rank; ++d)
                    l.list.push_back(dimSize(d));
                setOut(n, l);
            }
        } else if (kind == "aten::numel") {
            const Sym t = in(n, 0);
            if (t.k != K::Index)
                refuse(n, "numel is supported only on a row of edge_index (the edge count)");
            Sym s;
            s.k = K::NumEdges;
            setOut(n, s);
        } else if (kind == "aten::dim") {
            const Sym t = in(n, 0);
            Sym s;
            s.k = K::Int;
            s.i = t.k == K::Value
                ? static_cast<std::int64_t>(op(t).shape.size()) + (op(t).space == Space::Global ? 0 : 1)
                : 2;
            setOut(n, s);
        } else if (kind == "aten::Int" || kind == "aten::Float" || kind == "aten::ScalarImplicit"
            || kind == "prim::NumToTensor") {
            const Sym s = in(n, 0);
            if (s.k == K::Int || s.k == K::Float || s.k == K::NumNodes || s.k == K::NumEdges)
                setOut(n, s);
            else
                refuse(n, "converting a tensor to a Python number depends on the data");
        } else if (kind == "aten::index_select") {
            const Sym t = in(n, 0);
            if (integer(n, in(n, 1), "dim") != 0)
                refuse(n, "index_select is message passing only along dim 0 (rows)");
            const Sym idx = in(n, 2);
            if (idx.k != K::Index)
                refuse(n, "the index must be a row of edge_index");
            const int v = value(n, t, "the gathered tensor");
            if (m_ir.op(v).space != Space::Node)
                refuse(n, "only per-node tensors can be gathered by edge_index");
            setOut(n, irSym(idx.dst ? m_ir.gatherDst(v) : m_ir.gatherSrc(v)));
        } else if (kind == "aten::index") {
            const Sym t = in(n, 0);
            const Sym l = in(n, 1);
            if (l.k != K::List || l.list.size() != 1 || l.list[0].k != K::Index)
                refuse(n, "indexing is supported only as x[src] or x[dst] with a row of edge_index");
            const int v = value(n, t, "the gathered tensor");
            if (m_ir.op(v).space != Space::Node)
                refuse(n, "only per-node tensors can be gathered by edge_index");
            setOut(n, irSym(l.list[0].dst ? m_ir.gatherDst(v) : m_ir.gatherSrc(v)));
        } else if (kind == "aten::zeros" || kind == "aten::ones" || kind == "aten::new_zeros"
            || kind == "aten::new_ones") {
            const bool isNew = kind.find("new_") != std::string::npos;
            Sym s;
            s.k = kind.find("zeros") != std::string::npos ? K::Zeros : K::Ones;
            rowsAndShape(n, in(n, isNew ? 1 : 0), s.space, s.shape, false);
            if (s.space == Space::Global)
                s.space = s.k == K::Zeros ? Space::Node : Space::Edge; // a traced model's constant row count
            setOut(n, s);
        } else if (kind == "aten::zeros_like" || kind == "aten::ones_like") {
            const Sym t = in(n, 0);
            Sym s;
            s.k = kind == "aten::zeros_like" ? K::Zeros : K::Ones;
            if (t.k == K::Index) {
                s.space = Space::Edge;
            } else if (t.k == K::Value) {
                if (s.k == K::Ones) {
                    setOut(n, irSym(m_ir.unary(UnaryFn::Pow, t.ir, 0.0)));
                    return;
                }
                s.space = op(t).space;
                s.shape = op(t).shape;
            } else {
                refuse(n, "zeros_like / ones_like of something that is not a tensor");
            }
            setOut(n, s);
        } else if (kind == "aten::index_add") {
            if (integer(n, in(n, 1), "dim") != 0)
                refuse(n, "aggregation must be along dim 0");
            int r = aggregateInto(n, in(n, 0), in(n, 2), in(n, 3), Reduction::Sum, true);
            if (n->inputs().size() > 4) {
                const double alpha = number(n, in(n, 4), "alpha");
                if (alpha != 1.0)
                    refuse(n, "index_add with alpha != 1");
            }
            setOut(n, irSym(r));
        } else if (kind == "aten::scatter_add") {
            if (integer(n, in(n, 1), "dim") != 0)
                refuse(n, "aggregation must be along dim 0");
            setOut(n, irSym(aggregateInto(n, in(n, 0), in(n, 2), in(n, 3), Reduction::Sum, true)));
        } else if (kind == "aten::scatter_reduce" || kind == "aten::index_reduce") {
            if (integer(n, in(n, 1), "dim") != 0)
                refuse(n, "aggregation must be along dim 0");
            const Sym how = in(n, 4);
            if (how.k != K::Str)
                refuse(n, "the reduction must be a constant string");
            Reduction r = Reduction::Sum;
            if (how.s == "sum")
                r = Reduction::Sum;
            else if (how.s == "mean")
                r = Reduction::Mean;
            else if (how.s == "amax")
                r = Reduction::Max;
            else
                refuse(n, "reduction '" + how.s + "' is not supported (sum, mean, amax)");
            const bool includeSelf = n->inputs().size() > 5 ? in(n, 5).k == K::Bool && in(n, 5).b : true;
            setOut(n, irSym(aggregateInto(n, in(n, 0), in(n, 2), in(n, 3), r, includeSelf)));
        } else if (kind == "aten::bincount") {
            const Sym idx = in(n, 0);
            if (idx.k != K::Index)
                refuse(n, "bincount is supported on a row of edge_index (degrees)");
            if (n->inputs().size() > 1 && in(n, 1).k != K::None)
                refuse(n, "weighted bincount is not supported; aggregate the weights with index_add_");
            setOut(n, irSym(m_ir.graphQuery(idx.dst ? OpKind::InDegree : OpKind::OutDegree)));
        } else if (kind == "aten::unsqueeze") {
            const Sym t = in(n, 0);
            const std::int64_t dim = integer(n, in(n, 1), "dim");
            if (t.k == K::Index) {
                setOut(n, t); // an index column for scatter_add_
                return;
            }
            const int v = value(n, t);
            const int axis = featureAxis(n, irSym(v), dim, true);
            std::vector<std::int64_t> shape = m_ir.op(v).shape;
            shape.insert(shape.begin() + axis, 1);
            setOut(n, irSym(m_ir.reshape(v, shape)));
        } else if (kind == "aten::squeeze") {
            const Sym t = in(n, 0);
            const int v = value(n, t);
            if (n->inputs().size() < 2)
                refuse(n, "squeeze without a dim may remove the rows; give the dim");
            const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1), "dim"));
            std::vector<std::int64_t> shape = m_ir.op(v).shape;
            if (shape[static_cast<std::size_t>(axis)] == 1)
                shape.erase(shape.begin() + axis);
            setOut(n, irSym(m_ir.reshape(v, shape)));
        } else if (kind == "aten::expand_as" || kind == "aten::expand") {
            const Sym t = in(n, 0);
            if (t.k != K::Index)
                refuse(n, "expand is supported only on an index column for scatter_add_ / scatter_reduce");
            setOut(n, t);
        } else if (kind == "aten::view" || kind == "aten::reshape") {
            const Sym t = in(n, 0);
            if (t.k == K::Index) {
                setOut(n, t);
                return;
            }
            const int v = value(n, t);
            const Sym sizes = in(n, 1);
            if (sizes.k != K::List || sizes.list.empty())
                refuse(n, "view / reshape needs the sizes as a list");
            const Sym& first = sizes.list.front();
            const Space sp = m_ir.op(v).space;
            const bool rowsOk
                = first.k == (sp == Space::Node ? K::NumNodes : K::NumEdges) || (first.k == K::Int && first.i == -1);
            if (sp == Space::Global || !rowsOk)
                refuse(n, "the first size must keep the rows (x.size(0) or -1)");
            std::vector<std::int64_t> shape;
            for (std::size_t i = 1; i < sizes.list.size(); ++i)
                shape.push_back(integer(n, sizes.list[i], "a feature size"));
            if (first.k == K::Int)
                for (auto d : shape)
                    if (d == -1)
                        refuse(n, "only one size may be -1");
            setOut(n, irSym(m_ir.reshape(v, shape)));
        } else if (kind == "aten::flatten") {
            const int v = value(n, in(n, 0));
            const std::int64_t startDim = integer(n, in(n, 1), "start_dim");
            const std::int64_t endDim = integer(n, in(n, 2), "end_dim");
            const auto& shape = m_ir.op(v).shape;
            const std::int64_t rank = static_cast<std::int64_t>(shape.size()) + 1;
            const std::int64_t s0 = startDim < 0 ? startDim + rank : startDim;
            const std::int64_t s1 = endDim < 0 ? endDim + rank : endDim;
            if (s0 < 1 || s1 < s0 || s1 >= rank)
                refuse(n, "flatten must keep the rows (start_dim >= 1)");
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
            setOut(n, irSym(m_ir.reshape(v, out)));
        } else if (identities.count(kind)) {
            const Sym t = in(n, 0);
            if (t.k == K::Index || t.k == K::Zeros || t.k == K::Ones) {
                setOut(n, t);
                return;
            }
            setOut(n, irSym(value(n, t)));
        } else if (kind == "aten::dropout" || kind == "aten::feature_dropout" || kind == "aten::alpha_dropout") {
            const Sym train = in(n, 2);
            if (train.k != K::Bool || train.b)
                refuse(n, "dropout in training mode; call model.eval() or pass training=False");
            setOut(n, irSym(m_ir.unary(UnaryFn::Dropout, value(n, in(n, 0)), number(n, in(n, 1), "p"))));
        } else if (kind == "aten::linear") {
            const int x = value(n, in(n, 0));
            const int w = value(n, in(n, 1), "the weight");
            const Sym b = in(n, 2);
            setOut(n, irSym(m_ir.linear(x, w, b.k == K::None ? -1 : value(n, b, "the bias"))));
        } else if (kind == "aten::matmul" || kind == "aten::mm") {
            const int x = value(n, in(n, 0));
            const int w = value(n, in(n, 1), "the right operand");
            if (m_ir.op(w).space != Space::Global)
                refuse(n, "the right operand must be a weight");
            setOut(n, irSym(m_ir.matmul(x, w)));
        } else if (kind == "aten::add" || kind == "aten::sub" || kind == "aten::rsub") {
            const int a = value(n, in(n, 0));
            int b = value(n, in(n, 1));
            if (n->inputs().size() > 2) {
                const double alpha = number(n, in(n, 2), "alpha");
                if (alpha != 1.0)
                    b = m_ir.binary(BinaryFn::Mul, b, m_ir.constant(alpha));
            }
            if (kind == "aten::add")
                setOut(n, irSym(m_ir.binary(BinaryFn::Add, a, b)));
            else if (kind == "aten::sub")
                setOut(n, irSym(m_ir.binary(BinaryFn::Sub, a, b)));
            else
                setOut(n, irSym(m_ir.binary(BinaryFn::Sub, b, a)));
        } else if (kind == "aten::mul" || kind == "aten::div" || kind == "aten::maximum" || kind == "aten::minimum") {
            if (kind == "aten::div" && n->inputs().size() > 2 && in(n, 2).k != K::None)
                refuse(n, "division with a rounding mode");
            const int a = value(n, in(n, 0));
            const int b = value(n, in(n, 1));
            const BinaryFn fn = kind == "aten::mul" ? BinaryFn::Mul
                : kind == "aten::div"               ? BinaryFn::Div
                : kind == "aten::maximum"           ? BinaryFn::Maximum
                                                    : BinaryFn::Minimum;
            setOut(n, irSym(m_ir.binary(fn, a, b)));
        } else if (unaries.count(kind)) {
            unary(n, unaries.at(kind));
        } else if (kind == "aten::leaky_relu") {
            unary(n, UnaryFn::LeakyRelu, n->inputs().size() > 1 ? number(n, in(n, 1), "negative_slope") : 0.01);
        } else if (kind == "aten::elu") {
            const double alpha = n->inputs().size() > 1 ? number(n, in(n, 1), "alpha") : 1.0;
            if ((n->inputs().size() > 2 && number(n, in(n, 2), "scale") != 1.0)
                || (n->inputs().size() > 3 && number(n, in(n, 3), "input_scale") != 1.0))
                refuse(n, "elu with a scale");
            unary(n, UnaryFn::Elu, alpha);
        } else if (kind == "aten::pow") {
            const Sym e = in(n, 1);
            if (e.k != K::Int && e.k != K::Float)
                refuse(n, "pow with a tensor exponent");
            unary(n, UnaryFn::Pow, number(n, e, "exponent"));
        } else if (kind == "aten::clamp" || kind == "aten::clamp_min" || kind == "aten::clamp_max") {
            double lo = std::nan("");
            double hi = std::nan("");
            if (kind == "aten::clamp") {
                if (in(n, 1).k != K::None)
                    lo = number(n, in(n, 1), "min");
                if (n->inputs().size() > 2 && in(n, 2).k != K::None)
                    hi = number(n, in(n, 2), "max");
            } else if (kind == "aten::clamp_min") {
                lo = number(n, in(n, 1), "min");
            } else {
                hi = number(n, in(n, 1), "max");
            }
            unary(n, UnaryFn::Clamp, lo, hi);
        } else if (kind == "aten::cat") {
            const Sym l = in(n, 0);
            if (l.k != K::List || l.list.empty())
                refuse(n, "cat needs a list of tensors");
            std::vector<int> xs;
            for (const auto& s : l.list)
                xs.push_back(value(n, s));
            const int axis = featureAxis(n, irSym(xs.front()), integer(n, in(n, 1), "dim"));
            setOut(n, irSym(m_ir.concat(xs, axis)));
        } else if (kind == "aten::sum" || kind == "aten::mean" || kind == "aten::amax") {
            const int v = value(n, in(n, 0));
            if (n->inputs().size() < 2 || in(n, 1).k != K::List || in(n, 1).list.size() != 1)
                refuse(n, "a reduction over everything (or several dims) sums over the rows; give one feature dim");
            const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1).list[0], "dim"));
            const bool keep = n->inputs().size() > 2 && in(n, 2).k == K::Bool && in(n, 2).b;
            const Reduction r = kind == "aten::sum" ? Reduction::Sum
                : kind == "aten::mean"              ? Reduction::Mean
                                                    : Reduction::Max;
            setOut(n, irSym(m_ir.reduce(r, v, axis, keep)));
        } else if (kind == "aten::max" && n->outputs().size() == 2) {
            const int v = value(n, in(n, 0));
            const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1), "dim"));
            const bool keep = n->inputs().size() > 2 && in(n, 2).k == K::Bool && in(n, 2).b;
            setOut(n, irSym(m_ir.reduce(Reduction::Max, v, axis, keep)), 0);
            if (n->output(1)->hasUses())
                refuse(n, "the indices of max are not supported");
        } else if (kind == "aten::softmax" || kind == "aten::log_softmax") {
            const int v = value(n, in(n, 0));
            const int axis = featureAxis(n, irSym(v), integer(n, in(n, 1), "dim"));
            setOut(n, irSym(m_ir.softmax(v, axis, kind == "aten::log_softmax")));
        } else {
            refuse(n,
                "this op has no mapping (supported: message passing with index_select / index_add_ / "
                "scatter_add_ / scatter_reduce / bincount, linear, matmul, element-wise math, cat, view, sum, "
                "mean, softmax; see docs/dgi.md)");
        }
    }

    std::filesystem::path m_file;
    TorchScriptImportOptions m_options;
    jit::Module m_module{ c10::QualifiedName("__empty__") };
    GnnIr m_ir;
    std::unordered_map<const jit::Value*, Sym> m_syms;
    std::unordered_map<const jit::Value*, int> m_params;
};

} // namespace

GnnIr importTorchScript(const std::filesystem::path& file, const TorchScriptImportOptions& options)
{
    if (!std::filesystem::exists(file))
        throw Error::invalidInput("no such file").inFile(file.string());
    return Importer(file, options).run();
}

} // namespace vantage::dgi
