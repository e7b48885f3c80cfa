#include "common/buffer.h"

#include "common/error.h"
#include "common/text_input.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <mutex>
#include <new>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace vantage {

namespace {

std::string sysError()
{
    return std::strerror(errno);
}

constexpr std::size_t kMapThreshold = std::size_t{ 4 } << 20;

// The table the SIGBUS handler reads: slots are published with a release store of `begin` after
// their message is written, and read without locks (a handler may not take one).
struct FaultRange {
    std::atomic<std::uintptr_t> begin{ 0 };
    std::atomic<std::uintptr_t> end{ 0 };
    std::atomic<int> exitCode{ 2 };
    char message[1024] = {};
};
constexpr int kFaultSlots = 1024;
FaultRange g_faultRanges[kFaultSlots];
std::mutex g_faultMutex; // registering and releasing only
struct sigaction g_previousBusAction { };

extern "C" void onBusError(int sig, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (auto& range : g_faultRanges) {
        const std::uintptr_t begin = range.begin.load(std::memory_order_acquire);
        if (begin != 0 && address >= begin && address < range.end.load(std::memory_order_acquire)) {
            const auto n = ::write(STDERR_FILENO, range.message, ::strnlen(range.message, sizeof range.message));
            (void)n;
            ::_exit(range.exitCode.load(std::memory_order_relaxed));
        }
    }
    // Not a mapping of ours: as before this handler (returning re-runs the access under it).
    ::sigaction(SIGBUS, &g_previousBusAction, nullptr);
    if (g_previousBusAction.sa_flags & SA_SIGINFO) {
        if (g_previousBusAction.sa_sigaction)
            g_previousBusAction.sa_sigaction(sig, info, context);
    } else if (g_previousBusAction.sa_handler != SIG_DFL && g_previousBusAction.sa_handler != SIG_IGN) {
        g_previousBusAction.sa_handler(sig);
    }
}

void installBusHandler()
{
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action { };
        action.sa_sigaction = onBusError;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGBUS, &action, &g_previousBusAction);
    });
}

} // namespace

void Buffer::registerMapping(const std::string& message, int exitCode)
{
    installBusHandler();
    std::lock_guard lock(g_faultMutex);
    for (int i = 0; i < kFaultSlots; ++i) {
        FaultRange& r = g_faultRanges[i];
        if (r.begin.load(std::memory_order_relaxed) != 0)
            continue;
        const std::size_t n = std::min(message.size(), sizeof r.message - 1);
        std::memcpy(r.message, message.data(), n);
        r.message[n] = '\0';
        r.exitCode.store(exitCode, std::memory_order_relaxed);
        const auto base = reinterpret_cast<std::uintptr_t>(m_mapBase);
        r.end.store(base + m_mapLength, std::memory_order_release);
        r.begin.store(base, std::memory_order_release);
        m_faultSlot = i;
        return;
    }
    // Table full (more than kFaultSlots mappings at once): this one faults as a plain SIGBUS.
}

Buffer::Buffer(Buffer&& other) noexcept
{
    takeFrom(other);
}

Buffer& Buffer::operator=(Buffer&& other) noexcept
{
    if (this != &other) {
        release();
        takeFrom(other);
    }
    return *this;
}

void Buffer::takeFrom(Buffer& other) noexcept
{
    m_data = std::exchange(other.m_data, nullptr);
    m_size = std::exchange(other.m_size, 0);
    m_heap = std::move(other.m_heap);
    m_mapBase = std::exchange(other.m_mapBase, nullptr);
    m_mapLength = std::exchange(other.m_mapLength, 0);
    m_anonymous = std::exchange(other.m_anonymous, false);
    m_faultSlot = std::exchange(other.m_faultSlot, -1);
}

Buffer::~Buffer()
{
    release();
}

void Buffer::release() noexcept
{
    if (m_faultSlot >= 0) {
        std::lock_guard lock(g_faultMutex);
        g_faultRanges[m_faultSlot].begin.store(0, std::memory_order_release);
        g_faultRanges[m_faultSlot].end.store(0, std::memory_order_release);
        m_faultSlot = -1;
    }
    if (m_mapBase)
        ::munmap(m_mapBase, m_mapLength);
    m_mapBase = nullptr;
    m_mapLength = 0;
    m_anonymous = false;
    m_heap.reset();
    m_data = nullptr;
    m_size = 0;
}

