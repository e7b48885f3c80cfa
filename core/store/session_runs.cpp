// Runs, their series and artifacts: the rows of a session (session.h).

#include "store/session_p.h"

#include "common/assert.h"
#include "store/run_shapes.h"

#include <cmath>
#include <limits>

namespace vantage::store {

bool RunInfo::interrupted() const
{
    return status == RunStatus::Failed && error == kInterrupted;
}

std::int64_t Session::createRun(const NewRun& run)
{
    VANTAGE_ASSERT(
        run.engine != Engine::Unknown && run.kind != RunKind::Unknown, "a new run without its engine or kind");
    return m_impl->transaction([&] {
        Stmt s(m_impl->db,
            std::string("INSERT INTO runs(engine, kind, name, params, status, created_at, owner_pid, owner_host, "
                        "shape_version) VALUES (?, ?, ?, ?, 'queued', ")
                + kNow + ", ?, ?, ?)",
            m_impl->path);
        s.bind(1, enumName(run.engine)).bind(2, enumName(run.kind)).bind(3, run.name).bind(4, run.params.dump());
        s.bind(5, static_cast<std::int64_t>(::getpid())).bind(6, hostName());
        s.bind(7, currentShapeVersion(run.engine, run.kind));
        s.run();
        return static_cast<std::int64_t>(sqlite3_last_insert_rowid(m_impl->db));
    });
}

void Session::startRun(std::int64_t runId)
{
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db,
            std::string("UPDATE runs SET status = 'running', started_at = ") + kNow
                + ", owner_pid = ?, owner_host = ? WHERE id = ?",
            m_impl->path);
        s.bind(1, static_cast<std::int64_t>(::getpid())).bind(2, hostName()).bind(3, runId);
        s.run();
    });
}

void Session::handOverRun(std::int64_t runId, std::int64_t pid)
{
    if (pid <= 0)
        throw Error::invalidInput("a run can only be handed over to a process id above 0").forField("pid");
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db,
            std::string("UPDATE runs SET owner_pid = ?, owner_host = ? WHERE id = ? AND status = 'running'"),
            m_impl->path);
        s.bind(1, pid).bind(2, hostName()).bind(3, runId);
        s.run();
        if (sqlite3_changes(m_impl->db) == 0)
            throw Error::invalidInput("only a running run can be handed over to another process").forField("run");
    });
}

std::int64_t Session::beginRun(const NewRun& run)
{
    const auto id = createRun(run);
    startRun(id);
    return id;
}

void Session::finishRun(
    std::int64_t runId, RunStatus status, const Json& result, std::string_view summary, std::string_view error)
{
    if (status == RunStatus::Queued || status == RunStatus::Running)
        throw Error::invalidInput("finishRun needs a final status (done, failed or cancelled)").forField("status");
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db,
            std::string("UPDATE runs SET status = ?, finished_at = ") + kNow + ", started_at = COALESCE(started_at, "
                + kNow + "), result = ?, summary = ?, error = ? WHERE id = ?",
            m_impl->path);
        s.bind(1, enumName(status));
        if (result.is_null())
            s.bindNull(2);
        else
            s.bind(2, result.dump());
        s.bind(3, summary).bind(4, error).bind(5, runId);
        s.run();
    });
}

