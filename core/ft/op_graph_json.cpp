// The op graph's JSON (docs/ft.md, "Op graph"): read with every field checked and located
// (file:line, JSON pointer), written back so that reading it again gives the same graph.
#include "ft/op_graph.h"

#include "common/error.h"
#include "common/json.h"
#include "ft/json_reader.h"

#include <algorithm>
#include <map>
#include <set>

namespace vantage::ft {

namespace {

// More ATen ops than any one FT op is made of (a written-out attention is a few dozen).
constexpr std::int64_t kMaxAtenOps = 1 << 20;
constexpr std::int64_t kMaxSavedElements = std::int64_t{ 1 } << 50; // saved, traffic

using detail::JsonReader;

// An int or [h, w].
std::pair<int, int> pairField(const JsonReader& r, const Json& j, const char* key, const std::string& at, int fallback)
{
    if (!r.has(j, key))
        return { fallback, fallback };
    const Json& v = j.at(key);
    const std::string p = at + "/" + key;
    auto asInt = [&](const Json& x) {
        if (!x.is_number_integer())
            r.fail(std::string("expected an integer or [height, width]"), p);
        const auto i = x.get<std::int64_t>();
        if (i < 0 || i > 1 << 20)
            r.fail("value out of range", p);
        return static_cast<int>(i);
    };
    if (v.is_array()) {
        if (v.size() != 2)
            r.fail("expected [height, width]", p);
        return { asInt(v[0]), asInt(v[1]) };
    }
    const int i = asInt(v);
    return { i, i };
}

// The ops' names to their positions in the file (inputs may name ops listed later).
std::map<std::string, std::size_t> opNames(const Json& ops, const JsonReader& r)
{
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const std::string at = "/ops/" + std::to_string(i);
        const std::string name = r.string(ops[i], "name", at);
        if (name.empty())
            r.fail("an op needs a non-empty name", at + "/name");
        if (!index.emplace(name, i).second)
            r.fail("duplicate op name '" + name + "'", at + "/name");
    }
    return index;
}

// The positions of each op's inputs.
std::vector<std::vector<std::size_t>> opInputs(
    const Json& ops, const JsonReader& r, const std::map<std::string, std::size_t>& index)
{
    std::vector<std::vector<std::size_t>> inputs(ops.size());
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const std::string at = "/ops/" + std::to_string(i);
        if (!r.has(ops[i], "inputs"))
            continue;
        const Json& list = r.array(ops[i], "inputs", at);
        for (std::size_t k = 0; k < list.size(); ++k) {
            const std::string p = at + "/inputs/" + std::to_string(k);
            if (!list[k].is_string())
                r.fail("expected an op name", p);
            const auto it = index.find(list[k].get<std::string>());
            if (it == index.end())
                r.fail("unknown op '" + list[k].get<std::string>() + "'", p);
            if (it->second == i)
                r.fail("an op cannot read its own output", p);
            inputs[i].push_back(it->second);
        }
    }
    return inputs;
}

// A topological order: of the ops whose inputs are all placed, the one first in the file (a file
// already in data order keeps its order). A cycle is refused naming an op on it.
std::vector<std::size_t> dataOrder(
    const Json& ops, const JsonReader& r, const std::vector<std::vector<std::size_t>>& inputs)
{
    std::vector<int> indegree(ops.size(), 0);
    std::vector<std::vector<std::size_t>> consumers(ops.size());
    for (std::size_t i = 0; i < ops.size(); ++i)
        for (std::size_t from : inputs[i]) {
            ++indegree[i];
            consumers[from].push_back(i);
        }
    std::vector<std::size_t> order;
    std::set<std::size_t> ready;
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (indegree[i] == 0)
            ready.insert(i);
    while (!ready.empty()) {
        const std::size_t i = *ready.begin();
        ready.erase(ready.begin());
        order.push_back(i);
        for (std::size_t c : consumers[i])
            if (--indegree[c] == 0)
                ready.insert(c);
    }
    if (order.size() != ops.size()) {
        std::size_t first = 0;
        while (indegree[first] == 0)
            ++first;
        r.fail("the inputs form a cycle through op '" + ops[first].at("name").get<std::string>() + "'",
            "/ops/" + std::to_string(first) + "/inputs");
    }

    return order;
}

