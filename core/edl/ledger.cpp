#include "edl/ledger.h"

#include "common/assert.h"
#include "common/error.h"

#include <algorithm>
#include <numeric>

namespace vantage::edl {

namespace {

std::uint64_t splitmix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

} // namespace

std::vector<std::int64_t> seededPermutation(std::int64_t n, std::uint64_t seed)
{
    std::vector<std::int64_t> p(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)));
    std::iota(p.begin(), p.end(), 0);
    std::uint64_t state = seed;
    for (std::int64_t i = n - 1; i > 0; --i) {
        const auto j = static_cast<std::int64_t>(splitmix64(state) % static_cast<std::uint64_t>(i + 1));
        std::swap(p[static_cast<std::size_t>(i)], p[static_cast<std::size_t>(j)]);
    }
    return p;
}

DataLedger::DataLedger(const LedgerOptions& options)
    : m_options(options)
    , m_epoch(options.firstEpoch)
{
    if (options.samples <= 0)
        throw Error::invalidInput("the data set must have at least one sample").forField("samples");
    if (options.firstEpoch < 0)
        throw Error::invalidInput("must not be negative").forField("first_epoch");
    if (options.chunkSize <= 0)
        throw Error::invalidInput("the chunk size must be positive").forField("chunk_size");
    const std::int64_t n = (options.samples + options.chunkSize - 1) / options.chunkSize;
    m_chunks.reserve(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        m_chunks.push_back(
            { .id = i, .begin = i * options.chunkSize, .end = std::min(options.samples, (i + 1) * options.chunkSize) });
    fillQueue();
}

void DataLedger::fillQueue()
{
    const auto n = static_cast<std::int64_t>(m_chunks.size());
    if (m_options.shuffle) {
        m_order = seededPermutation(n, m_options.seed * 0x100000001B3ull + static_cast<std::uint64_t>(m_epoch));
    } else {
        m_order.resize(static_cast<std::size_t>(n));
        std::iota(m_order.begin(), m_order.end(), 0);
    }
    m_rankOf.assign(static_cast<std::size_t>(n), 0);
    for (std::int64_t i = 0; i < n; ++i)
        m_rankOf[static_cast<std::size_t>(m_order[static_cast<std::size_t>(i)])] = i;
    m_todo.assign(m_order.begin(), m_order.end());
    for (auto& c : m_chunks) {
        c.state = ChunkState::Todo;
        c.worker.clear();
        c.generation = 0;
        c.step = -1;
    }
}

std::optional<Chunk> DataLedger::take(const std::string& worker, std::int64_t generation, std::int64_t step)
{
    if (m_todo.empty())
        return std::nullopt;
    auto& c = m_chunks[static_cast<std::size_t>(m_todo.front())];
    m_todo.pop_front();
    c.state = ChunkState::Doing;
    c.worker = worker;
    c.generation = generation;
    c.step = step;
    return c;
}

std::int64_t DataLedger::todoSamples() const
{
    std::int64_t n = 0;
    for (auto id : m_todo)
        n += m_chunks[static_cast<std::size_t>(id)].size();
    return n;
}

std::int64_t DataLedger::nextChunkSize() const
{
    return m_todo.empty() ? 0 : m_chunks[static_cast<std::size_t>(m_todo.front())].size();
}

int DataLedger::commitStep(std::int64_t step)
{
    int n = 0;
    for (auto& c : m_chunks) {
        // Steps commit in order: a chunk of an earlier step is done or back in the queue by now.
        VANTAGE_ASSERT(
            c.state != ChunkState::Doing || c.step >= step, "a chunk of an earlier step is still in progress");
        if (c.state == ChunkState::Doing && c.step == step) {
            c.state = ChunkState::Done;
            ++n;
        }
    }
    return n;
}

void DataLedger::requeue(std::vector<std::int64_t> ids)
{
    // The TODO queue stays in epoch order (take() serves it front first, so every chunk handed out
    // ranks before every chunk never handed out): a retried step takes the very same samples.
    const auto rank = [this](std::int64_t id) { return m_rankOf[static_cast<std::size_t>(id)]; };
    for (auto id : ids) {
        auto& c = m_chunks[static_cast<std::size_t>(id)];
        VANTAGE_ASSERT(c.state == ChunkState::Doing, "only a chunk in progress goes back to the queue");
        c.state = ChunkState::Todo;
        c.worker.clear();
        c.generation = 0;
        c.step = -1;
        const auto at = std::lower_bound(
            m_todo.begin(), m_todo.end(), id, [&](std::int64_t a, std::int64_t b) { return rank(a) < rank(b); });
        m_todo.insert(at, id);
    }
}

int DataLedger::releaseStep(std::int64_t step)
{
    std::vector<std::int64_t> ids;
    for (const auto& c : m_chunks)
        if (c.state == ChunkState::Doing && c.step == step)
            ids.push_back(c.id);
    requeue(ids);
    return static_cast<int>(ids.size());
}

int DataLedger::releaseWorker(const std::string& worker)
{
    std::vector<std::int64_t> ids;
    for (const auto& c : m_chunks)
        if (c.state == ChunkState::Doing && c.worker == worker)
            ids.push_back(c.id);
    requeue(ids);
    return static_cast<int>(ids.size());
}

bool DataLedger::epochComplete() const
{
    return std::all_of(m_chunks.begin(), m_chunks.end(), [](const Chunk& c) { return c.state == ChunkState::Done; });
}

void DataLedger::startNextEpoch()
{
    if (!epochComplete())
        throw Error::failure("epoch " + std::to_string(m_epoch)
            + " is not complete: " + std::to_string(count(ChunkState::Todo)) + " chunks to do, "
            + std::to_string(count(ChunkState::Doing)) + " in progress")
            .inOp("start next epoch");
    ++m_epoch;
    fillQueue();
}

std::int64_t DataLedger::count(ChunkState state) const
{
    return std::count_if(m_chunks.begin(), m_chunks.end(), [state](const Chunk& c) { return c.state == state; });
}

std::int64_t DataLedger::doneBy(const std::string& worker) const
{
    return std::count_if(m_chunks.begin(), m_chunks.end(),
        [&](const Chunk& c) { return c.state == ChunkState::Done && c.worker == worker; });
}

} // namespace vantage::edl
