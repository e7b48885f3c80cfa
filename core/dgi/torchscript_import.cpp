// TorchScript -> GNN IR: an abstract interpretation of the frozen, inlined forward graph in which
// every TorchScript value is known as what it means to message passing (a per-node or per-edge
// IR value, edge_index, its source or destination row, the node count, a zero tensor waiting to
// be aggregated into, ...).

#include "dgi/aggregation_lowering_p.h"
#include "dgi/torchscript_import_p.h"

namespace vantage::dgi {

namespace detail {

ImportContext::ImportContext(std::string file)
    : m_file(std::move(file))
    , m_ops(torchScriptOpTable())
{ }

void ImportContext::refuse(const jit::Node& n, const std::string& why) const
{
    const std::string kind = n.kind().toQualString();
    Error e = Error::invalidInput("cannot map " + kind + " to the GNN IR: " + why);
    locate(e, n);
    e.inOp(kind);
    throw e;
}

void ImportContext::locate(Error& e, const jit::Node& n) const
{
    const auto [file, line] = userLocation(&n);
    if (!file.empty())
        e.inFile(file).atLine(line);
    else
        e.inFile(m_file);
}

void ImportContext::unmapped(const jit::Node& n) const
{
    refuse(n,
        "this op has no mapping (supported: message passing with index_select / index_add_ / "
        "scatter_add_ / scatter_reduce / bincount, linear, matmul, element-wise math, cat, stack, view, "
        "feature slices, sum, mean, softmax, batch and layer norm; see docs/dgi.md)");
}

Sym& ImportContext::sym(const jit::Node& n, const jit::Value* v)
{
    auto it = m_syms.find(v);
    if (it == m_syms.end())
        refuse(n, "operand %" + v->debugName() + " was not produced by a mapped op");
    return it->second;
}

int ImportContext::value(const jit::Node& n, const Sym& s, const char* what)
{
    switch (s.k) {
    case K::Value:
        return s.ir;
    case K::Int:
        return ir.constant(static_cast<double>(s.i));
    case K::Float:
        return ir.constant(s.f);
    case K::Ones:
        if (s.space == Space::Global)
            return ir.constant(1.0);
        return filledValue(*this, s.space, s.shape, 1.0);
    case K::NumNodes:
        refuse(n, std::string(what) + " is the node count; use it only as a size");
    case K::Index:
        refuse(n,
            std::string(what)
                + " is a row of edge_index; use it only to index (index_select, x[src]) or "
                  "to aggregate (index_add_, scatter_add_, scatter_reduce, bincount)");
    case K::Zeros:
        return filledValue(*this, s.space, s.shape, s.f);
    default:
        break;
    }
    refuse(n, std::string(what) + " is not a tensor computed from x, the graph or the weights");
}

std::int64_t ImportContext::integer(const jit::Node& n, const Sym& s, const char* what)
{
    if (s.k == K::Int)
        return s.i;
    if (s.k == K::Bool)
        return s.b ? 1 : 0;
    refuse(n, std::string(what) + " must be a constant integer");
}

double ImportContext::number(const jit::Node& n, const Sym& s, const char* what)
{
    if (s.k == K::Int)
        return static_cast<double>(s.i);
    if (s.k == K::Float)
        return s.f;
    refuse(n, std::string(what) + " must be a constant number");
}

int ImportContext::featureAxis(const jit::Node& n, const Sym& s, std::int64_t dim, bool insert)
{
    const int rank = static_cast<int>(op(s).shape.size()) + (op(s).space == Space::Global ? 0 : 1) + (insert ? 1 : 0);
    if (dim < 0)
        dim += rank;
    if (op(s).space == Space::Global) {
        if (dim < 0 || dim >= rank)
            refuse(n, "dim " + std::to_string(dim) + " is out of range");
        return static_cast<int>(dim);
    }
    if (dim == 0)
        refuse(n, "works over dim 0, the rows (nodes or edges), which is not a per-node operation");
    if (dim < 0 || dim >= rank)
        refuse(n, "dim " + std::to_string(dim) + " is out of range");
    return static_cast<int>(dim - 1);
}

// The width of x: the first linear layer (or matmul with a weight) whose input is x, or computed
// from x by ops that keep its feature width: dropout, activations, gathers, sums of messages,
// (1 + eps) * x + agg.
static std::int64_t inferInputWidth(
    const jit::Graph& graph, const jit::Value* x, const TorchScriptImportOptions& options, const std::string& file)
{
    static const std::set<std::string> keepWidth = { "aten::dropout", "aten::feature_dropout", "aten::contiguous",
        "aten::clone", "aten::detach", "aten::to", "aten::index_select", "aten::index", "aten::relu", "aten::elu",
        "aten::leaky_relu", "aten::tanh", "aten::sigmoid", "aten::type_as", "aten::float", "aten::add", "aten::sub",
        "aten::mul", "aten::div", "aten::add_", "aten::mul_", "aten::index_add", "aten::index_add_",
        "aten::scatter_add", "aten::scatter_add_", "aten::scatter_reduce", "aten::scatter_reduce_", "aten::zeros_like",
        "prim::unchecked_cast", "prim::TupleIndex", "prim::TupleConstruct", "aten::__getitem__" };
    const auto readsX = [&](const jit::Value* start) {
        std::vector<std::pair<const jit::Value*, int>> stack{ { start, 0 } };
        std::set<const jit::Value*> seen;
        while (!stack.empty()) {
            const auto [v, depth] = stack.back();
            stack.pop_back();
            if (v == x)
                return true;
            if (depth >= 16 || !seen.insert(v).second)
                continue;
            const jit::Node* p = v->node();
            const std::string kind = p->kind().toQualString();
            if (kind == "prim::If") { // a value chosen by a branch: what either branch returns
                const auto at = std::find(p->outputs().begin(), p->outputs().end(), v) - p->outputs().begin();
                for (const jit::Block* b : p->blocks())
                    stack.emplace_back(b->outputs()[static_cast<std::size_t>(at)], depth + 1);
                continue;
            }
            if (!keepWidth.count(kind))
                continue;
            for (const jit::Value* in : p->inputs())
                stack.emplace_back(in, depth + 1);
        }
        return false;
    };
    // A linear layer may read x's values side by side: cat([x_i, x_j - x_i], dim=-1) (PyG's EdgeConv),
    // each piece x's width. The number of pieces, or 0 when the value is not such a cat.
    const auto piecesOfX = [&](const jit::Value* v) -> std::int64_t {
        const jit::Node* c = v->node();
        if (std::string(c->kind().toQualString()) != "aten::cat" || c->inputs().size() < 2
            || c->input(0)->node()->kind() != c10::prim::ListConstruct)
            return 0;
        const auto dim = jit::toIValue(c->input(1));
        if (!dim || !dim->isInt() || (dim->toInt() != -1 && dim->toInt() != 1))
            return 0;
        const auto pieces = c->input(0)->node()->inputs();
        for (const jit::Value* piece : pieces)
            if (!readsX(piece))
                return 0;
        return static_cast<std::int64_t>(pieces.size());
    };
    for (const jit::Node* n : graph.nodes()) {
        const std::string kind = n->kind().toQualString();
        if (kind != "aten::linear" && kind != "aten::matmul" && kind != "aten::mm")
            continue;
        const std::int64_t pieces = readsX(n->input(0)) ? 1 : piecesOfX(n->input(0));
        if (pieces == 0)
            continue;
        auto w = jit::toIValue(n->input(1));
        if (!w || !w->isTensor() || w->toTensor().dim() != 2)
            continue;
        const std::int64_t in = kind == "aten::linear" ? w->toTensor().size(1) : w->toTensor().size(0);
        if (in % pieces == 0)
            return in / pieces;
    }
    if (options.fallbackInputWidth > 0)
        return options.fallbackInputWidth;
    throw Error::invalidInput("cannot tell the width of x from the model (no linear layer reads it); pass it "
                              "(--in-dim)")
        .inFile(file);
}

int ImportContext::parameter(const jit::Value* v, const at::Tensor& t)
{
    if (auto it = m_params.find(v); it != m_params.end())
        return it->second;
    const at::Tensor c = t.detach().to(torch::kFloat32).contiguous();
    std::vector<float> values(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
    std::string name = v->hasDebugName() ? v->debugName() : "param" + std::to_string(m_params.size());
    const int id = ir.parameter(name, c.sizes().vec(), std::move(values));
    m_params.emplace(v, id);
    return id;
}

Sym constant(ImportContext& c, const jit::Node& n)
{
    const jit::Value* v = n.output();
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
            s = irSym(c.parameter(v, t));
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
    } else if ((iv->isDoubleList() || iv->isBoolList() || iv->isList()) && iv->toListRef().size() <= 4096) {
        // A list attribute of the model (scales, names of aggregations), frozen into a constant.
        s.k = K::List;
        for (const c10::IValue& x : iv->toListRef()) {
            Sym e;
            if (x.isDouble()) {
                e.k = K::Float;
                e.f = x.toDouble();
            } else if (x.isBool()) {
                e.k = K::Bool;
                e.b = x.toBool();
            } else if (x.isInt()) {
                e.k = K::Int;
                e.i = x.toInt();
            } else if (x.isString()) {
                e.k = K::Str;
                e.s = x.toStringRef();
            } else if (x.isNone()) {
                e.k = K::None;
            } else {
                e.k = K::Other;
            }
            s.list.push_back(e);
        }
    } else {
        s.k = K::Other;
    }
    return s;
}

void rowsAndShape(ImportContext& c, const jit::Node& n, const Sym& list, Space& space, std::vector<std::int64_t>& shape,
    bool allowMinus)
{
    std::vector<Sym> items = list.k == K::List ? list.list : std::vector<Sym>{ list };
    if (items.empty())
        c.refuse(n, "a tensor without rows is not per-node");
    const Sym& first = items.front();
    if (first.k == K::NumNodes)
        space = Space::Node;
    else if (first.k == K::NumEdges)
        space = Space::Edge;
    else if (first.k == K::Int && (first.i > 0 || (allowMinus && first.i == -1)))
        space = Space::Global; // resolved by the caller: rows of a traced model, or -1
    else
        c.refuse(n, "the first size must be the number of nodes (x.size(0)) or edges");
    shape.clear();
    for (std::size_t i = 1; i < items.size(); ++i)
        shape.push_back(c.integer(n, items[i], "a feature size"));
}

int aggregateInto(ImportContext& c, const jit::Node& n, const Sym& self, const Sym& index, const Sym& src, Reduction r,
    bool includeSelf)
{
    if (index.k != K::Index)
        c.refuse(n, "the index must be a row of edge_index (possibly unsqueezed or expanded)");
    Aggregation a;
    a.reduction = r;
    a.includeSelf = includeSelf;
    a.intoDestinations = index.dst;
    a.countsEdges = src.k == K::Ones && src.space == Space::Edge;
    a.sourceShape = src.shape;
    a.intoFilled = self.k == K::Zeros || (self.k == K::Ones && self.space == Space::Node);
    a.fill = self.k == K::Ones ? 1.0 : self.f;
    a.fillShape = self.shape;
    if (a.intoFilled && self.space == Space::Edge)
        c.refuse(n, "aggregating into a per-edge tensor");
    a.messages = [&] { return c.value(n, src, "the aggregated source"); };
    a.destination = [&] { return c.value(n, self, "the tensor aggregated into"); };
    return lowerAggregation(c.ir, a, [&](const std::string& why) { c.refuse(n, why); });
}

int filledValue(ImportContext& c, Space space, const std::vector<std::int64_t>& shape, double fill)
{
    return filledRows(c.ir, space, shape, fill);
}

void ImportContext::map(const jit::Node& n)
{
    // However loops unroll, a model of more than a million ops is not a GNN this importer can cut.
    constexpr int kMaxOps = 1 << 20;
    if (ir.size() > kMaxOps)
        refuse(n, "the model unrolls to more than " + std::to_string(kMaxOps) + " ops");
    const auto [file, line] = userLocation(&n);
    const std::string loc
        = file.empty() ? "" : std::filesystem::path(file).filename().string() + ":" + std::to_string(line);
    ir.setScope(moduleScope(&n), loc);
    // In-place variants map like their functional forms; the mutated operand then means the result.
    const CanonicalOp canonical = canonicalOp(n.kind().toQualString());
    const TorchScriptOpTable::Handler handler = m_ops.find(canonical.name);
    if (!handler)
        unmapped(n);
    try {
        handler(*this, n);
    } catch (Error& e) {
        // Checks made while building the IR (shapes of a matmul, a linear's weight) know no file:
        // they get the line of the op being mapped, as refusals do.
        if (!e.file())
            locate(e, n);
        throw;
    }
    if (canonical.inPlace && n.outputs().size() == 1) {
        auto it = m_syms.find(n.output());
        if (it != m_syms.end())
            m_syms[n.input(0)] = it->second;
    }
}

const TorchScriptOpTable& torchScriptOpTable()
{
    static const TorchScriptOpTable table = [] {
        TorchScriptOpTable t;
        addCoreOps(t);
        addMaskAndFillOps(t);
        addLayerOps(t);
        return t;
    }();
    return table;
}

namespace {

jit::Module loadModule(const std::filesystem::path& file, std::istream* in)
{
    const ModelFileInfo info = in ? checkTorchScriptStream(*in, file.string()) : checkTorchScriptFile(file);
    jit::Module module;
    try {
        module = in ? torch::jit::load(*in) : torch::jit::load(file.string());
    } catch (const std::exception& e) {
        // c10::Error, or torch::jit::ErrorReport when the archive's code does not compile here.
        const auto* c10 = dynamic_cast<const c10::Error*>(&e);
        const std::string why = firstLineOf(c10 ? c10->what_without_backtrace() : e.what());
        if (info.savedByPyTorch2 && TORCH_VERSION_MAJOR < 2)
            throw Error::invalidInput("this model was saved by PyTorch 2.x, and this build of Vantage uses LibTorch "
                + std::string(TORCH_VERSION) + ", which cannot compile its code (" + why
                + "); script and save the model with a PyTorch no newer than " + std::to_string(TORCH_VERSION_MAJOR)
                + "." + std::to_string(TORCH_VERSION_MINOR)
                + ", or use Vantage built against LibTorch 2.x (scripts/run.sh without --debian-libtorch; "
                  "docs/dgi.md, 'Which PyTorch')")
                .inFile(file.string());
        throw Error::invalidInput(std::string("not a TorchScript model this build can load (save it with "
                                              "torch.jit.save; LibTorch ")
            + TORCH_VERSION + " said: " + why + ")")
            .inFile(file.string());
    }
    checkModuleTensors(module, file.string());
    return module;
}

// The forward graph of `module` frozen in eval mode into `frozen` (which keeps the graph's
// constants), inlined and constant-folded.
std::shared_ptr<jit::Graph> forwardGraph(jit::Module& module, jit::Module& frozen, const std::string& file)
{
    try {
        module.eval();
        frozen = jit::freeze_module(module);
        auto method = frozen.find_method("forward");
        if (!method)
            throw Error::invalidInput("the module has no forward method").inFile(file);
        std::shared_ptr<jit::Graph> graph = method->graph()->copy();
        jit::Inline(*graph);
        jit::ConstantPropagation(graph);
        jit::EliminateDeadCode(graph);
        return graph;
    } catch (const c10::Error& e) {
        throw Error::invalidInput(std::string("cannot freeze the module: ") + firstLineOf(e.what_without_backtrace()))
            .inFile(file);
    }
}

// forward(x, edge_index, ...): x becomes the IR's input, edge_index the graph; further arguments must
// be optional (PyG's size, edge_weight, batch, ...), and are taken as None, as a call with two
// arguments passes them.
void bindArguments(ImportContext& c, const jit::Graph& graph, const TorchScriptImportOptions& options,
    const std::filesystem::path& file)
{
    const auto inputs = graph.inputs();
    bool optionalRest = inputs.size() >= 3;
    for (std::size_t i = 3; i < inputs.size(); ++i)
        optionalRest = optionalRest && inputs[i]->type()->kind() == c10::TypeKind::OptionalType;
    if (!optionalRest)
        throw Error::invalidInput("forward must take (x, edge_index) and only optional arguments after them, it takes "
            + std::to_string(inputs.size() - 1) + " arguments")
            .inFile(file.string());
    for (std::size_t i = 3; i < inputs.size(); ++i)
        c.bind(inputs[i], Sym{ .k = K::None });
    const jit::Value* x = inputs[1];
    const std::int64_t width
        = options.inputWidth > 0 ? options.inputWidth : inferInputWidth(graph, x, options, file.string());
    c.ir.modelName = file.filename().string();
    c.ir.hyperParameters = { { "model", file.filename().string() }, { "in", width }, { "source", "torchscript" } };
    c.ir.setScope("", "");
    c.bind(x, irSym(c.ir.input(width)));
    c.bind(inputs[2], Sym{ .k = K::EdgeIndex });
}

GnnIr importModule(const std::filesystem::path& file, const TorchScriptImportOptions& options, std::istream* in)
{
    jit::Module module = loadModule(file, in);
    jit::Module frozen{ c10::QualifiedName("__empty__") };
    const std::shared_ptr<jit::Graph> graph = forwardGraph(module, frozen, file.string());
    ImportContext c(file.string());
    bindArguments(c, *graph, options, file);
    try {
        for (const jit::Node* n : graph->nodes())
            c.map(*n);
    } catch (const c10::Error& e) {
        throw Error::failure(std::string("LibTorch failed while importing: ") + firstLineOf(e.what_without_backtrace()))
            .inFile(file.string());
    }
    const auto outputs = graph->outputs();
    if (outputs.size() != 1)
        throw Error::invalidInput("forward must return one tensor").inFile(file.string());
    const Sym& out = c.sym(*graph->return_node(), outputs[0]);
    if (out.k != K::Value)
        throw Error::invalidInput("forward must return a per-node tensor computed from x").inFile(file.string());
    c.ir.setScope("", "");
    c.ir.setOutput(out.ir);
    return std::move(c.ir);
}

} // namespace
} // namespace detail

std::vector<std::string> torchScriptOps()
{
    return detail::torchScriptOpTable().ops();
}

std::string libTorchVersion()
{
    return TORCH_VERSION;
}

GnnIr importTorchScriptInProcess(
    const std::filesystem::path& file, const TorchScriptImportOptions& options, std::istream* in)
{
    if (!in && !std::filesystem::exists(file))
        throw Error::invalidInput("no such file").inFile(file.string());
    return detail::importModule(file, options, in);
}

} // namespace vantage::dgi