// What the exporter measured of a program's op: saved (of it saved_inputs) and traffic, in 4-byte
// elements; -1 (FT's own count) where absent.
void readMeasurements(const Json& o, const std::string& at, const JsonReader& r, Op& op)
{
    const auto measured = [&](const char* key, const std::string& what, std::int64_t most, const std::string& bound) {
        if (!r.has(o, key))
            return -1.0;
        const std::int64_t v = r.integer(o, key, at, 0);
        if (v < 0 || v > most)
            r.fail(std::string(key) + " (" + what + ") must be between 0 and " + bound + ", found " + std::to_string(v),
                at + "/" + key);
        if (op.kind == OpKind::Loss)
            r.fail(std::string("'") + key + "' is for the program's ops; the loss is FT's own", at + "/" + key);
        return double(v);
    };
    op.keptElements = measured("saved", "the elements autograd keeps for the op's backward", kMaxSavedElements, "2^50");
    if (op.keptElements < 0.0 && r.has(o, "saved_inputs"))
        r.fail("'saved_inputs' is a part of 'saved', which the op does not give", at + "/saved_inputs");
    if (op.keptElements >= 0.0)
        op.keptInputElements = std::max(0.0,
            measured("saved_inputs", "the part of 'saved' the op read from other ops",
                static_cast<std::int64_t>(op.keptElements),
                "saved (" + std::to_string(std::int64_t(op.keptElements)) + ")"));
    op.traffic = measured("traffic", "the elements the op's memory-bound ATen kernels move", kMaxSavedElements, "2^50");
    op.special = measured(
        "special", "the elements the op's special-function kernels make in forward", kMaxSavedElements, "2^50");
    op.specialBackward = measured("special_backward", "the elements the op's special-function kernels make in backward",
        kMaxSavedElements, "2^50");
    if ((op.special < 0.0) != (op.specialBackward < 0.0))
        r.fail("'special' and 'special_backward' are given together",
            at + (op.special < 0.0 ? "/special_backward" : "/special"));
}

