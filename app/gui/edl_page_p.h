#pragma once
// Private to the elastic page's files: what the page holds of the job it follows.

#include "edl_page.h"
#include "task_group.h"

#include "edl/client.h"
#include "edl/job_run.h"
#include "edl/timeline.h"
#include "widgets/line_chart.h"

#include <QPointF>
#include <QVector>

#include <deque>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace vantage::gui {

// What the event stream says of itself: the job as it found it, that it lost the job, and the job's
// report once its leader wrote it (null when none came).
struct EdlPage::StreamSnapshot {
    edl::JobStatus status;
};
struct EdlPage::StreamLost {
    QString message;
};
struct EdlPage::StreamReport {
    Json report;
};
// One delivery of the event stream: an event of the job, or what the stream itself says.
struct EdlPage::Incoming {
    std::variant<edl::JobEvent, StreamSnapshot, StreamLost, StreamReport> item;
};

struct EdlPage::State {
    std::optional<edl::JobAddress> address;
    // Thread-safe, one short connection per call: the page's requests use it from its tasks.
    std::shared_ptr<const edl::JobClient> client;
    TaskGroup::Task streamer; // the event stream, for as long as the page is attached
    edl::JobStatus status;
    // Every event of the attached job: what the run is recorded from when the job's report cannot
    // be read (a leader on another machine).
    edl::JobTimeline timeline;
    // Stores the curves into the job's run as they come (none without a session or a run).
    std::unique_ptr<edl::JobRecorder> recorder;
    // Points for the charts, drawn a few times a second rather than once per step.
    struct Pending {
        widgets::LineChart* chart;
        QString name;
        bool right;
        QVector<QPointF> points;
    };
    std::vector<Pending> pending;
    void queue(widgets::LineChart* chart, const QString& name, double x, double y, bool right = false)
    {
        for (auto& p : pending)
            if (p.chart == chart && p.name == name) {
                p.points.push_back(QPointF(x, y));
                return;
            }
        pending.push_back({ chart, name, right, { QPointF(x, y) } });
    }
    std::deque<Incoming> inbox; // delivered, not yet taken in (drainInbox)
    bool drainScheduled = false;
    int streamId = 0; // deliveries of an earlier stream (another job, detached) are dropped
    bool pollInFlight = false; // a worker-status request is on its way
    std::vector<edl::ScaleEvent> scaleEvents;
    bool ended = false; // the job's final state was seen (or the stream was lost)
    bool recorded = false; // its run was finished

    void stopStreaming()
    {
        streamer.cancel();
        streamer.wait();
    }
};

} // namespace vantage::gui
