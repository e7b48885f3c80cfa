#include "dgi/memory.h"

#include "dgi/buffer.h"

#include "common/error.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <mutex>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <string>
#include <vector>

namespace vantage::dgi {

namespace {

// A "Key:   123 kB" line of a /proc file, in bytes.
std::int64_t procField(const char* file, std::string_view key)
{
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0 || line.size() <= key.size() || line[key.size()] != ':')
            continue;
        std::int64_t kb = 0;
        std::size_t i = key.size() + 1;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        std::from_chars(line.data() + i, line.data() + line.size(), kb);
        return kb * 1024;
    }
    return 0;
}

} // namespace

std::int64_t currentRssBytes()
{
    return procField("/proc/self/status", "VmRSS");
}
std::int64_t peakRssBytes()
{
    return procField("/proc/self/status", "VmHWM");
}
std::int64_t availableMemoryBytes()
{
    return procField("/proc/meminfo", "MemAvailable");
}

bool resetPeakRss()
{
    std::ofstream out("/proc/self/clear_refs");
    if (!out)
        return false;
    out << "5";
    out.flush();
    return static_cast<bool>(out);
}

double copyBandwidth(std::size_t bytes)
{
    std::vector<char> a(bytes, 1);
    std::vector<char> b(bytes, 0);
    std::memcpy(b.data(), a.data(), bytes); // fault the pages in first
    double best = 0.0;
    for (int i = 0; i < 3; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        std::memcpy(b.data(), a.data(), bytes);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        // A copy reads and writes every byte once.
        if (s > 0)
            best = std::max(best, 2.0 * static_cast<double>(bytes) / s);
        a[i] = b[bytes - 1 - static_cast<std::size_t>(i)];
    }
    return best;
}

double firstTouchBandwidth(std::size_t bytes, int threads)
{
    const auto t0 = std::chrono::steady_clock::now();
    Buffer b = Buffer::allocate(bytes, false);
    b.prefault(threads);
    std::memset(b.data(), 1, bytes);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return s > 0 ? static_cast<double>(bytes) / s : 0.0;
}

void keepFreedBatchMemory()
{
#if defined(__GLIBC__)
    static std::once_flag once;
    std::call_once(once, [] {
        // Setting either threshold also turns off glibc's adaptation of both.
        ::mallopt(M_MMAP_THRESHOLD, 32 << 20);
        ::mallopt(M_TRIM_THRESHOLD, 128 << 20);
    });
#endif
}

} // namespace vantage::dgi