// One op of the file; `graphIndex` maps file positions of the ops added so far to graph indices.
Op readOp(const Json& o, const std::string& at, const JsonReader& r, const std::vector<std::size_t>& inputs,
    const std::vector<int>& graphIndex, const std::map<std::string, std::size_t>& index)
{
    r.requireObject(o, at,
        { "name", "kind", "inputs", "batch", "seq", "height", "width", "features", "channels", "out", "vocab",
            "extra_rows", "kernel", "stride", "padding", "heads", "kv_heads", "head_dim", "bias", "batch_norm",
            "activation", "function", "tied_to", "ceil_mode", "groups", "params", "window", "aten_ops", "saved",
            "saved_inputs", "traffic", "special", "special_backward" });
    Op op;
    op.name = r.string(o, "name", at);
    try {
        op.kind = enumFromName<OpKind>(r.string(o, "kind", at));
    } catch (const Error& e) {
        r.fail(e.message(), at + "/kind");
    }
    for (std::size_t from : inputs)
        op.inputs.push_back(graphIndex[from]);
    if (op.inputs.empty()) {
        if (!r.has(o, "batch"))
            r.fail("an op without inputs needs 'batch'", at);
        op.input.batch = r.integer(o, "batch", at, 0);
        op.input.image = r.has(o, "height") || r.has(o, "width");
        op.input.height = op.input.image ? r.integer(o, "height", at, 1) : r.integer(o, "seq", at, 1);
        op.input.width = r.integer(o, "width", at, 1);
        op.input.features = r.has(o, "channels") ? r.integer(o, "channels", at) : r.integer(o, "features", at, 1);
    } else {
        for (const char* key : { "batch", "seq", "height", "width", "features", "channels" })
            if (r.has(o, key))
                r.fail(std::string("'") + key + "' is taken from the inputs; give it only for ops without inputs",
                    at + "/" + key);
    }
    op.outFeatures = r.integer(o, "out", at, 0);
    op.vocab = r.integer(o, "vocab", at, 0);
    op.extraRows = r.integer(o, "extra_rows", at, 0);
    op.learnedParams = r.integer(o, "params", at, 0);
    std::tie(op.kernelH, op.kernelW) = pairField(r, o, "kernel", at, 1);
    std::tie(op.strideH, op.strideW) = pairField(r, o, "stride", at, 1);
    std::tie(op.padH, op.padW) = pairField(r, o, "padding", at, 0);
    auto smallInt = [&](const char* key) {
        const std::int64_t v = r.integer(o, key, at, 0);
        if (v < 0 || v > 1 << 20)
            r.fail("value out of range", at + "/" + key);
        return static_cast<int>(v);
    };
    op.heads = smallInt("heads");
    op.kvHeads = smallInt("kv_heads");
    op.headDim = smallInt("head_dim");
    op.window = smallInt("window");
    const std::int64_t atenOps = r.integer(o, "aten_ops", at, 1);
    if (atenOps < 0 || atenOps > kMaxAtenOps)
        r.fail("aten_ops (the ATen ops the op was exported from) must be between 0 and " + std::to_string(kMaxAtenOps)
                + ", found " + std::to_string(atenOps),
            at + "/aten_ops");
    op.atenOps = static_cast<int>(atenOps);
    readMeasurements(o, at, r, op);
    op.bias = r.boolean(o, "bias", at, op.kind == OpKind::Linear);
    op.batchNorm = r.boolean(o, "batch_norm", at, false);
    op.ceilMode = r.boolean(o, "ceil_mode", at, false);
    op.groups = r.integer(o, "groups", at, 1);
    if (op.groups < 1)
        r.fail("groups must be at least 1", at + "/groups");
    if (op.groups > std::int64_t{ 1 } << 32)
        r.fail("groups must be at most 2^32", at + "/groups");
    if (op.groups != 1 && op.kind != OpKind::Conv2d)
        r.fail("'groups' is for conv2d ops", at + "/groups");
    if (op.ceilMode && op.kind != OpKind::Pool)
        r.fail("'ceil_mode' is for max and avg pools", at + "/ceil_mode");
    if (r.has(o, "activation")) {
        try {
            op.activation = enumFromName<Activation>(r.string(o, "activation", at));
        } catch (const Error& e) {
            r.fail(e.message(), at + "/activation");
        }
    }
    if (r.has(o, "function"))
        op.function = r.string(o, "function", at);
    if (r.has(o, "tied_to")) {
        const std::string owner = r.string(o, "tied_to", at);
        const auto it = index.find(owner);
        if (it == index.end())
            r.fail("unknown op '" + owner + "'", at + "/tied_to");
        op.tiedTo = graphIndex[it->second];
        if (op.tiedTo < 0)
            r.fail("tied_to must name an op that comes before this one in the data flow", at + "/tied_to");
    }
    return op;
}

OpGraph opGraphFromJsonImpl(const Json& j, const JsonReader& r)
{
    // "source": who wrote the graph (scripts/export_ft_graph.py records itself, PyTorch and the
    // module's parameter count); kept for people, not read.
    r.requireObject(j, "", { "name", "ops", "source" });
    OpGraph g;
    g.name = r.has(j, "name") ? r.string(j, "name", "") : std::string("graph");
    const Json& ops = r.array(j, "ops", "");
    if (ops.empty())
        r.fail("the graph has no ops", "/ops");

    // Names first, so inputs may refer to ops listed later; then add in a topological order.
    const std::map<std::string, std::size_t> index = opNames(ops, r);
    const std::vector<std::vector<std::size_t>> inputs = opInputs(ops, r, index);
    const std::vector<std::size_t> order = dataOrder(ops, r, inputs);
    std::vector<int> graphIndex(ops.size(), -1);
    for (std::size_t i : order) {
        const std::string at = "/ops/" + std::to_string(i);
        Op op = readOp(ops[i], at, r, inputs[i], graphIndex, index);
        try {
            graphIndex[i] = g.add(std::move(op));
        } catch (const Error& e) {
            r.fail(e.message(), at);
        }
    }
    return g;
}

} // namespace

