#pragma once
// For the EDL page's suites: a real local job of the built-in MLP far longer than any test, started
// from the page as a user does, once it has trained `steps` steps.

#include "edl_page.h"
#include "page_driver.h"

#include <QSignalSpy>
#include <QTest>

namespace vantage::gui::testing {

inline void trainLong(EdlPage* page, int workers, qint64 steps)
{
    enterEdlJob(page, QStringLiteral("mlp"), workers, 1, 2000000, 64);
    QCOMPARE(clickAndWait(page, &EdlPage::attached, QStringLiteral("edlStart"), 60000), true);
    QTRY_VERIFY_WITH_TIMEOUT(page->currentStep() >= steps, 60000);
}

} // namespace vantage::gui::testing
