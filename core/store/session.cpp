#include "store/session.h"

#include "common/error.h"
#include "common/version.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <mutex>
#include <unistd.h>

namespace vantage::store {

namespace fs = std::filesystem;

namespace {

// Schema history. Version 1 was the first layout; version 2 added ownership (so that a run whose
// writer died can be recognised) and tags. Append, never edit: old files replay these in order.
constexpr std::array<std::string_view, Session::kSchemaVersion> kMigrations = {
    R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    engine      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    name        TEXT NOT NULL DEFAULT '',
    params      TEXT NOT NULL DEFAULT '{}',
    status      TEXT NOT NULL CHECK (status IN ('queued','running','done','failed','cancelled')),
    created_at  TEXT NOT NULL,
    started_at  TEXT,
    finished_at TEXT,
    summary     TEXT NOT NULL DEFAULT '',
    result      TEXT,
    error       TEXT NOT NULL DEFAULT ''
);
CREATE TABLE series (
    id     INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    UNIQUE (run_id, name)
);
CREATE TABLE series_points (
    series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
    step      REAL NOT NULL,
    value     REAL NOT NULL
);
CREATE INDEX series_points_by_series ON series_points(series_id, step);
CREATE TABLE artifacts (
    id         INTEGER PRIMARY KEY,
    run_id     INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    mime_type  TEXT NOT NULL,
    data       BLOB NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX artifacts_by_run ON artifacts(run_id);
)sql",
    R"sql(
ALTER TABLE runs ADD COLUMN owner_pid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN owner_host TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
CREATE INDEX runs_by_status ON runs(status);
)sql",
    R"sql(
-- 0, or the pid of the process that trashed the run (it can still undo while it lives)
ALTER TABLE runs ADD COLUMN trashed INTEGER NOT NULL DEFAULT 0;
)sql",
};

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return {};
    return buf;
}

bool processAlive(std::int64_t pid)
{
    if (pid <= 0)
        return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

constexpr const char* kInterrupted = "interrupted: the process that wrote this run ended before it finished";

// A queued or running run whose writer is known to be gone: it was owned by a process of this host
// that no longer exists (a crash, kill -9). A run of another host cannot be judged from here.
bool writerGone(std::int64_t pid, const std::string& host)
{
    static const std::string me = hostName();
    if (pid == ::getpid())
        return false;
    return (host.empty() || host == me) && !processAlive(pid);
}

// RAII for one prepared statement; binds by 1-based index.
class Stmt {
public:
    Stmt(sqlite3* db, std::string_view sql, const fs::path& file) : m_db(db), m_file(file)
    {
        if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr) != SQLITE_OK)
            fail("cannot prepare statement");
    }
    ~Stmt() { sqlite3_finalize(m_stmt); }
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;

    Stmt& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(m_stmt, i, v)); }
    Stmt& bind(int i, int v) { return check(sqlite3_bind_int64(m_stmt, i, v)); }
    Stmt& bind(int i, double v) { return check(sqlite3_bind_double(m_stmt, i, v)); }
    Stmt& bind(int i, std::string_view v)
    {
        // An empty view may have a null data(); SQLite would store NULL for it, not ''.
        return check(sqlite3_bind_text64(m_stmt, i, v.data() ? v.data() : "", v.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
    }
    Stmt& bindBlob(int i, std::string_view v)
    {
        return check(sqlite3_bind_blob64(m_stmt, i, v.data() ? v.data() : "", v.size(), SQLITE_TRANSIENT));
    }
    Stmt& bindNull(int i) { return check(sqlite3_bind_null(m_stmt, i)); }

    // true while there is a row.
    bool step()
    {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW)
            return true;
        if (rc == SQLITE_DONE)
            return false;
        fail("cannot execute statement");
    }
    void run()
    {
        while (step()) {
        }
        reset();
    }
    void reset()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }

    std::int64_t int64(int col) const { return sqlite3_column_int64(m_stmt, col); }
    double real(int col) const { return sqlite3_column_double(m_stmt, col); }
    bool isNull(int col) const { return sqlite3_column_type(m_stmt, col) == SQLITE_NULL; }
    std::string text(int col) const
    {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string();
    }
    std::string blob(int col) const
    {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(m_stmt, col));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string();
    }

