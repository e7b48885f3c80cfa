#pragma once
// The data ledger of an elastic job (EDL's dynamic data pipeline): each epoch's sample ids are cut
// into chunks (id ranges) that the leader hands to workers on demand. A chunk goes
// TODO -> DOING(worker, generation, step) -> DONE, and DONE only when the step that consumed it is
// committed; a chunk whose step was aborted, or whose worker died or left, goes back to TODO (in
// epoch order, so the retry takes the same samples). Within an epoch every sample is
// therefore trained on exactly once, across any number of resizes and failures.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace vantage::edl {

enum class ChunkState {
    Todo,
    Doing,
    Done
};

struct Chunk {
    std::int64_t id = 0; // position in the unshuffled epoch: samples [begin, end)
    std::int64_t begin = 0;
    std::int64_t end = 0;
    ChunkState state = ChunkState::Todo;
    std::string worker; // holder while Doing (and who consumed it once Done)
    std::int64_t generation = 0;
    std::int64_t step = -1; // the step that consumes it while Doing / consumed it once Done
    std::int64_t size() const { return end - begin; }
};

struct LedgerOptions {
    std::int64_t samples = 0; // sample ids 0..samples-1
    std::int64_t chunkSize = 1;
    std::uint64_t seed = 1; // chunk order of epoch e is a permutation seeded by (seed, e)
    bool shuffle = true;
    std::int64_t firstEpoch = 0; // a resumed job starts at the epoch of its checkpoint
};

class DataLedger {
public:
    explicit DataLedger(const LedgerOptions& options); // throws Error::invalidInput on bad sizes

    std::int64_t epoch() const { return m_epoch; }
    std::int64_t samplesPerEpoch() const { return m_options.samples; }
    std::int64_t chunkCount() const { return static_cast<std::int64_t>(m_chunks.size()); }

    // Hands the next TODO chunk to `worker` for `step` of `generation`; nullopt when none is left.
    std::optional<Chunk> take(const std::string& worker, std::int64_t generation, std::int64_t step);
    // Samples in the TODO queue and the size of the chunk take() would return next (0 when empty).
    std::int64_t todoSamples() const;
    std::int64_t nextChunkSize() const;

    // The step was committed: its Doing chunks become Done. Returns how many.
    int commitStep(std::int64_t step);
    // The step was aborted: its Doing chunks go back to TODO. Returns how many.
    int releaseStep(std::int64_t step);
    // The worker died or left: its Doing chunks go back to TODO. Returns how many.
    int releaseWorker(const std::string& worker);

    // Every chunk of the epoch is Done.
    bool epochComplete() const;
    // Starts the next epoch: a new permutation, every chunk TODO. Throws if the epoch is not complete.
    void startNextEpoch();

    std::int64_t count(ChunkState state) const;
    const std::vector<Chunk>& chunks() const { return m_chunks; }
    // Done chunks per worker in this epoch.
    std::int64_t doneBy(const std::string& worker) const;

private:
    void fillQueue();
    void requeue(std::vector<std::int64_t> ids);

    LedgerOptions m_options;
    std::int64_t m_epoch = 0;
    std::vector<Chunk> m_chunks;
    std::vector<std::int64_t> m_order; // chunk ids in this epoch's order
    std::vector<std::int64_t> m_rankOf; // position of each chunk id in m_order
    std::deque<std::int64_t> m_todo; // chunk ids, front first
};

// A deterministic permutation of 0..n-1 (Fisher-Yates over splitmix64), identical on every platform.
std::vector<std::int64_t> seededPermutation(std::int64_t n, std::uint64_t seed);

} // namespace vantage::edl
