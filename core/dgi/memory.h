#pragma once
// What an evaluation reports and sizes itself by: the process's resident memory (peak and now), the
// memory the system can still give, and byte sizes as people write them ("512M", "2 GiB").

#include "common/units.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace vantage::dgi {

std::int64_t currentRssBytes(); // VmRSS, 0 when unknown
std::int64_t peakRssBytes(); // VmHWM since the last resetPeakRss (or process start)
bool resetPeakRss(); // Linux: clears VmHWM; false where unsupported
std::int64_t availableMemoryBytes(); // MemAvailable, 0 when unknown

// Bytes per second of a large memcpy on this machine (the memory-bandwidth probe of the benchmark).
double copyBandwidth(std::size_t bytes = std::size_t{ 256 } << 20);
// Bytes per second at which the system hands out memory the process has not touched yet, provisioned
// as the evaluator provisions its stores (Buffer::prefault on `threads` threads; page faults,
// cleared pages, and on a virtual machine the host backing the guest's pages). The copy probe
// excludes this cost.
double firstTouchBandwidth(std::size_t bytes = std::size_t{ 256 } << 20, int threads = 1);

// Makes the C allocator keep the memory of freed blocks of up to 32 MiB for the next allocation
// instead of returning it to the system: an evaluation allocates and frees the same few temporaries
// of some MiB per batch, and glibc's adaptive thresholds otherwise hand such blocks back and fault
// them in afresh for hundreds of batches (up to a fifth of a layer's time on a 1e6-node graph).
// Process-wide and permanent; at most 128 MiB of freed memory is kept at the top of a heap.
// Idempotent; a no-op without glibc.
void keepFreedBatchMemory();

// A memory budget as the user writes it (common/units.h; the session's run shapes read it too).
using vantage::parseByteSize;

} // namespace vantage::dgi