private:
    Stmt& check(int rc)
    {
        if (rc != SQLITE_OK)
            fail("cannot bind parameter");
        return *this;
    }
    [[noreturn]] void fail(const char* what)
    {
        const int code = sqlite3_errcode(m_db);
        std::string msg = std::string(what) + ": " + sqlite3_errmsg(m_db);
        if (code == SQLITE_FULL)
            msg = "the disk is full; nothing of this write was saved";
        else if (code == SQLITE_READONLY)
            msg = "the session is open read-only";
        else if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
            msg = "the session file is damaged: " + std::string(sqlite3_errmsg(m_db));
        throw Error::failure(msg).inFile(m_file.string());
    }

    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
    const fs::path& m_file;
};

std::string tagsToJson(const std::vector<std::string>& tags)
{
    return Json(tags).dump();
}

std::vector<std::string> tagsFromJson(const std::string& text)
{
    try {
        auto j = Json::parse(text);
        if (j.is_array())
            return j.get<std::vector<std::string>>();
    } catch (const nlohmann::json::exception&) {
    }
    return {};
}

Json jsonOrNull(const std::string& text)
{
    if (text.empty())
        return nullptr;
    try {
        return Json::parse(text);
    } catch (const nlohmann::json::exception&) {
        return Json(text); // never lose what was stored, even if it is not JSON
    }
}

} // namespace

std::string_view statusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Queued: return "queued";
    case RunStatus::Running: return "running";
    case RunStatus::Done: return "done";
    case RunStatus::Failed: return "failed";
    case RunStatus::Cancelled: return "cancelled";
    }
    return "failed";
}

RunStatus statusFromName(std::string_view text)
{
    for (auto s : {RunStatus::Queued, RunStatus::Running, RunStatus::Done, RunStatus::Failed, RunStatus::Cancelled})
        if (statusName(s) == text)
            return s;
    throw Error::invalidInput("unknown run status '" + std::string(text) + "'").forField("status");
}

struct Session::Impl {
    fs::path path;
    sqlite3* db = nullptr;
    bool readOnly = false;
    int version = 0;
    std::vector<std::int64_t> recovered;
    std::optional<fs::path> backup;
    mutable std::recursive_mutex mutex;

    ~Impl()
    {
        if (db)
            sqlite3_close_v2(db);
    }

    [[noreturn]] void fail(const std::string& what) const
    {
        throw Error::failure(what + ": " + sqlite3_errmsg(db)).inFile(path.string());
    }