namespace {
constexpr const char* kRunColumns
    = "SELECT id, engine, kind, name, params, status, created_at, started_at, finished_at, summary, result, error, "
      "tags, "
      "CASE WHEN started_at IS NOT NULL AND finished_at IS NOT NULL "
      "THEN (julianday(finished_at) - julianday(started_at)) * 86400.0 ELSE 0 END, owner_pid, owner_host, "
      "shape_version FROM runs";

void noteDamage(RunInfo& r, const std::string& what)
{
    r.damage += (r.damage.empty() ? "" : "; ") + what;
}

// The status column as a RunStatus; a value Vantage does not write reads as failed, and says so.
void readStatus(RunInfo& r, const std::string& text)
{
    for (auto status :
        { RunStatus::Queued, RunStatus::Running, RunStatus::Done, RunStatus::Failed, RunStatus::Cancelled })
        if (enumName(status) == text) {
            r.status = status;
            return;
        }
    r.status = RunStatus::Failed;
    noteDamage(r, "its status '" + text.substr(0, 40) + "' is not a run status");
    if (r.error.empty())
        r.error = "damaged run: its status '" + text.substr(0, 40) + "' is not a run status";
}

// Runs that are not in the trash. A `trashed` that is not a number (a file of another program)
// counts as not trashed: a run is rather shown than hidden, and never purged for it.
constexpr const char* kListed = "(trashed = 0 OR typeof(trashed) <> 'integer')";

// A run of version 1 or later below its kind's current version, in a session that was not written
// (opened read-only): its parameters and result as the upgraders make them (run_shapes.h), the
// stored file untouched. A run the upgraders cannot read keeps its version (requireCurrentShape
// names it).
void upgradeInMemory(RunInfo& r)
{
    const int current = currentShapeVersion(r.engine, r.kind);
    if (r.shapeVersion < 1 || r.shapeVersion >= current)
        return;
    RunShape shape{ r.params, r.result, {}, {} };
    try {
        upgradeRunShape(r.engine, r.kind, r.shapeVersion, shape);
    } catch (const std::exception&) {
        return;
    }
    r.params = std::move(shape.params);
    r.result = std::move(shape.result);
    r.shapeVersion = current;
}

RunInfo readRun(const Stmt& s)
{
    RunInfo r;
    r.id = s.int64(0);
    r.engine = enumFromName<Engine>(s.text(1));
    r.kind = enumFromName<RunKind>(s.text(2));
    r.name = s.text(3);
    bool isJson = true;
    r.params = jsonOrNull(s.text(4), &isJson);
    if (!isJson)
        noteDamage(r, "its parameters are not JSON");
    else if (!r.params.is_object() && !r.params.is_null())
        noteDamage(r, "its parameters are not a JSON object");
    r.createdAt = s.text(6);
    r.startedAt = s.text(7);
    r.finishedAt = s.text(8);
    r.summary = s.text(9);
    r.result = jsonOrNull(s.text(10), &isJson);
    if (!isJson)
        noteDamage(r, "its result is not JSON");
    r.error = s.text(11);
    readStatus(r, s.text(5));
    static constexpr std::pair<int, const char*> kTexts[]
        = { { 3, "name" }, { 4, "parameters" }, { 9, "summary" }, { 10, "result" }, { 11, "error" } };
    for (const auto& [col, what] : kTexts)
        if (!s.isUtf8(col))
            noteDamage(r, std::string("its ") + what + " is not UTF-8 text");
    if (auto tags = tagsFromJson(s.text(12)))
        r.tags = std::move(*tags);
    else
        noteDamage(r, "its tags are not a list of names");
    r.durationS = std::isfinite(s.real(13)) ? s.real(13) : 0.0;
    r.shapeVersion = static_cast<int>(std::clamp<std::int64_t>(s.int64(16), 0, std::numeric_limits<int>::max()));
    upgradeInMemory(r);
    // Every reader, read-only ones too, sees a run whose writer died as what it is; the file is
    // corrected by the next writer that opens it.
    if ((r.status == RunStatus::Running || r.status == RunStatus::Queued) && writerGone(s.int64(14), s.text(15))) {
        r.status = RunStatus::Failed;
        r.error = kInterrupted;
    }
    return r;
}
} // namespace

std::vector<RunInfo> Session::runs() const
{
    return runPage(0, std::numeric_limits<std::size_t>::max());
}

std::size_t Session::runCount() const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, std::string("SELECT count(*) FROM runs WHERE ") + kListed, m_impl->path);
    return s.step() ? static_cast<std::size_t>(s.int64(0)) : 0;
}

std::vector<RunInfo> Session::runPage(std::int64_t afterId, std::size_t limit) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(
        m_impl->db, std::string(kRunColumns) + " WHERE id > ? AND " + kListed + " ORDER BY id LIMIT ?", m_impl->path);
    s.bind(1, afterId).bind(2, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
    std::vector<RunInfo> out;
    while (s.step())
        out.push_back(readRun(s));
    return out;
}

RunInfo Session::run(std::int64_t runId) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, std::string(kRunColumns) + " WHERE id = ?", m_impl->path);
    s.bind(1, runId);
    if (!s.step())
        throw Error::invalidInput("no run with id " + std::to_string(runId) + " in this session")
            .inFile(m_impl->path.string());
    return readRun(s);
}

void Session::renameRun(std::int64_t runId, std::string_view name)
{
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db, "UPDATE runs SET name = ? WHERE id = ?", m_impl->path);
        s.bind(1, name).bind(2, runId);
        s.run();
    });
}

