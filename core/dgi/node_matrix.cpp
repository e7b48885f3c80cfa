#include "dgi/node_matrix.h"

#include "common/assert.h"
#include "common/error.h"
#include "dgi/npy.h"
#include "dgi/random.h"

#include <cmath>
#include <limits>

namespace vantage::dgi {

int dtypeSize(DType type)
{
    return type == DType::Float64 ? 8 : 4;
}

NodeMatrix NodeMatrix::zeros(std::int64_t rows, std::int64_t cols, DType type)
{
    return fromBuffer(Buffer::allocate(static_cast<std::size_t>(rows * cols * dtypeSize(type))), rows, cols, type);
}

NodeMatrix NodeMatrix::uninitialized(std::int64_t rows, std::int64_t cols, DType type)
{
    return fromBuffer(
        Buffer::allocate(static_cast<std::size_t>(rows * cols * dtypeSize(type)), false), rows, cols, type);
}

NodeMatrix NodeMatrix::zerosOnDisk(
    std::int64_t rows, std::int64_t cols, DType type, const std::filesystem::path& directory)
{
    return fromBuffer(
        Buffer::temporaryFile(directory, static_cast<std::size_t>(rows * cols * dtypeSize(type))), rows, cols, type);
}

NodeMatrix NodeMatrix::fromBuffer(Buffer buffer, std::int64_t rows, std::int64_t cols, DType type)
{
    if (rows < 0 || cols < 0 || buffer.size() != static_cast<std::size_t>(rows * cols * dtypeSize(type)))
        throw Error::failure("node matrix of " + std::to_string(rows) + " x " + std::to_string(cols) + " "
            + std::string(enumName(type)) + " given a buffer of " + std::to_string(buffer.size()) + " bytes");
    NodeMatrix m;
    m.m_buffer = std::move(buffer);
    m.m_rows = rows;
    m.m_cols = cols;
    m.m_type = type;
    return m;
}

std::span<const float> NodeMatrix::floats() const
{
    VANTAGE_ASSERT(m_type == DType::Float32, "floats() of a float64 node matrix");
    return m_buffer.as<float>();
}

std::span<const double> NodeMatrix::doubles() const
{
    VANTAGE_ASSERT(m_type == DType::Float64, "doubles() of a float32 node matrix");
    return m_buffer.as<double>();
}

double NodeMatrix::at(std::int64_t r, std::int64_t c) const
{
    const std::int64_t i = r * m_cols + c;
    return m_type == DType::Float32 ? static_cast<double>(m_buffer.as<float>()[static_cast<std::size_t>(i)])
                                    : m_buffer.as<double>()[static_cast<std::size_t>(i)];
}

std::vector<double> NodeMatrix::row(std::int64_t r) const
{
    if (r < 0 || r >= m_rows)
        throw Error::invalidInput(
            "node " + std::to_string(r) + " is out of range (0.." + std::to_string(m_rows - 1) + ")")
            .forField("node");
    std::vector<double> out(static_cast<std::size_t>(m_cols));
    for (std::int64_t c = 0; c < m_cols; ++c)
        out[static_cast<std::size_t>(c)] = at(r, c);
    return out;
}

void NodeMatrix::saveNpy(const std::filesystem::path& path) const
{
    saveNpy(path, { m_cols });
}

void NodeMatrix::saveNpy(const std::filesystem::path& path, const std::vector<std::int64_t>& featureShape) const
{
    std::int64_t n = 1;
    for (auto d : featureShape)
        n *= d;
    if (n != m_cols)
        throw Error::failure(
            "a row shape of " + std::to_string(n) + " elements for " + std::to_string(m_cols) + " columns")
            .inFile(path.string());
    std::vector<std::int64_t> shape{ m_rows };
    shape.insert(shape.end(), featureShape.begin(), featureShape.end());
    writeNpy(path, m_type == DType::Float32 ? NpyType::Float32 : NpyType::Float64, shape, data());
}

NodeMatrix loadFeaturesNpy(const std::filesystem::path& path, bool map)
{
    const NpyHeader h = readNpyHeader(path);
    if (h.type != NpyType::Float32 && h.type != NpyType::Float64)
        throw Error::invalidInput(std::string("features must be float32 or float64, not ") + npyDescr(h.type))
            .inFile(path.string())
            .forField("descr");
    if (h.shape.empty() || h.shape.size() > 2)
        throw Error::invalidInput(
            "features must have shape (N, d) or (N,), not a " + std::to_string(h.shape.size()) + "-dimensional array")
            .inFile(path.string())
            .forField("shape");
    const std::int64_t rows = h.shape[0];
    const std::int64_t cols = h.shape.size() == 2 ? h.shape[1] : 1;
    if (rows == 0 || cols == 0)
        throw Error::invalidInput(std::string("features have zero ") + (rows == 0 ? "rows" : "columns") + " (shape "
            + std::to_string(rows) + " x " + std::to_string(cols) + "); give one row per node")
            .inFile(path.string())
            .forField("shape");
    NodeMatrix m = NodeMatrix::fromBuffer(
        readNpyData(path, h, map), rows, cols, h.type == NpyType::Float32 ? DType::Float32 : DType::Float64);
    // A NaN or an infinity would flow through every layer into the output, where no check sees
    // it (comparisons with NaN are false): refused here, naming the first one.
    const auto firstNonFinite = [&](const auto* v) -> std::int64_t {
        const std::int64_t n = rows * cols;
        for (std::int64_t i = 0; i < n; ++i)
            if (!std::isfinite(v[i]))
                return i;
        return -1;
    };
    const std::int64_t bad = m.dtype() == DType::Float32 ? firstNonFinite(static_cast<const float*>(m.data()))
                                                         : firstNonFinite(static_cast<const double*>(m.data()));
    if (bad >= 0)
        throw Error::invalidInput("features must be finite: row " + std::to_string(bad / cols) + ", column "
            + std::to_string(bad % cols) + " is " + (std::isnan(m.at(bad / cols, bad % cols)) ? "NaN" : "infinite"))
            .inFile(path.string());
    return m;
}

double maxAbsDifference(
    const NodeMatrix& a, const NodeMatrix& b, const std::vector<std::pair<std::int64_t, std::int64_t>>& rows)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return std::numeric_limits<double>::infinity();
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges = rows;
    if (ranges.empty())
        ranges.emplace_back(0, a.rows());
    double worst = 0.0;
    for (const auto& [begin, end] : ranges)
        for (std::int64_t r = begin; r < end; ++r)
            for (std::int64_t c = 0; c < a.cols(); ++c) {
                const double d = std::abs(a.at(r, c) - b.at(r, c));
                if (!(d <= worst))
                    worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : d;
            }
    return worst;
}

NodeMatrix randomFeatures(std::int64_t rows, std::int64_t cols, std::uint64_t seed, DType type)
{
    if (rows < 0 || cols <= 0)
        throw Error::invalidInput("random features need rows >= 0 and columns > 0").forField("features");
    NodeMatrix m = NodeMatrix::zeros(rows, cols, type);
    Rng rng(seed, 0xfea7);
    const std::int64_t n = rows * cols;
    if (type == DType::Float32) {
        auto* p = static_cast<float*>(m.data());
        for (std::int64_t i = 0; i < n; ++i)
            p[i] = static_cast<float>(rng.uniform(-1.0, 1.0));
    } else {
        auto* p = static_cast<double*>(m.data());
        for (std::int64_t i = 0; i < n; ++i)
            p[i] = static_cast<float>(rng.uniform(-1.0, 1.0)); // float32 values, so both types agree
    }
    return m;
}

} // namespace vantage::dgi
