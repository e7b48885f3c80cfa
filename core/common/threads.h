#pragma once
// How many threads a user may ask an engine for. 0 means every hardware thread; a negative count,
// or more than kMaxThreadsPerCore times the machine's hardware threads (at least kMinThreadCap),
// is refused with a message naming the option: 100,000 threads would hang the machine, not speed
// anything up.

#include <string_view>

namespace vantage {

inline constexpr int kMaxThreadsPerCore = 8;
inline constexpr int kMinThreadCap = 64;

// The largest thread count accepted on this machine.
int maxThreadCount();

// `requested` resolved (0: hardware threads) and checked; throws Error::invalidInput for `field`.
int resolveThreadCount(int requested, std::string_view field = "threads");

} // namespace vantage
