// The .pt2 archive of torch.export.save: its zip entries (checked by readZipArchive), the
// program's JSON, and the weights' and constants' raw storages read through their tensor metadata
// (dtype, sizes, strides, storage offset), each checked against the bytes the archive holds. No
// pickle is read: the sample inputs (data/sample_inputs/*.pt) are never opened, and a tensor the
// archive stores as a pickle is refused.

#include "dgi/export_import_p.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace vantage::dgi::detail::pt2 {

namespace {

constexpr std::uint64_t kMaxElements = std::uint64_t(1) << 31;

const std::string kWhat = "not a torch.export program (save it with torch.export.save)";

struct DType {
    int code;
    const char* name;
    int bytes;
};
// torch/_export/serde/schema.py's ScalarType: the ones a GNN's weights come in.
constexpr DType kDTypes[]
    = { { 1, "uint8", 1 }, { 2, "int8", 1 }, { 3, "int16", 2 }, { 4, "int32", 4 }, { 5, "int64", 8 },
          { 6, "float16", 2 }, { 7, "float32", 4 }, { 8, "float64", 8 }, { 12, "bool", 1 }, { 13, "bfloat16", 2 } };

float halfToFloat(std::uint16_t h)
{
    const int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    double v = exp == 0 ? std::ldexp(mant, -24)
        : exp == 31     ? (mant ? NAN : INFINITY)
                        : std::ldexp(mant + 1024, exp - 25);
    return static_cast<float>(sign ? -v : v);
}

template <class T> T load(const char* p)
{
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

float element(const DType& t, const char* p)
{
    switch (t.code) {
    case 1:
        return static_cast<float>(load<std::uint8_t>(p));
    case 2:
        return static_cast<float>(load<std::int8_t>(p));
    case 3:
        return static_cast<float>(load<std::int16_t>(p));
    case 4:
        return static_cast<float>(load<std::int32_t>(p));
    case 5:
        return static_cast<float>(load<std::int64_t>(p));
    case 6:
        return halfToFloat(load<std::uint16_t>(p));
    case 7:
        return load<float>(p);
    case 8:
        return static_cast<float>(load<double>(p));
    case 12:
        return load<std::uint8_t>(p) != 0 ? 1.0f : 0.0f;
    case 13:
        return std::bit_cast<float>(static_cast<std::uint32_t>(load<std::uint16_t>(p)) << 16);
    default:
        return 0.0f;
    }
}

// An {"as_int": n} of a tensor's metadata, >= 0.
std::int64_t metaInt(const Json& j, const std::string& what, const Error& bad)
{
    if (!j.is_object() || !j.contains("as_int") || !j["as_int"].is_number_integer()
        || j["as_int"].get<std::int64_t>() < 0)
        throw Error(bad).inOp(what);
    return j["as_int"].get<std::int64_t>();
}

// The tensor `name` of the storage `bytes`, through its metadata `meta`.
Tensor readTensor(const std::string& name, const Json& meta, const std::string& bytes, const std::string& source)
{
    auto bad = [&](const std::string& why) {
        return Error::invalidInput("tensor '" + name.substr(0, 120) + "': " + why).inFile(source);
    };
    if (!meta.is_object() || !meta.contains("dtype") || !meta["dtype"].is_number_integer() || !meta.contains("sizes")
        || !meta["sizes"].is_array() || !meta.contains("strides") || !meta["strides"].is_array()
        || meta["sizes"].size() != meta["strides"].size() || meta["sizes"].size() > 8)
        throw bad("its metadata lacks a dtype, or sizes and strides of one rank (at most 8)");
    if (meta.contains("layout") && meta["layout"] != 7)
        throw bad("a sparse or otherwise non-strided layout, which DGI does not read");
    const int code = meta["dtype"].get<int>();
    const DType* dtype = nullptr;
    for (const DType& d : kDTypes)
        if (d.code == code)
            dtype = &d;
    if (!dtype)
        throw bad("dtype " + std::to_string(code) + " of the export schema, which DGI does not read");
    const Error shapeError = bad("a size, stride or storage offset that is not a whole number >= 0");
    Tensor t;
    std::uint64_t count = 1,
                  last = meta.contains("storage_offset")
        ? static_cast<std::uint64_t>(metaInt(meta["storage_offset"], "storage_offset", shapeError))
        : 0;
    std::vector<std::int64_t> strides;
    for (std::size_t d = 0; d < meta["sizes"].size(); ++d) {
        const std::int64_t size = metaInt(meta["sizes"][d], "sizes", shapeError);
        const std::int64_t stride = metaInt(meta["strides"][d], "strides", shapeError);
        t.shape.push_back(size);
        strides.push_back(stride);
        std::uint64_t reach = 0;
        if (__builtin_mul_overflow(count, static_cast<std::uint64_t>(size), &count) || count > kMaxElements
            || __builtin_mul_overflow(
                static_cast<std::uint64_t>(size > 0 ? size - 1 : 0), static_cast<std::uint64_t>(stride), &reach)
            || __builtin_add_overflow(last, reach, &last) || last > kMaxElements)
            throw bad("more than 2^31 elements");
    }
    const std::uint64_t storage = bytes.size() / static_cast<std::uint64_t>(dtype->bytes);
    // Strides of 0 repeat elements: more of them than the storage holds only within reason.
    if (count > storage && count > (std::uint64_t(1) << 24))
        throw bad(std::to_string(count) + " elements over a storage of " + std::to_string(storage));
    if (count > 0 && last >= storage)
        throw bad("its sizes and strides reach element " + std::to_string(last) + " of a storage of "
            + std::to_string(storage) + " " + dtype->name + " elements: the file is damaged or forged");
    t.values.resize(static_cast<std::size_t>(count));
    const std::uint64_t offset
        = meta.contains("storage_offset") ? meta["storage_offset"]["as_int"].get<std::uint64_t>() : 0;
    std::vector<std::int64_t> at(t.shape.size(), 0);
    for (std::uint64_t e = 0; e < count; ++e) {
        std::uint64_t where = offset;
        for (std::size_t d = 0; d < at.size(); ++d)
            where += static_cast<std::uint64_t>(at[d]) * static_cast<std::uint64_t>(strides[d]);
        t.values[static_cast<std::size_t>(e)] = element(*dtype, bytes.data() + where * dtype->bytes);
        for (std::size_t d = at.size(); d-- > 0;) {
            if (++at[d] < t.shape[d])
                break;
            at[d] = 0;
        }
    }
    return t;
}

// The tensors a weights or constants config names: { "config": { name: { path_name, use_pickle, tensor_meta } } }.
void readTensors(Program& p, const std::map<std::string, std::string>& entries, const std::string& folder,
    const std::string& configName, const std::string& source)
{
    const auto it = entries.find(folder + configName);
    if (it == entries.end())
        return;
    const Json config = parseJson(it->second, source + ":" + folder + configName);
    if (!config.is_object() || !config.contains("config") || !config["config"].is_object())
        throw Error::invalidInput(folder + configName + " has no \"config\" object").inFile(source);
    for (const auto& item : config["config"].items()) {
        // Named, not bound: a lambda cannot capture a structured binding in every compiler (clang 14).
        const std::string name = item.key();
        const Json& t = item.value();
        auto bad = [&](const std::string& why) {
            return Error::invalidInput("tensor '" + name.substr(0, 120) + "': " + why).inFile(source);
        };
        if (!t.is_object() || !t.contains("path_name") || !t["path_name"].is_string() || !t.contains("tensor_meta"))
            throw bad("its entry lacks a path_name or tensor_meta");
        if (t.value("use_pickle", false))
            throw bad("the archive stores it as a pickle, which DGI never reads (export it as a plain tensor)");
        const std::string path = folder + t["path_name"].get<std::string>();
        const auto bytes = entries.find(path);
        if (bytes == entries.end())
            throw bad("its storage '" + path.substr(0, 120) + "' is not in the archive");
        p.tensors[name] = readTensor(name, t["tensor_meta"], bytes->second, source);
    }
}

} // namespace

Program readProgram(const ReadAt& read, std::uint64_t size, const std::string& source)
{
    const auto keep = [](std::string_view name) {
        return (name.find("/models/") != std::string_view::npos && name.ends_with(".json"))
            || name.find("/data/weights/") != std::string_view::npos
            || name.find("/data/constants/") != std::string_view::npos || name.ends_with("/byteorder");
    };
    std::map<std::string, std::string> entries; // the kept ones, by name within the archive's folder
    std::string top, model, older;
    for (ArchiveEntry& e : readZipArchive(read, size, source, kWhat, keep)) {
        const auto slash = e.name.find('/');
        if (slash == std::string::npos)
            throw Error::invalidInput(kWhat + ": the entry '" + e.name.substr(0, 80) + "' is not inside a folder")
                .inFile(source);
        if (top.empty())
            top = e.name.substr(0, slash);
        if (e.name.substr(0, slash) != top)
            continue;
        std::string rest = e.name.substr(slash + 1);
        if (rest.find("serialized_exported_program") != std::string::npos)
            older = rest;
        if (rest.starts_with("models/") && rest.ends_with(".json") && (model.empty() || rest == "models/model.json"))
            model = rest;
        if (e.kept)
            entries[rest] = std::move(e.bytes);
    }
    if (model.empty() && !older.empty())
        throw Error::invalidInput(std::string("a .pt2 archive of an older torch.export (") + older
            + "), whose weights are a pickle: DGI never reads pickles; save the program again with PyTorch "
            + kExportTestedTorch + " or later")
            .inFile(source);
    if (model.empty())
        throw Error::invalidInput(kWhat + ": the archive holds no models/*.json").inFile(source);
    if (const auto order = entries.find("byteorder"); order != entries.end() && order->second != "little")
        throw Error::invalidInput("the archive's tensors are stored big-endian, which DGI does not read")
            .inFile(source);

    const Json j = parseJson(entries[model], source + ":" + model);
    Program p;
    if (!j.is_object())
        throw Error::invalidInput(model + " is not a JSON object").inFile(source);
    if (j.contains("torch_version") && j["torch_version"].is_string())
        p.torchVersion = j["torch_version"].get<std::string>().substr(0, 40);
    const Json sv = j.value("schema_version", Json());
    if (!sv.is_object() || !sv.contains("major") || !sv["major"].is_number_integer())
        throw Error::invalidInput(model + " states no schema_version").inFile(source);
    p.schema = std::to_string(sv["major"].get<std::int64_t>()) + "."
        + (sv.contains("minor") && sv["minor"].is_number_integer() ? std::to_string(sv["minor"].get<std::int64_t>())
                                                                   : "0");
    const std::string who
        = "PyTorch " + (p.torchVersion.empty() ? std::string("(version not stated)") : p.torchVersion);
    if (sv["major"].get<std::int64_t>() != kExportSchemaMajor)
        throw Error::invalidInput("export schema version " + p.schema + " (written by " + who + "): DGI reads schema "
            + std::to_string(kExportSchemaMajor) + ".x (PyTorch " + kExportTestedTorch + " writes it)")
            .inFile(source);
    const Json gm = j.value("graph_module", Json());
    if (!gm.is_object() || !gm.contains("graph") || !gm["graph"].is_object() || !gm.contains("signature"))
        throw Error::invalidInput(model + " has no graph_module with a graph and a signature").inFile(source);
    p.graph = gm["graph"];
    p.signature = gm["signature"];
    readTensors(p, entries, "data/weights/", "model_weights_config.json", source);
    readTensors(p, entries, "data/constants/", "model_constants_config.json", source);
    return p;
}

} // namespace vantage::dgi::detail::pt2
