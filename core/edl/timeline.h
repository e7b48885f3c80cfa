#pragma once
// A job's events collected into what a live chart, an event list and a session record need: loss,
// throughput and worker count per step, step time per worker, the scale events with their pauses,
// failures and generation changes. The GUI page and `vantage-cli edl attach` both feed it from an
// EventStream (history first, then live events).

#include "edl/job.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vantage::edl {

struct TimelinePoint {
    std::int64_t step = 0;
    double timeS = 0.0; // since the job started (the leader's clock)
    double value = 0.0;
};

class JobTimeline {
public:
    // Events already seen (same seq) are ignored, so history and live events may overlap.
    void add(const JobEvent& e);

    const std::vector<TimelinePoint>& loss() const { return m_loss; }
    const std::vector<TimelinePoint>& throughput() const { return m_throughput; }
    const std::vector<TimelinePoint>& workers() const { return m_workers; }
    // Compute time of each worker at each step it took part in.
    const std::map<std::string, std::vector<TimelinePoint>>& workerStepTimes() const { return m_stepTimes; }
    const std::vector<ScaleEvent>& scaleEvents() const { return m_scale; }
    const std::vector<FailureEvent>& failures() const { return m_failures; }
    const std::vector<GenerationEvent>& generations() const { return m_generations; }
    // The last membership seen (the worker table).
    const std::vector<WorkerInfo>& currentWorkers() const { return m_current; }
    // The job's end, once a final JobStateEvent was seen.
    const std::optional<JobStateEvent>& end() const { return m_end; }

    double finalLoss() const;
    std::string summary() const { return jobSummary(finalLoss(), m_scale.size()); }
    // {"state", "message", "final_loss", "steps", "events": [...], "failures": [...]}
    Json result() const;

    // "final loss 0.41, 3 scale events": the one-line result of a job in a session.
    static std::string jobSummary(double finalLoss, std::size_t scaleEvents);

private:
    std::int64_t m_lastSeq = 0;
    std::vector<TimelinePoint> m_loss, m_throughput, m_workers;
    std::map<std::string, std::vector<TimelinePoint>> m_stepTimes;
    std::vector<ScaleEvent> m_scale;
    std::vector<FailureEvent> m_failures;
    std::vector<GenerationEvent> m_generations;
    std::vector<WorkerInfo> m_current;
    std::optional<JobStateEvent> m_end;
};

} // namespace vantage::edl
