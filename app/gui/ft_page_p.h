#pragma once
// Private to the FT page's files: what the page holds besides its widgets, and the strategy it
// picks first.

#include "ft_page.h"

#include "common/json.h"
#include "common/python_ranks.h"
#include "ft/cluster.h"
#include "ft/op_graph.h"
#include "ft/search.h"
#include "widgets/pareto_chart.h"

#include <QHash>
#include <QString>

#include <cstdint>
#include <optional>

namespace vantage::gui {

inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// Where the op graph comes from: a zoo model by name, or a user's JSON (kept whole, so that a
// stored run can be redrawn after the file has moved).
struct FtModelSpec {
    QString zooName;
    Json graphJson;
    QString fileName;
    std::int64_t graphBatch = 0; // the batch an op graph file sets
};

struct FtPage::State {
    // The op graph files in the model box, by their item's data ("file:PATH"): each item searches
    // its own graph (one kept for all searched the last file loaded, whichever item was picked).
    QHash<QString, FtModelSpec> files;
    // The cluster profiles in the cluster box that are not built in, by their item's data: a loaded
    // file ("file:PATH") or a calibration ("calibrated:RUN").
    QHash<QString, ft::ClusterProfile> customClusters;
    std::optional<ft::SearchResult> result;
    std::optional<ft::OpGraph> graph;
    ft::ClusterProfile cluster;
    QVector<widgets::ParetoMarker> baselines; // of the shown search
    QVector<widgets::ParetoMarker> measured; // strategies run (the Run tab), shown beside their prediction
    QVector<widgets::ParetoMarker> planKinds; // frontier points that use ZeRO or recomputation, by kind
};

// How the page starts Python children (the strategy runner, the runner-overhead calibration):
// EDL's process runtime where the GUI has it, else none (the recipes then refuse).
RunPythonRanks pythonRanks();

// A point of a search: frontier index and index into its points (by time ascending); -1 for none.
struct FtPoint {
    int frontier = -1;
    int index = -1;
    bool valid() const { return frontier >= 0 && index >= 0; }
};

// The strategy the page picks first: the fastest per iteration whose memory per device fits in the
// device's memory, over every device count searched (at equal time, the fewer devices); none when
// nothing fits.
FtPoint fastestThatFits(const ft::SearchResult& result);
// The strategy with the least memory per device over every device count (at equal memory, the
// faster): what comes nearest to fitting when nothing does.
FtPoint leastMemory(const ft::SearchResult& result);

// Bytes as the chart's memory axis counts them (1024-based, IEC names), in the UI's locale.
QString ftBytesText(double bytes);
// How to get an op graph (JSON) from a PyTorch model: the exporter's command line.
QString ftExportHint();
// Seconds as ms below a second, else as s, in the UI's locale.
QString ftSecondsText(double seconds);

} // namespace vantage::gui
