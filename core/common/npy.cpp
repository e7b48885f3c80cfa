#include "common/npy.h"

#include "common/error.h"
#include "common/json.h"
#include "common/text_input.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>

namespace vantage {

namespace {

constexpr char kMagic[] = "\x93NUMPY";

Error headerError(const std::filesystem::path& path, const std::string& field, const std::string& why)
{
    return std::move(Error::invalidInput("not a readable .npy file: " + why).inFile(path.string()).forField(field));
}

// The value text of 'key' in the header dict ("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }").
std::string dictValue(const std::string& dict, const std::string& key, const std::filesystem::path& path)
{
    const std::string quoted = "'" + key + "'";
    auto pos = dict.find(quoted);
    if (pos == std::string::npos)
        throw headerError(path, key, "the header has no '" + key + "'");
    pos = dict.find(':', pos + quoted.size());
    if (pos == std::string::npos)
        throw headerError(path, key, "malformed header");
    ++pos;
    while (pos < dict.size() && dict[pos] == ' ')
        ++pos;
    std::size_t end = pos;
    if (pos < dict.size() && dict[pos] == '(') {
        end = dict.find(')', pos);
        if (end == std::string::npos)
            throw headerError(path, key, "unterminated shape tuple");
        return dict.substr(pos, end - pos + 1);
    }
    if (pos < dict.size() && dict[pos] == '\'') {
        end = dict.find('\'', pos + 1);
        if (end == std::string::npos)
            throw headerError(path, key, "unterminated string");
        return dict.substr(pos + 1, end - pos - 1);
    }
    while (end < dict.size() && dict[end] != ',' && dict[end] != '}')
        ++end;
    std::string v = dict.substr(pos, end - pos);
    while (!v.empty() && v.back() == ' ')
        v.pop_back();
    return v;
}

std::string headerText(NpyType type, const std::vector<std::int64_t>& shape)
{
    std::string shapeText = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        shapeText += std::to_string(shape[i]);
        if (shape.size() == 1 || i + 1 < shape.size())
            shapeText += ",";
        if (i + 1 < shape.size())
            shapeText += " ";
    }
    shapeText += ")";
    std::string dict
        = std::string("{'descr': '") + npyDescr(type) + "', 'fortran_order': False, 'shape': " + shapeText + ", }";
    // Version 1.0: magic(6) + version(2) + header length(2) + dict padded with spaces to a multiple
    // of 64, ending in '\n'.
    std::size_t total = 10 + dict.size() + 1;
    const std::size_t padded = (total + 63) / 64 * 64;
    dict.append(padded - total, ' ');
    dict += '\n';
    std::string out(kMagic, 6);
    out += '\x01';
    out += '\x00';
    const auto len = static_cast<std::uint16_t>(dict.size());
    out += static_cast<char>(len & 0xff);
    out += static_cast<char>(len >> 8);
    out += dict;
    return out;
}

std::int64_t byteCount(NpyType type, const std::vector<std::int64_t>& shape)
{
    std::int64_t n = 1;
    for (auto d : shape)
        n *= d;
    return n * npyItemSize(type);
}

} // namespace

int npyItemSize(NpyType type)
{
    switch (type) {
    case NpyType::Float32:
    case NpyType::Int32:
        return 4;
    case NpyType::Float64:
    case NpyType::Int64:
        return 8;
    }
    return 0;
}

const char* npyDescr(NpyType type)
{
    switch (type) {
    case NpyType::Float32:
        return "<f4";
    case NpyType::Float64:
        return "<f8";
    case NpyType::Int32:
        return "<i4";
    case NpyType::Int64:
        return "<i8";
    }
    return "";
}

std::int64_t NpyHeader::count() const
{
    std::int64_t n = 1;
    for (auto d : shape)
        n *= d;
    return n;
}

