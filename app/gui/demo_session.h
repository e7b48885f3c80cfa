#pragma once
// The demo session that `scripts/run.sh` opens: a real session file in the user's data folder,
// filled once with small runs of the engines this build has, so a first start shows something.

#include <QString>

namespace vantage::gui {

// Returns the path of the demo session, creating it when missing (then `created` is set: the
// caller fills it with a first run). Throws vantage::Error.
QString ensureDemoSession(bool* created = nullptr);

} // namespace vantage::gui
