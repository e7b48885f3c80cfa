#include "store/session_p.h"

namespace vantage::store {

Session::Session(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl))
{ }
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
    requireRegularFile(path, "a session (SQLite)");
    requireSqliteHeader(path);

    // Judge the file through a read-only handle first, so that a file we refuse is never touched.
    auto probe = std::make_unique<Impl>();
    probe->path = path;
    probe->readOnly = true;
    probe->db = detail::openHandle(path, Access::Read);
    sqlite3_busy_timeout(probe->db, 5000);
    std::int64_t appId = 0;
    try {
        appId = probe->pragmaInt("application_id");
        probe->version = static_cast<int>(probe->pragmaInt("user_version"));
        Stmt check(probe->db, "PRAGMA quick_check", path);
        std::string problems;
        while (check.step()) {
            const auto line = check.text(0);
            // A row that breaks a CHECK or NOT NULL constraint is a damaged run, read as such
            // (RunInfo::damage); only damage to the file's structure refuses the whole file.
            if (line != "ok" && !line.starts_with("CHECK constraint failed") && !line.starts_with("NULL value in"))
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
            + ", this build reads up to " + std::to_string(kSchemaVersion) + "); open it with that version")
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
    if (!detail::writableByMe(path))
        throw Error::invalidInput("you may not write this session file (or its folder); open it read-only")
            .inFile(path.string());
    impl->db = detail::openHandle(path, Access::Write);
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
    impl->upgradeRunShapes();
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
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE | SQLITE_OPEN_FULLMUTEX, nullptr)
        != SQLITE_OK) {
        const std::string why = impl->db ? sqlite3_errmsg(impl->db) : "out of memory";
        throw Error::failure("cannot create session: " + why).inFile(path.string());
    }
    detail::harden(impl->db);
    try {
        impl->configure();
        impl->migrate();
        Session s(std::move(impl));
        s.m_impl->transaction([&] {
            Stmt m(s.m_impl->db, std::string("INSERT INTO meta(key, value) VALUES (?, ?)"), s.m_impl->path);
            const std::string name = title.empty() ? path.stem().string() : std::string(title);
            for (auto [k, v] : { std::pair<std::string, std::string>{ "title", name },
                     { "created_with", std::string("Vantage ") + VANTAGE_VERSION } }) {
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

const fs::path& Session::path() const
{
    return m_impl->path;
}
bool Session::isReadOnly() const
{
    return m_impl->readOnly;
}
int Session::schemaVersion() const
{
    return m_impl->version;
}
const std::vector<std::int64_t>& Session::recoveredRuns() const
{
    return m_impl->recovered;
}
const std::optional<fs::path>& Session::migrationBackup() const
{
    return m_impl->backup;
}

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
        Stmt s(m_impl->db,
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            m_impl->path);
        s.bind(1, key).bind(2, value);
        s.run();
    });
}

std::string Session::title() const
{
    return meta("title").value_or(m_impl->path.stem().string());
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
