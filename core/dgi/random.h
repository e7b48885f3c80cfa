#pragma once
// Seeded random numbers that are the same on every machine and standard library (the standard
// distributions are implementation-defined): SplitMix64 to seed, xoshiro256** to draw.

#include <cstdint>
#include <string_view>

namespace vantage::dgi {

__extension__ typedef unsigned __int128 Uint128;

inline std::uint64_t splitMix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// FNV-1a, to derive a stream's seed from a name ("conv1.weight").
inline std::uint64_t hashName(std::string_view text)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

class Rng {
public:
    explicit Rng(std::uint64_t seed, std::uint64_t stream = 0)
    {
        std::uint64_t s = seed ^ (stream * 0xd1b54a32d192ed03ULL);
        for (auto& x : m_s)
            x = splitMix64(s);
    }
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    // Uniform integer in [0, n) (Lemire's multiply-shift; the tiny bias is irrelevant here).
    std::uint64_t below(std::uint64_t n)
    {
        return static_cast<std::uint64_t>((static_cast<Uint128>(next()) * n) >> 64);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

} // namespace vantage::dgi
