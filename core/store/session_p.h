#pragma once
// Private to the session store's files: session.cpp (open, create, migrate, copy, metadata) and
// session_runs.cpp (runs, series, artifacts). The schema, the statement wrapper and Session::Impl.

#include "store/session.h"

#include "common/devices.h"
#include "common/error.h"
#include "common/text_input.h"
#include "common/version.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <limits>
#include <mutex>
#include <unistd.h>

namespace vantage::store {

namespace fs = std::filesystem;

namespace detail {

// Schema history. Version 1 was the first layout; version 2 added ownership (so that a run whose
// writer died can be recognised) and tags; version 3 the trash; version 4 each run's shape
// version (store/run_shapes.h). Append, never edit: old files replay these in order.
inline constexpr std::array<std::string_view, Session::kSchemaVersion> kMigrations = {
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
    R"sql(
-- the version of the run's shape for its engine and kind (store/run_shapes.h); 0: recorded
-- before shapes were versioned, upgraded when the file is opened for writing
ALTER TABLE runs ADD COLUMN shape_version INTEGER NOT NULL DEFAULT 0;
)sql",
};

inline constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

inline bool processAlive(std::int64_t pid)
{
    if (pid <= 0)
        return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

inline constexpr const char* kInterrupted = "interrupted: the process that wrote this run ended before it finished";

// A queued or running run whose writer is known to be gone: it was owned by a process of this host
// that no longer exists (a crash, kill -9). A run of another host cannot be judged from here.
inline bool writerGone(std::int64_t pid, const std::string& host)
{
    static const std::string me = hostName();
    if (pid == ::getpid())
        return false;
    return (host.empty() || host == me) && !processAlive(pid);
}

// `text` with every byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD.
inline std::string validUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        bool ok = len > 0 && i + len <= n && !(len == 2 && c < 0xC2);
        for (std::size_t k = 1; ok && k < len; ++k)
            ok = (p[i + k] & 0xC0) == 0x80;
        if (ok && len == 3) {
            const unsigned cp = ((c & 0x0Fu) << 12) | ((p[i + 1] & 0x3Fu) << 6);
            ok = cp >= 0x800 && !(cp >= 0xD800 && cp <= 0xDFFF);
        }
        if (ok && len == 4) {
            const unsigned cp = ((c & 0x07u) << 18) | ((p[i + 1] & 0x3Fu) << 12);
            ok = cp >= 0x10000 && cp <= 0x10FFFF;
        }
        if (!ok) {
            out += "\xEF\xBF\xBD";
            ++i;
            continue;
        }
        out.append(text.substr(i, len));
        i += len;
    }
    return out;
}