Buffer Buffer::allocate(std::size_t bytes, bool zero)
{
    Buffer b;
    if (bytes == 0)
        return b;
    if (bytes >= kMapThreshold) {
        // Large blocks (node stores, graph indices, features) are anonymous mappings: the kernel
        // hands their pages out zero-filled as they are first touched, so a zero-filled buffer costs
        // no pass over it, and freeing one returns its memory at once. They are deliberately not
        // marked for transparent huge pages: huge pages made the random row gathers a little
        // faster, but their first touch (a cleared 2 MiB page per fault) ran at a quarter of the
        // speed on the virtual machines measured (bench_dgi's first-touch probe), which cost the
        // first layer of a large graph more than the gathers of every layer gained.
        void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            throw Error::failure("out of memory allocating " + std::to_string(bytes) + " bytes: " + sysError());
        b.m_mapBase = p;
        b.m_mapLength = bytes;
        b.m_data = static_cast<std::byte*>(p);
        b.m_size = bytes;
        b.m_anonymous = true;
        return b;
    }
    try {
        b.m_heap.reset(zero ? new std::byte[bytes]() : new std::byte[bytes]);
    } catch (const std::bad_alloc&) {
        throw Error::failure("out of memory allocating " + std::to_string(bytes) + " bytes");
    }
    b.m_data = b.m_heap.get();
    b.m_size = bytes;
    return b;
}

Buffer Buffer::temporaryFile(const std::filesystem::path& directory, std::size_t bytes)
{
    Buffer b;
    if (bytes == 0)
        return b;
    std::string templ = (directory / "vantage-dgi-XXXXXX").string();
    const int fd = ::mkstemp(templ.data());
    if (fd < 0)
        throw Error::failure("cannot create a spill file: " + sysError()).inFile(directory.string());
    ::unlink(templ.c_str());
    if (::ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
        const std::string why = sysError();
        ::close(fd);
        throw Error::failure("cannot size a spill file to " + std::to_string(bytes) + " bytes: " + why)
            .inFile(directory.string());
    }
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    const std::string why = sysError();
    ::close(fd);
    if (p == MAP_FAILED)
        throw Error::failure("cannot map a spill file: " + why).inFile(directory.string());
    b.m_mapBase = p;
    b.m_mapLength = bytes;
    b.m_data = static_cast<std::byte*>(p);
    b.m_size = bytes;
    // A spill file is sparse: a page first written when the disk is full faults.
    b.registerMapping("vantage: error: " + directory.string()
            + ": a spill file there could not take a page (is the disk full?); the run stopped\n",
        1);
    return b;
}

Buffer Buffer::mapFile(const std::filesystem::path& path, std::size_t offset, std::size_t bytes, bool writable)
{
    Buffer b;
    requireRegularFile(path, "mapped data");
    const int fd = ::open(path.c_str(), writable ? O_RDWR : O_RDONLY);
    if (fd < 0)
        throw Error::invalidInput("cannot open: " + sysError()).inFile(path.string());
    struct stat st { };
    if (::fstat(fd, &st) != 0) {
        const std::string why = sysError();
        ::close(fd);
        throw Error::failure("cannot stat: " + why).inFile(path.string());
    }
    if (static_cast<std::uint64_t>(st.st_size) < offset + bytes) {
        ::close(fd);
        throw Error::invalidInput("file is truncated: " + std::to_string(st.st_size) + " bytes, expected at least "
            + std::to_string(offset + bytes))
            .inFile(path.string());
    }
    if (bytes == 0) {
        ::close(fd);
        return b;
    }
    const std::size_t length = offset + bytes;
    void* p = ::mmap(nullptr, length, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
    const std::string why = sysError();
    ::close(fd);
    if (p == MAP_FAILED)
        throw Error::failure("cannot map: " + why).inFile(path.string());
    b.m_mapBase = p;
    b.m_mapLength = length;
    b.m_data = static_cast<std::byte*>(p) + offset;
    b.m_size = bytes;
    b.registerMapping("vantage: error: " + path.string()
            + ": the file became shorter while it was in use (truncated or rewritten by another program); the run "
              "stopped. Leave input files unchanged while a command reads them.\n",
        2);
    return b;
}

void Buffer::prefault(int threads)
{
    if (!m_anonymous || m_mapLength == 0)
        return;
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 // Linux 5.14
#endif
    const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t pages = (m_mapLength + page - 1) / page;
    const std::size_t parts = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(threads, 1)), 1, pages);
    auto* base = static_cast<std::byte*>(m_mapBase);
    auto populate = [&](std::size_t part) {
        const std::size_t p0 = pages * part / parts * page;
        const std::size_t p1 = std::min(m_mapLength, pages * (part + 1) / parts * page);
        if (p1 <= p0)
            return;
        if (::madvise(base + p0, p1 - p0, MADV_POPULATE_WRITE) == 0)
            return;
        // Older kernels: a write per page, of the byte already there.
        for (std::size_t b = p0; b < p1; b += page) {
            volatile std::byte* q = base + b;
            *q = *q;
        }
    };
    std::vector<std::thread> helpers;
    std::size_t part = 1;
    try {
        helpers.reserve(parts - 1); // before any thread starts: growing the vector cannot throw later
        for (; part < parts; ++part)
            helpers.emplace_back(populate, part);
    } catch (const std::exception&) {
        for (; part < parts; ++part) // no thread to be had: this one does the rest
            populate(part);
    }
    populate(0);
    for (auto& t : helpers)
        t.join();
}

void Buffer::adviseDontNeed() const
{
    if (m_mapBase && !m_anonymous)
        ::madvise(m_mapBase, m_mapLength, MADV_DONTNEED);
}

} // namespace vantage
