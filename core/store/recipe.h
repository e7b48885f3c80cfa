#pragma once
// The shape of an engine's recipe: the one function that does a kind of run and records it, called
// by the page and by vantage-cli alike (as QGIS's dialog and `qgis_process` call the same
// algorithm), and its reader. A recipe type names
//   Request  every input of the run (what the run's parameters hold)
//   Result   what the caller shows; its `runId` is the recorded run (0 without a session)
//   Stored   a recorded run read back, whichever front end or version wrote it
//   run(session, request, progress, cancel) -> Result: runs and records into `session` (null:
//            nothing is recorded); throws vantage::Error, and the run is then recorded failed, or
//            cancelled for vantage::Cancelled
//   read(session, runId) -> Stored
// and the engine and kind of the runs it records. Progress and cancel always come in this order.

#include "store/session.h"

#include <concepts>
#include <cstdint>
#include <utility>

namespace vantage {
class Progress;
class CancelToken;
} // namespace vantage

namespace vantage::store {

// (clang-format 14 breaks requires-expressions apart.)
// clang-format off
template <typename R>
concept Recipe = requires(Session* session, const Session& stored, const typename R::Request& request,
    Progress& progress, const CancelToken& cancel, std::int64_t runId) {
    { R::engine } -> std::convertible_to<Engine>;
    { R::kind } -> std::convertible_to<RunKind>;
    { R::run(session, request, progress, cancel) } -> std::same_as<typename R::Result>;
    { R::read(stored, runId) } -> std::same_as<typename R::Stored>;
    { std::declval<typename R::Result&>().runId } -> std::convertible_to<std::int64_t>;
};
// clang-format on

// The run `runId` when it is an `engine` `kind` run: the reader of recipes whose callers need no more
// than the row (a generated graph, a re-ranking sweep). Error::invalidInput for another run.
RunInfo readRun(const Session& session, std::int64_t runId, Engine engine, RunKind kind);

// The declarations every recipe makes: its types, engine and kind. The recipe adds its static run()
// and read().
template <Engine E, RunKind K, typename Req, typename Res, typename St> struct RecipeTypes {
    using Request = Req;
    using Result = Res;
    using Stored = St;
    static constexpr Engine engine = E;
    static constexpr RunKind kind = K;
};

// The base of a recipe whose callers need no more than the row: it reads the row back. The recipe
// adds its static run().
template <Engine E, RunKind K, typename Req, typename Res> struct RowRecipe : RecipeTypes<E, K, Req, Res, RunInfo> {
    static RunInfo read(const Session& session, std::int64_t runId) { return readRun(session, runId, E, K); }
};

} // namespace vantage::store
