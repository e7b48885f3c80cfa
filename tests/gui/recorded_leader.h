#pragma once
// A stand-in for an elastic job's leader, for the EDL page's suites and the GUI stall benchmark: it
// writes a job folder whose job.json points at its control socket (core's ControlSocket, the
// protocol's token check, as the real leader), and on a thread of its own answers what the page's
// EventStream asks: the snapshot with a recorded history (any length: the real leader's history
// cap does not bind it), then the events it is told to send, then the job's end. Given a real job,
// it also passes that job on: its events after the history, renumbered, and the page's requests
// (status, scale-out, scale-in, stop) answered by the real leader; its report copied when it ends.
// The page is attached to it as a user attaches to any job: Attach…, its folder in the dialog.

#include "edl/client.h"
#include "edl/job.h"

#include <QString>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

class QObject;

namespace vantage::gui::testing {

class RecordedLeader {
public:
    // Serves `history` (renumbered from 1 in its order) under `status`, from `jobDir` (created).
    // With `real`, the real job's history and live events follow, and requests go to it.
    RecordedLeader(std::filesystem::path jobDir, edl::JobStatus status, std::vector<edl::JobEvent> history,
        std::optional<edl::JobAddress> real = std::nullopt);
    ~RecordedLeader();
    RecordedLeader(const RecordedLeader&) = delete;
    RecordedLeader& operator=(const RecordedLeader&) = delete;

    const edl::JobAddress& address() const { return m_address; }
    QString jobDir() const { return QString::fromStdString(m_address.jobDir); }

    // Pushed to every subscriber after what was sent before (numbered on from there).
    void send(std::vector<edl::JobEvent> events);
    // The job's end: its final state pushed, then `report` (when not null) written to report.json.
    void end(edl::JobStateEvent state, const Json& report = nullptr);

private:
    struct Served;
    void serve();

    edl::JobAddress m_address;
    std::unique_ptr<Served> m_served; // the socket and what it answers; the serving thread's own
    std::mutex m_outboxLock;
    std::vector<edl::JobEvent> m_outbox;
    Json m_report;
    std::atomic<bool> m_stop = false;
    std::thread m_thread;
};

// Attaches the EDL page to the job in `jobDir` as a user does: Attach… clicked, the folder typed
// into the dialog and accepted. False when the button is greyed.
bool attachEdlJob(QObject* page, const QString& jobDir);

} // namespace vantage::gui::testing
