#pragma once
// Private to the PPAC page's files: what the page holds besides its widgets, and the slider scales.

#include "ppac_page.h"

#include "common/progress.h"
#include "ppac/ppac.h"
#include "ppac/training_run.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vantage::gui {

inline constexpr double kGammaScale = 1000.0; // slider steps per unit
inline constexpr double kBetaScale = 1000.0;

struct PpacPage::State {
    std::shared_ptr<const ppac::PreparedDataset> data;
    std::optional<ppac::DatasetOverview> overview;
    std::shared_ptr<const ppac::Recommender> recommender;
    std::optional<ppac::RerankResult> baseline; // gamma = beta = 0
    std::optional<ppac::RerankResult> last;
    std::optional<ppac::UserInspection> inspection;
    std::vector<ppac::TradeoffPoint> tradeoff;
    ppac::DataRequest dataRequest; // how the loaded data was made
    // What the loaded data and the restored model were made from (dataStamp, a hash of the stored
    // model): showing a run made from the same ones again reuses them instead of loading again.
    std::string dataStamp;
    std::size_t modelStamp = 0;
    Json trainResult; // of the last training
    int epochs = 0;
    bool rerankPending = false;
    CancelToken stop; // "Stop training": ends after the current epoch, keeping the best weights
    qint64 rerankTrainRun = 0;
};

} // namespace vantage::gui
