#pragma once
// The session file: one SQLite database (*.vantage) that keeps every run of every engine, its
// parameters, status, timings, results, numeric series (for charts) and artifacts (exports, SVGs,
// reports). The GUI and the CLI both write it through this class; it has no Qt in it.

#include "common/enum_names.h"
#include "common/json.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vantage::store {

enum class RunStatus {
    Queued,
    Running,
    Done,
    Failed,
    Cancelled
};

// Stored by name (enumName, enumFromName: an unknown name is an error naming the field "status").
inline constexpr EnumTable<RunStatus, 5> kRunStatuses{ .field = "status",
    .entries = { { { RunStatus::Queued, "queued" }, { RunStatus::Running, "running" }, { RunStatus::Done, "done" },
        { RunStatus::Failed, "failed" }, { RunStatus::Cancelled, "cancelled" } } },
    .what = "run status" };
constexpr const auto& enumTable(RunStatus)
{
    return kRunStatuses;
}

// The engine a run belongs to, stored by its name ("ft", "edl", "dgi", "ppac"). Unknown: a name
// this build does not know (a file from a later version); such runs are listed, not interpreted.
enum class Engine {
    Ft,
    Edl,
    Dgi,
    Ppac,
    Unknown
};
inline constexpr EnumTable<Engine, 4> kEngines{ .field = "engine",
    .entries = { { { Engine::Ft, "ft" }, { Engine::Edl, "edl" }, { Engine::Dgi, "dgi" }, { Engine::Ppac, "ppac" } } },
    .fallback = Engine::Unknown };
constexpr const auto& enumTable(Engine)
{
    return kEngines;
}

// What a run did, stored by its name: FT "search", "frontier", "pick", "export", "calibrate", "execute", "validate";
// EDL "train"; DGI "generate", "partition", "evaluate"; PPAC "generate", "similar", "train", "evaluate", "rerank",
// "knobs". Unknown as for Engine.
enum class RunKind {
    Search,
    Frontier,
    Pick,
    Export,
    Train,
    Generate,
    Partition,
    Evaluate,
    Similar,
    Rerank,
    Knobs,
    Calibrate,
    Execute,
    Validate,
    Unknown
};
inline constexpr EnumTable<RunKind, 14> kRunKinds{ .field = "kind",
    .entries = { { { RunKind::Search, "search" }, { RunKind::Frontier, "frontier" }, { RunKind::Pick, "pick" },
        { RunKind::Export, "export" }, { RunKind::Train, "train" }, { RunKind::Generate, "generate" },
        { RunKind::Partition, "partition" }, { RunKind::Evaluate, "evaluate" }, { RunKind::Similar, "similar" },
        { RunKind::Rerank, "rerank" }, { RunKind::Knobs, "knobs" }, { RunKind::Calibrate, "calibrate" },
        { RunKind::Execute, "execute" }, { RunKind::Validate, "validate" } } },
    .fallback = RunKind::Unknown };
constexpr const auto& enumTable(RunKind)
{
    return kRunKinds;
}

// What a caller supplies to record a new run.
struct NewRun {
    Engine engine = Engine::Unknown;
    RunKind kind = RunKind::Unknown;
    std::string name; // user-visible title; may be empty
    Json params = Json::object(); // every input needed to understand and redo the run
};

struct RunInfo {
    std::int64_t id = 0;
    Engine engine = Engine::Unknown;
    RunKind kind = RunKind::Unknown;
    std::string name;
    Json params;
    RunStatus status = RunStatus::Queued;
    std::string createdAt; // ISO 8601, UTC
    std::string startedAt; // empty until started
    std::string finishedAt; // empty until finished
    double durationS = 0.0; // finished - started, 0 while unknown
    std::string summary; // the key result in a few words ("23 strategies, fastest 1.20 s")
    Json result; // structured results (null until finished)
    std::string error; // why it failed, for failed runs
    std::vector<std::string> tags;
    // The version of the run's shape (its params, result, series and artifact names) for its
    // engine and kind, as stored (store/run_shapes.h). A session opened for writing holds every
    // run in the current shape; currentShapeVersion() tells which that is.
    int shapeVersion = 0;
    // What of the stored row could not be read as Vantage writes it ("its status 'exploded' is not
    // a run status; its parameters are not JSON"), empty for a sound row. A damaged run is listed
    // with what could be read (an unknown status reads as failed); the rest of the session opens.
    std::string damage;
    bool damaged() const { return !damage.empty(); }
    // Failed because the process that wrote it ended first (see Session::recoveredRuns()).
    bool interrupted() const;
};

// A point of a stored series; a value that is not a number in the file reads as NaN (a gap). NaN
// and +-inf are stored and read back as they are.
struct SeriesPoint {
    double step = 0.0;
    double value = 0.0;
};

struct ArtifactInfo {
    std::int64_t id = 0;
    std::int64_t runId = 0;
    std::string name;
    std::string mimeType;
    std::int64_t size = 0;
    std::string createdAt;
};

