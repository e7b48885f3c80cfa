#pragma once
// Internal to core/ppac: the logistic function in a form the compiler vectorises (a branch-free
// Cephes-style exp, relative error < 1e-7), so that scoring 10^9 (user, item) pairs is not bound by
// libm's scalar exp. Every scoring path uses this one function, so their results agree bit for bit.
// The translation units that loop over it build with -fno-trapping-math (CMakeLists.txt): with
// trapping math GCC keeps the clamps before the float-to-int conversion as branches.

#include <cstdint>
#include <cstring>

namespace vantage::ppac::detail {

inline float fastExp(float x)
{
    x = x < -87.3f ? -87.3f : x;
    x = x > 88.3f ? 88.3f : x;
    // n = round(x / ln 2) as floor(x log2(e) + 0.5); the argument is > -256, so the floor is a
    // truncation after a shift (a compare-and-adjust floor does not vectorise).
    const float fl = static_cast<float>(static_cast<std::int32_t>(x * 1.44269504088896341f + 256.5f) - 256);
    x = x - fl * 0.693359375f;
    x = x + fl * 2.12194440e-4f;
    const float z = x * x;
    float y = 1.9875691500e-4f;
    y = y * x + 1.3981999507e-3f;
    y = y * x + 8.3334519073e-3f;
    y = y * x + 4.1665795894e-2f;
    y = y * x + 1.6666665459e-1f;
    y = y * x + 5.0000001201e-1f;
    y = y * z + x + 1.0f;
    const std::int32_t bits = (static_cast<std::int32_t>(fl) + 127) << 23;
    float scale;
    std::memcpy(&scale, &bits, sizeof scale);
    return y * scale;
}

inline float sigmoid(float x)
{
    return 1.0f / (1.0f + fastExp(-x));
}

} // namespace vantage::ppac::detail