    void exec(std::string_view sql) const
    {
        char* err = nullptr;
        if (sqlite3_exec(db, std::string(sql).c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "unknown error";
            sqlite3_free(err);
            if (sqlite3_errcode(db) == SQLITE_FULL)
                msg = "the disk is full; nothing of this write was saved";
            throw Error::failure(msg).inFile(path.string());
        }
    }

    std::int64_t pragmaInt(const char* name) const
    {
        Stmt s(db, std::string("PRAGMA ") + name, path);
        return s.step() ? s.int64(0) : 0;
    }

    // One logical write = one transaction; rolled back when `f` throws.
    template <typename F>
    auto transaction(F&& f)
    {
        if (readOnly)
            throw Error::failure("the session is open read-only").inFile(path.string());
        std::lock_guard lock(mutex);
        exec("BEGIN IMMEDIATE");
        try {
            if constexpr (std::is_void_v<decltype(f())>) {
                f();
                exec("COMMIT");
            } else {
                auto r = f();
                exec("COMMIT");
                return r;
            }
        } catch (...) {
            sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
            throw;
        }
    }

    // The tables and run columns that the file's schema version promises: a file that lacks one is
    // damaged (a table dropped by hand, a half-copied file), refused before any query fails on it.
    void checkSchema() const
    {
        std::vector<std::string> tables;
        {
            Stmt s(db, "SELECT name FROM sqlite_master WHERE type = 'table'", path);
            while (s.step())
                tables.push_back(s.text(0));
        }
        for (const char* t : { "meta", "runs", "series", "series_points", "artifacts" })
            if (std::find(tables.begin(), tables.end(), t) == tables.end())
                throw Error::invalidInput(std::string("the session file is damaged: its table '") + t + "' is missing")
                    .inFile(path.string());
        std::vector<std::string> columns;
        {
            Stmt s(db, "PRAGMA table_info(runs)", path);
            while (s.step())
                columns.push_back(s.text(1));
        }
        std::vector<const char*> need = { "id", "engine", "kind", "name", "params", "status", "created_at",
            "started_at", "finished_at", "summary", "result", "error" };
        if (version >= 2)
            need.insert(need.end(), { "owner_pid", "owner_host", "tags" });
        if (version >= 3)
            need.push_back("trashed");
        for (const char* c : need)
            if (std::find(columns.begin(), columns.end(), c) == columns.end())
                throw Error::invalidInput(
                    std::string("the session file is damaged: the column 'runs.") + c + "' is missing")
                    .inFile(path.string());
    }

    void requireRun(std::int64_t runId) const
    {
        Stmt s(db, "SELECT 1 FROM runs WHERE id = ?", path);
        s.bind(1, runId);
        if (!s.step())
            throw Error::invalidInput("no run with id " + std::to_string(runId) + " in this session")
                .inFile(path.string());
    }

    void configure()
    {
        sqlite3_busy_timeout(db, 5000);
        sqlite3_extended_result_codes(db, 0);
        exec("PRAGMA foreign_keys = ON");
        if (!readOnly) {
            exec("PRAGMA journal_mode = WAL");
            exec("PRAGMA synchronous = NORMAL");
        }
    }

    void migrate()
    {
        while (version < kSchemaVersion) {
            const int to = version + 1;
            transaction([&] {
                exec(kMigrations[static_cast<std::size_t>(to - 1)]);
                exec("PRAGMA user_version = " + std::to_string(to));
                if (to == 1)
                    exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            });
            version = to;
        }
    }

    // Removes for good the runs trashed by processes that have ended (their undo is gone).
    void purgeTrash()
    {
        std::vector<std::int64_t> dead;
        {
            Stmt s(db, "SELECT id, trashed FROM runs WHERE trashed <> 0", path);
            while (s.step())
                if (s.int64(1) != ::getpid() && !processAlive(s.int64(1)))
                    dead.push_back(s.int64(0));
        }
        if (dead.empty())
            return;
        transaction([&] {
            Stmt d(db, "DELETE FROM runs WHERE id = ?", path);
            for (auto id : dead) {
                d.bind(1, id);
                d.run();
            }
        });
    }

    void recoverAbandonedRuns()
    {
        std::vector<std::int64_t> dead;
        {
            Stmt s(db, "SELECT id, owner_pid, owner_host FROM runs WHERE status IN ('running','queued')", path);
            while (s.step())
                if (writerGone(s.int64(1), s.text(2)))
                    dead.push_back(s.int64(0));
        }
        if (dead.empty())
            return;
        transaction([&] {
            Stmt u(db,
                   std::string("UPDATE runs SET status = 'failed', finished_at = COALESCE(finished_at, ") + kNow
                       + "), error = ? WHERE id = ?",
                   path);
            for (auto id : dead) {
                u.bind(1, std::string_view(kInterrupted)).bind(2, id);
                u.run();
            }
        });
        recovered = std::move(dead);
    }
};

Session::Session(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

namespace {

void requireSqliteHeader(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error::invalidInput(std::string("cannot open: ") + std::strerror(errno)).inFile(path.string());
    char header[16] = {};
    in.read(header, sizeof header);
    if (in.gcount() < 16 || std::memcmp(header, "SQLite format 3", 16) != 0)
        throw Error::invalidInput("not a Vantage session (the file is not an SQLite database)").inFile(path.string());
}

} // namespace

Session Session::open(const fs::path& path, Mode mode)
{
    if (!fs::exists(path))
        throw Error::invalidInput("no such session file").inFile(path.string());
    if (fs::is_directory(path))
        throw Error::invalidInput("is a folder, not a session file").inFile(path.string());
    requireSqliteHeader(path);

    // Judge the file through a read-only handle first, so that a file we refuse is never touched.
    auto probe = std::make_unique<Impl>();
    probe->path = path;
    probe->readOnly = true;
    if (sqlite3_open_v2(path.c_str(), &probe->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK)
        throw Error::invalidInput(std::string("cannot open session: ") + sqlite3_errmsg(probe->db)).inFile(path.string());
    sqlite3_busy_timeout(probe->db, 5000);
    std::int64_t appId = 0;
    try {
        appId = probe->pragmaInt("application_id");
        probe->version = static_cast<int>(probe->pragmaInt("user_version"));
        Stmt check(probe->db, "PRAGMA quick_check", path);
        std::string problems;
        while (check.step()) {
            const auto line = check.text(0);
            if (line != "ok")
                problems += (problems.empty() ? "" : "; ") + line;
        }
        if (!problems.empty())
            throw Error::invalidInput("the session file is damaged: " + problems.substr(0, 400)).inFile(path.string());
        if (probe->version >= 1 && probe->version <= kSchemaVersion)
            probe->checkSchema();
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::InvalidInput)
            throw;
        throw Error::invalidInput("the session file is damaged or unreadable: " + e.message()).inFile(path.string());
    }
    if (appId != kApplicationId)
        throw Error::invalidInput("not a Vantage session (an SQLite database of another application)")
            .inFile(path.string());
    if (probe->version > kSchemaVersion)
        throw Error::invalidInput("written by a newer Vantage (session schema " + std::to_string(probe->version)
                                  + ", this build reads up to " + std::to_string(kSchemaVersion)
                                  + "); open it with that version")
            .inFile(path.string());
    if (probe->version < 1)
        throw Error::invalidInput("not a Vantage session (no schema version)").inFile(path.string());

    if (mode == Mode::ReadOnly) {
        if (probe->version < kSchemaVersion)
            throw Error::invalidInput("written by an older Vantage (schema " + std::to_string(probe->version)
                                      + "); open it for writing once to upgrade it")
                .inFile(path.string());
        probe->configure();
        return Session(std::move(probe));
    }
    const int oldVersion = probe->version;
    probe.reset();

    auto impl = std::make_unique<Impl>();
    impl->path = path;
    if (sqlite3_open_v2(path.c_str(), &impl->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK)
        throw Error::failure(std::string("cannot open session for writing: ") + sqlite3_errmsg(impl->db))
            .inFile(path.string());
    impl->version = oldVersion;
    if (oldVersion < kSchemaVersion) {
        // Keep the old file as it was before the upgrade: a user who goes back to the old build has it.
        fs::path backup = path;
        backup += ".v" + std::to_string(oldVersion) + ".bak";
        impl->exec("PRAGMA wal_checkpoint(TRUNCATE)");
        std::error_code ec;
        fs::copy_file(path, backup, fs::copy_options::overwrite_existing, ec);
        if (ec)
            throw Error::failure("cannot save a backup before upgrading the session: " + ec.message())
                .inFile(backup.string());
        impl->backup = backup;
        impl->configure();
        impl->migrate();
    } else {
        impl->configure();
    }
    impl->recoverAbandonedRuns();
    impl->purgeTrash();
    return Session(std::move(impl));
}

Session Session::create(const fs::path& path, std::string_view title)
{
    if (fs::exists(path))
        throw Error::invalidInput("a file of that name exists already").inFile(path.string());
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    if (sqlite3_open_v2(path.c_str(), &impl->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE | SQLITE_OPEN_FULLMUTEX,
                        nullptr)
        != SQLITE_OK) {
        const std::string why = impl->db ? sqlite3_errmsg(impl->db) : "out of memory";
        throw Error::failure("cannot create session: " + why).inFile(path.string());
    }
    try {
        impl->configure();
        impl->migrate();
        Session s(std::move(impl));
        s.m_impl->transaction([&] {
            Stmt m(s.m_impl->db, std::string("INSERT INTO meta(key, value) VALUES (?, ?)"), s.m_impl->path);
            const std::string name = title.empty() ? path.stem().string() : std::string(title);
            for (auto [k, v] : {std::pair<std::string, std::string>{"title", name},
                                {"created_with", std::string("Vantage ") + VANTAGE_VERSION}}) {
                m.bind(1, k).bind(2, v);
                m.run();
            }
            s.m_impl->exec(std::string("INSERT INTO meta(key, value) VALUES ('created_at', ") + kNow + ")");
        });
        return s;
    } catch (...) {
        std::error_code ec;
        fs::remove(path, ec);
        fs::remove(path.string() + "-wal", ec);
        fs::remove(path.string() + "-shm", ec);
        throw;
    }
}

Session Session::openOrCreate(const fs::path& path)
{
    return fs::exists(path) ? open(path) : create(path);
}

void Session::saveCopy(const fs::path& target) const
{
    if (fs::exists(target))
        throw Error::invalidInput("a file of that name exists already").inFile(target.string());
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, "VACUUM INTO ?", m_impl->path);
    s.bind(1, target.string());
    try {
        s.run();
    } catch (const Error& e) {
        std::error_code ec;
        fs::remove(target, ec);
        throw Error::failure("cannot save a copy: " + e.message()).inFile(target.string());
    }
}

std::int64_t Session::externalChangeCounter() const
{
    std::lock_guard lock(m_impl->mutex);
    return m_impl->pragmaInt("data_version");
}

const fs::path& Session::path() const { return m_impl->path; }
bool Session::isReadOnly() const { return m_impl->readOnly; }
int Session::schemaVersion() const { return m_impl->version; }
const std::vector<std::int64_t>& Session::recoveredRuns() const { return m_impl->recovered; }
const std::optional<fs::path>& Session::migrationBackup() const { return m_impl->backup; }

std::optional<std::string> Session::meta(std::string_view key) const
{
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, "SELECT value FROM meta WHERE key = ?", m_impl->path);
    s.bind(1, key);
    if (s.step())
        return s.text(0);
    return std::nullopt;
}

void Session::setMeta(std::string_view key, std::string_view value)
{
    m_impl->transaction([&] {
        Stmt s(m_impl->db, "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
               m_impl->path);
        s.bind(1, key).bind(2, value);
        s.run();
    });
}

std::string Session::title() const
{
    return meta("title").value_or(m_impl->path.stem().string());
}

std::int64_t Session::createRun(const NewRun& run)
{
    if (run.engine.empty())
        throw Error::invalidInput("a run needs an engine").forField("engine");
    return m_impl->transaction([&] {
        Stmt s(m_impl->db,
               std::string("INSERT INTO runs(engine, kind, name, params, status, created_at, owner_pid, owner_host) "
                           "VALUES (?, ?, ?, ?, 'queued', ")
                   + kNow + ", ?, ?)",
               m_impl->path);
        s.bind(1, run.engine).bind(2, run.kind).bind(3, run.name).bind(4, run.params.dump());
        s.bind(5, static_cast<std::int64_t>(::getpid())).bind(6, hostName());
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

std::int64_t Session::beginRun(const NewRun& run)
{
    const auto id = createRun(run);
    startRun(id);
    return id;
}

void Session::finishRun(std::int64_t runId, RunStatus status, const Json& result, std::string_view summary,
                        std::string_view error)
{
    if (status == RunStatus::Queued || status == RunStatus::Running)
        throw Error::invalidInput("finishRun needs a final status (done, failed or cancelled)").forField("status");
    m_impl->transaction([&] {
        m_impl->requireRun(runId);
        Stmt s(m_impl->db,
               std::string("UPDATE runs SET status = ?, finished_at = ") + kNow
                   + ", started_at = COALESCE(started_at, " + kNow
                   + "), result = ?, summary = ?, error = ? WHERE id = ?",
               m_impl->path);
        s.bind(1, statusName(status));
        if (result.is_null())
            s.bindNull(2);
        else
            s.bind(2, result.dump());
        s.bind(3, summary).bind(4, error).bind(5, runId);
        s.run();
    });
}

namespace {
constexpr const char* kRunColumns =
    "SELECT id, engine, kind, name, params, status, created_at, started_at, finished_at, summary, result, error, tags, "
    "CASE WHEN started_at IS NOT NULL AND finished_at IS NOT NULL "
    "THEN (julianday(finished_at) - julianday(started_at)) * 86400.0 ELSE 0 END, owner_pid, owner_host FROM runs";

RunInfo readRun(const Stmt& s)
{
    RunInfo r;
    r.id = s.int64(0);
    r.engine = s.text(1);
    r.kind = s.text(2);
    r.name = s.text(3);
    r.params = jsonOrNull(s.text(4));
    r.status = statusFromName(s.text(5));
    r.createdAt = s.text(6);
    r.startedAt = s.text(7);
    r.finishedAt = s.text(8);
    r.summary = s.text(9);
    r.result = jsonOrNull(s.text(10));
    r.error = s.text(11);
    r.tags = tagsFromJson(s.text(12));
    r.durationS = s.real(13);
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
    std::lock_guard lock(m_impl->mutex);
    Stmt s(m_impl->db, std::string(kRunColumns) + " WHERE trashed = 0 ORDER BY id", m_impl->path);
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
            add.bind(1, seriesId).bind(2, p.step).bind(3, p.value);
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
        out.push_back({s.real(0), s.real(1)});
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

std::int64_t Session::addArtifact(std::int64_t runId, std::string_view name, std::string_view mimeType,
                                  std::string_view bytes)
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
        out.push_back({s.int64(0), s.int64(1), s.text(2), s.text(3), s.int64(4), s.text(5)});
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

namespace detail {
std::string_view migrationScript(int to)
{
    if (to < 1 || to > Session::kSchemaVersion)
        throw Error::invalidInput("no migration to schema " + std::to_string(to));
    return kMigrations[static_cast<std::size_t>(to - 1)];
}
} // namespace detail

} // namespace vantage::store