void Session::setRunTags(std::int64_t runId, const std::vector<std::string>& tags)
{
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db, "UPDATE runs SET tags = ? WHERE id = ?", m_impl->path);
        s.bind(1, tagsToJson(tags)).bind(2, runId);
        s.run();
    });
}

void Session::deleteRun(std::int64_t runId)
{
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db, "DELETE FROM runs WHERE id = ?", m_impl->path);
        s.bind(1, runId);
        s.run();
    });
}

void Session::trashRun(std::int64_t runId)
{
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        // The trashing process is remembered: while it lives it may still undo, so nobody purges.
        Stmt s(m_impl->db, "UPDATE runs SET trashed = ? WHERE id = ?", m_impl->path);
        s.bind(1, static_cast<std::int64_t>(::getpid())).bind(2, runId);
        s.run();
    });
}

void Session::restoreRun(std::int64_t runId)
{
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db, "UPDATE runs SET trashed = 0 WHERE id = ?", m_impl->path);
        s.bind(1, runId);
        s.run();
    });
}

void Session::appendSeries(std::int64_t runId, std::string_view name, std::span<const SeriesPoint> points)
{
    if (name.empty())
        throw Error::invalidInput("a series needs a name").forField("series");
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt ins(m_impl->db, "INSERT INTO series(run_id, name) VALUES (?, ?) ON CONFLICT(run_id, name) DO NOTHING",
            m_impl->path);
        ins.bind(1, runId).bind(2, name);
        ins.run();
        Stmt find(m_impl->db, "SELECT id FROM series WHERE run_id = ? AND name = ?", m_impl->path);
        find.bind(1, runId).bind(2, name);
        find.step();
        const auto seriesId = find.int64(0);
        Stmt add(m_impl->db, "INSERT INTO series_points(series_id, step, value) VALUES (?, ?, ?)", m_impl->path);
        for (const auto& p : points) {
            add.bind(1, seriesId);
            // SQLite has no NaN (it would store NULL, which the column refuses): a NaN is kept as the
            // text 'nan', which series() reads back as NaN, a gap, as any value that is not a number.
            for (const auto& [col, v] : { std::pair{ 2, p.step }, std::pair{ 3, p.value } })
                if (std::isnan(v))
                    add.bind(col, std::string_view("nan"));
                else
                    add.bind(col, v);
            add.step();
            add.reset();
        }
    });
}

std::vector<SeriesPoint> Session::series(std::int64_t runId, std::string_view name) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db,
        "SELECT p.step, p.value FROM series_points p JOIN series s ON s.id = p.series_id "
        "WHERE s.run_id = ? AND s.name = ? ORDER BY p.rowid",
        m_impl->path);
    s.bind(1, runId).bind(2, name);
    std::vector<SeriesPoint> out;
    while (s.step())
        out.push_back({ s.number(0), s.number(1) });
    return out;
}

std::vector<std::string> Session::seriesNames(std::int64_t runId) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, "SELECT name FROM series WHERE run_id = ? ORDER BY id", m_impl->path);
    s.bind(1, runId);
    std::vector<std::string> out;
    while (s.step())
        out.push_back(s.text(0));
    return out;
}

std::int64_t Session::addArtifact(
    std::int64_t runId, std::string_view name, std::string_view mimeType, std::string_view bytes)
{
    return m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db,
            std::string("INSERT INTO artifacts(run_id, name, mime_type, data, created_at) VALUES (?, ?, ?, ?, ") + kNow
                + ")",
            m_impl->path);
        s.bind(1, runId).bind(2, name).bind(3, mimeType).bindBlob(4, bytes);
        s.run();
        return static_cast<std::int64_t>(sqlite3_last_insert_rowid(m_impl->db));
    });
}

std::vector<ArtifactInfo> Session::artifacts(std::int64_t runId) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db,
        "SELECT id, run_id, name, mime_type, length(data), created_at FROM artifacts WHERE run_id = ? ORDER BY id",
        m_impl->path);
    s.bind(1, runId);
    std::vector<ArtifactInfo> out;
    while (s.step())
        out.push_back({ s.int64(0), s.int64(1), s.text(2), s.text(3), s.int64(4), s.text(5) });
    return out;
}

std::string Session::artifactData(std::int64_t artifactId) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, "SELECT data FROM artifacts WHERE id = ?", m_impl->path);
    s.bind(1, artifactId);
    if (!s.step())
        throw Error::invalidInput("no artifact with id " + std::to_string(artifactId)).inFile(m_impl->path.string());
    return s.blob(0);
}

} // namespace vantage::store