OpGraph opGraphFromJson(const Json& json, const std::string& source)
{
    return opGraphFromJsonImpl(json, JsonReader(source, {}));
}

OpGraph opGraphFromText(std::string_view text, const std::string& source)
{
    const Json j = parseJson(text, source);
    return opGraphFromJsonImpl(j, JsonReader(source, text));
}

OpGraph loadOpGraph(const std::filesystem::path& path)
{
    return opGraphFromText(readJsonText(path), path.string());
}

Json toJson(const OpGraph& g)
{
    Json ops = Json::array();
    for (const Op& op : g.ops()) {
        Json o = { { "name", op.name }, { "kind", enumName(op.kind) } };
        if (!op.inputs.empty()) {
            Json in = Json::array();
            for (int i : op.inputs)
                in.push_back(g.op(i).name);
            o["inputs"] = in;
        } else {
            o["batch"] = op.input.batch;
            if (op.input.image) {
                o["height"] = op.input.height;
                o["width"] = op.input.width;
            } else {
                o["seq"] = op.input.height;
            }
            if (op.kind != OpKind::Embedding)
                o["features"] = op.input.features;
        }
        auto hw = [](int h, int w) { return h == w ? Json(h) : Json::array({ h, w }); };
        switch (op.kind) {
        case OpKind::Embedding:
            o["vocab"] = op.vocab;
            o["out"] = op.outFeatures;
            if (op.extraRows)
                o["extra_rows"] = op.extraRows;
            break;
        case OpKind::Linear:
            o["out"] = op.outFeatures;
            o["bias"] = op.bias;
            break;
        case OpKind::Conv2d:
            o["out"] = op.outFeatures;
            o["kernel"] = hw(op.kernelH, op.kernelW);
            o["stride"] = hw(op.strideH, op.strideW);
            o["padding"] = hw(op.padH, op.padW);
            o["bias"] = op.bias;
            o["batch_norm"] = op.batchNorm;
            if (op.groups != 1)
                o["groups"] = op.groups;
            break;
        case OpKind::Attention:
            o["heads"] = op.heads;
            if (op.kvHeads != op.heads)
                o["kv_heads"] = op.kvHeads;
            if (op.window)
                o["window"] = op.window;
            break;
        case OpKind::Concat:
            if (op.extraRows)
                o["extra_rows"] = op.extraRows;
            break;
        case OpKind::Pool:
            o["function"] = op.function;
            if (op.function == "max" || op.function == "avg" || op.function == "space-to-depth") {
                o["kernel"] = hw(op.kernelH, op.kernelW);
                o["stride"] = hw(op.strideH, op.strideW);
                o["padding"] = hw(op.padH, op.padW);
                if (op.ceilMode)
                    o["ceil_mode"] = true;
            }
            break;
        case OpKind::Elementwise:
            o["function"] = op.function;
            break;
        default:
            break;
        }
        if (op.activation != Activation::None)
            o["activation"] = enumName(op.activation);
        if (op.tiedTo >= 0)
            o["tied_to"] = g.op(op.tiedTo).name;
        if (op.learnedParams)
            o["params"] = op.learnedParams;
        if (op.atenOps != 1)
            o["aten_ops"] = op.atenOps;
        if (op.keptElements >= 0.0) {
            o["saved"] = static_cast<std::int64_t>(op.keptElements);
            o["saved_inputs"] = static_cast<std::int64_t>(op.keptInputElements);
        }
        if (op.traffic >= 0.0)
            o["traffic"] = static_cast<std::int64_t>(op.traffic);
        if (op.special >= 0.0) {
            o["special"] = static_cast<std::int64_t>(op.special);
            o["special_backward"] = static_cast<std::int64_t>(op.specialBackward);
        }
        ops.push_back(std::move(o));
    }
    return { { "name", g.name }, { "ops", ops } };
}

} // namespace vantage::ft
