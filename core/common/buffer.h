#pragma once
// A block of bytes that lives in RAM or in a memory-mapped file. Graphs, features and the node
// stores of an evaluation sit on it, so the same code runs in memory and out of core: a file-backed
// buffer pages in what is touched and lets the kernel drop what is not.
// A mapped file that another program truncates while it is in use makes the next read of a page
// past its new end raise SIGBUS: every file-backed buffer registers its range, and a SIGBUS inside
// one ends the process with a message naming the file (exit 2; 1 for a spill file, whose usual
// cause is a full disk) instead of a crash. Faults elsewhere keep their previous disposition.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

namespace vantage {

class Buffer {
public:
    Buffer() = default;
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer();

    // `bytes` of RAM, zero-filled (or left as the allocator gives them, for a buffer that is
    // written in full before it is read).
    static Buffer allocate(std::size_t bytes, bool zero = true);
    // An anonymous file in `directory` (created, then unlinked at once, so it disappears with the
    // buffer even after a crash), mapped read-write. Zero-filled.
    static Buffer temporaryFile(const std::filesystem::path& directory, std::size_t bytes);
    // Maps `bytes` of an existing file from `offset`; the file must be at least offset + bytes long.
    static Buffer mapFile(
        const std::filesystem::path& path, std::size_t offset, std::size_t bytes, bool writable = false);

    std::byte* data() { return m_data; }
    const std::byte* data() const { return m_data; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    // Backed by a file (temporaryFile, mapFile), as opposed to RAM.
    bool isMapped() const { return m_mapBase != nullptr && !m_anonymous; }

    template <typename T> std::span<T> as() { return { reinterpret_cast<T*>(m_data), m_size / sizeof(T) }; }
    template <typename T> std::span<const T> as() const
    {
        return { reinterpret_cast<const T*>(m_data), m_size / sizeof(T) };
    }

    // Provisions every page of a RAM buffer now, split over `threads` threads, instead of one page
    // fault at a time as it is first written (on the virtual machines measured, a fresh page costs
    // several times what a copy of it does, and the faults of one thread queue behind each other).
    // For a buffer about to be written in full; its contents are kept. A no-op for small (heap) and
    // file-backed buffers.
    void prefault(int threads);

    // Tells the kernel the mapped pages may be dropped (a no-op in RAM); used after a store is read
    // for the last time in a pass.
    void adviseDontNeed() const;

private:
    void release() noexcept;
    // Takes `other`'s memory and leaves it empty (the moves' one body).
    void takeFrom(Buffer& other) noexcept;
    void registerMapping(const std::string& message, int exitCode);

    std::byte* m_data = nullptr;
    std::size_t m_size = 0;
    std::unique_ptr<std::byte[]> m_heap;
    void* m_mapBase = nullptr;
    std::size_t m_mapLength = 0;
    bool m_anonymous = false; // m_mapBase is RAM (a large allocate()), not a file
    int m_faultSlot = -1; // this mapping's entry in the SIGBUS table, -1: none
};

} // namespace vantage
