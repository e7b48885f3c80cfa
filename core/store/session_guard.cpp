// A session is a document people send each other, so a file is treated as untrusted: every handle
// is opened with SQLite's defensive settings, and the schema must be Vantage's own before any
// statement of ours runs on it (a trigger, a view or an index of another program's could act, or
// fail, inside our writes). Readers open the file so that they leave nothing behind.

#include "store/session_p.h"

#include "common/assert.h"

#include <cctype>
#include <cstdio>
#include <map>

namespace vantage::store {

namespace detail {

bool exists(const fs::path& p)
{
    std::error_code ec;
    return fs::exists(p, ec);
}

// "file:" URI of a path, with the characters that URIs reserve percent-encoded.
std::string fileUri(const fs::path& path, std::string_view query)
{
    const std::string abs = fs::absolute(path).string();
    std::string uri = "file:";
    for (unsigned char c : abs) {
        if (std::isalnum(c) || std::strchr("/-_.~", c)) {
            uri += static_cast<char>(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            uri += buf;
        }
    }
    if (!query.empty())
        uri += "?" + std::string(query);
    return uri;
}

namespace {

std::string normalisedSql(const std::string& sql)
{
    std::string out;
    bool space = false;
    for (unsigned char c : sql) {
        if (std::isspace(c)) {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += static_cast<char>(c);
    }
    return out;
}

using SchemaObjects = std::map<std::pair<std::string, std::string>, std::string>; // (type, name) -> sql

SchemaObjects readSchema(sqlite3* db, const fs::path& path)
{
    SchemaObjects out;
    Stmt s(db, "SELECT type, name, sql FROM sqlite_schema", path);
    while (s.step())
        out[{ s.text(0), s.text(1) }] = normalisedSql(s.text(2));
    return out;
}

// The schema a file of `version` has when Vantage wrote it: the migrations replayed in memory.
const SchemaObjects& expectedSchema(int version)
{
    static std::mutex mutex;
    static std::map<int, SchemaObjects> cache;
    std::lock_guard lock(mutex);
    auto it = cache.find(version);
    if (it != cache.end())
        return it->second;
    sqlite3* db = nullptr;
    sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr);
    const fs::path none = ":memory:";
    for (int v = 1; v <= version; ++v) {
        const std::string sql(kMigrations[static_cast<std::size_t>(v - 1)]);
        [[maybe_unused]] const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
        VANTAGE_ASSERT(rc == SQLITE_OK, "a migration of the session schema does not run");
    }
    SchemaObjects objects = readSchema(db, none);
    sqlite3_close(db);
    return cache.emplace(version, std::move(objects)).first->second;
}

std::string describe(const std::string& type, const std::string& name)
{
    return "a " + type + " '" + name.substr(0, 80) + "'";
}

} // namespace

void harden(sqlite3* db)
{
    // A session is data: its schema may not run code (triggers, views, functions with side effects)
    // nor be edited by writes to sqlite_schema, and a damaged page is reported, not trusted.
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, nullptr);
    sqlite3_exec(db, "PRAGMA cell_size_check = ON; PRAGMA mmap_size = 0", nullptr, nullptr, nullptr);
}

bool writableByMe(const fs::path& path)
{
    const fs::path dir = fs::absolute(path).parent_path();
    return ::access(path.c_str(), W_OK) == 0 && ::access(dir.c_str(), W_OK) == 0;
}

sqlite3* openHandle(const fs::path& path, Access access)
{
    // A read-only SQLite handle on a WAL file creates -wal and -shm files and cannot remove them:
    // a reader without write permission leaves files of its own that lock the owner out. So a
    // reader that may write the file and its folder opens read-write and refuses writes itself
    // (query_only; the last handle to close removes the files); one that may not, and finds no
    // -wal to merge, opens the file as immutable (no locks, no files; it does not see a writer
    // that starts after it); else SQLite's read-only mode reads the writer's -wal through its -shm.
    std::string uri;
    int flags = SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX;
    bool queryOnly = false;
    if (access == Access::Write) {
        uri = fileUri(path, "");
        flags |= SQLITE_OPEN_READWRITE;
    } else if (writableByMe(path)) {
        uri = fileUri(path, "");
        flags |= SQLITE_OPEN_READWRITE;
        queryOnly = true;
    } else if (!exists(path.string() + "-wal")) {
        uri = fileUri(path, "mode=ro&immutable=1");
        flags |= SQLITE_OPEN_READONLY;
    } else {
        uri = fileUri(path, "mode=ro");
        flags |= SQLITE_OPEN_READONLY;
    }
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(uri.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close_v2(db);
        throw Error::invalidInput("cannot open session: " + why).inFile(path.string());
    }
    harden(db);
    if (queryOnly)
        sqlite3_exec(db, "PRAGMA query_only = ON", nullptr, nullptr, nullptr);
    if (access == Access::Write && sqlite3_db_readonly(db, "main") == 1) {
        sqlite3_close_v2(db);
        throw Error::invalidInput("you may not write this session file; open it read-only").inFile(path.string());
    }
    return db;
}

std::string foreignObjects(sqlite3* db, const fs::path& path, int version)
{
    const SchemaObjects& expected = expectedSchema(version);
    std::string problems;
    int count = 0;
    for (const auto& [key, sql] : readSchema(db, path)) {
        const auto& [type, name] = key;
        std::string what;
        if (type == "table" && name.rfind("sqlite_stat", 0) == 0)
            continue; // ANALYZE's statistics: data for the query planner, nothing that runs
        auto it = expected.find(key);
        if (type == "trigger")
            what = describe(type, name) + " (SQL that would run inside Vantage's own writes)";
        else if (type == "view")
            what = describe(type, name) + " (a query that would run when read)";
        else if (it == expected.end())
            what = describe(type, name) + " that Vantage does not make";
        else if (it->second != sql)
            what = describe(type, name) + " defined otherwise than Vantage defines it";
        else
            continue;
        if (++count <= 5)
            problems += (problems.empty() ? "" : "; ") + what;
    }
    if (count > 5)
        problems += "; and " + std::to_string(count - 5) + " more";
    return problems;
}

} // namespace detail

namespace {

// The statements that copy a session of `version` (attached as src) into a fresh one, as data.
std::string copyScript(int version)
{
    const std::string statuses = "('queued','running','done','failed','cancelled')";
    std::string runCols = "id, engine, kind, name, params, status, created_at, started_at, finished_at, summary, "
                          "result, error";
    std::string runVals = "id, CAST(COALESCE(engine, '') AS TEXT), CAST(COALESCE(kind, '') AS TEXT), "
                          "CAST(COALESCE(name, '') AS TEXT), COALESCE(params, '{}'), "
                          "CASE WHEN status IN "
        + statuses
        + " THEN status ELSE 'failed' END, CAST(COALESCE(created_at, '') AS TEXT), started_at, "
          "finished_at, CAST(COALESCE(summary, '') AS TEXT), result, "
          "CASE WHEN status IN "
        + statuses
        + " THEN CAST(COALESCE(error, '') AS TEXT) ELSE 'damaged run: its status ' || quote(status) || "
          "' is not a run status' END";
    if (version >= 2) {
        runCols += ", owner_pid, owner_host, tags";
        runVals += ", CASE WHEN typeof(owner_pid) = 'integer' THEN owner_pid ELSE 0 END, "
                   "CAST(COALESCE(owner_host, '') AS TEXT), CAST(COALESCE(tags, '[]') AS TEXT)";
    }
    if (version >= 3) {
        runCols += ", trashed";
        runVals += ", CASE WHEN typeof(trashed) = 'integer' THEN trashed ELSE 0 END";
    }
    if (version >= 4) {
        runCols += ", shape_version";
        runVals += ", CASE WHEN typeof(shape_version) = 'integer' THEN shape_version ELSE 0 END";
    }
    return "DELETE FROM main.meta;"
           "INSERT OR IGNORE INTO main.meta(key, value) SELECT CAST(key AS TEXT), CAST(value AS TEXT) FROM src.meta "
           "WHERE key IS NOT NULL AND value IS NOT NULL;"
           "INSERT INTO main.runs("
        + runCols + ") SELECT " + runVals
        + " FROM src.runs;"
          "INSERT OR IGNORE INTO main.series(id, run_id, name) SELECT id, run_id, CAST(name AS TEXT) FROM src.series "
          "WHERE run_id IN (SELECT id FROM main.runs) AND name IS NOT NULL;"
          "INSERT INTO main.series_points(series_id, step, value) SELECT series_id, step, value FROM "
          "src.series_points WHERE series_id IN (SELECT id FROM main.series) AND step IS NOT NULL AND value IS NOT "
          "NULL;"
          "INSERT INTO main.artifacts(id, run_id, name, mime_type, data, created_at) SELECT id, run_id, "
          "CAST(COALESCE(name, '') AS TEXT), CAST(COALESCE(mime_type, '') AS TEXT), COALESCE(data, x''), "
          "CAST(COALESCE(created_at, '') AS TEXT) FROM src.artifacts WHERE run_id IN (SELECT id FROM main.runs);";
}

} // namespace

std::string Session::cleanCopy(const fs::path& source, const fs::path& target)
{
    if (!detail::exists(source))
        throw Error::invalidInput("no such session file").inFile(source.string());
    requireRegularFile(source, "a session (SQLite)");
    if (detail::exists(target))
        throw Error::invalidInput("a file of that name exists already").inFile(target.string());
    // What the source is, judged through a hardened read handle (nothing of its schema runs).
    int version = 0;
    std::string left;
    {
        Impl probe;
        probe.path = source;
        probe.readOnly = true;
        probe.db = detail::openHandle(source, Access::Read);
        try {
            if (probe.pragmaInt("application_id") != kApplicationId)
                throw Error::invalidInput("not a Vantage session (an SQLite database of another application)");
            version = static_cast<int>(probe.pragmaInt("user_version"));
            if (version < 1 || version > kSchemaVersion)
                throw Error::invalidInput("a session of schema " + std::to_string(version) + "; this build copies "
                    + "schemas 1 to " + std::to_string(kSchemaVersion));
            left = detail::foreignObjects(probe.db, source, version);
        } catch (Error& e) {
            throw std::move(e.inFile(source.string()));
        }
    }
    create(target);
    try {
        Impl copy;
        copy.path = target;
        copy.db = detail::openHandle(target, Access::Write);
        copy.exec("PRAGMA foreign_keys = ON");
        Stmt attach(copy.db, "ATTACH ? AS src", target);
        // Immutable unless a writer's -wal holds part of the data: no -wal or -shm is made beside it.
        const bool wal = detail::exists(source.string() + "-wal");
        attach.bind(1, detail::fileUri(source, wal ? "mode=ro" : "mode=ro&immutable=1"));
        attach.run();
        copy.transaction([&] { copy.exec(copyScript(version)); });
        copy.exec("DETACH src");
        copy.upgradeRunShapes();
    } catch (...) {
        std::error_code ec;
        for (const char* suffix : { "", "-wal", "-shm" })
            fs::remove(target.string() + suffix, ec);
        throw;
    }
    return left;
}

} // namespace vantage::store
