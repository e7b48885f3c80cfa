#pragma once
// The shapes of stored runs, versioned. A run's shape is what its engine's recipe records for its
// kind: the keys of its params and result, its series' names and its artifacts' names (the
// comments at the top of core/*/*_run.h). Each run stores its shape's version beside it (the
// column runs.shape_version, schema 4); when a recipe changes what it records, its kind's current
// version goes up and one upgrader takes runs of the old version to the new one.
//
// The upgraders run once, when a session is opened for writing (after its schema's migrations,
// whose backup copy keeps the file as it was) and when a session is copied clean: readers and
// pages see only the current shapes. A run an upgrader cannot read (damaged by hand) keeps its
// version and is refused by requireCurrentShape(), as is a run of a version newer than this build
// knows (written by a later Vantage into a file of the same schema).
//
// Version 0 is "recorded before shapes were versioned" (every run of a file of schema 1 to 3): its
// upgraders recognise the shapes that the page and vantage-cli wrote before there was one recipe
// per engine (reconstructed from the history of the recording code; fixtures in
// tests/data/run_shapes), and leave a run of the recipe's shape as it is. Version 1 is the
// recipe's first shape of every kind; a kind's current version is one past its last upgrader's
// (PPAC train: 2, its training options' "model" renamed "architecture").
//
// An upgrader from version 1 on changes a run's parameters and result only (series and artifacts
// keep their names from version 1 on): a session opened read-only, which is never written, reads
// such runs through the upgraders in memory (Session::run and runs()). upgradeRunShape asserts it
// (VANTAGE_ASSERT) and tst_run_shapes runs every such upgrader on a fixture of the shape it reads.

#include "store/session.h"

#include <string>
#include <vector>

namespace vantage::store {

// The current shape version of runs of `engine` and `kind` (one past the version its last upgrader
// reads, else 1; 0 for an engine or kind this build does not know, whose runs it lists but does
// not interpret).
int currentShapeVersion(Engine engine, RunKind kind);

// What of a run an upgrader may change. A series may be renamed and its steps shifted (both apply
// to the entry in place); an artifact may be renamed or given another MIME type. The store writes
// back what changed.
struct StoredSeries {
    std::string name;
    double stepShift = 0.0; // added to every step
};
struct StoredArtifact {
    std::string name;
    std::string mimeType;
};
struct RunShape {
    Json params;
    Json result;
    std::vector<StoredSeries> series;
    std::vector<StoredArtifact> artifacts;
};

// One upgrader: it takes runs of `engine` and `kind` from version `from` to `from + 1`.
struct ShapeUpgrade {
    Engine engine;
    RunKind kind;
    int from;
};

// Every upgrader this build has, in the order a session replays them (tests hold each one from
// version 1 on to the rule above with a fixture of the shape it reads).
std::vector<ShapeUpgrade> shapeUpgrades();

// Takes `shape`, of version `version` of `engine` and `kind`, to the current version, one
// upgrader after another. Error::invalidInput: a version newer than this build knows (naming it),
// or an old shape an upgrader cannot read (naming the field).
void upgradeRunShape(Engine engine, RunKind kind, int version, RunShape& shape);

// Error::invalidInput naming the run and its version unless `run` is of its kind's current shape:
// a reader calls it before it interprets a run.
void requireCurrentShape(const RunInfo& run);

} // namespace vantage::store
