// The torch.export reader: the program's signature (weights, x and edge_index), the walk over its
// nodes through the op table, and what each argument means.

#include "dgi/export_import_p.h"

#include "common/text_input.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>

namespace vantage::dgi {

namespace detail::pt2 {

namespace {

constexpr std::size_t kMaxNodes = 1 << 20;

// "File \"/x/gcn_conv.py\", line 241, in forward ..." -> "gcn_conv.py:241": the innermost frame
// outside PyTorch itself (F.linear's own line says nothing of the model), else the innermost.
std::string locationOf(const Json& meta)
{
    if (!meta.is_object() || !meta.contains("stack_trace") || !meta["stack_trace"].is_string())
        return {};
    const std::string trace = meta["stack_trace"].get<std::string>();
    std::string user, any;
    for (std::size_t file = trace.find("File \""); file != std::string::npos; file = trace.find("File \"", file + 6)) {
        const auto close = trace.find('"', file + 6);
        if (close == std::string::npos || trace.compare(close, 7, "\", line") != 0)
            break;
        std::string path = trace.substr(file + 6, close - file - 6);
        const bool library = path.find("/torch/") != std::string::npos;
        if (const auto slash = path.rfind('/'); slash != std::string::npos)
            path = path.substr(slash + 1);
        std::string number;
        for (std::size_t i = close + 8; i < trace.size() && std::isdigit(static_cast<unsigned char>(trace[i])); ++i)
            number += trace[i];
        any = path + ":" + number;
        if (!library)
            user = any;
    }
    return user.empty() ? any : user;
}

// "L__self__,,GCN;L__self__convs.0,convs.0,GCNConv" -> "convs.0" (the innermost module's path).
std::string scopeOf(const Json& meta)
{
    if (!meta.is_object() || !meta.contains("nn_module_stack") || !meta["nn_module_stack"].is_string())
        return {};
    std::string stack = meta["nn_module_stack"].get<std::string>();
    if (const auto semi = stack.rfind(';'); semi != std::string::npos)
        stack = stack.substr(semi + 1);
    const auto a = stack.find(',');
    const auto b = a == std::string::npos ? a : stack.find(',', a + 1);
    return b == std::string::npos ? std::string() : stack.substr(a + 1, b - a - 1);
}

// "torch.ops.aten.scatter_add_.default" -> "aten::scatter_add_.default"; "_operator.add" as it is.
std::string opName(const std::string& target)
{
    constexpr std::string_view ops = "torch.ops.";
    if (!target.starts_with(ops))
        return target;
    std::string rest = target.substr(ops.size());
    if (const auto dot = rest.find('.'); dot != std::string::npos)
        rest.replace(dot, 1, "::");
    return rest;
}

const Json& field(const Json& j, const char* name, const std::string& source)
{
    static const Json null;
    if (!j.is_object() || !j.contains(name))
        throw Error::invalidInput(std::string("the program's JSON lacks '") + name + "'").inFile(source);
    return j.contains(name) ? j[name] : null;
}

} // namespace

Context::Context(const Program& p, std::string source)
    : program(p)
    , m_source(std::move(source))
    , m_ops(exportOpTable())
{ }

std::string Context::writer() const
{
    return "PyTorch " + (program.torchVersion.empty() ? std::string("(version not stated)") : program.torchVersion)
        + ", export schema " + program.schema;
}

void Context::refuse(const Node& n, const std::string& why) const
{
    std::string where = m_location.empty() ? "" : " at " + m_location;
    throw Error::invalidInput(why + where + " (written by " + writer() + ")").inFile(m_source).inOp(n.op);
}

Sym Context::decode(const Node& n, const Json& arg)
{
    Sym s;
    if (!arg.is_object() || arg.size() != 1)
        refuse(n, "an argument the export schema does not describe");
    const std::string kind = arg.begin().key();
    const Json& v = arg.begin().value();
    const auto named = [&](const Json& t) -> Sym {
        const Json* name = t.is_object() && t.contains("name") ? &t["name"]
            : t.is_object() && t.contains("as_name")           ? &t["as_name"]
                                                               : nullptr;
        if (!name || !name->is_string())
            refuse(n, "an argument names no value");
        const auto it = m_syms.find(name->get<std::string>());
        if (it == m_syms.end())
            refuse(n, "operand '" + name->get<std::string>().substr(0, 80) + "' was not produced by a mapped op");
        return it->second;
    };
    if (kind == "as_tensor" || kind == "as_sym_bool" || kind == "as_sym_float")
        return named(v);
    if (kind == "as_sym_int")
        return v.is_object() && v.contains("as_int") ? decode(n, v) : named(v);
    if (kind == "as_int" && v.is_number_integer())
        return intSym(v.get<std::int64_t>());
    if (kind == "as_float" && v.is_number()) {
        s.k = K::Float;
        s.f = v.get<double>();
    } else if (kind == "as_float" && v.is_string()) { // "Infinity", "-Infinity", "NaN"
        s.k = K::Float;
        const std::string t = v.get<std::string>();
        s.f = t == "NaN" ? std::nan("") : t.starts_with('-') ? -INFINITY : INFINITY;
    } else if (kind == "as_bool" && v.is_boolean()) {
        s.k = K::Bool;
        s.b = v.get<bool>();
    } else if (kind == "as_string" && v.is_string()) {
        s.k = K::Str;
        s.s = v.get<std::string>();
    } else if (kind == "as_none") {
        s.k = K::None;
    } else if (kind == "as_ints" || kind == "as_floats" || kind == "as_bools" || kind == "as_tensors"
        || kind == "as_sym_ints" || kind == "as_optional_tensors") {
        if (!v.is_array())
            refuse(n, "a list argument that is not a list");
        s.k = K::List;
        for (const Json& item : v) {
            if (kind == "as_ints")
                s.list.push_back(decode(n, Json{ { "as_int", item } }));
            else if (kind == "as_floats")
                s.list.push_back(decode(n, Json{ { "as_float", item } }));
            else if (kind == "as_bools")
                s.list.push_back(decode(n, Json{ { "as_bool", item } }));
            else if (kind == "as_tensors")
                s.list.push_back(named(item));
            else
                s.list.push_back(decode(n, item)); // {"as_int": 2} / {"as_name": ...}; {"as_none"} / {"as_tensor"}
        }
    } else if (kind == "as_name") {
        return named(arg);
    } else if (kind == "as_device" || kind == "as_scalar_type" || kind == "as_layout" || kind == "as_memory_format") {
        s.k = K::Other;
    } else {
        refuse(n, "an argument of kind '" + kind.substr(0, 40) + "', which DGI does not read");
    }
    return s;
}

std::optional<Sym> Context::arg(const Node& n, const std::string& name)
{
    for (const auto& [argName, arg] : n.args)
        if (argName == name)
            return decode(n, *arg);
    return std::nullopt;
}

Sym Context::need(const Node& n, const std::string& name)
{
    if (auto s = arg(n, name))
        return *s;
    refuse(n, "the argument '" + name + "' is missing");
}

void Context::setOut(const Node& n, Sym s, std::size_t i)
{
    if (i < n.outputs.size())
        m_syms[n.outputs[i]] = s;
    // An op in place also changes its operand: later uses of the operand's name mean the result.
    if (n.inPlace && i == 0 && !n.args.empty()) {
        const Json& self = *n.args.front().second;
        if (self.contains("as_tensor") && self["as_tensor"].contains("name") && self["as_tensor"]["name"].is_string())
            m_syms[self["as_tensor"]["name"].get<std::string>()] = std::move(s);
    }
}

int Context::value(const Node& n, const Sym& s, const char* what)
{
    switch (s.k) {
    case K::Value:
        return s.ir;
    case K::Int:
        return ir.constant(static_cast<double>(s.i));
    case K::Float:
        return ir.constant(s.f);
    case K::Bool:
        return ir.constant(s.b ? 1.0 : 0.0);
    case K::Filled:
        return filledValue(*this, s.space, s.shape, s.fill);
    case K::Count:
        refuse(n, std::string(what) + " is a number of nodes or edges; use it only as a size");
    case K::Index:
        refuse(n, std::string(what) + " is a row of edge_index; use it only to index or to aggregate");
    default:
        break;
    }
    refuse(n, std::string(what) + " is not a tensor computed from x, the graph or the weights");
}

std::int64_t Context::integer(const Node& n, const Sym& s, const char* what)
{
    if (s.k == K::Int)
        return s.i;
    if (s.k == K::Bool)
        return s.b ? 1 : 0;
    refuse(n, std::string(what) + " must be a constant integer");
}

double Context::number(const Node& n, const Sym& s, const char* what)
{
    if (s.k == K::Int)
        return static_cast<double>(s.i);
    if (s.k == K::Float)
        return s.f;
    if (s.k == K::Bool)
        return s.b ? 1.0 : 0.0;
    refuse(n, std::string(what) + " must be a constant number");
}

int Context::featureAxis(const Node& n, int v, std::int64_t dim, bool insert)
{
    const IrOp& o = ir.op(v);
    const int rows = o.space == Space::Global ? 0 : 1;
    const std::int64_t rank = static_cast<std::int64_t>(o.shape.size()) + rows + (insert ? 1 : 0);
    if (dim < 0)
        dim += rank;
    if (dim < 0 || dim >= rank)
        refuse(n, "dim " + std::to_string(dim) + " is out of range");
    if (rows && dim == 0)
        refuse(n, "works over dim 0, the rows (nodes or edges), which is not a per-node operation");
    return static_cast<int>(dim - rows);
}

void Context::useEdges(const Node& n, EdgeSet set)
{
    if (set == EdgeSet::NoLoops)
        refuse(n, "messages over edge_index with its self-loops removed and none added are not supported");
    if (edgesChosen && edges != set)
        refuse(n,
            "one layer passes messages over the edges as given, another with one self-loop per node "
            "(add_self_loops); DGI evaluates one graph");
    edgesChosen = true;
    edges = set;
}

int Context::parameter(const std::string& name, const std::string& tensor)
{
    if (const auto it = m_params.find(name); it != m_params.end())
        return it->second;
    const auto t = program.tensors.find(tensor);
    if (t == program.tensors.end())
        throw Error::invalidInput("the program's input '" + name.substr(0, 80) + "' names the tensor '"
            + tensor.substr(0, 80) + "', which the archive does not hold")
            .inFile(m_source);
    ir.setScope(tensor);
    const int id = ir.parameter(tensor, t->second.shape, t->second.values);
    m_params[name] = id;
    return id;
}

void Context::map(const Node& n)
{
    m_location = n.location;
    const auto handler = m_ops.find(n.op);
    if (!handler)
        refuse(n, "the op " + n.op + " (" + n.target.substr(0, 80) + ") is not supported by DGI's torch.export reader");
    try {
        handler(*this, n);
    } catch (Error& e) {
        if (!e.op())
            e.inOp(n.op);
        if (!e.file())
            e.inFile(m_source);
        throw;
    }
}

// x (the first user input, [nodes, features] with the nodes dynamic) and edge_index ([2, edges]).
void bindUserInput(Context& c, const Json& sizes, const std::string& name, int index, const std::string& source,
    const ExportImportOptions& options)
{
    if (index == 1) {
        if (!sizes.is_array() || sizes.size() != 2 || !sizes[0].contains("as_int") || sizes[0]["as_int"] != 2)
            throw Error::invalidInput("edge_index, the program's second input, is not [2, edges]").inFile(source);
        Sym e;
        e.k = K::EdgeIndex;
        return c.bind(name, e);
    }
    if (index > 1)
        throw Error::invalidInput("the program takes more inputs than x and edge_index; export "
                                  "forward(x, edge_index) alone")
            .inFile(source);
    if (!sizes.is_array() || sizes.size() != 2 || !sizes[1].contains("as_int"))
        throw Error::invalidInput("x, the program's first input, is not [nodes, features]").inFile(source);
    if (sizes[0].contains("as_int"))
        throw Error::invalidInput("the program was exported for " + sizes[0]["as_int"].dump()
            + " nodes only; export it with the numbers of nodes and edges dynamic: "
              "dynamic_shapes=({0: Dim(\"nodes\")}, {1: Dim(\"edges\")})")
            .inFile(source);
    const std::int64_t width = sizes[1]["as_int"].get<std::int64_t>();
    if (options.inputWidth > 0 && options.inputWidth != width)
        throw Error::invalidInput("x is " + std::to_string(options.inputWidth) + " wide, the program was exported for "
            + std::to_string(width))
            .inFile(source);
    c.ir.setScope("x");
    c.bind(name, irSym(c.ir.input(width)));
}

// The program's signature: x, edge_index, and its parameters, buffers and constants as IR parameters.
void bindInputs(Context& c, const Program& p, const std::string& source, const ExportImportOptions& options)
{
    const Json& specs = field(p.signature, "input_specs", source);
    const Json& values = field(p.graph, "tensor_values", source);
    int users = 0;
    for (const Json& spec : specs) {
        if (!spec.is_object() || spec.size() != 1)
            throw Error::invalidInput("an input of the program's signature is not one spec").inFile(source);
        const std::string kind = spec.begin().key();
        const Json& s = spec.begin().value();
        const Json& a = field(s, "arg", source);
        if (kind == "user_input") {
            const std::string name = field(field(a, "as_tensor", source), "name", source).get<std::string>();
            bindUserInput(
                c, field(field(values, name.c_str(), source), "sizes", source), name, users++, source, options);
            continue;
        }
        const char* tensorField = kind == "parameter" ? "parameter_name"
            : kind == "buffer"                        ? "buffer_name"
            : kind == "tensor_constant"               ? "tensor_constant_name"
                                                      : nullptr;
        if (!tensorField)
            throw Error::invalidInput("an input of kind '" + kind.substr(0, 40) + "', which DGI does not read")
                .inFile(source);
        const std::string name = field(a, "name", source).get<std::string>();
        c.bind(name, irSym(c.parameter(name, field(s, tensorField, source).get<std::string>())));
    }
    if (users != 2)
        throw Error::invalidInput("the program does not take forward(x, edge_index)").inFile(source);
}

// One node of the program's JSON, its arguments by name.
Node readNode(const Json& j, const std::string& source)
{
    Node n;
    n.target = field(j, "target", source).is_string() ? j["target"].get<std::string>() : "";
    const CanonicalOp op = canonicalOp(opName(n.target));
    n.op = op.name;
    n.inPlace = op.inPlace;
    for (const Json& in : field(j, "inputs", source))
        if (in.is_object() && in.contains("name") && in["name"].is_string() && in.contains("arg"))
            n.args.emplace_back(in["name"].get<std::string>(), &in["arg"]);
    for (const Json& out : field(j, "outputs", source)) {
        std::string name;
        if (out.is_object() && out.size() == 1) {
            const Json& v = out.begin().value();
            if (v.is_object() && v.contains("name") && v["name"].is_string())
                name = v["name"].get<std::string>();
            else if (v.is_object() && v.contains("as_name") && v["as_name"].is_string())
                name = v["as_name"].get<std::string>();
        }
        n.outputs.push_back(name);
    }
    return n;
}

// Maps the program's signature and nodes, in order.
GnnIr mapProgram(const Program& p, const std::string& source, const ExportImportOptions& options)
{
    Context c(p, source);
    bindInputs(c, p, source, options);
    const Json& nodes = field(p.graph, "nodes", source);
    if (!nodes.is_array() || nodes.size() > kMaxNodes)
        throw Error::invalidInput("the program's nodes are not a list of at most 2^20").inFile(source);
    for (const Json& j : nodes) {
        Node n = readNode(j, source);
        const Json meta = j.value("metadata", Json());
        n.location = locationOf(meta);
        c.ir.setScope(scopeOf(meta), n.location);
        c.map(n);
    }
    const Json& outputs = field(p.graph, "outputs", source);
    if (!outputs.is_array() || outputs.size() != 1)
        throw Error::invalidInput("the program returns more than one value; DGI evaluates a model of one output")
            .inFile(source);
    Node end;
    end.op = "output";
    end.args.emplace_back("output", &outputs[0]);
    const Sym out = c.need(end, "output");
    const int v = c.value(end, out, "the output");
    if (c.ir.op(v).space != Space::Node)
        throw Error::invalidInput("the program's output is not one row per node").inFile(source);
    c.ir.setOutput(v);
    if (c.edgesChosen && c.edges == EdgeSet::OneLoopPerNode)
        c.ir.hyperParameters["self_loops"] = "add";
    c.ir.hyperParameters["exported_by"] = c.writer();
    return std::move(c.ir);
}

} // namespace detail::pt2

GnnIr importExportedProgram(
    const ReadAt& read, std::uint64_t size, const std::string& source, const ExportImportOptions& options)
{
    try {
        const detail::pt2::Program p = detail::pt2::readProgram(read, size, source);
        GnnIr ir = detail::pt2::mapProgram(p, source, options);
        ir.modelName = std::filesystem::path(source).filename().string();
        return ir;
    } catch (const Json::exception& e) {
        // A field of another JSON type than the schema's (a string where a number is due).
        throw Error::invalidInput(std::string("the program's JSON does not follow the export schema: ") + e.what())
            .inFile(source);
    }
}

GnnIr importExportedProgram(const std::filesystem::path& file, const ExportImportOptions& options)
{
    requireRegularFile(file, "a torch.export program");
    const std::uint64_t size = checkInputFile(file, TextLimits{ .what = "a torch.export program" });
    std::ifstream in(file, std::ios::binary);
    if (!in)
        throw Error::invalidInput("cannot open for reading").inFile(file.string());
    const ReadAt read = [&](std::uint64_t offset, std::uint64_t n) {
        std::string out(static_cast<std::size_t>(n), '\0');
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(out.data(), static_cast<std::streamsize>(n));
        if (static_cast<std::uint64_t>(in.gcount()) != n)
            throw Error::failure("read error").inFile(file.string());
        return out;
    };
    return importExportedProgram(read, size, file.string(), options);
}

bool isExportedProgramFile(const std::filesystem::path& file)
{
    return file.extension() == ".pt2";
}

std::vector<std::string> exportedProgramOps()
{
    return detail::pt2::exportOpTable().ops();
}

SelfLoops modelSelfLoops(const GnnIr& ir)
{
    return ir.hyperParameters.value("self_loops", std::string()) == "add" ? SelfLoops::Add : SelfLoops::Keep;
}

} // namespace vantage::dgi