class Session {
public:
    // The schema this build writes. Files with a smaller version are migrated on open (after a
    // backup copy), and their runs upgraded to the current shapes (store/run_shapes.h); files with
    // a larger one are refused untouched.
    static constexpr int kSchemaVersion = 4;
    // PRAGMA application_id of every Vantage session ('VANT').
    static constexpr std::int32_t kApplicationId = 0x56414E54;

    enum class Mode {
        ReadWrite,
        ReadOnly
    };

    // Creates a new, empty session; refuses to overwrite an existing file.
    static Session create(const std::filesystem::path& path, std::string_view title = {});
    // Opens an existing session. Not a session, newer than this build, or damaged: Error, and the
    // file is not modified. In ReadWrite mode, runs left `running` or `queued` by a process that no
    // longer exists are marked failed (see recoveredRuns()).
    static Session open(const std::filesystem::path& path, Mode mode = Mode::ReadWrite);
    // open() when the file exists, create() otherwise.
    static Session openOrCreate(const std::filesystem::path& path);

    Session(Session&&) noexcept;
    Session& operator=(Session&&) noexcept;
    ~Session();

    // A session that open() refuses for objects another program put in its schema (triggers,
    // views, other tables and indexes) copied to a new session `target` with Vantage's own schema:
    // the runs, series, artifacts and metadata are copied as data, nothing of the schema is, and a
    // run with a status Vantage does not write is copied as failed. Returns what was left out, for
    // the user. Refuses a file that is not a session, one newer than this build, and an existing
    // target; the source is never written.
    static std::string cleanCopy(const std::filesystem::path& source, const std::filesystem::path& target);

    // Writes a consistent copy of the whole session to `target` (Save As); refuses to overwrite.
    void saveCopy(const std::filesystem::path& target) const;

    // Changes whenever another connection (another process, another Session object) commits to the
    // file; a viewer polls it to refresh cheaply.
    std::int64_t externalChangeCounter() const;

    const std::filesystem::path& path() const;
    bool isReadOnly() const;
    int schemaVersion() const;
    // Runs that were marked failed on open because their writer had died.
    const std::vector<std::int64_t>& recoveredRuns() const;
    // Where the pre-migration copy went, when open() migrated the file.
    const std::optional<std::filesystem::path>& migrationBackup() const;

    // Session metadata (title, created, app version, free-form keys).
    std::optional<std::string> meta(std::string_view key) const;
    void setMeta(std::string_view key, std::string_view value);
    std::string title() const;

    // Runs. beginRun creates the run already `running` and owned by this process.
    std::int64_t createRun(const NewRun& run);
    std::int64_t beginRun(const NewRun& run);
    void startRun(std::int64_t runId);
    // A running run goes on in another process of this host (an elastic job's leader, after the
    // window that started it detached): it stays running while that process lives, and reads as
    // interrupted once it does not. Handing it over to this process's pid takes it back.
    void handOverRun(std::int64_t runId, std::int64_t pid);
    void finishRun(std::int64_t runId, RunStatus status, const Json& result = nullptr, std::string_view summary = {},
        std::string_view error = {});
    std::vector<RunInfo> runs() const;
    // The runs that runs() lists, counted, and `limit` of them from the first id above `afterId`
    // on: a reader of a session of 200,000 runs holds one page at a time.
    std::size_t runCount() const;
    std::vector<RunInfo> runPage(std::int64_t afterId, std::size_t limit) const;
    RunInfo run(std::int64_t runId) const; // throws Error::invalidInput for an unknown id
    void renameRun(std::int64_t runId, std::string_view name);
    void setRunTags(std::int64_t runId, const std::vector<std::string>& tags);
    void deleteRun(std::int64_t runId); // for good, with its series and artifacts
    // Deletion that can be undone: a trashed run is hidden from runs() until restored; trashed
    // runs are removed for good the next time the file is opened for writing.
    void trashRun(std::int64_t runId);
    void restoreRun(std::int64_t runId);

    // Series: appended in one transaction per call with one prepared statement.
    void appendSeries(std::int64_t runId, std::string_view name, std::span<const SeriesPoint> points);
    std::vector<SeriesPoint> series(std::int64_t runId, std::string_view name) const;
    std::vector<std::string> seriesNames(std::int64_t runId) const;

    // Artifacts: named blobs with a MIME type.
    std::int64_t addArtifact(
        std::int64_t runId, std::string_view name, std::string_view mimeType, std::string_view bytes);
    std::vector<ArtifactInfo> artifacts(std::int64_t runId) const;
    std::string artifactData(std::int64_t artifactId) const;

private:
    struct Impl;
    explicit Session(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

namespace detail {
// The DDL that takes a file from schema version `to - 1` to `to` (1-based). Exposed for the
// migration tests, which build an old file step by step.
std::string_view migrationScript(int to);
} // namespace detail

} // namespace vantage::store
