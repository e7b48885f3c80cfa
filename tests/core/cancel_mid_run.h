#pragma once
// Cancels a long core call mid-run, as a user's Cancel button does: the token is set from the call's
// own progress, at its `atReport`-th report, so the call is known to be running (not refused at its
// first check) when it is cancelled. Every engine's cancellation test goes through here:
//
//   const auto r = cancelMidRun([&](Progress& p, const CancelToken& c) { computeSimilarUsers(train, o, p, c); });
//   VERIFY_CANCELLED_MID_RUN(r);
//
// A token cancelled before the call only shows that the call looks at it once; this shows that it
// keeps looking while it works, and that it ends with vantage::Cancelled (nothing else) when it does.

#include "common/error.h"
#include "common/progress.h"

#include <QString>
#include <QTest>

#include <exception>
#include <string>
#include <string_view>

namespace vantage::testing {

struct MidRunCancel {
    int atReport = 0; // the report the token was cancelled at
    int reports = 0; // reports the call made in all
    bool cancelled = false; // it ended with vantage::Cancelled
    bool returned = false; // it returned normally (it saw the cancel too late, or never)
    bool monotone = true; // progress never went back
    double last = -1.0; // the last fraction reported
    std::string phase; // the phase of the report the token was cancelled at
    QString error; // what else it threw

    // What went wrong, for a test's message; empty when it was cancelled mid-run.
    QString problem() const
    {
        if (!error.isEmpty())
            return QStringLiteral("threw another error: ") + error;
        if (reports < atReport)
            return QStringLiteral("made %1 progress report(s), fewer than the %2 to cancel at: make the work longer")
                .arg(reports)
                .arg(atReport);
        if (returned)
            return QStringLiteral("returned after being cancelled at report %1 (phase '%2')")
                .arg(atReport)
                .arg(QString::fromStdString(phase));
        if (!monotone)
            return QStringLiteral("its progress went back");
        return {};
    }
};

template <typename Call> MidRunCancel cancelMidRun(Call&& call, int atReport = 2)
{
    CancelToken token;
    MidRunCancel r;
    r.atReport = atReport;
    CallbackProgress progress([&](double fraction, std::string_view phase) {
        r.monotone = r.monotone && fraction >= r.last - 1e-12;
        r.last = fraction;
        if (++r.reports == atReport) {
            r.phase = std::string(phase);
            token.cancel();
        }
    });
    try {
        call(static_cast<Progress&>(progress), static_cast<const CancelToken&>(token));
        r.returned = true;
    } catch (const Cancelled&) {
        r.cancelled = true;
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

} // namespace vantage::testing

#define VERIFY_CANCELLED_MID_RUN(result)                                                                               \
    do {                                                                                                               \
        const auto& r_ = (result);                                                                                     \
        QVERIFY2(r_.problem().isEmpty(), qPrintable(r_.problem()));                                                    \
        QVERIFY(r_.cancelled);                                                                                         \
    } while (false)