NpyHeader readNpyHeader(const std::filesystem::path& path)
{
    requireRegularFile(path, "a .npy array");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error::invalidInput(std::string("cannot open: ") + std::strerror(errno)).inFile(path.string());
    char pre[10] = {};
    in.read(pre, 8);
    if (in.gcount() != 8 || std::memcmp(pre, kMagic, 6) != 0)
        throw headerError(path, "magic", "it does not start with \\x93NUMPY");
    const int major = static_cast<unsigned char>(pre[6]);
    std::size_t headerLen = 0;
    std::size_t prefix = 0;
    if (major == 1) {
        unsigned char l[2];
        in.read(reinterpret_cast<char*>(l), 2);
        headerLen = l[0] | (l[1] << 8);
        prefix = 10;
    } else if (major == 2 || major == 3) {
        unsigned char l[4];
        in.read(reinterpret_cast<char*>(l), 4);
        headerLen = l[0] | (l[1] << 8) | (l[2] << 16) | (static_cast<std::size_t>(l[3]) << 24);
        prefix = 12;
    } else {
        throw headerError(path, "version", "unsupported format version " + std::to_string(major));
    }
    if (!in || headerLen > (1u << 20))
        throw headerError(path, "header", "truncated header");
    std::string dict(headerLen, '\0');
    in.read(dict.data(), static_cast<std::streamsize>(headerLen));
    if (static_cast<std::size_t>(in.gcount()) != headerLen)
        throw headerError(path, "header", "truncated header");

    NpyHeader h;
    h.dataOffset = prefix + headerLen;
    const std::string descr = dictValue(dict, "descr", path);
    if (descr.size() != 3)
        throw headerError(path, "descr", "unsupported dtype '" + descr + "'");
    if (descr[0] == '>')
        throw headerError(path, "descr", "big-endian data ('" + descr + "') is not supported; save it little-endian");
    const std::string kind = descr.substr(1);
    if (kind == "f4")
        h.type = NpyType::Float32;
    else if (kind == "f8")
        h.type = NpyType::Float64;
    else if (kind == "i4")
        h.type = NpyType::Int32;
    else if (kind == "i8")
        h.type = NpyType::Int64;
    else
        throw headerError(path, "descr", "unsupported dtype '" + descr + "' (float32, float64, int32 or int64)");
    if (dictValue(dict, "fortran_order", path) != "False")
        throw headerError(
            path, "fortran_order", "Fortran-order arrays are not supported; save with np.ascontiguousarray");
    const std::string shape = dictValue(dict, "shape", path);
    std::size_t i = 1;
    while (i < shape.size()) {
        while (i < shape.size() && (shape[i] == ' ' || shape[i] == ','))
            ++i;
        if (i >= shape.size() || shape[i] == ')')
            break;
        std::size_t j = i;
        while (j < shape.size() && std::isdigit(static_cast<unsigned char>(shape[j])))
            ++j;
        if (j == i)
            throw headerError(path, "shape", "malformed shape " + shape);
        std::int64_t dim = 0;
        const auto [end, ec] = std::from_chars(shape.data() + i, shape.data() + j, dim);
        if (ec != std::errc() || end != shape.data() + j)
            throw headerError(path, "shape", "dimension " + shape.substr(i, j - i) + " is out of range");
        if (h.shape.size() == 32)
            throw headerError(path, "shape", "more than 32 dimensions");
        h.shape.push_back(dim);
        i = j;
    }
    in.seekg(0, std::ios::end);
    const auto fileSize = static_cast<std::int64_t>(in.tellg());
    // The product of the shape and its size in bytes, refused before they could overflow.
    std::int64_t dataBytes = npyItemSize(h.type);
    bool tooLarge = false;
    for (auto d : h.shape)
        if (__builtin_mul_overflow(dataBytes, d, &dataBytes) || dataBytes > fileSize) {
            tooLarge = true;
            break;
        }
    std::int64_t need = -1;
    if (!tooLarge && __builtin_add_overflow(static_cast<std::int64_t>(h.dataOffset), dataBytes, &need))
        need = -1;
    if (need < 0 || fileSize < need)
        throw Error::invalidInput("truncated .npy file: " + std::to_string(fileSize) + " bytes, the header's shape "
            + shape + " needs " + (need < 0 ? std::string("more") : std::to_string(need)))
            .inFile(path.string());
    return h;
}

Buffer readNpyData(const std::filesystem::path& path, const NpyHeader& header, bool map)
{
    const auto bytes = static_cast<std::size_t>(header.count() * npyItemSize(header.type));
    // NumPy pads its headers so that the data starts 64-byte aligned; a file whose data does not
    // start on a multiple of 8 is read into aligned memory instead (a mapped view would be misaligned).
    if (map && header.dataOffset % 8 == 0)
        return Buffer::mapFile(path, header.dataOffset, bytes);
    Buffer b = Buffer::allocate(bytes);
    std::ifstream in(path, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(header.dataOffset));
    in.read(reinterpret_cast<char*>(b.data()), static_cast<std::streamsize>(bytes));
    if (static_cast<std::size_t>(in.gcount()) != bytes)
        throw Error::invalidInput("truncated .npy data").inFile(path.string());
    return b;
}

Buffer createNpy(const std::filesystem::path& path, NpyType type, const std::vector<std::int64_t>& shape)
{
    const std::string header = headerText(type, shape);
    const auto bytes = static_cast<std::size_t>(byteCount(type, shape));
    {
        // A new file, as writeFileAtomicWith makes its temporary: never written through something
        // already at the name (a planted link, or a leftover of a crashed run, removed once).
        const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
        int fd = ::open(path.c_str(), flags, 0666);
        if (fd < 0 && errno == EEXIST && ::unlink(path.c_str()) == 0)
            fd = ::open(path.c_str(), flags, 0666);
        if (fd < 0)
            throw Error::invalidInput(std::string("cannot create: ") + std::strerror(errno)).inFile(path.string());
        const bool ok = ::write(fd, header.data(), header.size()) == static_cast<ssize_t>(header.size());
        ::close(fd);
        if (!ok)
            throw Error::failure("write error").inFile(path.string());
    }
    std::filesystem::resize_file(path, header.size() + bytes);
    return Buffer::mapFile(path, header.size(), bytes, true);
}

void writeNpy(const std::filesystem::path& path, NpyType type, const std::vector<std::int64_t>& shape, const void* data)
{
    const std::string header = headerText(type, shape);
    const auto bytes = static_cast<std::size_t>(byteCount(type, shape));
    writeFileAtomicWith(path, FileAccess::Default, [&](std::FILE* f) {
        return std::fwrite(header.data(), 1, header.size(), f) == header.size()
            && std::fwrite(data, 1, bytes, f) == bytes;
    });
}

} // namespace vantage
