// Runs of older shapes taken to the current ones when a session is opened for writing
// (store/run_shapes.h): the rows an upgrader changed are written back, with the run's new version.

#include "store/run_shapes.h"
#include "store/session_p.h"

namespace vantage::store {

namespace {

struct OldRun {
    std::int64_t id = 0;
    Engine engine = Engine::Unknown;
    RunKind kind = RunKind::Unknown;
    int version = 0;
};

int latestShapeVersion()
{
    int latest = 0;
    for (auto engine : { Engine::Ft, Engine::Edl, Engine::Dgi, Engine::Ppac })
        for (int k = 0; k < static_cast<int>(RunKind::Unknown); ++k)
            latest = std::max(latest, currentShapeVersion(engine, static_cast<RunKind>(k)));
    return latest;
}

// The run's stored shape; nullopt when its parameters or result are not JSON (a damaged run, read
// as such; nothing to upgrade in it).
std::optional<RunShape> readShape(sqlite3* db, const fs::path& path, std::int64_t id)
{
    RunShape shape;
    {
        Stmt s(db, "SELECT params, result FROM runs WHERE id = ?", path);
        s.bind(1, id);
        if (!s.step())
            return std::nullopt;
        bool paramsJson = true;
        bool resultJson = true;
        shape.params = jsonOrNull(s.text(0), &paramsJson);
        shape.result = jsonOrNull(s.text(1), &resultJson);
        if (!paramsJson || !resultJson)
            return std::nullopt;
    }
    Stmt series(db, "SELECT name FROM series WHERE run_id = ? ORDER BY id", path);
    series.bind(1, id);
    while (series.step())
        shape.series.push_back({ series.text(0), 0.0 });
    Stmt artifacts(db, "SELECT name, mime_type FROM artifacts WHERE run_id = ? ORDER BY id", path);
    artifacts.bind(1, id);
    while (artifacts.step())
        shape.artifacts.push_back({ artifacts.text(0), artifacts.text(1) });
    return shape;
}

// Writes back what the upgrade changed (`before` as read, `after` upgraded) and the new version.
void writeShape(sqlite3* db, const fs::path& path, const OldRun& run, const RunShape& before, const RunShape& after)
{
    if (after.params != before.params) {
        Stmt s(db, "UPDATE runs SET params = ? WHERE id = ?", path);
        s.bind(1, after.params.dump()).bind(2, run.id);
        s.run();
    }
    if (after.result != before.result) {
        Stmt s(db, "UPDATE runs SET result = ? WHERE id = ?", path);
        if (after.result.is_null())
            s.bindNull(1);
        else
            s.bind(1, after.result.dump());
        s.bind(2, run.id);
        s.run();
    }
    for (std::size_t i = 0; i < after.series.size(); ++i) {
        const StoredSeries& s = after.series[i];
        if (s.name == before.series[i].name && s.stepShift == 0.0)
            continue;
        Stmt find(db, "SELECT id FROM series WHERE run_id = ? AND name = ?", path);
        find.bind(1, run.id).bind(2, std::string_view(before.series[i].name));
        if (!find.step())
            continue;
        const std::int64_t seriesId = find.int64(0);
        Stmt rename(db, "UPDATE series SET name = ? WHERE id = ?", path);
        rename.bind(1, std::string_view(s.name)).bind(2, seriesId);
        rename.run();
        if (s.stepShift != 0.0) {
            Stmt shift(db, "UPDATE series_points SET step = step + ? WHERE series_id = ?", path);
            shift.bind(1, s.stepShift).bind(2, seriesId);
            shift.run();
        }
    }
    std::vector<std::int64_t> artifactIds;
    {
        Stmt ids(db, "SELECT id FROM artifacts WHERE run_id = ? ORDER BY id", path);
        ids.bind(1, run.id);
        while (ids.step())
            artifactIds.push_back(ids.int64(0));
    }
    for (std::size_t i = 0; i < after.artifacts.size() && i < artifactIds.size(); ++i) {
        const StoredArtifact& a = after.artifacts[i];
        if (a.name == before.artifacts[i].name && a.mimeType == before.artifacts[i].mimeType)
            continue;
        Stmt s(db, "UPDATE artifacts SET name = ?, mime_type = ? WHERE id = ?", path);
        s.bind(1, std::string_view(a.name)).bind(2, std::string_view(a.mimeType)).bind(3, artifactIds[i]);
        s.run();
    }
    Stmt version(db, "UPDATE runs SET shape_version = ? WHERE id = ?", path);
    version.bind(1, currentShapeVersion(run.engine, run.kind)).bind(2, run.id);
    version.run();
}

} // namespace

void Session::Impl::upgradeRunShapes()
{
    if (readOnly)
        return;
    std::vector<OldRun> old;
    {
        Stmt s(db, "SELECT id, engine, kind, shape_version FROM runs WHERE shape_version < ?", path);
        s.bind(1, latestShapeVersion());
        while (s.step()) {
            const OldRun r{ s.int64(0), enumFromName<Engine>(s.text(1)), enumFromName<RunKind>(s.text(2)),
                static_cast<int>(std::max<std::int64_t>(s.int64(3), 0)) };
            if (r.engine != Engine::Unknown && r.kind != RunKind::Unknown
                && r.version < currentShapeVersion(r.engine, r.kind))
                old.push_back(r);
        }
    }
    if (old.empty())
        return;
    transaction([&] {
        for (const OldRun& run : old) {
            // One savepoint per run: a run that cannot be upgraded (a shape damaged by hand, a series
            // name taken twice) keeps its shape, and the others are upgraded.
            exec("SAVEPOINT run_shape");
            try {
                if (auto before = readShape(db, path, run.id)) {
                    RunShape after = *before;
                    upgradeRunShape(run.engine, run.kind, run.version, after);
                    writeShape(db, path, run, *before, after);
                }
                exec("RELEASE run_shape");
            } catch (const Error&) {
                exec("ROLLBACK TO run_shape");
                exec("RELEASE run_shape");
            } catch (const nlohmann::json::exception&) {
                exec("ROLLBACK TO run_shape");
                exec("RELEASE run_shape");
            }
        }
    });
}

} // namespace vantage::store