// RAII for one prepared statement; binds by 1-based index.
class Stmt {
public:
    Stmt(sqlite3* db, std::string_view sql, const fs::path& file)
        : m_db(db)
        , m_file(file)
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
        while (step()) { }
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
    // Text as valid UTF-8 whatever the file holds (a session is a file a user may be sent, and
    // text goes on into JSON, which refuses anything else).
    std::string text(int col) const
    {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
        return p ? validUtf8(std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))))
                 : std::string();
    }
    // Whether the text in `col` is well-formed UTF-8 as stored (text() repairs it either way).
    bool isUtf8(int col) const
    {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
        if (!p)
            return true;
        const std::string_view raw(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col)));
        return validUtf8(raw) == raw;
    }
    // A number; NaN for NULL, text or a blob (a value another program stored in a REAL column).
    double number(int col) const
    {
        const int type = sqlite3_column_type(m_stmt, col);
        return type == SQLITE_INTEGER || type == SQLITE_FLOAT ? sqlite3_column_double(m_stmt, col)
                                                              : std::numeric_limits<double>::quiet_NaN();
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

inline std::string tagsToJson(const std::vector<std::string>& tags)
{
    return Json(tags).dump();
}

// JSON stored in a session is parsed with the limits of every JSON input (a session is a file a
// user may be sent): nesting past kStoredJsonDepth was a stack overflow in the report's writers
// and gigabytes in an indented dump.
constexpr int kStoredJsonDepth = 200;

inline bool storedJsonShapeOk(const std::string& text)
{
    try {
        checkJsonShape(text, "session", kStoredJsonDepth);
        return true;
    } catch (const Error&) {
        return false;
    }
}

// The tags of a run; nullopt when the text is not a JSON list of names.
inline std::optional<std::vector<std::string>> tagsFromJson(const std::string& text)
{
    if (!storedJsonShapeOk(text))
        return std::nullopt;
    try {
        auto j = Json::parse(text);
        if (j.is_array())
            return j.get<std::vector<std::string>>();
    } catch (const nlohmann::json::exception&) { }
    return std::nullopt;
}

// The stored JSON text; a text that is not JSON (or too deep) is kept as the string it is, never
// lost, and *isJson (when given) says which it was.
inline Json jsonOrNull(const std::string& text, bool* isJson = nullptr)
{
    if (isJson)
        *isJson = true;
    if (text.empty())
        return nullptr;
    if (storedJsonShapeOk(text)) {
        try {
            return Json::parse(text);
        } catch (const nlohmann::json::exception&) { }
    }
    if (isJson)
        *isJson = false;
    return Json(text);
}

// How a handle is opened (session_guard.cpp). Read handles leave no -wal or -shm file behind.
enum class Access {
    Read,
    Write
};
// SQLite's settings for untrusted files: defensive, no trusted schema, no triggers, no views.
void harden(sqlite3* db);
bool exists(const fs::path& p); // without throwing for a path that cannot be examined
// A "file:" URI for `path` with the query `query` ("mode=ro"), for SQLite's URI filenames.
std::string fileUri(const fs::path& path, std::string_view query);
// Whether this process may write `path` and the folder it is in (where -wal and -shm go).
bool writableByMe(const fs::path& path);
// An open, hardened handle; Error::invalidInput naming the file when it cannot be opened (for
// Access::Write also when the file may not be written).
sqlite3* openHandle(const fs::path& path, Access access);
// The objects of the file's schema that a Vantage session of `version` does not have (triggers,
// views, other tables or indexes, tables defined otherwise), for a message; empty when none.
std::string foreignObjects(sqlite3* db, const fs::path& path, int version);

} // namespace detail

using detail::Access;
using detail::jsonOrNull;
using detail::kInterrupted;
using detail::kMigrations;
using detail::kNow;
using detail::processAlive;
using detail::Stmt;
using detail::tagsFromJson;
using detail::tagsToJson;
using detail::writerGone;

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
    template <typename F> auto transaction(F&& f)
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
        if (version >= 4)
            need.push_back("shape_version");
        for (const char* c : need)
            if (std::find(columns.begin(), columns.end(), c) == columns.end())
                throw Error::invalidInput(
                    std::string("the session file is damaged: the column 'runs.") + c + "' is missing")
                    .inFile(path.string());
        const std::string foreign = detail::foreignObjects(db, path, version);
        if (!foreign.empty())
            throw Error::invalidInput("the session file holds " + foreign
                + ". Vantage sessions have no such objects: another program made or changed this file, and "
                  "Vantage does not open it. 'vantage-cli session clean' writes a copy without them.")
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

    // Takes every run of an older shape to its kind's current one (store/run_shapes.h), in one
    // transaction; a run an upgrader cannot read keeps its shape (session_shapes.cpp).
    void upgradeRunShapes();

    // Removes for good the runs trashed by processes that have ended (their undo is gone).
    void purgeTrash()
    {
        std::vector<std::int64_t> dead;
        {
            Stmt s(db, "SELECT id, trashed FROM runs WHERE typeof(trashed) = 'integer' AND trashed <> 0", path);
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

} // namespace vantage::store
