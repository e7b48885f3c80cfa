#include "edl/dataset.h"

#include "common/error.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>

namespace vantage::edl {

namespace {

// Counter-based: the value for (seed, stream, index) does not depend on the order of generation.
std::uint64_t mix(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ull ^ (stream + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull
        ^ (index + 0x85157AF5ull) * 0x94D049BB133111EBull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double uniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    return (static_cast<double>(mix(seed, stream, index) >> 11) + 0.5) / 9007199254740992.0;
}

double gaussian(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const double u1 = uniform(seed, stream, 2 * index), u2 = uniform(seed, stream, 2 * index + 1);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

} // namespace

std::int64_t SyntheticDataset::featureSize() const
{
    return std::accumulate(sampleShape.begin(), sampleShape.end(), std::int64_t{ 1 }, std::multiplies<>());
}

std::span<const float> SyntheticDataset::sample(std::int64_t id) const
{
    const auto n = static_cast<std::size_t>(featureSize());
    return std::span<const float>(features).subspan(static_cast<std::size_t>(id) * n, n);
}

SyntheticDataset makeDataset(const JobSpec& spec)
{
    SyntheticDataset d;
    d.samples = spec.samples;
    const auto seed = spec.seed;
    if (spec.trainer == Trainer::Mlp) {
        constexpr int in = 32, hidden = 16, classes = 10;
        d.sampleShape = { in };
        d.classes = classes;
        std::vector<double> w1(in * hidden), w2(hidden * classes);
        for (std::size_t i = 0; i < w1.size(); ++i)
            w1[i] = gaussian(seed, 1, i) / std::sqrt(double(in));
        for (std::size_t i = 0; i < w2.size(); ++i)
            w2[i] = gaussian(seed, 2, i) / std::sqrt(double(hidden));
        d.features.resize(static_cast<std::size_t>(d.samples) * in);
        d.labels.resize(static_cast<std::size_t>(d.samples));
        std::vector<double> h(hidden), out(classes);
        for (std::int64_t s = 0; s < d.samples; ++s) {
            float* x = &d.features[static_cast<std::size_t>(s) * in];
            for (int k = 0; k < in; ++k)
                x[k] = static_cast<float>(gaussian(seed, 3, static_cast<std::uint64_t>(s) * in + k));
            for (int j = 0; j < hidden; ++j) {
                double a = 0;
                for (int k = 0; k < in; ++k)
                    a += x[k] * w1[static_cast<std::size_t>(k * hidden + j)];
                h[static_cast<std::size_t>(j)] = std::tanh(a);
            }
            for (int c = 0; c < classes; ++c) {
                double a = 0;
                for (int j = 0; j < hidden; ++j)
                    a += h[static_cast<std::size_t>(j)] * w2[static_cast<std::size_t>(j * classes + c)];
                out[static_cast<std::size_t>(c)] = a;
            }
            d.labels[static_cast<std::size_t>(s)] = std::max_element(out.begin(), out.end()) - out.begin();
        }
    } else if (spec.trainer == Trainer::Cnn) {
        constexpr int side = 12, classes = 4;
        d.sampleShape = { 1, side, side };
        d.classes = classes;
        d.features.resize(static_cast<std::size_t>(d.samples) * side * side);
        d.labels.resize(static_cast<std::size_t>(d.samples));
        for (std::int64_t s = 0; s < d.samples; ++s) {
            const auto us = static_cast<std::uint64_t>(s);
            const int label = static_cast<int>(mix(seed, 4, us) % classes);
            const int offset = static_cast<int>(mix(seed, 5, us) % (side - 4)) + 2;
            float* img = &d.features[static_cast<std::size_t>(s) * side * side];
            for (int y = 0; y < side; ++y)
                for (int x = 0; x < side; ++x) {
                    const bool on = (label == 0 && y == offset) || (label == 1 && x == offset)
                        || (label == 2 && x - y == offset - side / 2) || (label == 3 && x + y == offset + side / 2);
                    img[y * side + x] = (on ? 1.0f : 0.0f)
                        + 0.3f
                            * static_cast<float>(
                                gaussian(seed, 6, us * side * side + static_cast<std::uint64_t>(y * side + x)));
                }
            d.labels[static_cast<std::size_t>(s)] = label;
        }
    } else {
        throw Error::invalidInput(
            "the " + std::string(enumName(spec.trainer)) + " trainer has no built-in data set (mlp, cnn)")
            .forField("trainer");
    }
    return d;
}

} // namespace vantage::edl
