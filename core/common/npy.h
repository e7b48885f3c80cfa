#pragma once
// The NumPy .npy format (versions 1.0 to 3.0, little-endian, C order), the one binary format DGI
// reads and writes for graphs (indptr / indices) and node matrices (features, embeddings). Data is
// memory-mapped on read, so a file larger than RAM is usable.

#include "common/buffer.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vantage {

enum class NpyType {
    Float32,
    Float64,
    Int32,
    Int64
};

int npyItemSize(NpyType type);
const char* npyDescr(NpyType type); // "<f4", ...

struct NpyHeader {
    NpyType type = NpyType::Float32;
    std::vector<std::int64_t> shape;
    std::size_t dataOffset = 0; // bytes from the start of the file
    std::int64_t count() const; // product of the shape
};

// Parses and checks the header; errors name the file and the header field.
NpyHeader readNpyHeader(const std::filesystem::path& path);

// The array's data, memory-mapped read-only (or copied into RAM with map = false).
Buffer readNpyData(const std::filesystem::path& path, const NpyHeader& header, bool map = true);

// Creates `path` (a new file: a link or a file already there is replaced, never written through)
// with a header for `shape` and returns its data region mapped read-write, so that a writer can
// fill it in place (the evaluation output goes straight to its temporary file this way).
Buffer createNpy(const std::filesystem::path& path, NpyType type, const std::vector<std::int64_t>& shape);

// Writes an array in one go (to a temporary beside `path`, then renamed over it).
void writeNpy(
    const std::filesystem::path& path, NpyType type, const std::vector<std::int64_t>& shape, const void* data);

} // namespace vantage
