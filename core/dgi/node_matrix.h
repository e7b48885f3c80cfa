#pragma once
// A dense matrix with one row per node: input features, an evaluation's output embeddings, the
// intermediate node tensors between layers. Row-major, float32 or float64, in RAM or in a
// memory-mapped file (Buffer).

#include "common/enum_names.h"
#include "dgi/buffer.h"

#include <cstdint>
#include <filesystem>
#include <span>
#include <utility>
#include <vector>

namespace vantage::dgi {

enum class DType {
    Float32,
    Float64
};

inline constexpr EnumTable<DType, 2> kDTypes{ .field = "dtype",
    .entries = { { { DType::Float32, "float32" }, { DType::Float64, "float64" } } },
    .what = "data type" };
constexpr const auto& enumTable(DType)
{
    return kDTypes;
}

int dtypeSize(DType type);

class NodeMatrix {
public:
    NodeMatrix() = default;
    // Zero-filled, in RAM.
    static NodeMatrix zeros(std::int64_t rows, std::int64_t cols, DType type = DType::Float32);
    // In RAM, contents undefined: for a matrix written in full before it is read.
    static NodeMatrix uninitialized(std::int64_t rows, std::int64_t cols, DType type = DType::Float32);
    // Zero-filled, in an anonymous file in `directory` (out of core).
    static NodeMatrix zerosOnDisk(
        std::int64_t rows, std::int64_t cols, DType type, const std::filesystem::path& directory);
    // Takes a buffer of exactly rows * cols * dtypeSize(type) bytes.
    static NodeMatrix fromBuffer(Buffer buffer, std::int64_t rows, std::int64_t cols, DType type);

    std::int64_t rows() const { return m_rows; }
    std::int64_t cols() const { return m_cols; }
    DType dtype() const { return m_type; }
    bool empty() const { return m_rows == 0; }
    bool isMapped() const { return m_buffer.isMapped(); }
    std::size_t bytes() const { return m_buffer.size(); }

    void* data() { return m_buffer.data(); }
    const void* data() const { return m_buffer.data(); }
    std::span<const float> floats() const; // throws unless float32
    std::span<const double> doubles() const; // throws unless float64

    double at(std::int64_t row, std::int64_t col) const;
    std::vector<double> row(std::int64_t row) const; // checked: throws Error::invalidInput when out of range

    // Memory-mapped: lets the kernel drop the resident pages (they stay in the file / page cache).
    void releaseResidentPages() const { m_buffer.adviseDontNeed(); }

    // Hands the storage back (for reuse by a matrix of the same byte size); leaves this empty.
    Buffer takeBuffer()
    {
        m_rows = 0;
        m_cols = 0;
        return std::move(m_buffer);
    }

    // float32 or float64 .npy of shape (rows, cols).
    void saveNpy(const std::filesystem::path& path) const;
    // The same with each row in `featureShape` (its elements must number cols): (rows,) for a scalar
    // per node, (rows, heads, width) for a model whose output keeps its heads apart.
    void saveNpy(const std::filesystem::path& path, const std::vector<std::int64_t>& featureShape) const;

private:
    Buffer m_buffer;
    std::int64_t m_rows = 0;
    std::int64_t m_cols = 0;
    DType m_type = DType::Float32;
};

// Node features from a float32 or float64 .npy of shape (N, d) or (N,) (read as N x 1),
// memory-mapped unless map = false.
NodeMatrix loadFeaturesNpy(const std::filesystem::path& path, bool map = true);

// Largest |a - b| over the rows both hold (all rows, or the [begin, end) ranges in `rows`); +inf
// when the shapes differ. Tests and the CLI compare evaluation modes with it.
double maxAbsDifference(
    const NodeMatrix& a, const NodeMatrix& b, const std::vector<std::pair<std::int64_t, std::int64_t>>& rows = {});

// Features uniform in [-1, 1), the same for the same seed on every machine.
NodeMatrix randomFeatures(std::int64_t rows, std::int64_t cols, std::uint64_t seed, DType type = DType::Float32);

} // namespace vantage::dgi
